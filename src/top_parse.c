/*
 * top_parse.c — `top -b` batch output to frames (see top_parse.h).
 *
 * Invariants: every input line is either part of a frame (summary line,
 * header, task row, blank) or counted in diag with a reason; no line is
 * trusted to have the expected number of fields; numbers are parsed with
 * explicit bounds (no strtod on non-terminated input) and absurd values are
 * rejected rather than overflowed.
 */
#include "top_parse.h"
#include "util.h"
#include "wstok.h"

#include <stdlib.h>
#include <string.h>

const char *const top_cpu_names[8] = {"us", "sy", "ni", "id", "wa", "hi", "si", "st"};

#define MAX_DIGITS 15 /* keeps every parsed integer far below INT64_MAX */

/* Fixed-point parse: "12.345" -> 12345 with frac_digits=3 (extra digits are
   rounded). Accepts '.' or ',' as the decimal separator. */
static bool parse_fixed(const char *s, size_t n, int frac_digits, int64_t *out)
{
    size_t i = 0;
    int64_t ip = 0, fp = 0;
    int nd = 0, fd = 0;
    bool round_up = false;
    if (n == 0)
        return false;
    for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
        if (++nd > MAX_DIGITS)
            return false;
        ip = ip * 10 + (s[i] - '0');
    }
    if (i < n && (s[i] == '.' || s[i] == ',')) {
        i++;
        for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
            if (fd < frac_digits) {
                fp = fp * 10 + (s[i] - '0');
                fd++;
            } else if (fd == frac_digits) {
                round_up = s[i] >= '5';
                fd++;
            }
        }
    }
    if (i != n || (nd == 0 && fd == 0))
        return false;
    for (int k = fd > frac_digits ? frac_digits : fd; k < frac_digits; k++)
        fp *= 10;
    int64_t scale = 1;
    for (int k = 0; k < frac_digits; k++)
        scale *= 10;
    *out = ip * scale + fp + (round_up ? 1 : 0);
    return true;
}

bool top_parse_x100(const char *s, size_t n, int64_t *v)
{
    return parse_fixed(s, n, 2, v);
}

bool top_parse_mem_kb(const char *s, size_t n, int64_t *kb)
{
    if (n == 0)
        return false;
    int64_t mult = 1;
    switch (s[n - 1]) {
    case 'k': case 'K': mult = 1; n--; break;
    case 'm': case 'M': mult = 1024; n--; break;
    case 'g': case 'G': mult = 1024LL * 1024; n--; break;
    case 't': case 'T': mult = 1024LL * 1024 * 1024; n--; break;
    case 'p': case 'P': mult = 1024LL * 1024 * 1024 * 1024; n--; break;
    case 'e': case 'E': mult = 1024LL * 1024 * 1024 * 1024 * 1024; n--; break;
    default: break;
    }
    int64_t v; /* x 1000 */
    if (!parse_fixed(s, n, 3, &v))
        return false;
    if (v > INT64_MAX / mult)
        return false;
    *kb = (v * mult + 500) / 1000;
    return true;
}

bool top_parse_time_cs(const char *s, size_t n, int64_t *cs)
{
    /* fields separated by ':' ; the last may carry ".cc"; minutes:seconds is the
       usual form, hours:minutes:seconds appears in the TIME column. */
    int64_t parts[3] = {0, 0, 0};
    int np = 0;
    size_t i = 0, start = 0;
    int64_t frac = 0;
    for (;; i++) {
        if (i == n || s[i] == ':') {
            if (np == 3 || i == start)
                return false;
            size_t e = i;
            const char *dot = memchr(s + start, '.', e - start);
            size_t ie = dot ? (size_t)(dot - s) : e;
            int64_t v = 0;
            if (ie == start || ie - start > MAX_DIGITS)
                return false;
            for (size_t k = start; k < ie; k++) {
                if (s[k] < '0' || s[k] > '9')
                    return false;
                v = v * 10 + (s[k] - '0');
            }
            if (dot) {
                if (i != n)
                    return false;
                int64_t f;
                if (!parse_fixed(s + ie, e - ie, 2, &f)) /* ".35" */
                    return false;
                frac = f;
            }
            parts[np++] = v;
            start = i + 1;
            if (i == n)
                break;
        } else if (!((s[i] >= '0' && s[i] <= '9') || s[i] == '.')) {
            return false;
        }
    }
    int64_t sec;
    if (np == 1)
        sec = parts[0];
    else if (np == 2)
        sec = parts[0] * 60 + parts[1];
    else
        sec = parts[0] * 3600 + parts[1] * 60 + parts[2];
    *cs = sec * 100 + frac;
    return true;
}

