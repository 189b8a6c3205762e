#!/usr/bin/env bash
# tests/sh/correlate.sh — gclat correlate on the real HTTP service fixture
# (tests/fixtures/http: JDK 17 G1 and ZGC under wrk) against an independent
# Python reading of the same raw logs (tests/sh/correlate_check.py):
#   - requests that overlapped a pause are slower (P99 higher) — same counts
#     and percentiles as Python's own join;
#   - every request overlapping a pause >= 5 ms by more than 2 ms contains it
#     whole (duration >= the pause), and gclat reports no request starting
#     or ending inside a pause;
#   - --offset auto finds 0 on the aligned logs and a known shift;
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

GC="$H/jdk17-g1.gc.log.gz"; AC="$H/jdk17-g1.access.log.gz"
"$G" correlate --gc "$GC" --access "$AC" -f 2 --unit ms --json --strict > "$T/g1.json"; rc=$?
python3 "$ROOT/tests/sh/correlate_check.py" "$GC" "$AC" 5 > "$T/py.txt" || nok "correlate_check.py (the independent reading) exited $?"
py() { awk -v k="$1" '$1 == k { print $2 }' "$T/py.txt"; }
if [ $rc = 0 ] && [ "$(jget "$T/g1.json" "d['summary']['requests']")" = "$(py requests)" ] &&
   [ "$(jget "$T/g1.json" "d['inputs']['pauses']")" = "$(py pauses)" ]; then
  ok "G1: $(py requests) requests and $(py pauses) pauses, as Python reads them (--strict)"
else nok "G1 counts (rc $rc): gclat $(jget "$T/g1.json" "d['summary']['requests']" 2>&1) vs $(py requests)"; fi
gov=$(jget "$T/g1.json" "d['summary']['overlapped']")
if near "$gov" "$(py overlapped)" "$(python3 -c "print(max(2, $(py overlapped) * 0.01))")"; then
  ok "G1: $gov requests overlapped a pause (Python: $(py overlapped))"; else nok "G1 overlapped $gov vs $(py overlapped)"; fi
gp99o=$(jget "$T/g1.json" "d['latency'][1]['p99_ms']"); gp99c=$(jget "$T/g1.json" "d['latency'][2]['p99_ms']")
if near "$gp99o" "$(py p99_overlapped_ms)" 0.5 && near "$gp99c" "$(py p99_clean_ms)" 0.5 &&
   python3 -c "import sys; sys.exit(0 if $gp99o > 2 * $gp99c else 1)"; then
  ok "G1: P99 of requests overlapping a pause $gp99o ms > 2 x P99 of the others $gp99c ms (Python agrees)"
else nok "G1 P99 overlapped $gp99o vs clean $gp99c (Python $(py p99_overlapped_ms) / $(py p99_clean_ms))"; fi
if [ "$(py big_pauses)" -gt 5 ] && [ "$(py violations)" = 0 ] && [ "$(jget "$T/g1.json" "d['alignment']['edge_violations']")" = 0 ]; then
  ok "G1: requests overlapping any of $(py big_pauses) pauses >= 5 ms contain them whole (independent), gclat: 0 edge violations"
else nok "G1 containment: big $(py big_pauses) violations $(py violations) gclat $(jget "$T/g1.json" "d['alignment']['edge_violations']")"; fi
if python3 -c "import json,sys; d=json.load(open(sys.argv[1]))['summary']; sys.exit(0 if d['slow_overlapped_pct'] > 2*d['overlapped_pct'] else 1)" "$T/g1.json"; then
  ok "G1: slow requests overlap pauses far more often than requests in general ($(jget "$T/g1.json" "d['summary']['slow_overlapped_pct']")% vs $(jget "$T/g1.json" "d['summary']['overlapped_pct']")%)"
else nok "G1 slow share"; fi

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
  ok "offset auto: shifted log joins like the original ($(jget "$T/shift.json" "d['summary']['overlapped']") vs $gov overlapped)"
else nok "shifted join: $(jget "$T/shift.json" "d['summary']['overlapped']") vs $gov"; fi
"$G" correlate --gc "$GC" --access "$T/shifted.log" -f 2 --json > "$T/noshift.json"
if [ "$(jget "$T/noshift.json" "d['alignment']['edge_violations']")" -gt 50 ]; then
  ok "misaligned clocks show up as requests starting/ending inside pauses ($(jget "$T/noshift.json" "d['alignment']['edge_violations']"))"
else nok "edge violations on misaligned logs"; fi

# ZGC: sub-millisecond pauses, below the logs' 1 ms resolution: (almost) no request counts as overlapped
GZ="$H/jdk17-zgc.gc.log.gz"; AZ="$H/jdk17-zgc.access.log.gz"
"$G" correlate --gc "$GZ" --access "$AZ" -f 2 --json > "$T/z.json"; rc=$?
if [ $rc = 0 ] && [ "$(jget "$T/z.json" "d['summary']['requests']")" = "$(zcat "$AZ" | wc -l)" ] &&
   python3 -c "import json,sys; s=json.load(open(sys.argv[1]))['summary']; sys.exit(0 if s['longest_pause_ms'] < 5 and s['overlapped_pct'] < 10 else 1)" "$T/z.json"; then
  ok "ZGC: every request read, pauses < 5 ms, $(jget "$T/z.json" "d['summary']['overlapped_pct']")% of requests overlapped one"
else nok "ZGC run (rc $rc)"; fi

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
if [ $rc = 0 ] && near "$(jget "$T/up.json" "d['summary']['overlapped']")" "$gov" "$(python3 -c "print(max(5, $gov * 0.02))")"; then
  ok "uptime-only GC log + --jvm-start $start: same join (within ms rounding)"; else nok "--jvm-start (rc $rc)"; fi

# CSV: the latency table
"$G" correlate --gc "$GC" --access "$AC" -f 2 --csv > "$T/l.csv"
if [ "$(head -1 "$T/l.csv")" = "requests,count,p50_ms,p90_ms,p99_ms,p99.9_ms,max_ms,mean_ms" ] && [ "$(wc -l < "$T/l.csv")" = 4 ]; then
  ok "--csv latency table"; else nok "--csv"; fi
"$GCLAT" correlate --gc "$GC" >/dev/null 2>"$T/err"; rc=$?
if [ $rc = 1 ] && grep -q -- "--access" "$T/err"; then ok "missing --access is a usage error"; else nok "missing --access exit $rc"; fi
rm -rf "$T"
