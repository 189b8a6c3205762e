/*
 * jstat_parse.c — see jstat_parse.h. Invariants: a data row is only read
 * against a header; a row with the wrong number of numeric cells is counted
 * in diag, never half-used; numbers are parsed from a bounded copy.
 */
#include "jstat_parse.h"
#include "util.h"
#include "wstok.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const jcol_names[J_NCOL] = {
    "Timestamp", "S0C", "S1C", "S0U", "S1U", "EC", "EU", "OC", "OU", "MC", "MU", "CCSC", "CCSU",
    "PC", "PU", "S0", "S1", "E", "O", "M", "CCS", "P", "YGC", "YGCT", "FGC", "FGCT", "CGC",
    "CGCT", "GCT"};

/* GCCause strings (HotSpot gcCause.cpp), longest first so prefixes do not win. */
static const char *const causes[] = {
    "Heap Inspection Initiated GC", "Update Allocation Context Stats", "G1 Humongous Allocation",
    "G1 Compaction Pause", "G1 Evacuation Pause", "G1 Periodic Collection", "G1 Preventive Collection",
    "Metadata GC Clear Soft References", "Metadata GC Threshold", "Allocation Failure",
    "Allocation Profiler", "Allocation Rate", "Allocation Stall", "Adaptive Size Policy",
    "CMS Initial Mark", "CMS Final Remark", "CMS Concurrent Mark", "CMS Failure",
    "Diagnostic Command", "Full GC Alot", "ScavengeAlot", "GCLocker Initiated GC",
    "Heap Dump Initiated GC", "WhiteBox Initiated Young GC", "WhiteBox Initiated Concurrent Mark",
    "WhiteBox Initiated Full GC", "System.gc()", "JvmtiEnv ForceGarbageCollection",
    "Last ditch collection", "Proactive", "Warmup", "Timer", "High Usage", "Metadata GC Threshold",
    "Codecache GC Threshold", "Codecache GC Aggressive", "unknown GCCause", "No GC",
    "Concurrent GC", "Upgrade To Full GC", "Allocation Failure During Evacuation",
    "Stop vm for verification", "Shenandoah Concurrent GC", "Shenandoah Degenerated GC"};

void jstat_parser_init(struct jstat_parser *p, const char *file, struct diag *d, jstat_row_cb cb,
                       void *ctx)
{
    memset(p, 0, sizeof *p);
    p->file = file;
    p->diag = d;
    p->cb = cb;
    p->ctx = ctx;
    p->cause_col = -1;
}

void jstat_parser_finish(struct jstat_parser *p)
{
    free(p->lbuf);
    free(p->gbuf);
    p->lbuf = p->gbuf = NULL;
}


static int col_id(const char *w, size_t wl)
{
    for (int k = 0; k < J_NCOL; k++)
        if (strlen(jcol_names[k]) == wl && memcmp(jcol_names[k], w, wl) == 0)
            return k;
    return -1;
}

static bool parse_num(const char *w, size_t wl, double *v)
{
    char buf[48];
    if (wl == 0 || wl >= sizeof buf)
        return false;
    for (size_t i = 0; i < wl; i++) {
        char c = w[i];
        if (!((c >= '0' && c <= '9') || c == '.' || c == ',' || c == '-' || c == 'E' || c == 'e' ||
              c == '+'))
            return false;
        buf[i] = c == ',' ? '.' : c; /* decimal comma in some locales */
    }
    buf[wl] = '\0';
    char *end;
    *v = strtod(buf, &end);
    return *end == '\0' && isfinite(*v);
}

static void trim(const char **s, size_t *n)
{
    while (*n && (**s == ' ' || **s == '\t')) {
        (*s)++;
        (*n)--;
    }
    while (*n && ((*s)[*n - 1] == ' ' || (*s)[*n - 1] == '\t'))
        (*n)--;
}

/* Split "G1 Evacuation Pause  No GC" into LGCC and GCC. */
static bool split_causes(const char *s, size_t n, const char **a, size_t *al, const char **b,
                         size_t *bl)
{
    trim(&s, &n);
    for (size_t i = 0; i + 1 < n; i++)
        if (s[i] == ' ' && s[i + 1] == ' ') {
            *a = s;
            *al = i;
            *b = s + i;
            *bl = n - i;
            trim(b, bl);
            return true;
        }
    for (size_t k = 0; k < ARRAY_LEN(causes); k++) {
        size_t cl = strlen(causes[k]);
        if (n > cl && memcmp(s, causes[k], cl) == 0 && s[cl] == ' ') {
            *a = s;
            *al = cl;
            *b = s + cl;
            *bl = n - cl;
            trim(b, bl);
            return true;
        }
    }
    return false;
}

