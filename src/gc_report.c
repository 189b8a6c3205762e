/*
 * gc_report.c — the GC analysis as a report tree (JSON keys are a stable
 * interface: docs/json.md). Durations are shown in ms with 3 decimals,
 * sizes in KB or MB as the key says.
 */
#include "gc_analysis.h"
#include "timeparse.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double pause_pcts[] = {50, 90, 95, 99, 99.9, 100};

static double ms(int64_t ns)
{
    return (double)ns / 1e6;
}

static void pct_key(double p, char *buf, size_t n)
{
    snprintf(buf, n, "p%g", p);
}

/* Describe a moment: ISO wall time when known, else uptime seconds. */
void gc_format_moment(int64_t t_ns, int64_t wall_ms, int32_t tz, char *buf, size_t n);
void gc_format_moment(int64_t t_ns, int64_t wall_ms, int32_t tz, char *buf, size_t n)
{
    if (wall_ms >= 0)
        format_iso8601(wall_ms, tz, buf, n);
    else if (t_ns >= 0)
        snprintf(buf, n, "uptime %.3fs", (double)t_ns / 1e9);
    else
        snprintf(buf, n, "unknown time");
}

/*
 * A figure the log cannot give: null in JSON, and in the text the reason in
 * its place (two nodes under one key, each hidden from the other renderer).
 */
static struct report_node *unknown_because(struct report_node *o, const char *key, const char *title,
                                           const char *why)
{
    struct report_node *n = rn_flags(rn_null(o, key), RF_NOTEXT);
    if (title)
        rn_title(n, title);
    rn_title(rn_flags(rn_str(o, key, why), RF_NOJSON), title ? title : key);
    return n;
}

static struct report_node *not_in_log(const struct gc_analysis *a, struct report_node *o, const char *key,
                                      const char *title, unsigned lack)
{
    char why[256];
    gc_analysis_lack_text(a, lack, why, sizeof why);
    return unknown_because(o, key, title, why);
}

static void add_percentiles(struct report_node *o, const struct hist *h)
{
    struct report_node *p = rn_obj(o, "percentiles");
    rn_title(p, "Percentiles (ms)");
    for (size_t i = 0; i < ARRAY_LEN(pause_pcts); i++) {
        char k[16];
        pct_key(pause_pcts[i], k, sizeof k);
        rn_num(p, k, h->total ? ms(hist_percentile(h, pause_pcts[i])) : NAN, 3);
    }
}

static void table_rows(struct report_node *arr, const struct gc_table *t, const char *name_key,
                       bool with_kind, bool with_pct)
{
    /* largest total first: where the time went */
    size_t n = t->n;
    const struct gc_named **order = xmalloc((n ? n : 1) * sizeof *order);
    for (size_t i = 0; i < n; i++)
        order[i] = &t->rows[i];
    for (size_t i = 1; i < n; i++) {
        const struct gc_named *x = order[i];
        size_t j = i;
        while (j > 0 && (order[j - 1]->total_ns < x->total_ns ||
                         (order[j - 1]->total_ns == x->total_ns && order[j - 1]->count < x->count))) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = x;
    }
    for (size_t i = 0; i < n; i++) {
        const struct gc_named *r = order[i];
        struct report_node *o = rn_obj(arr, NULL);
        rn_str(o, name_key, r->name);
        if (with_kind)
            rn_str(o, "kind", gc_kind_name(r->kind));
        rn_int(o, "count", (int64_t)r->count);
        rn_num(o, "total_ms", ms(r->total_ns), 3);
        rn_num(o, "mean_ms", r->count ? ms(r->total_ns) / (double)r->count : 0, 3);
        if (with_pct) {
            rn_num(o, "min_ms", r->count && r->min_ns != INT64_MAX ? ms(r->min_ns) : 0, 3);
            rn_num(o, "p99_ms", r->h && r->h->total ? ms(hist_percentile(r->h, 99)) : 0, 3);
        }
        rn_num(o, "max_ms", ms(r->max_ns), 3);
    }
    free(order);
}

