#!/usr/bin/env bash
# tests/sh/first_screen.sh — the first screen of gc, lat, cpu, threads,
# impact and compare (docs/readme/00-intro.md):
#   1. every golden case of these commands is run through a wrapper that
#      records each default-text report: at most 25 lines each;
#   2. every fixture of each kind: at most 25 lines, the verdict is line 1,
#      and its figures equal the --json report's (python reads both);
#   3. --full is the whole report: every line of the default text but the
#      More: hint is in it, and --json does not carry the verdict.
set -u
: "${GCLAT:?}" "${ROOT:?}"
G=$GCLAT
FX=$ROOT/tests/fixtures
T=${TMPDIR:-/tmp}/first_screen.$$
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
MAX=${SCREEN_MAX_LINES:-25}
fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }

# ---- 1. the golden cases, through a recording wrapper
cat > "$T/gclat" <<'EOF'
#!/usr/bin/env bash
# records the line count of every default-text report of the six commands
case " $* " in
  *" --json "*|*" --csv "*|*" --html "*|*" --full "*|*" --format"*|*" --help "*|*" -h "*|*" -o "*|*" --output"*) exec "$REAL_GCLAT" "$@" ;;
esac
case ${1:-} in gc|lat|cpu|threads|impact|compare) ;; *) exec "$REAL_GCLAT" "$@" ;; esac
out=$(mktemp)
"$REAL_GCLAT" "$@" > "$out"
rc=$?
echo "$(wc -l < "$out") $(basename "$PWD"): gclat $*" >> "$SCREEN_LOG"
cat "$out"
rm -f "$out"
exit $rc
EOF
chmod +x "$T/gclat"
: > "$T/golden.log"
for d in "$ROOT"/tests/cases/{gc,lat,cpu,threads,impact,compare}-*/; do
  [ -f "$d/cmd" ] || continue
  (cd "$d" && REAL_GCLAT="$G" SCREEN_LOG="$T/golden.log" GCLAT="$T/gclat" TMPDIR="$T" bash ./cmd > /dev/null 2>&1)
done
runs=$(wc -l < "$T/golden.log")
long=$(awk -v m=$MAX '$1 > m' "$T/golden.log")
if [ "$runs" -ge 15 ] && [ -z "$long" ]; then
  ok "golden cases: all $runs default-text runs of gc/lat/cpu/threads/impact/compare fit in $MAX lines (longest $(sort -n "$T/golden.log" | tail -1 | cut -d' ' -f1))"
else
  nok "golden cases: $runs runs recorded; longer than $MAX lines: $long"
fi

# ---- 2. every fixture: the line count, the verdict first, its figures = JSON
# check KIND NAME [REF_JSON...]: python compares the verdict line ($T/t) with
# the run's JSON ($T/j) or with reference JSON files
check() {
  local what=$1 name=$2; shift 2
  python3 - "$what" "$T/j" "$T/t" "$@" <<'PY' || nok "$name: verdict vs JSON"
import json, re, sys
what, jf, tf = sys.argv[1], sys.argv[2], sys.argv[3]
j = json.load(open(jf))
v = open(tf).read().split("\n")[0]
def has(s):
    if s not in v:
        print("#   %r not in verdict %r" % (s, v))
        sys.exit(1)
if what == "gc":
    p = j["pauses"]
    if p["count"] is None:
        has("pause count and time unknown")
    elif p["count"] > 0:
        has("%d pauses, max %.3f ms, P99 %.3f ms" % (p["count"], p["max_ms"], p["percentiles"]["p99"]))
        has("%.3f %% of wall time in GC pauses" % (100 - j["throughput_pct"]))
    n = j["alloc_stalls"]["count"]
    if n:
        has("; %d allocation stalls, max %.3f ms" % (n, j["alloc_stalls"]["max_ms"]))
    sev = {}
    for f in j["findings"]:
        sev[f["severity"]] = sev.get(f["severity"], 0) + 1
    for s, c in sev.items():
        has("%d %s" % (c, s if s != "warning" or c == 1 else "warnings"))
elif what == "lat":
    # the reference is --json of the same run, or (--by, columns) of runs
    # without grouping, one per column: the verdict's merged figures must
    # equal a single pass over the same requests
    refs = [json.load(open(x)) for x in sys.argv[4:]] or [j]
    parts = v.split("; ")
    got = re.findall(r"(\d+) requests[^:]*: P50 ([\d.]+) ms, P99 ([\d.]+) ms, P99.9 ([\d.]+) ms, max ([\d.]+) ms", v)
    want = []
    for r in refs:
        pc = {x["percentile"]: x["value"] for x in r["lat"]["percentiles"]}
        s = r["lat"]["summary"]
        want.append((s["count"], pc["P50"], pc["P99"], pc["P99.9"], s["max"]))
    if len(got) != len(want) or any(int(g[0]) != w[0] or any(abs(float(a) - b) > 1e-9 for a, b in zip(g[1:], w[1:]))
                                    for g, w in zip(got, want)):
        print("#   verdict %r, want %r" % (v, want)); sys.exit(1)
elif what == "cpu":
    r = j["processes"][0]
    has("%s %d" % (r["command"], r["pid"]))
    has(": %.2f %%CPU mean (%.3f cores), P99 %.1f %%, max %.1f %% at %s, %d samples" % (
        r["cpu_mean_pct"], r["cores_mean"], r["cpu_p99_pct"], r["cpu_max_pct"], r["max_at"], r["samples"]))
    m = j.get("machine")
    if m and m.get("cpu"):
        has("idle %.2f %% mean" % [x for x in m["cpu"] if x["field"] == "id"][0]["mean"])
    if "thread_totals" in j:
        has("GC threads %.2f %% of the JVM's CPU" % j["thread_totals"]["gc_share_pct"])
elif what == "threads":
    i = j["input"]
    has("%d threads (%s" % (i["threads"], i["format"]))
    st = {}
    for r in j["states"]:
        st[r["state"]] = st.get(r["state"], 0) + r["threads"]
    for s, c in st.items():
        has("%s %d" % (s, c))
    if sum(st.values()) != i["threads"]:
        print("#   states add up to %d, not %d" % (sum(st.values()), i["threads"])); sys.exit(1)
    d = j["deadlocks"]["found"]
    has("; %d deadlock%s;" % (d, "" if d == 1 else "s"))
elif what == "impact":
    im = j["impact"]
    if im["pauses"]:
        has("pushed %.4f %% of requests past the %.3f ms timeout" % (im["share_pct"], j["model"]["timeout_ms"]))
        has("%d pauses stopped the JVM %.4f %%" % (im["pauses"], im["stopped_pct"]))
    else:
        has("No ")
PY
}

