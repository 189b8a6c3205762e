#!/usr/bin/env bash
# tests/sh/load.sh — gclat load against tests/tools/stall_server.c on
# 127.0.0.1 (never another address): the request count a constant rate
# implies, coordinated omission shown (corrected tail vs service time),
# the closed model, response framings, errors by kind, and usage errors.
set -u
: "${GCLAT:?}" "${ROOT:?}"
T="${TMPDIR:-/tmp}/load-sh.$$"
mkdir -p "$T"
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; rm -rf "$T"' EXIT
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; shift; for l in "$@"; do echo "# $l"; done; }
jget() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }

cc -O2 -o "$T/stall_server" "$ROOT/tests/tools/stall_server.c" || { nok "build stall_server"; exit 0; }
serve() { # serve ARGS... -> port in $PORT
  "$T/stall_server" --lifetime 60 "$@" > "$T/port" & pids+=($!)
  for _ in $(seq 50); do [ -s "$T/port" ] && break; sleep 0.05; done
  read -r PORT START_MS < "$T/port"; : > "$T/port"
}

# 1. open model: 1000 req/s for 10 s against a server frozen 1 s every 5 s
serve --every 5000 --freeze 1000
"$GCLAT" load --json --rate 1000 -d 10s -c 20 -t 2 "http://127.0.0.1:$PORT/" > "$T/o.json" 2> "$T/o.err"; rc=$?
if [ $rc = 0 ]; then
  v=$(jget "$T/o.json" "(d['requests'], d['errors'], d['latency_ms']['p99'], d['service_time_ms']['p50'], d['rate_target'], round(d['rate_achieved']), d['duration_s'])")
  read -r req err p99 s50 <<< "$(jget "$T/o.json" "'%d %d %f %f' % (d['requests'], d['errors'], d['latency_ms']['p99'], d['service_time_ms']['p50'])")"
  if [ "$req" -ge 9900 ] && [ "$req" -le 10100 ] && [ "$err" = 0 ] &&
     python3 -c "import sys; sys.exit(0 if $p99 >= 500 and $s50 < 50 else 1)"; then
    ok "rate 1000 x 10 s: $req requests, corrected p99 $p99 ms >= 500, service p50 $s50 ms"
  else nok "open model" "$v"; fi
  # the freezes show in per-second maxima of the seconds they fall in
  n=$(jget "$T/o.json" "sum(1 for s in d['per_second'] if s['max_ms'] is not None and s['max_ms'] > 500)")
  if [ "$n" -ge 2 ]; then ok "per-second maxima show the $n frozen seconds"; else nok "per-second" "$n seconds over 500 ms"; fi
  # keys scripts read (the issue names them)
  k=$(jget "$T/o.json" "all(k in d for k in ['requests','errors','rate_target','rate_achieved','duration_s','latency_ms','service_time_ms']) and all(p in d[m] for m in ['latency_ms','service_time_ms'] for p in ['p50','p90','p99','p99.9','max'])")
  [ "$k" = True ] && ok "JSON has the documented keys" || nok "JSON keys" "$k"
else nok "open model run (exit $rc)" "$(head -5 "$T/o.err")"; fi

# 2. closed model: latency and service time are the same measurement
serve
"$GCLAT" load --json --rate 0 -d 2s -c 4 -t 1 "http://127.0.0.1:$PORT/x" > "$T/c.json"; rc=$?
v=$(jget "$T/c.json" "(d['requests'] > 1000, d['latency_ms'] == d['service_time_ms'], d['rate_target'], d['errors'])" 2>&1)
[ $rc = 0 ] && [ "$v" = "(True, True, None, 0)" ] && ok "closed model: latency == service time, no target rate" || nok "closed model (exit $rc)" "$v"

