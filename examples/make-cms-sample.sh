#!/usr/bin/env bash
# make-cms-sample.sh — write examples/gc-cms-jdk8-synthetic.log: a SYNTHETIC
# JDK 8 ParNew + CMS log in -XX:+PrintGCDetails -XX:+PrintGCDateStamps
# -XX:+PrintGCApplicationStoppedTime format, modelled on the field report
# seeds/001 (a multi-GB young generation, ParNew pauses of 170-200 ms every
# ~10 s, a CMS cycle every 5 minutes, one concurrent mode failure). It is not
# the output of a real JVM: no JDK 8 is available here; the real JDK 8 logs
# gclat is tested on are in ../shared/corpus/gc. Deterministic (fixed seed).
set -eu
out=${1:-"$(dirname "$0")/gc-cms-jdk8-synthetic.log"}
awk -v seed=42 'BEGIN {
  srand(seed)
  t = 8.0; base = 1681264800   # 2023-04-12T10:00:00+08:00 is 02:00:00Z
  old = 1200000; young_cap = 3774912; old_cap = 4265856; heap_cap = young_cap + old_cap
  print "Java HotSpot(TM) 64-Bit Server VM (25.202-b08) for linux-amd64 JRE (1.8.0_202-b08), built on Dec 15 2018 12:40:22 by \"java_re\" with gcc 7.3.0"
  print "Memory: 4k page, physical 16333704k(2130672k free), swap 0k(0k free)"
  print "CommandLine flags: -XX:CMSInitiatingOccupancyFraction=70 -XX:InitialHeapSize=8589934592 -XX:MaxHeapSize=8589934592 -XX:MaxNewSize=4294967296 -XX:NewSize=4294967296 -XX:+PrintGC -XX:+PrintGCApplicationStoppedTime -XX:+PrintGCDateStamps -XX:+PrintGCDetails -XX:+PrintGCTimeStamps -XX:+UseConcMarkSweepGC -XX:+UseParNewGC "
  next_cms = 300
  for (i = 0; i < 2000; i++) {
    t += 9.5 + rand()
    d = 0.170 + rand() * 0.030
    if (i % 97 == 50) d = 0.35 + rand() * 0.1
    promo = 20000 + int(rand() * 8000)
    yb = young_cap; ya = 300000 + int(rand() * 100000)
    hb = old + yb; old += promo; ha = old + ya
    ts = stamp(t)
    printf "%s: %.3f: [GC (Allocation Failure) %s: %.3f: [ParNew: %dK->%dK(%dK), %.7f secs] %dK->%dK(%dK), %.7f secs] [Times: user=%.2f sys=%.2f, real=%.2f secs] \n", ts, t, ts, t, yb, ya, young_cap, d - 0.0003, hb, ha, heap_cap, d, d * 3.8, 0.01, d
    printf "%s: %.3f: Total time for which application threads were stopped: %.7f seconds, Stopping threads took: %.7f seconds\n", stamp(t + d), t + d, d + 0.0004, 0.00003 + rand() * 0.0001
    if (t > next_cms) {
      next_cms = t + 300
      c = t + 1.0
      printf "%s: %.3f: [GC (CMS Initial Mark) [1 CMS-initial-mark: %dK(%dK)] %dK(%dK), 0.0123000 secs] [Times: user=0.04 sys=0.00, real=0.01 secs] \n", stamp(c), c, old, old_cap, old + 800000, heap_cap
      printf "%s: %.3f: [CMS-concurrent-mark-start]\n", stamp(c + 0.013), c + 0.013
      printf "%s: %.3f: [CMS-concurrent-mark: 0.612/0.612 secs] [Times: user=1.10 sys=0.02, real=0.61 secs] \n", stamp(c + 0.625), c + 0.625
      printf "%s: %.3f: [CMS-concurrent-preclean-start]\n", stamp(c + 0.626), c + 0.626
      printf "%s: %.3f: [CMS-concurrent-preclean: 0.021/0.021 secs] [Times: user=0.03 sys=0.00, real=0.02 secs] \n", stamp(c + 0.647), c + 0.647
      printf "%s: %.3f: [GC (CMS Final Remark) [YG occupancy: 1234567 K (%d K)]%.3f: [Rescan (parallel) , 0.0512000 secs]%.3f: [weak refs processing, 0.0010000 secs]%.3f: [class unloading, 0.0100000 secs]%.3f: [scrub symbol table, 0.0020000 secs]%.3f: [scrub string table, 0.0010000 secs][1 CMS-remark: %dK(%dK)] %dK(%dK), 0.0660000 secs] [Times: user=0.20 sys=0.00, real=0.07 secs] \n", stamp(c + 0.7), c + 0.7, young_cap, c + 0.7, c + 0.751, c + 0.752, c + 0.762, c + 0.764, old, old_cap, old + 1234567, heap_cap
      printf "%s: %.3f: [CMS-concurrent-sweep-start]\n", stamp(c + 0.767), c + 0.767
      printf "%s: %.3f: [CMS-concurrent-sweep: 0.833/0.833 secs] [Times: user=1.50 sys=0.02, real=0.83 secs] \n", stamp(c + 1.6), c + 1.6
      printf "%s: %.3f: [CMS-concurrent-reset-start]\n", stamp(c + 1.601), c + 1.601
      printf "%s: %.3f: [CMS-concurrent-reset: 0.010/0.010 secs] [Times: user=0.01 sys=0.00, real=0.01 secs] \n", stamp(c + 1.611), c + 1.611
      old = int(old * 0.45)
      t = c + 2
    }
    if (i == 1500) {
      t += 5
      printf "%s: %.3f: [GC (Allocation Failure) %s: %.3f: [ParNew: %dK->%dK(%dK), 0.0000300 secs]%s: %.3f: [CMS%s: %.3f: [CMS-concurrent-abortable-preclean: 0.100/2.100 secs] [Times: user=0.20 sys=0.00, real=2.10 secs] \n", stamp(t), t, stamp(t), t, young_cap, young_cap, young_cap, stamp(t), t, stamp(t + 0.5), t + 0.5
      printf " (concurrent mode failure): %dK->%dK(%dK), 9.8123000 secs] %dK->%dK(%dK), [Metaspace: 80000K->80000K(1124352K)], 9.8125000 secs] [Times: user=9.80 sys=0.02, real=9.81 secs] \n", old_cap - 1000, 900000, old_cap, heap_cap - 2000, 900000, heap_cap
      old = 900000; t += 9.82
    }
  }
}
function stamp(s,   total, ms, d, h, m, sec) {
  total = base + 8 * 3600 + s; ms = int((s - int(s)) * 1000 + 0.5); if (ms >= 1000) ms = 999
  d = int(total / 86400); sec = int(total) - d * 86400
  h = int(sec / 3600); m = int((sec % 3600) / 60); sec = sec % 60
  return sprintf("2023-04-%02dT%02d:%02d:%02d.%03d+0800", 12 + d - int(base / 86400) - int((base % 86400 + 8 * 3600) / 86400) + 0, h, m, sec, ms)
}' > "$out"
echo "wrote $out" >&2
