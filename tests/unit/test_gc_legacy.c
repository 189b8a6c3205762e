/*
 * test_gc_legacy.c — the JDK <= 8 GC-log parser on real lines from the
 * corpus (each test names its corpus file; only a few lines are quoted),
 * plus hostile input: CRLF, comma decimals, non-UTF-8 bytes, long lines,
 * truncated events.
 */
#include "gc_parse.h"
#include "reader.h"
#include "t.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXEV 64

struct run {
    struct gc_event ev[MAXEV];
    int n;
    struct diag dg;
    struct intern in;
    struct gc_parse_ctx ctx;
};

static void sink(void *vctx, const struct gc_event *e)
{
    struct run *r = vctx;
    if (r->n < MAXEV)
        r->ev[r->n++] = *e;
}

/* Feed text through gc_legacy_ops line by line (as gc_read_inputs does). */
static void parse(struct run *r, const char *text, size_t len)
{
    memset(r, 0, sizeof *r);
    diag_init(&r->dg);
    intern_init(&r->in);
    r->ctx.sink.emit = sink;
    r->ctx.sink.ctx = r;
    r->ctx.diag = &r->dg;
    r->ctx.strings = &r->in;
    r->ctx.file = "test.log";
    r->ctx.heap_max_kb = r->ctx.first_uptime_ns = r->ctx.last_uptime_ns = -1;
    r->ctx.first_wall_ms = r->ctx.last_wall_ms = -1;
    void *p = gc_legacy_ops.create(&r->ctx);
    struct reader rd;
    reader_init_mem(&rd, "test.log", text, len);
    reader_set_diag(&rd, &r->dg);
    const char *l;
    size_t n;
    while (reader_next(&rd, &l, &n) == 1)
        gc_legacy_ops.line(p, l, n, rd.lineno);
    gc_legacy_ops.finish(p);
    gc_legacy_ops.destroy(p);
    r->dg.lines_read = rd.lineno;
    reader_close(&rd);
}
#define PARSE(r, lit) parse(r, lit, sizeof(lit) - 1)

static void done(struct run *r)
{
    diag_fini(&r->dg);
    intern_fini(&r->in);
}

/* gctoolkit-testdata/1073_1.log */
static void parnew_young(void)
{
    struct run r;
    PARSE(&r, "69.603: [GC 69.603: [ParNew: 209792K->8391K(235968K), 0.0168412 secs] 209792K->8391K(1022400K), "
              "0.0169706 secs] [Times: user=0.08 sys=0.03, real=0.02 secs] \n");
    CHECK_EQ_INT(r.n, 1);
    struct gc_event *e = &r.ev[0];
    CHECK_EQ_INT(e->type, GC_EV_PAUSE);
    CHECK_EQ_INT(e->kind, GC_KIND_YOUNG);
    CHECK_STR(e->name, "ParNew");
    CHECK(e->cause == NULL);
    CHECK_EQ_INT(e->duration_ns, 16970600);
    CHECK_EQ_INT(e->uptime_ns, 69603000000LL);
    CHECK_EQ_INT(e->wall_ms, -1);
    CHECK_EQ_INT(e->heap_before_kb, 209792);
    CHECK_EQ_INT(e->heap_after_kb, 8391);
    CHECK_EQ_INT(e->heap_total_kb, 1022400);
    CHECK_EQ_INT(e->young_before_kb, 209792);
    CHECK_EQ_INT(e->young_after_kb, 8391);
    CHECK_EQ_INT(e->young_total_kb, 235968);
    CHECK_EQ_INT(e->old_before_kb, -1);
    CHECK_EQ_INT(e->user_ns, 80000000);
    CHECK_EQ_INT(e->sys_ns, 30000000);
    CHECK_EQ_INT(e->real_ns, 20000000);
    CHECK_EQ_INT(e->gc_id, -1);
    CHECK_EQ_INT(e->line, 1);
    CHECK_STR(e->file, "test.log");
    CHECK_EQ_INT(r.ctx.collector, GC_COLL_CMS);
    CHECK_EQ_INT(r.dg.total, 0);
    done(&r);
}

/* gctoolkit-testdata/1073_1.log: one CMS cycle */
static void cms_cycle(void)
{
    struct run r;
    PARSE(&r,
          "83.126: [GC [1 CMS-initial-mark: 454489K(786432K)] 481652K(1022400K), 0.0506279 secs] [Times: user=0.08 "
          "sys=0.00, real=0.06 secs] \n"
          "83.177: [CMS-concurrent-mark-start]\n"
          "85.715: [CMS-concurrent-mark: 2.497/2.538 secs] [Times: user=6.67 sys=0.09, real=2.53 secs] \n"
          "90.063: [GC[YG occupancy: 135282 K (235968 K)]90.063: [Rescan (parallel) , 0.0385133 secs]90.102: [weak "
          "refs processing, 0.0021687 secs] [1 CMS-remark: 494807K(786432K)] 630090K(1022400K), 0.0408013 secs] "
          "[Times: user=0.28 sys=0.00, real=0.05 secs] \n"
          "90.538: [CMS-concurrent-sweep: 0.434/0.434 secs] [Times: user=1.44 sys=0.03, real=0.44 secs] \n");
    CHECK_EQ_INT(r.n, 4);
    CHECK_EQ_INT(r.ev[0].kind, GC_KIND_INITIAL_MARK);
    CHECK_STR(r.ev[0].name, "CMS Initial Mark");
    CHECK_EQ_INT(r.ev[0].duration_ns, 50627900);
    CHECK_EQ_INT(r.ev[0].old_before_kb, 454489);
    CHECK_EQ_INT(r.ev[0].old_total_kb, 786432);
    CHECK_EQ_INT(r.ev[0].heap_before_kb, 481652);
    CHECK_EQ_INT(r.ev[0].heap_total_kb, 1022400);
    CHECK_EQ_INT(r.ev[1].type, GC_EV_CONCURRENT);
    CHECK_EQ_INT(r.ev[1].kind, GC_KIND_CONCURRENT);
    CHECK_STR(r.ev[1].name, "CMS-concurrent-mark");
    CHECK_EQ_INT(r.ev[1].duration_ns, 2538000000LL); /* wall, not cpu */
    CHECK_EQ_INT(r.ev[2].kind, GC_KIND_REMARK);
    CHECK_STR(r.ev[2].name, "CMS Remark");
    CHECK_EQ_INT(r.ev[2].duration_ns, 40801300);
    CHECK_EQ_INT(r.ev[2].line, 4);
    CHECK_STR(r.ev[3].name, "CMS-concurrent-sweep");
    CHECK_EQ_INT(r.dg.total, 0);
    CHECK_EQ_INT(r.ctx.lines_info, 1); /* the -start line */
    done(&r);
}

