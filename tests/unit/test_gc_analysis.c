/* test_gc_analysis.c — the GC statistics on hand-made events with known answers. */
#include "gc_analysis.h"
#include "t.h"

static struct gc_event pause(int64_t t_ms, int64_t d_ms, enum gc_kind k, const char *name)
{
    struct gc_event e;
    gc_event_init(&e);
    e.type = GC_EV_PAUSE;
    e.kind = k;
    e.name = name;
    e.uptime_ns = t_ms * 1000000;
    e.duration_ns = d_ms * 1000000;
    e.file = "t.log";
    e.line = (uint64_t)t_ms;
    return e;
}

static void pauses_throughput_over(void)
{
    struct intern s;
    intern_init(&s);
    struct gc_thresholds th;
    gc_thresholds_default(&th);
    struct gc_analysis a;
    gc_analysis_init(&a, &th, GC_BY_NONE, &s);
    /* 10 young pauses of 10..100 ms, one every second, then a 1500 ms full GC */
    for (int i = 1; i <= 10; i++) {
        struct gc_event e = pause(i * 1000, i * 10, GC_KIND_YOUNG, "Pause Young (Normal)");
        gc_analysis_add(&a, &e);
    }
    struct gc_event f = pause(20000, 1500, GC_KIND_FULL, "Pause Full");
    f.cause = "System.gc()";
    gc_analysis_add(&a, &f);
    gc_analysis_finish(&a);
    CHECK_EQ_INT(a.pause_count, 11);
    CHECK_EQ_INT(a.pause_total_ns, (550 + 1500) * 1000000LL);
    CHECK_EQ_INT(a.pause_max_ns, 1500 * 1000000LL);
    /* span = first start (1 s) to end of last pause (21.5 s) */
    CHECK_EQ_INT(a.span_ns, 20500 * 1000000LL);
    CHECK_NEAR(gc_analysis_throughput_pct(&a), 100.0 * (1 - 2050.0 / 20500.0), 1e-9);
    /* over: > 1, 10, 100, 200, 300, 1000 ms (strictly greater) */
    CHECK_EQ_INT(a.over[0], 11);
    CHECK_EQ_INT(a.over[1], 10);
    CHECK_EQ_INT(a.over[2], 1);
    CHECK_EQ_INT(a.over[5], 1);
    CHECK_EQ_INT(hist_percentile(&a.pause_h, 50), 60 * 1000000LL);
    CHECK_EQ_INT(a.kind[GC_KIND_FULL].count, 1);
    CHECK_EQ_INT(a.full.count, 1);
    CHECK_EQ_INT(a.sysgc.count, 1);
    CHECK_EQ_INT(a.collections, 11);
    /* 10 young GCs in 1..10.01 s: the span (1 .. 21.5 s) holds no whole minute */
    double mean;
    uint64_t max;
    CHECK(!gc_analysis_young_per_min(&a, &mean, &max));
    CHECK_EQ_INT(a.freq.max_any, 10);
    CHECK_EQ_INT(a.young_interval_h.total, 9);
    CHECK_EQ_INT(hist_percentile(&a.young_interval_h, 50), 1000 * 1000000LL);
    gc_analysis_fini(&a);
    intern_fini(&s);
}

/* over[i] (pauses strictly longer than --over's i-th threshold) is summed
   at the end from bands between the sorted thresholds: thresholds out of
   order and repeated, pauses on them exactly, and runs of pauses in one
   band and scattered, against a count a pause, a threshold. */
