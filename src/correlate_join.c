/*
 * correlate_join.c — the join of correlate_join.h: per request, the pauses
 * and stalls its window met (binary search on start, looking back by the
 * longest stop), the latency histograms of each group, one row per minute,
 * and per stalled thread its requests.
 */
#include "correlate_join.h"
#include "timeparse.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define MS 1000000LL

int cj_stop_meets(int64_t rs, int64_t re, int64_t ps, int64_t pe, int64_t q)
{
    int64_t a = ps > rs ? ps : rs, b = pe < re ? pe : re;
    int64_t ov = b - a;
    if (ov > q)
        return CJ_MET;
    bool touch = ps == pe ? rs < ps && ps < re : ov > 0;
    if (!touch || ps < rs - q || pe > re + q)
        return CJ_MISSED;
    /* inside the window to within q: decidable only when the request is longer than q; a
       shorter one shares its millisecond with the stop, and which came first is not logged */
    return re - rs > q ? CJ_MET : CJ_UNDECIDABLE;
}

/* ---- minutes ---- */

static struct cj_minute *minute_get(struct cj *c, int64_t key)
{
    if (c->mused * 2 >= c->mcap && c->mused < CJ_MAX_MINUTES) {
        size_t nc = c->mcap ? c->mcap * 2 : 1024;
        struct cj_minute *nv = xmalloc(nc * sizeof *nv);
        for (size_t i = 0; i < nc; i++)
            nv[i].key = INT64_MIN;
        for (size_t i = 0; i < c->mcap; i++) {
            if (c->mv[i].key == INT64_MIN)
                continue;
            size_t h = (size_t)((uint64_t)c->mv[i].key * 0x9E3779B97F4A7C15ULL) & (nc - 1);
            while (nv[h].key != INT64_MIN)
                h = (h + 1) & (nc - 1);
            nv[h] = c->mv[i];
        }
        free(c->mv);
        c->mv = nv;
        c->mcap = nc;
    }
    size_t h = (size_t)((uint64_t)key * 0x9E3779B97F4A7C15ULL) & (c->mcap - 1);
    while (c->mv[h].key != INT64_MIN) {
        if (c->mv[h].key == key)
            return &c->mv[h];
        h = (h + 1) & (c->mcap - 1);
    }
    if (c->mused * 2 >= c->mcap) {
        c->minutes_untracked++;
        return NULL;
    }
    memset(&c->mv[h], 0, sizeof c->mv[h]);
    c->mv[h].key = key;
    c->mused++;
    return &c->mv[h];
}

/* ---- threads ---- */

static uint64_t name_hash(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
    return h;
}

static const struct pause_tl *sort_tl; /* qsort has no context argument */