/* JDK 8 Parallel with datestamps (corpus: a PSYoungGen/ParOldGen Full GC (Ergonomics) line) */
static void parallel_full(void)
{
    struct run r;
    PARSE(&r, "2015-12-28T13:50:37.214-1000: 0.349: [Full GC (Ergonomics) [PSYoungGen: 10720K->0K(141824K)] "
              "[ParOldGen: 109101K->117471K(290816K)] 119821K->117471K(432640K), [Metaspace: "
              "4082K->4082K(1056768K)], 0.2284721 secs] [Times: user=1.42 sys=0.02, real=0.23 secs] \n");
    CHECK_EQ_INT(r.n, 1);
    struct gc_event *e = &r.ev[0];
    CHECK_EQ_INT(e->kind, GC_KIND_FULL);
    CHECK_STR(e->name, "Full GC");
    CHECK_STR(e->cause, "Ergonomics");
    CHECK_EQ_INT(e->duration_ns, 228472100);
    CHECK_EQ_INT(e->uptime_ns, 349000000);
    /* 2015-12-28T13:50:37.214-1000 = 23:50:37.214 UTC */
    CHECK_EQ_INT(e->wall_ms, 1451346637214LL);
    CHECK_EQ_INT(e->tz_offset_min, -600);
    CHECK_EQ_INT(e->young_before_kb, 10720);
    CHECK_EQ_INT(e->old_before_kb, 109101);
    CHECK_EQ_INT(e->old_after_kb, 117471);
    CHECK_EQ_INT(e->old_total_kb, 290816);
    CHECK_EQ_INT(e->heap_before_kb, 119821);
    CHECK_EQ_INT(e->heap_after_kb, 117471);
    CHECK_EQ_INT(e->meta_before_kb, 4082);
    CHECK_EQ_INT(e->meta_total_kb, 1056768);
    CHECK_EQ_INT(r.ctx.collector, GC_COLL_PARALLEL);
    done(&r);
}

/* Serial promotion failure (corpus: DefNew (promotion failed) + Tenured line) */
static void serial_promotion_failed(void)
{
    struct run r;
    PARSE(&r, "116.957: [GC (Allocation Failure) 116.957: [DefNew (promotion failed) : "
              "229660K->235967K(235968K), 0.2897884 secs]117.247: [Tenured: 524288K->144069K(524288K), 0.3905008 "
              "secs] 674654K->144069K(760256K), [Metaspace: 65384K->65384K(1114112K)], 0.6804246 secs] [Times: "
              "user=0.67 sys=0.01, real=0.69 secs]\n");
    CHECK_EQ_INT(r.n, 1);
    CHECK_EQ_INT(r.ev[0].kind, GC_KIND_FULL); /* the young collection fell back to a full one */
    CHECK(r.ev[0].flags & GCF_PROMOTION_FAILED);
    CHECK_STR(r.ev[0].cause, "Allocation Failure");
    CHECK_EQ_INT(r.ev[0].duration_ns, 680424600);
    CHECK_EQ_INT(r.ev[0].young_before_kb, 229660);
    CHECK_EQ_INT(r.ev[0].old_after_kb, 144069);
    CHECK_EQ_INT(r.ctx.collector, GC_COLL_SERIAL);
    done(&r);
}

