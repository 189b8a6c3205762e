#!/usr/bin/env bash
# tests/sh/reader_big.sh — the reader at real size and mess (issue 9: any .gz
# over 1 MiB opened by path crashed every command). Inputs are built here
# from the fixtures, never committed:
#  - an 8 MiB+ gzip GC log (replicate_gclog of a JDK 17 log, or plain copies
#    without the tool) and a multi-member gzip of it cut at byte offsets, not
#    lines: `gclat gc X.gz --json` equals `zcat X.gz | gclat gc - --json`
#    apart from file names and the byte count (compressed vs not), and the
#    pause and line counts equal grep's and wc's over the plain text;
#  - every command that reads files run over a > 1 MiB gzip (ASan build
#    too where given): exit 0, no sanitizer report;
#  - trailing zeros / garbage after the gzip data: counted, exit 0, and an
#    error with --strict; UTF-16 copies read like the UTF-8 originals.
set -u
: "${GCLAT:?}" "${ROOT:?}"
G=$GCLAT
A=${GCLAT_ASAN:-}
[ -n "$A" ] && [ -x "$A" ] || A=
REPL=${SHARED:-}/tools/replicate_gclog
FX=$ROOT/tests/fixtures
T="${TMPDIR:-/tmp}/reader-big.$$"
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; shift; for l in "$@"; do echo "# $l"; done; }
# gzip with zlib level 0 (stored blocks): a > 1 MiB .gz from a small input
stored_gz() { python3 -c 'import gzip,sys; sys.stdout.buffer.write(gzip.compress(sys.stdin.buffer.read(), compresslevel=0, mtime=0))'; }
size() { wc -c < "$1" | tr -d ' '; }
sanitizer() { grep -q 'ERROR: \(Address\|Leak\)Sanitizer\|runtime error:' "$1"; }
# JSON of $1 equal to JSON of $2 once every string naming the files $3... names "<stdin>"
# and inputs.bytes (compressed size vs plain) is left out
same_json() {
  python3 - "$@" <<'PY'
import json, sys
a, b, names = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3:]
def norm(x, parent=""):
    if isinstance(x, dict):
        return {k: norm(v, k) for k, v in x.items() if not (k == "bytes" and parent in ("inputs", "input"))}
    if isinstance(x, list):
        return [norm(v, parent) for v in x]
    if isinstance(x, str):
        for name in sorted(names, key=len, reverse=True):
            x = x.replace(name, "<stdin>")
    return x
sys.exit(0 if norm(a) == norm(b) else 1)
PY
}
jget() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }

# ---- 1. the 8 MiB+ gzip GC log ------------------------------------------------
SRC=$FX/gc/jdk17-g1-safepoint-steady.log
if [ -x "$REPL" ]; then
  "$REPL" -q "$SRC" "$T/big.log" 72MiB
else
  for i in $(seq 1100); do cat "$SRC"; done > "$T/big.log" # 77 MB: a 9 MB gzip -1
fi
gzip -1 -c "$T/big.log" > "$T/big.log.gz"
zs=$(size "$T/big.log.gz")
if [ "$zs" -ge $((8 << 20)) ]; then ok "built a $zs-byte gzip GC log"; else nok "8 MiB+ gzip" "only $zs bytes"; fi

want_pauses=$(grep -cE '\] GC\([0-9]+\) Pause (Young|Full|Remark|Cleanup).*[0-9]ms$' "$T/big.log")
want_lines=$(wc -l < "$T/big.log" | tr -d ' ')
s0=$(date +%s.%N)
"$G" gc --json "$T/big.log.gz" > "$T/path.json" 2> "$T/path.err"; rc=$?
s1=$(date +%s.%N)
zcat "$T/big.log.gz" | "$G" gc --json - > "$T/pipe.json" 2> "$T/pipe.err"; rc2=$?
secs=$(awk -v a="$s0" -v b="$s1" 'BEGIN { printf "%.2f", b - a }')
if [ $rc = 0 ] && [ $rc2 = 0 ] && same_json "$T/path.json" "$T/pipe.json" "$T/big.log.gz"; then
  ok "gc big.log.gz --json == zcat | gc - --json ($secs s by path)"
