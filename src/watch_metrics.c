/* watch_metrics.c — the Prometheus state of gclat watch (watch_metrics.h). */
#include "watch_metrics.h"
#include "gc_mxbean.h"
#include "prom_text.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const double pause_bounds[WM_PAUSE_BUCKETS] = {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
                                                      0.05,   0.1,     0.25,   0.5,   1,      2.5,   5,     10};
static const double otel_bounds[WM_OTEL_BUCKETS] = {0.01, 0.1, 1, 10};
static const double http_bounds[WM_HTTP_BUCKETS] = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1,
                                                    0.25,  0.5,    1,     2.5,  5,    10,   30};

void wm_init(struct watch_metrics *m, size_t max_series)
{
    memset(m, 0, sizeof *m);
    m->max_series = max_series ? max_series : 500;
}

static void free_pauses(struct wm_pause *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(p[i].gc);
        free(p[i].action);
        free(p[i].cause);
    }
    free(p);
}

void wm_fini(struct watch_metrics *m)
{
    for (int i = 0; i < m->n; i++) {
        struct wm_jvm *j = m->jvms[i];
        free(j->name);
        free_pauses(j->pauses, j->npauses);
        free_pauses(j->cycles, j->ncycles);
        for (size_t k = 0; k < j->notel; k++) {
            free(j->otel[k].gc);
            free(j->otel[k].action);
        }
        free(j->otel);
        for (size_t k = 0; k < j->nhttp; k++) {
            free(j->http[k].status);
            free(j->http[k].route);
        }
        free(j->http);
        free(j);
    }
    free(m->jvms);
    memset(m, 0, sizeof *m);
}

struct wm_jvm *wm_jvm(struct watch_metrics *m, const char *name)
{
    for (int i = 0; i < m->n; i++)
        if (!strcmp(m->jvms[i]->name, name))
            return m->jvms[i];
    /* one allocation per JVM: a watch_jvm keeps the pointer while more JVMs are added */
    m->jvms = xrealloc(m->jvms, (size_t)(m->n + 1) * sizeof *m->jvms);
    struct wm_jvm *j = m->jvms[m->n++] = xcalloc(1, sizeof *j);
    j->name = xstrdup(name);
    j->alloc_bytes = j->promoted_bytes = j->live_bytes = j->max_data_bytes = -1;
    j->last_event_s = NAN;
    return j;
}

/* Find or add a (gc, action, cause) row; beyond the bound, cause becomes "other". */
static struct wm_pause *pause_row(struct watch_metrics *m, struct wm_jvm *j, struct wm_pause **rows, size_t *n,
                                  size_t *cap, const struct gc_mxbean_label *l)
{
    const char *cause = l->cause;
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < *n; i++)
            if (!strcmp((*rows)[i].gc, l->gc) && !strcmp((*rows)[i].action, l->action) &&
                !strcmp((*rows)[i].cause, cause))
                return &(*rows)[i];
        if (*n < m->max_series || pass == 1)
            break;
        cause = "other";
        j->other_series++;
    }
    xgrow((void **)rows, cap, *n + 1, sizeof **rows);
    struct wm_pause *p = &(*rows)[(*n)++];
    memset(p, 0, sizeof *p);
    p->gc = xstrdup(l->gc);
    p->action = xstrdup(l->action);
    p->cause = xstrdup(cause);
    return p;
}

static void bucket(uint64_t *b, const double *bounds, int n, double v)
{
    for (int i = 0; i < n; i++)
        if (v <= bounds[i])
            b[i]++;
}

