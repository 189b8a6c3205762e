/*
 * gc_legacy.c — the JDK <= 8 GC-log parser (-verbose:gc, -XX:+PrintGCDetails
 * and friends, JDK 1.4 to 8; Serial, Parallel, ParNew/DefNew + CMS, G1).
 * Exported as gc_legacy_ops; docs/formats-jdk8.md describes what is parsed.
 *
 * Line driver. Per line, in order:
 *  1. Splices: a concurrent-phase line ("1.2: [CMS-concurrent-mark: ...]"),
 *     a G1 "[GC concurrent-..." line or a safepoint line ("Total time for
 *     which application threads were stopped: ...") written by another
 *     thread into the middle of a line is cut out, handled on its own, and
 *     the rest of the line is processed without it.
 *  2. An event still open (brackets not balanced: PrintTenuringDistribution,
 *     PrintAdaptiveSizePolicy, PrintPromotionFailure and JDK 1.4 ergonomics
 *     split one event over several lines) gets the line appended, unless the
 *     line is a recognised informational line. When the outer bracket closes,
 *     the assembled text is parsed as one event (gc_legacy_event.c) starting
 *     at its first line.
 *  3. Otherwise the line is classified after its timestamps: collection
 *     event, concurrent phase, safepoint, G1 detail line ([Eden: ...],
 *     [Times: ...], worker tables), header (version, CommandLine flags) or
 *     known informational line (heap-at-GC, tenuring, FLS statistics, ...).
 *     Anything else goes to diag.
 * A parsed pause is held as "pending" until the next event, so that the G1
 * detail lines that follow it ([Eden: ...], [Metaspace: ...], [Times: ...])
 * can complete it; events are emitted in log order.
 *
 * Memory: three growable buffers (open event, splice scratch, line rest),
 * reused for the whole file: no per-line allocation.
 */
#include "gc_legacy.h"
#include "gc_parse.h"
#include "timeparse.h"
#include "util.h"

#include <pthread.h>
#include <stdio.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <stdlib.h>
#include <string.h>

/* An open event longer than this is given up (a broken log must not grow memory without bound). */
#define ACC_MAX_BYTES (4u << 20)
#define ACC_MAX_LINES 20000u
/* Whole events another thread may log while one is open (a CMS remark and
   its concurrent phases during a long ParNew): more than this and the open
   event is taken as cut off (a truncated line, a crashed JVM) and given up. */
#define ACC_MAX_INTERLEAVED 4u
#define ICACHE 64
#define CMS_PHASES 5

struct buf {
    char *p;
    size_t len, cap;
};

struct p_state {
    struct gc_parse_ctx *ctx;
    struct buf acc; /* text of the open event */
    uint64_t acc_line;
    unsigned acc_lines;
    int acc_depth;
    int64_t acc_wall_ms, acc_up_ns;
    int32_t acc_tz;
    unsigned acc_interleaved; /* whole events parsed while acc was open */
    struct buf scr, rest;
    /* the pending pause, ev[pend].ev (when has_pend), and room for the next:
       a pause is parsed into ev[pend ^ 1] (next_ev), which emit_parsed then
       makes the pending one by flipping pend, without copying it */
    struct gcl_event ev[2];
    unsigned pend;
    bool has_pend;
    bool g1_ctx;          /* G1 detail lines are expected */
    bool coll_from_flags; /* collector known from CommandLine flags */
    bool cms_next_remark; /* -verbose:gc CMS: the next "[GC used(cap)" line is a remark */
    bool shen;            /* JDK 8 Shenandoah syntax seen: indented lines are its detail */
    bool shen_starts;     /* "[Pause Init Mark, start]" lines seen: duration lines are stamped at their end */
    bool shen_footer;     /* inside Shenandoah's statistics table (after "All times are wall-clock") */
    bool rs_block;        /* the last non-blank line was a -XX:+G1SummarizeRSetStats line */
    bool rs_hit;          /* this line is one (g1_rset_line) */
    struct gcl_memo memo; /* last date stamp / uptime parsed (gcl_prefix) */
    bool xcheck;          /* GCLAT_LEGACY_XCHECK: check fast_young against the general reading */
    const char *cms_name[CMS_PHASES]; /* interned cms_phases[] names, once met */
    /* interned cause of the last pause of each kind (emit_parsed): by kind,
       as a CMS log's young collections ("Allocation Failure") come between
       its initial marks and remarks, each with its own cause */
    const char *last_cause[GC_KIND__COUNT];
    size_t last_cause_len[GC_KIND__COUNT];
    const char *icache[ICACHE]; /* see intern_cached() */
    size_t icache_len[ICACHE];
    /* gcl_prefix result of the text process() is looking at, so that
       simple_line() on the same (s, n) does not scan it again; reset on every
       turn of process()'s loop, as its buffers are reused */
    const char *pfx_s;
    size_t pfx_n, pfx_off;
    int64_t pfx_wall, pfx_up;
    int32_t pfx_tz;
};

static inline __attribute__((always_inline)) bool starts(const char *s, size_t n, const char *lit, size_t l)
{
    /* most tests fail on the first two bytes ("[Eden:" against "[Times:"):
       check them before calling memcmp */
    if (l >= 4 && l < 8) {
        /* (" secs]", "-start]": two overlapping four-byte loads, not a call) */
        uint32_t a0, a1, b0, b1;
        if (n < l)
            return false;
        memcpy(&a0, s, 4);
        memcpy(&b0, lit, 4);
        memcpy(&a1, s + l - 4, 4);
        memcpy(&b1, lit + l - 4, 4);
        return ((a0 ^ b0) | (a1 ^ b1)) == 0;
    }
    return n >= l && (l == 0 || (s[0] == lit[0] && (l == 1 || s[1] == lit[1]))) && gcl_same(s, lit, l);
}
#define STARTS(s, n, lit) starts(s, n, lit, sizeof(lit) - 1)

static void buf_reserve(struct buf *b, size_t need)
{
    if (need > b->cap)
        xgrow((void **)&b->p, &b->cap, need, 1);
}

static void buf_append(struct buf *b, const char *s, size_t n)
{
    buf_reserve(b, b->len + n + 1);
    memcpy(b->p + b->len, s, n);
    b->len += n;
}

static bool in_buf(const struct buf *b, const char *s)
{
    return b->p && s >= b->p && s < b->p + b->cap;
}

/* ---- emission ---------------------------------------------------------- */

/* The pending pause (see has_pend). */
static inline struct gc_event *pend_ev(struct p_state *p)
{
    return &p->ev[p->pend].ev;
}

/* Where the next pause is parsed, for emit_parsed. */
static inline struct gcl_event *next_ev(struct p_state *p)
{
    return &p->ev[p->pend ^ 1];
}

/* memcmp(a, b, n) == 0, without a call for the 8 to 24 bytes of most
   causes and names ("Allocation Failure"): overlapping eight-byte loads */
static inline bool same_bytes(const char *a, const char *b, size_t n)
{
    if (n < 8 || n > 24)
        return memcmp(a, b, n) == 0;
    uint64_t x0, y0, x1, y1, x2, y2;
    memcpy(&x0, a, 8);
    memcpy(&y0, b, 8);
    memcpy(&x1, a + n - 8, 8);
    memcpy(&y1, b + n - 8, 8);
    /* (the middle: bytes 8..16, inside [0, n) when n > 16; else again 0..8) */
    size_t m = n > 16 ? 8 : 0;
    memcpy(&x2, a + m, 8);
    memcpy(&y2, b + m, 8);
    return ((x0 ^ y0) | (x1 ^ y1) | (x2 ^ y2)) == 0;
}

/* intern_str, through a small cache of the names and causes a log repeats
   (an interned copy of the same bytes and length is what intern_str returns). */
static const char *intern_cached(struct p_state *p, const char *s, size_t n)
{
    if (n == 0 || n > 200)
        return intern_str(p->ctx->strings, s, n);
    /* (the middle byte too: CMS phase names share their first byte and
       some their length and last byte, "CMS-concurrent-mark" / "-reset") */
    unsigned h = ((unsigned)(unsigned char)s[0] * 31u + (unsigned)(unsigned char)s[n - 1] * 7u +
                  (unsigned)(unsigned char)s[n / 2] * 131u + (unsigned)(unsigned char)s[n > 1 ? n - 2 : 0] * 17u +
                  (unsigned)n * 5u) &
                 (ICACHE - 1);
    const char *c = p->icache[h];
    if (c && p->icache_len[h] == n && same_bytes(c, s, n))
        return c;
    c = intern_str(p->ctx->strings, s, n);
    p->icache[h] = c;
    p->icache_len[h] = strlen(c);
    return c;
}

static void note_time(struct gc_parse_ctx *ctx, const struct gc_event *e)
{
    if (e->uptime_ns >= 0) {
        if (ctx->first_uptime_ns < 0)
            ctx->first_uptime_ns = e->uptime_ns;
        ctx->last_uptime_ns = e->uptime_ns;
    }
    if (e->wall_ms >= 0) {
        if (ctx->first_wall_ms < 0)
            ctx->first_wall_ms = e->wall_ms;
        ctx->last_wall_ms = e->wall_ms;
    }
}

static void flush(struct p_state *p)
{
    if (!p->has_pend)
        return;
    p->has_pend = false;
    note_time(p->ctx, pend_ev(p));
    p->ctx->sink.emit(p->ctx->sink.ctx, pend_ev(p));
}

/* e, a concurrent phase or safepoint, to the sink after the pending pause.
   (Always inline: three lines, a call per phase line otherwise.) */
static inline __attribute__((always_inline)) void emit_now(struct p_state *p, struct gc_event *e)
{
    flush(p);
    note_time(p->ctx, e);
    p->ctx->sink.emit(p->ctx->sink.ctx, e);
}

