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
# reads of 61 bytes (GCLAT_READ_BYTES): lines cut by reads everywhere, the same JSON
for j in 1 2; do
  GCLAT_READ_BYTES=61 "$G" lat -f -2 -j $j --by status --json "$T/big.log" > "$T/r$j"
  cmp -s "$T/j1" "$T/r$j" && ok "-j $j with 61-byte reads == -j 1" || nok "-j $j with 61-byte reads == -j 1"
done
# a file truncated while it is read (copytruncate): exit 3, never a silent short count.
# 16-byte reads make the read take seconds; the file is cut once 2 MB were read.
reading() { # PATH: a process has it open and read 2 MB of it
  local p
  p=$(find /proc/[0-9]*/fd -lname "$1" 2>/dev/null | head -n 1 | cut -d/ -f3)
  [ -n "$p" ] && [ "$(awk '/^rchar/ { print $2 }' "/proc/$p/io" 2>/dev/null || echo 0)" -gt 2000000 ]
}
for _ in 1 2 3 4 5 6 7 8; do cat "$T/big.log"; done > "$T/shrink-src.log"
for j in 1 2; do
  cp "$T/shrink-src.log" "$T/shrink.log"
  GCLAT_READ_BYTES=16 "$GCLAT" lat -f -2 -j $j "$T/shrink.log" > /dev/null 2> "$T/shrink.err" & pid=$!
  for _ in $(seq 1000); do reading "$T/shrink.log" && break; sleep 0.01; done
  truncate -s 1000000 "$T/shrink.log"
  wait $pid; rc=$?
  [ $rc -eq 3 ] && ok "lat -j $j on a file truncated while read: exit 3" ||
    nok "lat -j $j on a file truncated while read" "exit $rc: $(head -c 200 "$T/shrink.err")"
done

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

# --by path at high cardinality (200k distinct paths; 1M is in bench/bench_lat.sh):
# every request is counted (groups + other == awk's line count), each kept
# group's count is awk's count for that key, the kept groups are the busiest of
# the first 16 * --max-groups keys in input order (recomputed in Python from
# the raw log), -j 1 == -j 2, and memory stays bounded (4.8 GB before for 300k).
awk -v n=200000 'BEGIN { srand(21); for (i = 0; i < n; i++) {
    r = rand(); p = (r < 0.3) ? sprintf("/hot/h%d", int(rand() * 40)) : (r < 0.4) ? sprintf("/api/items/%d", int(rand() * 1e6)) :
      (r < 0.42) ? sprintf("/u/%08x-%04x-4%03x-8%03x-%012x/cart", i, i % 65536, i % 4096, i % 4096, i * 7) : sprintf("/shop/item-%d/view", i)
    printf "10.0.0.%d - - [11/Apr/2023:10:%02d:%02d +0800] \"GET %s?q=%d HTTP/1.1\" %d 512 %d t%x\n",
      i % 250, (i / 6000) % 60, (i / 100) % 60, p, i, (rand() < 0.05) ? 500 : 200, int(rand() * rand() * 900), i } }' > "$T/paths.log"
rss_kb() { /usr/bin/time -f %M -o "$T/rss" "$@" > "$T/rss.out" 2>/dev/null; cat "$T/rss"; }
if [ -x /usr/bin/time ]; then
  kb=$(rss_kb "$GCLAT" lat -f -2 --by path -j 2 --json "$T/paths.log") # the binary: time cannot run the gx function
  [ "$kb" -lt 200000 ] && ok "--by path, 200k distinct paths: peak RSS $((kb / 1024)) MB (< 200)" || nok "--by path 200k paths: peak RSS $kb KB"