static void report_pauses_unknown(const struct gc_analysis *a, struct report_node *root)
{
    struct report_node *p = rn_obj(root, "pauses");
    rn_title(p, "Stop-the-world pauses");
    not_in_log(a, p, "count", NULL, GC_LACKS_PAUSES);
    static const char *const keys[] = {"total_ms", "min_ms", "mean_ms", "max_ms", "stddev_ms"};
    for (size_t i = 0; i < ARRAY_LEN(keys); i++)
        rn_flags(rn_null(p, keys[i]), RF_NOTEXT);
    struct report_node *pc = rn_flags(rn_obj(p, "percentiles"), RF_NOTEXT);
    for (size_t i = 0; i < ARRAY_LEN(pause_pcts); i++) {
        char k[16];
        pct_key(pause_pcts[i], k, sizeof k);
        rn_null(pc, k);
    }
    struct report_node *over = rn_flags(rn_obj(root, "over_ms"), RF_NOTEXT);
    for (int i = 0; i < a->th.n_over; i++) {
        char k[32];
        snprintf(k, sizeof k, "%g", ms(a->th.over_ns[i]));
        rn_null(over, k);
    }
}

static void report_pauses(const struct gc_analysis *a, struct report_node *root)
{
    if (gc_analysis_lacks(a) & GC_LACKS_PAUSES) {
        report_pauses_unknown(a, root);
        return;
    }
    struct report_node *p = rn_obj(root, "pauses");
    rn_title(p, "Stop-the-world pauses");
    rn_int(p, "count", (int64_t)a->pause_count);
    rn_title(rn_unit(rn_num(p, "total_ms", ms(a->pause_total_ns), 3), "ms"), "total");
    rn_title(rn_unit(rn_num(p, "min_ms", a->pause_count ? ms(a->pause_min_ns) : 0, 3), "ms"), "min");
    rn_title(rn_unit(rn_num(p, "mean_ms", a->pause_count ? ms(a->pause_total_ns) / (double)a->pause_count : 0, 3), "ms"), "mean");
    rn_title(rn_unit(rn_num(p, "max_ms", ms(a->pause_max_ns), 3), "ms"), "max");
    rn_title(rn_unit(rn_num(p, "stddev_ms", hist_stddev(&a->pause_h) / 1e6, 3), "ms"), "stddev");
    add_percentiles(p, &a->pause_h);

    struct report_node *over = rn_obj(root, "over_ms");
    rn_title(over, "Pauses longer than");
    for (int i = 0; i < a->th.n_over; i++) {
        char k[32];
        snprintf(k, sizeof k, "%g", ms(a->th.over_ns[i]));
        struct report_node *n = rn_int(over, k, (int64_t)a->over[i]);
        char t[48];
        snprintf(t, sizeof t, "> %g ms", ms(a->th.over_ns[i]));
        rn_title(n, t);
    }
}

