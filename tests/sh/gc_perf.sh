#!/usr/bin/env bash
# tests/sh/gc_perf.sh — checks that came with the gclat gc speed-ups:
#  - no hang on the concatenation of our JDK 17 logs (GC ids and cycles
#    repeat): finish() used to loop forever on a cycle reported twice;
#  - that run exits 0 with a report, and its pause count is the sum of the
#    per-file counts (no pause lost or doubled at the joins);
#  - the pause count of the G1 concatenation equals an independent grep
#    over the summary lines.
# A crash, a non-zero exit or a missing report fails: a timeout is not the
# only way to go wrong.
# needs: python3
set -u
G=${GCLAT:?}
T="$TMPDIR/gc_perf"
mkdir -p "$T"
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; [ $# -gt 1 ] && printf '#   %s\n' "$2"; }
# pauses.count of a --json report on stdin, or nothing when it is not one
count() { python3 -c 'import json,sys; print(json.load(sys.stdin)["pauses"]["count"])' 2>/dev/null; }

logs=("$ROOT"/tests/fixtures/gc/jdk17-*.log)
cat "${logs[@]}" > "$T/all.log"
timeout 60 "$G" gc --json "$T/all.log" > "$T/all.json" 2> "$T/all.err"
rc=$?
got=$(count < "$T/all.json")
if [ $rc -eq 124 ]; then nok "gc_perf concatenated jdk17 logs finish" "timed out after 60 s"
elif [ $rc -ne 0 ]; then nok "gc_perf concatenated jdk17 logs finish" "exit $rc: $(head -c 300 "$T/all.err")"
elif [ -z "$got" ]; then nok "gc_perf concatenated jdk17 logs finish" "exit 0 but no JSON report with pauses.count"
else ok "gc_perf concatenated jdk17 logs finish (exit 0, $got pauses)"; fi

# the same count file by file, one Python for all of them
sum=$(python3 - "$G" "${logs[@]}" <<'PY'
import json, subprocess, sys
total = 0
for f in sys.argv[2:]:
    p = subprocess.run([sys.argv[1], "gc", "--json", f], capture_output=True, text=True)
    if p.returncode != 0:
        print(f"exit {p.returncode} on {f}")
        sys.exit(0)
    # a log without pause lines (ZGC at -Xlog:gc) has a null count: it adds none
    total += json.loads(p.stdout)["pauses"]["count"] or 0
print(total)
PY
)
if [ -n "$got" ] && [ "$got" = "$sum" ]; then ok "gc_perf concatenation pause count = sum over the ${#logs[@]} files ($sum)"
else nok "gc_perf concatenation pause count = sum over the files" "concatenation ${got:-none}, files ${sum:-none}"; fi

# G1 only: every "Pause Young|Full|Remark|Cleanup ... <N>ms" summary line is one pause
g1=("$ROOT"/tests/fixtures/gc/jdk17-g1-*.log)
cat "${g1[@]}" > "$T/g1.log"
want=$(grep -hE '\] GC\([0-9]+\) Pause (Young|Full|Remark|Cleanup).*[0-9]ms$' "${g1[@]}" | wc -l)
timeout 60 "$G" gc --json "$T/g1.log" > "$T/g1.json" 2> "$T/g1.err"
rc=$?
got=$(count < "$T/g1.json")
if [ $rc -eq 0 ] && [ "$want" -gt 0 ] && [ "$got" = "$want" ]; then ok "gc_perf concatenated G1 logs pause count ($want)"
else nok "gc_perf concatenated G1 logs pause count" "exit $rc, got ${got:-none}, want $want $(head -c 200 "$T/g1.err")"; fi
