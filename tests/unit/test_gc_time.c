/* test_gc_time.c — the time model (docs/metrics.md "Time model"): JVM runs,
   span, throughput over runs, time going backwards; hand-made events with
   known answers. */
#include "gc_analysis.h"
#include "t.h"

#define MS 1000000LL

static struct gc_event ev(enum gc_ev_type type, int64_t t_ms, int64_t d_ms, uint64_t line)
{
    struct gc_event e;
    gc_event_init(&e);
    e.type = type;
    e.kind = type == GC_EV_PAUSE ? GC_KIND_YOUNG : GC_KIND_CONCURRENT;
    e.name = type == GC_EV_PAUSE ? "Pause Young" : "Concurrent Mark";
    e.uptime_ns = t_ms * MS;
    e.duration_ns = d_ms * MS;
    e.file = "t.log";
    e.line = line;
    return e;
}

struct fx {
    struct intern s;
    struct gc_analysis a;
};

static void fx_init(struct fx *f)
{
    intern_init(&f->s);
    struct gc_thresholds th;
    gc_thresholds_default(&th);
    gc_analysis_init(&f->a, &th, GC_BY_NONE, &f->s);
}

static void fx_fini(struct fx *f)
{
    gc_analysis_fini(&f->a);
    intern_fini(&f->s);
}

static void add(struct fx *f, struct gc_event e)
{
    gc_analysis_add(&f->a, &e);
}

/* G1 logs "Concurrent Mark Cycle 5000ms" when the cycle ends, after the young
   pauses inside it: its start lies 5 s before events already seen. One run. */
static void concurrent_phase_logged_at_end(void)
{
    struct fx f;
    fx_init(&f);
    add(&f, ev(GC_EV_PAUSE, 1000, 10, 1));
    add(&f, ev(GC_EV_PAUSE, 3000, 10, 2));
    add(&f, ev(GC_EV_PAUSE, 5000, 10, 3));
    add(&f, ev(GC_EV_CONCURRENT, 1100, 5000, 4)); /* 1.1 s .. 6.1 s */
    add(&f, ev(GC_EV_PAUSE, 7000, 10, 5));
    gc_analysis_finish(&f.a);
    CHECK_EQ_INT(f.a.segments, 1);
    CHECK_EQ_INT(f.a.time_back.count, 0);
    CHECK_EQ_INT(f.a.span_ns, (7010 - 1000) * MS);
    CHECK_NEAR(gc_analysis_throughput_pct(&f.a), 100.0 * (1 - 40.0 / 6010.0), 1e-9);
    fx_fini(&f);
}

/* A line stamped just before a pause and written after it is not going back;
   one that ended before the last event even began is. */
static void backwards_counted_not_split(void)
{
    struct fx f;
    fx_init(&f);
    add(&f, ev(GC_EV_PAUSE, 10000, 500, 1));     /* 10.0 .. 10.5 */
    add(&f, ev(GC_EV_CONCURRENT, 9990, 5, 2));   /* ended 9.995: within tolerance of the pause's start */
    add(&f, ev(GC_EV_PAUSE, 11000, 10, 3));
    add(&f, ev(GC_EV_PAUSE, 8000, 10, 4));       /* 3 s back, uptime not near 0 */
    add(&f, ev(GC_EV_PAUSE, 8500, 10, 5));       /* still in the past: the same jump */
    add(&f, ev(GC_EV_PAUSE, 12000, 10, 6));
    add(&f, ev(GC_EV_PAUSE, 8900, 10, 7));       /* a second jump, further back */
    gc_analysis_finish(&f.a);
    CHECK_EQ_INT(f.a.segments, 1);
    CHECK_EQ_INT(f.a.time_back.count, 2);
    CHECK_EQ_INT(f.a.time_back_events, 3);
    CHECK_EQ_INT(f.a.time_back.first_line, 4);
    CHECK_EQ_INT(f.a.time_back.worst_line, 7);
    CHECK_EQ_INT(f.a.time_back.worst_ns, (12000 - 8910) * MS);
    /* the span is the run's extent, never shorter for the disorder */
    CHECK_EQ_INT(f.a.span_ns, (12010 - 8000) * MS);
    fx_fini(&f);
}

/* JDK 8 repeats the JVM banner at the top of every rotated file: a banner
   followed by time going on is the same run; followed by time restarting, a
   new one. */
