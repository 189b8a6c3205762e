#!/usr/bin/env python3
"""gc_truth.py — gclat gc's counts against the JVM's own GarbageCollectorMXBean counts.

For every tests/fixtures/gc/**/*.truth.tsv (written by the JVM at exit, see
tests/fixtures/gc/README.md for which log lines each MXBean counts), run
`gclat gc --json` on the log (and its rotated siblings) and compare. Prints
TAP-like lines for tests/run.sh.
"""
import glob, json, os, subprocess, sys

root = os.environ.get("ROOT", os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
gclat = os.environ.get("GCLAT", os.path.join(root, "gclat"))
fixdir = os.path.join(root, "tests", "fixtures", "gc")

def kind(rep, k):
    return rep.get("kinds", {}).get(k, {}).get("count", 0)

def cycles_named(rep, name=None):
    rows = rep.get("cycles", {}).get("by_name", [])
    return sum(r["count"] for r in rows if name is None or r["name"] == name)

def pauses_named(rep, prefix):
    return sum(r["count"] for r in rep.get("pause_kinds", []) if r["name"].startswith(prefix))

def expected(bean, rep, zgc_phases_logged):
    """gclat's figure for one MXBean, or None when the log cannot tell."""
    if bean in ("Copy", "PS Scavenge", "G1 Young Generation"):
        return kind(rep, "young") + kind(rep, "mixed") + kind(rep, "initial_mark")
    if bean in ("MarkSweepCompact", "PS MarkSweep", "G1 Old Generation"):
        return kind(rep, "full")
    if bean == "G1 Concurrent GC":
        return kind(rep, "remark") + kind(rep, "cleanup")
    if bean == "ZGC Cycles":
        return cycles_named(rep)
    if bean == "ZGC Minor Cycles":
        return cycles_named(rep, "Minor Collection")
    if bean == "ZGC Major Cycles":
        return cycles_named(rep, "Major Collection")
    if bean == "ZGC Pauses":
        return kind(rep, "zgc_phase") if zgc_phases_logged else None
    if bean.startswith("Shenandoah") and bean.endswith("Pauses"):
        return rep["pauses"]["count"]
    if bean.startswith("Shenandoah") and bean.endswith("Cycles"):
        if rep.get("collector") == "shenandoah-generational":
            # one per GC session: cycles (a bootstrap and the old marking it
            # starts are two), degenerated and full GCs
            return cycles_named(rep) + kind(rep, "degenerated") + kind(rep, "full")
        return pauses_named(rep, "Pause Init Mark") + kind(rep, "degenerated") + kind(rep, "full")
    return None

n = 0
for truth in sorted(glob.glob(os.path.join(fixdir, "*.truth.tsv")) + glob.glob(os.path.join(fixdir, "*", "*.truth.tsv"))):
    rows = [l.rstrip("\n").split("\t") for l in open(truth)]
    meta = {r[0]: r[1:] for r in rows}
    log = os.path.join(os.path.dirname(truth), meta["log"][0])
    logs = [log] + sorted(glob.glob(log + ".[0-9]*"))
    beans = {r[1]: int(r[3]) for r in rows if r[0] == "collector"}
    name = os.path.relpath(truth, fixdir).replace(".truth.tsv", "")
    p = subprocess.run([gclat, "gc", "--json", "-q"] + logs, capture_output=True, text=True)
    if p.returncode != 0:
        print(f"not ok - {name}: gclat exit {p.returncode}: {p.stderr.strip()[:300]}")
        continue
    rep = json.loads(p.stdout)
    text = open(log, errors="replace").read()
    zgc_phases_logged = "Pause Mark Start" in text
    for bean, want in beans.items():
        got = expected(bean, rep, zgc_phases_logged)
        if bean.startswith("ZGC") and bean.endswith("Pauses") and bean != "ZGC Pauses":
            continue  # the minor/major split is checked as a sum below
        if got is None:
            why = ("no ZGC pause phase lines in this log (-Xlog:gc without phases)" if bean == "ZGC Pauses"
                   else "this log does not record what the bean counts")
            print(f"ok - {name} {bean} # SKIP {why}")
            continue
        print(f"{'ok' if got == want else 'not ok'} - {name} {bean}: gclat {got}, MXBean {want}")
    if "ZGC Minor Pauses" in beans and zgc_phases_logged:
        want = beans["ZGC Minor Pauses"] + beans["ZGC Major Pauses"]
        got = kind(rep, "zgc_phase")
        print(f"{'ok' if got == want else 'not ok'} - {name} ZGC Minor+Major Pauses: gclat {got}, MXBean {want}")
    # every line accounted for: unparsed lines must be zero on the JVM's own logs
    un = rep["unparsed_lines"]["total"]
    print(f"{'ok' if un == 0 else 'not ok'} - {name}: {un} unparsed lines")
