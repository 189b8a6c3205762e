#!/usr/bin/env bash
# tests/sh/impact_corpus.sh — gclat impact over every log of the shared GC
# corpus ($SHARED/corpus/gc, skipped when absent) with the ASan+UBSan build:
# never crashes, exits 0 or 2 (a log it cannot use, with a reason), and
# every report is valid JSON with 0 <= share <= 100 and share <= the stopped
# share of time plus the in-flight term (a pause cannot cost more requests
# than arrive during it, plus those already running: at most s per pause).
# needs: python3
set -u
G=${GCLAT_ASAN:-${GCLAT:-./gclat}}
[ -x "$G" ] || G=${GCLAT:-./gclat}
C="${SHARED:-}/corpus/gc"
if [ -z "${SHARED:-}" ] || [ ! -f "$C/MANIFEST.tsv" ]; then echo "ok - impact corpus # SKIP no shared corpus"; exit 0; fi
T=${TMPDIR:-/tmp}/impact_corpus.$$
mkdir -p "$T"
n=0; used=0; bad=0
while IFS= read -r f; do
  n=$((n + 1))
  "$G" impact -q --json --timeout 100ms --service-time 1ms "$C/$f" > "$T/out.json" 2> "$T/err"; rc=$?
  if grep -q 'Sanitizer\|runtime error' "$T/err"; then bad=$((bad + 1)); echo "# sanitizer: $f"; head -5 "$T/err" | sed 's/^/# /'; continue; fi
  case $rc in
    0) used=$((used + 1)); mv "$T/out.json" "$T/r$n.json"; echo "$T/r$n.json $f" >> "$T/list" ;;
    2) [ -s "$T/err" ] || { bad=$((bad + 1)); echo "# exit 2 without a reason: $f"; } ;;
    *) bad=$((bad + 1)); echo "# exit $rc: $f" ;;
  esac
done < <(cut -f1 "$C/MANIFEST.tsv" | tail -n +2)
# one Python for every report (startup cost)
implausible=$(python3 - "$T/list" <<'PY'
import json, sys
bad = 0
for line in open(sys.argv[1]):
    path, name = line.rstrip('\n').split(' ', 1)
    d = json.load(open(path))['impact']
    s, stopped, pauses, span = d['share_pct'], d['stopped_pct'], d['pauses'], d['span_s']
    inflight = 100.0 * pauses * 0.001 / span if span > 0 else 0
    if not (0 <= s <= 100 and s <= stopped + inflight + 1e-3):
        bad += 1
        print('# implausible share %s: %s' % (name, d), file=sys.stderr)
print(bad)
PY
)
bad=$((bad + implausible))
if [ $bad = 0 ] && [ $used -gt 0 ]; then echo "ok - impact over $n corpus logs: $used estimated, the rest refused with a reason, no sanitizer report"
else echo "not ok - impact corpus: $bad problem(s) in $n logs ($used estimated)"; fi
rm -rf "$T"
