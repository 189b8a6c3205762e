#!/usr/bin/env bash
# tests/sh/threads_truth.sh — `gclat threads` against the real-JVM fixtures in
# tests/fixtures/threads/. Every expected value comes from the truth JSON files
# the Java program wrote from its own bookkeeping (never from a dump): who
# holds which lock and who waits, each deadlock cycle, the identical-stack
# groups and the largest one, Thread ids, the busy thread (joined via top -H),
# virtual threads (JSON and text Thread.dump_to_file) and the 10k-thread dump.
# needs: python3
set -u
: "${GCLAT:?}" "${ROOT:?}"
F="$ROOT/tests/fixtures/threads"
T="${TMPDIR:-/tmp}/threads_truth.$$"
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT

run() { # run OUTFILE args... (fails the test run on a non-zero exit)
  local out=$1; shift
  if ! "$GCLAT" threads "$@" > "$out" 2> "$out.err"; then
    echo "not ok - gclat threads $* exited non-zero: $(head -c 300 "$out.err")"
    return 1
  fi
}

for jdk in 17 25; do
  [ -f "$F/jdk$jdk-truth.json" ] || { echo "ok - jdk$jdk fixtures # SKIP jdk$jdk-truth.json absent"; continue; }
  for kind in jstack-l jstack jcmd-threadprint kill3-multi; do
    run "$T/$jdk-$kind.json" "$F/jdk$jdk-$kind.txt" --json --limit 0 --strict || continue
    run "$T/$jdk-$kind.csv" "$F/jdk$jdk-$kind.txt" --csv || continue
  done
  run "$T/$jdk-top.json" "$F/jdk$jdk-jstack-l.txt" --top "$F/jdk$jdk-top-H.txt" --json --strict
  run "$T/$jdk-topw.json" "$F/jdk$jdk-jstack-l.txt" --top "$F/jdk$jdk-top-H-wide.txt" --json --strict
  run "$T/$jdk-top.csv" "$F/jdk$jdk-jstack-l.txt" --top "$F/jdk$jdk-top-H.txt" --csv
  run "$T/$jdk-topjcmd.json" "$F/jdk$jdk-jcmd-threadprint.txt" --top "$F/jdk$jdk-top-H.txt" --json
done
if [ -f "$F/jdk25-vthreads-truth.json" ]; then
  for kind in threaddump.json threaddump.txt jstack-l.txt; do
    run "$T/vt-$kind.json" "$F/jdk25-vthreads-$kind" --json --limit 0 --strict
    run "$T/vt-$kind.csv" "$F/jdk25-vthreads-$kind" --csv
  done
fi
run "$T/10k.json" "$F/jdk17-10k-threads.txt.gz" --json --limit 0 --strict

# the checks below stop at an exception (a key gclat no longer writes...):
# that must fail the test, not end it quietly after the checks made so far
python3 - "$F" "$T" <<'PY' || echo "not ok - threads truth checks: python exited $? (traceback above)"
import csv, json, os, re, sys
F, T = sys.argv[1], sys.argv[2]
fails = 0
def check(cond, name, detail=""):
    global fails
    if cond:
        print("ok - " + name)
    else:
        fails += 1
        print("not ok - " + name + (": " + detail if detail else ""))

def load(p):
    return json.load(open(p)) if os.path.exists(p) and os.path.getsize(p) else None

def rot(seq):
    i = seq.index(min(seq))
    return tuple(seq[i:] + seq[:i])

def waiters_of(l):
    return set(l["blocked_threads"]) | set(l["parked_threads"]) | set(l["waiting_threads"])