# 3. chunked bodies and a server closing every 3rd connection
serve --chunked --close-every 3 --body 3000
"$GCLAT" load --json --rate 300 -d 2s -c 3 "http://127.0.0.1:$PORT/" > "$T/k.json"; rc=$?
v=$(jget "$T/k.json" "(d['requests'], d['errors'], d['client']['bytes_read'] > 600 * 3000)" 2>&1)
[ $rc = 0 ] && [ "$v" = "(600, 0, True)" ] && ok "chunked + Connection: close: 600 answered, no errors" || nok "chunked/close (exit $rc)" "$v"

# 4. nothing listening: connect errors, exit 2, no made-up latency
"$GCLAT" load --json -q --rate 100 -d 1s -c 2 --timeout 200ms "http://127.0.0.1:1/" > "$T/r.json" 2> "$T/r.err"; rc=$?
v=$(jget "$T/r.json" "(d['requests'], d['errors_by_kind']['connect'] > 0, d['latency_ms']['p99'])" 2>&1)
[ $rc = 2 ] && [ "$v" = "(0, True, None)" ] && grep -q "no request was answered" "$T/r.err" && ok "refused: exit 2, connect errors, p99 null" || nok "refused (exit $rc)" "$v"

# 5. a requests file: plain and JSON lines in turn; a bad line is file:line, exit 2
serve
printf '# comment\nGET /a\n/b\n{"method":"POST","path":"/c","headers":{"X-A":"1"},"body":"{}"}\n' > "$T/reqs.txt"
"$GCLAT" load --json --rate 300 -d 1s -c 3 --requests "$T/reqs.txt" "http://127.0.0.1:$PORT/" > "$T/f.json"; rc=$?
v=$(jget "$T/f.json" "(d['requests'], d['errors'])" 2>&1)
[ $rc = 0 ] && [ "$v" = "(300, 0)" ] && ok "requests file in turn: 300 answered" || nok "requests file (exit $rc)" "$v"
printf 'GET /a\nGET no-slash\n' > "$T/bad.txt"
"$GCLAT" load --rate 10 -d 1s --requests "$T/bad.txt" "http://127.0.0.1:$PORT/" 2> "$T/bad.err" > /dev/null; rc=$?
[ $rc = 2 ] && grep -q "bad.txt:2: bad path" "$T/bad.err" && ok "bad requests line: exit 2 with file:line" || nok "bad requests file (exit $rc)" "$(cat "$T/bad.err")"

# 6. usage errors: exit 1 with a reason
for args in "http://127.0.0.1:$PORT/" "--rate 10 https://127.0.0.1/" "--rate -1 http://127.0.0.1/" \
            "--rate 10 -c 0 http://127.0.0.1/" "--rate 10 --timeout 99999d http://127.0.0.1/" \
            "--rate 10 -H bad-header http://127.0.0.1:$PORT/"; do
  # shellcheck disable=SC2086
  "$GCLAT" load $args > /dev/null 2> "$T/u.err"; rc=$?
  [ $rc = 1 ] || { [ $rc = 2 ] && [[ $args == *-H* ]]; } && [ -s "$T/u.err" ] && ok "usage: load $args -> exit $rc" || nok "usage: load $args (exit $rc)"
done

# 7. --save writes an interval log that gclat merge reads back to the same count
"$GCLAT" load -q --rate 200 -d 1s -c 2 --save "$T/l.hlog" "http://127.0.0.1:$PORT/" > /dev/null; rc=$?
v=$("$GCLAT" merge --json --tag latency "$T/l.hlog" 2>&1 | python3 -c "import json,sys; d=json.load(sys.stdin); print(d['merge']['summary']['count'])" 2>&1)
[ $rc = 0 ] && [ "$v" = 200 ] && ok "--save: merge reads 200 latency values back" || nok "--save (exit $rc)" "$v"

