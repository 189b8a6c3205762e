#!/usr/bin/env python3
"""html_check.py — judge one `gclat CMD --html` page: the raw file and what
report_cdp.py saw in Chromium (its JSON on stdin).

usage: html_check.py PAGE.html [--fig 'VALUE UNIT|LABEL']... [--text S]...
                     [--findings N] [--chart ID=SERIES]... [--folded SUMMARY-PREFIX]...
                     [--absent S]...

Always checked: no console message, exception or dialog; no <script>, <img>,
on* handler, nor anything that would fetch (src=, href to a scheme, url(,
@import, a scheme other than the SVG namespace); the CSP meta tag.
--fig: the first screen shows VALUE (with UNIT) right before LABEL, i.e. one
key figure of the header strip, e.g. --fig '0.012 ms|max pause'.
--text: S is shown literally (an escaped payload reads as itself).
--findings: N findings, each one line (<details class="finding">), folded.
--chart: chart ID is drawn with SERIES series.
--folded: a <details> whose summary starts with the prefix exists and is closed.
--absent: S appears nowhere in the page's text (e.g. a raw metric id).
Prints OK or the problems, '; '-separated.
"""
import json
import re
import sys


def main():
    args = sys.argv[1:]
    page = args.pop(0)
    want = {"fig": [], "text": [], "chart": [], "folded": [], "absent": []}
    findings = None
    while args:
        k = args.pop(0)
        v = args.pop(0)
        if k == "--findings":
            findings = int(v)
        else:
            want[k[2:]].append(v)
    raw = open(page, encoding="utf-8").read()
    d = json.load(sys.stdin)
    bad = []
    if d["console"] or d["exceptions"] or d["dialogs"]:
        bad.append("console %s exceptions %s dialogs %s" % (d["console"], d["exceptions"], d["dialogs"]))
    if d["scripts"] or d["imgs"] or d["handlers"] or d["externals"]:
        bad.append("scripts %s imgs %s handlers %s externals %s" % (d["scripts"], d["imgs"], d["handlers"],
                                                                    d["externals"]))
    # every '<' gclat writes opens its own markup (text has &lt;), so the tags
    # are exactly the matches below: look at their names and attributes
    for m in re.finditer(r"<([a-zA-Z][\w:-]*)([^>]*)>", raw):
        tag, attrs = m.group(1).lower(), m.group(2)
        if tag in ("script", "img", "link", "iframe", "object", "embed", "base", "frame"):
            bad.append(f"raw HTML has a <{tag}> element")
        for a in re.finditer(r"([\w:-]+)\s*=\s*\"([^\"]*)\"", attrs):
            name, val = a.group(1).lower(), a.group(2)
            if name.startswith("on") or name in ("src", "srcset", "xlink:href", "action", "formaction"):
                bad.append(f"<{tag} {name}=...>")
            if name == "href" and not val.startswith("#"):
                bad.append(f"<{tag} href={val[:40]}>")
            if re.search(r"[a-z]+://", val) and val != "http://www.w3.org/2000/svg":
                bad.append(f"<{tag} {name}={val[:40]}>")
    style = "".join(re.findall(r"<style>(.*?)</style>", raw, re.S)).lower()
    if "url(" in style or "@import" in style:
        bad.append("the stylesheet fetches (url( or @import)")
    if "content-security-policy\" content=\"default-src 'none'" not in raw.lower():
        bad.append("no CSP meta tag")
    first = " ".join(d["first_screen"].split())
    for f in want["fig"]:
        value, label = f.split("|", 1)
        if f"{value} {label}" not in first:
            bad.append(f"first screen lacks figure {value!r} {label!r}")
    for t, has in d["text_has"].items():
        if not has:
            bad.append(f"text {t!r} not shown literally")
    for c in want["chart"]:
        cid, n = c.split("=")
        got = d["charts"].get(cid, {}).get("series")
        if got != int(n):
            bad.append(f"chart {cid}: {got} series, expected {n}")
    det = d["details"]
    if findings is not None:
        fin = raw.count('<details class="finding')
        if fin != findings:
            bad.append(f"{fin} findings drawn, expected {findings}")
        if any(x["open"] for x in det):
            bad.append("a <details> is open by default")
    for p in want["folded"]:
        if not any(x["summary"].startswith(p) and not x["open"] for x in det):
            bad.append(f"no folded <details> {p!r}")
    body = d.get("body_text", "")
    for s in want["absent"]:
        if s in body:
            bad.append(f"page text shows {s!r}")
    print("; ".join(bad) if bad else "OK")


if __name__ == "__main__":
    main()