/* GCViewer/SampleSun1_8_0G1PrintGCID.txt: a G1 detail block (worker lines shortened) */
static void g1_block(void)
{
    struct run r;
    PARSE(&r, "2022-08-01T17:17:33.389+0000: 0.177: #1: [GC pause (G1 Evacuation Pause) (young), 0.0071813 secs]\n"
              "   [Parallel Time: 4.9 ms, GC Workers: 2]\n"
              "      [GC Worker Start (ms): Min: 177.4, Avg: 177.4, Max: 177.4, Diff: 0.0]\n"
              "      [Free CSet: 0.0 ms]\n"
              "   [Eden: 4096.0K(4096.0K)->0.0B(7168.0K) Survivors: 1024.0K->1024.0K Heap: "
              "10760.5K(32768.0K)->10752.5K(32768.0K)]\n"
              " [Times: user=0.02 sys=0.00, real=0.01 secs] \n"
              "2022-08-01T17:17:33.409+0000: 0.198: #3: [GC pause (G1 Evacuation Pause) (young) (initial-mark), "
              "0.0037303 secs]\n"
              "2015-03-07T19:11:00.493+0000: 6.133: [GC concurrent-mark-end, 0.0015604 secs]\n"
              "2972.698: [GC cleanup 13G->12G(30G), 0.0358748 secs]\n"
              "506146.808: [GC pause (G1 Evacuation Pause) (mixed) (to-space exhausted), 8.6429024 secs]\n");
    CHECK_EQ_INT(r.n, 5);
    struct gc_event *e = &r.ev[0];
    CHECK_EQ_INT(e->kind, GC_KIND_YOUNG);
    CHECK_STR(e->name, "G1 Young");
    CHECK_STR(e->cause, "G1 Evacuation Pause");
    CHECK_EQ_INT(e->duration_ns, 7181300);
    CHECK_EQ_INT(e->heap_before_kb, 10761); /* 10760.5K rounded */
    CHECK_EQ_INT(e->heap_after_kb, 10753);
    CHECK_EQ_INT(e->heap_total_kb, 32768);
    CHECK_EQ_INT(e->young_before_kb, 4096 + 1024);
    CHECK_EQ_INT(e->young_after_kb, 1024);
    CHECK_EQ_INT(e->real_ns, 10000000);
    CHECK_EQ_INT(e->line, 1);
    CHECK_EQ_INT(r.ev[1].kind, GC_KIND_INITIAL_MARK);
    CHECK_STR(r.ev[1].name, "G1 Initial Mark");
    CHECK_EQ_INT(r.ev[2].type, GC_EV_CONCURRENT);
    CHECK_STR(r.ev[2].name, "GC concurrent-mark");
    CHECK_EQ_INT(r.ev[2].duration_ns, 1560400);
    CHECK_EQ_INT(r.ev[3].kind, GC_KIND_CLEANUP);
    CHECK_EQ_INT(r.ev[3].heap_before_kb, 13 * 1024 * 1024);
    CHECK_EQ_INT(r.ev[4].kind, GC_KIND_MIXED);
    CHECK(r.ev[4].flags & GCF_TO_SPACE_EXHAUSTED);
    CHECK_EQ_INT(r.ctx.collector, GC_COLL_G1);
    CHECK_EQ_INT(r.dg.total, 0);
    CHECK_EQ_INT(r.ctx.lines_info, 5);
    done(&r);
}

/* garbagecat/dataset15.txt: a concurrent phase spliced into a ParNew line */
static void spliced_cms(void)
{
    struct run r;
    PARSE(&r, "2210.281: [GC 2210.282: [ParNew2210.314: [CMS-concurrent-abortable-preclean: 0.043/0.144 secs] "
              "[Times: user=0.58 sys=0.03, real=0.14 secs]\n"
              ": 212981K->3156K(242304K), 0.0364435 secs] 4712182K->4502357K(4971420K), 0.0368807 secs] [Times: "
              "user=0.18 sys=0.02, real=0.04 secs]\n");
    CHECK_EQ_INT(r.n, 2);
    CHECK_EQ_INT(r.ev[0].type, GC_EV_CONCURRENT);
    CHECK_STR(r.ev[0].name, "CMS-concurrent-abortable-preclean");
    CHECK_EQ_INT(r.ev[0].duration_ns, 144000000);
    /* stamped at its end (2210.314): the event starts 0.144 s earlier */
    CHECK_EQ_INT(r.ev[0].uptime_ns, 2210170000000LL);
    CHECK_EQ_INT(r.ev[1].type, GC_EV_PAUSE);
    CHECK_STR(r.ev[1].name, "ParNew");
    CHECK_EQ_INT(r.ev[1].duration_ns, 36880700);
    CHECK_EQ_INT(r.ev[1].uptime_ns, 2210281000000LL);
    CHECK_EQ_INT(r.ev[1].line, 1);
    CHECK_EQ_INT(r.ev[1].young_before_kb, 212981);
    CHECK_EQ_INT(r.ev[1].heap_total_kb, 4971420);
    CHECK_EQ_INT(r.dg.total, 0);
    done(&r);
}

/* garbagecat/dataset223.txt: a safepoint line glued to another thread's timestamps */
static void spliced_safepoint(void)
{
    struct run r;
    PARSE(&r, "2021-10-27T10:52:38.345-0400: 2021-10-27T10:52:38.345-04000.181: : Total time for which application "
              "threads were stopped: 0.0013170 seconds, Stopping threads took: 0.0000454 seconds\n");
    CHECK_EQ_INT(r.n, 1);
    CHECK_EQ_INT(r.ev[0].type, GC_EV_SAFEPOINT);
    CHECK_EQ_INT(r.ev[0].duration_ns, 1317000);
    CHECK_EQ_INT(r.ev[0].ttsp_ns, 45400);
    CHECK_EQ_INT(r.dg.total, 1); /* the unreadable timestamp remnant is reported, not dropped */
    done(&r);
}

/* GCViewer/SampleSun1_7_0CMS_PrintTenuringDistributionPromotionFailure.txt (promotion failure sizes cut
   short): ParNew promotion failed -> CMS concurrent mode failure, spliced sweep, tenuring lines */
