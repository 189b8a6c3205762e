#!/usr/bin/env bash
# tests/sh/threads_mxbean.sh — `gclat threads` on dumps printed through the
# ThreadMXBean (ThreadInfo.toString, the JDK demo ThreadMonitor shape) and in
# the VisualVM / Spring Boot shape, all three printed from ONE dumpAllThreads()
# snapshot of a real JDK 17 (tests/fixtures/threads/MXDump.java). Every
# expected value is the JVM's own: per thread its state, daemon flag, the lock
# it waits for and that lock's owner (ThreadInfo.getLockOwnerName), and the
# deadlocked thread ids from ThreadMXBean.findDeadlockedThreads(). Also kill -3 output
# with jcmd GC.class_histogram appended, against jstack's thread count and jcmd's own
# row count and Total line (jdk17-kill3-histo-truth.txt).
set -u
: "${GCLAT:?}" "${ROOT:?}"
F="$ROOT/tests/fixtures/threads"
T="${TMPDIR:-/tmp}/threads_mxbean.$$"
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
for kind in threadinfo threadmonitor visualvm; do
  if ! "$GCLAT" threads --strict --json --limit 0 "$F/jdk17-$kind.txt" >"$T/$kind.json" 2>"$T/$kind.err"; then
    echo "not ok - threads $kind exited non-zero: $(head -c 300 "$T/$kind.err")"
  fi
  "$GCLAT" threads --csv "$F/jdk17-$kind.txt" >"$T/$kind.csv" 2>/dev/null ||
    echo "not ok - threads --csv $kind exited non-zero"
done
# kill -3 output with jcmd GC.class_histogram appended: threads reads the dump and
# recognises the histogram; histo reads the histogram and counts the dump's lines
"$GCLAT" threads --strict --json "$F/jdk17-kill3-histo.txt" >"$T/kh-threads.json" 2>"$T/kh-threads.err" ||
  echo "not ok - threads on kill3+histogram exited non-zero"
"$GCLAT" histo --strict --json --top 0 "$F/jdk17-kill3-histo.txt" >"$T/kh-histo.json" 2>"$T/kh-histo.err" ||
  echo "not ok - histo on kill3+histogram exited non-zero"
grep -q 'class histogram, not a thread dump (gclat histo' "$T/kh-threads.err" &&
  echo "ok - threads names gclat histo for the appended histogram on stderr" ||
  echo "not ok - threads names gclat histo for the appended histogram on stderr"
grep -q 'thread dump, not a histogram (gclat threads' "$T/kh-histo.err" &&
  echo "ok - histo names gclat threads for the dump's lines on stderr" ||
  echo "not ok - histo names gclat threads for the dump's lines on stderr"
python3 - "$F" "$T" <<'PY'
import json, os, sys
F, T = sys.argv[1], sys.argv[2]
truth = {}
for line in open(os.path.join(F, "jdk17-kill3-histo-truth.txt")):
    k, v = line.split(None, 1)
    truth[k] = v.split()
want_threads, want_rows = int(truth["jstack_threads"][0]), int(truth["histo_rows"][0])
want_inst, want_bytes = int(truth["histo_total"][1]), int(truth["histo_total"][2])
fails = 0
def check(cond, name, detail=""):
    global fails
    print(("ok - " if cond else "not ok - ") + name + ("" if cond or not detail else ": " + detail))
    fails += not cond
try:
    t = json.load(open(os.path.join(T, "kh-threads.json")))
    h = json.load(open(os.path.join(T, "kh-histo.json")))
except Exception as e:
    check(False, "kill3+histogram outputs readable", str(e)); sys.exit(1)
check(t["input"]["threads"] == want_threads, "kill3+histogram: threads = jstack's thread count of the same JVM",
      "%s vs %s" % (t["input"]["threads"], want_threads))
check(t["unparsed_lines"]["total"] == 0, "kill3+histogram: threads leaves no line unparsed")
b = t.get("other_blocks", [])
check(len(b) == 1 and b[0]["kind"] == "class histogram" and b[0]["rows"] == want_rows,
      "kill3+histogram: one class-histogram block with jcmd's row count", str(b))
x = h["histograms"][0]
check(x["rows"] == want_rows, "kill3+histogram: histo rows = jcmd's", "%s vs %s" % (x["rows"], want_rows))
check((x["instances"], x["bytes"]) == (want_inst, want_bytes) ==
      (x["total_line_instances"], x["total_line_bytes"]),
      "kill3+histogram: rows add up to jcmd's Total line", "%s %s" % (x["instances"], x["bytes"]))
