/*
 * svg_chart.h — inline SVG charts whose memory is bounded by the chart's
 * width, not by the number of points fed to them.
 *
 * A chart has one x axis shared by its series. Streaming series (scatter,
 * envelope line, rate) aggregate per pixel column while points arrive: each
 * column keeps min, max, count and sum per series (scatter also keeps which
 * log-spaced y cells were hit, one bit per cell). The x range is not known in
 * advance: the grid starts at the first point with a tiny column width and,
 * when a point falls outside, the width doubles and neighbouring columns
 * merge (extending to the left as well as to the right), so a million events
 * cost the same memory as a thousand. Explicit series (bars, spectrum lines)
 * hold their few points as given.
 *
 * Rendering writes one <svg> with axes, ticks, gridlines, a legend and one
 * <g class="series" data-series="NAME"> per series (tests count these). All
 * text (titles, series names) is escaped with html_out.h.
 */
#ifndef GCLAT_SVG_CHART_H
#define GCLAT_SVG_CHART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum svg_axis {
    SVG_AX_LIN,      /* linear numbers */
    SVG_AX_LOG,      /* log10 numbers */
    SVG_AX_TIME,     /* seconds: epoch seconds (> 1e9) labelled as clock time, else elapsed */
    SVG_AX_SPECTRUM, /* x = 1/(1-p): log scale labelled 0%, 90%, 99%, 99.9%, ... */
};

enum svg_style {
    SVG_SCATTER, /* streaming: every point as a dot, per column x log-y cell */
    SVG_LINE,    /* streaming: min..max envelope per column, joined */
    SVG_RATE,    /* streaming: sum per column / column width, drawn as steps */
    SVG_BARS,    /* explicit: bars [x0,x1) x height y */
    SVG_PATH,    /* explicit: polyline through points with markers */
    SVG_DOTS,    /* explicit: a dot per point (a scatter aggregated elsewhere) */
    SVG_POLY,    /* explicit: polyline through points in order, no markers */
};

#define SVG_CELLS_PER_DECADE 24
#define SVG_DECADES 10 /* scatter cells cover 1e-3 .. 1e7 of the y unit */
#define SVG_CELL_WORDS ((SVG_CELLS_PER_DECADE * SVG_DECADES + 63) / 64)

struct svg_series {
    char *name;
    char *color;
    enum svg_style style;
    uint64_t points;                 /* points fed (also for explicit series) */
    uint64_t stands_for;             /* explicit: input points the drawn ones aggregate (0: points) */
    double ysum;                     /* explicit: sum of y (bars: the count they show) */
    /* streaming: per column */
    double *cmin, *cmax, *csum;
    uint64_t *ccount;
    uint64_t (*cells)[SVG_CELL_WORDS]; /* SVG_SCATTER only */
    /* explicit */
    double *x0, *x1, *y;
    size_t n, cap;
};

struct svg_chart {
    char *id, *title, *xlabel, *ylabel, *note;
    enum svg_axis xaxis, yaxis;
    int width, height;   /* whole SVG in px */
    int ncols;           /* streaming columns = plot width in px */
    /* column grid: column i covers [gx0 + i*gw, gx0 + (i+1)*gw) */
    bool have_grid;
    double gx0, gw;
    double xmin, xmax;   /* data range seen (streaming and explicit) */
    double ymin, ymax;   /* y range seen (positive only on log axes) */
    bool yzero;          /* linear y axes start at 0 */
    int tz_min;          /* UTC offset for clock labels of epoch-second x axes */
    struct svg_series *s;
    size_t ns;
};

struct svg_chart *svg_chart_new(const char *id, const char *title, enum svg_axis xaxis,
                                enum svg_axis yaxis, const char *xlabel, const char *ylabel);
void svg_chart_free(struct svg_chart *c);
/* Add a series; color NULL picks from the palette by index. Returns its index. */
int svg_series_add(struct svg_chart *c, const char *name, const char *color, enum svg_style style);
/* Streaming point (SCATTER, LINE, RATE: y is summed per column). Non-finite points are ignored. */
void svg_point(struct svg_chart *c, int series, double x, double y);
/* Explicit point: BARS use [x0, x1) and y; PATH uses (x0, y). */
void svg_explicit(struct svg_chart *c, int series, double x0, double x1, double y);
/* An explicit series drawn from aggregated points stands for n input points (legend, data-points). */
void svg_series_stands_for(struct svg_chart *c, int series, uint64_t n);
/* Free-text note printed under the chart (escaped). */
void svg_chart_note(struct svg_chart *c, const char *note);
/* Bytes of aggregation memory held (the bound the report states). */
size_t svg_chart_memory(const struct svg_chart *c);
/* Write the chart as an inline <svg> element (nothing if no series has points unless always). */
void svg_chart_write(FILE *f, const struct svg_chart *c);
/* Palette colour i (cycles). */
const char *svg_palette(int i);

/* Tick helper, exported for tests: "nice" linear ticks covering [lo, hi]; returns count (<= max). */
int svg_nice_ticks(double lo, double hi, int target, double *out, int max);

#endif
