/*
 * td_top.c — `top -b -H -p PID` output (procps-ng), for joining thread CPU
 * onto thread dumps by OS thread id.
 *
 * Each snapshot starts with "top - "; the column header ("PID USER ... %CPU
 * ... TIME+ COMMAND") is read for column positions, so other column layouts
 * (fewer or reordered fields) work as long as PID and %CPU are present.
 * COMMAND is the last column and may contain spaces ("GC Thread#0"). Only the
 * LAST snapshot is kept: with -n 2 or more, the first one measures CPU since
 * the thread started rather than over the interval. Summary lines (Threads:,
 * %Cpu(s):, MiB Mem, ...) are understood and ignored; anything else -> diag.
 */
#include "td.h"
#include "reader.h"
#include "td_time.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct topp {
    struct td_set *s;
    struct td_top *top;
    const char *file;
    int col_pid, col_cpu, col_time, col_cmd, col_s, ncols;
    bool in_table;
};

static int split(const char *l, size_t n, const char **tok, size_t *tl, int max)
{
    int k = 0;
    size_t i = 0;
    while (i < n && k < max) {
        while (i < n && (l[i] == ' ' || l[i] == '\t'))
            i++;
        if (i >= n)
            break;
        size_t st = i;
        while (i < n && l[i] != ' ' && l[i] != '\t')
            i++;
        tok[k] = l + st;
        tl[k] = i - st;
        k++;
    }
    return k;
}

static bool tok_is(const char *t, size_t n, const char *w)
{
    return strlen(w) == n && memcmp(t, w, n) == 0;
}

static void top_line(struct topp *p, const char *l, size_t n, uint64_t lineno)
{
    struct td_top *top = p->top;
    size_t i = 0;
    while (i < n && (l[i] == ' ' || l[i] == '\t'))
        i++;
    if (i == n) {
        p->in_table = false;
        return;
    }
    const char *b = l + i;
    size_t bn = n - i;
    if (mem_starts(b, bn, "top - ")) {
        top->n = 0;
        top->snapshots++;
        p->in_table = false;
        size_t k = bn > 14 && b[14] == ' ' ? 8 : 0; /* "top - 05:46:08 up ..." */
        memcpy(top->last_time, b + 6, k);
        top->last_time[k] = '\0';
        return;
    }
    if (mem_starts(b, bn, "Threads:") || mem_starts(b, bn, "Tasks:")) {
        int64_t v = 0;
        const char *colon = memchr(b, ':', bn);
        size_t k = (size_t)(colon - b) + 1;
        while (k < bn && b[k] == ' ')
            k++;
        while (k < bn && isdigit((unsigned char)b[k]) && v < 1000000000)
            v = v * 10 + (b[k++] - '0');
        top->threads_total = v;
        return;
    }
    if (mem_starts(b, bn, "%Cpu") || mem_starts(b, bn, "Cpu(s)") || mem_starts(b, bn, "MiB ") ||
        mem_starts(b, bn, "KiB ") || mem_starts(b, bn, "GiB ") || mem_starts(b, bn, "TiB ") ||
        mem_starts(b, bn, "Mem:") || mem_starts(b, bn, "Swap:"))
        return;
    const char *tok[64];
    size_t tl[64];
    int nt = split(l, n, tok, tl, 64);
    if (nt > 0 && tok_is(tok[0], tl[0], "PID")) {
        p->col_pid = p->col_cpu = p->col_time = p->col_cmd = p->col_s = -1;
        for (int k = 0; k < nt; k++) {
            if (tok_is(tok[k], tl[k], "PID"))
                p->col_pid = k;
            else if (tok_is(tok[k], tl[k], "%CPU"))
                p->col_cpu = k;
            else if (tok_is(tok[k], tl[k], "TIME+") || tok_is(tok[k], tl[k], "TIME"))
                p->col_time = k;
            else if (tok_is(tok[k], tl[k], "COMMAND"))
                p->col_cmd = k;
            else if (tok_is(tok[k], tl[k], "S"))
                p->col_s = k;
        }
        p->ncols = nt;
        p->in_table = p->col_pid >= 0 && p->col_cpu >= 0;
        if (!p->in_table)
            diag_add(&p->s->diag, "top header without PID and %CPU", p->file, lineno, l, n);
        return;
    }
    if (!p->in_table || nt <= p->col_pid || nt <= p->col_cpu) {
        diag_add(&p->s->diag, "unknown top line", p->file, lineno, l, n);
        return;
    }
    int64_t tid = 0;
    if (tl[p->col_pid] == 0 || tl[p->col_pid] > 10) {
        diag_add(&p->s->diag, "bad top PID", p->file, lineno, l, n);
        return;
    }
    for (size_t k = 0; k < tl[p->col_pid]; k++) {
        char c = tok[p->col_pid][k];
        if (!isdigit((unsigned char)c)) {
            diag_add(&p->s->diag, "bad top PID", p->file, lineno, l, n);
            return;
        }
        tid = tid * 10 + (c - '0');
    }
    char buf[32];
    size_t cl = tl[p->col_cpu];
    if (cl == 0 || cl >= sizeof buf) {
        diag_add(&p->s->diag, "bad top %CPU", p->file, lineno, l, n);
        return;
    }
    memcpy(buf, tok[p->col_cpu], cl);
    buf[cl] = '\0';
    for (size_t k = 0; k < cl; k++)
        if (buf[k] == ',')
            buf[k] = '.'; /* decimal comma locales */
    char *end;
    double cpu = strtod(buf, &end);
    if (*end || cpu < 0 || cpu != cpu) {
        diag_add(&p->s->diag, "bad top %CPU", p->file, lineno, l, n);
        return;
    }
    xgrow((void **)&top->rows, &top->cap, top->n + 1, sizeof *top->rows);
    struct td_top_row *r = &top->rows[top->n++];
    memset(r, 0, sizeof *r);
    r->tid = tid;
    r->cpu_pct = cpu;
    struct intern *in = &p->s->in;
    r->time = p->col_time >= 0 && p->col_time < nt ? intern_str(in, tok[p->col_time], tl[p->col_time])
                                                    : intern_str(in, "", 0);
    if (p->col_cmd >= 0 && p->col_cmd < nt) {
        const char *c = tok[p->col_cmd];
        size_t cn = n - (size_t)(c - l);
        while (cn && (c[cn - 1] == ' ' || c[cn - 1] == '\t'))
            cn--;
        r->command = intern_str(in, c, cn);
    } else {
        r->command = intern_str(in, "", 0);
    }
    r->s = p->col_s >= 0 && p->col_s < nt && tl[p->col_s] ? tok[p->col_s][0] : '?';
}

