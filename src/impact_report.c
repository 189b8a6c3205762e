/*
 * impact_report.c — the report tree of `gclat impact` from the model's
 * results (impact_report.h): the model's inputs, the share pushed past the
 * timeout, the stalls, per hour, the what-ifs and the pause clusters
 * responsible.
 */
#include "impact_report.h"
#include "gc_event.h"
#include "timeparse.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MS 1000000LL

static void moment(const struct pause_tl *tl, int64_t t_ns, char *buf, size_t n)
{
    if (tl->clock == TL_CLOCK_WALL)
        format_iso8601(t_ns / MS, tl->tz_min, buf, n);
    else
        snprintf(buf, n, "uptime %.3fs", (double)t_ns / 1e9);
}

static double ms(double ns)
{
    return ns / 1e6;
}

static int cmp_cluster(const void *a, const void *b)
{
    const struct impact_cluster *x = a, *y = b;
    if (x->window_ns != y->window_ns)
        return x->window_ns < y->window_ns ? 1 : -1;
    return x->start_ns < y->start_ns ? -1 : x->start_ns > y->start_ns;
}

static void stops(struct report_node *o, bool pauses, bool stalls)
{
    pause_tl_stops_report(o, pauses, stalls, "pauses and allocation stalls");
}

static void summary(struct report_node *o, const struct pause_tl *tl, const struct impact_result *r,
                    double rate, bool lacks_pauses)
{
    stops(o, true, false);
    if (lacks_pauses)
        rn_title(rn_null(o, "share_pct"), "Requests pushed past the timeout by GC (the log has no pause lines)");
    else
        rn_title(rn_num(o, "share_pct", r->share * 100, 4), "Requests pushed past the timeout by GC");
    rn_unit(o->last, "%");
    rn_title(rn_num(o, "share_arrivals_only_pct", r->share_naive * 100, 4),
             "  of which arriving during a pause (sum of max(0, P-(T-s)))");
    rn_unit(o->last, "%");
    if (rate > 0) {
        rn_title(rn_num(o, "requests_lost", r->share * rate * (double)r->span_ns / 1e9, 1),
                 "Requests lost over the span");
        rn_title(rn_num(o, "requests_lost_per_day", r->share * rate * 86400.0, 1), "Requests lost per day");
    }
    rn_title(rn_num(o, "miss_window_ms", ms(r->window_ns), 3), "Arrival time that misses (sum of windows)");
    rn_unit(o->last, "ms");
    rn_title(rn_num(o, "span_s", (double)r->span_ns / 1e9, 3), "Span observed (first to last GC event)");
    rn_unit(o->last, "s");
    rn_title(rn_int(o, "pauses", (int64_t)r->npauses), "Pauses");
    rn_title(rn_num(o, "stopped_ms", ms((double)r->paused_ns), 3), "Stopped time");
    rn_unit(o->last, "ms");
    rn_title(rn_num(o, "stopped_pct", 100.0 * (double)r->paused_ns / (double)r->span_ns, 4),
             "Stopped share of time");
    rn_unit(o->last, "%");
    int64_t longest = 0;
    for (size_t i = 0; i < tl->n; i++) {
        int64_t d = tl->v[i].dur_ns;
        if (r->cap_ns > 0 && d > r->cap_ns)
            d = r->cap_ns;
        if (d > longest)
            longest = d;
    }
    rn_title(rn_num(o, "longest_pause_ms", ms((double)longest), 3), "Longest pause");
    rn_unit(o->last, "ms");
    rn_title(rn_int(o, "overlapping_pauses", (int64_t)r->overlaps), "Pauses overlapping another (merged)");
    rn_title(rn_int(o, "chains", (int64_t)r->nchains), "Chains (pauses closer than the timeout)");
    rn_title(rn_int(o, "clusters_over", (int64_t)r->ncl), "Pause clusters causing misses");
}

struct hour_row {
    int64_t key_ms;   /* local ms at the hour start */
    int64_t pauses, stopped_ns, max_ns;
    double window_ns;
    double stall_misses;
};

