/*
 * compare_input.c — input specs, kind detection and the GC, access and CPU
 * adapters that turn a run's files into report subtrees (see compare.h;
 * jstat, histo and threads: compare_kinds.c). All run
 * in this process: the GC adapter streams events into gc_analysis; the
 * access-log and CPU adapters call the `lat` / `cpu` commands' own option
 * parsers, analyses and report trees (lat_run.h, cpu_analysis.h), read as
 * their JSON says (rn_as_json), so compare always shows exactly the numbers
 * those subcommands print.
 */
#include "compare.h"
#include "cpu_analysis.h"
#include "cpu_run.h"
#include "diag.h"
#include "lat_run.h"
#include "proc_pick.h"
#include "reader.h"
#include "sniff.h"
#include "td_names.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void compare_set_init(struct compare_set *s)
{
    memset(s, 0, sizeof *s);
    gc_thresholds_default(&s->th);
}

static void run_fini(struct compare_run *r)
{
    free(r->name);
    for (int k = 0; k < CK__COUNT; k++) {
        free(r->files[k]);
        rn_free(r->tree[k]);
    }
    free(r->pending);
    free(r->pending_kind);
    for (int i = 0; i < r->nowned; i++)
        free(r->owned[i]);
    free(r->owned);
    if (r->ga) {
        gc_analysis_fini(r->ga);
        free(r->ga);
        diag_fini(&r->diag);
        intern_fini(&r->strings);
    }
}

void compare_set_fini(struct compare_set *s)
{
    for (int i = 0; i < s->n; i++)
        run_fini(&s->runs[i]);
    free(s->runs);
    free(s->lat_args);
    free(s->cpu_args);
    free(s->jstat_args);
    free(s->histo_args);
    free(s->threads_args);
    compare_kinds_fini(s);
    for (int i = 0; i < s->npids; i++)
        free(s->pids[i].run);
    free(s->pids);
}

const char *compare_kind_name(enum compare_kind k)
{
    switch (k) {
    case CK_GC: return "gc";
    case CK_ACCESS: return "access";
    case CK_CPU: return "cpu";
    case CK_JSTAT: return "jstat";
    case CK_HISTO: return "histo";
    case CK_THREADS: return "threads";
    default: return "auto";
    }
}

enum compare_kind compare_kind_named(const char *name)
{
    for (int k = CK_GC; k < CK__COUNT; k++)
        if (!strcmp(name, compare_kind_name((enum compare_kind)k)))
            return (enum compare_kind)k;
    return CK_AUTO;
}

static struct compare_run *run_named(struct compare_set *s, const char *name, size_t len)
{
    for (int i = 0; i < s->n; i++)
        if (strlen(s->runs[i].name) == len && memcmp(s->runs[i].name, name, len) == 0)
            return &s->runs[i];
    s->runs = xrealloc(s->runs, (size_t)(s->n + 1) * sizeof *s->runs);
    struct compare_run *r = &s->runs[s->n++];
    memset(r, 0, sizeof *r);
    r->name = xstrndup(name, len);
    return r;
}

static void add_pending(struct compare_run *r, char *file, enum compare_kind k)
{
    r->pending = xrealloc(r->pending, (size_t)(r->npending + 1) * sizeof *r->pending);
    r->pending_kind = xrealloc(r->pending_kind, (size_t)(r->npending + 1) * sizeof *r->pending_kind);
    r->pending[r->npending] = file;
    r->pending_kind[r->npending] = k;
    r->npending++;
}

static bool exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0;
}

