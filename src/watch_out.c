/* watch_out.c — one interval's figures and their renderings (watch_out.h). */
#include "watch_out.h"
#include "render.h"
#include "report.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const struct alert_metric watch_alert_metrics[] = {
    {"pause.count", AU_COUNT, "stop-the-world pauses in the window"},
    {"pause.total", AU_MS, "their total time"},
    {"pause.max", AU_MS, "the longest (0 when none)"},
    {"pause.p50", AU_MS, "median pause (no data when none)"},
    {"pause.p90", AU_MS, "90th percentile pause"},
    {"pause.p99", AU_MS, "99th percentile pause"},
    {"pause.p99.9", AU_MS, "99.9th percentile pause"},
    {"gc.share", AU_PCT, "pause time / the part of the window watched, in %"},
    {"young.per_min", AU_COUNT, "young collections per minute"},
    {"stall.count", AU_COUNT, "allocation stalls (ZGC, Shenandoah)"},
    {"stall.total", AU_MS, "their total time"},
    {"stall.max", AU_MS, "the longest stall (0 when none)"},
    {"lat.count", AU_COUNT, "requests in the window (access log)"},
    {"lat.p50", AU_MS, "median request latency (no data when none)"},
    {"lat.p90", AU_MS, "90th percentile latency"},
    {"lat.p99", AU_MS, "99th percentile latency"},
    {"lat.p99.9", AU_MS, "99.9th percentile latency"},
    {"lat.max", AU_MS, "the slowest request"},
    {"lat.errors", AU_COUNT, "responses with status 5xx"},
    {"lat.error_share", AU_PCT, "5xx responses in %"},
    {NULL, AU_COUNT, NULL},
};

void watch_frame_init(struct watch_frame *fr, int64_t t_ms)
{
    memset(fr, 0, sizeof *fr);
    fr->t_ms = t_ms;
}

void watch_frame_fini(struct watch_frame *fr)
{
    free(fr->f);
    memset(fr, 0, sizeof *fr);
}

static double ms(int64_t ns) { return (double)ns / 1e6; }

/* Log-derived text (a JVM name, a finding naming a thread) with control bytes shown as \xHH. */
static void escape_text_write(FILE *o, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p < 0x20 || *p == 0x7f)
            fprintf(o, "\\x%02x", *p);
        else
            fputc(*p, o);
    }
}

static void findings_of(struct watch_figures *f, const struct gc_analysis *a)
{
    struct report_node *root = rn_root();
    gc_findings_report(a, root);
    const struct report_node *arr = rn_get(root, "findings");
    for (const struct report_node *x = arr ? arr->first : NULL; x && f->nfindings < WATCH_TOP_FINDINGS; x = x->next) {
        const struct report_node *t = rn_get(x, "title"), *s = rn_get(x, "summary");
        snprintf(f->findings[f->nfindings++], sizeof f->findings[0], "%s: %s", t && t->s ? t->s : "?",
                 s && s->s ? s->s : "");
    }
    rn_free(root);
}

