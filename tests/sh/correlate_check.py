#!/usr/bin/env python3
"""Independent request/stop join for tests/sh/correlate.sh (JDK 17 unified G1 and ZGC logs).

usage: correlate_check.py GCLOG ACCESSLOG [THREAD_FIELD [MIN_MS]]

Reads the GC log and the fixture's access log (START_ISO DURATION_MS PATH
STATUS [THREAD]) with its own parsing, in integer microseconds, and applies
the rule docs/correlate.md states, with q = 1 ms (both logs write ms):

  - a request's window is [start, start + duration], start as logged;
  - a G1 pause starts at its `gc,start` line's stamp and lasts the duration of
    its end line; a line stamped at its end (ZGC pause phases, allocation and
    relocation stalls) starts at stamp - duration in whole ms
    (stamp_ms - int(duration_ms));
  - a stop [ps, pe] met the request [rs, re] when the overlap
    min(pe, re) - max(ps, rs) is more than q, or is positive (a zero-length
    stop: strictly inside) and the stop lies inside [rs - q, re + q] and the
    request is longer than q; in that last case with a request of at most q
    it is undecidable (counted apart).

Prints "key value" lines: pauses, stalls, requests, overlapped (requests that
met a pause), pairs (request-pause pairs), undecidable (requests that met no
pause but an undecidable one), stopped_in_requests_us,
p99_overlapped_ms / p99_clean_ms (nearest rank), big_pauses (>= MIN_MS,
default 5) and violations (requests that met one of those but do not contain
it whole within 2 ms: a stopped JVM cannot start or finish a request); with
THREAD_FIELD: stalled_requests (met a stall of their own thread),
stall_pairs, delayed_any (a pause or an own-thread stall); always:
stall_in_flight (requests that met some stall of any thread),
stall_during (stalls that met some request), stall_bound (the smaller);
and per thread "thread_stalled NAME N" (requests of NAME that met its stalls).
"""
import bisect, datetime, gzip, math, re, sys

gc_path, acc_path = sys.argv[1], sys.argv[2]
thread_field = int(sys.argv[3]) if len(sys.argv) > 3 else 0
min_us = int(float(sys.argv[4]) * 1000) if len(sys.argv) > 4 else 5000
MS = 1000  # us
Q = 1 * MS
TOL = 2 * MS


def opener(p):
    return gzip.open(p, 'rt') if p.endswith('.gz') else open(p)


def epoch_ms(s):
    s = re.sub(r'([+-]\d\d):?(\d\d)$', r'\1\2', s)
    d = datetime.datetime.strptime(s, '%Y-%m-%dT%H:%M:%S.%f%z')
    return int(d.timestamp()) * 1000 + d.microsecond // 1000


def dur_us(s):  # "12.345" (ms, 3 decimals) -> us, exactly
    a, _, b = s.partition('.')
    return int(a) * MS + int((b + '000')[:3])


