#!/usr/bin/env bash
# tests/sh/watch.sh — gclat watch against real writers: a JDK 17 workload
# logging -Xlog:gc*:file=...::filecount=99,filesize=128k (so the log rotates
# while followed) and printing the JVM's own GC notifications; at the end the
# Prometheus counters equal the JVM's notification counts per (gc, action,
# cause) and `gclat gc` over the rotated set. Also: --once exit codes, rotation
# by create and copytruncate written by a script, --textfile, --save, --exec,
# and Prometheus itself scraping watch (when Debian's prometheus is installed).
# Every address is 127.0.0.1.
set -u
: "${GCLAT:?}" "${ROOT:?}"
T="${TMPDIR:-/tmp}/watch-sh.$$"
mkdir -p "$T"
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; rm -rf "$T"' EXIT
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; shift; for l in "$@"; do echo "# $l"; done; }
skip() { echo "ok - $1 # SKIP $2"; }
FX="$ROOT/tests/fixtures/gc"

metrics() { python3 -c "import urllib.request,sys; sys.stdout.write(urllib.request.urlopen('http://127.0.0.1:%s/metrics' % sys.argv[1], timeout=5).read().decode())" "$1"; }
start_watch() { # start_watch DIR ARGS... -> $WPORT, $WPID
  "$GCLAT" watch --listen 127.0.0.1:0 --interval 500ms "${@:2}" > "$1/watch.out" 2> "$1/watch.err" & WPID=$!; pids+=($WPID)
  for _ in $(seq 100); do grep -q 'metrics on' "$1/watch.err" 2>/dev/null && break; sleep 0.05; done
  WPORT=$(grep -o '127.0.0.1:[0-9]*' "$1/watch.err" | head -1 | cut -d: -f2)
}

# 1. real JVMs, rotating their logs while followed
if command -v javac > /dev/null && javac -d "$T" "$ROOT/tests/fixtures/watch/GcNotify.java" 2> "$T/javac.err"; then
  for gc in UseG1GC UseParallelGC UseSerialGC UseZGC; do
    d="$T/$gc"; mkdir -p "$d"
    start_watch "$d" --gc "j=$d/gc.log"
    # 32 KB files: a JVM slowed by other tests still rotates twice (the run
    # below is 3 s of allocation: 204 G1 pauses, 130 KB of log, on a loaded CI
    # machine, where 128 KB files did not rotate twice); 999 files hold 32 MB
    java -XX:+$gc -Xmx64m -Xlog:gc*:file="$d/gc.log"::filecount=999,filesize=32k -cp "$T" GcNotify 3 > "$d/notes.txt" 2> "$d/java.err"
    # watch polls at least every second; on a loaded machine it may take longer to
    # read the last lines: scrape until its counts add up to the JVM's (10 s at most)
    want=$(awk -F'\t' 'NF == 4' "$d/notes.txt" | wc -l)
    sleep 1.5
    for _ in $(seq 20); do
      metrics "$WPORT" > "$d/m.txt" 2> "$d/m.err"
      got=$(awk '/^(jvm_gc_pause_seconds_count|jvm_gc_concurrent_phase_time_seconds_count)\{/ {n += $NF} END {print n + 0}' "$d/m.txt")
      [ "$got" -ge "$want" ] && break
      sleep 0.5
    done
    kill "$WPID"; wait "$WPID" 2> /dev/null
    "$GCLAT" gc --json "$d"/gc.log* > "$d/gc.json" 2> /dev/null
    v=$(python3 - "$d" <<'PY'
import sys, re, json, collections
d = sys.argv[1]
notes = collections.Counter()
for l in open(d + '/notes.txt'):
    f = l.rstrip('\n').split('\t')
    if len(f) == 4:
        notes[(f[0], f[1], f[2])] += 1
prom = collections.Counter()
for l in open(d + '/m.txt'):
    m = re.match(r'(jvm_gc_pause_seconds_count|jvm_gc_concurrent_phase_time_seconds_count)\{(.*)\} (\S+)$', l)
    if m:
        lab = dict(re.findall(r'(\w+)="((?:[^"\\]|\\.)*)"', m.group(2)))
        prom[(lab['gc'], lab['action'], lab['cause'])] += int(float(m.group(3)))
g = json.load(open(d + '/gc.json'))
# JDK 17 does not notify G1 remark/cleanup; gclat labels them as JDK 20+ does
extra = {k: v for k, v in prom.items() if k not in notes}
missing = {k: v for k, v in notes.items() if prom.get(k) != v}
k = g.get('kinds', {})
g1c = k.get('remark', {}).get('count', 0) + k.get('cleanup', {}).get('count', 0)
ok_extra = all(key[0] == 'G1 Concurrent GC' for key in extra) and sum(extra.values()) == (g1c if extra else 0)
pauses = sum(v for key, v in prom.items() if key[0] not in ('ZGC Cycles',))
rot = len(__import__('glob').glob(d + '/gc.log.*')) >= 2  # rotated more than once
print('OK' if not missing and ok_extra and rot and g['pauses']['count'] == pauses else 'BAD',
      'notified=%d' % sum(notes.values()), 'missing=%s' % dict(missing), 'extra=%s' % dict(extra),
      'gc.pauses=%s' % g['pauses']['count'], 'prom.pauses=%d' % pauses, 'rotated=%s' % rot)
PY
)
    case $v in OK*) ok "$gc: counters == the JVM's notifications per (gc, action, cause), log rotated (${v#OK })";;
      *) nok "$gc: watch counters vs JVM notifications" "$v" "$(head -3 "$d/watch.err")";; esac
  done
  # promtool, when Prometheus is installed, on the exposition of the G1 run
  if command -v promtool > /dev/null; then
    out=$(promtool check metrics < "$T/UseG1GC/m.txt" 2>&1); rc=$?
    [ $rc = 0 ] && ok "promtool check metrics passes" || nok "promtool check metrics (exit $rc)" "$out"
  else skip "promtool check metrics" "prometheus not installed"; fi
