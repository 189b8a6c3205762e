/*
 * gc_analysis.h — GC events to statistics. Everything here is streaming and
 * bounded: per-event work is O(1) (hash lookups in small tables), memory
 * depends on the number of distinct pause names, causes, stalled threads and
 * days/hours covered — never on the number of events.
 *
 * Definitions (docs/metrics.md has the full text):
 *  - pause: a GC_EV_PAUSE event (stop-the-world for the collector);
 *  - run: the events of one JVM. A new run starts only on evidence: a line
 *    only a starting JVM prints, a change of log format, or time restarting
 *    (after a JVM banner, at a new file, or uptime back near 0). Events logged
 *    out of order never split a run;
 *  - span: sum over runs of (latest event end - earliest event start);
 *    time going backwards inside a run without evidence of a restart is
 *    counted (time_back), never a new run;
 *  - throughput_pct: 100 * (1 - total pause time / span); unknown (NaN) when
 *    the log has collections but no pause lines (gc_analysis_lacks);
 *  - causes: collections per cause (one per collection, never per pause),
 *    and the pauses carrying it (gc_cause.h);
 *  - young GCs per minute: over the whole calendar minutes inside a run,
 *    mean and max alike, so mean <= max;
 *  - percentiles: nearest rank over every pause (hist.h), in ms.
 */
#ifndef GCLAT_GC_ANALYSIS_H
#define GCLAT_GC_ANALYSIS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gc_cause.h"
#include "gc_event.h"
#include "hist.h"
#include "name_hint.h"
#include "report.h"

#define GC_MAX_OVER 16

enum gc_by { GC_BY_NONE, GC_BY_DAY, GC_BY_HOUR, GC_BY_MINUTE };

struct gc_thresholds {
    int64_t over_ns[GC_MAX_OVER]; /* --over: count pauses longer than each */
    int n_over;
    int64_t pause_target_ns;      /* finding: pauses over this (default 200 ms) */
    double max_gc_share_pct;      /* finding: GC time share over this (default 10) */
    int64_t young_pause_limit_ns; /* finding: young P90 over this (default 100 ms) */
    double max_young_per_min;     /* finding: more young GCs than this in a minute (default 100) */
    int64_t ttsp_limit_ns;        /* finding: time to safepoint over this (default 50 ms) */
    double safepoint_ratio;       /* finding: safepoint total > ratio * GC pause total (default 1.5) */
};

void gc_thresholds_default(struct gc_thresholds *t);

/* One row of a name-keyed table (pause names, concurrent phases, causes, threads). */
struct gc_named {
    const char *name;  /* interned or static */
    enum gc_kind kind;
    uint64_t count;
    int64_t total_ns, max_ns, min_ns;
    struct hist *h;    /* durations (ns), for tables that show percentiles; may be NULL */
    const char *first_file, *worst_file;
    uint64_t first_line, worst_line;
    int64_t first_t_ns, worst_t_ns;
};

struct gc_table {
    struct gc_named *rows;
    size_t n, cap;
    size_t max_rows;   /* beyond this, rows go to an "(other)" row */
    bool with_hist;
    struct name_hint hint; /* name pointer -> row (name_hint.h) */
};

/* Per day/hour bucket. */
struct gc_bucket {
    int64_t key;       /* start of the bucket, local ms (wall + offset) or uptime ms */
    uint64_t pauses;
    int64_t total_ns, max_ns;
    uint64_t over[GC_MAX_OVER];
    uint64_t full;
    int64_t heap_after_min_kb, heap_after_max_kb; /* -1 when no GC in the bucket gave sizes */
    /* allocation stalls (GC_EV_STALL, relocation stalls apart), not pauses */
    uint64_t stalls;
    int64_t stall_total_ns, stall_max_ns;
    uint64_t stall_over[GC_MAX_OVER];
};

/* An occurrence used as evidence in findings. */
struct gc_occurrence {
    uint64_t count;
    int64_t worst_ns;    /* duration or magnitude of the worst one */
    const char *first_file, *worst_file;
    uint64_t first_line, worst_line;
    int64_t first_t_ns, worst_t_ns;
    int64_t first_wall_ms, worst_wall_ms;
    int32_t tz_min;
};

#define GC_MAX_RUNS 1000 /* runs listed; more are counted, not listed */

/* Evidence of a run boundary (gc_read.h enum gc_boundary, mapped by the caller). */
enum gc_evidence { GC_EVID_NONE, GC_EVID_FILE, GC_EVID_HEADER, GC_EVID_JVM_START, GC_EVID_FORMAT };

/* One JVM run (docs/metrics.md "Time model"). */
struct gc_run_stats {
    const char *format;          /* static format name, or NULL if not told */
    enum gc_collector collector;
    const char *began;           /* static: why this run started */
    const char *file;            /* its first event */
    uint64_t line;
    bool have_time;
    int64_t start_ns, end_ns;    /* earliest event start, latest event end (time axis) */
    int64_t floor_ns;            /* events ending before this went back in time */
    int64_t jvm_start_ms;        /* wall clock minus uptime, INT64_MIN until both are seen */
    bool in_back;                /* the last timed event went back in time */
    int64_t first_wall_ms, last_wall_ms;
    int32_t tz_min;
    uint64_t events, pauses;
    int64_t pause_total_ns;
    int64_t max_gc_id;
};