bool compare_add_input(struct compare_set *s, const char *arg, enum compare_kind forced, bool plain_ok)
{
    const char *eq = strchr(arg, '=');
    /* A path that exists as given is a plain file even if it contains '='. */
    if (!eq || exists(arg) || memchr(arg, '/', (size_t)(eq - arg))) {
        if (!plain_ok) {
            warnx("input '%s' is not NAME=FILES (see --help)", arg);
            return false;
        }
        struct compare_run *r = run_named(s, "run", 3);
        add_pending(r, (char *)arg, forced);
        return true;
    }
    size_t nlen = (size_t)(eq - arg);
    const char *colon = memchr(arg, ':', nlen);
    enum compare_kind k = forced;
    if (colon) {
        size_t kl = (size_t)(eq - colon - 1);
        const char *kw = colon + 1;
        if (kl == 2 && memcmp(kw, "gc", 2) == 0)
            k = CK_GC;
        else if (kl == 6 && memcmp(kw, "access", 6) == 0)
            k = CK_ACCESS;
        else if ((kl == 3 && memcmp(kw, "cpu", 3) == 0) || (kl == 3 && memcmp(kw, "top", 3) == 0))
            k = CK_CPU;
        else if (kl == 5 && memcmp(kw, "jstat", 5) == 0)
            k = CK_JSTAT;
        else if (kl == 5 && memcmp(kw, "histo", 5) == 0)
            k = CK_HISTO;
        else if (kl == 7 && memcmp(kw, "threads", 7) == 0)
            k = CK_THREADS;
        else {
            warnx("unknown input kind in '%s' (use NAME:gc=, NAME:access=, NAME:cpu=, NAME:jstat=, "
                  "NAME:histo= or NAME:threads=)", arg);
            return false;
        }
        nlen = (size_t)(colon - arg);
    }
    if (nlen == 0) {
        warnx("empty run name in '%s'", arg);
        return false;
    }
    if (!eq[1]) {
        warnx("no files in '%s'", arg);
        return false;
    }
    struct compare_run *r = run_named(s, arg, nlen);
    /* comma-separated files; the pointers stay into argv (split in a copy kept for the process) */
    char *copy = xstrdup(eq + 1);
    r->owned = xrealloc(r->owned, (size_t)(r->nowned + 1) * sizeof *r->owned);
    r->owned[r->nowned++] = copy;
    for (char *p = copy, *next; p; p = next) {
        next = strchr(p, ',');
        if (next)
            *next++ = '\0';
        if (*p)
            add_pending(r, p, k);
    }
    return true;
}

static char *stdin_copy;

static int write_fd(int fd, const char *p, size_t n, int *err)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            *err = w < 0 ? errno : EIO;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static void stdin_copy_remove(void)
{
    if (stdin_copy)
        unlink(stdin_copy);
}

/*
 * Standard input ("-") as a file: its bytes copied to TMPDIR/gclat-stdin.XXXXXX
 * (removed at exit). compare and report read an input more than once (its
 * kind from its head, then lat or cpu, again for the latency chart or for
 * the JVM a top capture holds), and a pipe can be read only once; a copy is
 * told and read exactly as the file it came from. Given twice, both are the
 * one copy. NULL (warned) when it cannot be written.
 */
static const char *stdin_as_file(void)
{
    static bool failed;
    if (stdin_copy || failed)
        return failed ? NULL : stdin_copy;
    const char *dir = getenv("TMPDIR");
    char *path = xasprintf("%s/gclat-stdin.XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0) {
        warnx("standard input: cannot copy it to %s: %s", path, strerror(errno));
        free(path);
        return NULL;
    }
    stdin_copy = path;
    atexit(stdin_copy_remove);
    /* what a peek read ahead (reader_stdin_peek) comes first, then the rest of fd 0 */
    const char *head;
    size_t hn;
    bool whole;
    int e = 0;
    int rc = reader_stdin_peek(0, &head, &hn, &whole) == 0 ? write_fd(fd, head, hn, &e) : (e = EBADF, -1);
    static char buf[65536];
    while (rc == 0 && !whole) {
        ssize_t k = read(0, buf, sizeof buf);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            rc = k < 0 ? (e = errno, -1) : 0;
            break;
        }
        rc = write_fd(fd, buf, (size_t)k, &e);
    }
    if (close(fd) != 0 && rc == 0)
        rc = -1, e = errno;
    if (rc != 0) {
        warnx("standard input: cannot copy it to %s: %s", path, strerror(e));
        failed = true;
        return NULL;
    }
    return stdin_copy;
}