static void cms_concurrent_mode_failure(void)
{
    struct run r;
    PARSE(&r, "2014-03-12T21:18:26.029-0500: 13295.637: [GC2014-03-12T21:18:26.029-0500: 13295.637: [ParNew (0: "
              "promotion failure size = 11863)  (1: promotion failure size = 11883)  (promotion failed)\n"
              "Desired survivor size 208764928 bytes, new threshold 15 (max 15)\n"
              "- age   1:  187860912 bytes,  187860912 total\n"
              ": 6906246K->6819243K(6932288K), 2.7300470 secs]2014-03-12T21:18:28.759-0500: 13298.367: "
              "[CMS2014-03-12T21:18:31.372-0500: 13300.980: [CMS-concurrent-sweep: 16.244/20.725 secs] [Times: "
              "user=100.59 sys=4.74, real=20.72 secs]\n"
              " (concurrent mode failure): 23591969K->23342845K(25165824K), 127.2159440 secs] "
              "30431568K->23342845K(32098112K), [CMS Perm : 137329K->97298K(262912K)], 129.9468220 secs] [Times: "
              "user=131.28 sys=0.07, real=129.95 secs]\n"
              "2014-03-12T21:20:35.976-0500: 13425.584: Total time for which application threads were stopped: "
              "129.9531350 seconds\n");
    CHECK_EQ_INT(r.n, 3);
    CHECK_EQ_INT(r.ev[0].type, GC_EV_CONCURRENT);
    CHECK_STR(r.ev[0].name, "CMS-concurrent-sweep");
    struct gc_event *e = &r.ev[1];
    CHECK_EQ_INT(e->type, GC_EV_PAUSE);
    CHECK_EQ_INT(e->kind, GC_KIND_FULL);
    CHECK(e->flags & GCF_CONC_MODE_FAILURE);
    CHECK(e->flags & GCF_PROMOTION_FAILED);
    CHECK_EQ_INT(e->duration_ns, 129946822000LL);
    CHECK_EQ_INT(e->line, 1);
    CHECK_EQ_INT(e->old_before_kb, 23591969);
    CHECK_EQ_INT(e->meta_after_kb, 97298);
    CHECK_EQ_INT(e->heap_before_kb, 30431568);
    CHECK_EQ_INT(r.ev[2].type, GC_EV_SAFEPOINT);
    CHECK_EQ_INT(r.ev[2].duration_ns, 129953135000LL);
    CHECK_EQ_INT(r.ev[2].ttsp_ns, -1);
    CHECK_EQ_INT(r.dg.total, 0);
    CHECK_EQ_INT(r.ctx.lines_info, 2);
    done(&r);
}

/* GCToolKit 530_gc.log style -verbose:gc CMS: initial mark and remark print "used(cap)" */
static void verbose_cms_pairs(void)
{
    struct run r;
    PARSE(&r, "0.441: [GC 37011K->8315K(83008K), 0.0060658 secs]\n"
              "0.477: [GC 46468K(83008K), 0.0039333 secs]\n"
              "0.585: [GC 50934K(83008K), 0.0049002 secs]\n"
              "0.627: [Full GC 61889K->12345K(99756K), 0.0080022 secs]\n");
    CHECK_EQ_INT(r.n, 4);
    CHECK_EQ_INT(r.ev[0].kind, GC_KIND_YOUNG);
    CHECK_STR(r.ev[0].name, "GC");
    CHECK_EQ_INT(r.ev[1].kind, GC_KIND_INITIAL_MARK);
    CHECK_EQ_INT(r.ev[2].kind, GC_KIND_REMARK);
    CHECK_EQ_INT(r.ev[3].kind, GC_KIND_FULL);
    CHECK_EQ_INT(r.ev[1].heap_before_kb, 46468);
    done(&r);
}

static void safepoints_and_headers(void)
{
    struct run r;
    PARSE(&r, "Java HotSpot(TM) 64-Bit Server VM (25.45-b02) for linux-amd64 JRE (1.8.0_45-b14), built on Apr 10 "
              "2015 10:07:45 by \"java_re\" with gcc 4.3.0 20080428 (Red Hat 4.3.0-8)\n"
              "Memory: 4k page, physical 16346504k(12377404k free), swap 1000444k(718588k free)\n"
              "CommandLine flags: -XX:InitialHeapSize=261544064 -XX:MaxHeapSize=45097156608 -XX:+PrintGC "
              "-XX:+UseConcMarkSweepGC \n"
              "2016-12-21T14:28:11.041-0500: 0.193: Total time for which application threads were stopped: "
              "0.0000746 seconds, Stopping threads took: 0.0000269 seconds\n"
              "2016-12-21T14:28:11.041-0500: 0.193: Application time: 0.1234 seconds\n"
              "0.328: [Full GC (Ergonomics)  119847K->117462K(433152K), 0.2344144 secs]\n");
    CHECK_EQ_INT(r.n, 2);
    CHECK_EQ_INT(r.ev[0].type, GC_EV_SAFEPOINT);
    CHECK_EQ_INT(r.ev[0].duration_ns, 74600);
    CHECK_EQ_INT(r.ev[0].ttsp_ns, 26900);
    /* stamped when the threads resumed (0.193): stopped 74.6 us before */
    CHECK_EQ_INT(r.ev[0].uptime_ns, 193000000 - 74600);
    CHECK_STR(r.ctx.jvm_version, "1.8.0_45-b14");
    CHECK_EQ_INT(r.ctx.heap_max_kb, 45097156608LL / 1024);
    CHECK_EQ_INT(r.ctx.collector, GC_COLL_CMS); /* flags win over syntax */
    CHECK_EQ_INT(r.ctx.lines_info, 4);
    CHECK_EQ_INT(r.ctx.first_uptime_ns, 193000000 - 74600);
    CHECK_EQ_INT(r.ctx.last_uptime_ns, 328000000);
    CHECK_EQ_INT(r.dg.total, 0);
    done(&r);
}

