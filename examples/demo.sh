#!/usr/bin/env bash
# examples/demo.sh — `make demo`: gclat on the sample data shipped in examples/.
set -eu
cd "$(dirname "$0")/.."
g=./gclat
# run directly (not by make demo): build first, quietly
[ -x "$g" ] || make -s -j"$(nproc 2>/dev/null || echo 2)" gclat say=@:
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then bold=$(printf '\033[1m'); off=$(printf '\033[0m'); else bold=; off=; fi
run() { printf '\n%s$ %s%s\n' "$bold" "$*" "$off"; "$@"; }
echo "gclat demo — sample logs in examples/ (see examples/README.md)"
run $g gc examples/gc-g1-jdk17.log
run $g gc examples/gc-zgc-jdk17.log.gz
run $g gc --over 100ms,200ms,300ms --by day examples/gc-cms-jdk8-synthetic.log
# the same log as a gate: the last minute of it, an alert, exit 4 when it holds
run $g watch --once --window 1m --gc examples/gc-g1-jdk17.log --alert 'pause.max > 5ms' || echo "(exit $?: the alert holds)"
for extra in examples/demo-*.sh; do [ -f "$extra" ] && . "$extra"; done
echo
echo "More: gclat help; README.md; docs/."
