/*
 * test_impact.c — the pause-impact model against a discrete-event
 * simulation (requests arriving at a fixed rate over a synthetic pause
 * timeline, each frozen by every pause it meets) and against the Qunar
 * field report's arithmetic ((200 ms - 100 ms) * 6 / 60 s = 1%). The
 * service-time distribution read from an access log (impact_input.h).
 */
#include "impact_input.h"
#include "impact_model.h"
#include "pause_timeline.h"
#include "t.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define MS 1000000LL

/* Simulate one request: arrives at a, needs s of running time, is frozen by
   the busy intervals. Returns its completion time. Written as a walk over
   the intervals — a different algorithm from the model's level sets. */
static int64_t sim_complete(const struct busy *b, size_t nb, int64_t a, int64_t s)
{
    int64_t t = a, rem = s;
    size_t i = 0;
    while (i < nb && b[i].end_ns <= t)
        i++;
    for (;;) {
        if (i < nb && b[i].start_ns <= t) { /* inside a pause: wait it out */
            t = b[i].end_ns;
            i++;
            continue;
        }
        int64_t next = i < nb ? b[i].start_ns : INT64_MAX;
        if (t + rem <= next)
            return t + rem;
        rem -= next - t;
        t = next;
    }
}

/* Fraction of arrivals (every step_ns over the span) that miss T. */
static double sim_share(const struct pause_tl *tl, int64_t T, const struct svc_point *svc, size_t nsvc,
                        int64_t step_ns)
{
    struct busy *b;
    size_t nb = pause_tl_busy(tl, 0, &b, NULL);
    double miss = 0, n = 0;
    for (int64_t a = tl->span_first_ns; a < tl->span_last_ns; a += step_ns) {
        for (size_t j = 0; j < nsvc; j++) {
            if (svc[j].s_ns > T)
                continue;
            if (sim_complete(b, nb, a, svc[j].s_ns) - a > T)
                miss += svc[j].w;
        }
        n += 1;
    }
    free(b);
    return miss / n;
}

