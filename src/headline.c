/*
 * headline.c — key figures per command (see headline.h). Paths follow each
 * command's JSON (docs/json.md); a path a run does not have (no stalls
 * section, a percentile not asked for) adds no figure rather than a made-up
 * one.
 */
#include "headline.h"
#include "util.h"

#include <math.h>
#include <string.h>

struct report_node *headline_group(struct report_node *parent, const char *key, const char *title)
{
    struct report_node *g = rn_obj(parent, key);
    rn_flags(g, RF_HEADLINE | RF_NOTEXT | RF_NOJSON);
    if (title)
        rn_title(g, title);
    return g;
}

struct report_node *headline_copy(struct report_node *group, const char *key, const char *title,
                                  const struct report_node *tree, const char *path, const char *unit,
                                  bool complement)
{
    const struct report_node *src = tree ? rn_path(tree, path) : NULL;
    if (!src || src->kind == RN_OBJ || src->kind == RN_ARR)
        return NULL;
    struct report_node *n = rn_copy_scalar(group, key, src);
    if (complement && n->kind == RN_NUM && isfinite(n->d))
        n->d = 100.0 - n->d;
    else if (complement && n->kind == RN_INT)
        n->i = 100 - n->i;
    rn_flags(rn_title(n, title), RF_HEADLINE);
    if (!n->unit && unit && *unit)
        rn_unit(n, unit);
    return n;
}

struct hdef {
    const char *cmd, *key, *title, *path, *unit;
    bool complement;
};

static const struct hdef defs[] = {
    {"gc", "max_pause_ms", "max pause", "pauses/max_ms", "ms", false},
    {"gc", "p99_pause_ms", "P99 pause", "pauses/percentiles/p99", "ms", false},
    {"gc", "gc_share_pct", "time in GC pauses", "throughput_pct", "%", true},
    {"gc", "pauses", "pauses", "pauses/count", NULL, false},
    {"gc", "stalls", "allocation stalls", "alloc_stalls/count", NULL, false},
    {"gc", "stall_max_ms", "worst allocation stall", "alloc_stalls/max_ms", "ms", false},

    {"lat", "requests", "requests", "lat/summary/count", NULL, false},
    {"lat", "p50", "P50 latency", "lat/percentiles[percentile=P50]/value", NULL, false},
    {"lat", "p99", "P99 latency", "lat/percentiles[percentile=P99]/value", NULL, false},
    {"lat", "max", "max latency", "lat/summary/max", NULL, false},

    {"merge", "requests", "requests", "merge/summary/count", NULL, false},
    {"merge", "p50", "P50 latency", "merge/percentiles[percentile=P50]/value", NULL, false},
    {"merge", "p99", "P99 latency", "merge/percentiles[percentile=P99]/value", NULL, false},
    {"merge", "max", "max latency", "merge/summary/max", NULL, false},

    {"cpu", "pid", "busiest process (pid)", "process_detail[0]/pid", NULL, false},
    {"cpu", "cores_mean", "its CPU (mean)", "process_detail[0]/cores_mean", "cores", false},
    {"cpu", "cpu_max_pct", "its CPU (max)", "process_detail[0]/cpu_max_pct", "%", false},
    {"cpu", "spikes", "samples over the spike threshold", "process_detail[0]/spikes", NULL, false},

    {"jstat", "gc_time_pct", "GC time share", "series[0]/gc_time_pct", "%", false},
    {"jstat", "young_per_min", "young GCs per minute", "series[0]/gc[kind=young]/per_min", NULL, false},
    {"jstat", "full", "full GCs", "series[0]/gc[kind=full]/count", NULL, false},
    {"jstat", "old_max_pct", "old generation (max)", "series[0]/occupancy[space=Old]/max", "%", false},

    {"histo", "classes", "classes", "input/classes", NULL, false},
    {"histo", "mib", "heap in the first histogram", "histograms[0]/mib", "MiB", false},
    {"histo", "top_class", "largest class", "histograms[0]/top_bytes[0]/class", NULL, false},
    {"histo", "growth_class", "fastest growing class", "growth[0]/class", NULL, false},
    {"histo", "growth_bytes", "its growth", "growth[0]/bytes_growth", "bytes", false},

    {"threads", "threads", "threads", "input/threads", NULL, false},
    {"threads", "deadlocks", "deadlocks", "deadlocks/found", NULL, false},
    {"threads", "blocked", "blocked on monitors", "locks/blocked_on_monitors", NULL, false},
    {"threads", "contended", "locks with waiters", "locks/locks_with_waiters", NULL, false},

    {"impact", "share_pct", "requests pushed past the timeout", "impact/share_pct", "%", false},
    {"impact", "timeout_ms", "timeout", "model/timeout_ms", "ms", false},
    {"impact", "stopped_pct", "stopped share of time", "impact/stopped_pct", "%", false},
    {"impact", "longest_ms", "longest pause", "impact/longest_pause_ms", "ms", false},

    {"correlate", "requests", "requests", "summary/requests", NULL, false},
    {"correlate", "overlapped_pct", "requests overlapping a stop", "summary/overlapped_pct", "%", false},
    {"correlate", "slow_overlapped_pct", "slow requests overlapping a stop", "summary/slow_overlapped_pct", "%", false},
    {"correlate", "p99", "P99 latency", "latency[requests=all]/p99_ms", "ms", false},
    {"correlate", "longest_ms", "longest pause", "summary/longest_pause_ms", "ms", false},

    {"load", "rate", "requests/s achieved", "rate_achieved", "req/s", false},
    {"load", "p50", "P50 latency (from the intended send)", "latency_ms/p50", "ms", false},
    {"load", "p99", "P99 latency (from the intended send)", "latency_ms/p99", "ms", false},
    {"load", "max", "max latency", "latency_ms/max", "ms", false},
    {"load", "service_p99", "P99 service time", "service_time_ms/p99", "ms", false},
    {"load", "errors", "errors", "errors", NULL, false},
};

/* Arrays a command leads with, right after its figures. */
static const struct { const char *cmd, *path; } blocks[] = {
    {"cpu", "findings"}, {"jstat", "findings"}, {"histo", "findings"}, {"threads", "findings"},
};

void headline_findings(struct report_node *arr)
{
    if (!arr || arr->kind != RN_ARR)
        return;
    const struct report_node *f = arr->first;
    bool typed = f && f->kind == RN_OBJ && rn_get(f, "title") && rn_get(f, "summary");
    rn_flags(arr, typed ? RF_FINDINGS : RF_HEADLINE);
}

void headline_report(struct report_node *root, const char *cmd)
{
    struct report_node *g = NULL;
    for (size_t i = 0; i < ARRAY_LEN(defs); i++) {
        if (strcmp(defs[i].cmd, cmd) != 0)
            continue;
        if (!g)
            g = headline_group(root, "headline", NULL);
        headline_copy(g, defs[i].key, defs[i].title, root, defs[i].path, defs[i].unit, defs[i].complement);
    }
    for (size_t i = 0; i < ARRAY_LEN(blocks); i++) {
        if (strcmp(blocks[i].cmd, cmd) != 0)
            continue;
        headline_findings((struct report_node *)rn_path(root, blocks[i].path));
    }
}
