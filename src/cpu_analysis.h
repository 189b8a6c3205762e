/*
 * cpu_analysis.h — CPU and memory of processes and threads over time, from
 * struct top_frame (top_parse.h: `top -b` captures; proc_record.h: `gclat cpu
 * --record` files and live /proc sampling), as a library: `gclat cpu`
 * renders it, compare and report (compare_input.c) put its tree under a run,
 * so both show the same numbers by construction.
 *
 * Values are kept as %CPU x 100 integers in hist.h histograms (exact for
 * top's one decimal), so means and the percentile table are exact. Thread
 * categories: every thread row of a thread frame adds its %CPU to exactly
 * one category, so the categories add up to the thread total by
 * construction (tests/sh/cpu.sh checks it anyway).
 *
 * The analysis prints nothing, opens no file and reads no argv: options come
 * validated in struct cpu_opts (cpu_opts_parse(), cpu_run.h), frames from
 * the inputs (cpu_run.h), and the report tree (cpu_report.c) and findings
 * (cpu_findings.c) go to the caller.
 */
#ifndef GCLAT_CPU_ANALYSIS_H
#define GCLAT_CPU_ANALYSIS_H

#include <stdbool.h>
#include <stdint.h>

#include "hist.h"
#include "lat.h"
#include "report.h"
#include "threadcat.h"
#include "top_parse.h"

struct diag;
struct findings;
struct td_names;

/* The analysis's options, validated (cpu_opts_parse or set by hand after cpu_opts_default). */
struct cpu_opts {
    int64_t *pids;      /* --pid: only these processes (heap, cpu_opts_fini frees) */
    int npids;
    char **cmds;        /* --command: COMMAND names (heap); none: "java" */
    int ncmds;
    bool all;           /* --all: every process */
    int64_t over_x100;  /* --over: spike threshold, %CPU x 100 of one core */
    int top_n;          /* --top: threads listed in the text table, 0 = all */
    double gc_warn_pct; /* --gc-share-warn */
    int64_t cpus;       /* --cpus: CPUs of the capture's host, 0 = not given */
    bool cal;           /* --format cal: keep each process sample's %CPU text */
    const struct td_names *names; /* --thread-dump with FILEs: full thread names by TID, or NULL */
};

void cpu_opts_default(struct cpu_opts *o);

struct cpu_ent {
    int64_t id;
    char *name;
    bool cut;
    enum tcat cat;
    char *group;
    struct hist cpu; /* %CPU x 100 per sample */
    int64_t max_x100;
    char max_when[32];
    uint64_t spikes;
    int64_t ticks; /* record input only */
    int64_t res_first, res_last, res_min, res_max;
    int64_t virt_first, virt_last, virt_min, virt_max;
    char first_when[32], last_when[32];
    struct report_node *series; /* JSON only: per-sample when/cpu/res/virt */
};

struct cpu_entset {
    struct cpu_ent *e;
    size_t n, cap;
    size_t *idx; /* open addressing, value = index + 1 */
    size_t icap;
};

struct cpu_group {
    char *name;
    enum tcat cat;
    int64_t threads;
    long double sum_x100;
    int64_t ticks;
};

struct cpu_spike {
    char when[32];
    int64_t id;
    char *name;
    int64_t cpu_x100;
};

/* One sample of the host, as evidence: when and where it was read. */
struct cpu_sample_ref {
    bool set;
    uint64_t idx; /* frame number, for "which came first" */
    double value;
    char when[32];
    char where[300]; /* file:line of the frame's "top -" line */
};

/* Samples past one of the saturation limits (docs/cpu.md, host-saturated). */
struct cpu_sat_cond {
    uint64_t n;
    struct cpu_sample_ref first, worst;
};

#define CPU_SAT_IDLE_PCT 5.0    /* mean idle below: the CPUs have nothing left */
#define CPU_SAT_LOAD_PER_CPU 2  /* 1-min load above this many runnable tasks per CPU ... */
#define CPU_SAT_STEAL_PCT 10.0  /* mean steal above: the hypervisor takes a tenth */
#define CPU_MAX_SPIKES_LISTED 20
#define CPU_DETAIL_PROCS 5      /* processes with a detail block and a JSON series */

