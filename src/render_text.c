/*
 * render_text.c — the report tree for people. Objects with a title become
 * sections; scalars become "label: value unit" lines aligned per section;
 * arrays of objects flagged RF_TABLE become column-aligned tables. Every
 * string, titles and labels included, goes out through escape.h's text rule
 * (ESC as \x1b, ...) so a hostile log cannot drive the terminal.
 *
 * The first screen: the root's verdict line first, RF_DETAIL nodes only with
 * --full, findings one line each (their meaning and advice with --explain,
 * the long form with --full). What was left out is named by a last line.
 */
#include "escape.h"
#include "render.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CELL_MAX 60

/* One rendering: the options, and what they made us leave out. */
struct tx {
    const struct render_opts *o;
    bool hid_detail;  /* an RF_DETAIL node was skipped */
    bool hid_explain; /* a finding's meaning or advice was skipped */
};

/* Skipped in the text: hidden by its builder, or detail without --full. */
static bool hidden(const struct report_node *n, struct tx *t)
{
    if (n->flags & (RF_NOTEXT | RF_VERDICT))
        return true;
    if ((n->flags & RF_BRIEF) && t->o->full)
        return true;
    if ((n->flags & RF_DETAIL) && !t->o->full) {
        t->hid_detail = true;
        return true;
    }
    return false;
}

bool render_want_color(int fd)
{
    const char *nc = getenv("NO_COLOR");
    if (nc && *nc)
        return false;
    const char *term = getenv("TERM");
    if (term && strcmp(term, "dumb") == 0)
        return false;
    return isatty(fd);
}

/* Escape buf (capacity cap) in place; an escape that does not fit is left out whole. */
static void escape_in_place(char *buf, size_t cap)
{
    if (esc_clean(buf, ESC_TEXT))
        return;
    char *raw = xstrdup(buf);
    esc_buf(buf, cap, raw, ESC_TEXT);
    free(raw);
}

/* Escaped heap copy of a label or title. */
static char *escaped(const char *s)
{
    size_t cap = strlen(s) * 6 + 1;
    char *e = xmalloc(cap);
    esc_buf(e, cap, s, ESC_TEXT);
    return e;
}

static void put_text(FILE *f, const char *s)
{
    esc_write(f, s, ESC_TEXT);
}

void render_scalar(const struct report_node *n, char *buf, size_t len)
{
    switch (n->kind) {
    case RN_NULL:
        snprintf(buf, len, "-");
        break;
    case RN_BOOL:
        snprintf(buf, len, "%s", n->b ? "yes" : "no");
        break;
    case RN_INT:
        snprintf(buf, len, "%lld", (long long)n->i);
        break;
    case RN_NUM:
        if (!isfinite(n->d))
            snprintf(buf, len, "-");
        else
            snprintf(buf, len, "%.*f", n->decimals, n->d == 0 ? 0.0 : n->d);
        break;
    case RN_STR:
        snprintf(buf, len, "%s", n->s);
        break;
    default:
        snprintf(buf, len, "?");
    }
}

static const char *label(const struct report_node *n)
{
    return n->title ? n->title : n->key ? n->key : "";
}

static bool is_scalar(const struct report_node *n)
{
    return n->kind != RN_OBJ && n->kind != RN_ARR;
}

static void pad(FILE *f, int k)
{
    for (int i = 0; i < k; i++)
        fputc(' ', f);
}

/* Display width: count UTF-8 lead bytes only, so CJK/accents align roughly. */
static int width(const char *s)
{
    int w = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if ((*p & 0xc0) != 0x80)
            w++;
    return w;
}

