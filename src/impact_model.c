/*
 * impact_model.c — the pause-impact model of impact_model.h: pauses are
 * merged into disjoint busy intervals, grouped into clusters (gap < T), and
 * each cluster's miss window is measured exactly from the piecewise-linear
 * function f(a) = paused(a, a + T). Cost: O(k log k + k * points) per cluster
 * of k intervals, so O(n log n * points) overall; memory O(n).
 */
#include "impact_model.h"
#include "util.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

/* Paused time in (-inf, t] over k disjoint sorted intervals with prefix sums cum[]. */
static int64_t paused_upto(const int64_t *start, const int64_t *end, const int64_t *cum, size_t k,
                           int64_t t)
{
    /* number of intervals with start < t */
    size_t lo = 0, hi = k;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (start[mid] < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return 0;
    size_t j = lo - 1;
    int64_t e = t < end[j] ? t : end[j];
    return cum[j] + (e - start[j]);
}

/* Is t inside a busy interval [start, end)? */
static bool inside(const int64_t *start, const int64_t *end, size_t k, int64_t t)
{
    size_t lo = 0, hi = k;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (start[mid] <= t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo > 0 && t < end[lo - 1];
}

void impact_level_measure(const int64_t *start, const int64_t *end, size_t k, int64_t timeout_ns,
                          int64_t lo, int64_t hi, const int64_t *x, size_t nx, double *out_w)
{
    for (size_t j = 0; j < nx; j++)
        out_w[j] = 0;
    if (k == 0 || hi <= lo)
        return;
    int64_t *cum = xmalloc(k * sizeof *cum);
    int64_t acc = 0;
    for (size_t i = 0; i < k; i++) {
        cum[i] = acc;
        acc += end[i] - start[i];
    }
    size_t nb = 4 * k + 2;
    int64_t *bp = xmalloc(nb * sizeof *bp);
    size_t m = 0;
    for (size_t i = 0; i < k; i++) {
        bp[m++] = start[i] - timeout_ns;
        bp[m++] = end[i] - timeout_ns;
        bp[m++] = start[i];
        bp[m++] = end[i];
    }
    bp[m++] = lo;
    bp[m++] = hi;
    qsort(bp, m, sizeof *bp, cmp_i64);
    int64_t prev_t = 0, prev_f = 0;
    bool have_prev = false;
    for (size_t i = 0; i < m; i++) {
        int64_t t = bp[i];
        if (t < lo || t > hi)
            continue;
        if (have_prev && t == prev_t)
            continue;
        int64_t f = paused_upto(start, end, cum, k, t + timeout_ns) - paused_upto(start, end, cum, k, t);
        if (have_prev) {
            /* f is linear on [prev_t, t]: measure where it is > x; where it
               equals x on a flat stretch, the request finishes exactly at T
               unless a + T lies inside a pause (then it waits past T). */
            double len = (double)(t - prev_t);
            int64_t mid = prev_t + (t - prev_t) / 2;
            for (size_t j = 0; j < nx; j++) {
                int64_t xv = x[j];
                if (prev_f == f) {
                    if (f > xv || (f == xv && inside(start, end, k, mid + timeout_ns)))
                        out_w[j] += len;
                } else {
                    double frac = (double)(xv - prev_f) / (double)(f - prev_f); /* where f crosses x */
                    if (frac < 0)
                        frac = 0;
                    if (frac > 1)
                        frac = 1;
                    out_w[j] += f > prev_f ? len * (1.0 - frac) : len * frac;
                }
            }
        }
        prev_t = t;
        prev_f = f;
        have_prev = true;
    }
    free(bp);
    free(cum);
}

void impact_result_fini(struct impact_result *r)
{
    free(r->cl);
    memset(r, 0, sizeof *r);
}

int impact_compute(const struct pause_tl *tl, int64_t cap_ns, int64_t timeout_ns,
                   const struct svc_point *svc, size_t nsvc, struct impact_result *r)
{
    memset(r, 0, sizeof *r);
    r->timeout_ns = timeout_ns;
    r->cap_ns = cap_ns;
    r->npauses = tl->n;
    r->span_first_ns = tl->span_first_ns;
    r->span_last_ns = tl->span_last_ns;
    r->span_ns = pause_tl_span_ns(tl);
    if (r->span_ns <= 0)
        return -1;

    static const struct svc_point zero = {0, 1.0};
    if (nsvc == 0) {
        svc = &zero;
        nsvc = 1;
    }
    /* thresholds x = T - s for the service times that can still make it */
    int64_t *x = xmalloc(nsvc * sizeof *x);
    double *w = xmalloc(nsvc * sizeof *w);
    double *meas = xmalloc(nsvc * sizeof *meas);
    size_t nx = 0;
    for (size_t j = 0; j < nsvc; j++) {
        if (svc[j].s_ns > timeout_ns) {
            r->over_anyway += svc[j].w;
            continue;
        }
        x[nx] = timeout_ns - (svc[j].s_ns < 0 ? 0 : svc[j].s_ns);
        w[nx] = svc[j].w;
        nx++;
    }

    struct busy *b;
    size_t nb = pause_tl_busy(tl, cap_ns, &b, &r->overlaps);
    int64_t *st = xmalloc((nb ? nb : 1) * sizeof *st);
    int64_t *en = xmalloc((nb ? nb : 1) * sizeof *en);
    for (size_t i = 0; i < nb; i++) {
        st[i] = b[i].start_ns;
        en[i] = b[i].end_ns;
        r->paused_ns += en[i] - st[i];
    }
    r->cl = xmalloc((nb ? nb : 1) * sizeof *r->cl);

    for (size_t i = 0; i < nb;) {
        size_t j = i + 1;
        while (j < nb && st[j] - en[j - 1] < timeout_ns)
            j++;
        struct impact_cluster c;
        memset(&c, 0, sizeof c);
        c.first_pause = b[i].first;
        c.npauses = b[j - 1].first + b[j - 1].count - b[i].first;
        c.nbusy = j - i;
        c.start_ns = st[i];
        c.end_ns = en[j - 1];
        for (size_t q = i; q < j; q++) {
            c.paused_ns += en[q] - st[q];
            for (size_t w2 = 0; w2 < nx; w2++) {
                int64_t excess = (en[q] - st[q]) - x[w2];
                if (excess > 0)
                    c.window_naive_ns += w[w2] * (double)excess;
            }
        }
        for (size_t p = c.first_pause; p < c.first_pause + c.npauses; p++) {
            int64_t d = tl->v[p].dur_ns;
            if (cap_ns > 0 && d > cap_ns)
                d = cap_ns;
            if (d > c.longest_ns || p == c.first_pause) {
                c.longest_ns = d;
                c.longest = p;
            }
        }
        impact_level_measure(st + i, en + i, j - i, timeout_ns, tl->span_first_ns, tl->span_last_ns, x,
                             nx, meas);
        for (size_t q = 0; q < nx; q++)
            c.window_ns += w[q] * meas[q];
        r->nclusters++;
        if (c.nbusy > 1)
            r->nchains++;
        r->window_ns += c.window_ns;
        r->window_naive_ns += c.window_naive_ns;
        if (c.window_ns > 0 || c.window_naive_ns > 0)
            r->cl[r->ncl++] = c;
        i = j;
    }
    r->share = r->window_ns / (double)r->span_ns;
    r->share_naive = r->window_naive_ns / (double)r->span_ns;
    free(st);
    free(en);
    free(b);
    free(x);
    free(w);
    free(meas);
    return 0;
}

double impact_stall_misses(int64_t d_ns, int64_t timeout_ns, const struct svc_point *svc, size_t nsvc)
{
    if (nsvc == 0)
        return d_ns > timeout_ns ? 1.0 : 0.0;
    double m = 0;
    for (size_t j = 0; j < nsvc; j++) {
        int64_t s = svc[j].s_ns < 0 ? 0 : svc[j].s_ns;
        if (s > timeout_ns)
            continue; /* misses without any GC: reported apart */
        if (d_ns > timeout_ns - s)
            m += svc[j].w;
    }
    return m;
}

void impact_stalls_compute(const struct pause_tl *tl, int64_t timeout_ns, const struct svc_point *svc, size_t nsvc,
                           struct impact_stalls *r)
{
    memset(r, 0, sizeof *r);
    r->nstalls = tl->nst;
    for (size_t i = 0; i < tl->nst; i++) {
        int64_t d = tl->st[i].dur_ns;
        r->stalled_ns += d;
        if (d > r->longest_ns)
            r->longest_ns = d;
        if (d > timeout_ns)
            r->over_timeout++;
        r->misses += impact_stall_misses(d, timeout_ns, svc, nsvc);
    }
}