screen() { # screen KIND NAME ARGS...: text, --full and --json of one run (REFS: reference JSON files)
  local what=$1 name=$2; shift 2
  "$G" "$what" "$@" > "$T/t" 2> /dev/null; local rc=$?
  "$G" "$what" --full "$@" > "$T/f" 2> /dev/null
  "$G" "$what" --json "$@" > "$T/j" 2> /dev/null
  local n; n=$(wc -l < "$T/t")
  nfx=$((nfx + 1))
  # 2: bad input (a log this reader refuses), 4: a --fail-if held
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 2 ] && [ "$rc" -ne 4 ]; then nok "$name: exit $rc"; return; fi
  [ "$n" -le $MAX ] || nok "$name: $n lines"
  [ "$n" -gt "$longest" ] && longest=$n
  # the verdict: line 1, not a section title, a blank line after it
  { [ -n "$(head -1 "$T/t")" ] && [ -z "$(sed -n 2p "$T/t")" ]; } || nok "$name: no verdict line first"
  # --full holds every line of the first screen: the More: hint aside, the
  # compact tables that stand in for detail (RF_BRIEF: lat --by, compare's
  # headline, the unparsed reasons) aside, and a finding's one line as the
  # head of its long form (its " (first F:L, worst F:L)" tail left out)
  local missing
  missing=$(grep -v '^More: ' "$T/t" | sed -E 's/ \((first|at) [^()]*\)$//' | grep -Fxv -f "$T/f" | head -3)
  case $what in lat|compare) [ "${REFS:-}" = brief ] && missing="" ;; esac
  grep -q 'reasons (--full' "$T/t" && missing=""
  [ -z "$missing" ] || nok "$name: not in --full: $missing"
  grep -qF "$(head -1 "$T/t")" "$T/j" && nok "$name: the verdict is in the JSON"
  case $what in gc|cpu|threads|impact) check "$what" "$name" ;; lat) check lat "$name" ${REFS_LAT:-} ;; esac
}