static void table(FILE *f, const struct report_node *arr, int ind, struct tx *t)
{
    const struct report_node *first = arr->first;
    if (!first || first->kind != RN_OBJ)
        return;
    int ncol = 0;
    const struct report_node *cols[64];
    for (const struct report_node *c = first->first; c && ncol < 64; c = c->next)
        if (is_scalar(c) && !hidden(c, t))
            cols[ncol++] = c;
    int rows = rn_len(arr);
    int *w = xcalloc((size_t)ncol, sizeof *w);
    char ***cell = xcalloc((size_t)rows, sizeof *cell);
    bool *numeric = xcalloc((size_t)ncol, sizeof *numeric);
    int r = 0;
    for (const struct report_node *row = arr->first; row; row = row->next, r++) {
        cell[r] = xcalloc((size_t)ncol, sizeof **cell);
        for (int c = 0; c < ncol; c++) {
            const struct report_node *v = rn_get(row, cols[c]->key);
            char buf[2048];
            if (v && is_scalar(v))
                render_scalar(v, buf, 512);
            else
                snprintf(buf, sizeof buf, "-");
            escape_in_place(buf, sizeof buf);
            if (!(arr->flags & RF_WIDE) && width(buf) > CELL_MAX) {
                /* keep the tail of long cells: class and path names end in the useful part */
                size_t L = strlen(buf);
                size_t cut = L - (CELL_MAX - 3);
                while (cut < L && ((unsigned char)buf[cut] & 0xc0) == 0x80)
                    cut++;
                char tmp[2048];
                snprintf(tmp, sizeof tmp, "...%s", buf + cut);
                snprintf(buf, sizeof buf, "%s", tmp);
            }
            cell[r][c] = xstrdup(buf);
            if (v && (v->kind == RN_INT || v->kind == RN_NUM))
                numeric[c] = true;
            int k = width(buf);
            if (k > w[c])
                w[c] = k;
        }
    }
    for (int c = 0; c < ncol; c++) {
        char h[256];
        if (cols[c]->unit)
            snprintf(h, sizeof h, "%s (%s)", label(cols[c]), cols[c]->unit);
        else
            snprintf(h, sizeof h, "%s", label(cols[c]));
        escape_in_place(h, sizeof h);
        int k = width(h);
        if (k > w[c])
            w[c] = k;
    }
    pad(f, ind);
    if (t->o->color)
        fputs("\033[1m", f);
    for (int c = 0; c < ncol; c++) {
        char h[256];
        if (cols[c]->unit)
            snprintf(h, sizeof h, "%s (%s)", label(cols[c]), cols[c]->unit);
        else
            snprintf(h, sizeof h, "%s", label(cols[c]));
        escape_in_place(h, sizeof h);
        int k = width(h);
        if (numeric[c])
            pad(f, w[c] - k);
        fputs(h, f);
        if (!numeric[c] && c + 1 < ncol)
            pad(f, w[c] - k);
        if (c + 1 < ncol)
            fputs("  ", f);
    }
    if (t->o->color)
        fputs("\033[0m", f);
    fputc('\n', f);
    for (r = 0; r < rows; r++) {
        pad(f, ind);
        for (int c = 0; c < ncol; c++) {
            int k = width(cell[r][c]);
            if (numeric[c])
                pad(f, w[c] - k);
            fputs(cell[r][c], f);
            if (!numeric[c] && c + 1 < ncol)
                pad(f, w[c] - k);
            if (c + 1 < ncol)
                fputs("  ", f);
            free(cell[r][c]);
        }
        fputc('\n', f);
        free(cell[r]);
    }
    free(cell);
    free(w);
    free(numeric);
}

static void section(FILE *f, const struct report_node *n, int ind, struct tx *t);

static void heading(FILE *f, const char *title, int ind, struct tx *t)
{
    pad(f, ind);
    if (t->o->color)
        fputs("\033[1;36m", f);
    put_text(f, title);
    fputs(t->o->color ? "\033[0m\n" : "\n", f);
}

