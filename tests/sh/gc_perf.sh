#!/usr/bin/env bash
# tests/sh/gc_perf.sh — checks that came with the gclat gc speed-ups:
#  - no hang on the concatenation of our JDK 17 logs (GC ids and cycles
#    repeat): finish() used to loop forever on a cycle reported twice;
#  - the pause count of such a concatenation is the sum of the parts
#    (counted independently with grep over the summary lines).
set -u
G=${GCLAT:?}
T="$TMPDIR/gc_perf"
mkdir -p "$T"
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; [ $# -gt 1 ] && printf '#   %s\n' "$2"; }

cat "$ROOT"/tests/fixtures/gc/jdk17-*.log > "$T/all.log"
timeout 60 "$G" gc --json "$T/all.log" > "$T/all.json" 2>/dev/null
rc=$?
if [ $rc -eq 124 ]; then nok "gc_perf concatenated jdk17 logs finish" "timed out"; else ok "gc_perf concatenated jdk17 logs finish"; fi

# G1 only: every "Pause Young|Full|Remark|Cleanup ... <N>ms" summary line is one pause
g1=$(ls "$ROOT"/tests/fixtures/gc/jdk17-g1-*.log)
cat $g1 > "$T/g1.log"
want=$(grep -hE '\] GC\([0-9]+\) Pause (Young|Full|Remark|Cleanup).*[0-9]ms$' $g1 | wc -l)
got=$(timeout 60 "$G" gc --json "$T/g1.log" 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["pauses"]["count"])' 2>/dev/null)
if [ "$got" = "$want" ]; then ok "gc_perf concatenated G1 logs pause count ($want)"; else nok "gc_perf concatenated G1 logs pause count" "got $got, want $want"; fi