static int cmp_stall_thread(const void *a, const void *b)
{
    const struct stall *x = &sort_tl->st[*(const size_t *)a], *y = &sort_tl->st[*(const size_t *)b];
    int k = strcmp(x->thread, y->thread);
    if (k)
        return k;
    if (x->start_ns != y->start_ns)
        return x->start_ns < y->start_ns ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void threads_build(struct cj *c)
{
    const struct pause_tl *tl = c->tl;
    if (tl->nst == 0)
        return;
    c->stall_idx = xmalloc(tl->nst * sizeof *c->stall_idx);
    for (size_t i = 0; i < tl->nst; i++)
        c->stall_idx[i] = i;
    sort_tl = tl;
    qsort(c->stall_idx, tl->nst, sizeof *c->stall_idx, cmp_stall_thread);
    sort_tl = NULL;
    c->th = xcalloc(tl->nst, sizeof *c->th);
    for (size_t i = 0; i < tl->nst;) {
        const char *name = tl->st[c->stall_idx[i]].thread;
        size_t j = i;
        struct cj_thread *t = &c->th[c->nth];
        while (j < tl->nst && strcmp(tl->st[c->stall_idx[j]].thread, name) == 0) {
            const struct stall *s = &tl->st[c->stall_idx[j]];
            t->stall_ns += s->dur_ns;
            if (s->dur_ns > t->longest_ns)
                t->longest_ns = s->dur_ns;
            j++;
        }
        t->name = name;
        t->len = strlen(name);
        t->first = i;
        t->n = j - i;
        c->nth++;
        i = j;
    }
    c->th_hcap = 16;
    while (c->th_hcap < c->nth * 2)
        c->th_hcap *= 2;
    c->th_hash = xcalloc(c->th_hcap, sizeof *c->th_hash);
    for (size_t k = 0; k < c->nth; k++) {
        size_t h = (size_t)name_hash(c->th[k].name, c->th[k].len) & (c->th_hcap - 1);
        while (c->th_hash[h])
            h = (h + 1) & (c->th_hcap - 1);
        c->th_hash[h] = (uint32_t)(k + 1);
    }
}

static struct cj_thread *thread_find(struct cj *c, const char *s, size_t n)
{
    if (!c->th_hash || n == 0)
        return NULL;
    size_t h = (size_t)name_hash(s, n) & (c->th_hcap - 1);
    while (c->th_hash[h]) {
        struct cj_thread *t = &c->th[c->th_hash[h] - 1];
        if (t->len == n && memcmp(t->name, s, n) == 0)
            return t;
        h = (h + 1) & (c->th_hcap - 1);
    }
    return NULL;
}

void cj_init(struct cj *c, const struct pause_tl *tl, const struct cj_opts *o)
{
    memset(c, 0, sizeof *c);
    c->tl = tl;
    c->o = *o;
    hist_init(&c->h_ov, 3);
    hist_init(&c->h_clean, 3);
    hist_init(&c->h_stalled, 3);
    hist_init(&c->h_any, 3);
    hist_init(&c->h_none, 3);
    c->first_ns = INT64_MAX;
    c->last_ns = INT64_MIN;
    if (tl->nst)
        c->stall_hit = xcalloc((tl->nst + 7) / 8, 1);
    threads_build(c);
}

void cj_fini(struct cj *c)
{
    hist_fini(&c->h_ov);
    hist_fini(&c->h_clean);
    hist_fini(&c->h_stalled);
    hist_fini(&c->h_any);
    hist_fini(&c->h_none);
    free(c->stall_hit);
    free(c->mv);
    free(c->stall_idx);
    free(c->th);
    free(c->th_hash);
    memset(c, 0, sizeof *c);
}

/* First index in [lo, hi) of a sorted-by-start array whose start is >= t. */
#define LOWER_BOUND(arr, lo0, hi0, t, out)                                                                   \
    do {                                                                                                     \
        size_t lo_ = (lo0), hi_ = (hi0);                                                                     \
        while (lo_ < hi_) {                                                                                  \
            size_t mid_ = lo_ + (hi_ - lo_) / 2;                                                             \
            if ((arr)[mid_].start_ns < (t))                                                                  \
                lo_ = mid_ + 1;                                                                              \
            else                                                                                             \
                hi_ = mid_;                                                                                  \
        }                                                                                                    \
        (out) = lo_;                                                                                         \
    } while (0)

/* Pauses met by [s, e]: count, stopped time inside; edge violations too. */
static uint64_t pauses_met(struct cj *c, int64_t s, int64_t e, double *ov_ns, bool *edge, bool *undecidable)
{
    const struct pause_tl *tl = c->tl;
    int64_t q = c->o.resolution_ns;
    size_t i;
    LOWER_BOUND(tl->v, 0, tl->n, s - tl->longest_ns - q, i);
    uint64_t met = 0;
    for (; i < tl->n && tl->v[i].start_ns <= e + q; i++) {
        int64_t ps = tl->v[i].start_ns, pe = ps + tl->v[i].dur_ns;
        if ((s > ps + CJ_EDGE_TOL_NS && s < pe - CJ_EDGE_TOL_NS) || (e > ps + CJ_EDGE_TOL_NS && e < pe - CJ_EDGE_TOL_NS))
            *edge = true;
        int r = cj_stop_meets(s, e, ps, pe, q);
        if (r == CJ_UNDECIDABLE)
            *undecidable = true;
        if (r != CJ_MET)
            continue;
        met++;
        int64_t a = ps > s ? ps : s, b = pe < e ? pe : e;
        if (b > a)
            *ov_ns += (double)(b - a);
    }
    return met;
}

/* Stalls of any thread met by [s, e]: marks them; true if any. */
static bool any_stall_met(struct cj *c, int64_t s, int64_t e)
{
    const struct pause_tl *tl = c->tl;
    int64_t q = c->o.resolution_ns;
    size_t i;
    LOWER_BOUND(tl->st, 0, tl->nst, s - tl->longest_stall_ns - q, i);
    bool any = false;
    for (; i < tl->nst && tl->st[i].start_ns <= e + q; i++) {
        int64_t ps = tl->st[i].start_ns, pe = ps + tl->st[i].dur_ns;
        if (cj_stop_meets(s, e, ps, pe, q) == CJ_MET) {
            any = true;
            c->stall_hit[i / 8] |= (uint8_t)(1u << (i % 8));
        }
    }
    return any;
}

/* Stalls of thread t met by [s, e]. */
static uint64_t thread_stalls_met(struct cj *c, const struct cj_thread *t, int64_t s, int64_t e, double *ov_ns)
{
    const struct pause_tl *tl = c->tl;
    int64_t q = c->o.resolution_ns, from = s - t->longest_ns - q;
    /* binary search over this thread's run of stall_idx */
    size_t lo = t->first, hi = t->first + t->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (tl->st[c->stall_idx[mid]].start_ns < from)
            lo = mid + 1;
        else
            hi = mid;
    }
    uint64_t met = 0;
    for (size_t k = lo; k < t->first + t->n; k++) {
        const struct stall *st = &tl->st[c->stall_idx[k]];
        if (st->start_ns > e + q)
            break;
        int64_t ps = st->start_ns, pe = ps + st->dur_ns;
        if (cj_stop_meets(s, e, ps, pe, q) != CJ_MET)
            continue;
        met++;
        int64_t a = ps > s ? ps : s, b = pe < e ? pe : e;
        if (b > a)
            *ov_ns += (double)(b - a);
    }
    return met;
}