static void report_kinds(const struct gc_analysis *a, struct report_node *root)
{
    struct report_node *arr = rn_arr(root, "pause_kinds");
    rn_title(arr, "Pause kinds");
    rn_flags(arr, RF_TABLE);
    table_rows(arr, &a->by_name, "name", true, true);

    struct report_node *k = rn_obj(root, "kinds");
    rn_flags(k, RF_NOTEXT);
    for (int i = 0; i < GC_KIND__COUNT; i++) {
        if (!a->kind[i].count)
            continue;
        struct report_node *o = rn_obj(k, gc_kind_name((enum gc_kind)i));
        rn_int(o, "count", (int64_t)a->kind[i].count);
        rn_num(o, "total_ms", ms(a->kind[i].total_ns), 3);
        rn_num(o, "max_ms", ms(a->kind[i].max_ns), 3);
    }

    struct report_node *c = rn_obj(root, "cycles");
    rn_title(c, "Collections");
    /* Collections of STW collectors are their pauses; concurrent collectors
       (ZGC, Shenandoah) log one cycle line per collection. */
    uint64_t count = a->collections + a->cycle_events;
    if (a->distinct_gc_ids > count)
        count = a->distinct_gc_ids;
    rn_int(c, "count", (int64_t)count);
    rn_title(rn_int(c, "collections", (int64_t)gc_analysis_collections(a)),
             "collections (stop-the-world + cycles)");
    rn_title(rn_int(c, "stw_collections", (int64_t)a->collections), "stop-the-world collections");
    rn_title(rn_int(c, "concurrent_cycles", (int64_t)(a->cycle_events + a->conc_cycles_started)),
             "concurrent cycles");
    rn_title(rn_int(c, "gc_ids", (int64_t)a->distinct_gc_ids), "distinct GC ids");

    struct report_node *ck = rn_arr(c, "by_name");
    rn_title(ck, "Concurrent collector cycles");
    rn_flags(ck, RF_TABLE);
    table_rows(ck, &a->cycle_names, "name", false, false);

    struct report_node *cc = rn_arr(root, "concurrent_phases");
    rn_title(cc, "Concurrent phases (application keeps running)");
    rn_flags(cc, RF_TABLE);
    table_rows(cc, &a->concurrent, "name", false, false);
}

static double throughput_of(int64_t pause_ns, int64_t span_ns)
{
    if (span_ns <= 0)
        return NAN;
    double t = 100.0 * (1.0 - (double)pause_ns / (double)span_ns);
    return t < 0 ? 0 : t;
}

static void where(struct report_node *o, const char *key, const char *file, uint64_t line)
{
    char buf[512];
    if (!file) {
        rn_null(o, key);
        return;
    }
    snprintf(buf, sizeof buf, "%s:%llu", file, (unsigned long long)line);
    rn_str(o, key, buf);
}

static void wall_or_null(struct report_node *o, const char *key, int64_t wall_ms, int32_t tz)
{
    char buf[64];
    if (wall_ms < 0) {
        rn_null(o, key);
        return;
    }
    format_iso8601(wall_ms, tz, buf, sizeof buf);
    rn_str(o, key, buf);
}

/* "mixed" when JVM runs of different collectors were read together. */
static const char *runs_collector(const struct gc_analysis *a, const struct gc_parse_ctx *ctx)
{
    for (size_t i = 1; i < a->nruns; i++)
        if (a->runs[i].collector != a->runs[0].collector && a->runs[i].collector != GC_COLL_UNKNOWN &&
            a->runs[0].collector != GC_COLL_UNKNOWN)
            return "mixed";
    return gc_collector_name(ctx->collector);
}

/* One row per JVM run; in text only when there is more than one. */
static void report_runs(const struct gc_analysis *a, struct report_node *root)
{
    struct report_node *arr = rn_arr(root, "runs");
    rn_title(arr, "JVM runs");
    rn_flags(arr, a->segments > 1 ? RF_TABLE : RF_TABLE | RF_NOTEXT);
    for (size_t i = 0; i < a->nruns; i++) {
        const struct gc_run_stats *r = &a->runs[i];
        struct report_node *o = rn_obj(arr, NULL);
        rn_str(o, "format", r->format ? r->format : "unknown");
        rn_str(o, "collector", gc_collector_name(r->collector));
        rn_str(o, "began", r->began);
        where(o, "where", r->file, r->line);
        wall_or_null(o, "first", r->first_wall_ms, r->tz_min);
        wall_or_null(o, "last", r->last_wall_ms, r->tz_min);
        int64_t span = r->have_time ? r->end_ns - r->start_ns : 0;
        rn_num(o, "span_s", (double)span / 1e9, 3);
        rn_int(o, "events", (int64_t)r->events);
        if (gc_analysis_lacks(a) & GC_LACKS_PAUSES) {
            /* the log has no pause lines: a run's 0 pauses would be a made-up figure */
            rn_null(o, "pauses");
            rn_null(o, "pause_total_ms");
            rn_null(o, "throughput_pct");
        } else {
            rn_int(o, "pauses", (int64_t)r->pauses);
            rn_num(o, "pause_total_ms", ms(r->pause_total_ns), 3);
            rn_num(o, "throughput_pct", throughput_of(r->pause_total_ns, span), 3);
        }
    }
}

