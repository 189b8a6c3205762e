/*
 * test_gc_legacy_corpus.c — the JDK <= 8 parser over the real-log corpus
 * ($SHARED/corpus/gc, skipped when SHARED is empty or missing).
 *
 * For every MANIFEST.tsv row whose jvm_format is "jdk8-legacy", the file is
 * read through gc_read_inputs (format forced to legacy) into a sink that
 * records every event. Printed (as "#" lines): per-file counts, and the
 * unparsed-line rate per MANIFEST collector. Asserted:
 *   - the overall unparsed-line rate is under 1 %;
 *   - the facts of EXPECTED.md that map onto our event model (the table
 *     `facts` below; each row cites the tool that asserts it). Expected
 *     values are copied from EXPECTED.md, never from our own output.
 * GCL_CORPUS_VERBOSE=1 prints each file's unparsed reasons with examples.
 */
#include "gc_read.h"
#include "t.h" /* for the TAP conventions; counts kept here */
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec {
    enum gc_ev_type type;
    enum gc_kind kind;
    const char *name, *cause;
    unsigned flags;
    int64_t dur_ns, heap_before_kb, uptime_ns;
};

struct sink_state {
    struct rec *r;
    size_t n, cap;
};

static void collect(void *vctx, const struct gc_event *ev)
{
    struct sink_state *s = vctx;
    xgrow((void **)&s->r, &s->cap, s->n + 1, sizeof *s->r);
    struct rec *r = &s->r[s->n++];
    r->type = ev->type;
    r->kind = ev->kind;
    r->name = ev->name;
    r->cause = ev->cause;
    r->flags = ev->flags;
    r->dur_ns = ev->duration_ns;
    r->heap_before_kb = ev->heap_before_kb;
    r->uptime_ns = ev->uptime_ns;
}

enum metric {
    M_PAUSES,        /* GC_EV_PAUSE events */
    M_PAUSE_SUM_S,   /* sum of pause durations */
    M_FULL,          /* pauses of kind FULL */
    M_FULL_SUM_S,
    M_YOUNG,         /* pauses of kind YOUNG */
    M_YOUNG_SUM_S,
    M_MAX_PAUSE_S,
    M_MAX_FULL_S,
    M_MAX_YOUNG_S,
    M_MIN_YOUNG_S,
    M_NTH_PAUSE_S,   /* duration of pause number arg (1-based) */
    M_FIRST_HEAP_KB, /* heap_before of the first pause */
    M_LAST_PAUSE_S,
    M_IM,            /* pauses of kind INITIAL_MARK */
    M_RM,            /* pauses of kind REMARK */
    M_MIXED,
    M_CLEANUP,
    M_CONC,          /* concurrent events named str */
    M_SAFEPOINTS,
    M_SAFEPOINT_SUM_S,
    M_LAST_SAFEPOINT_S,
    M_FLAG_PAUSES,   /* pauses carrying flag arg */
    M_UNPARSED,
    M_PF_YOUNG,      /* young pauses with promotion failed */
};

struct fact {
    const char *file;
    enum metric m;
    long arg;
    const char *str;
    double want, tol;
    const char *source;
};

