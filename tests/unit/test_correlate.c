/*
 * test_correlate.c — the clock-offset estimate on synthetic logs: requests
 * generated on the GC clock (delayed by every pause they meet), then written
 * with a known clock error; the estimate must recover it. Also: no evidence
 * (no pause inside any slow request) leaves the offset at 0.
 */
#include "correlate_offset.h"
#include "pause_timeline.h"
#include "t.h"

#include <stdlib.h>

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

int main(void)
{
    RUN(test_recovers_known_offset);
    RUN(test_no_evidence_stays_at_zero);
    T_DONE();
}
