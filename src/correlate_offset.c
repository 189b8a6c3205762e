/*
 * correlate_offset.c — the offset sweep of correlate_offset.h.
 */
#include "correlate_offset.h"
#include "util.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

struct ev {
    int64_t at;
    int64_t delta;
};

static int cmp_ev(const void *a, const void *b)
{
    const struct ev *x = a, *y = b;
    return x->at < y->at ? -1 : x->at > y->at;
}

static void push(struct ev **ev, size_t *n, size_t *cap, int64_t a, int64_t b, int64_t w)
{
    xgrow((void **)ev, cap, *n + 2, sizeof **ev);
    (*ev)[(*n)++] = (struct ev){a, w};
    (*ev)[(*n)++] = (struct ev){b, -w};
}

/* Merge intervals given as (a,+1),(b,-1) pairs into their union and add it
   to ev with weight w. *zero: whether the union covers 0. */
static void union_into(struct ev *iv, size_t n, int64_t w, struct ev **ev, size_t *nev, size_t *cap,
                       bool *zero)
{
    *zero = false;
    if (n == 0)
        return;
    /* pairs are (start, end) at even/odd positions; sort pairs by start */
    size_t m = n / 2;
    struct ev *pr = xmalloc(m * sizeof *pr);
    for (size_t k = 0; k < m; k++)
        pr[k] = (struct ev){iv[2 * k].at, iv[2 * k + 1].at};
    qsort(pr, m, sizeof *pr, cmp_ev);
    int64_t ca = pr[0].at, cb = pr[0].delta;
    for (size_t k = 1; k <= m; k++) {
        if (k < m && pr[k].at <= cb) {
            if (pr[k].delta > cb)
                cb = pr[k].delta;
            continue;
        }
        if (ca <= 0 && 0 <= cb)
            *zero = true;
        push(ev, nev, cap, ca, cb, w);
        if (k < m) {
            ca = pr[k].at;
            cb = pr[k].delta;
        }
    }
    free(pr);
}

static size_t first_near(const struct pause_tl *tl, int64_t t)
{
    size_t lo = 0, hi = tl->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (tl->v[mid].start_ns < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

void correlate_offset_search(const struct pause_tl *tl, const struct offset_req *reqs, size_t n,
                             const struct offset_req *sample, size_t nsample, int64_t range_ns,
                             int64_t min_pause_ns, struct offset_est *out)
{
    memset(out, 0, sizeof *out);
    struct ev *ev = NULL;
    size_t nev = 0, cap = 0;
    /* per request: the union of its containment intervals counts +1 and the
       union of its violation intervals -W, so a long request that contains
       many pauses is still one request */
    struct ev *sup = NULL, *vio = NULL;
    size_t nsup = 0, capsup = 0, nvio = 0, capvio = 0;
    /* rates, as integers: support per slow request vs violations per sampled request */
    int64_t w_sup = nsample ? (int64_t)nsample : 1, w_vio = (int64_t)OFFSET_VIOLATION_W * (n ? (int64_t)n : 1);
    /* memory bound: half the event budget for each term; requests are taken
       in a stride order (7919 is prime, larger than any n here) so a cut
       does not favour one part of the log */
    for (size_t i0 = 0; i0 < n && nev < OFFSET_MAX_EVENTS / 2; i0++) {
        size_t i = (size_t)(((uint64_t)i0 * 7919u) % n);
        int64_t s = reqs[i].start_ns, e = s + reqs[i].dur_ns;
        nsup = 0;
        for (size_t p = first_near(tl, s - range_ns - OFFSET_MAX_PAUSE_NS); p < tl->n && tl->v[p].start_ns <= e + range_ns; p++) {
            int64_t ps = tl->v[p].start_ns, pd = tl->v[p].dur_ns, pe = ps + pd;
            if (pd < min_pause_ns || pd > reqs[i].dur_ns)
                continue;
            int64_t a = pe - e, b = ps - s; /* offsets at which the request contains the pause */
            if (b < -range_ns || a > range_ns)
                continue;
            out->pairs++;
            push(&sup, &nsup, &capsup, a, b, 1);
        }
        bool zero = false;
        union_into(sup, nsup, w_sup, &ev, &nev, &cap, &zero);
        if (zero)
            out->support_at_zero++;
        out->slow_used++;
    }
    size_t budget = nev + OFFSET_MAX_EVENTS / 2;
    for (size_t i0 = 0; i0 < nsample && nev < budget; i0++) {
        size_t i = (size_t)(((uint64_t)i0 * 7919u) % nsample);
        int64_t s = sample[i].start_ns, e = s + sample[i].dur_ns;
        nvio = 0;
        for (size_t p = first_near(tl, s - range_ns - OFFSET_MAX_PAUSE_NS); p < tl->n && tl->v[p].start_ns <= e + range_ns; p++) {
            int64_t ps = tl->v[p].start_ns, pd = tl->v[p].dur_ns, pe = ps + pd;
            if (pd <= 2 * OFFSET_EDGE_TOL_NS)
                continue;
            push(&vio, &nvio, &capvio, ps + OFFSET_EDGE_TOL_NS - s, pe - OFFSET_EDGE_TOL_NS - s, 1);
            push(&vio, &nvio, &capvio, ps + OFFSET_EDGE_TOL_NS - e, pe - OFFSET_EDGE_TOL_NS - e, 1);
        }
        bool zero = false;
        union_into(vio, nvio, -w_vio, &ev, &nev, &cap, &zero);
        out->sample_used++;
    }
    free(sup);
    free(vio);
    if (nev == 0) {
        free(ev);
        return;
    }
    qsort(ev, nev, sizeof *ev, cmp_ev);
    /* sweep: after all events at one point, the score holds until the next point */
    int64_t cur = 0, best = INT64_MIN, best_d = 0, best_lo = 0, best_hi = 0;
    int64_t best_support = 0, support = 0;
    for (size_t k = 0; k < nev;) {
        int64_t at = ev[k].at;
        for (; k < nev && ev[k].at == at; k++) {
            cur += ev[k].delta;
            if (ev[k].delta == w_sup || ev[k].delta == -w_sup)
                support += ev[k].delta > 0 ? 1 : -1;
        }
        int64_t plo = at, phi = k < nev ? ev[k].at : at;
        if (phi < -range_ns || plo > range_ns)
            continue;
        if (plo < -range_ns)
            plo = -range_ns;
        if (phi > range_ns)
            phi = range_ns;
        int64_t d = plo > 0 ? plo : (phi < 0 ? phi : 0);
        int64_t ad = d < 0 ? -d : d, abest = best_d < 0 ? -best_d : best_d;
        if (cur > best || (cur == best && ad < abest)) {
            best = cur;
            best_d = d;
            best_lo = plo;
            best_hi = phi;
            best_support = support;
        }
    }
    out->offset_ns = best_d;
    out->plateau_lo_ns = best_lo;
    out->plateau_hi_ns = best_hi;
    out->support = best_support > 0 ? (uint64_t)best_support : 0;
    free(ev);
}
