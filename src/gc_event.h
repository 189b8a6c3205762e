/*
 * gc_event.h — the GC event model shared by every GC-log parser and every
 * GC analysis. A parser turns lines into these events; analyses consume them
 * and never look at log text.
 *
 * Units are in the names: *_ns nanoseconds, *_kb kibibytes, *_ms epoch
 * milliseconds. Unknown numeric fields are -1 (GC_UNKNOWN). Strings are
 * either static, interned (struct intern, alive for the whole run), or — for
 * `thread` only — a view valid until the sink returns.
 *
 * What is a stop-the-world pause (docs/metrics.md): an event of type
 * GC_EV_PAUSE — the JVM stopped every application thread for the collector
 * for duration_ns (young, mixed, full, remark, cleanup, initial mark, each
 * ZGC/Shenandoah pause phase). Safepoint totals ("Total time for which
 * application threads were stopped", -Xlog:safepoint) are GC_EV_SAFEPOINT:
 * they include the GC pauses plus non-GC VM operations and time-to-safepoint,
 * so they are reported apart and never added to pause totals.
 */
#ifndef GCLAT_GC_EVENT_H
#define GCLAT_GC_EVENT_H

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"
#include "intern.h"

#define GC_UNKNOWN (-1)

enum gc_collector {
    GC_COLL_UNKNOWN = 0,
    GC_COLL_SERIAL,
    GC_COLL_PARALLEL,
    GC_COLL_CMS,            /* ParNew (or DefNew) + CMS */
    GC_COLL_G1,
    GC_COLL_ZGC,            /* single-generation ZGC (JDK 11-20, or 21+ without Generational) */
    GC_COLL_ZGC_GEN,        /* generational ZGC (JDK 21+) */
    GC_COLL_SHENANDOAH,
    GC_COLL_SHENANDOAH_GEN, /* generational Shenandoah */
    GC_COLL_EPSILON,
    GC_COLL_OPENJ9,
    GC_COLL__COUNT
};

enum gc_ev_type {
    GC_EV_PAUSE = 1,   /* stop-the-world GC pause */
    GC_EV_CONCURRENT,  /* concurrent phase (application keeps running) */
    GC_EV_SAFEPOINT,   /* total time application threads were stopped at a safepoint */
    GC_EV_STALL,       /* a thread stalled waiting for memory (ZGC Allocation Stall, relocation stall) */
    GC_EV_CYCLE,       /* a whole concurrent cycle/collection (ZGC/Shenandoah "Garbage Collection (...)" summary) */
};

/* Broad class of a pause or phase, for the pause-kind table. */
enum gc_kind {
    GC_KIND_OTHER = 0,
    GC_KIND_YOUNG,        /* young / minor / scavenge / ParNew / DefNew / PSYoungGen / G1 Pause Young (Normal) */
    GC_KIND_MIXED,        /* G1 mixed */
    GC_KIND_FULL,         /* full / major stop-the-world compaction */
    GC_KIND_INITIAL_MARK, /* CMS initial mark, G1 Concurrent Start (young pause that starts marking) */
    GC_KIND_REMARK,       /* CMS remark, G1 Remark */
    GC_KIND_CLEANUP,      /* G1 Cleanup */
    GC_KIND_ZGC_PHASE,    /* a ZGC pause phase (Mark Start / Mark End / Relocate Start, Y/O) */
    GC_KIND_SHEN_PHASE,   /* a Shenandoah pause phase (Init Mark / Final Mark / Init Update Refs / ...) */
    GC_KIND_DEGENERATED,  /* Shenandoah degenerated GC */
    GC_KIND_CONCURRENT,   /* concurrent phase */
    GC_KIND__COUNT
};

