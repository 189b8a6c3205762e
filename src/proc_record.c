/*
 * proc_record.c — reader of the `gclat cpu --record` format (see
 * proc_record.h). Invariant: a frame is emitted only for a complete S line;
 * T lines before any S line, or unknown tags, are counted in diag.
 */
#include "proc_record.h"
#include "threadcat.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

void proc_record_init(struct proc_record_reader *r, const char *file, struct diag *d,
                      top_frame_cb cb, void *ctx)
{
    memset(r, 0, sizeof *r);
    r->file = file;
    r->diag = d;
    r->cb = cb;
    r->ctx = ctx;
    r->clk_tck = 100;
    r->self_cpu_us = r->self_wall_us = -1;
    top_frame_reset(&r->fr);
}

/* Split a tab-separated line into at most max fields; the last takes the rest. */
static int split(const char *s, size_t n, const char **f, size_t *fl, int max)
{
    int k = 0;
    size_t b = 0;
    for (size_t i = 0; i <= n && k < max; i++) {
        if (i == n || (s[i] == '\t' && k < max - 1)) {
            f[k] = s + b;
            fl[k] = i - b;
            k++;
            b = i + 1;
        }
    }
    return k;
}

static bool num(const char *s, size_t n, int64_t *v)
{
    if (n == 0 || n > 18)
        return false;
    bool neg = s[0] == '-';
    size_t i = neg ? 1 : 0;
    if (i == n)
        return false;
    int64_t x = 0;
    for (; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        x = x * 10 + (s[i] - '0');
    }
    *v = neg ? -x : x;
    return true;
}

static const char *full_name(struct proc_record_reader *r, int64_t tid)
{
    for (size_t i = 0; i < r->nnames; i++)
        if (r->name_tid[i] == tid)
            return r->name[i];
    return NULL;
}

static int64_t pct_x100(const struct proc_record_reader *r, int64_t ticks)
{
    if (r->elapsed_ms <= 0 || r->clk_tck <= 0 || ticks < 0)
        return 0;
    /* ticks/clk_tck seconds over elapsed_ms ms, in % x 100 */
    long double v = (long double)ticks * 1e7L / ((long double)r->clk_tck * (long double)r->elapsed_ms);
    if (v > 1e15L)
        v = 1e15L;
    return (int64_t)(v + 0.5L);
}

static void emit(struct proc_record_reader *r)
{
    if (!r->in_frame)
        return;
    int64_t rest = r->proc_ticks - r->thread_ticks;
    if (r->fr.threads_mode && rest > 0) {
        struct top_row *x = top_frame_add_row(&r->fr);
        x->pid = 0;
        x->cmd = xstrdup("exited threads");
        x->time_cs = rest;
    }
    /* rows carry ticks in time_cs; convert to %CPU now that elapsed is known */
    for (size_t i = 0; i < r->fr.nrows; i++)
        r->fr.rows[i].cpu_x100 = pct_x100(r, r->fr.rows[i].time_cs);
    r->cb(&r->fr, r->ctx);
    top_frame_reset(&r->fr);
    r->in_frame = false;
}

