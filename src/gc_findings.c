/*
 * gc_findings.c — what the statistics mean. Each finding has an id (stable,
 * scripts match on it), a severity, the evidence (how many, the first and
 * the worst occurrence with file:line and time), what it means and what
 * people usually change. Thresholds come from struct gc_thresholds and are
 * documented in docs/findings.md.
 */
#include "finding.h"
#include "gc_analysis.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define NS_PER_MIN_F (60LL * 1000000000LL)

struct gc_finding_text {
    const char *id;
    enum finding_severity sev;
    const char *title;
    const char *meaning;
    const char *advice;
};

static const struct gc_finding_text T_FULL = {
    "full_gc", SEV_WARNING, "Full (stop-the-world) collections",
    "The whole heap was collected with every application thread stopped; these are usually "
    "the longest pauses in the log.",
    NULL /* from the causes' classes: full_advice */};

/* What to change for full GCs of each cause class (NULL: no class-specific advice). */
static const char *const full_advice[GC_CAUSE__COUNT] = {
    [GC_CAUSE_ALLOCATION] =
        "Allocation: the heap is too small for the live set (raise -Xmx, fix a leak); for CMS/G1 the "
        "concurrent collector fell behind: start marking earlier (-XX:CMSInitiatingOccupancyFraction / "
        "-XX:InitiatingHeapOccupancyPercent).",
    [GC_CAUSE_EXPLICIT] = "System.gc(): fix the caller, or -XX:+DisableExplicitGC / -XX:+ExplicitGCInvokesConcurrent.",
    [GC_CAUSE_DIAGNOSTIC] = "Diagnostic tools: see the diagnostic_gc finding (DisableExplicitGC does not stop them).",
    [GC_CAUSE_METADATA] = "Metadata: raise -XX:MetaspaceSize; if metaspace keeps growing, look for a class-loader leak.",
    [GC_CAUSE_GCLOCKER] = "GCLocker: JNI critical sections held the collector back; shorten them.",
    [GC_CAUSE_HUMONGOUS] = "Humongous allocations: raise -XX:G1HeapRegionSize or avoid huge arrays.",
    [GC_CAUSE_EVAC_FAILURE] = "Evacuation failure: give the collector more headroom (-Xmx, reserve).",
};
static const struct gc_finding_text T_CMF = {
    "concurrent_mode_failure", SEV_CRITICAL, "CMS concurrent mode failure",
    "The old generation filled before CMS finished its concurrent cycle, so the JVM fell back to a "
    "single-threaded stop-the-world full collection (often seconds long).",
    "Start CMS cycles earlier (-XX:CMSInitiatingOccupancyFraction=60..70 with "
    "-XX:+UseCMSInitiatingOccupancyOnly), give the old generation more room, or move to G1/ZGC."};
static const struct gc_finding_text T_PROMO = {
    "promotion_failed", SEV_CRITICAL, "Promotion failed",
    "A young collection could not copy surviving objects into the old generation (full or "
    "fragmented), and had to fall back to a full collection.",
    "Enlarge the old generation, lower the promotion volume (bigger survivor spaces, "
    "-XX:MaxTenuringThreshold), or reduce fragmentation (CMS) by moving to G1."};
static const struct gc_finding_text T_TOSPACE = {
    "to_space_exhausted", SEV_CRITICAL, "G1 evacuation failure (to-space exhausted)",
    "G1 ran out of free regions to copy live objects into during a pause; the pause becomes long "
    "and is often followed by a full GC.",
    "Give G1 more headroom (-Xmx, -XX:G1ReservePercent), start marking earlier "
    "(-XX:InitiatingHeapOccupancyPercent), and look for humongous allocations."};
static const struct gc_finding_text T_STALL = {
    "alloc_stalls", SEV_CRITICAL, "Allocation stalls",
    "Application threads stopped and waited for the concurrent collector to free memory: for the "
    "stalled threads this is a pause, even though no stop-the-world pause is logged.",
    "Give ZGC/Shenandoah more heap headroom (-Xmx, -XX:SoftMaxHeapSize), more concurrent GC threads "
    "(-XX:ConcGCThreads), or lower the allocation rate; on JDK 21+ try generational ZGC."};
