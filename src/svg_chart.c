/*
 * svg_chart.c — bounded-memory SVG charts (see svg_chart.h).
 *
 * Invariants: ncols is even; every streaming series has ncols columns; a
 * point's column is floor((x - gx0) / gw) and always lands in [0, ncols)
 * after rescale(); rescaling only merges columns, so per-column min, max,
 * count and scatter cells stay exact for the coarser grid.
 */
#include "svg_chart.h"
#include "html_out.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define W_DEFAULT 960
#define H_DEFAULT 320
#define M_LEFT 74
#define M_RIGHT 190
#define M_TOP 30
#define M_BOTTOM 46

static const char *const palette[] = {"#4e79a7", "#e15759", "#59a14f", "#f28e2b", "#b07aa1",
                                      "#76b7b2", "#edc948", "#9c755f", "#ff9da7", "#bab0ac"};

const char *svg_palette(int i)
{
    return palette[(unsigned)i % ARRAY_LEN(palette)];
}

struct svg_chart *svg_chart_new(const char *id, const char *title, enum svg_axis xaxis,
                                enum svg_axis yaxis, const char *xlabel, const char *ylabel)
{
    struct svg_chart *c = xcalloc(1, sizeof *c);
    c->id = xstrdup(id);
    c->title = xstrdup(title);
    c->xlabel = xstrdup(xlabel ? xlabel : "");
    c->ylabel = xstrdup(ylabel ? ylabel : "");
    c->xaxis = xaxis;
    c->yaxis = yaxis;
    c->width = W_DEFAULT;
    c->height = H_DEFAULT;
    c->ncols = (W_DEFAULT - M_LEFT - M_RIGHT) & ~1;
    c->xmin = c->ymin = INFINITY;
    c->xmax = c->ymax = -INFINITY;
    c->yzero = true;
    return c;
}

static void series_free(struct svg_series *s)
{
    free(s->name);
    free(s->color);
    free(s->cmin);
    free(s->cmax);
    free(s->csum);
    free(s->ccount);
    free(s->cells);
    free(s->x0);
    free(s->x1);
    free(s->y);
}

void svg_chart_free(struct svg_chart *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->ns; i++)
        series_free(&c->s[i]);
    free(c->s);
    free(c->id);
    free(c->title);
    free(c->xlabel);
    free(c->ylabel);
    free(c->note);
    free(c);
}

static bool streaming(enum svg_style st)
{
    return st == SVG_SCATTER || st == SVG_LINE;
}

int svg_series_add(struct svg_chart *c, const char *name, const char *color, enum svg_style style)
{
    c->s = xrealloc(c->s, (c->ns + 1) * sizeof *c->s);
    struct svg_series *s = &c->s[c->ns];
    memset(s, 0, sizeof *s);
    s->name = xstrdup(name);
    s->color = xstrdup(color ? color : svg_palette((int)c->ns));
    s->style = style;
    if (streaming(style)) {
        size_t n = (size_t)c->ncols;
        s->cmin = xmalloc(n * sizeof *s->cmin);
        s->cmax = xmalloc(n * sizeof *s->cmax);
        s->csum = xcalloc(n, sizeof *s->csum);
        s->ccount = xcalloc(n, sizeof *s->ccount);
        for (size_t i = 0; i < n; i++) {
            s->cmin[i] = INFINITY;
            s->cmax[i] = -INFINITY;
        }
        if (style == SVG_SCATTER)
            s->cells = xcalloc(n, sizeof *s->cells);
    }
    return (int)c->ns++;
}

void svg_series_stands_for(struct svg_chart *c, int si, uint64_t n)
{
    if (si >= 0 && (size_t)si < c->ns)
        c->s[si].stands_for = n;
}

void svg_chart_note(struct svg_chart *c, const char *note)
{
    free(c->note);
    c->note = xstrdup(note);
}

size_t svg_chart_memory(const struct svg_chart *c)
{
    size_t b = sizeof *c + c->ns * sizeof *c->s;
    for (size_t i = 0; i < c->ns; i++) {
        const struct svg_series *s = &c->s[i];
        if (streaming(s->style))
            b += (size_t)c->ncols * (3 * sizeof(double) + sizeof(uint64_t));
        if (s->cells)
            b += (size_t)c->ncols * sizeof *s->cells;
        b += s->cap * 3 * sizeof(double);
    }
    return b;
}