void cj_add(struct cj *c, const struct access_req *q)
{
    const struct pause_tl *tl = c->tl;
    int64_t s = q->start_ns + c->o.offset_ns, e = s + q->dur_ns;
    double ov = 0;
    bool edge = false, undecidable = false;
    uint64_t met = pauses_met(c, s, e, &ov, &edge, &undecidable);
    c->n++;
    if (!met && undecidable)
        c->n_undecidable++;
    c->pairs += met;
    if (met) {
        c->n_ov++;
        c->overlap_ns += ov;
        hist_record(&c->h_ov, q->dur_ns);
    } else {
        hist_record(&c->h_clean, q->dur_ns);
    }
    if (edge)
        c->edge_violations++;
    if (tl->nst && any_stall_met(c, s, e))
        c->in_any_stall++;
    bool stalled = false;
    if (c->o.thread_join) {
        if (!q->thread || q->thread_len == 0) {
            c->no_thread++;
        } else {
            struct cj_thread *t = thread_find(c, q->thread, q->thread_len);
            if (t) {
                t->requests++;
                double sov = 0;
                uint64_t sm = thread_stalls_met(c, t, s, e, &sov);
                if (sm) {
                    stalled = true;
                    t->stalled_requests++;
                    c->n_stalled++;
                    c->stall_pairs += sm;
                    c->stall_overlap_ns += sov;
                    hist_record(&c->h_stalled, q->dur_ns);
                }
            }
        }
        if (met || stalled) {
            c->n_any++;
            hist_record(&c->h_any, q->dur_ns);
        } else {
            hist_record(&c->h_none, q->dur_ns);
        }
    }
    if (tl->n || tl->nst) {
        if (e < tl->span_first_ns || s > tl->span_last_ns)
            c->outside_gc_span++;
    }
    if (s < c->first_ns)
        c->first_ns = s;
    if (e > c->last_ns)
        c->last_ns = e;
    if (!c->tz_known) {
        c->tz_min = q->tz_min;
        c->tz_known = true;
    }
    int64_t local_ms = s / MS + (int64_t)c->tz_min * 60000;
    int64_t key = local_ms >= 0 ? local_ms / 60000 : -((-local_ms + 59999) / 60000);
    struct cj_minute *m = minute_get(c, key);
    if (m) {
        m->n++;
        if (met)
            m->n_ov++;
        if (stalled)
            m->n_stalled++;
        if (c->o.slow_ns > 0 && q->dur_ns > c->o.slow_ns)
            m->n_slow++;
        if (q->dur_ns > m->max_ns)
            m->max_ns = q->dur_ns;
        m->sum_ns += (double)q->dur_ns;
    }
}