static void header_needs_time_to_restart(void)
{
    struct fx f;
    fx_init(&f);
    gc_analysis_evidence(&f.a, GC_EVID_FILE, "jdk8-legacy");
    add(&f, ev(GC_EV_PAUSE, 100000, 100, 1));
    add(&f, ev(GC_EV_PAUSE, 200000, 100, 2));
    gc_analysis_evidence(&f.a, GC_EVID_HEADER, "jdk8-legacy");
    add(&f, ev(GC_EV_PAUSE, 300000, 100, 3)); /* rotation: same run */
    CHECK_EQ_INT(f.a.segments, 1);
    gc_analysis_evidence(&f.a, GC_EVID_HEADER, "jdk8-legacy");
    add(&f, ev(GC_EV_PAUSE, 150000, 100, 4)); /* after a banner, time restarts: not near 0, still a new run */
    add(&f, ev(GC_EV_PAUSE, 160000, 100, 5));
    gc_analysis_finish(&f.a);
    CHECK_EQ_INT(f.a.segments, 2);
    CHECK_EQ_INT(f.a.nruns, 2);
    CHECK_EQ_INT(f.a.time_back.count, 0);
    CHECK_EQ_INT(f.a.span_ns, (300100 - 100000 + 160100 - 150000) * MS);
    if (f.a.nruns == 2) {
        CHECK_EQ_INT(f.a.runs[0].pauses, 3);
        CHECK_EQ_INT(f.a.runs[1].pauses, 2);
        CHECK_EQ_INT(f.a.runs[1].line, 4);
        CHECK(strcmp(f.a.runs[1].began, "JVM header, time restarts") == 0);
        CHECK(strcmp(f.a.runs[1].format, "jdk8-legacy") == 0);
    }
    fx_fini(&f);
}

/* Without any evidence, uptime back near 0 is a restart; further back but
   not near 0 is time going backwards. */
static void uptime_near_zero_restarts(void)
{
    struct fx f;
    fx_init(&f);
    add(&f, ev(GC_EV_PAUSE, 100000, 10, 1));
    add(&f, ev(GC_EV_PAUSE, 200000, 10, 2));
    add(&f, ev(GC_EV_PAUSE, 5000, 10, 3));
    add(&f, ev(GC_EV_PAUSE, 65000, 10, 4));
    gc_analysis_finish(&f.a);
    CHECK_EQ_INT(f.a.segments, 2);
    CHECK_EQ_INT(f.a.time_back.count, 0);
    CHECK_EQ_INT(f.a.span_ns, (100010 + 60010) * MS);
    fx_fini(&f);

    /* a GC id far from 0 is the same JVM's numbering going on */
    fx_init(&f);
    struct gc_event e = ev(GC_EV_PAUSE, 1000, 10, 1);
    e.gc_id = 100;
    add(&f, e);
    e = ev(GC_EV_PAUSE, 1300, 10, 2);
    e.gc_id = 140;
    add(&f, e);
    e = ev(GC_EV_PAUSE, 400, 10, 3);
    e.gc_id = 60;
    add(&f, e);
    gc_analysis_finish(&f.a);
    CHECK_EQ_INT(f.a.segments, 1);
    CHECK_EQ_INT(f.a.time_back.count, 1);
    fx_fini(&f);
}

/* A format change is another JVM, whatever the times say; so is a line only
   a starting JVM prints. */
static void format_and_jvm_start_split(void)
{
    struct fx f;
    fx_init(&f);
    gc_analysis_evidence(&f.a, GC_EVID_FILE, "unified");
    add(&f, ev(GC_EV_PAUSE, 1000, 10, 1));
    add(&f, ev(GC_EV_PAUSE, 2000, 10, 2));
    gc_analysis_evidence(&f.a, GC_EVID_FORMAT, "jdk8-legacy");
    add(&f, ev(GC_EV_PAUSE, 3000, 20, 3)); /* later in uptime: still another JVM */
    gc_analysis_evidence(&f.a, GC_EVID_JVM_START, "jdk8-legacy");
    add(&f, ev(GC_EV_PAUSE, 4000, 30, 4));
    gc_analysis_finish(&f.a);
    CHECK_EQ_INT(f.a.segments, 3);
    CHECK_EQ_INT(f.a.nruns, 3);
    if (f.a.nruns == 3) {
        CHECK(strcmp(f.a.runs[0].format, "unified") == 0);
        CHECK(strcmp(f.a.runs[1].format, "jdk8-legacy") == 0);
        CHECK(strcmp(f.a.runs[1].began, "log format changes") == 0);
        CHECK(strcmp(f.a.runs[2].began, "JVM start line") == 0);
        CHECK_EQ_INT(f.a.runs[0].pause_total_ns, 20 * MS);
        CHECK_EQ_INT(f.a.runs[1].pause_total_ns, 20 * MS);
    }
    /* spans: 1.0..2.01, 3.0..3.02, 4.0..4.03 */
    CHECK_EQ_INT(f.a.span_ns, (1010 + 20 + 30) * MS);
    CHECK_NEAR(gc_analysis_throughput_pct(&f.a), 100.0 * (1 - 70.0 / 1060.0), 1e-9);
    fx_fini(&f);
}

