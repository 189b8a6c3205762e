/*
 * test_gc_unified.c — the unified-logging parser on short real snippets.
 * Lines are copied from the public corpus files named in each comment
 * (corpus/gc/..., see MANIFEST.tsv for their origin), a few lines each; the
 * decorator/locale variants are those lines re-decorated by hand.
 */
#include "t.h"
#include "test_gc_unified_collect.h"
#include "gc_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct gc_event *ev_at(const struct gcu_run *r, size_t i)
{
    return i < r->evs.n ? &r->evs.ev[i] : NULL;
}

/* G1 JDK 17 gc*: from GCViewer/sample-ujl-jdk17-full-concurrent-cycle-g1-gc-all-safepont,os-cpu.txt
   (region lines, summary and cpu line of GC(6); cpu/summary figures from jifa/17G1Parser.log style) */
static void g1_gc_star_with_cpu(void)
{
    struct gcu_run r;
    gcu_init(&r);
    gcu_feed(&r, &gc_unified_ops,
             "[2022-01-29T16:34:51.600+0000][200ms][info][gc,init] Version: 17.0.1+12-39 (release)\n"
             "[2022-01-29T16:34:51.600+0000][200ms][info][gc,init] Heap Region Size: 1M\n"
             "[2022-01-29T16:34:51.601+0000][201ms][info][gc] Using G1\n"
             "[2022-01-29T16:34:51.644+0000][235ms][info][gc,start    ] GC(6) Pause Young (Normal) (G1 Evacuation Pause)\n"
             "[2022-01-29T16:34:51.652+0000][243ms][info][gc,heap     ] GC(6) Eden regions: 6->0(6)\n"
             "[2022-01-29T16:34:51.652+0000][243ms][info][gc,heap     ] GC(6) Survivor regions: 1->1(1)\n"
             "[2022-01-29T16:34:51.652+0000][243ms][info][gc,heap     ] GC(6) Old regions: 3->4\n"
             "[2022-01-29T16:34:51.652+0000][243ms][info][gc,heap     ] GC(6) Humongous regions: 0->0\n"
             "[2022-01-29T16:34:51.652+0000][243ms][info][gc,metaspace] GC(6) Metaspace: 632K(832K)->632K(832K) NonClass: 577K(704K)->577K(704K) Class: 54K(128K)->54K(128K)\n"
             "[2022-01-29T16:34:51.652+0000][243ms][info][gc          ] GC(6) Pause Young (Normal) (G1 Evacuation Pause) 9M->4M(16M) 8.120ms\n"
             "[2022-01-29T16:34:51.652+0000][243ms][info][gc,cpu      ] GC(6) User=0.02s Sys=0.01s Real=0.01s\n"
             "[2022-01-29T16:34:51.655+0000][246ms][info][safepoint   ] Safepoint \"G1CollectForAllocation\", Time since last: 1634200 ns, Reaching safepoint: 92800 ns, At safepoint: 11173200 ns, Total: 11266000 ns\n");
    CHECK_EQ_INT(r.evs.n, 2);
    const struct gc_event *e = ev_at(&r, 0);
    CHECK(e && e->type == GC_EV_PAUSE);
    if (e) {
        CHECK_EQ_INT(e->kind, GC_KIND_YOUNG);
        CHECK_STR(e->name, "Pause Young (Normal)");
        CHECK_STR(e->cause, "G1 Evacuation Pause");
        CHECK_EQ_INT(e->gc_id, 6);
        CHECK_EQ_INT(e->duration_ns, 8120000);
        CHECK_EQ_INT(e->uptime_ns, 235000000); /* from the gc,start line */
        CHECK_EQ_INT(e->heap_before_kb, 9 * 1024);
        CHECK_EQ_INT(e->heap_after_kb, 4 * 1024);
        CHECK_EQ_INT(e->heap_total_kb, 16 * 1024);
        CHECK_EQ_INT(e->young_before_kb, 7 * 1024);
        CHECK_EQ_INT(e->young_after_kb, 1 * 1024);
        CHECK_EQ_INT(e->old_before_kb, 3 * 1024);
        CHECK_EQ_INT(e->old_after_kb, 4 * 1024);
        CHECK_EQ_INT(e->meta_before_kb, 632);
        CHECK_EQ_INT(e->meta_total_kb, 832);
        CHECK_EQ_INT(e->user_ns, 20000000);
        CHECK_EQ_INT(e->sys_ns, 10000000);
        CHECK_EQ_INT(e->real_ns, 10000000);
        CHECK_EQ_INT(e->line, 10);
        CHECK_EQ_INT(e->tz_offset_min, 0);
    }
    const struct gc_event *s = ev_at(&r, 1);
    CHECK(s && s->type == GC_EV_SAFEPOINT);
    if (s) {
        CHECK_STR(s->name, "G1CollectForAllocation");
        CHECK_EQ_INT(s->duration_ns, 11266000);
        CHECK_EQ_INT(s->ttsp_ns, 92800);
    }
    CHECK_EQ_INT(r.ctx.collector, GC_COLL_G1);
    CHECK_STR(r.ctx.jvm_version, "17.0.1+12-39");
    CHECK_EQ_INT(r.diag.total, 0);
    gcu_fini(&r);
}

/* One line under many decorator sets: GCViewer/sample-ujl-g1-gc-defaults.txt line 2, re-decorated. */
static void decorators_any_order(void)
{
    static const char *const lines[] = {
        "[0.202s][info][gc] GC(0) Pause Young (G1 Evacuation Pause) 14M->12M(128M) 6.529ms",
        "[2020-10-28T10:45:28.100+0800][0.202s][3212][15140][info][gc     ] GC(0) Pause Young (G1 Evacuation Pause) 14M->12M(128M) 6.529ms",
        "[2020-10-28T02:45:28.100+0000][202ms] GC(0) Pause Young (G1 Evacuation Pause) 14M->12M(128M) 6.529ms",
        "[1603853128100ms][202000000ns][myhost][3212][info][gc] GC(0) Pause Young (G1 Evacuation Pause) 14M->12M(128M) 6.529ms",
        "GC(0) Pause Young (G1 Evacuation Pause) 14M->12M(128M) 6.529ms",
        "[0,202s][info][gc] GC(0) Pause Young (G1 Evacuation Pause) 14M->12M(128M) 6,529ms\r",
        "[info][gc] GC(0) Pause Young (G1 Evacuation Pause) 14M->12M(128M) 6.529ms",
    };
    static const int64_t want_up[] = {195471000, 195471000, 195471000, 195471000, -1, 195471000, -1};
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
        struct gcu_run r;
        gcu_init(&r);
        gcu_feed(&r, &gc_unified_ops, lines[i]);
        CHECK_EQ_INT(r.evs.n, 1);
        const struct gc_event *e = ev_at(&r, 0);
        if (e) {
            CHECK_EQ_INT(e->duration_ns, 6529000);
            CHECK_EQ_INT(e->uptime_ns, want_up[i]);
            CHECK_EQ_INT(e->heap_after_kb, 12 * 1024);
            CHECK_STR(e->cause, "G1 Evacuation Pause");
            if (i == 1 || i == 2 || i == 3)
                CHECK_EQ_INT(e->wall_ms, 1603853128100LL - 6);
            if (i == 1)
                CHECK_EQ_INT(e->tz_offset_min, 480);
        }
        if (r.diag.total)
            printf("#   line %zu unparsed\n", i);
        CHECK_EQ_INT(r.diag.total, 0);
        gcu_fini(&r);
    }
}