static void scalars(FILE *f, const struct report_node *n, int ind, struct tx *t)
{
    int lw = 0;
    for (const struct report_node *c = n->first; c; c = c->next)
        if (is_scalar(c) && !hidden(c, t)) {
            char *l = escaped(label(c));
            if (width(l) > lw)
                lw = width(l);
            free(l);
        }
    for (const struct report_node *c = n->first; c; c = c->next) {
        if (!is_scalar(c) || hidden(c, t))
            continue;
        char buf[4096];
        render_scalar(c, buf, 1024);
        escape_in_place(buf, sizeof buf);
        char *l = escaped(label(c));
        pad(f, ind);
        fprintf(f, "%s:", l);
        pad(f, lw - width(l) + 1);
        free(l);
        fputs(buf, f);
        if (c->unit && c->kind != RN_NULL) {
            fputc(' ', f);
            put_text(f, c->unit);
        }
        fputc('\n', f);
    }
}

/* Print s wrapped at about 96 columns, each line indented by ind. */
static void wrapped(FILE *f, const char *label, const char *raw, int ind)
{
    char *s = escaped(raw);
    int col = ind;
    pad(f, ind);
    if (label) {
        fprintf(f, "%s ", label);
        col += (int)strlen(label) + 1;
    }
    int start = col;
    const char *p = s;
    bool first = true;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        const char *sp = strchr(p, ' ');
        int w = sp ? (int)(sp - p) : (int)strlen(p);
        if (!first && col + 1 + w > 96) {
            fputc('\n', f);
            pad(f, start);
            col = start;
        } else if (!first) {
            fputc(' ', f);
            col++;
        }
        fwrite(p, 1, (size_t)w, f);
        col += w;
        p += w;
        first = false;
    }
    fputc('\n', f);
    free(s);
}

static const char *str_of(const struct report_node *o, const char *key)
{
    const struct report_node *n = rn_get(o, key);
    return n && n->kind == RN_STR ? n->s : NULL;
}

static void moment_line(FILE *f, const struct report_node *m, const char *label, int ind)
{
    if (!m)
        return;
    const char *at = str_of(m, "at"), *where = str_of(m, "where");
    const struct report_node *v = rn_get(m, "value_ms");
    char buf[2048];
    if (v)
        snprintf(buf, 512, "%s (%s), %.3f ms", at ? at : "?", where ? where : "?", v->d);
    else
        snprintf(buf, 512, "%s (%s)", at ? at : "?", where ? where : "?");
    escape_in_place(buf, sizeof buf);
    pad(f, ind);
    fprintf(f, "%-8s %s\n", label, buf);
}

/* "[warning] Title: summary" (the log-derived part escaped, the colour codes are ours). */
static void finding_head(FILE *f, const struct report_node *c, const char *tail, int ind, struct tx *t)
{
    const char *sev = str_of(c, "severity");
    const char *col = !t->o->color ? "" : sev && !strcmp(sev, "critical") ? "\033[1;31m"
                                 : sev && !strcmp(sev, "warning")  ? "\033[1;33m"
                                                                  : "\033[1;34m";
    char head[4096];
    snprintf(head, 1536, "%s%s%s %s: %s%s", sev ? "[" : "", sev ? sev : "", sev ? "]" : "",
             str_of(c, "title") ? str_of(c, "title") : "", str_of(c, "summary") ? str_of(c, "summary") : "",
             tail);
    escape_in_place(head, sizeof head);
    pad(f, ind);
    fprintf(f, "%s%s%s\n", col, head, t->o->color ? "\033[0m" : "");
}

/* " (first F:L, worst F:L)" or " (at F:L)" from the evidence, "" without any. */
static void where_tail(const struct report_node *c, char *buf, size_t len)
{
    const char *fw = str_of(rn_get(c, "first"), "where");
    const char *ww = str_of(rn_get(c, "worst"), "where");
    buf[0] = '\0';
    if (fw && ww && strcmp(fw, ww) != 0)
        snprintf(buf, len, " (first %s, worst %s)", fw, ww);
    else if (fw || ww)
        snprintf(buf, len, " (at %s)", fw ? fw : ww);
}

