#!/usr/bin/env bash
# bench_gc.sh — gclat gc on a >= 1 GB unified G1 gc* log built by replicating a
# real JDK 17 log (tests/fixtures/gc) with shifted uptimes and GC ids, beside
# the ceiling (wc -l) and the way people get pause figures today (grep + awk
# over the Pause lines). Also checks that peak memory does not grow with input
# size (1/8 of the file vs all of it). Writes bench/results/gc.md.
set -u
cd "$(dirname "$0")/.."
. bench/lib.sh
mkdir -p bench/work bench/results
src=tests/fixtures/gc/jdk17-g1-detailed-fullgc.log
big=bench/work/gc-g1-big.log
small=bench/work/gc-g1-small.log
target=$((1024 * 1024 * 1024))
if [ ! -f "$big" ] || [ "$(stat -c %s "$big")" -lt $target ]; then
  sz=$(stat -c %s "$src")
  copies=$((target / sz + 1))
  echo "generating $big ($copies copies of $src)" >&2
  awk -v copies=$copies -f bench/gen_unified.awk "$src" > "$big"
  awk -v copies=$((copies / 8)) -f bench/gen_unified.awk "$src" > "$small"
fi
bytes=$(stat -c %s "$big")
lines=$(wc -l < "$big")
sbytes=$(stat -c %s "$small")
make -s gclat
r_wc=$(measure "wc -l" wc -l "$big")
r_grep=$(measure "grep+awk pause total" sh -c "grep -F 'Pause' '$big' | awk '/ms\$/ {n++; v=\$NF; sub(/ms\$/, \"\", v); s+=v} END {print n, s}'")
r_gc=$(measure "gclat gc" ./gclat gc -q "$big")
r_gcj=$(measure "gclat gc --json" ./gclat gc -q --json "$big")
r_small=$(measure "gclat gc (1/8 size)" ./gclat gc -q "$small")
{
  echo "## gclat gc — unified G1 gc* log"
  echo
  echo "Input: \`$big\`, $((bytes / 1048576)) MB, $lines lines, built by \`bench/gen_unified.awk\` from \`$src\` (a real JDK 17 G1 \`-Xlog:gc*\` log). Best of ${BENCH_RUNS:-3} runs, one core (gclat gc is single-threaded)."
  echo
  echo "| command | seconds | MB/s | peak RSS (MB) |"
  echo "| --- | ---: | ---: | ---: |"
  for r in "$r_wc" "$r_grep" "$r_gc" "$r_gcj"; do
    IFS=$'\t' read -r l s m <<< "$r"
    echo "| $l | $s | $(mbps "$bytes" "$s") | $((m / 1024)) |"
  done
  IFS=$'\t' read -r l s m <<< "$r_small"
  echo "| $l ($((sbytes / 1048576)) MB) | $s | $(mbps "$sbytes" "$s") | $((m / 1024)) |"
  echo
  echo "Targets (issue 2): >= 500 MB/s on one core; peak memory under 64 MB whatever the input size (compare the 1/8-size row)."
} > bench/results/gc.md

# ---- JDK 8 (-XX:+PrintGCDetails) logs --------------------------------------
# A >= 512 MB CMS log from our own example (bench/gen_legacy.awk shifts the
# date and uptime stamps of each copy), and, when ../shared is there, a G1
# JDK 8 log of the corpus replicated the same way (corpus data is only read
# at run time, never committed).
ltarget=$((512 * 1024 * 1024))
legacy_input() { # SRC OUT
  if [ ! -f "$2" ] || [ "$(stat -c %s "$2")" -lt $ltarget ]; then
    local sz; sz=$(stat -c %s "$1")
    echo "generating $2 ($((ltarget / sz + 1)) copies of $1)" >&2
    awk -v copies=$((ltarget / sz + 1)) -f bench/gen_legacy.awk "$1" > "$2"
  fi
}
legacy_row() { # LABEL FILE SRC
  local b; b=$(stat -c %s "$2")
  local rw rg
  rw=$(measure "wc -l" wc -l "$2")
  rg=$(measure "gclat gc" ./gclat gc -q "$2")
  IFS=$'\t' read -r _ sw _ <<< "$rw"
  IFS=$'\t' read -r _ sg mg <<< "$rg"
  echo "| $1 (\`$3\` replicated) | $((b / 1048576)) | $sg | $(mbps "$b" "$sg") | $((mg / 1024)) | $(mbps "$b" "$sw") |"
}
lcms_src=examples/gc-cms-jdk8-synthetic.log
lcms=bench/work/gc-cms-jdk8-big.log
legacy_input "$lcms_src" "$lcms"
lg1_src=""
for c in "${SHARED:-../shared}/corpus/gc/gctoolkit-testdata/server1-gc.log" /work/shared/corpus/gc/gctoolkit-testdata/server1-gc.log; do
  if [ -f "$c" ]; then lg1_src=$c; break; fi
done
lg1=bench/work/gc-g1-jdk8-big.log
[ -n "$lg1_src" ] && legacy_input "$lg1_src" "$lg1"
{
  echo
  echo "## gclat gc — JDK 8 (-XX:+PrintGCDetails) logs"
  echo
  echo "Inputs built by \`bench/gen_legacy.awk\` (each copy's date and uptime stamps shifted). Best of ${BENCH_RUNS:-3} runs, one core."
  echo
  echo "| input | MB | seconds | gclat gc MB/s | peak RSS (MB) | wc -l MB/s |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: |"
  legacy_row "ParNew+CMS, date+uptime stamps" "$lcms" "$lcms_src"
  if [ -n "$lg1_src" ]; then
    legacy_row "G1, uptime stamps, detail blocks" "$lg1" "corpus gctoolkit-testdata/server1-gc.log"
  else
    echo "| G1 (corpus not available: skipped) | | | | | |"
  fi
  echo
  echo "Target (perf task): >= 500 MB/s for legacy logs."
} >> bench/results/gc.md
cat bench/results/gc.md
