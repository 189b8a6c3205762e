#!/usr/bin/env python3
"""gc_invariants.py - check `gclat gc --json` against invariants that must hold
for every GC log (docs/metrics.md, "Invariants").

  gc_invariants.py check GCLAT OUTDIR FILE...   one JSON line per file, in OUTDIR/check.PID
  gc_invariants.py summary OUTDIR              TAP lines, one per invariant

The log's own time range is computed here from the raw timestamps of the file
(never from gclat's output), so "span within the log's time" can fail.
"""
import json
import math
import os
import re
import subprocess
import sys
from datetime import datetime, timezone

INVARIANTS = [
    ("pause_kinds_sum", "pause kinds sum to pauses (count and total)"),
    ("causes_count_collections", "ZGC/Shenandoah causes count collections and sum to them"),
    ("throughput_consistent", "throughput = 100 x (1 - pause total / span) within rounding"),
    ("runs_sum", "runs add up to the totals (pauses, pause time, span)"),
    ("per_minute_mean_le_max", "young GCs per minute: mean <= max"),
    ("evidence_order", "first <= worst <= last in every finding's evidence"),
    ("span_within_log_time", "span <= the log's own first-to-last time (raw timestamps)"),
    ("mean_le_max", "min <= mean <= max everywhere"),
]

# ---- raw timestamps ---------------------------------------------------------

RE_ISO = re.compile(r'(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d):(\d\d)(?:[.,](\d{1,9}))?(Z|[+-]\d\d:?\d\d)?')
RE_DECO = re.compile(r'\[([^\]\n]*)\]')
RE_LEG_UP = re.compile(r'(?<![\w.,:+-])(\d+)[.,](\d{3,9}): ')
RE_J9_TS = re.compile(r'timestamp="([^"]+)"')
J9_MONTHS = {m: i + 1 for i, m in enumerate(
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])}


def iso_seconds(m):
    y, mo, d, h, mi, s = (int(m.group(i)) for i in range(1, 7))
    frac = m.group(7) or "0"
    t = datetime(y, mo, d, h, mi, s, tzinfo=timezone.utc).timestamp() + int(frac) / 10 ** len(frac)
    tz = m.group(8)
    if tz and tz != "Z":
        tz = tz.replace(":", "")
        off = (int(tz[1:3]) * 60 + int(tz[3:5])) * 60
        t -= off if tz[0] == "+" else -off
    return t


def line_times(line):
    """(uptime_s, wall_s) of a line, either None; the first of each on the line."""
    up = wall = None
    if line.startswith("["):
        # unified logging: only the leading [decorator] groups carry time
        pos = 0
        for _ in range(8):
            m = RE_DECO.match(line, pos)
            if not m:
                break
            d = m.group(1)
            pos = m.end()
            mi = RE_ISO.fullmatch(d)
            if mi:
                if wall is None:
                    wall = iso_seconds(mi)
                continue
            mu = re.fullmatch(r'(\d+)[.,](\d+)s', d)
            if mu:
                if up is None:
                    up = int(mu.group(1)) + int(mu.group(2)) / 10 ** len(mu.group(2))
                continue
            mm = re.fullmatch(r'(\d+)(ms|ns)', d)
            if mm:
                v = int(mm.group(1)) / (1e3 if mm.group(2) == "ms" else 1e9)
                if v > 1e8:  # timemillis / timenanos: epoch
                    wall = v if wall is None else wall
                elif up is None:
                    up = v
        if up is not None or wall is not None:
            return up, wall
    mi = RE_ISO.search(line)
    if mi and mi.group(4) is not None and "T" in line[mi.start():mi.end()]:
        wall = iso_seconds(mi)
    mu = RE_LEG_UP.search(line)
    if mu:
        up = int(mu.group(1)) + int(mu.group(2)) / 10 ** len(mu.group(2))
    if up is None and wall is None:
        mj = RE_J9_TS.search(line)
        if mj:
            wall = j9_time(mj.group(1))
    return up, wall


def j9_time(s):
    m = RE_ISO.match(s)
    if m:
        return iso_seconds(m)
    m = re.match(r'(\w{3}) (\d\d) (\d\d):(\d\d):(\d\d) (\d{4})', s)
    if m and m.group(1) in J9_MONTHS:
        return datetime(int(m.group(6)), J9_MONTHS[m.group(1)], int(m.group(2)), int(m.group(3)),
                        int(m.group(4)), int(m.group(5)), tzinfo=timezone.utc).timestamp()
    return None


