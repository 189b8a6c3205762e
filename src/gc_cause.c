/*
 * gc_cause.c — the cause strings HotSpot prints (GCCause::to_string in
 * gc_interface/gcCause.cpp of JDK 6-8 and gc/shared/gcCause.cpp of JDK 9-25),
 * the names gclat's parsers give to Shenandoah "Trigger:" lines and OpenJ9
 * triggers, and the class of each (gc_cause.h). Matching is exact: a string
 * that is not here is GC_CAUSE_UNKNOWN, shown as such, never guessed.
 */
#include "gc_cause.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct cause_def {
    const char *s;
    enum gc_cause_class cls;
};

static const struct cause_def causes[] = {
    /* allocation: the heap or a generation is full, or about to be */
    {"Allocation Failure", GC_CAUSE_ALLOCATION},
    {"G1 Evacuation Pause", GC_CAUSE_ALLOCATION},          /* G1 young GC: eden full */
    {"G1 Compaction Pause", GC_CAUSE_ALLOCATION},          /* G1 full GC after an allocation failed */
    {"G1 Preventive Collection", GC_CAUSE_ALLOCATION},     /* JDK 17-20: early young GC to avoid evacuation failure */
    {"Tenured Generation Full", GC_CAUSE_ALLOCATION},
    {"CMS Generation Full", GC_CAUSE_ALLOCATION},          /* JDK 6-8 */
    {"CMS Initial Mark", GC_CAUSE_ALLOCATION},             /* JDK 8: pauses of a CMS background cycle, */
    {"CMS Final Remark", GC_CAUSE_ALLOCATION},             /* started by old-generation occupancy */
    {"CMS Concurrent Mark", GC_CAUSE_ALLOCATION},
    {"Old Generation Expanded On Last Scavenge", GC_CAUSE_ALLOCATION},
    {"Old Generation Too Full To Scavenge", GC_CAUSE_ALLOCATION},
    {"Ergonomics", GC_CAUSE_ALLOCATION},                   /* Parallel: old generation predicted too full */
    {"Allocation Rate", GC_CAUSE_ALLOCATION},              /* ZGC (and gclat's name for Shenandoah's trigger) */
    {"Allocation Stall", GC_CAUSE_ALLOCATION},             /* ZGC: threads are already waiting for memory */
    {"High Usage", GC_CAUSE_ALLOCATION},                   /* ZGC: heap almost full */
    {"Warmup", GC_CAUSE_ALLOCATION},                       /* ZGC: heap use crossed 10/20/30 % in the first cycles */
    {"Concurrent GC", GC_CAUSE_ALLOCATION},                /* Shenandoah: a heuristic started a cycle */
    {"Upgrade To Full GC", GC_CAUSE_ALLOCATION},           /* Shenandoah: a degenerated GC made no progress */
    /* Shenandoah "Trigger:" lines, as gc_unified.c names them */
    {"Learning", GC_CAUSE_ALLOCATION},                     /* "Learning N of 5. Free (..) is below initial threshold" */
    {"Free Threshold", GC_CAUSE_ALLOCATION},               /* "Free (..) is below minimum threshold" */
    {"Old Generation", GC_CAUSE_ALLOCATION},               /* generational: old generation grew */
    {"Resume preparing to mark old", GC_CAUSE_ALLOCATION}, /* generational: an old cycle resumes */
    /* Shenandoah degenerated GC: the point the cycle degenerated at; it was
       cancelled because an allocation failed */
    {"Outside of Cycle", GC_CAUSE_ALLOCATION},
    {"Roots", GC_CAUSE_ALLOCATION},
    {"Mark", GC_CAUSE_ALLOCATION},
    {"Evacuation", GC_CAUSE_ALLOCATION},
    {"Update Refs", GC_CAUSE_ALLOCATION},
    /* OpenJ9 (gc_openj9.c's name for a concurrent kick-off) */
    {"Concurrent Collection", GC_CAUSE_ALLOCATION},

    /* explicit: the application (or a library in it) called System.gc() */
    {"System.gc()", GC_CAUSE_EXPLICIT},
    {"System", GC_CAUSE_EXPLICIT},                         /* JDK 5/6 "Full GC (System)" */

    /* diagnostic: a tool or agent asked for it */
    {"Heap Inspection Initiated GC", GC_CAUSE_DIAGNOSTIC}, /* jmap -histo:live, jcmd GC.class_histogram */
    {"Heap Dump Initiated GC", GC_CAUSE_DIAGNOSTIC},       /* jmap -dump:live, jcmd GC.heap_dump */
    {"Diagnostic Command", GC_CAUSE_DIAGNOSTIC},           /* jcmd GC.run (JDK 9+) */
    {"JvmtiEnv ForceGarbageCollection", GC_CAUSE_DIAGNOSTIC}, /* a JVMTI agent (profiler) */
    {"Allocation Profiler", GC_CAUSE_DIAGNOSTIC},          /* JDK 6-8 -Xaprof */
    {"FullGCAlot", GC_CAUSE_DIAGNOSTIC},                   /* debug-build testing flags */
    {"ScavengeAlot", GC_CAUSE_DIAGNOSTIC},
    {"WhiteBox Initiated Young GC", GC_CAUSE_DIAGNOSTIC},  /* the JDK's own tests */
    {"WhiteBox Initiated Concurrent Mark", GC_CAUSE_DIAGNOSTIC},
    {"WhiteBox Initiated Full GC", GC_CAUSE_DIAGNOSTIC},
    {"WhiteBox Initiated Run to Breakpoint", GC_CAUSE_DIAGNOSTIC},

    /* metadata: class metadata reached its threshold */
    {"Metadata GC Threshold", GC_CAUSE_METADATA},
    {"Metadata GC Clear Soft References", GC_CAUSE_METADATA},
    {"Last ditch collection", GC_CAUSE_METADATA},          /* JDK 8: metaspace still full after a GC */
    {"Permanent Generation Full", GC_CAUSE_METADATA},      /* JDK 6/7 */

    {"GCLocker Initiated GC", GC_CAUSE_GCLOCKER},

    /* periodic */
    {"G1 Periodic Collection", GC_CAUSE_PERIODIC},         /* -XX:G1PeriodicGCInterval */
    {"Timer", GC_CAUSE_PERIODIC},                          /* ZGC -XX:ZCollectionInterval; Shenandoah guaranteed interval */
    {"Proactive", GC_CAUSE_PERIODIC},                      /* ZGC -XX:+ZProactive */

    {"G1 Humongous Allocation", GC_CAUSE_HUMONGOUS},

    {"Allocation Failure During Evacuation", GC_CAUSE_EVAC_FAILURE}, /* Shenandoah */

    /* other: known, but nothing to advise */
    {"Full GC for -Xshare:dump", GC_CAUSE_OTHER},
    {"No GC", GC_CAUSE_OTHER},
    {"Stopping VM", GC_CAUSE_OTHER},
    {"Update Allocation Context Stats", GC_CAUSE_OTHER},   /* Oracle JDK 8 */
    {"Change Max Heap", GC_CAUSE_OTHER},                   /* some vendors' JDK 17 */
    {"CodeCache GC Threshold", GC_CAUSE_OTHER},            /* JDK 21+ code cache unloading */
    {"CodeCache GC Aggressive", GC_CAUSE_OTHER},
    {"unknown GCCause", GC_CAUSE_UNKNOWN},                 /* what HotSpot prints for a value it lacks */
};