static void set_collector(struct p_state *p, enum gc_collector c)
{
    if (c == GC_COLL_UNKNOWN || p->coll_from_flags)
        return;
    enum gc_collector cur = p->ctx->collector;
    /* DefNew appears with Serial and with DefNew+CMS: CMS syntax wins */
    if (cur == GC_COLL_UNKNOWN || (cur == GC_COLL_SERIAL && c == GC_COLL_CMS))
        p->ctx->collector = c;
}

/* ---- simple one-bracket lines: concurrent phases, safepoints -------------- */

static void init_event(struct p_state *p, struct gc_event *e, enum gc_ev_type type, int64_t wall_ms,
                       int32_t tz, int64_t up_ns, uint64_t ln)
{
    gc_event_init(e);
    e->type = type;
    e->wall_ms = wall_ms;
    e->tz_offset_min = tz;
    e->uptime_ns = up_ns;
    e->file = p->ctx->file;
    e->line = ln;
}

/* CMS/G1 concurrent-phase and "Total time ... stopped" lines are stamped when
   they are written, at the END of what they report; an event's time is its
   start (gc_event.h). Without this a 5 s abortable preclean would put the
   event 5 s in the future and every later event "back in time". (Always
   inline: with emit_cms_phase_named inline GCC made it a call.) */
static inline __attribute__((always_inline)) void stamped_at_end(struct gc_event *e)
{
    int64_t d = e->duration_ns;
    if (d <= 0)
        return;
    if (e->uptime_ns >= 0)
        e->uptime_ns = e->uptime_ns >= d ? e->uptime_ns - d : 0;
    if (e->wall_ms >= 0)
        e->wall_ms -= d / 1000000;
}

/* "X seconds" after key in s: X in ns, -1 if absent or not a number, -2 if
   malformed (gcl_secs_strict). */
#define seconds_after(s, n, key) seconds_after_n((s), (n), (key), sizeof(key) - 1)
static int64_t seconds_after_n(const char *s, size_t n, const char *key, size_t keyn)
{
    const char *k = gcl_find(s, n, key, keyn);
    if (!k)
        return -1;
    size_t off = (size_t)(k - s) + keyn;
    while (off < n && s[off] == ' ')
        off++;
    int64_t ns;
    size_t c = gcl_secs_strict(s + off, n - off, &ns);
    return c == GCL_SECS_BAD ? -2 : c ? ns : -1;
}

/* A CMS concurrent phase "name: a/b secs" (b -1 when absent) stamped
   wall, tz, up. */
static inline __attribute__((always_inline)) void emit_cms_phase_named(struct p_state *p, const char *name, int64_t a,
                                                                       int64_t b, int64_t wall, int32_t tz, int64_t up,
                                                                       uint64_t ln);
static void emit_cms_phase(struct p_state *p, const char *name, size_t name_len, int64_t a, int64_t b,
                           int64_t wall, int32_t tz, int64_t up, uint64_t ln)
{
    emit_cms_phase_named(p, intern_cached(p, name, name_len), a, b, wall, tz, up, ln);
}

/* emit_cms_phase with the name interned already (always inline: the phase
   lines' reader called it with nine arguments, two on the stack) */
static inline __attribute__((always_inline)) void emit_cms_phase_named(struct p_state *p, const char *name, int64_t a,
                                                                       int64_t b, int64_t wall, int32_t tz, int64_t up,
                                                                       uint64_t ln)
{
    struct gc_event e;
    init_event(p, &e, GC_EV_CONCURRENT, wall, tz, up, ln);
    e.kind = GC_KIND_CONCURRENT;
    e.name = name;
    e.duration_ns = b >= 0 ? b : a; /* wall time */
    stamped_at_end(&e);
    set_collector(p, GC_COLL_CMS);
    emit_now(p, &e);
}

/* "[CMS-concurrent-" then the name bytes ([a-z-]): a table, one load a
   byte instead of two compares */
static const unsigned char lower_dash[256] = {
    ['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1, ['i'] = 1,
    ['j'] = 1, ['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1,
    ['s'] = 1, ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1, ['y'] = 1, ['z'] = 1, ['-'] = 1,
};

/*
 * t[0..tn) starts "[CMS-concurrent-": "[CMS-concurrent-mark: 2.497/2.538
 * secs]" (cpu/wall; t[1..*name_end) the name, *b -1 without the wall time)
 * 1; "...-start]" 0; a malformed number -1 ("bad duration"), none -2.
 */
static int cms_phase_read(const char *t, size_t tn, size_t *name_end, int64_t *a, int64_t *b)
{
    /* t[1..16) is "CMS-concurrent-", the name goes on in lower case and '-' */
    size_t i = 16;
    while (i < tn && lower_dash[(unsigned char)t[i]])
        i++;
    while (i < tn && t[i] != ':' && t[i] != ']')
        i++;
    if (i >= tn || t[i] == ']')
        return 0;
    *name_end = i;
    i++;
    while (i < tn && t[i] == ' ')
        i++;
    *b = -1;
    size_t k = gcl_secs_strict(t + i, tn - i, a);
    if (k == GCL_SECS_BAD)
        return -1;
    if (!k)
        return -2;
    i += k;
    if (i < tn && t[i] == '/') {
        size_t k2 = gcl_secs_strict(t + i + 1, tn - i - 1, b);
        if (k2 == GCL_SECS_BAD)
            return -1;
        if (!k2)
            *b = -1;
    }
    return 1;
}

/*
 * Concurrent-phase, safepoint and application-time lines. Returns true when
 * s is one (and accounts for it).
 */
static bool simple_line(struct p_state *p, const char *s, size_t n, uint64_t ln)
{
    int64_t wall, up;
    int32_t tz;
    size_t off;
    if (p->pfx_s == s && p->pfx_n == n) {
        off = p->pfx_off;
        wall = p->pfx_wall;
        tz = p->pfx_tz;
        up = p->pfx_up;
    } else {
        off = gcl_prefix(&p->memo, s, n, &wall, &tz, &up);
    }
    if (STARTS(s + off, n - off, "CMS: abort preclean due to time ")) {
        off += 32;
        off += gcl_prefix(&p->memo, s + off, n - off, &wall, &tz, &up);
    }
    const char *t = s + off;
    size_t tn = n - off;
    struct gc_parse_ctx *ctx = p->ctx;
    bool as = STARTS(t, tn, "[ASCMS-concurrent-");
    if (as) {
        /* AdaptiveSizePolicy CMS ("[ASCMS-concurrent-mark: ...]"): same phases; t[1..] is
           then "CMS-concurrent-..." like the plain form */
        t += 2;
        tn -= 2;
    }
    if (as || STARTS(t, tn, "[CMS-concurrent-")) {
        size_t name_end;
        int64_t a, b;
        switch (cms_phase_read(t, tn, &name_end, &a, &b)) {
        case 0: ctx->lines_info++; return true; /* -start] */
        case -1: diag_add(ctx->diag, "bad duration", ctx->file, ln, s, n); return true;
        case -2: diag_add(ctx->diag, "concurrent phase without duration", ctx->file, ln, s, n); return true;
        default: emit_cms_phase(p, t + 1, name_end - 1, a, b, wall, tz, up, ln); return true;
        }
    }
    if (STARTS(t, tn, "[GC concurrent-")) {
        /* "[GC concurrent-mark-end, 0.1234 secs]", "-start]", "-abort]" */
        const char *end = GCL_FIND(t, tn, "-end, ");
        if (!end) {
            ctx->lines_info++;
            return true;
        }
        size_t name_len = (size_t)(end - t) - 1;
        size_t i = (size_t)(end - t) + 6;
        int64_t d;
        size_t k = gcl_secs_strict(t + i, tn - i, &d);
        if (!k || k == GCL_SECS_BAD) {
            diag_add(ctx->diag, k ? "bad duration" : "concurrent phase without duration", ctx->file, ln, s, n);
            return true;
        }
        struct gc_event e;
        init_event(p, &e, GC_EV_CONCURRENT, wall, tz, up, ln);
        e.kind = GC_KIND_CONCURRENT;
        e.name = intern_str(ctx->strings, t + 1, name_len);
        e.duration_ns = d;
        stamped_at_end(&e);
        set_collector(p, GC_COLL_G1);
        emit_now(p, &e);
        return true;
    }
    if (STARTS(t, tn, "Total time for which application threads were stopped:")) {
        /* the first "stopped:" is the one just matched, and the prefix holds
           no "Stopping threads took:": both searches start after it */
        static const size_t at = sizeof "Total time for which application threads were stopped:" - 1;
        int64_t d = seconds_after(t + at - 8, tn - at + 8, "stopped:");
        int64_t ttsp = seconds_after(t + at, tn - at, "Stopping threads took:");
        if (d == -2 || ttsp == -2) {
            diag_add(ctx->diag, "bad duration", ctx->file, ln, s, n);
            return true;
        }
        if (d < 0) {
            diag_add(ctx->diag, "safepoint line without duration", ctx->file, ln, s, n);
            return true;
        }
        struct gc_event e;
        init_event(p, &e, GC_EV_SAFEPOINT, wall, tz, up, ln);
        e.kind = GC_KIND_OTHER;
        e.name = "Safepoint";
        e.duration_ns = d;
        e.ttsp_ns = ttsp;
        stamped_at_end(&e);
        emit_now(p, &e);
        return true;
    }
    if (STARTS(t, tn, "Application time:")) {
        ctx->lines_info++;
        return true;
    }
    return false;
}

/* ---- splices ------------------------------------------------------------ */

/* Start of the timestamps that end right before s[m] (or m if none). */
static size_t ts_back(struct gcl_memo *memo, const char *s, size_t m)
{
    size_t k = m;
    for (int guard = 0; guard < 4; guard++) {
        size_t j = k;
        while (j > 0 && s[j - 1] == ' ')
            j--;
        if (j == 0 || s[j - 1] != ':')
            break;
        size_t c = j - 1; /* the ':' */
        size_t q = c;
        bool frac = false;
        while (q > 0 && (gcl_digit(s[q - 1]) || s[q - 1] == '.' || s[q - 1] == ',')) {
            if (s[q - 1] == '.' || s[q - 1] == ',')
                frac = true;
            q--;
        }
        /* (gcl_uptime_whole: the same test, gcl_secs_ns(s + q, c - q) == c - q
           with a fraction, through the memo) */
        if (q < c && frac && gcl_digit(s[q]) && gcl_uptime_whole(memo, s + q, c - q + 1)) {
            k = q;
            continue;
        }
        bool found = false;
        for (size_t L = 19; L <= 35 && L <= c; L++) {
            int64_t ms;
            int32_t tz;
            /* the separators parse_iso8601 requires, checked first: this runs
               for up to 17 lengths per candidate */
            const char *d = s + c - L;
            if (gcl_digit(d[0]) && d[4] == '-' && d[7] == '-' && d[13] == ':' && d[16] == ':' &&
                gcl_iso_whole(memo, d, L, &ms, &tz)) {
                k = c - L;
                found = true;
                break;
            }
        }
        if (!found)
            break;
    }
    return k;
}

/* End of a "... seconds" clause starting at s[m]. */
static size_t seconds_end(const char *s, size_t n, size_t m)
{
    const char *x = GCL_FIND(s + m, n - m, "seconds");
    if (!x)
        return n;
    size_t e = (size_t)(x - s) + 7;
    if (STARTS(s + e, n - e, ", Stopping threads took:")) {
        x = GCL_FIND(s + e, n - e, "seconds");
        if (x)
            e = (size_t)(x - s) + 7;
    }
    return e;
}

/* End of a concurrent-phase bracket starting at s[m] and of the " [Times: ...]" after it. */
static size_t bracket_end(const char *s, size_t n, size_t m)
{
    const char *cb = memchr(s + m, ']', n - m);
    size_t e = cb ? (size_t)(cb - s) + 1 : n;
    size_t j = e;
    while (j < n && s[j] == ' ')
        j++;
    if (STARTS(s + j, n - j, "[Times:")) {
        cb = memchr(s + j, ']', n - j);
        e = cb ? (size_t)(cb - s) + 1 : n;
    }
    return e;
}

/* Which splice marker starts at s[p]: 1 a concurrent phase, 2 a safepoint
   or application-time line, 0 none. */
static inline int marker_at(const char *s, size_t n, size_t p)
{
    const char *x = s + p;
    size_t left = n - p;
    switch (*x) {
    case '[':
        /* (15: the shortest marker; x[3], x[4]: "[GC Worker ..." and the like stop there) */
        return left >= 15 &&
                       ((x[1] == 'C' && STARTS(x, left, "[CMS-concurrent-")) ||
                        (x[1] == 'A' && STARTS(x, left, "[ASCMS-concurrent-")) ||
                        (x[1] == 'G' && x[3] == ' ' && x[4] == 'c' && STARTS(x, left, "[GC concurrent-")))
                   ? 1
                   : 0;
    case 'T': return STARTS(x, left, "Total time for which application threads were stopped") ? 2 : 0;
    case 'A': return STARTS(x, left, "Application time:") ? 2 : 0;
    default: return 0;
    }
}

/*
 * Find the first spliced-in line in s: sets [*fs, *fe). Returns false if none.
 * Hot path (every line that is not read by fast_line): one pass over the
 * bytes that can start a marker ('[', 'T', 'A'), sixteen at a time with
 * SSE2, each candidate checked in place; the first marker of any kind wins.
 */
static bool find_splice(struct gcl_memo *memo, const char *s, size_t n, size_t *fs, size_t *fe)
{
    size_t best = n, i = 0;
    int kind = 0;
#if defined(__SSE2__)
    const __m128i lb = _mm_set1_epi8('['), tt = _mm_set1_epi8('T'), aa = _mm_set1_epi8('A');
    while (n >= 16 && i < n && !kind) {
        /* the last block is the line's last 16 bytes, those before i masked off */
        size_t at = i + 16 <= n ? i : n - 16;
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + at));
        unsigned m = (unsigned)_mm_movemask_epi8(
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, lb), _mm_cmpeq_epi8(v, tt)), _mm_cmpeq_epi8(v, aa)));
        m &= ~((1u << (i - at)) - 1u);
        for (; m; m &= m - 1) {
            size_t p = at + (size_t)__builtin_ctz(m);
            if ((kind = marker_at(s, n, p)) != 0) {
                best = p;
                break;
            }
        }
        i = at + 16;
    }
