/* gc_mxbean.c — a GC event's MXBean notification names (gc_mxbean.h). */
#include "gc_mxbean.h"

#include <stdio.h>
#include <string.h>

/* Shenandoah's action is the phase: "Pause Init Mark (unload classes)" -> "Init Mark". */
static void shen_action(const char *name, char *out, size_t n)
{
    const char *s = name ? name : "";
    if (!strncmp(s, "Pause ", 6))
        s += 6;
    size_t len = strcspn(s, "(");
    while (len && s[len - 1] == ' ')
        len--;
    if (!strncmp(s, "Degenerated", 11)) {
        snprintf(out, n, "Degenerated GC");
        return;
    }
    if (!strncmp(s, "Full", 4)) {
        snprintf(out, n, "Full GC");
        return;
    }
    snprintf(out, n, "%.*s", (int)(len < n - 1 ? len : n - 1), s);
}

/*
 * Shenandoah logs its heuristic's trigger ("Learning", "Free Threshold",
 * "Allocation Rate") where the JVM's GCCause is "Concurrent GC"; a
 * degenerated cycle is an allocation failure; an explicit request is
 * System.gc(). The label is the JVM's.
 */
static const char *shen_cause(const struct gc_event *e)
{
    const char *c = e->cause ? e->cause : "";
    if (strstr(c, "System.gc") || strstr(c, "Explicit"))
        return "System.gc()";
    if (strstr(c, "During Evacuation"))
        return "Allocation Failure During Evacuation";
    if (e->kind == GC_KIND_DEGENERATED || (e->flags & GCF_DEGENERATED) || e->kind == GC_KIND_FULL ||
        strstr(c, "Allocation Failure") || strstr(c, "Outside of Cycle"))
        return "Allocation Failure";
    return "Concurrent GC";
}

int gc_mxbean_label(enum gc_collector c, const struct gc_event *e, struct gc_mxbean_label *o)
{
    memset(o, 0, sizeof *o);
    o->cause = e->cause && *e->cause ? e->cause : "unknown";
    bool full = e->kind == GC_KIND_FULL;
    bool major = full || (e->flags & GCF_GEN_OLD);
    if (e->type == GC_EV_CYCLE) {
        switch (c) {
        case GC_COLL_ZGC: o->gc = "ZGC Cycles"; break;
        case GC_COLL_ZGC_GEN: o->gc = major ? "ZGC Major Cycles" : "ZGC Minor Cycles"; break;
        case GC_COLL_SHENANDOAH:
        case GC_COLL_SHENANDOAH_GEN:
            o->gc = "Shenandoah Cycles";
            o->cause = shen_cause(e);
            break;
        default: return 0;
        }
        snprintf(o->action, sizeof o->action, "end of GC cycle");
        return 1;
    }
    if (e->type != GC_EV_PAUSE)
        return 0;
    const char *minor = "end of minor GC", *majs = "end of major GC";
    const char *act = full ? majs : minor;
    switch (c) {
    case GC_COLL_SERIAL: o->gc = full ? "MarkSweepCompact" : "Copy"; break;
    case GC_COLL_PARALLEL: o->gc = full ? "PS MarkSweep" : "PS Scavenge"; break;
    case GC_COLL_CMS:
        if (e->kind == GC_KIND_YOUNG) {
            o->gc = "ParNew";
        } else {
            o->gc = "ConcurrentMarkSweep";
            act = majs;
        }
        break;
    case GC_COLL_G1:
        if (e->kind == GC_KIND_REMARK || e->kind == GC_KIND_CLEANUP) {
            o->gc = "G1 Concurrent GC";
            act = "end of concurrent GC pause";
            o->cause = "No GC"; /* what the JVM reports for these */
        } else {
            o->gc = full ? "G1 Old Generation" : "G1 Young Generation";
        }
        break;
    case GC_COLL_ZGC: o->gc = "ZGC Pauses"; act = "end of GC pause"; break;
    case GC_COLL_ZGC_GEN:
        o->gc = major ? "ZGC Major Pauses" : "ZGC Minor Pauses";
        act = "end of GC pause";
        break;
    case GC_COLL_SHENANDOAH:
    case GC_COLL_SHENANDOAH_GEN:
        o->gc = "Shenandoah Pauses";
        shen_action(e->name, o->action, sizeof o->action);
        o->cause = shen_cause(e);
        return 1;
    case GC_COLL_EPSILON: return 0;
    default:
        o->gc = full ? "unknown major" : "unknown";
        break;
    }
    snprintf(o->action, sizeof o->action, "%s", act);
    return 1;
}
