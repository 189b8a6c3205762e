/*
 * correlate_offset.h — estimate the clock offset between an access log and
 * a GC log from the data itself.
 *
 * Physical constraint: every application thread is stopped during a pause,
 * so a request delayed by a pause contains it whole — it cannot start or
 * finish inside it. For each slow request (start s, duration D) and each
 * pause (ps, pe) no longer than D, the offsets d that make [s+d, s+d+D]
 * contain the pause form the interval [pe - (s+D), ps - s]; a request scores
 * +1 where the union of its intervals holds; the
 * offsets that would put a request's start or end strictly inside a pause
 * (more than OFFSET_EDGE_TOL_NS from its edges: timestamps are ms-truncated)
 * are impossible: counted over a uniform sample of all requests (a wrong
 * offset puts about (stopped share x 2) of them on a pause, the right one
 * none), weighted -OFFSET_VIOLATION_W as a rate. The estimate is the offset with
 * the highest score within [-range, +range] (a sweep over sorted interval
 * ends, O(m log m) for m pairs); among equally good offsets the one closest
 * to 0 wins, so aligned clocks stay at 0. Containment alone is not enough:
 * when pauses are dense, a long request contains some pause at almost any
 * offset; the violations pin the offset down.
 */

#define OFFSET_EDGE_TOL_NS 2000000LL
#define OFFSET_VIOLATION_W 50
#define OFFSET_MAX_PAUSE_NS 60000000000LL /* pauses longer than a minute are not looked back for */
/* Memory bound of the sweep: 4 Mi interval ends (64 MiB); requests beyond it
   are not used (counted in slow_used / sample_used). */
#define OFFSET_MAX_EVENTS ((size_t)4 << 20)
#ifndef GCLAT_CORRELATE_OFFSET_H
#define GCLAT_CORRELATE_OFFSET_H

#include <stddef.h>
#include <stdint.h>

#include "pause_timeline.h"

struct offset_req {
    int64_t start_ns, dur_ns;
};

struct offset_est {
    int64_t offset_ns;         /* add to access-log times to get GC-log times */
    int64_t plateau_lo_ns, plateau_hi_ns; /* every offset here is as good */
    uint64_t support;          /* slow requests containing a whole pause at offset_ns */
    /* score = support/n_slow - OFFSET_VIOLATION_W * violations/n_sample at offset_ns */
    uint64_t support_at_zero;  /* ... at offset 0 */
    uint64_t pairs;            /* candidate pairs examined */
    uint64_t slow_used, sample_used; /* requests that fit in OFFSET_MAX_EVENTS */
};

/*
 * tl finished. slow: the slow requests (support); sample: a uniform sample of
 * all requests (violations). score(d) = support(d)/n_slow -
 * OFFSET_VIOLATION_W * violations(d)/n_sample. min_pause_ns: pauses shorter
 * than this do not count as support (noise).
 */
void correlate_offset_search(const struct pause_tl *tl, const struct offset_req *slow, size_t n,
                             const struct offset_req *sample, size_t nsample, int64_t range_ns,
                             int64_t min_pause_ns, struct offset_est *out);

#endif