#endif
    for (; i < n && !kind; i++)
        if ((s[i] == '[' || s[i] == 'T' || s[i] == 'A') && (kind = marker_at(s, n, i)) != 0)
            best = i;
    if (!kind)
        return false;
    *fs = ts_back(memo, s, best);
    /* "CMS: abort preclean due to time 1.2: [CMS-concurrent-abortable-preclean: ...]"
       belongs to the spliced line */
    static const char abort_pre[] = "CMS: abort preclean due to time ";
    size_t al = sizeof abort_pre - 1;
    if (kind == 1 && *fs >= al && memcmp(s + *fs - al, abort_pre, al) == 0)
        *fs -= al;
    if (kind == 1) {
        *fe = bracket_end(s, n, best);
    } else {
        *fe = seconds_end(s, n, best);
    }
    return true;
}

/* s[0..fs) + s[fe..n) in p->scr (in place when s already lives there). */
static const char *cut(struct p_state *p, const char *s, size_t n, size_t fs, size_t fe, size_t *out_n)
{
    char *d;
    if (in_buf(&p->scr, s)) {
        d = (char *)s;
        memmove(d + fs, d + fe, n - fe);
    } else {
        buf_reserve(&p->scr, n + 1);
        d = p->scr.p;
        memcpy(d, s, fs);
        memcpy(d + fs, s + fe, n - fe);
    }
    *out_n = fs + (n - fe);
    return d;
}

/* ---- informational lines -------------------------------------------------- */

static const char *const info_prefixes[] = {
    "{Heap before", "Heap after", "}", "Heap", "par new generation", "eden space", "from space",
    "to   space", "concurrent mark-sweep generation", "concurrent-mark-sweep perm gen", "PSYoungGen",
    "ParOldGen", "PSOldGen", "PSPermGen", "object space", "def new generation", "tenured generation",
    "the space", "compacting perm gen", "garbage-first heap", "region size", "Metaspace", "class space",
    "No shared spaces", "ro space", "rw space", "Memory:", "Desired survivor size", "- age",
    "AdaptiveSize", "PSAdaptiveSize", "avg_", "Statistics for BinaryTreeDictionary",
    "Statistics for IndexedFreeLists", "Total Free Space", "Max   Chunk Size", "Number of Blocks",
    "Av.  Block  Size", "Tree      Height", "----", "CMS: abort preclean", "[G1Ergonomics",
    "Java HotSpot", "OpenJDK", "Avg:", "Min:", "Max:", "Sum:", "Diff:", "concurrent mark-sweep",
    "  avg", "PSAdaptiveSizePolicy", "AdaptiveSizePolicy", "PS", "ASParNew", "ASCMS",
    /* JDK 1.4 PrintHeapAtGC */
    "eden [", "from [", "to   [", "object [",
    /* -XX:+PrintTLAB */
    "TLAB: ", "TLAB totals:",
    /* -XX:+PrintCMSInitiationStatistics */
    "CMSCollector shouldConcurrentCollect", "time_until_cms", "free=", "contiguous_available=",
    "promotion_rate=", "cms_allocation_rate=", "occupancy=", "initiatingOccupancy=",
    "initiatingPermOccupancy=", "cms_", "CMS: Large", "/proc/meminfo:",
    /* -XX:PrintFLSStatistics=1 around a collection */
    "Before GC:", "After GC:",
    /* JVM notice when a young collection escalates */
    "GC locker:",
};

/* ---- -XX:+G1SummarizeRSetStats ---------------------------------------------- */

/* Lines that open a remembered-set summary (G1RemSetSummary::print_on, JDK 7u-8;
   "Concurrent RS processed" is the JDK 7 form). */
static const char *const rs_anchor[] = {
    "Before GC RS summary", "After GC RS summary", "Cumulative RS summary",
    "Recent concurrent refinement statistics", "Current rem set statistics", "Concurrent RS processed ",
};

/* Lines of such a summary, after its indentation. */
static const char *const rs_prefix[] = {
    "Processed ", "Of ", "Did ", "Concurrent RS threads times (s)", "Conc RS threads times(s)",
    "Concurrent sampling threads times (s)", "Total per region rem sets sizes = ",
    "Total heap region rem set sizes = ", "Total heap region code root sets sizes = ",
    "Total heap region code-root set sizes = ", "Static structures = ", "Region with largest rem set = ",
    "Region with largest amount of code roots = ", "Max size region = ", "Max sz region = ",
};

static bool ends_with(const char *t, size_t tn, const char *lit)
{
    size_t l = strlen(lit);
    return tn >= l && memcmp(t + tn - l, lit, l) == 0;
}

/*
 * A line of a G1 remembered-set summary: anchors anywhere; the rest only
 * right after another such line (blank lines between allowed).
 * Rows: "Processed 4159 cards", "Of 20 completed buffers:", "   20 (100.0%) by
 * concurrent RS threads.", "  89K (  5.9%) by 25 Young regions", "11718
 * occupied cards represented.", the per-thread times "  0.00     0.00", ...
 */
