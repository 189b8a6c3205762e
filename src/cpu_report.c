/*
 * cpu_report.c — the report tree of a CPU analysis (cpu_analysis.h), the
 * one `gclat cpu --json` prints and compare/report put under a run: the
 * machine's summary lines, processes busiest first with a detail block and
 * a JSON series each for the first five, spikes, thread categories, pool
 * groups and threads; and the --thread-dump join (names, the time gap).
 */
#include "cpu_analysis.h"
#include "diag.h"
#include "finding.h"
#include "stats.h"
#include "td_names.h"
#include "td_time.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static void ent_row(struct report_node *o, const struct cpu_ent *e, bool thread)
{
    rn_int(o, thread ? "tid" : "pid", e->id);
    rn_str(o, thread ? "name" : "command", e->name);
    if (thread) {
        rn_str(o, "category", tcat_names[e->cat]);
        rn_str(o, "group", e->group);
    }
    rn_int(o, "samples", (int64_t)e->cpu.total);
    rn_title(rn_num(o, "cpu_mean_pct", hist_mean(&e->cpu) / 100, 2), "mean %CPU");
    rn_title(rn_num(o, "cpu_stddev_pct", hist_stddev(&e->cpu) / 100, 2), "stddev");
    rn_title(rn_num(o, "cores_mean", hist_mean(&e->cpu) / 10000, 3), "cores");
    rn_title(rn_num(o, "cpu_p50_pct", (double)hist_percentile(&e->cpu, 50) / 100, 1), "P50");
    rn_title(rn_num(o, "cpu_p99_pct", (double)hist_percentile(&e->cpu, 99) / 100, 1), "P99");
    rn_title(rn_num(o, "cpu_max_pct", (double)e->max_x100 / 100, 1), "max");
    rn_title(rn_str(o, "max_at", e->max_when), "max at");
    if (e->ticks > 0 || !thread)
        rn_flags(rn_int(o, "cpu_ticks", e->ticks), RF_NOTEXT);
}

static void proc_detail(struct report_node *arr, const struct cpu_analysis *a, const struct cpu_ent *e)
{
    struct report_node *o = rn_obj(arr, NULL);
    char *t = xasprintf("process %lld (%s)", (long long)e->id, e->name);
    rn_title(o, t);
    free(t);
    rn_int(o, "pid", e->id);
    rn_str(o, "command", e->name);
    rn_int(o, "samples", (int64_t)e->cpu.total);
    rn_str(o, "first", e->first_when);
    rn_str(o, "last", e->last_when);
    rn_unit(rn_title(rn_num(o, "cpu_mean_pct", hist_mean(&e->cpu) / 100, 2), "mean %CPU"), "%");
    rn_unit(rn_title(rn_num(o, "cpu_stddev_pct", hist_stddev(&e->cpu) / 100, 2), "stddev %CPU"),
            "%");
    rn_title(rn_num(o, "cores_mean", hist_mean(&e->cpu) / 10000, 4), "mean cores used");
    rn_title(rn_num(o, "cores_stddev", hist_stddev(&e->cpu) / 10000, 4), "stddev cores");
    rn_unit(rn_title(rn_num(o, "cpu_max_pct", (double)e->max_x100 / 100, 2), "max %CPU"), "%");
    rn_title(rn_str(o, "max_at", e->max_when), "max at");
    char *sl = xasprintf("samples over %.0f%%", (double)a->o.over_x100 / 100);
    rn_title(rn_int(o, "spikes", (int64_t)e->spikes), sl);
    free(sl);
    if (e->ticks > 0)
        rn_title(rn_int(o, "cpu_ticks", e->ticks), "CPU ticks (utime+stime)");
    if (e->res_first >= 0) {
        rn_unit(rn_title(rn_num(o, "res_first_mib", (double)e->res_first / 1024, 1), "RES first"),
                "MiB");
        rn_unit(rn_title(rn_num(o, "res_last_mib", (double)e->res_last / 1024, 1), "RES last"),
                "MiB");
        rn_unit(rn_title(rn_num(o, "res_min_mib", (double)e->res_min / 1024, 1), "RES min"), "MiB");
        rn_unit(rn_title(rn_num(o, "res_max_mib", (double)e->res_max / 1024, 1), "RES max"), "MiB");
    }
    if (e->virt_first >= 0) {
        rn_unit(rn_title(rn_num(o, "virt_first_mib", (double)e->virt_first / 1024, 1),
                         "VIRT first"), "MiB");
        rn_unit(rn_title(rn_num(o, "virt_last_mib", (double)e->virt_last / 1024, 1), "VIRT last"),
                "MiB");
        rn_unit(rn_title(rn_num(o, "virt_max_mib", (double)e->virt_max / 1024, 1), "VIRT max"),
                "MiB");
    }
    struct report_node *pt = rn_flags(rn_title(rn_arr(o, "percentiles"), "percentiles"), RF_TABLE);
    for (int i = 0; i < STATS_NPCT; i++) {
        struct report_node *r = rn_obj(pt, NULL);
        rn_str(r, "percentile", stats_pct_names[i]);
        int64_t v = hist_percentile(&e->cpu, stats_pcts[i]);
        rn_title(rn_num(r, "cpu_pct", (double)v / 100, 2), "%CPU");
        rn_num(r, "cores", (double)v / 10000, 4);
    }
}


