#!/usr/bin/env python3
"""tests/schema/check.py — every command's --json against docs/schema/NAME.schema.json.

For each run below (real fixtures), gclat must exit as expected and its JSON
must validate (tests/schema/jsonschema_lite.py; also the jsonschema package
when it is importable, as a second opinion). Then, to show the schemas can
fail, every key of every output object is renamed in turn and every scalar
given a value of another type: each rename of a required key or of a key in
a closed object, and each change of a typed value, must be rejected. Keys the
output has and the schema does not declare (allowed by an open object) are
listed as comments: a prompt to document them, not a failure.

  GCLAT=./gclat python3 tests/schema/check.py [--corpus DIR] [--second-opinion]

--corpus DIR also validates `gc --json` of every log in DIR/MANIFEST.tsv;
--second-opinion also validates with the jsonschema package (make test).
Prints "ok - " / "not ok - " lines for tests/run.sh.
"""
import glob, json, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.environ.get("ROOT") or os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import jsonschema_lite as jl  # noqa: E402

GCLAT = os.environ.get("GCLAT") or os.path.join(ROOT, "gclat")
SCHEMAS = os.path.join(ROOT, "docs", "schema")
FX = "tests/fixtures"
TMP = tempfile.mkdtemp(prefix="schema.", dir=os.environ.get("TMPDIR"))

real_jsonschema = None


def load_second_opinion():
    global real_jsonschema
    try:
        import jsonschema
        real_jsonschema = jsonschema
    except ImportError:
        print("# the jsonschema package is not importable: jsonschema_lite only")

fails = 0


def report(ok, name, detail=""):
    global fails
    if not ok:
        fails += 1
    print("%s - %s%s" % ("ok" if ok else "not ok", name, (": " + detail) if detail and not ok else ""))


def cpu_record():
    """A hand-written cpu --record file (same layout as tests/sh/cpu.sh uses)."""
    p = os.path.join(TMP, "cpu.rec")
    with open(p, "w") as f:
        f.write("#gclat-cpu-record 1\nP\t4242\t100\t2\t1000\tjava\nN\t4300\thttp-nio-8080-exec-1\n"
                "S\t1796017607000\t1000\t150\t204800\t3145728\t5\nT\t4243\t40\tGC Thread#0\n"
                "T\t4244\t10\tC2 CompilerThre\nT\t4300\t60\thttp-nio-8080-e\nT\t4301\t20\thttp-nio-8080-e\n"
                "S\t1796017608000\t2000\t100\t206848\t3145728\t5\nT\t4243\t30\tGC Thread#0\n"
                "T\t4300\t70\thttp-nio-8080-e\nC\t1200\t2000000\n")
    return p


def saved_histograms():
    """Two lat --save files (one with --by status tags) for merge."""
    a, b = os.path.join(TMP, "a.hlog"), os.path.join(TMP, "b.hlog")
    for args in (["-f", "-2", "--by", "status", "--save", a, FX + "/access/small.log"],
                 ["-f", "-2", "--save", b, FX + "/access/java-httpserver.log"]):
        subprocess.run([GCLAT, "lat"] + args, cwd=ROOT, stdout=subprocess.DEVNULL, check=True)
    return a, b


def head(path, n, name=None):
    """The first n lines of a fixture, as a new file: small inputs take the
    branches where figures are missing (one row, no Total line, ...)."""
    import gzip
    opener = gzip.open if path.endswith(".gz") else open
    out = os.path.join(TMP, name or "%d-%s" % (n, os.path.basename(path).replace(".gz", "")))
    with opener(os.path.join(ROOT, path), "rt", errors="replace") as f, open(out, "w") as o:
        for i, line in enumerate(f):
            if i >= n:
                break
            o.write(line)
    return out


