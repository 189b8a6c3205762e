#!/usr/bin/env bash
# tests/sh/correlate.sh — gclat correlate on the real HTTP service fixtures
# (tests/fixtures/http: JDK 17 G1 and ZGC under wrk) against an independent
# Python join of the same raw logs (tests/sh/correlate_check.py, the rule of
# docs/correlate.md):
#   - requests that met a pause, request-pause pairs, stopped time: equal to
#     Python's on G1 and on both ZGC captures (sub-ms pauses count);
#   - allocation stalls joined on the thread name: requests, pairs and per
#     thread equal to Python's; without the thread, the upper bound equals
#     Python's and is never below the thread join;
#   - every request meeting a pause >= 5 ms contains it whole, and gclat
#     reports no request starting or ending inside a pause;
#   - --offset auto finds 0 on the aligned logs and a known shift; a given
#     offset is checked and a better one warned; disjoint time ranges and
#     whole-second timestamps are warned;
#   - a GC log without wall-clock times is refused with a useful message.
# needs: python3
set -u
. "$ROOT/tests/sh/lib.bash"
G=gx # gclat, failing the test when it exits non-zero
H="$ROOT/tests/fixtures/http"
T=${TMPDIR:-/tmp}/correlate.$$
mkdir -p "$T"
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; }
jget() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
near() { python3 -c "import sys; a,b,e=map(float,sys.argv[1:]); sys.exit(0 if abs(a-b)<=e else 1)" "$@"; }
py() { awk -v k="$2" '$1 == k { print $2 }' "$1"; }
# same FILE.json KEYPATH PYFILE PYKEY: the gclat figure equals Python's
same() { local g p; g=$(jget "$1" "$2"); p=$(py "$3" "$4"); [ -n "$p" ] && [ "$g" = "$p" ]; }

GC="$H/jdk17-g1.gc.log.gz"; AC="$H/jdk17-g1.access.log.gz"
"$G" correlate --gc "$GC" --access "$AC" -f 2 --unit ms --json --strict > "$T/g1.json"; rc=$?
python3 "$ROOT/tests/sh/correlate_check.py" "$GC" "$AC" 0 5 > "$T/py.txt" || nok "correlate_check.py (the independent reading) exited $?"
if [ $rc = 0 ] && same "$T/g1.json" "d['summary']['requests']" "$T/py.txt" requests &&
   same "$T/g1.json" "d['inputs']['pauses']" "$T/py.txt" pauses; then
  ok "G1: $(py "$T/py.txt" requests) requests and $(py "$T/py.txt" pauses) pauses, as Python reads them (--strict)"
else nok "G1 counts (rc $rc): gclat $(jget "$T/g1.json" "d['summary']['requests']" 2>&1) vs $(py "$T/py.txt" requests)"; fi
gov=$(jget "$T/g1.json" "d['summary']['overlapped']")
if same "$T/g1.json" "d['summary']['overlapped']" "$T/py.txt" overlapped && same "$T/g1.json" "d['summary']['pairs']" "$T/py.txt" pairs &&
   same "$T/g1.json" "d['summary']['undecidable']" "$T/py.txt" undecidable &&
   near "$(jget "$T/g1.json" "d['summary']['stopped_in_requests_ms']")" "$(python3 -c "print($(py "$T/py.txt" stopped_in_requests_us) / 1000)")" 0.0015; then
  ok "G1: $gov requests met a pause, $(jget "$T/g1.json" "d['summary']['pairs']") pairs, $(jget "$T/g1.json" "d['summary']['undecidable']") undecidable, stopped time inside: all equal to Python's join"
else nok "G1 overlapped $gov / pairs $(jget "$T/g1.json" "d['summary']['pairs']") vs Python $(py "$T/py.txt" overlapped) / $(py "$T/py.txt" pairs)"; fi
gp99o=$(jget "$T/g1.json" "d['latency'][1]['p99_ms']"); gp99c=$(jget "$T/g1.json" "d['latency'][2]['p99_ms']")
if near "$gp99o" "$(py "$T/py.txt" p99_overlapped_ms)" 0.5 && near "$gp99c" "$(py "$T/py.txt" p99_clean_ms)" 0.5 &&
   python3 -c "import sys; sys.exit(0 if $gp99o > 2 * $gp99c else 1)"; then
  ok "G1: P99 of requests meeting a pause $gp99o ms > 2 x P99 of the others $gp99c ms (Python agrees)"