/* dst column absorbs src column, for every streaming series. */
static void merge_col(struct svg_chart *c, int dst, int src)
{
    for (size_t k = 0; k < c->ns; k++) {
        struct svg_series *s = &c->s[k];
        if (!streaming(s->style))
            continue;
        if (dst == src)
            continue;
        if (s->cmin[src] < s->cmin[dst])
            s->cmin[dst] = s->cmin[src];
        if (s->cmax[src] > s->cmax[dst])
            s->cmax[dst] = s->cmax[src];
        s->csum[dst] += s->csum[src];
        s->ccount[dst] += s->ccount[src];
        if (s->cells)
            for (int w = 0; w < SVG_CELL_WORDS; w++)
                s->cells[dst][w] |= s->cells[src][w];
    }
}

static void clear_col(struct svg_chart *c, int i)
{
    for (size_t k = 0; k < c->ns; k++) {
        struct svg_series *s = &c->s[k];
        if (!streaming(s->style))
            continue;
        s->cmin[i] = INFINITY;
        s->cmax[i] = -INFINITY;
        s->csum[i] = 0;
        s->ccount[i] = 0;
        if (s->cells)
            memset(s->cells[i], 0, sizeof s->cells[i]);
    }
}

static void move_col(struct svg_chart *c, int dst, int src)
{
    if (dst == src)
        return;
    clear_col(c, dst);
    merge_col(c, dst, src);
}

/* Halve the resolution: column j = old 2j + 2j+1; upper half empties. */
static void halve(struct svg_chart *c)
{
    int n = c->ncols;
    for (int j = 0; j < n / 2; j++) {
        move_col(c, j, 2 * j);
        merge_col(c, j, 2 * j + 1);
    }
    for (int j = n / 2; j < n; j++)
        clear_col(c, j);
    c->gw *= 2;
}

/* Column for x, rescaling the grid until x fits. */
static int column(struct svg_chart *c, double x)
{
    if (!c->have_grid) {
        c->have_grid = true;
        c->gx0 = x;
        c->gw = fabs(x) * 1e-12 > 1e-6 ? fabs(x) * 1e-12 : 1e-6;
    }
    for (int guard = 0; guard < 4096; guard++) {
        double f = floor((x - c->gx0) / c->gw);
        if (f >= 0 && f < c->ncols)
            return (int)f;
        halve(c);
        if (f < 0) {
            /* shift the (now lower-half) data to the upper half, grid moves left */
            int h = c->ncols / 2;
            for (int j = c->ncols - 1; j >= h; j--)
                move_col(c, j, j - h);
            for (int j = 0; j < h; j++)
                clear_col(c, j);
            c->gx0 -= c->gw * h;
        }
    }
    return 0; /* unreachable for finite x: each step doubles the span */
}

static int cell_of(double y)
{
    if (!(y > 0))
        return 0;
    double v = (log10(y) + 3.0) * SVG_CELLS_PER_DECADE;
    if (v < 0)
        return 0;
    int m = SVG_CELLS_PER_DECADE * SVG_DECADES - 1;
    return v > m ? m : (int)v;
}

static void seen(struct svg_chart *c, double x, double y)
{
    if (x < c->xmin)
        c->xmin = x;
    if (x > c->xmax)
        c->xmax = x;
    if (c->yaxis == SVG_AX_LOG && !(y > 0))
        return;
    if (y < c->ymin)
        c->ymin = y;
    if (y > c->ymax)
        c->ymax = y;
}

void svg_point(struct svg_chart *c, int si, double x, double y)
{
    if (!isfinite(x) || !isfinite(y) || si < 0 || (size_t)si >= c->ns)
        return;
    struct svg_series *s = &c->s[si];
    if (!streaming(s->style))
        return;
    if (c->xaxis == SVG_AX_LOG && !(x > 0))
        return;
    int col = column(c, x);
    if (y < s->cmin[col])
        s->cmin[col] = y;
    if (y > s->cmax[col])
        s->cmax[col] = y;
    s->csum[col] += y;
    s->ccount[col]++;
    if (s->cells) {
        int cell = cell_of(y);
        s->cells[col][cell / 64] |= 1ull << (cell % 64);
    }
    s->points++;
    seen(c, x, y);
}