void proc_record_line(struct proc_record_reader *r, const char *s, size_t n, uint64_t ln)
{
    const char *f[8];
    size_t fl[8];
    if (n == 0 || s[0] == '#')
        return;
    int k = split(s, n, f, fl, 8);
    int64_t v[7] = {0};
    if (fl[0] == 1 && s[0] == 'P' && k == 6) {
        if (!num(f[1], fl[1], &r->pid) || !num(f[2], fl[2], &r->clk_tck) ||
            !num(f[3], fl[3], &r->ncpu) || !num(f[4], fl[4], &r->interval_ms)) {
            diag_add(r->diag, "record: bad P line", r->file, ln, s, n);
            return;
        }
        free(r->comm);
        r->comm = xstrndup(f[5], fl[5]);
        return;
    }
    if (fl[0] == 1 && s[0] == 'S' && k == 7) {
        for (int i = 1; i < 7; i++)
            if (!num(f[i], fl[i], &v[i])) {
                diag_add(r->diag, "record: bad S line", r->file, ln, s, n);
                return;
            }
        emit(r);
        r->in_frame = true;
        r->fr.lineno = ln;
        r->fr.epoch_ms = v[1];
        time_t t = (time_t)(v[1] / 1000);
        struct tm tm;
        if (gmtime_r(&t, &tm))
            strftime(r->fr.when, sizeof r->fr.when, "%Y-%m-%dT%H:%M:%SZ", &tm);
        r->elapsed_ms = v[2];
        r->proc_ticks = v[3];
        r->thread_ticks = 0;
        struct top_row *p = top_frame_add_row(&r->fr);
        p->pid = r->pid;
        p->cmd = xstrdup(r->comm ? r->comm : "?");
        p->process_total = true;
        p->time_cs = v[3];
        p->res_kb = v[4];
        p->virt_kb = v[5];
        r->fr.tasks_total = v[6];
        return;
    }
    if (fl[0] == 1 && s[0] == 'T' && k == 4) {
        if (!r->in_frame) {
            diag_add(r->diag, "record: T line before any S line", r->file, ln, s, n);
            return;
        }
        if (!num(f[1], fl[1], &v[1]) || !num(f[2], fl[2], &v[2]) || v[2] < 0) {
            diag_add(r->diag, "record: bad T line", r->file, ln, s, n);
            return;
        }
        r->fr.threads_mode = true;
        struct top_row *t = top_frame_add_row(&r->fr);
        t->pid = v[1];
        t->time_cs = v[2];
        const char *full = full_name(r, v[1]);
        if (full) {
            t->cmd = xstrdup(full);
        } else {
            t->cmd = xstrndup(f[3], fl[3]);
            t->cut = fl[3] >= 15; /* the kernel keeps 15 bytes of a thread name */
        }
        if (r->thread_ticks < INT64_MAX - v[2])
            r->thread_ticks += v[2];
        return;
    }
    if (fl[0] == 1 && s[0] == 'N' && k == 3) {
        if (!num(f[1], fl[1], &v[1])) {
            diag_add(r->diag, "record: bad N line", r->file, ln, s, n);
            return;
        }
        xgrow((void **)&r->name_tid, &r->name_cap, r->nnames + 1, sizeof *r->name_tid);
        size_t c2 = r->nnames;
        r->name = xrealloc(r->name, r->name_cap * sizeof *r->name);
        (void)c2;
        r->name_tid[r->nnames] = v[1];
        r->name[r->nnames] = xstrndup(f[2], fl[2]);
        r->nnames++;
        return;
    }
    if (fl[0] == 1 && s[0] == 'C' && k == 3) {
        if (!num(f[1], fl[1], &r->self_cpu_us) || !num(f[2], fl[2], &r->self_wall_us))
            diag_add(r->diag, "record: bad C line", r->file, ln, s, n);
        return;
    }
    diag_add(r->diag, "record: unknown line", r->file, ln, s, n);
}

void proc_record_finish(struct proc_record_reader *r)
{
    emit(r);
    top_frame_free(&r->fr);
    for (size_t i = 0; i < r->nnames; i++)
        free(r->name[i]);
    free(r->name);
    free(r->name_tid);
    free(r->comm);
    r->name = NULL;
    r->name_tid = NULL;
    r->comm = NULL;
}

static void sniff_frame(const struct top_frame *f, void *ctx)
{
    (void)f;
    (void)ctx;
}

size_t proc_record_sniff(const char *buf, size_t len)
{
    size_t pos = 0;
    const char *s;
    size_t n;
    if (!mem_next_line(buf, len, &pos, &s, &n) || n != strlen(PROC_RECORD_MAGIC) ||
        memcmp(s, PROC_RECORD_MAGIC, n) != 0)
        return 0;
    struct diag d;
    diag_init(&d);
    struct proc_record_reader r;
    proc_record_init(&r, "sample", &d, sniff_frame, NULL);
    size_t nonblank = 1;
    uint64_t lineno = 1;
    while (mem_next_line(buf, len, &pos, &s, &n)) {
        lineno++;
        if (mem_blank(s, n))
            continue;
        nonblank++;
        proc_record_line(&r, s, n, lineno);
    }
    proc_record_finish(&r);
    uint64_t unparsed = d.total;
    diag_fini(&d);
    return unparsed >= nonblank ? 0 : nonblank - (size_t)unparsed;
}