enum compare_kind compare_detect(const char *path)
{
    struct sniff_result sr;
    if (sniff_path(path, NULL, &sr) != 0)
        return CK_GC; /* let the GC reader report the error */
    enum sniff_kind k = sniff_best(&sr);
    switch (k) {
    case SNIFF_GC: return CK_GC;
    case SNIFF_TOP: return CK_CPU;
    case SNIFF_JSTAT: return CK_JSTAT;
    case SNIFF_HISTO: return CK_HISTO;
    case SNIFF_THREADS: return CK_THREADS;
    case SNIFF_ACCESS:
    case SNIFF_WRK:     /* a saved load run: lat reads it back (load.* rows) */
    case SNIFF_UNKNOWN: return CK_ACCESS; /* lat says what it makes of it */
    default: break;
    }
    const char *cmd = sniff_kind_command(k);
    warnx("%s looks like %s (%.0f%% of %s %u lines), which compare and report do not read "
          "(GC logs, access logs, top -b output, wrk output, jstat output, class histograms, "
          "thread dumps)%s%s%s",
          stdin_copy && !strcmp(path, stdin_copy) ? "standard input" : path, sniff_kind_name(k), sniff_pct(&sr, k),
          sr.whole ? "its" : "the first", sr.lines, cmd ? ": read it with '" : "", cmd ? cmd : "",
          cmd ? "'" : "");
    return CK_AUTO;
}

static void gc_sink(void *vctx, const struct gc_event *e);

struct gc_sink_ctx {
    struct compare_run *r;
    int index;
    const struct compare_gc_hook *hook;
};

static void gc_sink(void *vctx, const struct gc_event *e)
{
    struct gc_sink_ctx *c = vctx;
    c->r->gc_events++;
    c->r->ga->collector = c->r->gctx.collector;
    gc_analysis_add(c->r->ga, e);
    if (c->hook && c->hook->event)
        c->hook->event(c->hook->ctx, c->index, e);
}

static int load_gc(struct compare_set *s, int index, const struct compare_gc_hook *hook)
{
    struct compare_run *r = &s->runs[index];
    intern_init(&r->strings);
    diag_init(&r->diag);
    r->ga = xcalloc(1, sizeof *r->ga);
    gc_analysis_init(r->ga, &s->th, GC_BY_NONE, &r->strings);
    struct gc_sink_ctx sc = {r, index, hook};
    gc_parse_ctx_init(&r->gctx, gc_sink, &sc, &r->diag, &r->strings);
    int rc = gc_read_inputs(r->files[CK_GC], r->nfiles[CK_GC], GC_FMT_UNKNOWN, &r->gctx, &r->gres);
    gc_analysis_finish(r->ga);
    r->gctx.sink.ctx = NULL;
    if (rc)
        return rc;
    struct report_node *root = rn_root();
    const char *fmt = r->gres.mixed_formats ? "mixed" : gc_format_name(r->gres.format);
    r->ga->format = fmt;
    gc_analysis_report(r->ga, &r->gctx, fmt, root);
    gc_findings_report(r->ga, root);
    struct report_node *in = rn_obj(root, "inputs");
    rn_title(in, "Input");
    rn_int(in, "files", r->gres.files);
    rn_int(in, "lines", (int64_t)r->gres.lines);
    rn_int(in, "bytes", (int64_t)r->gres.bytes);
    rn_int(in, "events", (int64_t)r->gc_events);
    diag_report(&r->diag, root, "unparsed_lines");
    r->tree[CK_GC] = root;
    if (!s->quiet && r->diag.total)
        warnx("%s: %llu GC log line(s) not understood", r->name, (unsigned long long)r->diag.total);
    return 0;
}

/* "CMD --json -q ARGS FILES": the command line the adapters hand to lat and cpu (freed by the caller). */
static char **sub_argv(const char *cmd, char **args, int nargs, char **files, int nfiles, int *argc)
{
    char **av = xcalloc((size_t)(nargs + nfiles + 4), sizeof *av);
    int k = 0;
    av[k++] = (char *)cmd;
    av[k++] = (char *)"--json";
    av[k++] = (char *)"-q";
    for (int i = 0; i < nargs; i++)
        av[k++] = args[i];
    for (int i = 0; i < nfiles; i++)
        av[k++] = files[i];
    *argc = k;
    return av;
}

