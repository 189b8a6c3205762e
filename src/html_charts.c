/*
 * html_charts.c — the report's charts (see html_charts.h). Invariants: the
 * per-event path does constant work into fixed-size column grids; nothing
 * here keeps an event. Time on the x axis is epoch seconds when the run's
 * first timed GC event has a wall-clock time, else JVM uptime seconds; a run
 * mixing both draws only the events of its chosen time base (the others are
 * counted as untimed and said so under the chart).
 */
#include "html_charts.h"
#include "chart_node.h"
#include "hist.h"
#include "html_out.h"
#include "timeparse.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* top -b prints only the time of day: drawn on 2002-01-01, past the 1e9 s from which
   svg_chart labels a time axis as clock time (2000-01-01 came out as "10957d05h") */
#define EPOCH_TOP 1009843200.0

const char html_charts_lat_percentiles[] =
    "10,20,30,40,50,60,66,70,80,85,90,95,98,99,99.5,99.9,99.95,99.99,99.995,99.999,99.9995,99.9999,100";

static const char *kind_color(int k)
{
    switch (k) {
    case GC_KIND_YOUNG: return "#4e79a7";
    case GC_KIND_MIXED: return "#59a14f";
    case GC_KIND_FULL: return "#e15759";
    case GC_KIND_INITIAL_MARK: return "#f28e2b";
    case GC_KIND_REMARK: return "#b07aa1";
    case GC_KIND_CLEANUP: return "#9c755f";
    case GC_KIND_ZGC_PHASE: return "#76b7b2";
    case GC_KIND_SHEN_PHASE: return "#edc948";
    case GC_KIND_DEGENERATED: return "#ff9da7";
    case GC_KIND__COUNT: return "#d62728"; /* allocation stalls */
    case GC_KIND__COUNT + 1: return "#ff7f0e"; /* relocation stalls */
    default: return "#8c8c8c";
    }
}

static const char *kind_label(int k)
{
    switch (k) {
    case GC_KIND_YOUNG: return "young";
    case GC_KIND_MIXED: return "mixed";
    case GC_KIND_FULL: return "full";
    case GC_KIND_INITIAL_MARK: return "initial mark";
    case GC_KIND_REMARK: return "remark";
    case GC_KIND_CLEANUP: return "cleanup";
    case GC_KIND_ZGC_PHASE: return "ZGC pause";
    case GC_KIND_SHEN_PHASE: return "Shenandoah pause";
    case GC_KIND_DEGENERATED: return "degenerated";
    case GC_KIND__COUNT: return "allocation stall";
    case GC_KIND__COUNT + 1: return "relocation stall";
    default: return "other pause";
    }
}

static struct svg_chart *new_chart(const char *base, const char *suffix, const char *title, enum svg_axis x,
                                   enum svg_axis y, const char *xl, const char *yl)
{
    char *id = xasprintf("%s%s", base, suffix ? suffix : "");
    struct svg_chart *c = svg_chart_new(id, title, x, y, xl, yl);
    free(id);
    return c;
}

void gc_charts_init(struct gc_charts *r, const char *suffix)
{
    memset(r, 0, sizeof *r);
    r->suffix = xstrdup(suffix ? suffix : "");
    r->timeline = new_chart("pause-timeline", suffix, "GC pauses over time (every pause, by kind)", SVG_AX_TIME,
                            SVG_AX_LOG, "time", "pause (ms, log scale)");
    r->heap = new_chart("heap", suffix, "Heap before and after GC", SVG_AX_TIME, SVG_AX_LIN, "time", "heap (MB)");
    r->alloc = new_chart("alloc-rate", suffix, "Allocation rate between collections", SVG_AX_TIME, SVG_AX_LIN,
                         "time", "MB/s");
    r->lat_time = new_chart("latency-time", suffix, "Request latency over time, GC pauses overlaid", SVG_AX_TIME,
                            SVG_AX_LOG, "time", "ms (log scale)");
    for (int k = 0; k <= GC_KIND__COUNT + 1; k++)
        r->kind_series[k] = -1;
    r->heap_before = svg_series_add(r->heap, "heap before GC", "#e15759", SVG_LINE);
    r->heap_after = svg_series_add(r->heap, "heap after GC", "#4e79a7", SVG_LINE);
    r->heap_cap = svg_series_add(r->heap, "heap capacity", "#bab0ac", SVG_LINE);
    r->alloc_series = svg_series_add(r->alloc, "allocation rate", "#59a14f", SVG_LINE);
    r->lat_pause_series = -1;
    r->wall = -1;
    r->prev_after_kb = -1;
    r->prev_t_s = NAN;
}

