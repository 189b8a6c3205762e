#!/usr/bin/env bash
# tests/sh/compare.sh — gclat compare against independent ground truth:
# latency rows vs the field report's cal.awk pipeline, CPU rows vs awk over
# the top -b capture, GC rows vs grep/awk over the unified log lines, and the
# change column vs awk arithmetic; --fail-if exit codes.
# needs: python3
set -u
. "$ROOT/tests/sh/lib.bash"
G=gx # gclat, failing the test when it exits non-zero
FX="$ROOT/tests/fixtures"
T="$TMPDIR/compare"
mkdir -p "$T"
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; [ $# -gt 1 ] && printf '#   %s\n' "$2"; }

python3 "$FX/access/gen_access.py" 20000 1 > "$T/a.log"
python3 "$FX/access/gen_access.py" 30000 7 > "$T/b.log"
G1="$FX/gc/jdk17-g1-plain-steady.log"
ZGC="$FX/gc/jdk17-zgc-detailed-stall.log"

# top-b.txt holds the workload's JVM and the short-lived jstat/jmap JVMs: name the run's
"$G" compare --json -q --lat-arg=-f --lat-arg=-2 --pid base=498 --pid new=3511 \
  "base=$T/a.log,$G1,$FX/proc/g1/top-b.txt" "new=$T/b.log,$ZGC,$FX/proc/zgc/top-b.txt" > "$T/c.json"
val() { # val METRIC RUN
  python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
for r in d["comparison"]:
    if r["metric"] == sys.argv[2]:
        v = r["values"][sys.argv[3]]
        print("-" if v is None else v)
        break
else:
    print("absent")' "$T/c.json" "$1" "$2"
}
chg() {
  python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(next(r["change_pct"][sys.argv[3]] for r in d["comparison"] if r["metric"] == sys.argv[2]))' "$T/c.json" "$1" "$2"
}

# cal.awk (the field report's script) on the same access logs
cal() { # cal FILE KEY -> value of the P<KEY> line, or count/average
  grep -v 'monitor/health' "$1" | awk '{print $(NF-1)}' | sort -n | uniq -c | awk -f "$FX/access/cal.awk" > "$T/cal.out"
  awk -v k="$2" '$1 == k { print $2 }' "$T/cal.out"
}
ca99=$(cal "$T/a.log" P99); cb99=$(cal "$T/b.log" P99)
ca50=$(cal "$T/a.log" P50)
# gclat lat counts the monitor/health lines too unless excluded; compare the
# unfiltered pipeline as well
raw() { awk '{print $(NF-1)}' "$1" | sort -n | uniq -c | awk -f "$FX/access/cal.awk" | awk -v k="$2" '$1 == k { print $2 }'; }
ra99=$(raw "$T/a.log" P99); rb99=$(raw "$T/b.log" P99); ra50=$(raw "$T/a.log" P50)
ga99=$(val p99 base); gb99=$(val p99 new); ga50=$(val p50 base)
if awk -v a="$ga99" -v b="$ra99" -v c="$gb99" -v d="$rb99" -v e="$ga50" -v f="$ra50" 'BEGIN { exit !(a == b && c == d && e == f) }'; then
  ok "latency p50/p99 equal cal.awk on the same lines (base p99 $ra99, new p99 $rb99)"
else
  nok "latency p50/p99 equal cal.awk" "gclat $ga99/$gb99/$ga50 vs cal.awk $ra99/$rb99/$ra50 (filtered $ca99/$cb99/$ca50)"
fi
want=$(awk -v a="$ra99" -v b="$rb99" 'BEGIN { printf "%.2f", (b - a) / a * 100 }')
got=$(chg p99 new)
awk -v a="$got" -v b="$want" 'BEGIN { exit !(a - b < 0.006 && b - a < 0.006) }' && ok "p99 change $got% = awk $want%" ||
  nok "p99 change" "gclat $got awk $want"

# CPU: the java process's %CPU in every top frame, mean in cores
for run in base:g1 new:zgc; do
  name=${run%%:*} dir=${run#*:}
  pid=$(awk '$12 == "java" { c[$1]++ } END { for (p in c) if (c[p] > m) { m = c[p]; b = p } print b }' "$FX/proc/$dir/top-b.txt")
  want=$(awk -v p="$pid" '$1 == p && $12 == "java" { s += $9; n++ } END { printf "%.3f", s / n / 100 }' "$FX/proc/$dir/top-b.txt")
  got=$(val cpu.mean "$name")
  awk -v a="$got" -v b="$want" 'BEGIN { exit !(a - b < 0.0006 && b - a < 0.0006) }' && ok "cpu.mean $name = awk over top -b ($want cores)" ||
    nok "cpu.mean $name" "gclat $got awk $want"
done

# GC: pause count and max from the unified log lines themselves
want_n=$(grep -cE 'GC\([0-9]+\) Pause.*[0-9]ms$' "$G1")
want_max=$(grep -E 'GC\([0-9]+\) Pause.*[0-9]ms$' "$G1" | awk '{ v = $NF; sub("ms", "", v); if (v + 0 > m) m = v + 0 } END { printf "%.3f", m }')
[ "$(val gc.count base)" = "$want_n" ] && ok "gc.count base = grep ($want_n)" || nok "gc.count base" "$(val gc.count base) vs $want_n"
got=$(val gc.max base)
awk -v a="$got" -v b="$want_max" 'BEGIN { exit !(a == b) }' && ok "gc.max base = awk ($want_max ms)" || nok "gc.max base" "$got vs $want_max"
want_st=$(grep -c 'Allocation Stall (' "$ZGC")
[ "$(val gc.stalls new)" = "$want_st" ] && ok "gc.stalls new = grep ($want_st)" || nok "gc.stalls new" "$(val gc.stalls new) vs $want_st"
[ "$(val gc.stalls base)" = 0 ] && ok "gc.stalls base = 0" || nok "gc.stalls base"

# --fail-if: exit 4 only when a condition holds
"$GCLAT" compare -q --lat-arg=-f --lat-arg=-2 --fail-if 'p99 > +1000%' "a=$T/a.log" "b=$T/b.log" > /dev/null
[ $? -eq 0 ] && ok "fail-if not holding exits 0" || nok "fail-if not holding exits 0"
up=$(awk -v a="$ra99" -v b="$rb99" 'BEGIN { printf "%.1f", (b - a) / a * 100 - 0.05 }')
"$GCLAT" compare -q --lat-arg=-f --lat-arg=-2 --fail-if "p99 >= $up%" "a=$T/a.log" "b=$T/b.log" > /dev/null
rc=$?
if awk -v a="$ra99" -v b="$rb99" 'BEGIN { exit !(b != a) }'; then
  [ $rc -eq 4 ] && ok "fail-if at the observed change exits 4" || nok "fail-if at the observed change exits 4" "rc $rc (threshold $up%)"
else
  [ $rc -eq 0 ] && ok "fail-if: equal p99, nothing holds" || nok "fail-if: equal p99" "rc $rc"
fi
"$GCLAT" compare -q --fail-if "gc.max > ${want_max}ms" "a=$ZGC" "b=$G1" > /dev/null
[ $? -eq 0 ] && ok "fail-if absolute: max equal to threshold does not hold" || nok "fail-if absolute: equal"
"$GCLAT" compare -q --fail-if "gc.max >= ${want_max}ms" "a=$ZGC" "b=$G1" > /dev/null
[ $? -eq 4 ] && ok "fail-if absolute: >= threshold holds (exit 4)" || nok "fail-if absolute: >= holds"

# ---- fail closed (runs that expect a non-zero exit call "$GCLAT" and check $? themselves) ----
"$GCLAT" compare -q --fail-if 'p99 > +10%' "a=$G1" "b=$ZGC" > /dev/null 2> "$T/err"; rc=$?
[ $rc -eq 2 ] && grep -q "no run has metric 'p99'" "$T/err" && ok "fail-if on a metric no run has exits 2 (was 0)" ||
  nok "fail-if on a missing metric" "rc $rc $(cat "$T/err")"
"$GCLAT" compare -q --lat-arg=-f --lat-arg=-2 --fail-if 'p99 > +10%' "a=$T/a.log" "b=$G1" > /dev/null 2> "$T/err"; rc=$?
[ $rc -eq 2 ] && grep -q "no data for run b" "$T/err" && ok "fail-if on a metric one run lacks exits 2" ||
  nok "fail-if on a metric one run lacks" "rc $rc $(cat "$T/err")"
"$GCLAT" compare -q --fail-if 'gc.stalls > +10%' "a=$G1" "b=$ZGC" > /dev/null 2>&1; rc=$?
[ $rc -eq 4 ] && ok "fail-if: a change from 0 stalls holds for '>' (exit 4)" || nok "fail-if from 0" "rc $rc"
printf 'hello world\nfoo bar\n' > "$T/junk.log"
"$GCLAT" compare "a=$G1,$T/junk.log" "b=$G1" > "$T/out" 2> "$T/err"; rc=$?
[ $rc -eq 2 ] && grep -q "'gclat lat' failed on" "$T/err" && ok "a failing input (access log without latencies) makes compare exit 2 (was 0, empty rows)" ||
  nok "failing input" "rc $rc $(cat "$T/err")"
"$GCLAT" report -q -o "$T/r.html" "a=$G1,$T/junk.log" "b=$G1" 2> "$T/err"; rc=$?
[ $rc -eq 2 ] && ok "... and report too" || nok "report with a failing input" "rc $rc"

# ---- a top capture with two JVMs (frames of g1/top-b-p.txt and zgc/top-b-p.txt merged) ----
python3 - "$FX/proc/g1/top-b-p.txt" "$FX/proc/zgc/top-b-p.txt" > "$T/two.txt" <<'PY'
import sys
def frames(p):
    out, cur = [], None
    for l in open(p):
        if l.startswith('top - '):
            cur = []; out.append(cur)
        cur.append(l)
    return out
a, b = frames(sys.argv[1]), frames(sys.argv[2])
for fa, fb in zip(a, b):
    rows = [l for l in fb[fb.index(next(x for x in fb if x.lstrip().startswith('PID'))) + 1:] if l.strip()]
    sys.stdout.write(''.join(l for l in fa if l.strip()) + ''.join(rows) + '\n')
PY
mean() { awk -v p="$1" '$1 == p && $12 == "java" { s += $9; n++ } END { printf "%.3f", s / n / 100 }' "$T/two.txt"; }
m498=$(mean 498); m3511=$(mean 3511)
"$GCLAT" compare g1="$T/two.txt" zgc="$T/two.txt" > /dev/null 2> "$T/err"; rc=$?
if [ $rc -eq 2 ] && grep -q 'holds 2 JVMs: 3511 java' "$T/err" && grep -q '498 java' "$T/err" && grep -q -- '--pid g1=PID' "$T/err"; then
  ok "two JVMs, none named: exit 2 listing both (pid, command, mean CPU); the busiest (3511, $m3511 cores) is not g1's (498, $m498)"
else nok "two JVMs refused" "rc $rc $(cat "$T/err")"; fi
"$G" compare --json -q --pid g1=498 --pid zgc=3511 g1="$T/two.txt" zgc="$T/two.txt" > "$T/c2.json"; rc=$?
got_g1=$(python3 -c "import json; d=json.load(open('$T/c2.json')); print(next(r['values']['g1'] for r in d['comparison'] if r['metric']=='cpu.mean'))")
got_z=$(python3 -c "import json; d=json.load(open('$T/c2.json')); print(next(r['values']['zgc'] for r in d['comparison'] if r['metric']=='cpu.mean'))")
if [ $rc -eq 0 ] && awk -v a="$got_g1" -v b="$m498" -v c="$got_z" -v d="$m3511" 'BEGIN { exit !(a - b < 0.0006 && b - a < 0.0006 && c - d < 0.0006 && d - c < 0.0006) }'; then
  ok "--pid NAME=PID: cpu.mean of the named JVMs ($got_g1 / $got_z cores = awk $m498 / $m3511)"
else nok "--pid selection" "rc $rc gclat $got_g1/$got_z awk $m498/$m3511"; fi
# the GC log names the pid (unified-logging pid decorator, inserted after [uptime])
zcat "$FX/proc/g1/gc.log.gz" | sed 's/^\(\[[^]]*\]\)/\1[498]/' > "$T/g1-pid.log"
zcat "$FX/proc/zgc/gc.log.gz" | sed 's/^\(\[[^]]*\]\)/\1[3511]/' > "$T/zgc-pid.log"
"$G" compare --json -q g1="$T/g1-pid.log,$T/two.txt" zgc="$T/zgc-pid.log,$T/two.txt" > "$T/c3.json"; rc=$?
if [ $rc -eq 0 ] && python3 - "$T/c3.json" "$m498" "$m3511" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
runs = [(r['cpu_pid'], r['cpu_pid_from']) for r in d['runs']]
m = next(r['values'] for r in d['comparison'] if r['metric'] == 'cpu.mean')
sys.exit(0 if runs == [(498, 'GC log'), (3511, 'GC log')] and abs(m['g1'] - float(sys.argv[2])) < 6e-4
         and abs(m['zgc'] - float(sys.argv[3])) < 6e-4 else 1)
PY
then ok "the GC log's pid decorator names each run's JVM in the shared capture (498 -> $m498, 3511 -> $m3511 cores)"
else nok "GC-log pid selection" "rc $rc $(head -c 400 "$T/c3.json")"; fi
"$GCLAT" compare -q --pid g1=4242 g1="$T/two.txt" zgc="$T/zgc-pid.log,$T/two.txt" > /dev/null 2> "$T/err"; rc=$?
[ $rc -eq 2 ] && grep -q 'pid 4242 (named by the --pid) is not in the top capture' "$T/err" && ok "a named pid missing from the capture: exit 2" ||
  nok "named pid missing" "rc $rc $(cat "$T/err")"
"$GCLAT" report -q -o "$T/two.html" g1="$T/two.txt" zgc="$T/two.txt" 2> "$T/err"; rc=$?
"$G" report -q -o "$T/two-ok.html" g1="$T/g1-pid.log,$T/two.txt" zgc="$T/zgc-pid.log,$T/two.txt"; rc2=$?
[ $rc -eq 2 ] && [ $rc2 -eq 0 ] && ok "report: refuses the unnamed two-JVM capture, charts the named JVMs" || nok "report process selection" "rc $rc / $rc2"