/* ZGC JDK 17: jifa/17ZGCParser.log and GCViewer/sample-ujl-zgc-gc-other.txt */
static void zgc_cycle_and_stalls(void)
{
    struct gcu_run r;
    gcu_init(&r);
    gcu_feed(&r, &gc_unified_ops,
             "[0.918s][info][gc,start    ] GC(0) Garbage Collection (Warmup)\n"
             "[0.918s][info][gc,phases   ] GC(0) Pause Mark Start 0.007ms\n"
             "[0.930s][info][gc          ] Allocation Stall (Group1.Backend.CompositeBackend{Tier1}.1) 0.706ms\n"
             "[0.931s][info][gc          ] Relocation Stall (main) 0.720ms\n"
             "[0.940s][info][gc,phases   ] GC(0) Concurrent Mark 20.5ms\n"
             "[0.950s][info][gc          ] GC(0) Garbage Collection (Warmup) 104M(10%)->88M(9%)\n");
    CHECK_EQ_INT(gcu_count(&r, GC_EV_PAUSE, GC_KIND_ZGC_PHASE), 1);
    CHECK_EQ_INT(gcu_count(&r, GC_EV_STALL, -1), 2);
    CHECK_EQ_INT(gcu_count(&r, GC_EV_CONCURRENT, -1), 1);
    CHECK_EQ_INT(gcu_count(&r, GC_EV_CYCLE, -1), 1);
    for (size_t i = 0; i < r.evs.n; i++) {
        const struct gc_event *e = &r.evs.ev[i];
        if (e->type == GC_EV_CYCLE) {
            CHECK_STR(e->cause, "Warmup");
            CHECK_EQ_INT(e->uptime_ns, 918000000);
            CHECK_EQ_INT(e->duration_ns, 32000000);
            CHECK_EQ_INT(e->heap_before_kb, 104 * 1024);
            CHECK_EQ_INT(e->heap_after_kb, 88 * 1024);
        } else if (e->type == GC_EV_STALL && e->name[0] == 'A') {
            CHECK_STR(e->thread, "Group1.Backend.CompositeBackend{Tier1}.1");
            CHECK_EQ_INT(e->duration_ns, 706000);
        } else if (e->type == GC_EV_STALL) {
            CHECK_STR(e->name, "Relocation Stall");
            CHECK_STR(e->thread, "main");
        } else if (e->type == GC_EV_PAUSE) {
            CHECK_STR(e->name, "Pause Mark Start");
            CHECK_STR(e->cause, "Warmup");
        }
    }
    CHECK_EQ_INT(r.ctx.collector, GC_COLL_ZGC);
    gcu_fini(&r);
}

/* Generational ZGC (JDK 21/25): garbagecat/dataset271.txt, dataset272.txt */
static void zgc_generational(void)
{
    struct gcu_run r;
    gcu_init(&r);
    gcu_feed(&r, &gc_unified_ops,
             "[0.193s][info][gc          ] GC(2) Major Collection (Warmup)\n"
             "[0.193s][info][gc,phases   ] GC(2) Y: Young Generation\n"
             "[0.193s][info][gc,phases   ] GC(2) Y: Pause Mark Start (Major) 0.009ms\n"
             "[0.204s][info][gc,phases   ] GC(2) Y: Concurrent Mark 10.699ms\n"
             "[0.215s][info][gc,phases   ] GC(2) O: Pause Mark End 0.006ms\n"
             "[0.228s][info][gc          ] GC(2) Major Collection (Warmup) 30M(31%)->26M(27%) 0.036s\n"
             "[0.296s][info][gc          ] GC(3) Minor Collection (Allocation Rate)\n"
             "[0.300s][info][gc,phases   ] GC(3) y: Pause Mark Start 0.010ms\n"
             "[0.316s][info][gc          ] GC(3) Minor Collection (Allocation Rate) 60M(62%)->62M(65%) 0.020s\n");
    CHECK_EQ_INT(r.evs.n, 6);
    const struct gc_event *e;
    e = ev_at(&r, 0);
    CHECK(e && e->type == GC_EV_PAUSE && !strcmp(e->name, "Y: Pause Mark Start") && (e->flags & GCF_GEN_YOUNG));
    e = ev_at(&r, 1);
    CHECK(e && e->type == GC_EV_CONCURRENT && !strcmp(e->name, "Y: Concurrent Mark"));
    e = ev_at(&r, 2);
    CHECK(e && e->type == GC_EV_PAUSE && !strcmp(e->name, "O: Pause Mark End") && (e->flags & GCF_GEN_OLD));
    e = ev_at(&r, 3);
    CHECK(e && e->type == GC_EV_CYCLE && (e->flags & GCF_GEN_OLD) && e->duration_ns == 36000000);
    if (e) {
        CHECK_STR(e->name, "Major Collection");
        CHECK_EQ_INT(e->uptime_ns, 192000000);
    }
    e = ev_at(&r, 4);
    CHECK(e && e->type == GC_EV_PAUSE && !strcmp(e->name, "Y: Pause Mark Start"));
    e = ev_at(&r, 5);
    CHECK(e && e->type == GC_EV_CYCLE && (e->flags & GCF_GEN_YOUNG) && e->cause &&
          !strcmp(e->cause, "Allocation Rate"));
    CHECK_EQ_INT(r.ctx.collector, GC_COLL_ZGC_GEN);
    gcu_fini(&r);
}