void svg_explicit(struct svg_chart *c, int si, double x0, double x1, double y)
{
    if (!isfinite(x0) || !isfinite(x1) || !isfinite(y) || si < 0 || (size_t)si >= c->ns)
        return;
    struct svg_series *s = &c->s[si];
    if (streaming(s->style))
        return;
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 16;
        s->x0 = xrealloc(s->x0, s->cap * sizeof *s->x0);
        s->x1 = xrealloc(s->x1, s->cap * sizeof *s->x1);
        s->y = xrealloc(s->y, s->cap * sizeof *s->y);
    }
    s->x0[s->n] = x0;
    s->x1[s->n] = x1;
    s->y[s->n] = y;
    s->n++;
    s->points++;
    s->ysum += y;
    seen(c, x0, y);
    if (s->style == SVG_BARS) {
        seen(c, x1, y);
        if (c->yaxis == SVG_AX_LIN && 0 < c->ymin)
            c->ymin = 0;
    }
}

/* ---- scales and ticks ---- */

int svg_nice_ticks(double lo, double hi, int target, double *out, int max)
{
    if (!(hi > lo) || target < 1)
        return 0;
    double raw = (hi - lo) / target;
    double mag = pow(10, floor(log10(raw)));
    double steps[] = {1, 2, 2.5, 5, 10};
    double step = mag * 10;
    for (size_t i = 0; i < ARRAY_LEN(steps); i++)
        if (mag * steps[i] >= raw) {
            step = mag * steps[i];
            break;
        }
    int n = 0;
    for (double v = ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9 && n < max; v += step)
        out[n++] = fabs(v) < step * 1e-9 ? 0 : v;
    return n;
}

struct scale {
    bool log;
    double lo, hi;   /* data units (log: positive) */
    double p0, p1;   /* pixels */
};

static double map(const struct scale *s, double v)
{
    double t;
    if (s->log) {
        if (!(v > 0))
            v = s->lo;
        t = (log10(v) - log10(s->lo)) / (log10(s->hi) - log10(s->lo));
    } else {
        t = (v - s->lo) / (s->hi - s->lo);
    }
    return s->p0 + t * (s->p1 - s->p0);
}

static bool log_axis(enum svg_axis a)
{
    return a == SVG_AX_LOG || a == SVG_AX_SPECTRUM;
}

/* Number label: 1234567 -> "1.23M", 0.05 -> "0.05". */
static void fmt_num(double v, char *buf, size_t n)
{
    double a = fabs(v);
    if (a >= 1e9)
        snprintf(buf, n, "%gG", v / 1e9);
    else if (a >= 1e6)
        snprintf(buf, n, "%gM", v / 1e6);
    else if (a >= 1e4)
        snprintf(buf, n, "%gk", v / 1e3);
    else
        snprintf(buf, n, "%g", v);
}

static void fmt_elapsed(double s, char *buf, size_t n)
{
    if (s < 0)
        s = 0;
    long long t = llround(s);
    if (fabs(s - (double)t) > 1e-6 && s < 60)
        snprintf(buf, n, "%gs", s);
    else if (t < 60)
        snprintf(buf, n, "%llds", t);
    else if (t < 3600)
        snprintf(buf, n, t % 60 ? "%lldm%02llds" : "%lldm", t / 60, t % 60);
    else if (t < 86400 * 2)
        snprintf(buf, n, t % 3600 ? "%lldh%02lldm" : "%lldh", t / 3600, (t % 3600) / 60);
    else
        snprintf(buf, n, "%lldd%02lldh", t / 86400, (t % 86400) / 3600);
}