else
  skip "JVM-driven watch checks" "no javac"
fi

# 2. --once: exit 4 when an alert holds, 0 when not, 2 when its metric has no data
F="$FX/jdk17-g1-detailed-steady.log"
"$GCLAT" watch --once --gc "$F" --alert 'pause.max > 1ms' > "$T/o1" 2>&1; r1=$?
"$GCLAT" watch --once --gc "$F" --alert 'pause.max > 1s' > "$T/o2" 2>&1; r2=$?
"$GCLAT" watch --once --gc "$FX/jdk17-zgc-plain-stall.log" --alert 'pause.p99 > 1ms' > "$T/o3" 2>&1; r3=$?
"$GCLAT" watch --once --gc "$F" --alert 'pause.max > 1ms for 1m' > /dev/null 2>&1; r4=$?
"$GCLAT" watch --once --gc "$F" --alert 'nosuch > 1' > /dev/null 2>&1; r5=$?
"$GCLAT" watch --once --gc "$T/missing.log" > /dev/null 2>&1; r6=$?
[ "$r1$r2$r3$r4$r5$r6" = 402113 ] && ok "--once exit codes: holds 4, not 0, no data 2, 'for' 1, unknown metric 1, missing file 3" ||
  nok "--once exit codes" "got $r1 $r2 $r3 $r4 $r5 $r6, want 4 0 2 1 1 3" "$(cat "$T/o3")"
# the line agrees with gclat gc on the same log
want=$("$GCLAT" gc --json "$F" | python3 -c "import json,sys; d=json.load(sys.stdin); print(d['pauses']['count'], '%.3f' % d['pauses']['max_ms'])")
got=$("$GCLAT" watch --once --json --window 1h --gc "$F" | python3 -c "import json,sys; d=json.loads(sys.stdin.readline()); w=d['windows'][0]['pause']; print(w['count'], '%.3f' % w['max_ms'])")
[ "$want" = "$got" ] && ok "--once --json window figures == gclat gc ($got)" || nok "--once vs gc" "gc: $want" "watch: $got"

# 3. a log written line by line by a script, rotated by create and by copytruncate
src="$FX/jdk17-g1-detailed-steady.log"
n=$(wc -l < "$src")
d="$T/rot"; mkdir -p "$d"; : > "$d/gc.log"
"$GCLAT" watch --json --interval 200ms --gc "r=$d/gc.log" > "$d/w.json" 2> "$d/w.err" & WP=$!; pids+=($WP)
sleep 0.3
third=$((n / 3))
head -n $third "$src" | while IFS= read -r l; do printf '%s\n' "$l" >> "$d/gc.log"; done
mv "$d/gc.log" "$d/gc.log.1"; : > "$d/gc.log"                        # logrotate create
sed -n "$((third + 1)),$((2 * third))p" "$src" >> "$d/gc.log"
sleep 1.2
cp "$d/gc.log" "$d/gc.log.2"; : > "$d/gc.log"                        # logrotate copytruncate
sed -n "$((2 * third + 1)),\$p" "$src" >> "$d/gc.log"
sleep 1.5
kill -TERM $WP; wait $WP 2> /dev/null
got=$(tail -1 "$d/w.json" | python3 -c "import json,sys; d=json.loads(sys.stdin.read()); print(d['since_start']['pauses'])" 2>&1)
want=$("$GCLAT" gc --json "$src" | python3 -c "import json,sys; print(json.load(sys.stdin)['pauses']['count'])")
[ "$got" = "$want" ] && ok "create + copytruncate rotation while followed: $got pauses == gclat gc" || nok "rotation" "watch $got, gc $want" "$(cat "$d/w.err")"

