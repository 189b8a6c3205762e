/*
 * chart_node.h — charts as nodes of the report tree (RF_SERIES, report.h),
 * built on the analysis side so that the HTML renderer only draws.
 *
 * A chart node holds at most a few points per pixel column: series that
 * stream (every pause of a long log) are aggregated first in an svg_chart
 * column grid (svg_chart.h: min, max, count and log-spaced cells per
 * column) and exported with chart_from_svg; short series (percentiles,
 * histogram bins, samples of a top capture) are added point by point.
 * Every chart node is flagged RF_SERIES | RF_NOTEXT | RF_NOJSON: text and
 * JSON output do not change when a command adds charts for --html.
 */
#ifndef GCLAT_CHART_NODE_H
#define GCLAT_CHART_NODE_H

#include <stdint.h>

#include "report.h"
#include "svg_chart.h"

/* An object to hold charts (hidden from text and JSON), keyed key, titled title (may be NULL). */
struct report_node *chart_group(struct report_node *parent, const char *key, const char *title);
/* A chart under the object parent; id is the key (stable: tests and links use it). */
struct report_node *chart_new(struct report_node *parent, const char *id, const char *title,
                              enum svg_axis x, enum svg_axis y, const char *xlabel, const char *ylabel);
void chart_note(struct report_node *chart, const char *note);
/* UTC offset (minutes) for clock labels of an epoch-seconds time axis. */
void chart_tz(struct report_node *chart, int tz_min);
/* A series; style SVG_SCATTER draws dots, SVG_LINE a polyline, SVG_BARS, SVG_PATH as svg_chart.h. */
struct report_node *chart_series(struct report_node *chart, const char *name, enum svg_style style,
                                 const char *color);
/* A point (x, y); non-finite points are left out. Counts one input point. */
void chart_point(struct report_node *series, double x, double y);
/* A bar [x0, x1) of height y. */
void chart_bar(struct report_node *series, double x0, double x1, double y);
/* The series stands for n input points (when its points are aggregates). */
void chart_count(struct report_node *series, uint64_t n);
/* Number of points a chart's series hold in total. */
uint64_t chart_points(const struct report_node *chart);
/*
 * An svg_chart (streaming grids or explicit series) as a chart node under
 * parent: per column the scatter cells hit (at the cell centre, clamped to
 * the column's min..max) or the line's min and max. NULL, nothing added,
 * when no series has a point.
 */
struct report_node *chart_from_svg(struct report_node *parent, const struct svg_chart *c);

/* Axis and style names as stored in the node (render_html reads them back). */
const char *chart_axis_name(enum svg_axis a);
const char *chart_style_name(enum svg_style s);

#endif