check(h["unparsed_lines"]["total"] == 0 and x.get("thread_dump_lines", 0) > 0,
      "kill3+histogram: histo counts the dump's lines as thread-dump lines, none unparsed")
sys.exit(1 if fails else 0)
PY
python3 - "$F" "$T" <<'PY'
import csv, json, os, sys
F, T = sys.argv[1], sys.argv[2]
truth = json.load(open(os.path.join(F, "jdk17-mxbean-truth.json")))
tt = {t["name"]: t for t in truth["threads"]}
id2name = {t["id"]: t["name"] for t in truth["threads"]}
dead = sorted(id2name[i] for i in truth["deadlocked_ids"])
fails = 0
def check(cond, name, detail=""):
    global fails
    print(("ok - " if cond else "not ok - ") + name + ("" if cond or not detail else ": " + detail))
    fails += not cond
for kind in ("threadinfo", "threadmonitor", "visualvm"):
    try:
        out = json.load(open(os.path.join(T, kind + ".json")))
        rows = list(csv.DictReader(open(os.path.join(T, kind + ".csv"))))
    except Exception as e:
        check(False, kind + ": output readable", str(e)); continue
    check(out["input"]["format"] == kind, kind + ": format recognised", out["input"]["format"])
    check(out["input"]["threads"] == truth["thread_count"], kind + ": thread count = the MXBean's",
          "%s vs %s" % (out["input"]["threads"], truth["thread_count"]))
    check(out["unparsed_lines"]["total"] == 0, kind + ": every line understood")
    by = {r["name"]: r for r in rows}
    check(set(by) == set(tt), kind + ": thread names = the MXBean's",
          str(sorted(set(by) ^ set(tt))[:5]))
    bad_state = [n for n in tt if n in by and by[n]["state"] != tt[n]["state"]]
    check(not bad_state, kind + ": every thread's state = ThreadInfo.getThreadState()", str(bad_state[:5]))
    bad_id = [n for n in tt if n in by and by[n]["java_id"] != str(tt[n]["id"])]
    check(not bad_id, kind + ": every thread's id = ThreadInfo.getThreadId()", str(bad_id[:5]))
    if kind == "threadinfo":
        bad_d = [n for n in tt if n in by and (by[n]["daemon"] == "yes") != tt[n]["daemon"]]
        check(not bad_d, kind + ": daemon flags = ThreadInfo.isDaemon()", str(bad_d[:5]))
    # every thread whose lock has an owner waits for that lock, blocked by that owner
    owned = [n for n in tt if tt[n]["lock_owner"]]
    check(len(owned) >= 9, kind + ": the fixture has owned waits (%d)" % len(owned))
    for n in owned:
        r, t = by.get(n), tt[n]
        if not r:
            continue
        lock_cls, lock_hash = t["lock"].rsplit("@", 1)
        same_lock = (r["waits_for_lock"] == t["lock"] if kind != "visualvm"
                     else r["waits_for_lock"] == lock_hash and r["waits_for_class"] == lock_cls)
        check(same_lock and r["blocked_by"] == t["lock_owner"],
              "%s: %s waits for %s held by %s" % (kind, n, t["lock"], t["lock_owner"]),
              "got lock %r class %r by %r" % (r["waits_for_lock"], r["waits_for_class"], r["blocked_by"]))
    # no thread without an owned lock is reported as blocked by someone
    extra = [n for n in tt if n in by and not tt[n]["lock_owner"] and by[n]["blocked_by"]]
    check(not extra, kind + ": no blocked_by where the MXBean names no owner", str(extra[:5]))
    cyc = sorted(x for c in out["deadlocks"]["cycles"] for x in c["threads"])
    check(cyc == dead, kind + ": deadlocked threads = findDeadlockedThreads()", "%s vs %s" % (cyc, dead))
    kinds = sorted(c["kind"] for c in out["deadlocks"]["cycles"])
    check(kinds == ["j.u.c", "monitor"], kind + ": one monitor and one j.u.c cycle", str(kinds))
# the holder of the lock taken 12 frames deep: its "- locked" line is cut by ThreadInfo's
# 8-frame limit, so only the waiter's "owned by" can name it
deep = [l for l in json.load(open(os.path.join(T, "threadinfo.json")))["locks"]["contended"]
        if l["class"].endswith("DeepLock")]
check(len(deep) == 1 and deep[0]["owner"] == "deep-holder",
      "threadinfo: the owner of a lock taken below the 8 printed frames comes from 'owned by'")
sys.exit(1 if fails else 0)
PY
