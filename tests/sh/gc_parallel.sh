#!/usr/bin/env bash
# tests/sh/gc_parallel.sh — `gclat gc -j N` (the parallel reader,
# src/gc_read_par.c) gives byte for byte the report of `-j 1`:
#   - on every GC fixture and every corpus log ($SHARED/corpus/gc), JSON and
#     text (stdout, stderr and exit code), each file cut into chunks of a
#     fifth of its size and of 1000 bytes (GCLAT_CHUNK_BYTES forces small
#     chunks, so small files are split too), with 2 and 3 threads;
#   - on inputs built here that stress the cuts: JDK 17 logs concatenated
#     (JVM restarts, GC ids and runs restarting mid-file), CRLF lines, an
#     over-long line and no final newline, a unified log followed by a JDK 8
#     one (a format switch), header facts told late (region size, first CPU
#     line: the guessed state is wrong for long), and a 60 MB G1 log cut at
#     the default size;
#   - -j 1 on a plain file (read_whole) gives what the reader gives for
#     the same bytes on stdin, and the same with reads of 97 bytes
#     (GCLAT_READ_BYTES: reads cut lines everywhere; -j 3 reads 4093);
#   - the other readers of GC logs (impact, correlate, report's GC part via
#     pause_tl, compare) give the same JSON with chunks as without.
# The test is not vacuous: it asserts that files were split, that chunks
# were verified in parallel (GCLAT_PAR_STATS) and that some were not (the
# stitch parsed them: the slow path is checked too).
# needs: python3
set -u
G=${GCLAT:?}
T="$TMPDIR/gc_parallel"
mkdir -p "$T"
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; [ $# -gt 1 ] && printf '#   %s\n' "$2"; }

# check FILE: one line "DIFF <what> FILE" per difference, "STATS ..." lines
check() {
  local f=$1 b=$T/$$.$BASHPID sz c j k
  sz=$(stat -c %s "$f")
  # (GCLAT_LEGACY_XCHECK: the JDK 8 fast readings checked against the general one, abort if not)
  GCLAT_LEGACY_XCHECK=1 "$G" gc --json -q -j 1 "$f" > "$b.j1" 2>/dev/null; echo "rc=$?" >> "$b.j1"
  "$G" gc -j 1 "$f" > "$b.t1" 2> "$b.e1"; echo "rc=$?" >> "$b.t1"
  # (GCLAT_READ_BYTES: reads of 97 bytes, so that reads cut lines everywhere)
  GCLAT_READ_BYTES=97 "$G" gc --json -q -j 1 "$f" > "$b.r1" 2>/dev/null; echo "rc=$?" >> "$b.r1"
  cmp -s "$b.j1" "$b.r1" || echo "DIFF json(read=97,j=1) $f"
  for c in $(( sz / 5 > 256 ? sz / 5 : 256 )) 1000; do
    [ "$sz" -ge $((2 * c)) ] || continue
    for j in 2 3; do
      rb=$([ "$j" = 3 ] && echo 4093)
      GCLAT_READ_BYTES=$rb GCLAT_CHUNK_BYTES=$c GCLAT_PAR_STATS=1 "$G" gc --json -q -j $j "$f" > "$b.j2" 2> "$b.s2"; echo "rc=$?" >> "$b.j2"
      cmp -s "$b.j1" "$b.j2" || echo "DIFF json(chunk=$c,j=$j,read=${rb:-default}) $f"
      sed -n 's/^gclat: .*: \([0-9]*\) chunks, [0-9]* jobs, \([0-9]*\) met, \([0-9]*\) missed.*/STATS \1 \2 \3/p' "$b.s2"
    done
    GCLAT_CHUNK_BYTES=$c "$G" gc -j 2 "$f" > "$b.t2" 2> "$b.e2"; echo "rc=$?" >> "$b.t2"
    cmp -s "$b.t1" "$b.t2" || echo "DIFF text(chunk=$c) $f"
    cmp -s "$b.e1" "$b.e2" || echo "DIFF stderr(chunk=$c) $f"
  done
  rm -f "$b".*
}
export -f check
export G T

list="$T/files"
ls "$ROOT"/tests/fixtures/gc/*.log "$ROOT"/tests/fixtures/gc/diag/*.log > "$list"
nfix=$(wc -l < "$list")
ncorp=0
if [ -n "${SHARED:-}" ] && [ -f "$SHARED/corpus/gc/MANIFEST.tsv" ]; then
  awk -F'\t' 'NR > 1 { print $1 }' "$SHARED/corpus/gc/MANIFEST.tsv" | while read -r p; do
    [ -f "$SHARED/corpus/gc/$p" ] && printf '%s\n' "$SHARED/corpus/gc/$p"
  done > "$T/corpus"
  ncorp=$(wc -l < "$T/corpus")
  cat "$T/corpus" >> "$list"
fi

# ---- built inputs ----------------------------------------------------------
FX="$ROOT/tests/fixtures/gc"
B="$T/built"; mkdir -p "$B"
cat "$FX"/jdk17-g1-*.log "$FX"/jdk17-zgc-*.log > "$B/restarts.log"
sed 's/$/\r/' "$FX/jdk17-g1-safepoint-steady.log" > "$B/crlf.log"
{ head -n 400 "$FX/jdk17-g1-detailed-steady.log"
  head -c 1100000 /dev/zero | tr '\0' 'x'; echo
  tail -n +401 "$FX/jdk17-g1-detailed-steady.log" | head -c -1; } > "$B/longline.log"
cms=""
for c in "$ROOT/examples/gc-cms-jdk8-synthetic.log" "${SHARED:-/nonexistent}/corpus/gc/gclogs/cms-gc.log"; do
  [ -f "$c" ] && { cms=$c; break; }
done
[ -n "$cms" ] && cat "$FX/jdk17-g1-detailed-fullgc.log" "$cms" > "$B/switch.log"
# what the header tells, told late: the region size after 1500 lines, the
# first CPU line after 1200 (the seed is taken before: the guess is wrong)
# (in a log of 12 copies, so that chunks of a fifth of it meet)
rep() { # SRC OUT COPIES
  if [ -x "${SHARED:-/nonexistent}/tools/replicate_gclog" ]; then "$SHARED/tools/replicate_gclog" -q --copies "$3" "$1" "$2"
  else for _ in $(seq "$3"); do cat "$1"; done > "$2"; fi
}
rep "$FX/jdk17-g1-detailed-humongous.log" "$T/hum12.log" 12
n=$(wc -l < "$T/hum12.log")
{ grep -v 'Heap Region Size' "$T/hum12.log" | head -n $((n / 3)); grep -m1 'Heap Region Size' "$T/hum12.log"
  grep -v 'Heap Region Size' "$T/hum12.log" | tail -n +$((n / 3 + 1)); } > "$B/late-region.log"
awk -v n=$((n / 3)) 'NR > n || !/User=/' "$T/hum12.log" > "$B/late-cpu.log"
ls "$B"/*.log >> "$list"

xargs -P2 -I{} bash -c 'check "$1"' _ {} < "$list" > "$T/out"
diffs=$(grep -c '^DIFF' "$T/out")
read -r chunks met missed <<< "$(awk '/^STATS/ { c += $2; m += $3; x += $4 } END { print c + 0, m + 0, x + 0 }' "$T/out")"
nfiles=$(wc -l < "$list")
if [ "$diffs" -eq 0 ]; then
  ok "gc -j 2/3 == -j 1, JSON and text, on $nfiles files ($nfix fixtures, $ncorp corpus logs, $(ls "$B"/*.log | wc -l) built)"
else
  nok "gc -j N == -j 1 on $nfiles files: $diffs differences" "$(grep '^DIFF' "$T/out" | head -5 | tr '\n' ';')"
fi
# without the corpus there are fewer files, so fewer chunk boundaries meet
min_met=$([ "$ncorp" -gt 0 ] && echo 100 || echo 20)
if [ "$chunks" -gt 1000 ] && [ "$met" -ge "$min_met" ] && [ "$missed" -gt 0 ]; then
  ok "files were split ($chunks chunks): $met verified in parallel, $missed re-parsed by the stitch (small chunks rarely meet)"
else
  nok "files were split and verified" "$chunks chunks, $met met, $missed missed"
fi

# ---- the one-thread path (-j 1, plain files) == the reader (stdin) ------
bad=0; nm=0
for f in "$B"/*.log "$FX"/jdk17-*-detailed-*.log; do
  nm=$((nm + 1))
  "$G" gc --json -q -j 1 "$f" | sed "s|$f|<stdin>|g" > "$T/m1"
  "$G" gc --json -q - < "$f" | sed 's|\\u003cstdin>|<stdin>|g' > "$T/m2"
  cmp -s "$T/m1" "$T/m2" || { bad=$((bad + 1)); echo "# differs: $f"; }
done
[ $bad -eq 0 ] && ok "gc -j 1 on a file (read_whole) == the same lines on stdin (the reader), $nm files" ||
  nok "gc -j 1 on a file == stdin" "$bad of $nm differ"

# ---- a big file at the default chunk size (4 MiB and up) --------------------
big="$B/big.log"
src="$FX/jdk17-g1-safepoint-steady.log"
if [ -x "${SHARED:-/nonexistent}/tools/replicate_gclog" ]; then
  "$SHARED/tools/replicate_gclog" -q "$src" "$big" 60M
else
  for _ in $(seq 900); do cat "$src"; done > "$big" # 63 MB, as replicate_gclog 60M
fi
"$G" gc --json -q -j 1 "$big" > "$T/big1.json"
GCLAT_PAR_STATS=1 "$G" gc --json -q -j 2 "$big" > "$T/big2.json" 2> "$T/big2.err"
if cmp -s "$T/big1.json" "$T/big2.json" && grep -q ' met' "$T/big2.err"; then
  ok "gc -j 2 == -j 1 on a $(( $(stat -c %s "$big") / 1000000 )) MB G1 log at the default chunk size ($(sed 's/^gclat: [^:]*: //' "$T/big2.err"))"
else
  nok "gc -j 2 == -j 1 on a big G1 log" "$(head -c 300 "$T/big2.err")"
fi
if [ -n "$cms" ]; then
  rep "$cms" "$B/cms-big.log" $(( 40000000 / $(stat -c %s "$cms") + 1 ))
  "$G" gc --json -q -j 1 "$B/cms-big.log" > "$T/cms1.json"
  GCLAT_PAR_STATS=1 "$G" gc --json -q -j 2 "$B/cms-big.log" > "$T/cms2.json" 2> "$T/cms2.err"
  if cmp -s "$T/cms1.json" "$T/cms2.json" && grep -q ' met' "$T/cms2.err"; then
    ok "gc -j 2 == -j 1 on a $(( $(stat -c %s "$B/cms-big.log") / 1000000 )) MB JDK 8 CMS log ($(sed 's/^gclat: [^:]*: //' "$T/cms2.err"))"
  else
    nok "gc -j 2 == -j 1 on a big JDK 8 CMS log" "$(head -c 300 "$T/cms2.err")"
  fi
fi
"$G" gc --csv -q -j 1 "$big" | md5sum > "$T/csv1"
"$G" gc --csv -q -j 2 "$big" | md5sum > "$T/csv2"
cmp -s "$T/csv1" "$T/csv2" && ok "gc --csv -j 2 == -j 1 (every event, in order)" || nok "gc --csv -j 2 == -j 1"

# ---- a file truncated while it is read (copytruncate) -------------------------
# Reads of 16 bytes make the read take seconds; the file is cut to 1 MB once a
# process has it open and read 2 MB of it: the read must end in an I/O error (exit 3) that says so.
reading() { # PATH: a process has it open and read 2 MB (past the sniffing of its head)
  local p
  p=$(find /proc/[0-9]*/fd -lname "$1" 2>/dev/null | head -n 1 | cut -d/ -f3)
  [ -n "$p" ] && [ "$(awk '/^rchar/ { print $2 }' "/proc/$p/io" 2>/dev/null || echo 0)" -gt 2000000 ]
}
for j in 1 2; do
  cp "$big" "$T/shrink.log"
  GCLAT_READ_BYTES=16 "$G" gc -q -j $j "$T/shrink.log" > /dev/null 2> "$T/shrink.err" & pid=$!
  for _ in $(seq 1000); do reading "$T/shrink.log" && break; sleep 0.01; done
  truncate -s 1000000 "$T/shrink.log"
  wait $pid; rc=$?
  if [ $rc -eq 3 ] && grep -q 'file shrank while being read' "$T/shrink.err"; then
    ok "gc -j $j on a file truncated while read: exit 3, says it shrank"
  else
    nok "gc -j $j on a file truncated while read" "exit $rc: $(head -c 300 "$T/shrink.err")"
  fi