static void machine_report(const struct cpu_analysis *a, struct report_node *root)
{
    struct report_node *m = rn_title(rn_obj(root, "machine"), "Machine");
    rn_int(m, "samples", (int64_t)a->mcpu_n);
    if (a->mcpu_n) {
        struct report_node *t = rn_flags(rn_title(rn_arr(m, "cpu"), "%Cpu(s)"), RF_TABLE);
        for (int k = 0; k < 8; k++) {
            struct report_node *r = rn_obj(t, NULL);
            rn_str(r, "field", top_cpu_names[k]);
            rn_num(r, "mean", hist_mean(&a->mcpu[k]) / 100, 2);
            rn_num(r, "stddev", hist_stddev(&a->mcpu[k]) / 100, 2);
            rn_num(r, "p50", (double)hist_percentile(&a->mcpu[k], 50) / 100, 1);
            rn_num(r, "p99", (double)hist_percentile(&a->mcpu[k], 99) / 100, 1);
            rn_num(r, "max", (double)a->mcpu[k].max / 100, 1);
        }
    }
    if (a->load[0].total) {
        struct report_node *t = rn_flags(rn_title(rn_arr(m, "load"), "load average"), RF_TABLE);
        static const char *ln[3] = {"1m", "5m", "15m"};
        for (int k = 0; k < 3; k++) {
            struct report_node *r = rn_obj(t, NULL);
            rn_str(r, "window", ln[k]);
            rn_num(r, "mean", hist_mean(&a->load[k]) / 100, 2);
            rn_num(r, "min", (double)a->load[k].min / 100, 2);
            rn_num(r, "max", (double)a->load[k].max / 100, 2);
        }
    }
    if (a->mem_used.total) {
        rn_unit(rn_title(rn_num(m, "mem_total_mib", a->mem_total_mib, 1), "memory total"), "MiB");
        rn_unit(rn_title(rn_num(m, "mem_used_mean_mib", hist_mean(&a->mem_used) / 10, 1), "memory used mean"),
                "MiB");
        rn_unit(rn_title(rn_num(m, "mem_used_max_mib", (double)a->mem_used.max / 10, 1), "memory used max"),
                "MiB");
    }
    if (cpu_host_cpus(a) > 0)
        rn_title(rn_int(m, "cpus", cpu_host_cpus(a)), a->o.cpus ? "CPUs (--cpus)" : "CPUs (per-CPU lines)");
}

/* The processes' series move from the analysis's holder into the tree. */
static void series_report(struct cpu_analysis *a, struct report_node *root)
{
    struct report_node *ser = rn_flags(rn_arr(root, "series"), RF_NOTEXT);
    for (size_t i = 0; i < a->procs.n && i < CPU_DETAIL_PROCS; i++) {
        struct report_node *o = rn_obj(ser, NULL);
        rn_int(o, "pid", a->procs.e[i].id);
        struct report_node *s = a->procs.e[i].series;
        if (s) {
            struct report_node *dst = rn_arr(o, "samples");
            dst->first = s->first;
            dst->last = s->last;
            for (struct report_node *c = s->first; c; c = c->next)
                c->parent = dst;
            s->first = s->last = NULL;
        }
    }
}

static void spikes_report(const struct cpu_analysis *a, struct report_node *root)
{
    char *t = xasprintf("Samples over %.0f%% (first %d)", (double)a->o.over_x100 / 100, CPU_MAX_SPIKES_LISTED);
    struct report_node *st = rn_flags(rn_title(rn_arr(root, "spikes"), t), RF_TABLE);
    free(t);
    for (size_t i = 0; i < a->nspikes; i++) {
        struct report_node *r = rn_obj(st, NULL);
        rn_str(r, "when", a->spikes[i].when);
        rn_int(r, "pid", a->spikes[i].id);
        rn_str(r, "command", a->spikes[i].name);
        rn_title(rn_num(r, "cpu_pct", (double)a->spikes[i].cpu_x100 / 100, 1), "%CPU");
    }
}