void jstat_parser_line(struct jstat_parser *p, const char *s, size_t n, uint64_t ln)
{
    struct tok t = {s, n, 0};
    const char *w;
    size_t wl;
    if (!next_tok(&t, &w, &wl))
        return; /* blank */
    if ((w[0] >= 'A' && w[0] <= 'Z') || (w[0] >= 'a' && w[0] <= 'z')) {
        /* header: every token a column name (unknown names tolerated if one is known) */
        int nc = 0, known = 0, cause = -1;
        bool gcc = false;
        int map[JSTAT_MAXCOLS];
        t.i = 0;
        while (next_tok(&t, &w, &wl)) {
            if (nc == JSTAT_MAXCOLS) {
                diag_add(p->diag, "jstat: header with too many columns", p->file, ln, s, n);
                return;
            }
            int id = col_id(w, wl);
            if (wl == 4 && memcmp(w, "LGCC", 4) == 0 && cause < 0)
                cause = nc;
            else if (wl == 3 && memcmp(w, "GCC", 3) == 0)
                gcc = true;
            if (id >= 0)
                known++;
            map[nc++] = id;
        }
        if (known == 0) {
            diag_add(p->diag, "jstat: unknown line", p->file, ln, s, n);
            return;
        }
        memcpy(p->map, map, sizeof map);
        p->ncols = cause >= 0 ? cause : nc;
        p->cause_col = cause;
        p->has_gcc = gcc;
        p->headers++;
        return;
    }
    if (p->ncols == 0) {
        diag_add(p->diag, "jstat: data row before any header", p->file, ln, s, n);
        return;
    }
    struct jstat_row r;
    memset(&r, 0, sizeof r);
    r.lineno = ln;
    t.i = 0;
    for (int k = 0; k < p->ncols; k++) {
        if (!next_tok(&t, &w, &wl)) {
            diag_add(p->diag, "jstat: row with fewer cells than its header", p->file, ln, s, n);
            return;
        }
        int id = p->map[k];
        if (wl == 1 && w[0] == '-')
            continue;
        double v;
        if (!parse_num(w, wl, &v)) {
            diag_add(p->diag, "jstat: bad number", p->file, ln, s, n);
            return;
        }
        if (id >= 0) {
            r.v[id] = v;
            r.has[id] = true;
        }
    }
    if (p->cause_col >= 0) {
        const char *a = NULL, *b = NULL;
        size_t al = 0, bl = 0;
        const char *rest = s + t.i;
        size_t rl = n - t.i;
        if (p->has_gcc) {
            if (!split_causes(rest, rl, &a, &al, &b, &bl)) {
                diag_add(p->diag, "jstat: cannot split LGCC/GCC cells", p->file, ln, s, n);
                a = rest;
                al = rl;
                trim(&a, &al);
                b = "";
                bl = 0;
            }
        } else {
            a = rest;
            al = rl;
            trim(&a, &al);
            b = "";
        }
        free(p->lbuf);
        free(p->gbuf);
        p->lbuf = xstrndup(a, al);
        p->gbuf = xstrndup(b, bl);
        r.lgcc = p->lbuf;
        r.gcc = p->gbuf;
    } else if (next_tok(&t, &w, &wl)) {
        diag_add(p->diag, "jstat: row with more cells than its header", p->file, ln, s, n);
        return;
    }
    p->rows++;
    p->cb(&r, p->ctx);
}

static void sniff_row(const struct jstat_row *r, void *ctx)
{
    (void)r;
    ++*(uint64_t *)ctx;
}

/* A header jstat prints: at least 3 column names, and at least two thirds of
   its words known names (a newer JDK may add a column we do not know; prose
   that happens to contain "E" or "O" is not a header). */
static bool sniff_header(const char *s, size_t n)
{
    struct tok t = {s, n, 0};
    const char *w;
    size_t wl;
    int words = 0, known = 0;
    while (next_tok(&t, &w, &wl)) {
        words++;
        if (col_id(w, wl) >= 0 || (wl == 4 && !memcmp(w, "LGCC", 4)) || (wl == 3 && !memcmp(w, "GCC", 3)))
            known++;
    }
    return known >= 3 && known * 3 >= words * 2;
}

size_t jstat_sniff(const char *buf, size_t len)
{
    struct diag d;
    diag_init(&d);
    uint64_t rows = 0;
    struct jstat_parser p;
    jstat_parser_init(&p, "sample", &d, sniff_row, &rows);
    size_t pos = 0, ok = 0;
    uint64_t lineno = 0, headers = 0;
    bool strict_header = false;
    const char *s;
    size_t n;
    while (mem_next_line(buf, len, &pos, &s, &n)) {
        lineno++;
        if (mem_blank(s, n))
            continue;
        uint64_t h0 = p.headers, r0 = rows, d0 = d.total;
        jstat_parser_line(&p, s, n, lineno);
        if (p.headers > h0) {
            strict_header = sniff_header(s, n);
            headers += strict_header;
            ok += strict_header;
        } else if (rows > r0 && d.total == d0 && strict_header) {
            ok++;
        }
    }
    jstat_parser_finish(&p);
    diag_fini(&d);
    return headers ? ok : 0;
}