struct watch_figures *watch_frame_add(struct watch_frame *fr, struct watch_jvm *j, int64_t at_ms, int64_t req_at_ms)
{
    fr->f = xrealloc(fr->f, (size_t)(fr->n + 1) * sizeof *fr->f);
    struct watch_figures *f = &fr->f[fr->n++];
    memset(f, 0, sizeof *f);
    f->name = j->name;
    f->collector = gc_collector_name(j->ctx.collector);
    f->nwin = j->nwin;
    f->at_ms = at_ms;
    f->req_at_ms = req_at_ms;
    f->has_gc = j->gc_path != NULL;
    f->has_access = j->has_access;
    bool known = j->gc_events > 0;                 /* it is a GC log and it has spoken */
    bool pauses_known = known && !watch_jvm_lacks_pauses(j);
    for (int i = 0; i < j->nwin; i++) {
        struct win_view v;
        window_view(&j->win[i], at_ms == INT64_MIN ? 0 : at_ms, &v);
        struct watch_win_figs *w = &f->w[i];
        w->len_ms = j->win[i].len_ms;
        w->covered_ms = v.covered_ms;
        const struct hist *p = &v.pause_ns, *s = &v.stall_ns;
        w->pause_count = pauses_known ? (double)p->total : NAN;
        w->pause_total_ms = pauses_known ? (double)hist_sum(p) / 1e6 : NAN;
        w->pause_max_ms = pauses_known ? (p->total ? ms(p->max) : 0) : NAN;
        w->pause_p50_ms = pauses_known && p->total ? ms(hist_percentile(p, 50)) : NAN;
        w->pause_p90_ms = pauses_known && p->total ? ms(hist_percentile(p, 90)) : NAN;
        w->pause_p99_ms = pauses_known && p->total ? ms(hist_percentile(p, 99)) : NAN;
        w->pause_p999_ms = pauses_known && p->total ? ms(hist_percentile(p, 99.9)) : NAN;
        w->gc_share_pct = pauses_known && v.covered_ms > 0 ? 100.0 * ((double)hist_sum(p) / 1e6) / (double)v.covered_ms : NAN;
        w->young_per_min = known && v.covered_ms > 0 ? (double)v.young * 60000.0 / (double)v.covered_ms : NAN;
        w->stall_count = known ? (double)s->total : NAN;
        w->stall_total_ms = known ? (double)hist_sum(s) / 1e6 : NAN;
        w->stall_max_ms = known ? (s->total ? ms(s->max) : 0) : NAN;
        window_view_fini(&v);
        struct win_view rv;
        window_view(&j->rwin[i], req_at_ms, &rv);
        const struct hist *q = &rv.req_ns;
        bool acc = j->has_access, any = acc && q->total;
        w->req_covered_ms = rv.covered_ms;
        w->req_count = acc ? (double)q->total : NAN;
        w->req_p50_ms = any ? ms(hist_percentile(q, 50)) : NAN;
        w->req_p90_ms = any ? ms(hist_percentile(q, 90)) : NAN;
        w->req_p99_ms = any ? ms(hist_percentile(q, 99)) : NAN;
        w->req_p999_ms = any ? ms(hist_percentile(q, 99.9)) : NAN;
        w->req_max_ms = any ? ms(q->max) : NAN;
        w->req_5xx = acc ? (double)rv.req_5xx : NAN;
        w->req_5xx_pct = any ? 100.0 * (double)rv.req_5xx / (double)q->total : NAN;
        window_view_fini(&rv);
    }
    const struct gc_analysis *a = &j->ga;
    /* the span so far: closed runs plus the open one (the time model of docs/metrics.md) */
    int64_t span = a->span_ns + (a->run_open && a->run.end_ns > a->run.start_ns ? a->run.end_ns - a->run.start_ns : 0);
    f->since_pauses = pauses_known ? (double)a->pause_count : NAN;
    f->since_pause_total_ms = pauses_known ? ms(a->pause_total_ns) : NAN;
    f->since_pause_max_ms = pauses_known ? (a->pause_count ? ms(a->pause_max_ns) : 0) : NAN;
    f->since_share_pct = pauses_known && span > 0 ? 100.0 * (double)a->pause_total_ns / (double)span : NAN;
    f->since_stalls = known ? (double)a->stall_count : NAN;
    f->unparsed = (double)j->diag.total;
    if (known)
        findings_of(f, a);
    return f;
}

void watch_frame_alert(struct watch_frame *fr, struct watch_figures *f, const struct alert *a, const char *state)
{
    (void)fr;
    if (f->nalerts < 16)
        f->alerts[f->nalerts++] = (struct watch_alert_state){a->text, state, a->last};
}

