/*
 * histo_parse.c — see histo_parse.h. Invariant: a row is reported only when
 * rank, instances, bytes and a class name all parse; numbers are bounded to
 * 18 digits so they cannot overflow.
 */
#include "histo_parse.h"
#include "util.h"

#include <string.h>

void histo_parser_init(struct histo_parser *p, const char *file, struct diag *d,
                       void (*cb)(const struct histo_row *r, void *ctx), void *ctx)
{
    memset(p, 0, sizeof *p);
    p->file = file;
    p->diag = d;
    p->cb = cb;
    p->ctx = ctx;
}

static void skip_ws(const char *s, size_t n, size_t *i)
{
    while (*i < n && (s[*i] == ' ' || s[*i] == '\t'))
        (*i)++;
}

static bool num(const char *s, size_t n, size_t *i, int64_t *v)
{
    size_t b = *i;
    int64_t x = 0;
    while (*i < n && s[*i] >= '0' && s[*i] <= '9') {
        if (*i - b >= 18)
            return false;
        x = x * 10 + (s[*i] - '0');
        (*i)++;
    }
    *v = x;
    return *i > b;
}

void histo_parser_line(struct histo_parser *p, const char *s, size_t n, uint64_t ln)
{
    size_t i = 0;
    skip_ws(s, n, &i);
    if (i == n)
        return;
    if (mem_starts(s + i, n - i, "num ") && mem_find(s, n, "#instances"))
        return;
    if (s[i] == '-') {
        size_t k = i;
        while (k < n && s[k] == '-')
            k++;
        if (k == n)
            return;
    }
    if (mem_starts(s + i, n - i, "Total")) {
        i += 5;
        skip_ws(s, n, &i);
        int64_t a, b;
        if (num(s, n, &i, &a) && (skip_ws(s, n, &i), num(s, n, &i, &b))) {
            p->have_total = true;
            p->total_instances = a;
            p->total_bytes = b;
            return;
        }
        diag_add(p->diag, "histo: bad Total line", p->file, ln, s, n);
        return;
    }
    struct histo_row r;
    memset(&r, 0, sizeof r);
    if (!num(s, n, &i, &r.rank)) {
        diag_add(p->diag, "histo: unknown line", p->file, ln, s, n);
        return;
    }
    if (i < n && s[i] == ':') {
        i++;
        skip_ws(s, n, &i);
        if (i == n)
            return; /* jcmd's "PID:" line */
    } else {
        diag_add(p->diag, "histo: unknown line", p->file, ln, s, n);
        return;
    }
    if (!num(s, n, &i, &r.instances) || (skip_ws(s, n, &i), !num(s, n, &i, &r.bytes))) {
        diag_add(p->diag, "histo: bad numbers in row", p->file, ln, s, n);
        return;
    }
    skip_ws(s, n, &i);
    size_t b = i;
    while (i < n && s[i] != ' ' && s[i] != '\t')
        i++;
    if (i == b) {
        diag_add(p->diag, "histo: row without class name", p->file, ln, s, n);
        return;
    }
    r.cls = s + b;
    r.cls_len = i - b;
    skip_ws(s, n, &i);
    if (i < n) {
        size_t e = n;
        while (e > i && (s[e - 1] == ' ' || s[e - 1] == '\t'))
            e--;
        if (s[i] == '(' && e > i + 1 && s[e - 1] == ')') {
            r.module = s + i + 1;
            r.module_len = e - i - 2;
        } else if (e > i) {
            diag_add(p->diag, "histo: unexpected text after class name", p->file, ln, s, n);
            return;
        }
    }
    p->rows++;
    p->cb(&r, p->ctx);
}
