#!/usr/bin/env bash
# tests/sh/impact.sh — gclat impact against independent arithmetic:
#   the Qunar report's ((200 - 100) * 6) / 60000 = 1% on a synthetic JDK 8
#   ParNew log (parsed by the legacy parser), service time, what-if cap and
#   what-if log, a service-time access log, and a discrete-event simulation
#   (python3, its own parser) over the real G1 fixture's pauses; allocation
#   stalls of the real ZGC fixture counted from the raw lines (one request
#   per stall longer than T - s), their share at a rate, the rate read from
#   a timestamped service-time log, and what-ifs that compare like with like.
set -u
. "$ROOT/tests/sh/lib.bash"
G=gx # gclat, failing the test when it exits non-zero
H="$ROOT/tests/fixtures/http"
T=${TMPDIR:-/tmp}/impact.$$
mkdir -p "$T"
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; }
jget() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
near() { python3 -c "import sys; a,b,e=map(float,sys.argv[1:]); sys.exit(0 if abs(a-b)<=e else 1)" "$@"; }

# ParNew 200 ms every 10 s for an hour (361 pauses, 5 s .. 3605 s uptime)
python3 - > "$T/qunar.log" <<'PY'
import datetime
base = datetime.datetime(2023, 1, 1)
for i in range(361):
    up = 5.0 + i * 10.0
    t = base + datetime.timedelta(seconds=up)
    ts = t.strftime('%Y-%m-%dT%H:%M:%S.') + '%03d+0800' % (t.microsecond // 1000)
    print(f"{ts}: {up:.3f}: [GC (Allocation Failure) {up:.3f}: [ParNew: 1000K->100K(2000K), 0.2000000 secs] "
          f"5000K->4100K(10000K), 0.2000000 secs] [Times: user=0.40 sys=0.00, real=0.20 secs]")
PY
# span = 3600.2 s (first pause start .. last pause end); windows 361 x 100 ms
"$G" impact --timeout 100ms --rate 30000 --json --strict "$T/qunar.log" > "$T/q.json"; rc=$?
if [ $rc = 0 ] && near "$(jget "$T/q.json" "d['impact']['share_pct']")" "$(python3 -c 'print(361*100/3600200*100)')" 1e-4 &&
   near "$(jget "$T/q.json" "d['impact']['share_pct']")" 1.0 0.01; then
  ok "Qunar: ParNew 200 ms / 10 s, timeout 100 ms -> 1% (legacy log parsed, --strict)"
else nok "Qunar arithmetic (rc $rc): $(jget "$T/q.json" "d['impact']" 2>&1 | head -c 300)"; fi
if near "$(jget "$T/q.json" "d['impact']['requests_lost_per_day']")" "$(python3 -c 'print(361*100/3600200*30000*86400)')" 1; then
  ok "Qunar: requests lost per day at 30000 QPS"; else nok "Qunar requests lost"; fi
if [ "$(jget "$T/q.json" "d['impact']['pauses']")" = 361 ] && [ "$(jget "$T/q.json" "len(d['responsible'])")" = 10 ]; then
  ok "Qunar: 361 pauses, top 10 responsible"; else nok "Qunar pause count"; fi

"$G" impact --timeout 200ms --json "$T/qunar.log" > "$T/q200.json"
if near "$(jget "$T/q200.json" "d['impact']['share_pct']")" 0 1e-9; then
  ok "Qunar: a 200 ms timeout outlasts a 200 ms pause (0%)"; else nok "timeout 200 ms"; fi

# service time 2 ms: in-flight requests (2 ms before each pause) miss too: 104 ms per pause
"$G" impact --timeout 100ms --service-time 2ms --json "$T/qunar.log" > "$T/qs.json"
if near "$(jget "$T/qs.json" "d['impact']['share_pct']")" "$(python3 -c 'print(361*104/3600200*100)')" 1e-4 &&
   near "$(jget "$T/qs.json" "d['impact']['share_arrivals_only_pct']")" "$(python3 -c 'print(361*102/3600200*100)')" 1e-4; then
  ok "service time 2 ms: (P - (T - s) + s) per pause, arrivals-only (P - (T - s))"; else nok "service time constant"; fi

# the same service time from an access log (every request 2 ms) gives the same share
for i in $(seq 500); do echo "2023-01-01T00:00:00.000+08:00 2 /x 200"; done > "$T/svc.log"
"$G" impact --timeout 100ms --service-time "$T/svc.log" -f 2 --json "$T/qunar.log" > "$T/qf.json"
if near "$(jget "$T/qf.json" "d['impact']['share_pct']")" "$(jget "$T/qs.json" "d['impact']['share_pct']")" 1e-9 &&
   [ "$(jget "$T/qf.json" "d['model']['service_requests']")" = 500 ]; then
  ok "service-time FILE == constant for a constant log"; else nok "service-time file"; fi
# half the requests at 150 ms (> T: missing anyway) halve the GC share
for i in $(seq 500); do echo "2023-01-01T00:00:00.000+08:00 150 /x 200"; done >> "$T/svc.log"
"$G" impact --timeout 100ms --service-time "$T/svc.log" -f 2 --json "$T/qunar.log" > "$T/qf2.json"
if near "$(jget "$T/qf2.json" "d['impact']['share_pct']")" "$(python3 -c 'print(361*104/3600200*100/2)')" 1e-4 &&
   near "$(jget "$T/qf2.json" "d['model']['over_timeout_anyway_pct']")" 50 1e-9; then
  ok "service-time distribution: requests over T without GC are reported apart"; else nok "service-time distribution"; fi

# what-if: cap at 1 ms -> 0; another log with 1 ms pauses -> 0
"$G" impact --timeout 100ms --what-if max-pause=1ms --json "$T/qunar.log" > "$T/qw.json"
sed 's/0\.2000000 secs/0.0010000 secs/g; s/real=0.20/real=0.00/' "$T/qunar.log" > "$T/short.log"
"$G" impact --timeout 100ms --what-if "$T/short.log" --json "$T/qunar.log" > "$T/qw2.json"
if near "$(jget "$T/qw.json" "d['what_if'][1]['share_pct']")" 0 1e-9 && near "$(jget "$T/qw.json" "d['what_if'][1]['change_pct']")" -100 1e-9 &&
   near "$(jget "$T/qw2.json" "d['what_if'][1]['share_pct']")" 0 1e-9 && near "$(jget "$T/qw2.json" "d['what_if'][0]['share_pct']")" 1.0 0.01; then
  ok "what-if max-pause=1ms and what-if another log"; else nok "what-if"; fi

# per hour: the windows of the hour rows add up to the overall window
if python3 - "$T/q.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
tot = sum(r['share_pct'] / 100 * r['span_s'] for r in d['by_hour'])
sys.exit(0 if abs(tot - d['impact']['miss_window_ms'] / 1000) < 0.01 else 1)
PY
then ok "per-hour windows sum to the overall window"; else nok "per-hour sum"; fi

# discrete-event simulation over the real G1 fixture's pauses (python parses the log itself):
# the total arrival time that misses T, compared (the span is gclat's choice, so not compared)
if [ -f "$H/jdk17-g1.gc.log.gz" ]; then
  for T_MS in 5 10 20; do
    "$G" impact --timeout ${T_MS}ms --json "$H/jdk17-g1.gc.log.gz" > "$T/g1.json"
    got=$(jget "$T/g1.json" "d['impact']['miss_window_ms']")
    sim=$(python3 - "$H/jdk17-g1.gc.log.gz" "$T_MS" <<'PY'
import datetime, gzip, re, sys
T = float(sys.argv[2])
starts, pauses, first, last = {}, [], None, None
def ms(s):
    return datetime.datetime.fromisoformat(re.sub(r'([+-]\d\d)(\d\d)$', r'\1:\2', s)).timestamp() * 1000
for line in gzip.open(sys.argv[1], 'rt'):
    m = re.match(r'^\[([^\]]+)\]', line)
    if not m:
        continue
    t = ms(m.group(1)); first = t if first is None else min(first, t); last = t if last is None else max(last, t)
    m = re.match(r'^\[([^\]]+)\].*\[gc,start\s*\] GC\((\d+)\) Pause', line)
    if m: starts[m.group(2)] = t; continue
    m = re.match(r'^\[[^\]]+\].*\[gc\s*\] GC\((\d+)\) Pause .* (\d+\.\d+)ms$', line)
    if m and m.group(1) in starts:
        pauses.append((starts.pop(m.group(1)), float(m.group(2))))
# merge overlaps, then simulate arrivals every 0.05 ms with zero service time:
# a request arriving inside a pause completes at the pause's end
pauses.sort(); busy = []
for s, d in pauses:
    if busy and s < busy[-1][1]: busy[-1][1] = max(busy[-1][1], s + d)
    else: busy.append([s, s + d])
# arrival time that misses, in ms (independent of the observation span)
lo, hi = busy[0][0] - 1000, busy[-1][1] + 1000
miss = 0; i = 0; k = 0; step = 0.01
while True:
    a = lo + k * step
    if a >= hi: break
    while i < len(busy) and busy[i][1] <= a: i += 1
    if i < len(busy) and busy[i][0] <= a and busy[i][1] - a > T: miss += 1
    k += 1
print(miss * step)
PY
)
    # tolerance: one simulation step per window edge
    if near "$got" "$sim" "$(jget "$T/g1.json" "2*0.01*d['impact']['clusters_over']+0.01")"; then
      ok "G1 fixture, T=${T_MS}ms: model miss window $got ms vs simulation $sim ms"
    else nok "G1 fixture T=${T_MS}ms: model $got ms vs simulation $sim ms"; fi
  done
fi

# allocation stalls (ZGC fixture with stalls): counted from the raw log lines
GS="$H/jdk17-zgc-stall.gc.log.gz"; AS="$H/jdk17-zgc-stall.access.log.gz"
stalls_over() { # stalls_over MS: stall lines longer than MS
  zcat "$GS" | awk -v t="$1" '/(Allocation|Relocation) Stall \(/ { v = $NF; sub("ms", "", v); n++; if (v + 0 > t) o++ } END { print n + 0, o + 0 }'; }
read -r n_st n_50 <<< "$(stalls_over 50)"
read -r _ n_48 <<< "$(stalls_over 48)"
"$G" impact --timeout 50ms --json "$GS" > "$T/s0.json" 2> "$T/err"
"$G" impact --timeout 50ms --service-time 2ms --rate 800 --json "$GS" > "$T/s2.json"
if [ "$(jget "$T/s0.json" "d['stalls']['stalls']")" = "$n_st" ] && [ "$(jget "$T/s0.json" "d['stalls']['stalls_over_timeout']")" = "$n_50" ] &&
   near "$(jget "$T/s0.json" "d['stalls']['requests_pushed']")" "$n_50" 0.05 && near "$(jget "$T/s2.json" "d['stalls']['requests_pushed']")" "$n_48" 0.05 &&
   near "$(jget "$T/s0.json" "d['impact']['share_pct']")" 0 1e-9 && [ "$n_50" -gt 50 ] &&
   [ "$(jget "$T/s0.json" "d['stalls']['stops_included']")" = "['stalls']" ] && [ "$(jget "$T/s0.json" "d['impact']['stops_included']")" = "['pauses']" ] &&
   grep -q 'allocation stalls push about' "$T/err"; then
  ok "ZGC stalls, T = 50 ms: pauses push 0, $n_50 of $n_st stalls are longer than T (awk) = requests pushed; with s = 2 ms, $n_48 (stalls > 48 ms); no rate: warned"
else nok "stall counts: gclat $(jget "$T/s0.json" "d.get('stalls')" 2>&1 | head -c 300) vs awk $n_st/$n_50/$n_48"; fi
span=$(jget "$T/s2.json" "d['impact']['span_s']")
want=$(python3 -c "print(100 * $n_48 / (800 * $span))")
if near "$(jget "$T/s2.json" "d['stalls']['share_pct']")" "$want" 0.001 && near "$(jget "$T/s2.json" "d['impact_all']['share_pct']")" "$want" 0.001 &&
   [ "$(jget "$T/s2.json" "d['impact_all']['stops_included']")" = "['pauses', 'stalls']" ]; then
  ok "stalls at 800 req/s: share $(jget "$T/s2.json" "d['stalls']['share_pct']")% = $n_48 / (800 x $span s); impact_all counts pauses and stalls"
else nok "stall share $(jget "$T/s2.json" "d['stalls']" 2>&1 | head -c 300) vs $want"; fi
"$G" impact --timeout 50ms --service-time "$AS" -f 2 --json "$GS" > "$T/sf.json"
want_rate=$(zcat "$AS" | python3 -c "
import sys, datetime
t = [datetime.datetime.fromisoformat(l.split()[0]).timestamp() for l in sys.stdin]
print(len(t) / (max(t) - min(t)))")
if near "$(jget "$T/sf.json" "d['model']['rate_qps']")" "$want_rate" 0.1 && [ "$(jget "$T/sf.json" "d['model']['rate_source']")" = "service-time log" ] &&
   python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d['impact_all']['share_pct'] > 0 and d['stalls']['requests_pushed'] >= $n_50 else 1)" "$T/sf.json"; then
  ok "rate from the service-time log's timestamps ($(jget "$T/sf.json" "d['model']['rate_qps']") req/s, Python $want_rate): impact with stalls $(jget "$T/sf.json" "d['impact_all']['share_pct']")% > 0"
else nok "rate from service-time log: $(jget "$T/sf.json" "d['model']" 2>&1 | head -c 300)"; fi
# what-if like with like: G1 as logged vs the ZGC log with stalls
"$G" impact --timeout 10ms --rate 3400 --what-if "$GS" --json "$H/jdk17-g1.gc.log.gz" > "$T/wl.json"
"$G" impact --timeout 10ms --what-if "$GS" --json "$H/jdk17-g1.gc.log.gz" > "$T/wn.json" 2> "$T/err"
read -r _ n_10 <<< "$(stalls_over 10)"
if python3 - "$T/wl.json" "$T/wn.json" "$n_10" <<'PY'
import json, sys
w = json.load(open(sys.argv[1]))['what_if']; n = json.load(open(sys.argv[2]))['what_if']; n10 = float(sys.argv[3])
ok = all(r['stops_included'] == ['pauses', 'stalls'] for r in w + n)
ok &= abs(w[1]['stall_misses'] - n10) < 0.05 and w[0]['stall_misses'] == 0
ok &= w[1]['share_pct'] == 0 and w[1]['total_share_pct'] > w[0]['total_share_pct'] and w[1]['change_pct'] > 0
ok &= all(r['change_pct'] is None for r in n)  # no rate: pauses alone would not be like with like
sys.exit(0 if ok else 1)
PY
then ok "what-if G1 -> ZGC with stalls: both rows count pauses and stalls; at 3400 req/s ZGC is worse (change $(jget "$T/wl.json" "d['what_if'][1]['change_pct']")%), without a rate no change is claimed"
else nok "what-if like with like: $(jget "$T/wl.json" "d['what_if']" 2>&1 | head -c 400)"; fi

# usage errors
"$GCLAT" impact "$T/qunar.log" >/dev/null 2>"$T/err"; rc=$?
if [ $rc = 1 ] && grep -q -- "--timeout is required" "$T/err"; then ok "missing --timeout is a usage error"; else nok "missing --timeout (rc $rc)"; fi
printf 'not a gc log\n' > "$T/junk.log"
"$GCLAT" impact --timeout 100ms "$T/junk.log" >/dev/null 2>&1; rc=$?
if [ $rc = 2 ]; then ok "unrecognised GC log exits 2"; else nok "junk log exit $rc"; fi
rm -rf "$T"