def check_locks(tag, out, truth, juc_owner_known, jvm_names_dl_owners):
    locks = out["locks"]["contended"]
    for tl in truth["locks"]:
        want = set(tl["waiters"])
        match = [l for l in locks if waiters_of(l) == want]
        check(len(match) == 1, f"{tag}: lock {tl['scenario']}/{tl['holder']} has exactly the truth waiters",
              f"{len(match)} matches for {sorted(want)[:3]}...")
        if len(match) != 1:
            continue
        l = match[0]
        check(l["class"] == tl["lock_class"], f"{tag}: lock {tl['scenario']}/{tl['holder']} class",
              l["class"] + " vs " + tl["lock_class"])
        if tl["holder"] is None:
            exp = "(none)"
        elif "j.u.c" in tl["kind"] and not juc_owner_known and not (
                jvm_names_dl_owners and tl["scenario"] == "jucdeadlock"):
            exp = "(unknown)"   # the format does not say who owns a ReentrantLock
        else:
            exp = tl["holder"]
        check(l["owner"] == exp, f"{tag}: lock {tl['scenario']}/{tl['holder']} owner",
              f"{l['owner']!r} vs {exp!r}")

def check_cycles(tag, out, truth, juc_visible):
    got = {rot(c["threads"]): c["kind"] for c in out["deadlocks"]["cycles"]}
    want = [c for c in truth["deadlock_cycles"] if juc_visible or c["kind"] == "monitor"]
    check(len(got) == len(want), f"{tag}: number of deadlock cycles", f"{len(got)} vs {len(want)}")
    for c in want:
        k = rot(c["threads"])
        ok = k in got and (got[k] == "monitor") == (c["kind"] == "monitor")
        check(ok, f"{tag}: deadlock cycle {' -> '.join(c['threads'])} ({c['kind']})", str(list(got.items())))

def check_groups(tag, out, truth):
    groups = [set(g["thread_names"]) for g in out["identical_stacks"]["groups_list"]]
    for tg in truth["identical_stack_groups"]:
        check(set(tg["threads"]) in groups, f"{tag}: identical-stack group {tg['group']} ({tg['size']})")
    lg = truth["largest_identical_stack_group"]
    first = out["identical_stacks"]["groups_list"][0]
    tset = [set(g["threads"]) for g in truth["identical_stack_groups"] if g["group"] == lg["group"]][0]
    check(out["identical_stacks"]["largest"] == lg["size"] and set(first["thread_names"]) == tset,
          f"{tag}: largest group is {lg['group']} ({lg['size']})",
          f"{out['identical_stacks']['largest']}")

def csv_rows(p):
    return {r["name"]: r for r in csv.DictReader(open(p))} if os.path.exists(p) else {}

