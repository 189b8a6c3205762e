#!/usr/bin/env bash
# tests/sh/html.sh — `--html` on every command (gc, lat, merge, cpu, jstat,
# histo, threads, impact, correlate, compare, load), each page opened in headless
# Chromium through the DevTools protocol (tests/sh/report_cdp.py) and judged
# by tests/sh/html_check.py: no console message, no <script>, nothing that
# would fetch, a hostile string from the input (thread name, URL path, class
# name, file or run name) shown as plain text, and the key figures on the
# first screen. The figures expected are computed apart from gclat where the
# input allows it (awk/python over the same file), else read from the
# command's own --json (another renderer of the same tree).
# needs: python3
set -u
. "$ROOT/tests/sh/lib.bash"
G=gx
FX="$ROOT/tests/fixtures"
T="$TMPDIR/html"
mkdir -p "$T"
ART="${GCLAT_ARTIFACTS:-$(dirname "$TMPDIR")/gclat-artifacts}"
mkdir -p "$ART"
CDP="$ROOT/tests/sh/report_cdp.py"
CHECK="$ROOT/tests/sh/html_check.py"
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; [ $# -gt 1 ] && printf '#   %s\n' "$2"; }
P1='<script>alert(1)</script>'
P2='"><img src=x onerror=alert(1)>'
sedq() { printf '%s' "$1" | sed 's/[\/&|]/\\&/g'; }
jq1() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }

# ---- inputs, each with a hostile string where the format allows one ----
ZGC="$FX/gc/jdk17-zgc-detailed-stall.log"
sed -e "s/Allocation Stall (alloc-2)/Allocation Stall ($(sedq "$P1"))/" "$ZGC" > "$T/zgc.log"
sed "s|GET /api/call?id=1|GET /$(sedq "$P1")?id=1|" "$FX/access/small.log" > "$T/access.log"
sed "s|\"busy-spinner\"|\"$(sedq "$P1")\"|" "$FX/threads/jdk17-jstack-l.txt" > "$T/dump-l.txt"
JST="$T/jstat$P2.txt"
cp "$FX/proc/g1/jstat-gc.txt" "$JST"
sed "s|com\.example\.Node\$|$(sedq "$P1")|; s|com\.example\.Node |$(sedq "$P1") |" "$FX/proc/g1/histo-1.txt" > "$T/histo-1.txt"
sed "s|\"dl-a\"|\"$(sedq "$P1")\"|g" "$FX/threads/jdk17-jstack.txt" > "$T/jstack.txt"
zcat "$FX/http/jdk17-g1.gc.log.gz" > "$T/g1.gc.log"
zcat "$FX/http/jdk17-g1.access.log.gz" > "$T/g1.access.log"

if ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null; then
  echo "ok - html pages in chromium # SKIP chromium unavailable"
  exit 0
fi

