#!/usr/bin/env bash
# bench/bench_correlate.sh — gclat correlate and impact on big inputs:
# the G1 fixture's access log repeated 100x (2.77 M requests, shifted by the
# fixture's length each time so requests stay spread over the pauses of a GC
# log repeated the same way), against `wc -l` on the same file and, for the
# join, a plain `awk` pass that only splits the fields. Peak RSS from
# /usr/bin/time -v when available. Writes bench/results/correlate.md.
set -eu
cd "$(dirname "$0")/.."
make -s gclat
W=bench/work/correlate
mkdir -p "$W" bench/results
H=tests/fixtures/http
if [ ! -f "$W/access.log" ]; then
  python3 - "$H/jdk17-g1.access.log.gz" "$H/jdk17-g1.gc.log.gz" "$W" <<'PY'
import gzip, re, sys, datetime
acc, gc, out = sys.argv[1:4]
A = gzip.open(acc, 'rt').read().splitlines()
G = gzip.open(gc, 'rt').read().splitlines()
def ts(s): return datetime.datetime.fromisoformat(re.sub(r'([+-]\d\d)(\d\d)$', r'\1:\2', s))
period = datetime.timedelta(seconds=20)
with open(out + '/access.log', 'w') as fa, open(out + '/gc.log', 'w') as fg:
    for k in range(100):
        d = period * k
        for l in A:
            f = l.split(' ', 1)
            fa.write((ts(f[0]) + d).isoformat(timespec='milliseconds') + ' ' + f[1] + '\n')
        for l in G:
            m = re.match(r'^\[([^\]]+)\]\[([0-9.]+)s\](.*)$', l)
            if not m: continue
            t = (ts(m.group(1)) + d).strftime('%Y-%m-%dT%H:%M:%S.%f')[:-3] + '+0000'
            fg.write('[%s][%.3fs]%s\n' % (t, float(m.group(2)) + 20 * k, m.group(3)))
PY
fi
rss() { if [ -x /usr/bin/time ]; then /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F: '/Maximum resident/ {gsub(/ /,"",$2); print $2}'; else echo "n/a"; fi; }
secs() { local s=$(date +%s.%N); "$@" >/dev/null 2>&1; echo "$(date +%s.%N) - $s" | bc; }
lines=$(wc -l < "$W/access.log"); bytes=$(stat -c %s "$W/access.log"); gcb=$(stat -c %s "$W/gc.log")
t_wc=$(secs wc -l "$W/access.log")
t_awk=$(secs awk '{n++; s+=$2} END {print n, s}' "$W/access.log")
t_cor=$(secs ./gclat correlate -q --gc "$W/gc.log" --access "$W/access.log" -f 2)
t_auto=$(secs ./gclat correlate -q --gc "$W/gc.log" --access "$W/access.log" -f 2 --offset auto)
t_imp=$(secs ./gclat impact -q --timeout 10ms --service-time "$W/access.log" -f 2 "$W/gc.log")
r_cor=$(rss ./gclat correlate -q --gc "$W/gc.log" --access "$W/access.log" -f 2)
r_imp=$(rss ./gclat impact -q --timeout 10ms "$W/gc.log")
pauses=$(./gclat impact -q --json --timeout 10ms "$W/gc.log" | python3 -c "import json,sys; print(json.load(sys.stdin)['impact']['pauses'])")
{
  echo "## gclat correlate / impact"
  echo
  echo "Input: $lines requests ($((bytes / 1000000)) MB access log) and a $((gcb / 1000000)) MB unified G1 log with $pauses pauses"
  echo "(the G1 fixture repeated 100x, 20 s apart). $(nproc) cores, $(uname -m)."
  echo
  echo "| command | seconds | peak RSS (KB) |"
  echo "|---|---|---|"
  echo "| \`wc -l access.log\` | $t_wc | |"
  echo "| \`awk '{n++; s+=\$2}' access.log\` (split only) | $t_awk | |"
  echo "| \`gclat correlate --gc gc.log --access access.log -f 2\` | $t_cor | $r_cor |"
  echo "| same with \`--offset auto\` (two passes) | $t_auto | |"
  echo "| \`gclat impact --timeout 10ms gc.log\` | | $r_imp |"
  echo "| \`gclat impact --timeout 10ms --service-time access.log -f 2 gc.log\` | $t_imp | |"
} > bench/results/correlate.md
cat bench/results/correlate.md