/*
 * The access-log adapter: `gclat lat --json -q ARGS FILES` in this process —
 * the same option parser, scan and report tree as the lat command
 * (lat_run.h), the tree as its JSON says (rn_as_json). NULL (warned) and *rc
 * the exit code lat would have had when the input fails.
 */
struct report_node *compare_lat_tree(char **args, int nargs, char **files, int nfiles, const char *run, bool quiet,
                                     int *rc)
{
    int k;
    char **av = sub_argv("lat", args, nargs, files, nfiles, &k);
    /* lat's own messages name lat, as on its command line */
    const char *prog = prog_name;
    prog_name = "gclat lat";
    struct lat_opts o;
    int e = 0;
    if (lat_opts_parse(&o, k, av)) { /* --help among the --lat-arg: no report */
        free(av);
        prog_name = prog;
        *rc = EXIT_USAGE;
        return NULL;
    }
    free(av);
    /* lat -q: the reader's skipped-input notes are not this command's to print */
    bool warned = reader_warnings_enabled();
    reader_warnings_enable(false);
    struct lat_run lr;
    struct report_node *t = rn_root();
    struct diag d;
    diag_init(&d);
    e = lat_scan_inputs(&o, &lr);
    if (lr.wrk) {
        e = lat_build_report(&o, &lr, t, &d);
        if (!e)
            e = common_diag_status(&o.co, &d, EXIT_OK);
    } else if (lr.res && e != EXIT_IO) {
        lat_build_report(&o, &lr, t, NULL);
        e = lat_run_status(&o, &lr, e);
    } else if (!e) {
        e = EXIT_IO;
    }
    reader_warnings_enable(warned);
    diag_fini(&d);
    lat_run_fini(&o, &lr);
    lat_opts_fini(&o);
    prog_name = prog;
    *rc = e;
    if (e) {
        /* lat has said why on stderr; an input that fails fails the command */
        if (!quiet)
            warnx("%s: 'gclat lat' failed on %s%s (exit %d)", run, files[0], nfiles > 1 ? " ..." : "", e);
        rn_free(t);
        return NULL;
    }
    rn_as_json(t);
    return t;
}

/*
 * The CPU analysis over a run's top captures in this process, as `gclat cpu
 * --json -q` builds it (cpu_analysis.h), the tree as its JSON says; NULL
 * (warned) and *rc cpu's exit code when the input fails.
 */
static struct report_node *cpu_tree(const struct cpu_opts *o, const struct cpu_cmdline *c, char **files, int nfiles,
                                    const char *run, bool quiet, int *rc)
{
    /* cpu -q: the reader's skipped-input notes are not this command's to print */
    bool warned = reader_warnings_enabled();
    reader_warnings_enable(false);
    const char *prog = prog_name; /* cpu's own messages name cpu */
    prog_name = "gclat cpu";
    struct report_node *t = NULL;
    struct diag d;
    diag_init(&d);
    struct td_names names;
    memset(&names, 0, sizeof names);
    struct cpu_opts oo = *o;
    const char *dump = c->sample.thread_dump;
    int e = cpu_input_sniff(files, nfiles, dump);
    if (!e && dump) {
        e = cpu_input_names(&names, dump);
        oo.names = &names;
    }
    struct cpu_analysis a;
    cpu_analysis_init(&a, &oo);
    if (!e) {
        e = cpu_input_files(&a, &d, files, nfiles);
        if (e == EXIT_OK || e == EXIT_BADINPUT) {
            struct report_node *csv;
            struct cpu_dump_gap gap;
            t = cpu_build_report(&a, &d, files, nfiles, dump, &gap, &csv);
            if (oo.names && !quiet)
                cpu_input_gap_warn(&a, &gap);
            e = common_diag_status(&c->co, &d, e);
        }
    }
    cpu_analysis_fini(&a);
    td_names_free(&names);
    diag_fini(&d);
    prog_name = prog;
    reader_warnings_enable(warned);
    *rc = e;
    if (e) {
        /* cpu has said why on stderr; an input that fails fails the command */
        if (!quiet)
            warnx("%s: 'gclat cpu' failed on %s%s (exit %d)", run, files[0], nfiles > 1 ? " ..." : "", e);
        rn_free(t);
        return NULL;
    }
    rn_as_json(t);
    return t;
}

