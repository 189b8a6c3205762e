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
    f.flags = GCF_SYSTEM_GC;
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
    CHECK_EQ_INT(a.max_minute_young, 10);
    CHECK_EQ_INT(a.young_interval_h.total, 9);
    CHECK_EQ_INT(hist_percentile(&a.young_interval_h, 50), 1000 * 1000000LL);
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

int main(void)
{
    RUN(pauses_throughput_over);
    RUN(restart_makes_new_segment);
    RUN(allocation_and_promotion);
    RUN(by_day_uses_log_local_time);
    T_DONE();
}