else nok "G1 P99 overlapped $gp99o vs clean $gp99c (Python $(py "$T/py.txt" p99_overlapped_ms) / $(py "$T/py.txt" p99_clean_ms))"; fi
if [ "$(py "$T/py.txt" big_pauses)" -gt 5 ] && [ "$(py "$T/py.txt" violations)" = 0 ] && [ "$(jget "$T/g1.json" "d['alignment']['edge_violations']")" = 0 ]; then
  ok "G1: requests meeting any of $(py "$T/py.txt" big_pauses) pauses >= 5 ms contain them whole (independent), gclat: 0 edge violations"
else nok "G1 containment: big $(py "$T/py.txt" big_pauses) violations $(py "$T/py.txt" violations) gclat $(jget "$T/g1.json" "d['alignment']['edge_violations']")"; fi
if python3 -c "import json,sys; d=json.load(open(sys.argv[1]))['summary']; sys.exit(0 if d['slow_overlapped_pct'] > 2*d['overlapped_pct'] and d['stops_included'] == ['pauses'] else 1)" "$T/g1.json" &&
   [ "$(jget "$T/g1.json" "'stalls' in d")" = False ]; then
  ok "G1: slow requests meet pauses far more often than requests in general ($(jget "$T/g1.json" "d['summary']['slow_overlapped_pct']")% vs $(jget "$T/g1.json" "d['summary']['overlapped_pct']")%); stops_included [pauses], no stall section"
else nok "G1 slow share / stops_included"; fi

# ZGC: sub-millisecond pauses meet every request in flight (was: 0 overlaps)
GZ="$H/jdk17-zgc.gc.log.gz"; AZ="$H/jdk17-zgc.access.log.gz"
"$G" correlate --gc "$GZ" --access "$AZ" -f 2 --json > "$T/z.json"; rc=$?
python3 "$ROOT/tests/sh/correlate_check.py" "$GZ" "$AZ" > "$T/pz.txt"
if [ $rc = 0 ] && same "$T/z.json" "d['summary']['requests']" "$T/pz.txt" requests &&
   same "$T/z.json" "d['summary']['overlapped']" "$T/pz.txt" overlapped && same "$T/z.json" "d['summary']['pairs']" "$T/pz.txt" pairs &&
   same "$T/z.json" "d['summary']['undecidable']" "$T/pz.txt" undecidable &&
   [ "$(jget "$T/z.json" "d['summary']['overlapped']")" -gt 500 ] &&
   python3 -c "import json,sys; s=json.load(open(sys.argv[1]))['summary']; sys.exit(0 if s['longest_pause_ms'] < 1 else 1)" "$T/z.json"; then
  ok "ZGC: pauses < 1 ms; $(jget "$T/z.json" "d['summary']['overlapped']") requests met one, $(jget "$T/z.json" "d['summary']['pairs']") pairs ($(jget "$T/z.json" "d['summary']['in_flight_per_pause']") in flight per pause): equal to Python's join"
else nok "ZGC (rc $rc): gclat $(jget "$T/z.json" "d['summary']['overlapped']") / $(jget "$T/z.json" "d['summary']['pairs']") vs Python $(py "$T/pz.txt" overlapped) / $(py "$T/pz.txt" pairs)"; fi
if same "$T/z.json" "d['stalls']['stalls']" "$T/pz.txt" stalls && same "$T/z.json" "d['stalls']['stalled_requests_upper_bound']" "$T/pz.txt" stall_bound &&
   same "$T/z.json" "d['stalls']['stalls_during_requests']" "$T/pz.txt" stall_during &&
   [ "$(jget "$T/z.json" "d['stalls']['join']")" = none ] && [ "$(jget "$T/z.json" "d['stalls']['stops_included']")" = "['stalls']" ]; then
  ok "ZGC without a thread field: $(jget "$T/z.json" "d['stalls']['stalls']") stalls, at most $(jget "$T/z.json" "d['stalls']['stalled_requests_upper_bound']") requests on a stalled thread (Python's bound), kept apart from the pause figures"