#define S 1e-7 /* tolerance for seconds quoted with 7 decimals */
static const struct fact facts[] = {
    /* GCViewer: pauses in seconds; "total pause" = all STW pauses */
    {"GCViewer/SampleSun1_5_0ConcurrentModeFailure.txt", M_PAUSE_SUM_S, 0, 0, 181.8116798, 1e-6, "GCViewer"},
    {"GCViewer/SampleSun1_5_0CMS_PrintGCDetails.txt", M_PAUSE_SUM_S, 0, 0, 9.1337492, 1e-6, "GCViewer"},
    {"GCViewer/SampleSun1_5_0CMS_PrintGCDetails.txt", M_FULL_SUM_S, 0, 0, 7.4672903, 1e-6, "GCViewer"},
    {"GCViewer/SampleSun1_5_0CMS_IncrementalPacing.txt", M_PAUSE_SUM_S, 0, 0, 2.3410947, 1e-6, "GCViewer"},
    {"GCViewer/SampleSun1_5_0CMS_IncrementalPacing.txt", M_FULL, 0, 0, 0, 0, "GCViewer"},
    {"GCViewer/SampleSun1_5_0PromotionFailure.txt", M_PAUSE_SUM_S, 0, 0, 8.413616, 1e-6, "GCViewer"},
    {"GCViewer/SampleSun1_5_0AdaptiveSizePolicy.txt", M_PAUSES, 0, 0, 6, 0, "GCViewer"},
    {"GCViewer/SampleSun1_5_0AdaptiveSizePolicy.txt", M_FULL, 0, 0, 1, 0, "GCViewer"},
    {"GCViewer/SampleSun1_5_0AdaptiveSizePolicy.txt", M_YOUNG, 0, 0, 5, 0, "GCViewer"},
    {"GCViewer/SampleSun1_5_0AdaptiveSizePolicy.txt", M_PAUSE_SUM_S, 0, 0, 0.1024222, S, "GCViewer"},
    {"GCViewer/SampleSun1_5_0AdaptiveSizePolicy.txt", M_FULL_SUM_S, 0, 0, 0.0583435, S, "GCViewer"},
    {"GCViewer/SampleSun1_5_0AdaptiveSizePolicy.txt", M_YOUNG_SUM_S, 0, 0, 0.0440787, S, "GCViewer"},
    {"GCViewer/SampleSun1_5_0ParallelOldGC.txt", M_PAUSES, 0, 0, 1, 0, "GCViewer"},
    {"GCViewer/SampleSun1_5_0ParallelOldGC.txt", M_MAX_FULL_S, 0, 0, 27.0696262, S, "GCViewer"},
    {"GCViewer/SampleSun1_4_0AdaptiveSizePolicy.txt", M_PAUSES, 0, 0, 9, 0, "GCViewer"},
    {"GCViewer/SampleSun1_4_0AdaptiveSizePolicy.txt", M_FULL, 0, 0, 3, 0, "GCViewer"},
    {"GCViewer/SampleSun1_4_0AdaptiveSizePolicy.txt", M_YOUNG, 0, 0, 6, 0, "GCViewer"},
    {"GCViewer/SampleSun1_4_0AdaptiveSizePolicy.txt", M_PAUSE_SUM_S, 0, 0, 0.1978746, S, "GCViewer"},
    {"GCViewer/SampleSun1_4_0AdaptiveSizePolicy.txt", M_FULL_SUM_S, 0, 0, 0.026889, S, "GCViewer"},
    {"GCViewer/SampleSun1_4_0AdaptiveSizePolicy.txt", M_YOUNG_SUM_S, 0, 0, 0.1709856, S, "GCViewer"},
    {"GCViewer/SampleSun1_4_2NoFullGC.txt", M_PAUSES, 0, 0, 12, 0, "GCViewer"},
    {"GCViewer/SampleSun1_4_2PrintGCDetails.txt", M_PAUSES, 0, 0, 4, 0, "GCViewer"},
    {"GCViewer/SampleSun1_4_0PSPrintHeapAtGC.txt", M_PAUSES, 0, 0, 2, 0, "GCViewer"},
    {"GCViewer/SampleSun1_4_0PSPrintHeapAtGC.txt", M_MAX_YOUNG_S, 0, 0, 0.0083579, S, "GCViewer"},
    {"GCViewer/SampleSun1_4_0PSPrintHeapAtGC.txt", M_MAX_FULL_S, 0, 0, 0.0299536, S, "GCViewer"},
    {"GCViewer/SampleSun1_4_0PSPrintHeapAtGC.txt", M_UNPARSED, 0, 0, 0, 0, "GCViewer"},
    {"GCViewer/SampleSun1_6_0PrintHeapAtGC.txt", M_PAUSES, 0, 0, 2, 0, "GCViewer"},
    {"GCViewer/SampleSun1_6_0PrintHeapAtGC.txt", M_MIN_YOUNG_S, 0, 0, 0.0134287, S, "GCViewer"},
    {"GCViewer/SampleSun1_6_0PrintHeapAtGC.txt", M_UNPARSED, 0, 0, 0, 0, "GCViewer"},
    {"GCViewer/SampleSun1_6_0AdaptiveSizePolicy.txt", M_PAUSES, 0, 0, 10, 0, "GCViewer"},
    {"GCViewer/SampleSun1_6_0AdaptiveSizePolicy.txt", M_MAX_YOUNG_S, 0, 0, 0.0224480, S, "GCViewer"},
    {"GCViewer/SampleSun1_6_0AdaptiveSizePolicy.txt", M_MAX_FULL_S, 0, 0, 0.0204436, S, "GCViewer"},
    {"GCViewer/SampleSun1_6_0G1_gc_verbose.txt", M_PAUSE_SUM_S, 0, 0, 62.616796, 1e-5, "GCViewer"},
    {"GCViewer/SampleSun1_6_0G1_gc_verbose.txt", M_MAX_PAUSE_S, 0, 0, 0.1581177, S, "GCViewer"},
    {"GCViewer/SampleSun1_6_0G1_young_toSpaceOverflow.txt", M_PAUSES, 0, 0, 1, 0, "GCViewer"},
    {"GCViewer/SampleSun1_6_0G1_young_toSpaceOverflow.txt", M_PAUSE_SUM_S, 0, 0, 0.04674512, 1e-8, "GCViewer"},
    {"GCViewer/SampleSun1_6_0G1_young_toSpaceOverflow.txt", M_FLAG_PAUSES, GCF_TO_SPACE_EXHAUSTED, 0, 1, 0,
     "GCViewer"},
    {"GCViewer/SampleSun1_6_0G1FullGcTenuringDistribution.txt", M_PAUSES, 0, 0, 1, 0, "GCViewer"},
    {"GCViewer/SampleSun1_6_0G1FullGcTenuringDistribution.txt", M_MAX_FULL_S, 0, 0, 37.0629320, S, "GCViewer"},
    {"GCViewer/SampleSun1_7_0CMSTenuringDistributionInitiationStatistics.txt", M_PAUSES, 0, 0, 1, 0, "GCViewer"},
    {"GCViewer/SampleSun1_7_0CMSTenuringDistributionInitiationStatistics.txt", M_PAUSE_SUM_S, 0, 0, 21.5649460, S,
     "GCViewer"},
    /* GCViewer's "5th event" counts the safepoint lines before it: the only GC pause here */
    {"GCViewer/SampleSun1_7_0CMS_PrintTenuringDistributionPromotionFailure.txt", M_MAX_PAUSE_S, 0, 0, 129.9468220,
     S, "GCViewer (5th event)"},
    {"GCViewer/SampleSun1_7_0_51_CMS_PrintApplStoppedTime.txt", M_NTH_PAUSE_S, 1, 0, 0.0002081, S, "GCViewer"},
    {"GCViewer/SampleSun1_7_0_51_CMS_PrintApplStoppedTime.txt", M_IM, 0, 0, 1, 0, "GCViewer (1st event)"},
    {"GCViewer/SampleSun1_7_0_40PrintGCCause2.txt", M_PAUSES, 0, 0, 1, 0, "GCViewer"},
    {"GCViewer/SampleSun1_7_0_40PrintGCCause2.txt", M_PAUSE_SUM_S, 0, 0, 0.0398848, S, "GCViewer"},
    {"GCViewer/SampleSun1_7_0_40PrintGCCause2.txt", M_FLAG_PAUSES, GCF_TO_SPACE_EXHAUSTED, 0, 1, 0, "GCViewer"},
    {"GCViewer/SampleSun1_8_0CMS_HeadDumpBeforeFullGc.txt", M_MAX_FULL_S, 0, 0, 218.6928810, S,
     "GCViewer (2nd event)"},
    {"GCViewer/SampleSun1_8_0CMS_HeadDumpBeforeFullGc.txt", M_FLAG_PAUSES, GCF_CONC_MODE_FAILURE, 0, 1, 0,
     "GCViewer (2nd event type)"},
    {"GCViewer/SampleSun1_8_0CmsPrintGcId.txt", M_NTH_PAUSE_S, 1, 0, 0.0106548, S, "GCViewer"},
    {"GCViewer/SampleSun1_8_0CmsPrintGcId.txt", M_FIRST_HEAP_KB, 0, 0, 8678, 0, "GCViewer"},
    {"GCViewer/SampleSun1_8_0Parallel_Tenuring_PrintGCCause.txt", M_PAUSES, 0, 0, 5, 0, "GCViewer"},
    {"GCViewer/SampleSun1_8_0Parallel_Tenuring_PrintGCCause.txt", M_NTH_PAUSE_S, 1, 0, 0.0199218, S, "GCViewer"},
    {"GCViewer/SampleSun1_8_0ParallelPrintHeapAtGC.txt", M_PAUSE_SUM_S, 0, 0, 0.0103603, S, "GCViewer"},
    {"GCViewer/SampleSun1_8_0G1PrintGCID.txt", M_NTH_PAUSE_S, 1, 0, 0.0087570, S, "GCViewer"},
    {"GCViewer/SampleSun1_8_0G1PrintGCID.txt", M_FIRST_HEAP_KB, 0, 0, 7168, 0, "GCViewer"},
    {"GCViewer/SampleSun1_8_0G1PrintGCCausePrintTenuringDistribution.txt", M_PAUSE_SUM_S, 0, 0, 16.7578613, 1e-6,
     "GCViewer"},
    {"GCViewer/SampleSun1_8_0G1SystemGcYoung.txt", M_PAUSES, 0, 0, 1, 0, "GCViewer"},
    {"GCViewer/SampleOpenJdk1_8_0-332.txt", M_PAUSE_SUM_S, 0, 0, 0.197536, 1e-6, "GCViewer (JDK8 Shenandoah)"},
    {"GCViewer/SampleOpenJdk1_8_0ShenandoahDetailsShutdown.txt", M_PAUSES, 0, 0, 0, 0, "GCViewer (footer only)"},
    {"GCViewer/SampleSun1_8_0G1SystemGcYoung.txt", M_PAUSE_SUM_S, 0, 0, 0.2124664, S, "GCViewer"},
    {"GCViewer/SampleSun1_8_0G1SystemGcYoung.txt", M_FLAG_PAUSES, GCF_SYSTEM_GC, 0, 1, 0, "GCViewer"},

    /* garbagecat: microseconds; "blocking events" = STW GC events;
       "stopped-time events" = "Total time for which ..." lines */
    {"garbagecat/dataset103.txt", M_PAUSES, 0, 0, 160, 0, "garbagecat"},
    {"garbagecat/dataset103.txt", M_LAST_PAUSE_S, 0, 0, 25.963804, 1e-6, "garbagecat"},
    {"garbagecat/dataset103.txt", M_SAFEPOINTS, 0, 0, 151, 0, "garbagecat"},
    {"garbagecat/dataset103.txt", M_SAFEPOINT_SUM_S, 0, 0, 2721.420359, 1e-5, "garbagecat"},
    {"garbagecat/dataset103.txt", M_LAST_SAFEPOINT_S, 0, 0, 36.651675, 1e-6, "garbagecat"},
    {"garbagecat/dataset98.txt", M_PAUSES, 0, 0, 2, 0, "garbagecat"},
    {"garbagecat/dataset98.txt", M_SAFEPOINTS, 0, 0, 6, 0, "garbagecat"},
    {"garbagecat/dataset98.txt", M_SAFEPOINT_SUM_S, 0, 0, 1.064937, 1e-5, "garbagecat"},
    {"garbagecat/dataset98.txt", M_LAST_SAFEPOINT_S, 0, 0, 1.000688, 1e-6, "garbagecat"},
    {"garbagecat/dataset41.txt", M_SAFEPOINTS, 0, 0, 6, 0, "garbagecat"},
    {"garbagecat/dataset41.txt", M_SAFEPOINT_SUM_S, 0, 0, 1.064937, 1e-5, "garbagecat"},
    {"garbagecat/dataset41.txt", M_LAST_SAFEPOINT_S, 0, 0, 1.000688, 1e-6, "garbagecat"},
    {"garbagecat/dataset96.txt", M_LAST_PAUSE_S, 0, 0, 0.271019, 1e-6, "garbagecat"},
    {"garbagecat/dataset96.txt", M_SAFEPOINT_SUM_S, 0, 0, 1.830511, 1e-5, "garbagecat"},
    {"garbagecat/dataset96.txt", M_LAST_SAFEPOINT_S, 0, 0, 0.000050, 1e-6, "garbagecat"},
    {"garbagecat/dataset1.txt", M_MAX_PAUSE_S, 0, 0, 2.782175, 1e-6, "garbagecat"},
    {"garbagecat/dataset2.txt", M_MAX_PAUSE_S, 0, 0, 1.070434, 1e-6, "garbagecat"},
    {"garbagecat/dataset207.txt", M_MAX_PAUSE_S, 0, 0, 4.077274, 1e-6, "garbagecat (Shenandoah full)"},
    {"garbagecat/dataset207.txt", M_FULL, 0, 0, 1, 0, "garbagecat (SHENANDOAH_FULL_GC only)"},
    {"garbagecat/dataset207.txt", M_PAUSES, 0, 0, 1, 0, "garbagecat (SHENANDOAH_FULL_GC only)"},
    {"garbagecat/dataset10.txt", M_FLAG_PAUSES, GCF_CONC_MODE_FAILURE, 0, 1, 0, "garbagecat (rule fired)"},
    {"garbagecat/dataset11.txt", M_FLAG_PAUSES, GCF_CONC_MODE_FAILURE, 0, 1, 0, "garbagecat (rule fired)"},
    {"garbagecat/dataset45.txt", M_FLAG_PAUSES, GCF_TO_SPACE_EXHAUSTED, 0, 1, 0, "garbagecat (rule fired)"},
    {"garbagecat/dataset99.txt", M_MIXED, 0, 0, 1, 0, "garbagecat (G1_MIXED_PAUSE only)"},
    {"garbagecat/dataset99.txt", M_FLAG_PAUSES, GCF_TO_SPACE_EXHAUSTED, 0, 1, 0, "garbagecat"},

    /* GCToolKit: counts by collection type */
    {"gctoolkit-testdata/530_gc.log", M_YOUNG, 0, 0, 30, 0, "GCToolKit"},
    {"gctoolkit-testdata/530_gc.log", M_IM, 0, 0, 4, 0, "GCToolKit"},
    {"gctoolkit-testdata/530_gc.log", M_RM, 0, 0, 3, 0, "GCToolKit"},
    {"gctoolkit-testdata/713_gc.log", M_IM, 0, 0, 24, 0, "GCToolKit"},
    {"gctoolkit-testdata/713_gc.log", M_RM, 0, 0, 24, 0, "GCToolKit"},
    {"gctoolkit-testdata/defnew.log", M_YOUNG, 0, 0, 19114, 0, "GCToolKit"},
    {"gctoolkit-testdata/defnew.log", M_IM, 0, 0, 26, 0, "GCToolKit"},
    {"gctoolkit-testdata/defnew.log", M_RM, 0, 0, 26, 0, "GCToolKit"},
    {"gctoolkit-testdata/defnew.log", M_CONC, 0, "CMS-concurrent-mark", 26, 0, "GCToolKit"},
    {"gctoolkit-testdata/defnew.log", M_CONC, 0, "CMS-concurrent-preclean", 26, 0, "GCToolKit"},
    {"gctoolkit-testdata/defnew.log", M_CONC, 0, "CMS-concurrent-abortable-preclean", 2, 0, "GCToolKit"},
    {"gctoolkit-testdata/defnew.log", M_CONC, 0, "CMS-concurrent-sweep", 26, 0, "GCToolKit"},
    {"gctoolkit-testdata/defnew.log", M_CONC, 0, "CMS-concurrent-reset", 26, 0, "GCToolKit"},
    {"gctoolkit-testdata/defnew.log", M_PAUSE_SUM_S, 0, 0, 208.922, 0.0005, "GCToolKit (total pause)"},
    {"gctoolkit-testdata/1.7.0_cms.log", M_YOUNG, 0, 0, 603, 0, "GCToolKit"},
    {"gctoolkit-testdata/1.7.0_cms.log", M_IM, 0, 0, 13, 0, "GCToolKit"},
    {"gctoolkit-testdata/1.7.0_cms.log", M_RM, 0, 0, 13, 0, "GCToolKit"},
    {"gctoolkit-testdata/1.7.0_cms.log", M_CONC, 0, "CMS-concurrent-sweep", 13, 0, "GCToolKit"},
    {"gctoolkit-testdata/9f1dfc0c-4dab-4e41-892c-7f4c01c91e70-1396054737854.log", M_YOUNG, 0, 0, 12, 0,
     "GCToolKit"},
    {"gctoolkit-testdata/GCLog_CMSCollection.log", M_YOUNG, 0, 0, 713, 0, "GCToolKit"},
    {"gctoolkit-testdata/GCLog_CMSCollection.log", M_IM, 0, 0, 1, 0, "GCToolKit"},
    {"gctoolkit-testdata/GCLog_CMSCollection.log", M_RM, 0, 0, 1, 0, "GCToolKit"},
    {"gctoolkit-testdata/LS_gc.log.20121116_193624", M_YOUNG, 0, 0, 1969, 0, "GCToolKit"},
    {"gctoolkit-testdata/LS_gc.log.20121116_193624", M_IM, 0, 0, 1, 0, "GCToolKit"},
    {"gctoolkit-testdata/LS_gc.log.20121116_193624", M_RM, 0, 0, 1, 0, "GCToolKit"},
    /* GCToolKit counts the ParNew inside the one CMSScavengeBeforeRemark remark as young;
       we emit that remark as one REMARK pause (docs/formats-jdk8.md) */
    {"gctoolkit-testdata/tlab_broken_gc_locker.log", M_YOUNG, 0, 0, 9 - 1, 0, "GCToolKit (ParNew in remark)"},
    {"gctoolkit-testdata/tlab_broken_gc_locker.log", M_IM, 0, 0, 1, 0, "GCToolKit (one CMS cycle)"},
    {"gctoolkit-testdata/tlab_broken_gc_locker.log", M_RM, 0, 0, 1, 0, "GCToolKit (one CMS cycle)"},
    {"gctoolkit-testdata/parnew_details__scavangeBeforeRemarkWithReference.log", M_IM, 0, 0, 1, 0, "GCToolKit"},
    {"gctoolkit-testdata/parnew_details__scavangeBeforeRemarkWithReference.log", M_RM, 0, 0, 1, 0, "GCToolKit"},
    {"gctoolkit-testdata/ps.cause.tenuring.details.v17051.log", M_YOUNG, 0, 0, 90, 0, "GCToolKit"},
    {"gctoolkit-testdata/ps.cause.tenuring.details.v17051.log", M_FULL, 0, 0, 4, 0, "GCToolKit"},
    {"gctoolkit-testdata/ps.dates.cause.tenuring.details.v17051.log", M_YOUNG, 0, 0, 95, 0, "GCToolKit"},
    {"gctoolkit-testdata/ps.dates.cause.tenuring.details.v17051.log", M_FULL, 0, 0, 3, 0, "GCToolKit"},
    {"gctoolkit-testdata/long_pause.log", M_YOUNG, 0, 0, 21, 0, "GCToolKit"},
    {"gctoolkit-testdata/long_pause.log", M_FULL, 0, 0, 1, 0, "GCToolKit"},
    {"gctoolkit-testdata/rightmove_parse_errors.log", M_YOUNG, 0, 0, 945, 0, "GCToolKit"},
    {"gctoolkit-testdata/rightmove_parse_errors.log", M_MIXED, 0, 0, 54, 0, "GCToolKit"},
    {"gctoolkit-testdata/rightmove_parse_errors.log", M_IM, 0, 0, 57, 0, "GCToolKit"},
    {"gctoolkit-testdata/rightmove_parse_errors.log", M_FULL, 0, 0, 4, 0, "GCToolKit"},
    {"gctoolkit-testdata/rightmove_parse_errors.log", M_RM, 0, 0, 57, 0, "GCToolKit"},
    {"gctoolkit-testdata/rightmove_parse_errors.log", M_CLEANUP, 0, 0, 57, 0, "GCToolKit"},
    {"gctoolkit-testdata/rightmove_parse_errors.log", M_CONC, 0, "GC concurrent-mark", 57, 0, "GCToolKit"},
    {"gctoolkit-testdata/rightmove_parse_errors.log", M_CONC, 0, "GC concurrent-cleanup", 57, 0, "GCToolKit"},
    {"gctoolkit-testdata/rightmove_parse_errors.log", M_CONC, 0, "GC concurrent-root-region-scan", 57, 0,
     "GCToolKit"},
    {"gctoolkit-testdata/170_51mastermind.log", M_YOUNG, 0, 0, 480, 0, "GCToolKit"},
    {"gctoolkit-testdata/170_51_mastermind.log", M_YOUNG, 0, 0, 468, 0, "GCToolKit"},
    {"gctoolkit-testdata/server3-gc.log", M_YOUNG, 0, 0, 16, 0, "GCToolKit"},
    {"gctoolkit-testdata/server1-gc.log", M_YOUNG, 0, 0, 794, 0, "GCToolKit"},
    {"gctoolkit-testdata/server1-gc.log", M_MIXED, 0, 0, 413, 0, "GCToolKit"},
    {"gctoolkit-testdata/server1-gc.log", M_IM, 0, 0, 157, 0, "GCToolKit"},
    {"gctoolkit-testdata/server1-gc.log", M_RM, 0, 0, 157, 0, "GCToolKit"},
    {"gctoolkit-testdata/server1-gc.log", M_CLEANUP, 0, 0, 157, 0, "GCToolKit"},
    {"gctoolkit-testdata/g1.details.cause.log", M_YOUNG, 0, 0, 130, 0, "GCToolKit"},
    {"gctoolkit-testdata/g1.details.cause.log", M_MIXED, 0, 0, 2, 0, "GCToolKit"},
    {"gctoolkit-testdata/g1.details.cause.log", M_IM, 0, 0, 33, 0, "GCToolKit"},
    /* GCToolKit counts "Full GC (System.gc())" apart as SysGC (3): our FULL = Full + SysGC */
    {"gctoolkit-testdata/g1.details.cause.log", M_FULL, 0, 0, 19 + 3, 0, "GCToolKit (Full + SysGC)"},
    {"gctoolkit-testdata/g1.details.cause.log", M_FLAG_PAUSES, GCF_SYSTEM_GC, 0, 3, 0, "GCToolKit (SysGC)"},
    {"gctoolkit-testdata/g1.details.cause.log", M_RM, 0, 0, 17, 0, "GCToolKit"},
    {"gctoolkit-testdata/g1.details.cause.log", M_CLEANUP, 0, 0, 17, 0, "GCToolKit"},

    /* Lucidworks gc-log-analyzer: rounded to 2 decimals */
    {"gc-log-analyzer/gc_java7_cms_full_causes.log", M_SAFEPOINT_SUM_S, 0, 0, 14.93, 0.005, "Lucidworks"},
    {"gc-log-analyzer/gc_java8_cms.log", M_SAFEPOINT_SUM_S, 0, 0, 207.45, 0.005, "Lucidworks"},
};