static void over_counts_any_thresholds(void)
{
    struct intern s;
    intern_init(&s);
    struct gc_thresholds th;
    gc_thresholds_default(&th);
    static const int64_t over_ms[] = {300, 1, 100, 10, 100, 1000, 0, 7};
    th.n_over = (int)(sizeof over_ms / sizeof over_ms[0]);
    for (int i = 0; i < th.n_over; i++)
        th.over_ns[i] = over_ms[i] * 1000000;
    struct gc_analysis a;
    gc_analysis_init(&a, &th, GC_BY_NONE, &s);
    uint64_t want[GC_MAX_OVER] = {0};
    uint64_t x = 5;
    for (int k = 0; k < 5000; k++) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        int64_t d_ms = (int64_t)((x >> 33) % 1200);
        if (k % 7 == 0)
            d_ms = over_ms[(x >> 20) % (uint64_t)th.n_over]; /* on a threshold */
        if ((k / 100) % 2)
            d_ms = 150 + (k % 3); /* a run in one band */
        struct gc_event e = pause(1000 + k * 2000, d_ms, GC_KIND_YOUNG, "y");
        gc_analysis_add(&a, &e);
        for (int i = 0; i < th.n_over; i++)
            want[i] += d_ms * 1000000 > th.over_ns[i];
    }
    gc_analysis_finish(&a);
    for (int i = 0; i < th.n_over; i++)
        CHECK_EQ_INT(a.over[i], want[i]);
    gc_analysis_fini(&a);
    intern_fini(&s);
}

static void restart_makes_new_segment(void)
{
    struct intern s;
    intern_init(&s);
    struct gc_thresholds th;
    gc_thresholds_default(&th);
    struct gc_analysis a;
    gc_analysis_init(&a, &th, GC_BY_NONE, &s);
    struct gc_event e1 = pause(100000, 10, GC_KIND_YOUNG, "y");
    struct gc_event e2 = pause(200000, 10, GC_KIND_YOUNG, "y");
    struct gc_event e3 = pause(5000, 10, GC_KIND_YOUNG, "y"); /* JVM restarted */
    struct gc_event e4 = pause(65000, 10, GC_KIND_YOUNG, "y");
    gc_analysis_add(&a, &e1);
    gc_analysis_add(&a, &e2);
    gc_analysis_add(&a, &e3);
    gc_analysis_add(&a, &e4);
    gc_analysis_finish(&a);
    CHECK_EQ_INT(a.segments, 2);
    CHECK_EQ_INT(a.span_ns, (100010 + 60010) * 1000000LL);
    gc_analysis_fini(&a);
    intern_fini(&s);
}

/* Events with both clocks, the usual case (time_add's steady path): the
   JVM start (wall minus uptime) may move by up to 60 s and it is the same
   run; 1 ms more is a new JVM. Time may go back by up to 10 ms before the
   floor (a pause's start) without counting; 1 ms more counts. */
static void both_clocks_tolerances(void)
{
    struct intern s;
    intern_init(&s);
    struct gc_thresholds th;
    gc_thresholds_default(&th);
    struct gc_analysis a;
    gc_analysis_init(&a, &th, GC_BY_NONE, &s);
    const int64_t W = INT64_C(1700000000000); /* the JVM's start, epoch ms */
    struct { int64_t up_ms, start_moved_ms; } ev[] = {
        {100000, 0},
        {110000, 59999},
        {120000, 60000},  /* the tolerance itself: still this JVM */
        {119980, 60000},  /* ends 119.990 s: 10 ms before the floor (120 s) */
        {119979, 60000},  /* ends 119.989 s: back */
        {119978, 60000},  /* back again: the same jump */
        {130000, 60000},
        {200000, 120001}, /* 60.001 s after the run's JVM start: a new JVM */
        {210000, 120001},
    };
    for (size_t i = 0; i < sizeof ev / sizeof ev[0]; i++) {
        struct gc_event e = pause(ev[i].up_ms, 10, GC_KIND_YOUNG, "y");
        e.wall_ms = W + ev[i].start_moved_ms + ev[i].up_ms;
        gc_analysis_add(&a, &e);
        if (i == 2)
            CHECK_EQ_INT(a.wall_minus_uptime_ms, W + 60000);
    }
    gc_analysis_finish(&a);
    CHECK_EQ_INT(a.segments, 2);
    CHECK_EQ_INT(a.time_back_events, 2);
    CHECK_EQ_INT(a.time_back.count, 1);
    CHECK_EQ_INT(a.time_back.worst_ns, 12000000); /* the floor (120 s) minus the end (119.988 s) */
    CHECK_EQ_INT(a.nruns, 2);
    CHECK(strcmp(a.runs[1].began, "JVM start time changes") == 0);
    CHECK_EQ_INT(a.runs[0].events, 7);
    CHECK_EQ_INT(a.runs[0].start_ns, 100000 * 1000000LL);
    CHECK_EQ_INT(a.runs[0].end_ns, 130010 * 1000000LL);
    CHECK_EQ_INT(a.span_ns, (30010 + 10010) * 1000000LL);
    gc_analysis_fini(&a);
    intern_fini(&s);
}