/* Events with both clocks: wall minus uptime is the JVM's start. A later
   start is another JVM even with uptime going on; an earlier start with
   uptime going on is the wall clock set back (same JVM); an unchanged start
   vetoes the "uptime near 0" guess. */
static void jvm_start_time(void)
{
    const int64_t t0 = 1700000000000LL; /* epoch ms */
    struct fx f;
    fx_init(&f);
    struct gc_event e = ev(GC_EV_PAUSE, 200, 10, 1);
    e.wall_ms = t0 + 200;
    add(&f, e);
    e = ev(GC_EV_PAUSE, 1500, 10, 2);
    e.wall_ms = t0 + 1500;
    add(&f, e);
    e = ev(GC_EV_PAUSE, 1700, 10, 3); /* uptime goes on, but this JVM started 330 s later */
    e.wall_ms = t0 + 330000 + 1700;
    add(&f, e);
    e = ev(GC_EV_PAUSE, 80000, 10, 4); /* wall clock set back 140 s, uptime goes on */
    e.wall_ms = t0 + 330000 + 80000 - 140000;
    add(&f, e);
    e = ev(GC_EV_PAUSE, 90000, 10, 5);
    e.wall_ms = t0 + 330000 + 90000 - 140000;
    add(&f, e);
    gc_analysis_finish(&f.a);
    CHECK_EQ_INT(f.a.segments, 2);
    if (f.a.nruns == 2) {
        CHECK(strcmp(f.a.runs[1].began, "JVM start time changes") == 0);
        CHECK_EQ_INT(f.a.runs[1].pauses, 3);
    }
    CHECK_EQ_INT(f.a.span_ns, (1510 - 200 + 90010 - 1700) * MS);
    fx_fini(&f);

    /* the same JVM's lines out of order: uptime 5 s after 100 s is not a restart */
    fx_init(&f);
    e = ev(GC_EV_PAUSE, 100000, 10, 1);
    e.wall_ms = t0 + 100000;
    add(&f, e);
    e = ev(GC_EV_PAUSE, 5000, 10, 2);
    e.wall_ms = t0 + 5000;
    add(&f, e);
    gc_analysis_finish(&f.a);
    CHECK_EQ_INT(f.a.segments, 1);
    CHECK_EQ_INT(f.a.time_back.count, 1);
    fx_fini(&f);
}

/* A new file whose time goes on continues the run (a rotated set); one whose
   time restarts is another run. */
static void files(void)
{
    struct fx f;
    fx_init(&f);
    gc_analysis_evidence(&f.a, GC_EVID_FILE, "unified");
    add(&f, ev(GC_EV_PAUSE, 1000, 10, 1));
    add(&f, ev(GC_EV_PAUSE, 2000, 10, 2));
    gc_analysis_evidence(&f.a, GC_EVID_FILE, "unified");
    add(&f, ev(GC_EV_CONCURRENT, 1500, 600, 1)); /* logged at 2.1 s in the next file */
    add(&f, ev(GC_EV_PAUSE, 3000, 10, 2));
    gc_analysis_evidence(&f.a, GC_EVID_FILE, "unified");
    add(&f, ev(GC_EV_PAUSE, 2500, 10, 1)); /* time restarts with the file */
    gc_analysis_finish(&f.a);
    CHECK_EQ_INT(f.a.segments, 2);
    CHECK_EQ_INT(f.a.time_back.count, 0);
    CHECK_EQ_INT(f.a.span_ns, (3010 - 1000 + 10) * MS);
    fx_fini(&f);
}

int main(void)
{
    RUN(concurrent_phase_logged_at_end);
    RUN(backwards_counted_not_split);
    RUN(header_needs_time_to_restart);
    RUN(uptime_near_zero_restarts);
    RUN(format_and_jvm_start_split);
    RUN(jvm_start_time);
    RUN(files);
    T_DONE();
}
