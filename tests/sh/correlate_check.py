#!/usr/bin/env python3
"""Independent check of gclat correlate on the HTTP fixture (tests/sh/correlate.sh).

Reads a unified (-Xlog:gc*:...:time,uptime,level,tags) G1 GC log and the
fixture's access log (START_ISO DURATION_MS PATH STATUS) with its own
parsing, and prints, as "key value" lines:
  pauses N, big_pauses N (>= MIN_MS), requests N,
  overlapped N (request window overlaps a pause by more than RES = 1 ms:
  both logs write ms timestamps, so smaller overlaps are noise),
  p99_overlapped_ms, p99_clean_ms (nearest rank),
  violations N: requests that overlap a pause >= MIN_MS by more than TOL but
  do not contain it whole (a stopped JVM cannot start or finish a request).
"""
import datetime, gzip, math, re, sys

gc_path, acc_path, min_ms = sys.argv[1], sys.argv[2], float(sys.argv[3])
TOL = 2.0  # ms: both logs truncate timestamps to ms
RES = 1.0  # ms: overlaps up to this do not count (gclat correlate --resolution default)

def epoch_ms(s):
    s = re.sub(r'([+-]\d\d)(\d\d)$', r'\1:\2', s)
    return datetime.datetime.fromisoformat(s).timestamp() * 1000.0

starts = {}
pauses = []
line_re = re.compile(r'^\[([^\]]+)\]\[[^\]]+\]\[info\]\[([a-z,]+)\s*\] GC\((\d+)\) (Pause [^(]*?(?:\([^)]*\))?)(?: \(.*)?$')
with gzip.open(gc_path, 'rt') as f:
    for line in f:
        m = re.match(r'^\[([^\]]+)\]\[[^\]]+\]\[info\]\[gc,start\s*\] GC\((\d+)\) (Pause .*)$', line)
        if m:
            starts[m.group(2)] = epoch_ms(m.group(1))
            continue
        m = re.match(r'^\[([^\]]+)\]\[[^\]]+\]\[info\]\[gc\s*\] GC\((\d+)\) Pause .* (\d+\.\d+)ms$', line)
        if m and m.group(2) in starts:
            pauses.append((starts.pop(m.group(2)), float(m.group(3))))
pauses.sort()

def pct(v, p):
    if not v:
        return 0.0
    v = sorted(v)
    k = max(1, math.ceil(len(v) * p / 100.0))
    return v[k - 1]

import bisect
ps_list = [p[0] for p in pauses]
ov, clean, violations, n = [], [], 0, 0
opener = gzip.open if acc_path.endswith('.gz') else open
with opener(acc_path, 'rt') as f:
    for line in f:
        fs = line.split()
        if len(fs) < 2:
            continue
        s = epoch_ms(fs[0]); d = float(fs[1]); e = s + d
        n += 1
        i = bisect.bisect_left(ps_list, s - 60000)
        overlapped = False
        while i < len(pauses) and pauses[i][0] < e:
            ps, pd = pauses[i]; pe = ps + pd
            o = min(e, pe) - max(s, ps)
            if o > RES:
                overlapped = True
                if pd >= min_ms and o > TOL and not (s <= ps + TOL and e >= pe - TOL):
                    violations += 1
            i += 1
        (ov if overlapped else clean).append(d)
print('pauses', len(pauses))
print('big_pauses', sum(1 for p in pauses if p[1] >= min_ms))
print('requests', n)
print('overlapped', len(ov))
print('p99_overlapped_ms', '%.3f' % pct(ov, 99))
print('p99_clean_ms', '%.3f' % pct(clean, 99))
print('violations', violations)
