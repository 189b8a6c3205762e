/*
 * html_charts.h — the report's charts for one run, fed while the inputs
 * stream: GC events arrive through html_charts_gc_event (the compare GC
 * hook), the pause histograms come from the run's gc_analysis, latency and
 * CPU series from the `gclat lat` / `gclat cpu` JSON subtrees. Memory is the
 * charts' column grids (svg_chart.h): bounded by width x series.
 *
 * Chart ids (stable; the tests look for them): pause-timeline, heap,
 * alloc-rate, pause-histogram, pause-spectrum, latency-spectrum,
 * latency-time, cpu-time; with several runs each id gets a "-rN" suffix
 * (N = 1-based run index), and the overlaid comparison charts are
 * compare-pause-spectrum, compare-pause-histogram, compare-latency-spectrum,
 * compare-cpu-time.
 */
#ifndef GCLAT_HTML_CHARTS_H
#define GCLAT_HTML_CHARTS_H

#include <stdio.h>

#include "compare.h"
#include "gc_event.h"
#include "svg_chart.h"

struct html_run_charts {
    struct svg_chart *timeline, *heap, *alloc, *lat_time;
    int kind_series[GC_KIND__COUNT + 2]; /* + allocation stalls, relocation stalls; -1 until seen */
    int heap_before, heap_after, heap_cap, alloc_series, lat_pause_series;
    int wall;             /* -1 undecided, 0 uptime seconds, 1 epoch seconds */
    int32_t tz_min;
    int64_t prev_after_kb;
    double prev_t_s;
    uint64_t events, untimed;
};

struct html_charts {
    struct html_run_charts *runs;
    int nruns;
};

void html_charts_init(struct html_charts *h, const struct compare_set *s);
void html_charts_fini(struct html_charts *h);
/* compare_gc_hook callback: ctx is the struct html_charts. */
void html_charts_gc_event(void *ctx, int run, const struct gc_event *e);
/* Percentiles asked of `gclat lat` for the spectrum (a superset of lat's default list). */
extern const char html_charts_lat_percentiles[];
/* Add the latency-over-time series from a `gclat lat --interval` subtree. */
void html_charts_lat_intervals(struct html_charts *h, int run, const struct report_node *lat_tree);
/* Write every chart section (comparison first when several runs). Returns charts written. */
int html_charts_write(FILE *f, struct html_charts *h, const struct compare_set *s);
/* Aggregation memory of all charts, bytes. */
size_t html_charts_memory(const struct html_charts *h);

#endif
