#!/usr/bin/env bash
# bench_gc.sh — gclat gc against a plain text scan of the same file.
#
# 1. Issue 14: the three corpus logs the issue names, grown by
#    ../shared/tools/replicate_gclog (shifted stamps and GC ids) when
#    ../shared is present: G1 JDK 17 gc*,safepoint to ~536 MB, ParNew+CMS
#    JDK 8 to ~518 MB, ZGC JDK 17 gc* to ~207 MB. In each round, on the same
#    file: wc -l, mawk '{n++}' (the reference of the targets), the usual
#    grep+awk pause sum (unified logs), gclat gc -j 1 and -j 2; best of
#    $BENCH_RUNS rounds (default 5), with the load average at each round
#    (BENCH_GC_BEFORE=path/to/an/older/gclat adds its row to each round,
#    labelled $BENCH_GC_BEFORE_LABEL, run with $BENCH_GC_BEFORE_ARGS, e.g. "-j 1")
#    (the machine is shared: a figure means little under load). Peak RSS
#    from /usr/bin/time.
# 2. The older figures: a >= 1 GB unified G1 gc* log built from a fixture
#    (bench/gen_unified.awk) beside wc -l and grep+awk, and whether peak
#    memory grows with input size (1/8 of the file vs all of it); JDK 8 logs
#    of >= 512 MB (bench/gen_legacy.awk).
# Writes bench/results/gc.md.
set -u
cd "$(dirname "$0")/.."
. bench/lib.sh
mkdir -p bench/work bench/results
make -s gclat
SH=${SHARED:-../shared}
[ -d "$SH/corpus/gc" ] || SH=/work/shared
AWK=$(command -v mawk || command -v awk)
RUNS=${BENCH_RUNS:-5}
load() { cut -d' ' -f1 /proc/loadavg; }
# one timing: "seconds rss_kb"
t1() { local tf; tf=$(mktemp); /usr/bin/time -f '%e %M' -o "$tf" "$@" > /dev/null 2>&1; cat "$tf"; rm -f "$tf"; }
issue_log() { # NAME SRC SIZE: bench/work/NAME, built once
  local out=bench/work/$1
  if [ ! -s "$out" ]; then
    echo "generating $out from $2 ($3)" >&2
    "$SH/tools/replicate_gclog" -q "$2" "$out" "$3" || { rm -f "$out"; return 1; }
  fi
}
issue_rows() { # LABEL FILE UNIFIED(0/1)
  local f=$2 label=$1 r k
  declare -A best rss
  local loads=""
  for r in $(seq "$RUNS"); do
    loads="$loads $(load)"
    for k in wc mawk grep before j1 j2; do
      local out=""
      case $k in
        wc) out=$(t1 wc -l "$f") ;;
        mawk) out=$(t1 "$AWK" '{n++} END {print n}' "$f") ;;
        grep) [ "$3" = 1 ] || continue
              out=$(t1 sh -c "grep -F 'Pause' '$f' | $AWK '/ms\$/ {n++; v=\$NF; sub(/ms\$/, \"\", v); s+=v} END {print n, s}'") ;;
        before) [ -n "${BENCH_GC_BEFORE:-}" ] || continue
                out=$(t1 "$BENCH_GC_BEFORE" gc -q ${BENCH_GC_BEFORE_ARGS:-} "$f") ;;
        j1) out=$(t1 ./gclat gc -q -j 1 "$f") ;;
        j2) out=$(t1 ./gclat gc -q -j 2 "$f") ;;
      esac
      read -r s m <<< "$out"
      if [ -z "${best[$k]:-}" ] || awk -v a="$s" -v b="${best[$k]}" 'BEGIN{exit !(a<b)}'; then best[$k]=$s; rss[$k]=$m; fi
    done
  done
  local b; b=$(stat -c %s "$f")
  local mk=${best[mawk]}
  ratio() { awk -v a="$1" -v b="$mk" 'BEGIN{ if (b <= 0) b = 0.001; printf "%.2f", a / b }'; }
  echo "| $label ($((b / 1000000)) MB, $(wc -l < "$f") lines) | \`wc -l\` | ${best[wc]} | $(mbps "$b" "${best[wc]}") | $(ratio "${best[wc]}") | $((rss[wc] / 1024)) |"
  echo "| | \`mawk '{n++}'\` | $mk | $(mbps "$b" "$mk") | 1.00 | $((rss[mawk] / 1024)) |"
  [ "$3" = 1 ] && echo "| | grep Pause \\| mawk (pause sum) | ${best[grep]} | $(mbps "$b" "${best[grep]}") | $(ratio "${best[grep]}") | $((rss[grep] / 1024)) |"
  [ -n "${BENCH_GC_BEFORE:-}" ] && echo "| | gclat gc before (\`$BENCH_GC_BEFORE_LABEL\`, \`${BENCH_GC_BEFORE_ARGS:-(default -j)}\`) | ${best[before]} | $(mbps "$b" "${best[before]}") | $(ratio "${best[before]}") | $((rss[before] / 1024)) |"
  echo "| | **gclat gc -j 1** | ${best[j1]} | $(mbps "$b" "${best[j1]}") | **$(ratio "${best[j1]}")** | $((rss[j1] / 1024)) |"
  echo "| | **gclat gc -j 2** | ${best[j2]} | $(mbps "$b" "${best[j2]}") | **$(ratio "${best[j2]}")** | $((rss[j2] / 1024)) |"
  echo "| | load average at each round:$loads | | | | |"
}
C="$SH/corpus/gc"
{
  echo "## gclat gc — issue 14: the three logs, beside a text scan of the same file"
  echo
  if [ -x "$SH/tools/replicate_gclog" ] && [ -d "$C" ] &&
     issue_log g1-536.log "$C/GCViewer/sample-ujl-jdk17-full-concurrent-cycle-g1-gc-all-safepont,os-cpu.txt" 536M &&
     issue_log cms-518.log "$C/gclogs/cms-gc.log" 518M && issue_log zgc-207.log "$C/jifa/17ZGCParser.log" 207M; then
    echo "Corpus logs grown by \`replicate_gclog\` (whole copies, to at least the size). $(nproc) cores ($(lscpu 2>/dev/null | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}'), shared with other work: load averages beside). Best of $RUNS rounds; every command of a round runs on the same file, warm cache. Ratio: seconds / mawk's seconds."
    echo
    echo "Targets: unified G1 \`-j 1\` <= 1.5x mawk, \`-j 2\` <= 0.8x; JDK 8 ParNew+CMS \`-j 1\` <= 2x; peak RSS < 64 MB with \`-j 2\`."
    echo
    echo "| log | command | seconds | MB/s | x mawk | peak RSS (MB) |"
    echo "| --- | --- | ---: | ---: | ---: | ---: |"
    issue_rows "G1 JDK 17 gc*,safepoint" bench/work/g1-536.log 1
    issue_rows "ParNew+CMS JDK 8" bench/work/cms-518.log 0
    issue_rows "ZGC JDK 17 gc*" bench/work/zgc-207.log 1
  else
    echo "(../shared/corpus/gc or tools/replicate_gclog not present: skipped)"
  fi
  echo
} > bench/results/gc.md
# BENCH_GC_ISSUE_ONLY=1: only the table above (the rest builds ~2.5 GB of logs)
[ -n "${BENCH_GC_ISSUE_ONLY:-}" ] && { cat bench/results/gc.md; exit 0; }

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
r_wc=$(measure "wc -l" wc -l "$big")
r_grep=$(measure "grep+awk pause total" sh -c "grep -F 'Pause' '$big' | awk '/ms\$/ {n++; v=\$NF; sub(/ms\$/, \"\", v); s+=v} END {print n, s}'")
r_gc=$(measure "gclat gc -j 1" ./gclat gc -q -j 1 "$big")
r_gcj=$(measure "gclat gc -j 1 --json" ./gclat gc -q -j 1 --json "$big")
r_gc2=$(measure "gclat gc -j 2" ./gclat gc -q -j 2 "$big")
r_small=$(measure "gclat gc -j 2 (1/8 size)" ./gclat gc -q -j 2 "$small")
{
  echo "## gclat gc — unified G1 gc* log"
  echo
  echo "Input: \`$big\`, $((bytes / 1048576)) MB, $lines lines, built by \`bench/gen_unified.awk\` from \`$src\` (a real JDK 17 G1 \`-Xlog:gc*\` log). Best of ${BENCH_RUNS:-3} runs; load average $(cut -d' ' -f1-3 /proc/loadavg) when done."
  echo
  echo "| command | seconds | MB/s | peak RSS (MB) |"
  echo "| --- | ---: | ---: | ---: |"
  for r in "$r_wc" "$r_grep" "$r_gc" "$r_gcj" "$r_gc2"; do
    IFS=$'\t' read -r l s m <<< "$r"
    echo "| $l | $s | $(mbps "$bytes" "$s") | $((m / 1024)) |"
  done
  IFS=$'\t' read -r l s m <<< "$r_small"
  echo "| $l ($((sbytes / 1048576)) MB) | $s | $(mbps "$sbytes" "$s") | $((m / 1024)) |"
  echo
  echo "Targets (issue 2): >= 500 MB/s on one core; peak memory under 64 MB whatever the input size (compare the 1/8-size row)."
} >> bench/results/gc.md

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
  rg=$(measure "gclat gc" ./gclat gc -q -j 1 "$2")
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
  echo "Inputs built by \`bench/gen_legacy.awk\` (each copy's date and uptime stamps shifted). Best of ${BENCH_RUNS:-3} runs, \`-j 1\` (one thread)."
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