void top_frame_reset(struct top_frame *f)
{
    for (size_t i = 0; i < f->nrows; i++)
        free(f->rows[i].cmd);
    struct top_row *rows = f->rows;
    size_t cap = f->cap;
    memset(f, 0, sizeof *f);
    f->rows = rows;
    f->cap = cap;
    f->epoch_ms = -1;
    f->tasks_total = -1;
}

struct top_row *top_frame_add_row(struct top_frame *f)
{
    xgrow((void **)&f->rows, &f->cap, f->nrows + 1, sizeof *f->rows);
    struct top_row *r = &f->rows[f->nrows++];
    memset(r, 0, sizeof *r);
    r->virt_kb = r->res_kb = r->time_cs = -1;
    return r;
}

void top_frame_free(struct top_frame *f)
{
    top_frame_reset(f);
    free(f->rows);
    f->rows = NULL;
    f->cap = 0;
}

void top_parser_init(struct top_parser *p, const char *file, struct diag *d, top_frame_cb cb,
                     void *ctx)
{
    memset(p, 0, sizeof *p);
    p->file = file;
    p->diag = d;
    p->cb = cb;
    p->ctx = ctx;
    top_frame_reset(&p->fr);
}


static bool tok_eq(const char *w, size_t wl, const char *lit)
{
    return wl == strlen(lit) && memcmp(w, lit, wl) == 0;
}

/* Thread-view leader rows: in procps-ng 4.x `top -H -p PID`, the row whose
   TID is the thread-group leader shows the whole process's %CPU and TIME+.
   Rule: the smallest TID among rows with the same VIRT is the leader; it is
   a process total when its TIME+ is at least 90% of the sum of the other
   rows' TIME+ (a real leader thread of a JVM is the idle launcher thread,
   so under 3.x, where the row is per-thread, this does not hold). */
struct lkey {
    int64_t virt, pid, time;
    size_t idx;
};

static int cmp_lkey(const void *x, const void *y)
{
    const struct lkey *a = x, *b = y;
    if (a->virt != b->virt)
        return a->virt < b->virt ? -1 : 1;
    return a->pid < b->pid ? -1 : a->pid > b->pid;
}

/* O(n log n): sort rows by (VIRT, TID) so each VIRT group starts with its
   smallest TID, even for whole-machine -H captures with thousands of threads. */
static void mark_leaders(struct top_frame *f)
{
    if (f->nrows < 2)
        return;
    struct lkey *k = xcalloc(f->nrows, sizeof *k);
    size_t m = 0;
    for (size_t i = 0; i < f->nrows; i++) {
        const struct top_row *r = &f->rows[i];
        if (r->virt_kb < 0 || r->time_cs < 0)
            continue;
        k[m].virt = r->virt_kb;
        k[m].pid = r->pid;
        k[m].time = r->time_cs;
        k[m].idx = i;
        m++;
    }
    qsort(k, m, sizeof *k, cmp_lkey);
    for (size_t g = 0; g < m;) {
        size_t e = g + 1;
        int64_t others = 0;
        while (e < m && k[e].virt == k[g].virt) {
            if (others < INT64_MAX / 2)
                others += k[e].time;
            e++;
        }
        /* equal smallest TIDs (malformed input) are never a leader */
        bool unique = e == g + 1 || k[g + 1].pid != k[g].pid;
        if (e - g > 1 && unique && others > 0 && k[g].time <= INT64_MAX / 10 &&
            k[g].time * 10 >= others * 9)
            f->rows[k[g].idx].process_total = true;
        g = e;
    }
    free(k);
}