static bool eqs(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }

static double metric(const struct sink_state *s, const struct diag *dg, const struct fact *f, bool *ok)
{
    double v = 0, mx = -1, mn = -1;
    long cnt = 0, nth = 0;
    *ok = true;
    for (size_t i = 0; i < s->n; i++) {
        const struct rec *r = &s->r[i];
        double d = r->dur_ns / 1e9;
        bool pause = r->type == GC_EV_PAUSE;
        switch (f->m) {
        case M_PAUSES: cnt += pause; break;
        case M_PAUSE_SUM_S: if (pause) v += d; break;
        case M_FULL: cnt += pause && r->kind == GC_KIND_FULL; break;
        case M_FULL_SUM_S: if (pause && r->kind == GC_KIND_FULL) v += d; break;
        case M_YOUNG: cnt += pause && r->kind == GC_KIND_YOUNG; break;
        case M_YOUNG_SUM_S: if (pause && r->kind == GC_KIND_YOUNG) v += d; break;
        case M_MAX_PAUSE_S: if (pause && d > mx) mx = d; break;
        case M_MAX_FULL_S: if (pause && r->kind == GC_KIND_FULL && d > mx) mx = d; break;
        case M_MAX_YOUNG_S: if (pause && r->kind == GC_KIND_YOUNG && d > mx) mx = d; break;
        case M_MIN_YOUNG_S: if (pause && r->kind == GC_KIND_YOUNG && (mn < 0 || d < mn)) mn = d; break;
        case M_NTH_PAUSE_S: if (pause && ++nth == f->arg) v = d; break;
        case M_FIRST_HEAP_KB: if (pause && ++nth == 1) v = (double)r->heap_before_kb; break;
        case M_LAST_PAUSE_S: if (pause) v = d; break;
        case M_IM: cnt += pause && r->kind == GC_KIND_INITIAL_MARK; break;
        case M_RM: cnt += pause && r->kind == GC_KIND_REMARK; break;
        case M_MIXED: cnt += pause && r->kind == GC_KIND_MIXED; break;
        case M_CLEANUP: cnt += pause && r->kind == GC_KIND_CLEANUP; break;
        case M_CONC: cnt += r->type == GC_EV_CONCURRENT && eqs(r->name, f->str); break;
        case M_SAFEPOINTS: cnt += r->type == GC_EV_SAFEPOINT; break;
        case M_SAFEPOINT_SUM_S: if (r->type == GC_EV_SAFEPOINT) v += d; break;
        case M_LAST_SAFEPOINT_S: if (r->type == GC_EV_SAFEPOINT) v = d; break;
        case M_FLAG_PAUSES: cnt += pause && (r->flags & (unsigned)f->arg); break;
        case M_PF_YOUNG: cnt += pause && r->kind == GC_KIND_YOUNG && (r->flags & GCF_PROMOTION_FAILED); break;
        case M_UNPARSED: break;
        }
    }
    switch (f->m) {
    case M_PAUSES: case M_FULL: case M_YOUNG: case M_IM: case M_RM: case M_MIXED: case M_CLEANUP:
    case M_CONC: case M_SAFEPOINTS: case M_PF_YOUNG:
        return (double)cnt;
    case M_FLAG_PAUSES:
        /* "the rule fired": at least the expected number of flagged pauses */
        return cnt >= (long)f->want ? f->want : (double)cnt;
    case M_MAX_PAUSE_S: case M_MAX_FULL_S: case M_MAX_YOUNG_S: return mx;
    case M_MIN_YOUNG_S: return mn;
    case M_UNPARSED: return (double)dg->total;
    case M_NTH_PAUSE_S: case M_FIRST_HEAP_KB: if (nth < f->arg) *ok = false; return v;
    default: return v;
    }
}

