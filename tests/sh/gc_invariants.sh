#!/usr/bin/env bash
# Invariants of `gclat gc --json` (docs/metrics.md, "Invariants") over every
# GC fixture (tests/fixtures/gc, the rotated set too) and every corpus log
# ($SHARED/corpus/gc, skipped when absent). A broken invariant is a failed
# test: one TAP line per invariant, the failing logs listed below it.
set -u
here=$(cd "$(dirname "$0")" && pwd)
list="$TMPDIR/gc_invariants.list"
: > "$list"
for f in "$ROOT"/tests/fixtures/gc/*.log "$ROOT"/tests/fixtures/gc/rotated/gc.log*; do
  [ -f "$f" ] && printf '%s\n' "$f" >> "$list"
done
nfix=$(wc -l < "$list")
if [ -n "${SHARED:-}" ] && [ -f "$SHARED/corpus/gc/MANIFEST.tsv" ]; then
  awk -F'\t' -v d="$SHARED/corpus/gc" 'NR > 1 { print d "/" $1 }' "$SHARED/corpus/gc/MANIFEST.tsv" |
    while IFS= read -r f; do [ -f "$f" ] && printf '%s\n' "$f"; done >> "$list"
else
  echo "ok - gc invariants over the corpus # SKIP \$SHARED/corpus/gc not present"
fi
echo "# $nfix fixtures, $(($(wc -l < "$list") - nfix)) corpus logs"
# two workers, small batches: the big logs do not end up in one batch
out="$TMPDIR/gc_invariants.d"
rm -rf "$out" && mkdir -p "$out"
tr '\n' '\0' < "$list" | xargs -0 -P2 -n 16 python3 "$here/gc_invariants.py" check "$GCLAT" "$out"
python3 "$here/gc_invariants.py" summary "$out"