static const struct gc_finding_text T_DEGEN = {
    "degenerated_gc", SEV_CRITICAL, "Shenandoah degenerated / full collections",
    "Shenandoah could not finish concurrently and completed the cycle with the application stopped.",
    "Give the heap more headroom, raise -XX:ShenandoahMinFreeThreshold, or lower the allocation rate."};
static const struct gc_finding_text T_OVER = {
    "pauses_over_target", SEV_WARNING, "Pauses over the target",
    "These pauses alone are longer than the latency target: every request in flight during one of "
    "them waits at least that long.",
    "See the pause kinds table for which collector phase is long; 'gclat impact' estimates how many "
    "requests these pauses pushed past a timeout."};
static const struct gc_finding_text T_SHARE = {
    "gc_time_share", SEV_WARNING, "High share of time in GC pauses",
    "More than the threshold share of wall time was spent with the application stopped for GC.",
    "The heap is likely too small for the allocation rate or live set: raise -Xmx, reduce "
    "allocation, or check for a leak (heap after GC rising)."};
static const struct gc_finding_text T_YOUNGLONG = {
    "long_young_pauses", SEV_WARNING, "Long young-generation pauses",
    "Young collections copy live objects; long ones mean a large young generation with many "
    "survivors, or slow copying (card scanning of a large old generation, swapping).",
    "Shrink the young generation (-Xmn / -XX:MaxGCPauseMillis for G1), reduce survivors "
    "(objects living just past one GC), or use a collector with concurrent copying (ZGC)."};
static const struct gc_finding_text T_FREQ = {
    "frequent_young_gc", SEV_WARNING, "Very frequent young collections",
    "The young generation fills in well under a second: every young GC is a short pause, and together "
    "they add up and disturb tail latency.",
    "Enlarge the young generation (-Xmn, or a larger heap for G1), and reduce the allocation rate "
    "(see the allocation rate and 'gclat histo' for what is allocated)."};
static const struct gc_finding_text T_LIVE = {
    "live_set_rising", SEV_WARNING, "Live set rising after full GCs",
    "The heap left after each full collection keeps growing: something retains more and more objects.",
    "Take two class histograms some time apart ('jmap -histo:live', 'gclat histo A B') or a heap "
    "dump to find what grows."};
static const struct gc_finding_text T_STARVED = {
    "cpu_starved", SEV_WARNING, "GC threads starved of CPU (real > user+sys)",
    "A parallel collector's pause took longer in wall time than the CPU its threads used: they were "
    "waiting for a CPU (container CPU throttling, too many GC threads for the cores, other load) or "
    "for memory (swapping).",
    "Check container CPU limits and throttling (cpu.stat nr_throttled), set -XX:ParallelGCThreads to "
    "the cores really available, and check swap and transparent huge pages."};
static const struct gc_finding_text T_SYS = {
    "sys_over_user", SEV_WARNING, "GC time spent in the kernel (sys > user)",
    "Collector threads spent more time in the kernel than in user code: page faults on a heap "
    "not yet touched, transparent huge page compaction, or swapping.",
    "Use -XX:+AlwaysPreTouch, check transparent huge pages (set to madvise), and check swap."};
static const struct gc_finding_text T_TTSP = {
    "slow_time_to_safepoint", SEV_WARNING, "Slow time to safepoint",
    "Threads took long to reach a safepoint (counted loops without safepoint polls, large array "
    "copies, page faults), so every stop, GC or not, lasts longer than the work it does.",
    "Look at which VM operation and when; -XX:+SafepointTimeout -XX:SafepointTimeoutDelay=N names "
    "the slow threads."};
