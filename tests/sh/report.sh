#!/usr/bin/env bash
# tests/sh/report.sh — gclat report opened in headless Chromium (DevTools
# protocol, tests/sh/report_cdp.py): no console errors, every chart present
# with the expected number of series (expected counts come from `gclat gc
# --json` of the same logs, not from the report), the pause timeline holds
# every pause, hostile log strings come out inert, and a screenshot is kept.
# needs: python3
set -u
. "$ROOT/tests/sh/lib.bash"
G=gx # gclat, failing the test when it exits non-zero
FX="$ROOT/tests/fixtures"
T="$TMPDIR/report"
mkdir -p "$T"
# artifacts outlive the scratch TMPDIR that tests/run.sh removes
ART="${GCLAT_ARTIFACTS:-$(dirname "$TMPDIR")/gclat-artifacts}"
mkdir -p "$ART"
CDP="$ROOT/tests/sh/report_cdp.py"

ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; [ $# -gt 1 ] && printf '#   %s\n' "$2"; }

python3 "$FX/access/gen_access.py" 20000 1 > "$T/access1.log"
python3 "$FX/access/gen_access.py" 20000 2 > "$T/access2.log"
G1="$FX/gc/jdk17-g1-detailed-fullgc.log"
ZGC="$FX/gc/jdk17-zgc-detailed-stall.log"

# $1 html, $2 png, rest: --text args. Prints JSON or returns 3 (no chromium).
inspect() {
  local html=$1 png=$2; shift 2
  timeout 120 python3 "$CDP" "$html" "$png" "$@"
}

# expected pause-timeline series: distinct pause kinds, plus allocation and
# relocation stalls if any; expected dots: every pause and stall; expected
# heap series: before, after, and capacity when the log gives it
expect_timeline() { # $1 gc log -> "series points heap_series"
  local heap
  heap=$("$G" gc --csv -q "$1" | awk -F, 'NR > 1 && $12 != "" { f = 1 } END { print f ? 3 : 2 }')
  "$G" gc --json -q "$1" | HEAP=$heap python3 -c '
import json, os, sys
d = json.load(sys.stdin)
st = d["alloc_stalls"]["count"]
rs = d["alloc_stalls"]["relocation_stalls"]
print(len(d.get("kinds", {})) + (1 if st else 0) + (1 if rs else 0), d["pauses"]["count"] + st + rs, os.environ["HEAP"])'
}

# ---- one run: GC log + access log + top -b ----
R1="$T/single.html"
if ! "$G" report -q -o "$R1" "$G1" "$T/access1.log" "$FX/proc/g1/top-b.txt" --pid 498 --lat-arg=-f --lat-arg=-2; then
  nok "report single run written"
else
  ok "report single run written"
fi
if ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null; then
  echo "ok - report chromium checks # SKIP chromium unavailable"
  exit 0
fi
J1=$(inspect "$R1" "$ART/report-single.png"); rc=$?
if [ $rc -eq 3 ]; then
  echo "ok - report chromium checks # SKIP chromium unavailable"
  exit 0
fi
# Chromium "loads" a missing file too (an error page): the report must exist
[ $rc -eq 0 ] && [ -s "$R1" ] && ok "chromium loaded the single-run report" || nok "chromium loaded the single-run report" "$J1"
echo "# screenshot: $ART/report-single.png"

read -r want_series want_points want_heap < <(expect_timeline "$G1")
check=$(printf '%s' "$J1" | WANT_S=$want_series WANT_P=$want_points WANT_H=$want_heap python3 -c '
import json, os, sys
d = json.load(sys.stdin)
want = {"pause-timeline": int(os.environ["WANT_S"]), "heap": int(os.environ["WANT_H"]), "pause-histogram": 1, "alloc-rate": 1,
        "pause-spectrum": 1, "latency-spectrum": 1, "latency-time": 3, "cpu-time": 1}
bad = []
for cid, n in want.items():
    got = d["charts"].get(cid, {}).get("series")
    if got != n:
        bad.append(f"{cid}: {got} series, expected {n}")
pts = sum(d["charts"].get("pause-timeline", {}).get("points", []))
if pts != int(os.environ["WANT_P"]):
    bad.append("pause-timeline holds %d pauses, gclat gc counts %s" % (pts, os.environ["WANT_P"]))
errs = [c for c in d["console"] if c["type"] in ("error", "warning", "assert")]
if errs or d["exceptions"] or d["dialogs"]:
    bad.append("console %s exceptions %s dialogs %s" % (errs, d["exceptions"], d["dialogs"]))
if d["scripts"]:
    bad.append("%d script elements" % d["scripts"])
print("; ".join(bad) if bad else "OK")')
[ "$check" = OK ] && ok "single report: charts, series counts, every pause drawn, no console errors" ||
  nok "single report: charts, series counts, every pause drawn, no console errors" "$check"
[ -s "$R1" ] && [ -s "$ART/report-single.png" ] && ok "screenshot kept ($ART/report-single.png)" || nok "screenshot kept"
if [ ! -s "$R1" ] || grep -q 'src=\|href="http\|@import\|url(' "$R1"; then nok "report is self-contained (no src=, http links, @import, url())"
else ok "report is self-contained (no src=, http links, @import, url())"; fi

# ---- two runs: comparison charts overlay one series per run ----
R2="$T/compare.html"
"$G" report -q -o "$R2" --lat-arg=-f --lat-arg=-2 --pid g1=498 --pid zgc=3511 \
  "g1=$G1,$T/access1.log,$FX/proc/g1/top-b.txt" "zgc=$ZGC,$T/access2.log,$FX/proc/zgc/top-b.txt"
J2=$(inspect "$R2" "$ART/report-compare.png")
echo "# screenshot: $ART/report-compare.png"
read -r zs zp zh < <(expect_timeline "$ZGC")
check=$(printf '%s' "$J2" | WANT_S1=$want_series WANT_S2=$zs WANT_P2=$zp WANT_H1=$want_heap WANT_H2=$zh python3 -c '
import json, os, sys
d = json.load(sys.stdin)
want = {"compare-pause-spectrum": 2, "compare-pause-histogram": 2, "compare-latency-spectrum": 2,
        "compare-cpu-time": 2, "pause-timeline-r1": int(os.environ["WANT_S1"]),
        "pause-timeline-r2": int(os.environ["WANT_S2"]), "heap-r1": int(os.environ["WANT_H1"]), "heap-r2": int(os.environ["WANT_H2"]),
        "latency-time-r1": 3, "latency-time-r2": 3, "cpu-time-r1": 1, "cpu-time-r2": 1}
ch = d["charts"]
bad = ["%s: %s != %s" % (k, ch.get(k, {}).get("series"), v) for k, v in want.items()
       if ch.get(k, {}).get("series") != v]
names = d["charts"].get("compare-pause-spectrum", {}).get("names")
if names != ["g1", "zgc"]:
    bad.append(f"series names {names}")
if sum(d["charts"].get("pause-timeline-r2", {}).get("points", [])) != int(os.environ["WANT_P2"]):
    bad.append("zgc timeline does not hold every pause and stall")
if d["console"] or d["exceptions"] or d["dialogs"]:
    bad.append("console/exceptions/dialogs")
print("; ".join(bad) if bad else "OK")')
[ "$check" = OK ] && ok "compare report: overlaid charts with one series per run, per-run charts" ||
  nok "compare report: overlaid charts with one series per run, per-run charts" "$check"

# ---- hostile strings in thread names, causes, file names and run names ----
P1='<script>alert(1)</script>'
P2='"><img src=x onerror=alert(1)>'
XD="$T/x$P2"
mkdir -p "$XD"
sed -e "s/Allocation Stall (alloc-2)/Allocation Stall ($(printf '%s' "$P1" | sed 's/[\/&]/\\&/g'))/" \
    -e "s/Allocation Stall (alloc-1)/Allocation Stall ($(printf '%s' "$P2" | sed 's/[\/&]/\\&/g'))/" \
    "$ZGC" > "$XD/zgc$P2.log"
sed -e "s/(G1 Evacuation Pause)/($(printf '%s' "$P1" | sed 's/[\/&]/\\&/g'))/" "$G1" > "$XD/g1.log"
R3="$T/xss.html"
# a run name cannot hold "=" or "/" (NAME=FILES), so it gets its own payload
P3='"><script>alert(1)<'
"$G" report -q -o "$R3" "$P3=$XD/zgc$P2.log" "run2=$XD/g1.log"
# ground truth that the payloads are in the parsed data at all (a file: grep -q
# closing the pipe early could kill gclat with SIGPIPE)
"$G" gc --json -q "$XD/zgc$P2.log" > "$T/xss-gc.json"
grep -qF 'alert(1)\u003c/script>' "$T/xss-gc.json" && ok "payload reaches the GC analysis (thread name)" ||
  nok "payload reaches the GC analysis (thread name)"
J3=$(inspect "$R3" "$ART/report-xss.png" --text "$P1" --text "$P2" --text "$P3")
check=$(printf '%s' "$J3" | python3 -c '
import json, sys
d = json.load(sys.stdin)
bad = []
if d["scripts"] or d["imgs"] or d["handlers"]:
    bad.append("scripts %s imgs %s handlers %s" % (d["scripts"], d["imgs"], d["handlers"]))
if d["dialogs"] or d["exceptions"] or d["console"]:
    bad.append("dialogs %s exceptions %s console %s" % (d["dialogs"], d["exceptions"], d["console"]))
for t, has in d["text_has"].items():
    if not has:
        bad.append(f"text {t!r} not shown literally")
print("; ".join(bad) if bad else "OK")')
[ "$check" = OK ] && ok "hostile strings are shown as text: no script, img, handler, dialog" ||
  nok "hostile strings are shown as text: no script, img, handler, dialog" "$check"
if [ ! -s "$R3" ] || grep -qi '<script\|<img' "$R3"; then nok "raw HTML holds no <script or <img"; else ok "raw HTML holds no <script or <img"; fi
grep -qF '&lt;script&gt;alert(1)&lt;/script&gt;' "$R3" && ok "thread name/cause escaped as entities" ||
  nok "thread name/cause escaped as entities"
grep -qF '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;' "$R3" && grep -qF '&quot;&gt;&lt;script&gt;alert(1)&lt;' "$R3" &&
  ok "file and run names escaped as entities" || nok "file and run names escaped as entities"

# ---- the same compare report under ASan+UBSan: clean, and byte-identical ----
if [ -n "${GCLAT_ASAN:-}" ] && [ -x "$GCLAT_ASAN" ]; then
  "$GCLAT_ASAN" report -q -o "$T/compare-asan.html" --lat-arg=-f --lat-arg=-2 --pid g1=498 --pid zgc=3511 \
    "g1=$G1,$T/access1.log,$FX/proc/g1/top-b.txt" "zgc=$ZGC,$T/access2.log,$FX/proc/zgc/top-b.txt" 2> "$T/asan.err"
  rc=$?
  if [ $rc -eq 0 ] && ! grep -q 'Sanitizer\|runtime error' "$T/asan.err"; then ok "report under ASan+UBSan: clean"
  else nok "report under ASan+UBSan: clean" "rc $rc $(head -c 300 "$T/asan.err")"; fi
  # the version string differs between builds; the rest must not
  if [ -s "$R2" ] && [ -s "$T/compare-asan.html" ] && diff <(sed 's/Written by gclat [^ ]*\./X/' "$R2") <(sed 's/Written by gclat [^ ]*\./X/' "$T/compare-asan.html") > /dev/null; then
    ok "report output deterministic across builds"
  else nok "report output deterministic across builds"; fi
fi