static bool g1_rset_line(struct p_state *p, const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    const char *t = s + i;
    size_t tn = n - i;
    if (tn == 0)
        return false;
    /* every anchor starts with one of these: most lines (tenuring, heap) stop here */
    if (t[0] == 'B' || t[0] == 'A' || t[0] == 'C' || t[0] == 'R')
        for (size_t k = 0; k < sizeof rs_anchor / sizeof *rs_anchor; k++)
            if (starts(t, tn, rs_anchor[k], strlen(rs_anchor[k])))
                return p->rs_hit = true;
    if (!p->rs_block)
        return false;
    bool ok = false;
    for (size_t k = 0; k < sizeof rs_prefix / sizeof *rs_prefix && !ok; k++)
        ok = starts(t, tn, rs_prefix[k], strlen(rs_prefix[k]));
    if (!ok && gcl_digit(t[0])) {
        /* "N (p%) by ...", "N occupied cards represented.", "N code roots represented.", or a
           row of thread times (digits, '.', blanks only) */
        bool numbers_only = true;
        for (size_t k = 0; k < tn && numbers_only; k++)
            numbers_only = gcl_digit(t[k]) || t[k] == '.' || t[k] == ',' || t[k] == ' ' || t[k] == '\t';
        ok = numbers_only || (GCL_FIND(t, tn, "%) ") && (ends_with(t, tn, " regions") ||
                                                          ends_with(t, tn, " threads."))) ||
             ends_with(t, tn, " represented.");
    }
    p->rs_hit = ok;
    return ok;
}

/* g1_rset_line can match t (the line after gcl_prefix): inside a block, or at a
   byte an anchor starts with. A cheap test for the lines of an open event. */
static inline bool rs_maybe(const struct p_state *p, const char *t, size_t tn)
{
    return p->rs_block || (tn && (t[0] == 'B' || t[0] == 'A' || t[0] == 'C' || t[0] == 'R'));
}

/* PrintClassHistogram rows: "   1:       2050241     4701812112  [C" and "Total  123  456". */
static bool histogram_row(const char *t, size_t tn)
{
    size_t i = 0;
    if (STARTS(t, tn, "Total ") || STARTS(t, tn, "num ")) {
        return true;
    }
    while (i < tn && gcl_digit(t[i]))
        i++;
    if (i == 0 || i >= tn || t[i] != ':')
        return false;
    i++;
    int nums = 0;
    while (nums < 2) {
        size_t b = i;
        while (i < tn && t[i] == ' ')
            i++;
        if (i == b)
            return false;
        size_t d = i;
        while (i < tn && gcl_digit(t[i]))
            i++;
        if (i == d)
            return false;
        nums++;
    }
    return i < tn && t[i] == ' ';
}

#define N_INFO (sizeof info_prefixes / sizeof *info_prefixes)

/* Prefix lengths and, per first byte, whether any prefix starts with it (built once). */
static size_t info_len[N_INFO];
static bool info_first[256];
static pthread_once_t info_once = PTHREAD_ONCE_INIT;

static void info_build(void)
{
    for (size_t i = 0; i < N_INFO; i++) {
        info_len[i] = strlen(info_prefixes[i]);
        info_first[(unsigned char)info_prefixes[i][0]] = true;
    }
}

static void info_init(void)
{
    pthread_once(&info_once, info_build);
}

static bool info_line(const char *t, size_t tn)
{
    if (tn == 0)
        return false;
    if ((gcl_digit(t[0]) || t[0] == 'T' || t[0] == 'n') && histogram_row(t, tn))
        return true;
    if (!info_first[(unsigned char)t[0]])
        return false;
    for (size_t i = 0; i < N_INFO; i++) {
        const char *q = info_prefixes[i];
        if (q[0] == t[0] && starts(t, tn, q, info_len[i])) {
            if (q[0] == '}' || (q[0] == 'H' && q[1] == 'e' && q[4] == 0))
                return tn == strlen(q) || t[strlen(q)] == ' ';
            return true;
        }
    }
    return false;
}

/* Header lines: JVM version and command-line flags. */
static bool header_line(struct p_state *p, const char *t, size_t tn)
{
    struct gc_parse_ctx *ctx = p->ctx;
    if (STARTS(t, tn, "CommandLine flags:")) {
        const char *h = GCL_FIND(t, tn, "-XX:MaxHeapSize=");
        if (h) {
            size_t i = (size_t)(h - t) + 16;
            int64_t v = 0;
            size_t d0 = i;
            while (i < tn && gcl_digit(t[i]) && v < 1000000000000000000LL / 10)
                v = v * 10 + (t[i++] - '0');
            if (i > d0)
                ctx->heap_max_kb = v / 1024;
        }
        enum gc_collector c = GC_COLL_UNKNOWN;
        if (GCL_FIND(t, tn, "-XX:+UseConcMarkSweepGC"))
            c = GC_COLL_CMS;
        else if (GCL_FIND(t, tn, "-XX:+UseG1GC"))
            c = GC_COLL_G1;
        else if (GCL_FIND(t, tn, "-XX:+UseParallelGC") || GCL_FIND(t, tn, "-XX:+UseParallelOldGC"))
            c = GC_COLL_PARALLEL;
        else if (GCL_FIND(t, tn, "-XX:+UseSerialGC"))
            c = GC_COLL_SERIAL;
        else if (GCL_FIND(t, tn, "-XX:+UseShenandoahGC"))
            c = GC_COLL_SHENANDOAH;
        if (c != GC_COLL_UNKNOWN) {
            ctx->collector = c;
            p->coll_from_flags = true;
            p->g1_ctx = c == GC_COLL_G1;
        }
        ctx->lines_info++;
        return true;
    }
    if (STARTS(t, tn, "Java HotSpot") || STARTS(t, tn, "OpenJDK")) {
        /* "... JRE (1.8.0_51-b16), built on ..." */
        const char *j = GCL_FIND(t, tn, "JRE (");
        if (j && !ctx->jvm_version) {
            size_t a = (size_t)(j - t) + 5, b = a;
            while (b < tn && t[b] != ')' && b - a < 64)
                b++;
            if (b < tn && b > a)
                ctx->jvm_version = intern_str(ctx->strings, t + a, b - a);
        }
        ctx->lines_info++;
        return true;
    }
    return false;
}

/* ---- G1 detail lines that complete the pending pause ---------------------- */

/* "used(cap)->used(cap)" or "used->used" at s[i]; returns bytes or 0. */
static size_t g1_pair(const char *s, size_t n, size_t i, int64_t *b, int64_t *bc, int64_t *a, int64_t *ac)
{
    size_t j = i, k;
    *bc = *ac = -1;
    if (i >= n) /* "[Eden:" cut at the line's end: n - j would wrap */
        return 0;
    if (!(k = gcl_size_kb(s + j, n - j, b)))
        return 0;
    j += k;
    if (j < n && s[j] == '(') {
        /* the capacity must be closed by ')' inside the line: a cut line
           would otherwise move j past n */
        if (!(k = gcl_size_kb(s + j + 1, n - j - 1, bc)) || j + 1 + k >= n || s[j + 1 + k] != ')')
            return 0;
        j += k + 2;
    }
    if (!(j + 2 <= n && s[j] == '-' && s[j + 1] == '>'))
        return 0;
    j += 2;
    if (!(k = gcl_size_kb(s + j, n - j, a)))
        return 0;
    j += k;
    if (j < n && s[j] == '(') {
        if (!(k = gcl_size_kb(s + j + 1, n - j - 1, ac)) || j + 1 + k >= n || s[j + 1 + k] != ')')
            return 0;
        j += k + 2;
    }
    return j - i;
}

/* "[Eden: 24.0M(24.0M)->0.0B(13.0M) Survivors: 0.0B->3072.0K Heap: 24.0M(256.0M)->3.5M(256.0M)]" */
static bool g1_eden(struct gc_event *e, const char *t, size_t tn)
{
    int64_t eb, ebc, ea, eac, sb, sbc, sa, sac, hb, hbc, ha, hac;
    size_t i = 7;
    while (i < tn && t[i] == ' ')
        i++;
    if (!g1_pair(t, tn, i, &eb, &ebc, &ea, &eac))
        return false;
    const char *sv = GCL_FIND(t, tn, "Survivors: ");
    const char *hp = GCL_FIND(t, tn, "Heap: ");
    if (!hp)
        return false;
    if (!g1_pair(t, tn, (size_t)(hp - t) + 6, &hb, &hbc, &ha, &hac))
        return false;
    e->heap_before_kb = hb;
    e->heap_after_kb = ha;
    e->heap_total_kb = hac >= 0 ? hac : hbc;
    if (sv && g1_pair(t, tn, (size_t)(sv - t) + 11, &sb, &sbc, &sa, &sac)) {
        e->young_before_kb = eb + sb;
        e->young_after_kb = ea + sa;
        e->young_total_kb = eac >= 0 ? eac + sa : -1;
    } else {
        e->young_before_kb = eb;
        e->young_after_kb = ea;
        e->young_total_kb = eac;
    }
    /* JDK 8 Full GC: "..., [Metaspace: 3K->3K(1056768K)]" on the same line */
    const char *m = GCL_FIND(t, tn, "[Metaspace: ");
    if (m) {
        int64_t mb, mbc, ma, mac;
        if (g1_pair(t, tn, (size_t)(m - t) + 12, &mb, &mbc, &ma, &mac)) {
            e->meta_before_kb = mb;
            e->meta_after_kb = ma;
            e->meta_total_kb = mac;
        }
    }
    return true;
}

/* A line starting with '[' that is not an event. Returns true if accounted. */
static bool detail_line(struct p_state *p, const char *s, size_t n, const char *t, size_t tn, uint64_t ln)
{
    struct gc_parse_ctx *ctx = p->ctx;
    if (STARTS(t, tn, "[Times:")) {
        struct gc_event *e = pend_ev(p);
        if (p->has_pend && e->user_ns < 0)
            gcl_times(t, tn, &e->user_ns, &e->sys_ns, &e->real_ns);
        ctx->lines_info++;
        return true;
    }
    if (STARTS(t, tn, "[Eden:")) {
        if (p->has_pend && g1_eden(pend_ev(p), t, tn)) {
            ctx->lines_info++;
            return true;
        }
        diag_add(ctx->diag, p->has_pend ? "bad G1 [Eden: ...] line" : "G1 [Eden: ...] line without a pause",
                 ctx->file, ln, s, n);
        return true;
    }
    if (STARTS(t, tn, "[Metaspace:")) {
        int64_t mb, mbc, ma, mac;
        if (p->has_pend && g1_pair(t, tn, 12, &mb, &mbc, &ma, &mac)) {
            struct gc_event *e = pend_ev(p);
            e->meta_before_kb = mb;
            e->meta_after_kb = ma;
            e->meta_total_kb = mac;
        }
        ctx->lines_info++;
        return true;
    }
    if (STARTS(t, tn, "[G1Ergonomics") || STARTS(t, tn, "[Preclean ")) {
        ctx->lines_info++;
        return true;
    }
    if (p->g1_ctx) {
        /* G1 per-phase detail ("[Parallel Time: ...", "[GC Worker Start (ms): ...") */
        ctx->lines_info++;
        return true;
    }
    return false;
}