double watch_figure(const struct watch_figures *f, const char *m)
{
    const struct watch_win_figs *w = &f->w[0];
    static const struct { const char *name; size_t off; } map[] = {
        {"pause.count", offsetof(struct watch_win_figs, pause_count)},
        {"pause.total", offsetof(struct watch_win_figs, pause_total_ms)},
        {"pause.max", offsetof(struct watch_win_figs, pause_max_ms)},
        {"pause.p50", offsetof(struct watch_win_figs, pause_p50_ms)},
        {"pause.p90", offsetof(struct watch_win_figs, pause_p90_ms)},
        {"pause.p99", offsetof(struct watch_win_figs, pause_p99_ms)},
        {"pause.p99.9", offsetof(struct watch_win_figs, pause_p999_ms)},
        {"gc.share", offsetof(struct watch_win_figs, gc_share_pct)},
        {"young.per_min", offsetof(struct watch_win_figs, young_per_min)},
        {"stall.count", offsetof(struct watch_win_figs, stall_count)},
        {"stall.total", offsetof(struct watch_win_figs, stall_total_ms)},
        {"stall.max", offsetof(struct watch_win_figs, stall_max_ms)},
        {"lat.count", offsetof(struct watch_win_figs, req_count)},
        {"lat.p50", offsetof(struct watch_win_figs, req_p50_ms)},
        {"lat.p90", offsetof(struct watch_win_figs, req_p90_ms)},
        {"lat.p99", offsetof(struct watch_win_figs, req_p99_ms)},
        {"lat.p99.9", offsetof(struct watch_win_figs, req_p999_ms)},
        {"lat.max", offsetof(struct watch_win_figs, req_max_ms)},
        {"lat.errors", offsetof(struct watch_win_figs, req_5xx)},
        {"lat.error_share", offsetof(struct watch_win_figs, req_5xx_pct)},
    };
    for (size_t i = 0; i < ARRAY_LEN(map); i++)
        if (!strcmp(map[i].name, m))
            return *(const double *)((const char *)w + map[i].off);
    return NAN;
}

void watch_stamp_utc(char *buf, size_t n, int64_t t_ms)
{
    time_t s = (time_t)(t_ms / 1000);
    struct tm tm;
    gmtime_r(&s, &tm);
    strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static void num(FILE *o, double v, int dec)
{
    if (isnan(v))
        fputs("-", o);
    else
        fprintf(o, "%.*f", dec, v);
}

void watch_win_label(char *b, size_t n, int64_t len_ms)
{
    if (len_ms % 3600000 == 0)
        snprintf(b, n, "%lldh", (long long)(len_ms / 3600000));
    else if (len_ms % 60000 == 0)
        snprintf(b, n, "%lldm", (long long)(len_ms / 60000));
    else
        snprintf(b, n, "%llds", (long long)(len_ms / 1000));
}

/* A run of " label value" pieces of the one-line form; NaN prints as "-". */
struct field {
    const char *before;
    double v;
    int dec;
};

static void fields(FILE *o, const struct field *fs, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        fputs(fs[i].before, o);
        num(o, fs[i].v, fs[i].dec);
    }
}

/* One row of the screen's tables: right-aligned cells, NaN as "-". */
static void cells(FILE *o, const double *vals, const int *wid, const int *dec, int n)
{
    for (int c = 0; c < n; c++) {
        if (isnan(vals[c]))
            fprintf(o, "%*s ", wid[c], "-");
        else
            fprintf(o, "%*.*f ", wid[c], dec[c], vals[c]);
    }
    fputc('\n', o);
}

void watch_frame_lines(const struct watch_frame *fr, FILE *o)
{
    char ts[32], wl[32];
    watch_stamp_utc(ts, sizeof ts, fr->t_ms);
    for (int i = 0; i < fr->n; i++) {
        const struct watch_figures *f = &fr->f[i];
        const struct watch_win_figs *w = &f->w[0];
        watch_win_label(wl, sizeof wl, w->len_ms);
        fprintf(o, "%s ", ts);
        escape_text_write(o, f->name);
        fprintf(o, " %s:", wl);
        if (f->has_gc) {
            const struct field gc[] = {{" pauses ", w->pause_count, 0}, {" max ", w->pause_max_ms, 3},
                                       {" ms p99 ", w->pause_p99_ms, 3}, {" ms gc ", w->gc_share_pct, 2},
                                       {" % stalls ", w->stall_count, 0}, {" max ", w->stall_max_ms, 3}};
            fields(o, gc, ARRAY_LEN(gc));
            fputs(" ms", o);
        }
        if (f->has_access) {
            const struct field rq[] = {{f->has_gc ? " | requests " : " requests ", w->req_count, 0},
                                       {" p50 ", w->req_p50_ms, 3}, {" p99 ", w->req_p99_ms, 3},
                                       {" p99.9 ", w->req_p999_ms, 3}, {" ms 5xx ", w->req_5xx, 0}};
            fields(o, rq, ARRAY_LEN(rq));
        }
        for (int k = 0; k < f->nalerts; k++)
            if (strcmp(f->alerts[k].state, "ok"))
                fprintf(o, " [%s: %s]", f->alerts[k].state, f->alerts[k].text);
        fputc('\n', o);
    }
}