for jdk in ("17", "25"):
    tp = f"{F}/jdk{jdk}-truth.json"
    if not os.path.exists(tp):
        continue
    truth = json.load(open(tp))
    for kind in ("jstack-l", "jstack", "jcmd-threadprint", "kill3-multi"):
        tag = f"jdk{jdk} {kind}"
        out = load(f"{T}/{jdk}-{kind}.json")
        if not out:
            check(False, tag + ": output")
            continue
        juc_known = kind in ("jstack-l", "jcmd-threadprint")  # -l: ownable synchronizers
        check_cycles(tag, out, truth, True)
        check(out["deadlocks"].get("jvm_reported") == len(truth["deadlock_cycles"]),
              f"{tag}: JVM-reported deadlock count read from the dump")
        check_locks(tag, out, truth, juc_known, True)
        check_groups(tag, out, truth)
        pools = {p["pool"]: p for p in out["pools"]["table"]}
        pool = [s for s in truth["scenarios"] if s["scenario"] == "pool"][0]
        blocked = [l for l in truth["locks"] if l["scenario"] == "pool"][0]["waiter_count"]
        p = pools.get("http-nio-8080-exec-*")
        check(p is not None and p["threads"] == pool["count"] and p["blocked"] == blocked,
              f"{tag}: pool http-nio-8080-exec-* has {pool['count']} threads, {blocked} BLOCKED")
        rows = csv_rows(f"{T}/{jdk}-{kind}.csv")
        if kind != "kill3-multi":
            bad = [n for n, i in truth["java_thread_ids"].items() if rows.get(n, {}).get("java_id") != str(i)]
            check(not bad, f"{tag}: #N thread ids of all {len(truth['java_thread_ids'])} app threads", str(bad[:3]))
        check(len(rows) == out["input"]["threads"], f"{tag}: CSV has one row per thread")
        if kind == "kill3-multi":
            check(out["input"]["dumps"] == 3, f"{tag}: three dumps found")
            stuck = {s["thread"] for s in out["across_dumps"]["stuck_threads"]}
            dl = {t for c in truth["deadlock_cycles"] for t in c["threads"]}
            check(dl <= stuck, f"{tag}: all deadlocked threads are stuck in every dump", str(dl - stuck))
            mon = set([l for l in truth["locks"] if l["scenario"] == "monitor"][0]["waiters"])
            check(mon <= stuck, f"{tag}: monitor waiters are stuck in every dump")
            cbd = out["across_dumps"]["cpu_between_dumps"]
            check(cbd[0]["thread"] == truth["busy_thread"] and cbd[0]["top_frame"] == truth["busy_frame"],
                  f"{tag}: most CPU between dumps (cpu= delta) is {truth['busy_thread']}", str(cbd[0]))
    for top in ("top", "topw", "topjcmd"):
        out = load(f"{T}/{jdk}-{top}.json")
        tag = f"jdk{jdk} --top ({top})"
        if not out:
            check(False, tag + ": output")
            continue
        busy = out["top"]["threads"][0]
        check(busy["thread"] == truth["busy_thread"] and busy["top_frame"] == truth["busy_frame"],
              f"{tag}: busiest thread is {truth['busy_thread']} in {truth['busy_frame']}",
              f"{busy['thread']} in {busy['top_frame']}")
        check(out["top"].get("process_row_tid") == truth["pid"],
              f"{tag}: TID==PID row ({truth['pid']}) recognised as the process row")
        check(out["top"]["unmatched"] == 0, f"{tag}: every other top row joins a dump thread")

    rows = csv_rows(f"{T}/{jdk}-top.csv")
    withcpu = [r for r in rows.values() if r.get("top_cpu_pct")]
    best = max(withcpu, key=lambda r: float(r["top_cpu_pct"])) if withcpu else {}
    check(best.get("name") == truth["busy_thread"] and len(withcpu) == len(rows),
          f"jdk{jdk} --top --csv: every thread has top_cpu_pct, the highest is {truth['busy_thread']}",
          f"{best.get('name')} {len(withcpu)}/{len(rows)}")

vt = f"{F}/jdk25-vthreads-truth.json"
if os.path.exists(vt):
    truth = json.load(open(vt))
    for kind in ("threaddump.json", "threaddump.txt"):
        tag = f"jdk25 vthreads {kind}"
        out = load(f"{T}/vt-{kind}.json")
        rows = csv_rows(f"{T}/vt-{kind}.csv")
        if not out:
            check(False, tag + ": output")
            continue
        check(out["input"]["virtual_threads"] == len(truth["virtual_threads"]),
              f"{tag}: {len(truth['virtual_threads'])} virtual threads")
        bad = [v["name"] for v in truth["virtual_threads"]
               if rows.get(v["name"], {}).get("virtual") != "yes"
               or rows[v["name"]]["java_id"] != str(v["tid"])
               or rows[v["name"]]["state"] != v["expected_state"]]
        check(not bad, f"{tag}: every virtual thread with its tid and expected state", str(bad[:3]))
        # virtual threads blocked on / parked on locks held by platform threads
        for pref in ("vt-monitor-", "vt-rlock-"):
            vts = [v for v in truth["virtual_threads"] if v["name"].startswith(pref)]
            holder = re.search(r"held by platform thread (\S+)", vts[0]["note"]).group(1)
            want = {v["name"] for v in vts}
            m = [l for l in out["locks"]["contended"] if waiters_of(l) == want]
            exp = holder if pref == "vt-monitor-" else "(unknown)"  # no AQS owner in this format
            check(len(m) == 1 and m[0]["owner"] == exp, f"{tag}: {pref}* wait for a lock owned by {exp}",
                  str([(l["owner"], len(waiters_of(l))) for l in m]))
        check_cycles(tag, out, truth, False)  # j.u.c cycles need owners this format lacks
        check_locks(tag, out, truth, False, False)
        check_groups(tag, out, truth)
    out = load(f"{T}/vt-jstack-l.txt.json")
    if out:
        rows = csv_rows(f"{T}/vt-jstack-l.txt.csv")
        check(out["input"]["virtual_threads"] == 0 and not any(n.startswith("vt-sleep") for n in rows)
              and any(n.startswith("ForkJoinPool-1-worker-") for n in rows),
              "jdk25 vthreads jstack -l: no virtual threads, carrier threads present")

