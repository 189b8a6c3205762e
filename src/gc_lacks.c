/*
 * gc_lacks.c — what a log cannot tell. Some figures need lines that only
 * some logging options write: ZGC prints its pauses at gc+phases, not at
 * -Xlog:gc; [Times:] needs -XX:+PrintGCDetails; safepoint lines need
 * -Xlog:safepoint or -XX:+PrintGCApplicationStoppedTime. When the lines are
 * missing the figure is unknown, and the report says so and names the
 * option, instead of printing a zero (docs/metrics.md, "What a log cannot tell").
 */
#include "gc_analysis.h"

#include <stdio.h>
#include <string.h>

enum fmt { F_UNKNOWN, F_UNIFIED, F_LEGACY, F_OPENJ9 };

static enum fmt format_of(const struct gc_analysis *a)
{
    if (!a->format)
        return F_UNKNOWN;
    if (strcmp(a->format, "unified") == 0)
        return F_UNIFIED;
    if (strcmp(a->format, "jdk8-legacy") == 0)
        return F_LEGACY;
    if (strcmp(a->format, "openj9-xml") == 0)
        return F_OPENJ9;
    return F_UNKNOWN; /* "mixed" or not told: name both families' options */
}

static bool concurrent_collector(enum gc_collector c)
{
    return c == GC_COLL_ZGC || c == GC_COLL_ZGC_GEN || c == GC_COLL_SHENANDOAH ||
           c == GC_COLL_SHENANDOAH_GEN;
}

unsigned gc_analysis_lacks(const struct gc_analysis *a)
{
    unsigned l = 0;
    uint64_t collections = gc_analysis_collections(a);
    enum fmt f = format_of(a);
    bool zgc = a->collector == GC_COLL_ZGC || a->collector == GC_COLL_ZGC_GEN;
    /* Only ZGC writes its pauses under other tags than its collections
       (gc,phases vs gc): any other collector's log with collections and no
       pause is cut short, not configured without pauses. */
    if (zgc && collections > 0 && a->pause_count == 0)
        l |= GC_LACKS_PAUSES;
    /* Unified collection lines carry the heap sizes at -Xlog:gc; a JDK 8 log
       always has them, so none found there is a gap of gclat's, not the log's. */
    if (f == F_UNIFIED && collections > 0 && a->after_max_kb < 0 && a->heap_total_max_kb <= 0)
        l |= GC_LACKS_HEAP;
    /* [Times:] comes with -XX:+PrintGCDetails: a JDK 8 log with generation
       details but no CPU times is again a gap of the parser, not the log's */
    bool cpu_format = (f == F_UNIFIED && !concurrent_collector(a->collector) && !zgc) ||
                      (f == F_LEGACY && a->detail_events == 0);
    if (cpu_format && a->pause_count > 0 && a->cpu_events == 0)
        l |= GC_LACKS_CPU;
    if ((f == F_UNIFIED || f == F_LEGACY) && (collections > 0 || a->pause_count > 0) && a->sp_count == 0)
        l |= GC_LACKS_SAFEPOINTS;
    return l;
}

const char *gc_analysis_lack_option(const struct gc_analysis *a, unsigned lack)
{
    enum fmt f = format_of(a);
    if (f == F_OPENJ9)
        return NULL; /* OpenJ9's -Xverbosegc writes what it writes */
    switch (lack) {
    case GC_LACKS_PAUSES:
        /* ZGC logs Pause Mark Start / Mark End / Relocate Start with the tags
           gc,phases at info (JDK 15-25, single and generational): checked
           against the ZGC Pauses MXBean with JDK 17 and 25 */
        if (a->collector == GC_COLL_ZGC || a->collector == GC_COLL_ZGC_GEN)
            return "-Xlog:gc,gc+phases or -Xlog:gc*";
        return f == F_LEGACY ? "-XX:+PrintGCDetails" : "-Xlog:gc* (JDK 9+) or -XX:+PrintGCDetails (JDK 8)";
    case GC_LACKS_HEAP:
        /* -Xlog:gc prints them on every collection line: a unified log
           without any is a fragment, and no option would add them */
        return NULL;
    case GC_LACKS_CPU:
        /* ZGC and Shenandoah print no per-collection CPU times at any level */
        if (concurrent_collector(a->collector))
            return NULL;
        if (f == F_UNIFIED)
            return "-Xlog:gc,gc+cpu or -Xlog:gc*";
        return f == F_LEGACY ? "-XX:+PrintGCDetails" : "-Xlog:gc+cpu (JDK 9+) or -XX:+PrintGCDetails (JDK 8)";
    case GC_LACKS_SAFEPOINTS:
        if (f == F_UNIFIED)
            return "-Xlog:safepoint";
        return f == F_LEGACY ? "-XX:+PrintGCApplicationStoppedTime"
                             : "-Xlog:safepoint (JDK 9+) or -XX:+PrintGCApplicationStoppedTime (JDK 8)";
    }
    return NULL;
}

void gc_analysis_lack_text(const struct gc_analysis *a, unsigned lack, char *buf, size_t n)
{
    const char *opt = gc_analysis_lack_option(a, lack);
    if (opt)
        snprintf(buf, n, "not in log (add %s)", opt);
    else if (lack == GC_LACKS_HEAP)
        snprintf(buf, n, "not in log (no collection line in it gives heap sizes)");
    else if (format_of(a) == F_OPENJ9)
        snprintf(buf, n, "not in log (OpenJ9 verbose GC logs do not have it)");
    else
        snprintf(buf, n, "not in log (%s prints none)", gc_collector_name(a->collector));
}
