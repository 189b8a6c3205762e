#!/usr/bin/env bash
# bench/bench_lat.sh — gclat lat vs the field report's pipeline
#   grep -v 'monitor/health' | awk '{print $(NF-1)}' | sort -n | uniq -c | awk -f cal.awk
# and vs `wc -l`, on a generated access log of >= 5 million lines (bench/work/,
# git-ignored). Writes bench/results/lat.md. Run from the repo root.
set -eu
cd "$(dirname "$0")/.."
LINES=${LAT_BENCH_LINES:-5000000}
W=bench/work
mkdir -p "$W" bench/results
F=$W/access.log
if [ ! -f "$F" ] || [ "$(wc -l < "$F")" -lt "$LINES" ]; then
  python3 tests/fixtures/access/gen_access.py "$LINES" 42 > "$F"
fi
F2=$W/access2x.log
[ -f "$F2" ] || cat "$F" "$F" > "$F2"
[ -x ./gclat ] || make -s gclat
export LC_ALL=C
CAL=tests/fixtures/access/cal.awk
bytes=$(stat -c %s "$F")
lines=$(wc -l < "$F")
cat "$F" "$F2" > /dev/null # warm the page cache

measure() { # label cmd... -> "label|wall s|user s|sys s|peak RSS KB" (best wall of $RUNS)
  local label=$1; shift
  local tf; tf=$(mktemp)
  local best=""
  for _ in $(seq "${RUNS:-5}"); do
    /usr/bin/time -f "%e %U %S %M" -o "$tf" bash -c "$*" > /dev/null 2>&1 || true
    read -r e u s m < "$tf"
    if [ -z "$best" ] || awk -v a="$e" -v b="${best%% *}" 'BEGIN{exit !(a<b)}'; then best="$e $u $s $m"; fi
  done
  rm -f "$tf"
  echo "$label|$best"
}

rows=()
rows+=("$(measure 'wc -l' "wc -l $F")")
load_before=$(cut -d' ' -f1 /proc/loadavg)
RUNS=3
rows+=("$(measure 'seed pipeline: grep -v, awk, sort -n, uniq -c, awk -f cal.awk' "grep -v 'monitor/health' $F | awk '{print \$(NF-1)}' | sort -n | uniq -c | awk -f $CAL")")
RUNS=5
rows+=("$(measure 'gclat lat --format cal -j 1' "./gclat lat --exclude monitor/health -f -2 --format cal -j 1 $F")")
rows+=("$(measure 'gclat lat (table) -j 1' "./gclat lat --exclude monitor/health -f -2 -j 1 $F")")
rows+=("$(measure 'gclat lat (table) -j 2' "./gclat lat --exclude monitor/health -f -2 -j 2 $F")")
rows+=("$(measure 'gclat lat (table) -j 1, no filter' "./gclat lat -f -2 -j 1 $F")")
rows+=("$(measure 'gclat lat -j 1 on the 2x file' "./gclat lat --exclude monitor/health -f -2 -j 1 $F2")")
rows+=("$(measure 'gclat lat -j 2 on the 2x file' "./gclat lat --exclude monitor/health -f -2 -j 2 $F2")")

# same answer as the pipeline?
grep -v 'monitor/health' "$F" | awk '{print $(NF-1)}' | sort -n | uniq -c | awk -f "$CAL" > "$W/ref.txt"
./gclat lat --exclude monitor/health -f -2 --format cal "$F" > "$W/got.txt"
same=no; cmp -s "$W/ref.txt" "$W/got.txt" && same=yes

{
  echo "## gclat lat"
  echo
  echo "Input: \`$F\`, $lines lines, $((bytes / 1000000)) MB (tests/fixtures/access/gen_access.py $LINES 42);"
  echo "2x file: the same concatenated twice. $(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')). Best wall time of 5 runs (pipeline: 3), page cache warm."
  echo "\`--format cal\` output identical to the pipeline's: **$same**."
  echo
  echo "| command | wall s | user s | sys s | peak RSS MB | MB/s (wall) | MB/s per CPU s |"
  echo "|---|---:|---:|---:|---:|---:|---:|"
  for r in "${rows[@]}"; do
    IFS='|' read -r label rest <<< "$r"
    read -r e u s m <<< "$rest"
    sz=$bytes; case "$label" in *2x*) sz=$((bytes * 2));; esac
    awk -v l="$label" -v e="$e" -v u="$u" -v s="$s" -v m="$m" -v b="$sz" 'BEGIN{
      cpu = u + s; printf "| %s | %.2f | %.2f | %.2f | %.1f | %.0f | %s |\n", l, e, u, s, m/1024, (e>0? b/1e6/e : 0), (cpu>0? sprintf("%.0f", b/1e6/cpu) : "-") }'
  done
  get() { printf '%s\n' "${rows[@]}" | grep -F "$1|" | head -1 | cut -d'|' -f2; }
  pipe=$(get 'seed pipeline: grep -v, awk, sort -n, uniq -c, awk -f cal.awk')
  g1=$(get 'gclat lat (table) -j 1')
  g2=$(get 'gclat lat (table) -j 2')
  gc=$(get 'gclat lat --format cal -j 1')
  echo
  awk -v p="$pipe" -v a="$g1" -v b="$g2" -v c="$gc" -v sz="$bytes" 'BEGIN{
    split(p, P, " "); split(a, A, " "); split(b, B, " "); split(c, C, " ");
    printf "Speed-up over the pipeline, wall time: %.1fx (-j 1), %.1fx (-j 2), %.1fx (--format cal).\n", P[1]/A[1], P[1]/B[1], P[1]/C[1];
    printf "Speed-up in CPU time (user+sys, insensitive to other load): %.1fx (-j 1), %.1fx (--format cal).\n", (P[2]+P[3])/(A[2]+A[3]), (P[2]+P[3])/(C[2]+C[3]);
    printf "Single-core parse rate: %.2f GB per CPU-second (-j 1, with the --exclude filter).\n", sz/1e9/(A[2]+A[3]) }'
  echo
  echo "Load average when the run started: $load_before (other jobs shared the 2 CPUs)."
  echo
  echo "Wall times on this shared 2-CPU VM are noisy (other jobs run concurrently, see involuntary"
  echo "context switches); the per-CPU-second column is the single-core parse rate."
} > bench/results/lat.md
cat bench/results/lat.md