/* ---- JDK 8 Shenandoah ------------------------------------------------------ */

static const char *const shen_info[] = {
    "Regions:", "Humongous object threshold:", "Max TLAB size:", "GC threads:", "Heuristics ",
    "Shenandoah ", "Pacer for", "Initialize Shenandoah heap", "Reference processing:", "Soft Max Heap Size",
    "Trigger:", "Free:", "All times are wall-clock", "all workers. Dividing", "Cancelling GC:",
    "Adaptive CSet", "Collectable Garbage", "Using ", "Good progress", "Failed to allocate",
    "Cancelling concurrent GC", "Shenandoah Heap", "Status:", "Reserved region:", "GC STATISTICS:",
};

/*
 * "[Pause Init Mark (process weakrefs), 3.341 ms]", "[Pause Full 1589M->1002M(1690M), 4077.274 ms]",
 * "[Concurrent marking, 866.393 ms]", "[Pause Degenerated GC (Update Refs) 3941M->...(...), 12.3 ms]";
 * "..., start]" lines are informational.
 */
static bool shen_line(struct p_state *p, const char *t, size_t tn, int64_t wall, int32_t tz, int64_t up,
                      uint64_t ln)
{
    const char *cb = memchr(t, ']', tn);
    if (!cb)
        return false;
    size_t cl = (size_t)(cb - t); /* content t[1..cl) */
    if (cl >= 7 && memcmp(cb - 7, ", start", 7) == 0) {
        p->shen = true;
        p->shen_starts = true;
        p->ctx->lines_info++;
        return true;
    }
    if (!(cl >= 4 && memcmp(cb - 3, " ms", 3) == 0))
        return false;
    size_t q = cl - 3;
    while (q > 1 && (gcl_digit(t[q - 1]) || t[q - 1] == '.' || t[q - 1] == ','))
        q--;
    int64_t ms_ns;
    /* the token before " ms", from the last blank or ',' */
    size_t tok = q;
    while (tok > 1 && t[tok - 1] != ' ' && t[tok - 1] != ',')
        tok--;
    if (tok < cl - 3 && gcl_secs_strict(t + tok, cl - 3 - tok, &ms_ns) == GCL_SECS_BAD) {
        /* "-866.393 ms", "nan ms", "1e400 ms" */
        diag_add(p->ctx->diag, "bad duration", p->ctx->file, ln, t, tn);
        return true;
    }
    if (!gcl_secs_ns(t + q, cl - 3 - q, &ms_ns))
        return false;
    size_t ne = 1;
    while (ne < cl && t[ne] != '(' && t[ne] != ',' && !gcl_digit(t[ne]))
        ne++;
    size_t nl = ne - 1;
    while (nl > 0 && t[nl] == ' ')
        nl--;
    struct gc_event e;
    bool pause = t[1] == 'P';
    init_event(p, &e, pause ? GC_EV_PAUSE : GC_EV_CONCURRENT, wall, tz, up, ln);
    e.duration_ns = ms_ns / 1000; /* the number is in ms: ns = ms * 1e6 = secs_ns / 1000 */
    /* with "..., start]" lines the phase's own line is written when it ends;
       without them the line was begun (and stamped) when the phase started */
    if (p->shen_starts)
        stamped_at_end(&e);
    e.name = intern_str(p->ctx->strings, t + 1, nl);
    if (!pause)
        e.kind = GC_KIND_CONCURRENT;
    else if (STARTS(t, tn, "[Pause Full"))
        e.kind = GC_KIND_FULL;
    else if (STARTS(t, tn, "[Pause Degenerated")) {
        e.kind = GC_KIND_DEGENERATED;
        e.flags |= GCF_DEGENERATED;
    } else
        e.kind = GC_KIND_SHEN_PHASE;
    if (pause && ne < cl && t[ne] == '(') {
        const char *rp = memchr(t + ne, ')', cl - ne);
        if (rp && e.kind != GC_KIND_SHEN_PHASE)
            e.cause = intern_str(p->ctx->strings, t + ne + 1, (size_t)(rp - t) - ne - 1);
    }
    const char *ar = GCL_FIND(t, cl, "->");
    if (ar) {
        size_t k = (size_t)(ar - t);
        while (k > 1 && (gcl_digit(t[k - 2]) || t[k - 2] == '.'))
            k--;
        int64_t b, bc, a, ac;
        if (k > 1 && g1_pair(t, cl, k - 1, &b, &bc, &a, &ac)) {
            e.heap_before_kb = b;
            e.heap_after_kb = a;
            e.heap_total_kb = ac;
        }
    }
    p->shen = true;
    p->shen_footer = false;
    if (!p->coll_from_flags)
        p->ctx->collector = GC_COLL_SHENANDOAH;
    emit_now(p, &e);
    return true;
}

static bool shen_info_line(struct p_state *p, const char *s, size_t n, const char *t, size_t tn)
{
    if (STARTS(t, tn, "All times are wall-clock") || STARTS(t, tn, "GC STATISTICS:"))
        p->shen_footer = true;
    if (STARTS(t, tn, "Cancelling concurrent GC") || STARTS(t, tn, "Shenandoah Heap"))
        p->shen = true;
    if (p->shen_footer || ((p->shen || p->ctx->collector == GC_COLL_SHENANDOAH) && n > 0 &&
                           (s[0] == ' ' || s[0] == '\t')))
        return true;
    for (size_t i = 0; i < sizeof shen_info / sizeof *shen_info; i++)
        if (starts(t, tn, shen_info[i], strlen(shen_info[i])))
            return p->shen || p->ctx->collector == GC_COLL_SHENANDOAH || i < 10 || i >= 20;
    return false;
}

/* ---- events ----------------------------------------------------------------- */

/* The pause just parsed into next_ev(p) becomes the pending one. (Inline
   in fast_young, where most pauses come from; emit_parsed elsewhere.) */
static inline __attribute__((always_inline)) void emit_parsed_inl(struct p_state *p, int64_t wall, int32_t tz,
                                                                  int64_t up, uint64_t ln)
{
    struct gcl_event *ge = next_ev(p);
    struct gc_event *e = &ge->ev;
    e->type = GC_EV_PAUSE;
    e->wall_ms = wall;
    e->tz_offset_min = tz;
    e->uptime_ns = up;
    e->file = p->ctx->file;
    e->line = ln;
    if (ge->cause) {
        /* (the last cause of this kind again, most pauses: its interned copy
           holds the same bytes, without intern_cached's hash) */
        size_t cl = ge->cause_len;
        unsigned k = (unsigned)e->kind < GC_KIND__COUNT ? (unsigned)e->kind : 0;
        if (p->last_cause[k] && p->last_cause_len[k] == cl && same_bytes(p->last_cause[k], ge->cause, cl)) {
            e->cause = p->last_cause[k];
        } else {
            e->cause = intern_cached(p, ge->cause, cl);
            p->last_cause[k] = e->cause;
            p->last_cause_len[k] = strlen(e->cause); /* (as intern_cached keeps it: never more bytes than it has) */
        }
    }
    if (ge->pair_only) {
        /* without details CMS prints its two pauses as "[GC 46468K(83008K), 0.0039 secs]":
           one initial mark, then one remark, per cycle */
        e->kind = p->cms_next_remark ? GC_KIND_REMARK : GC_KIND_INITIAL_MARK;
        e->name = p->cms_next_remark ? "CMS Remark" : "CMS Initial Mark";
        p->cms_next_remark = !p->cms_next_remark;
        ge->hint = GC_COLL_CMS;
    } else if (e->kind == GC_KIND_INITIAL_MARK && !ge->g1) {
        p->cms_next_remark = true;
    } else if (e->kind == GC_KIND_REMARK && !ge->g1) {
        p->cms_next_remark = false;
    }
    set_collector(p, ge->hint);
    if (ge->g1)
        p->g1_ctx = true;
    flush(p);
    p->pend ^= 1;
    p->has_pend = true;
}

static void emit_parsed(struct p_state *p, int64_t wall, int32_t tz, int64_t up, uint64_t ln)
{
    emit_parsed_inl(p, wall, tz, up, ln);
}

static bool is_event_start(const char *t, size_t tn)
{
    return gcl_is_event_start(t, tn);
}

static void acc_give_up(struct p_state *p, const char *reason)
{
    for (unsigned i = 0; i < p->acc_lines; i++)
        diag_add(p->ctx->diag, reason, p->ctx->file, p->acc_line, p->acc.p, p->acc.len);
    p->acc.len = 0;
    p->acc_lines = 0;
}

/*
 * t, an event start while the event in acc is open, is the young collection
 * of -XX:+CMSScavengeBeforeRemark, which is part of the open remark (the
 * remark's duration includes it): a remark that has printed "[YG occupancy:
 * ...]" continues with "[GC (CMS Final Remark) ...[ParNew" on a new line, and
 * a remark whose "{Heap before GC" block was cut off continues, after it, with
 * "[GC (CMS Final Remark)  890910K->620060K(7992832K), 0.1223879 secs]".
 */
static bool remark_scavenge(const struct p_state *p, const char *t, size_t tn)
{
    if (GCL_FIND(p->acc.p, p->acc.len, "CMS-remark"))
        return false; /* the remark proper has been printed: nothing more nests in it */
    return GCL_FIND(p->acc.p, p->acc.len, "[YG occupancy:") ||
           (STARTS(p->acc.p, p->acc.len, "[GC (CMS Final Remark)") && STARTS(t, tn, "[GC (CMS Final Remark)"));
}

