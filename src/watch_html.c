/* watch_html.c — watch's state as an HTML page (watch_html.h). */
#include "watch_html.h"
#include "chart_node.h"
#include "finding.h"
#include "headline.h"
#include "render.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TOP_ROWS 10 /* stalled threads, routes: the largest shown */

static struct report_node *num(struct report_node *p, const char *key, const char *title, double v, int dec,
                               const char *unit)
{
    struct report_node *n = rn_num(p, key, v, dec);
    if (title)
        rn_title(n, title);
    if (unit)
        rn_unit(n, unit);
    return n;
}

static int firing(const struct watch_figures *f)
{
    int k = 0;
    for (int i = 0; i < f->nalerts; i++)
        k += !strcmp(f->alerts[i].state, "firing");
    return k;
}

static void key_figures(struct report_node *root, const struct watch_page *p, int i)
{
    const struct watch_figures *f = &p->fr->f[i];
    const struct watch_win_figs *w = &f->w[0];
    char wl[32], key[32], t[96];
    watch_win_label(wl, sizeof wl, w->len_ms);
    snprintf(key, sizeof key, "headline-%d", i + 1);
    struct report_node *g = headline_group(root, key, p->n > 1 ? f->name : NULL);
    if (f->has_gc) {
        snprintf(t, sizeof t, "max pause (%s)", wl);
        num(g, "pause_max", t, w->pause_max_ms, 3, "ms");
        snprintf(t, sizeof t, "P99 pause (%s)", wl);
        num(g, "pause_p99", t, w->pause_p99_ms, 3, "ms");
        snprintf(t, sizeof t, "time in GC pauses (%s)", wl);
        num(g, "gc_share", t, w->gc_share_pct, 2, "%");
        snprintf(t, sizeof t, "allocation stalls (%s)", wl);
        num(g, "stalls", t, w->stall_count, 0, NULL);
    }
    if (f->has_access) {
        snprintf(t, sizeof t, "P99 latency (%s)", wl);
        num(g, "lat_p99", t, w->req_p99_ms, 3, "ms");
        snprintf(t, sizeof t, "requests (%s)", wl);
        num(g, "requests", t, w->req_count, 0, NULL);
    }
    if (f->nalerts)
        rn_title(rn_int(g, "alerts_firing", firing(f)), "alerts firing");
}

/* Alerts firing lead the findings; then what gc_analysis finds since start. */
static void findings_of(struct report_node *o, const struct watch_page *p, int i)
{
    const struct watch_figures *f = &p->fr->f[i];
    char wl[32], sum[512];
    watch_win_label(wl, sizeof wl, f->w[0].len_ms);
    struct findings fs;
    findings_init(&fs);
    for (int k = 0; k < f->nalerts; k++) {
        if (strcmp(f->alerts[k].state, "firing"))
            continue;
        snprintf(sum, sizeof sum, "%s (value %.6g over the last %s)", f->alerts[k].text, f->alerts[k].value, wl);
        findings_add(&fs, "watch.alert", SEV_CRITICAL, "Alert firing", sum,
                     "The --alert condition holds over the first window (for its 'for' time, when it has one).",
                     "See what the other findings and the charts show for this window.");
    }
    if (f->has_gc && p->jvms[i].gc_events)
        gc_findings(&p->jvms[i].ga, &fs);
    if (fs.n)
        headline_findings(finding_report(&fs, o, FINDING_STYLE_DETAIL));
    findings_fini(&fs);
}

static double ms(int64_t ns) { return (double)ns / 1e6; }