static const struct gc_finding_text T_SAFEPOINT = {
    "safepoint_time_over_gc", SEV_WARNING, "Much stopped time beyond GC pauses",
    "Total time the application was stopped at safepoints is well above the GC pause total: other VM "
    "operations (biased-lock revocation, deoptimization, thread dumps) or time to safepoint add pauses.",
    "Enable -Xlog:safepoint (JDK 9+) to see which operations; on JDK 8 -XX:+PrintSafepointStatistics."};
static const struct gc_finding_text T_HUMONGOUS = {
    "humongous_allocations", SEV_INFO, "Humongous allocations trigger collections",
    "Objects larger than half a G1 region go straight to the old generation and trigger collections.",
    "Raise -XX:G1HeapRegionSize so these objects are no longer humongous, or avoid allocating huge "
    "arrays (buffers, large collections) on the hot path."};
static const struct gc_finding_text T_META = {
    "metaspace_gc", SEV_INFO, "Collections triggered by Metaspace",
    "Class metadata reached its threshold and forced a (usually full) collection.",
    "Set -XX:MetaspaceSize to the steady-state metaspace use; if it keeps growing look for a "
    "class-loader leak (redeploys, dynamic proxies, scripting engines)."};
static const struct gc_finding_text T_SYSGC = {
    "system_gc", SEV_INFO, "Explicit System.gc() calls",
    "Code in the JVM called System.gc() (or Runtime.gc(), MemoryMXBean.gc(), RMI's distributed GC; "
    "on JDK 8 also jcmd GC.run) and asked for a full collection.",
    "Find the caller; -XX:+DisableExplicitGC or -XX:+ExplicitGCInvokesConcurrent (CMS/G1) stop the "
    "full pause; RMI: -Dsun.rmi.dgc.server.gcInterval."};
static const struct gc_finding_text T_DIAGGC = {
    "diagnostic_gc", SEV_INFO, "Collections run for a diagnostic tool",
    "Someone or something ran a diagnostic: a class histogram of live objects (jmap -histo:live, "
    "jcmd GC.class_histogram: Heap Inspection Initiated GC), a heap dump of live objects (jmap "
    "-dump:live, jcmd GC.heap_dump: Heap Dump Initiated GC), jcmd GC.run (Diagnostic Command), a JVMTI "
    "agent such as a profiler (JvmtiEnv ForceGarbageCollection), or the JDK's WhiteBox test API. With "
    "the stop-the-world collectors each is a full collection. The flag that turns System.gc() off does "
    "not stop these.",
    "Find who runs it: monitoring agents, cron jobs and support scripts that take histograms or dumps. "
    "Where a full pause is not acceptable, use jmap -histo without :live, jcmd GC.class_histogram -all, "
    "or heap dumps that include unreachable objects."};
static const struct gc_finding_text T_LACK_PAUSES = {
    "log_lacks_pauses", SEV_WARNING, "No pause lines in the log",
    "The logging options that wrote this log leave out the stop-the-world pauses (ZGC logs them with the "
    "tags gc,phases, not at -Xlog:gc), so pause count, pause time, percentiles and throughput are unknown, "
    "not zero.",
    NULL};
static const struct gc_finding_text T_LACK_CPU = {
    "log_lacks_gc_cpu", SEV_INFO, "No GC CPU times in the log",
    "No pause prints the CPU its collector threads used ([Times: user= sys= real=] or gc,cpu lines), so "
    "GC CPU and the CPU-starvation and kernel-time checks cannot run.",
    NULL};
static const struct gc_finding_text T_LACK_SAFEPOINTS = {
    "log_lacks_safepoints", SEV_INFO, "No safepoint lines in the log",
    "Stopped time beyond the GC pauses (other VM operations, time to reach a safepoint) is invisible "
    "without safepoint lines, and so are slow time-to-safepoint stops.",
    NULL};

static struct finding *add(struct findings *fs, const struct gc_finding_text *t, const char *summary)
{
    return findings_add(fs, t->id, t->sev, t->title, summary, t->meaning, t->advice);
}