/*
 * t (an event start) arrived while the event in acc is open. If it is a
 * whole event on its own, logged no earlier than the open one's start (the
 * open one's tail may still follow: "[GC (Allocation Failure) 20.188:
 * [ParNew", then a complete "[GC (CMS Final Remark) ...]" line, then
 * ": 140622K->3617K(153344K), 1.8212020 secs] ..."), emit it and keep acc
 * open. Returns the bytes of t consumed, 0 if t is not such an event (the
 * caller then gives the open event up).
 */
static size_t interleaved_event(struct p_state *p, const char *t, size_t tn, int64_t wall, int32_t tz, int64_t up,
                                uint64_t ln)
{
    if (p->acc_interleaved >= ACC_MAX_INTERLEAVED)
        return 0;
    /* time going back: a new JVM run after a cut-off line, not another thread */
    if ((up >= 0 && p->acc_up_ns >= 0 && up < p->acc_up_ns) ||
        (wall >= 0 && p->acc_wall_ms >= 0 && wall < p->acc_wall_ms))
        return 0;
    struct gcl_event *ge = next_ev(p);
    if (gcl_parse_event(t, tn, ge) != GCL_OK)
        return 0;
    emit_parsed(p, wall, tz, up, ln);
    p->acc_interleaved++;
    return ge->end;
}

/*
 * Parse a complete event at t (after the line prefix). Returns the bytes of t
 * consumed, or 0 if the event is still open (then it has been stored in acc).
 */
static size_t head_event(struct p_state *p, const char *s, size_t n, const char *t, size_t tn, int64_t wall,
                         int32_t tz, int64_t up, uint64_t ln)
{
    struct gcl_event *ge = next_ev(p);
    enum gcl_status st = gcl_parse_event(t, tn, ge);
    if (st == GCL_OK) {
        emit_parsed(p, wall, tz, up, ln);
        return ge->end;
    }
    if (st == GCL_OPEN) {
        p->acc.len = 0;
        buf_append(&p->acc, t, tn);
        p->acc_line = ln;
        p->acc_lines = 1;
        p->acc_interleaved = 0;
        p->acc_depth = gcl_depth(t, tn, 0, NULL);
        p->acc_wall_ms = wall;
        p->acc_tz = tz;
        p->acc_up_ns = up;
        return 0;
    }
    diag_add(p->ctx->diag,
             st == GCL_BAD            ? "GC event without pause time or heap sizes"
             : st == GCL_BAD_DURATION ? "bad duration"
                                      : "unrecognised GC event",
             p->ctx->file, ln, s, n);
    return tn;
}

/* gcl_prefix of (s, n), through the cache of the text process() looks at. */
static inline __attribute__((always_inline)) size_t prefix_of(struct p_state *p, const char *s, size_t n,
                                                              int64_t *wall, int32_t *tz, int64_t *up)
{
    if (p->pfx_s == s && p->pfx_n == n) {
        *wall = p->pfx_wall;
        *tz = p->pfx_tz;
        *up = p->pfx_up;
        return p->pfx_off;
    }
    /* (the usual stamps without a call: most lines) */
    size_t off = gcl_prefix_usual(&p->memo, s, n, wall, tz, up);
    if (!off)
        off = gcl_prefix(&p->memo, s, n, wall, tz, up);
    p->pfx_s = s;
    p->pfx_n = n;
    p->pfx_off = off;
    p->pfx_wall = *wall;
    p->pfx_tz = *tz;
    p->pfx_up = *up;
    return off;
}

/*
 * The line, whole, is the young collection gcl_parse_young reads, or the
 * CMS initial mark or remark gcl_parse_cms_mark reads: what process() does
 * with it, without looking for splices and heap blocks (the text admits
 * none) and without the general event walk. In the cross-check
 * mode (GCLAT_LEGACY_XCHECK, for tests) the general reading is made too and
 * must agree, or the program aborts.
 */
static inline __attribute__((always_inline)) bool fast_young(struct p_state *p, const char *s, size_t n,
                                                              size_t off, int64_t wall, int32_t tz, int64_t up,
                                                              uint64_t ln)
{
    struct gcl_event *ge = next_ev(p);
    const char *t = s + off;
    /* (the marks first when the cause starts "CMS": gcl_parse_young refuses them) */
    bool cms = t[5] == 'C' && t[6] == 'M';
    if ((!cms || gcl_parse_cms_mark_memo(t, n - off, ge, &p->memo) != GCL_OK) &&
        gcl_parse_young_memo(t, n - off, ge, &p->memo) != GCL_OK)
        return false;
    if (p->xcheck) {
        struct gcl_event g2;
        struct gcl_memo m = p->memo;
        size_t fs, fe;
        if (gcl_parse_event(s + off, n - off, &g2) != GCL_OK || memcmp(ge, &g2, sizeof g2) != 0 ||
            (find_splice(&m, s, n, &fs, &fe) && !(fs == 0 && fe >= n)) || (n > 1 && memchr(s + 1, '{', n - 1)) ||
            (off > 0 && (s[0] == ' ' || s[0] == '\t'))) {
            fprintf(stderr, "gclat: legacy fast path differs at %s:%llu\n", p->ctx->file, (unsigned long long)ln);
            abort();
        }
    }
    emit_parsed_inl(p, wall, tz, up, ln);
    return true;
}

/*
 * s[0..off) is "2014-04-16T09:57:37.966+0900: 2.305: " or "2.305: " exactly
 * (the usual stamps), as gcl_prefix read it. Then ts_back() from off comes
 * back to 0: the uptime parses backwards as forwards; before the date's
 * ':' the zone's digits stop at its sign without a fraction (no uptime);
 * of the lengths tried for a date only 28 has a '-' at 4 and 7 (bytes 4 to
 * 13 are checked), and the 28 bytes are the memo's date, which gcl_prefix
 * took whole. No splice marker ('[', "Total time", "Application time")
 * starts in such text.
 */
static bool plain_stamps_read(const struct gcl_memo *memo, const char *s, size_t off);
static inline __attribute__((always_inline)) bool plain_stamps(const struct p_state *p, const char *s, size_t off,
                                                               uint64_t ln)
{
    const struct gcl_memo *memo = &p->memo;
    /* gcl_prefix's usual path just read s[0..off) as exactly that, with
       the memo's date (date_plain: the separators plain_stamps_read checks) */
    if (memo->usual_s == s && memo->usual_off == off) {
        if (p->xcheck && !plain_stamps_read(memo, s, off)) {
            fprintf(stderr, "gclat: legacy fast path differs at %s:%llu\n", p->ctx->file, (unsigned long long)ln);
            abort();
        }
        return true;
    }
    return plain_stamps_read(memo, s, off);
}

static bool plain_stamps_read(const struct gcl_memo *memo, const char *s, size_t off)
{
    size_t i = 0;
    if (off > 30 && s[4] == '-') {
        if (s[7] != '-' || s[10] != 'T' || s[13] != ':' || !gcl_digit(s[5]) || !gcl_digit(s[6]) ||
            !gcl_digit(s[8]) || !gcl_digit(s[9]) || !gcl_digit(s[11]) || !gcl_digit(s[12]) ||
            (s[23] != '+' && s[23] != '-') || !gcl_digit(s[24]) || !gcl_digit(s[25]) || !gcl_digit(s[26]) ||
            !gcl_digit(s[27]) || s[28] != ':' || s[29] != ' ' || memo->date_n != 28)
            return false;
        /* (memcmp(s, memo->date, 28) in four loads: no call) */
        uint64_t a[4], b[4];
        memcpy(&a[0], s, 8);
        memcpy(&a[1], s + 8, 8);
        memcpy(&a[2], s + 16, 8);
        memcpy(&a[3], s + 20, 8);
        memcpy(&b[0], memo->date, 8);
        memcpy(&b[1], memo->date + 8, 8);
        memcpy(&b[2], memo->date + 16, 8);
        memcpy(&b[3], memo->date + 20, 8);
        if (((a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) | (a[3] ^ b[3])) != 0)
            return false;
        i = 30;
    }
    size_t d0 = i;
    while (i < off && gcl_digit(s[i]))
        i++;
    if (i == d0 || i >= off || s[i] != '.')
        return false;
    size_t d1 = ++i;
    while (i < off && gcl_digit(s[i]))
        i++;
    return i > d1 && i + 2 == off && s[i] == ':' && s[i + 1] == ' ';
}

/* s[0..n) holds neither ']' nor '{'? Sixteen bytes a step (SSE2), the last
   step overlapping the one before it so that no byte past n is read; a
   byte loop below sixteen. (The [Times: ...] tail of a phase line, 34
   bytes: three steps instead of five eight-byte ones and a tail loop.) */
static bool no_close_or_brace(const char *s, size_t n)
{
    if (n < 16) {
        for (size_t i = 0; i < n; i++)
            if (s[i] == ']' || s[i] == '{')
                return false;
        return true;
    }
    const __m128i cb = _mm_set1_epi8(']'), ob = _mm_set1_epi8('{');
    __m128i z = _mm_setzero_si128();
    for (size_t i = 0;; i += 16) {
        if (i + 16 > n)
            i = n - 16;
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
        z = _mm_or_si128(z, _mm_or_si128(_mm_cmpeq_epi8(x, cb), _mm_cmpeq_epi8(x, ob)));
        if (i + 16 == n)
            break;
    }
    return _mm_movemask_epi8(z) == 0;
}

/* The phases of a JDK 8 CMS cycle, by the first byte of their name. */
static const struct {
    char first;
    unsigned char len;
    const char *name;
} cms_phases[CMS_PHASES] = {
    {'m', 4, "mark"}, {'p', 8, "preclean"}, {'a', 18, "abortable-preclean"}, {'s', 5, "sweep"}, {'r', 5, "reset"},
};