static void by_hour(struct report_node *root, const struct pause_tl *tl, const struct impact_result *r,
                    double rate, const struct impact_svc *svc)
{
    const int64_t H = 3600000;
    int64_t off_ms = pause_tl_local_ms(tl, 0); /* local = t/1e6 + off */
    int64_t first = pause_tl_local_ms(tl, r->span_first_ns), last = pause_tl_local_ms(tl, r->span_last_ns);
    int64_t h0 = first - ((first % H) + H) % H;
    int64_t nh = (last - h0) / H + 1;
    bool all_hours = nh <= 744; /* a month: list every hour, else only hours with pauses */
    size_t cap = all_hours ? (size_t)nh : 0, n = 0;
    struct hour_row *rows = NULL;
    if (all_hours) {
        rows = xcalloc(cap ? cap : 1, sizeof *rows);
        for (int64_t k = 0; k < nh; k++)
            rows[k].key_ms = h0 + k * H;
        n = (size_t)nh;
    }
    /* pauses per hour */
    for (size_t i = 0; i < tl->n; i++) {
        int64_t loc = pause_tl_local_ms(tl, tl->v[i].start_ns);
        int64_t key = loc - ((loc % H) + H) % H;
        size_t k;
        if (all_hours) {
            int64_t idx = (key - h0) / H;
            if (idx < 0 || idx >= nh)
                continue;
            k = (size_t)idx;
        } else {
            if (!n || rows[n - 1].key_ms != key) {
                xgrow((void **)&rows, &cap, n + 1, sizeof *rows);
                memset(&rows[n], 0, sizeof *rows);
                rows[n].key_ms = key;
                n++;
            }
            k = n - 1;
        }
        int64_t d = tl->v[i].dur_ns;
        if (r->cap_ns > 0 && d > r->cap_ns)
            d = r->cap_ns;
        rows[k].pauses++;
        rows[k].stopped_ns += d;
        if (d > rows[k].max_ns)
            rows[k].max_ns = d;
    }
    /* stall misses, attributed to the hour the stall starts in */
    for (size_t i = 0; i < tl->nst; i++) {
        int64_t loc = pause_tl_local_ms(tl, tl->st[i].start_ns);
        int64_t key = loc - ((loc % H) + H) % H;
        for (size_t k = 0; k < n; k++)
            if (rows[k].key_ms == key) {
                rows[k].stall_misses += impact_stall_misses(tl->st[i].dur_ns, r->timeout_ns, svc->pts, svc->n);
                break;
            }
    }
    /* miss windows, attributed to the hour their cluster starts in */
    for (size_t c = 0; c < r->ncl; c++) {
        int64_t loc = pause_tl_local_ms(tl, r->cl[c].start_ns);
        int64_t key = loc - ((loc % H) + H) % H;
        for (size_t k = 0; k < n; k++)
            if (rows[k].key_ms == key) {
                rows[k].window_ns += r->cl[c].window_ns;
                break;
            }
    }
    struct report_node *arr = rn_flags(rn_title(rn_arr(root, "by_hour"), "Per hour"), RF_TABLE);
    for (size_t k = 0; k < n; k++) {
        int64_t hs = (rows[k].key_ms - off_ms) * MS, he = hs + H * MS;
        if (hs < r->span_first_ns)
            hs = r->span_first_ns;
        if (he > r->span_last_ns)
            he = r->span_last_ns;
        double span = he > hs ? (double)(he - hs) : 0;
        struct report_node *o = rn_obj(arr, NULL);
        char buf[48];
        if (tl->clock == TL_CLOCK_WALL) {
            format_local_time(rows[k].key_ms, 0, buf, sizeof buf);
            buf[16] = 0; /* YYYY-MM-DD HH:MM */
        } else {
            snprintf(buf, sizeof buf, "+%lldh", (long long)(rows[k].key_ms / H));
        }
        rn_str(o, "hour", buf);
        rn_num(o, "span_s", span / 1e9, 1);
        rn_int(o, "pauses", rows[k].pauses);
        rn_num(o, "stopped_ms", ms((double)rows[k].stopped_ns), 1);
        rn_num(o, "max_pause_ms", ms((double)rows[k].max_ns), 1);
        rn_num(o, "share_pct", span > 0 ? 100.0 * rows[k].window_ns / span : 0, 4);
        if (rate > 0)
            rn_num(o, "requests_lost", rows[k].window_ns / 1e9 * rate, 1);
        if (tl->nst)
            rn_num(o, "stall_misses", rows[k].stall_misses, 1);
    }
    free(rows);
}