struct cpu_analysis {
    struct cpu_opts o;            /* a copy; the arrays it points to are the caller's */
    int64_t named_threads;        /* thread rows named from o.names */
    uint64_t frames, thread_frames, record_frames;
    char first_when[32], last_when[32];
    bool any_top, any_record;
    struct hist mcpu[8];          /* us sy ni id wa hi si st, x 100 */
    uint64_t mcpu_n;
    struct hist load[3];          /* x 100 */
    struct hist mem_used;         /* MiB x 10 */
    double mem_total_mib;
    struct cpu_entset procs, threads;
    struct cpu_group *groups;
    size_t ngroups, gcap;
    long double cat_x100[TC_N];
    int64_t cat_ticks[TC_N];
    int64_t cat_threads[TC_N];
    long double thread_total_x100;
    int64_t thread_total_ticks, proc_total_ticks;
    struct cpu_spike *spikes;
    size_t nspikes, scap;
    uint64_t spikes_total;
    int64_t self_cpu_us, self_wall_us; /* the sampler's own cost (record input) */
    const char *cur_file;         /* input being read (for evidence file:line) */
    int64_t cpus_top;             /* CPUs counted from top's per-CPU lines */
    struct cpu_sat_cond sat_idle, sat_load, sat_steal;
    uint64_t load_cpu_samples;    /* load samples with a CPU count to compare with */
    struct lat_strmap cal_map;    /* --format cal: %CPU text -> samples */
    bool cal_no_text;             /* a sample without %CPU text (record input) */
    bool finished;
    struct report_node *series_root; /* holder for per-entity series */
};

void cpu_analysis_init(struct cpu_analysis *a, const struct cpu_opts *o);
/* The frames that follow come from input `name` (kept as evidence; must outlive the analysis's use). */
void cpu_analysis_begin_input(struct cpu_analysis *a, const char *name, bool record);
void cpu_analysis_add_frame(struct cpu_analysis *a, const struct top_frame *f);
/* add_frame as a top_frame_cb (ctx: the analysis). */
void cpu_analysis_frame_cb(const struct top_frame *f, void *ctx);
/* A record file's own cost of sampling (proc_record.h). */
void cpu_analysis_sampler_cost(struct cpu_analysis *a, int64_t cpu_us, int64_t wall_us);
/* Keep only the n busiest processes (the "no java row" fallback). */
void cpu_analysis_keep_busiest(struct cpu_analysis *a, size_t n);
/* Sort processes, threads and groups busiest first; no frame may be added after. */
void cpu_analysis_finish(struct cpu_analysis *a);
void cpu_analysis_fini(struct cpu_analysis *a);

/* CPUs of the host: --cpus, else top's per-CPU lines (0: unknown). */
int64_t cpu_host_cpus(const struct cpu_analysis *a);
int cpu_ent_cmp_mean(const void *x, const void *y);

/*
 * The report tree `gclat cpu --json` prints, into root: input, machine,
 * processes, process_detail, series, spikes, categories, thread_totals,
 * groups, threads. Returns the table --csv writes. It hands the processes'
 * JSON series over to the tree, so it is called once per analysis.
 */
struct report_node *cpu_analysis_report(struct cpu_analysis *a, char *const *files, int nfiles,
                                        struct report_node *root);
/* steal, iowait, host-saturated, spikes, GC and JIT shares (docs/cpu.md). */
void cpu_analysis_findings(const struct cpu_analysis *a, struct findings *out);

/* How far a --thread-dump is from the capture. */
struct cpu_dump_gap {
    bool known;
    const char *why; /* when not known (static) */
    int gap_s;       /* 0 inside the capture */
};
/* The "thread_dump" object: threads named, the dump's timestamp, the gap. */
void cpu_thread_dump_report(const struct cpu_analysis *a, const char *path, struct report_node *root,
                            struct cpu_dump_gap *gap);

/*
 * The whole tree: the analysis's report with its findings after "input",
 * the unparsed lines, and with o.names the thread_dump object (gap in *gap).
 * *csv gets the --csv table.
 */
struct report_node *cpu_build_report(struct cpu_analysis *a, const struct diag *d, char *const *files,
                                     int nfiles, const char *dump_path, struct cpu_dump_gap *gap,
                                     struct report_node **csv);

#endif