/* Mean %CPU per thread frame of a sum of samples. */
static double per_frame(const struct cpu_analysis *a, long double sum_x100)
{
    return a->thread_frames ? (double)sum_x100 / 100 / (double)a->thread_frames : 0;
}

/* categories, thread_totals, groups, threads; returns the threads table (--csv). */
static struct report_node *threads_report(const struct cpu_analysis *a, struct report_node *root)
{
    bool ticks = a->thread_total_ticks > 0;
    struct report_node *ct = rn_flags(rn_title(rn_arr(root, "categories"), "Thread categories"), RF_TABLE);
    double tot = (double)a->thread_total_x100;
    for (int c = 0; c < TC_N; c++) {
        if (!a->cat_threads[c])
            continue;
        struct report_node *r = rn_obj(ct, NULL);
        rn_str(r, "category", tcat_names[c]);
        rn_int(r, "threads", a->cat_threads[c]);
        rn_title(rn_num(r, "cpu_mean_pct", per_frame(a, a->cat_x100[c]), 2), "mean %CPU");
        rn_title(rn_num(r, "share_pct", tot > 0 ? 100.0 * (double)a->cat_x100[c] / tot : 0, 2),
                 "share of JVM CPU %");
        /* exact sum of the samples' %CPU: lets a reader check that the
           categories add up to the thread total */
        rn_flags(rn_num(r, "cpu_pct_sum", (double)a->cat_x100[c] / 100, 2), RF_NOTEXT);
        if (ticks)
            rn_title(rn_int(r, "cpu_ticks", a->cat_ticks[c]), "ticks");
    }
    struct report_node *tt = rn_title(rn_obj(root, "thread_totals"), "Thread totals");
    rn_int(tt, "threads", (int64_t)a->threads.n);
    rn_title(rn_num(tt, "cpu_mean_pct", per_frame(a, a->thread_total_x100), 2), "mean %CPU, all threads");
    rn_flags(rn_num(tt, "cpu_pct_sum", (double)a->thread_total_x100 / 100, 2), RF_NOTEXT);
    if (ticks) {
        rn_title(rn_int(tt, "thread_ticks", a->thread_total_ticks), "thread ticks");
        rn_title(rn_int(tt, "process_ticks", a->proc_total_ticks), "process ticks");
    }
    double gc = tot > 0 ? 100.0 * (double)a->cat_x100[TC_GC] / tot : 0;
    rn_title(rn_num(tt, "gc_share_pct", gc, 2), "GC share of JVM CPU %");

    struct report_node *gt = rn_flags(rn_title(rn_arr(root, "groups"), "Thread groups"), RF_TABLE);
    for (size_t i = 0; i < a->ngroups; i++) {
        struct report_node *r = rn_obj(gt, NULL);
        rn_str(r, "group", a->groups[i].name);
        rn_str(r, "category", tcat_names[a->groups[i].cat]);
        rn_int(r, "threads", a->groups[i].threads);
        rn_title(rn_num(r, "cpu_mean_pct", per_frame(a, a->groups[i].sum_x100), 2), "mean %CPU");
        rn_title(rn_num(r, "share_pct", tot > 0 ? 100.0 * (double)a->groups[i].sum_x100 / tot : 0, 2), "share %");
    }
    bool cut = a->o.top_n > 0 && (size_t)a->o.top_n < a->threads.n;
    struct report_node *th = rn_title(rn_arr(root, "threads"), "Threads");
    for (size_t i = 0; i < a->threads.n; i++)
        ent_row(rn_obj(th, NULL), &a->threads.e[i], true);
    if (cut) {
        /* text shows the busiest --top N; JSON and CSV keep every thread */
        rn_flags(th, RF_NOTEXT);
        char *t = xasprintf("Threads (top %d of %zu by CPU)", a->o.top_n, a->threads.n);
        struct report_node *tt2 = rn_flags(rn_title(rn_arr(root, "threads_top"), t), RF_TABLE | RF_NOJSON);
        free(t);
        for (size_t i = 0; i < (size_t)a->o.top_n; i++)
            ent_row(rn_obj(tt2, NULL), &a->threads.e[i], true);
    } else {
        rn_flags(th, RF_TABLE);
    }
    return th;
}

