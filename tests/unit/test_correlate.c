/*
 * test_correlate.c — the clock-offset estimate on synthetic logs: requests
 * generated on the GC clock (delayed by every pause they meet), then written
 * with a known clock error; the estimate must recover it. Also: no evidence
 * (no pause inside any slow request) leaves the offset at 0. The join's
 * overlap rule case by case, and a small timeline joined by hand: pauses
 * with every request, stalls with the requests of their own thread only.
 * What the offset search is fed (correlate_slow.h): exactly the slowest
 * requests, and a sample of real ones.
 */
#include "correlate_join.h"
#include "correlate_offset.h"
#include "correlate_slow.h"
#include "pause_timeline.h"
#include "t.h"

#include <stdlib.h>
#include <string.h>

#define MS 1000000LL

static uint64_t rng = 0x9E3779B97F4A7C15ULL;
static uint64_t xr(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Requests on the GC clock: start outside pauses, frozen by pauses met. */
static size_t make_requests(const struct pause_tl *tl, struct offset_req *out, size_t n, int64_t end_ns)
{
    size_t k = 0;
    while (k < n) {
        int64_t s = (int64_t)(xr() % (uint64_t)end_ns);
        int64_t need = (int64_t)(xr() % 5000) * 1000; /* 0..5 ms of work */
        bool in_pause = false;
        for (size_t i = 0; i < tl->n; i++)
            if (s >= tl->v[i].start_ns && s < tl->v[i].start_ns + tl->v[i].dur_ns)
                in_pause = true;
        if (in_pause)
            continue;
        int64_t t = s, rem = need;
        for (size_t i = 0; i < tl->n; i++) {
            int64_t ps = tl->v[i].start_ns, pe = ps + tl->v[i].dur_ns;
            if (pe <= t)
                continue;
            if (t + rem <= ps)
                break;
            rem -= ps - t;
            t = pe;
        }
        t += rem;
        out[k].start_ns = s;
        out[k].dur_ns = t - s;
        k++;
    }
    return k;
}

static void test_recovers_known_offset(void)
{
    struct pause_tl tl;
    pause_tl_init(&tl, 0, -1);
    int64_t t = 100 * MS;
    for (int i = 0; i < 200; i++) { /* 5-40 ms pauses every ~150 ms */
        int64_t d = (5 + (int64_t)(xr() % 35)) * MS;
        pause_tl_add(&tl, TL_CLOCK_WALL, t, d, GC_KIND_YOUNG, "p");
        t += d + (50 + (int64_t)(xr() % 200)) * MS;
    }
    pause_tl_finish(&tl);
    size_t n = 4000;
    struct offset_req *r = malloc(n * sizeof *r);
    make_requests(&tl, r, n, t);
    static const int64_t shifts_ms[] = {0, 250, -1234, 3000};
    for (size_t k = 0; k < sizeof shifts_ms / sizeof *shifts_ms; k++) {
        /* the access log's clock is behind by shift: access = gc - shift */
        struct offset_req *a = malloc(n * sizeof *a);
        size_t ns = 0;
        for (size_t i = 0; i < n; i++) {
            a[i].start_ns = r[i].start_ns - shifts_ms[k] * MS;
            a[i].dur_ns = r[i].dur_ns;
        }
        /* slow = longer than 6 ms (contains a pause) */
        struct offset_req *slow = malloc(n * sizeof *slow);
        for (size_t i = 0; i < n; i++)
            if (a[i].dur_ns > 6 * MS)
                slow[ns++] = a[i];
        struct offset_est e;
        correlate_offset_search(&tl, slow, ns, a, n, 5000 * MS, MS, &e);
        if (!(llabs(e.offset_ns - shifts_ms[k] * MS) <= MS))
            printf("# shift %lld ms: estimated %.3f ms (support %llu of %zu)\n", (long long)shifts_ms[k],
                   (double)e.offset_ns / 1e6, (unsigned long long)e.support, ns);
        CHECK(llabs(e.offset_ns - shifts_ms[k] * MS) <= MS);
        CHECK(e.support > ns / 2);
        free(a);
        free(slow);
    }
    free(r);
    pause_tl_fini(&tl);
}

static void test_no_evidence_stays_at_zero(void)
{
    struct pause_tl tl;
    pause_tl_init(&tl, 0, -1);
    pause_tl_add(&tl, TL_CLOCK_WALL, 1000 * MS, 10 * MS, GC_KIND_YOUNG, "p");
    pause_tl_finish(&tl);
    struct offset_req slow[1] = {{5000 * MS, 1 * MS}}; /* shorter than the pause */
    struct offset_est e;
    correlate_offset_search(&tl, slow, 1, slow, 1, 100 * MS, MS, &e);
    CHECK_EQ_INT(e.offset_ns, 0);
    CHECK_EQ_INT(e.support, 0);
    pause_tl_fini(&tl);
}

#define US 1000LL

static void test_overlap_rule(void)
{
    int64_t q = MS;
    /* a 0.05 ms pause inside a 3 ms request: met, whatever its length (the ZGC case) */
    CHECK_EQ_INT(cj_stop_meets(0, 3 * MS, 1 * MS, 1 * MS + 50 * US, q), CJ_MET);
    /* ... also right at the start of the logged window (start truncated to the ms) */
    CHECK_EQ_INT(cj_stop_meets(10 * MS, 13 * MS, 10 * MS, 10 * MS + 50 * US, q), CJ_MET);
    /* a 20 ms pause that clips a 1.5 ms request by 0.5 ms: a rounding artefact */
    CHECK_EQ_INT(cj_stop_meets(0, 1500 * US, 1 * MS, 21 * MS, q), CJ_MISSED);
    /* ... by 1.2 ms: more than the resolution, met */
    CHECK_EQ_INT(cj_stop_meets(0, 2200 * US, 1 * MS, 21 * MS, q), CJ_MET);
    /* a request queued behind a pause, logged in the ms the pause ended: not met */
    CHECK_EQ_INT(cj_stop_meets(20 * MS, 20 * MS + 400 * US, 0, 20 * MS + 300 * US, q), CJ_MISSED);
    /* a 0.06 ms request in the same ms as a 0.09 ms pause: undecidable */
    CHECK_EQ_INT(cj_stop_meets(5 * MS, 5 * MS + 60 * US, 5 * MS, 5 * MS + 90 * US, q), CJ_UNDECIDABLE);
    /* disjoint, and touching at one point */
    CHECK_EQ_INT(cj_stop_meets(0, 3 * MS, 4 * MS, 5 * MS, q), CJ_MISSED);
    CHECK_EQ_INT(cj_stop_meets(0, 3 * MS, 3 * MS, 5 * MS, q), CJ_MISSED);
    /* zero-length stop strictly inside; at the edge it is not */
    CHECK_EQ_INT(cj_stop_meets(0, 3 * MS, 2 * MS, 2 * MS, q), CJ_MET);
    CHECK_EQ_INT(cj_stop_meets(0, 3 * MS, 3 * MS, 3 * MS, q), CJ_MISSED);
    /* q = 0: timestamps taken as exact, any overlap */
    CHECK_EQ_INT(cj_stop_meets(0, 1500 * US, 1 * MS, 21 * MS, 0), CJ_MET);
}

static void test_join_threads(void)
{
    struct pause_tl tl;
    pause_tl_init(&tl, 0, -1);
    int64_t t0 = 1700000000000LL * MS;
    pause_tl_add(&tl, TL_CLOCK_WALL, t0 + 10 * MS, 50 * US, GC_KIND_ZGC_PHASE, "Pause Mark Start");
    pause_tl_add_stall(&tl, TL_CLOCK_WALL, t0 + 100 * MS, 40500 * US, "w-1", "Allocation Stall");
    pause_tl_add_stall(&tl, TL_CLOCK_WALL, t0 + 105 * MS, 30 * MS, "w-2", "Allocation Stall");
    pause_tl_add_stall(&tl, TL_CLOCK_WALL, t0 + 300 * MS, 5 * MS, "Dispatcher", "Allocation Stall");
    pause_tl_note(&tl, t0);
    pause_tl_note(&tl, t0 + 1000 * MS);
    pause_tl_finish(&tl);
    struct cj_opts o = {0, MS, 0, true};
    struct cj c;
    cj_init(&c, &tl, &o);
    struct {
        int64_t start_ms, dur_us;
        const char *thread;
    } rq[] = {
        {8, 5000, "w-1"},    /* contains the pause */
        {9, 3000, "w-3"},    /* contains the pause too (another thread: pauses stop all) */
        {98, 45000, "w-1"},  /* contains w-1's stall */
        {99, 45000, "w-3"},  /* in flight during both stalls, but w-3 never stalled */
        {104, 35000, "w-2"}, /* contains w-2's stall */
        {140, 34, "w-1"},    /* right after w-1's stall (ends at 140.5), same ms: not met */
        {299, 7000, "w-9"},  /* the dispatcher's stall: no request of that thread */
    };
    for (size_t i = 0; i < sizeof rq / sizeof *rq; i++) {
        struct access_req q = {t0 + rq[i].start_ms * MS, rq[i].dur_us * US, 0, rq[i].thread, strlen(rq[i].thread)};
        cj_add(&c, &q);
    }
    CHECK_EQ_INT(c.n, 7);
    CHECK_EQ_INT(c.n_ov, 2);
    CHECK_EQ_INT(c.pairs, 2);
    CHECK_EQ_INT(c.n_stalled, 2);
    CHECK_EQ_INT(c.stall_pairs, 2);
    CHECK_EQ_INT(c.n_any, 4);
    /* any thread: requests 3, 4, 5 and 7 were in flight during some stall */
    CHECK_EQ_INT(c.in_any_stall, 4);
    CHECK_EQ_INT(c.nth, 3);
    for (size_t k = 0; k < c.nth; k++) {
        if (strcmp(c.th[k].name, "w-1") == 0) {
            CHECK_EQ_INT(c.th[k].requests, 3);
            CHECK_EQ_INT(c.th[k].stalled_requests, 1);
        } else if (strcmp(c.th[k].name, "Dispatcher") == 0) {
            CHECK_EQ_INT(c.th[k].requests, 0);
        }
    }
    CHECK_NEAR(c.stall_overlap_ns, 70.5 * MS, 1);
    cj_fini(&c);
    pause_tl_fini(&tl);
}

static int cmp_dur(const void *a, const void *b)
{
    const struct offset_req *x = a, *y = b;
    return (x->dur_ns > y->dur_ns) - (x->dur_ns < y->dur_ns);
}

/* Durations 1..N ms in a shuffled order, start = duration (so a sampled pair can be checked). */
static void feed_shuffled(struct correlate_slow *p, size_t n)
{
    int64_t *d = malloc(n * sizeof *d);
    for (size_t i = 0; i < n; i++)
        d[i] = (int64_t)(i + 1);
    for (size_t i = n - 1; i > 0; i--) {
        size_t j = (size_t)(xr() % (i + 1));
        int64_t t = d[i];
        d[i] = d[j];
        d[j] = t;
    }
    for (size_t i = 0; i < n; i++) {
        struct access_req q = {d[i] * 7 * MS, d[i] * MS, 0, NULL, 0};
        correlate_slow_add(p, &q);
    }
    free(d);
}

static void test_slow_keeps_the_slowest(void)
{
    const size_t n = 4 * CORRELATE_SLOW_KEEP;
    struct correlate_slow p, p2;
    correlate_slow_init(&p);
    correlate_slow_init(&p2);
    uint64_t seed = rng;
    feed_shuffled(&p, n);
    rng = seed;
    feed_shuffled(&p2, n);
    CHECK_EQ_INT((int64_t)p.n, CORRELATE_SLOW_KEEP);
    CHECK_EQ_INT((int64_t)p.nsample, CORRELATE_SLOW_KEEP);
    CHECK_EQ_INT((int64_t)p.all.total, (int64_t)n);
    qsort(p.heap, p.n, sizeof *p.heap, cmp_dur);
    bool slowest = true, real = true;
    for (size_t k = 0; k < p.n; k++)
        slowest &= p.heap[k].dur_ns == (int64_t)(n - CORRELATE_SLOW_KEEP + 1 + k) * MS;
    for (size_t k = 0; k < p.nsample; k++)
        real &= p.sample[k].dur_ns >= MS && p.sample[k].dur_ns <= (int64_t)n * MS &&
                p.sample[k].start_ns == 7 * p.sample[k].dur_ns;
    CHECK(slowest);
    CHECK(real);
    /* the sample is spread over the input, not its first KEEP requests */
    size_t late = 0;
    for (size_t k = 0; k < p.nsample; k++)
        late += p.sample[k].dur_ns > (int64_t)(n / 2) * MS;
    CHECK(late > CORRELATE_SLOW_KEEP / 3 && late < 2 * CORRELATE_SLOW_KEEP / 3);
    CHECK(memcmp(p.sample, p2.sample, p.nsample * sizeof *p.sample) == 0); /* fixed seed */
    /* over a timeout, only the requests longer than it are searched */
    struct pause_tl tl;
    pause_tl_init(&tl, 0, -1);
    pause_tl_add(&tl, TL_CLOCK_WALL, 1000 * MS, 10 * MS, GC_KIND_YOUNG, "p");
    pause_tl_finish(&tl);
    struct offset_est e;
    correlate_slow_offset(&p2, &tl, (int64_t)(n - 1000) * MS, 0, 100 * MS, &e);
    CHECK_EQ_INT((int64_t)e.slow_used, 1000);
    CHECK_EQ_INT((int64_t)e.sample_used, CORRELATE_SLOW_KEEP);
    pause_tl_fini(&tl);
    correlate_slow_fini(&p);
    correlate_slow_fini(&p2);
}

int main(void)
{
    RUN(test_recovers_known_offset);
    RUN(test_no_evidence_stays_at_zero);
    RUN(test_overlap_rule);
    RUN(test_join_threads);
    RUN(test_slow_keeps_the_slowest);
    T_DONE();
}