# 8. --gc-log: a log written during the run whose pauses are the server's freezes
#    (logged at their end, as the JVM does) is joined with the slowest requests;
#    the same pauses shifted 1.5 s off the freezes meet far fewer of them.
gc_lines() { # gc_lines START_MS SHIFT_MS -> unified lines, one 1 s pause per freeze
  python3 - "$1" "$2" <<'PY'
import sys, datetime
start, shift = int(sys.argv[1]), int(sys.argv[2])
def stamp(ms):
    t = datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc)
    return t.strftime('%Y-%m-%dT%H:%M:%S.') + '%03d+0000' % (ms % 1000)
print('[%s][0.010s][info][gc] Using G1' % stamp(start))
for k in range(1, 5):
    end = start + k * 3000 + shift
    print('[%s][%.3fs][info][gc] GC(%d) Pause Young (Normal) (G1 Evacuation Pause) 20M->10M(100M) 1000.000ms'
          % (stamp(end), (end - start) / 1000, k))
PY
}
for shift in 0 1500; do
  serve --every 3000 --freeze 1000
  : > "$T/gc-$shift.log"
  "$GCLAT" load --json -q --rate 400 -d 7s -c 10 --gc-log "$T/gc-$shift.log" "http://127.0.0.1:$PORT/" > "$T/j-$shift.json" & lp=$!
  sleep 1
  gc_lines "$START_MS" "$shift" >> "$T/gc-$shift.log"
  wait $lp; rc=$?
  v=$(jget "$T/j-$shift.json" "(d['gc']['pauses'], d['gc']['format'], d['tail']['share_met_pause_pct'], d['tail']['paused_share_of_tail_latency_pct'])" 2>&1)
  read -r np fmt met paused <<< "$(jget "$T/j-$shift.json" "'%d %s %s %s' % (d['gc']['pauses'], d['gc']['format'], d['tail']['share_met_pause_pct'], d['tail']['paused_share_of_tail_latency_pct'])" 2>/dev/null)"
  if [ $shift = 0 ]; then
    [ $rc = 0 ] && [ "$np" -ge 2 ] && [ "$fmt" = unified ] && python3 -c "import sys; sys.exit(0 if $met == 100 and $paused > 40 else 1)" 2>/dev/null &&
      ok "gc-log on the freezes: $np pauses, $met % of the tail met one, $paused % of its latency paused" || nok "gc-log join (exit $rc)" "$v"
    # latency over time with the stops beside it: every second a pause touched is a slow second
    pv=$(jget "$T/j-$shift.json" "[ (r['second'], r['pauses'], r['max_ms']) for r in d['per_second'] if r['pauses'] ]" 2>&1)
    pc=$(jget "$T/j-$shift.json" "all(r['max_ms'] is not None and r['max_ms'] > 300 for r in d['per_second'] if r['pauses']) and sum(1 for r in d['per_second'] if r['pauses']) >= 2" 2>&1)
    [ "$pc" = True ] && ok "per-second rows carry the pauses: $pv" || nok "per-second pauses" "$pv"
  else
    [ $rc = 0 ] && python3 -c "import sys; sys.exit(0 if $paused < 20 else 1)" 2>/dev/null &&
      ok "gc-log 1.5 s off the freezes: only $paused % of the tail latency paused" || nok "gc-log shifted (exit $rc)" "$v"
  fi
done
# an uptime-only log without --pid is not joined, and says why
serve
printf '[0.010s][info][gc] Using G1\n' > "$T/gc-up.log"
"$GCLAT" load --json -q --rate 100 -d 2s -c 2 --gc-log "$T/gc-up.log" "http://127.0.0.1:$PORT/" > "$T/u.json" & lp=$!
sleep 0.5; printf '[1.000s][info][gc] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 20M->10M(100M) 5.000ms\n' >> "$T/gc-up.log"
wait $lp
v=$(jget "$T/u.json" "(d['gc']['events_unplaced'], d['tail']['threshold_ms'], 'pid' in d['tail']['not_joined'])" 2>&1)
[ "$v" = "(1, None, True)" ] && ok "uptime-only log without --pid: not joined, reason given" || nok "uptime-only gc-log" "$v"