# page NAME CHECK-ARGS... -- GCLAT-ARGS...: write NAME.html with gclat, open it, judge it
page() {
  local name=$1; shift
  local chk=()
  while [ "$1" != -- ]; do chk+=("$1"); shift; done
  shift
  local html="$T/$name.html"
  if ! "$G" "$@" --html -q -o "$html"; then nok "$name --html written"; return; fi
  local texts=() i
  for ((i = 0; i < ${#chk[@]}; i++)); do
    [ "${chk[i]}" = --text ] && texts+=(--text "${chk[i + 1]}")
  done
  local j
  j=$(timeout 120 python3 "$CDP" "$html" "$ART/html-$name.png" --first-shot "$ART/html-$name-first.png" ${texts[@]+"${texts[@]}"})
  local rc=$?
  if [ $rc -eq 3 ]; then echo "ok - $name --html in chromium # SKIP chromium did not start"; return; fi
  [ $rc -ne 0 ] && { nok "$name --html opened in chromium" "rc $rc"; return; }
  local v
  v=$(printf '%s' "$j" | python3 "$CHECK" "$html" ${chk[@]+"${chk[@]}"})
  local what="renders clean, self-contained, key figures on the first screen"
  [ ${#texts[@]} -gt 0 ] && what="$what, $((${#texts[@]} / 2)) hostile string(s) shown as text"
  [ "$v" = OK ] && ok "$name --html: $what" || nok "$name --html: $what" "$v"
}

# gc: stall count and worst stall by awk, the pause maximum by awk over the
# phase lines, the GC share from the JSON's throughput
read -r stalls worst maxp < <(awk '
  /Allocation Stall \(/ { n++; v = $NF; sub(/ms$/, "", v); if (v + 0 > w) w = v + 0 }
  /\] GC\([0-9]+\) Pause / { v = $NF; sub(/ms$/, "", v); if (v + 0 > m) m = v + 0 }
  END { printf "%d %.3f %.3f\n", n, w, m }' "$T/zgc.log")
"$G" gc --json -q "$T/zgc.log" > "$T/gc.json"
share=$(jq1 "$T/gc.json" "'%.3f' % (100 - d['throughput_pct'])")
nfind=$(jq1 "$T/gc.json" "len(d['findings'])")
page gc --fig "$stalls|allocation stalls" --fig "$worst ms|worst allocation stall" --fig "$maxp ms|max pause" \
  --fig "$share %|time in GC pauses" --findings "$nfind" --chart pause-timeline=3 --chart heap=2 \
  --text "$P1" -- gc "$T/zgc.log"

# lat: count, nearest-rank P50/P99 and max of field NF-1 by python
read -r n p50 p99 mx < <(python3 -c '
import math, sys
v = sorted(int(l.split()[-2]) for l in open(sys.argv[1]))
r = lambda p: v[max(0, math.ceil(len(v) * p / 100) - 1)]
print(len(v), r(50), r(99), v[-1])' "$T/access.log")
page lat --fig "$n|requests" --fig "$p50 ms|P50 latency" --fig "$p99 ms|P99 latency" --fig "$mx ms|max latency" \
  --chart latency-spectrum=1 -- lat -f -2 "$T/access.log"
page lat-by-path --text "/$P1" -- lat -f -2 --by path "$T/access.log"
# merge: the histogram lat saved gives the same figures back
"$G" lat -q -f -2 --save "$T/access.hlog" "$T/access.log" > /dev/null
page merge --fig "$n|requests" --fig "$p50 ms|P50 latency" --fig "$p99 ms|P99 latency" --fig "$mx ms|max latency" \
  -- merge "$T/access.hlog"

# cpu: top -H named from a dump whose thread name is the payload
"$G" cpu --json -q --thread-dump "$T/dump-l.txt" "$FX/threads/jdk17-top-H.txt" > "$T/cpu.json"
read -r pid cores < <(jq1 "$T/cpu.json" "'%d %.4f' % (d['process_detail'][0]['pid'], d['process_detail'][0]['cores_mean'])")
page cpu --fig "$pid|busiest process (pid)" --fig "$cores cores|its CPU (mean)" --chart cpu-time=1 --text "$P1" \
  -- cpu --thread-dump "$T/dump-l.txt" "$FX/threads/jdk17-top-H.txt"

# jstat: the GC time share and full GCs by awk over the GCT and FGC columns
# (rows 1 s apart, as jstat's default interval is assumed)
read -r gct fgc < <(awk 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
  { if (first == "") { first = $c["GCT"]; f0 = $c["FGC"] } last = $c["GCT"]; f1 = $c["FGC"]; rows++ }
  END { printf "%.2f %d\n", (last - first) / (rows - 1) * 100, f1 - f0 }' "$JST")
page jstat --fig "$gct %|GC time share" --fig "$fgc|full GCs" --chart jstat-occupancy-f1=5 --text "$JST" -- jstat "$JST"

# histo: the largest class is the first row's (awk); the payload is a class name
top=$(awk '$1 == "1:" { print $4 }' "$T/histo-1.txt")
page histo --fig "$top|largest class" --text "$P1" -- histo "$T/histo-1.txt" "$FX/proc/g1/histo-2.txt"

# threads: threads counted by their header lines (grep); the payload is a thread name
nthr=$(grep -c '^".*tid=' "$T/jstack.txt")
"$G" threads --json -q "$T/jstack.txt" > "$T/threads.json"
dl=$(jq1 "$T/threads.json" "d['deadlocks']['found']")
page threads --fig "$nthr|threads" --fig "$dl|deadlocks" --text "$P1" -- threads "$T/jstack.txt"

# impact and correlate: the request count by wc, the rest from their JSON
"$G" impact --json -q --timeout 10ms "$T/g1.gc.log" > "$T/impact.json"
read -r sh lp < <(jq1 "$T/impact.json" "'%.4f %.3f' % (d['impact']['share_pct'], d['impact']['longest_pause_ms'])")
page impact --fig "$sh %|requests pushed past the timeout" --fig "10.000 ms|timeout" --fig "$lp ms|longest pause" \
  -- impact --timeout 10ms "$T/g1.gc.log"
nreq=$(wc -l < "$T/g1.access.log")
"$G" correlate --json -q --gc "$T/g1.gc.log" --access "$T/g1.access.log" -f 2 > "$T/correlate.json"
cp99=$(jq1 "$T/correlate.json" "'%.3f' % [r for r in d['latency'] if r['requests'] == 'all'][0]['p99_ms']")
page correlate --fig "$nreq|requests" --fig "$cp99 ms|P99 latency" \
  -- correlate --gc "$T/g1.gc.log" --access "$T/g1.access.log" -f 2

# compare: a run named with a payload; each run's max pause and stalls from its own gc --json
P3='"><script>alert(1)<'
"$G" gc --json -q "$FX/gc/jdk17-g1-plain-steady.log" > "$T/g1.json"
g1max=$(jq1 "$T/g1.json" "'%.3f' % d['pauses']['max_ms']")
zmax=$(jq1 "$T/gc.json" "'%.3f' % d['pauses']['max_ms']")
page compare --text "$P3" --fig "$g1max ms|max pause" --fig "$zmax ms|max pause" --fig "$stalls|allocation stalls" \
  --folded "Comparison (" --absent "gc.kind." --chart compare-pause-spectrum=2 \
  -- compare "g1=$FX/gc/jdk17-g1-plain-steady.log" "$P3=$T/zgc.log"

# load: against tests/tools/stall_server.c on 127.0.0.1, the URL path is the payload
if cc -O2 -o "$T/stall_server" "$ROOT/tests/tools/stall_server.c" 2> "$T/cc.err"; then
  "$T/stall_server" --lifetime 30 > "$T/port" & spid=$!
  for _ in $(seq 50); do [ -s "$T/port" ] && break; sleep 0.05; done
  read -r PORT _ < "$T/port"
  page load --fig "0|errors" --chart load-rate-time=1 --text "/$P1" -- load --rate 100 -d 1s -c 2 -t 1 "http://127.0.0.1:$PORT/$P1"
  kill "$spid" 2>/dev/null
else
  nok "build stall_server for load --html" "$(head -3 "$T/cc.err")"
fi

# ---- text and JSON do not change with the HTML code: --html adds nothing to them ----
"$G" gc --json -q "$T/zgc.log" | cmp -s - "$T/gc.json" && ok "gc --json unchanged by the chart and figure nodes" ||
  nok "gc --json unchanged by the chart and figure nodes"
if grep -q 'RF_\|headline\|x_axis' "$T/gc.json"; then nok "no chart or headline node leaks into JSON"; else
  ok "no chart or headline node leaks into JSON"; fi

# ---- deterministic: the same input gives the same bytes ----
"$G" gc --html -q "$T/zgc.log" > "$T/gc2.html" && "$G" gc --html -q "$T/zgc.log" > "$T/gc3.html" &&
  cmp -s "$T/gc2.html" "$T/gc3.html" && ok "gc --html output deterministic" || nok "gc --html output deterministic"

# ---- the page also goes to standard output; --html with --json: the last one wins, as for --csv ----
"$G" gc --json --html -q "$T/zgc.log" > "$T/stdout.html" && head -c 15 "$T/stdout.html" | grep -q '<!DOCTYPE html>' &&
  ok "--html writes to standard output" || nok "--html writes to standard output"

# ---- ASan+UBSan: the renderer on every kind of node, clean ----
if [ -n "${GCLAT_ASAN:-}" ] && [ -x "$GCLAT_ASAN" ]; then
  bad=""
  asan() { # ARGS...: one page under the sanitizers; a failure is added to $bad
    "$GCLAT_ASAN" "$@" --html -q > "$T/asan.html" 2> "$T/asan.err" || bad="$bad [$1: exit $?]"
    grep -q 'Sanitizer\|runtime error' "$T/asan.err" && bad="$bad [$1: $(head -c 200 "$T/asan.err")]"
  }
  asan gc "$T/zgc.log"
  asan lat -f -2 --interval 10s "$T/access.log"
  asan jstat "$JST"
  asan threads "$T/jstack.txt"
  asan histo "$T/histo-1.txt" "$FX/proc/g1/histo-2.txt"
  asan cpu --thread-dump "$T/dump-l.txt" "$FX/threads/jdk17-top-H.txt"
  asan compare "a=$FX/gc/jdk17-g1-plain-steady.log" "b=$T/zgc.log"
  asan merge "$T/access.hlog"
  [ -z "$bad" ] && ok "--html under ASan+UBSan: clean" || nok "--html under ASan+UBSan: clean" "$bad"
fi