static void emit(struct top_parser *p)
{
    if (p->in_frame) {
        if (p->fr.threads_mode)
            mark_leaders(&p->fr);
        p->frames++;
        p->cb(&p->fr, p->ctx);
    }
    top_frame_reset(&p->fr);
    p->in_frame = false;
    p->ncols = 0;
}

static void bad(struct top_parser *p, const char *why, const char *s, size_t n, uint64_t ln)
{
    diag_add(p->diag, why, p->file, ln, s, n);
}

/* Parse "load average: 1.68, 1.32, 0.60" (also with decimal commas). */
static bool parse_load(const char *s, size_t n, double load[3])
{
    const char *la = mem_find(s, n, "load average:");
    if (!la)
        return false;
    size_t i = (size_t)(la - s) + 13;
    for (int k = 0; k < 3; k++) {
        while (i < n && (s[i] == ' ' || s[i] == ','))
            i++;
        size_t b = i;
        while (i < n && ((s[i] >= '0' && s[i] <= '9') ||
                         ((s[i] == '.' || s[i] == ',') && i + 1 < n && s[i + 1] >= '0' &&
                          s[i + 1] <= '9')))
            i++;
        int64_t v;
        if (!parse_fixed(s + b, i - b, 2, &v))
            return false;
        load[k] = (double)v / 100;
    }
    return true;
}

/* "%Cpu(s):  0.0 us,  0.0 sy, ..." and 3.2's "Cpu(s):  0.3%us,  0.1%sy, ...". */
static bool parse_cpu(struct top_frame *f, const char *s, size_t n)
{
    const char *c = memchr(s, ':', n);
    if (!c)
        return false;
    size_t i = (size_t)(c - s) + 1;
    int found = 0;
    while (i < n) {
        while (i < n && (s[i] == ' ' || s[i] == ','))
            i++;
        if (i >= n)
            break;
        size_t b = i;
        while (i < n && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.' ||
                         (s[i] == ',' && i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '9')))
            i++;
        int64_t v;
        if (!parse_fixed(s + b, i - b, 2, &v))
            return false;
        if (i < n && s[i] == '%')
            i++;
        while (i < n && s[i] == ' ')
            i++;
        size_t lb = i;
        while (i < n && s[i] >= 'a' && s[i] <= 'z')
            i++;
        int k = -1;
        for (int j = 0; j < 8; j++)
            if (i - lb == 2 && memcmp(s + lb, top_cpu_names[j], 2) == 0)
                k = j;
        if (k < 0)
            return false;
        f->cpu[k] = (double)v / 100;
        found++;
    }
    return found >= 4;
}

/* 2^53 KiB = 8 EiB: above any real machine, and exact as a double */
#define TOP_MEM_MAX_KB 9007199254740992.0

/* "MiB Mem :  24105.6 total,  23540.9 free,    355.7 used, ..." / "KiB Mem : ..." /
   3.2 "Mem:  16331448k total, 15123456k used, ..." */
static bool parse_mem(struct top_frame *f, const char *s, size_t n)
{
    double unit_mib = 1.0 / 1024; /* KiB by default */
    if (mem_starts(s, n, "MiB"))
        unit_mib = 1;
    else if (mem_starts(s, n, "GiB"))
        unit_mib = 1024;
    else if (mem_starts(s, n, "TiB"))
        unit_mib = 1024.0 * 1024;
    else if (mem_starts(s, n, "PiB"))
        unit_mib = 1024.0 * 1024 * 1024;
    else if (mem_starts(s, n, "EiB"))
        unit_mib = 1024.0 * 1024 * 1024 * 1024;
    const char *c = memchr(s, ':', n);
    if (!c)
        return false;
    struct tok t = {c + 1, n - (size_t)(c + 1 - s), 0};
    const char *w, *prev = NULL;
    size_t wl, prevl = 0;
    bool tot = false, used = false;
    while (next_tok(&t, &w, &wl)) {
        size_t kl = wl;
        while (kl > 0 && (w[kl - 1] == ',' || w[kl - 1] == '.'))
            kl--;
        if (prev && (tok_eq(w, kl, "total") || tok_eq(w, kl, "used"))) {
            int64_t kb;
            size_t pl = prevl;
            /* "16331448k" (3.2) carries its own unit */
            if (pl > 0 && (prev[pl - 1] == 'k' || prev[pl - 1] == 'K')) {
                if (!top_parse_mem_kb(prev, pl, &kb))
                    return false;
            } else {
                int64_t v;
                if (!parse_fixed(prev, pl, 3, &v))
                    return false;
                double kbd = (double)v / 1000 * unit_mib * 1024 + 0.5;
                /* "EiB Mem : 99999999999.9 total" would not fit int64 (and converting it is
                   undefined): no machine has 8 EiB, so the line is unreadable, not a number */
                if (!(kbd <= TOP_MEM_MAX_KB))
                    return false;
                kb = (int64_t)kbd;
            }
            if (kb > (int64_t)TOP_MEM_MAX_KB)
                return false;
            if (tok_eq(w, kl, "total")) {
                f->mem_total_mib = (double)kb / 1024;
                tot = true;
            } else {
                f->mem_used_mib = (double)kb / 1024;
                used = true;
            }
        }
        prev = w;
        prevl = wl;
    }
    f->have_mem = tot && used;
    return tot;
}