static void allocation_and_promotion(void)
{
    struct intern s;
    intern_init(&s);
    struct gc_thresholds th;
    gc_thresholds_default(&th);
    struct gc_analysis a;
    gc_analysis_init(&a, &th, GC_BY_NONE, &s);
    /* heap 100 MB -> 20 MB at t=1s, 120 -> 30 at t=2s: 100 MB allocated in 1 s */
    struct gc_event e1 = pause(1000, 5, GC_KIND_YOUNG, "y");
    e1.heap_before_kb = 100 * 1024;
    e1.heap_after_kb = 20 * 1024;
    struct gc_event e2 = pause(2000, 5, GC_KIND_YOUNG, "y");
    e2.heap_before_kb = 120 * 1024;
    e2.heap_after_kb = 30 * 1024;
    /* young 100 -> 0 MB while the heap only dropped 90 MB: 10 MB promoted */
    e2.young_before_kb = 100 * 1024;
    e2.young_after_kb = 0;
    gc_analysis_add(&a, &e1);
    gc_analysis_add(&a, &e2);
    gc_analysis_finish(&a);
    CHECK_EQ_INT(a.alloc_kb, 100 * 1024);
    CHECK_EQ_INT(a.promoted_kb, 10 * 1024);
    gc_analysis_fini(&a);
    intern_fini(&s);
}

static void by_day_uses_log_local_time(void)
{
    struct intern s;
    intern_init(&s);
    struct gc_thresholds th;
    gc_thresholds_default(&th);
    struct gc_analysis a;
    gc_analysis_init(&a, &th, GC_BY_DAY, &s);
    /* 2023-04-12T23:30:00+08:00 and 2023-04-13T00:30:00+08:00 are different local days */
    struct gc_event e1 = pause(0, 150, GC_KIND_YOUNG, "y");
    e1.uptime_ns = -1;
    e1.wall_ms = 1681313400000LL; /* 2023-04-12T15:30:00Z */
    e1.tz_offset_min = 480;
    struct gc_event e2 = e1;
    e2.wall_ms += 3600000;
    e2.duration_ns = 250 * 1000000LL;
    gc_analysis_add(&a, &e1);
    gc_analysis_add(&a, &e2);
    gc_analysis_finish(&a);
    CHECK_EQ_INT(a.nbuckets, 2);
    if (a.nbuckets == 2) {
        CHECK_EQ_INT(a.buckets[0].over[2], 1); /* > 100 ms */
        CHECK_EQ_INT(a.buckets[1].over[3], 1); /* > 200 ms */
        CHECK_EQ_INT(a.buckets[0].over[3], 0);
    }
    gc_analysis_fini(&a);
    intern_fini(&s);
}

static struct gc_event cycle(int64_t t_ms, const char *cause)
{
    struct gc_event e;
    gc_event_init(&e);
    e.type = GC_EV_CYCLE;
    e.kind = GC_KIND_CONCURRENT;
    e.name = "Garbage Collection";
    e.cause = cause;
    e.uptime_ns = t_ms * 1000000;
    e.file = "z.log";
    e.line = (uint64_t)t_ms;
    return e;
}

/* A ZGC collection is one cycle line and three pauses with its cause: the
   cause counts one collection (it counted four before) and keeps the pause
   time of all three. */