static void findings(FILE *f, const struct report_node *a, int ind, struct tx *t)
{
    heading(f, label(a), ind, t);
    if (!a->first) {
        pad(f, ind + 2);
        fputs("none\n\n", f);
        return;
    }
    bool explain = t->o->explain && !t->o->full;
    for (const struct report_node *c = a->first; c; c = c->next) {
        bool texts = str_of(c, "meaning") || str_of(c, "advice");
        if (t->o->full) { /* the long form: evidence and texts on lines of their own */
            finding_head(f, c, "", ind + 2, t);
            moment_line(f, rn_get(c, "first"), "first:", ind + 4);
            moment_line(f, rn_get(c, "worst"), "worst:", ind + 4);
        } else {
            char tail[1100];
            where_tail(c, tail, sizeof tail);
            finding_head(f, c, tail, ind + 2, t);
            if (!explain) {
                t->hid_explain |= texts;
                continue;
            }
        }
        if (str_of(c, "meaning"))
            wrapped(f, "meaning:", str_of(c, "meaning"), ind + 4);
        if (str_of(c, "advice"))
            wrapped(f, "advice: ", str_of(c, "advice"), ind + 4);
        if (t->o->full || (texts && c->next))
            fputc('\n', f);
    }
    if (!t->o->full)
        fputc('\n', f);
}

static void array(FILE *f, const struct report_node *a, int ind, struct tx *t)
{
    if (a->flags & RF_FINDINGS) {
        findings(f, a, ind, t);
        return;
    }
    if (!a->first) {
        return;
    }
    if (a->first->kind == RN_OBJ && (a->flags & RF_TABLE)) {
        heading(f, label(a), ind, t);
        table(f, a, ind + 2, t);
        fputc('\n', f);
        return;
    }
    if (is_scalar(a->first)) {
        pad(f, ind);
        put_text(f, label(a));
        fputs(": ", f);
        for (const struct report_node *c = a->first; c; c = c->next) {
            char buf[2048];
            render_scalar(c, buf, 512);
            escape_in_place(buf, sizeof buf);
            fprintf(f, "%s%s", buf, c->next ? ", " : "");
        }
        fputc('\n', f);
        return;
    }
    heading(f, label(a), ind, t);
    for (const struct report_node *c = a->first; c; c = c->next)
        if (c->kind == RN_OBJ && !hidden(c, t))
            section(f, c, ind + 2, t);
}

static void section(FILE *f, const struct report_node *n, int ind, struct tx *t)
{
    if (n->title)
        heading(f, n->title, ind, t);
    int inner = n->title ? ind + 2 : ind;
    scalars(f, n, inner, t);
    bool any_scalar = false;
    for (const struct report_node *c = n->first; c; c = c->next)
        if (is_scalar(c) && !hidden(c, t))
            any_scalar = true;
    if (any_scalar && n->title)
        fputc('\n', f);
    for (const struct report_node *c = n->first; c; c = c->next) {
        if (hidden(c, t))
            continue;
        if (c->kind == RN_OBJ)
            section(f, c, inner, t);
        else if (c->kind == RN_ARR)
            array(f, c, inner, t);
    }
}

void render_text(FILE *f, const struct report_node *root, const struct render_opts *o)
{
    struct tx t = {o, false, false};
    bool verdict = false;
    for (const struct report_node *c = root->first; c; c = c->next)
        if ((c->flags & RF_VERDICT) && c->kind == RN_STR) {
            put_text(f, c->s);
            fputc('\n', f);
            verdict = true;
        }
    if (verdict && root->first && root->last && !(root->last->flags & RF_VERDICT))
        fputc('\n', f);
    section(f, root, 0, &t);
    if (t.hid_detail && t.hid_explain)
        fputs("More: --full for the whole report, --explain for what each finding means and what to change.\n", f);
    else if (t.hid_detail)
        fputs("More: --full for the whole report.\n", f);
    else if (t.hid_explain)
        fputs("More: --explain for what each finding means and what to change.\n", f);
}