else nok "gc by path vs zcat" "exit $rc / $rc2" "$(head -c 300 "$T/path.err")"; fi
got=$(jget "$T/path.json" "(d['pauses']['count'], d['inputs']['lines'])")
if [ "$got" = "($want_pauses, $want_lines)" ]; then ok "gc big.log.gz: $want_pauses pauses and $want_lines lines, as grep and wc count"
else nok "gc big.log.gz counts" "gclat $got" "grep/wc ($want_pauses, $want_lines)"; fi

# multi-member, cut at byte offsets (a line spans two members)
sz=$(size "$T/big.log")
head -c $((sz / 3)) "$T/big.log" | gzip -1 > "$T/multi.gz"
tail -c +$((sz / 3 + 1)) "$T/big.log" | head -c $((sz / 3)) | gzip -1 >> "$T/multi.gz"
tail -c +$((2 * (sz / 3) + 1)) "$T/big.log" | gzip -1 >> "$T/multi.gz"
"$G" gc --json "$T/multi.gz" > "$T/multi.json" 2> "$T/multi.err"; rc=$?
if [ $rc = 0 ] && same_json "$T/multi.json" "$T/pipe.json" "$T/multi.gz"; then ok "gc multi-member gzip (3 members cut mid-line) == one stream"
else nok "gc multi-member gzip" "exit $rc" "$(head -c 300 "$T/multi.err")"; fi

if [ -n "$A" ]; then
  "$A" gc --json "$T/big.log.gz" > "$T/asan.json" 2> "$T/asan.err"; rc=$?
  "$A" gc --json "$T/multi.gz" > /dev/null 2>> "$T/asan.err"; rc2=$?
  if [ $rc = 0 ] && [ $rc2 = 0 ] && ! sanitizer "$T/asan.err" && same_json "$T/asan.json" "$T/pipe.json" "$T/big.log.gz"; then
    ok "ASan gc over the 8 MiB+ and the multi-member gzip: clean, same JSON"
  else nok "ASan gc big gzip" "exit $rc / $rc2" "$(head -c 600 "$T/asan.err")"; fi
else
  echo "ok - ASan gc big gzip # SKIP no GCLAT_ASAN"
fi

# ---- 2. every command that reads files, over a > 1 MiB gzip -------------------
for i in $(seq 30); do cat "$FX/access/java-httpserver.log"; done > "$T/access.log"
stored_gz < "$T/access.log" > "$T/access.log.gz"
zcat "$FX/http/jdk17-g1.gc.log.gz" "$FX/http/jdk17-g1.gc.log.gz" | stored_gz > "$T/http-gc.log.gz"
zcat "$FX/threads/jdk17-10k-threads.txt.gz" | stored_gz > "$T/threads.txt.gz"
stored_gz < "$FX/proc/g1/jcmd-class-histogram.txt" > "$T/histo-small.gz"
for i in $(seq 60); do cat "$FX/proc/g1/jcmd-class-histogram.txt"; done | stored_gz > "$T/histo.txt.gz"
for i in $(seq 300); do cat "$FX/proc/g1/jstat-gc.txt"; done | stored_gz > "$T/jstat.txt.gz"
for i in $(seq 10); do cat "$FX/proc/g1/top-b.txt"; done | stored_gz > "$T/top.txt.gz"
zcat "$FX/http/jdk17-g1.access.log.gz" | stored_gz > "$T/http-access.log.gz"
for f in access.log.gz http-gc.log.gz threads.txt.gz histo.txt.gz jstat.txt.gz top.txt.gz http-access.log.gz; do
  [ "$(size "$T/$f")" -gt $((1 << 20)) ] || nok "$f is over 1 MiB" "$(size "$T/$f") bytes"
done