/* The longest window slot by slot: what watch holds of the last minutes. */
static void charts_of(struct report_node *o, const struct watch_page *p, int i)
{
    const struct watch_jvm *j = &p->jvms[i];
    const struct watch_figures *f = &p->fr->f[i];
    int lw = 0;
    for (int k = 1; k < j->nwin; k++)
        if (j->win[k].len_ms > j->win[lw].len_ms)
            lw = k;
    char wl[32], sl[32], id[48], t[128], sfx[16] = "";
    watch_win_label(wl, sizeof wl, j->win[lw].len_ms);
    watch_win_label(sl, sizeof sl, j->win[lw].slot_ms >= 1000 ? j->win[lw].slot_ms : 1000);
    if (i)
        snprintf(sfx, sizeof sfx, "-j%d", i + 1);
    struct report_node *grp = chart_group(o, "charts", NULL);
    const struct win_slot *s[WIN_SLOTS];
    if (f->has_gc && f->at_ms != INT64_MIN && j->gc_events && !watch_jvm_lacks_pauses(j)) {
        int n = window_slots(&j->win[lw], f->at_ms, s);
        snprintf(id, sizeof id, "watch-pauses%s", sfx);
        snprintf(t, sizeof t, "GC pauses and allocation stalls, last %s per %s", wl, sl);
        struct report_node *c = chart_new(grp, id, t, SVG_AX_TIME, SVG_AX_LOG, j->uptime_clock ? "JVM uptime" : "time",
                                          "ms (log scale)");
        struct report_node *mx = chart_series(c, "max pause", SVG_DOTS, "#d62728");
        struct report_node *p99 = chart_series(c, "P99 pause", SVG_PATH, "#4e79a7");
        struct report_node *st = chart_series(c, "max stall", SVG_DOTS, "#9467bd");
        uint64_t np = 0, ns = 0;
        for (int k = 0; k < n; k++) {
            /* a slot is drawn at its middle; seconds of the log's clock */
            double x = ((double)s[k]->t0_ms + (double)j->win[lw].slot_ms / 2) / 1e3;
            if (s[k]->pause_ns.total) {
                chart_point(mx, x, ms(s[k]->pause_ns.max));
                chart_point(p99, x, ms(hist_percentile(&s[k]->pause_ns, 99)));
                np += s[k]->pause_ns.total;
            }
            if (s[k]->stall_ns.total) {
                chart_point(st, x, ms(s[k]->stall_ns.max));
                ns += s[k]->stall_ns.total;
            }
        }
        chart_count(mx, np);
        chart_count(p99, np);
        chart_count(st, ns);
        chart_note(c, "Each point is one slot of the window: its longest pause (stall) and its P99 pause; "
                      "the legend counts the pauses (stalls) the slots hold.");
    }
    if (f->has_access && j->requests) {
        int n = window_slots(&j->rwin[lw], f->req_at_ms, s);
        snprintf(id, sizeof id, "watch-latency%s", sfx);
        snprintf(t, sizeof t, "Request latency, last %s per %s", wl, sl);
        struct report_node *c = chart_new(grp, id, t, SVG_AX_TIME, SVG_AX_LOG, "time", "ms (log scale)");
        struct report_node *mx = chart_series(c, "max", SVG_PATH, "#c9b8a8");
        struct report_node *p99 = chart_series(c, "P99", SVG_PATH, "#f28e2b");
        struct report_node *p50 = chart_series(c, "P50", SVG_PATH, "#4e79a7");
        uint64_t nr = 0;
        for (int k = 0; k < n; k++) {
            const struct hist *h = &s[k]->req_ns;
            if (!h->total)
                continue;
            double x = ((double)s[k]->t0_ms + (double)j->rwin[lw].slot_ms / 2) / 1e3;
            chart_point(mx, x, ms(h->max));
            chart_point(p99, x, ms(hist_percentile(h, 99)));
            chart_point(p50, x, ms(hist_percentile(h, 50)));
            nr += h->total;
        }
        chart_count(mx, nr);
        chart_count(p99, nr);
        chart_count(p50, nr);
    }
}

