#!/usr/bin/env bash
# bench/bench_report.sh — `gclat report` on a >= 1 GB GC log: time, peak RSS
# and size of the HTML, next to `wc -l` and `grep -c` on the same file and
# `gclat gc` (the analysis without charts). Writes bench/results/report.md.
#
# The input is a real JDK 17 unified G1 log from tests/fixtures/gc, repeated
# with uptimes and GC ids shifted so the copies form one continuous run
# (the JVM header appears once). Built under bench/work/ (git-ignored).
# Run from the repository root: bash bench/bench_report.sh [TARGET_MB]
set -eu
cd "$(dirname "$0")/.."
TARGET_MB=${1:-1100}
SRC=tests/fixtures/gc/jdk17-g1-detailed-steady.log
W=bench/work
OUT=bench/results/report.md
mkdir -p "$W" bench/results
[ -x ./gclat ] || make -s gclat
BIG="$W/g1-unified-big.log"

if [ ! -f "$BIG" ] || [ "$(stat -c %s "$BIG")" -lt $((TARGET_MB * 1000000)) ]; then
  echo "building $BIG (~${TARGET_MB} MB) from $SRC" >&2
  mawk_or_awk=$(command -v mawk || command -v awk)
  "$mawk_or_awk" -v target=$((TARGET_MB * 1000000)) '
    { line[NR] = $0; n = NR }
    END {
      # body = from the first GC(0) line on; header printed once
      for (i = 1; i <= n; i++) if (index(line[i], "GC(0)")) { body = i; break }
      for (i = 1; i < body; i++) { print line[i]; bytes += length(line[i]) + 1 }
      # span and GC id range of one copy
      for (i = body; i <= n; i++) {
        s = line[i]; t = substr(s, 2, index(s, "s]") - 2) + 0; if (t > span) span = t
        p = index(s, "GC("); if (p) { q = substr(s, p + 3); id = substr(q, 1, index(q, ")") - 1) + 0; if (id > maxid) maxid = id }
      }
      span += 1; maxid += 1
      for (k = 0; bytes < target; k++) {
        off = k * span; idoff = k * maxid
        for (i = body; i <= n; i++) {
          s = line[i]
          e = index(s, "s]")
          t = substr(s, 2, e - 2) + off
          rest = substr(s, e)
          p = index(rest, "GC(")
          if (p) { q = substr(rest, p + 3); c = index(q, ")"); rest = substr(rest, 1, p + 2) (substr(q, 1, c - 1) + idoff) substr(q, c) }
          out = sprintf("[%.3f%s", t, rest)
          print out
          bytes += length(out) + 1
        }
      }
    }' "$SRC" > "$BIG"
fi

SIZE=$(stat -c %s "$BIG")
LINES_FILE="$W/lines"
measure() { # measure LABEL CMD... -> "seconds peak_rss_kb"
  local label=$1; shift
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f "%e %M" -o "$W/time.$label" "$@" > "$W/out.$label" 2> "$W/err.$label" || true
    cat "$W/time.$label" | tail -1
  else
    local t0 t1; t0=$(date +%s.%N); "$@" > "$W/out.$label" 2> "$W/err.$label" || true; t1=$(date +%s.%N)
    echo "$(echo "$t1 - $t0" | bc) -"
  fi
}
# warm the page cache once
cat "$BIG" > /dev/null
read -r wc_s wc_kb < <(measure wc wc -l "$BIG")
read -r grep_s grep_kb < <(measure grep grep -c 'Pause' "$BIG")
read -r gc_s gc_kb < <(measure gc ./gclat gc -q "$BIG")
read -r rep_s rep_kb < <(measure report ./gclat report -q -o "$W/report.html" "$BIG")
HTML=$(stat -c %s "$W/report.html")
LINES=$(cat "$W/out.wc" | awk '{print $1}')
EVENTS=$(grep -o '[0-9]* GC events were aggregated' "$W/report.html" | awk '{print $1}')
PAUSES=$(grep -o 'data-series="young" data-points="[0-9]*"' "$W/report.html" | sed 's/.*data-points="//; s/"$//' || true)
YOUNG_GC=$(./gclat gc --json -q "$BIG" | python3 -c 'import json, sys; print(json.load(sys.stdin)["kinds"]["young"]["count"])')
CHARTS=$(grep -c '<figure class="chart"' "$W/report.html")
MEMKB=$(grep -o '[0-9.]* KB of chart memory' "$W/report.html" | awk '{print $1}')
CPU=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
NPROC=$(nproc)

{
  echo "## gclat report on a $((SIZE / 1000000)) MB GC log"
  echo
  echo "Input: \`$SRC\` (real JDK 17 G1 log, -Xlog:gc*) repeated with shifted uptimes and GC ids:"
  echo "$SIZE bytes, $LINES lines, $EVENTS GC events. Machine: $CPU, $NPROC CPUs."
  echo "Measured by \`bash bench/bench_report.sh\` (page cache warm; /usr/bin/time -f '%e %M')."
  echo
  echo "| command | wall time (s) | peak RSS (MB) | output |"
  echo "|---|---:|---:|---|"
  echo "| \`wc -l\` | $wc_s | $(awk -v k="$wc_kb" 'BEGIN{printf "%.1f", k/1024}') | $LINES lines |"
  echo "| \`grep -c Pause\` | $grep_s | $(awk -v k="$grep_kb" 'BEGIN{printf "%.1f", k/1024}') | $(cat "$W/out.grep") lines |"
  echo "| \`gclat gc\` (analysis, text) | $gc_s | $(awk -v k="$gc_kb" 'BEGIN{printf "%.1f", k/1024}') | $(stat -c %s "$W/out.gc") bytes |"
  echo "| \`gclat report -o report.html\` | $rep_s | $(awk -v k="$rep_kb" 'BEGIN{printf "%.1f", k/1024}') | $HTML bytes HTML ($(awk -v b="$HTML" 'BEGIN{printf "%.2f", b/1048576}') MB), $CHARTS charts |"
  echo
  echo "- The pause timeline's grid holds every young pause of the log (data-points=$PAUSES for the"
  echo "  young series; \`gclat gc --json\` counts $YOUNG_GC young pauses) in $MEMKB KB of chart memory"
  echo "  for all charts: per-pixel-column aggregation, so the report's size and memory do not grow"
  echo "  with the log (peak RSS of report vs gc: the difference is the charts)."
  echo "- No GC-log viewer people use today (GCViewer, GCeasy, gceasy-style web tools) runs offline"
  echo "  here for a like-for-like number; \`grep -c\` and \`wc -l\` bound the cost of reading the file."
  echo "- Report cost over the plain analysis: $(awk -v a="$rep_s" -v b="$gc_s" 'BEGIN{ if (b > 0) printf "%.0f%%", (a - b) / b * 100; else print "-" }') more wall time."
  echo "- Goal from the issue: written in seconds and under 10 MB — $(awk -v s="$rep_s" -v h="$HTML" 'BEGIN{ print (h < 10485760 ? "size met" : "size NOT met") ", " (s < 60 ? "time " s " s" : "time NOT met: " s " s") }')."
} > "$OUT"
cat "$OUT"