/* ---- report ---- */

static double ms(double ns)
{
    return ns / 1e6;
}

static double pct(uint64_t a, uint64_t b)
{
    return b ? 100.0 * (double)a / (double)b : 0;
}

int64_t cj_slow_ns(const struct cj *c)
{
    if (c->o.slow_ns > 0)
        return c->o.slow_ns;
    struct hist all;
    hist_init(&all, 3);
    hist_merge(&all, &c->h_ov);
    hist_merge(&all, &c->h_clean);
    int64_t v = hist_percentile(&all, 99);
    hist_fini(&all);
    return v;
}

static void lat_row(struct report_node *arr, const char *name, const struct hist *h)
{
    struct report_node *o = rn_obj(arr, NULL);
    rn_str(o, "requests", name);
    rn_int(o, "count", (int64_t)h->total);
    static const double pcts[] = {50, 90, 99, 99.9};
    static const char *keys[] = {"p50_ms", "p90_ms", "p99_ms", "p99.9_ms"};
    for (size_t k = 0; k < ARRAY_LEN(pcts); k++)
        rn_num(o, keys[k], h->total ? ms((double)hist_percentile(h, pcts[k])) : 0, 3);
    rn_num(o, "max_ms", h->total ? ms((double)h->max) : 0, 3);
    rn_num(o, "mean_ms", h->total ? ms(hist_mean(h)) : 0, 3);
}

/* Which stops a figure counts: a JSON array, one line in text. */
static void stops(struct report_node *o, bool pauses, bool stalls)
{
    struct report_node *a = rn_flags(rn_arr(o, "stops_included"), RF_NOTEXT);
    if (pauses)
        rn_str(a, NULL, "pauses");
    if (stalls)
        rn_str(a, NULL, "stalls");
    rn_flags(rn_title(rn_str(o, "stops_text", pauses && stalls ? "pauses and own-thread stalls"
                                              : pauses         ? "stop-the-world pauses"
                                                               : "allocation/relocation stalls"),
                      "Stops counted"),
             RF_NOJSON);
}

/* Pauses that start within [a, b) on the timeline. */
static void pauses_in(const struct pause_tl *tl, int64_t a, int64_t b, int64_t *count, int64_t *total,
                      int64_t *longest)
{
    *count = *total = *longest = 0;
    size_t i;
    LOWER_BOUND(tl->v, 0, tl->n, a, i);
    for (; i < tl->n && tl->v[i].start_ns < b; i++) {
        (*count)++;
        *total += tl->v[i].dur_ns;
        if (tl->v[i].dur_ns > *longest)
            *longest = tl->v[i].dur_ns;
    }
}

static int cmp_minute_slow(const void *a, const void *b)
{
    const struct cj_minute *x = *(const struct cj_minute *const *)a, *y = *(const struct cj_minute *const *)b;
    if (x->n_slow != y->n_slow)
        return x->n_slow < y->n_slow ? 1 : -1;
    if (x->max_ns != y->max_ns)
        return x->max_ns < y->max_ns ? 1 : -1;
    return x->key < y->key ? -1 : x->key > y->key;
}

static int cmp_thread_stall(const void *a, const void *b)
{
    const struct cj_thread *x = *(const struct cj_thread *const *)a, *y = *(const struct cj_thread *const *)b;
    if (x->stall_ns != y->stall_ns)
        return x->stall_ns < y->stall_ns ? 1 : -1;
    return strcmp(x->name, y->name);
}

