/*
 * compare.h — runs for `gclat compare` and `gclat report`.
 *
 * A run is a name and input files; each file is one of six kinds (GC log,
 * access log, top -b output, jstat output, class histograms, thread dumps),
 * given or detected by content (sniff.h). Each kind contributes through one
 * adapter that produces a report subtree — exactly what its own subcommand
 * prints with --json:
 *   GC     -> in-process gc_analysis (gclat gc --json), events also go to a hook
 *             so the HTML report can chart them while they stream;
 *   access -> `gclat lat --json -q FILES`, in-process (lat_run.h: lat's own options,
 *             scan and report tree);
 *   cpu    -> `gclat cpu --json -q [--pid PID] FILES`, in-process (cpu_run.h), for the one JVM the
 *             run names (--pid, the GC log's pid) or the only JVM in the capture;
 *             several JVMs and none named is an error listing them (proc_pick.h);
 *   jstat  -> `gclat jstat --json FILES` (jstat_analysis.h), histo -> `gclat histo --json FILES`
 *             (histo_analysis.h), threads -> `gclat threads --json FILES` (td.h), each with
 *             its command's defaults or the options --jstat-arg / --histo-arg /
 *             --threads-arg pass it (parsed by its own table), in compare_kinds.c.
 * Every subtree's `findings` array is shown per run and input (compare_findings.c).
 * compare_table.c then reads numbers at a fixed list of metric paths in those
 * subtrees; nothing else couples compare to the other subcommands.
 */
#ifndef GCLAT_COMPARE_H
#define GCLAT_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gc_analysis.h"
#include "gc_read.h"
#include "report.h"

enum compare_kind { CK_AUTO = 0, CK_GC, CK_ACCESS, CK_CPU, CK_JSTAT, CK_HISTO, CK_THREADS, CK__COUNT };

struct compare_run {
    char *name;
    char **files[CK__COUNT];  /* files per kind after detection */
    int nfiles[CK__COUNT];
    enum compare_kind *pending_kind; /* per file, before detection */
    char **pending;
    int npending;
    char **owned;             /* heap copies the file pointers point into */
    int nowned;
    /* results */
    struct report_node *tree[CK__COUNT]; /* subtrees; NULL if no input of that kind */
    struct gc_analysis *ga;               /* kept for the report (histograms) */
    struct gc_parse_ctx gctx;
    struct gc_read_result gres;
    struct diag diag;
    struct intern strings;
    uint64_t gc_events;
    int64_t cpu_pid;          /* the JVM the CPU rows are of (0: no cpu input) */
    const char *cpu_pid_from; /* "--pid", "GC log", "the only JVM" (static) */
};

struct compare_set {
    struct compare_run *runs;
    int n;
    /* pass-through arguments for lat and cpu (--lat-arg, --cpu-arg) */
    char **lat_args, **cpu_args;
    int n_lat_args, n_cpu_args;
    /* for jstat, histo and threads (--jstat-arg, --histo-arg, --threads-arg), and those parsed */
    char **jstat_args, **histo_args, **threads_args;
    int n_jstat_args, n_histo_args, n_threads_args;
    struct compare_kind_opts *kind_opts; /* compare_kinds_parse(); NULL before */
    struct gc_thresholds th;
    bool quiet;
    /* --pid [NAME=]PID: the JVM of a run's top capture (name NULL: every run) */
    struct compare_pid { char *run; int64_t pid; } *pids;
    int npids;
};

/* Hook the GC adapter calls for every event of run `run` (may be NULL). */
struct compare_gc_hook {
    void (*event)(void *ctx, int run, const struct gc_event *e);
    void *ctx;
};

void compare_set_init(struct compare_set *s);
void compare_set_fini(struct compare_set *s);
/*
 * Add an input argument: "NAME=F1,F2", "NAME:KIND=F" (KIND gc, access, cpu
 * or top, jstat, histo, threads), or a plain FILE (run named "run" when
 * plain_ok). forced (from --gc/--access/--cpu/--jstat/--histo/--threads
 * before the argument) overrides detection.
 * Returns false (and prints why) on a malformed spec.
 */
bool compare_add_input(struct compare_set *s, const char *arg, enum compare_kind forced, bool plain_ok);
/*
 * Kind of a file by its first lines (sniff.h): GC log, top -b output, jstat
 * output, class histogram, thread dump, else access log; CK_AUTO (with a
 * message) for a file plainly of a kind compare does not read (an
 * HdrHistogram log).
 */
enum compare_kind compare_detect(const char *path);
const char *compare_kind_name(enum compare_kind k);
/*
 * Detect kinds and run every adapter. Returns 0 or the first error exit code:
 * an input that fails (a GC log that cannot be read, an access log or top
 * capture on which lat / cpu fail, a top capture whose JVM cannot be chosen) fails the whole
 * command with that input's code (EXIT_IO / EXIT_BADINPUT), never empty rows.
 */
int compare_load(struct compare_set *s, const struct compare_gc_hook *hook);

/*
 * --jstat-arg, --histo-arg and --threads-arg through jstat's, histo's and
 * threads' own option tables (opt_parse_figures), before any input is read:
 * a file, an output option or a bad value ends the command (EXIT_USAGE).
 * compare_load calls it.
 */
void compare_kinds_parse(struct compare_set *s);
void compare_kinds_fini(struct compare_set *s);
/* The adapters of compare_kinds.c: jstat, histo and threads inputs of run index (0 or an exit code). */
int compare_load_kinds(struct compare_set *s, int index);
/* The kind a --KIND option names ("jstat" -> CK_JSTAT; compare_kind_name's words), CK_AUTO if none. */
enum compare_kind compare_kind_named(const char *name);