static void zgc_cause_counts_collections(void)
{
    struct intern s;
    intern_init(&s);
    struct gc_thresholds th;
    gc_thresholds_default(&th);
    struct gc_analysis a;
    gc_analysis_init(&a, &th, GC_BY_NONE, &s);
    a.collector = GC_COLL_ZGC;
    for (int c = 0; c < 5; c++) {
        const char *cause = c < 3 ? "Allocation Stall" : "Warmup";
        for (int k = 0; k < 3; k++) {
            struct gc_event p = pause(c * 1000 + k * 10, 1, GC_KIND_ZGC_PHASE, "Pause Mark Start");
            p.cause = cause;
            gc_analysis_add(&a, &p);
        }
        struct gc_event y = cycle(c * 1000 + 50, cause);
        gc_analysis_add(&a, &y);
    }
    gc_analysis_finish(&a);
    CHECK_EQ_INT(gc_analysis_collections(&a), 5);
    CHECK_EQ_INT(gc_cause_table_collections(&a.causes), 5);
    CHECK_EQ_INT(a.causes.n, 2);
    for (size_t i = 0; i < a.causes.n; i++) {
        const struct gc_cause_row *r = &a.causes.rows[i];
        bool stall = strcmp(r->cause, "Allocation Stall") == 0;
        CHECK_EQ_INT(r->collections, stall ? 3 : 2);
        CHECK_EQ_INT(r->pauses, stall ? 9 : 6);
        CHECK_EQ_INT(r->pause_total_ns, (stall ? 9 : 6) * 1000000LL);
        CHECK_EQ_INT(r->cls, GC_CAUSE_ALLOCATION);
    }
    CHECK_EQ_INT(a.alloc_stall_cycles.count, 3);
    CHECK_EQ_INT(gc_analysis_lacks(&a) & GC_LACKS_PAUSES, 0);
    gc_analysis_fini(&a);
    intern_fini(&s);
}

/* Causes sum to collections for STW collectors: a G1 remark carries no
   cause and is no collection; a CMS initial mark has a cause but collects
   nothing. */
static void stw_causes_sum_to_collections(void)
{
    struct intern s;
    intern_init(&s);
    struct gc_thresholds th;
    gc_thresholds_default(&th);
    struct gc_analysis a;
    gc_analysis_init(&a, &th, GC_BY_NONE, &s);
    a.collector = GC_COLL_CMS;
    struct gc_event y = pause(1000, 5, GC_KIND_YOUNG, "ParNew");
    y.cause = "Allocation Failure";
    struct gc_event im = pause(2000, 1, GC_KIND_INITIAL_MARK, "CMS-initial-mark");
    im.cause = "CMS Initial Mark";
    struct gc_event rm = pause(3000, 2, GC_KIND_REMARK, "CMS-remark");
    rm.cause = "CMS Final Remark";
    struct gc_event f = pause(4000, 50, GC_KIND_FULL, "Full GC");
    f.cause = "Heap Inspection Initiated GC";
    struct gc_event g = pause(5000, 60, GC_KIND_FULL, "Full GC");
    g.cause = "Metadata GC Threshold";
    struct gc_event h = pause(6000, 70, GC_KIND_FULL, "Full GC");
    h.cause = "System.gc()";
    struct gc_event n = pause(7000, 3, GC_KIND_YOUNG, "GC");
    gc_analysis_add(&a, &y);
    gc_analysis_add(&a, &im);
    gc_analysis_add(&a, &rm);
    gc_analysis_add(&a, &f);
    gc_analysis_add(&a, &g);
    gc_analysis_add(&a, &h);
    gc_analysis_add(&a, &n);
    gc_analysis_finish(&a);
    CHECK_EQ_INT(gc_analysis_collections(&a), 5);
    CHECK_EQ_INT(gc_cause_table_collections(&a.causes), 5);
    uint64_t pauses = 0;
    for (size_t i = 0; i < a.causes.n; i++)
        pauses += a.causes.rows[i].pauses;
    CHECK_EQ_INT(pauses, a.pause_count);
    /* Heap Inspection is a diagnostic, not an explicit System.gc() */
    CHECK_EQ_INT(a.sysgc.count, 1);
    CHECK_EQ_INT(a.sysgc.first_line, 6000);
    CHECK_EQ_INT(a.diag_gc.count, 1);
    CHECK_EQ_INT(a.diag_gc.first_line, 4000);
    CHECK_EQ_INT(a.metaspace.count, 1);
    const struct gc_cause_row *none = gc_cause_table_row(&a.causes, NULL);
    CHECK_EQ_INT(none->cls, GC_CAUSE_NONE);
    CHECK_EQ_INT(none->collections, 1);
    gc_analysis_fini(&a);
    intern_fini(&s);
}