else nok "ZGC stall bound $(jget "$T/z.json" "d['stalls']" 2>&1) vs Python $(py "$T/pz.txt" stall_bound)"; fi

# ZGC with stalls and the thread in the access log: joined on the thread name
GS="$H/jdk17-zgc-stall.gc.log.gz"; AS="$H/jdk17-zgc-stall.access.log.gz"
"$G" correlate --gc "$GS" --access "$AS" -f 2 --thread-field 5 --top 0 --json --strict > "$T/s.json"; rc=$?
python3 "$ROOT/tests/sh/correlate_check.py" "$GS" "$AS" 5 > "$T/ps.txt"
if [ $rc = 0 ] && same "$T/s.json" "d['summary']['overlapped']" "$T/ps.txt" overlapped && same "$T/s.json" "d['summary']['pairs']" "$T/ps.txt" pairs &&
   same "$T/s.json" "d['stalls']['stalled_requests']" "$T/ps.txt" stalled_requests && same "$T/s.json" "d['stalls']['stall_pairs']" "$T/ps.txt" stall_pairs &&
   same "$T/s.json" "d['any_stop']['requests']" "$T/ps.txt" delayed_any && [ "$(jget "$T/s.json" "d['stalls']['join']")" = thread ] &&
   [ "$(jget "$T/s.json" "d['any_stop']['stops_included']")" = "['pauses', 'stalls']" ]; then
  ok "ZGC stalls: $(jget "$T/s.json" "d['stalls']['stalled_requests']") requests met a stall of their own thread ($(jget "$T/s.json" "d['stalls']['stall_pairs']") pairs), $(jget "$T/s.json" "d['summary']['overlapped']") met a pause, $(jget "$T/s.json" "d['any_stop']['requests']") either: equal to Python's join"
else nok "ZGC stalls (rc $rc): gclat $(jget "$T/s.json" "d['stalls'].get('stalled_requests')" 2>&1) / $(jget "$T/s.json" "d['any_stop']['requests']" 2>&1) vs Python $(py "$T/ps.txt" stalled_requests) / $(py "$T/ps.txt" delayed_any)"; fi
python3 -c "import json,sys; [print('thread_stalled', t['thread'], t['stalled_requests']) for t in json.load(open(sys.argv[1]))['threads'] if t['stalled_requests']]" "$T/s.json" | sort > "$T/g_thr.txt"
grep '^thread_stalled' "$T/ps.txt" | sort > "$T/p_thr.txt"
if [ -s "$T/p_thr.txt" ] && cmp -s "$T/g_thr.txt" "$T/p_thr.txt" && [ "$(wc -l < "$T/p_thr.txt")" -ge 8 ]; then
  ok "ZGC stalls attributed per thread: $(wc -l < "$T/p_thr.txt") threads, each thread's stalled requests equal Python's"
else nok "per-thread stall attribution differs: $(diff "$T/g_thr.txt" "$T/p_thr.txt" | head -5 | tr '\n' ' ')"; fi
"$G" correlate --gc "$GS" --access "$AS" -f 2 --json > "$T/s0.json"
if same "$T/s0.json" "d['stalls']['stalled_requests_upper_bound']" "$T/ps.txt" stall_bound &&
   [ "$(jget "$T/s0.json" "d['stalls']['stalled_requests_upper_bound']")" -ge "$(jget "$T/s.json" "d['stalls']['stalled_requests']")" ] &&
   [ "$(jget "$T/s0.json" "d['summary']['overlapped']")" = "$(jget "$T/s.json" "d['summary']['overlapped']")" ]; then
  ok "same capture without --thread-field: bound $(jget "$T/s0.json" "d['stalls']['stalled_requests_upper_bound']") >= the thread join's $(jget "$T/s.json" "d['stalls']['stalled_requests']"); pause figures unchanged"
