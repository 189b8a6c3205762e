/* test_render_html.c — the report tree as a page: layout order, flags, folding,
 * escaping, charts as nodes (chart_node.h) and key figures (headline.h). */
#include "chart_node.h"
#include "headline.h"
#include "render.h"
#include "report.h"
#include "svg_chart.h"
#include "t.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *page(const struct report_node *root)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    struct html_opts o = {.title = "t <b>", .subtitle = "in.log", .footer = NULL};
    render_html(f, root, &o);
    fclose(f);
    return buf;
}

static size_t count(const char *s, const char *needle)
{
    size_t n = 0;
    for (const char *p = strstr(s, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

static const char *at(const char *s, const char *needle)
{
    const char *p = strstr(s, needle);
    return p ? p : s + strlen(s) + 1; /* missing: after everything, so order checks fail */
}

static struct report_node *sample_tree(void)
{
    struct report_node *root = rn_root();
    rn_str(root, "collector", "g1");
    struct report_node *p = rn_title(rn_obj(root, "pauses"), "Stop-the-world pauses");
    rn_unit(rn_num(p, "max_ms", 12.5, 3), "ms");
    rn_flags(rn_str(p, "json_only", "hidden"), RF_NOTEXT);
    rn_flags(rn_str(p, "html_too", "shown-in-html"), RF_NOTEXT | RF_HTML);
    rn_flags(rn_str(p, "not_html", "not-in-html"), RF_NOHTML);
    struct report_node *f = rn_flags(rn_title(rn_arr(root, "findings"), "Findings"), RF_FINDINGS);
    struct report_node *fi = rn_obj(f, NULL);
    rn_str(fi, "id", "alloc_stalls");
    rn_str(fi, "severity", "critical");
    rn_str(fi, "title", "Allocation stalls");
    rn_str(fi, "summary", "stall of <script>alert(1)</script>");
    struct report_node *w = rn_obj(fi, "worst");
    rn_str(w, "at", "uptime 1s");
    rn_str(w, "where", "gc.log:7");
    rn_str(fi, "advice", "more heap");
    struct report_node *big = rn_flags(rn_title(rn_arr(root, "rows"), "Many rows"), RF_TABLE);
    for (int i = 0; i < 25; i++) {
        struct report_node *r = rn_obj(big, NULL);
        rn_int(r, "n", i);
        rn_str(r, "thread_name", i == 3 ? "\"><img src=x onerror=alert(1)>" : "t");
    }
    struct report_node *small = rn_flags(rn_title(rn_arr(root, "few"), "Few rows"), RF_TABLE);
    rn_int(rn_obj(small, NULL), "n", 1);
    struct report_node *hl = headline_group(root, "headline", NULL);
    headline_copy(hl, "max", "max pause", root, "pauses/max_ms", NULL, false);
    struct report_node *charts = chart_group(root, "charts", NULL);
    struct report_node *c = chart_new(charts, "pause-spectrum", "Spectrum", SVG_AX_SPECTRUM, SVG_AX_LOG, "p", "ms");
    struct report_node *s = chart_series(c, "pauses", SVG_PATH, "#4e79a7\" onload=\"x");
    chart_point(s, 1, 1.5);
    chart_point(s, 10, 7);
    chart_point(s, 100, 12.5);
    return root;
}

static void layout_order(void)
{
    struct report_node *root = sample_tree();
    char *h = page(root);
    const char *figs = at(h, "id=\"key-figures\""), *fnd = at(h, "id=\"findings\""),
               *ch = at(h, "id=\"charts\""), *det = at(h, "id=\"details\"");
    CHECK(figs < fnd && fnd < ch && ch < det);
    /* the figure: value, unit, label together in the strip */
    CHECK(strstr(h, "<div class=\"v\">12.500<span class=\"u\">ms</span></div><div class=\"l\">max pause</div>"));
    /* findings one line each, folded; not repeated in the details */
    CHECK_EQ_INT(count(h, "<details class=\"finding"), 1);
    CHECK(!strstr(h, "<details class=\"finding sev-critical\" data-finding=\"alloc_stalls\" open"));
    CHECK(strstr(h, "worst: uptime 1s"));
    /* the chart: one series of three points */
    CHECK_EQ_INT(count(h, "data-series=\"pauses\""), 1);
    CHECK(strstr(h, "data-points=\"3\""));
    CHECK(strstr(h, "<figure class=\"chart\" id=\"pause-spectrum\""));
    free(h);
    rn_free(root);
}

static void flags_and_folding(void)
{
    struct report_node *root = sample_tree();
    char *h = page(root);
    CHECK(!strstr(h, ">hidden<"));
    CHECK(strstr(h, "shown-in-html"));
    CHECK(!strstr(h, "not-in-html"));
    /* 25 rows fold, 1 row does not; keys without a title lose their '_' */
    CHECK(strstr(h, "<details class=\"fold\"><summary>Many rows (25 rows)</summary>"));
    CHECK(!strstr(h, "<summary>Few rows"));
    CHECK(strstr(h, "<th>thread name</th>"));
    free(h);
    rn_free(root);
}

static void escapes_everything(void)
{
    struct report_node *root = sample_tree();
    char *h = page(root);
    CHECK(!strstr(h, "<script"));
    CHECK(!strstr(h, "<img"));
    CHECK(!strstr(h, "onload"));  /* a colour that is not #hex is dropped, not written */
    CHECK(strstr(h, "&lt;script&gt;alert(1)&lt;/script&gt;"));
    CHECK(strstr(h, "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"));
    CHECK(strstr(h, "<title>t &lt;b&gt;</title>"));
    CHECK(strstr(h, "Content-Security-Policy\" content=\"default-src 'none'"));
    /* deterministic */
    char *h2 = page(root);
    CHECK_STR(h, h2);
    free(h2);
    free(h);
    rn_free(root);
}

/* A streaming chart exported as a node keeps what it aggregated: every point
 * counted, the extremes, and a bounded number of drawn points. */
static void export_keeps_aggregation(void)
{
    struct svg_chart *c = svg_chart_new("t", "t", SVG_AX_TIME, SVG_AX_LOG, "x", "y");
    int sc = svg_series_add(c, "dots", NULL, SVG_SCATTER);
    int ln = svg_series_add(c, "line", NULL, SVG_LINE);
    double ymax = 0, ymin = INFINITY;
    enum { N = 200000 };
    for (int i = 0; i < N; i++) {
        double y = 0.01 + fmod(i * 7.31, 997.0);
        if (i == 123456)
            y = 5000;
        svg_point(c, sc, 1000.0 + i * 0.01, y);
        svg_point(c, ln, 1000.0 + i * 0.01, y);
        if (y > ymax)
            ymax = y;
        if (y < ymin)
            ymin = y;
    }
    struct report_node *root = rn_root();
    struct report_node *n = chart_from_svg(root, c);
    CHECK(n != NULL);
    CHECK(n && (n->flags & RF_SERIES) && (n->flags & RF_NOTEXT) && (n->flags & RF_NOJSON));
    const struct report_node *ser = rn_get(n, "series");
    CHECK_EQ_INT(rn_len(ser), 2);
    for (const struct report_node *s = ser ? ser->first : NULL; s; s = s->next) {
        CHECK_EQ_INT(rn_get(s, "count")->i, N);
        const struct report_node *pts = rn_get(s, "points");
        double hi = 0, lo = INFINITY;
        int k = 0;
        for (const struct report_node *p = pts->first; p; p = p->next, k++)
            if (k % 2) {
                hi = p->d > hi ? p->d : hi;
                lo = p->d < lo ? p->d : lo;
            }
        CHECK_NEAR(hi, ymax, 1e-9);
        CHECK_NEAR(lo, ymin, 1e-9);
        /* at most two points per column for a line, one per hit cell for dots */
        CHECK(rn_len(pts) / 2 <= c->ncols * SVG_CELLS_PER_DECADE * SVG_DECADES);
    }
    CHECK(rn_len(rn_get(ser->first->next, "points")) / 2 <= 2 * c->ncols);
    /* drawn from the node, the legend and data-points say N */
    char *h = page(root);
    CHECK_EQ_INT(count(h, "data-points=\"200000\""), 2);
    free(h);
    rn_free(root);
    /* a chart with no point adds nothing */
    struct svg_chart *e = svg_chart_new("e", "e", SVG_AX_LIN, SVG_AX_LIN, "x", "y");
    svg_series_add(e, "s", NULL, SVG_LINE);
    struct report_node *r2 = rn_root();
    CHECK(chart_from_svg(r2, e) == NULL);
    CHECK_EQ_INT(rn_len(r2), 0);
    rn_free(r2);
    svg_chart_free(e);
    svg_chart_free(c);
}

static void headline_copies(void)
{
    struct report_node *root = rn_root();
    rn_num(root, "throughput_pct", 97.5, 3);
    struct report_node *p = rn_obj(root, "pauses");
    rn_null(p, "count");
    struct report_node *pc = rn_obj(p, "percentiles");
    rn_num(pc, "p99", 4.25, 3);
    struct report_node *g = headline_group(root, "h", "run a");
    struct report_node *share = headline_copy(g, "share", "GC share", root, "throughput_pct", "%", true);
    CHECK(share && fabs(share->d - 2.5) < 1e-12 && share->decimals == 3);
    CHECK_STR(share->unit, "%");
    struct report_node *p99 = headline_copy(g, "p99", "P99 pause", root, "pauses/percentiles/p99", "ms", false);
    CHECK(p99 && p99->d == 4.25);
    CHECK_STR(p99->unit, "ms");
    CHECK(headline_copy(g, "cnt", "pauses", root, "pauses/count", NULL, false)->kind == RN_NULL);
    CHECK(headline_copy(g, "none", "x", root, "pauses/nope", NULL, false) == NULL);
    CHECK(headline_copy(g, "obj", "x", root, "pauses", NULL, false) == NULL);
    CHECK_EQ_INT(rn_len(g), 3);
    char *h = page(root);
    CHECK(strstr(h, "<div class=\"gname\">run a</div>"));
    CHECK(strstr(h, "<div class=\"v\">-</div><div class=\"l\">pauses</div>")); /* unknown is '-', not 0 */
    free(h);
    rn_free(root);
}

static void paths(void)
{
    struct report_node *root = rn_root();
    struct report_node *a = rn_arr(root, "rows");
    struct report_node *r1 = rn_obj(a, NULL);
    rn_str(r1, "k", "x");
    rn_int(r1, "v", 1);
    struct report_node *r2 = rn_obj(a, NULL);
    rn_str(r2, "k", "y");
    rn_int(r2, "v", 2);
    CHECK_EQ_INT(rn_path(root, "rows[k=y]/v")->i, 2);
    CHECK_EQ_INT(rn_path(root, "rows[0]/v")->i, 1);
    CHECK(rn_path(root, "rows[2]/v") == NULL);
    CHECK(rn_path(root, "rows[k=z]/v") == NULL);
    CHECK(rn_path(root, "rows[x]") == NULL);
    CHECK(rn_path(root, "nope/v") == NULL);
    struct report_node *sub = rn_root();
    rn_int(sub, "z", 9);
    rn_adopt(root, "sub", sub);
    CHECK_EQ_INT(rn_path(root, "sub/z")->i, 9);
    rn_free(root); /* frees the adopted tree once (ASan would say otherwise) */
}

/* A live page (watch) refreshes by a meta tag after the CSP, and only when asked. */
static void refresh_meta(void)
{
    struct report_node *root = sample_tree();
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    struct html_opts o = {.title = "live", .refresh_s = 7};
    render_html(f, root, &o);
    fclose(f);
    CHECK(strstr(buf, "<meta http-equiv=\"refresh\" content=\"7\">"));
    CHECK(at(buf, "Content-Security-Policy") < at(buf, "http-equiv=\"refresh\""));
    CHECK(at(buf, "http-equiv=\"refresh\"") < at(buf, "</head>"));
    char *plain = page(root);
    CHECK(!strstr(plain, "refresh"));
    free(plain);
    free(buf);
    rn_free(root);
}

int main(void)
{
    RUN(layout_order);
    RUN(flags_and_folding);
    RUN(escapes_everything);
    RUN(export_keeps_aggregation);
    RUN(headline_copies);
    RUN(paths);
    RUN(refresh_meta);
    T_DONE();
}