def runs():
    """(schema, label, argv after the command, expected exit)"""
    r = []
    gc_logs = sorted(glob.glob(os.path.join(ROOT, FX, "gc", "*.log")))
    gc_logs = [os.path.relpath(p, ROOT) for p in gc_logs] + ["examples/gc-cms-jdk8-synthetic.log",
                                                             "examples/gc-zgc-jdk17.log.gz"]
    for p in gc_logs:
        r.append(("gc", os.path.basename(p), ["--json", "-q", p], 0))
    for p in ("examples/gc-cms-jdk8-synthetic.log", FX + "/gc/jdk17-zgc-detailed-stall.log",
              FX + "/gc/jdk25-shenandoahgen-detailed-stall.log"):
        r.append(("gc", os.path.basename(p) + " --by day --over", ["--json", "-q", "--by", "day", "--over",
                                                                 "1ms,10ms,100ms", p], 0))
    r.append(("gc", "rotated set", ["--json", "-q"] + sorted(glob.glob(FX + "/gc/rotated/gc.log*")), 0))
    r.append(("gc", "empty input", ["--json", "-q", "/dev/null"], 0))
    A = FX + "/access/"
    r += [("lat", "single", ["-f", "-2", "--json", A + "small.log"], 0),
          ("lat", "--by status", ["-f", "-2", "--json", "--by", "status", A + "small.log"], 0),
          ("lat", "--by path --interval", ["-f", "-2", "--json", "--by", "path", "--interval", "1m", A + "small.log"], 0),
          ("lat", "columns", ["-f", "-2", "--json", "a=" + A + "small.log", "b=" + A + "java-httpserver.log"], 0),
          ("lat", "json lines", ["--json-key", "duration_ms", "--interval", "1m", "--json", A + "small.jsonl"], 0),
          ("lat", "nginx", ["--log-format", "nginx", "--json", "--by", "status", A + "small-nginx.log"], 0),
          ("lat", "apache", ["--log-format", "apache", "--json", A + "apache-D.log"], 0),
          ("lat", "envoy", ["--log-format", "envoy", "--json", "--by", "minute", A + "envoy.log"], 0),
          ("lat", "empty input", ["--json", "/dev/null"], 0)]
    a, b = saved_histograms()
    r += [("merge", "two", ["--json", a, b], 0), ("merge", "--by-tag", ["--json", "--by-tag", a], 0),
          ("merge", "one", ["--json", "--percentiles", "50,100", b], 0)]
    for run in ("g1", "parallel", "zgc"):
        for f in ("top-b.txt", "top-b-p.txt", "top-b-H.txt"):
            r.append(("cpu", run + " " + f, ["--json", "--over", "50%", "%s/proc/%s/%s" % (FX, run, f)], 0))
        for f in ("jstat-gc.txt", "jstat-gcutil-t.txt", "jstat-gccause.txt", "jstat-gc-h5.txt"):
            r.append(("jstat", run + " " + f, ["--json", "%s/proc/%s/%s" % (FX, run, f)], 0))
        r.append(("histo", run + " one", ["--json", "%s/proc/%s/histo-1.txt" % (FX, run)], 0))
        r.append(("histo", run + " growth", ["--json"] + ["%s/proc/%s/%s.txt" % (FX, run, h) for h in
                                                          ("histo-1", "histo-2", "histo-live", "jcmd-class-histogram")], 0))
    r += [("cpu", "machine", ["--json", FX + "/proc/top-b-H-machine.txt"], 0),
          ("cpu", "procps 3", ["--json", "tests/cases/cpu-procps3/input.txt"], 0),
          ("cpu", "record", ["--json", cpu_record()], 0),
          ("jstat", "two files", ["--json", FX + "/proc/g1/jstat-gc.txt", FX + "/proc/g1/jstat-gc-h5.txt"], 0)]
    T = FX + "/threads/"
    for j in ("17", "25"):
        for k in ("jstack-l", "jstack", "jcmd-threadprint", "kill3-multi"):
            r.append(("threads", "jdk%s %s" % (j, k), ["--json", "%sjdk%s-%s.txt" % (T, j, k)], 0))
        r.append(("threads", "jdk%s --top" % j, ["--json", "%sjdk%s-jstack-l.txt" % (T, j), "--top",
                                                 "%sjdk%s-top-H.txt" % (T, j)], 0))
        r.append(("threads", "jdk%s kill -3 --top" % j, ["--json", "%sjdk%s-kill3-multi.txt" % (T, j), "--top",
                                                         "%sjdk%s-top-H.txt" % (T, j)], 0))
    r += [("threads", "vthreads json", ["--json", T + "jdk25-vthreads-threaddump.json"], 0),
          ("threads", "vthreads text", ["--json", T + "jdk25-vthreads-threaddump.txt"], 0),
          ("threads", "jdk8 deadlock", ["--json", "tests/cases/threads-jdk8-deadlock/dump.txt"], 0),
          ("threads", "10k threads", ["--json", T + "jdk17-10k-threads.txt.gz"], 0)]
    H = FX + "/http/"
    r += [("impact", "g1", ["--json", "--timeout", "10ms", H + "jdk17-g1.gc.log.gz"], 0),
          ("impact", "what-if", ["--json", "--timeout", "10ms", "--rate", "3400", "--what-if", H + "jdk17-zgc.gc.log.gz",
                                 "--what-if", "max-pause=1ms", H + "jdk17-g1.gc.log.gz"], 0),
          ("impact", "service-time file", ["--json", "--timeout", "100ms", "--service-time", H + "jdk17-g1.access.log.gz",
                                           "-f", "2", H + "jdk17-g1.gc.log.gz"], 0),
          ("impact", "legacy", ["--json", "--timeout", "100ms", "--service-time", "2ms",
                                "examples/gc-cms-jdk8-synthetic.log"], 0),
          ("correlate", "g1", ["--json", "--gc", H + "jdk17-g1.gc.log.gz", "--access", H + "jdk17-g1.access.log.gz",
                               "-f", "2"], 0),
          ("correlate", "zgc --offset auto", ["--json", "--gc", H + "jdk17-zgc.gc.log.gz", "--access",
                                              H + "jdk17-zgc.access.log.gz", "-f", "2", "--offset", "auto"], 0)]
    G = FX + "/gc/"
    r += [("compare", "gc runs", ["--json", "a=" + G + "jdk17-g1-plain-steady.log", "b=" + G + "jdk17-zgc-plain-steady.log"], 0),
          ("compare", "gc + access + top", ["--json", "-q", "--lat-arg=-f", "--lat-arg=-2", "--pid", "base=498", "--pid", "new=3511",
                                            "base=%saccess/small.log,%sjdk17-g1-plain-steady.log,%s/proc/g1/top-b.txt" % (FX + "/", G, FX),
                                            "new=%saccess/small.log,%sjdk17-zgc-detailed-stall.log,%s/proc/zgc/top-b.txt" % (FX + "/", G, FX)], 0),
          ("compare", "--fail-if holds", ["--json", "--fail-if", "gc.max > +10%", "zgc=" + G + "jdk17-zgc-detailed-steady.log",
                                          "g1=" + G + "jdk17-g1-plain-steady.log"], 4),
          ("compare", "jstat + histo + threads", ["--json", "-q",
                                                  "a=%s/proc/g1/jstat-gc.txt,%s/proc/g1/histo-1.txt,%s/proc/g1/histo-2.txt,%s/threads/jdk17-jstack-l.txt" % (FX, FX, FX, FX),
                                                  "b:jstat=%s/proc/zgc/jstat-gccause.txt" % FX, "b:histo=%s/proc/zgc/histo-live.txt" % FX,
                                                  "b:threads=%s/threads/jdk17-kill3-multi.txt" % FX, "b=" + G + "jdk17-zgc-detailed-stall.log"], 0),
          ("compare", "three runs --over", ["--json", "--over", "1ms,5ms", "a=" + G + "jdk17-parallel-plain-steady.log",
                                            "b=" + G + "jdk17-serial-plain-steady.log", "c=" + G + "jdk17-g1-plain-steady.log"], 0)]
    # small inputs: one jstat row, one top frame, a histogram without its Total
    # line, a dump with a few threads, one pause, a one-line access log
    r += [("jstat", "one row", ["--json", head(FX + "/proc/g1/jstat-gc.txt", 2)], 0),
          ("jstat", "gcutil one row", ["--json", head(FX + "/proc/zgc/jstat-gcutil-t.txt", 2)], 0),
          ("cpu", "one frame", ["--json", head(FX + "/proc/g1/top-b.txt", 12)], 0),
          ("cpu", "one -H frame", ["--json", head(FX + "/proc/zgc/top-b-H.txt", 30)], 0),
          ("histo", "no Total line", ["--json", head(FX + "/proc/g1/histo-1.txt", 12)], 0),
          ("histo", "two without Total", ["--json", head(FX + "/proc/g1/histo-1.txt", 12),
                                          head(FX + "/proc/g1/histo-2.txt", 14)], 0),
          ("threads", "a few threads", ["--json", head(FX + "/threads/jdk17-jstack.txt", 100)], 0),
          ("gc", "first pause", ["--json", "-q", head(FX + "/gc/jdk17-g1-plain-steady.log", 20)], 0),
          ("gc", "legacy head", ["--json", "-q", head("examples/gc-cms-jdk8-synthetic.log", 5)], 0),
          ("impact", "a few pauses", ["--json", "--timeout", "1ms", head(FX + "/gc/jdk17-g1-plain-steady.log", 30)], 0),
          ("lat", "one line", ["-f", "-2", "--json", "--by", "status", "--interval", "1m", head(FX + "/access/small.log", 1)], 0),
          ("correlate", "one minute", ["--json", "--gc", FX + "/http/jdk17-g1.gc.log.gz", "--access",
                                       head(FX + "/http/jdk17-g1.access.log.gz", 50), "-f", "2"], 0),
          ("compare", "access logs only", ["--json", "--lat-arg=-f", "--lat-arg=-2", "a=" + FX + "/access/small.log",
                                           "b=" + head(FX + "/access/small.log", 20)], 0)]
    return r