else nok "bound without thread field"; fi
"$G" correlate --gc "$GS" --access "$AS" -f 2 --thread-field 3 > /dev/null 2> "$T/err"
if grep -q "no request's thread ('/work') is a thread that stalled" "$T/err"; then
  ok "a --thread-field that names no stalled thread is warned"; else nok "wrong thread field: $(cat "$T/err")"; fi

# --offset auto: 0 on aligned logs; +700 ms when the access log's clock is 700 ms behind
"$G" correlate --gc "$GC" --access "$AC" -f 2 --offset auto --json > "$T/auto.json"
zcat "$AC" | python3 -c "
import sys, datetime
for l in sys.stdin:
    f = l.split(' ')
    f[0] = (datetime.datetime.fromisoformat(f[0]) - datetime.timedelta(milliseconds=700)).isoformat(timespec='milliseconds')
    sys.stdout.write(' '.join(f))" > "$T/shifted.log"
"$G" correlate --gc "$GC" --access "$T/shifted.log" -f 2 --offset auto --json > "$T/shift.json"
"$G" correlate --gc "$GC" --access "$T/shifted.log" -f 2 --offset +700ms --json > "$T/given.json"
if near "$(jget "$T/auto.json" "d['alignment']['offset_ms']")" 0 2 && near "$(jget "$T/shift.json" "d['alignment']['offset_ms']")" 700 2 &&
   [ "$(jget "$T/given.json" "d['summary']['overlapped']")" = "$gov" ]; then
  ok "offset auto: $(jget "$T/auto.json" "d['alignment']['offset_ms']") ms on aligned logs, $(jget "$T/shift.json" "d['alignment']['offset_ms']") ms for a 700 ms shift; --offset +700ms restores the join"
else nok "offset auto: $(jget "$T/auto.json" "d['alignment']['offset_ms']") / $(jget "$T/shift.json" "d['alignment']['offset_ms']")"; fi
if near "$(jget "$T/shift.json" "d['summary']['overlapped']")" "$gov" "$(python3 -c "print(max(5, $gov * 0.02))")"; then
  ok "offset auto: shifted log joins like the original ($(jget "$T/shift.json" "d['summary']['overlapped']") vs $gov)"
else nok "shifted join: $(jget "$T/shift.json" "d['summary']['overlapped']") vs $gov"; fi
"$G" correlate --gc "$GC" --access "$T/shifted.log" -f 2 --json > "$T/noshift.json" 2> "$T/err"
if [ "$(jget "$T/noshift.json" "d['alignment']['edge_violations']")" -gt 50 ] && grep -q 'fit better with --offset +699' "$T/err" &&
   grep -q 'clocks look misaligned' "$T/err" && near "$(jget "$T/noshift.json" "d['alignment']['offset_check_ms']")" 700 2 &&
   ! grep -q 'fit better' <("$G" correlate --gc "$GC" --access "$AC" -f 2 2>&1 >/dev/null); then
  ok "a wrong given offset: $(jget "$T/noshift.json" "d['alignment']['edge_violations']") requests start/end inside pauses, the check finds $(jget "$T/noshift.json" "d['alignment']['offset_check_ms']") ms and warns; aligned logs: no warning"
else nok "offset check: $(cat "$T/err")"; fi