void wm_gc_event(struct watch_metrics *m, struct wm_jvm *j, enum gc_collector c, const struct gc_event *e)
{
    if (e->wall_ms >= 0)
        j->last_event_s = (double)e->wall_ms / 1e3;
    if (e->duration_ns < 0)
        return;
    double s = (double)e->duration_ns / 1e9;
    if (e->type == GC_EV_STALL) {
        if (e->name && strstr(e->name, "Relocation"))
            return; /* not an allocation stall: gclat gc counts them apart too */
        j->stall_count++;
        j->stall_sum_s += s;
        bucket(j->stall_b, pause_bounds, WM_PAUSE_BUCKETS, s);
        return;
    }
    struct gc_mxbean_label l;
    if (!gc_mxbean_label(c, e, &l))
        return;
    if (e->type == GC_EV_CYCLE) {
        struct wm_pause *p = pause_row(m, j, &j->cycles, &j->ncycles, &j->cap_c, &l);
        p->count++;
        p->sum_s += s;
        if (s > p->max_s)
            p->max_s = s;
        return;
    }
    struct wm_pause *p = pause_row(m, j, &j->pauses, &j->npauses, &j->cap_p, &l);
    p->count++;
    p->sum_s += s;
    if (s > p->max_s)
        p->max_s = s;
    j->pause_count++;
    j->pause_sum_s += s;
    bucket(j->pause_b, pause_bounds, WM_PAUSE_BUCKETS, s);
    struct wm_otel *o = NULL;
    for (size_t i = 0; i < j->notel; i++)
        if (!strcmp(j->otel[i].gc, l.gc) && !strcmp(j->otel[i].action, l.action))
            o = &j->otel[i];
    if (!o) { /* bounded by the collector's few (gc, action) pairs */
        xgrow((void **)&j->otel, &j->cap_o, j->notel + 1, sizeof *j->otel);
        o = &j->otel[j->notel++];
        memset(o, 0, sizeof *o);
        o->gc = xstrdup(l.gc);
        o->action = xstrdup(l.action);
    }
    o->count++;
    o->sum_s += s;
    bucket(o->b, otel_bounds, WM_OTEL_BUCKETS, s);
    /* memory: young growth between GCs is allocation, old growth in a young GC is promotion */
    if (e->heap_total_kb >= 0 && e->old_total_kb >= 0)
        j->max_data_bytes = e->old_total_kb * 1024;
    if (e->kind == GC_KIND_FULL && e->old_after_kb >= 0)
        j->live_bytes = e->old_after_kb * 1024;
    else if (e->kind == GC_KIND_FULL && e->heap_after_kb >= 0)
        j->live_bytes = e->heap_after_kb * 1024;
}

void wm_request(struct watch_metrics *m, struct wm_jvm *j, int status, const char *route, int64_t lat_ns,
                double t_s)
{
    char st[16];
    if (status > 0)
        snprintf(st, sizeof st, "%d", status);
    else
        snprintf(st, sizeof st, "unknown"); /* the log format has no status */
    struct wm_http *h = NULL;
    for (size_t i = 0; i < j->nhttp; i++)
        if (!strcmp(j->http[i].status, st) && !strcmp(j->http[i].route, route))
            h = &j->http[i];
    if (!h && j->nhttp >= m->max_series) {
        j->other_series++;
        for (size_t i = 0; i < j->nhttp; i++)
            if (!strcmp(j->http[i].status, "other") && !strcmp(j->http[i].route, "other"))
                h = &j->http[i];
        st[0] = 0;
        route = "other";
    }
    if (!h) {
        xgrow((void **)&j->http, &j->cap_h, j->nhttp + 1, sizeof *j->http);
        h = &j->http[j->nhttp++];
        memset(h, 0, sizeof *h);
        h->status = xstrdup(st[0] ? st : "other");
        h->route = xstrdup(route);
    }
    double s = (double)lat_ns / 1e9;
    h->count++;
    h->sum_s += s;
    bucket(h->b, http_bounds, WM_HTTP_BUCKETS, s);
    if (isfinite(t_s) && (isnan(j->last_event_s) || t_s > j->last_event_s))
        j->last_event_s = t_s;
}