/* CRLF line ends and a comma decimal separator ("0,0123 secs") */
static void crlf_and_comma(void)
{
    struct run r;
    PARSE(&r, "2014-06-18T11:24:16.819+0200: 215646,793: [GC 215646,793: [ParNew: 209792K->8391K(235968K), "
              "0,0168412 secs] 209792K->8391K(1022400K), 0,0169706 secs] [Times: user=0,08 sys=0,03, real=0,02 "
              "secs] \r\n"
              "2014-06-18T11:24:16.819+0200: 215646,793: Application time: 0,0001290 seconds\r\n");
    CHECK_EQ_INT(r.n, 1);
    CHECK_EQ_INT(r.ev[0].duration_ns, 16970600);
    CHECK_EQ_INT(r.ev[0].uptime_ns, 215646793000000LL);
    CHECK_EQ_INT(r.ev[0].user_ns, 80000000);
    CHECK_EQ_INT(r.ev[0].tz_offset_min, 120);
    CHECK_EQ_INT(r.dg.total, 0);
    done(&r);
}

/* Scavenge before remark: one REMARK pause with the total duration
   (gctoolkit-testdata/parnew_details__scavangeBeforeRemark.log style, tenuring lines between) */
static void scavenge_before_remark(void)
{
    struct run r;
    PARSE(&r, "8.362: [GC (CMS Final Remark) [YG occupancy: 30719 K (78656 K)]8.362: [GC (CMS Final Remark) 8.362: "
              "[ParNew\n"
              "Desired survivor size 4456448 bytes, new threshold 1 (max 6)\n"
              "- age   1:    5341264 bytes,    5341264 total\n"
              ": 30719K->5220K(78656K), 0.0106219 secs] 87967K->64640K(253440K), 0.0106699 secs] [Times: user=0.03 "
              "sys=0.00, real=0.01 secs] \n"
              "8.373: [Rescan (parallel) , 0.0020740 secs]8.375: [weak refs processing, 0.0000141 secs]8.375: "
              "[class unloading, 0.0009140 secs]8.376: [scrub symbol table, 0.0010290 secs]8.377: [scrub string "
              "table, 0.0001330 secs][1 CMS-remark: 59420K(174784K)] 64640K(253440K), 0.0152419 secs] [Times: "
              "user=0.03 sys=0.00, real=0.02 secs] \n");
    CHECK_EQ_INT(r.n, 1);
    CHECK_EQ_INT(r.ev[0].kind, GC_KIND_REMARK);
    CHECK_STR(r.ev[0].name, "CMS Remark");
    CHECK_STR(r.ev[0].cause, "CMS Final Remark");
    CHECK_EQ_INT(r.ev[0].duration_ns, 15241900);
    CHECK_EQ_INT(r.ev[0].young_before_kb, 30719);
    CHECK_EQ_INT(r.ev[0].old_before_kb, 59420);
    CHECK_EQ_INT(r.dg.total, 0);
    done(&r);
}

/* garbagecat/dataset120.txt (heap lines shortened): -XX:+CMSScavengeBeforeRemark without
   PrintGCDetails, with PrintHeapAtGC. The remark's head is cut by its "{Heap before GC"
   block, its scavenge "[GC (CMS Final Remark)  ...secs]" follows whole, then the heap
   after and the remark's tail. One remark with the total duration (as with details),
   not the scavenge counted again beside it. */
static void scavenge_before_remark_heap_at_gc(void)
{
    struct run r;
    PARSE(&r, "2017-04-03T03:12:02.133-0500: 30.385: [GC (CMS Final Remark) {Heap before GC invocations=7 (full 2):\n"
              " par new generation   total 2770432K, used 451444K [0x00000005c0000000, 0x0000000681400000, "
              "0x0000000681400000)\n"
              "2017-04-03T03:12:02.134-0500: 30.385: [GC (CMS Final Remark)  890910K->620060K(7992832K), 0.1223879 "
              "secs]\n"
              "Heap after GC invocations=8 (full 2):\n"
              " par new generation   total 2770432K, used 180594K [0x00000005c0000000, 0x0000000681400000, "
              "0x0000000681400000)\n"
              "}\n"
              " 620060K(7992832K), 0.2328529 secs]\n");
    CHECK_EQ_INT(r.n, 1);
    CHECK_EQ_INT(r.ev[0].kind, GC_KIND_REMARK);
    CHECK_STR(r.ev[0].cause, "CMS Final Remark");
    CHECK_EQ_INT(r.ev[0].duration_ns, 232852900);
    CHECK_EQ_INT(r.ev[0].line, 1);
    CHECK_EQ_INT(r.dg.total, 0);
    done(&r);
}

/* -XX:+G1SummarizeRSetStats: JDK 8 blocks (rows as garbagecat/dataset139.txt prints
   them; here the exit-time "Cumulative RS summary" after the Heap block, a few rows of
   each section) and the JDK 7u form ("Concurrent RS processed", printed by
   G1RemSetSummary::print_on with the 7u format strings). Known non-event lines:
   counted as info, none unparsed; outside a block the same rows are unparsed. */