void gc_charts_fini(struct gc_charts *r)
{
    svg_chart_free(r->timeline);
    svg_chart_free(r->heap);
    svg_chart_free(r->alloc);
    svg_chart_free(r->lat_time);
    free(r->suffix);
}

void html_charts_init(struct html_charts *h, const struct compare_set *s)
{
    h->nruns = s->n;
    h->runs = xcalloc((size_t)s->n, sizeof *h->runs);
    for (int i = 0; i < s->n; i++) {
        char *suffix = s->n > 1 ? xasprintf("-r%d", i + 1) : xstrdup("");
        gc_charts_init(&h->runs[i], suffix);
        free(suffix);
    }
}

void html_charts_fini(struct html_charts *h)
{
    for (int i = 0; i < h->nruns; i++)
        gc_charts_fini(&h->runs[i]);
    free(h->runs);
}

void html_charts_gc_event(void *ctx, int run, const struct gc_event *e)
{
    struct html_charts *h = ctx;
    gc_charts_event(&h->runs[run], e);
}

void gc_charts_event(struct gc_charts *r, const struct gc_event *e)
{
    r->events++;
    if (r->wall < 0 && (e->wall_ms >= 0 || e->uptime_ns >= 0)) {
        r->wall = e->wall_ms >= 0;
        r->tz_min = e->tz_offset_min;
        r->timeline->tz_min = r->heap->tz_min = r->alloc->tz_min = r->lat_time->tz_min = r->tz_min;
    }
    double t;
    if (r->wall == 1 && e->wall_ms >= 0)
        t = (double)e->wall_ms / 1e3;
    else if (r->wall == 0 && e->uptime_ns >= 0)
        t = (double)e->uptime_ns / 1e9;
    else {
        r->untimed++;
        return;
    }
    if ((e->type == GC_EV_PAUSE || e->type == GC_EV_STALL) && e->duration_ns >= 0) {
        int k = (int)e->kind;
        if (e->type == GC_EV_STALL)
            k = e->name && strstr(e->name, "Relocation") ? GC_KIND__COUNT + 1 : GC_KIND__COUNT;
        else if (k < 0 || k >= GC_KIND__COUNT)
            k = GC_KIND_OTHER;
        if (r->kind_series[k] < 0)
            r->kind_series[k] = svg_series_add(r->timeline, kind_label(k), kind_color(k), SVG_SCATTER);
        double ms = (double)e->duration_ns / 1e6;
        svg_point(r->timeline, r->kind_series[k], t, ms);
        if (r->wall == 1 && e->type == GC_EV_PAUSE) {
            if (r->lat_pause_series < 0)
                r->lat_pause_series = svg_series_add(r->lat_time, "GC pause", "#e15759", SVG_SCATTER);
            svg_point(r->lat_time, r->lat_pause_series, t, ms);
        }
    }
    if (e->type != GC_EV_CONCURRENT && e->type != GC_EV_SAFEPOINT && e->heap_before_kb >= 0 &&
        e->heap_after_kb >= 0) {
        svg_point(r->heap, r->heap_before, t, (double)e->heap_before_kb / 1024.0);
        svg_point(r->heap, r->heap_after, t, (double)e->heap_after_kb / 1024.0);
        if (e->heap_total_kb >= 0)
            svg_point(r->heap, r->heap_cap, t, (double)e->heap_total_kb / 1024.0);
        /* allocation since the previous collection, over the time since it; only
           collections (not remark/cleanup phases, whose short gaps make noise) */
        bool coll = e->type == GC_EV_CYCLE || e->kind == GC_KIND_YOUNG || e->kind == GC_KIND_MIXED ||
                    e->kind == GC_KIND_FULL || e->kind == GC_KIND_INITIAL_MARK || e->kind == GC_KIND_DEGENERATED;
        if (!coll)
            return;
        if (r->prev_after_kb >= 0 && e->heap_before_kb >= r->prev_after_kb && t > r->prev_t_s)
            svg_point(r->alloc, r->alloc_series, t,
                      (double)(e->heap_before_kb - r->prev_after_kb) / 1024.0 / (t - r->prev_t_s));
        r->prev_after_kb = e->heap_after_kb;
        r->prev_t_s = t;
    }
}