/*
 * --cpu-arg ARGS through cpu's own option table (cpu_opts_parse_figures),
 * quiet as `gclat cpu -q`. Only options that shape the figures: a file, an
 * output option, --record or --format cal among them ends the command
 * (EXIT_USAGE), as a malformed option does.
 */
static void cpu_adapter_opts(const struct compare_set *s, struct cpu_opts *o, struct cpu_cmdline *c)
{
    cpu_opts_parse_figures(s->n_cpu_args, s->cpu_args, o, c);
    if (c->record || o->cal)
        die(EXIT_USAGE, "--cpu-arg %s: compare and report read cpu's figures; that option is for gclat cpu itself",
            c->record ? "--record" : "--format cal");
}

/* The pid run r names: --pid NAME=, else a plain --pid, else its GC logs' (one pid
   for all of them). 0 when none; -1 (warned) when its GC logs name different pids. */
static int64_t named_pid(const struct compare_set *s, const struct compare_run *r, const char **from)
{
    for (int k = 0; k < s->npids; k++)
        if (s->pids[k].run && strcmp(s->pids[k].run, r->name) == 0) {
            *from = "--pid";
            return s->pids[k].pid;
        }
    for (int k = 0; k < s->npids; k++)
        if (!s->pids[k].run) {
            *from = "--pid";
            return s->pids[k].pid;
        }
    int64_t pid = 0;
    const char *file = NULL;
    for (int k = 0; k < r->nfiles[CK_GC]; k++) {
        int64_t p = proc_pick_gc_log_pid(r->files[CK_GC][k]);
        if (p <= 0)
            continue;
        if (pid && p != pid) {
            warnx("%s: the GC logs name different JVMs (pid %lld in %s, %lld in %s): give --pid %s=PID", r->name,
                  (long long)pid, file, (long long)p, r->files[CK_GC][k], r->name);
            return -1;
        }
        pid = p;
        file = r->files[CK_GC][k];
    }
    *from = "GC log";
    return pid;
}

static int load_cpu_picked(struct compare_set *s, struct compare_run *r, const struct cpu_opts *o,
                           const struct cpu_cmdline *c);

/*
 * The CPU adapter: `gclat cpu` over the run's top captures, for one JVM.
 * Several JVMs and none named is an error, never the busiest.
 */
static int load_cpu(struct compare_set *s, int index)
{
    struct compare_run *r = &s->runs[index];
    struct cpu_opts o;
    struct cpu_cmdline c;
    cpu_adapter_opts(s, &o, &c);
    int rc = load_cpu_picked(s, r, &o, &c);
    cpu_opts_fini(&o, &c);
    return rc;
}