/* Shenandoah JDK 17: GCViewer/Sample-ujl-shenandoah-jdk17.txt; degenerated: garbagecat/dataset285.txt */
static void shenandoah_cycle(void)
{
    struct gcu_run r;
    gcu_init(&r);
    gcu_feed(&r, &gc_unified_ops,
             "[1.466s][info][gc          ] Trigger: Learning 1 of 5. Free (2767M) is below initial threshold (2767M)\n"
             "[1.466s][info][gc,start    ] GC(0) Concurrent reset\n"
             "[1.491s][info][gc          ] GC(0) Concurrent reset 25.172ms\n"
             "[1.492s][info][gc,start    ] GC(0) Pause Init Mark (unload classes)\n"
             "[1.493s][info][gc          ] GC(0) Pause Init Mark (unload classes) 1.313ms\n"
             "[1.724s][info][gc          ] GC(0) Concurrent cleanup 1593M->1282M(1606M) 0.199ms\n"
             "[1.800s][info][gc          ] GC(0) Pause Final Update Refs 0.100ms\n"
             "[2.000s] GC(1) Pause Degenerated GC (Outside of Cycle)\n"
             "[2.013s] GC(1) Pause Degenerated GC (Outside of Cycle) 90M->15M(96M) 13.088ms\n");
    CHECK_EQ_INT(gcu_count(&r, GC_EV_CYCLE, -1), 1);
    CHECK_EQ_INT(gcu_count(&r, GC_EV_PAUSE, GC_KIND_SHEN_PHASE), 2);
    CHECK_EQ_INT(gcu_count(&r, GC_EV_PAUSE, GC_KIND_DEGENERATED), 1);
    CHECK_EQ_INT(gcu_count(&r, GC_EV_CONCURRENT, -1), 2);
    for (size_t i = 0; i < r.evs.n; i++) {
        const struct gc_event *e = &r.evs.ev[i];
        if (e->type == GC_EV_CYCLE) {
            CHECK_EQ_INT(e->gc_id, 0);
            CHECK_STR(e->cause, "Learning");
            CHECK_EQ_INT(e->heap_before_kb, 1593 * 1024);
            CHECK_EQ_INT(e->heap_after_kb, 1282 * 1024);
        }
        if (e->kind == GC_KIND_DEGENERATED) {
            CHECK(e->flags & GCF_DEGENERATED);
            CHECK_EQ_INT(e->duration_ns, 13088000);
            CHECK_STR(e->name, "Pause Degenerated GC");
        }
        if (e->kind == GC_KIND_SHEN_PHASE && e->gc_id == 0 && e->duration_ns == 1313000)
            CHECK_STR(e->name, "Pause Init Mark");
    }
    CHECK_EQ_INT(r.ctx.collector, GC_COLL_SHENANDOAH);
    gcu_fini(&r);
}

/* Generational Shenandoah (JDK 25, -Xlog:gc), lines from tests/fixtures/gc/
   jdk25-shenandoahgen-plain-fullgc.log (a few phases of each id left out):
   GC(6) is a young bootstrap cycle followed by the old marking it starts,
   GC(8) a coalesce-and-fill, GC(24) a global cycle that terminates old
   marking. The "Shenandoah Cycles" MXBean counts GC sessions: 2 for GC(6),
   1 each for the others, so 4 cycles. Nothing is unparsed. */
static void shenandoah_generational_old_cycles(void)
{
    struct gcu_run r;
    gcu_init(&r);
    gcu_feed(&r, &gc_unified_ops,
             "[0.008s][info][gc] Using Shenandoah\n"
             "[0.314s][info][gc] Trigger (Old): Old has overgrown, live at end of previous OLD marking: 8192K, current usage: 13824K, percent growth: 68.8%\n"
             "[0.314s][info][gc] GC(6) Concurrent reset (Young) 0.047ms\n"
             "[0.314s][info][gc] GC(6) Pause Init Mark (Young) 0.028ms\n"
             "[0.316s][info][gc] GC(6) Concurrent marking (Young) 1.349ms\n"
             "[0.316s][info][gc] GC(6) Pause Final Mark (Young) 0.062ms\n"
             "[0.316s][info][gc] GC(6) Concurrent cleanup (Young) 101M->101M(128M) 0.004ms\n"
             "[0.317s][info][gc] GC(6) Pause Init Update Refs 0.002ms\n"
             "[0.319s][info][gc] GC(6) Pause Final Update Refs 0.028ms\n"
             "[0.319s][info][gc] GC(6) Concurrent cleanup (Young) 120M->111M(128M) 0.005ms\n"
             "[0.319s][info][gc] GC(6) Concurrent reset after collect (Young) 0.001ms\n"
             "[0.322s][info][gc] GC(6) Concurrent marking (Old) 3.253ms\n"
             "[0.322s][info][gc] GC(6) Pause Final Mark (Old) 0.044ms\n"
             "[0.323s][info][gc] GC(6) Concurrent cleanup (Old) 114M->114M(128M) 0.004ms\n"
             "[0.333s][info][gc] Trigger (Old): Resume preparing to mark old\n"
             "[0.333s][info][gc] GC(8) Coalescing and filling (Old) 0.410ms\n"
             "[0.481s][info][gc] Trigger (Global): GC request (System.gc())\n"
             "[0.481s][info][gc] GC(24) Concurrent reset (Global) (unload classes) 0.150ms\n"
             "[0.481s][info][gc] GC(24) Terminating old gc cycle.\n"
             "[0.481s][info][gc] GC(24) Cancel marking: Old\n"
             "[0.481s][info][gc] GC(24) Pause Init Mark (Global) (unload classes) 0.022ms\n"
             "[0.486s][info][gc] GC(24) Concurrent marking (Global) (unload classes) 5.209ms\n"
             "[0.490s][info][gc] GC(24) Concurrent cleanup (Global) (unload classes) 116M->107M(128M) 0.007ms\n"
             "[0.493s][info][gc] GC(24) Coalescing and filling old regions 2.724ms\n"
             "[0.493s][info][gc] GC(24) Concurrent reset after collect (Global) (unload classes) 0.101ms\n");
    CHECK_EQ_INT(r.diag.total, 0);
    CHECK_EQ_INT(r.ctx.collector, GC_COLL_SHENANDOAH_GEN);
    CHECK_EQ_INT(gcu_count(&r, GC_EV_CYCLE, -1), 4);
    CHECK_EQ_INT(gcu_count(&r, GC_EV_PAUSE, -1), 6);
    int boot = 0, old = 0, fill = 0, global = 0;
    for (size_t i = 0; i < r.evs.n; i++) {
        const struct gc_event *e = &r.evs.ev[i];
        if (e->type != GC_EV_CYCLE)
            continue;
        if (e->gc_id == 6 && e->line == 3) {
            boot++; /* from its first line to the young cycle's last (0.314 s .. 0.319 s) */
            CHECK_EQ_INT(e->uptime_ns, 314000000);
            CHECK_EQ_INT(e->duration_ns, 5000000);
            CHECK_EQ_INT(e->heap_before_kb, 101 * 1024);
            CHECK_EQ_INT(e->heap_after_kb, 111 * 1024);
        } else if (e->gc_id == 6 && e->line == 12) {
            old++; /* from the first "(Old)" line on */
            CHECK_EQ_INT(e->uptime_ns, 322000000);
            CHECK_EQ_INT(e->duration_ns, 1000000);
            CHECK_EQ_INT(e->heap_before_kb, 114 * 1024);
        } else if (e->gc_id == 8) {
            fill++;
        } else if (e->gc_id == 24) {
            global++;
            CHECK_EQ_INT(e->line, 18);
        }
    }
    CHECK_EQ_INT(boot, 1);
    CHECK_EQ_INT(old, 1);
    CHECK_EQ_INT(fill, 1);
    CHECK_EQ_INT(global, 1);
    gcu_fini(&r);
}