static void windows_table(struct report_node *o, const struct watch_figures *f)
{
    struct report_node *a = rn_flags(rn_title(rn_arr(o, "windows"), "Rolling windows"), RF_TABLE);
    char wl[32];
    for (int k = 0; k < f->nwin; k++) {
        const struct watch_win_figs *w = &f->w[k];
        struct report_node *r = rn_obj(a, NULL);
        watch_win_label(wl, sizeof wl, w->len_ms);
        rn_str(r, "window", wl);
        if (f->has_gc) {
            num(r, "covered_s", "watched s", (double)w->covered_ms / 1e3, 0, NULL);
            num(r, "pauses", NULL, w->pause_count, 0, NULL);
            num(r, "pause_total_ms", "total ms", w->pause_total_ms, 1, NULL);
            num(r, "pause_max_ms", "max ms", w->pause_max_ms, 3, NULL);
            num(r, "pause_p99_ms", "P99 ms", w->pause_p99_ms, 3, NULL);
            num(r, "pause_p999_ms", "P99.9 ms", w->pause_p999_ms, 3, NULL);
            num(r, "gc_share_pct", "GC %", w->gc_share_pct, 2, NULL);
            num(r, "young_per_min", "young/min", w->young_per_min, 1, NULL);
            num(r, "stalls", NULL, w->stall_count, 0, NULL);
            num(r, "stall_max_ms", "stall max ms", w->stall_max_ms, 3, NULL);
        }
        if (f->has_access) {
            num(r, "requests", NULL, w->req_count, 0, NULL);
            num(r, "lat_p50_ms", "P50 ms", w->req_p50_ms, 3, NULL);
            num(r, "lat_p99_ms", "P99 ms", w->req_p99_ms, 3, NULL);
            num(r, "lat_p999_ms", "P99.9 ms", w->req_p999_ms, 3, NULL);
            num(r, "lat_max_ms", "max ms", w->req_max_ms, 3, NULL);
            num(r, "status_5xx", "5xx", w->req_5xx, 0, NULL);
        }
    }
}

static int by_total_desc(const void *a, const void *b)
{
    const struct gc_named *x = *(const struct gc_named *const *)a, *y = *(const struct gc_named *const *)b;
    return x->total_ns < y->total_ns ? 1 : x->total_ns > y->total_ns ? -1 : strcmp(x->name, y->name);
}

static int by_count_desc(const void *a, const void *b)
{
    const struct wm_http *x = *(const struct wm_http *const *)a, *y = *(const struct wm_http *const *)b;
    if (x->count != y->count)
        return x->count < y->count ? 1 : -1;
    int c = strcmp(x->route, y->route);
    return c ? c : strcmp(x->status, y->status);
}

static void since_start(struct report_node *o, const struct watch_page *p, int i)
{
    const struct watch_figures *f = &p->fr->f[i];
    const struct watch_jvm *j = &p->jvms[i];
    if (f->has_gc) {
        struct report_node *s = rn_title(rn_obj(o, "since_start"), "Since watch started (the analysis of gclat gc)");
        rn_str(s, "collector", f->collector);
        num(s, "pauses", NULL, f->since_pauses, 0, NULL);
        num(s, "pause_total", "pause total", f->since_pause_total_ms, 1, "ms");
        num(s, "pause_max", "max pause", f->since_pause_max_ms, 3, "ms");
        num(s, "gc_share", "time in GC pauses", f->since_share_pct, 3, "%");
        num(s, "stalls", "allocation stalls", f->since_stalls, 0, NULL);
        num(s, "unparsed", "lines not understood", f->unparsed, 0, NULL);
        const struct gc_table *t = &j->ga.stall_threads;
        if (t->n) {
            const struct gc_named **v = xcalloc(t->n, sizeof *v);
            for (size_t k = 0; k < t->n; k++)
                v[k] = &t->rows[k];
            qsort(v, t->n, sizeof *v, by_total_desc);
            struct report_node *a = rn_flags(rn_title(rn_arr(o, "stalls_by_thread"), "Allocation stalls by thread "
                                                                                   "(the longest in total)"),
                                             RF_TABLE);
            for (size_t k = 0; k < t->n && k < TOP_ROWS; k++) {
                struct report_node *r = rn_obj(a, NULL);
                rn_str(r, "thread", v[k]->name);
                rn_int(r, "stalls", (int64_t)v[k]->count);
                num(r, "total_ms", "total ms", ms(v[k]->total_ns), 3, NULL);
                num(r, "max_ms", "max ms", ms(v[k]->max_ns), 3, NULL);
            }
            free(v);
        }
    }
    const struct wm_jvm *m = j->wm;
    if (f->has_access && m && m->nhttp) {
        const struct wm_http **v = xcalloc(m->nhttp, sizeof *v);
        for (size_t k = 0; k < m->nhttp; k++)
            v[k] = &m->http[k];
        qsort(v, m->nhttp, sizeof *v, by_count_desc);
        struct report_node *a =
            rn_flags(rn_title(rn_arr(o, "routes"), "Requests by route and status since watch started (the most)"),
                     RF_TABLE);
        for (size_t k = 0; k < m->nhttp && k < TOP_ROWS; k++) {
            struct report_node *r = rn_obj(a, NULL);
            rn_str(r, "route", v[k]->route);
            rn_str(r, "status", v[k]->status);
            rn_int(r, "requests", (int64_t)v[k]->count);
            num(r, "mean_ms", "mean ms", v[k]->count ? v[k]->sum_s * 1e3 / (double)v[k]->count : NAN, 3, NULL);
        }
        free(v);
    }
}