static void report_time(const struct gc_analysis *a, struct report_node *root)
{
    struct report_node *t = rn_obj(root, "time");
    rn_title(t, "Time");
    rn_title(rn_unit(rn_num(t, "span_s", (double)a->span_ns / 1e9, 3), "s"), "span");
    rn_title(rn_int(t, "segments", a->segments), "JVM runs");
    if (a->segments > (int)a->nruns)
        rn_title(rn_int(t, "runs_not_listed", a->segments - (int64_t)a->nruns), "JVM runs not listed");
    const struct gc_occurrence *b = &a->time_back;
    struct report_node *bk = rn_obj(t, "backwards");
    rn_title(bk, "Time going backwards (no sign of a JVM restart)");
    if (!b->count)
        rn_flags(bk, RF_NOTEXT); /* in text, only when it happened */
    rn_title(rn_int(bk, "count", (int64_t)b->count), "jumps back");
    rn_title(rn_int(bk, "events", (int64_t)a->time_back_events), "events logged out of time");
    rn_unit(rn_title(rn_num(bk, "max_s", b->count ? (double)b->worst_ns / 1e9 : 0, 3), "furthest back"), "s");
    where(bk, "first", b->count ? b->first_file : NULL, b->first_line);
    where(bk, "worst", b->count ? b->worst_file : NULL, b->worst_line);
    char buf[64];
    if (a->first_wall_ms >= 0) {
        format_iso8601(a->first_wall_ms, a->tz_min, buf, sizeof buf);
        rn_str(t, "first", buf);
        format_iso8601(a->last_wall_ms, a->tz_min, buf, sizeof buf);
        rn_str(t, "last", buf);
    } else {
        rn_null(t, "first");
        rn_null(t, "last");
    }
    rn_flags(rn_num(root, "throughput_pct", gc_analysis_throughput_pct(a), 3), RF_NOTEXT);

    struct report_node *f = rn_obj(root, "frequency");
    rn_title(f, "Young collection frequency");
    uint64_t young = gc_analysis_young_h(a)->total; /* young, mixed and G1 concurrent-start pauses */
    rn_int(f, "young_count", (int64_t)young);
    /* per minute: over the whole calendar minutes inside the span, both of them */
    rn_title(rn_int(f, "full_minutes", (int64_t)a->freq.full_minutes), "whole minutes in the span");
    double mean;
    uint64_t max;
    if (gc_analysis_young_per_min(a, &mean, &max)) {
        rn_title(rn_num(f, "per_min_mean", mean, 2), "per minute (mean)");
        rn_title(rn_int(f, "per_min_max", (int64_t)max), "per minute (max)");
    } else {
        const char *why = "- (the span holds no whole minute)";
        unknown_because(f, "per_min_mean", "per minute (mean)", why);
        unknown_because(f, "per_min_max", "per minute (max)", why);
    }
    const struct hist *ih = &a->young_interval_h;
    rn_unit(rn_title(rn_num(f, "interval_mean_s", ih->total ? hist_mean(ih) / 1e9 : NAN, 3), "interval (mean)"), "s");
    rn_unit(rn_title(rn_num(f, "interval_p50_s", ih->total ? (double)hist_percentile(ih, 50) / 1e9 : NAN, 3), "interval (P50)"), "s");
    rn_unit(rn_title(rn_num(f, "interval_min_s", ih->total ? (double)ih->min / 1e9 : NAN, 3), "interval (min)"), "s");
}