struct coll_stat {
    char name[32];
    uint64_t files, lines, unparsed, info;
};

int main(void)
{
    const char *shared = getenv("SHARED");
    if (!shared || !*shared) {
        printf("ok - corpus # SKIP SHARED not set\n");
        return 0;
    }
    char *manifest = xasprintf("%s/corpus/gc/MANIFEST.tsv", shared);
    FILE *mf = fopen(manifest, "r");
    if (!mf) {
        printf("ok - corpus # SKIP %s missing\n", manifest);
        free(manifest);
        return 0;
    }
    bool verbose = getenv("GCL_CORPUS_VERBOSE") != NULL;
    /* GCL_CORPUS_TSV=path: per-file counts for tests/sh/gc_legacy_corpus.sh to check against awk */
    const char *tsv_path = getenv("GCL_CORPUS_TSV");
    FILE *tsv = tsv_path ? fopen(tsv_path, "w") : NULL;
    struct coll_stat cs[16];
    int ncs = 0;
    char row[8192];
    int files = 0;
    uint64_t all_lines = 0, all_unparsed = 0;
    bool fact_seen[sizeof facts / sizeof *facts] = {0};
    int facts_ok = 0, facts_bad = 0;
    while (fgets(row, sizeof row, mf)) {
        char *col[9] = {0};
        int nc = 0;
        char *p = row;
        while (nc < 9) {
            col[nc++] = p;
            char *tab = strchr(p, '\t');
            if (!tab)
                break;
            *tab = 0;
            p = tab + 1;
        }
        if (nc < 8 || strcmp(col[6], "jdk8-legacy") != 0)
            continue;
        char *path = xasprintf("%s/corpus/gc/%s", shared, col[0]);
        struct sink_state ss = {0};
        struct diag dg;
        diag_init(&dg);
        struct intern in;
        intern_init(&in);
        struct gc_parse_ctx ctx = {0};
        ctx.sink.emit = collect;
        ctx.sink.ctx = &ss;
        ctx.diag = &dg;
        ctx.strings = &in;
        ctx.heap_max_kb = ctx.first_uptime_ns = ctx.last_uptime_ns = -1;
        ctx.first_wall_ms = ctx.last_wall_ms = -1;
        struct gc_read_result res;
        int rc = gc_read_inputs(&path, 1, GC_FMT_LEGACY, &ctx, &res);
        files++;
        long np = 0, nconc = 0, nsp = 0, ncms = 0, ng1c = 0;
        double sp_sum = 0;
        for (size_t i = 0; i < ss.n; i++) {
            np += ss.r[i].type == GC_EV_PAUSE;
            nconc += ss.r[i].type == GC_EV_CONCURRENT;
            nsp += ss.r[i].type == GC_EV_SAFEPOINT;
            if (ss.r[i].type == GC_EV_SAFEPOINT)
                sp_sum += ss.r[i].dur_ns / 1e9;
            if (ss.r[i].type == GC_EV_CONCURRENT && ss.r[i].name && !strncmp(ss.r[i].name, "CMS-concurrent-", 15))
                ncms++;
            if (ss.r[i].type == GC_EV_CONCURRENT && ss.r[i].name && !strncmp(ss.r[i].name, "GC concurrent-", 14))
                ng1c++;
        }
        if (tsv)
            fprintf(tsv, "%s\t%ld\t%.7f\t%ld\t%ld\n", col[0], nsp, sp_sum, ncms, ng1c);
        printf("# %-72s %-10s %-8s rc=%d lines=%llu unparsed=%llu info=%llu pauses=%ld conc=%ld safepoints=%ld\n",
               col[0], col[7], gc_collector_name(ctx.collector), rc, (unsigned long long)res.lines,
               (unsigned long long)dg.total, (unsigned long long)ctx.lines_info, np, nconc, nsp);
        if (verbose)
            for (size_t i = 0; i < dg.n; i++) {
                printf("#    %6llu %s\n", (unsigned long long)dg.r[i].count, dg.r[i].reason);
                for (int j = 0; j < dg.r[i].nex; j++)
                    printf("#        %llu: %s\n", (unsigned long long)dg.r[i].ex[j].line, dg.r[i].ex[j].text);
            }
        int k = 0;
        while (k < ncs && strcmp(cs[k].name, col[7]) != 0)
            k++;
        if (k == ncs && ncs < 16) {
            memset(&cs[ncs], 0, sizeof cs[ncs]);
            snprintf(cs[ncs].name, sizeof cs[ncs].name, "%s", col[7]);
            ncs++;
        }
        if (k < ncs) {
            cs[k].files++;
            cs[k].lines += res.lines;
            cs[k].unparsed += dg.total;
            cs[k].info += ctx.lines_info;
        }
        all_lines += res.lines;
        all_unparsed += dg.total;
        for (size_t i = 0; i < sizeof facts / sizeof *facts; i++) {
            const struct fact *f = &facts[i];
            if (!f->source || strcmp(f->file, col[0]) != 0)
                continue;
            fact_seen[i] = true;
            bool ok;
            double got = metric(&ss, &dg, f, &ok);
            ok = ok && got >= f->want - f->tol - 1e-12 && got <= f->want + f->tol + 1e-12;
            if (ok)
                facts_ok++;
            else {
                facts_bad++;
                printf("#   FACT FAILED %s metric %d %s: got %.9g, want %.9g (%s)\n", f->file, (int)f->m,
                       f->str ? f->str : "", got, f->want, f->source);
            }
        }
        free(ss.r);
        intern_fini(&in);
        diag_fini(&dg);
        free(path);
    }
    fclose(mf);
    free(manifest);
    if (tsv)
        fclose(tsv);
    for (size_t i = 0; i < sizeof facts / sizeof *facts; i++)
        if (facts[i].source && !fact_seen[i]) {
            printf("#   FACT FILE NOT IN MANIFEST AS LEGACY: %s\n", facts[i].file);
            facts_bad++;
        }
    printf("# collector      files     lines  unparsed   rate%%\n");
    for (int k = 0; k < ncs; k++)
        printf("# %-12s %7llu %9llu %9llu %7.3f\n", cs[k].name, (unsigned long long)cs[k].files,
               (unsigned long long)cs[k].lines, (unsigned long long)cs[k].unparsed,
               cs[k].lines ? 100.0 * (double)cs[k].unparsed / (double)cs[k].lines : 0.0);
    double rate = all_lines ? 100.0 * (double)all_unparsed / (double)all_lines : 0;
    printf("# all          %7d %9llu %9llu %7.3f\n", files, (unsigned long long)all_lines,
           (unsigned long long)all_unparsed, rate);
    printf("# EXPECTED.md facts: %d passed, %d failed\n", facts_ok, facts_bad);
    printf("%s - legacy corpus parsed (%d files)\n", files > 300 ? "ok" : "not ok", files);
    printf("%s - legacy corpus unparsed-line rate %.3f%% < 1%%\n", rate < 1.0 ? "ok" : "not ok", rate);
    printf("%s - EXPECTED.md facts (%d checked)\n", facts_bad == 0 ? "ok" : "not ok", facts_ok + facts_bad);
    t_failures = facts_bad || rate >= 1.0 || files <= 300;
    T_DONE();
}