struct gc_analysis {
    struct gc_thresholds th;
    enum gc_by by;
    struct intern *strings;

    /* pauses */
    struct hist pause_h;         /* ns */
    uint64_t pause_count;
    int64_t pause_total_ns, pause_max_ns, pause_min_ns;
    uint64_t over[GC_MAX_OVER];  /* pauses longer than th.over_ns[i]: set by gc_analysis_finish */
    /* A pause counts in one band: the thresholds sorted, band b holds
       what is above b of them (over_lo[b] < d <= over_hi[b]). over[] is
       summed from the bands at the end: a pause costs one count, not one
       comparison a threshold, and the band of the last pause is tried first. */
    int64_t over_lo[GC_MAX_OVER + 1], over_hi[GC_MAX_OVER + 1];
    uint64_t over_band_n[GC_MAX_OVER + 1];
    int over_band, n_bands;
    struct gc_table by_name;     /* pause names, with histograms */
    struct { uint64_t count; int64_t total_ns, max_ns; } kind[GC_KIND__COUNT];
    struct gc_table concurrent;  /* concurrent phases */
    struct gc_cause_table causes; /* cause -> collections, pauses, pause time (gc_cause.h) */
    struct gc_table stall_threads;
    struct gc_table cycle_names;  /* GC_EV_CYCLE by name ("Garbage Collection", "Minor Collection", ...) */
    struct hist stall_h;
    uint64_t stall_count;
    uint64_t stall_over[GC_MAX_OVER]; /* --over thresholds applied to allocation stalls */
    int64_t stall_total_ns, stall_max_ns;
    uint64_t reloc_stall_count;
    struct gc_occurrence stall_occ; /* first and longest allocation stall */
    uint64_t cycle_events;       /* GC_EV_CYCLE count (ZGC/Shenandoah collections) */
    uint64_t collections;        /* young+mixed+full+degenerated pauses of STW collectors */
    uint64_t conc_cycles_started;/* CMS initial marks, G1 concurrent starts */
    int64_t max_gc_id, gc_id_segments;
    uint64_t distinct_gc_ids;

    /* safepoints */
    uint64_t sp_count;
    int64_t sp_total_ns, sp_max_ns, sp_ttsp_max_ns;
    struct gc_occurrence sp_slow_ttsp;

    /* time: runs */
    struct gc_run_stats run;     /* the current run (valid when run_open) */
    bool run_open;
    struct gc_run_stats *runs;   /* closed runs, the first GC_MAX_RUNS */
    size_t nruns, cap_runs;
    int64_t span_ns;             /* sum of the closed runs' spans */
    int segments;                /* runs, listed or not */
    enum gc_evidence pending;    /* evidence waiting for the next event's time */
    const char *next_format;     /* format of what follows */
    int64_t alloc_span_ns;       /* sum over runs of the allocation-rate time */
    /* time going backwards inside a run, with no evidence of a restart */
    struct gc_occurrence time_back; /* one per jump back; magnitude: how far back, ns */
    uint64_t time_back_events;   /* events logged after time had passed their end */
    int64_t first_wall_ms, last_wall_ms;
    int32_t tz_min;
    bool time_is_wall;           /* events carried wall-clock times */
    enum { GC_AXIS_NONE, GC_AXIS_UPTIME, GC_AXIS_WALL } axis;
    int64_t wall_minus_uptime_ms; /* JVM start in epoch ms, from events with both clocks; INT64_MIN unknown */

    /* frequency: young collections per calendar minute of the time axis,
       over the minutes that lie wholly inside a run (docs/metrics.md) */
    struct gc_freq {
        int segment;             /* a->segments when the current run began; 0 none */
        int64_t run_start_ns, run_end_ns;
        int64_t minute;          /* minute index of the open minute, INT64_MIN none */
        uint64_t in_minute;      /* young collections started in it */
        uint64_t full_minutes;   /* whole minutes inside the runs closed so far */
        uint64_t young_in_full;  /* young collections started in those minutes */
        uint64_t max_full;       /* most young collections in one whole minute */
        int64_t max_full_start_ns;
        uint64_t max_any;        /* most in one minute, partial first/last minutes included */
    } freq;
    int64_t last_young_t_ns;
    struct hist young_interval_h; /* ns */
    /* young pause durations, ns: read them with gc_analysis_young_h. While
       every young pause so far went to one pause name and that name had
       only young pauses, the name's histogram holds exactly them and
       young_mirror points to it (ParNew in a CMS log): one record less per
       young pause. young_own_h takes over, a copy, when the two part. */
    struct hist young_own_h;
    const struct hist *young_mirror;
    bool young_split;             /* young_own_h holds the young pauses */
    int64_t young_total_kb_max;