def raw_time_bound(path):
    """Sum over stretches of non-decreasing timestamps of (max - min), on the
    uptime axis when the log has uptimes, else on the wall clock. A JVM run
    (or a run with time going backwards) lies inside a union of stretches, so
    its span cannot exceed this sum. None when the log has no timestamps."""
    ups, walls = [], []
    opener = open
    if path.endswith(".gz"):
        import gzip
        opener = gzip.open
    with opener(path, "rb") as f:
        for raw in f:
            line = raw.decode("latin-1").rstrip("\r\n")
            up, wall = line_times(line)
            if up is not None:
                ups.append(up)
            if wall is not None:
                walls.append(wall)
    series = ups if ups else walls
    if not series:
        return None
    total = 0.0
    pieces = 1
    lo = hi = series[0]
    for t in series[1:]:
        if t < hi:
            total += hi - lo
            lo = hi = t
            pieces += 1
        else:
            hi = t
    return total + (hi - lo), pieces


# ---- invariants -------------------------------------------------------------

def num(v):
    return v if isinstance(v, (int, float)) and not (isinstance(v, float) and math.isnan(v)) else None


def inv_kinds(r):
    n = r["pauses"]["count"]
    if n is None:
        return "n/a"
    k = sum(v["count"] for v in r["kinds"].values())
    pk = sum(v["count"] for v in r["pause_kinds"])
    if k != n or pk != n:
        return "kinds sum %d, pause_kinds sum %d, pauses %d" % (k, pk, n)
    tot = r["pauses"]["total_ms"]
    kt = sum(v["total_ms"] for v in r["kinds"].values())
    tol = 0.0005 * (len(r["kinds"]) + 1) + 1e-9 * tot
    if abs(kt - tot) > tol:
        return "kinds total %.3f ms, pauses total %.3f ms" % (kt, tot)
    return None


def inv_causes(r):
    coll = (r.get("collector") or "").lower()
    if not coll.startswith("zgc") and not coll.startswith("shenandoah"):
        return "n/a"
    s = sum(c["count"] for c in r["causes"])
    # collections proper when the report has them apart from the GC-id count
    want = r["cycles"].get("collections", r["cycles"]["count"])
    if s != want:
        return "%s: causes sum to %d, collections %d" % (coll, s, want)
    return None


def tp_of(span_s, total_ms):
    return max(100.0 * (1.0 - total_ms / (span_s * 1000.0)), 0.0)


def throughput_error(span_s, total_ms, tp):
    """None if tp is consistent with span and total as printed (span rounded
    to 1 ms, total to 1 us, throughput to 0.001), else text."""
    if span_s == 0 and tp is None:
        return None
    lo_span, hi_span = max(span_s - 0.0005, 0.0), span_s + 0.0005
    lo_tot, hi_tot = max(total_ms - 0.0005, 0.0), total_ms + 0.0005
    hi = tp_of(hi_span, lo_tot)
    lo = tp_of(lo_span, hi_tot) if lo_span > 0 else 0.0
    if tp is None or not (lo - 0.001 <= tp <= hi + 0.001):
        want = "%.3f" % tp_of(span_s, total_ms) if span_s > 0 else "undefined"
        return "throughput %s, 100 x (1 - %.3f ms / %.3f s) = %s" % (tp, total_ms, span_s, want)
    return None


def inv_throughput(r):
    if r["pauses"]["count"] is None:
        return "n/a"
    e = throughput_error(r["time"]["span_s"], r["pauses"]["total_ms"], num(r.get("throughput_pct")))
    if e:
        return e
    for i, run in enumerate(r.get("runs") or []):
        e = throughput_error(run["span_s"], run["pause_total_ms"], num(run.get("throughput_pct")))
        if e:
            return "run %d: %s" % (i + 1, e)
    return None