void watch_frame_screen(const struct watch_frame *fr, FILE *o)
{
    char ts[32], wl[32];
    watch_stamp_utc(ts, sizeof ts, fr->t_ms);
    fputs("\x1b[H\x1b[2J", o); /* home and clear: the screen is redrawn in place */
    fprintf(o, "gclat watch  %s\n\n", ts);
    for (int i = 0; i < fr->n; i++) {
        const struct watch_figures *f = &fr->f[i];
        escape_text_write(o, f->name);
        fprintf(o, "  (%s)\n", f->collector);
        if (f->has_gc) {
            fprintf(o, "  %-7s %8s %9s %9s %9s %9s %7s %7s %9s\n", "window", "pauses", "total ms", "max ms", "p99 ms",
                    "p99.9 ms", "gc %", "stalls", "stall max");
            for (int k = 0; k < f->nwin; k++) {
                const struct watch_win_figs *w = &f->w[k];
                watch_win_label(wl, sizeof wl, w->len_ms);
                fprintf(o, "  %-7s ", wl);
                double vals[] = {w->pause_count, w->pause_total_ms, w->pause_max_ms, w->pause_p99_ms, w->pause_p999_ms,
                                 w->gc_share_pct, w->stall_count, w->stall_max_ms};
                const int wid[] = {8, 9, 9, 9, 9, 7, 7, 9}, dec[] = {0, 1, 3, 3, 3, 2, 0, 3};
                cells(o, vals, wid, dec, 8);
            }
            fprintf(o, "  %-7s ", "start");
            double sv[] = {f->since_pauses, f->since_pause_total_ms, f->since_pause_max_ms};
            for (int c = 0; c < 3; c++)
                isnan(sv[c]) ? fprintf(o, "%*s ", c ? 9 : 8, "-") : fprintf(o, "%*.*f ", c ? 9 : 8, c == 0 ? 0 : c == 1 ? 1 : 3, sv[c]);
            fprintf(o, "%9s %9s ", "", "");
            isnan(f->since_share_pct) ? fprintf(o, "%7s ", "-") : fprintf(o, "%7.2f ", f->since_share_pct);
            isnan(f->since_stalls) ? fprintf(o, "%7s\n", "-") : fprintf(o, "%7.0f\n", f->since_stalls);
        }
        if (f->has_access) {
            fprintf(o, "  %-7s %8s %9s %9s %9s %9s %9s %7s\n", "window", "requests", "p50 ms", "p90 ms", "p99 ms",
                    "p99.9 ms", "max ms", "5xx");
            for (int k = 0; k < f->nwin; k++) {
                const struct watch_win_figs *w = &f->w[k];
                watch_win_label(wl, sizeof wl, w->len_ms);
                fprintf(o, "  %-7s ", wl);
                double vals[] = {w->req_count, w->req_p50_ms, w->req_p90_ms, w->req_p99_ms, w->req_p999_ms, w->req_max_ms,
                                 w->req_5xx};
                const int wid[] = {8, 9, 9, 9, 9, 9, 7}, dec[] = {0, 3, 3, 3, 3, 3, 0};
                cells(o, vals, wid, dec, 7);
            }
        }
        for (int k = 0; k < f->nfindings; k++) {
            fputs("  ! ", o);
            escape_text_write(o, f->findings[k]);
            fputc('\n', o);
        }
        for (int k = 0; k < f->nalerts; k++) {
            fprintf(o, "  alert %-8s ", f->alerts[k].state);
            escape_text_write(o, f->alerts[k].text);
            fputc('\n', o);
        }
        if (f->unparsed > 0)
            fprintf(o, "  %.0f lines not understood\n", f->unparsed);
        fputc('\n', o);
    }
}

