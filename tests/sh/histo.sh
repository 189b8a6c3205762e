#!/usr/bin/env bash
# tests/sh/histo.sh — gclat histo against the program-written truth of the
# fixture runs (LeakyEntry counts at each histogram) and against awk.
# needs: python3
set -u
: "${GCLAT:?}" "${ROOT:?}"
. "$ROOT/tests/sh/lib.bash" # gx: gclat, failing the test when it exits non-zero
FX="$ROOT/tests/fixtures/proc"
T="${TMPDIR:-/tmp}/histo-sh.$$"
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; shift; for l in "$@"; do echo "# $l"; done; }
jget() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
truth() { awk -F'\t' -v k="$1_expected_LeakyEntry" '$1 == k { print $2 }' "$2/capture-times.tsv"; }

for run in g1 parallel zgc; do
  d="$FX/$run"
  # LeakyEntry object size: 24 B with compressed oops (G1, Parallel); ZGC on
  # JDK 17 cannot use compressed oops, so 32 B there
  sz=24; [ $run = zgc ] && sz=32
  for h in histo-1 histo-2 histo-live jcmd-class-histogram; do
    "$GCLAT" histo --json --top 0 "$d/$h.txt" > "$T/h.json" || { nok "$run $h runs"; continue; }
    want=$(truth "$h" "$d")
    got=$(jget "$T/h.json" "[r['instances'] for r in d['histograms'][0]['top_bytes'] if r['class']=='com.example.LeakyEntry'][0]")
    gb=$(jget "$T/h.json" "[r['bytes'] for r in d['histograms'][0]['top_bytes'] if r['class']=='com.example.LeakyEntry'][0]")
    # totals: the rows add up to the Total line, and awk agrees
    tot=$(jget "$T/h.json" "(d['histograms'][0]['instances'], d['histograms'][0]['bytes']) == (d['histograms'][0]['total_line_instances'], d['histograms'][0]['total_line_bytes'])")
    ab=$(awk '$1 ~ /^[0-9]+:$/ && NF >= 4 { s += $3 } END { print s }' "$d/$h.txt")
    gtb=$(jget "$T/h.json" "d['histograms'][0]['bytes']")
    if [ "$got" = "$want" ] && [ "$gb" = "$((sz * want))" ] && [ "$tot" = True ] && [ "$ab" = "$gtb" ]; then
      ok "$run $h: LeakyEntry $got instances / $gb bytes == truth, totals match"
    else nok "$run $h" "gclat $got $gb total-ok $tot bytes $gtb" "truth $want awk bytes $ab"; fi
  done
  # growth histo-1 -> histo-2 is exactly the truth difference (50,000 entries)
  gx histo --json "$d/histo-1.txt" "$d/histo-2.txt" > "$T/g.json"
  w=$(( $(truth histo-2 "$d") - $(truth histo-1 "$d") ))
  v=$(jget "$T/g.json" "[(r['instances_growth'], r['bytes_growth'], r['leak_suspect']) for r in d['growth'] if r['class']=='com.example.LeakyEntry'][0]")
  f=$(jget "$T/g.json" "[f['finding'] for f in d['findings'] if f['id']=='leak-suspect' and 'LeakyEntry' in f['finding']]")
  if [ "$v" = "($w, $((sz * w)), True)" ] && [ "$f" != "[]" ]; then ok "$run growth histo-1 -> histo-2: LeakyEntry +$w, leak suspect"
  else nok "$run growth" "got $v" "want +$w" "$f"; fi
done

# JDK 8 layout (no module column), jcmd PID line, same class twice (two loaders)
cat > "$T/jdk8.txt" <<'X'
12345:

 num     #instances         #bytes  class name
----------------------------------------------
   1:         10000        1000000  [B
   2:           500          12000  com.acme.Foo
   3:           100           2400  com.acme.Foo
Total         10600        1014400
X
gx histo --json "$T/jdk8.txt" > "$T/8.json"
v=$(jget "$T/8.json" "([(r['class'], r['module'], r['instances'], r['bytes']) for r in d['histograms'][0]['top_bytes']], d['unparsed_lines']['total'])")
[ "$v" = "([('[B', '', 10000, 1000000), ('com.acme.Foo', '', 600, 14400)], 0)" ] && ok "JDK 8 / jcmd layout, duplicate class rows summed" || nok "jdk8 histo" "$v"
printf ' num #instances #bytes class name\n   1: 10 x [B\nnonsense\n' > "$T/bad.txt"
"$GCLAT" histo --strict "$T/bad.txt" > /dev/null 2> "$T/err"; rc=$?
[ $rc = 2 ] && grep -q "bad.txt:2" "$T/err" && ok "histo --strict exits 2 with file:line" || nok "histo strict" "rc $rc"