static void g1_rset_summaries(void)
{
    struct run r;
    PARSE(&r, "0.547: [GC pause (G1 Evacuation Pause) (young), 0.0167272 secs]\n"
              "   [Eden: 21.0M(21.0M)->0.0B(26.0M) Survivors: 4096.0K->4096.0K Heap: 28.7M(512.0M)->18.3M(512.0M)]\n"
              " [Times: user=0.12 sys=0.00, real=0.02 secs] \n"
              "Heap\n"
              " garbage-first heap   total 524288K, used 18740K [0x00000000c0000000, 0x00000000c0101000, "
              "0x0000000100000000)\n"
              " Cumulative RS summary\n"
              "\n"
              " Recent concurrent refinement statistics\n"
              "  Processed 5878 cards\n"
              "  Of 31 completed buffers:\n"
              "           31 (100.0%) by concurrent RS threads.\n"
              "            0 (  0.0%) by mutator threads.\n"
              "  Did 0 coarsenings.\n"
              "  Concurrent RS threads times (s)\n"
              "          0.00     0.00     0.00     0.00     0.00     0.00     0.00     0.00\n"
              "  Concurrent sampling threads times (s)\n"
              "          0.00\n"
              "\n"
              " Current rem set statistics\n"
              "  Total per region rem sets sizes = 1515K. Max = 7776B.\n"
              "          12K (  0.8%) by 4 Young regions\n"
              "   Static structures = 64K, free_lists = 10K.\n"
              "    2396 occupied cards represented.\n"
              "         2396 (100.0%) entries by 15 Old regions\n"
              "    Region with largest rem set = 4:(O)[0x00000000c0400000,0x00000000c0500000,0x00000000c0500000], "
              "size = 7776B, occupied = 0B.\n"
              "  Total heap region code root sets sizes = 14K.  Max = 4776B.\n"
              "        6160B ( 42.8%) by 15 Old regions\n"
              "    249 code roots represented.\n"
              "          242 ( 97.2%) elements by 15 Old regions\n"
              "    Region with largest amount of code roots = 4:(O)[0x00000000c0400000,0x00000000c0500000,"
              "0x00000000c0500000], size = 4776B, num_elems = 196.\n");
    CHECK_EQ_INT(r.n, 1);
    CHECK_EQ_INT(r.ev[0].duration_ns, 16727200);
    CHECK_EQ_INT(r.dg.total, 0);
    CHECK_EQ_INT(r.ctx.lines_info, 4 + 23); /* Eden, Times, the 2 Heap lines, the 23 summary rows */
    done(&r);

    PARSE(&r, "2.345: [GC pause (young), 0.0123450 secs]\n"
              "\n"
              " Concurrent RS processed 2210 cards\n"
              "  Of 10 completed buffers:\n"
              "           10 (100.0%) by concurrent RS threads.\n"
              "            0 (  0.0%) by mutator threads.\n"
              "  Concurrent RS threads times (s)\n"
              "          0.00     0.00     0.00     0.00\n"
              "  Concurrent sampling threads times (s)\n"
              "          0.00\n"
              "  Total heap region rem set sizes = 5739K.  Max = 1K.\n"
              "  Static structures = 349K, free_lists = 0K.\n"
              "    0 occupied cards represented.\n"
              "    Max size region = 0:(F)[0x00000000c0000000,0x00000000c0000000,0x00000000c0100000], size = 1K, "
              "occupied = 0K.\n"
              "    Did 0 coarsenings.\n"
              "  Total heap region code-root set sizes = 34K.  Max = 1K.\n"
              "3.456: [GC pause (young), 0.0234560 secs]\n");
    CHECK_EQ_INT(r.n, 2);
    CHECK_EQ_INT(r.dg.total, 0);
    CHECK_EQ_INT(r.ctx.lines_info, 14);
    done(&r);

    /* rows without their block, and a block cut by another line */
    PARSE(&r, "          12K (  0.8%) by 4 Young regions\n"
              " Recent concurrent refinement statistics\n"
              "hello\n"
              "          0.00     0.00\n");
    CHECK_EQ_INT(r.dg.total, 3);
    CHECK_EQ_INT(r.ctx.lines_info, 1);
    done(&r);
}

/* A long ParNew whose head is interrupted by the CMS thread: the abortable
   preclean ends, a whole remark line, the sweep start and then the ParNew's
   own tenuring table come before its tail (issue 9). The pause must be kept,
   with its own duration, at its own line; nothing is unparsed. Both forms of
   the interruption: the preclean on a line of its own, and spliced into the
   head's line. */
#define PARNEW_HEAD "2016-03-22T10:03:01.032-0400: 20.188: [GC (Allocation Failure) 2016-03-22T10:03:01.032-0400: 20.188: [ParNew"
#define PRECLEAN "2016-03-22T10:03:01.040-0400: 20.196: [CMS-concurrent-abortable-preclean: 0.588/0.759 secs] [Times: user=1.41 sys=0.04, real=0.76 secs]"
#define PARNEW_REST                                                                                                \
    "2016-03-22T10:03:01.041-0400: 20.197: [GC (CMS Final Remark) [YG occupancy: 140622 K (153344 K)]"            \
    "2016-03-22T10:03:01.041-0400: 20.197: [Rescan (parallel) , 0.0343980 secs]2016-03-22T10:03:01.075-0400: "     \
    "20.231: [weak refs processing, 0.0000410 secs]2016-03-22T10:03:01.075-0400: 20.231: [class unloading, "       \
    "0.0101470 secs]2016-03-22T10:03:01.085-0400: 20.241: [scrub symbol table, 0.0046830 secs]"                    \
    "2016-03-22T10:03:01.090-0400: 20.246: [scrub string table, 0.0007210 secs][1 CMS-remark: "                    \
    "1992637K(4023936K)] 2133259K(4177280K), 0.0512370 secs] [Times: user=0.17 sys=0.00, real=0.05 secs]\n"        \
    "2016-03-22T10:03:01.093-0400: 20.249: [CMS-concurrent-sweep-start]\n"                                         \
    "Desired survivor size 8716288 bytes, new threshold 1 (max 6)\n"                                               \
    "- age   1:    3701896 bytes,    3701896 total\n"                                                              \
    "- age   2:     124520 bytes,    3826416 total\n"                                                              \
    "- age   3:      93416 bytes,    3919832 total\n"                                                              \
    "- age   4:      10104 bytes,    3929936 total\n"                                                              \
    "- age   5:       8192 bytes,    3938128 total\n"                                                              \
    ": 140622K->3617K(153344K), 1.8212020 secs] 2133259K->1996355K(4177280K), 1.8214410 secs] [Times: "          \
    "user=3.52 sys=0.11, real=1.83 secs]\n"                                                                        \
    "2016-03-22T10:03:02.861-0400: 22.017: [CMS-concurrent-sweep: 0.736/1.768 secs] [Times: user=1.60 sys=0.02, "  \
    "real=1.77 secs]\n"