# 4. --textfile, --save and --exec on a live run
d="$T/live"; mkdir -p "$d/tf" "$d/save"; : > "$d/gc.log"
"$GCLAT" watch -q --interval 300ms --gc "x=$d/gc.log" --textfile "$d/tf" --save "$d/save" \
  --alert 'pause.max > 1ms' --exec "env | grep ^GCLAT_ALERT >> $d/exec.txt" > /dev/null 2> "$d/err" & WP=$!; pids+=($WP)
sleep 0.3; cat "$src" >> "$d/gc.log"; sleep 1.5
kill -TERM $WP; wait $WP 2> /dev/null
c=$(awk '/^gclat_gc_pause_seconds_count/ {print $2}' "$d/tf/gclat_watch.prom" 2>/dev/null)
m=$("$GCLAT" merge --json --tag pause "$d/save/x.hlog" 2> /dev/null | python3 -c "import json,sys; print(json.load(sys.stdin)['merge']['summary']['count'])" 2>&1)
e=$(grep -c "GCLAT_ALERT_STATE=firing" "$d/exec.txt" 2>/dev/null)
[ "$c" = "$want" ] && [ "$m" = "$want" ] && [ "$e" -ge 1 ] && grep -q "GCLAT_ALERT_METRIC=pause.max" "$d/exec.txt" && grep -q "ALERT x: pause.max > 1ms" "$d/err" &&
  ok "--textfile count $c, --save merge count $m, --exec ran with the alert in its environment" ||
  nok "--textfile/--save/--exec" "textfile $c save $m exec $e want $want" "$(cat "$d/err")"

# 5. Prometheus itself scrapes watch (Debian's prometheus, on 127.0.0.1)
if command -v prometheus > /dev/null; then
  d="$T/prom"; mkdir -p "$d"; : > "$d/gc.log"
  start_watch "$d" --gc "p=$d/gc.log"
  PP=$(python3 -c "import socket; s=socket.socket(); s.bind(('127.0.0.1',0)); print(s.getsockname()[1])")
  cat > "$d/prom.yml" <<Y
