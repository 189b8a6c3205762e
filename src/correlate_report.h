/*
 * correlate_report.h — the report tree of `gclat correlate`: the clock
 * alignment (the offset used, how it was found or checked, the timestamps'
 * meaning and resolution), the join's figures (cj_report), the inputs and
 * the lines not understood. Builds nodes only: the command renders them.
 */
#ifndef GCLAT_CORRELATE_REPORT_H
#define GCLAT_CORRELATE_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "correlate_join.h"
#include "correlate_offset.h"
#include "diag.h"
#include "gc_read.h"
#include "pause_timeline.h"
#include "report.h"

struct correlate_run {
    bool auto_off;                 /* --offset auto: est is the search; else check is the check */
    int64_t offset_ns, range_ns, resolution_ns;
    bool res_auto;                 /* resolution detected, not given */
    bool ts_is_end;                /* the access log stamps the request's end */
    const struct offset_est *est, *check;
    const struct cj *join;
    size_t top;
    const struct gc_read_result *gres;
    enum gc_collector coll;
    uint64_t gevents;
    const struct pause_tl *tl;
    int nac;                       /* access files */
    uint64_t alines, afiltered;
    const struct diag *gdiag, *adiag;
};

/* The whole tree under root; returns the latency comparison table (for --csv). */
struct report_node *correlate_report(struct report_node *root, const struct correlate_run *x);

/* Where the two inputs do not line up; the command warns (texts in cmd/correlate.c). */
struct correlate_misfit {
    bool outside_span;      /* over 1 % of the requests lie outside the GC log's span */
    bool edges_in_pauses;   /* more than max(10, n/1000) start or end inside a pause */
    bool better_offset;     /* the check found an offset over 10 ms away that more slow requests support */
    bool whole_seconds;     /* resolution 1 s or coarser: "met a stop" means "could have" */
    bool no_thread_field;   /* thread join asked for, no line has the field */
    bool threads_unmatched; /* ... lines have it, but no request's thread is one that stalled */
};
void correlate_misfits(const struct correlate_run *x, struct correlate_misfit *m);

#endif