def norm(path):
    return re.sub(r"\[\d+\]", "[]", path)


def walk(doc, path="", toks=()):
    """(path, parent path, tokens, key, value) for every node below doc; paths
    are spelled as the validator spells them (.key, [i])."""
    if isinstance(doc, dict):
        for k, v in doc.items():
            p = path + "." + k
            yield p, path, toks + (k,), k, v
            yield from walk(v, p, toks + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            p = "%s[%d]" % (path, i)
            yield p, path, toks + (i,), i, v
            yield from walk(v, p, toks + (i,))


def locate(doc, toks):
    """The container holding the node at toks, and its key there."""
    for t in toks[:-1]:
        doc = doc[t]
    return doc, toks[-1]


def mutations(schema_name, validator, docs):
    """Rename keys and change scalar types; each change that the schema should
    catch must make the document invalid. Each change is made in place and
    undone; each path (array indices folded) is tried once, on the smallest
    output that has it, so the 10k-thread dump costs little."""
    renames = types = 0
    escaped, undeclared = [], set()
    tried = set()
    for doc, seen, _ in sorted(docs, key=lambda d: d[2]):
        for path, ppath, toks, key, value in list(walk(doc)):
            np = norm(path)
            if isinstance(key, str) and ("rename", np) not in tried:
                schemas = seen.get(ppath, [])
                declared = any(key in s.get("properties", {}) or
                               any(re.search(rx, key) for rx in s.get("patternProperties", {})) or
                               isinstance(s.get("additionalProperties"), dict)
                               for s in schemas)
                if not declared:
                    undeclared.add(np)
                    continue
                guarded = any(key in s.get("required", []) or s.get("additionalProperties") is False
                              for s in schemas)
                if guarded:
                    tried.add(("rename", np))
                    c, k = locate(doc, toks)
                    items = list(c.items())
                    c[k + "_renamed"] = c.pop(k)
                    renames += 1
                    if not validator.errors(doc):
                        escaped.append("renaming %s is accepted" % np)
                    c.clear()
                    c.update(items)
            if isinstance(value, (dict, list)) or value is None or ("type", np) in tried:
                continue
            if not any("type" in s or "enum" in s or "const" in s for s in seen.get(path, [])):
                continue
            tried.add(("type", np))
            wrong = "not a number" if isinstance(value, (int, float)) and not isinstance(value, bool) else 12345
            c, k = locate(doc, toks)
            c[k] = wrong
            types += 1
            if not validator.errors(doc):
                escaped.append("%s = %r is accepted" % (np, wrong))
            c[k] = value
    report(not escaped and renames > 0 and types > 0,
           "%s: %d key renames and %d wrong types, each rejected by the schema" % (schema_name, renames, types),
           "; ".join(escaped[:5]))
    for u in sorted(undeclared)[:20]:
        print("# %s: %s is in the output but not in docs/schema/%s.schema.json" % (schema_name, u, schema_name))


def main():
    corpus = dump = None
    args = sys.argv[1:]
    while args:
        if len(args) >= 2 and args[0] == "--corpus":
            corpus = args[1]
        elif len(args) >= 2 and args[0] == "--dump":  # keep every output (schema work)
            dump = args[1]
        elif args[0] == "--second-opinion":  # also the jsonschema package, when importable
            load_second_opinion()
            args = args[1:]
            continue
        else:
            print("usage: check.py [--corpus DIR] [--dump DIR] [--second-opinion]", file=sys.stderr)
            return 1
        args = args[2:]
    validators = {}
    for f in sorted(glob.glob(os.path.join(SCHEMAS, "*.schema.json"))):
        name = os.path.basename(f)[:-len(".schema.json")]
        try:
            schema = json.load(open(f))
            validators[name] = jl.Validator(schema)
            if schema.get("$schema") != "https://json-schema.org/draft/2020-12/schema":
                raise jl.SchemaError("$schema is not draft 2020-12")
            if real_jsonschema:
                real_jsonschema.Draft202012Validator.check_schema(schema)
            report(True, "%s.schema.json is a well-formed draft 2020-12 schema%s" %
                   (name, " (and by the jsonschema package)" if real_jsonschema else ""))
        except Exception as e:
            report(False, "%s.schema.json is a well-formed draft 2020-12 schema" % name, str(e)[:300])
    docs = {}
    for name, label, args, want in runs():
        cmd = [GCLAT, name if name != "merge" else "merge"] + args
        p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        tag = "%s --json (%s)" % (name, label)
        if p.returncode != want:
            report(False, tag, "exit %d, expected %d: %s" % (p.returncode, want, p.stderr.strip()[:200]))
            continue
        try:
            doc = json.loads(p.stdout)
        except ValueError as e:
            report(False, tag, "not JSON: %s" % e)
            continue
        if dump:
            os.makedirs(os.path.join(dump, name), exist_ok=True)
            with open(os.path.join(dump, name, re.sub(r"[^A-Za-z0-9.-]+", "_", label) + ".json"), "w") as f:
                f.write(p.stdout)
        v = validators.get(name)
        if v is None:
            report(False, tag, "no docs/schema/%s.schema.json" % name)
            continue
        seen = {}
        errs = v.errors(doc, seen=seen)
        if not errs and real_jsonschema:
            errs = ["jsonschema: " + e.message for e in
                    real_jsonschema.Draft202012Validator(v.root).iter_errors(doc)][:3]
        report(not errs, tag + " matches the schema", "; ".join(errs[:3]))
        if not errs:
            docs.setdefault(name, []).append((doc, seen, len(p.stdout)))
    for name in sorted(validators):
        if name not in docs:
            report(False, "%s: at least one valid output to test the schema on" % name)
            continue
        mutations(name, validators[name], docs[name])
    if corpus:
        manifest = os.path.join(corpus, "MANIFEST.tsv")
        n = bad = 0
        for line in open(manifest).read().splitlines()[1:]:
            path = os.path.join(corpus, line.split("\t")[0])
            p = subprocess.run([GCLAT, "gc", "--json", "-q", path], capture_output=True, text=True)
            if p.returncode != 0:
                continue  # not a GC log gclat reads (exit 2): no JSON to check
            n += 1
            errs = validators["gc"].errors(json.loads(p.stdout))
            if errs:
                bad += 1
                if bad <= 5:
                    print("# %s: %s" % (line.split("\t")[0], "; ".join(errs[:2])))
        report(bad == 0 and n > 0, "gc --json of %d corpus logs matches the schema" % n, "%d do not" % bad)
    return 0


if __name__ == "__main__":
    rc = main()
    import shutil
    shutil.rmtree(TMP, ignore_errors=True)
    sys.exit(rc or (1 if fails else 0))