/*
 * t[0..tn) starts "[CMS-concurrent-" and goes on with the name of one of
 * cms_phases, then ':' or "-start]" ending the text: its index, or -1.
 * The scan of the name ([a-z-] bytes, then to ':' or ']') stops at that
 * ':' or ']' too.
 */
static int cms_known_phase(const char *t, size_t tn)
{
    int k;
    /* (constant lengths: the compares are loads, not memcmp calls) */
#define CMS_IS(lit) (tn > 16 + sizeof(lit) && gcl_same(t + 16, lit, sizeof(lit) - 1))
    switch (t[16]) {
    case 'm': k = CMS_IS("mark") ? 0 : -1; break;
    case 'p': k = CMS_IS("preclean") ? 1 : -1; break;
    case 'a': k = CMS_IS("abortable-preclean") ? 2 : -1; break;
    case 's': k = CMS_IS("sweep") ? 3 : -1; break;
    case 'r': k = CMS_IS("reset") ? 4 : -1; break;
    default: k = -1;
    }
#undef CMS_IS
    if (k < 0)
        return -1;
    size_t e = 16 + cms_phases[k].len;
    if (t[e] == ':' || (e + 7 == tn && gcl_same(t + e, "-start]", 7)))
        return k;
    return -1;
}

/* The cross-check of cms_phase_strict's reading (kind 0 a start line, 1 a
   phase): what fast_concurrent's general way finds, or abort. */
static void phase_check(struct p_state *p, const char *s, size_t n, size_t off, uint64_t ln, int kind,
                        size_t name_end, int64_t a, int64_t b)
{
    struct gcl_memo m = p->memo;
    size_t fs, fe, ne = 0;
    int64_t a2 = 0, b2 = 0;
    const char *hb = memchr(s + 1, '{', n - 1);
    int k2 = cms_phase_read(s + off, n - off, &ne, &a2, &b2);
    if (bracket_end(s, n, off) < n || (hb && STARTS(hb, n - (size_t)(hb - s), "{Heap before GC")) ||
        !find_splice(&m, s, n, &fs, &fe) || fs != 0 || fe < n || k2 != kind ||
        (kind == 1 && (ne != name_end || a2 != a || b2 != b))) {
        fprintf(stderr, "gclat: legacy fast path differs at %s:%llu\n", p->ctx->file, (unsigned long long)ln);
        abort();
    }
}

/*
 * The CMS concurrent-phase line after plain_stamps' stamps in its strict
 * JDK 8 form: "[CMS-concurrent-NAME-start]" or "[CMS-concurrent-NAME:
 * a/b secs]" with NAME in [a-z-], a and b gcl_secs_strict numbers, then
 * nothing or " [Times: ...]" with no ']' or '{' before its last byte. Of
 * such a line fast_concurrent's bracket_end() is n and it holds no "{Heap
 * before GC"; simple_line() reads the name and numbers read here. Any
 * other text: false, nothing done (fast_concurrent goes on as before).
 */
static bool cms_phase_strict(struct p_state *p, const char *s, size_t n, size_t off, uint64_t ln)
{
    const char *t = s + off;
    size_t tn = n - off, i = 16;
    int known = cms_known_phase(t, tn);
    if (known >= 0) {
        i += cms_phases[known].len;
        if (t[i] != ':') /* "-start]" at the end (cms_known_phase) */
            i += 6;
    } else {
        while (i < tn && lower_dash[(unsigned char)t[i]])
            i++;
    }
    if (i + 1 == tn && t[i] == ']') {
        if (p->xcheck)
            phase_check(p, s, n, off, ln, 0, 0, 0, 0);
        p->ctx->lines_info++; /* -start] */
        return true;
    }
    if (i + 3 >= tn || t[i] != ':' || t[i + 1] != ' ' || !gcl_digit(t[i + 2]))
        return false;
    size_t name_end = i;
    int64_t a, b;
    size_t k = gcl_secs_strict_inl(t + i + 2, tn - i - 2, &a), k2;
    if (k == 0 || k == GCL_SECS_BAD)
        return false;
    i += 2 + k;
    if (i + 1 >= tn || t[i] != '/' || !gcl_digit(t[i + 1]))
        return false;
    k2 = gcl_secs_strict_inl(t + i + 1, tn - i - 1, &b);
    if (k2 == 0 || k2 == GCL_SECS_BAD)
        return false;
    i += 1 + k2;
    if (!STARTS(t + i, tn - i, " secs]"))
        return false;
    i += 6;
    if (i < tn && (!STARTS(t + i, tn - i, " [Times: ") || t[tn - 1] != ']' ||
                   !no_close_or_brace(t + i + 9, tn - i - 10)))
        return false;
    if (p->xcheck)
        phase_check(p, s, n, off, ln, 1, name_end, a, b);
    if (known >= 0) {
        /* the interned name of this phase, kept: what intern_cached gives */
        if (!p->cms_name[known])
            p->cms_name[known] = intern_cached(p, t + 1, name_end - 1);
        emit_cms_phase_named(p, p->cms_name[known], a, b, p->pfx_wall, p->pfx_tz, p->pfx_up, ln);
    } else {
        emit_cms_phase(p, t + 1, name_end - 1, a, b, p->pfx_wall, p->pfx_tz, p->pfx_up, ln);
    }
    return true;
}

/*
 * A whole CMS concurrent-phase line after the usual stamps ("...: 2.313:
 * [CMS-concurrent-mark: 0.008/0.008 secs] [Times: ...]", "...-start]"):
 * process() would find it to be a splice covering the whole line (so none),
 * no heap block in it, and hand it to simple_line(). Checked in the
 * cross-check mode.
 */
/*
 * The end of fast_concurrent and fast_stopped: a line process() would find
 * to be one splice covering all of it goes to simple_line() unless a heap
 * block starts in it; the cross-check mode asks the splice search whether
 * it agrees.
 */
static bool whole_line_splice(struct p_state *p, const char *s, size_t n, uint64_t ln)
{
    const char *hb = memchr(s + 1, '{', n - 1);
    if (hb && STARTS(hb, n - (size_t)(hb - s), "{Heap before GC"))
        return false;
    if (p->xcheck) {
        struct gcl_memo m = p->memo;
        size_t fs, fe;
        if (!find_splice(&m, s, n, &fs, &fe) || fs != 0 || fe < n) {
            fprintf(stderr, "gclat: legacy fast path differs at %s:%llu\n", p->ctx->file, (unsigned long long)ln);
            abort();
        }
    }
    return simple_line(p, s, n, ln);
}

static bool fast_concurrent(struct p_state *p, const char *s, size_t n, size_t off, uint64_t ln)
{
    const char *t = s + off;
    size_t tn = n - off;
    if (!STARTS(t, tn, "[CMS-concurrent-") || !plain_stamps(p, s, off, ln))
        return false;
    if (cms_phase_strict(p, s, n, off, ln))
        return true;
    if (bracket_end(s, n, off) < n)
        return false;
    return whole_line_splice(p, s, n, ln);
}

/*
 * A whole -XX:+PrintGCApplicationStoppedTime line after the usual stamps
 * ("...: 27.284: Total time for which application threads were stopped:
 * 0.19 seconds, Stopping threads took: 0.00006 seconds", "Application
 * time: 1.2 seconds"): process() would find it to be a splice covering the
 * whole line (its marker the first, the stamps before it plain, its
 * seconds_end the line's end), no heap block in it, and hand it to
 * simple_line(); this does so without the splice search and its walk back
 * over the stamps. Checked in the cross-check mode.
 */
static __attribute__((noinline)) bool fast_stopped(struct p_state *p, const char *s, size_t n, size_t off,
                                                 uint64_t ln)
{
    const char *t = s + off;
    size_t tn = n - off;
    if (!(t[0] == 'T' ? STARTS(t, tn, "Total time for which application threads were stopped")
                      : STARTS(t, tn, "Application time:")) ||
        !plain_stamps(p, s, off, ln) || seconds_end(s, n, off) < n)
        return false;
    return whole_line_splice(p, s, n, ln);
}

/*
 * The two lines most of a ParNew+CMS log is made of, read without the
 * general walk: the stamps parsed once, then a dispatch on the event's
 * first bytes. false: process() reads the line (the stamps stay cached).
 * (It and fast_young always inline in process(): left to itself GCC put
 * one or the other out of line, a call and a prologue per line.)
 */
static inline __attribute__((always_inline)) bool fast_line(struct p_state *p, const char *s, size_t n, uint64_t ln)
{
    int64_t wall, up;
    int32_t tz;
    size_t off = prefix_of(p, s, n, &wall, &tz, &up);
    const char *t = s + off;
    size_t tn = n - off;
    if (tn < 17)
        return false;
    /* (the '[' first: most lines) */
    if (t[0] == '[') {
        if (t[1] == 'G')
            return n >= 40 && fast_young(p, s, n, off, wall, tz, up, ln);
        if (t[1] == 'C' && gcl_digit(s[0]))
            return fast_concurrent(p, s, n, off, ln);
        return false;
    }
    if ((t[0] == 'T' || t[0] == 'A') && gcl_digit(s[0]))
        return fast_stopped(p, s, n, off, ln);
    return false;
}