static void header(struct top_parser *p, const char *s, size_t n)
{
    struct tok t = {s, n, 0};
    const char *w;
    size_t wl;
    int k = 0;
    p->col_pid = p->col_virt = p->col_res = p->col_cpu = p->col_time = p->col_cmd = -1;
    while (next_tok(&t, &w, &wl)) {
        if (tok_eq(w, wl, "PID") || tok_eq(w, wl, "TID"))
            p->col_pid = k;
        else if (tok_eq(w, wl, "VIRT"))
            p->col_virt = k;
        else if (tok_eq(w, wl, "RES"))
            p->col_res = k;
        else if (tok_eq(w, wl, "%CPU"))
            p->col_cpu = k;
        else if (tok_eq(w, wl, "TIME+") || tok_eq(w, wl, "TIME"))
            p->col_time = k;
        else if (tok_eq(w, wl, "COMMAND") || tok_eq(w, wl, "COMMAND+"))
            p->col_cmd = k;
        k++;
    }
    p->ncols = k;
}

static void row(struct top_parser *p, const char *s, size_t n, uint64_t ln)
{
    struct tok t = {s, n, 0};
    const char *w;
    size_t wl;
    struct top_row tmp;
    memset(&tmp, 0, sizeof tmp);
    tmp.virt_kb = tmp.res_kb = tmp.time_cs = -1;
    bool have_pid = false, have_cpu = false;
    for (int k = 0; k < p->col_cmd; k++) {
        if (!next_tok(&t, &w, &wl)) {
            bad(p, "top: short task row", s, n, ln);
            return;
        }
        bool ok = true;
        if (k == p->col_pid) {
            ok = parse_fixed(w, wl, 0, &tmp.pid);
            have_pid = ok;
        } else if (k == p->col_virt) {
            ok = top_parse_mem_kb(w, wl, &tmp.virt_kb);
        } else if (k == p->col_res) {
            ok = top_parse_mem_kb(w, wl, &tmp.res_kb);
        } else if (k == p->col_cpu) {
            ok = parse_fixed(w, wl, 2, &tmp.cpu_x100);
            have_cpu = ok;
        } else if (k == p->col_time) {
            ok = top_parse_time_cs(w, wl, &tmp.time_cs);
        }
        if (!ok) {
            bad(p, "top: bad number in task row", s, n, ln);
            return;
        }
    }
    while (t.i < n && (s[t.i] == ' ' || s[t.i] == '\t'))
        t.i++;
    size_t ce = n;
    while (ce > t.i && (s[ce - 1] == ' ' || s[ce - 1] == '\t'))
        ce--;
    if (!have_pid || !have_cpu || ce == t.i) {
        bad(p, "top: task row without PID, %CPU or COMMAND", s, n, ln);
        return;
    }
    struct top_row *r = top_frame_add_row(&p->fr);
    *r = tmp;
    r->cmd = xstrndup(s + t.i, ce - t.i);
    r->cut = s[ce - 1] == '+';
}