static void occ_where(struct finding *f, const struct gc_occurrence *o, bool value)
{
    f->first = (struct finding_where){.set = true, .file = o->first_file, .line = o->first_line,
                                      .t_ns = o->first_t_ns, .wall_ms = o->first_wall_ms, .tz_min = o->tz_min};
    f->worst = (struct finding_where){.set = true, .file = o->worst_file, .line = o->worst_line,
                                      .t_ns = o->worst_t_ns, .wall_ms = o->worst_wall_ms, .tz_min = o->tz_min,
                                      .has_value = value, .value_ms = (double)o->worst_ns / 1e6};
}

/* A log_lacks_* finding: the option that adds the lines is its advice. */
static void lack_finding(struct findings *fs, const struct gc_analysis *a, const struct gc_finding_text *t,
                         unsigned lack, const char *summary)
{
    const char *opt = gc_analysis_lack_option(a, lack);
    if (!opt)
        return; /* nothing would add the lines: the figures say "not in log" */
    struct finding *f = add(fs, t, summary);
    rn_str(finding_extra(f), "option", opt);
    char adv[256];
    snprintf(adv, sizeof adv, "Add %s to the JVM's logging options.", opt);
    finding_set_advice(f, adv);
}

static void occ_finding(struct findings *fs, const struct gc_finding_text *t,
                        const struct gc_occurrence *o, const char *what, bool value)
{
    if (!o->count)
        return;
    char s[256];
    if (value)
        snprintf(s, sizeof s, "%llu %s; worst %.3f ms", (unsigned long long)o->count, what,
                 (double)o->worst_ns / 1e6);
    else
        snprintf(s, sizeof s, "%llu %s", (unsigned long long)o->count, what);
    struct finding *f = add(fs, t, s);
    finding_set_count(f, o->count);
    occ_where(f, o, value);
}

/* Full GCs: the summary splits them by cause class, the advice follows the classes. */
static void full_finding(struct findings *fs, const struct gc_analysis *a)
{
    const struct gc_occurrence *o = &a->full;
    if (!o->count)
        return;
    char s[512], adv[1536] = "";
    int n = snprintf(s, sizeof s, "%llu full collections; worst %.3f ms; by cause:", (unsigned long long)o->count,
                     (double)o->worst_ns / 1e6);
    size_t al = 0;
    for (int c = 0; c < GC_CAUSE__COUNT; c++) {
        if (!a->full_by_class[c])
            continue;
        if (n > 0 && (size_t)n < sizeof s)
            n += snprintf(s + n, sizeof s - (size_t)n, " %s %llu", gc_cause_class_name((enum gc_cause_class)c),
                          (unsigned long long)a->full_by_class[c]);
        if (full_advice[c] && al < sizeof adv) {
            int k = snprintf(adv + al, sizeof adv - al, "%s%s", al ? " " : "", full_advice[c]);
            if (k > 0)
                al += (size_t)k;
        }
    }
    if (!al)
        snprintf(adv, sizeof adv, "See the causes table for what triggered them.");
    struct finding *f = add(fs, &T_FULL, s);
    finding_set_count(f, o->count);
    finding_set_advice(f, adv);
    struct report_node *bc = rn_flags(rn_obj(finding_extra(f), "by_class"), RF_NOTEXT);
    for (int c = 0; c < GC_CAUSE__COUNT; c++)
        if (a->full_by_class[c])
            rn_int(bc, gc_cause_class_name((enum gc_cause_class)c), (int64_t)a->full_by_class[c]);
    occ_where(f, o, true);
}

/*
 * Young collections per minute. The figure quoted is a count of young GCs
 * really seen within one minute: the busiest whole calendar minute
 * (frequency.per_min_max); a log shorter than a minute is itself such a
 * window; else the busiest minute, partial first and last ones included.
 */
