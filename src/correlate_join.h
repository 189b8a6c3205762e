/*
 * correlate_join.h — the request <-> stop join of `gclat correlate`: every
 * request of an access log against the GC log's stops (pause_timeline.h):
 * stop-the-world pauses, which stop every thread, and allocation stalls,
 * which stop one thread.
 *
 * The overlap rule (docs/correlate.md): a request's window is
 * [start, start + duration] on the GC clock (start as logged, plus the
 * clock offset); a stop [ps, pe] met the request when
 *
 *     overlap > q                      (by more than the timestamps' resolution)
 *  or overlap > 0 and ps >= start - q and pe <= end + q and duration > q
 *                                      (the stop lies inside the window, to within q)
 *
 * whatever the stop's length (a 0.05 ms ZGC pause inside a 3 ms request
 * counts). q is the timestamps' resolution (1 ms for ms timestamps): a stop
 * that only touches the window's edge by less than q — a 20 ms pause that
 * seems to clip a 1 ms request, a stall that seems to clip the next request
 * of its thread — is a rounding artefact of the truncated timestamps, not a
 * delay. A request no longer than q that shares its millisecond with a
 * shorter-than-q stop is undecidable (the logs cannot say which came first;
 * on the fixtures they are mostly requests released right after the pause):
 * counted apart, never as met. A zero-length stop counts when strictly
 * inside the window.
 *
 * Pauses are joined with every request. Stalls are joined on the thread's
 * name when the access log names it (--thread-field): a request met a stall
 * of its own thread. Without the thread, gclat cannot tell which of the
 * requests in flight was on the stalled thread, so it gives only a bound:
 * at most min(stalls that met some request, requests that met some stall)
 * requests ran on a stalled thread (a thread serves one request at a time).
 * That bound is never added to the pause figures.
 *
 * Memory: the stop arrays (owned by the timeline), a thread index over the
 * stalls, one bit per stall, five histograms, one row per minute (at most
 * CJ_MAX_MINUTES). Requests are streamed.
 */
#ifndef GCLAT_CORRELATE_JOIN_H
#define GCLAT_CORRELATE_JOIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "correlate_access.h"
#include "hist.h"
#include "pause_timeline.h"
#include "report.h"

#define CJ_MAX_MINUTES (1u << 20) /* two years of minutes; more are counted as untracked */
#define CJ_EDGE_TOL_NS 2000000LL  /* edge check: timestamps are ms-truncated on both sides */

struct cj_opts {
    int64_t offset_ns;      /* access clock + offset = GC clock */
    int64_t resolution_ns;  /* q above */
    int64_t slow_ns;        /* > 0: slow = over this (--timeout); per-minute counts need it */
    bool thread_join;       /* the access log names the thread */
};

struct cj_minute {
    int64_t key;            /* minute number (local time), INT64_MIN = empty */
    uint64_t n, n_ov, n_stalled, n_slow;
    int64_t max_ns;
    double sum_ns;
};

/* A thread named by stall lines. */
struct cj_thread {
    const char *name;
    size_t len;
    size_t first, n;        /* its stalls: cj.stall_idx[first .. first + n) */
    int64_t longest_ns, stall_ns;
    uint64_t requests, stalled_requests;
};

struct cj {
    const struct pause_tl *tl;
    struct cj_opts o;
    struct hist h_ov, h_clean;      /* met a pause / did not */
    struct hist h_stalled;          /* met a stall of its own thread (thread join) */
    struct hist h_any, h_none;      /* met a pause or an own-thread stall / neither */
    uint64_t n, n_ov, pairs;        /* requests, requests that met a pause, request-pause pairs */
    uint64_t n_undecidable;         /* met no pause, but one was undecidable */
    uint64_t n_stalled, stall_pairs, n_any;
    uint64_t no_thread;             /* thread join: requests whose line has no thread field */
    uint64_t in_any_stall;          /* requests that met some stall of any thread */
    uint8_t *stall_hit;             /* one bit per tl->st[]: met some request */
    double overlap_ns, stall_overlap_ns;
    uint64_t edge_violations;       /* requests starting or ending inside a pause */
    uint64_t outside_gc_span;       /* requests whose window lies outside the GC log's span */
    int64_t first_ns, last_ns;      /* access-log range on the GC clock */
    int32_t tz_min;
    bool tz_known;
    /* minutes */
    struct cj_minute *mv;
    size_t mcap, mused;
    uint64_t minutes_untracked;
    /* threads */
    size_t *stall_idx;              /* indexes into tl->st, grouped by thread, by start */
    struct cj_thread *th;
    size_t nth;
    uint32_t *th_hash;              /* open addressing: index + 1, 0 = empty */
    size_t th_hcap;
};

/* tl finished; it must outlive c. */
void cj_init(struct cj *c, const struct pause_tl *tl, const struct cj_opts *o);
void cj_fini(struct cj *c);
void cj_add(struct cj *c, const struct access_req *q);

/* The rule above, exposed for tests. */
enum { CJ_MISSED = 0, CJ_MET = 1, CJ_UNDECIDABLE = 2 };
int cj_stop_meets(int64_t rs, int64_t re, int64_t ps, int64_t pe, int64_t q);

/* Slow threshold: --timeout, else the P99 of all requests. */
int64_t cj_slow_ns(const struct cj *c);

/*
 * Report: alignment figures appended to `al` (range gap, requests outside
 * the GC span, edge violations), then "summary", "stalls" (when the GC log
 * has stalls), "any_stop" (thread join), "latency", "threads" (thread join),
 * "worst_minutes" (top N, 0 = all) under root. Returns the latency table.
 */
struct report_node *cj_report(const struct cj *c, struct report_node *al, struct report_node *root, size_t top);

#endif
