/*
 * gc_opts.c — the GC-threshold option group of gc_opts.h. Durations are
 * stored in ns, as the analysis compares them; a bare number is ms.
 */
#include "gc_opts.h"
#include "gc_analysis.h"

#define TH struct gc_thresholds
static const struct opt threshold_opts[] = {
    OPT_DURATIONS(TH, over_ns, n_over, OPT_STORE_NS, "over", 0, "LIST", 1000, 1,
                  "thresholds for 'pauses longer than', applied apart to allocation\n"
                  "stalls (default 1ms,10ms,100ms,200ms,300ms,1000ms; bare numbers\n"
                  "are ms)"),
    OPT_DURATION(TH, pause_target_ns, OPT_STORE_NS, "pause-target", 0, "DUR", 1000, 0,
                 "finding 'pauses_over_target' above this (default 200ms)"),
    OPT_PCT(TH, max_gc_share_pct, "max-gc-share", 0, "PCT", 0, 100,
            "finding 'gc_time_share' above this share of time (default 10)"),
    OPT_DURATION(TH, young_pause_limit_ns, OPT_STORE_NS, "young-pause-limit", 0, "DUR", 1000, 0,
                 "finding 'long_young_pauses' when young P90 exceeds (default 100ms)"),
    OPT_NUM(TH, max_young_per_min, "max-young-per-min", 0, "N", 0, 1e9,
            "finding 'frequent_young_gc' above N young GCs a minute (default 100)"),
    OPT_DURATION(TH, ttsp_limit_ns, OPT_STORE_NS, "ttsp-limit", 0, "DUR", 1000, 0,
                 "finding 'slow_time_to_safepoint' above this (default 50ms)"),
    OPT_END,
};
#undef TH

const struct opt_group gc_threshold_group = {"GC thresholds", threshold_opts};
