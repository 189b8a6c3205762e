#!/usr/bin/env python3
"""report_cdp.py — open an HTML file in headless Chromium through the DevTools
protocol (stdlib only: a minimal WebSocket client) and print what a person
would see, as JSON:

  {"console": [...errors and warnings...], "exceptions": [...], "dialogs": [...],
   "charts": {"ID": {"series": N, "points": [..per series data-points..]}},
   "scripts": N, "imgs": N, "text_has": {STRING: bool}, "screenshot": PATH}

  plus "first_screen": the text a reader sees without scrolling (text nodes
  laid out above the 900 px viewport's bottom, not inside a closed <details>),
  "externals": attributes that would fetch (src, href to a scheme, srcset,
  url( in style), "details": [{summary, open}] of every <details>, and
  "body_text": the whole text of the page.

usage: report_cdp.py FILE.html SCREENSHOT.png [--text STRING]... [--first-shot PNG]
Exit 0 when the page was loaded and inspected, 3 when Chromium could not be
started (the caller prints SKIP), 1 on other failures.
"""
import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request


class WS:
    def __init__(self, url):
        assert url.startswith("ws://")
        hostport, path = url[5:].split("/", 1)
        host, port = hostport.split(":")
        self.s = socket.create_connection((host, int(port)), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        req = (f"GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.s.sendall(req.encode())
        buf = b""
        while b"\r\n\r\n" not in buf:
            chunk = self.s.recv(4096)
            if not chunk:
                raise RuntimeError("websocket handshake failed")
            buf += chunk
        head, self.rest = buf.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError("websocket handshake refused: %r" % head[:80])
        self.next_id = 0
        self.events = []

    def _read(self, n):
        while len(self.rest) < n:
            chunk = self.s.recv(1 << 20)
            if not chunk:
                raise RuntimeError("websocket closed")
            self.rest += chunk
        out, self.rest = self.rest[:n], self.rest[n:]
        return out

    def recv(self):
        msg = b""
        while True:
            b0, b1 = self._read(2)
            op, ln = b0 & 0x0F, b1 & 0x7F
            if ln == 126:
                ln = struct.unpack(">H", self._read(2))[0]
            elif ln == 127:
                ln = struct.unpack(">Q", self._read(8))[0]
            if b1 & 0x80:
                mask = self._read(4)
                data = bytes(c ^ mask[i % 4] for i, c in enumerate(self._read(ln)))
            else:
                data = self._read(ln)
            if op == 8:
                raise RuntimeError("websocket closed by peer")
            if op in (0, 1, 2):
                msg += data
                if b0 & 0x80:
                    m = json.loads(msg.decode())
                    if m.get("method") == "Page.javascriptDialogOpening":
                        # record it (kept in events) and dismiss it so the page goes on
                        self.send("Page.handleJavaScriptDialog", {"accept": True})
                    return m

    def send(self, method, params=None):
        self.next_id += 1
        payload = json.dumps({"id": self.next_id, "method": method, "params": params or {}}).encode()
        hdr = bytes([0x81])
        n = len(payload)
        if n < 126:
            hdr += bytes([0x80 | n])
        elif n < 65536:
            hdr += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            hdr += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        self.s.sendall(hdr + mask + bytes(c ^ mask[i % 4] for i, c in enumerate(payload)))
        return self.next_id

    def call(self, method, params=None, timeout=30):
        want = self.send(method, params)
        end = time.time() + timeout
        while time.time() < end:
            m = self.recv()
            if m.get("id") == want:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error']}")
                return m.get("result", {})
            self.events.append(m)
        raise RuntimeError(f"{method}: timeout")

    def wait_event(self, name, timeout=30):
        for i, m in enumerate(self.events):
            if m.get("method") == name:
                return self.events.pop(i)
        end = time.time() + timeout
        while time.time() < end:
            m = self.recv()
            if m.get("method") == name:
                return m
            self.events.append(m)
        raise RuntimeError(f"no {name} event")


def chromium_bin():
    for b in ("chromium", "chromium-browser", "google-chrome"):
        p = shutil.which(b)
        if p:
            return p
    return None


INSPECT = r"""
(() => {
  const charts = {};
  for (const fig of document.querySelectorAll('figure.chart')) {
    const s = fig.querySelectorAll('[data-series]');
    charts[fig.id] = {series: s.length,
                      names: Array.from(s, e => e.getAttribute('data-series')),
                      points: Array.from(s, e => Number(e.getAttribute('data-points')))};
  }
  const body = document.body ? document.body.textContent : "";
  const want = %s;
  const has = {};
  for (const w of want) has[w] = body.includes(w);
  const attrs = [];
  for (const el of document.querySelectorAll('*'))
    for (const a of el.attributes) if (/^on/i.test(a.name)) attrs.push(el.tagName + ' ' + a.name);
  const first = [];
  const walker = document.createTreeWalker(document.body || document, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (!t.textContent.trim()) continue;
    const pe = t.parentElement;
    if (pe && pe.checkVisibility && !pe.checkVisibility({contentVisibilityAuto: true, visibilityProperty: true})) continue;
    const r = document.createRange();
    r.selectNodeContents(t);
    const rects = Array.from(r.getClientRects()).filter(b => b.width > 0 && b.height > 0);
    if (rects.length && rects[0].top < window.innerHeight) first.push(t.textContent.trim());
  }
  const externals = [];
  for (const el of document.querySelectorAll('*'))
    for (const a of el.attributes) {
      const n = a.name.toLowerCase(), v = a.value;
      if (n === 'src' || n === 'srcset' || n === 'xlink:href' || (n === 'href' && !v.startsWith('#')) ||
          (n === 'style' && /url\(/i.test(v)))
        externals.push(el.tagName + ' ' + n + '=' + v.slice(0, 80));
    }
  const details = Array.from(document.querySelectorAll('details'), d => ({
    summary: d.querySelector('summary') ? d.querySelector('summary').textContent : '', open: d.open}));
  return JSON.stringify({charts, scripts: document.querySelectorAll('script').length,
                         first_screen: first.join(' '), externals, details, body_text: body,
                         imgs: document.querySelectorAll('img').length, handlers: attrs, text_has: has,
                         title: document.title});
})()
"""


def main():
    args = sys.argv[1:]
    texts = []
    while "--text" in args:
        i = args.index("--text")
        texts.append(args[i + 1])
        del args[i:i + 2]
    first_shot = None
    if "--first-shot" in args:
        i = args.index("--first-shot")
        first_shot = args[i + 1]
        del args[i:i + 2]
    at_shot = None  # --shot-at PNG Y: one viewport-sized picture from page offset Y (looking at a page)
    if "--shot-at" in args:
        i = args.index("--shot-at")
        at_shot = (args[i + 1], int(args[i + 2]))
        del args[i:i + 3]
    html, shot = os.path.abspath(args[0]), args[1]
    exe = chromium_bin()
    if not exe:
        print("chromium not found", file=sys.stderr)
        return 3
    prof = tempfile.mkdtemp(prefix="gclat-chromium-")
    cmd = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           "--hide-scrollbars", "--mute-audio", f"--user-data-dir={prof}", "--remote-debugging-port=0",
           "about:blank"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        port_file = os.path.join(prof, "DevToolsActivePort")
        end = time.time() + 30
        while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
            if proc.poll() is not None or time.time() > end:
                print("chromium did not start", file=sys.stderr)
                return 3
            time.sleep(0.1)
        port = int(open(port_file).read().split()[0])
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10))
        page = next(t for t in targets if t.get("type") == "page")
        ws = WS(page["webSocketDebuggerUrl"])
        for m in ("Runtime.enable", "Log.enable", "Page.enable"):
            ws.call(m)
        ws.call("Emulation.setDeviceMetricsOverride",
                {"width": 1100, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        ws.call("Page.navigate", {"url": "file://" + html})
        ws.wait_event("Page.loadEventFired")
        # let anything asynchronous (none expected) run, collecting events
        ws.call("Runtime.evaluate", {"expression": "new Promise(r => setTimeout(r, 300))", "awaitPromise": True})
        res = json.loads(ws.call("Runtime.evaluate", {"expression": INSPECT % json.dumps(texts),
                                                      "returnByValue": True})["result"]["value"])
        if first_shot:
            img = ws.call("Page.captureScreenshot", {"format": "png"})
            with open(first_shot, "wb") as f:
                f.write(base64.b64decode(img["data"]))
        if at_shot:
            img = ws.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                                      "clip": {"x": 0, "y": at_shot[1], "width": 1100,
                                                               "height": 900, "scale": 1}})
            with open(at_shot[0], "wb") as f:
                f.write(base64.b64decode(img["data"]))
        metrics = ws.call("Page.getLayoutMetrics")
        size = metrics.get("cssContentSize") or metrics["contentSize"]
        img = ws.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                                  "clip": {"x": 0, "y": 0, "width": size["width"],
                                                           "height": min(size["height"], 16000), "scale": 1}})
        with open(shot, "wb") as f:
            f.write(base64.b64decode(img["data"]))
        console, exceptions, dialogs = [], [], []
        for m in ws.events:
            meth, p = m.get("method"), m.get("params", {})
            if meth == "Runtime.consoleAPICalled":
                console.append({"type": p.get("type"),
                                "text": " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", []))})
            elif meth == "Log.entryAdded":
                e = p.get("entry", {})
                if e.get("level") in ("error", "warning"):
                    console.append({"type": e.get("level"), "text": e.get("text", "")})
            elif meth == "Runtime.exceptionThrown":
                exceptions.append(p.get("exceptionDetails", {}).get("text", "exception"))
            elif meth == "Page.javascriptDialogOpening":
                dialogs.append(p.get("message", ""))
        res.update({"console": console, "exceptions": exceptions, "dialogs": dialogs, "screenshot": shot})
        print(json.dumps(res))
        return 0
    finally:
        proc.kill()
        proc.wait()
        shutil.rmtree(prof, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
