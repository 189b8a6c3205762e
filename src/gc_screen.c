/*
 * gc_screen.c — the first screen of `gclat gc`. The verdict quotes figures
 * from the tree the other renderers print (same node, same decimals), so
 * the line can never disagree with --full or --json; what the log cannot
 * tell is said in words, never as a zero.
 */
#include "gc_screen.h"
#include "render.h"
#include "screen.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const char *gc_collector_title(enum gc_collector c)
{
    static const char *const names[GC_COLL__COUNT] = {
        [GC_COLL_UNKNOWN] = "collector unknown", [GC_COLL_SERIAL] = "Serial",
        [GC_COLL_PARALLEL] = "Parallel",         [GC_COLL_CMS] = "CMS",
        [GC_COLL_G1] = "G1",                     [GC_COLL_ZGC] = "ZGC",
        [GC_COLL_ZGC_GEN] = "generational ZGC",  [GC_COLL_SHENANDOAH] = "Shenandoah",
        [GC_COLL_SHENANDOAH_GEN] = "generational Shenandoah",
        [GC_COLL_EPSILON] = "Epsilon",           [GC_COLL_OPENJ9] = "OpenJ9",
    };
    return (unsigned)c < GC_COLL__COUNT && names[c] ? names[c] : "collector unknown";
}

static bool concurrent(enum gc_collector c)
{
    return c == GC_COLL_ZGC || c == GC_COLL_ZGC_GEN || c == GC_COLL_SHENANDOAH || c == GC_COLL_SHENANDOAH_GEN;
}

/* Collectors without a young generation: young-GC frequency is not a figure of theirs. */
static bool single_generation(enum gc_collector c)
{
    return c == GC_COLL_ZGC || c == GC_COLL_SHENANDOAH || c == GC_COLL_EPSILON;
}

/* A node of the tree by a path of keys ("pauses", "percentiles", "p99"). */
static const struct report_node *at(const struct report_node *n, const char *const *path)
{
    for (; n && *path; path++)
        n = rn_get(n, *path);
    return n;
}

/* The node's value as every text renders it, or "unknown" when it has none. */
static const char *fig(const struct report_node *n, char *buf, size_t len)
{
    if (!n || n->kind == RN_NULL || (n->kind == RN_NUM && !isfinite(n->d)))
        snprintf(buf, len, "unknown");
    else
        render_scalar(n, buf, len);
    return buf;
}

static bool has_finding(const struct report_node *findings, const char *id)
{
    for (const struct report_node *f = findings ? findings->first : NULL; f; f = f->next) {
        const struct report_node *i = rn_get(f, "id");
        if (i && i->kind == RN_STR && strcmp(i->s, id) == 0)
            return true;
    }
    return false;
}

/* A path of keys for at(): PATH("pauses", "max_ms"). */
#define PATH(...) ((const char *const[]){__VA_ARGS__, NULL})