static void report_cpu_memory(const struct gc_analysis *a, const struct gc_parse_ctx *ctx,
                              struct report_node *root)
{
    struct report_node *c = rn_obj(root, "gc_cpu");
    rn_title(c, "GC CPU ([Times:] / gc,cpu lines)");
    if (gc_analysis_lacks(a) & GC_LACKS_CPU)
        not_in_log(a, c, "events", NULL, GC_LACKS_CPU);
    else
        rn_int(c, "events", (int64_t)a->cpu_events);
    if (a->cpu_events) {
        rn_unit(rn_num(c, "user_s", (double)a->user_ns / 1e9, 3), "s");
        rn_unit(rn_num(c, "sys_s", (double)a->sys_ns / 1e9, 3), "s");
        rn_unit(rn_num(c, "real_s", (double)a->real_ns / 1e9, 3), "s");
        rn_title(rn_num(c, "cpu_per_real", a->real_ns ? (double)(a->user_ns + a->sys_ns) / (double)a->real_ns : NAN, 2),
                 "(user+sys)/real");
        rn_unit(rn_title(rn_num(c, "cpu_share_of_span_pct",
                                a->span_ns ? 100.0 * (double)(a->user_ns + a->sys_ns) / (double)a->span_ns : NAN, 3),
                         "GC CPU / span (cores x 100)"), "%");
    }

    struct report_node *m = rn_obj(root, "memory");
    rn_title(m, "Memory");
    double alloc_s = (double)a->alloc_span_ns / 1e9; /* summed over runs */
    rn_unit(rn_title(rn_num(m, "alloc_rate_mb_s", alloc_s > 0 ? (double)a->alloc_kb / 1024.0 / alloc_s : NAN, 3),
                     "allocation rate"), "MB/s");
    rn_unit(rn_title(rn_num(m, "promotion_rate_mb_s",
                            a->promo_events && alloc_s > 0 ? (double)a->promoted_kb / 1024.0 / alloc_s : NAN, 3),
                     "promotion rate"), "MB/s");
    rn_unit(rn_num(m, "allocated_mb", alloc_s > 0 ? (double)a->alloc_kb / 1024.0 : NAN, 1), "MB");
    rn_unit(rn_num(m, "promoted_mb", a->promo_events ? (double)a->promoted_kb / 1024.0 : NAN, 1), "MB");
    int64_t hmax = a->heap_total_max_kb;
    if (ctx->heap_max_kb > hmax)
        hmax = ctx->heap_max_kb;
    /* unknown sizes are null, never a made-up -1 or 0 */
    if (hmax > 0)
        rn_unit(rn_title(rn_int(m, "heap_max_kb", hmax), "heap capacity (max seen)"), "KB");
    else
        rn_unit(rn_title(rn_null(m, "heap_max_kb"), "heap capacity (max seen)"), "KB");
    if (a->after_max_kb >= 0) {
        rn_unit(rn_title(rn_int(m, "heap_after_gc_min_kb", a->after_min_kb), "heap after GC (min)"), "KB");
        rn_unit(rn_title(rn_int(m, "heap_after_gc_max_kb", a->after_max_kb), "heap after GC (max)"), "KB");
    } else if (gc_analysis_lacks(a) & GC_LACKS_HEAP) {
        not_in_log(a, m, "heap_after_gc_min_kb", "heap after GC (min)", GC_LACKS_HEAP);
        not_in_log(a, m, "heap_after_gc_max_kb", "heap after GC (max)", GC_LACKS_HEAP);
    } else {
        rn_unit(rn_title(rn_null(m, "heap_after_gc_min_kb"), "heap after GC (min)"), "KB");
        rn_unit(rn_title(rn_null(m, "heap_after_gc_max_kb"), "heap after GC (max)"), "KB");
    }
    struct report_node *l = rn_obj(m, "live_set_after_full");
    rn_title(l, "Live set (heap after full GC)");
    rn_int(l, "count", (int64_t)a->full_after_n);
    if (a->full_after_n) {
        rn_unit(rn_num(l, "first_mb", (double)a->full_after_first_kb / 1024.0, 1), "MB");
        rn_unit(rn_num(l, "last_mb", (double)a->full_after_last_kb / 1024.0, 1), "MB");
        rn_unit(rn_num(l, "max_mb", (double)a->full_after_max_kb / 1024.0, 1), "MB");
    }
    double n = (double)a->full_after_n;
    double den = n * a->fa_sum_tt - a->fa_sum_t * a->fa_sum_t;
    double slope = a->full_after_n >= 3 && den > 0 ? (n * a->fa_sum_ty - a->fa_sum_t * a->fa_sum_y) / den : NAN;
    rn_unit(rn_title(rn_num(l, "trend_mb_per_hour", slope / 1024.0, 3), "trend"), "MB/h");
}

