#!/usr/bin/env bash
# tests/sh/lat.sh — gclat lat/merge against independent ground truth:
#   --format cal vs the real `sort -n | uniq -c | awk -f cal.awk` pipeline
#   (mawk and gawk when installed), -j 1 vs -j 2, --save decoded by an
#   independent Python reader and by hdr-histogram-js (npm, when reachable),
#   files written by those read back by gclat merge, merge == one pass.
# needs: python3
set -u
. "$ROOT/tests/sh/lib.bash"
G=gx # gclat, failing the test when it exits non-zero
A="$ROOT/tests/fixtures/access"
T=${TMPDIR:-/tmp}/lat.$$
mkdir -p "$T"
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; }
check() { if "$@" >/dev/null 2>&1; then :; else return 1; fi; }

python3 "$A/gen_access.py" 30000 11 > "$T/int.log"
python3 "$A/gen_access.py" 20000 12 --frac > "$T/frac.log"
python3 "$A/gen_access.py" 20000 13 --format=nginx > "$T/nginx.log"
export LC_ALL=C

awks=()
for a in mawk gawk; do
  if command -v $a >/dev/null; then awks+=($a); else echo "ok - --format cal vs $a # SKIP $a not installed (bash tests/deps.sh installs it)"; fi
done
[ ${#awks[@]} -gt 0 ] || awks=(awk)

cal_case() { # name file field [filter]
  local name=$1 f=$2 fld=$3
  for aw in "${awks[@]}"; do
    flavor=mawk; [ "$aw" = gawk ] && flavor=gawk
    grep -v 'monitor/health' "$f" | awk "{print \$($fld)}" | sort -n | uniq -c | $aw -f "$A/cal.awk" > "$T/ref" 2>/dev/null
    [ -s "$T/ref" ] || nok "cal $name: the reference pipeline with $aw printed nothing"
    local n=${fld#NF}; [ "$fld" = NF ] && n=-1 || n=$(( -1 + ${fld#NF} ))
    "$G" lat --exclude monitor/health -f "$n" --format cal --cal-awk $flavor "$f" > "$T/got"
    if [ -s "$T/got" ] && cmp -s "$T/ref" "$T/got"; then ok "cal $name == sort|uniq -c|$aw -f cal.awk"; else nok "cal $name vs $aw"; diff "$T/ref" "$T/got" | head -5 | sed 's/^/# /'; fi
  done
}
cal_case "integer ms" "$T/int.log" "NF-1"
cal_case "fractional ms" "$T/frac.log" "NF-1"
cal_case "nginx seconds" "$T/nginx.log" "NF"
if [ -f "$A/java-httpserver.log" ]; then cal_case "real Java server log" "$A/java-httpserver.log" "NF-1"; fi

# two values (variance n-1 path) and one value (mawk's -nan) through mawk
printf 'a 5 x\n' > "$T/one.log"
if ! command -v mawk >/dev/null; then echo "ok - cal one value == mawk # SKIP mawk not installed"
else
  awk '{print $(NF-1)}' "$T/one.log" | sort -n | uniq -c | mawk -f "$A/cal.awk" > "$T/ref"
  "$G" lat -f -2 --format cal "$T/one.log" > "$T/got"
  [ -s "$T/got" ] && cmp -s "$T/ref" "$T/got" && ok "cal one value == mawk (-nan variance)" || nok "cal one value"
fi

# threads: -j 1 and -j 2 give the same JSON on a multi-MB file
python3 "$A/gen_access.py" 120000 14 --frac > "$T/big.log"
"$G" lat -f -2 -j 1 --json "$T/big.log" > "$T/j1"
"$G" lat -f -2 -j 2 --json "$T/big.log" > "$T/j2"
# -s: two empty outputs are equal too
[ -s "$T/j1" ] && cmp -s "$T/j1" "$T/j2" && ok "-j 1 == -j 2" || nok "-j 1 == -j 2"
"$G" lat -f -2 -j 2 --by status --json "$T/big.log" > "$T/j2"
"$G" lat -f -2 -j 1 --by status --json "$T/big.log" > "$T/j1"
[ -s "$T/j1" ] && cmp -s "$T/j1" "$T/j2" && ok "-j 1 == -j 2 --by status" || nok "-j 1 == -j 2 --by status"

# gzip input == plain
gzip -c "$T/int.log" > "$T/int.log.gz"
"$G" lat -f -2 --format cal "$T/int.log.gz" > "$T/a"; "$G" lat -f -2 --format cal "$T/int.log" > "$T/b"
[ -s "$T/a" ] && cmp -s "$T/a" "$T/b" && ok "gzip input" || nok "gzip input"

# --save decoded by the independent Python reader equals uniq -c of the values
"$G" lat -f -2 --save "$T/int.hlog" "$T/int.log" > /dev/null
python3 "$ROOT/tests/lat/hdr_decode.py" "$T/int.hlog" | tail -n +4 > "$T/py"
awk '{print $(NF-1)}' "$T/int.log" | sort -n | uniq -c | awk '{print $2, $1}' > "$T/uniq"
[ -s "$T/py" ] && cmp -s "$T/py" "$T/uniq" && ok "saved histogram == uniq -c (python decoder)" || nok "saved histogram vs python decoder"

# a file written by the Python encoder read by gclat merge
python3 "$ROOT/tests/lat/hdr_decode.py" --encode 3 1:10 2:20 3:30 100:39 5000:1 > "$T/py.hlog"
"$G" merge --json --percentiles 10,50,99,100 "$T/py.hlog" > "$T/m.json"
python3 - "$T/m.json" <<'PY' && ok "python-encoded histogram merged" || nok "python-encoded histogram merged"
import json, sys
d = json.load(open(sys.argv[1]))["merge"]
p = {r["percentile"]: r["value"] for r in d["percentiles"]}
s = d["summary"]
# 100 values: P10 -> 1, P50 -> 3 (cum 60), P99 -> 100, P100 -> 5000 lies in a
# 3-digit bucket of width 4: highest equivalent 5003, clamped to the max 5003
assert s["count"] == 100, s
assert p["P10"] == 1 and p["P50"] == 3 and p["P99"] == 100, p
assert 5000 <= p["P100"] <= 5003, p
PY

# merge of two saves == one pass over both files: exact for integer ms,
# within the stated precision (3 digits) for fractional values above 262 ms
python3 "$A/gen_access.py" 30000 15 > "$T/int2.log"
"$G" lat -f -2 --save "$T/int2.hlog" "$T/int2.log" > /dev/null
summ() { python3 -c 'import json,sys; d=json.load(sys.stdin); d=d.get("lat") or d["merge"]; print(json.dumps([d["percentiles"], d["summary"]]))'; }
"$G" lat -f -2 --json "$T/int.log" "$T/int2.log" | summ > "$T/one"
"$G" merge --json "$T/int.hlog" "$T/int2.hlog" | summ > "$T/two"
[ -s "$T/one" ] && cmp -s "$T/one" "$T/two" && ok "merge(save a, save b) == lat a b (exact)" || { nok "merge == one pass"; diff "$T/one" "$T/two" | head -4 | sed 's/^/# /'; }
"$G" lat -f -2 --save "$T/frac.hlog" "$T/frac.log" > /dev/null
"$G" lat -f -2 --json "$T/int.log" "$T/frac.log" | summ > "$T/one"
"$G" merge --json "$T/int.hlog" "$T/frac.hlog" | summ > "$T/two"
python3 - "$T/one" "$T/two" <<'PY' && ok "merge with fractional values within 0.1%" || nok "merge with fractional values within 0.1%"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
for x, y in zip(a[0], b[0]):
    assert abs(x["value"] - y["value"]) <= 0.001 * x["value"] + 0.001, (x, y)
assert a[1]["count"] == b[1]["count"] and a[1]["max"] == b[1]["max"], (a[1], b[1])
PY

# hdr-histogram-js (npm): decode gclat's file, and gclat reads the library's file
NPMDIR=${GCLAT_NPM_CACHE:-$HOME/.cache/gclat-test-npm}
if command -v node >/dev/null && command -v npm >/dev/null; then
  if [ ! -d "$NPMDIR/node_modules/hdr-histogram-js" ]; then
    mkdir -p "$NPMDIR" && (cd "$NPMDIR" && timeout 120 npm install --silent --no-audit --no-fund hdr-histogram-js@3 >/dev/null 2>&1)
  fi
fi
if [ -d "$NPMDIR/node_modules/hdr-histogram-js" ]; then
  NODE_PATH="$NPMDIR/node_modules" node "$ROOT/tests/lat/hdr_js.js" decode "$T/int.hlog" > "$T/js"
  total=$(awk '{print $(NF-1)}' "$T/int.log" | wc -l)
  mx=$(awk '{print $(NF-1)}' "$T/int.log" | sort -n | tail -1)
  mn=$(awk '$(NF-1)>0{print $(NF-1)}' "$T/int.log" | sort -n | head -1)
  c13=$(awk '$(NF-1)==13' "$T/int.log" | wc -l)
  if grep -qx "total $total" "$T/js" && grep -qx "max $mx" "$T/js" && grep -qx "min $mn" "$T/js" &&
     grep -qx "count_at 13 $c13" "$T/js"; then ok "hdr-histogram-js decodes gclat --save"
  else nok "hdr-histogram-js decodes gclat --save"; sed 's/^/# /' "$T/js"; fi
  NODE_PATH="$NPMDIR/node_modules" node "$ROOT/tests/lat/hdr_js.js" encode 1:10 2:20 3:30 100:39 1500:1 > "$T/js.hlog"
  "$G" merge --format csv --percentiles 10,50,99,100 "$T/js.hlog" > "$T/jsm"
  if grep -q '^all,100,1,3,100,1500,' "$T/jsm"; then ok "gclat merge reads hdr-histogram-js output"
  else nok "gclat merge reads hdr-histogram-js output"; sed 's/^/# /' "$T/jsm"; fi
  # .hgrm: the library's own outputPercentileDistribution on the same values (all < 2048: exact buckets)
  NODE_PATH="$NPMDIR/node_modules" node "$ROOT/tests/lat/hdr_js.js" hgrm "$A/java-httpserver.log" > "$T/js.hgrm"
  "$G" lat -f -2 --format hgrm "$A/java-httpserver.log" > "$T/g.hgrm"
  [ -s "$T/g.hgrm" ] && cmp -s "$T/js.hgrm" "$T/g.hgrm" && ok "--format hgrm == hdr-histogram-js outputPercentileDistribution" || { nok "hgrm vs hdr-histogram-js"; diff "$T/js.hgrm" "$T/g.hgrm" | head -5 | sed 's/^/# /'; }
else
  echo "ok - hdr-histogram-js cross-checks (decode, encode, hgrm) # SKIP node/npm or the npm package hdr-histogram-js not available (python decoder still checked)"
fi

# default table percentiles == nearest rank computed by awk over sorted values
grep -v monitor/health "$T/int.log" | awk '{print $(NF-1)}' | sort -n > "$T/sorted"
n=$(wc -l < "$T/sorted")
"$G" lat --exclude monitor/health -f -2 --csv --percentiles 50,90,99,99.9 "$T/int.log" | tail -1 | cut -d, -f3-6 > "$T/g"
for p in 50 90 99 99.9; do awk -v p=$p -v n=$n 'NR>=n*p/100 {print; exit}' "$T/sorted"; done | paste -sd, > "$T/w"
[ -s "$T/g" ] && cmp -s "$T/g" "$T/w" && ok "table percentiles == nearest rank by awk" || { nok "table percentiles"; cat "$T/g" "$T/w" | sed 's/^/# /'; }

# status/path/include filters and --by minute agree with grep/awk on the same lines
want=$(grep -v monitor/health "$T/int.log" | grep -E '"GET /api/(call|user)\?[^"]*" (200|5[0-9][0-9]) ' | awk '$(NF-1)>m{m=$(NF-1)} END {print NR, m}')
got=$("$G" lat -f -2 --status 200,5xx --path '^/api/(call|user)$' --json "$T/int.log" | python3 -c 'import json,sys; s=json.load(sys.stdin)["lat"]["summary"]; print(s["count"], s["max"])')
[ "$want" = "$got" ] && ok "--status/--path filters == grep" || nok "--status/--path filters: want $want got $got"
want=$(grep -c 'api/order' "$T/int.log")
got=$("$G" lat -f -2 --include api/order --csv "$T/int.log" | tail -1 | cut -d, -f2)
[ "$want" = "$got" ] && ok "--include == grep -c" || nok "--include: want $want got $got"
want=$(awk '{print substr($4, 2, 17)}' "$T/int.log" | sort | uniq -c | awk '{print $1}' | paste -sd' ')
got=$("$G" lat -f -2 --by minute --csv "$T/int.log" | tail -n +2 | cut -d, -f2 | paste -sd' ')
[ "$want" = "$got" ] && ok "--by minute counts == awk over [dd/Mon/yyyy:HH:MM" || nok "--by minute: want $want got $got"

rm -rf "$T"