static void check_interleaved_parnew(struct run *r, int remark_line, int tail_lines)
{
    CHECK_EQ_INT(r->dg.total, 0);
    CHECK_EQ_INT(r->n, 4);
    int young = -1, remark = -1;
    for (int i = 0; i < r->n; i++) {
        if (r->ev[i].type == GC_EV_PAUSE && r->ev[i].kind == GC_KIND_YOUNG)
            young = i;
        if (r->ev[i].type == GC_EV_PAUSE && r->ev[i].kind == GC_KIND_REMARK)
            remark = i;
    }
    CHECK(young >= 0 && remark >= 0);
    if (young < 0 || remark < 0)
        return;
    const struct gc_event *y = &r->ev[young];
    CHECK_STR(y->name, "ParNew");
    CHECK_STR(y->cause, "Allocation Failure");
    CHECK_EQ_INT(y->duration_ns, 1821441000);
    CHECK_EQ_INT(y->real_ns, 1830000000);
    CHECK_EQ_INT(y->uptime_ns, 20188000000LL);
    CHECK_EQ_INT(y->line, 1);
    CHECK_EQ_INT(y->young_before_kb, 140622);
    CHECK_EQ_INT(y->young_after_kb, 3617);
    CHECK_EQ_INT(y->heap_after_kb, 1996355);
    CHECK_EQ_INT(r->ev[remark].duration_ns, 51237000);
    CHECK_EQ_INT(r->ev[remark].line, remark_line);
    CHECK_EQ_INT(r->ev[remark].uptime_ns, 20197000000LL);
    /* sweep start + survivor size + 5 ages */
    CHECK_EQ_INT(r->ctx.lines_info, tail_lines);
}

static void parnew_interrupted_by_cms(void)
{
    struct run r;
    PARSE(&r, PARNEW_HEAD "\n" PRECLEAN "\n" PARNEW_REST);
    check_interleaved_parnew(&r, 3, 7);
    done(&r);
    PARSE(&r, PARNEW_HEAD PRECLEAN "\n" PARNEW_REST);
    check_interleaved_parnew(&r, 2, 7);
    done(&r);
}

/* A head that never gets its tail is still reported, whatever whole events
   follow it: after ACC_MAX_INTERLEAVED of them, or when time goes back (a
   new JVM run after a cut-off line), or at the end of the file. */
static void parnew_head_without_tail(void)
{
    static const char young[] = "[GC (Allocation Failure) 20.300: [ParNew: 1000K->100K(2000K), 0.0100000 secs] "
                                "5000K->4100K(9000K), 0.0110000 secs] [Times: user=0.02 sys=0.00, real=0.01 secs]\n";
    char buf[4096];
    struct run r;
    /* five whole events after the open head: it is given up at the fifth */
    size_t len = 0;
    len += (size_t)snprintf(buf + len, sizeof buf - len, "%s\n", "20.188: [GC (Allocation Failure) 20.188: [ParNew");
    for (int i = 0; i < 5; i++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, "20.%d: %s", 300 + i, young);
    parse(&r, buf, len);
    CHECK_EQ_INT(r.n, 5);
    CHECK_EQ_INT(r.dg.total, 1);
    CHECK(r.dg.n == 1 && strcmp(r.dg.r[0].reason, "unterminated GC event") == 0);
    CHECK(r.dg.n == 1 && r.dg.r[0].ex[0].line == 1);
    done(&r);
    /* uptime going back: given up at once */
    len = (size_t)snprintf(buf, sizeof buf, "20.188: [GC (Allocation Failure) 20.188: [ParNew\n0.500: %s", young);
    parse(&r, buf, len);
    CHECK_EQ_INT(r.n, 1);
    CHECK_EQ_INT(r.dg.total, 1);
    CHECK(r.dg.n == 1 && strcmp(r.dg.r[0].reason, "unterminated GC event") == 0);
    done(&r);
    /* the end of the file */
    len = (size_t)snprintf(buf, sizeof buf, "20.188: [GC (Allocation Failure) 20.188: [ParNew\n20.300: %s", young);
    parse(&r, buf, len);
    CHECK_EQ_INT(r.n, 1);
    CHECK_EQ_INT(r.dg.total, 1);
    CHECK(r.dg.n == 1 && strcmp(r.dg.r[0].reason, "truncated event at end of file") == 0);
    done(&r);
}

