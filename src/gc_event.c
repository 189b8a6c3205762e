/*
 * gc_event.c — names for the GC enums (used in JSON keys and text: keep
 * them stable, scripts depend on them).
 */
#include "gc_event.h"

#include <string.h>

void gc_event_init(struct gc_event *e)
{
    memset(e, 0, sizeof *e);
    e->gc_id = -1;
    e->uptime_ns = -1;
    e->wall_ms = -1;
    e->duration_ns = -1;
    e->heap_before_kb = e->heap_after_kb = e->heap_total_kb = -1;
    e->young_before_kb = e->young_after_kb = e->young_total_kb = -1;
    e->old_before_kb = e->old_after_kb = e->old_total_kb = -1;
    e->meta_before_kb = e->meta_after_kb = e->meta_total_kb = -1;
    e->user_ns = e->sys_ns = e->real_ns = -1;
    e->ttsp_ns = -1;
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