/* G1 remembered-set summaries without level/tags decorators (JDK 17 run with
   -XX:G1SummarizeRSetStatsPeriod=1 -Xlog:gc,gc+remset*=trace:file=F:uptime; a few
   rows of each kind; the last two lines from the same with JDK 25): known
   non-event lines, counted as info, none unparsed, the pause kept. */
static void g1_remset_summary_untagged(void)
{
    struct gcu_run r;
    gcu_init(&r);
    gcu_feed(&r, &gc_unified_ops,
             "[0.007s] Using G1\n"
             "[0.361s] GC(0) Before GC RS summary\n"
             "[0.361s] GC(0)   Did 0 coarsenings.\n"
             "[0.361s] GC(0)           0.00     0.00\n"
             "[0.361s] GC(0)  Current rem set statistics\n"
             "[0.361s] GC(0)        14208B (  4.7%) by 6 Young regions\n"
             "[0.361s] GC(0) Visited cards 672 Total dirty 2048 (32.81%) Total old 28672 (2.34%)\n"
             "[0.364s] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 6M->2M(128M) 3.252ms\n"
             "[0.364s] GC(0) After GC RS summary\n"
             "[1.557s] GC(16) Remembered Set Tracking update regions total 128, selected 5\n"
             "[1.558s] GC(16) Rebuilt region 0 live 110456 time 0.003ms marked bytes 0 bot 0x00000000f8000000 TAMS 0x00000000f8100000 TARS 0x00000000f8100000\n"
             "[1.559s] GC(16) After rebuild region 0 (ntams 0x00000000f8000000 liveness 110456 next_marked_bytes 0 remset occ 152 size 3288)\n"
             "[0.187s] GC(17) Coarsening (recent): Inline->AoC 0 (0) AoC->Howl 0 (0) Howl->Full 0 (0) Inline->AoC 0 (0) AoC->BitMap 0 (0) BitMap->Full 0 (0) \n"
             "[0.187s] GC(17) Coarsening (all): Inline->AoC 0 (0) AoC->Howl 0 (0) Howl->Full 0 (0) Inline->AoC 0 (0) AoC->BitMap 0 (0) BitMap->Full 0 (0) \n");
    CHECK_EQ_INT(r.diag.total, 0);
    CHECK_EQ_INT(gcu_count(&r, GC_EV_PAUSE, GC_KIND_YOUNG), 1);
    CHECK_EQ_INT(r.evs.n, 1);
    gcu_fini(&r);
}

/* NaN, negative, exponent and overflowing durations: the line is unparsed ("bad
   duration", with its line number), not taken for a start line (dropped) nor
   clamped. One line of each kind: a pause, its cpu line, a JDK 9-12 and a JDK
   13+ safepoint, a concurrent phase; then a good pause. */
static void bad_durations(void)
{
    static const char *const bad[] = {"-0.0012", "nan", "-nan", "inf", "1e400", "1.5e-3", "99999999999999999999.9"};
    static const char fmt[] =
        "[0.100s][info][gc] Using G1\n"
        "[1.000s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) %sms\n"
        "[1.000s][info][gc,cpu] GC(0) User=%ss Sys=0.00s Real=0.00s\n"
        "[2.000s][info][safepoint] Total time for which application threads were stopped: %s seconds, "
        "Stopping threads took: 0.0000269 seconds\n"
        "[3.000s][info][safepoint] Safepoint \"G1CollectForAllocation\", Time since last: 1634200 ns, Reaching "
        "safepoint: %s ns, At safepoint: 11173200 ns, Total: 11266000 ns\n"
        "[4.000s][info][gc] GC(1) Concurrent Mark Cycle %sms\n"
        "[5.000s][info][gc] GC(2) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 1.000ms\n";
    char buf[2048];
    for (size_t b = 0; b < sizeof bad / sizeof *bad; b++) {
        const char *d = bad[b];
        snprintf(buf, sizeof buf, fmt, d, d, d, d, d);
        struct gcu_run r;
        gcu_init(&r);
        gcu_feed(&r, &gc_unified_ops, buf);
        int f0 = t_failures;
        CHECK_EQ_INT(r.evs.n, 1);
        CHECK(r.evs.n == 1 && r.evs.ev[0].gc_id == 2 && r.evs.ev[0].duration_ns == 1000000);
        CHECK_EQ_INT(r.diag.total, 5);
        CHECK(r.diag.n == 1 && strcmp(r.diag.r[0].reason, "bad duration") == 0);
        CHECK(r.diag.n == 1 && r.diag.r[0].nex >= 3 && r.diag.r[0].ex[0].line == 2 && r.diag.r[0].ex[1].line == 3 &&
              r.diag.r[0].ex[2].line == 4);
        if (t_failures != f0)
            printf("#   ^ with duration \"%s\"\n", d);
        gcu_fini(&r);
    }
    snprintf(buf, sizeof buf, fmt, "0.0012", "0.0012", "0.0012", "1200", "0.0012");
    struct gcu_run r;
    gcu_init(&r);
    gcu_feed(&r, &gc_unified_ops, buf);
    CHECK_EQ_INT(r.diag.total, 0);
    CHECK_EQ_INT(gcu_count(&r, GC_EV_PAUSE, -1), 2);
    CHECK_EQ_INT(gcu_count(&r, GC_EV_SAFEPOINT, -1), 2);
    CHECK_EQ_INT(gcu_count(&r, GC_EV_CONCURRENT, -1), 1);
    for (size_t i = 0; i < r.evs.n; i++) {
        const struct gc_event *e = &r.evs.ev[i];
        if (e->type == GC_EV_PAUSE && e->gc_id == 0) {
            CHECK_EQ_INT(e->duration_ns, 1200);
            CHECK_EQ_INT(e->user_ns, 1200000);
        }
        if (e->type == GC_EV_SAFEPOINT && e->ttsp_ns != 26900)
            CHECK_EQ_INT(e->ttsp_ns, 1200);
        if (e->type == GC_EV_CONCURRENT)
            CHECK_EQ_INT(e->duration_ns, 1200);
    }
    gcu_fini(&r);
}

/* garbagecat/dataset278.txt:26: a safepoint of 11.7 s in nanoseconds. The ns
   parser used to saturate at 10^9 units, so this was 1000 ms exactly. */