/* Causes: collections per cause (what the counts sum to), and the pauses
   that carry the cause with their time; most pause time first. */
static void cause_rows(const struct gc_analysis *a, struct report_node *root)
{
    struct report_node *arr = rn_arr(root, "causes");
    rn_title(arr, "Causes");
    rn_flags(arr, RF_TABLE);
    const struct gc_cause_table *t = &a->causes;
    size_t n = t->n;
    const struct gc_cause_row **order = xmalloc((n ? n : 1) * sizeof *order);
    for (size_t i = 0; i < n; i++)
        order[i] = &t->rows[i];
    for (size_t i = 1; i < n; i++) {
        const struct gc_cause_row *x = order[i];
        size_t j = i;
        while (j > 0 && (order[j - 1]->pause_total_ns < x->pause_total_ns ||
                         (order[j - 1]->pause_total_ns == x->pause_total_ns &&
                          order[j - 1]->collections < x->collections))) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = x;
    }
    bool lacks_pauses = gc_analysis_lacks(a) & GC_LACKS_PAUSES;
    for (size_t i = 0; i < n; i++) {
        const struct gc_cause_row *r = order[i];
        struct report_node *o = rn_obj(arr, NULL);
        rn_str(o, "cause", r->cause);
        rn_str(o, "class", gc_cause_class_name(r->cls));
        rn_title(rn_int(o, "count", (int64_t)r->collections), "collections");
        if (lacks_pauses) {
            /* the pause columns would be zeros the log cannot vouch for */
            rn_flags(rn_null(o, "pauses"), RF_NOTEXT);
            rn_flags(rn_null(o, "total_ms"), RF_NOTEXT);
            rn_flags(rn_null(o, "mean_ms"), RF_NOTEXT);
            rn_flags(rn_null(o, "max_ms"), RF_NOTEXT);
            continue;
        }
        rn_int(o, "pauses", (int64_t)r->pauses);
        rn_title(rn_num(o, "total_ms", ms(r->pause_total_ns), 3), "pause total_ms");
        rn_title(rn_num(o, "mean_ms", r->pauses ? ms(r->pause_total_ns) / (double)r->pauses : NAN, 3),
                 "pause mean_ms");
        rn_title(rn_num(o, "max_ms", r->pauses ? ms(r->pause_max_ns) : NAN, 3), "pause max_ms");
    }
    free(order);
}

