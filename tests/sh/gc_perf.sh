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

# The time decorator read through its memo (gc_unified.c wall_memo: a text
# that differs from the last one in SS.mmm only is its base plus those) ==
# read in full each time: the same stamps padded with a blank ("[...0000 ]",
# the same value) are never memoised. Stamps randomised: seconds 60 and 61,
# ',' decimals, 2 and 4 fraction digits, Z / +05:30 / -0800 / no zone.
python3 - "$ROOT/tests/fixtures/gc/jdk17-g1-safepoint_utc-steady.log" "$T/stamps.log" "$T/padded.log" <<'PY'
import random, re, sys
random.seed(7)
pat = re.compile(r'^\[(\d{4}-\d\d-\d\dT\d\d):(\d\d):\d\d\.\d{3}([^\]]*)\]')
a, b = [], []
for _ in range(20):
    for l in open(sys.argv[1]).read().splitlines():
        m = pat.match(l)
        if not m:
            a.append(l); b.append(l); continue
        ms = '%03d' % random.randint(0, 999)
        mi = random.choice([m.group(2), '%02d' % random.randint(0, 59)])
        se = random.choice(['%02d' % random.randint(0, 59), '59', '60', '61'])
        fr = random.choice(['.' + ms] * 3 + [',' + ms, '.' + ms[:2], '.' + ms + '7'])
        tz = random.choice([m.group(3)] * 4 + ['Z', '+05:30', '-0800', ''])
        st = '%s:%s:%s%s%s' % (m.group(1), mi, se, fr, tz)
        a.append('[%s]%s' % (st, l[m.end():])); b.append('[%s ]%s' % (st, l[m.end():]))
open(sys.argv[2], 'w').write('\n'.join(a) + '\n'); open(sys.argv[3], 'w').write('\n'.join(b) + '\n')
PY
# (the byte count and the excerpts of unparsed lines differ by the blank)
"$G" gc --json -q -j 1 "$T/stamps.log" 2>/dev/null | sed "s|$T/stamps.log|F|g; /\"bytes\":/d; /\"text\":/d" > "$T/stamps.json"
"$G" gc --json -q -j 1 "$T/padded.log" 2>/dev/null | sed "s|$T/padded.log|F|g; /\"bytes\":/d; /\"text\":/d" > "$T/padded.json"
if [ -s "$T/stamps.json" ] && cmp -s "$T/stamps.json" "$T/padded.json" && grep -q '"count": [1-9]' "$T/stamps.json"; then
  ok "gc_perf time decorators read through the memo == read in full (randomised stamps)"
else nok "gc_perf time decorators read through the memo == read in full" "$(diff "$T/stamps.json" "$T/padded.json" | head -4 | tr '\n' ' ')"; fi