static bool iso_epoch_s(const struct report_node *n, double *out)
{
    if (!n || n->kind != RN_STR)
        return false;
    int64_t ms;
    int32_t tz;
    bool has;
    if (!parse_iso8601(n->s, strlen(n->s), &ms, &tz, &has))
        return false;
    *out = (double)ms / 1e3;
    return true;
}

/*
 * Latency P50, P99 and max per interval of a `gclat lat --interval` tree
 * into c (three line series); the clock labels follow the access log's
 * offset unless keep_tz. Returns false when the tree has no interval.
 */
static bool lat_intervals_feed(struct svg_chart *c, const struct report_node *tree, bool keep_tz)
{
    const struct report_node *lat = tree ? rn_get(tree, "lat") : NULL;
    const struct report_node *iv = lat ? rn_get(lat, "intervals") : NULL;
    if (!iv || !iv->first)
        return false;
    static const struct { const char *key, *name, *color; } cols[] = {
        {"max", "latency max", "#c9b8a8"}, {"P99", "latency P99", "#f28e2b"}, {"P50", "latency P50", "#4e79a7"}};
    int sid[3];
    for (int k = 0; k < 3; k++)
        sid[k] = svg_series_add(c, cols[k].name, cols[k].color, SVG_LINE);
    for (const struct report_node *o = iv->first; o; o = o->next) {
        double t;
        if (!iso_epoch_s(rn_get(o, "start"), &t))
            continue;
        if (!keep_tz) { /* no GC wall clock to follow: label in the access log's offset */
            int64_t ms;
            int32_t tz = 0;
            bool has;
            const struct report_node *st = rn_get(o, "start");
            parse_iso8601(st->s, strlen(st->s), &ms, &tz, &has);
            c->tz_min = tz;
        }
        for (int k = 0; k < 3; k++) {
            const struct report_node *v = rn_get(o, cols[k].key);
            if (v && (v->kind == RN_INT || v->kind == RN_NUM))
                svg_point(c, sid[k], t, rn_value(v) > 0 ? rn_value(v) : 0.001);
        }
    }
    return true;
}

void gc_charts_lat_intervals(struct gc_charts *r, const struct report_node *tree)
{
    lat_intervals_feed(r->lat_time, tree, r->wall == 1);
}

void html_charts_lat_intervals(struct html_charts *h, int run, const struct report_node *tree)
{
    gc_charts_lat_intervals(&h->runs[run], tree);
}

/* ---- charts built at the end ---- */

static void hist_bars(struct svg_chart *c, int sid, const struct hist *hh)
{
    /* 5 bins per decade of ms, from the smallest to the largest pause */
    if (!hh->total)
        return;
    enum { PER_DEC = 5 };
    double lo_ms = (double)(hh->min > 0 ? hh->min : 1) / 1e6;
    int b0 = (int)floor(log10(lo_ms) * PER_DEC);
    int b1 = (int)floor(log10((double)(hh->max > 0 ? hh->max : 1) / 1e6) * PER_DEC);
    if (b1 < b0)
        b1 = b0;
    if (b1 - b0 > 60)
        b1 = b0 + 60;
    uint64_t *cnt = xcalloc((size_t)(b1 - b0 + 1), sizeof *cnt);
    struct hist_iter it;
    hist_iter_init(&it, hh);
    while (hist_iter_next(&it)) {
        double ms = (double)(it.value > 0 ? it.value : 1) / 1e6;
        int b = (int)floor(log10(ms) * PER_DEC);
        b = b < b0 ? b0 : b > b1 ? b1 : b;
        cnt[b - b0] += it.count;
    }
    hist_iter_fini(&it);
    for (int b = b0; b <= b1; b++)
        if (cnt[b - b0])
            svg_explicit(c, sid, pow(10, (double)b / PER_DEC), pow(10, (double)(b + 1) / PER_DEC),
                         (double)cnt[b - b0]);
    free(cnt);
}

