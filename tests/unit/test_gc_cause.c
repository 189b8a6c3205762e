/* test_gc_cause.c — cause strings to classes, and the bounded cause table. */
#include "gc_cause.h"
#include "t.h"

#include <stdlib.h>

static void cause_classes(void)
{
    static const struct {
        const char *s;
        enum gc_cause_class c;
    } k[] = {
        {"Allocation Failure", GC_CAUSE_ALLOCATION},
        {"G1 Evacuation Pause", GC_CAUSE_ALLOCATION},
        {"Ergonomics", GC_CAUSE_ALLOCATION},
        {"Allocation Stall", GC_CAUSE_ALLOCATION},
        {"Warmup", GC_CAUSE_ALLOCATION},
        {"High Usage", GC_CAUSE_ALLOCATION},
        {"System.gc()", GC_CAUSE_EXPLICIT},
        {"System", GC_CAUSE_EXPLICIT},
        {"Heap Inspection Initiated GC", GC_CAUSE_DIAGNOSTIC},
        {"Heap Dump Initiated GC", GC_CAUSE_DIAGNOSTIC},
        {"Diagnostic Command", GC_CAUSE_DIAGNOSTIC},
        {"WhiteBox Initiated Young GC", GC_CAUSE_DIAGNOSTIC},
        {"WhiteBox Initiated Run to Breakpoint", GC_CAUSE_DIAGNOSTIC},
        {"JvmtiEnv ForceGarbageCollection", GC_CAUSE_DIAGNOSTIC},
        {"Metadata GC Threshold", GC_CAUSE_METADATA},
        {"Last ditch collection", GC_CAUSE_METADATA},
        {"GCLocker Initiated GC", GC_CAUSE_GCLOCKER},
        {"G1 Periodic Collection", GC_CAUSE_PERIODIC},
        {"Proactive", GC_CAUSE_PERIODIC},
        {"Timer", GC_CAUSE_PERIODIC},
        {"G1 Humongous Allocation", GC_CAUSE_HUMONGOUS},
        {"Allocation Failure During Evacuation", GC_CAUSE_EVAC_FAILURE},
        {"Full GC for -Xshare:dump", GC_CAUSE_OTHER},
        {"CodeCache GC Threshold", GC_CAUSE_OTHER},
        {"system.gc()", GC_CAUSE_UNKNOWN}, /* exact match: the JVM's spelling only */
        {"Heap Inspection", GC_CAUSE_UNKNOWN},
        {"", GC_CAUSE_UNKNOWN},
    };
    for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
        if (gc_cause_classify(k[i].s) != k[i].c)
            printf("#   class of \"%s\"\n", k[i].s);
        CHECK_EQ_INT(gc_cause_classify(k[i].s), k[i].c);
    }
    CHECK_EQ_INT(gc_cause_classify(NULL), GC_CAUSE_NONE);
    CHECK_STR(gc_cause_class_name(GC_CAUSE_DIAGNOSTIC), "diagnostic");
    CHECK_STR(gc_cause_class_name(GC_CAUSE_EVAC_FAILURE), "evacuation_failure");
}

/* Bounded: distinct causes beyond the cap share one "(other)" row. */
static void cause_table_bounded(void)
{
    struct gc_cause_table t;
    gc_cause_table_init(&t);
    static char names[GC_CAUSE_MAX_ROWS + 10][16];
    for (int i = 0; i < GC_CAUSE_MAX_ROWS + 10; i++) {
        snprintf(names[i], sizeof names[i], "c%d", i);
        gc_cause_table_row(&t, names[i])->collections++;
    }
    CHECK_EQ_INT(t.n, GC_CAUSE_MAX_ROWS + 1);
    CHECK_EQ_INT(gc_cause_table_collections(&t), GC_CAUSE_MAX_ROWS + 10);
    CHECK_STR(t.rows[GC_CAUSE_MAX_ROWS].cause, "(other)");
    CHECK_EQ_INT(t.rows[GC_CAUSE_MAX_ROWS].collections, 10);
    gc_cause_table_fini(&t);
}

/* Rows are found through a pointer hint (name_hint.h): more names than hint
   slots, in an order that keeps them colliding, and the same texts at other
   addresses, must still land each on its one row. */
static void cause_rows_through_hints(void)
{
    struct gc_cause_table t;
    gc_cause_table_init(&t);
    enum { N = 100 };
    static char names[N][24], copies[N][24];
    uint64_t want[N] = {0};
    for (int i = 0; i < N; i++) {
        snprintf(names[i], sizeof names[i], "cause %d", i);
        memcpy(copies[i], names[i], sizeof names[i]);
    }
    uint64_t x = 99;
    for (int k = 0; k < 20000; k++) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        int i = (int)((x >> 33) % N);
        const char *name = (x >> 20) & 1 ? names[i] : copies[i];
        struct gc_cause_row *r = gc_cause_table_row(&t, name);
        r->collections++;
        want[i]++;
        CHECK(strcmp(r->cause, names[i]) == 0);
    }
    CHECK_EQ_INT(t.n, N);
    for (size_t j = 0; j < t.n; j++) {
        int i = atoi(t.rows[j].cause + 6);
        CHECK_EQ_INT(t.rows[j].collections, want[i]);
    }
    gc_cause_table_fini(&t);
}

/* Two names whose first hint slots coincide (name_hint.h) both keep a
   slot: the second name takes its second slot, and putting them in again,
   in turn, pushes neither out. */
static void colliding_names_keep_their_slots(void)
{
    static char buf[4096];
    const char *a = buf, *b = NULL;
    uint64_t ka = name_hint_key(a);
    for (size_t i = 1; i < sizeof buf && !b; i++) {
        uint64_t k = name_hint_key(buf + i);
        if (name_hint_slot(k, 0) == name_hint_slot(ka, 0) && name_hint_slot(k, 1) != name_hint_slot(ka, 0))
            b = buf + i;
    }
    CHECK(b != NULL);
    struct name_hint h = {{0}};
    for (int round = 0; round < 3; round++) {
        name_hint_put(&h, a, 0);
        name_hint_put(&h, b, 1);
    }
    CHECK_EQ_INT(h.row1[name_hint_slot(ka, 0)], 1);
    CHECK_EQ_INT(h.row1[name_hint_slot(name_hint_key(b), 1)], 2);
}

int main(void)
{
    RUN(cause_classes);
    RUN(cause_table_bounded);
    RUN(cause_rows_through_hints);
    RUN(colliding_names_keep_their_slots);
    T_DONE();
}