/* NaN, negative, exponent and overflowing durations: the line is unparsed ("bad
   duration", with its line number), never read as another number ("-0.0012" as
   1.2 ms, "1.5e-3" as 3 s) nor kept as a pause without a duration. One line of
   each kind that carries a duration: a ParNew, a CMS phase (cpu/wall), a safepoint,
   a G1 concurrent phase, a JDK 8 Shenandoah pause; then a good ParNew. */
static void bad_durations(void)
{
    static const char *const bad[] = {"-0.0012", "nan", "-nan", "NaN", "inf", "1e400", "1.5e-3",
                                      "99999999999999999999.9"};
    static const char fmt[] =
        "1.000: [GC (Allocation Failure) 1.000: [ParNew: 1000K->100K(2000K), %s secs] 5000K->4100K(9000K), %s "
        "secs] [Times: user=0.02 sys=0.00, real=0.01 secs]\n"
        "3.000: [CMS-concurrent-mark: %s/%s secs] [Times: user=0.37 sys=0.00, real=0.15 secs]\n"
        "4.000: Total time for which application threads were stopped: %s seconds, Stopping threads took: "
        "0.0000269 seconds\n"
        "5.000: [GC concurrent-mark-end, %s secs]\n"
        "[Pause Init Mark, %s ms]\n"
        "6.000: [GC (Allocation Failure) 6.000: [ParNew: 1000K->100K(2000K), 0.0100000 secs] "
        "5000K->4100K(9000K), 0.0110000 secs] [Times: user=0.02 sys=0.00, real=0.01 secs]\n";
    char buf[2048];
    struct run r;
    for (size_t b = 0; b < sizeof bad / sizeof *bad; b++) {
        const char *d = bad[b];
        int len = snprintf(buf, sizeof buf, fmt, d, d, d, d, d, d, d);
        parse(&r, buf, (size_t)len);
        CHECK_EQ_INT(r.n, 1);
        CHECK(r.n >= 1 && r.ev[0].duration_ns == 11000000 && r.ev[0].line == 6);
        CHECK_EQ_INT(r.dg.total, 5);
        CHECK(r.dg.n == 1 && strcmp(r.dg.r[0].reason, "bad duration") == 0);
        CHECK(r.dg.n == 1 && r.dg.r[0].nex >= 3 && r.dg.r[0].ex[0].line == 1 && r.dg.r[0].ex[1].line == 2 &&
              r.dg.r[0].ex[2].line == 3);
        if (t_failures)
            printf("#   ^ with duration \"%s\"\n", d);
        done(&r);
    }
    /* the same lines with a good duration: all six events, nothing unparsed */
    int len = snprintf(buf, sizeof buf, fmt, "0.0012", "0.0012", "0.0012", "0.0012", "0.0012", "0.0012", "0.0012");
    parse(&r, buf, (size_t)len);
    CHECK_EQ_INT(r.n, 6);
    CHECK_EQ_INT(r.dg.total, 0);
    CHECK(r.n == 6 && r.ev[0].duration_ns == 1200000 && r.ev[1].duration_ns == 1200000 &&
          r.ev[2].duration_ns == 1200000 && r.ev[3].duration_ns == 1200000 && r.ev[4].duration_ns == 1200);
    done(&r);
}

/* Nothing is dropped silently: unknown lines, truncated events, junk bytes, huge lines. */
static void hostile(void)
{
    struct run r;
    PARSE(&r, "hello world\n"
              "12.3: [GC 12.3: [ParNew\n"
              "Desired survivor size 4456448 bytes, new threshold 1 (max 6)\n");
    CHECK_EQ_INT(r.n, 0);
    CHECK_EQ_INT(r.dg.total, 2); /* "hello world" and the open event's first line */
    bool trunc = false;
    for (size_t i = 0; i < r.dg.n; i++)
        if (strcmp(r.dg.r[i].reason, "truncated event at end of file") == 0)
            trunc = true;
    CHECK(trunc);
    done(&r);

    static const char junk[] = "\xff\xfe[GC \x80\x81 (\xc3\x28) 1.2: [ParNew: 1K->\xff(3K)]]]]] [[[[\n"
                               "[Full GC\0 12K->\n"
                               "0.1: [GC 0.1: [ParNew: 99999999999999999999999K->1K(2K), 99999999999999.9 secs]";
    parse(&r, junk, sizeof junk - 1);
    CHECK(r.dg.total >= 1);
    done(&r);

    size_t big = READER_MAX_LINE; /* the longest line the reader passes on */
    char *s = xmalloc(big + 64);
    memcpy(s, "1.0: [GC 1.0: [ParNew", 21);
    for (size_t i = 21; i < big; i++)
        s[i] = (char)('[' + (i % 3)); /* "[\\]" repeated: deep, unbalanced brackets */
    s[big] = '\n';
    parse(&r, s, big + 1);
    CHECK_EQ_INT(r.n, 0);
    CHECK(r.dg.total >= 1);
    done(&r);
    free(s);
}

int main(void)
{
    RUN(parnew_young);
    RUN(cms_cycle);
    RUN(parallel_full);
    RUN(serial_promotion_failed);
    RUN(g1_block);
    RUN(spliced_cms);
    RUN(spliced_safepoint);
    RUN(cms_concurrent_mode_failure);
    RUN(verbose_cms_pairs);
    RUN(safepoints_and_headers);
    RUN(crlf_and_comma);
    RUN(scavenge_before_remark);
    RUN(scavenge_before_remark_heap_at_gc);
    RUN(parnew_interrupted_by_cms);
    RUN(g1_rset_summaries);
    RUN(parnew_head_without_tail);
    RUN(bad_durations);
    RUN(hostile);
    T_DONE();
}