/*
 * Every run's findings, one row per finding of each input with the run and
 * the input kind it belongs to, as `findings` under root (text: one line
 * each; JSON: every key of the finding; hidden in HTML, where each run's
 * analyses lead the page with their own findings).
 */
struct report_node *compare_findings_report(const struct compare_set *s, struct report_node *root);
/*
 * Move run r's subtrees under o, each folded and titled by its command (GC,
 * access, CPU, jstat, histo, threads), their findings flagged to lead the
 * HTML page (headline_findings); r's tree slots are emptied.
 */
void compare_adopt_trees(struct compare_run *r, struct report_node *o);

/* `gclat lat --json -q ARGS FILES` built in-process (lat_run.h); NULL (warned) and *rc = lat's
   exit code when the input fails. */
struct report_node *compare_lat_tree(char **args, int nargs, char **files, int nfiles, const char *run, bool quiet,
                                     int *rc);
/* ---- the comparison table (compare_table.c) ---- */

struct compare_row {
    char *id;        /* metric name used by --fail-if: "p99", "gc.p99", "gc.over.100ms" */
    char *section;   /* "latency", "gc", "pause kinds", "stalls", "cpu" */
    char *title;
    const char *unit;
    int decimals;
    double *v;       /* per run */
    bool *have;      /* per run */
};

struct compare_table {
    struct compare_row *rows;
    size_t n, cap;
    int nruns;
};

void compare_table_build(struct compare_table *t, const struct compare_set *s);
void compare_table_fini(struct compare_table *t);
/* Change in % of run r vs run 0; NAN when not comparable. */
double compare_change_pct(const struct compare_row *row, int r);
const struct compare_row *compare_table_find(const struct compare_table *t, const char *id);

/* --fail-if 'METRIC OP VALUE' */
struct compare_cond {
    char *text;
    char *metric;
    int op;          /* '>', '<', 'G' (>=), 'L' (<=) */
    double value;    /* relative: percent; absolute: in the metric's unit after conversion */
    bool relative;
    char *unit;      /* unit as written ("ms", "s", "%", "") */
};

/* Parse; false with *err set on malformed text. */
bool compare_cond_parse(const char *text, struct compare_cond *c, const char **err);
void compare_cond_fini(struct compare_cond *c);
/* True if id names a metric compare knows (static list or dynamic pattern). */
bool compare_metric_known(const char *id);

/*
 * Build the output tree (flat=true: a text/CSV table with one column per run
 * and a change column per non-baseline run; flat=false: JSON with values and
 * change_pct objects keyed by run name), evaluate conditions, and return how
 * many held (listed under "conditions").
 */
int compare_report(const struct compare_table *t, const struct compare_set *s,
                   const struct compare_cond *conds, int nconds, bool flat, struct report_node *root);

/*
 * People's view (HTML) of a comparison built by compare_report(flat=true):
 * each row of cmp (its "comparison" array) leads with the metric's title,
 * and the metric id is not shown in HTML.
 */
void compare_report_labels(const struct compare_table *t, struct report_node *cmp);
/*
 * The key figures of run r (headline.h) from the table: P99 latency, max
 * pause, time in GC pauses, allocation stalls, JVM CPU, those the run has.
 */
void compare_headline(const struct compare_table *t, int r, struct report_node *group);

/* Metric list for --help and docs. */
#define COMPARE_METRICS_HELP\
    "  latency (access logs): count mean stddev p50 p66 p80 p85 p90 p95 p98 p99 p99.9 p99.99 max\n"\
    "               over.<N>ms over.<N>ms.share (requests over N ms, with --lat-arg=--over=N[,M...])\n"\
    "  GC pauses:   gc.count gc.total gc.mean gc.stddev gc.p50 gc.p90 gc.p95 gc.p99 gc.p99.9\n"\
    "               gc.max gc.share (% of time in STW pauses) gc.collections gc.span\n"\
    "               gc.over.<N>ms (pauses longer than N ms, per --over)\n"\
    "               gc.kind.<pause name>.count|total|max (e.g. 'gc.kind.Pause Young (Normal).max')\n"\
    "  stalls:      gc.stalls gc.stall_total gc.stall_max\n"\
    "  GC CPU:      gc.cpu_share gc.cpu_user gc.cpu_sys\n"\
    "  GC memory:   gc.alloc_rate gc.promotion_rate gc.heap_after_max\n"\
    "  load runs (saved wrk/wrk2 output): load.requests load.rate load.errors load.p50 load.p99\n"\
    "               load.p99.9 (wrk2: from the intended send) load.service.p50 load.service.p99\n"\
    "               load.service.max (from the actual send; wrk measures only this)\n"\
    "  CPU (top -b): cpu.samples cpu.mean cpu.stddev cpu.p50 cpu.p90 cpu.p99 cpu.max\n"
extern const char compare_metrics_help[];

/*
 * The input options compare and report share, as an option group (opt.h):
 * --gc/--access/--cpu SPEC, --lat-arg, --cpu-arg, --pid, --over. Base: a
 * struct compare_in; compare_in_positional() adds a NAME=FILES (or, with
 * plain_ok, a plain FILE) in its place among them. A bad one exits
 * EXIT_USAGE.
 */
struct compare_in {
    struct compare_set *set;
    bool plain_ok;
};
struct opt_group;
extern const struct opt_group compare_input_group;
void compare_in_positional(void *base, const char *arg);

#endif
