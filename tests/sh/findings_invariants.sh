#!/usr/bin/env bash
# tests/sh/findings_invariants.sh — invariants of every finding (finding.h,
# docs/findings.md) over every fixture: each command is run with --json over
# every file of tests/fixtures/** and examples/ it reads (a command refusing a
# file of another kind is skipped), plus the multi-input forms (several
# histograms, dumps with --top, correlate's pairs, compare over every kind),
# and every `findings` array anywhere in the output must hold:
#   - severity in the documented set (info, warning, critical);
#   - first <= worst <= last in time where two of them carry a time in the
#     same form (uptime seconds, ISO date, the input's own clock), also on a
#     log built here whose wall clock goes back;
#   - the worst value is the max of the values shown (first, worst, last),
#     or the min for the findings whose worst is the lowest (MIN_IDS), and the
#     worst the summary names ("worst 7.883 ms") is the worst evidence's value;
#   - count >= the number of distinct evidence items shown (first/worst/last),
#     and a count of 1 shows one item;
#   - within one report, no two findings with the same id say the same thing
#     (same id and summary): an id may repeat for different subjects (one
#     leak suspect per class, one lock blocker per lock), never as a duplicate.
# The GC logs of $SHARED/corpus/gc are read too when it is there.
# Env: GCLAT, ROOT, TMPDIR, SHARED (optional).
set -u
cd "${ROOT:-.}" || exit 1
G=${GCLAT:-./gclat}
T=${TMPDIR:-/tmp}/findings_inv.$$
mkdir -p "$T/out"
n=0
run() { # run ARGS... : one --json report into $T/out (kept when it printed JSON)
  n=$((n + 1))
  local f="$T/out/$n.json"
  timeout 60 "$G" "$@" --json -q > "$f" 2> /dev/null
  local rc=$?
  if [ -s "$f" ] && [ "$rc" -ne 1 ]; then printf '%s\n' "$*" > "$T/out/$n.args"; else rm -f "$f"; fi
}
mapfile -t files < <(find tests/fixtures examples -type f \
  ! -name '*.java' ! -name '*.py' ! -name '*.md' ! -name '*.sh' ! -name '*.awk' ! -name '*.json' | LC_ALL=C sort)
for f in "${files[@]}"; do
  for c in gc cpu jstat histo threads; do run "$c" "$f"; done
  case $f in */access/* | */http/*access* | */load/*) run lat -f -2 "$f" ;; esac
  case $f in */gc/* | examples/gc-* | */http/*gc.log* | */proc/*/gc.log*) run impact --timeout 100ms "$f" ;; esac
done
# a JDK 8 log whose wall clock goes back (two parts of one log, later part
# first, as when logs are concatenated out of order): a finding's first must
# still not come after its worst (it did: the first in input order was taken)
ex=examples/gc-cms-jdk8-synthetic.log
cut=$(awk 'NR > 3510 && /^[0-9][0-9][0-9][0-9]-/ { print NR; exit }' $ex)
{ tail -n +"$cut" $ex; head -n $((cut - 1)) $ex; } > "$T/wall-back.log"
run gc "$T/wall-back.log"
P=tests/fixtures/proc
H=tests/fixtures/http
TD=tests/fixtures/threads
for d in g1 zgc parallel; do
  run histo $P/$d/histo-1.txt $P/$d/histo-2.txt $P/$d/histo-live.txt $P/$d/jcmd-class-histogram.txt
  run jstat $P/$d/jstat-gc.txt $P/$d/jstat-gc-h5.txt $P/$d/jstat-gccause.txt $P/$d/jstat-gcutil-t.txt
  run cpu --all $P/$d/top-b-H.txt
  run compare "$d:gc=$P/$d/gc.log.gz" "$d=$P/$d/jstat-gc.txt,$P/$d/histo-1.txt,$P/$d/histo-2.txt" \
    "other=$P/$d/jstat-gccause.txt,$P/$d/histo-live.txt,$TD/jdk17-jstack-l.txt"
done
for j in 17 25; do run threads --top $TD/jdk$j-top-H.txt $TD/jdk$j-jstack-l.txt; done
run threads $TD/jdk17-kill3-multi.txt
run threads $TD/jdk17-jstack.txt $TD/jdk17-jstack-l.txt $TD/jdk17-jcmd-threadprint.txt
for k in g1 zgc zgc-stall; do
  run correlate --gc $H/jdk17-$k.gc.log.gz --access $H/jdk17-$k.access.log.gz -f 2
  run impact --timeout 10ms --service-time $H/jdk17-$k.access.log.gz -f 2 $H/jdk17-$k.gc.log.gz
done
run compare g1=$H/jdk17-g1.gc.log.gz,$H/jdk17-g1.access.log.gz zgc=$H/jdk17-zgc-stall.gc.log.gz,$H/jdk17-zgc-stall.access.log.gz \
  --lat-arg=-f --lat-arg=2

# the shared GC corpus (576 logs of other projects' tests), when present: it
# holds the log that showed the first after the worst
if [ -n "${SHARED:-}" ] && [ -f "$SHARED/corpus/gc/MANIFEST.tsv" ]; then
  while IFS= read -r f; do [ -f "$f" ] && run gc "$f"; done < <(awk -F'\t' -v d="$SHARED/corpus/gc" 'NR > 1 { print d "/" $1 }' "$SHARED/corpus/gc/MANIFEST.tsv")
else
  echo "ok - findings invariants over the corpus # SKIP \$SHARED/corpus/gc not present"
fi
python3 tests/sh/findings_check.py "$T/out"
rc=$?
[ -n "${KEEP:-}" ] || rm -rf "$T"
exit $rc