/*
 * Young GCs per minute over whole calendar minutes: a run from 30 s to
 * 210.5 s holds the minutes [60,120) and [120,180). 50 young GCs in the
 * partial first minute, 20 in [60,120), 40 in [120,180), 90 in the partial
 * last: mean 30, max 40 (the partial minutes count in neither).
 */
static void young_per_whole_minute(void)
{
    struct intern s;
    intern_init(&s);
    struct gc_thresholds th;
    gc_thresholds_default(&th);
    struct gc_analysis a;
    gc_analysis_init(&a, &th, GC_BY_NONE, &s);
    a.collector = GC_COLL_G1;
    struct { int64_t from_ms, step_ms; int n; } runs[] = {
        {30000, 500, 50}, {60000, 3000, 20}, {120000, 1500, 40}, {180000, 300, 90}};
    for (size_t r = 0; r < 4; r++)
        for (int i = 0; i < runs[r].n; i++) {
            struct gc_event e = pause(runs[r].from_ms + i * runs[r].step_ms, 1, GC_KIND_YOUNG, "y");
            gc_analysis_add(&a, &e);
        }
    struct gc_event last = pause(210000, 500, GC_KIND_FULL, "f");
    gc_analysis_add(&a, &last);
    gc_analysis_finish(&a);
    double mean = -1;
    uint64_t max = 0;
    CHECK(gc_analysis_young_per_min(&a, &mean, &max));
    CHECK_EQ_INT(a.freq.full_minutes, 2);
    CHECK_NEAR(mean, 30.0, 1e-9);
    CHECK_EQ_INT(max, 40);
    CHECK(mean <= (double)max);
    CHECK_EQ_INT(a.freq.max_any, 90);
    gc_analysis_fini(&a);
    intern_fini(&s);
}

/* A 30 s log with 135 young GCs: no whole minute, so no per-minute mean or
   max (before: "mean 270 > max 135"); the finding quotes the 135 seen in the
   30 s. */
static void short_log_frequency(void)
{
    struct intern s;
    intern_init(&s);
    struct gc_thresholds th;
    gc_thresholds_default(&th);
    struct gc_analysis a;
    gc_analysis_init(&a, &th, GC_BY_NONE, &s);
    a.collector = GC_COLL_G1;
    for (int i = 0; i < 135; i++) {
        struct gc_event e = pause(100000 + i * 222, 1, GC_KIND_YOUNG, "y");
        gc_analysis_add(&a, &e);
    }
    gc_analysis_finish(&a);
    double mean;
    uint64_t max;
    CHECK(!gc_analysis_young_per_min(&a, &mean, &max));
    struct report_node *root = rn_root();
    gc_findings_report(&a, root);
    const struct report_node *fs = rn_get(root, "findings");
    const struct report_node *freq = NULL;
    for (const struct report_node *f = fs ? fs->first : NULL; f; f = f->next) {
        const struct report_node *id = rn_get(f, "id");
        if (id && strcmp(id->s, "frequent_young_gc") == 0)
            freq = f;
    }
    CHECK(freq != NULL);
    if (freq) {
        CHECK_EQ_INT(rn_value(rn_get(freq, "max_per_min")), 135);
        CHECK(strstr(rn_get(freq, "summary")->s, "135 young collections in 29.7 s") != NULL);
    }
    rn_free(root);
    gc_analysis_fini(&a);
    intern_fini(&s);
}