void td_top_parse_mem(struct td_set *s, struct td_top *top, const char *name, const char *data,
                      size_t len)
{
    struct topp p = {s, top, name, -1, -1, -1, -1, -1, 0, false};
    top->threads_total = -1;
    struct reader r;
    reader_init_mem(&r, name, data, len);
    reader_set_diag(&r, &s->diag);
    const char *line;
    size_t n;
    while (reader_next(&r, &line, &n) == 1)
        top_line(&p, line, n, r.lineno);
    reader_close(&r);
}

int td_top_parse_file(struct td_set *s, struct td_top *top, const char *path, bool quiet)
{
    struct topp p = {s, top, path, -1, -1, -1, -1, -1, 0, false};
    top->threads_total = -1;
    struct reader r;
    if (reader_open(&r, path) != 0) {
        if (!quiet)
            warnx("cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    reader_set_diag(&r, &s->diag);
    const char *line;
    size_t n;
    int rc;
    while ((rc = reader_next(&r, &line, &n)) == 1) {
        s->diag.lines_read++; /* its unparsed lines share the dump's diag */
        top_line(&p, line, n, r.lineno);
    }
    if (rc < 0 && !quiet)
        warnx("%s: %s", path, reader_strerror(&r));
    reader_close(&r);
    return rc < 0 ? -1 : 0;
}

void td_top_fini(struct td_top *top)
{
    free(top->rows);
    memset(top, 0, sizeof *top);
}

int td_top_gap_s(const struct td_top *top, const struct td_dump *d, const char **why)
{
    int a, b;
    bool utc_a, utc_b;
    if (!td_time_of_day(top->last_time, &a, &utc_a)) {
        *why = "the top capture has no 'top - HH:MM:SS' time";
        return -1;
    }
    if (!d->timestamp || !td_time_of_day(d->timestamp, &b, &utc_b)) {
        *why = "the dump has no timestamp";
        return -1;
    }
    if (utc_b) {
        *why = "the dump's time is UTC, top's is local";
        return -1;
    }
    *why = NULL;
    return td_tod_gap_s(a, b);
}