static void alignment(const struct cj *c, struct report_node *al)
{
    const struct pause_tl *tl = c->tl;
    char buf[48];
    int32_t tz = tl->tz_known ? tl->tz_min : c->tz_min;
    format_iso8601(c->first_ns / MS, tz, buf, sizeof buf);
    rn_title(rn_str(al, "access_first", buf), "Access log from (GC clock)");
    format_iso8601(c->last_ns / MS, tz, buf, sizeof buf);
    rn_title(rn_str(al, "access_last", buf), "Access log to");
    bool gc = tl->span_last_ns >= tl->span_first_ns;
    if (gc) {
        format_iso8601(tl->span_first_ns / MS, tz, buf, sizeof buf);
        rn_title(rn_str(al, "gc_first", buf), "GC log from");
        format_iso8601(tl->span_last_ns / MS, tz, buf, sizeof buf);
        rn_title(rn_str(al, "gc_last", buf), "GC log to");
    }
    int64_t gap = 0;
    if (gc && c->last_ns < tl->span_first_ns)
        gap = tl->span_first_ns - c->last_ns;
    else if (gc && c->first_ns > tl->span_last_ns)
        gap = c->first_ns - tl->span_last_ns;
    rn_unit(rn_title(rn_num(al, "range_gap_ms", ms((double)gap), 3), "Gap between the two time ranges (0 = they overlap)"),
            "ms");
    rn_title(rn_int(al, "requests_outside_gc_span", (int64_t)c->outside_gc_span),
             "Requests outside the GC log's span (no logged stop can meet them)");
    rn_title(rn_int(al, "edge_violations", (int64_t)c->edge_violations),
             "Requests starting or ending inside a pause (should be ~0)");
}

static void stall_section(const struct cj *c, struct report_node *root, int64_t slow, uint64_t slow_all)
{
    const struct pause_tl *tl = c->tl;
    struct report_node *s = rn_title(rn_obj(root, "stalls"), "Allocation stalls (a stop of one thread)");
    rn_title(rn_int(s, "stalls", (int64_t)tl->nst), "Stalls in the GC log (allocation and relocation)");
    rn_unit(rn_title(rn_num(s, "stall_total_ms", ms((double)pause_tl_stall_total_ns(tl)), 3), "Stalled time (all threads)"),
            "ms");
    rn_unit(rn_title(rn_num(s, "longest_stall_ms", ms((double)tl->longest_stall_ns), 3), "Longest stall"), "ms");
    rn_title(rn_int(s, "threads", (int64_t)c->nth), "Threads that stalled");
    uint64_t hit = 0;
    for (size_t i = 0; i < tl->nst; i++)
        if (c->stall_hit[i / 8] & (1u << (i % 8)))
            hit++;
    if (c->o.thread_join) {
        rn_title(rn_str(s, "join", "thread"), "Joined on");
        stops(s, false, true);
        rn_title(rn_int(s, "stalled_requests", (int64_t)c->n_stalled), "Requests that met a stall of their own thread");
        rn_unit(rn_title(rn_num(s, "stalled_pct", pct(c->n_stalled, c->n), 3), "Share of requests"), "%");
        rn_title(rn_int(s, "stall_pairs", (int64_t)c->stall_pairs), "Request-stall pairs");
        uint64_t slow_st = hist_count_above(&c->h_stalled, slow);
        rn_title(rn_int(s, "slow_stalled", (int64_t)slow_st), "Slow requests that met a stall of their own thread");
        rn_unit(rn_title(rn_num(s, "slow_stalled_pct", pct(slow_st, slow_all), 2), "Share of slow requests"), "%");
        rn_unit(rn_title(rn_num(s, "stalled_in_requests_ms", ms(c->stall_overlap_ns), 3),
                         "Stalled time inside those requests"),
                "ms");
        rn_unit(rn_title(rn_num(s, "stalled_per_request_ms", c->n_stalled ? ms(c->stall_overlap_ns) / (double)c->n_stalled : 0, 3),
                         "... per stalled request (mean)"),
                "ms");
        uint64_t on_req = 0, st_no_req = 0;
        int64_t ns_no_req = 0;
        for (size_t k = 0; k < c->nth; k++) {
            if (c->th[k].requests)
                on_req++;
            else {
                st_no_req += c->th[k].n;
                ns_no_req += c->th[k].stall_ns;
            }
        }
        rn_title(rn_int(s, "threads_with_requests", (int64_t)on_req), "Stalled threads that served requests");
        rn_title(rn_int(s, "stalls_other_threads", (int64_t)st_no_req),
                 "Stalls of threads that served no request in the access log");
        rn_unit(rn_title(rn_num(s, "stalls_other_threads_ms", ms((double)ns_no_req), 3), "... their stalled time"), "ms");
        rn_title(rn_int(s, "requests_without_thread", (int64_t)c->no_thread), "Requests whose line names no thread");
    } else {
        rn_title(rn_str(s, "join", "none"), "Joined on");
        stops(s, false, true);
        rn_title(rn_int(s, "requests_in_flight_at_a_stall", (int64_t)c->in_any_stall),
                 "Requests in flight during some stall (any thread)");
        rn_title(rn_int(s, "stalls_during_requests", (int64_t)hit), "Stalls during some request");
        uint64_t bound = hit < c->in_any_stall ? hit : c->in_any_stall;
        rn_title(rn_int(s, "stalled_requests_upper_bound", (int64_t)bound),
                 "Upper bound (estimate): requests that ran on a stalled thread");
    }
}

