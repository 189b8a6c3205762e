/*
 * render_html.c — the report tree as one self-contained HTML page (see
 * render.h and docs/html.md). The page is laid out for a reader, in four
 * passes over the same tree:
 *   1. key figures: every RF_HEADLINE scalar, grouped by RF_HEADLINE object;
 *   2. findings: every RF_FINDINGS array, one line per finding with first,
 *      worst, meaning and advice folded in <details>; RF_HEADLINE arrays;
 *   3. charts: every RF_SERIES node, drawn with svg_chart.c;
 *   4. details: the rest as the text view shows it (RF_NOTEXT hidden unless
 *      RF_HTML), sections as headings, scalars as labelled values with
 *      units, arrays of objects as tables; long tables and RF_FOLD folded.
 * Nothing here computes a figure: values are printed as render_scalar
 * formats them, chart points are drawn where the tree puts them.
 * Every string from the tree goes out through html_text (html_out.h);
 * markup written here never contains tree bytes otherwise. There is no
 * <script>, and a Content-Security-Policy forbids fetching anything.
 */
#include "html_out.h"
#include "render.h"
#include "svg_chart.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define FOLD_ROWS 20 /* tables longer than this start folded */

static const char css[] =
    "body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif;color:#222;"
    "margin:0;background:#f6f7f9}\n"
    "main{max-width:1000px;margin:0 auto;padding:16px 20px 40px}\n"
    "h1{font-size:22px;margin:8px 0 4px}h2{font-size:18px;margin:24px 0 10px;border-bottom:1px solid #ddd;"
    "padding-bottom:4px}h3{font-size:15px;margin:14px 0 6px}h4,h5,h6{font-size:14px;margin:10px 0 4px}\n"
    ".meta{color:#555;margin:0 0 8px}\n"
    ".verdict{font-weight:600;margin:8px 0 12px}\n"
    "nav a{margin-right:12px;color:#2a5db0;text-decoration:none}\n"
    ".strip{display:flex;flex-direction:column;gap:10px;margin:12px 0}\n"
    ".group{background:#fff;border-radius:6px;padding:8px 14px;box-shadow:0 1px 2px rgba(0,0,0,.08)}\n"
    ".gname{font-weight:600;margin-bottom:4px}\n"
    ".figs{display:flex;flex-wrap:wrap;gap:6px 28px}\n"
    ".fig .v{font-size:20px;font-weight:600;font-variant-numeric:tabular-nums}"
    ".fig .u{font-size:13px;font-weight:400;color:#555;margin-left:3px}.fig .l{font-size:12px;color:#555}\n"
    "details.finding{background:#fff;border-left:5px solid #999;border-radius:4px;padding:5px 12px;margin:6px 0;"
    "box-shadow:0 1px 2px rgba(0,0,0,.06)}\n"
    "details.finding>summary{cursor:pointer}details.finding p{margin:4px 0}\n"
    ".sev-critical{border-color:#d62728}.sev-warning{border-color:#f28e2b}.sev-info{border-color:#4e79a7}\n"
    ".sev{text-transform:uppercase;font-size:11px;letter-spacing:.05em;color:#fff;background:#777;"
    "border-radius:3px;padding:1px 6px;margin-right:6px;vertical-align:1px}\n"
    ".sev-critical .sev{background:#d62728}.sev-warning .sev{background:#e07b12}.sev-info .sev{background:#4e79a7}\n"
    ".where{color:#555;font-size:12.5px}.ok{color:#2b7a2b}\n"
    "table{border-collapse:collapse;background:#fff;margin:6px 0 12px;font-size:13px}\n"
    "th,td{border:1px solid #e1e4e8;padding:3px 8px;text-align:left;vertical-align:top}th{background:#f0f2f5}"
    "td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}\n"
    "figure.chart{background:#fff;margin:12px 0;padding:6px;border-radius:4px;"
    "box-shadow:0 1px 2px rgba(0,0,0,.06)}\n"
    "figure.chart svg{max-width:100%;height:auto;display:block}\n"
    "figcaption{color:#666;font-size:12px;padding:2px 8px 4px}\n"
    ".ctitle{font-size:14px;font-weight:600;fill:#222}.tick{font-size:11px;fill:#555}"
    ".alabel{font-size:12px;fill:#444}\n"
    ".plot{fill:#fff;stroke:#c8ccd2}.grid{stroke:#eceef1;stroke-width:1}\n"
    ".dots{fill:none;stroke-width:4;stroke-linecap:round;opacity:.8}.dots.small{stroke-width:6}\n"
    ".line{fill:none;stroke-width:1.6;stroke-linejoin:round}.bars{opacity:.65}\n"
    ".legend text{font-size:12px;fill:#333}\n"
    "dl{display:grid;grid-template-columns:max-content auto;gap:2px 14px;margin:6px 0}dt{color:#555}dd{margin:0}\n"
    "section.obj{margin-left:8px}details.fold{background:#fff;border-radius:4px;padding:6px 12px;margin:8px 0}\n"
    "details.fold>summary{cursor:pointer;font-weight:600}\n"
    "footer{color:#777;font-size:12px;margin-top:30px}\n";

