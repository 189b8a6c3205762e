#!/usr/bin/env bash
# bench/bench_watch.sh — what following costs (issue 12):
#   1. CPU of gclat watch following a G1 log that grows at 10 MB/s for 20 s (% of one core)
#   2. peak RSS after an hour of input (a real JDK 17 G1 log grown to one hour of uptime),
#      beside the same for one minute of input: memory must not grow with the run
#   3. delay from a written pause line to the updated Prometheus counter (inotify), 20 times
# Everything on 127.0.0.1. Writes bench/results/watch.md.
set -u
cd "$(dirname "$0")/.."
G=$PWD/gclat
W=bench/work/watch
mkdir -p "$W" bench/results
SRC=tests/fixtures/gc/jdk17-g1-detailed-steady.log
REP=../shared/tools/replicate_gclog
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done' EXIT
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
hz=$(getconf CLK_TCK)
out=bench/results/watch.md
{
echo "## gclat watch"
echo
echo "Measured by \`bash bench/bench_watch.sh\` ($(date -u +%Y-%m-%d), load average $(cut -d' ' -f1 /proc/loadavg) at the start)."
echo

# 1. a log growing at 10 MB/s
: > "$W/grow.log"
"$G" watch -q --json --interval 1s --gc "g=$W/grow.log" > "$W/grow.json" 2>/dev/null & WP=$!; pids+=($WP)
sleep 0.5
t0=$(ticks $WP)
python3 - "$SRC" "$W/grow.log" <<'PY'
import sys, time, re
src = open(sys.argv[1]).read().splitlines(True)
up = re.compile(r'^\[(\d+\.\d+)s\]')
out = open(sys.argv[2], 'a')
last = float(up.match([l for l in src if up.match(l)][-1]).group(1))
shift, written, t_start = 0.0, 0, time.time()
while time.time() - t_start < 20:
    chunk = []
    size = 0
    while size < 1_000_000:             # 1 MB per 0.1 s
        for l in src:
            m = up.match(l)
            if m:
                l = '[%.3fs]' % (float(m.group(1)) + shift) + l[m.end():]
            chunk.append(l); size += len(l)
        shift += last + 0.01
    out.write(''.join(chunk)); out.flush(); written += size
    time.sleep(max(0, 0.1 - (time.time() - t_start) % 0.1))
print(written, file=open(sys.argv[2] + '.bytes', 'w'))
PY
sleep 1.5
t1=$(ticks $WP)
kill $WP; wait $WP 2>/dev/null
bytes=$(cat "$W/grow.log.bytes")
echo "### Following a log growing at 10 MB/s"
echo
awk -v a="$t0" -v b="$t1" -v hz="$hz" -v by="$bytes" 'BEGIN {
  cpu = (b - a) / hz; printf "%.0f MB written in 20 s (%.1f MB/s; target 10); gclat watch used %.2f s of CPU: **%.1f %% of one core** (%.1f ms per MB).\n", by / 1e6, by / 2e7, cpu, 100 * cpu / 21.5, 1000 * cpu / (by / 1e6) }'
echo

# 2. an hour of input vs a minute
if [ -x "$REP" ]; then
  span=$(awk -F'[][s]' '/^\[[0-9.]+s\]/ {l=$2} END {print l}' "$SRC")
  copies_h=$(awk -v s="$span" 'BEGIN {printf "%d", 3600 / (s + 0.01) + 1}')
  copies_m=$(awk -v s="$span" 'BEGIN {printf "%d", 60 / (s + 0.01) + 1}')
  "$REP" -q --copies "$copies_h" "$SRC" "$W/hour.log" > /dev/null 2>&1
  "$REP" -q --copies "$copies_m" "$SRC" "$W/minute.log" > /dev/null 2>&1
  echo "### Memory after an hour of input"
  echo
  echo "| input | size | pauses | peak RSS |"
  echo "|---|---:|---:|---:|"
  for f in minute hour; do
    /usr/bin/time -f '%M' -o "$W/$f.rss" "$G" watch --once --json --window 1m --window 1h --gc "$W/$f.log" > "$W/$f.json" 2>/dev/null
    p=$(python3 -c "import json,sys; print(json.loads(open(sys.argv[1]).readline())['since_start']['pauses'])" "$W/$f.json")
    echo "| one $f of a JDK 17 G1 log | $(du -m "$W/$f.log" | cut -f1) MB | $p | $(awk '{printf "%.1f MB", $1 / 1024}' "$W/$f.rss") |"
  done
  echo
fi

# 3. delay from a written line to the metric, for a gc* log (the pause line and its
#    "User=" line, as the JVM writes them) and a -Xlog:gc log (the pause line alone)
echo "### Delay from a written pause to the metric"
echo
for kind in detailed plain; do
  : > "$W/delay-$kind.log"
  head -40 "tests/fixtures/gc/jdk17-g1-$kind-steady.log" >> "$W/delay-$kind.log"
  "$G" watch --listen 127.0.0.1:0 --interval 10s --gc "d=$W/delay-$kind.log" > /dev/null 2> "$W/delay.err" & WP=$!; pids+=($WP)
  sleep 0.5
  port=$(grep -o '127.0.0.1:[0-9]*' "$W/delay.err" | head -1 | cut -d: -f2)
  python3 - "$W/delay-$kind.log" "$port" "$kind" <<'PY'
import sys, time, urllib.request, re
log, port, kind = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def count():
    body = urllib.request.urlopen('http://127.0.0.1:%d/metrics' % port, timeout=5).read().decode()
    m = re.search(r'^gclat_gc_pause_seconds_count\{jvm="d"\} (\S+)', body, re.M)
    return float(m.group(1)) if m else 0
delays, base = [], count()
for i in range(20):
    up = 100 + i
    text = '[%d.000s][info][gc] GC(%d) Pause Young (Normal) (G1 Evacuation Pause) 20M->10M(100M) 1.000ms\n' % (up, 1000 + i)
    if kind == 'detailed':
        text += '[%d.000s][info][gc,cpu] GC(%d) User=0.00s Sys=0.00s Real=0.00s\n' % (up, 1000 + i)
    t = time.time()
    with open(log, 'a') as f:
        f.write(text)
    while count() < base + i + 1 and time.time() - t < 5:
        time.sleep(0.001)
    delays.append((time.time() - t) * 1000)
    time.sleep(0.05)
delays.sort()
what = ('-Xlog:gc* (pause + User= line)' if kind == 'detailed'
        else '-Xlog:gc (pause line alone: held until 200 ms without a line)')
print('- %s: median %.1f ms, max %.1f ms over %d pauses' % (what, delays[len(delays) // 2], delays[-1], len(delays)))
PY
  kill $WP; wait $WP 2>/dev/null
done
echo
echo "inotify wakes watch; each figure includes the scrape that saw the change."
} > "$out"
cat "$out"