struct report_node *cj_report(const struct cj *c, struct report_node *al, struct report_node *root, size_t top)
{
    const struct pause_tl *tl = c->tl;
    alignment(c, al);
    int64_t slow = cj_slow_ns(c);
    uint64_t slow_ov = hist_count_above(&c->h_ov, slow);
    uint64_t slow_all = slow_ov + hist_count_above(&c->h_clean, slow);

    struct report_node *s = rn_title(rn_obj(root, "summary"), "Requests and pauses");
    stops(s, true, false);
    rn_title(rn_int(s, "requests", (int64_t)c->n), "Requests");
    rn_title(rn_int(s, "overlapped", (int64_t)c->n_ov), "Met a pause (rule: docs/correlate.md)");
    rn_unit(rn_title(rn_num(s, "overlapped_pct", pct(c->n_ov, c->n), 3), "Overlapped share"), "%");
    rn_title(rn_int(s, "pairs", (int64_t)c->pairs), "Request-pause pairs");
    rn_title(rn_int(s, "undecidable", (int64_t)c->n_undecidable),
             "Undecidable at the resolution (not counted)");
    rn_title(rn_num(s, "slow_threshold_ms", ms((double)slow), 3),
             c->o.slow_ns > 0 ? "Slow = over --timeout" : "Slow = over the P99 of all requests");
    rn_unit(s->last, "ms");
    rn_title(rn_int(s, "slow", (int64_t)slow_all), "Slow requests");
    rn_title(rn_int(s, "slow_overlapped", (int64_t)slow_ov), "Slow requests that met a pause");
    rn_unit(rn_title(rn_num(s, "slow_overlapped_pct", pct(slow_ov, slow_all), 2),
                     "Share of slow requests that met a pause"),
            "%");
    int64_t pc, pt, pl;
    pauses_in(tl, c->first_ns, c->last_ns, &pc, &pt, &pl);
    rn_title(rn_int(s, "pauses_in_span", pc), "Pauses during the access log");
    rn_title(rn_num(s, "in_flight_per_pause", pc ? (double)c->pairs / (double)pc : 0, 3),
             "Requests in flight per pause (mean)");
    rn_unit(rn_title(rn_num(s, "stopped_pct",
                            c->last_ns > c->first_ns ? 100.0 * (double)pt / (double)(c->last_ns - c->first_ns) : 0, 3),
                     "Stopped share of that time"),
            "%");
    rn_unit(rn_title(rn_num(s, "longest_pause_ms", ms((double)pl), 3), "Longest pause then"), "ms");
    rn_unit(rn_title(rn_num(s, "stopped_in_requests_ms", ms(c->overlap_ns), 3), "Stopped time inside request windows"),
            "ms");
    rn_unit(rn_title(rn_num(s, "stopped_per_overlapped_ms", c->n_ov ? ms(c->overlap_ns) / (double)c->n_ov : 0, 3),
                     "... per request that met a pause (mean)"),
            "ms");

