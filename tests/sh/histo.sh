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
# a histogram with one bad row (a file with no histogram row at all is refused
# as another kind before --strict: see tests/cases/input-kind-matrix)
printf ' num #instances #bytes class name\n   1:  10  100  [B\n   2: 10 x [C\n' > "$T/bad.txt"
"$GCLAT" histo --strict "$T/bad.txt" > /dev/null 2> "$T/err"; rc=$?
[ $rc = 2 ] && grep -q "bad.txt:3" "$T/err" && ok "histo --strict exits 2 with file:line" || nok "histo strict" "rc $rc" "$(cat "$T/err")"

# Bounded memory at high cardinality: 200k classes (1M is in bench/bench_histo.sh).
# Totals still add every row (awk), 100k classes tracked by name (the default
# --max-classes), the rest counted as untracked with a finding and a warning;
# peak RSS stays small (--top 0 on 1M classes took 2.5 GB before).
awk -v n=200000 'BEGIN { srand(5); print " num     #instances         #bytes  class name (module)"
  print "----------------------------------------------"
  for (i = 1; i <= n; i++) { inst = int(n * 2 / i) + 1; printf "%6d: %13d %14d  gen.C%d\n", i, inst, inst * 24, i; ti += inst; tb += inst * 24 }
  printf "Total %14d %14d\n", ti, tb }' > "$T/h200k.txt"
"$GCLAT" histo --json "$T/h200k.txt" > "$T/big.json" 2> "$T/big.err"
v=$(jget "$T/big.json" "(d['input']['classes'], d['input']['untracked_rows'], d['histograms'][0]['rows'], d['histograms'][0]['instances'], d['histograms'][0]['bytes'], d['histograms'][0]['untracked']['rows'], [f['id'] for f in d['findings']])")
w=$(awk '$1 ~ /^[0-9]+:$/ { r++; i += $2; b += $3 } END { printf "(100000, %d, %d, %d, %d, %d, [\x27histo-classes-untracked\x27])", r - 100000, r, i, b, r - 100000 }' "$T/h200k.txt")
if [ "$v" = "$w" ] && grep -q "beyond --max-classes 100000" "$T/big.err"; then ok "200k classes: totals == awk, 100000 tracked, the rest reported untracked (finding + warning)"
else nok "200k classes untracked" "got $v" "want $w" "$(head -c 300 "$T/big.err")"; fi
if [ -x /usr/bin/time ]; then
  /usr/bin/time -f %M -o "$T/rss" "$GCLAT" histo -q --top 20 "$T/h200k.txt" > /dev/null; kb=$(cat "$T/rss")
  [ "$kb" -lt 60000 ] && ok "200k classes --top 20: peak RSS $((kb / 1024)) MB (< 60)" || nok "200k classes RSS $kb KB"
fi

# The heap-chosen tables == a full sort in Python (duplicate rows summed, rows not
# in byte order, ties by name), growth and leak suspects over three files.
python3 - "$T" <<'PY'
import random, sys
T = sys.argv[1]
r = random.Random(9)
names = ["c.N%d" % i for i in range(3000)] + ["c.Tie%d" % i for i in range(30)]
base = {n: (r.randint(1, 5000), r.randint(16, 200)) for n in names}
for k in range(3):
    rows = []
    for n, (inst, sz) in base.items():
        if r.random() < 0.05 and k > 0:
            continue                     # absent from this file
        i = inst + (k * 700 if n.endswith("7") else r.randint(-50, 50))
        if n.startswith("c.Tie"):
            i, sz = 1000, 40             # equal bytes and instances: name order decides
        parts = 2 if r.random() < 0.1 else 1   # two class loaders: two rows
        for p in range(parts):
            rows.append((max(i // parts, 1), sz))
            rows[-1] = (rows[-1][0], rows[-1][0] * sz, n)
    r.shuffle(rows)
    with open("%s/g%d.txt" % (T, k), "w") as f:
        f.write(" num     #instances         #bytes  class name\n---\n")
        for j, (i, b, n) in enumerate(rows):
            f.write("%5d: %12d %14d  %s\n" % (j + 1, i, b, n))
PY
"$GCLAT" histo --json --top 25 --max-classes 0 --min-growth 1k "$T/g0.txt" "$T/g1.txt" "$T/g2.txt" > "$T/g.json"
python3 - "$T" <<'PY' && ok "top tables, growth and suspects == a full sort in Python (3 files, duplicates summed)" || nok "histo tables vs Python"
import json, sys
T = sys.argv[1]
files = []
for k in range(3):
    d = {}
    for line in open("%s/g%d.txt" % (T, k)):
        f = line.split()
        if len(f) == 4 and f[0].endswith(":"):
            i, b = d.get(f[3], (0, 0))
            d[f[3]] = (i + int(f[1]), b + int(f[2]))
    files.append(d)
g = json.load(open("%s/g.json" % T))
for k, d in enumerate(files):
    h = g["histograms"][k]
    want = sorted(d, key=lambda n: (-d[n][1], n))[:25]
    assert [x["class"] for x in h["top_bytes"]] == want, k
    assert [x["bytes"] for x in h["top_bytes"]] == [d[n][1] for n in want]
    want = sorted(d, key=lambda n: (-d[n][0], n))[:25]
    assert [x["class"] for x in h["top_instances"]] == want, k
allc = set().union(*files)
val = lambda k, n: files[k].get(n, (0, 0))
grow = {n: val(2, n)[1] - val(0, n)[1] for n in allc}
want = sorted([n for n in allc if grow[n] > 0], key=lambda n: (-grow[n], n))[:25]
assert [x["class"] for x in g["growth"]] == want
assert [x["bytes_growth"] for x in g["growth"]] == [grow[n] for n in want]
mono = lambda n: val(1, n)[1] > val(0, n)[1] and val(2, n)[1] > val(1, n)[1]
sus = sorted([n for n in allc if grow[n] >= 1024 and mono(n)], key=lambda n: (-grow[n], n))[:5]
got = [f["finding"].split(" ")[0] for f in g["findings"] if f["id"] == "leak-suspect"]
assert got == sus, (got, sus)
assert len(sus) == 5
PY
# a capped table says when a class beyond the cap might belong in a top table
"$GCLAT" histo --json --top 5 --max-classes 100 "$T/g0.txt" > "$T/c.json" 2> "$T/c.err"
v=$(jget "$T/c.json" "[f['severity'] for f in d['findings'] if f['id'] == 'histo-classes-untracked']")
[ "$v" = "['warning']" ] && grep -q "may miss a class" "$T/c.err" && ok "capped table with a larger untracked row: warning 'may miss a class'" || nok "capped warning" "$v"