static const double spectrum_p[] = {0,    10,    20,     30,      40,     50,      60,       70,
                                    80,   90,    95,     97,      98,     99,      99.5,     99.7,
                                    99.8, 99.9,  99.95,  99.97,   99.99,  99.995,  99.999,   99.9995,
                                    99.9999, 99.99995, 99.99999};

static void hist_spectrum(struct svg_chart *c, int sid, const struct hist *hh)
{
    if (!hh->total)
        return;
    double n = (double)hh->total;
    for (size_t i = 0; i < ARRAY_LEN(spectrum_p); i++) {
        double x = 1.0 / (1.0 - spectrum_p[i] / 100.0);
        if (x > n && i > 0)
            break;
        svg_explicit(c, sid, x, x, (double)hist_percentile(hh, spectrum_p[i]) / 1e6);
    }
    /* the maximum, at the rank of the last value */
    svg_explicit(c, sid, n > 1 ? n : 1, n > 1 ? n : 1, (double)hh->max / 1e6);
}

static void lat_spectrum(struct svg_chart *c, int sid, const struct report_node *tree)
{
    const struct report_node *lat = tree ? rn_get(tree, "lat") : NULL;
    const struct report_node *pc = lat ? rn_get(lat, "percentiles") : NULL;
    const struct report_node *sum = lat ? rn_get(lat, "summary") : NULL;
    const struct report_node *cnt = sum ? rn_get(sum, "count") : NULL;
    double n = cnt ? rn_value(cnt) : 0;
    for (const struct report_node *o = pc ? pc->first : NULL; o; o = o->next) {
        const struct report_node *p = rn_get(o, "percentile"), *v = rn_get(o, "value");
        if (!p || p->kind != RN_STR || !v || p->s[0] != 'P')
            continue;
        double pct = strtod(p->s + 1, NULL);
        double x = pct >= 100 ? (n > 1 ? n : 1) : 1.0 / (1.0 - pct / 100.0);
        if (n > 0 && x > n)
            continue;
        double y = rn_value(v);
        svg_explicit(c, sid, x, x, y > 0 ? y : 0.001);
    }
}

/* top -b time of day "HH:MM:SS" to seconds. */
static bool hms(const char *s, double *out)
{
    int h, m, sec;
    if (!s || sscanf(s, "%d:%d:%d", &h, &m, &sec) != 3)
        return false;
    *out = h * 3600.0 + m * 60 + sec;
    return true;
}

/* CPU samples of one process of a `gclat cpu` series array: elapsed=true gives seconds since the first sample. */
static void cpu_series(struct svg_chart *c, int sid, const struct report_node *proc, bool elapsed)
{
    const struct report_node *samples = proc ? rn_get(proc, "samples") : NULL;
    double day = 0, prev = -1, t0 = NAN;
    for (const struct report_node *o = samples ? samples->first : NULL; o; o = o->next) {
        const struct report_node *w = rn_get(o, "when"), *v = rn_get(o, "cpu_pct");
        double t;
        if (!w || w->kind != RN_STR || !v || !hms(w->s, &t))
            continue;
        if (prev >= 0 && t + day < prev - 43200)
            day += 86400; /* midnight passed */
        t += day;
        prev = t;
        if (isnan(t0))
            t0 = t;
        svg_point(c, sid, elapsed ? t - t0 : EPOCH_TOP + t, rn_value(v) / 100.0);
    }
}