static void frequency_finding(struct findings *fs, const struct gc_analysis *a)
{
    double mean;
    uint64_t max;
    char s[256];
    struct finding *f;
    if (gc_analysis_young_per_min(a, &mean, &max)) {
        if ((double)max <= a->th.max_young_per_min)
            return;
        snprintf(s, sizeof s, "up to %llu young collections in one minute, %.1f a minute on average over %llu "
                 "whole minutes (threshold %.0f)",
                 (unsigned long long)max, mean, (unsigned long long)a->freq.full_minutes, a->th.max_young_per_min);
        f = add(fs, &T_FREQ, s);
        rn_int(finding_extra(f), "max_per_min", (int64_t)max);
        rn_num(finding_extra(f), "mean_per_min", mean, 2);
    } else if (a->span_ns > 0 && a->span_ns <= NS_PER_MIN_F) {
        uint64_t n = gc_analysis_young_h(a)->total;
        if ((double)n <= a->th.max_young_per_min)
            return;
        snprintf(s, sizeof s, "%llu young collections in %.1f s, the whole log (threshold %.0f a minute)",
                 (unsigned long long)n, (double)a->span_ns / 1e9, a->th.max_young_per_min);
        f = add(fs, &T_FREQ, s);
        rn_int(finding_extra(f), "max_per_min", (int64_t)n);
    } else {
        if ((double)a->freq.max_any <= a->th.max_young_per_min)
            return;
        snprintf(s, sizeof s, "up to %llu young collections in one calendar minute (threshold %.0f)",
                 (unsigned long long)a->freq.max_any, a->th.max_young_per_min);
        f = add(fs, &T_FREQ, s);
        rn_int(finding_extra(f), "max_per_min", (int64_t)a->freq.max_any);
    }
}

static void lack_findings(struct findings *fs, const struct gc_analysis *a, unsigned lacks, bool first)
{
    char s[256];
    if (first) {
        if (lacks & GC_LACKS_PAUSES) {
            snprintf(s, sizeof s, "%llu collections, no pause: pause count, pause time and throughput unknown",
                     (unsigned long long)gc_analysis_collections(a));
            lack_finding(fs, a, &T_LACK_PAUSES, GC_LACKS_PAUSES, s);
        }
        return;
    }
    if (lacks & GC_LACKS_CPU) {
        snprintf(s, sizeof s, "%llu pauses, none with CPU times", (unsigned long long)a->pause_count);
        lack_finding(fs, a, &T_LACK_CPU, GC_LACKS_CPU, s);
    }
    if (lacks & GC_LACKS_SAFEPOINTS)
        lack_finding(fs, a, &T_LACK_SAFEPOINTS, GC_LACKS_SAFEPOINTS,
                     "stopped time beyond GC pauses and time to safepoint unknown");
}