static void fmt_clock(double epoch_s, int tz_min, bool with_date, char *buf, size_t n)
{
    time_t t = (time_t)floor(epoch_s) + (time_t)tz_min * 60;
    struct tm tm;
    gmtime_r(&t, &tm);
    if (with_date)
        snprintf(buf, n, "%04d-%02d-%02d %02d:%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                 tm.tm_hour, tm.tm_min);
    else if (tm.tm_sec)
        snprintf(buf, n, "%02d:%02d:%02d", tm.tm_hour, tm.tm_min, tm.tm_sec);
    else
        snprintf(buf, n, "%02d:%02d", tm.tm_hour, tm.tm_min);
}

/* Time ticks at a human step (1s .. 1 week). */
static int time_ticks(double lo, double hi, double origin, double *out, int max)
{
    static const double steps[] = {0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5,
                                   10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800,
                                   21600, 43200, 86400, 172800, 604800, 2592000};
    double raw = (hi - lo) / 6;
    double step = steps[ARRAY_LEN(steps) - 1];
    for (size_t i = 0; i < ARRAY_LEN(steps); i++)
        if (steps[i] >= raw) {
            step = steps[i];
            break;
        }
    while ((hi - lo) / step > max - 1)
        step *= 2;
    int n = 0;
    for (double v = origin + ceil((lo - origin) / step - 1e-9) * step; v <= hi + 1e-9 * step && n < max;
         v += step)
        out[n++] = v;
    return n;
}

static int log_ticks(double lo, double hi, double *out, int max)
{
    int n = 0;
    for (double e = floor(log10(lo) + 1e-9); e <= ceil(log10(hi) - 1e-9) && n < max; e++) {
        double v = pow(10, e);
        if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9))
            out[n++] = v;
    }
    return n;
}

static void fmt_spectrum(double x, char *buf, size_t n)
{
    /* x = 1/(1-p): 1 -> 0%, 10 -> 90%, 100 -> 99%, 1000 -> 99.9% */
    if (x <= 1.0000001) {
        snprintf(buf, n, "0%%");
        return;
    }
    double p = 100.0 * (1.0 - 1.0 / x);
    int digits = (int)ceil(log10(x) - 1e-9) - 2;
    if (digits < 0)
        digits = 0;
    snprintf(buf, n, "%.*f%%", digits, p);
}

static void axis_range(enum svg_axis a, double dmin, double dmax, bool zero, double *lo, double *hi)
{
    if (!(dmin <= dmax)) {
        dmin = log_axis(a) ? 1 : 0;
        dmax = log_axis(a) ? 10 : 1;
    }
    if (log_axis(a)) {
        if (!(dmin > 0))
            dmin = dmax > 0 ? dmax / 10 : 1;
        *lo = pow(10, floor(log10(dmin) + 1e-9));
        *hi = pow(10, ceil(log10(dmax) - 1e-9));
        if (a == SVG_AX_SPECTRUM && *lo < 1)
            *lo = 1;
        if (*hi <= *lo)
            *hi = *lo * 10;
        return;
    }
    if (a == SVG_AX_TIME) {
        *lo = dmin;
        *hi = dmax;
        if (*hi <= *lo)
            *hi = *lo + 1;
        return;
    }
    double l = zero && dmin > 0 ? 0 : dmin;
    double h = dmax;
    if (h <= l)
        h = l + (l != 0 ? fabs(l) * 0.1 : 1);
    double t[64];
    int n = svg_nice_ticks(l, h, 5, t, 64);
    if (n >= 2) {
        double step = t[1] - t[0];
        if (t[n - 1] < h - step * 1e-9)
            h = t[n - 1] + step;
        if (t[0] > l + step * 1e-9)
            l = t[0] - step;
    }
    *lo = l;
    *hi = h;
}