/* The chart as a node under parent (nothing when it holds no point); frees c. */
static int emit(struct report_node *parent, struct svg_chart *c, const char *note)
{
    if (note && !c->note)
        svg_chart_note(c, note);
    int n = chart_from_svg(parent, c) != NULL;
    svg_chart_free(c);
    return n;
}

/* The same for a chart the caller keeps (the streaming grids). */
static int emit_kept(struct report_node *parent, const struct svg_chart *c, const char *note)
{
    struct report_node *n = chart_from_svg(parent, c);
    if (n && note && !rn_get(n, "note"))
        chart_note(n, note);
    return n != NULL;
}

static const struct report_node *first_process(const struct report_node *cpu_tree)
{
    const struct report_node *ser = cpu_tree ? rn_get(cpu_tree, "series") : NULL;
    return ser ? ser->first : NULL;
}

int lat_charts_report(const struct report_node *lat_tree, const char *suffix, struct report_node *parent)
{
    int n = 0;
    struct svg_chart *lc = new_chart("latency-spectrum", suffix, "Request latency percentile spectrum",
                                     SVG_AX_SPECTRUM, SVG_AX_LOG, "percentile", "latency (ms, log scale)");
    lat_spectrum(lc, svg_series_add(lc, "requests", "#f28e2b", SVG_PATH), lat_tree);
    n += emit(parent, lc, "From 'gclat lat' percentiles; the last point is the maximum.");
    struct svg_chart *tc = new_chart("latency-time", suffix, "Request latency over time", SVG_AX_TIME,
                                     SVG_AX_LOG, "time", "ms (log scale)");
    if (lat_intervals_feed(tc, lat_tree, false))
        n += emit(parent, tc, "Latency per interval (--interval): the line joins each column's lowest and highest value.");
    else
        svg_chart_free(tc);
    return n;
}

int cpu_charts_report(const struct report_node *cpu_tree, const char *suffix, bool all, struct report_node *parent)
{
    const struct report_node *p = first_process(cpu_tree);
    if (!p)
        return 0;
    struct svg_chart *cc = new_chart("cpu-time", suffix, all ? "CPU over time per process (top -b)"
                                                               : "JVM CPU over time (top -b, busiest process)",
                                     SVG_AX_TIME, SVG_AX_LIN, "time of day (top -b)", "cores");
    int i = 0;
    for (; p; p = all ? p->next : NULL, i++) {
        const struct report_node *pid = rn_get(p, "pid");
        char *name = all && pid ? xasprintf("pid %lld", (long long)rn_value(pid)) : xstrdup("CPU (cores)");
        cpu_series(cc, svg_series_add(cc, name, all ? svg_palette(i) : "#59a14f", SVG_LINE), p, false);
        free(name);
    }
    return emit(parent, cc, NULL);
}

