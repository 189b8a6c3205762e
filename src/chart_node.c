/*
 * chart_node.c — chart nodes (see chart_node.h). Points are a flat array of
 * numbers (x, y pairs; x0, x1, y triples for bars) so that a chart of a few
 * thousand points costs one node per number, not three.
 */
#include "chart_node.h"

#include <math.h>
#include <string.h>

const char *chart_axis_name(enum svg_axis a)
{
    switch (a) {
    case SVG_AX_LOG: return "log";
    case SVG_AX_TIME: return "time";
    case SVG_AX_SPECTRUM: return "spectrum";
    default: return "lin";
    }
}

const char *chart_style_name(enum svg_style s)
{
    switch (s) {
    case SVG_SCATTER:
    case SVG_DOTS: return "dots";
    case SVG_LINE:
    case SVG_POLY: return "line";
    case SVG_BARS: return "bars";
    default: return "path";
    }
}

struct report_node *chart_group(struct report_node *parent, const char *key, const char *title)
{
    struct report_node *g = rn_flags(rn_obj(parent, key), RF_NOTEXT | RF_NOJSON);
    if (title)
        rn_title(g, title);
    return g;
}

struct report_node *chart_new(struct report_node *parent, const char *id, const char *title,
                              enum svg_axis x, enum svg_axis y, const char *xlabel, const char *ylabel)
{
    struct report_node *c = rn_obj(parent, id);
    rn_flags(rn_title(c, title), RF_SERIES | RF_NOTEXT | RF_NOJSON);
    rn_str(c, "x_axis", chart_axis_name(x));
    rn_str(c, "x_label", xlabel ? xlabel : "");
    rn_str(c, "y_axis", chart_axis_name(y));
    rn_str(c, "y_label", ylabel ? ylabel : "");
    rn_arr(c, "series");
    return c;
}

void chart_note(struct report_node *chart, const char *note)
{
    rn_str(chart, "note", note);
}

void chart_tz(struct report_node *chart, int tz_min)
{
    rn_int(chart, "tz_offset_min", tz_min);
}

struct report_node *chart_series(struct report_node *chart, const char *name, enum svg_style style,
                                 const char *color)
{
    struct report_node *s = rn_obj(rn_get(chart, "series"), NULL);
    rn_str(s, "name", name);
    rn_str(s, "style", chart_style_name(style));
    if (color)
        rn_str(s, "color", color);
    rn_int(s, "count", 0);
    rn_arr(s, "points");
    return s;
}

static void count_add(struct report_node *series, uint64_t n)
{
    struct report_node *c = rn_get(series, "count");
    if (c)
        c->i += (int64_t)n;
}

void chart_point(struct report_node *series, double x, double y)
{
    if (!isfinite(x) || !isfinite(y))
        return;
    struct report_node *p = rn_get(series, "points");
    rn_num(p, NULL, x, 6);
    rn_num(p, NULL, y, 6);
    count_add(series, 1);
}

void chart_bar(struct report_node *series, double x0, double x1, double y)
{
    if (!isfinite(x0) || !isfinite(x1) || !isfinite(y))
        return;
    struct report_node *p = rn_get(series, "points");
    rn_num(p, NULL, x0, 6);
    rn_num(p, NULL, x1, 6);
    rn_num(p, NULL, y, 6);
    count_add(series, 1);
}

void chart_count(struct report_node *series, uint64_t n)
{
    struct report_node *c = rn_get(series, "count");
    if (c)
        c->i = (int64_t)n;
}

uint64_t chart_points(const struct report_node *chart)
{
    uint64_t n = 0;
    const struct report_node *ser = rn_get(chart, "series");
    for (const struct report_node *s = ser ? ser->first : NULL; s; s = s->next)
        n += (uint64_t)rn_len(rn_get(s, "points"));
    return n;
}

/* Centre of column i of c's grid. */
static double col_x(const struct svg_chart *c, int i)
{
    return c->gx0 + (i + 0.5) * c->gw;
}

static void export_streaming(struct report_node *ns, const struct svg_chart *c, const struct svg_series *s)
{
    uint64_t held = 0;
    struct report_node *p = rn_get(ns, "points");
    for (int i = 0; i < c->ncols; i++) {
        if (!s->ccount[i])
            continue;
        held += s->ccount[i];
        double x = col_x(c, i);
        if (s->style == SVG_SCATTER) {
            int lo = -1, hi = -1;
            for (int cell = 0; cell < SVG_CELLS_PER_DECADE * SVG_DECADES; cell++)
                if (s->cells[i][cell / 64] & (1ull << (cell % 64))) {
                    if (lo < 0)
                        lo = cell;
                    hi = cell;
                }
            for (int cell = lo; cell >= 0 && cell <= hi; cell++) {
                if (!(s->cells[i][cell / 64] & (1ull << (cell % 64))))
                    continue;
                /* the cell centre, but the column's own extremes in its lowest and
                   highest cell: the worst pause is drawn at its height */
                double y = cell == hi ? s->cmax[i] : cell == lo ? s->cmin[i]
                                                               : pow(10, (cell + 0.5) / SVG_CELLS_PER_DECADE - 3.0);
                rn_num(p, NULL, x, 6);
                rn_num(p, NULL, y, 6);
            }
        } else {
            rn_num(p, NULL, x, 6);
            rn_num(p, NULL, s->cmin[i], 6);
            if (s->cmax[i] != s->cmin[i]) {
                rn_num(p, NULL, x, 6);
                rn_num(p, NULL, s->cmax[i], 6);
            }
        }
    }
    chart_count(ns, held);
}

struct report_node *chart_from_svg(struct report_node *parent, const struct svg_chart *c)
{
    bool any = false;
    for (size_t i = 0; i < c->ns; i++)
        if (c->s[i].points)
            any = true;
    if (!any)
        return NULL;
    struct report_node *ch = chart_new(parent, c->id, c->title, c->xaxis, c->yaxis, c->xlabel, c->ylabel);
    if (c->note)
        chart_note(ch, c->note);
    if (c->xaxis == SVG_AX_TIME)
        chart_tz(ch, c->tz_min);
    if (c->xmin <= c->xmax) {
        /* the data's own x extent: column centres would shift the axis by half a column */
        struct report_node *r = rn_arr(ch, "x_range");
        rn_num(r, NULL, c->xmin, 6);
        rn_num(r, NULL, c->xmax, 6);
    }
    for (size_t k = 0; k < c->ns; k++) {
        const struct svg_series *s = &c->s[k];
        if (!s->points)
            continue;
        struct report_node *ns = chart_series(ch, s->name, s->style, s->color);
        if (s->style == SVG_SCATTER || s->style == SVG_LINE) {
            export_streaming(ns, c, s);
            continue;
        }
        for (size_t i = 0; i < s->n; i++) {
            if (s->style == SVG_BARS)
                chart_bar(ns, s->x0[i], s->x1[i], s->y[i]);
            else
                chart_point(ns, s->x0[i], s->y[i]);
        }
        if (s->stands_for)
            chart_count(ns, s->stands_for);
    }
    return ch;
}