def inv_runs(r):
    runs = r.get("runs")
    if runs is None:
        return "n/a"
    if r["time"].get("runs_truncated"):
        return "n/a"
    if r["pauses"]["count"] is None:
        return "n/a"
    if any(x["pauses"] is None for x in runs):
        return "runs have pauses null, total %s" % r["pauses"]["count"]
    p = sum(x["pauses"] for x in runs)
    if p != r["pauses"]["count"]:
        return "runs have %d pauses, total %d" % (p, r["pauses"]["count"])
    pt = sum(x["pause_total_ms"] for x in runs)
    if abs(pt - r["pauses"]["total_ms"]) > 0.0005 * (len(runs) + 1):
        return "runs pause time %.3f ms, total %.3f ms" % (pt, r["pauses"]["total_ms"])
    sp = sum(x["span_s"] for x in runs)
    if abs(sp - r["time"]["span_s"]) > 0.0005 * (len(runs) + 1):
        return "runs span %.3f s, total %.3f s" % (sp, r["time"]["span_s"])
    if len(runs) != r["time"]["segments"]:
        return "%d runs listed, time.segments %d" % (len(runs), r["time"]["segments"])
    return None


def inv_per_minute(r):
    f = r["frequency"]
    mean, mx = num(f.get("per_min_mean")), num(f.get("per_min_max"))
    if not f.get("young_count") or mean is None or mx is None:
        return "n/a"
    if mean > mx + 0.005:
        return "per_min_mean %.2f > per_min_max %d (%d young in %.3f s)" % (
            mean, mx, f["young_count"], r["time"]["span_s"])
    return None


def moment_key(m):
    at = m.get("at") or ""
    mu = re.fullmatch(r'uptime (\d+(?:\.\d+)?)s', at)
    if mu:
        return ("up", float(mu.group(1)))
    mi = RE_ISO.match(at)
    if mi:
        return ("wall", iso_seconds(mi))
    return None


def inv_evidence(r, single_run):
    bad = []
    seen = 0
    for f in r.get("findings") or []:
        keys = [k for k in ("first", "worst", "last") if isinstance(f.get(k), dict)]
        if len(keys) < 2:
            continue
        seen += 1
        if single_run:
            ts = [moment_key(f[k]) for k in keys]
            for a, b, ka, kb in zip(ts, ts[1:], keys, keys[1:]):
                if a and b and a[0] == b[0] and a[1] > b[1] + 0.0015:
                    bad.append("%s: %s %s after %s %s" % (f["id"], ka, f[ka]["at"], kb, f[kb]["at"]))
        else:
            # times of different JVM runs (or of a log going back in time) do
            # not compare; the order in the file does
            ws = [f[k].get("where") or "" for k in keys]
            ls = [int(w.rsplit(":", 1)[1]) if ":" in w and w.rsplit(":", 1)[1].isdigit() else None for w in ws]
            for a, b, wa, wb, ka, kb in zip(ls, ls[1:], ws, ws[1:], keys, keys[1:]):
                if a is not None and b is not None and wa.rsplit(":", 1)[0] == wb.rsplit(":", 1)[0] and a > b:
                    bad.append("%s: %s %s after %s %s" % (f["id"], ka, wa, kb, wb))
    if bad:
        return "; ".join(bad[:3])
    return None if seen else "n/a"


def longest_event_s(r):
    vals = [r["pauses"].get("max_ms") or 0]
    for key in ("concurrent_phases",):
        vals += [x.get("max_ms") or 0 for x in r.get(key) or []]
    vals += [x.get("max_ms") or 0 for x in r["cycles"].get("by_name") or []]
    vals.append(r.get("safepoints", {}).get("max_ms") or 0)
    vals.append(r.get("alloc_stalls", {}).get("max_ms") or 0)
    return max(v for v in vals if isinstance(v, (int, float))) / 1000.0


def inv_span(r, path):
    span = r["time"]["span_s"]
    b = raw_time_bound(path)
    if b is None:
        return "n/a" if not span else "span %.3f s but no timestamp in the log" % span
    bound, pieces = b
    nruns = len(r["runs"]) if r.get("runs") is not None else r["time"]["segments"]
    # An event reaches past the line that stamps it by at most its own
    # duration, at either end of a run; a run needs a stretch of its own.
    slack = max(min(nruns, pieces), 1) * 2 * longest_event_s(r) + 0.002
    if span > bound + slack:
        return "span %.3f s > log's own time %.3f s (+ %.3f s for event durations)" % (span, bound, slack)
    return None


