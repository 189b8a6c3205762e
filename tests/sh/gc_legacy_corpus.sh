#!/usr/bin/env bash
# gc_legacy_corpus.sh — the JDK <= 8 parser against an independent count (awk)
# over every jdk8-legacy file of the corpus ($SHARED/corpus/gc/MANIFEST.tsv):
#   - safepoint events = "Total time for which application threads were
#     stopped: X seconds" occurrences (also those spliced into other lines),
#     and their summed seconds;
#   - CMS concurrent phases = "[CMS-concurrent-NAME: cpu/wall secs]" occurrences;
#   - G1 concurrent phases = "[GC concurrent-NAME-end, X secs]" occurrences
#     (JDK 6/7 also write "X sec]" and plain "X]").
# The parser's figures come from the corpus unit-test program (ASan build when
# present, so a sanitizer report fails the run).
set -u
ROOT=${ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
if [ -z "${SHARED:-}" ] || [ ! -f "$SHARED/corpus/gc/MANIFEST.tsv" ]; then
  echo "ok - gc_legacy corpus # SKIP no SHARED corpus"
  exit 0
fi
bin="$ROOT/obj-asan/tests/test_gc_legacy_corpus"
[ -x "$bin" ] || bin="$ROOT/obj/tests/test_gc_legacy_corpus"
if [ ! -x "$bin" ]; then echo "not ok - gc_legacy corpus: $bin not built"; exit 0; fi
tmp=${TMPDIR:-/tmp}/gcl_corpus.$$
mkdir -p "$tmp"
if GCL_CORPUS_TSV="$tmp/ours.tsv" "$bin" > "$tmp/out.txt" 2>&1; then
  echo "ok - gc_legacy corpus program ran clean"
else
  echo "not ok - gc_legacy corpus program failed"; grep -E 'not ok|FACT|ERROR|runtime error' "$tmp/out.txt" | head -20
fi
if grep -q 'ERROR: AddressSanitizer\|runtime error:' "$tmp/out.txt"; then
  echo "not ok - gc_legacy corpus: sanitizer report"
else
  echo "ok - gc_legacy corpus: no sanitizer report"
fi
awk -F'\t' 'NR > 1 && $7 == "jdk8-legacy" { print $1 }' "$SHARED/corpus/gc/MANIFEST.tsv" |
while IFS= read -r f; do
  LC_ALL=C awk -v name="$f" '
    { line = $0
      while (match(line, /Total time for which application threads were stopped: [0-9]+[.,][0-9]+ seconds/)) {
        m = substr(line, RSTART, RLENGTH); sub(/.*stopped: /, "", m); sub(/ seconds/, "", m); sub(/,/, ".", m)
        sp++; sum += m; line = substr(line, RSTART + RLENGTH) }
      line = $0
      while (match(line, /\[(AS)?CMS-concurrent-[a-z-]+: [0-9]+[.,][0-9]+\/[0-9]+[.,][0-9]+ secs\]/)) {
        cms++; line = substr(line, RSTART + RLENGTH) }
      line = $0
      while (match(line, /\[GC concurrent-[a-z-]+-end, [0-9]+[.,][0-9]+( secs?)?\]/)) {
        g1++; line = substr(line, RSTART + RLENGTH) } }
    END { printf "%s\t%d\t%.7f\t%d\t%d\n", name, sp, sum, cms, g1 }' "$SHARED/corpus/gc/$f"
done > "$tmp/awk.tsv"
nfiles=$(wc -l < "$tmp/awk.tsv")
bad=$(awk -F'\t' 'NR == FNR { a[$1] = $0; next }
  { split(a[$1], o, "\t"); d = o[3] - $3; if (d < 0) d = -d
    if (!($1 in a)) { print $1 ": missing from parser output"; next }
    if (o[2] != $2) print $1 ": safepoints " o[2] " vs awk " $2
    if (d > 1e-6 * ($2 + 1)) print $1 ": safepoint seconds " o[3] " vs awk " $3
    if (o[4] != $4) print $1 ": CMS concurrent phases " o[4] " vs awk " $4
    if (o[5] != $5) print $1 ": G1 concurrent phases " o[5] " vs awk " $5 }' "$tmp/ours.tsv" "$tmp/awk.tsv")
# the parser's table must exist and list every file awk read, or the
# comparison below would pass on nothing
nours=$(awk -F'\t' '$1 != ""' "$tmp/ours.tsv" 2>/dev/null | wc -l)
if [ "$nfiles" -eq 0 ] || [ "$nours" -lt "$nfiles" ]; then
  echo "not ok - gc_legacy corpus: parser table $tmp/ours.tsv has $nours rows for $nfiles jdk8-legacy files"
elif [ -z "$bad" ]; then
  echo "ok - gc_legacy corpus: safepoints, CMS and G1 concurrent phases match awk in all $nfiles files"
else
  echo "not ok - gc_legacy corpus: differences from awk"
  printf '%s\n' "$bad" | head -30 | sed 's/^/# /'
fi
rm -rf "$tmp"
