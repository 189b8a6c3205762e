# bench/lib.sh — helpers shared by the bench scripts (sourced).
# measure LABEL CMD... : runs CMD with stdout to /dev/null, prints
# "LABEL<TAB>seconds<TAB>peak_rss_kb" (best of $BENCH_RUNS runs, default 3).
measure() {
  local label=$1; shift
  local best="" rss="" runs=${BENCH_RUNS:-3}
  for _ in $(seq "$runs"); do
    local tf; tf=$(mktemp)
    /usr/bin/time -f '%e %M' -o "$tf" "$@" > /dev/null 2>/dev/null
    read -r s m < "$tf"; rm -f "$tf"
    if [ -z "$best" ] || awk -v a="$s" -v b="$best" 'BEGIN{exit !(a<b)}'; then best=$s; rss=$m; fi
  done
  printf '%s\t%s\t%s\n' "$label" "$best" "$rss"
}
# mbps BYTES SECONDS
mbps() { awk -v b="$1" -v s="$2" 'BEGIN{ if (s <= 0) s = 0.001; printf "%.0f", b / 1048576 / s }'; }