static void report_causes_stalls(const struct gc_analysis *a, struct report_node *root)
{
    cause_rows(a, root);

    struct report_node *s = rn_obj(root, "alloc_stalls");
    rn_title(s, "Allocation stalls (threads waiting for memory)");
    rn_int(s, "count", (int64_t)a->stall_count);
    rn_unit(rn_num(s, "total_ms", ms(a->stall_total_ns), 3), "ms");
    rn_unit(rn_num(s, "max_ms", ms(a->stall_max_ns), 3), "ms");
    rn_unit(rn_num(s, "p99_ms", a->stall_count ? ms(hist_percentile(&a->stall_h, 99)) : 0, 3), "ms");
    rn_int(s, "relocation_stalls", (int64_t)a->reloc_stall_count);
    rn_title(rn_int(s, "cycles_caused", (int64_t)a->alloc_stall_cycles.count),
             "collections caused (cause Allocation Stall)");
    struct report_node *so = rn_obj(s, "over_ms");
    rn_title(so, "Allocation stalls longer than");
    for (int i = 0; i < a->th.n_over; i++) {
        char k[32], t[48];
        snprintf(k, sizeof k, "%g", ms(a->th.over_ns[i]));
        snprintf(t, sizeof t, "> %g ms", ms(a->th.over_ns[i]));
        rn_title(rn_int(so, k, (int64_t)a->stall_over[i]), t);
    }
    struct report_node *t = rn_arr(s, "threads");
    rn_title(t, "Stalled threads");
    rn_flags(t, RF_TABLE);
    table_rows(t, &a->stall_threads, "thread", false, false);

    struct report_node *sp = rn_obj(root, "safepoints");
    rn_title(sp, "Safepoints (all VM operations, GC included)");
    if (gc_analysis_lacks(a) & GC_LACKS_SAFEPOINTS)
        not_in_log(a, sp, "count", NULL, GC_LACKS_SAFEPOINTS);
    else
        rn_int(sp, "count", (int64_t)a->sp_count);
    if (a->sp_count) {
        rn_unit(rn_num(sp, "total_ms", ms(a->sp_total_ns), 3), "ms");
        rn_unit(rn_num(sp, "max_ms", ms(a->sp_max_ns), 3), "ms");
        rn_unit(rn_title(rn_num(sp, "ttsp_max_ms", ms(a->sp_ttsp_max_ns), 3), "time to safepoint (max)"), "ms");
        /* Only meaningful when the safepoint lines cover every GC pause. */
        bool covers = a->sp_count >= a->pause_count && a->sp_total_ns >= a->pause_total_ns;
        rn_unit(rn_title(rn_num(sp, "non_gc_ms", covers ? ms(a->sp_total_ns - a->pause_total_ns) : NAN, 3),
                         "stopped time beyond GC pauses"), "ms");
    }
}