static void responsible(struct report_node *arr, const struct pause_tl *tl, struct impact_result *r,
                        size_t top)
{
    qsort(r->cl, r->ncl, sizeof *r->cl, cmp_cluster);
    size_t n = top && top < r->ncl ? top : r->ncl;
    for (size_t i = 0; i < n; i++) {
        const struct impact_cluster *c = &r->cl[i];
        struct report_node *o = rn_obj(arr, NULL);
        char buf[64];
        moment(tl, c->start_ns, buf, sizeof buf);
        rn_str(o, "time", buf);
        rn_int(o, "pauses", (int64_t)c->npauses);
        rn_num(o, "stopped_ms", ms((double)c->paused_ns), 3);
        rn_num(o, "longest_ms", ms((double)c->longest_ns), 3);
        const struct pause *p = &tl->v[c->longest];
        rn_str(o, "longest_name", p->name ? p->name : gc_kind_name((enum gc_kind)p->kind));
        rn_num(o, "miss_window_ms", ms(c->window_ns), 3);
        rn_num(o, "contribution_pct", r->window_ns > 0 ? 100.0 * c->window_ns / r->window_ns : 0, 2);
    }
}

void impact_report_inputs(struct report_node *inputs, const struct pause_tl *tl, const struct impact_gc *g)
{
    rn_int(inputs, "files", g->res.files);
    rn_int(inputs, "lines", (int64_t)g->res.lines);
    rn_str(inputs, "format", g->res.mixed_formats ? "mixed" : gc_format_name(g->res.format));
    rn_str(inputs, "collector", gc_collector_name(g->coll));
    rn_int(inputs, "events", (int64_t)g->events);
    rn_str(inputs, "clock", tl_clock_name(tl->clock));
    rn_title(rn_int(inputs, "pauses_without_time", (int64_t)tl->no_time), "pauses without timestamp (left out)");
    rn_title(rn_int(inputs, "pauses_dropped", (int64_t)tl->dropped), "pauses beyond --max-pauses (left out)");
}

struct report_node *impact_report(struct report_node *root, const struct impact_run *x)
{
    double rate = x->rate;
    bool any_stalls = x->any_stalls;
    impact_report_inputs(rn_title(rn_obj(root, "inputs"), "Input"), x->tl, x->gc);
    /* the report: model inputs, result, hours, culprits, what-ifs */
    struct report_node *m = rn_title(rn_obj(root, "model"), "Model");
    rn_title(rn_num(m, "timeout_ms", ms((double)x->timeout_ns), 3), "Timeout T");
    rn_unit(m->last, "ms");
    rn_title(rn_str(m, "service_time", x->svc->source), "Service time source");
    rn_title(rn_num(m, "service_p50_ms", ms((double)x->svc->p50_ns), 3), "Service time P50");
    rn_unit(m->last, "ms");
    if (x->svc->requests) {
        rn_title(rn_num(m, "service_p99_ms", ms((double)x->svc->p99_ns), 3), "Service time P99");
        rn_unit(m->last, "ms");
        rn_title(rn_int(m, "service_requests", (int64_t)x->svc->requests), "Requests in the service-time log");
        rn_title(rn_int(m, "service_points", (int64_t)x->svc->n), "Distribution points used");
    }
    rn_title(rn_num(m, "over_timeout_anyway_pct", x->res->over_anyway * 100, 4),
             "Requests over T without any GC (not counted)");
    rn_unit(m->last, "%");
    if (rate > 0)
        rn_title(rn_num(m, "rate_qps", rate, 1), "Request rate");
    if (rate > 0 && any_stalls)
        rn_title(rn_str(m, "rate_source", x->rate_source), "Request rate from");

    struct report_node *s = rn_title(rn_obj(root, "impact"), "Impact of GC pauses");
    summary(s, x->tl, x->res, rate, x->gc->lacks_pauses);

