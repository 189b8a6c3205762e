#!/usr/bin/env bash
# bench/bench_cpu.sh — what `gclat cpu` costs.
#   1. live /proc sampling of a JVM with 500 threads at 1 s for 20 s: gclat's own
#      CPU from getrusage (the record's C line) and, independently, from
#      /usr/bin/time (or /proc/PID/stat of the sampler), compared with
#      `top -b -H -d 1 -n 20 -p PID` doing the same job;
#   2. reading a big `top -b` capture: gclat cpu vs `wc -l` vs the field
#      reports' awk mean script, with peak RSS.
# Writes bench/results/cpu.md. Run from the repo root: bash bench/bench_cpu.sh
set -eu
ROOT=$(pwd)
W="$ROOT/bench/work/cpu"
OUT="$ROOT/bench/results/cpu.md"
mkdir -p "$W"
G="$ROOT/gclat"
[ -x "$G" ] || make -s gclat
DUR=${DUR:-20}

cpu_of() { # user+sys seconds of a finished command, from /usr/bin/time -f
  awk '{ print $1 + $2 }' "$1"
}
TIME=/usr/bin/time
[ -x $TIME ] || TIME=""

# ---- 1. sampling cost with 500 threads
cat > "$W/Threads500.java" <<'J'
import java.util.concurrent.locks.LockSupport;
public class Threads500 {
    public static void main(String[] a) throws Exception {
        int n = Integer.parseInt(a[0]);
        for (int i = 0; i < n; i++) {
            final int k = i;
            Thread t = new Thread(() -> {
                long x = 0;
                while (true) {
                    // a little work every 100 ms on every 10th thread, the rest park
                    if (k % 10 == 0) for (int j = 0; j < 20000; j++) x += j ^ k;
                    LockSupport.parkNanos(100_000_000L);
                    if (x == 42) System.out.print("");
                }
            }, "worker-pool-" + i);
            t.setDaemon(true);
            t.start();
        }
        System.out.println("READY");
        Thread.sleep(Long.parseLong(a[1]) * 1000);
    }
}
J
sampling=""
if command -v java >/dev/null 2>&1; then
  java "$W/Threads500.java" 500 $((3 * DUR + 30)) > "$W/java.out" 2>&1 &
  JPID=$!
  for _ in $(seq 1 300); do grep -q READY "$W/java.out" && break; sleep 0.1; done
  sleep 2
  NT=$(ls /proc/$JPID/task | wc -l)
  # gclat, threads on
  if [ -n "$TIME" ]; then
    $TIME -f "%U %S %M" -o "$W/g.time" "$G" cpu --pid $JPID --threads --interval 1s --duration ${DUR}s \
      --record "$W/live.rec" -q > "$W/g.txt"
  else
    "$G" cpu --pid $JPID --threads --interval 1s --duration ${DUR}s --record "$W/live.rec" -q > "$W/g.txt"
    echo "0 0 0" > "$W/g.time"
  fi
  read -r self_us wall_us < <(awk -F'\t' '$1 == "C" { print $2, $3 }' "$W/live.rec")
  g_pct=$(awk -v c="$self_us" -v w="$wall_us" 'BEGIN { printf "%.3f", 100 * c / w }')
  g_ext=$(awk -v d="$DUR" '{ printf "%.3f", 100 * ($1 + $2) / d }' "$W/g.time")
  g_rss=$(awk '{ print $3 }' "$W/g.time")
  samples=$(grep -c '^S' "$W/live.rec")
  trows=$(grep -c '^T' "$W/live.rec")
  # gclat, process only
  "$G" cpu --pid $JPID --interval 1s --duration ${DUR}s --record "$W/proc.rec" -q > /dev/null
  read -r p_us p_wall < <(awk -F'\t' '$1 == "C" { print $2, $3 }' "$W/proc.rec")
  p_pct=$(awk -v c="$p_us" -v w="$p_wall" 'BEGIN { printf "%.3f", 100 * c / w }')
  # top -H doing the same sampling
  if [ -n "$TIME" ]; then
    $TIME -f "%U %S %M" -o "$W/t.time" top -b -H -d 1 -n $((DUR + 1)) -p $JPID > "$W/top-H.txt"
    t_ext=$(awk -v d="$DUR" '{ printf "%.3f", 100 * ($1 + $2) / d }' "$W/t.time")
  else t_ext="n/a"; fi
  kill $JPID 2>/dev/null || true
  wait $JPID 2>/dev/null || true
  sampling=$(cat <<M
Live sampling of a JVM with **$NT threads** (\`Threads500.java\`, 500 \`worker-pool-N\` threads,
every 10th doing a little work every 100 ms), 1 s interval, ${DUR} s, $samples samples, $trows thread rows:

| sampler | CPU, % of one core | how measured |
|---|---:|---|
| \`gclat cpu --pid P --threads --interval 1s\` | **$g_pct** | getrusage(RUSAGE_SELF) over the sampling loop (record \`C\` line) |
| same run, whole process incl. start-up and report | $g_ext | /usr/bin/time user+sys / ${DUR} s |
| \`gclat cpu --pid P\` (process only, no threads) | $p_pct | getrusage |
| \`top -b -H -d 1 -n $((DUR + 1)) -p P\` | $t_ext | /usr/bin/time user+sys / ${DUR} s |

Peak RSS of the gclat sampling run: ${g_rss} KiB. Requirement: < 1 % of one core with 500 threads at 1 s.
M
)
else
  sampling="java not found: sampling cost not measured."
fi

# ---- 2. parsing a big top -b capture
BIG="$W/big-top.txt"
if [ ! -f "$BIG" ]; then
  for _ in $(seq 1 150); do cat "$ROOT/tests/fixtures/proc/g1/top-b.txt"; done > "$BIG"
fi
lines=$(wc -l < "$BIG")
mb=$(du -m "$BIG" | cut -f1)
t() { local s e; s=$(date +%s.%N); "$@" > /dev/null; e=$(date +%s.%N); awk -v s="$s" -v e="$e" 'BEGIN { printf "%.3f", e - s }'; }
t_wc=$(t wc -l "$BIG")
t_awk=$(t awk '$12 == "java" { n++; s += $9; q += $9 * $9 } END { m = s / n; print m, sqrt(q / n - m * m) }' "$BIG")
t_g=$(t "$G" cpu -q "$BIG")
g_rss2="n/a"
if [ -n "$TIME" ]; then $TIME -f "%M" -o "$W/p.time" "$G" cpu -q "$BIG" > /dev/null; g_rss2=$(cat "$W/p.time"); fi

cat > "$OUT" <<M
## gclat cpu

Measured by \`bash bench/bench_cpu.sh\` on $(nproc) CPUs, $(uname -sr), $(date -u +%Y-%m-%d).

### Sampling cost

$sampling

### Reading top -b output

\`bench/work/cpu/big-top.txt\`: the g1 fixture's whole-machine \`top -b\` capture repeated 150 times
($lines lines, $mb MB, $((150 * 20)) frames).

| command | seconds |
|---|---:|
| \`wc -l\` | $t_wc |
| awk mean/stddev of the java rows (the field reports' script) | $t_awk |
| \`gclat cpu\` (full report: machine, processes, percentiles, spikes) | $t_g |

Peak RSS of \`gclat cpu\` on it: $g_rss2 KiB.
M
cat "$OUT"