static void jnum(FILE *o, const char *key, double v, int dec, bool comma)
{
    fprintf(o, "\"%s\":", key);
    if (isnan(v) || isinf(v))
        fputs("null", o);
    else
        fprintf(o, "%.*f", dec, v);
    if (comma)
        fputc(',', o);
}

void watch_frame_json(const struct watch_frame *fr, FILE *o)
{
    char ts[32];
    watch_stamp_utc(ts, sizeof ts, fr->t_ms);
    for (int i = 0; i < fr->n; i++) {
        const struct watch_figures *f = &fr->f[i];
        fprintf(o, "{\"time\":\"%s\",\"jvm\":", ts);
        json_write_string(o, f->name);
        fprintf(o, ",\"collector\":\"%s\",\"windows\":[", f->collector);
        for (int k = 0; k < f->nwin; k++) {
            const struct watch_win_figs *w = &f->w[k];
            fprintf(o, "%s{\"window_s\":%.3f,\"covered_s\":%.3f,\"pause\":{", k ? "," : "", (double)w->len_ms / 1e3,
                    (double)w->covered_ms / 1e3);
            jnum(o, "count", w->pause_count, 0, true);
            jnum(o, "total_ms", w->pause_total_ms, 3, true);
            jnum(o, "max_ms", w->pause_max_ms, 3, true);
            jnum(o, "p50_ms", w->pause_p50_ms, 3, true);
            jnum(o, "p90_ms", w->pause_p90_ms, 3, true);
            jnum(o, "p99_ms", w->pause_p99_ms, 3, true);
            jnum(o, "p99.9_ms", w->pause_p999_ms, 3, false);
            fputs("},", o);
            jnum(o, "gc_share_pct", w->gc_share_pct, 3, true);
            jnum(o, "young_per_min", w->young_per_min, 2, true);
            fputs("\"stall\":{", o);
            jnum(o, "count", w->stall_count, 0, true);
            jnum(o, "total_ms", w->stall_total_ms, 3, true);
            jnum(o, "max_ms", w->stall_max_ms, 3, false);
            fputs("},\"requests\":{", o);
            jnum(o, "covered_s", (double)w->req_covered_ms / 1e3, 3, true);
            jnum(o, "count", w->req_count, 0, true);
            jnum(o, "p50_ms", w->req_p50_ms, 3, true);
            jnum(o, "p90_ms", w->req_p90_ms, 3, true);
            jnum(o, "p99_ms", w->req_p99_ms, 3, true);
            jnum(o, "p99.9_ms", w->req_p999_ms, 3, true);
            jnum(o, "max_ms", w->req_max_ms, 3, true);
            jnum(o, "status_5xx", w->req_5xx, 0, false);
            fputs("}}", o);
        }
        fputs("],\"since_start\":{", o);
        jnum(o, "pauses", f->since_pauses, 0, true);
        jnum(o, "pause_total_ms", f->since_pause_total_ms, 3, true);
        jnum(o, "pause_max_ms", f->since_pause_max_ms, 3, true);
        jnum(o, "gc_share_pct", f->since_share_pct, 3, true);
        jnum(o, "stalls", f->since_stalls, 0, true);
        jnum(o, "unparsed_lines", f->unparsed, 0, false);
        fputs("},\"findings\":[", o);
        for (int k = 0; k < f->nfindings; k++) {
            if (k)
                fputc(',', o);
            json_write_string(o, f->findings[k]);
        }
        fputs("],\"alerts\":[", o);
        for (int k = 0; k < f->nalerts; k++) {
            fprintf(o, "%s{\"alert\":", k ? "," : "");
            json_write_string(o, f->alerts[k].text);
            fprintf(o, ",\"state\":\"%s\",", f->alerts[k].state);
            jnum(o, "value", f->alerts[k].value, 6, false);
            fputc('}', o);
        }
        fputs("]}\n", o);
    }
}