static void safepoint_over_one_second(void)
{
    struct gcu_run r;
    gcu_init(&r);
    gcu_feed(&r, &gc_unified_ops,
             "[2023-12-12T10:21:22.020+0200][info][safepoint   ] Safepoint \"Cleanup\", Time since last: 4000802487 ns, "
             "Reaching safepoint: 11710844001 ns, Cleanup: 114480 ns, At safepoint: 365533 ns, Total: 11711324014 ns\n"
             "[2023-12-12T10:21:23.020+0200][info][gc] GC(2) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) "
             "1234567.891ms\n");
    CHECK_EQ_INT(r.diag.total, 0);
    CHECK_EQ_INT(r.evs.n, 2);
    for (size_t i = 0; i < r.evs.n; i++) {
        const struct gc_event *e = &r.evs.ev[i];
        if (e->type == GC_EV_SAFEPOINT) {
            CHECK_EQ_INT(e->duration_ns, 11711324014LL);
            CHECK_EQ_INT(e->ttsp_ns, 11710844001LL);
        } else {
            CHECK_EQ_INT(e->duration_ns, 1234567891000LL);
        }
    }
    gcu_fini(&r);
}

/* JDK 9-12 safepoint lines: garbagecat/dataset182.txt */
static void safepoint_old_style(void)
{
    struct gcu_run r;
    gcu_init(&r);
    gcu_feed(&r, &gc_unified_ops,
             "[0.166s][info][safepoint     ] Entering safepoint region: G1CollectForAllocation\n"
             "[0.167s][info][safepoint     ] Leaving safepoint region\n"
             "[0.167s][info][safepoint     ] Total time for which application threads were stopped: 0.0004180 seconds, Stopping threads took: 0.0000219 seconds\n"
             "[0.168s][info][safepoint     ] Application time: 0.0012717 seconds\n");
    CHECK_EQ_INT(r.evs.n, 1);
    const struct gc_event *e = ev_at(&r, 0);
    if (e) {
        CHECK_EQ_INT(e->type, GC_EV_SAFEPOINT);
        CHECK_EQ_INT(e->duration_ns, 418000);
        CHECK_EQ_INT(e->ttsp_ns, 21900);
        CHECK_STR(e->name, "G1CollectForAllocation");
    }
    CHECK_EQ_INT(r.ctx.lines_info, 3);
    gcu_fini(&r);
}

/* Serial young upgraded to full (jifa/11GenerationalGCInterleave.log): one pause, not two */
static void nested_pause_merged(void)
{
    struct gcu_run r;
    gcu_init(&r);
    gcu_feed(&r, &gc_unified_ops,
             "[5.643s][info][gc,start     ] GC(3) Pause Young (Allocation Failure)\n"
             "[5.643s][info][gc,start     ] GC(4) Pause Full (Allocation Failure)\n"
             "[5.789s][info][gc             ] GC(4) Pause Full (Allocation Failure) 215M->132M(247M) 146.153ms\n"
             "[5.789s][info][gc,heap        ] GC(3) DefNew: 78655K->0K(78656K)\n"
             "[5.789s][info][gc             ] GC(3) Pause Young (Allocation Failure) 215M->132M(247M) 146.211ms\n"
             "[5.789s][info][gc,cpu         ] GC(3) User=0.15s Sys=0.00s Real=0.15s\n");
    CHECK_EQ_INT(r.evs.n, 1);
    const struct gc_event *e = ev_at(&r, 0);
    if (e) {
        CHECK_EQ_INT(e->kind, GC_KIND_FULL);
        CHECK_EQ_INT(e->gc_id, 3);
        CHECK_EQ_INT(e->duration_ns, 146211000);
        CHECK_EQ_INT(e->user_ns, 150000000);
        CHECK_EQ_INT(e->young_before_kb, 78655);
    }
    CHECK_EQ_INT(r.ctx.collector, GC_COLL_SERIAL);
    gcu_fini(&r);
}

/* Interleaved G1 concurrent cycle and young pauses; -Xlog:gc only (no cpu lines):
   each pause is emitted exactly once, the last one at finish(). */
static void interleaved_exactly_once(void)
{
    struct gcu_run r;
    gcu_init(&r);
    gcu_feed(&r, &gc_unified_ops,
             "[0.295s][info][gc] GC(5) Pause Young (Concurrent Start) (G1 Humongous Allocation) 80M->80M(128M) 6.187ms\n"
             "[0.295s][info][gc] GC(6) Concurrent Mark Cycle\n"
             "[0.314s][info][gc] GC(7) Pause Young (Normal) (G1 Evacuation Pause) 111M->111M(128M) 2.294ms\n"
             "[0.319s][info][gc] GC(6) Pause Remark 121M->121M(128M) 0.837ms\n"
             "[0.337s][info][gc] GC(6) Concurrent Mark Cycle 42.463ms\n"
             "[0.693s][info][gc] GC(8) Pause Young (Mixed) (G1 Evacuation Pause) 29M->28M(123M) 2.790ms\n"
             "[0.700s][info][gc] GC(9) Pause Full (System.gc()) 29M->8M(123M) 20.000ms\n");
    CHECK_EQ_INT(gcu_count(&r, GC_EV_PAUSE, -1), 5);
    CHECK_EQ_INT(gcu_count(&r, GC_EV_PAUSE, GC_KIND_INITIAL_MARK), 1);
    CHECK_EQ_INT(gcu_count(&r, GC_EV_PAUSE, GC_KIND_MIXED), 1);
    CHECK_EQ_INT(gcu_count(&r, GC_EV_PAUSE, GC_KIND_REMARK), 1);
    CHECK_EQ_INT(gcu_count(&r, GC_EV_CONCURRENT, -1), 1);
    for (size_t i = 0; i < r.evs.n; i++) {
        const struct gc_event *e = &r.evs.ev[i];
        if (e->kind == GC_KIND_INITIAL_MARK) {
            CHECK(e->flags & GCF_HUMONGOUS);
            CHECK_STR(e->name, "Pause Young (Concurrent Start)");
        }
        if (e->kind == GC_KIND_FULL) {
            CHECK(e->flags & GCF_SYSTEM_GC);
            CHECK_STR(e->cause, "System.gc()");
        }
    }
    gcu_fini(&r);
}

