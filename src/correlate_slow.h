/*
 * correlate_slow.h — what the clock-offset search (correlate_offset.h) needs
 * from one pass over the access logs, in fixed memory: the latency
 * histogram of all requests, the CORRELATE_SLOW_KEEP slowest (a min-heap by
 * duration) and a reservoir sample of CORRELATE_SLOW_KEEP of all requests
 * (a fixed-seed generator: the same input gives the same output).
 */
#ifndef GCLAT_CORRELATE_SLOW_H
#define GCLAT_CORRELATE_SLOW_H

#include <stddef.h>
#include <stdint.h>

#include "correlate_access.h"
#include "correlate_offset.h"
#include "hist.h"
#include "pause_timeline.h"

#define CORRELATE_SLOW_KEEP 5000              /* slow requests, and sampled requests, kept */
#define CORRELATE_SLOW_MIN_PAUSE_NS 1000000LL /* shorter pauses are no support (noise) */

struct correlate_slow {
    struct hist all;
    struct offset_req *heap;   /* min-heap by dur_ns: the CORRELATE_SLOW_KEEP slowest */
    size_t n;
    struct offset_req *sample; /* reservoir sample of all requests */
    size_t nsample;
    uint64_t seen, rng;
};

void correlate_slow_init(struct correlate_slow *p);
void correlate_slow_add(struct correlate_slow *p, const struct access_req *q);
/* correlate_slow_add as an access_req_fn (ctx a struct correlate_slow). */
void correlate_slow_add_fn(void *ctx, const struct access_req *q);
/*
 * The offset search over what p kept: slow = over timeout_ns when > 0, else
 * over the P99 of all requests. Every request is shifted by shift_ns first
 * (the offset in use), so the estimate is a correction to it. Reorders and
 * shifts p's requests: call once.
 */
void correlate_slow_offset(struct correlate_slow *p, const struct pause_tl *tl, int64_t timeout_ns, int64_t shift_ns,
                           int64_t range_ns, struct offset_est *est);
void correlate_slow_fini(struct correlate_slow *p);

#endif
