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

"$G" compare --json -q --lat-arg=-f --lat-arg=-2 \
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