static void report_by(const struct gc_analysis *a, struct report_node *root)
{
    if (a->by == GC_BY_NONE)
        return;
    struct report_node *arr = rn_arr(root, "by");
    rn_title(arr, a->by == GC_BY_DAY ? "Pauses by day" : a->by == GC_BY_HOUR ? "Pauses by hour" : "Pauses by minute");
    rn_flags(arr, RF_TABLE);
    bool lacks_pauses = gc_analysis_lacks(a) & GC_LACKS_PAUSES;
    for (size_t i = 0; i < a->nbuckets; i++) {
        const struct gc_bucket *b = &a->buckets[i];
        struct report_node *o = rn_obj(arr, NULL);
        char buf[64];
        if (a->time_is_wall) {
            format_local_time(b->key, 0, buf, sizeof buf);
            buf[a->by == GC_BY_DAY ? 10 : a->by == GC_BY_HOUR ? 13 : 16] = '\0';
        } else if (a->by == GC_BY_MINUTE) {
            snprintf(buf, sizeof buf, "+%lldm", (long long)(b->key / 60000));
        } else {
            snprintf(buf, sizeof buf, "+%lldh", (long long)(b->key / 3600000));
        }
        rn_str(o, "period", buf);
        if (lacks_pauses) {
            rn_null(o, "pauses");
            rn_null(o, "total_ms");
            rn_null(o, "max_ms");
            rn_null(o, "full");
        } else {
            rn_int(o, "pauses", (int64_t)b->pauses);
            rn_num(o, "total_ms", ms(b->total_ns), 3);
            rn_num(o, "max_ms", ms(b->max_ns), 3);
            rn_int(o, "full", (int64_t)b->full);
        }
        if (b->heap_after_max_kb >= 0) {
            rn_title(rn_num(o, "heap_after_min_mb", (double)b->heap_after_min_kb / 1024.0, 1), "after GC min MB");
            rn_title(rn_num(o, "heap_after_max_mb", (double)b->heap_after_max_kb / 1024.0, 1), "after GC max MB");
        } else {
            rn_title(rn_null(o, "heap_after_min_mb"), "after GC min MB");
            rn_title(rn_null(o, "heap_after_max_mb"), "after GC max MB");
        }
        for (int j = 0; j < a->th.n_over; j++) {
            char k[32];
            snprintf(k, sizeof k, "over_%gms", ms(a->th.over_ns[j]));
            char t[40];
            snprintf(t, sizeof t, ">%s", k + 5);
            if (lacks_pauses)
                rn_title(rn_null(o, k), t);
            else
                rn_title(rn_int(o, k, (int64_t)b->over[j]), t);
        }
        /* allocation stalls apart from pauses; columns shown in text only
           when the log has stalls */
        unsigned st = a->stall_count ? 0 : RF_NOTEXT;
        rn_flags(rn_int(o, "stalls", (int64_t)b->stalls), st);
        rn_flags(rn_title(rn_num(o, "stall_total_ms", ms(b->stall_total_ns), 3), "stall ms"), st);
        rn_flags(rn_title(rn_num(o, "stall_max_ms", ms(b->stall_max_ns), 3), "stall max"), st);
        for (int j = 0; j < a->th.n_over; j++) {
            char k[40], t[48];
            snprintf(k, sizeof k, "stalls_over_%gms", ms(a->th.over_ns[j]));
            snprintf(t, sizeof t, "stalls>%gms", ms(a->th.over_ns[j]));
            rn_flags(rn_title(rn_int(o, k, (int64_t)b->stall_over[j]), t), st);
        }
    }
}

void gc_analysis_report(const struct gc_analysis *a, const struct gc_parse_ctx *ctx,
                        const char *jvm_format, struct report_node *root)
{
    struct report_node *s = rn_obj(root, "summary");
    rn_title(s, "GC log summary");
    rn_flags(s, RF_NOJSON);
    const char *collector = runs_collector(a, ctx);
    rn_str(s, "collector", collector);
    rn_str(s, "format", jvm_format);
    if (ctx->jvm_version)
        rn_str(s, "jvm", ctx->jvm_version);
    rn_unit(rn_num(s, "span", (double)a->span_ns / 1e9, 3), "s");
    char buf[256];
    if (gc_analysis_lacks(a) & GC_LACKS_PAUSES) {
        gc_analysis_lack_text(a, GC_LACKS_PAUSES, buf, sizeof buf);
        rn_str(s, "pauses", buf);
        rn_str(s, "throughput", "unknown (no pause lines)");
    } else {
        snprintf(buf, sizeof buf, "%llu, %.3f ms in total, max %.3f ms",
                 (unsigned long long)a->pause_count, ms(a->pause_total_ns), ms(a->pause_max_ns));
        rn_str(s, "pauses", buf);
        rn_unit(rn_title(rn_num(s, "throughput", gc_analysis_throughput_pct(a), 3), "throughput"),
                "% of wall time outside GC pauses");
    }

    rn_flags(rn_str(root, "collector", collector), RF_NOTEXT);
    rn_flags(rn_str(root, "jvm_format", jvm_format), RF_NOTEXT);
    rn_flags(rn_str(root, "jvm_version", ctx->jvm_version), RF_NOTEXT);
    report_time(a, root);
    report_runs(a, root);
    report_pauses(a, root);
    report_kinds(a, root);
    report_by(a, root);
    report_causes_stalls(a, root);
    report_cpu_memory(a, ctx, root);
}
