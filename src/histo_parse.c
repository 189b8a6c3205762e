/*
 * histo_parse.c — see histo_parse.h. Invariant: a row is reported only when
 * rank, instances, bytes and a class name all parse; numbers are bounded to
 * 18 digits so they cannot overflow.
 */
#include "histo_parse.h"
#include "util.h"

#include <string.h>

const char *const histo_liveness_names[3] = {"unknown", "live", "all"};

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

/* "jmap -histo:live 123", "jcmd 123 GC.class_histogram -all" kept in the file */
static bool command_line(struct histo_parser *p, const char *s, size_t n, uint64_t ln)
{
    if (mem_find(s, n, "jmap") && mem_find(s, n, "-histo")) {
        p->liveness = mem_find(s, n, ":live") || mem_find(s, n, ",live") ? HISTO_LIVE : HISTO_ALL;
    } else if (mem_find(s, n, "GC.class_histogram")) {
        p->liveness = mem_find(s, n, " -all") ? HISTO_ALL : HISTO_LIVE;
    } else {
        return false;
    }
    p->liveness_line = ln;
    return true;
}

/* The first line of a thread dump: "Full thread dump", its timestamp, a '"' thread header. */
static bool dump_start(const char *s, size_t n)
{
    if (mem_starts(s, n, "Full thread dump") || (n > 1 && s[0] == '"'))
        return true;
    static const char pat[] = "dddd-dd-dd dd:dd:dd";
    if (n != sizeof pat - 1)
        return false;
    for (size_t i = 0; i < n; i++)
        if (pat[i] == 'd' ? !(s[i] >= '0' && s[i] <= '9') : s[i] != pat[i])
            return false;
    return true;
}

void histo_parser_line(struct histo_parser *p, const char *s, size_t n, uint64_t ln)
{
    size_t i = 0;
    skip_ws(s, n, &i);
    if (i == n)
        return;
    if (mem_starts(s + i, n - i, "num ") && mem_find(s, n, "#instances")) {
        p->in_dump = false;
        return;
    }
    if (s[i] == '-') {
        size_t k = i;
        while (k < n && s[k] == '-')
            k++;
        if (k == n)
            return;
    }
    if (command_line(p, s, n, ln))
        return;
    if (!p->in_dump && i == 0 && dump_start(s, n)) {
        p->in_dump = true;
        if (!p->dump_lines)
            p->dump_first_line = ln;
    }
    if (p->in_dump) {
        size_t k = i;
        int64_t pid;
        if (num(s, n, &k, &pid) && k + 1 == n && s[k] == ':') {
            p->jcmd = true; /* jcmd's "PID:" line before its histogram */
            return;
        }
        p->dump_lines++;
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
        if (i == n) {
            p->jcmd = true; /* jcmd's "PID:" line */
            return;
        }
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
    if (i < n && s[i] == '<') {
        /* JDK 6 VM-internal names: "<no name>", "<methodKlass>", "<constMethodKlass>" */
        const char *gt = memchr(s + i, '>', n - i);
        i = gt ? (size_t)(gt - s) + 1 : n;
    }
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

static void sniff_line(void *p, const char *s, size_t n, uint64_t lineno)
{
    histo_parser_line(p, s, n, lineno);
}

static void sniff_row(const struct histo_row *r, void *ctx)
{
    (void)r;
    ++*(uint64_t *)ctx;
}

size_t histo_sniff(const char *buf, size_t len)
{
    struct diag d;
    diag_init(&d);
    uint64_t rows = 0;
    struct histo_parser p;
    histo_parser_init(&p, "sample", &d, sniff_row, &rows);
    size_t nonblank = mem_each_line(buf, len, sniff_line, &p);
    uint64_t unparsed = d.total;
    diag_fini(&d);
    if (!rows || unparsed >= nonblank)
        return 0;
    return nonblank - (size_t)unparsed;
}