static uint64_t rng = 88172645463325252ULL;
static uint64_t xr(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void test_qunar_arithmetic(void)
{
    /* ParNew 200 ms every 10 s for an hour, timeout 100 ms, service time ~0 */
    struct pause_tl tl;
    pause_tl_init(&tl, 0, -1);
    pause_tl_note(&tl, 0);
    for (int i = 0; i < 360; i++)
        pause_tl_add(&tl, TL_CLOCK_UPTIME, (int64_t)i * 10000 * MS + 5000 * MS, 200 * MS, GC_KIND_YOUNG, "ParNew");
    pause_tl_note(&tl, 3600000 * MS);
    pause_tl_finish(&tl);
    struct impact_result r;
    CHECK_EQ_INT(impact_compute(&tl, 0, 100 * MS, NULL, 0, &r), 0);
    /* (200 - 100) * 6 / 60000 = 1% exactly, minus nothing: the span is the full hour */
    CHECK_NEAR(r.share * 100, 1.0, 1e-9);
    CHECK_NEAR(r.share_naive * 100, 1.0, 1e-9);
    CHECK_EQ_INT(r.nclusters, 360);
    CHECK_EQ_INT(r.nchains, 0);
    struct svc_point zero = {0, 1};
    CHECK_NEAR(sim_share(&tl, 100 * MS, &zero, 1, 997 * 1000), r.share, 2e-4);
    /* a 200 ms timeout lets a 200 ms pause through (the report's last remark) */
    impact_result_fini(&r);
    CHECK_EQ_INT(impact_compute(&tl, 0, 200 * MS, NULL, 0, &r), 0);
    CHECK_NEAR(r.share, 0, 1e-12);
    impact_result_fini(&r);
    /* what-if: a collector with 1 ms pauses loses nothing */
    CHECK_EQ_INT(impact_compute(&tl, 1 * MS, 100 * MS, NULL, 0, &r), 0);
    CHECK_NEAR(r.share, 0, 1e-12);
    impact_result_fini(&r);
    /* service time 2 ms: requests in flight when the pause starts also miss */
    struct svc_point two = {2 * MS, 1};
    CHECK_EQ_INT(impact_compute(&tl, 0, 100 * MS, &two, 1, &r), 0);
    CHECK_NEAR(r.share * 100, 360.0 * 104 / 3600000 * 100, 1e-9);
    CHECK_NEAR(r.share_naive * 100, 360.0 * 102 / 3600000 * 100, 1e-9);
    CHECK_NEAR(sim_share(&tl, 100 * MS, &two, 1, 997 * 1000), r.share, 2e-4);
    impact_result_fini(&r);
    pause_tl_fini(&tl);
}

/* Random timelines with chains and overlaps vs the simulation. */
static void test_model_vs_simulation(void)
{
    for (int round = 0; round < 12; round++) {
        struct pause_tl tl;
        pause_tl_init(&tl, 0, -1);
        pause_tl_note(&tl, 0);
        int64_t t = 0;
        int n = 20 + (int)(xr() % 60);
        for (int i = 0; i < n; i++) {
            /* gaps from 0 (overlap/back-to-back) to 2 s; pauses 1..400 ms */
            int64_t gap = (xr() % 4 == 0) ? (int64_t)(xr() % 150) * MS - 20 * MS : (int64_t)(xr() % 2000) * MS;
            t += gap;
            if (t < 0)
                t = 0;
            int64_t d = (1 + (int64_t)(xr() % 400)) * MS + (int64_t)(xr() % 1000) * 1000;
            pause_tl_add(&tl, TL_CLOCK_UPTIME, t, d, GC_KIND_YOUNG, "x");
            if (xr() % 5 == 0)
                t += d; /* sometimes start the next gap after this pause */
        }
        pause_tl_note(&tl, t + 3000 * MS);
        pause_tl_finish(&tl);
        int64_t T = (50 + (int64_t)(xr() % 200)) * MS;
        struct svc_point svc[3] = {{0, 0.5}, {(int64_t)(xr() % 40) * MS, 0.3}, {T + 5 * MS, 0.2}};
        struct impact_result r;
        CHECK_EQ_INT(impact_compute(&tl, 0, T, svc, 3, &r), 0);
        double sim = sim_share(&tl, T, svc, 3, 50 * 1000); /* an arrival every 50 us */
        /* discretisation: at most one step per window edge */
        double tol = (double)(4 * r.nclusters + 4) * 50e3 / (double)r.span_ns + 1e-9;
        if (!(fabs(sim - r.share) <= tol))
            printf("# round %d: model %.6f%% sim %.6f%% tol %.6f%% chains %zu overlaps %llu\n", round,
                   r.share * 100, sim * 100, tol * 100, r.nchains, (unsigned long long)r.overlaps);
        CHECK(fabs(sim - r.share) <= tol);
        CHECK_NEAR(r.over_anyway, 0.2, 1e-12);
        CHECK(r.share > 0);
        impact_result_fini(&r);
        pause_tl_fini(&tl);
    }
}

static void test_chain_exact(void)
{
    /* two 80 ms pauses 10 ms apart, T = 100 ms, s = 0: neither alone exceeds
       T, together a request arriving at the first pause's start waits 170 ms */
    int64_t st[2] = {0, 90 * MS}, en[2] = {80 * MS, 170 * MS};
    int64_t x = 100 * MS;
    double w;
    impact_level_measure(st, en, 2, 100 * MS, -1000 * MS, 1000 * MS, &x, 1, &w);
    /* paused(a, a+100) never reaches 100 ms: any window that spans both pauses
       window that spans both, the stopped time within 100 ms is at most 90 ms */
    CHECK_NEAR(w, 0, 1e-9);
    /* with s = 20 ms (x = 80 ms) the misses are arrivals in (-10, 80) ms: 90 ms
       (arrival at -5 runs 5, frozen 80, runs 10 (gap), frozen until 170 > 95);
       an arrival at -15 runs 15, frozen 80, runs 5: done at 85, exactly T */
    x = 80 * MS;
    impact_level_measure(st, en, 2, 100 * MS, -1000 * MS, 1000 * MS, &x, 1, &w);
    struct pause_tl tl;
    pause_tl_init(&tl, 0, -1);
    pause_tl_add(&tl, TL_CLOCK_UPTIME, 0, 80 * MS, GC_KIND_YOUNG, "a");
    pause_tl_add(&tl, TL_CLOCK_UPTIME, 90 * MS, 80 * MS, GC_KIND_YOUNG, "b");
    pause_tl_note(&tl, -1000 * MS);
    pause_tl_note(&tl, 1000 * MS);
    pause_tl_finish(&tl);
    struct svc_point s20 = {20 * MS, 1};
    double sim = sim_share(&tl, 100 * MS, &s20, 1, 10 * 1000);
    CHECK_NEAR(w, 90.0 * MS, 1e-3);
    CHECK_NEAR(w / 2000e6, sim, 5e-5);
    pause_tl_fini(&tl);
}

static void test_timeline_bound(void)
{
    struct pause_tl tl;
    pause_tl_init(&tl, 3, -1);
    for (int i = 0; i < 5; i++)
        pause_tl_add(&tl, TL_CLOCK_UPTIME, (int64_t)(5 - i) * MS, MS, GC_KIND_YOUNG, "p");
    CHECK_EQ_INT(tl.n, 3);
    CHECK_EQ_INT(tl.dropped, 2);
    pause_tl_finish(&tl);
    CHECK_EQ_INT(tl.v[0].start_ns, 3 * MS);
    CHECK_EQ_INT(pause_tl_span_ns(&tl), 3 * MS); /* 3 ms .. 6 ms: frozen at the bound */
    pause_tl_fini(&tl);
    /* clock rule: uptime-only events with --jvm-start become wall clock */
    pause_tl_init(&tl, 0, 1700000000000LL);
    struct gc_event e;
    gc_event_init(&e);
    e.type = GC_EV_PAUSE;
    e.uptime_ns = 2 * 1000 * MS;
    e.duration_ns = 5 * MS;
    CHECK(pause_tl_add_event(&tl, &e));
    CHECK_EQ_INT(tl.clock, TL_CLOCK_WALL);
    CHECK_EQ_INT(tl.v[0].start_ns, 1700000002000LL * MS);
    e.uptime_ns = -1;
    CHECK(!pause_tl_add_event(&tl, &e));
    CHECK_EQ_INT(tl.no_time, 1);
    pause_tl_fini(&tl);
}

/* Stalls: one request per stall longer than T - s; s > T is "over anyway", never a stall miss. */
static void test_stalls(void)
{
    const int64_t MSx = 1000000;
    struct pause_tl tl;
    pause_tl_init(&tl, 0, -1);
    static const int64_t d_ms[] = {5, 40, 99, 100, 101, 150};
    for (size_t i = 0; i < sizeof d_ms / sizeof *d_ms; i++)
        pause_tl_add_stall(&tl, TL_CLOCK_WALL, (int64_t)(i + 1) * 1000 * MSx, d_ms[i] * MSx, "w", "Allocation Stall");
    pause_tl_finish(&tl);
    struct impact_stalls r;
    impact_stalls_compute(&tl, 100 * MSx, NULL, 0, &r); /* s = 0: d > 100 ms */
    CHECK_EQ_INT(r.nstalls, 6);
    CHECK_EQ_INT(r.over_timeout, 2);
    CHECK_NEAR(r.misses, 2.0, 1e-12);
    CHECK_EQ_INT(r.longest_ns, 150 * MSx);
    CHECK_EQ_INT(r.stalled_ns, 495 * MSx);
    /* half the requests need 2 ms (d > 98 ms: 4 stalls), half need 120 ms (over T anyway) */
    struct svc_point svc[2] = {{2 * MSx, 0.5}, {120 * MSx, 0.5}};
    impact_stalls_compute(&tl, 100 * MSx, svc, 2, &r);
    CHECK_NEAR(r.misses, 0.5 * 4, 1e-12);
    /* stalls never enter the pause model */
    struct impact_result ir;
    pause_tl_note(&tl, 0);
    pause_tl_note(&tl, 7000 * MSx);
    CHECK_EQ_INT(impact_compute(&tl, 0, 100 * MSx, NULL, 0, &ir), 0);
    CHECK_EQ_INT(ir.npauses, 0);
    CHECK_NEAR(ir.share, 0, 1e-12);
    impact_result_fini(&ir);
    pause_tl_fini(&tl);
}

/* An access log of durations only (ms, one per line) into the service-time points. */
static int svc_of(const char *text, struct impact_svc *s, struct diag *d)
{
    char path[] = "/tmp/test_impact_svcXXXXXX";
    int fd = mkstemp(path);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    struct access_cfg ac;
    access_cfg_init(&ac);
    ac.need_time = false;
    access_cfg_finish(&ac);
    impact_svc_init(s);
    diag_init(d);
    int rc = impact_svc_from_file(s, &ac, path, d);
    access_cfg_fini(&ac);
    unlink(path);
    return rc;
}

static void test_service_time_file(void)
{
    struct impact_svc s;
    struct diag d;
    /* few distinct values: each exactly, weighted by its count */
    CHECK_EQ_INT(svc_of("5\n5\n10\nnot-a-number\n", &s, &d), 0);
    CHECK_EQ_INT((int64_t)s.n, 2);
    CHECK_EQ_INT(s.pts[0].s_ns, 5000000);
    CHECK_NEAR(s.pts[0].w, 2.0 / 3, 1e-12);
    CHECK_EQ_INT(s.pts[1].s_ns, 10000000);
    CHECK_NEAR(s.pts[1].w, 1.0 / 3, 1e-12);
    CHECK_EQ_INT((int64_t)s.requests, 3);
    CHECK_EQ_INT((int64_t)d.total, 1);         /* the bad line is counted, not dropped */
    CHECK_NEAR(impact_svc_rate(&s), 0, 0);     /* no timestamps: no rate */
    impact_svc_fini(&s);
    diag_fini(&d);
    /* more distinct values than points: equal-weight quantiles of 1..2000 ms */
    char *big = malloc(2000 * 8);
    size_t o = 0;
    for (int v = 1; v <= 2000; v++)
        o += (size_t)sprintf(big + o, "%d\n", v);
    CHECK_EQ_INT(svc_of(big, &s, &d), 0);
    CHECK_EQ_INT((int64_t)s.n, IMPACT_SVC_MAX_POINTS);
    double wsum = 0;
    bool sorted = true;
    for (size_t k = 0; k < s.n; k++) {
        wsum += s.pts[k].w;
        sorted &= k == 0 || s.pts[k].s_ns >= s.pts[k - 1].s_ns;
    }
    CHECK_NEAR(wsum, 1, 1e-9);
    CHECK(sorted);
    /* point j is the (j + 0.5) / 512 quantile of 1..2000 ms, to the histogram's 3 digits */
    CHECK_NEAR((double)s.pts[0].s_ns / 1e6, 2000 * 0.5 / 512, 1.0);
    CHECK_NEAR((double)s.pts[511].s_ns / 1e6, 2000 * 511.5 / 512, 2000 * 511.5 / 512 * 2e-3);
    CHECK_NEAR((double)s.p50_ns / 1e6, 1000, 1000 * 2e-3);
    impact_svc_fini(&s);
    diag_fini(&d);
    free(big);
    /* nothing usable: bad input, not an empty distribution */
    CHECK(svc_of("x\ny\n", &s, &d) != 0);
    impact_svc_fini(&s);
    diag_fini(&d);
}

int main(void)
{
    RUN(test_stalls);
    RUN(test_qunar_arithmetic);
    RUN(test_model_vs_simulation);
    RUN(test_chain_exact);
    RUN(test_timeline_bound);
    RUN(test_service_time_file);
    T_DONE();
}