# time ranges: a GC log that covers only the first half of the access log is warned
zcat "$GC" | awk 'NR <= 4000' > "$T/half.gc.log"
"$G" correlate --gc "$T/half.gc.log" --access "$AC" -f 2 --json > "$T/half.json" 2> "$T/err"
n_out=$(jget "$T/half.json" "d['alignment']['requests_outside_gc_span']")
want_out=$(python3 - "$T/half.gc.log" "$AC" <<'EOF'
import datetime, gzip, re, sys
def ms(s):
    s = re.sub(r'([+-]\d\d):?(\d\d)$', r'\1\2', s)
    d = datetime.datetime.strptime(s, '%Y-%m-%dT%H:%M:%S.%f%z')
    return int(d.timestamp()) * 1000 + d.microsecond // 1000
last = None
for l in open(sys.argv[1]):
    m = re.match(r'^\[([^\]]+)\].* (\d+\.\d+)ms$', l)
    if m and ('Pause' in l or 'Concurrent' in l):  # events: their end is start + duration
        last = ms(m.group(1))
n = 0
for l in gzip.open(sys.argv[2], 'rt'):
    f = l.split()
    if ms(f[0]) * 1000 > last * 1000 + 1000:  # starts after the GC log's last event (+1 ms of stamp)
        n += 1
print(n)
EOF
)
if grep -q 'cover different times' "$T/err" && [ "$n_out" -gt 1000 ] && near "$n_out" "$want_out" 50; then
  ok "GC log covering half the access log: $n_out requests outside its span (Python ~$want_out), warned"
else nok "range check: $n_out vs $want_out; $(cat "$T/err")"; fi

# whole-second timestamps: detected, warned
zcat "$AC" | head -3000 | sed 's/^\([0-9T:-]*\)\.[0-9]*\(+00:00\)/\1\2/' > "$T/sec.log"
"$G" correlate --gc "$GC" --access "$T/sec.log" -f 2 --json > "$T/sec.json" 2> "$T/err"
if [ "$(jget "$T/sec.json" "d['alignment']['resolution_ms']")" = 1000.0 ] && grep -q 'whole seconds' "$T/err"; then
  ok "whole-second access-log timestamps: resolution 1 s detected and warned"
else nok "second resolution: $(jget "$T/sec.json" "d['alignment']['resolution_ms']" 2>&1) $(cat "$T/err")"; fi

# GC log with uptime only: refused, with the fix in the message; --jvm-start makes it work
zcat "$GC" | sed 's/^\[[^]]*\]//' > "$T/uptime.log"
"$GCLAT" correlate --gc "$T/uptime.log" --access "$AC" -f 2 >/dev/null 2>"$T/err"; rc=$?
if [ $rc = 2 ] && grep -q "no wall-clock times" "$T/err" && grep -q -- "--jvm-start" "$T/err"; then
  ok "uptime-only GC log: exit 2, message names the decorators and --jvm-start"; else nok "uptime-only (rc $rc)"; fi
start=$(zcat "$GC" | head -1 | python3 -c "
import sys, re, datetime
l = sys.stdin.readline(); m = re.match(r'^\[([^\]]+)\]\[([0-9.]+)s\]', l)
t = datetime.datetime.fromisoformat(re.sub(r'([+-]\d\d)(\d\d)$', r'\1:\2', m.group(1))) - datetime.timedelta(seconds=float(m.group(2)))
print(t.isoformat(timespec='milliseconds'))")
"$G" correlate --gc "$T/uptime.log" --access "$AC" -f 2 --jvm-start "$start" --json > "$T/up.json"; rc=$?
if [ $rc = 0 ] && near "$(jget "$T/up.json" "d['summary']['overlapped']")" "$gov" "$(python3 -c "print(max(5, $gov * 0.03))")"; then
  ok "uptime-only GC log + --jvm-start $start: same join (within ms rounding: $(jget "$T/up.json" "d['summary']['overlapped']") vs $gov)"; else nok "--jvm-start (rc $rc): $(jget "$T/up.json" "d['summary']['overlapped']" 2>&1) vs $gov"; fi

# CSV: the latency table
"$G" correlate --gc "$GC" --access "$AC" -f 2 --csv > "$T/l.csv"
if [ "$(head -1 "$T/l.csv")" = "requests,count,p50_ms,p90_ms,p99_ms,p99.9_ms,max_ms,mean_ms" ] && [ "$(wc -l < "$T/l.csv")" = 4 ]; then
  ok "--csv latency table"; else nok "--csv"; fi
"$GCLAT" correlate --gc "$GC" >/dev/null 2>&1; rc=$?
if [ $rc = 1 ]; then ok "missing --access is a usage error"; else nok "missing --access exit $rc"; fi
rm -rf "$T"
