/*
 * correlate_slow.c — the slowest requests and a uniform sample of all of
 * them, kept in fixed memory for the clock-offset search (correlate_slow.h).
 */
#include "correlate_slow.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void correlate_slow_init(struct correlate_slow *p)
{
    memset(p, 0, sizeof *p);
    hist_init(&p->all, 3);
    p->heap = xmalloc(CORRELATE_SLOW_KEEP * sizeof *p->heap);
    p->sample = xmalloc(CORRELATE_SLOW_KEEP * sizeof *p->sample);
    p->rng = 42;
}

void correlate_slow_fini(struct correlate_slow *p)
{
    hist_fini(&p->all);
    free(p->heap);
    free(p->sample);
}

void correlate_slow_add_fn(void *ctx, const struct access_req *q)
{
    correlate_slow_add(ctx, q);
}

static void heap_down(struct offset_req *h, size_t n, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, m = i;
        if (l < n && h[l].dur_ns < h[m].dur_ns)
            m = l;
        if (l + 1 < n && h[l + 1].dur_ns < h[m].dur_ns)
            m = l + 1;
        if (m == i)
            return;
        struct offset_req t = h[i];
        h[i] = h[m];
        h[m] = t;
        i = m;
    }
}

void correlate_slow_add(struct correlate_slow *p, const struct access_req *q)
{
    hist_record(&p->all, q->dur_ns);
    struct offset_req r = {q->start_ns, q->dur_ns};
    /* reservoir sampling with a fixed-seed generator: deterministic output */
    p->seen++;
    if (p->nsample < CORRELATE_SLOW_KEEP) {
        p->sample[p->nsample++] = r;
    } else {
        p->rng = p->rng * 6364136223846793005ULL + 1442695040888963407ULL;
        uint64_t j = (p->rng >> 11) % p->seen;
        if (j < CORRELATE_SLOW_KEEP)
            p->sample[j] = r;
    }
    if (p->n < CORRELATE_SLOW_KEEP) {
        size_t i = p->n++;
        p->heap[i] = r;
        while (i > 0 && p->heap[(i - 1) / 2].dur_ns > p->heap[i].dur_ns) {
            struct offset_req t = p->heap[i];
            p->heap[i] = p->heap[(i - 1) / 2];
            p->heap[(i - 1) / 2] = t;
            i = (i - 1) / 2;
        }
    } else if (q->dur_ns > p->heap[0].dur_ns) {
        p->heap[0] = r;
        heap_down(p->heap, p->n, 0);
    }
}

void correlate_slow_offset(struct correlate_slow *sp, const struct pause_tl *tl, int64_t timeout_ns, int64_t shift_ns,
                           int64_t range_ns, struct offset_est *est)
{
    int64_t thr = timeout_ns > 0 ? timeout_ns : hist_percentile(&sp->all, 99);
    size_t m = 0;
    for (size_t k = 0; k < sp->n; k++)
        if (sp->heap[k].dur_ns > thr)
            sp->heap[m++] = sp->heap[k];
    /* shifted by the given offset, so 0 is the offset in use and the result a correction */
    for (size_t k = 0; k < m; k++)
        sp->heap[k].start_ns += shift_ns;
    for (size_t k = 0; k < sp->nsample; k++)
        sp->sample[k].start_ns += shift_ns;
    correlate_offset_search(tl, sp->heap, m, sp->sample, sp->nsample, range_ns, CORRELATE_SLOW_MIN_PAUSE_NS, est);
}
