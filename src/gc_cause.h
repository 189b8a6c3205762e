/*
 * gc_cause.h — why a collection ran. A GC log names the cause of each
 * collection with one of HotSpot's GCCause strings ("Allocation Failure",
 * "System.gc()", "Heap Inspection Initiated GC", ...: gcCause.cpp of JDK 6 to
 * 25) or, for Shenandoah's "Trigger:" lines and OpenJ9, a name the parsers
 * give. Each string belongs to one class, and findings and advice follow the
 * class: an explicit System.gc() and a jmap -histo:live both log a full GC,
 * but only the first is stopped by -XX:+DisableExplicitGC.
 *
 * The cause table counts collections (a ZGC collection is one row count even
 * though it has three pauses) and, apart, the pauses that carry the cause and
 * their time. The table is bounded: beyond GC_CAUSE_MAX_ROWS distinct causes
 * the rest go to one "(other)" row. docs/findings.md lists every string.
 */
#ifndef GCLAT_GC_CAUSE_H
#define GCLAT_GC_CAUSE_H

#include <stddef.h>
#include <stdint.h>

#include "name_hint.h"

enum gc_cause_class {
    GC_CAUSE_NONE = 0,         /* the log names no cause */
    GC_CAUSE_ALLOCATION,       /* the heap or a generation filled, or the collector's heuristics saw it filling */
    GC_CAUSE_EXPLICIT,         /* System.gc() (also Runtime.gc(), MemoryMXBean.gc(), RMI's DGC; jcmd GC.run on JDK 8) */
    GC_CAUSE_DIAGNOSTIC,       /* a tool: jmap -histo:live, heap dumps, jcmd GC.run, JVMTI agents, WhiteBox */
    GC_CAUSE_METADATA,         /* Metaspace / PermGen threshold */
    GC_CAUSE_GCLOCKER,         /* a GC held back by a JNI critical section, run when it ended */
    GC_CAUSE_PERIODIC,         /* timer-driven: G1 periodic, ZGC Timer/Proactive, Shenandoah Timer */
    GC_CAUSE_HUMONGOUS,        /* G1 humongous allocation */
    GC_CAUSE_EVAC_FAILURE,     /* evacuation ran out of space (Shenandoah) */
    GC_CAUSE_OTHER,            /* a JVM cause that fits none of the above (CDS dump, code cache, VM exit) */
    GC_CAUSE_UNKNOWN,          /* a string not in the JVM's list */
    GC_CAUSE__COUNT
};

/* The class of a cause string as the log wrote it (NULL: GC_CAUSE_NONE). */
enum gc_cause_class gc_cause_classify(const char *cause);
/* Stable name used in JSON ("allocation", "explicit", "diagnostic", ...). */
const char *gc_cause_class_name(enum gc_cause_class c);

#define GC_CAUSE_MAX_ROWS 256

struct gc_cause_row {
    const char *cause;          /* static or interned; "(none)" when the log names none */
    enum gc_cause_class cls;
    uint64_t collections;       /* collections (GC cycles) started for this cause */
    uint64_t pauses;            /* stop-the-world pauses that carry this cause */
    int64_t pause_total_ns, pause_max_ns;
};

struct gc_cause_table {
    struct gc_cause_row *rows;
    size_t n, cap;
    struct name_hint hint; /* cause pointer -> row (name_hint.h) */
};

void gc_cause_table_init(struct gc_cause_table *t);
void gc_cause_table_fini(struct gc_cause_table *t);
/* The row of `cause` (NULL for none), created on first use. */
struct gc_cause_row *gc_cause_table_row(struct gc_cause_table *t, const char *cause);
/* Sum of collections over every row. */
uint64_t gc_cause_table_collections(const struct gc_cause_table *t);

#endif