    double span_s = (double)x->res->span_ns / 1e9;
    if (x->st->nstalls) {
        struct report_node *so = rn_title(rn_obj(root, "stalls"), "Impact of allocation stalls (one thread each)");
        stops(so, false, true);
        rn_title(rn_int(so, "stalls", (int64_t)x->st->nstalls), "Stalls (allocation and relocation)");
        rn_unit(rn_title(rn_num(so, "stalled_ms", ms((double)x->st->stalled_ns), 3), "Stalled time (all threads)"), "ms");
        rn_unit(rn_title(rn_num(so, "longest_stall_ms", ms((double)x->st->longest_ns), 3), "Longest stall"), "ms");
        rn_title(rn_int(so, "stalls_over_timeout", (int64_t)x->st->over_timeout), "Stalls longer than T");
        rn_title(rn_num(so, "requests_pushed", x->st->misses, 1),
                 "Requests pushed past the timeout by stalls (one per stall longer than T - s)");
        rn_title(rn_num(so, "requests_pushed_per_day", span_s > 0 ? x->st->misses / span_s * 86400.0 : 0, 1),
                 "... per day");
        if (rate > 0) {
            rn_unit(rn_title(rn_num(so, "share_pct", span_s > 0 ? 100.0 * x->st->misses / (rate * span_s) : 0, 4),
                             "Share of requests"),
                    "%");
            struct report_node *all = rn_title(rn_obj(root, "impact_all"), "Impact of every stop");
            stops(all, true, true);
            double share_all = x->res->share + (span_s > 0 ? x->st->misses / (rate * span_s) : 0);
            rn_unit(rn_title(rn_num(all, "share_pct", share_all * 100, 4),
                             "Requests pushed past the timeout by pauses or stalls"),
                    "%");
            rn_title(rn_num(all, "requests_lost_per_day", share_all * rate * 86400.0, 1), "Requests lost per day");
        }
    }

    by_hour(root, x->tl, x->res, rate, x->svc);

    if (x->cap_ns > 0 || x->whatif_log) {
        struct report_node *w = rn_flags(rn_title(rn_arr(root, "what_if"), "What if"), RF_TABLE);
        struct {
            struct impact_result *r;
            const struct impact_stalls *st;
            char *label;
        } sc[3] = {{x->res, x->st, xstrdup("as logged")}, {NULL, NULL, NULL}, {NULL, NULL, NULL}};
        int nsc = 1;
        if (x->cap_ns > 0) {
            /* the cap shortens pauses; stalls stay as logged */
            sc[nsc].label = xasprintf("max-pause=%gms", ms((double)x->cap_ns));
            sc[nsc].st = x->st;
            sc[nsc++].r = x->res_cap;
        }
        if (x->whatif_log) {
            sc[nsc].label = xstrdup(x->whatif_log);
            sc[nsc].st = x->st2;
            sc[nsc++].r = x->res2;
        }
        /* like with like: with stalls in any scenario every row counts pauses and stalls,
           which add up only as shares of the request rate */
        double total[3];
        for (int k = 0; k < nsc; k++) {
            double sp = sc[k].r->span_ns > 0 ? (double)sc[k].r->span_ns / 1e9 : 0;
            total[k] = sc[k].r->share + (any_stalls && rate > 0 && sp > 0 ? sc[k].st->misses / (rate * sp) : 0);
        }
        for (int k = 0; k < nsc; k++) {
            const struct impact_result *r = sc[k].r;
            struct report_node *o = rn_obj(w, NULL);
            rn_str(o, "scenario", sc[k].label);
            struct report_node *sa = rn_arr(o, "stops_included");
            rn_str(sa, NULL, "pauses");
            if (any_stalls)
                rn_str(sa, NULL, "stalls");
            rn_num(o, "share_pct", r->share * 100, 4);
            if (any_stalls) {
                rn_num(o, "stall_misses", sc[k].st->misses, 1);
                if (rate > 0)
                    rn_num(o, "total_share_pct", total[k] * 100, 4);
            }
            if (any_stalls && rate <= 0)
                rn_null(o, "change_pct"); /* pauses alone would not compare like with like */
            else
                rn_num(o, "change_pct", k == 0 ? 0 : total[0] > 0 ? 100.0 * (total[k] - total[0]) / total[0] : 0, 1);
            rn_int(o, "pauses", (int64_t)r->npauses);
            rn_num(o, "stopped_pct", r->span_ns > 0 ? 100.0 * (double)r->paused_ns / (double)r->span_ns : 0, 4);
            if (rate > 0)
                rn_num(o, "lost_per_day", total[k] * rate * 86400, 1);
            free(sc[k].label);
        }
    }

    struct report_node *resp = rn_flags(rn_title(rn_arr(root, "responsible"),
                                                 "Pauses responsible (largest miss window first)"),
                                        RF_TABLE);
    responsible(resp, x->tl, x->res, x->top);
    diag_report(x->diag, root, "unparsed_lines");
    if (x->svc_diag->total)
    {
        diag_report(x->svc_diag, root, "service_time_unparsed_lines");
        rn_title(rn_get(root, "service_time_unparsed_lines"), "Unparsed service-time lines");
    }

    return resp;
}