static void verdict(const struct gc_analysis *a, struct report_node *root)
{
    char v[1024], p[512], x[64], y[64], z[256];
    const struct report_node *findings = rn_get(root, "findings");
    const char *span = fig(at(root, PATH("time", "span_s")), x, sizeof x);
    if (strcmp(span, "unknown") != 0)
        snprintf(v, sizeof v, "%s, %s s: ", gc_collector_title(a->collector), span);
    else
        snprintf(v, sizeof v, "%s, span unknown: ", gc_collector_title(a->collector));
    if (strcmp(fig(at(root, PATH("inputs", "events")), x, sizeof x), "0") == 0) {
        /* nothing read: how much input that was, and how much of it was not understood */
        snprintf(p, sizeof p, "no GC event in %s line(s), %s not understood",
                 fig(at(root, PATH("inputs", "lines")), x, sizeof x),
                 fig(at(root, PATH("unparsed_lines", "total")), y, sizeof y));
        screen_cat(v, sizeof v, p);
    } else if (gc_analysis_lacks(a) & GC_LACKS_PAUSES) {
        gc_analysis_lack_text(a, GC_LACKS_PAUSES, z, sizeof z);
        snprintf(p, sizeof p, "%s collections; pause count and time unknown, %s",
                 fig(at(root, PATH("cycles", "count")), x, sizeof x), z);
        screen_cat(v, sizeof v, p);
    } else if (!a->pause_count) {
        screen_cat(v, sizeof v, "no pause");
    } else {
        snprintf(p, sizeof p, "%s pauses, max %s ms, P99 %s ms", fig(at(root, PATH("pauses", "count")), x, sizeof x),
                 fig(at(root, PATH("pauses", "max_ms")), y, sizeof y),
                 fig(at(root, PATH("pauses", "percentiles", "p99")), z, sizeof z));
        screen_cat(v, sizeof v, p);
        double tp = a->span_ns > 0 ? gc_analysis_throughput_pct(a) : NAN;
        /* the complement of throughput_pct at 3 decimals: the findings' gc_share_pct and compare's gc.share */
        if (isfinite(tp))
            snprintf(p, sizeof p, ", %.3f %% of wall time in GC pauses", 100.0 - tp);
        else
            snprintf(p, sizeof p, ", share of time in pauses unknown (no time span)");
        screen_cat(v, sizeof v, p);
    }
    if (a->stall_count || concurrent(a->collector)) {
        snprintf(p, sizeof p, "; %s allocation stalls", fig(at(root, PATH("alloc_stalls", "count")), x, sizeof x));
        screen_cat(v, sizeof v, p);
        if (a->stall_count) {
            snprintf(p, sizeof p, ", max %s ms", fig(at(root, PATH("alloc_stalls", "max_ms")), x, sizeof x));
            screen_cat(v, sizeof v, p);
        }
    }
    /* a clock that went back without a restart (time.backwards, when the time
       model reports it): the figures above may mix two stretches of the log */
    const struct report_node *back = at(root, PATH("time", "backwards"));
    if (rn_value(rn_get(back, "count")) > 0) {
        char w[256];
        snprintf(p, sizeof p, "; time goes back %s time(s), first at %s", fig(rn_get(back, "count"), x, sizeof x),
                 fig(rn_get(back, "first"), w, sizeof w));
        screen_cat(v, sizeof v, p);
    }
    rn_findings_tally(findings, z, sizeof z);
    snprintf(p, sizeof p, " \xe2\x80\x94 %s", z);
    screen_cat(v, sizeof v, p);
    rn_verdict(root, v);
}

void gc_screen(const struct gc_analysis *a, struct report_node *root, bool over_given)
{
    verdict(a, root);
    static const char *const detail[] = {"summary", "time", "frequency", "pauses", "over_ms", "pause_kinds",
                                         "cycles", "concurrent_phases", "causes", "alloc_stalls", "safepoints",
                                         "gc_cpu", "memory", "inputs", NULL};
    rn_flag_keys(root, detail, RF_DETAIL);
    /* thresholds given on the command line are a question asked: answer it here */
    if (over_given && rn_get(root, "over_ms"))
        rn_get(root, "over_ms")->flags &= ~(unsigned)RF_DETAIL;
    /* the Time section says where the clock went back */
    if (rn_value(rn_get(at(root, PATH("time", "backwards")), "count")) > 0)
        rn_get(root, "time")->flags &= ~(unsigned)RF_DETAIL;
    /* --by is asked for: on the first screen while it fits */
    struct report_node *by = rn_get(root, "by");
    if (by && rn_len(by) > 12)
        rn_flags(by, RF_DETAIL);
    screen_unparsed(rn_get(root, "unparsed_lines"));

    /* Not this log's: left out of the text even with --full. What was
       expected and is missing stays, as a log_lacks_* finding. */
    const struct report_node *findings = rn_get(root, "findings");
    struct report_node *n;
    if (!a->stall_count && !concurrent(a->collector) && (n = rn_get(root, "alloc_stalls")))
        rn_flags(n, RF_NOTEXT);
    if (!a->sp_count && (!(gc_analysis_lacks(a) & GC_LACKS_SAFEPOINTS) || has_finding(findings, "log_lacks_safepoints")) &&
        (n = rn_get(root, "safepoints")))
        rn_flags(n, RF_NOTEXT);
    if (!a->cpu_events && (!(gc_analysis_lacks(a) & GC_LACKS_CPU) || has_finding(findings, "log_lacks_gc_cpu")) &&
        (n = rn_get(root, "gc_cpu")))
        rn_flags(n, RF_NOTEXT);
    if (!gc_analysis_young_h(a)->total && single_generation(a->collector) && (n = rn_get(root, "frequency")))
        rn_flags(n, RF_NOTEXT);
    if (!a->full_after_n && (n = rn_get(rn_get(root, "memory"), "live_set_after_full")))
        rn_flags(n, RF_NOTEXT);
}