struct report_node *cpu_analysis_report(struct cpu_analysis *a, char *const *files, int nfiles,
                                        struct report_node *root)
{
    if (!a->finished)
        cpu_analysis_finish(a);
    struct report_node *in = rn_title(rn_obj(root, "input"), "gclat cpu");
    struct report_node *fl = rn_arr(in, "files");
    for (int i = 0; i < nfiles; i++)
        rn_str(fl, NULL, files[i]);
    rn_int(in, "frames", (int64_t)a->frames);
    rn_title(rn_int(in, "thread_frames", (int64_t)a->thread_frames), "thread-view frames");
    rn_str(in, "first", a->first_when);
    rn_str(in, "last", a->last_when);
    if (a->self_wall_us > 0)
        rn_title(rn_num(in, "sampler_cpu_pct_of_one_core", 100.0 * (double)a->self_cpu_us / (double)a->self_wall_us,
                        3),
                 "sampler's own CPU (% of one core)");
    if (a->mcpu_n || a->load[0].total)
        machine_report(a, root);
    struct report_node *pt = rn_flags(rn_title(rn_arr(root, "processes"), "Processes"), RF_TABLE);
    for (size_t i = 0; i < a->procs.n; i++)
        ent_row(rn_obj(pt, NULL), &a->procs.e[i], false);
    struct report_node *pd = rn_title(rn_arr(root, "process_detail"), "Process detail");
    for (size_t i = 0; i < a->procs.n && i < CPU_DETAIL_PROCS; i++)
        proc_detail(pd, a, &a->procs.e[i]);
    series_report(a, root);
    if (a->nspikes)
        spikes_report(a, root);
    return a->threads.n ? threads_report(a, root) : pt;
}

/*
 * --thread-dump with top -H FILEs: how many threads it named, and how far the
 * dump's clock is from the capture (0 inside it); the caller warns past
 * TD_GAP_WARN_S.
 */
void cpu_thread_dump_report(const struct cpu_analysis *a, const char *path, struct report_node *root,
                            struct cpu_dump_gap *gap)
{
    const struct td_names *names = a->o.names;
    memset(gap, 0, sizeof *gap);
    struct report_node *o = rn_title(rn_obj(root, "thread_dump"), "Thread names from --thread-dump");
    rn_str(o, "file", path);
    rn_int(o, "dump_threads_with_tid", (int64_t)names->with_tid);
    rn_title(rn_int(o, "named_threads", a->named_threads), "top threads named from the dump");
    rn_title(rn_int(o, "unnamed_threads", (int64_t)a->threads.n - a->named_threads), "top threads not in the dump");
    if (names->timestamp)
        rn_str(o, "dump_timestamp", names->timestamp);
    int t0, t1, td;
    bool u0, u1, ud;
    const char *why = NULL;
    if (!names->timestamp || !td_time_of_day(names->timestamp, &td, &ud))
        why = "the dump has no timestamp";
    else if (!td_time_of_day(a->first_when, &t0, &u0) || !td_time_of_day(a->last_when, &t1, &u1))
        why = "the capture has no HH:MM:SS times";
    else if (ud != u0)
        why = "one clock is UTC, the other local";
    if (why) {
        rn_title(rn_null(o, "gap_s"), "gap to the capture");
        rn_title(rn_str(o, "gap_unknown", why), "gap unknown");
        gap->why = why;
        return;
    }
    int g0 = td_tod_gap_s(td, t0), g1 = td_tod_gap_s(td, t1);
    gap->known = true;
    gap->gap_s = t0 <= t1 && td >= t0 && td <= t1 ? 0 : g0 < g1 ? g0 : g1;
    rn_title(rn_unit(rn_int(o, "gap_s", gap->gap_s), "s"), "gap to the capture (0 = inside it)");
}

struct report_node *cpu_build_report(struct cpu_analysis *a, const struct diag *d, char *const *files,
                                     int nfiles, const char *dump_path, struct cpu_dump_gap *gap,
                                     struct report_node **csv)
{
    struct report_node *root = rn_root();
    *csv = cpu_analysis_report(a, files, nfiles, root);
    struct findings fnd;
    findings_init(&fnd);
    cpu_analysis_findings(a, &fnd);
    rn_move_after(root, finding_report(&fnd, root, FINDING_STYLE_TABLE), rn_get(root, "input"));
    findings_fini(&fnd);
    diag_report(d, root, "unparsed_lines");
    memset(gap, 0, sizeof *gap);
    if (a->o.names)
        cpu_thread_dump_report(a, dump_path, root, gap);
    return root;
}
