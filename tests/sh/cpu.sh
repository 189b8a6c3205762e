#!/usr/bin/env bash
# tests/sh/cpu.sh — gclat cpu against numbers computed independently by awk
# from the same real top captures (tests/fixtures/proc), record round trips,
# and a live JVM sample (skipped when java is missing).
# needs: python3
set -u
: "${GCLAT:?}" "${ROOT:?}"
. "$ROOT/tests/sh/lib.bash" # gx: gclat, failing the test when it exits non-zero
FX="$ROOT/tests/fixtures/proc"
T="${TMPDIR:-/tmp}/cpu-sh.$$"
mkdir -p "$T"
trap 'rm -rf "$T"; [ -n "${JPID:-}" ] && kill "$JPID" 2>/dev/null' EXIT
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; shift; for l in "$@"; do echo "# $l"; done; }
jget() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
close() { awk -v a="$1" -v b="$2" -v e="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= e) }'; }

for run in g1 parallel zgc; do
  # 1. process view: mean/stddev of the java row's %CPU (column 9), and RES
  "$GCLAT" cpu --json "$FX/$run/top-b-p.txt" > "$T/p.json" || nok "$run cpu -p runs"
  read -r am asd amax an < <(awk '$1 ~ /^[0-9]+$/ && $12 == "java" { n++; s += $9; q += $9*$9; if ($9 > m) m = $9 }
      END { mean = s/n; sd = sqrt((q - n*mean*mean)/(n-1)); printf "%.4f %.4f %.1f %d\n", mean, sd, m, n }' "$FX/$run/top-b-p.txt")
  gm=$(jget "$T/p.json" "d['processes'][0]['cpu_mean_pct']")
  gs=$(jget "$T/p.json" "d['processes'][0]['cpu_stddev_pct']")
  gx=$(jget "$T/p.json" "d['processes'][0]['cpu_max_pct']")
  gn=$(jget "$T/p.json" "d['processes'][0]['samples']")
  if close "$gm" "$am" 0.006 && close "$gs" "$asd" 0.006 && close "$gx" "$amax" 0.001 && [ "$gn" = "$an" ]; then
    ok "$run top -b -p: mean $gm stddev $gs max $gx n $gn match awk"
  else nok "$run top -b -p vs awk" "gclat $gm $gs $gx $gn" "awk $am $asd $amax $an"; fi
  # cores = %CPU / 100, P50 by nearest rank (sort | awk)
  ap50=$(awk '$1 ~ /^[0-9]+$/ && $12 == "java" { print $9 }' "$FX/$run/top-b-p.txt" | sort -g |
         awk '{ v[NR] = $1 } END { r = int(NR * 0.5); if (r < NR * 0.5) r++; if (r < 1) r = 1; print v[r] }')
  gp50=$(jget "$T/p.json" "d['processes'][0]['cpu_p50_pct']")
  gc=$(jget "$T/p.json" "d['processes'][0]['cores_mean']")
  if close "$gp50" "$ap50" 0.001 && close "$gc" "$(awk -v m="$am" 'BEGIN{print m/100}')" 0.0006; then
    ok "$run P50 $gp50 and cores $gc match awk"
  else nok "$run P50/cores" "gclat $gp50 $gc" "awk $ap50 $am"; fi
  rl=$(jget "$T/p.json" "d['process_detail'][0]['res_last_mib']")
  al=$(awk '$1 ~ /^[0-9]+$/ && $12 == "java" { r = $6 } END { m = 1; if (r ~ /m$/) m = 1024; if (r ~ /g$/) m = 1048576; printf "%.1f", r * m / 1024 }' "$FX/$run/top-b-p.txt")
  if close "$rl" "$al" 0.051; then ok "$run RES last $rl MiB"; else nok "$run RES last" "$rl vs $al"; fi

  # 2. machine view: mean of us and of load average 1m over all frames
  "$GCLAT" cpu --json "$FX/$run/top-b.txt" > "$T/m.json" || nok "$run cpu machine runs"
  # fields by label, since "%Cpu(s):100.0 us" has no space after the colon
  cpuf() { awk -v f="$1" '/^%Cpu\(s\)/ { x = $0; sub(/^%Cpu\(s\):/, "", x); m = split(x, p, ",");
      for (i = 1; i <= m; i++) { split(p[i], kv, " "); if (kv[2] == f) { n++; s += kv[1] } } }
      END { printf "%.4f", s/n }' "$2"; }
  aus=$(cpuf us "$FX/$run/top-b.txt")
  ast=$(cpuf st "$FX/$run/top-b.txt")
  ald=$(awk '/^top -/ { n++; x = $0; sub(/.*load average: /, "", x); split(x, a, ", "); s += a[1] } END { printf "%.4f", s/n }' "$FX/$run/top-b.txt")
  gus=$(jget "$T/m.json" "[r['mean'] for r in d['machine']['cpu'] if r['field']=='us'][0]")
  gst=$(jget "$T/m.json" "[r['mean'] for r in d['machine']['cpu'] if r['field']=='st'][0]")
  gld=$(jget "$T/m.json" "d['machine']['load'][0]['mean']")
  if close "$gus" "$aus" 0.006 && close "$gst" "$ast" 0.006 && close "$gld" "$ald" 0.006; then
    ok "$run machine us $gus st $gst load1 $gld match awk"
  else nok "$run machine means" "gclat $gus $gst $gld" "awk $aus $ast $ald"; fi

  # 3. thread view: leader row (smallest TID of the frame; procps-ng 4 shows the
  # whole process there) excluded; categories add up to all thread rows; GC
  # share by the fixture's own rule (name starts with "GC Thread", "G1 ", "Z").
  "$GCLAT" cpu --json "$FX/$run/top-b-H.txt" > "$T/h.json" || nok "$run cpu -H runs"
  read -r atot agc aproc < <(awk '
      function flush() { if (n) { for (i = 1; i <= n; i++) if (pid[i] == minp) proc += cpu[i]; else { tot += cpu[i]; if (gc[i]) g += cpu[i] } } n = 0; minp = -1 }
      /^top -/ { flush() }
      $1 ~ /^[0-9]+$/ && NF >= 12 { n++; pid[n] = $1 + 0; cpu[n] = $9; c = $12; for (k = 13; k <= NF; k++) c = c " " $k
        gc[n] = (c ~ /^GC Thread/ || c ~ /^G1 / || c ~ /^Z[A-Z]/); if (minp < 0 || $1 + 0 < minp) minp = $1 + 0 }
      END { flush(); printf "%.2f %.2f %.2f\n", tot, g, proc }' "$FX/$run/top-b-H.txt")
  gtot=$(jget "$T/h.json" "'%.2f' % d['thread_totals']['cpu_pct_sum']")
  gsum=$(jget "$T/h.json" "'%.2f' % sum(c['cpu_pct_sum'] for c in d['categories'])")
  ggc=$(jget "$T/h.json" "'%.2f' % [c['cpu_pct_sum'] for c in d['categories'] if c['category']=='GC'][0]")
  gnt=$(jget "$T/h.json" "d['thread_totals']['threads']")
  gnc=$(jget "$T/h.json" "sum(c['threads'] for c in d['categories'])")
  if [ "$gtot" = "$atot" ] && [ "$gsum" = "$gtot" ] && [ "$gnt" = "$gnc" ]; then
    ok "$run categories account for every thread: sum $gsum == total $gtot == awk $atot, $gnc threads"
  else nok "$run category accounting" "categories $gsum total $gtot awk $atot threads $gnt/$gnc"; fi
  if [ "$ggc" = "$agc" ]; then ok "$run GC category %CPU sum $ggc == awk $agc"
  else nok "$run GC category vs awk" "gclat $ggc awk $agc"; fi
  gpm=$(jget "$T/h.json" "d['processes'][0]['cpu_mean_pct']")
  apm=$(awk -v s="$aproc" 'BEGIN { printf "%.4f", s/20 }')
  if close "$gpm" "$apm" 0.006; then ok "$run leader row read as the whole process: mean $gpm"
  else nok "$run leader row" "gclat $gpm awk $apm"; fi
  # every thread's category is one of the known ones and GC threads are found
  if jget "$T/h.json" "'yes' if all(t['category'] in ('GC','JIT','VM','JVM','app') for t in d['threads']) and any(t['category']=='GC' and t['cpu_mean_pct']>0 for t in d['threads']) else 'no'" | grep -q yes; then
    ok "$run GC threads found in the -H view"
  else nok "$run GC threads in -H view"; fi
done

# 3b. kernel truth: the program's own /proc/self/task/*/stat dump at the end of
# each run (proc-threads-end.tsv) as one record sample -> gclat's GC / VM ticks
# must equal truth.tsv's sums by its explicit rule (truth counts the "VM Thread"
# alone, gclat's VM category also has "VM Periodic Task"; compared per thread), and the categories must
# cover the whole process (process ticks - thread ticks = exited threads).
for run in g1 parallel zgc; do
  tv() { awk -F'\t' -v k="$1" '$1 == k { print $2 }' "$FX/$run/truth.tsv"; }
  pt=$(( $(tv process_utime_ticks) + $(tv process_stime_ticks) ))
  { echo "#gclat-cpu-record 1"; printf 'P\t%s\t100\t2\t30000\tjava\n' "$(tv pid)"
    printf 'S\t%s\t%s\t%s\t0\t0\t%s\n' "$(tv truth_epoch_ms)" "$(tv jvm_uptime_ms_at_truth)" "$pt" "$(tv process_num_threads)"
    awk -F'\t' 'NR > 1 { printf "T\t%s\t%s\t%s\n", $1, $6, $2 }' "$FX/$run/proc-threads-end.tsv"; } > "$T/truth.rec"
  "$GCLAT" cpu --json "$T/truth.rec" > "$T/t.json" || nok "$run truth record"
  got=$(jget "$T/t.json" "' '.join(str(x) for x in ({c['category']: c['cpu_ticks'] for c in d['categories']}.get('GC', 0), sum(t['cpu_ticks'] for t in d['threads'] if t['name'] == 'VM Thread'), d['thread_totals']['thread_ticks'] - {c['category']: c['cpu_ticks'] for c in d['categories']}.get('exited', 0), d['thread_totals']['thread_ticks']))")
  want="$(tv gc_threads_ticks) $(tv vm_thread_ticks) $(tv threads_total_ticks) $pt"
  if [ "$got" = "$want" ]; then ok "$run kernel truth: GC $(tv gc_threads_ticks) / VM ticks, threads $(tv threads_total_ticks) + exited = process $pt"
  else nok "$run kernel truth" "gclat $got" "truth $want"; fi
  # top -H (first 20 s) against the whole 30 s run: same workload, different window
  h=$(gx cpu --json "$FX/$run/top-b-H.txt" | python3 -c "import json,sys; print(json.load(sys.stdin)['thread_totals']['gc_share_pct'])")
  if [ -n "$h" ] && close "$h" "$(tv gc_threads_share_of_process_cpu_pct)" 5; then
    ok "$run GC share from top -H $h% ~ kernel truth $(tv gc_threads_share_of_process_cpu_pct)% (windows differ; within 5 points)"
  else nok "$run GC share top -H vs truth" "$h vs $(tv gc_threads_share_of_process_cpu_pct)"; fi
done

# 4. a record file written by hand: exited-thread ticks, full names from N lines
cat > "$T/rec.txt" <<'R'
#gclat-cpu-record 1
P	4242	100	2	1000	java
N	4300	http-nio-8080-exec-1
S	1796017607000	1000	150	204800	3145728	5
T	4243	40	GC Thread#0
T	4244	10	C2 CompilerThre
T	4300	60	http-nio-8080-e
T	4301	20	http-nio-8080-e
S	1796017608000	2000	100	206848	3145728	5
T	4243	30	GC Thread#0
T	4300	70	http-nio-8080-e
C	1200	2000000
R
"$GCLAT" cpu --json "$T/rec.txt" > "$T/r.json" || nok "record read"
v=$(jget "$T/r.json" "(d['processes'][0]['cpu_mean_pct'], d['processes'][0]['samples'], d['thread_totals']['thread_ticks'], d['thread_totals']['process_ticks'], [c['cpu_ticks'] for c in d['categories'] if c['category']=='exited'][0], [c['cpu_ticks'] for c in d['categories'] if c['category']=='GC'][0], [t['name'] for t in d['threads'] if t['tid']==4300][0], sorted(g['group'] for g in d['groups']))")
want="(100.0, 2, 250, 250, 20, 70, 'http-nio-8080-exec-1', ['C2 CompilerThre+', 'GC Thread#*', 'exited threads', 'http-nio-8080-e+', 'http-nio-8080-exec-*'])"
if [ "$v" = "$want" ]; then ok "record: %CPU from ticks, exited-thread residual, nid names, groups"
else nok "record parse" "got  $v" "want $want"; fi

# 5. --strict and diagnostics on a damaged capture
{ head -9 "$FX/g1/top-b-p.txt"; echo "  498 root 20 0 garbage"; echo "what is this"; } > "$T/bad.txt"
"$GCLAT" cpu --strict "$T/bad.txt" > /dev/null 2> "$T/err"; rc=$?
if [ $rc = 2 ] && grep -q "bad.txt:10" "$T/err"; then ok "--strict exits 2 and names file:line"
else nok "--strict" "rc $rc" "$(head -5 "$T/err")"; fi

# 6. live sampling of a JVM with GC load (GcLoad.java), record round trip
if ! command -v java >/dev/null 2>&1; then
  echo "ok - live JVM sample # SKIP java not found"
else
  mkdir -p "$T/jout"
  java -XX:+UseParallelGC -Xmx64m -Xms64m "$FX/GcLoad.java" "$T/jout" 25 > "$T/java.out" 2>&1 &
  JPID=$!
  for _ in $(seq 1 200); do grep -q READY "$T/java.out" 2>/dev/null && break; sleep 0.1; done
  # the source launcher forks nothing: JPID is the JVM
  "$GCLAT" cpu --pid "$JPID" --threads --duration 5s --interval 500ms --record "$T/live.rec" --json > "$T/live.json" 2> "$T/live.err"
  rc=$?
  if [ $rc = 0 ] && jget "$T/live.json" "'yes' if [c for c in d['categories'] if c['category']=='GC' and c['cpu_ticks']>0] else 'no'" | grep -q yes; then
    ok "live JVM sample: GC category present with CPU > 0 ($(jget "$T/live.json" "d['thread_totals']['gc_share_pct']")% of JVM CPU)"
  else nok "live JVM sample" "rc $rc" "$(head -5 "$T/live.err")" "$(head -c 600 "$T/live.json")"; fi
  v=$(jget "$T/live.json" "(d['thread_totals']['thread_ticks'] >= d['thread_totals']['process_ticks'] - 0, sum(c['cpu_ticks'] for c in d['categories']) == d['thread_totals']['thread_ticks'])")
  if [ "$v" = "(True, True)" ]; then ok "live: category ticks add up to the thread total, threads cover the process"
  else nok "live tick accounting" "$v"; fi
  gx cpu --json "$T/live.rec" > "$T/replay.json"
  a=$(jget "$T/live.json" "(d['processes'], d['categories'], d['groups'])")
  b=$(jget "$T/replay.json" "(d['processes'], d['categories'], d['groups'])")
  if [ -n "$a" ] && [ "$a" = "$b" ]; then ok "live report == report of its --record file"
  else nok "record replay differs"; fi
  kill "$JPID" 2>/dev/null; wait "$JPID" 2>/dev/null; JPID=
fi

# 7. the live sampler under ASan/UBSan, on a process that is always there (this shell)
if [ -n "${GCLAT_ASAN:-}" ] && [ -x "$GCLAT_ASAN" ]; then
  sleep 30 & SPID=$!
  "$GCLAT_ASAN" cpu --pid "$SPID" --threads --count 3 --interval 100ms --record "$T/self.rec" --json > "$T/self.json" 2> "$T/self.err"; rc=$?
  kill "$SPID" 2>/dev/null; wait "$SPID" 2>/dev/null
  n=$(grep -c '^S' "$T/self.rec" 2>/dev/null)  # "" when no record was written
  if [ $rc = 0 ] && [ "$n" = 3 ] && ! grep -q 'Sanitizer\|runtime error' "$T/self.err"; then
    ok "ASan live sampler: 3 samples of pid $SPID, clean"
  else nok "ASan live sampler" "rc $rc samples $n" "$(head -5 "$T/self.err")"; fi
  # a process that does not exist
  "$GCLAT" cpu --pid 999999999 --count 1 > /dev/null 2>&1; rc=$?
  [ $rc = 3 ] && ok "missing pid: exit 3" || nok "missing pid exit" "$rc"
else
  echo "ok - ASan live sampler # SKIP no GCLAT_ASAN"
fi
