/*
 * html_charts.h — the charts of GC, latency and CPU inputs as chart nodes
 * of the report tree (chart_node.h, RF_SERIES): the analysis side of the
 * HTML pages, so that render_html.c only draws.
 *
 * GC events arrive while the log streams (gc_charts_event, or the compare
 * GC hook html_charts_gc_event) into svg_chart column grids: memory is
 * bounded by width x series. The pause histogram and spectrum come from the
 * run's pause histogram; latency and CPU series from the `gclat lat` /
 * `gclat cpu` report subtrees.
 *
 * Chart ids (stable; the tests look for them): pause-timeline, heap,
 * alloc-rate, pause-histogram, pause-spectrum, latency-spectrum,
 * latency-time, cpu-time; each id gets the suffix given (`gclat report`
 * with several runs: "-rN", N = 1-based run index), and the overlaid
 * comparison charts are compare-pause-spectrum, compare-pause-histogram,
 * compare-latency-spectrum, compare-cpu-time.
 */
#ifndef GCLAT_HTML_CHARTS_H
#define GCLAT_HTML_CHARTS_H

#include <stdio.h>

#include "compare.h"
#include "gc_event.h"
#include "hist.h"
#include "report.h"
#include "svg_chart.h"

/* One run's GC charts, fed while the GC log streams. */
struct gc_charts {
    char *suffix;
    struct svg_chart *timeline, *heap, *alloc, *lat_time;
    int kind_series[GC_KIND__COUNT + 2]; /* + allocation stalls, relocation stalls; -1 until seen */
    int heap_before, heap_after, heap_cap, alloc_series, lat_pause_series;
    int wall;             /* -1 undecided, 0 uptime seconds, 1 epoch seconds */
    int32_t tz_min;
    int64_t prev_after_kb;
    double prev_t_s;
    uint64_t events, untimed;
};

void gc_charts_init(struct gc_charts *r, const char *id_suffix);
void gc_charts_fini(struct gc_charts *r);
void gc_charts_event(struct gc_charts *r, const struct gc_event *e);
/* Latency per interval from a `gclat lat --interval` subtree, drawn with the run's GC pauses. */
void gc_charts_lat_intervals(struct gc_charts *r, const struct report_node *lat_tree);
/*
 * Chart nodes under parent: pause-timeline, heap, pause-histogram (from
 * pauses, may be NULL), alloc-rate, pause-spectrum; with lat_tree (a `gclat
 * lat` subtree, may be NULL) latency-spectrum, and latency-time when
 * intervals were given. Returns the number of charts added.
 */
int gc_charts_report(const struct gc_charts *r, const struct hist *pauses, const struct report_node *lat_tree,
                     struct report_node *parent);
/* Bytes of aggregation memory held. */
size_t gc_charts_memory(const struct gc_charts *r);

/* latency-spectrum (and latency-time with intervals) from a `gclat lat` tree alone. */
int lat_charts_report(const struct report_node *lat_tree, const char *id_suffix, struct report_node *parent);
/*
 * cpu-time from a `gclat cpu` tree's series: the first process (busiest),
 * or with all every process the series holds; elapsed: x is seconds since
 * the first sample rather than the time of day.
 */
int cpu_charts_report(const struct report_node *cpu_tree, const char *id_suffix, bool all,
                      struct report_node *parent);

/* A column of a table of samples drawn as one line series. */
struct rows_col {
    const char *key, *name;
};
/*
 * A chart of the rows of a table of samples (an array of objects): x from
 * xkey, one line per column in cols (null or missing cells are gaps), only
 * the rows whose string field only_key equals only_value when only_key is
 * given. Streamed through a column grid, so any number of rows costs the
 * same. Returns 1 when a chart was added, 0 when no row had a value.
 */
int rows_chart_report(struct report_node *parent, const char *id, const char *title, const struct report_node *rows,
                      const char *xkey, const struct rows_col *cols, int ncols, enum svg_axis xaxis,
                      enum svg_axis yaxis, const char *xlabel, const char *ylabel, const char *only_key,
                      const char *only_value);
/* jstat: occupancy of each space and the GC time, over time, per file. */
int jstat_charts_report(const struct report_node *jstat_tree, struct report_node *parent);

/* `gclat report`: one gc_charts per run. */
struct html_charts {
    struct gc_charts *runs;
    int nruns;
};

void html_charts_init(struct html_charts *h, const struct compare_set *s);
void html_charts_fini(struct html_charts *h);
/* compare_gc_hook callback: ctx is the struct html_charts. */
void html_charts_gc_event(void *ctx, int run, const struct gc_event *e);
/* Latency per interval of run `run` (gc_charts_lat_intervals). */
void html_charts_lat_intervals(struct html_charts *h, int run, const struct report_node *lat_tree);
/* Percentiles asked of `gclat lat` for the spectrum (a superset of lat's default list). */
extern const char html_charts_lat_percentiles[];
/* The overlaid comparison charts of several runs (one series per run) under compared. */
int compare_charts_report(const struct compare_set *s, struct report_node *compared);
/*
 * The overlaid comparison charts (several runs) under compared, and each
 * run's charts under per_run[i]. Returns the number of charts added.
 */
int html_charts_report(const struct html_charts *h, const struct compare_set *s, struct report_node *compared,
                       struct report_node *const *per_run);
/* Aggregation memory of all charts, bytes. */
size_t html_charts_memory(const struct html_charts *h);

#endif