# lat: the gzip (reader) and the plain file (lat's own mmap path) agree
"$G" lat -f -2 --json "$T/access.log" > "$T/lat-plain.json" 2>/dev/null
for b in "$G" $A; do
  tag=$([ "$b" = "$G" ] && echo gclat || echo ASan)
  run() { # run label cmd... : exit 0 and no sanitizer report
    local label=$1; shift
    "$@" > "$T/out" 2> "$T/err"; local rc=$?
    if [ $rc = 0 ] && ! sanitizer "$T/err"; then ok "$tag $label over a > 1 MiB gzip"
    else nok "$tag $label over a > 1 MiB gzip" "exit $rc" "$(head -c 600 "$T/err")"; fi
  }
  run "gc" "$b" gc "$T/http-gc.log.gz"
  run "lat" "$b" lat -f -2 --json "$T/access.log.gz"
  if [ "$b" = "$G" ]; then
    if same_json "$T/out" "$T/lat-plain.json" "$T/access.log.gz" "$T/access.log"; then
      ok "lat access.log.gz == lat access.log (reader vs mmap path)"
    else nok "lat gzip vs plain" "$(diff <(python3 -m json.tool "$T/out") <(python3 -m json.tool "$T/lat-plain.json") | head -5)"; fi
  fi
  run "threads" "$b" threads "$T/threads.txt.gz"
  run "histo" "$b" histo "$T/histo-small.gz" "$T/histo.txt.gz"
  run "jstat" "$b" jstat "$T/jstat.txt.gz"
  run "cpu" "$b" cpu "$T/top.txt.gz"
  run "impact" "$b" impact --timeout 10ms --service-time "$T/http-access.log.gz" -f 2 --unit ms "$T/http-gc.log.gz"
  run "correlate" "$b" correlate --gc "$T/http-gc.log.gz" --access "$T/http-access.log.gz" -f 2 --unit ms
  run "compare" "$b" compare a="$T/http-gc.log.gz" b="$T/http-gc.log.gz"
  run "report" "$b" report -q -o "$T/report.html" "$T/http-gc.log.gz"
done

# ---- 3. bytes after the last member, as gzip -d ------------------------------
gzip -c "$FX/gc/jdk17-g1-plain-steady.log" > "$T/plain.gz"
"$G" gc --json "$T/plain.gz" > "$T/clean.json"
for kind in zeros garbage; do
  cp "$T/plain.gz" "$T/trail.gz"
  if [ $kind = zeros ]; then head -c 4096 /dev/zero >> "$T/trail.gz"; else printf 'not gzip at all\n' >> "$T/trail.gz"; fi
  "$G" gc --json "$T/trail.gz" > "$T/trail.json" 2> "$T/trail.err"; rc=$?
  "$G" gc --strict "$T/trail.gz" > /dev/null 2>&1; src=$?
  why=$(jget "$T/trail.json" "[(r['reason'], r['count']) for r in d['unparsed_lines']['reasons']]" 2>/dev/null)
  p1=$(jget "$T/trail.json" "d['pauses']['count']" 2>/dev/null)
  p0=$(jget "$T/clean.json" "d['pauses']['count']")
  want="[('trailing $([ $kind = zeros ] && echo 'zero bytes' || echo garbage) after gzip data', 1)]"
  if [ $rc = 0 ] && [ $src = 2 ] && [ "$why" = "$want" ] && [ "$p1" = "$p0" ] && grep -q 'decompression OK' "$T/trail.err"; then
    ok "trailing $kind after gzip: warned, counted, $p1 pauses kept, --strict exits 2"
  else nok "trailing $kind after gzip" "exit $rc strict $src" "reasons $why" "pauses $p1 vs $p0"; fi
done

# ---- 4. UTF-16 copies read like the originals --------------------------------
u16() { # u16 label ENC file cmd...: same JSON from the UTF-16 copy
  local label=$1 enc=$2 f=$3; shift 3
  iconv -f UTF-8 -t "$enc" "$f" > "$T/u16.in"
  "$G" "$@" --json "$f" > "$T/u8.json" 2>/dev/null
  "$G" "$@" --json "$T/u16.in" > "$T/u16.json" 2> "$T/u16.err"; local rc=$?
  if [ $rc = 0 ] && same_json "$T/u16.json" "$T/u8.json" "$T/u16.in" "$f"; then
    ok "$label from $enc == from UTF-8"
  else nok "$label from $enc" "exit $rc" "$(head -c 300 "$T/u16.err")"; fi
}
u16 "gc" UTF-16LE "$FX/gc/jdk17-g1-safepoint-steady.log" gc
u16 "gc" UTF-16BE "$FX/gc/jdk17-g1-safepoint-steady.log" gc
u16 "gc" UTF-16 "$FX/gc/jdk17-g1-detailed-steady.log" gc
u16 "lat" UTF-16LE "$FX/access/small.log" lat -f -2
u16 "threads" UTF-16LE "$FX/threads/jdk17-jstack-l.txt" threads
u16 "threads" UTF-16 "$FX/threads/jdk17-kill3-multi.txt" threads
u16 "histo" UTF-16LE "$FX/proc/g1/jcmd-class-histogram.txt" histo