static void fam_pauses(const struct watch_metrics *m, FILE *f, const char *name, const char *help, bool cycles)
{
    bool any = false;
    for (int i = 0; i < m->n; i++)
        any |= (cycles ? m->jvms[i]->ncycles : m->jvms[i]->npauses) > 0;
    if (!any)
        return;
    char n[128];
    prom_family(f, name, PROM_SUMMARY, help);
    const char *ln[] = {"jvm", "action", "cause", "gc"};
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < m->n; i++) {
            const struct wm_jvm *j = m->jvms[i];
            const struct wm_pause *rows = cycles ? j->cycles : j->pauses;
            size_t nr = cycles ? j->ncycles : j->npauses;
            for (size_t k = 0; k < nr; k++) {
                const char *lv[] = {j->name, rows[k].action, rows[k].cause, rows[k].gc};
                struct prom_labels l = {ln, lv, 4};
                if (!pass) {
                    snprintf(n, sizeof n, "%s_count", name);
                    prom_sample(f, n, &l, (double)rows[k].count);
                    snprintf(n, sizeof n, "%s_sum", name);
                    prom_sample(f, n, &l, rows[k].sum_s);
                } else {
                    snprintf(n, sizeof n, "%s_max", name);
                    prom_sample(f, n, &l, rows[k].max_s);
                }
            }
            if (!pass && i == m->n - 1) {
                snprintf(n, sizeof n, "%s_max", name);
                prom_family(f, n, PROM_GAUGE, "Longest one since gclat watch started");
            }
        }
}

static void gauge_per_jvm(const struct watch_metrics *m, FILE *f, const char *name, enum prom_type t,
                          const char *help, size_t off)
{
    bool any = false;
    for (int i = 0; i < m->n; i++)
        any |= *(const int64_t *)((const char *)m->jvms[i] + off) >= 0;
    if (!any)
        return; /* the logs do not give it: no series, not a zero */
    prom_family(f, name, t, help);
    const char *ln[] = {"jvm"};
    for (int i = 0; i < m->n; i++) {
        int64_t v = *(const int64_t *)((const char *)m->jvms[i] + off);
        if (v < 0)
            continue;
        const char *lv[] = {m->jvms[i]->name};
        struct prom_labels l = {ln, lv, 1};
        prom_sample(f, name, &l, (double)v);
    }
}