enum {
    GCF_CONC_MODE_FAILURE = 1u << 0,     /* CMS "concurrent mode failure" */
    GCF_CONC_MODE_INTERRUPTED = 1u << 1, /* CMS "concurrent mode interrupted" */
    GCF_PROMOTION_FAILED = 1u << 2,      /* "promotion failed" */
    GCF_TO_SPACE_EXHAUSTED = 1u << 3,    /* G1 "to-space exhausted"/"overflow", evacuation failure */
    GCF_HUMONGOUS = 1u << 4,             /* triggered by a humongous allocation */
    GCF_SYSTEM_GC = 1u << 5,             /* System.gc() / jcmd GC.run / heap dump */
    GCF_METASPACE = 1u << 6,             /* triggered by Metadata/Metaspace threshold */
    GCF_DEGENERATED = 1u << 7,           /* Shenandoah degenerated */
    GCF_ALLOC_STALL_CAUSE = 1u << 8,     /* ZGC cycle caused by Allocation Stall */
    GCF_GEN_OLD = 1u << 9,               /* generational ZGC/Shenandoah: old generation / major */
    GCF_GEN_YOUNG = 1u << 10,            /* generational ZGC/Shenandoah: young generation / minor */
    GCF_EVAC_FAILURE = 1u << 11,         /* evacuation failure (G1 JDK 9+ "Evacuation Failure") */
};

struct gc_event {
    enum gc_ev_type type;
    enum gc_kind kind;
    const char *name;   /* the log's own name for it: "Pause Young (Normal)", "ParNew", "CMS-remark",
                           "Pause Mark End", "Concurrent Mark", ... (static or interned) */
    const char *cause;  /* "Allocation Failure", "G1 Evacuation Pause", "System.gc()", ... or NULL */
    unsigned flags;     /* GCF_* */
    int64_t gc_id;      /* unified logging GC(N) id, else -1 */

    /* When. Either or both may be known. */
    int64_t uptime_ns;  /* JVM uptime at the event start, -1 if unknown */
    int64_t wall_ms;    /* wall clock at the event start, ms since the Unix epoch (UTC), -1 if unknown */
    int32_t tz_offset_min; /* the log's UTC offset for wall_ms (for --by day|hour in local time) */

    int64_t duration_ns; /* pause, phase, stall or stopped time; -1 if unknown */

    /* Heap, in KiB; -1 if unknown. heap_* is the whole heap. */
    int64_t heap_before_kb, heap_after_kb, heap_total_kb;
    int64_t young_before_kb, young_after_kb, young_total_kb;
    int64_t old_before_kb, old_after_kb, old_total_kb;
    int64_t meta_before_kb, meta_after_kb, meta_total_kb;

    /* [Times: user=.. sys=.. real=..] or unified "User=..s Sys=..s Real=..s"; -1 if absent. */
    int64_t user_ns, sys_ns, real_ns;

    /* GC_EV_SAFEPOINT: time to reach the safepoint, if logged; -1 otherwise. */
    int64_t ttsp_ns;

    const char *thread; /* GC_EV_STALL: the stalled thread's name (view) */

    const char *file;   /* source file display name */
    uint64_t line;      /* 1-based line where the event starts (or completes) */
};

/* Initialise every field to "unknown". */
void gc_event_init(struct gc_event *e);

/* The sink every parser writes to. */
struct gc_sink {
    void (*emit)(void *ctx, const struct gc_event *ev);
    void *ctx;
};

/*
 * What a parser shares with its caller: where events go, where unparsed lines
 * are counted, the interner, and what it learned about the JVM.
 */
struct gc_parse_ctx {
    struct gc_sink sink;
    struct diag *diag;
    struct intern *strings;
    const char *file;          /* current file display name */
    enum gc_collector collector; /* set by the parser once known */
    const char *jvm_version;   /* interned, if the log says */
    int64_t heap_max_kb;       /* from the log header, if known; else -1 */
    int64_t first_uptime_ns, last_uptime_ns; /* span covered, -1 if unknown */
    int64_t first_wall_ms, last_wall_ms;
    /* Lines the parser recognised but that carry nothing the event model
       holds (banners, region tables, per-phase detail lines it does not model).
       Reported apart from unparsed lines, so every line is accounted for:
       lines_read = lines that fed an event + lines_info + diag->total + blank. */
    uint64_t lines_info;
};

/* A context with nothing learned yet (sizes and spans -1), its events to emit(sink_ctx, e). */
void gc_parse_ctx_init(struct gc_parse_ctx *c, void (*emit)(void *sink_ctx, const struct gc_event *e), void *sink_ctx,
                       struct diag *diag, struct intern *strings);
const char *gc_collector_name(enum gc_collector c);
const char *gc_kind_name(enum gc_kind k);
const char *gc_ev_type_name(enum gc_ev_type t);

#endif