fi
"$G" lat -f -2 --by path --max-groups 50 --over 100ms,500ms -j 1 --json "$T/paths.log" > "$T/p1.json"
"$G" lat -f -2 --by path --max-groups 50 --over 100ms,500ms -j 2 --json "$T/paths.log" > "$T/p2.json"
cmp -s "$T/p1.json" "$T/p2.json" && ok "--by path --max-groups: -j 1 == -j 2" || nok "--by path --max-groups: -j 1 != -j 2"
python3 - "$T/paths.log" "$T/p1.json" 50 <<'PY' && ok "--by path --max-groups: groups + other == all requests, kept groups == busiest of the first 16N keys, counts and --over == awk" || nok "--by path --max-groups vs recomputation"
import json, re, sys
log, js, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
idseg = re.compile(r"[0-9]+|[0-9a-fA-F]{16,}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
def route(p):
    return "/".join("{id}" if idseg.fullmatch(s) else s for s in p.split("/"))
first, cnt, over100, over500 = {}, {}, {}, {}
total = 0
for line in open(log):
    f = line.split()
    path = route(f[6].split("?")[0])
    v = int(f[-2])
    total += 1
    first.setdefault(path, len(first))
    cnt[path] = cnt.get(path, 0) + 1
    over100[path] = over100.get(path, 0) + (v > 100)
    over500[path] = over500.get(path, 0) + (v > 500)
tracked = [k for k, i in first.items() if i < 16 * n]
want = sorted(tracked, key=lambda k: (-cnt[k], k.encode()))[:n]
d = json.load(open(js))["lat"]
groups = d["groups"]
kept = [g for g in groups if not g.get("other")]
other = [g for g in groups if g.get("other")]
assert [g["key"] for g in kept] == want, ([g["key"] for g in kept][:5], want[:5])
for g in kept:
    assert g["summary"]["count"] == cnt[g["key"]], g["key"]
    o = {r["threshold_ms"]: r["count"] for r in g["over"]}
    assert o == {100: over100[g["key"]], 500: over500[g["key"]]}, (g["key"], o)
assert len(other) == 1
s = sum(g["summary"]["count"] for g in groups)
assert s == total == d["grouping"]["requests"], (s, total)
assert other[0]["summary"]["count"] == total - sum(cnt[k] for k in want)
assert d["grouping"]["keys_untracked"] is True
ov = {r["threshold_ms"]: r["count"] for r in d["over"]}
assert ov == {100: sum(over100.values()), 500: sum(over500.values())}, ov
PY
# route templating == the same rules in sed; counts per template == awk's uniq -c
"$G" lat -f -2 --by path --max-groups 0 --csv --percentiles 50 "$T/paths.log" | tail -n +2 | cut -d, -f1,2 | sort > "$T/g.csv"
awk '{ split($7, a, "?"); print a[1] }' "$T/paths.log" |
  sed -E 's#/[0-9]+(/|$)#/{id}\1#g; s#/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(/|$)#/{id}\1#g' | sort | uniq -c | awk '{ print $2 "," $1 }' | sort > "$T/w.csv"
cmp -s "$T/g.csv" "$T/w.csv" && ok "--by path templating counts == sed + uniq -c ($(wc -l < "$T/w.csv") routes)" || { nok "--by path templating vs sed"; diff "$T/g.csv" "$T/w.csv" | head -4 | sed 's/^/# /'; }
# --over on fractional values == awk, in text, JSON and CSV
want=$(awk '$(NF-1) > 100 { a++ } $(NF-1) > 12.5 { b++ } END { printf "%d %d %.3f", a, b, 100 * a / NR }' "$T/frac.log")
got=$("$G" lat -f -2 --over 100ms,12.5 --json "$T/frac.log" | python3 -c 'import json,sys; o=json.load(sys.stdin)["lat"]["over"]; print(o[0]["count"], o[1]["count"], "%.3f" % o[0]["share_pct"])')
gcsv=$("$G" lat -f -2 --over 100ms,12.5 --csv "$T/frac.log" | python3 -c 'import csv,sys; r=list(csv.DictReader(sys.stdin))[0]; print(r["over_100ms"], r["over_12.5ms"], r["over_100ms_pct"])')
gtxt=$("$G" lat -f -2 --over 100ms,12.5 "$T/frac.log" | awk '/Requests over thresholds/ {t=1; next} t && NF == 3 && $1 ~ /^[0-9]/ { printf "%s%s", s, $2; s=" " } t && NF == 0 { t=0 }')
[ "$want" = "$got" ] && [ "$want" = "$gcsv" ] && [ "${want% *}" = "$gtxt" ] && ok "--over == awk count (JSON, CSV, text): $want" || nok "--over: awk $want json $got csv $gcsv text $gtxt"
# the integer fast path (dense array, no --by) counts thresholds when it flushes
want=$(awk '$(NF-1) > 20 { a++ } $(NF-1) > 2000 { b++ } END { print a + 0, b + 0 }' "$T/int.log")
got=$("$G" lat -f -2 --over 20,2s -j 2 --csv "$T/int.log" | python3 -c 'import csv,sys; r=list(csv.DictReader(sys.stdin))[0]; print(r["over_20ms"], r["over_2000ms"])')
[ "$want" = "$got" ] && ok "--over on the integer fast path == awk: $want" || nok "--over fast path: awk $want gclat $got"

rm -rf "$T"
