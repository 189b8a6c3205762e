#!/usr/bin/env bash
# Assemble README.md from the parts in docs/readme/, in the order below (then
# any part not listed, by name), so each command's documentation is edited in
# one place. Run after editing a part: bash docs/readme/assemble.sh
set -eu
cd "$(dirname "$0")"
order="00-intro.md 10-gc.md lat.md cpu.md jstat.md histo.md threads.md impact.md correlate.md compare.md report.md watch.md load.md 90-dev.md"
{
  first=1
  emit() { [ $first -eq 1 ] || echo; cat "$1"; first=0; }
  for f in $order; do [ -f "$f" ] && emit "$f"; done
  for f in $(ls *.md | sort); do
    case " $order README.md " in *" $f "*) ;; *) emit "$f" ;; esac
  done
} > ../../README.md
echo "wrote README.md" >&2