def walk_mean_max(o, path, bad):
    if isinstance(o, dict):
        for pre in ("", "interval_"):
            for unit in ("ms", "s"):
                mean = num(o.get(pre + "mean_" + unit))
                mx = num(o.get(pre + "max_" + unit))
                mn = num(o.get(pre + "min_" + unit))
                tol = 0.0015 if unit == "ms" else 0.0015
                if mean is not None and mx is not None and o.get("count", 1) and mean > mx + tol:
                    bad.append("%s: mean %s > max %s" % (path or "/", mean, mx))
                if mean is not None and mn is not None and o.get("count", 1) and mn > mean + tol:
                    bad.append("%s: min %s > mean %s" % (path or "/", mn, mean))
        for k, v in o.items():
            walk_mean_max(v, path + "/" + k, bad)
    elif isinstance(o, list):
        for i, v in enumerate(o):
            name = v.get("name") or v.get("cause") or v.get("thread") or str(i) if isinstance(v, dict) else str(i)
            walk_mean_max(v, "%s[%s]" % (path, name), bad)


def inv_mean_max(r):
    bad = []
    walk_mean_max(r, "", bad)
    return "; ".join(bad[:3]) if bad else None


def check(gclat, path):
    res = {"file": path}
    try:
        p = subprocess.run([gclat, "gc", "--json", "-q", path], capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        res["error"] = "timeout"
        return res
    if p.returncode < 0 or p.returncode >= 128 or p.returncode not in (0, 2):
        res["error"] = "exit %d: %s" % (p.returncode, p.stderr.decode("latin-1")[:200])
        return res
    try:
        r = json.loads(p.stdout)
    except ValueError:
        # exit 2 without a report: a format gclat does not read (documented)
        res["skip"] = p.stderr.decode("latin-1").strip()[:200] or "no report"
        return res
    # one clock only in one run where time never goes back; else feed order
    single = ((len(r["runs"]) if r.get("runs") is not None else r["time"]["segments"]) <= 1
              and not (r["time"].get("backwards") or {}).get("count"))
    out = {}
    for name, fn in (("pause_kinds_sum", lambda: inv_kinds(r)),
                     ("causes_count_collections", lambda: inv_causes(r)),
                     ("throughput_consistent", lambda: inv_throughput(r)),
                     ("runs_sum", lambda: inv_runs(r)),
                     ("per_minute_mean_le_max", lambda: inv_per_minute(r)),
                     ("evidence_order", lambda: inv_evidence(r, single)),
                     ("span_within_log_time", lambda: inv_span(r, path)),
                     ("mean_le_max", lambda: inv_mean_max(r))):
        try:
            v = fn()
        except Exception as ex:  # a missing key is a broken report, not a pass
            v = "checker: %s: %s" % (type(ex).__name__, ex)
        out[name] = "ok" if v is None else v
    res["inv"] = out
    return res


def summary(lines):
    results = [json.loads(l) for l in lines if l.strip()]
    errors = [x for x in results if "error" in x]
    skipped = [x for x in results if "skip" in x]
    checked = [x for x in results if "inv" in x]
    print("# %d logs: %d checked, %d not GC logs gclat reads (skipped), %d errors"
          % (len(results), len(checked), len(skipped), len(errors)))
    for x in errors:
        print("#   error: %s: %s" % (x["file"], x["error"]))
    print(("ok" if not errors else "not ok") + " - gc invariants: gclat ran on every log (%d)" % len(results))
    failed = 0
    for name, title in INVARIANTS:
        fails = [(x["file"], x["inv"][name]) for x in checked
                 if x["inv"].get(name) not in ("ok", "n/a")]
        applies = sum(1 for x in checked if x["inv"].get(name) != "n/a")
        if fails:
            failed += 1
            print("not ok - invariant %s: %s (%d of %d logs fail)" % (name, title, len(fails), applies))
            for f, why in fails[:40]:
                print("#   %s: %s" % (f, why))
            if len(fails) > 40:
                print("#   ... %d more" % (len(fails) - 40))
        else:
            print("ok - invariant %s: %s (%d logs)" % (name, title, applies))
    return 1 if failed or errors else 0


def main():
    if len(sys.argv) >= 4 and sys.argv[1] == "check":
        gclat, outdir = sys.argv[2], sys.argv[3]
        # one file per worker: parallel workers never interleave their lines
        with open(os.path.join(outdir, "check.%d" % os.getpid()), "a") as out:
            for path in sys.argv[4:]:
                out.write(json.dumps(check(gclat, path)) + "\n")
        return 0
    if len(sys.argv) >= 3 and sys.argv[1] == "summary":
        lines = []
        for name in sorted(os.listdir(sys.argv[2])):
            if name.startswith("check."):
                with open(os.path.join(sys.argv[2], name)) as f:
                    lines += f.readlines()
        return summary(lines)
    print(__doc__, file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