    /* CPU */
    uint64_t cpu_events;
    int64_t user_ns, sys_ns, real_ns;
    struct gc_occurrence cpu_starved; /* real > user+sys on a parallel collector */
    struct gc_occurrence sys_over_user;

    /* memory */
    int64_t prev_after_kb;        /* heap after the previous GC */
    int64_t alloc_kb;             /* sum of heap growth between GCs */
    int64_t alloc_first_t_ns, alloc_last_t_ns;
    int64_t promoted_kb;
    uint64_t promo_events;
    int64_t heap_total_max_kb;
    /* live set: heap after full GCs (least-squares trend over time) */
    uint64_t full_after_n;
    double fa_sum_t, fa_sum_y, fa_sum_tt, fa_sum_ty;
    int64_t full_after_first_kb, full_after_last_kb, full_after_max_kb;
    /* heap after any GC, for the live-set range */
    int64_t after_min_kb, after_max_kb;
    uint64_t detail_events;       /* collections with a generation breakdown (-XX:+PrintGCDetails style) */

    /* flags */
    struct gc_occurrence full, cmf, promo_failed, to_space, degenerated, over_target;
    /* collections by cause class (gc_cause.h): one per collection, never per pause */
    struct gc_occurrence humongous, sysgc, diag_gc, metaspace, alloc_stall_cycles;
    const char *stall_memo; /* the last cause looked at for alloc_stall_cycles, and whether it is one */
    bool stall_memo_is;
    uint64_t full_by_class[GC_CAUSE__COUNT]; /* full collections per cause class */

    /* by day/hour/minute */
    struct gc_bucket *buckets;
    size_t nbuckets, cap_buckets;

    enum gc_collector collector;
    const char *format;          /* jvm_format of the inputs ("unified", "jdk8-legacy", "openj9-xml", "mixed"), set by the caller; may be NULL */
};

void gc_analysis_init(struct gc_analysis *a, const struct gc_thresholds *th, enum gc_by by,
                      struct intern *strings);
void gc_analysis_fini(struct gc_analysis *a);
/* Feed one event (events should come in time order; small disorder is tolerated). */
void gc_analysis_add(struct gc_analysis *a, const struct gc_event *e);
/* Evidence that a new run may begin before the next event (see enum gc_boundary in
   gc_read.h); format is the static name of the format that follows, or NULL. */
void gc_analysis_evidence(struct gc_analysis *a, enum gc_evidence ev, const char *format);
/* Close the last run; call once after the last event. */
void gc_analysis_finish(struct gc_analysis *a);

double gc_analysis_throughput_pct(const struct gc_analysis *a);

/* Young pause durations (ns): young, mixed and G1 concurrent-start pauses. */
const struct hist *gc_analysis_young_h(const struct gc_analysis *a);

/* Collections: stop-the-world collections plus concurrent collector cycles. */
uint64_t gc_analysis_collections(const struct gc_analysis *a);

/* Young collections per whole minute (docs/metrics.md); false when the
   runs cover no whole minute. mean <= max always. */
bool gc_analysis_young_per_min(const struct gc_analysis *a, double *mean, uint64_t *max);

/* What the log cannot tell: figures that need lines it lacks. */
enum {
    GC_LACKS_PAUSES = 1u << 0,     /* ZGC collections but no pause line (ZGC at -Xlog:gc) */
    GC_LACKS_HEAP = 1u << 1,       /* unified log: collections but no heap size (a fragment: no option adds them) */
    GC_LACKS_CPU = 1u << 2,        /* STW pauses but no [Times:] / gc,cpu line, where the format has them */
    GC_LACKS_SAFEPOINTS = 1u << 3, /* HotSpot log: collections but no safepoint / stopped-time line */
};
unsigned gc_analysis_lacks(const struct gc_analysis *a);
/* The logging option that adds what `lack` (one GC_LACKS_* bit) needs, for
   this log's format and collector; NULL when no option adds it (ZGC and
   Shenandoah print no GC CPU lines, OpenJ9 verbose GC no safepoints). */
const char *gc_analysis_lack_option(const struct gc_analysis *a, unsigned lack);
/* "not in log (add OPTION)", or why no option helps, for the text report. */
void gc_analysis_lack_text(const struct gc_analysis *a, unsigned lack, char *buf, size_t n);

/* Build the report; ctx gives collector, version; diag the unparsed lines. */
void gc_analysis_report(const struct gc_analysis *a, const struct gc_parse_ctx *ctx,
                        const char *jvm_format, struct report_node *root);
/* Findings (gc_findings.c): appends the "findings" array. */
struct findings;
/* The GC findings (docs/findings.md), appended to out (finding.h). */
void gc_findings(const struct gc_analysis *a, struct findings *out);
/* gc_findings() as the `findings` array under root. */
void gc_findings_report(const struct gc_analysis *a, struct report_node *root);

#endif