global: {scrape_interval: 1s}
scrape_configs: [{job_name: gclat, static_configs: [{targets: ['127.0.0.1:$WPORT']}]}]
Y
  prometheus --config.file="$d/prom.yml" --storage.tsdb.path="$d/tsdb" --web.listen-address=127.0.0.1:$PP > "$d/p.log" 2>&1 & pids+=($!)
  cat "$src" >> "$d/gc.log"
  q() { python3 -c "import urllib.request,urllib.parse,json,sys; r=json.load(urllib.request.urlopen('http://127.0.0.1:%s/api/v1/query?query=%s' % (sys.argv[1], urllib.parse.quote(sys.argv[2])), timeout=5)); v=r['data']['result']; print(v[0]['value'][1] if v else 'none')" "$PP" "$1" 2>/dev/null; }
  got=none
  for _ in $(seq 40); do got=$(q 'sum(gclat_gc_pause_seconds_count)'); [ "$got" = "$want" ] && break; sleep 0.5; done
  p99=$(q 'histogram_quantile(0.99, sum by (le) (gclat_gc_pause_seconds_bucket))')
  gp99=$("$GCLAT" gc --json "$src" | python3 -c "import json,sys; print(json.load(sys.stdin)['pauses']['percentiles']['p99'] / 1000)" 2>/dev/null)
  # histogram_quantile interpolates inside a bucket: gclat's exact p99 must lie in the same bucket
  inb=$(python3 -c "
b=[0.0001,0.00025,0.0005,0.001,0.0025,0.005,0.01,0.025,0.05,0.1,0.25,0.5,1,2.5,5,10]
import bisect,sys; p=float(sys.argv[1]); g=float(sys.argv[2]); print(bisect.bisect_left(b,p)==bisect.bisect_left(b,g))" "$p99" "$gp99" 2>&1)
  [ "$got" = "$want" ] && [ "$inb" = True ] && ok "Prometheus scraped watch: pause count $got == gclat gc; histogram_quantile p99 $p99 s in gclat's p99 bucket ($gp99 s)" ||
    nok "Prometheus scrape" "count $got want $want, p99 $p99 vs $gp99 ($inb)" "$(tail -3 "$d/p.log")"
else
  skip "Prometheus scrape" "prometheus not installed"
fi

# 6. access logs: --once figures == gclat lat; create + copytruncate rotation while written
A="$ROOT/tests/fixtures/http/jdk17-g1.access.log.gz"
zcat "$A" > "$T/acc.log"
want=$("$GCLAT" lat -f 2 --json "$T/acc.log" | python3 -c "
import json,sys; d=json.load(sys.stdin)['lat']; p={r['percentile']: r['value'] for r in d['percentiles']}
print(d['summary']['count'] if 'summary' in d else '?', p['P50'], p['P99'], p['P99.9'])" 2>&1)
got=$("$GCLAT" watch --once --json -f 2 --window 1h --access "a=$T/acc.log" | python3 -c "
import json,sys; r=json.loads(sys.stdin.readline())['windows'][0]['requests']; print(r['count'], r['p50_ms'], r['p99_ms'], r['p99.9_ms'])" 2>&1)
[ "$want" = "$got" ] && ok "--access --once window == gclat lat ($got)" || nok "--access vs lat" "lat: $want" "watch: $got"
"$GCLAT" watch --once --gc "$A" > /dev/null 2> "$T/gz.err"; rc=$?
[ $rc = 2 ] && grep -q "is gzip" "$T/gz.err" && ok "a .gz is refused (exit 2): watch follows live logs" || nok "gz refusal (exit $rc)"
d="$T/arot"; mkdir -p "$d"; : > "$d/access.log"
n=$(wc -l < "$T/acc.log"); third=$((n / 3))
"$GCLAT" watch --json --interval 200ms -f 2 --access "w=$d/access.log" --listen 127.0.0.1:0 > "$d/w.json" 2> "$d/w.err" & WP=$!; pids+=($WP)
for _ in $(seq 100); do grep -q 'metrics on' "$d/w.err" 2>/dev/null && break; sleep 0.05; done
WPORT=$(grep -o '127.0.0.1:[0-9]*' "$d/w.err" | head -1 | cut -d: -f2)
sleep 0.3
head -n $third "$T/acc.log" >> "$d/access.log"; sleep 0.5
mv "$d/access.log" "$d/access.log.1"; : > "$d/access.log"            # create
sed -n "$((third + 1)),$((2 * third))p" "$T/acc.log" >> "$d/access.log"; sleep 1.2
cp "$d/access.log" "$d/access.log.2"; : > "$d/access.log"            # copytruncate
sed -n "$((2 * third + 1)),\$p" "$T/acc.log" >> "$d/access.log"; sleep 1.5
metrics "$WPORT" > "$d/m.txt"
kill -TERM $WP; wait $WP 2> /dev/null
c=$(awk '/^gclat_http_request_duration_seconds_count/ {s += $2} END {print s + 0}' "$d/m.txt")
r=$(grep -c '^gclat_http_request_duration_seconds_count{jvm="w",route="unknown",status="unknown"}' "$d/m.txt")
[ "$c" = "$n" ] && [ "$r" = 1 ] && ok "access log written through create + copytruncate: $c requests counted, by route and status" ||
  nok "access rotation" "counted $c of $n, route/status series $r" "$(head -3 "$d/w.err")"
# an nginx log: series by status and templated route, counts == awk
N="$ROOT/tests/fixtures/access/small-nginx.log"
mkdir -p "$T/tf2"
"$GCLAT" watch --once --log-format nginx --access "n=$N" --textfile "$T/tf2" > /dev/null 2>&1
got=$(awk '/^gclat_http_request_duration_seconds_count/ {s += $2} END {print s + 0}' "$T/tf2/gclat_watch.prom")
want=$("$GCLAT" lat --log-format nginx --json "$N" | python3 -c "import json,sys; print(json.load(sys.stdin)['lat']['summary']['count'])" 2>&1)
st=$(grep -c '^gclat_http_request_duration_seconds_count{jvm="n",route="[^"]*",status="[0-9][0-9][0-9]"}' "$T/tf2/gclat_watch.prom")
[ "$got" = "$want" ] && [ "$st" -ge 1 ] && ok "nginx log: $got requests in $st (route, status) series == gclat lat" || nok "nginx series" "watch $got lat $want series $st"