void wm_write(const struct watch_metrics *m, FILE *f)
{
    fam_pauses(m, f, "jvm_gc_pause_seconds", "Time spent in GC pause (every stop-the-world pause in the GC log)",
               false);
    fam_pauses(m, f, "jvm_gc_concurrent_phase_time_seconds", "Time spent in concurrent phase (ZGC and Shenandoah cycles)",
               true);
    gauge_per_jvm(m, f, "jvm_gc_memory_allocated_bytes_total", PROM_COUNTER,
                  "Heap growth between the end of one GC and the start of the next", offsetof(struct wm_jvm, alloc_bytes));
    gauge_per_jvm(m, f, "jvm_gc_memory_promoted_bytes_total", PROM_COUNTER,
                  "Old generation growth across young GCs", offsetof(struct wm_jvm, promoted_bytes));
    gauge_per_jvm(m, f, "jvm_gc_live_data_size_bytes", PROM_GAUGE, "Old generation after the last full GC",
                  offsetof(struct wm_jvm, live_bytes));
    gauge_per_jvm(m, f, "jvm_gc_max_data_size_bytes", PROM_GAUGE, "Capacity of the old generation",
                  offsetof(struct wm_jvm, max_data_bytes));
    bool any = false;
    for (int i = 0; i < m->n; i++)
        any |= m->jvms[i]->notel > 0;
    if (any) {
        prom_family(f, "jvm_gc_duration_seconds", PROM_HISTOGRAM,
                    "Duration of JVM garbage collection actions (OpenTelemetry semantic conventions)");
        const char *ln[] = {"jvm", "jvm_gc_action", "jvm_gc_name"};
        for (int i = 0; i < m->n; i++)
            for (size_t k = 0; k < m->jvms[i]->notel; k++) {
                const struct wm_otel *o = &m->jvms[i]->otel[k];
                const char *lv[] = {m->jvms[i]->name, o->action, o->gc};
                struct prom_labels l = {ln, lv, 3};
                prom_histogram(f, "jvm_gc_duration_seconds", &l, otel_bounds, o->b, WM_OTEL_BUCKETS, o->count,
                               o->sum_s);
            }
    }
    const char *jn[] = {"jvm"};
    if (m->n) {
        prom_family(f, "gclat_gc_pause_seconds", PROM_HISTOGRAM, "Stop-the-world GC pauses");
        for (int i = 0; i < m->n; i++) {
            const char *lv[] = {m->jvms[i]->name};
            struct prom_labels l = {jn, lv, 1};
            prom_histogram(f, "gclat_gc_pause_seconds", &l, pause_bounds, m->jvms[i]->pause_b, WM_PAUSE_BUCKETS,
                           m->jvms[i]->pause_count, m->jvms[i]->pause_sum_s);
        }
        prom_family(f, "gclat_gc_allocation_stall_seconds", PROM_HISTOGRAM,
                    "Application threads stalled waiting for memory (ZGC/Shenandoah allocation stalls)");
        for (int i = 0; i < m->n; i++) {
            const char *lv[] = {m->jvms[i]->name};
            struct prom_labels l = {jn, lv, 1};
            prom_histogram(f, "gclat_gc_allocation_stall_seconds", &l, pause_bounds, m->jvms[i]->stall_b,
                           WM_PAUSE_BUCKETS, m->jvms[i]->stall_count, m->jvms[i]->stall_sum_s);
        }
    }
    any = false;
    for (int i = 0; i < m->n; i++)
        any |= m->jvms[i]->nhttp > 0;
    if (any) {
        prom_family(f, "gclat_http_request_duration_seconds", PROM_HISTOGRAM,
                    "Request latency from the access log, by status and route");
        const char *ln[] = {"jvm", "route", "status"};
        for (int i = 0; i < m->n; i++)
            for (size_t k = 0; k < m->jvms[i]->nhttp; k++) {
                const struct wm_http *h = &m->jvms[i]->http[k];
                const char *lv[] = {m->jvms[i]->name, h->route, h->status};
                struct prom_labels l = {ln, lv, 3};
                prom_histogram(f, "gclat_http_request_duration_seconds", &l, http_bounds, h->b, WM_HTTP_BUCKETS,
                               h->count, h->sum_s);
            }
    }
    prom_family(f, "gclat_unparsed_lines_total", PROM_COUNTER, "Lines of the followed logs that were not understood");
    for (int i = 0; i < m->n; i++) {
        const char *lv[] = {m->jvms[i]->name};
        struct prom_labels l = {jn, lv, 1};
        prom_sample(f, "gclat_unparsed_lines_total", &l, (double)m->jvms[i]->unparsed);
    }
    prom_family(f, "gclat_series_folded_total", PROM_COUNTER,
                "Events counted under cause or route \"other\" because of --max-groups");
    for (int i = 0; i < m->n; i++) {
        const char *lv[] = {m->jvms[i]->name};
        struct prom_labels l = {jn, lv, 1};
        prom_sample(f, "gclat_series_folded_total", &l, (double)m->jvms[i]->other_series);
    }
    any = false;
    for (int i = 0; i < m->n; i++)
        any |= isfinite(m->jvms[i]->last_event_s);
    if (any) {
        prom_family(f, "gclat_last_event_timestamp_seconds", PROM_GAUGE, "Logged time of the newest event read");
        for (int i = 0; i < m->n; i++) {
            if (!isfinite(m->jvms[i]->last_event_s))
                continue;
            const char *lv[] = {m->jvms[i]->name};
            struct prom_labels l = {jn, lv, 1};
            prom_sample(f, "gclat_last_event_timestamp_seconds", &l, m->jvms[i]->last_event_s);
        }
    }
    prom_family(f, "gclat_files_followed", PROM_GAUGE, "Log files gclat watch follows");
    prom_sample(f, "gclat_files_followed", NULL, m->files_followed);
}