/* load_cpu with cpu's options: the run's JVM, named or the only one. */
static int load_cpu_picked(struct compare_set *s, struct compare_run *r, const struct cpu_opts *o,
                           const struct cpu_cmdline *c)
{
    int rc = 0;
    struct report_node *t = cpu_tree(o, c, r->files[CK_CPU], r->nfiles[CK_CPU], r->name, s->quiet, &rc);
    if (!t)
        return rc;
    /* --cpu-arg --pid/--command/--all: the user chose the processes; take what cpu reports */
    bool chosen = o->npids || o->ncmds || o->all;
    struct proc_cand cand[64];
    size_t nc = proc_pick_candidates(t, cand, 64), njvm = 0;
    for (size_t k = 0; k < nc; k++)
        njvm += cand[k].jvm;
    char list[1024];
    const char *from = NULL;
    int64_t pid = chosen ? 0 : named_pid(s, r, &from);
    if (pid < 0) {
        rn_free(t);
        return EXIT_BADINPUT;
    }
    if (pid > 0) {
        /* the named JVM, whatever its COMMAND (a launcher may rename it) */
        struct cpu_opts op = *o;
        op.pids = &pid;
        op.npids = 1;
        struct report_node *t2 = cpu_tree(&op, c, r->files[CK_CPU], r->nfiles[CK_CPU], r->name, s->quiet, &rc);
        struct proc_cand c2[2];
        if (!t2 || proc_pick_candidates(t2, c2, 2) == 0) {
            /* cpu itself refuses a --pid the capture does not hold (exit 2) */
            if (t2 || rc == EXIT_BADINPUT) {
                proc_pick_list(cand, nc, njvm > 0, list, sizeof list);
                warnx("%s: pid %lld (named by the %s) is not in the top capture %s%s; %s there: %s", r->name,
                      (long long)pid, from, r->files[CK_CPU][0], r->nfiles[CK_CPU] > 1 ? " ..." : "",
                      njvm ? "JVMs" : "processes", nc ? list : "none");
            }
            rn_free(t2);
            t2 = NULL;
            if (!rc)
                rc = EXIT_BADINPUT;
        }
        rn_free(t);
        if (!t2)
            return rc;
        r->tree[CK_CPU] = t2;
        r->cpu_pid = pid;
        r->cpu_pid_from = from;
        return 0;
    }
    if (!chosen && njvm != 1) {
        proc_pick_list(cand, nc, njvm > 0, list, sizeof list);
        if (njvm == 0)
            warnx("%s: no JVM (COMMAND java) in the top capture %s; name the process with --pid %s=PID "
                  "(busiest there: %s)", r->name, r->files[CK_CPU][0], r->name, nc ? list : "none");
        else
            warnx("%s: the top capture %s holds %zu JVMs: %s. Which one is this run's? Name it with "
                  "--pid %s=PID, or log the GC with the pid decorator (-Xlog:gc*:file=gc.log:time,uptime,pid,level,tags)",
                  r->name, r->files[CK_CPU][0], njvm, list, r->name);
        rn_free(t);
        return EXIT_BADINPUT;
    }
    r->tree[CK_CPU] = t;
    r->cpu_pid = nc ? cand[0].pid : 0;
    r->cpu_pid_from = chosen ? "--cpu-arg" : "the only JVM";
    return 0;
}

int compare_load(struct compare_set *s, const struct compare_gc_hook *hook)
{
    int rc = 0;
    /* every pass-through option checked before any input is read, whether a run has that kind or not */
    compare_kinds_parse(s);
    if (s->n_cpu_args) {
        struct cpu_opts o;
        struct cpu_cmdline c;
        cpu_adapter_opts(s, &o, &c);
        cpu_opts_fini(&o, &c);
    }
    for (int i = 0; i < s->n; i++) {
        struct compare_run *r = &s->runs[i];
        for (int j = 0; j < r->npending; j++) {
            char *path = strcmp(r->pending[j], "-") == 0 ? (char *)stdin_as_file() : r->pending[j];
            if (!path) {
                rc = EXIT_IO;
                continue;
            }
            enum compare_kind k = r->pending_kind[j];
            if (k == CK_AUTO)
                k = compare_detect(path);
            if (k == CK_AUTO) { /* another kind of input, named by compare_detect */
                rc = EXIT_BADINPUT;
                continue;
            }
            r->files[k] = xrealloc(r->files[k], (size_t)(r->nfiles[k] + 1) * sizeof *r->files[k]);
            r->files[k][r->nfiles[k]++] = path;
        }
        if (r->nfiles[CK_GC]) {
            int e = load_gc(s, i, hook);
            if (e && !rc)
                rc = e;
        }
        if (r->nfiles[CK_ACCESS]) {
            int e = 0;
            r->tree[CK_ACCESS] = compare_lat_tree(s->lat_args, s->n_lat_args, r->files[CK_ACCESS],
                                                  r->nfiles[CK_ACCESS], r->name, s->quiet, &e);
            if (e && !rc)
                rc = e;
        }
        if (r->nfiles[CK_CPU]) {
            int e = load_cpu(s, i);
            if (e && !rc)
                rc = e;
        }
        int e = compare_load_kinds(s, i);
        if (e && !rc)
            rc = e;
    }
    return rc;
}