int gc_charts_report(const struct gc_charts *r, const struct hist *pauses, const struct report_node *lat_tree,
                     struct report_node *parent)
{
    int n = 0;
    char note[256];
    snprintf(note, sizeof note, "%s; %llu GC events%s", r->wall == 1 ? "x: wall-clock time from the log" : "x: JVM uptime",
             (unsigned long long)r->events, r->untimed ? " (some without a time are not drawn)" : "");
    n += emit_kept(parent, r->timeline, note);
    n += emit_kept(parent, r->heap, "Lines join the per-pixel minimum and maximum of each column.");
    if (pauses) {
        struct svg_chart *hc = new_chart("pause-histogram", r->suffix, "GC pause durations (histogram)", SVG_AX_LOG,
                                         SVG_AX_LIN, "pause (ms, log scale)", "pauses");
        hist_bars(hc, svg_series_add(hc, "pauses", "#4e79a7", SVG_BARS), pauses);
        n += emit(parent, hc, "5 bins per decade.");
    }
    n += emit_kept(parent, r->alloc,
                   "Heap growth between the end of one collection and the start of the next, over the time between them.");
    if (pauses) {
        struct svg_chart *sc = new_chart("pause-spectrum", r->suffix, "GC pause percentile spectrum", SVG_AX_SPECTRUM,
                                         SVG_AX_LOG, "percentile", "pause (ms, log scale)");
        hist_spectrum(sc, svg_series_add(sc, "GC pauses", "#4e79a7", SVG_PATH), pauses);
        n += emit(parent, sc, "x: 1/(1-p) on a log scale (HdrHistogram style); the last point is the maximum.");
    }
    if (lat_tree) {
        struct svg_chart *lc = new_chart("latency-spectrum", r->suffix, "Request latency percentile spectrum",
                                         SVG_AX_SPECTRUM, SVG_AX_LOG, "percentile", "latency (ms, log scale)");
        lat_spectrum(lc, svg_series_add(lc, "requests", "#f28e2b", SVG_PATH), lat_tree);
        n += emit(parent, lc, "From 'gclat lat' percentiles.");
    }
    bool lat_series = false;
    for (size_t k = 0; k < r->lat_time->ns; k++)
        if ((int)k != r->lat_pause_series && r->lat_time->s[k].points)
            lat_series = true;
    if (lat_series)
        n += emit_kept(parent, r->lat_time,
                       r->lat_pause_series >= 0
                           ? "Latency per interval from 'gclat lat --interval'; red dots: GC pauses (wall clock)."
                           : "Latency per interval from 'gclat lat --interval'. GC pauses are not overlaid: the GC log "
                             "has no wall-clock times (add -Xlog:gc*:file=...:time,uptime).");
    return n;
}

size_t gc_charts_memory(const struct gc_charts *r)
{
    return svg_chart_memory(r->timeline) + svg_chart_memory(r->heap) + svg_chart_memory(r->alloc) +
           svg_chart_memory(r->lat_time);
}

size_t html_charts_memory(const struct html_charts *h)
{
    size_t b = 0;
    for (int i = 0; i < h->nruns; i++)
        b += gc_charts_memory(&h->runs[i]);
    return b;
}

int compare_charts_report(const struct compare_set *s, struct report_node *compared)
{
    int written = 0;
    if (s->n > 1) {
        struct svg_chart *ps = svg_chart_new("compare-pause-spectrum", "GC pause percentile spectrum, by run",
                                             SVG_AX_SPECTRUM, SVG_AX_LOG, "percentile", "pause (ms, log scale)");
        struct svg_chart *ph = svg_chart_new("compare-pause-histogram", "GC pause durations, by run", SVG_AX_LOG,
                                             SVG_AX_LIN, "pause (ms, log scale)", "pauses");
        struct svg_chart *ls = svg_chart_new("compare-latency-spectrum", "Request latency percentile spectrum, by run",
                                             SVG_AX_SPECTRUM, SVG_AX_LOG, "percentile", "latency (ms, log scale)");
        struct svg_chart *ct = svg_chart_new("compare-cpu-time", "JVM CPU over time, by run (elapsed since first sample)",
                                             SVG_AX_TIME, SVG_AX_LIN, "elapsed", "cores");
        for (int i = 0; i < s->n; i++) {
            const struct compare_run *r = &s->runs[i];
            if (r->ga && r->ga->pause_h.total) {
                hist_spectrum(ps, svg_series_add(ps, r->name, svg_palette(i), SVG_PATH), &r->ga->pause_h);
                hist_bars(ph, svg_series_add(ph, r->name, svg_palette(i), SVG_BARS), &r->ga->pause_h);
            }
            if (r->tree[CK_ACCESS])
                lat_spectrum(ls, svg_series_add(ls, r->name, svg_palette(i), SVG_PATH), r->tree[CK_ACCESS]);
            if (r->tree[CK_CPU])
                cpu_series(ct, svg_series_add(ct, r->name, svg_palette(i), SVG_LINE), first_process(r->tree[CK_CPU]),
                           true);
        }
        written += emit(compared, ps, "x: 1/(1-p) on a log scale, so each decade is one more nine; the last point of each line is the maximum.");
        written += emit(compared, ph, "Bars of the runs overlap (semi-transparent); 5 bins per decade.");
        written += emit(compared, ls, "From 'gclat lat' percentiles; the last point is the maximum.");
        written += emit(compared, ct, NULL);
    }
    return written;
}