for kind in gc lat cpu threads impact compare; do
  nfx=0; longest=0; f0=$fails
  case $kind in
  gc)
    for f in "$FX"/gc/*.log "$FX"/gc/diag/*.log "$FX"/http/*.gc.log.gz "$FX"/proc/*/gc.log.gz "$ROOT"/examples/gc-*.log*; do
      screen gc "gc $(basename "$f")" "$f"
    done
    screen gc "gc rotated set" "$FX"/gc/rotated/gc.log*
    screen gc "gc --over --by day (CMS)" --over 100ms,200ms,300ms --by day "$ROOT/examples/gc-cms-jdk8-synthetic.log"
    ;;
  lat)
    screen lat "lat small.log" -f -2 --exclude monitor/health "$FX/access/small.log"
    screen lat "lat java-httpserver.log" -f -2 "$FX/access/java-httpserver.log"
    screen lat "lat nginx" --log-format nginx "$FX/access/small-nginx.log"
    screen lat "lat apache" --log-format apache "$FX/access/apache-D.log"
    screen lat "lat envoy" --log-format envoy "$FX/access/envoy.log"
    screen lat "lat json" --log-format json "$FX/access/small.jsonl"
    for f in "$FX"/http/*.access.log.gz; do screen lat "lat $(basename "$f")" -f 2 "$f"; done
    screen lat "lat --over" -f -2 --over 10ms,20.5 "$FX/access/small.log"
    "$G" lat --json -f -2 "$FX/access/small.log" > "$T/r1"
    REFS=brief REFS_LAT="$T/r1" screen lat "lat --by status = one pass" -f -2 --by status --over 10ms "$FX/access/small.log"
    "$G" lat --json -f 2 "$FX/http/jdk17-g1.access.log.gz" > "$T/r2"
    REFS=brief REFS_LAT="$T/r2" screen lat "lat --by path = one pass" -f 2 --by path "$FX/http/jdk17-g1.access.log.gz"
    REFS=brief REFS_LAT="$T/r2" screen lat "lat --by path --max-groups 2 = one pass" -f 2 --by path --max-groups 2 "$FX/http/jdk17-g1.access.log.gz"
    screen lat "lat --interval 1m" --log-format json --interval 1m "$FX/access/small.jsonl"
    "$G" lat --json -f -2 "$FX/access/java-httpserver.log" > "$T/r3"
    REFS_LAT="$T/r1 $T/r3" screen lat "lat columns = one run each" -f -2 a="$FX/access/small.log" b="$FX/access/java-httpserver.log"
    ;;
  cpu)
    for f in "$FX"/proc/*/top-b*.txt "$FX"/proc/top-b-H-machine.txt "$FX"/threads/*top-H*.txt; do
      screen cpu "cpu $(basename "$(dirname "$f")")/$(basename "$f")" "$f"
    done
    screen cpu "cpu --all --cpus 2" --all --cpus 2 "$FX/proc/g1/top-b.txt"
    ;;
  threads)
    for f in "$FX"/threads/*.txt "$FX"/threads/*.txt.gz "$FX"/threads/*threaddump.json; do
      case $f in *top-H*|*histo-all*|*truth*) continue ;; esac
      screen threads "threads $(basename "$f")" "$f"
    done
    screen threads "threads --top" --top "$FX/threads/jdk17-top-H.txt" "$FX/threads/jdk17-jstack-l.txt"
    ;;
  impact)
    for f in "$FX"/gc/jdk17-*-plain-steady.log "$FX"/gc/jdk17-zgc-plain-stall.log "$ROOT"/examples/gc-cms-jdk8-synthetic.log; do
      screen impact "impact $(basename "$f")" --timeout 100ms "$f"
    done
    screen impact "impact --rate --what-if" --timeout 10ms --rate 3400 --what-if "$FX/http/jdk17-zgc.gc.log.gz" "$FX/http/jdk17-g1.gc.log.gz"
    screen impact "impact --what-if max-pause" --timeout 50ms --what-if max-pause=1ms "$ROOT/examples/gc-cms-jdk8-synthetic.log"
    ;;
  compare)
    export REFS=brief
    screen compare "compare g1/zgc" g1="$FX/gc/jdk17-g1-plain-steady.log" zgc="$FX/gc/jdk17-zgc-plain-steady.log"
    screen compare "compare three runs" a="$FX/gc/jdk17-parallel-plain-steady.log" b="$FX/gc/jdk17-serial-plain-steady.log" c="$FX/gc/jdk17-g1-detailed-steady.log"
    screen compare "compare gc+access+cpu" --lat-arg=-f --lat-arg=-2 \
      "base=$FX/access/small.log,$FX/http/jdk17-g1.gc.log.gz,$FX/proc/g1/top-b-p.txt" \
      "new=$FX/access/java-httpserver.log,$FX/http/jdk17-zgc.gc.log.gz,$FX/proc/zgc/top-b-p.txt"
    screen compare "compare --fail-if" --fail-if 'gc.max > +10%' zgc="$FX/gc/jdk17-zgc-detailed-steady.log" g1="$FX/gc/jdk17-g1-plain-steady.log"
    ;;
  esac
  [ "$fails" -eq "$f0" ] && ok "$kind: $nfx fixture runs: at most $MAX lines (longest $longest), verdict first, its figures = --json, all in --full"
done
