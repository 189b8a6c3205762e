/*
 * gc_event.c — names for the GC enums (used in JSON keys and text: keep
 * them stable, scripts depend on them).
 */
#include "gc_event.h"

#include <string.h>

/* (every field "unknown"; a static object's padding is zero, as memset
   left it, so events compare bytewise as before) */
static const struct gc_event unknown_event = {
    .gc_id = -1,
    .uptime_ns = -1,
    .wall_ms = -1,
    .duration_ns = -1,
    .heap_before_kb = -1, .heap_after_kb = -1, .heap_total_kb = -1,
    .young_before_kb = -1, .young_after_kb = -1, .young_total_kb = -1,
    .old_before_kb = -1, .old_after_kb = -1, .old_total_kb = -1,
    .meta_before_kb = -1, .meta_after_kb = -1, .meta_total_kb = -1,
    .user_ns = -1, .sys_ns = -1, .real_ns = -1,
    .ttsp_ns = -1,
};

void gc_event_init(struct gc_event *e)
{
    /* one copy instead of a memset and twenty stores: a call per event */
    memcpy(e, &unknown_event, sizeof *e);
}

void gc_parse_ctx_init(struct gc_parse_ctx *c, void (*emit)(void *sink_ctx, const struct gc_event *e), void *sink_ctx,
                       struct diag *diag, struct intern *strings)
{
    memset(c, 0, sizeof *c);
    c->sink.emit = emit;
    c->sink.ctx = sink_ctx;
    c->diag = diag;
    c->strings = strings;
    c->heap_max_kb = -1;
    c->first_uptime_ns = c->last_uptime_ns = -1;
    c->first_wall_ms = c->last_wall_ms = -1;
}

const char *gc_collector_name(enum gc_collector c)
{
    static const char *const names[GC_COLL__COUNT] = {
        [GC_COLL_UNKNOWN] = "unknown",       [GC_COLL_SERIAL] = "serial",
        [GC_COLL_PARALLEL] = "parallel",     [GC_COLL_CMS] = "cms",
        [GC_COLL_G1] = "g1",                 [GC_COLL_ZGC] = "zgc",
        [GC_COLL_ZGC_GEN] = "zgc-generational", [GC_COLL_SHENANDOAH] = "shenandoah",
        [GC_COLL_SHENANDOAH_GEN] = "shenandoah-generational",
        [GC_COLL_EPSILON] = "epsilon",       [GC_COLL_OPENJ9] = "openj9",
    };
    return (unsigned)c < GC_COLL__COUNT && names[c] ? names[c] : "unknown";
}

const char *gc_kind_name(enum gc_kind k)
{
    static const char *const names[GC_KIND__COUNT] = {
        [GC_KIND_OTHER] = "other",          [GC_KIND_YOUNG] = "young",
        [GC_KIND_MIXED] = "mixed",          [GC_KIND_FULL] = "full",
        [GC_KIND_INITIAL_MARK] = "initial_mark", [GC_KIND_REMARK] = "remark",
        [GC_KIND_CLEANUP] = "cleanup",      [GC_KIND_ZGC_PHASE] = "zgc_phase",
        [GC_KIND_SHEN_PHASE] = "shenandoah_phase", [GC_KIND_DEGENERATED] = "degenerated",
        [GC_KIND_CONCURRENT] = "concurrent",
    };
    return (unsigned)k < GC_KIND__COUNT && names[k] ? names[k] : "other";
}

const char *gc_ev_type_name(enum gc_ev_type t)
{
    switch (t) {
    case GC_EV_PAUSE: return "pause";
    case GC_EV_CONCURRENT: return "concurrent";
    case GC_EV_SAFEPOINT: return "safepoint";
    case GC_EV_STALL: return "stall";
    case GC_EV_CYCLE: return "cycle";
    }
    return "unknown";
}
