/* test_html.c — HTML escaping and the bounded-memory SVG charts. */
#include "html_out.h"
#include "svg_chart.h"
#include "t.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *esc(const char *s)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    html_text(f, s);
    fclose(f);
    return buf;
}

static void escapes_markup(void)
{
    char *s = esc("<script>alert(1)</script>");
    CHECK_STR(s, "&lt;script&gt;alert(1)&lt;/script&gt;");
    free(s);
    s = esc("\"><img src=x onerror=alert(1)>");
    CHECK_STR(s, "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
    free(s);
    s = esc("a&b 'q'");
    CHECK_STR(s, "a&amp;b &#39;q&#39;");
    free(s);
}

static void replaces_bad_bytes(void)
{
    char *s = esc("x\x01y\xff\xc3(z");
    CHECK_STR(s, "x&#xfffd;y&#xfffd;&#xfffd;(z");
    free(s);
    s = esc("\xe4\xb8\xad\xe6\x96\x87 ok"); /* valid UTF-8 passes */
    CHECK_STR(s, "\xe4\xb8\xad\xe6\x96\x87 ok");
    free(s);
    s = esc("\xed\xa0\x80"); /* UTF-16 surrogate encoded: invalid */
    CHECK_STR(s, "&#xfffd;&#xfffd;&#xfffd;");
    free(s);
}

static void ids_are_safe(void)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    html_id(f, "a b\"<c>-1_");
    fclose(f);
    CHECK_STR(buf, "a-b--c--1_");
    free(buf);
}

/* A million points: memory does not grow, every point lands in a column,
   per-column min/max agree with the global extremes. */
static void million_points_bounded(void)
{
    struct svg_chart *c = svg_chart_new("t", "t", SVG_AX_TIME, SVG_AX_LOG, "x", "y");
    int sc = svg_series_add(c, "dots", NULL, SVG_SCATTER);
    int ln = svg_series_add(c, "line", NULL, SVG_LINE);
    size_t mem0 = svg_chart_memory(c);
    unsigned r = 12345;
    double ymin = INFINITY, ymax = 0;
    for (int i = 0; i < 1000000; i++) {
        r = r * 1103515245u + 12345u;
        double y = 0.01 + (double)(r >> 8) / (1 << 24) * 1000;
        if (y < ymin) ymin = y;
        if (y > ymax) ymax = y;
        svg_point(c, sc, 1000.0 + i * 0.25, y);
        svg_point(c, ln, 1000.0 + i * 0.25, y);
    }
    CHECK_EQ_INT(svg_chart_memory(c), mem0);
    CHECK_EQ_INT(c->s[sc].points, 1000000);
    uint64_t n = 0;
    double mn = INFINITY, mx = 0;
    for (int i = 0; i < c->ncols; i++) {
        n += c->s[ln].ccount[i];
        if (c->s[ln].ccount[i]) {
            if (c->s[ln].cmin[i] < mn) mn = c->s[ln].cmin[i];
            if (c->s[ln].cmax[i] > mx) mx = c->s[ln].cmax[i];
        }
    }
    CHECK_EQ_INT(n, 1000000);
    CHECK_NEAR(mn, ymin, 0);
    CHECK_NEAR(mx, ymax, 0);
    CHECK(c->gx0 <= 1000.0);
    CHECK(c->gx0 + c->gw * c->ncols > 1000.0 + 999999 * 0.25);
    /* the grid is no coarser than needed: the data spans more than half of it */
    CHECK(999999 * 0.25 > c->gw * c->ncols / 2);

    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    svg_chart_write(f, c);
    fclose(f);
    CHECK(len < 3 * 1024 * 1024); /* bounded by columns x cells, not by points */
    CHECK(strstr(buf, "data-series=\"dots\" data-points=\"1000000\"") != NULL);
    CHECK(strstr(buf, "data-series=\"line\"") != NULL);
    free(buf);
    svg_chart_free(c);
}

/* Points arriving in decreasing x extend the grid to the left. */
static void grid_extends_left(void)
{
    struct svg_chart *c = svg_chart_new("t", "t", SVG_AX_LIN, SVG_AX_LIN, "x", "y");
    int s = svg_series_add(c, "s", NULL, SVG_LINE);
    for (int i = 0; i < 10000; i++)
        svg_point(c, s, 5000.0 - i, i);
    uint64_t n = 0;
    for (int i = 0; i < c->ncols; i++)
        n += c->s[s].ccount[i];
    CHECK_EQ_INT(n, 10000);
    CHECK(c->gx0 <= 5000.0 - 9999);
    CHECK(c->gx0 + c->gw * c->ncols > 5000.0);
    CHECK_NEAR(c->xmin, -4999, 0);
    CHECK_NEAR(c->xmax, 5000, 0);
    svg_chart_free(c);
}

static void nice_ticks(void)
{
    double t[16];
    int n = svg_nice_ticks(0, 97, 5, t, 16);
    CHECK_EQ_INT(n, 5);
    CHECK_NEAR(t[0], 0, 0);
    CHECK_NEAR(t[4], 80, 1e-9);
    n = svg_nice_ticks(0.3, 0.71, 4, t, 16); /* step 0.2 */
    CHECK_EQ_INT(n, 2);
    CHECK_NEAR(t[0], 0.4, 1e-9);
    CHECK_NEAR(t[1], 0.6, 1e-9);
}

static void escapes_series_names(void)
{
    struct svg_chart *c = svg_chart_new("a\"b", "<t>", SVG_AX_LIN, SVG_AX_LIN, "x", "y");
    int s = svg_series_add(c, "<script>alert(1)</script>", NULL, SVG_BARS);
    svg_explicit(c, s, 1, 2, 3);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    svg_chart_write(f, c);
    fclose(f);
    CHECK(strstr(buf, "<script") == NULL);
    CHECK(strstr(buf, "data-series=\"&lt;script&gt;alert(1)&lt;/script&gt;\"") != NULL);
    CHECK(strstr(buf, "id=\"a-b\"") != NULL);
    free(buf);
    svg_chart_free(c);
}

int main(void)
{
    RUN(escapes_markup);
    RUN(replaces_bad_bytes);
    RUN(ids_are_safe);
    RUN(million_points_bounded);
    RUN(grid_extends_left);
    RUN(nice_ticks);
    RUN(escapes_series_names);
    T_DONE();
}
