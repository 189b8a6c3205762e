#!/usr/bin/env bash
# gc_same_output.sh REF_BIN NEW_BIN [EXTRA_LOG...] — the GC reading path of
# two gclat builds gives the same bytes: `gc --json` and the text report of
# every log of the shared corpus (MANIFEST.tsv: unified, OpenJ9, JDK 8 and
# the rest), every tests/fixtures/gc log, the examples, and any EXTRA_LOG
# (the bench logs) also with -j 2 and -j 3 and a small GCLAT_CHUNK_BYTES.
# Stderr and the exit code are compared too. Prints the files that differ;
# exits 1 if any did. For speed work that must not change a figure.
set -u
ref=$1 new=$2
shift 2
root=$(cd "$(dirname "$0")/../.." && pwd)
SH=${SHARED:-/work/shared}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=0 diffs=0
one() { # LABEL ARGS...: run both, compare
  local label=$1
  shift
  "$ref" "$@" > "$tmp/a.out" 2> "$tmp/a.err"
  echo "exit $?" >> "$tmp/a.out"
  "$new" "$@" > "$tmp/b.out" 2> "$tmp/b.err"
  echo "exit $?" >> "$tmp/b.out"
  files=$((files + 1))
  if ! cmp -s "$tmp/a.out" "$tmp/b.out" || ! cmp -s "$tmp/a.err" "$tmp/b.err"; then
    diffs=$((diffs + 1))
    echo "DIFF: $label"
    diff "$tmp/a.out" "$tmp/b.out" | head -5
    diff "$tmp/a.err" "$tmp/b.err" | head -3
  fi
}
list=()
if [ -f "$SH/corpus/gc/MANIFEST.tsv" ]; then
  while IFS=$'\t' read -r path _; do
    [ "$path" = path ] && continue
    [ -f "$SH/corpus/gc/$path" ] && list+=("$SH/corpus/gc/$path")
  done < "$SH/corpus/gc/MANIFEST.tsv"
fi
while IFS= read -r f; do list+=("$f"); done < <(find "$root/tests/fixtures/gc" "$root/examples" -type f \( -name '*.log' -o -name '*.log.gz' -o -name '*.txt' \) | sort)
# hand-made lines off the layouts the fast paths take (a ':' in a safepoint
# operation, 15+ digit numbers, fractions, signs, "61" seconds, odd zones)
list+=("$root/tests/tools/gc_same_output_edge.log")
for f in "${list[@]}"; do
  one "$f --json" gc --json "$f"
  one "$f" gc "$f"
done
for f in "$@"; do
  for j in 1 2 3; do
    one "$f -j $j --json" gc -j "$j" --json "$f"
  done
  GCLAT_CHUNK_BYTES=1000000 one "$f -j 2 chunk 1MB --json" gc -j 2 --json "$f"
done
echo "$files runs, $diffs differ"
[ "$diffs" -eq 0 ]