/* Process one line (or what is left of one). */
static void process(struct p_state *p, const char *s, size_t n, uint64_t ln)
{
    struct gc_parse_ctx *ctx = p->ctx;
    for (int guard = 0; guard < 256; guard++) {
        p->pfx_s = NULL;
        /* (a table; most lines end in none, or in one blank after a ']',
           "secs] ": one compare then instead of the loop's second turn) */
        static const unsigned char trail[256] = {[' '] = 1, ['\t'] = 1, ['\r'] = 1};
        if (n > 0 && trail[(unsigned char)s[n - 1]] && !(--n > 0 && s[n - 1] == ']'))
            while (n > 0 && trail[(unsigned char)s[n - 1]])
                n--;
        if (n == 0)
            return;
        if (guard == 0) {
            /* a G1 remembered-set summary goes on across blank lines (returned
               above), and ends at any other line that is not one of its own */
            p->rs_block = p->rs_hit;
            p->rs_hit = false;
            if (!p->acc.len && (gcl_digit(s[0]) || s[0] == '[') && fast_line(p, s, n, ln))
                return;
        }
        size_t fs, fe;
        if (find_splice(&p->memo, s, n, &fs, &fe) && !(fs == 0 && fe >= n)) {
            simple_line(p, s + fs, fe - fs, ln) ||
                (diag_add(ctx->diag, "unrecognised spliced line", ctx->file, ln, s + fs, fe - fs), true);
            s = cut(p, s, n, fs, fe, &n);
            int64_t w, u;
            int32_t z;
            size_t off = gcl_prefix(&p->memo, s, n, &w, &z, &u);
            if (off >= n)
                return; /* only the spliced line's neighbours' timestamps were left */
            continue;
        }
        if (n > 1) {
            /* "[GC (CMS Final Remark)[YG occupancy: ...]{Heap before GC invocations=5 (full 1):":
               a PrintHeapAtGC block starts in the middle of the line; its own lines follow */
            const char *hb = memchr(s + 1, '{', n - 1);
            if (hb && STARTS(hb, n - (size_t)(hb - s), "{Heap before GC")) {
                n = (size_t)(hb - s);
                continue;
            }
        }
        int64_t wall, up;
        int32_t tz;
        size_t off = prefix_of(p, s, n, &wall, &tz, &up);
        const char *t = s + off;
        size_t tn = n - off;
        if (!p->acc.len && off > 0 && (s[0] == ' ' || s[0] == '\t') && tn > 0 && t[0] == '[' &&
            !is_event_start(t, tn) && !STARTS(t, tn, "[Eden:") && !STARTS(t, tn, "[Times:") &&
            !STARTS(t, tn, "[Metaspace:")) {
            /* indented sub-line of an event: G1 phase times, string deduplication
               statistics, ... (recognised, not modelled) */
            if (!simple_line(p, s, n, ln))
                ctx->lines_info++;
            return;
        }
        if (p->acc.len) {
            if (is_event_start(t, tn) && !remark_scavenge(p, t, tn)) {
                size_t used = interleaved_event(p, t, tn, wall, tz, up, ln);
                if (used > 0) {
                    if (used >= tn)
                        return;
                    s = t + used;
                    n = tn - used;
                    continue;
                }
                acc_give_up(p, "unterminated GC event");
            } else if ((rs_maybe(p, t, tn) && g1_rset_line(p, s, n)) || info_line(t, tn)) {
                ctx->lines_info++;
                return;
            } else if (simple_line(p, s, n, ln)) {
                return; /* a whole concurrent-phase or safepoint line while an event is open */
            } else {
                size_t close_at = 0;
                int d = gcl_depth(s, n, p->acc_depth, &close_at);
                buf_append(&p->acc, s, n);
                p->acc_lines++;
                p->acc_depth = d;
                if (d > 0) {
                    if (p->acc.len > ACC_MAX_BYTES || p->acc_lines > ACC_MAX_LINES)
                        acc_give_up(p, "unterminated GC event (too long)");
                    return;
                }
                struct gcl_event *ge = next_ev(p);
                enum gcl_status st = gcl_parse_event(p->acc.p, p->acc.len, ge);
                if (st != GCL_OK) {
                    acc_give_up(p, st == GCL_BAD            ? "GC event without pause time or heap sizes"
                                   : st == GCL_BAD_DURATION ? "bad duration"
                                                            : "unparsable multi-line GC event");
                    return;
                }
                emit_parsed(p, p->acc_wall_ms, p->acc_tz, p->acc_up_ns, p->acc_line);
                size_t rest = p->acc.len - ge->end;
                buf_reserve(&p->rest, rest + 1);
                memcpy(p->rest.p, p->acc.p + ge->end, rest);
                p->acc.len = 0;
                p->acc_lines = 0;
                s = p->rest.p;
                n = rest;
                continue;
            }
        }
        if (tn == 0) {
            diag_add(ctx->diag, "timestamp without event", ctx->file, ln, s, n);
            return;
        }
        if (t[0] == '[') {
            if (is_event_start(t, tn)) {
                size_t used = head_event(p, s, n, t, tn, wall, tz, up, ln);
                if (used == 0 || used >= tn)
                    return;
                s = t + used;
                n = tn - used;
                continue;
            }
            if (simple_line(p, s, n, ln))
                return;
            if ((STARTS(t, tn, "[Pause ") || STARTS(t, tn, "[Concurrent ")) &&
                shen_line(p, t, tn, wall, tz, up, ln))
                return;
            if (detail_line(p, s, n, t, tn, ln))
                return;
            diag_add(ctx->diag, "unrecognised bracketed line", ctx->file, ln, s, n);
            return;
        }
        if (simple_line(p, s, n, ln) || header_line(p, t, tn))
            return;
        if ((rs_maybe(p, t, tn) && g1_rset_line(p, s, n)) || info_line(t, tn) || shen_info_line(p, s, n, t, tn) ||
            (GCL_FIND(t, tn, "GC log file ") &&
             (GCL_FIND(t, tn, "has reached the maximum size") || GCL_FIND(t, tn, "GC log file created")))) {
            /* (the last: -XX:+UseGCLogFileRotation notices) */
            ctx->lines_info++;
            return;
        }
        diag_add(ctx->diag, "unrecognised line", ctx->file, ln, s, n);
        return;
    }
    diag_add(ctx->diag, "line with too many events", ctx->file, ln, s, n);
}

/* ---- ops ------------------------------------------------------------------- */

static void *create(struct gc_parse_ctx *ctx)
{
    info_init();
    struct p_state *p = xcalloc(1, sizeof *p);
    p->ctx = ctx;
    p->g1_ctx = ctx->collector == GC_COLL_G1;
    p->xcheck = getenv("GCLAT_LEGACY_XCHECK") != NULL;
    return p;
}

static void line(void *vp, const char *s, size_t n, uint64_t lineno)
{
    process(vp, s, n, lineno);
}

static void finish(void *vp)
{
    struct p_state *p = vp;
    if (p->acc.len)
        acc_give_up(p, "truncated event at end of file");
    flush(p);
}

static void destroy(void *vp)
{
    struct p_state *p = vp;
    free(p->acc.p);
    free(p->scr.p);
    free(p->rest.p);
    free(p);
}

/* ---- parallel reading (gc_parse.h) ---------------------------------------- */

static void *par_clone(const void *vp, struct gc_parse_ctx *ctx)
{
    const struct p_state *p = vp;
    struct p_state *q = xmalloc(sizeof *q);
    memcpy(q, p, sizeof *q);
    q->ctx = ctx;
    /* the open event's text is state; the two scratch buffers hold nothing
       from one line to the next */
    memset(&q->acc, 0, sizeof q->acc);
    memset(&q->scr, 0, sizeof q->scr);
    memset(&q->rest, 0, sizeof q->rest);
    if (p->acc.len)
        buf_append(&q->acc, p->acc.p, p->acc.len);
    return q;
}

/*
 * The state with what cannot change the output cleared: the buffers (the
 * open event's text is compared apart), the date/uptime memo and the intern
 * cache (caches), the prefix of the text process() looked at last (reset on
 * every turn), and what is dead: the open event's fields with no event
 * open, the pending pause's with none pending. Line numbers shifted by delta.
 */
static void normalize(struct p_state *n, uint64_t delta)
{
    n->ctx = NULL;
    bool open = n->acc.len > 0;
    memset(&n->acc, 0, sizeof n->acc);
    memset(&n->scr, 0, sizeof n->scr);
    memset(&n->rest, 0, sizeof n->rest);
    if (open) {
        n->acc_line += delta;
    } else {
        n->acc_line = 0;
        n->acc_lines = 0;
        n->acc_depth = 0;
        n->acc_wall_ms = n->acc_up_ns = 0;
        n->acc_tz = 0;
        n->acc_interleaved = 0;
    }
    /* (the pending pause in ev[0], with none of the parse's other fields;
       ev[1], room for the next, is dead) */
    if (n->has_pend) {
        n->ev[n->pend].ev.line += delta;
        if (n->pend)
            memcpy(&n->ev[0].ev, &n->ev[1].ev, sizeof n->ev[0].ev);
        memset((char *)&n->ev[0] + sizeof n->ev[0].ev, 0, sizeof n->ev[0] - sizeof n->ev[0].ev);
        memset(&n->ev[1], 0, sizeof n->ev[1]);
    } else {
        memset(n->ev, 0, sizeof n->ev);
    }
    n->pend = 0;
    memset(&n->memo, 0, sizeof n->memo);
    memset(n->icache, 0, sizeof n->icache);
    memset(n->cms_name, 0, sizeof n->cms_name);
    memset(n->last_cause, 0, sizeof n->last_cause);
    memset(n->last_cause_len, 0, sizeof n->last_cause_len);
    memset(n->icache_len, 0, sizeof n->icache_len);
    n->pfx_s = NULL;
    n->pfx_n = n->pfx_off = 0;
    n->pfx_wall = n->pfx_up = 0;
    n->pfx_tz = 0;
}

static bool par_same(const void *va, const void *vb, uint64_t delta)
{
    const struct p_state *pa = va, *pb = vb;
    if (pa->acc.len != pb->acc.len || (pa->acc.len && memcmp(pa->acc.p, pb->acc.p, pa->acc.len) != 0))
        return false;
    struct p_state a = *pa, b = *pb;
    normalize(&a, 0);
    normalize(&b, delta);
    return memcmp(&a, &b, sizeof a) == 0;
}

const struct gc_parser_ops gc_legacy_ops = {"jdk8-legacy", create, line, finish, destroy, NULL};
const struct gc_parser_par gc_legacy_par = {par_clone, par_same};
