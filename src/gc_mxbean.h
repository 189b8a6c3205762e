/*
 * gc_mxbean.h — the names the JVM itself gives a GC log's events in its
 * GarbageCollectorMXBean notifications (gcName, gcAction), which Micrometer
 * copies into the `gc` and `action` labels of jvm_gc_pause_seconds and
 * jvm_gc_concurrent_phase_time_seconds, and OpenTelemetry into jvm.gc.name
 * and jvm.gc.action. Read off real JDK 17 and 25 runs (docs/watch.md has the
 * table and how it was checked):
 *
 *   Serial      Copy / MarkSweepCompact                       end of minor GC / end of major GC
 *   Parallel    PS Scavenge / PS MarkSweep                    end of minor GC / end of major GC
 *   CMS         ParNew / ConcurrentMarkSweep                  end of minor GC / end of major GC
 *   G1          G1 Young Generation (young, mixed, conc. start) end of minor GC
 *               G1 Old Generation (full)                      end of major GC
 *               G1 Concurrent GC (remark, cleanup; JDK 20+)   end of concurrent GC pause
 *   ZGC         ZGC Pauses / ZGC Cycles                       end of GC pause / end of GC cycle
 *   ZGC (gen.)  ZGC Minor|Major Pauses / ... Cycles           end of GC pause / end of GC cycle
 *   Shenandoah  Shenandoah Pauses (action = the phase: Init Mark, Final Mark, Init Update Refs,
 *               Final Update Refs, Degenerated GC, Full GC) / Shenandoah Cycles, end of GC cycle
 *
 * A pause the JVM of the log's version does not notify (G1 remark and
 * cleanup before JDK 20) still gets the label a newer JVM gives it, so every
 * stop-the-world pause is counted.
 */
#ifndef GCLAT_GC_MXBEAN_H
#define GCLAT_GC_MXBEAN_H

#include <stddef.h>

#include "gc_event.h"

struct gc_mxbean_label {
    const char *gc;      /* static */
    char action[48];
    const char *cause;   /* the event's cause, or the cycle's; "unknown" if the log does not say */
};

/*
 * Labels of a pause (GC_EV_PAUSE) or a collection cycle (GC_EV_CYCLE) of
 * collector c. Returns 0 for events the JVM does not notify (concurrent
 * phases, safepoints, stalls).
 */
int gc_mxbean_label(enum gc_collector c, const struct gc_event *e, struct gc_mxbean_label *out);

#endif