    if (tl->nst)
        stall_section(c, root, slow, slow_all);
    if (c->o.thread_join) {
        struct report_node *a = rn_title(rn_obj(root, "any_stop"), "Requests that met a pause or a stall of their thread");
        stops(a, true, true);
        rn_title(rn_int(a, "requests", (int64_t)c->n_any), "Requests");
        rn_unit(rn_title(rn_num(a, "pct", pct(c->n_any, c->n), 3), "Share"), "%");
        uint64_t slow_any = hist_count_above(&c->h_any, slow);
        rn_title(rn_int(a, "slow", (int64_t)slow_any), "Slow requests among them");
        rn_unit(rn_title(rn_num(a, "slow_pct", pct(slow_any, slow_all), 2), "Share of slow requests"), "%");
    }

    struct report_node *lt = rn_flags(rn_title(rn_arr(root, "latency"), "Latency (ms)"), RF_TABLE);
    struct hist all;
    hist_init(&all, 3);
    hist_merge(&all, &c->h_ov);
    hist_merge(&all, &c->h_clean);
    lat_row(lt, "all", &all);
    lat_row(lt, "overlapped a pause", &c->h_ov);
    lat_row(lt, "no pause", &c->h_clean);
    if (c->o.thread_join) {
        lat_row(lt, "stalled (own thread)", &c->h_stalled);
        lat_row(lt, "pause or own stall", &c->h_any);
        lat_row(lt, "neither", &c->h_none);
    }
    hist_fini(&all);

    if (c->o.thread_join && c->nth) {
        const struct cj_thread **tv = xmalloc(c->nth * sizeof *tv);
        for (size_t k = 0; k < c->nth; k++)
            tv[k] = &c->th[k];
        qsort(tv, c->nth, sizeof *tv, cmp_thread_stall);
        struct report_node *ta = rn_flags(rn_title(rn_arr(root, "threads"), "Stalled threads (most stalled time first)"),
                                          RF_TABLE);
        for (size_t k = 0; k < c->nth && (top == 0 || k < top); k++) {
            struct report_node *o = rn_obj(ta, NULL);
            rn_strn(o, "thread", tv[k]->name, (int)tv[k]->len);
            rn_int(o, "stalls", (int64_t)tv[k]->n);
            rn_num(o, "stalled_ms", ms((double)tv[k]->stall_ns), 3);
            rn_num(o, "longest_ms", ms((double)tv[k]->longest_ns), 3);
            rn_int(o, "requests", (int64_t)tv[k]->requests);
            rn_int(o, "stalled_requests", (int64_t)tv[k]->stalled_requests);
        }
        free(tv);
    }

    size_t nm = 0;
    const struct cj_minute **mv = xmalloc((c->mused ? c->mused : 1) * sizeof *mv);
    for (size_t k = 0; k < c->mcap; k++)
        if (c->mv[k].key != INT64_MIN)
            mv[nm++] = &c->mv[k];
    qsort(mv, nm, sizeof *mv, cmp_minute_slow);
    struct report_node *wm = rn_flags(rn_title(rn_arr(root, "worst_minutes"),
                                               c->o.slow_ns > 0 ? "Worst minutes (most requests over --timeout)"
                                                                : "Worst minutes (slowest request)"),
                                      RF_TABLE);
    for (size_t k = 0; k < nm && (top == 0 || k < top); k++) {
        const struct cj_minute *m = mv[k];
        struct report_node *o = rn_obj(wm, NULL);
        char buf[40];
        format_local_time(m->key * 60000, 0, buf, sizeof buf);
        buf[16] = 0;
        rn_str(o, "minute", buf);
        rn_int(o, "requests", (int64_t)m->n);
        if (c->o.slow_ns > 0)
            rn_int(o, "over_timeout", (int64_t)m->n_slow);
        rn_int(o, "overlapped", (int64_t)m->n_ov);
        if (c->o.thread_join)
            rn_int(o, "stalled", (int64_t)m->n_stalled);
        rn_num(o, "mean_ms", m->n ? ms(m->sum_ns / (double)m->n) : 0, 3);
        rn_num(o, "max_ms", ms((double)m->max_ns), 3);
        int64_t a = (m->key * 60000 - (int64_t)c->tz_min * 60000) * MS;
        pauses_in(tl, a, a + 60000 * MS, &pc, &pt, &pl);
        rn_int(o, "pauses", pc);
        rn_num(o, "stopped_ms", ms((double)pt), 3);
        rn_num(o, "longest_pause_ms", ms((double)pl), 3);
    }
    free(mv);
    return lt;
}