static void alerts_table(struct report_node *o, const struct watch_page *p, const struct watch_figures *f)
{
    if (p->before_first) {
        rn_str(o, "alerts", "not evaluated yet (at the first --interval)");
        return;
    }
    if (!f->nalerts)
        return;
    struct report_node *a = rn_flags(rn_title(rn_arr(o, "alerts"), "Alerts (first window)"), RF_TABLE);
    for (int k = 0; k < f->nalerts; k++) {
        struct report_node *r = rn_obj(a, NULL);
        rn_str(r, "alert", f->alerts[k].text);
        rn_str(r, "state", f->alerts[k].state);
        num(r, "value", NULL, strcmp(f->alerts[k].state, "no data") ? f->alerts[k].value : NAN, 3, NULL);
    }
}

static struct report_node *page_tree(const struct watch_page *p)
{
    struct report_node *root = rn_root();
    int fire = 0;
    for (int i = 0; i < p->n; i++)
        fire += firing(&p->fr->f[i]);
    char v[256];
    if (p->before_first)
        snprintf(v, sizeof v, "Watching %d JVM%s; alerts are evaluated at the first interval.", p->n,
                 p->n == 1 ? "" : "s");
    else if (fire)
        snprintf(v, sizeof v, "%d alert%s firing.", fire, fire == 1 ? "" : "s");
    else
        snprintf(v, sizeof v, "No alert firing.");
    for (int i = 0; i < p->n; i++)
        key_figures(root, p, i);
    for (int i = 0; i < p->n; i++) {
        const struct watch_figures *f = &p->fr->f[i];
        char key[32];
        snprintf(key, sizeof key, "jvm-%d", i + 1);
        struct report_node *o = rn_title(rn_obj(root, key), f->name);
        findings_of(o, p, i);
        charts_of(o, p, i);
        if (f->has_gc && !p->jvms[i].gc_events)
            rn_str(o, "gc_log", "no GC event read yet");
        windows_table(o, f);
        alerts_table(o, p, f);
        since_start(o, p, i);
    }
    rn_verdict(root, v);
    return root;
}

void watch_html_write(FILE *f, const struct watch_page *p)
{
    struct report_node *root = page_tree(p);
    char ts[32], sub[512], every[32];
    watch_stamp_utc(ts, sizeof ts, p->fr->t_ms);
    watch_win_label(every, sizeof every, p->interval_ms >= 1000 ? p->interval_ms : 1000);
    size_t k = 0;
    k += (size_t)snprintf(sub + k, sizeof sub - k, "%s %s", p->final ? "Stopped at" : "Updated", ts);
    if (!p->final && k < sizeof sub)
        k += (size_t)snprintf(sub + k, sizeof sub - k, ", every %s", every);
    if (k < sizeof sub && p->n)
        k += (size_t)snprintf(sub + k, sizeof sub - k, "; windows");
    for (int w = 0; p->n && w < p->fr->f[0].nwin && k < sizeof sub; w++) {
        char wl[32];
        watch_win_label(wl, sizeof wl, p->fr->f[0].w[w].len_ms);
        k += (size_t)snprintf(sub + k, sizeof sub - k, " %s", wl);
    }
    struct html_opts o = {
        .title = "gclat watch",
        .subtitle = sub,
        .footer = "Figures of a window are exact over its slots (docs/watch.md); since start, the analysis of "
                  "gclat gc. A figure shown '-' is not known (no event yet, a log without pause lines).",
        .refresh_s = p->final ? 0 : (int)((p->interval_ms + 999) / 1000),
    };
    render_html(f, root, &o);
    rn_free(root);
}
