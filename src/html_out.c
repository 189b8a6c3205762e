/*
 * html_out.c — HTML escaping and the report tree as HTML (see html_out.h).
 * Invariant: no byte of a log-derived string reaches the output except
 * through esc(), which maps & < > " ' to entities, control bytes to U+FFFD
 * and invalid UTF-8 sequences to U+FFFD, byte by byte.
 */
#include "html_out.h"
#include "render.h"
#include "util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Length of a valid UTF-8 sequence at p (n bytes left), or 0. */
static int utf8_seq(const unsigned char *p, size_t n)
{
    unsigned char c = p[0];
    int k;
    unsigned min;
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        k = 2, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef)
        k = 3, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4)
        k = 4, min = 0x10000;
    else
        return 0;
    if ((size_t)k > n)
        return 0;
    unsigned cp = c & (0x7f >> k);
    for (int i = 1; i < k; i++) {
        if ((p[i] & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (p[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return k;
}

static void esc(FILE *f, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        unsigned char c = p[i];
        switch (c) {
        case '&': fputs("&amp;", f); i++; continue;
        case '<': fputs("&lt;", f); i++; continue;
        case '>': fputs("&gt;", f); i++; continue;
        case '"': fputs("&quot;", f); i++; continue;
        case '\'': fputs("&#39;", f); i++; continue;
        default: break;
        }
        if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f) {
            fputs("&#xfffd;", f);
            i++;
            continue;
        }
        int k = utf8_seq(p + i, n - i);
        if (k == 0) {
            fputs("&#xfffd;", f);
            i++;
        } else {
            fwrite(p + i, 1, (size_t)k, f);
            i += (size_t)k;
        }
    }
}

void html_text(FILE *f, const char *s)
{
    if (s)
        esc(f, s, strlen(s));
}

void html_textf(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = NULL;
    int n = vasprintf(&s, fmt, ap);
    va_end(ap);
    if (n < 0)
        die(EXIT_IO, "out of memory");
    esc(f, s, (size_t)n);
    free(s);
}

void html_id(FILE *f, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; p && *p; p++) {
        unsigned char c = *p;
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '_' || c == '-';
        fputc(ok ? c : '-', f);
    }
}

static const char *label(const struct report_node *n)
{
    return n->title ? n->title : n->key ? n->key : "";
}

static bool scalar(const struct report_node *n)
{
    return n->kind != RN_OBJ && n->kind != RN_ARR;
}

static void value(FILE *f, const struct report_node *v)
{
    char buf[512];
    render_scalar(v, buf, sizeof buf);
    if (v->kind == RN_STR)
        html_text(f, v->s); /* full string, not the truncated buffer */
    else
        html_text(f, buf);
    if (v->unit && v->kind != RN_STR && v->kind != RN_NULL) {
        fputc(' ', f);
        html_text(f, v->unit);
    }
}

static void table(FILE *f, const struct report_node *arr)
{
    const struct report_node *first = arr->first;
    if (!first || first->kind != RN_OBJ) {
        fputs("<p class=\"empty\">none</p>\n", f);
        return;
    }
    fputs("<table><thead><tr>", f);
    for (const struct report_node *c = first->first; c; c = c->next) {
        if (!scalar(c) || (c->flags & RF_NOTEXT))
            continue;
        fputs("<th>", f);
        html_text(f, label(c));
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
            if (!scalar(c) || (c->flags & RF_NOTEXT))
                continue;
            const struct report_node *v = rn_get(row, c->key);
            bool num = v && (v->kind == RN_INT || v->kind == RN_NUM);
            fputs(num ? "<td class=\"num\">" : "<td>", f);
            if (v && scalar(v)) {
                char buf[512];
                render_scalar(v, buf, sizeof buf);
                html_text(f, v->kind == RN_STR ? v->s : buf);
            } else {
                fputc('-', f);
            }
            fputs("</td>", f);
        }
        fputs("</tr>\n", f);
    }
    fputs("</tbody></table>\n", f);
}

void html_tree(FILE *f, const struct report_node *n, int depth)
{
    if (!n)
        return;
    int h = depth + 2 > 6 ? 6 : depth + 2;
    if (n->kind == RN_ARR) {
        if (n->key)
            fprintf(f, "<h%d>", h), html_text(f, label(n)), fprintf(f, "</h%d>\n", h);
        if (n->flags & RF_TABLE || (n->first && n->first->kind == RN_OBJ)) {
            table(f, n);
        } else {
            fputs("<ul>", f);
            for (const struct report_node *c = n->first; c; c = c->next) {
                fputs("<li>", f);
                if (scalar(c))
                    value(f, c);
                fputs("</li>", f);
            }
            fputs("</ul>\n", f);
        }
        return;
    }
    if (n->kind != RN_OBJ)
        return;
    if (n->key) {
        fprintf(f, "<section class=\"obj\"><h%d>", h);
        html_text(f, label(n));
        fprintf(f, "</h%d>\n", h);
    }
    bool open = false;
    for (const struct report_node *c = n->first; c; c = c->next) {
        if (c->flags & RF_NOTEXT)
            continue;
        if (scalar(c)) {
            if (!open)
                fputs("<dl>", f), open = true;
            fputs("<dt>", f);
            html_text(f, label(c));
            fputs("</dt><dd>", f);
            value(f, c);
            fputs("</dd>", f);
        }
    }
    if (open)
        fputs("</dl>\n", f);
    for (const struct report_node *c = n->first; c; c = c->next)
        if (!scalar(c) && !(c->flags & RF_NOTEXT))
            html_tree(f, c, depth + 1);
    if (n->key)
        fputs("</section>\n", f);
}

static const char *str_of(const struct report_node *o, const char *key)
{
    const struct report_node *v = rn_get(o, key);
    return v && v->kind == RN_STR ? v->s : NULL;
}

void html_findings(FILE *f, const struct report_node *arr)
{
    if (!arr || !arr->first) {
        fputs("<p class=\"ok\">No findings: nothing in these logs crossed a threshold.</p>\n", f);
        return;
    }
    for (const struct report_node *fi = arr->first; fi; fi = fi->next) {
        const char *sev = str_of(fi, "severity");
        fputs("<div class=\"finding sev-", f);
        html_id(f, sev ? sev : "info");
        fputs("\" data-finding=\"", f);
        html_text(f, str_of(fi, "id"));
        fputs("\"><h3><span class=\"sev\">", f);
        html_text(f, sev);
        fputs("</span> ", f);
        html_text(f, str_of(fi, "title"));
        fputs("</h3><p class=\"summary\">", f);
        html_text(f, str_of(fi, "summary"));
        fputs("</p>", f);
        for (const char *const *k = (const char *const[]){"first", "worst", NULL}; *k; k++) {
            const struct report_node *m = rn_get(fi, *k);
            if (!m)
                continue;
            fputs("<p class=\"where\">", f);
            html_text(f, *k);
            fputs(": ", f);
            html_text(f, str_of(m, "at"));
            fputs(" at <code>", f);
            html_text(f, str_of(m, "where"));
            fputs("</code></p>", f);
        }
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
        fputs("</div>\n", f);
    }
}