/* ZGC at -Xlog:gc: collections, no pause line. Pauses unknown, not 0, and
   throughput unknown, not 100 %. */
static void lacks_pauses(void)
{
    struct intern s;
    intern_init(&s);
    struct gc_thresholds th;
    gc_thresholds_default(&th);
    struct gc_analysis a;
    gc_analysis_init(&a, &th, GC_BY_NONE, &s);
    a.collector = GC_COLL_ZGC;
    a.format = "unified";
    for (int c = 0; c < 4; c++) {
        struct gc_event y = cycle(c * 1000, "Allocation Rate");
        y.duration_ns = 30 * 1000000LL;
        y.heap_after_kb = 1024;
        gc_analysis_add(&a, &y);
    }
    gc_analysis_finish(&a);
    unsigned l = gc_analysis_lacks(&a);
    CHECK(l & GC_LACKS_PAUSES);
    CHECK(l & GC_LACKS_SAFEPOINTS);
    CHECK(!(l & GC_LACKS_HEAP));
    CHECK(!(l & GC_LACKS_CPU)); /* no pauses: nothing to time */
    CHECK(isnan(gc_analysis_throughput_pct(&a)));
    CHECK_STR(gc_analysis_lack_option(&a, GC_LACKS_PAUSES), "-Xlog:gc,gc+phases or -Xlog:gc*");
    CHECK_STR(gc_analysis_lack_option(&a, GC_LACKS_SAFEPOINTS), "-Xlog:safepoint");
    CHECK(gc_analysis_lack_option(&a, GC_LACKS_CPU) == NULL); /* ZGC prints none */
    a.format = "jdk8-legacy";
    a.collector = GC_COLL_CMS;
    CHECK_STR(gc_analysis_lack_option(&a, GC_LACKS_SAFEPOINTS), "-XX:+PrintGCApplicationStoppedTime");
    CHECK_STR(gc_analysis_lack_option(&a, GC_LACKS_CPU), "-XX:+PrintGCDetails");
    gc_analysis_fini(&a);
    intern_fini(&s);
}

/* --over applies to allocation stalls too, apart from pauses, and per --by bucket. */
static void stalls_over_and_by(void)
{
    struct intern s;
    intern_init(&s);
    struct gc_thresholds th;
    gc_thresholds_default(&th);
    struct gc_analysis a;
    gc_analysis_init(&a, &th, GC_BY_HOUR, &s);
    static const int64_t d_ms[] = {5, 50, 150, 250, 2000};
    for (size_t i = 0; i < 5; i++) {
        struct gc_event e;
        gc_event_init(&e);
        e.type = GC_EV_STALL;
        e.name = "Allocation Stall";
        e.thread = "t";
        e.uptime_ns = (int64_t)i * 1800 * 1000000000LL; /* 0, 0.5, 1, 1.5, 2 h */
        e.duration_ns = d_ms[i] * 1000000LL;
        gc_analysis_add(&a, &e);
    }
    gc_analysis_finish(&a);
    CHECK_EQ_INT(a.stall_count, 5);
    CHECK_EQ_INT(a.pause_count, 0);
    CHECK_EQ_INT(a.stall_over[1], 4); /* > 10 ms */
    CHECK_EQ_INT(a.stall_over[2], 3); /* > 100 ms */
    CHECK_EQ_INT(a.stall_over[5], 1); /* > 1000 ms */
    CHECK_EQ_INT(a.over[1], 0);       /* stalls are not pauses */
    CHECK_EQ_INT(a.nbuckets, 3);
    if (a.nbuckets == 3) {
        CHECK_EQ_INT(a.buckets[0].stalls, 2);
        CHECK_EQ_INT(a.buckets[0].stall_total_ns, 55 * 1000000LL);
        CHECK_EQ_INT(a.buckets[1].stall_over[3], 1); /* 250 ms > 200 ms */
        CHECK_EQ_INT(a.buckets[2].stall_max_ns, 2000 * 1000000LL);
        CHECK_EQ_INT(a.buckets[2].pauses, 0);
    }
    gc_analysis_fini(&a);
    intern_fini(&s);
}

