#!/usr/bin/env python3
"""findings_check.py DIR: the invariants of tests/sh/findings_invariants.sh over
every DIR/N.json report (DIR/N.args: the command line, for messages). Prints
TAP-style lines; exit 1 when any invariant fails."""
import glob, json, os, re, sys
from datetime import datetime

SEVERITIES = {"info", "warning", "critical"}
# findings whose worst occurrence is the lowest value (none yet: every finding's
# worst is its largest); an id listed here is checked for the min instead
MIN_IDS = set()

def when(at):
    """(form, seconds) of an `at` string, or None when its form is not comparable."""
    if not isinstance(at, str):
        return None
    m = re.fullmatch(r"uptime (-?[0-9.]+)s", at)
    if m:
        return ("uptime", float(m.group(1)))
    m = re.match(r"(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d:\d\d(?:\.\d+)?)", at)
    if m:
        return ("wall", datetime.fromisoformat(m.group(1) + "T" + m.group(2)).timestamp())
    m = re.fullmatch(r"(\d\d):(\d\d):(\d\d)", at)
    if m:  # top's clock: same day within one capture
        return ("clock", int(m.group(1)) * 3600 + int(m.group(2)) * 60 + int(m.group(3)))
    m = re.fullmatch(r"t=(-?[0-9.]+) ?s", at)
    if m:  # jstat -t
        return ("t", float(m.group(1)))
    return None

def arrays(doc, path=""):
    if isinstance(doc, dict):
        for k, v in doc.items():
            if k == "findings" and isinstance(v, list):
                yield path + "/findings", v
            yield from arrays(v, path + "/" + k)
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from arrays(v, "%s[%d]" % (path, i))

fails, checked, with_ev, timed, valued, counted, reports = [], 0, 0, 0, 0, 0, 0
forms = {}
for f in sorted(glob.glob(os.path.join(sys.argv[1], "*.json")), key=lambda p: int(os.path.basename(p)[:-5])):
    args = open(f[:-5] + ".args").read().strip()
    try:
        doc = json.load(open(f))
    except ValueError as e:
        fails.append("json: %s: not JSON (%s)" % (args, e))
        continue
    reports += 1
    seen = {}
    for path, arr in arrays(doc):
        for i, fi in enumerate(arr):
            if not isinstance(fi, dict):
                continue
            checked += 1
            where = "%s: %s[%d] %s" % (args, path, i, fi.get("id"))
            if fi.get("severity") not in SEVERITIES:
                fails.append("severity: %s: severity %r not in %s" % (where, fi.get("severity"), sorted(SEVERITIES)))
            key = (path, fi.get("run"), fi.get("input"), fi.get("id"), fi.get("summary", fi.get("finding")))
            if key in seen:
                fails.append("unique: %s: the same finding twice (also [%d]): %r" % (where, seen[key], key[-1]))
            seen[key] = i
            ev = [(k, fi[k]) for k in ("first", "worst", "last") if isinstance(fi.get(k), dict)]
            if not ev:
                continue
            with_ev += 1
            t = {k: when(e.get("at")) for k, e in ev}
            for a, b in (("first", "worst"), ("worst", "last"), ("first", "last")):
                ta, tb = t.get(a), t.get(b)
                if ta and tb and ta[0] == tb[0]:
                    timed += 1
                    forms[ta[0]] = forms.get(ta[0], 0) + 1
                    if ta[1] > tb[1] + 1e-9:
                        fails.append("time: %s: %s (%s) after %s (%s)" % (where, a, fi[a]["at"], b, fi[b]["at"]))
            for k, e in ev:
                if e.get("at") is not None and when(e.get("at")) is None:
                    forms["other: " + re.sub(r"[0-9]", "9", str(e.get("at")))] = 1
            vals = {k: e["value_ms"] for k, e in ev if isinstance(e.get("value_ms"), (int, float))}
            if "worst" in vals and len(vals) > 1:
                valued += 1
                lo = fi.get("id") in MIN_IDS
                best = min(vals.values()) if lo else max(vals.values())
                if vals["worst"] != best:
                    fails.append("worst: %s: worst value_ms %s is not the %s of those shown %s" %
                                 (where, vals["worst"], "min" if lo else "max", vals))
            # the worst value the summary names is the worst evidence's value
            m = re.search(r"\bworst ([0-9]+(?:\.[0-9]+)?) ?ms\b", fi.get("summary") or "")
            if m and "worst" in vals:
                valued += 1
                dec = len(m.group(1).split(".")[1]) if "." in m.group(1) else 0
                if abs(float(m.group(1)) - vals["worst"]) > 0.5 * 10 ** -dec + 1e-9:
                    fails.append("worst: %s: the summary says worst %s ms, the worst evidence %s ms" %
                                 (where, m.group(1), vals["worst"]))
            elif m and isinstance(fi.get("worst"), dict):
                fails.append("worst: %s: the summary names a worst of %s ms, the worst evidence has no value" %
                             (where, m.group(1)))
            points = {e.get("where") or (k, e.get("at")) for k, e in ev}
            if "count" in fi:
                counted += 1
                if not isinstance(fi["count"], int) or fi["count"] < len(points):
                    fails.append("count: %s: count %r < %d evidence items shown" % (where, fi["count"], len(points)))
                if fi["count"] == 1 and len(points) > 1:
                    fails.append("count: %s: count 1 but %d different evidence items" % (where, len(points)))
names = [("json", "every report is JSON"), ("severity", "severities are info, warning or critical"),
         ("time", "first <= worst <= last in time"),
         ("worst", "the worst value is the largest shown and the one the summary names"),
         ("count", "count >= the evidence items shown"), ("unique", "no finding twice in one report")]
for tag, what in names:
    mine = [m.split(": ", 1)[1] for m in fails if m.startswith(tag + ": ")]
    for m in mine:
        print("not ok - %s: %s" % (what, m))
    if not mine:
        print("ok - %s" % what)
ok = not fails
print("%s - findings invariants: %d reports, %d findings (%d with evidence: %d time pairs %s, %d with values, "
      "%d with a count)" % ("ok" if ok else "not ok", reports, checked, with_ev, timed,
                            json.dumps(forms, sort_keys=True), valued, counted))
sys.exit(0 if ok else 1)
