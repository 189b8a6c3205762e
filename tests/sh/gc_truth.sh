#!/usr/bin/env bash
# gclat gc vs the JVM's GarbageCollectorMXBean counts (tests/sh/gc_truth.py).
# needs: python3
exec python3 "$(dirname "$0")/gc_truth.py"