out = load(f"{T}/10k.json")
tp = f"{F}/jdk17-10k-threads-truth.json"
if out and os.path.exists(tp):
    truth = json.load(open(tp))
    ids = out["identical_stacks"]
    check(ids["largest"] == truth["largest_identical_stack_group"]["size"], "10k: largest group (frames only)",
          str(ids["largest"]))
    check(ids["largest_with_lock_lines"] == truth["largest_identical_stack_group_with_lock_lines"]["size"],
          "10k: largest group with lock lines", str(ids["largest_with_lock_lines"]))
    check(ids["groups_list"][1]["threads"] == truth["second_largest_frames_only"]["size"],
          "10k: second largest group")
    pools = {p["pool"]: p for p in out["pools"]["table"]}
    holders = [g for g in truth["groups"] if "holder" in g]
    for g in truth["groups"]:
        pname = g["group"].replace("-N", "-*")
        if pname in pools:
            check(pools[pname]["threads"] == g["size"], f"10k: pool {pname} size {g['size']}")
    locks = {l["owner"]: l for l in out["locks"]["contended"]}
    ok = all(h["holder"] in locks and locks[h["holder"]]["blocked"] == h["size"]
             and locks[h["holder"]]["class"] == h["lock_class"]
             and all(n.startswith(h["group"][:-1]) for n in locks[h["holder"]]["blocked_threads"])
             for h in holders)
    check(ok and len(holders) == 20, "10k: 20 holders each own the monitor their 99 contenders wait for")
    check(out["input"]["threads"] >= truth["app_thread_count"], "10k: all app threads parsed")
sys.exit(0)
PY

# ASan build on the richest input (leaks and UB would fail here)
if [ -n "${GCLAT_ASAN:-}" ] && [ -x "$GCLAT_ASAN" ]; then
  if "$GCLAT_ASAN" threads "$F/jdk17-kill3-multi.txt" --top "$F/jdk17-top-H.txt" --json > /dev/null 2> "$T/asan.err" &&
     ! grep -q 'Sanitizer\|runtime error' "$T/asan.err"; then
    echo "ok - ASan build on kill -3 multi-dump with --top"
  else
    echo "not ok - ASan build on kill -3 multi-dump with --top: $(head -c 500 "$T/asan.err")"
  fi
fi

# JDK 25 jstack of a carrier running a virtual thread (source: tests/fixtures/threads/Spin.java):
# the carrier prints "Carrying virtual thread #22", its frames, then "Mounted virtual thread #22"
# and the virtual thread's frames. Expected from the program: virtual thread #22 RUNNABLE in
# Spin.lambda$main$0, mounted on ForkJoinPool-1-worker-1, which is RUNNABLE; nothing unparsed.
c="$F/jdk25-vthread-carrier-jstack-l.txt"
if [ -f "$c" ]; then
  if out=$("$GCLAT" threads --csv --strict "$c" 2>&1); then
    vt=$(printf '%s\n' "$out" | awk -F, '$10 == "yes" && $4 == 22 {print $7 "|" $8 "|" $14}')
    carrier=$(printf '%s\n' "$out" | awk -F, '$2 == "ForkJoinPool-1-worker-1" {print $7 "|" $14}')
    if [ "$vt" = "RUNNABLE|mounted on ForkJoinPool-1-worker-1|Spin.lambda\$main\$0" ] &&
       [ "$carrier" = "RUNNABLE|jdk.internal.vm.Continuation.run" ]; then
      echo "ok - jdk25 carrier: mounted virtual thread #22 split from its carrier"
    else
      echo "not ok - jdk25 carrier: vt=[$vt] carrier=[$carrier]"
    fi
  else
    echo "not ok - jdk25 carrier: exit non-zero: $(printf '%s' "$out" | head -c 300)"
  fi
fi