static bool scalar(const struct report_node *n)
{
    return n->kind != RN_OBJ && n->kind != RN_ARR;
}

/* In the details: what the text view shows, minus what the first passes drew. */
static bool detail_shown(const struct report_node *n)
{
    if (n->flags & (RF_NOHTML | RF_HEADLINE | RF_SERIES | RF_BRIEF | RF_VERDICT))
        return false;
    if (n->kind == RN_ARR && (n->flags & RF_FINDINGS))
        return false;
    return !(n->flags & RF_NOTEXT) || (n->flags & RF_HTML);
}

/* A node's label: its title, else its key with '_' as spaces. */
static void put_label(FILE *f, const struct report_node *n)
{
    if (n->title) {
        html_text(f, n->title);
        return;
    }
    if (!n->key)
        return;
    char *k = xstrdup(n->key);
    for (char *p = k; *p; p++)
        if (*p == '_')
            *p = ' ';
    html_text(f, k);
    free(k);
}

static bool has_label(const struct report_node *n)
{
    return (n->title && *n->title) || (n->key && *n->key);
}

static void put_value(FILE *f, const struct report_node *v, bool with_unit)
{
    if (v->kind == RN_STR) {
        html_text(f, v->s); /* whole, not cut to render_scalar's buffer */
        return;
    }
    char buf[128];
    render_scalar(v, buf, sizeof buf);
    html_text(f, buf);
    if (with_unit && v->unit && v->kind != RN_NULL && !(v->kind == RN_NUM && buf[0] == '-' && !buf[1])) {
        fputc(' ', f);
        html_text(f, v->unit);
    }
}

static const char *str_of(const struct report_node *o, const char *key)
{
    const struct report_node *v = rn_get(o, key);
    return v && v->kind == RN_STR ? v->s : NULL;
}

/* "run g1 · GC log analysis": the titled ancestors of n below the root. */
static void put_context(FILE *f, const struct report_node *n)
{
    const struct report_node *chain[16];
    int k = 0;
    for (const struct report_node *p = n->parent; p && p->parent && k < 16; p = p->parent)
        if (p->title && *p->title)
            chain[k++] = p;
    for (int i = k - 1; i >= 0; i--) {
        html_text(f, chain[i]->title);
        if (i)
            fputs(" &middot; ", f);
    }
}

static bool has_context(const struct report_node *n)
{
    for (const struct report_node *p = n->parent; p && p->parent; p = p->parent)
        if (p->title && *p->title)
            return true;
    return false;
}