line_re = re.compile(r'^\[([0-9T:.+\-]+)\](?:\[[^\]]*\])*?\[info\s*\]\[([a-z,]+)\s*\] (.*)$')
starts, pauses, stalls = {}, [], []
with opener(gc_path) as f:
    for line in f:
        m = line_re.match(line.rstrip('\n'))
        if not m:
            continue
        t_ms, tags, msg = epoch_ms(m.group(1)), m.group(2), m.group(3)
        g = re.match(r'GC\((\d+)\) Pause ', msg)
        if g and tags == 'gc,start':  # G1: the start line
            starts[g.group(1)] = t_ms
            continue
        g = re.match(r'GC\((\d+)\) Pause .* (\d+\.\d+)ms$', msg)
        if g and tags == 'gc' and g.group(1) in starts:  # G1: the end line
            s = starts.pop(g.group(1)) * MS
            pauses.append((s, s + dur_us(g.group(2))))
            continue
        g = re.match(r'GC\((\d+)\) Pause [A-Za-z ]+ (\d+\.\d+)ms$', msg)
        if g and tags == 'gc,phases':  # ZGC pause phase, stamped at its end
            d = dur_us(g.group(2))
            s = (t_ms - d // MS) * MS
            pauses.append((s, s + d))
            continue
        g = re.match(r'(?:Allocation|Relocation) Stall \((.*)\) (\d+\.\d+)ms$', msg)
        if g and tags == 'gc':
            d = dur_us(g.group(2))
            s = (t_ms - d // MS) * MS
            stalls.append((s, s + d, g.group(1)))
pauses.sort()
stalls.sort()


def meets(rs, re_, ps, pe):
    """1 met, 0 not, 2 undecidable."""
    ov = min(pe, re_) - max(ps, rs)
    if ov > Q:
        return 1
    touch = rs < ps < re_ if ps == pe else ov > 0
    if not touch or ps < rs - Q or pe > re_ + Q:
        return 0
    return 1 if re_ - rs > Q else 2


class Stops:
    def __init__(self, iv):
        self.iv = iv
        self.start = [x[0] for x in iv]
        self.longest = max((x[1] - x[0] for x in iv), default=0)

    def met(self, rs, re_, undecidable=None):
        i = bisect.bisect_left(self.start, rs - self.longest - Q)
        out = []
        while i < len(self.iv) and self.iv[i][0] <= re_ + Q:
            m = meets(rs, re_, self.iv[i][0], self.iv[i][1])
            if m == 1:
                out.append(i)
            elif m == 2 and undecidable is not None:
                undecidable.append(i)
            i += 1
        return out


P = Stops(pauses)
S = Stops(stalls)
T = {}
for s, e, t in stalls:
    T.setdefault(t, []).append((s, e))
T = {t: Stops(v) for t, v in T.items()}


def pct(v, p):
    if not v:
        return 0.0
    v = sorted(v)
    return v[max(1, math.ceil(len(v) * p / 100.0)) - 1] / 1000.0


o = dict(requests=0, overlapped=0, pairs=0, undecidable=0, stopped_in_requests_us=0, violations=0)
if thread_field:
    o.update(stalled_requests=0, stall_pairs=0, delayed_any=0)
ov_d, clean_d = [], []
in_flight, during = 0, set()
per_thread = {}
with opener(acc_path) as f:
    for line in f:
        fs = line.split()
        if len(fs) < 2:
            continue
        rs = epoch_ms(fs[0]) * MS
        d = dur_us(fs[1])
        re_ = rs + d
        o['requests'] += 1
        und = []
        hit = P.met(rs, re_, und)
        o['undecidable'] += bool(und) and not hit
        o['pairs'] += len(hit)
        o['overlapped'] += bool(hit)
        (ov_d if hit else clean_d).append(d)
        for i in hit:
            ps, pe = pauses[i]
            o['stopped_in_requests_us'] += max(0, min(pe, re_) - max(ps, rs))
            if pe - ps >= min_us and not (rs <= ps + TOL and re_ >= pe - TOL):
                o['violations'] += 1
        sh = S.met(rs, re_)
        in_flight += bool(sh)
        during.update(sh)
        if thread_field:
            t = fs[thread_field - 1 if thread_field > 0 else thread_field]
            if len(t) >= 2 and t[0] == '[' and t[-1] == ']':
                t = t[1:-1]
            th = T[t].met(rs, re_) if t in T else []
            if th:
                per_thread[t] = per_thread.get(t, 0) + 1
            o['stalled_requests'] += bool(th)
            o['stall_pairs'] += len(th)
            o['delayed_any'] += bool(hit or th)
print('pauses', len(pauses))
print('big_pauses', sum(1 for s, e in pauses if e - s >= min_us))
print('stalls', len(stalls))
for k, v in o.items():
    print(k, v)
print('p99_overlapped_ms', '%.3f' % pct(ov_d, 99))
print('p99_clean_ms', '%.3f' % pct(clean_d, 99))
print('stall_in_flight', in_flight)
print('stall_during', len(during))
print('stall_bound', min(in_flight, len(during)))
for t in sorted(per_thread):
    print('thread_stalled', t, per_thread[t])