/* Unknown and hostile lines go to diag; nothing crashes; long lines and bad bytes are fine. */
static void unknown_and_hostile(void)
{
    struct gcu_run r;
    gcu_init(&r);
    char *big = xmalloc(100000);
    memset(big, 'x', 99999);
    big[99999] = 0;
    memcpy(big, "[1.0s][info][gc] GC(1) ", 23);
    gcu_feed(&r, &gc_unified_ops,
             "[1.0s][info][gc] Something new in JDK 99\n"
             "[1.0s][info][gc] GC(3) Pause Young (Normal) (G1 Evac\xff\xfe Pause) 1M->\n"
             "[1.0s][info][gc] GC(18446744073709551615) Pause Young (Normal) (x) 1M->1M(2M) 1.0ms\n"
             "[1.0s][info][gc] GC(4) Pause Young 999999999999999999999M->1M(1M) 99999999999999999999999ms\n"
             "[[[[[]]]]\n"
             "[9999-12-31T23:59:59.999+1400][99999999999999999999ms][info][gc,init] Heap Region Size: 99999999999T\n"
             "[1.0s][info][gc,heap] GC(7) Eden regions: 999999999999999999999->99999999999999999(9999999999999999)\n"
             "[1.0s][info][gc,heap] GC(7) PSYoungGen: 99999999999999T->1K(99999999999T)\n"
             "[1.0s][info][gc] GC(7) Pause Young (Normal) (x) 99999999999999T->1K(2K) 99999999999.999s\n"
             "[1.0s][info][gc] GC(8) Garbage Collection (Warmup) 9999999999T(10%)->1M(1%)\n"
             "\n"
             "   \r\n");
    gcu_feed(&r, &gc_unified_ops, big);
    free(big);
    CHECK(r.diag.total >= 2);
    gcu_fini(&r);
}

/*
 * The events a fresh parser makes of the one line `one` (line 1 of its own
 * input) are warm's events k, k+1, ... (warm read that line as line `line`
 * after the others): every field the memos could get wrong. clean: the
 * fresh parser must count nothing unparsed. Returns the next k.
 */
static size_t same_as_cold(const struct gcu_run *warm, size_t k, const char *one, uint64_t line, bool clean)
{
    struct gcu_run cold;
    gcu_init(&cold);
    gcu_feed(&cold, &gc_unified_ops, one);
    for (size_t j = 0; j < cold.evs.n; j++, k++) {
        const struct gc_event *w = ev_at(warm, k), *c = &cold.evs.ev[j];
        CHECK(w != NULL);
        if (!w)
            break;
        CHECK_EQ_INT(w->line, line);
        CHECK_EQ_INT(w->type, c->type);
        CHECK_EQ_INT(w->kind, c->kind);
        CHECK_STR(w->name ? w->name : "-", c->name ? c->name : "-");
        CHECK_STR(w->cause ? w->cause : "-", c->cause ? c->cause : "-");
        CHECK_EQ_INT(w->flags, c->flags);
        CHECK_EQ_INT(w->wall_ms, c->wall_ms);
        CHECK_EQ_INT(w->uptime_ns, c->uptime_ns);
        CHECK_EQ_INT(w->tz_offset_min, c->tz_offset_min);
        CHECK_EQ_INT(w->heap_before_kb, c->heap_before_kb);
        CHECK_EQ_INT(w->heap_after_kb, c->heap_after_kb);
        CHECK_EQ_INT(w->heap_total_kb, c->heap_total_kb);
        CHECK_EQ_INT(w->duration_ns, c->duration_ns);
    }
    if (clean)
        CHECK_EQ_INT(cold.diag.total, 0);
    gcu_fini(&cold);
    return k;
}

/*
 * The memos of the usual frame (the time with other seconds/milliseconds,
 * the uptime with another last digit, the level+tags run) read every line
 * as a parser that sees that line alone: the safepoint line of
 * g1_gc_star_with_cpu above under frames that step through the memos' edges
 * (same text, next millisecond, a carry into the tens, more digits, seconds
 * past 59, a minute/day/zone change, ',' for '.', the uptime in seconds).
 */
static void frame_memos_read_as_cold(void)
{
    static const char *const frames[] = {
        "[2022-01-29T16:34:51.655+0000][246ms][info][safepoint   ] ",
        "[2022-01-29T16:34:51.655+0000][246ms][info][safepoint   ] ",
        "[2022-01-29T16:34:51.656+0000][247ms][info][gc,heap     ] ",
        "[2022-01-29T16:34:51.659+0000][249ms][info][safepoint   ] ",
        "[2022-01-29T16:34:51.660+0000][250ms][info][safepoint   ] ",
        "[2022-01-29T16:34:51.999+0000][999ms][info][safepoint   ] ",
        "[2022-01-29T16:34:52.000+0000][1000ms][info][safepoint   ] ",
        "[2022-01-29T16:34:52.001+0000][1001ms][info][safepoint   ] ",
        "[2022-01-29T16:34:59.999+0000][9999999ms][info][safepoint   ] ",
        "[2022-01-29T16:34:59.999+0000][10000000ms][info][safepoint   ] ",
        "[2022-01-29T16:34:60.000+0000][1002ms][info][safepoint   ] ",
        "[2022-01-29T16:34:61.000+0000][1003ms][info][safepoint   ] ",
        "[2022-01-29T16:35:00.000+0000][1004ms][info][safepoint   ] ",
        "[2022-01-29T16:35:00.500+0000][1004ms][info][safepoint   ] ",
        "[2022-01-29T16:35:00.000+0000][1004ms][info][safepoint   ] ",
        "[2022-01-29T17:35:00.500+0000][1004ms][info][safepoint   ] ",
        "[2022-01-29T17:35:00.000+0000][1004ms][info][safepoint   ] ",
        "[2022-01-30T00:00:00.000+0000][1005ms][info][safepoint   ] ",
        "[2022-01-30T00:00:00,001+0000][1006ms][info][safepoint   ] ",
        "[2022-01-30T01:00:00.002+0100][1007ms][info][safepoint   ] ",
        "[2022-01-30T01:00:00.002+0100][1.008s][info][safepoint   ] ",
        "[2022-01-30T01:00:00.003+0100][1008ms][info][safepoint] ",
        "[2022-01-30T01:00:00.004+0100][1009ms][debug][safepoint] ",
        "[2022-01-30T01:00:00.005+0100][1010ms][0][info][safepoint] ",
        "[2022-01-30T01:00:00.006+0100][1011ms][info][safepoint   ] ",
        "[2022-01-30T01:00:00.00a+0100][1012ms][info][safepoint   ] ",
        "[2022-01-30T01:00:00.007+0100][10a3ms][info][safepoint   ] ",
    };
    const char *msg = "Safepoint \"G1CollectForAllocation\", Time since last: 1634200 ns, Reaching safepoint: 0 ns, "
                      "At safepoint: 0 ns, Total: 0 ns";
    size_t nf = sizeof frames / sizeof *frames;
    char *all = malloc(nf * 256), *q = all;
    for (size_t i = 0; i < nf; i++)
        q += sprintf(q, "%s%s\n", frames[i], msg);
    struct gcu_run warm;
    gcu_init(&warm);
    gcu_feed(&warm, &gc_unified_ops, all);
    size_t k = 0; /* warm events come in line order */
    for (size_t i = 0; i < nf; i++) {
        char one[256];
        snprintf(one, sizeof one, "%s%s\n", frames[i], msg);
        k = same_as_cold(&warm, k, one, i + 1, false);
    }
    CHECK_EQ_INT(k, warm.evs.n);
    CHECK(warm.evs.n >= nf - 3);
    /* and a few by hand: 2022-01-29T16:34:52.000Z is 1643474092000 ms */
    CHECK_EQ_INT(ev_at(&warm, 6) ? ev_at(&warm, 6)->wall_ms : 0, 1643474092000LL);
    for (size_t i = 0; i < warm.evs.n; i++)
        if (warm.evs.ev[i].line == 17)
            CHECK_EQ_INT(warm.evs.ev[i].wall_ms, 1643477700000LL); /* 17:35:00Z, after 16:35:00 */
    CHECK_EQ_INT(ev_at(&warm, 7) ? ev_at(&warm, 7)->uptime_ns : 0, 1001000000LL);
    CHECK_EQ_INT(ev_at(&warm, 8) ? ev_at(&warm, 8)->uptime_ns : 0, 9999999000000LL);
    CHECK_EQ_INT(ev_at(&warm, 9) ? ev_at(&warm, 9)->uptime_ns : 0, 10000000000000LL);
    gcu_fini(&warm);
    free(all);
}