done

# ---- the other commands that read GC logs --------------------------------------
H="$ROOT/tests/fixtures/http"
zcat "$H/jdk17-g1.gc.log.gz" > "$T/g1.gc.log"
zcat "$H/jdk17-g1.access.log.gz" > "$T/g1.access.log"
same_cmd() { # LABEL ARGS... : JSON with small chunks == JSON without
  local l=$1; shift
  "$G" "$@" > "$T/c1" 2>&1; local r1=$?
  GCLAT_CHUNK_BYTES=20000 GCLAT_PAR_STATS=1 "$G" "$@" > "$T/c2" 2> "$T/c2.err"; local r2=$?
  grep -v '^gclat: .* chunks, ' "$T/c2.err" >> "$T/c2"
  if [ $r1 -eq $r2 ] && cmp -s "$T/c1" "$T/c2" && grep -q ' met' "$T/c2.err"; then ok "$l: same output read in chunks"
  else nok "$l: same output read in chunks" "exit $r1 vs $r2; $(diff "$T/c1" "$T/c2" | head -3 | tr '\n' ' ')"; fi
}
same_cmd "impact" impact -q --json --timeout 100ms "$T/g1.gc.log"
same_cmd "correlate" correlate -q --json --gc "$T/g1.gc.log" --access "$T/g1.access.log" -f 2
same_cmd "compare" compare -q --json "a=$T/g1.gc.log" "b=$B/restarts.log"
"$G" report -q -o "$T/r1.html" "$T/g1.gc.log" "$T/g1.access.log" --lat-arg=-f --lat-arg=2 2> "$T/r1.err"; r1=$?
GCLAT_CHUNK_BYTES=20000 "$G" report -q -o "$T/r2.html" "$T/g1.gc.log" "$T/g1.access.log" --lat-arg=-f --lat-arg=2 2> "$T/r2.err"; r2=$?
if [ $r1 -eq 0 ] && [ $r2 -eq 0 ] && cmp -s "$T/r1.html" "$T/r2.html"; then ok "report: same HTML read in chunks"
else nok "report: same HTML read in chunks" "exit $r1 vs $r2: $(head -c 200 "$T/r2.err")"; fi
rm -rf "$T"