static void write_ticks(FILE *f, const struct svg_chart *c, bool xdir, const struct scale *sc,
                        enum svg_axis a, double px0, double px1, double py0, double py1)
{
    double t[64];
    int n;
    bool epoch = a == SVG_AX_TIME && sc->lo > 1e9;
    double origin = a == SVG_AX_TIME && !epoch ? 0 : 0;
    if (a == SVG_AX_TIME)
        n = time_ticks(sc->lo, sc->hi, epoch ? -(double)c->tz_min * 60 : origin, t, 12);
    else if (log_axis(a))
        n = log_ticks(sc->lo, sc->hi, t, 64);
    else
        n = svg_nice_ticks(sc->lo, sc->hi, xdir ? 8 : 5, t, 64);
    bool dated = epoch && sc->hi - sc->lo > 86400;
    for (int i = 0; i < n; i++) {
        double p = map(sc, t[i]);
        char lab[64];
        if (a == SVG_AX_TIME)
            epoch ? fmt_clock(t[i], c->tz_min, dated, lab, sizeof lab) : fmt_elapsed(t[i], lab, sizeof lab);
        else if (a == SVG_AX_SPECTRUM)
            fmt_spectrum(t[i], lab, sizeof lab);
        else
            fmt_num(t[i], lab, sizeof lab);
        if (xdir) {
            fprintf(f, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", p, py0, p, py1);
            fprintf(f, "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", p, py0 + 16);
        } else {
            fprintf(f, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", px0, p, px1, p);
            fprintf(f, "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">", px0 - 6, p + 4);
        }
        html_text(f, lab);
        fputs("</text>", f);
    }
    (void)px1;
    (void)py1;
}

static void write_series(FILE *f, const struct svg_chart *c, const struct svg_series *s,
                         const struct scale *sx, const struct scale *sy)
{
    if (!s->points)
        return; /* a series without data is not drawn (nor counted by the tests) */
    /* data-points: what the grid holds (for streaming series the sum of the
       column counts), so a test can check that aggregation lost nothing */
    uint64_t held = 0;
    if (streaming(s->style))
        for (int i = 0; i < c->ncols; i++)
            held += s->ccount[i];
    else
        held = s->stands_for ? s->stands_for : s->n;
    fputs("<g class=\"series\" data-series=\"", f);
    html_text(f, s->name);
    fprintf(f, "\" data-points=\"%llu\"><title>", (unsigned long long)held);
    html_textf(f, "%s: %llu points", s->name, (unsigned long long)(s->stands_for ? s->stands_for : s->points));
    fputs("</title>", f);
    double ybase = sy->p0; /* pixel of the axis bottom */
    if (s->style == SVG_SCATTER) {
        fprintf(f, "<path class=\"dots\" stroke=\"%s\" d=\"", s->color);
        for (int i = 0; i < c->ncols; i++) {
            if (!s->ccount[i])
                continue;
            double px = map(sx, c->gx0 + (i + 0.5) * c->gw);
            for (int cell = 0; cell < SVG_CELLS_PER_DECADE * SVG_DECADES; cell++) {
                if (!(s->cells[i][cell / 64] & (1ull << (cell % 64))))
                    continue;
                double y = pow(10, (cell + 0.5) / SVG_CELLS_PER_DECADE - 3.0);
                /* clamp the cell centre into the column's real range */
                if (y < s->cmin[i])
                    y = s->cmin[i];
                if (y > s->cmax[i])
                    y = s->cmax[i];
                fprintf(f, "M%.1f %.1fh0", px, map(sy, y));
            }
        }
        fputs("\"/>", f);
    } else if (s->style == SVG_LINE) {
        fprintf(f, "<path class=\"line\" stroke=\"%s\" d=\"", s->color);
        bool first = true;
        for (int i = 0; i < c->ncols; i++) {
            if (!s->ccount[i])
                continue;
            double px = map(sx, c->gx0 + (i + 0.5) * c->gw);
            double lo = s->cmin[i], hi = s->cmax[i];
            if (sy->log && !(lo > 0))
                lo = sy->lo;
            if (sy->log && !(hi > 0))
                hi = sy->lo;
            fprintf(f, "%c%.1f %.1f", first ? 'M' : 'L', px, map(sy, lo));
            if (hi != lo)
                fprintf(f, "L%.1f %.1f", px, map(sy, hi));
            first = false;
        }
        fputs("\"/>", f);
    } else if (s->style == SVG_BARS) {
        fprintf(f, "<g fill=\"%s\" class=\"bars\">", s->color);
        for (size_t i = 0; i < s->n; i++) {
            double a = map(sx, s->x0[i]), b = map(sx, s->x1[i]);
            double top = map(sy, s->y[i]);
            double bottom = sy->log ? ybase : map(sy, sy->lo < 0 ? 0 : sy->lo);
            double w = b - a - 1 > 1 ? b - a - 1 : 1;
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"><title>", a, top, w,
                    bottom - top > 0 ? bottom - top : 0);
            html_textf(f, "%s: %g-%g: %g", s->name, s->x0[i], s->x1[i], s->y[i]);
            fputs("</title></rect>", f);
        }
        fputs("</g>", f);
    } else if (s->style == SVG_DOTS) {
        fprintf(f, "<path class=\"dots\" stroke=\"%s\" d=\"", s->color);
        for (size_t i = 0; i < s->n; i++)
            fprintf(f, "M%.1f %.1fh0", map(sx, s->x0[i]), map(sy, s->y[i]));
        fputs("\"/>", f);
    } else if (s->style == SVG_POLY) {
        fprintf(f, "<path class=\"line\" stroke=\"%s\" d=\"", s->color);
        for (size_t i = 0; i < s->n; i++)
            fprintf(f, "%c%.1f %.1f", i ? 'L' : 'M', map(sx, s->x0[i]), map(sy, s->y[i]));
        fputs("\"/>", f);
        if (s->n == 1) /* a line of one point draws nothing: show the point */
            fprintf(f, "<path class=\"dots small\" stroke=\"%s\" d=\"M%.1f %.1fh0\"/>", s->color,
                    map(sx, s->x0[0]), map(sy, s->y[0]));
    } else {
        fprintf(f, "<path class=\"line\" stroke=\"%s\" d=\"", s->color);
        for (size_t i = 0; i < s->n; i++)
            fprintf(f, "%c%.1f %.1f", i ? 'L' : 'M', map(sx, s->x0[i]), map(sy, s->y[i]));
        fprintf(f, "\"/><path class=\"dots small\" stroke=\"%s\" d=\"", s->color);
        for (size_t i = 0; i < s->n; i++)
            fprintf(f, "M%.1f %.1fh0", map(sx, s->x0[i]), map(sy, s->y[i]));
        fputs("\"/>", f);
    }
    fputs("</g>\n", f);
}

void svg_chart_write(FILE *f, const struct svg_chart *c)
{
    double px0 = M_LEFT, px1 = c->width - M_RIGHT, py0 = c->height - M_BOTTOM, py1 = M_TOP;
    struct scale sx = {log_axis(c->xaxis), 0, 0, px0, px1};
    struct scale sy = {log_axis(c->yaxis), 0, 0, py0, py1};
    axis_range(c->xaxis, c->xmin, c->xmax, false, &sx.lo, &sx.hi);
    axis_range(c->yaxis, c->ymin, c->ymax, c->yzero, &sy.lo, &sy.hi);

    fputs("<figure class=\"chart\" id=\"", f);
    html_id(f, c->id);
    fprintf(f, "\"><svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"",
            c->width, c->height, c->width, c->height);
    html_text(f, c->title);
    fputs("\">", f);
    fputs("<text class=\"ctitle\" x=\"8\" y=\"18\">", f);
    html_text(f, c->title);
    fputs("</text>", f);
    fprintf(f, "<rect class=\"plot\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>", px0, py1,
            px1 - px0, py0 - py1);
    write_ticks(f, c, true, &sx, c->xaxis, px0, px1, py0, py1);
    write_ticks(f, c, false, &sy, c->yaxis, px0, px1, py0, py1);
    fprintf(f, "<text class=\"alabel\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">", (px0 + px1) / 2,
            c->height - 8);
    html_text(f, c->xlabel);
    fprintf(f, "</text><text class=\"alabel\" transform=\"translate(16 %.1f) rotate(-90)\" text-anchor=\"middle\">",
            (py0 + py1) / 2);
    html_text(f, c->ylabel);
    fputs("</text>\n", f);
    fprintf(f, "<svg x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" viewBox=\"%.1f %.1f %.1f %.1f\" overflow=\"hidden\">",
            px0 - 3, py1 - 3, px1 - px0 + 6, py0 - py1 + 6, px0 - 3, py1 - 3, px1 - px0 + 6, py0 - py1 + 6);
    for (size_t i = 0; i < c->ns; i++)
        write_series(f, c, &c->s[i], &sx, &sy);
    fputs("</svg>", f);
    /* legend */
    double ly = M_TOP + 4;
    for (size_t i = 0; i < c->ns; i++) {
        const struct svg_series *s = &c->s[i];
        if (!s->points)
            continue;
        fprintf(f, "<g class=\"legend\"><rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" rx=\"2\" fill=\"%s\"/>",
                px1 + 14, ly, s->color);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">", px1 + 32, ly + 10);
        char nm[64];
        snprintf(nm, sizeof nm, "%s", s->name);
        if (strlen(s->name) > 22)
            snprintf(nm + 19, sizeof nm - 19, "...");
        html_text(f, nm);
        if (s->style == SVG_BARS)
            fprintf(f, " (%.0f)", s->ysum);
        else if (s->style != SVG_PATH)
            fprintf(f, " (%llu)", (unsigned long long)(s->stands_for ? s->stands_for : s->points));
        fputs("</text></g>", f);
        ly += 18;
    }
    fputs("</svg>", f);
    if (c->note) {
        fputs("<figcaption>", f);
        html_text(f, c->note);
        fputs("</figcaption>", f);
    }
    fputs("</figure>\n", f);
}