static bool same_context(const struct report_node *a, const struct report_node *b)
{
    const struct report_node *pa = a->parent, *pb = b->parent;
    while (pa && pa->parent && !(pa->title && *pa->title))
        pa = pa->parent;
    while (pb && pb->parent && !(pb->title && *pb->title))
        pb = pb->parent;
    return pa == pb;
}

/* ---- pass 1: key figures ---- */

static void figure(FILE *f, const struct report_node *v)
{
    fputs("<div class=\"fig\"", f);
    if (v->key) {
        fputs(" data-key=\"", f);
        html_text(f, v->key);
        fputc('"', f);
    }
    fputs("><div class=\"v\">", f);
    put_value(f, v, false);
    if (v->unit && v->kind != RN_NULL && v->kind != RN_STR) {
        fputs("<span class=\"u\">", f);
        html_text(f, v->unit);
        fputs("</span>", f);
    }
    fputs("</div><div class=\"l\">", f);
    put_label(f, v);
    fputs("</div></div>", f);
}

static bool in_headline_group(const struct report_node *n)
{
    return n->parent && n->parent->kind == RN_OBJ && (n->parent->flags & RF_HEADLINE);
}

/* Loose RF_HEADLINE scalars (outside a headline group), in tree order. */
static int loose_figures(FILE *f, const struct report_node *n, int written)
{
    for (const struct report_node *c = n->first; c; c = c->next) {
        if (c->flags & (RF_NOHTML | RF_BRIEF | RF_VERDICT))
            continue;
        if (scalar(c) && (c->flags & RF_HEADLINE) && !in_headline_group(c)) {
            if (!written++)
                fputs("<div class=\"group\"><div class=\"figs\">", f);
            figure(f, c);
        } else if (!scalar(c) && !((c->flags & RF_HEADLINE) && c->kind == RN_OBJ)) {
            written = loose_figures(f, c, written);
        }
    }
    return written;
}

static int figure_groups(FILE *f, const struct report_node *n, int written)
{
    for (const struct report_node *c = n->first; c; c = c->next) {
        if (c->flags & (RF_NOHTML | RF_BRIEF | RF_VERDICT) || scalar(c))
            continue;
        if (c->kind == RN_OBJ && (c->flags & RF_HEADLINE)) {
            fputs("<div class=\"group\"", f);
            if (c->key) {
                fputs(" data-group=\"", f);
                html_text(f, c->key);
                fputc('"', f);
            }
            fputc('>', f);
            if (c->title && *c->title) {
                fputs("<div class=\"gname\">", f);
                html_text(f, c->title);
                fputs("</div>", f);
            }
            fputs("<div class=\"figs\">", f);
            for (const struct report_node *v = c->first; v; v = v->next)
                if (scalar(v) && !(v->flags & RF_NOHTML))
                    figure(f, v);
            fputs("</div></div>\n", f);
            written++;
        } else {
            written = figure_groups(f, c, written);
        }
    }
    return written;
}

static bool any_flag(const struct report_node *n, unsigned flag, enum rn_kind kind, bool any_kind)
{
    for (const struct report_node *c = n->first; c; c = c->next) {
        if (c->flags & (RF_NOHTML | RF_BRIEF | RF_VERDICT))
            continue;
        if ((c->flags & flag) && (any_kind || c->kind == kind))
            return true;
        if (!scalar(c) && any_flag(c, flag, kind, any_kind))
            return true;
    }
    return false;
}

static void key_figures(FILE *f, const struct report_node *root)
{
    if (!any_flag(root, RF_HEADLINE, RN_OBJ, true))
        return;
    fputs("<section id=\"key-figures\" class=\"strip\" aria-label=\"Key figures\">\n", f);
    if (loose_figures(f, root, 0))
        fputs("</div></div>\n", f);
    figure_groups(f, root, 0);
    fputs("</section>\n", f);
}

/* ---- pass 2: findings ---- */