int html_charts_report(const struct html_charts *h, const struct compare_set *s, struct report_node *compared,
                       struct report_node *const *per_run)
{
    int written = compared ? compare_charts_report(s, compared) : 0;
    for (int i = 0; i < s->n; i++) {
        const struct compare_run *run = &s->runs[i];
        const struct gc_charts *r = &h->runs[i];
        written += gc_charts_report(r, run->ga ? &run->ga->pause_h : NULL, run->tree[CK_ACCESS], per_run[i]);
        if (run->tree[CK_CPU])
            written += cpu_charts_report(run->tree[CK_CPU], r->suffix, false, per_run[i]);
    }
    return written;
}

int rows_chart_report(struct report_node *parent, const char *id, const char *title, const struct report_node *rows,
                      const char *xkey, const struct rows_col *cols, int ncols, enum svg_axis xaxis,
                      enum svg_axis yaxis, const char *xlabel, const char *ylabel, const char *only_key,
                      const char *only_value)
{
    if (!rows || rows->kind != RN_ARR)
        return 0;
    struct svg_chart *c = svg_chart_new(id, title, xaxis, yaxis, xlabel, ylabel);
    int *sid = xcalloc((size_t)(ncols ? ncols : 1), sizeof *sid);
    for (int k = 0; k < ncols; k++)
        sid[k] = svg_series_add(c, cols[k].name, svg_palette(k), SVG_LINE);
    for (const struct report_node *o = rows->first; o; o = o->next) {
        if (o->kind != RN_OBJ)
            continue;
        if (only_key) {
            const struct report_node *w = rn_get(o, only_key);
            if (!w || w->kind != RN_STR || strcmp(w->s, only_value) != 0)
                continue;
        }
        const struct report_node *x = rn_get(o, xkey);
        if (!x || (x->kind != RN_INT && x->kind != RN_NUM))
            continue;
        for (int k = 0; k < ncols; k++) {
            const struct report_node *v = rn_get(o, cols[k].key);
            if (v && (v->kind == RN_INT || v->kind == RN_NUM))
                svg_point(c, sid[k], rn_value(x), rn_value(v));
        }
    }
    free(sid);
    return emit(parent, c, "Lines join the per-pixel minimum and maximum of each column.");
}

int jstat_charts_report(const struct report_node *tree, struct report_node *parent)
{
    static const struct rows_col occ[] = {{"S0_pct", "S0"},   {"S1_pct", "S1"},
                                          {"Eden_pct", "Eden"}, {"Old_pct", "Old"},
                                          {"Metaspace_pct", "Metaspace"}, {"CCS_pct", "CCS"}};
    static const struct rows_col gct[] = {{"GCT", "GC time (GCT)"}};
    const struct report_node *series = tree ? rn_get(tree, "series") : NULL;
    const struct report_node *rows = tree ? rn_get(tree, "samples") : NULL;
    int n = 0, i = 0;
    for (const struct report_node *s = series ? series->first : NULL; s && i < 8; s = s->next, i++) {
        const struct report_node *file = rn_get(s, "file");
        if (!file || file->kind != RN_STR)
            continue;
        char *id = xasprintf("jstat-occupancy-f%d", i + 1), *t = xasprintf("Occupancy over time: %s", file->s);
        n += rows_chart_report(parent, id, t, rows, "t_s", occ, (int)ARRAY_LEN(occ), SVG_AX_TIME, SVG_AX_LIN,
                               "time since the first row", "% of capacity", "file", file->s);
        free(id);
        free(t);
        id = xasprintf("jstat-gc-time-f%d", i + 1);
        t = xasprintf("GC time since the JVM started (GCT): %s", file->s);
        n += rows_chart_report(parent, id, t, rows, "t_s", gct, 1, SVG_AX_TIME, SVG_AX_LIN,
                               "time since the first row", "s", "file", file->s);
        free(id);
        free(t);
    }
    return n;
}
