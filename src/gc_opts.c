/*
 * gc_opts.c — the GC-threshold option group of gc_opts.h. Durations are
 * stored in ns, as the analysis compares them; a bare number is ms.
 */
#include "gc_opts.h"
#include "gc_analysis.h"
#include "pause_timeline.h"
#include "timeparse.h"

#include <string.h>

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

void gc_input_init(struct gc_input *in)
{
    in->forced = GC_FMT_UNKNOWN;
    in->jvm_start_ms = -1;
    in->max_pauses = 0;
}

static void format_opt(void *base, const struct opt *o, const char *v)
{
    struct gc_input *in = base;
    in->forced = gc_format_parse(v);
    if (in->forced == GC_FMT_UNKNOWN)
        opt_bad(o, v, "legacy, unified or openj9");
}

static void jvm_start_opt(void *base, const struct opt *o, const char *v)
{
    struct gc_input *in = base;
    int32_t tz;
    bool has_tz;
    size_t k = parse_iso8601(v, strlen(v), &in->jvm_start_ms, &tz, &has_tz);
    if (!k || k != strlen(v))
        opt_bad(o, v, "an ISO 8601 time, e.g. 2024-05-01T10:00:00.000+08:00");
}

static const struct opt input_opts[] = {
    OPT_CALL("format", 0, "FMT", format_opt, "GC log format: legacy | unified | openj9 (default: detected)"),
    OPT_CALL("jvm-start", 0, "TIME", jvm_start_opt,
             "ISO 8601 JVM start time, for GC logs with uptime only (wall-clock hours)"),
    OPT_INT(struct gc_input, max_pauses, "max-pauses", 0, "N", 1, PAUSE_TL_MAX_PAUSES,
            "memory bound of the pause (and of the stall) timeline\n"
            "(default 4194304 = 128 MiB)"),
    OPT_END,
};

const struct opt_group gc_input_group = {"GC logs", input_opts};