static void moment(FILE *f, const struct report_node *fi, const char *key)
{
    const struct report_node *m = rn_get(fi, key);
    if (!m || m->kind != RN_OBJ)
        return;
    fputs("<p class=\"where\">", f);
    html_text(f, key);
    fputs(": ", f);
    html_text(f, str_of(m, "at") ? str_of(m, "at") : "?");
    if (str_of(m, "where")) {
        fputs(" (<code>", f);
        html_text(f, str_of(m, "where"));
        fputs("</code>)", f);
    }
    const struct report_node *v = rn_get(m, "value_ms");
    if (v && (v->kind == RN_NUM || v->kind == RN_INT)) {
        fputs(", ", f);
        html_textf(f, "%.3f ms", rn_value(v));
    }
    fputs("</p>", f);
}

static void finding(FILE *f, const struct report_node *fi)
{
    const char *sev = str_of(fi, "severity");
    fputs("<details class=\"finding sev-", f);
    html_id(f, sev ? sev : "info");
    fputs("\" data-finding=\"", f);
    html_text(f, str_of(fi, "id"));
    fputs("\"><summary>", f);
    if (sev) {
        fputs("<span class=\"sev\">", f);
        html_text(f, sev);
        fputs("</span>", f);
    }
    fputs("<b>", f);
    html_text(f, str_of(fi, "title"));
    fputs("</b>", f);
    if (str_of(fi, "summary")) {
        fputs(": ", f);
        html_text(f, str_of(fi, "summary"));
    }
    fputs("</summary>", f);
    moment(f, fi, "first");
    moment(f, fi, "worst");
    moment(f, fi, "last");
    if (str_of(fi, "meaning")) {
        fputs("<p>", f);
        html_text(f, str_of(fi, "meaning"));
        fputs("</p>", f);
    }
    if (str_of(fi, "advice")) {
        fputs("<p class=\"advice\"><b>What to change:</b> ", f);
        html_text(f, str_of(fi, "advice"));
        fputs("</p>", f);
    }
    fputs("</details>\n", f);
}

static void table(FILE *f, const struct report_node *arr);

static int count_lead(const struct report_node *n)
{
    int k = 0;
    for (const struct report_node *c = n->first; c; c = c->next) {
        if (c->flags & (RF_NOHTML | RF_BRIEF | RF_VERDICT) || scalar(c))
            continue;
        if (c->kind == RN_ARR && ((c->flags & RF_FINDINGS) || ((c->flags & RF_HEADLINE) && c->first)))
            k++;
        else
            k += count_lead(c);
    }
    return k;
}

static void lead_blocks(FILE *f, const struct report_node *n, int total)
{
    for (const struct report_node *c = n->first; c; c = c->next) {
        if (c->flags & (RF_NOHTML | RF_BRIEF | RF_VERDICT) || scalar(c))
            continue;
        bool fin = c->kind == RN_ARR && (c->flags & RF_FINDINGS);
        bool block = c->kind == RN_ARR && (c->flags & RF_HEADLINE) && c->first;
        if (!fin && !block) {
            lead_blocks(f, c, total);
            continue;
        }
        fputs("<div class=\"lead\">", f);
        if (total > 1 && has_context(c)) {
            fputs("<h3>", f);
            put_context(f, c);
            fputs("</h3>\n", f);
        } else if (block && !fin && c->title && *c->title && total > 1) {
            fputs("<h3>", f);
            html_text(f, c->title);
            fputs("</h3>\n", f);
        }
        if (fin) {
            if (!c->first)
                fputs("<p class=\"ok\">No findings: nothing crossed a threshold.</p>\n", f);
            for (const struct report_node *fi = c->first; fi; fi = fi->next)
                if (fi->kind == RN_OBJ)
                    finding(f, fi);
        } else {
            table(f, c);
        }
        fputs("</div>\n", f);
    }
}

static void findings(FILE *f, const struct report_node *root)
{
    int total = count_lead(root);
    if (!total)
        return;
    fputs("<section id=\"findings\"><h2>Findings</h2>\n", f);
    lead_blocks(f, root, total);
    fputs("</section>\n", f);
}