enum gc_cause_class gc_cause_classify(const char *cause)
{
    if (!cause)
        return GC_CAUSE_NONE;
    for (size_t i = 0; i < ARRAY_LEN(causes); i++)
        if (strcmp(cause, causes[i].s) == 0)
            return causes[i].cls;
    return GC_CAUSE_UNKNOWN;
}

const char *gc_cause_class_name(enum gc_cause_class c)
{
    static const char *const names[GC_CAUSE__COUNT] = {
        [GC_CAUSE_NONE] = "none",
        [GC_CAUSE_ALLOCATION] = "allocation",
        [GC_CAUSE_EXPLICIT] = "explicit",
        [GC_CAUSE_DIAGNOSTIC] = "diagnostic",
        [GC_CAUSE_METADATA] = "metadata",
        [GC_CAUSE_GCLOCKER] = "gclocker",
        [GC_CAUSE_PERIODIC] = "periodic",
        [GC_CAUSE_HUMONGOUS] = "humongous",
        [GC_CAUSE_EVAC_FAILURE] = "evacuation_failure",
        [GC_CAUSE_OTHER] = "other",
        [GC_CAUSE_UNKNOWN] = "unknown",
    };
    return (unsigned)c < GC_CAUSE__COUNT && names[c] ? names[c] : "unknown";
}

void gc_cause_table_init(struct gc_cause_table *t)
{
    memset(t, 0, sizeof *t);
}

void gc_cause_table_fini(struct gc_cause_table *t)
{
    free(t->rows);
    memset(t, 0, sizeof *t);
}

/* causes are static or interned: the same cause is usually the same pointer
   (and no two rows hold the same text, so the row that has the pointer is
   the one row of that text) */
static struct gc_cause_row *find(struct gc_cause_table *t, const char *name)
{
    for (size_t i = 0; i < t->n; i++)
        if (t->rows[i].cause == name) {
            name_hint_put(&t->hint, name, i);
            return &t->rows[i];
        }
    for (size_t i = 0; i < t->n; i++)
        if (strcmp(t->rows[i].cause, name) == 0) {
            name_hint_put(&t->hint, name, i);
            return &t->rows[i];
        }
    return NULL;
}

/* gc_cause_table_row past its hint: search, or a new row */
static __attribute__((noinline)) struct gc_cause_row *row_find(struct gc_cause_table *t, const char *cause,
                                                               const char *name)
{
    struct gc_cause_row *r = find(t, name);
    if (r)
        return r;
    enum gc_cause_class cls = gc_cause_classify(cause);
    if (t->n >= GC_CAUSE_MAX_ROWS) {
        name = "(other)";
        cls = GC_CAUSE_UNKNOWN;
        if ((r = find(t, name)) != NULL)
            return r;
    }
    xgrow((void **)&t->rows, &t->cap, t->n + 1, sizeof *t->rows);
    r = &t->rows[t->n++];
    memset(r, 0, sizeof *r);
    r->cause = name;
    r->cls = cls;
    return r;
}

struct gc_cause_row *gc_cause_table_row(struct gc_cause_table *t, const char *cause)
{
    const char *name = cause ? cause : "(none)";
    uint64_t key = name_hint_key(name);
    uint32_t k = t->hint.row1[name_hint_slot(key, 0)];
    if (k && t->rows[k - 1].cause == name)
        return &t->rows[k - 1];
    k = t->hint.row1[name_hint_slot(key, 1)];
    if (k && t->rows[k - 1].cause == name)
        return &t->rows[k - 1];
    return row_find(t, cause, name);
}

uint64_t gc_cause_table_collections(const struct gc_cause_table *t)
{
    uint64_t n = 0;
    for (size_t i = 0; i < t->n; i++)
        n += t->rows[i].collections;
    return n;
}