/*
 * The split memo (a message's name, groups and tail by the text before its
 * figures) reads every message as a parser that sees it alone: the pause
 * and concurrent lines of g1_gc_star_with_cpu's log, then the same text
 * before other tails (an unclosed group, a word, nothing, a longer name).
 */
static void split_memo_read_as_cold(void)
{
    static const char *const msgs[] = {
        "Pause Young (Normal) (G1 Evacuation Pause) 9M->4M(16M) 8.120ms",
        "Pause Young (Normal) (G1 Evacuation Pause) 19M->14M(32M) 1.5ms",
        "Pause Young (Normal) (G1 Evacuation Pause) (Evacuation Failure) 9M->4M(16M) 8.120ms",
        "Pause Young (Normal) (G1 Evacuation Pause) (unclosed 9M->4M(16M) 8.120ms",
        "Pause Young (Normal) (G1 Evacuation Pause) x9M->4M(16M) 8.120ms",
        "Pause Young (Normal) (G1 Evacuation Pause) 8.120ms",
        "Pause Young (Normal) (G1 Evacuation Pause)9M->4M(16M) 8.120ms",
        "Pause Young (Normal) (G1 Humongous Allocation) 9M->4M(16M) 8.120ms",
        "Pause Young (Concurrent Start) (G1 Evacuation Pause) 9M->4M(16M) 8.120ms",
        "Pause Remark 67M->67M(138M) 0.371ms",
        "Pause Remark 67M->67M(138M) 0.371ms",
        "Pause Remark (x) 67M->67M(138M) 0.371ms",
        "Pause Cleanup 67M->67M(138M) 0.371ms",
        "Concurrent Mark Cycle 77.704ms",
        "Concurrent Mark Cycle 77.704ms",
        "Concurrent Mark 12.1ms",
        "Concurrent Mark From Roots 12.1ms",
        "Concurrent Mark 12.1ms",
        "Concurrent Mark (unclosed 12.1ms",
        "Concurrent Mark Cycle 1M->2M 77.704ms",
        "Concurrent Mark Cycle (Old) 77.704ms",
        "Concurrent Mark Cycle (Old) 77.704ms",
    };
    size_t nm = sizeof msgs / sizeof *msgs;
    char *all = malloc(nm * 256), *q = all;
    const char *frame = "[0.202s][info][gc] ";
    for (size_t i = 0; i < nm; i++)
        q += sprintf(q, "%sGC(%zu) %s\n", frame, i, msgs[i]);
    struct gcu_run warm;
    gcu_init(&warm);
    gcu_feed(&warm, &gc_unified_ops, all);
    size_t k = 0;
    for (size_t i = 0; i < nm; i++) {
        char one[256];
        snprintf(one, sizeof one, "%sGC(%zu) %s\n", frame, i, msgs[i]);
        k = same_as_cold(&warm, k, one, i + 1, true);
    }
    CHECK_EQ_INT(k, warm.evs.n);
    CHECK_EQ_INT(warm.evs.n, nm);
    /* and by hand: the second young pause, the unclosed group's name */
    const struct gc_event *e = ev_at(&warm, 1);
    CHECK(e && e->heap_before_kb == 19 * 1024 && e->heap_total_kb == 32 * 1024);
    e = ev_at(&warm, 3);
    CHECK_STR(e ? e->cause : "-", "G1 Evacuation Pause");
    CHECK_EQ_INT(e ? e->heap_before_kb : 0, 9 * 1024);
    gcu_fini(&warm);
    free(all);
}

/* The GC id memo ("GC(N) " of the line before) reads every id as a parser
   that sees the line alone: the same id, a longer or shorter one sharing
   its digits, no blank after it, more digits than the memo holds. */
static void gc_id_memo_read_as_cold(void)
{
    static const char *const ids[] = {
        "GC(9) ", "GC(9) ", "GC(99) ", "GC(9) ", "GC(1) ", "GC(10) ", "GC(10)", "GC(10) ",
        "GC(123456789012) ", "GC(123456789012) ", "GC(12345678901) ", "GC(1234567890123) ", "GC(10) ",
    };
    size_t ni = sizeof ids / sizeof *ids;
    char *all = malloc(ni * 128), *q = all;
    for (size_t i = 0; i < ni; i++)
        q += sprintf(q, "[2022-01-29T16:34:51.655+0000][246ms][info][gc,marking  ] %sConcurrent Mark Cycle 1.0ms\n", ids[i]);
    struct gcu_run warm;
    gcu_init(&warm);
    gcu_feed(&warm, &gc_unified_ops, all);
    CHECK_EQ_INT(warm.evs.n, ni);
    for (size_t i = 0; i < ni && i < warm.evs.n; i++) {
        char one[160];
        snprintf(one, sizeof one, "[2022-01-29T16:34:51.655+0000][246ms][info][gc,marking  ] %sConcurrent Mark Cycle 1.0ms\n", ids[i]);
        struct gcu_run cold;
        gcu_init(&cold);
        gcu_feed(&cold, &gc_unified_ops, one);
        CHECK_EQ_INT(cold.evs.n, 1);
        if (cold.evs.n == 1) {
            CHECK_EQ_INT(warm.evs.ev[i].gc_id, cold.evs.ev[0].gc_id);
            CHECK_STR(warm.evs.ev[i].name, cold.evs.ev[0].name);
        }
        gcu_fini(&cold);
    }
    CHECK_EQ_INT(warm.evs.n > 5 ? warm.evs.ev[5].gc_id : 0, 10);
    CHECK_EQ_INT(warm.evs.n > 9 ? warm.evs.ev[9].gc_id : 0, 123456789012LL);
    gcu_fini(&warm);
    free(all);
}

