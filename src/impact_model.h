/*
 * impact_model.h — how many requests a stop-the-world pause alone pushes
 * past a timeout (docs/impact.md has the model, its assumptions and proofs).
 *
 * Model. Requests arrive uniformly in time (Poisson or fixed rate,
 * independent of GC). A request that arrives at time a needs s of running
 * time; a pause freezes it (it also cannot be accepted during a pause), so it
 * completes once it has run for s outside pauses (and, for s = 0, not before
 * the pause it arrived in has ended). It misses the timeout T exactly when
 * the time the world was stopped inside [a, a + T] is at least T - s:
 *
 *     miss(a, s)  <=>  paused(a, a + T) > T - s          (for s <= T)
 *
 * or paused(a, a + T) = T - s with a + T inside a pause (a request arriving
 * in a pause longer than T + its remaining need finishes after a + T).
 * For one isolated pause of length P that is an arrival window of length
 * max(0, P - (T - s)) inside the pause (the formula) plus, when P > T
 * - s, the s before the pause (requests already running when it started).
 * Chained pauses (gaps shorter than T) are handled exactly: paused(a, a+T)
 * is piecewise linear in a, and its level sets are measured segment by
 * segment. share = sum over service times s <= T of w(s) * |{a : miss}| /
 * span. Requests with s > T miss without any GC and are reported apart.
 *
 * Stalls (ZGC "Allocation Stall (THREAD) d"): one thread waits d for the
 * collector; the request it is serving waits with it and misses T when
 * s + d > T. A thread serves one request at a time, so each stall pushes at
 * most one request past T: expected misses = sum over stalls of
 * sum over s <= T of w(s) * [d > T - s] (the stalled thread is taken to be
 * serving a request: an upper side when threads idle). That is a count, not
 * an arrival window: as a share of requests it needs their rate. Pauses are
 * never capped into stalls or the other way round.
 */
#ifndef GCLAT_IMPACT_MODEL_H
#define GCLAT_IMPACT_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "pause_timeline.h"

/* A service time and the share of requests that have it (weights sum to 1). */
struct svc_point {
    int64_t s_ns;
    double w;
};

/* Pauses closer than the timeout to each other: one window cannot tell them apart. */
struct impact_cluster {
    size_t first_pause, npauses;  /* into tl->v */
    size_t nbusy;                 /* disjoint busy intervals in it */
    int64_t start_ns, end_ns;     /* first pause start, last pause end */
    int64_t paused_ns;            /* stopped time (overlaps merged) */
    int64_t longest_ns;           /* longest single pause (after any cap) */
    size_t longest;               /* its index in tl->v */
    double window_ns;             /* weighted arrival window that misses the timeout */
    double window_naive_ns;       /* sum of max(0, P - (T - s)) per busy interval, weighted */
};

struct impact_result {
    int64_t timeout_ns;
    int64_t cap_ns;               /* what-if cap applied (0 = none) */
    int64_t span_first_ns, span_last_ns, span_ns;
    size_t npauses;
    int64_t paused_ns;            /* after merging overlaps and capping */
    uint64_t overlaps;            /* pauses that overlapped an earlier one */
    size_t nclusters;
    size_t nchains;               /* clusters with more than one busy interval */
    struct impact_cluster *cl;    /* only clusters with a positive window are kept */
    size_t ncl;
    double window_ns, window_naive_ns;
    double share;                 /* window / span (0..1) */
    double share_naive;
    double over_anyway;           /* weight of service times > T (missing without GC) */
};

/*
 * Compute the share for the timeline (finished), optionally capping every
 * pause at cap_ns (> 0). svc: service-time points (weights summing to 1; an
 * empty list means s = 0). Returns 0, or -1 if the span is empty.
 */
int impact_compute(const struct pause_tl *tl, int64_t cap_ns, int64_t timeout_ns,
                   const struct svc_point *svc, size_t nsvc, struct impact_result *r);
void impact_result_fini(struct impact_result *r);

struct impact_stalls {
    size_t nstalls;
    int64_t stalled_ns, longest_ns;
    uint64_t over_timeout;        /* stalls longer than T: a miss whatever the service time */
    double misses;                /* expected requests pushed past T (see above) */
};

/* The stall model above over tl's stalls; svc as for impact_compute. */
void impact_stalls_compute(const struct pause_tl *tl, int64_t timeout_ns, const struct svc_point *svc, size_t nsvc,
                           struct impact_stalls *r);
/* The misses of one stall of d ns (weighted over svc); for per-hour sums. */
double impact_stall_misses(int64_t d_ns, int64_t timeout_ns, const struct svc_point *svc, size_t nsvc);

/*
 * The arrival-window measure for one cluster of disjoint sorted busy
 * intervals (start[i], end[i]), restricted to arrivals in [lo, hi]:
 * out_w[j] = |{a in [lo,hi] : paused(a, a+T) > x[j]}| for each threshold
 * x[j] in [0, T] (with the equality rule above). Exposed for tests.
 */
void impact_level_measure(const int64_t *start, const int64_t *end, size_t k, int64_t timeout_ns,
                          int64_t lo, int64_t hi, const int64_t *x, size_t nx, double *out_w);

#endif
