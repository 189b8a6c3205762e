#!/usr/bin/env bash
# Assemble README.md from docs/readme/*.md (except this folder's README.md).
set -eu
cd "$(dirname "$0")"
{
  first=1
  for f in $(ls *.md | grep -v '^README.md$' | sort); do
    [ $first -eq 1 ] || echo
    cat "$f"
    first=0
  done
} > ../../README.md
echo "wrote README.md" >&2