void top_parser_line(struct top_parser *p, const char *s, size_t n, uint64_t ln)
{
    size_t b = 0;
    while (b < n && (s[b] == ' ' || s[b] == '\t'))
        b++;
    if (b == n)
        return; /* blank lines separate the summary from the table */
    if (mem_starts(s, n, "top - ")) {
        emit(p);
        p->in_frame = true;
        p->fr.lineno = ln;
        /* "top - 05:46:47 up ..." : the clock is the third token */
        size_t i = 6, e = 6;
        while (e < n && e - i < sizeof p->fr.when - 1 && s[e] != ' ')
            e++;
        memcpy(p->fr.when, s + i, e - i);
        p->fr.when[e - i] = '\0';
        p->fr.have_load = parse_load(s, n, p->fr.load);
        if (!p->fr.have_load)
            bad(p, "top: header without load average", s, n, ln);
        return;
    }
    if (!p->in_frame) {
        bad(p, "top: line before the first 'top -' header", s, n, ln);
        return;
    }
    if (mem_starts(s, n, "Tasks:") || mem_starts(s, n, "Threads:")) {
        p->fr.threads_mode = s[0] == 'T' && s[1] == 'h';
        struct tok t = {s, n, 0};
        const char *w;
        size_t wl;
        next_tok(&t, &w, &wl);
        if (next_tok(&t, &w, &wl))
            parse_fixed(w, wl, 0, &p->fr.tasks_total);
        return;
    }
    if (mem_starts(s, n, "%Cpu(s)") || mem_starts(s, n, "Cpu(s)")) {
        if (parse_cpu(&p->fr, s, n))
            p->fr.have_cpu = true;
        else
            bad(p, "top: unreadable %Cpu(s) line", s, n, ln);
        return;
    }
    if (mem_starts(s, n, "%Cpu") || mem_starts(s, n, "Cpu")) {
        return; /* per-CPU lines (toggle '1'): machine totals come from %Cpu(s) */
    }
    const char *c = memchr(s, ':', n);
    if (c && (mem_find(s, (size_t)(c - s), "Mem") || mem_find(s, (size_t)(c - s), "Swap"))) {
        if (mem_find(s, (size_t)(c - s), "Mem") && !parse_mem(&p->fr, s, n))
            bad(p, "top: unreadable memory line", s, n, ln);
        return;
    }
    struct tok t = {s, n, 0};
    const char *w;
    size_t wl;
    next_tok(&t, &w, &wl);
    if (tok_eq(w, wl, "PID") || tok_eq(w, wl, "TID") ||
        (mem_find(s, n, "%CPU") && mem_find(s, n, "COMMAND"))) {
        header(p, s, n);
        if (p->col_pid < 0 || p->col_cpu < 0 || p->col_cmd != p->ncols - 1) {
            bad(p, "top: task header without PID, %CPU or a last COMMAND column", s, n, ln);
            p->ncols = 0;
        }
        return;
    }
    if (p->ncols == 0) {
        bad(p, "top: unknown summary line", s, n, ln);
        return;
    }
    row(p, s, n, ln);
}

void top_parser_finish(struct top_parser *p)
{
    emit(p);
    top_frame_free(&p->fr);
}

static void sniff_frame(const struct top_frame *f, void *ctx)
{
    (void)f;
    (void)ctx;
}

size_t top_sniff(const char *buf, size_t len)
{
    struct diag d;
    diag_init(&d);
    struct top_parser p;
    top_parser_init(&p, "sample", &d, sniff_frame, NULL);
    size_t pos = 0, nonblank = 0, headers = 0;
    uint64_t lineno = 0;
    const char *s;
    size_t n;
    while (mem_next_line(buf, len, &pos, &s, &n)) {
        lineno++;
        if (mem_blank(s, n))
            continue;
        nonblank++;
        uint64_t d0 = d.total;
        top_parser_line(&p, s, n, lineno);
        headers += mem_starts(s, n, "top - ") && d.total == d0;
    }
    top_parser_finish(&p);
    uint64_t unparsed = d.total;
    diag_fini(&d);
    if (!headers || unparsed >= nonblank)
        return 0;
    return nonblank - (size_t)unparsed;
}
