/*
 * diag.c — see diag.h. Reasons are few (tens at most), so a linear search by
 * pointer, then by content, is cheap and keeps insertion order stable.
 */
#include "diag.h"
#include "report.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void diag_init(struct diag *d)
{
    memset(d, 0, sizeof *d);
}

void diag_fini(struct diag *d)
{
    for (size_t i = 0; i < d->n; i++)
        for (int j = 0; j < d->r[i].nex; j++) {
            free(d->r[i].ex[j].file);
            free(d->r[i].ex[j].text);
        }
    free(d->r);
    memset(d, 0, sizeof *d);
}

static struct diag_reason *find(struct diag *d, const char *reason)
{
    for (size_t i = 0; i < d->n; i++)
        if (d->r[i].reason == reason || strcmp(d->r[i].reason, reason) == 0)
            return &d->r[i];
    xgrow((void **)&d->r, &d->cap, d->n + 1, sizeof *d->r);
    struct diag_reason *r = &d->r[d->n++];
    memset(r, 0, sizeof *r);
    r->reason = reason;
    return r;
}

static char *excerpt(const char *text, size_t len)
{
    size_t n = len > DIAG_EXCERPT ? DIAG_EXCERPT : len;
    char *s = xmalloc(n + 1);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        s[i] = (c < 0x20 || c == 0x7f) ? '?' : (char)c;
    }
    s[n] = '\0';
    return s;
}

static void add_example(struct diag_reason *r, const char *file, uint64_t lineno, const char *text,
                        size_t len)
{
    if (r->nex >= DIAG_EXAMPLES)
        return;
    struct diag_example *e = &r->ex[r->nex++];
    e->file = xstrdup(file ? file : "");
    e->line = lineno;
    e->text = excerpt(text ? text : "", text ? len : 0);
}

void diag_add(struct diag *d, const char *reason, const char *file, uint64_t lineno,
              const char *text, size_t len)
{
    struct diag_reason *r = find(d, reason);
    r->count++;
    d->total++;
    add_example(r, file, lineno, text, len);
}

void diag_merge(struct diag *dst, const struct diag *src)
{
    for (size_t i = 0; i < src->n; i++) {
        struct diag_reason *r = find(dst, src->r[i].reason);
        r->count += src->r[i].count;
        for (int j = 0; j < src->r[i].nex; j++)
            add_example(r, src->r[i].ex[j].file, src->r[i].ex[j].line, src->r[i].ex[j].text,
                        strlen(src->r[i].ex[j].text));
    }
    dst->total += src->total;
    dst->lines_read += src->lines_read;
}

void diag_report(const struct diag *d, struct report_node *parent, const char *key)
{
    struct report_node *o = rn_obj(parent, key);
    rn_title(o, "Unparsed lines");
    rn_int(o, "total", (int64_t)d->total);
    rn_int(o, "lines_read", (int64_t)d->lines_read);
    rn_num(o, "rate_pct", d->lines_read ? 100.0 * (double)d->total / (double)d->lines_read : 0.0, 3);
    struct report_node *a = rn_arr(o, "reasons");
    for (size_t i = 0; i < d->n; i++) {
        struct report_node *r = rn_obj(a, NULL);
        rn_str(r, "reason", d->r[i].reason);
        rn_int(r, "count", (int64_t)d->r[i].count);
        struct report_node *ex = rn_arr(r, "examples");
        for (int j = 0; j < d->r[i].nex; j++) {
            struct report_node *e = rn_obj(ex, NULL);
            rn_str(e, "file", d->r[i].ex[j].file);
            rn_int(e, "line", (int64_t)d->r[i].ex[j].line);
            rn_str(e, "text", d->r[i].ex[j].text);
        }
    }
}

void diag_print_stderr(const struct diag *d)
{
    for (size_t i = 0; i < d->n; i++) {
        fprintf(stderr, "%s: %llu line(s): %s\n", prog_name, (unsigned long long)d->r[i].count,
                d->r[i].reason);
        for (int j = 0; j < d->r[i].nex; j++)
            fprintf(stderr, "  %s:%llu: %s\n", d->r[i].ex[j].file,
                    (unsigned long long)d->r[i].ex[j].line, d->r[i].ex[j].text);
    }
}