/* ---- pass 3: charts ---- */

static enum svg_axis axis_of(const char *s, bool x)
{
    if (!s)
        return SVG_AX_LIN;
    if (strcmp(s, "log") == 0)
        return SVG_AX_LOG;
    if (x && strcmp(s, "time") == 0)
        return SVG_AX_TIME;
    if (x && strcmp(s, "spectrum") == 0)
        return SVG_AX_SPECTRUM;
    return SVG_AX_LIN;
}

static enum svg_style style_of(const char *s)
{
    if (s && strcmp(s, "dots") == 0)
        return SVG_DOTS;
    if (s && strcmp(s, "line") == 0)
        return SVG_POLY;
    if (s && strcmp(s, "bars") == 0)
        return SVG_BARS;
    return SVG_PATH;
}

/* A colour goes into an attribute unescaped by svg_chart.c: only #hex passes. */
static const char *color_of(const char *s)
{
    if (!s || s[0] != '#')
        return NULL;
    size_t n = strlen(s);
    if (n != 4 && n != 7 && n != 9)
        return NULL;
    for (size_t i = 1; i < n; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f') || (s[i] >= 'A' && s[i] <= 'F')))
            return NULL;
    return s;
}

static void chart(FILE *f, const struct report_node *ch)
{
    struct svg_chart *c = svg_chart_new(ch->key ? ch->key : "chart", ch->title ? ch->title : "",
                                        axis_of(str_of(ch, "x_axis"), true), axis_of(str_of(ch, "y_axis"), false),
                                        str_of(ch, "x_label"), str_of(ch, "y_label"));
    const struct report_node *tz = rn_get(ch, "tz_offset_min");
    if (tz && tz->kind == RN_INT && tz->i > -1440 && tz->i < 1440)
        c->tz_min = (int)tz->i;
    if (str_of(ch, "note"))
        svg_chart_note(c, str_of(ch, "note"));
    const struct report_node *ser = rn_get(ch, "series");
    for (const struct report_node *s = ser ? ser->first : NULL; s; s = s->next) {
        if (s->kind != RN_OBJ)
            continue;
        enum svg_style st = style_of(str_of(s, "style"));
        int si = svg_series_add(c, str_of(s, "name") ? str_of(s, "name") : "", color_of(str_of(s, "color")), st);
        int stride = st == SVG_BARS ? 3 : 2;
        const struct report_node *p = rn_get(s, "points");
        const struct report_node *e = p ? p->first : NULL;
        while (e) {
            double v[3];
            int k = 0;
            for (; k < stride && e; k++, e = e->next)
                v[k] = rn_value(e);
            if (k < stride)
                break;
            if (st == SVG_BARS)
                svg_explicit(c, si, v[0], v[1], v[2]);
            else
                svg_explicit(c, si, v[0], v[0], v[1]);
        }
        const struct report_node *cnt = rn_get(s, "count");
        if (cnt && cnt->kind == RN_INT && cnt->i > 0)
            svg_series_stands_for(c, si, (uint64_t)cnt->i);
    }
    const struct report_node *xr = rn_get(ch, "x_range");
    if (xr && rn_len(xr) == 2) {
        double lo = rn_value(xr->first), hi = rn_value(xr->first->next);
        if (lo < c->xmin)
            c->xmin = lo;
        if (hi > c->xmax)
            c->xmax = hi;
    }
    svg_chart_write(f, c);
    svg_chart_free(c);
}

static void charts_walk(FILE *f, const struct report_node *n, const struct report_node **prev)
{
    for (const struct report_node *c = n->first; c; c = c->next) {
        if (c->flags & (RF_NOHTML | RF_BRIEF | RF_VERDICT) || scalar(c))
            continue;
        if (c->kind == RN_OBJ && (c->flags & RF_SERIES)) {
            if ((!*prev || !same_context(*prev, c)) && has_context(c)) {
                fputs("<h3>", f);
                put_context(f, c);
                fputs("</h3>\n", f);
            }
            chart(f, c);
            *prev = c;
        } else {
            charts_walk(f, c, prev);
        }
    }
}

static void charts(FILE *f, const struct report_node *root)
{
    if (!any_flag(root, RF_SERIES, RN_OBJ, false))
        return;
    fputs("<section id=\"charts\" class=\"charts\"><h2>Charts</h2>\n", f);
    const struct report_node *prev = NULL;
    charts_walk(f, root, &prev);
    fputs("</section>\n", f);
}

/* ---- pass 4: details ---- */

static bool table_col(const struct report_node *c)
{
    return scalar(c) && detail_shown(c);
}

static void table(FILE *f, const struct report_node *arr)
{
    const struct report_node *first = arr->first;
    if (!first || first->kind != RN_OBJ)
        return;
    fputs("<table><thead><tr>", f);
    for (const struct report_node *c = first->first; c; c = c->next) {
        if (!table_col(c))
            continue;
        fputs("<th>", f);
        put_label(f, c);
        if (c->unit) {
            fputs(" (", f);
            html_text(f, c->unit);
            fputc(')', f);
        }
        fputs("</th>", f);
    }
    fputs("</tr></thead><tbody>\n", f);
    for (const struct report_node *row = arr->first; row; row = row->next) {
        fputs("<tr>", f);
        for (const struct report_node *c = first->first; c; c = c->next) {
            if (!table_col(c))
                continue;
            const struct report_node *v = row->kind == RN_OBJ ? rn_get(row, c->key) : NULL;
            bool num = v && (v->kind == RN_INT || v->kind == RN_NUM);
            fputs(num ? "<td class=\"num\">" : "<td>", f);
            if (v && scalar(v))
                put_value(f, v, false);
            else
                fputc('-', f);
            fputs("</td>", f);
        }
        fputs("</tr>\n", f);
    }
    fputs("</tbody></table>\n", f);
}

static void heading(FILE *f, int depth, const struct report_node *n)
{
    int h = depth < 3 ? 3 : depth > 6 ? 6 : depth;
    fprintf(f, "<h%d>", h);
    put_label(f, n);
    fprintf(f, "</h%d>\n", h);
}

static void detail(FILE *f, const struct report_node *n, int depth);

static void scalars(FILE *f, const struct report_node *n)
{
    bool open = false;
    for (const struct report_node *c = n->first; c; c = c->next) {
        if (!scalar(c) || !detail_shown(c))
            continue;
        if (!open)
            fputs("<dl>", f), open = true;
        fputs("<dt>", f);
        put_label(f, c);
        fputs("</dt><dd>", f);
        put_value(f, c, true);
        fputs("</dd>", f);
    }
    if (open)
        fputs("</dl>\n", f);
}

static void children(FILE *f, const struct report_node *n, int depth)
{
    scalars(f, n);
    for (const struct report_node *c = n->first; c; c = c->next)
        if (!scalar(c) && detail_shown(c))
            detail(f, c, depth);
}

static void array(FILE *f, const struct report_node *a, int depth)
{
    if (!a->first)
        return;
    if (scalar(a->first)) {
        fputs("<p>", f);
        if (has_label(a)) {
            put_label(f, a);
            fputs(": ", f);
        }
        for (const struct report_node *c = a->first; c; c = c->next) {
            put_value(f, c, true);
            if (c->next)
                fputs(", ", f);
        }
        fputs("</p>\n", f);
        return;
    }
    int rows = rn_len(a);
    bool as_table = (a->flags & RF_TABLE) && a->first->kind == RN_OBJ;
    bool fold = (a->flags & RF_FOLD) || rows > FOLD_ROWS;
    if (fold) {
        fputs("<details class=\"fold\"><summary>", f);
        put_label(f, a);
        fprintf(f, " (%d %s)</summary>\n", rows, as_table ? (rows == 1 ? "row" : "rows") : "items");
    } else if (has_label(a)) {
        heading(f, depth, a);
    }
    if (as_table) {
        table(f, a);
    } else {
        for (const struct report_node *c = a->first; c; c = c->next)
            if (c->kind == RN_OBJ && detail_shown(c)) {
                fputs("<section class=\"obj\">", f);
                if (c->title)
                    heading(f, depth + 1, c);
                children(f, c, depth + 2);
                fputs("</section>\n", f);
            }
    }
    if (fold)
        fputs("</details>\n", f);
}

static void detail(FILE *f, const struct report_node *n, int depth)
{
    if (n->kind == RN_ARR) {
        array(f, n, depth);
        return;
    }
    if (n->kind != RN_OBJ)
        return;
    if (n->flags & RF_FOLD) {
        fputs("<details class=\"fold\"><summary>", f);
        put_label(f, n);
        fputs("</summary>\n", f);
        children(f, n, depth + 1);
        fputs("</details>\n", f);
        return;
    }
    fputs("<section class=\"obj\">", f);
    if (has_label(n))
        heading(f, depth, n);
    children(f, n, depth + 1);
    fputs("</section>\n", f);
}

static bool any_detail(const struct report_node *n)
{
    for (const struct report_node *c = n->first; c; c = c->next)
        if (detail_shown(c) && (scalar(c) || c->first))
            return true;
    return false;
}

void render_html(FILE *f, const struct report_node *root, const struct html_opts *o)
{
    const char *title = o && o->title ? o->title : "gclat";
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
          "img-src data:\">\n", f);
    if (o && o->refresh_s > 0) /* a navigation, not a fetch: CSP has no say, no script needed */
        fprintf(f, "<meta http-equiv=\"refresh\" content=\"%d\">\n", o->refresh_s);
    fputs("<title>", f);
    html_text(f, title);
    fprintf(f, "</title>\n<style>\n%s</style></head><body><main>\n<header><h1>", css);
    html_text(f, title);
    fputs("</h1>\n", f);
    if (o && o->subtitle) {
        fputs("<p class=\"meta\">", f);
        html_text(f, o->subtitle);
        fputs("</p>\n", f);
    }
    bool figs = any_flag(root, RF_HEADLINE, RN_OBJ, true), fnd = count_lead(root) > 0;
    bool chs = any_flag(root, RF_SERIES, RN_OBJ, false), det = any_detail(root);
    fputs("<nav>", f);
    if (figs)
        fputs("<a href=\"#key-figures\">Key figures</a>", f);
    if (fnd)
        fputs("<a href=\"#findings\">Findings</a>", f);
    if (chs)
        fputs("<a href=\"#charts\">Charts</a>", f);
    if (det)
        fputs("<a href=\"#details\">Details</a>", f);
    fputs("</nav></header>\n", f);

    /* the first screen's verdict line (the *_screen.c builders), as the text's first line */
    for (const struct report_node *c = root->first; c; c = c->next)
        if ((c->flags & RF_VERDICT) && c->kind == RN_STR && c->s) {
            fputs("<p class=\"verdict\">", f);
            html_text(f, c->s);
            fputs("</p>\n", f);
        }
    key_figures(f, root);
    findings(f, root);
    charts(f, root);
    if (det) {
        fputs("<section id=\"details\"><h2>Details</h2>\n", f);
        children(f, root, 3);
        fputs("</section>\n", f);
    }
    fputs("<footer>", f);
    if (o && o->footer) {
        fputs("<p class=\"note\">", f);
        html_text(f, o->footer);
        fputs("</p>", f);
    }
    fputs("<p>Written by gclat ", f);
    html_text(f, GCLAT_VERSION);
    fputs(". Self-contained: no scripts, fonts or network requests.</p></footer>\n</main></body></html>\n", f);
}