/* The young pauses' histogram is the same, bit for bit, whether it mirrors
   its name's histogram or keeps its own: checked against a histogram fed
   the young durations directly, when the names and the young pauses stay
   together and when they part (a young pause of another name, a pause of
   the young name that is not young, a name that had other pauses first). */
static void young_histogram_follows_names(void)
{
    /* part_at: where the scenario's odd pause comes (-1: never) */
    struct {
        const char *odd_name;
        enum gc_kind odd_kind;
        int part_at;
        bool mirrored_at_end;
    } sc[] = {
        {"CMS Initial Mark", GC_KIND_INITIAL_MARK, 700, true}, /* another name, not young: no effect */
        {"ParNew", GC_KIND_FULL, 1200, false},                 /* the young name, not young */
        {"DefNew", GC_KIND_YOUNG, 900, false},                 /* young, another name */
        {"ParNew", GC_KIND_REMARK, 0, false},                  /* the name had a pause before any young one */
    };
    for (size_t c = 0; c < sizeof sc / sizeof sc[0]; c++) {
        struct intern s;
        intern_init(&s);
        struct gc_thresholds th;
        gc_thresholds_default(&th);
        struct gc_analysis a;
        gc_analysis_init(&a, &th, GC_BY_NONE, &s);
        a.collector = GC_COLL_CMS;
        struct hist ref;
        hist_init(&ref, 3);
        uint64_t x = 12345;
        for (int i = 0; i < 3000; i++) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            int64_t d_ns = (int64_t)(x >> 40) % 400000000 + 1000; /* up to 0.4 s, ns resolution */
            bool odd = i == sc[c].part_at || (sc[c].part_at > 0 && i > sc[c].part_at && i % 97 == 0);
            struct gc_event e = pause(1000 + (int64_t)i * 1000, 0, odd ? sc[c].odd_kind : GC_KIND_YOUNG,
                                      odd ? sc[c].odd_name : "ParNew");
            e.duration_ns = d_ns;
            gc_analysis_add(&a, &e);
            if (e.kind == GC_KIND_YOUNG)
                hist_record(&ref, d_ns);
        }
        gc_analysis_finish(&a);
        const struct hist *y = gc_analysis_young_h(&a);
        CHECK(y->total == ref.total && y->total > 2500);
        CHECK((a.young_mirror != NULL) == sc[c].mirrored_at_end);
        CHECK(hist_variance(y) == hist_variance(&ref));
        CHECK(hist_mean(y) == hist_mean(&ref));
        CHECK(y->min == ref.min && y->max == ref.max);
        double ps[] = {50, 90, 99, 99.9};
        for (int i = 0; i < 4; i++)
            CHECK_EQ_INT(hist_percentile(y, ps[i]), hist_percentile(&ref, ps[i]));
        hist_fini(&ref);
        gc_analysis_fini(&a);
        intern_fini(&s);
    }
}

int main(void)
{
    RUN(pauses_throughput_over);
    RUN(over_counts_any_thresholds);
    RUN(restart_makes_new_segment);
    RUN(both_clocks_tolerances);
    RUN(allocation_and_promotion);
    RUN(by_day_uses_log_local_time);
    RUN(zgc_cause_counts_collections);
    RUN(stw_causes_sum_to_collections);
    RUN(young_per_whole_minute);
    RUN(short_log_frequency);
    RUN(lacks_pauses);
    RUN(stalls_over_and_by);
    RUN(young_histogram_follows_names);
    T_DONE();
}
