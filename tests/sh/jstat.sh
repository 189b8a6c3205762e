#!/usr/bin/env bash
# tests/sh/jstat.sh — gclat jstat against awk on the same real jstat captures
# and against the JVM's own truth (gc.log line counts, MXBean counts).
# needs: python3
set -u
: "${GCLAT:?}" "${ROOT:?}"
. "$ROOT/tests/sh/lib.bash" # gx: gclat, failing the test when it exits non-zero
FX="$ROOT/tests/fixtures/proc"
T="${TMPDIR:-/tmp}/jstat-sh.$$"
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; shift; for l in "$@"; do echo "# $l"; done; }
jget() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
close() { awk -v a="$1" -v b="$2" -v e="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= e) }'; }
# awk: value of column NAME (by header) in the first and last data row -> "first last"
col_fl() { awk -v c="$1" '$1 ~ /^[A-Za-z]/ { for (i = 1; i <= NF; i++) if ($i == c) k = i; next }
  k && NF { if (!n++) f = $k; l = $k } END { print f, l }' "$2"; }
# awk: mean of column NAME over data rows
col_mean() { awk -v c="$1" '$1 ~ /^[A-Za-z]/ { for (i = 1; i <= NF; i++) if ($i == c) k = i; next }
  k && NF && $k != "-" { n++; s += $k } END { printf "%.4f", s/n }' "$2"; }

for run in g1 parallel zgc; do
  for f in jstat-gc.txt jstat-gcutil-t.txt jstat-gccause.txt jstat-gc-h5.txt; do
    file="$FX/$run/$f"
    "$GCLAT" jstat --json "$file" > "$T/j.json" || { nok "$run $f runs"; continue; }
    bad=""
    for kind in young:YGC full:FGC concurrent:CGC; do
      name=${kind#*:}; k=${kind%%:*}
      read -r a b < <(col_fl "$name" "$file")
      if [ "$a" = "-" ]; then want="absent"; else want=$((b - a)); fi
      got=$(jget "$T/j.json" "([g['count'] for g in d['series'][0]['gc'] if g['kind']=='$k'] or ['absent'])[0]")
      [ "$got" = "$want" ] || bad="$bad $k:$got/$want"
    done
    read -r a b < <(col_fl GCT "$file")
    g=$(jget "$T/j.json" "d['series'][0]['gc_time_s']")
    close "$g" "$(awk -v a="$a" -v b="$b" 'BEGIN{print b-a}')" 0.0005 || bad="$bad GCT:$g"
    n=$(jget "$T/j.json" "d['series'][0]['rows']")
    [ "$n" = 20 ] || bad="$bad rows:$n"
    if [ -z "$bad" ]; then ok "$run $f: GC counts, GCT delta and 20 rows match awk"
    else nok "$run $f vs awk" "$bad"; fi
  done
  # occupancy mean of O from -gcutil, duration from the Timestamp column
  file="$FX/$run/jstat-gcutil-t.txt"
  gx jstat --json "$file" > "$T/u.json"
  ao=$(col_mean O "$file")
  go=$(jget "$T/u.json" "[o['mean'] for o in d['series'][0]['occupancy'] if o['space']=='Old'][0]")
  read -r t0 t1 < <(col_fl Timestamp "$file")
  gd=$(jget "$T/u.json" "d['series'][0]['duration_s']")
  if close "$go" "$ao" 0.006 && close "$gd" "$(awk -v a="$t0" -v b="$t1" 'BEGIN{print b-a}')" 0.05; then
    ok "$run -gcutil -t: Old occupancy mean $go, duration $gd s match awk"
  else nok "$run gcutil occupancy/duration" "gclat $go $gd" "awk $ao $t0..$t1"; fi
  # counters at the last row against the JVM's gc.log (completed pauses up to that uptime)
  tl=$t1
  read -r ly lf lc < <(jget "$T/u.json" "' '.join(str(([g['last'] for g in d['series'][0]['gc'] if g['kind']==k] or [-1])[0]) for k in ('young','full','concurrent'))")
  read -r gy gf gz < <(zcat "$FX/$run/gc.log.gz" | awk -v T="$tl" '{ t = substr($1, 2) + 0 } t <= T && /\[gc +\] GC\([0-9]+\) Pause Young/ { y++ }
      t <= T && /\[gc +\] GC\([0-9]+\) Pause Full/ { f++ } t <= T && /\[gc +\] GC\([0-9]+\) Garbage Collection \(/ { z++ } END { print y+0, f+0, z+0 }')
  truth_y=$(awk -F'\t' '$1=="gc_collector" && ($2 ~ /Young|Scavenge/) { print $4 }' "$FX/$run/truth.tsv")
  case $run in
    zgc) # ZGC on 17: CGC counts pauses, 3 per cycle
      if close "$lc" "$((3 * gz))" 3; then ok "zgc CGC $lc at ${tl}s ~ 3 x $gz cycles in gc.log"
      else nok "zgc CGC vs gc.log" "jstat $lc cycles $gz"; fi ;;
    *)
      if close "$ly" "$gy" 3 && [ "$lf" = "$gf" ] && [ "$ly" -le "$truth_y" ]; then
        ok "$run YGC $ly / FGC $lf at ${tl}s match gc.log ($gy / $gf), <= MXBean final $truth_y"
      else nok "$run counters vs gc.log" "jstat $ly $lf" "log $gy $gf truth $truth_y"; fi ;;
  esac
done

# causes with spaces, '-' cells
gx jstat --json "$FX/g1/jstat-gccause.txt" > "$T/c.json"
c=$(jget "$T/c.json" "sorted(c['cause'] for c in d['series'][0]['causes'])")
[ "$c" = "['G1 Evacuation Pause', 'No GC']" ] && ok "gccause: multi-word LGCC values ($c)" || nok "gccause causes" "$c"
gx jstat --json "$FX/zgc/jstat-gccause.txt" > "$T/z.json"
v=$(jget "$T/z.json" "(sorted(c['cause'] for c in d['series'][0]['causes']), [g['kind'] for g in d['series'][0]['gc']], d['unparsed_lines']['total'])")
[ "$v" = "(['Allocation Stall', 'No GC'], ['concurrent'], 0)" ] && ok "zgc gccause: '-' cells absent, causes split" || nok "zgc gccause" "$v"

# CSV: one row per sample of each file
n=$(gx jstat --csv "$FX/g1/jstat-gc.txt" "$FX/g1/jstat-gc-h5.txt" | wc -l)
[ "$n" = 41 ] && ok "csv: header + 40 sample rows" || nok "csv rows" "$n"

# JDK 8 column set (no CGC), decimal rows, repeated header, damaged row
cat > "$T/jdk8.txt" <<'X'
 S0C    S1C    S0U    S1U      EC       EU        OC         OU       MC     MU    CCSC   CCSU   YGC     YGCT    FGC    FGCT     GCT
10752.0 10752.0  0.0   4032.0 65536.0  24567.3   175104.0    1024.5  4864.0 2880.1 512.0  300.2      3    0.020   0      0.000    0.020
10752.0 10752.0 4000.0   0.0  65536.0   1000.0   175104.0    3072.5  4864.0 2880.1 512.0  300.2      5    0.040   0      0.000    0.040
 S0C    S1C    S0U    S1U      EC       EU        OC         OU       MC     MU    CCSC   CCSU   YGC     YGCT    FGC    FGCT     GCT
10752.0 10752.0  0.0   4032.0 65536.0  24567.3   175104.0    2048.5  4864.0 2880.1 512.0  300.2      7    0.060   1      0.100    0.160
10752.0 10752.0  0.0   4032.0 65536.0  garbage
X
gx jstat --json "$T/jdk8.txt" > "$T/8.json"
v=$(jget "$T/8.json" "([(g['kind'], g['count']) for g in d['series'][0]['gc']], d['series'][0]['promotion']['promoted_mib'], d['unparsed_lines']['total'])")
[ "$v" = "([('young', 4), ('full', 1)], 2.0, 1)" ] && ok "JDK 8 -gc: counts, promotion 2 MiB across young GCs, bad row in diag" || nok "jdk8" "$v"
"$GCLAT" jstat --strict "$T/jdk8.txt" > /dev/null 2> "$T/err"; rc=$?
[ $rc = 2 ] && grep -q "jdk8.txt:6" "$T/err" && ok "jstat --strict exits 2 with file:line" || nok "jstat strict" "rc $rc"