void gc_findings(const struct gc_analysis *a, struct findings *fs)
{
    char s[256];
    unsigned lacks = gc_analysis_lacks(a);
    lack_findings(fs, a, lacks, true);
    occ_finding(fs, &T_CMF, &a->cmf, "concurrent mode failures", true);
    occ_finding(fs, &T_PROMO, &a->promo_failed, "promotion failures", true);
    occ_finding(fs, &T_TOSPACE, &a->to_space, "evacuation failures", true);
    if (a->stall_count) {
        snprintf(s, sizeof s, "%llu stalls, %.3f ms in total, worst %.3f ms, %zu threads",
                 (unsigned long long)a->stall_count, (double)a->stall_total_ns / 1e6,
                 (double)a->stall_max_ns / 1e6, a->stall_threads.n);
        struct finding *f = add(fs, &T_STALL, s);
        finding_set_count(f, a->stall_count);
        occ_where(f, &a->stall_occ, true);
    }
    occ_finding(fs, &T_DEGEN, &a->degenerated, "degenerated collections", true);
    full_finding(fs, a);
    if (a->over_target.count) {
        char what[96];
        snprintf(what, sizeof what, "pauses over %.0f ms", (double)a->th.pause_target_ns / 1e6);
        occ_finding(fs, &T_OVER, &a->over_target, what, true);
    }
    double tp = gc_analysis_throughput_pct(a);
    if (isfinite(tp) && 100.0 - tp > a->th.max_gc_share_pct) {
        snprintf(s, sizeof s, "%.2f%% of wall time in GC pauses (threshold %.1f%%)", 100.0 - tp,
                 a->th.max_gc_share_pct);
        struct finding *f = add(fs, &T_SHARE, s);
        rn_num(finding_extra(f), "gc_share_pct", 100.0 - tp, 3);
    }
    const struct hist *young_h = gc_analysis_young_h(a);
    if (young_h->total >= 5) {
        int64_t p90 = hist_percentile(young_h, 90);
        if (p90 > a->th.young_pause_limit_ns) {
            if (a->young_total_kb_max > 0)
                snprintf(s, sizeof s, "young pauses P90 %.1f ms with a young generation of up to %.0f MB",
                         (double)p90 / 1e6, (double)a->young_total_kb_max / 1024.0);
            else
                snprintf(s, sizeof s, "young pauses P90 %.1f ms (limit %.0f ms)", (double)p90 / 1e6,
                         (double)a->th.young_pause_limit_ns / 1e6);
            struct finding *f = add(fs, &T_YOUNGLONG, s);
            rn_num(finding_extra(f), "young_p90_ms", (double)p90 / 1e6, 3);
            rn_num(finding_extra(f), "young_mean_ms", hist_mean(young_h) / 1e6, 3);
        }
    }
    frequency_finding(fs, a);
    if (a->full_after_n >= 3 && a->full_after_last_kb > a->full_after_first_kb * 11 / 10) {
        double n = (double)a->full_after_n;
        double den = n * a->fa_sum_tt - a->fa_sum_t * a->fa_sum_t;
        double slope = den > 0 ? (n * a->fa_sum_ty - a->fa_sum_t * a->fa_sum_y) / den : 0;
        if (slope > 0) {
            snprintf(s, sizeof s, "heap after full GC rose from %.1f MB to %.1f MB over %llu full GCs (%.1f MB/h)",
                     (double)a->full_after_first_kb / 1024.0, (double)a->full_after_last_kb / 1024.0,
                     (unsigned long long)a->full_after_n, slope / 1024.0);
            struct finding *f = add(fs, &T_LIVE, s);
            rn_num(finding_extra(f), "trend_mb_per_hour", slope / 1024.0, 3);
        }
    }
    occ_finding(fs, &T_STARVED, &a->cpu_starved, "pauses with real > user+sys (real >= 50 ms)", true);
    occ_finding(fs, &T_SYS, &a->sys_over_user, "pauses with sys > user", true);
    occ_finding(fs, &T_TTSP, &a->sp_slow_ttsp, "safepoints slow to reach", true);
    if (a->sp_count && a->pause_count &&
        (double)a->sp_total_ns > a->th.safepoint_ratio * (double)a->pause_total_ns &&
        a->span_ns > 0 && (double)(a->sp_total_ns - a->pause_total_ns) > 0.01 * (double)a->span_ns) {
        snprintf(s, sizeof s, "%.3f ms stopped at safepoints vs %.3f ms of GC pauses",
                 (double)a->sp_total_ns / 1e6, (double)a->pause_total_ns / 1e6);
        add(fs, &T_SAFEPOINT, s);
    }
    occ_finding(fs, &T_HUMONGOUS, &a->humongous, "humongous-allocation collections", false);
    occ_finding(fs, &T_META, &a->metaspace, "metaspace-triggered collections", false);
    occ_finding(fs, &T_SYSGC, &a->sysgc, "System.gc() collections", false);
    occ_finding(fs, &T_DIAGGC, &a->diag_gc, "collections run for a diagnostic tool", false);
    lack_findings(fs, a, lacks, false);
}

void gc_findings_report(const struct gc_analysis *a, struct report_node *root)
{
    struct findings fs;
    findings_init(&fs);
    gc_findings(a, &fs);
    finding_report(&fs, root, FINDING_STYLE_DETAIL);
    findings_fini(&fs);
}