/* Safepoint figures of every width at the end of the line and before a
   comma, and CPU seconds in and out of the JVM's "D.DDs", against strtoll /
   hand values: the word-at-a-time readings stop where the digits do. */
static void figures_any_width(void)
{
    static const char *const totals[] = {"7", "1234567", "12345678", "123456789", "1234567890123",
                                         "12345678901234", "123456789012345", "0", "00000012"};
    for (size_t i = 0; i < sizeof totals / sizeof *totals; i++) {
        char line[400];
        snprintf(line, sizeof line,
                 "[2022-01-29T16:34:51.655+0000][246ms][info][safepoint   ] Safepoint \"G1Concurrent\", Time since "
                 "last: 1634200 ns, Reaching safepoint: %s ns, At safepoint: 0 ns, Total: %s ns\n"
                 "[2022-01-29T16:34:51.655+0000][246ms][info][safepoint   ] Safepoint \"G1Concurrent\", Time since "
                 "last: 1634200 ns, Reaching safepoint: %s ns, At safepoint: 0 ns, Total: %s ns\n",
                 totals[i], totals[i], totals[i], totals[i]);
        struct gcu_run r;
        gcu_init(&r);
        gcu_feed(&r, &gc_unified_ops, line);
        long long want = strtoll(totals[i], NULL, 10);
        CHECK_EQ_INT(r.evs.n, 2);
        for (size_t j = 0; j < r.evs.n; j++) {
            CHECK_EQ_INT(r.evs.ev[j].duration_ns, want);
            CHECK_EQ_INT(r.evs.ev[j].ttsp_ns, want);
        }
        gcu_fini(&r);
    }
    struct gcu_run r;
    gcu_init(&r);
    gcu_feed(&r, &gc_unified_ops,
             "[1.000s][info][gc] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 3.456ms\n"
             "[1.000s][info][gc,cpu] GC(1) User=1.23s Sys=0.05s Real=12.34s\n"
             "[2.000s][info][gc] GC(2) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 3.456ms\n"
             "[2.000s][info][gc,cpu] GC(2) User=0.1s Sys=9.99s Real=0.001s\n");
    CHECK_EQ_INT(r.evs.n, 2);
    if (r.evs.n == 2) {
        CHECK_EQ_INT(r.evs.ev[0].user_ns, 1230000000LL);
        CHECK_EQ_INT(r.evs.ev[0].sys_ns, 50000000LL);
        CHECK_EQ_INT(r.evs.ev[0].real_ns, 12340000000LL);
        CHECK_EQ_INT(r.evs.ev[1].user_ns, 100000000LL);
        CHECK_EQ_INT(r.evs.ev[1].sys_ns, 9990000000LL);
        CHECK_EQ_INT(r.evs.ev[1].real_ns, 1000000LL);
    }
    gcu_fini(&r);
    /* durations: the usual "D.Dms" and its edges (10 digits either side,
       none after the point, no point, seconds) */
    static const struct {
        const char *txt;
        long long ns;
    } durs[] = {{"0.001ms", 1000},       {"13.221ms", 13221000},          {"123456789.123456789ms", 123456789123456LL},
                {"1234567890.5ms", 1234567890500000LL}, {"1.1234567891ms", 1123456},   {"5ms", 5000000},
                {"0.5s", 500000000},     {"7.25us", 7250},                {"1.000000001ms", 1000000}};
    for (size_t i = 0; i < sizeof durs / sizeof *durs; i++) {
        char line[200];
        snprintf(line, sizeof line, "[1.000s][info][gc] GC(1) Concurrent Mark Cycle %s\n", durs[i].txt);
        gcu_init(&r);
        gcu_feed(&r, &gc_unified_ops, line);
        CHECK_EQ_INT(r.evs.n, 1);
        if (r.evs.n == 1)
            CHECK_EQ_INT(r.evs.ev[0].duration_ns, durs[i].ns);
        gcu_fini(&r);
    }
}

/* A JVM start ("Using <collector>") is always let through to
   gc_line_evidence by gc_line_may_be_evidence, with trailing blanks too;
   the G1 "Using 1 workers of 1 for evacuation" line of every pause is not. */
static void jvm_start_lines_reach_evidence(void)
{
    static const char *const starts[] = {
        "[0.004s][info][gc] Using Epsilon", "[0.004s][info][gc] Using G1", "[0.004s][info][gc] Using Serial",
        "[0.004s][info][gc] Using Parallel", "[0.004s][info][gc] Using Shenandoah",
        "[0.004s][info][gc] Using The Z Garbage Collector", "[0.004s][info][gc] Using Concurrent Mark Sweep",
        "[0.004s][info][gc] Using Epsilon  ", "[0.004s][info][gc] Using Epsilon\r",
    };
    for (size_t i = 0; i < sizeof starts / sizeof *starts; i++) {
        const char *l = starts[i];
        size_t n = strlen(l);
        enum gc_line_mark mark;
        CHECK(gc_line_may_be_evidence(l, n, GC_FMT_UNIFIED));
        CHECK_EQ_INT(gc_line_evidence(l, n, GC_FMT_UNIFIED, &mark), GC_FMT_UNKNOWN);
        CHECK_EQ_INT(mark, GC_MARK_JVM_START);
    }
    const char *ev = "[2022-01-29T16:34:52.793+0000][1384ms][info][gc,task     ] GC(122) Using 1 workers of 1 for evacuation";
    enum gc_line_mark mark;
    CHECK(!gc_line_may_be_evidence(ev, strlen(ev), GC_FMT_UNIFIED));
    CHECK_EQ_INT(gc_line_evidence(ev, strlen(ev), GC_FMT_UNIFIED, &mark), GC_FMT_UNKNOWN);
    CHECK_EQ_INT(mark, GC_MARK_NONE);
}

int main(void)
{
    RUN(g1_gc_star_with_cpu);
    RUN(decorators_any_order);
    RUN(zgc_cycle_and_stalls);
    RUN(zgc_generational);
    RUN(shenandoah_cycle);
    RUN(shenandoah_generational_old_cycles);
    RUN(g1_remset_summary_untagged);
    RUN(bad_durations);
    RUN(safepoint_over_one_second);
    RUN(safepoint_old_style);
    RUN(nested_pause_merged);
    RUN(interleaved_exactly_once);
    RUN(unknown_and_hostile);
    RUN(frame_memos_read_as_cold);
    RUN(split_memo_read_as_cold);
    RUN(gc_id_memo_read_as_cold);
    RUN(figures_any_width);
    RUN(jvm_start_lines_reach_evidence);
    T_DONE();
}
