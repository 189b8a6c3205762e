#!/usr/bin/env bash
# tests/sh/watch_html.sh — `gclat watch --html FILE` and the page at GET / of
# --listen: the same bar as every --html page (tests/sh/html.sh): opened in
# headless Chromium (report_cdp.py) and judged by html_check.py (no console
# message, no script, nothing fetched, the CSP, hostile thread names, URL
# paths and JVM names shown as text, the key figures on the first screen,
# computed apart from watch: awk over the log, gclat gc / lat --json). Then a
# live run: the page is there before the first interval, refreshes every
# interval, is replaced whole (a reader polling it never sees half a page),
# equals what GET / and /index.html serve, and says it stopped at exit.
# needs: python3
set -u
. "$ROOT/tests/sh/lib.bash"
G=gx
FX="$ROOT/tests/fixtures"
T="$TMPDIR/watch-html"
mkdir -p "$T"
ART="${GCLAT_ARTIFACTS:-$(dirname "$TMPDIR")/gclat-artifacts}"
mkdir -p "$ART"
CDP="$ROOT/tests/sh/report_cdp.py"
CHECK="$ROOT/tests/sh/html_check.py"
pids=()
trap 'for p in ${pids[@]+"${pids[@]}"}; do kill "$p" 2>/dev/null; done' EXIT
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; [ $# -gt 1 ] && printf '#   %s\n' "${@:2}"; }
P1='<script>alert(1)</script>'
P3='"><script>alert(1)<'
sedq() { printf '%s' "$1" | sed 's/[\/&|]/\\&/g'; }
jq1() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
have_chromium=1
command -v chromium > /dev/null || command -v chromium-browser > /dev/null || have_chromium=0

# judge NAME PAGE CHECK-ARGS...: open PAGE in Chromium and check it
judge() {
  local name=$1 html=$2; shift 2
  if [ $have_chromium = 0 ]; then echo "ok - $name in chromium # SKIP chromium unavailable"; return; fi
  local texts=() a=("$@") i
  for ((i = 0; i < ${#a[@]}; i++)); do [ "${a[i]}" = --text ] && texts+=(--text "${a[i + 1]}"); done
  local j rc v
  j=$(timeout 120 python3 "$CDP" "$html" "$ART/$name.png" --first-shot "$ART/$name-first.png" ${texts[@]+"${texts[@]}"})
  rc=$?
  if [ $rc -eq 3 ]; then echo "ok - $name in chromium # SKIP chromium did not start"; return; fi
  [ $rc -ne 0 ] && { nok "$name opened in chromium" "rc $rc"; return; }
  v=$(printf '%s' "$j" | python3 "$CHECK" "$html" "$@")
  [ "$v" = OK ] && ok "$name: renders clean, self-contained, key figures on the first screen, $((${#texts[@]} / 2)) hostile string(s) as text" ||
    nok "$name: renders clean, self-contained, key figures on the first screen" "$v"
}

# ---- 1. --once --html: a ZGC log whose stalled thread, an access log whose URL path, a JVM whose name is a payload ----
sed -e "s/Allocation Stall (alloc-2)/Allocation Stall ($(sedq "$P1"))/" "$FX/gc/jdk17-zgc-detailed-stall.log" > "$T/zgc.log"
sed "s|GET /api/call?id=1|GET /$(sedq "$P1")?id=1|" "$FX/access/small.log" > "$T/access.log"
# independent figures: stalls and the worst by awk; pause max by awk over the pause lines;
# requests, nearest-rank P99 of field NF-1 by python
read -r stalls worst maxp < <(awk '
  /Allocation Stall \(/ { n++; v = $NF; sub(/ms$/, "", v); if (v + 0 > w) w = v + 0 }
  /\] GC\([0-9]+\) Pause / { v = $NF; sub(/ms$/, "", v); if (v + 0 > m) m = v + 0 }
  END { printf "%d %.3f %.3f\n", n, w, m }' "$T/zgc.log")
read -r nreq p99 < <(python3 -c '
import math, sys
v = sorted(int(l.split()[-2]) for l in open(sys.argv[1]))
print(len(v), "%.3f" % v[max(0, math.ceil(len(v) * 0.99) - 1)])' "$T/access.log")
"$G" gc --json -q "$T/zgc.log" > "$T/gc.json"
nfind=$(jq1 "$T/gc.json" "len(d['findings'])")
GX_EXIT=4 "$G" watch --once -q --window 1h --window 5m --gc "$P3=$T/zgc.log" --access "$P3=$T/access.log" -f -2 \
  --alert 'stall.count > 0' --alert 'lat.p99 > 1s' --html "$T/once.html" > "$T/once.txt"
if [ -s "$T/once.html" ]; then
  grep -q 'http-equiv="refresh"' "$T/once.html" && nok "--once page does not refresh (it will not change)" || ok "--once page does not refresh (it will not change)"
  # every finding of gclat gc, plus the one alert firing
  judge watch-once "$T/once.html" --fig "$maxp ms|max pause (1h)" --fig "$stalls|allocation stalls (1h)" \
    --fig "$p99 ms|P99 latency (1h)" --fig "$nreq|requests (1h)" --fig "1|alerts firing" \
    --findings $((nfind + 1)) --chart watch-pauses=3 --chart watch-latency=3 --text "$P1" --text "/$P1" --text "$P3"
  # the details hold the since-start figures of gclat gc and each stalled thread's count (awk)
  v=$(python3 - "$T/once.html" "$T/gc.json" "$T/zgc.log" <<'PY'
import html, json, re, sys, collections
page = open(sys.argv[1]).read()
g = json.load(open(sys.argv[2]))
dd = dict((html.unescape(k), v) for k, v in re.findall(r'<dt>([^<]*)</dt><dd>([^<]*)</dd>', page))
bad = []
if dd.get('pauses') != str(g['pauses']['count']):
    bad.append('since-start pauses %s, gc %s' % (dd.get('pauses'), g['pauses']['count']))
if dd.get('allocation stalls') != str(g['alloc_stalls']['count']):
    bad.append('since-start stalls %s, gc %s' % (dd.get('allocation stalls'), g['alloc_stalls']['count']))
want = collections.Counter(m.group(1) for m in (re.search(r'Allocation Stall \((.*)\) [0-9.]+ms$', l) for l in open(sys.argv[3])) if m)
rows = re.findall(r'<tr><td>([^<]*)</td><td class="num">(\d+)</td>', page)
got = {html.unescape(t): int(n) for t, n in rows if html.unescape(t) in want}
if got != dict(want):
    bad.append('stalls by thread %s, awk %s' % (got, dict(want)))
# the chart's slots hold every pause and stall of the log (the 1h window covers it)
pts = dict(re.findall(r'data-series="([^"]*)" data-points="(\d+)"', page))
if pts.get('max pause') != str(g['pauses']['count']) or pts.get('max stall') != str(g['alloc_stalls']['count']):
    bad.append('chart slots hold %s pauses, %s stalls' % (pts.get('max pause'), pts.get('max stall')))
print('; '.join(bad) or 'OK %d threads, chart slots %s pauses' % (len(want), pts.get('max pause')))
PY
)
  case $v in OK*) ok "--once page details == gclat gc since start, stalls by thread == awk, chart slots hold every pause and stall (${v#OK })";; *) nok "--once page details" "$v";; esac
else
  nok "--once --html wrote the page"
fi

# ---- 2. a live run: --html FILE and GET / while a log is written ----
src="$FX/gc/jdk17-g1-detailed-steady.log"
d="$T/live"; mkdir -p "$d"; : > "$d/gc.log"
"$GCLAT" watch --interval 300ms --window 1h --gc "x=$d/gc.log" --listen 127.0.0.1:0 --html "$d/page.html" \
  > /dev/null 2> "$d/err" & WP=$!; pids+=($WP)
for _ in $(seq 100); do [ -s "$d/page.html" ] && grep -q 'metrics on' "$d/err" && break; sleep 0.05; done
first=$(cat "$d/page.html" 2> /dev/null)
case $first in *'http-equiv="refresh" content="1"'*'evaluated at the first interval'*) ok "a page before the first interval, refreshing every interval (1 s)";;
  *) nok "a page before the first interval" "$(printf '%s' "$first" | head -c 300)";; esac
PORT=$(grep -o '127.0.0.1:[0-9]*' "$d/err" | head -1 | cut -d: -f2)
# a reader polling the file meanwhile: every read is a whole page
python3 - "$d/page.html" > "$d/reads" <<'PY' & RP=$!
import sys, time
whole = part = 0
end = time.time() + 2.5
while time.time() < end:
    try:
        s = open(sys.argv[1]).read()
    except FileNotFoundError:
        part += 1
        continue
    if s.startswith('<!DOCTYPE html>') and s.endswith('</html>\n'):
        whole += 1
    else:
        part += 1
    time.sleep(0.002)
print(whole, part)
PY
sleep 0.3
# written by a script in pieces, so the page is rewritten while it grows
n=$(wc -l < "$src")
for k in 1 2 3 4; do sed -n "$(((k - 1) * n / 4 + 1)),$((k * n / 4))p" "$src" >> "$d/gc.log"; sleep 0.4; done
wait $RP
read -r whole part < "$d/reads"
[ "${part:-1}" = 0 ] && [ "${whole:-0}" -gt 100 ] && ok "the page is replaced whole: $whole reads while it was rewritten, none partial" ||
  nok "the page is replaced whole" "whole $whole partial $part"
sleep 1
fetch() { python3 -c "
import urllib.request, sys
r = urllib.request.urlopen('http://127.0.0.1:%s%s' % (sys.argv[1], sys.argv[2]), timeout=5)
sys.stderr.write('%s|%s\n' % (r.headers.get('Content-Type'), r.headers.get('Content-Security-Policy')))
sys.stdout.write(r.read().decode())" "$@"; }
fetch "$PORT" / > "$d/served.html" 2> "$d/h1"
# / and /index.html are the one page (the windows move between intervals: fetched back to back, retried)
same=$(python3 -c "
import urllib.request, sys
get = lambda p: urllib.request.urlopen('http://127.0.0.1:%s%s' % (sys.argv[1], p), timeout=5).read()
print(any(get('/') == get('/index.html') for _ in range(5)))" "$PORT")
fetch "$PORT" /metrics > "$d/metrics.txt" 2> /dev/null
want_n=$("$G" gc --json "$src" | python3 -c "import json,sys; d=json.load(sys.stdin); print(d['pauses']['count'], '%.3f' % d['pauses']['max_ms'])")
read -r wn wmax <<< "$want_n"
sn=$(python3 -c "import re,sys; m=re.search(r'<dt>pauses</dt><dd>(\d+)</dd>', open(sys.argv[1]).read()); print(m.group(1) if m else '?')" "$d/served.html")
mc=$(awk '/^gclat_gc_pause_seconds_count/ {print $2}' "$d/metrics.txt")
[ "$sn" = "$wn" ] && [ "$mc" = "$wn" ] && grep -q '^text/html; charset=utf-8|default-src .none.' "$d/h1" && [ "$same" = True ] &&
  ok "GET / and /index.html serve the page (text/html, CSP header): $sn pauses == gclat gc == /metrics" ||
  nok "GET / serves the page" "page $sn metrics $mc gc $wn, / == /index.html: $same" "$(cat "$d/h1")"
judge watch-served "$d/served.html" --fig "$wmax ms|max pause (1h)" --chart watch-pauses=2 # no stall in a G1 log
kill -TERM $WP; wait $WP 2> /dev/null
last=$(cat "$d/page.html")
fn=$(python3 -c "import re,sys; m=re.search(r'<dt>pauses</dt><dd>(\d+)</dd>', open(sys.argv[1]).read()); print(m.group(1) if m else '?')" "$d/page.html")
case $last in *'http-equiv="refresh"'*) nok "at exit: the last page, no refresh";;
  *'Stopped at'*) [ "$fn" = "$wn" ] && ok "at exit: the last page says it stopped, does not refresh, $fn pauses" || nok "last page pauses $fn, want $wn";;
  *) nok "at exit: the last page" "$(printf '%s' "$last" | head -c 300)";; esac
left=$(find "$d" -name '.page.html*' | wc -l)
[ "$left" = 0 ] && ok "no temporary file left beside the page" || nok "temporary files left: $left"
# an unwritable place warns and watch goes on
"$GCLAT" watch --once --gc "$src" --html "$T/nodir/page.html" > /dev/null 2> "$T/nodir.err"; rc=$?
[ $rc = 0 ] && grep -q -- "--html $T/nodir/page.html" "$T/nodir.err" && ok "--html into a missing folder: a warning, not a failure of the watch" ||
  nok "--html into a missing folder" "exit $rc: $(cat "$T/nodir.err")"

# ---- 3. ASan+UBSan: the page of a ZGC log with stalls and an access log, clean ----
if [ -n "${GCLAT_ASAN:-}" ] && [ -x "$GCLAT_ASAN" ]; then
  "$GCLAT_ASAN" watch --once -q --window 1h --gc "a=$T/zgc.log" --access "a=$T/access.log" -f -2 --alert 'stall.count > 0' \
    --html "$T/asan.html" > /dev/null 2> "$T/asan.err"
  rc=$?
  [ $rc = 4 ] && ! grep -q 'Sanitizer\|runtime error' "$T/asan.err" && ok "watch --html under ASan+UBSan: clean" ||
    nok "watch --html under ASan+UBSan" "exit $rc: $(head -c 300 "$T/asan.err")"
fi
