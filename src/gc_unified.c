/*
 * gc_unified.c — the JDK 9+ unified logging (-Xlog:gc*, safepoint) parser.
 *
 * A line is "[decorator]...[decorator] message". Decorators come in any
 * subset (time, utctime, uptime, timemillis, uptimemillis, timenanos,
 * uptimenanos, hostname, pid, tid, level, tags) or not at all; the JVM always
 * prints them in that fixed order, so tags, when present, are the last
 * bracket after the level. The message may start with "GC(N) " and, for
 * generational ZGC, a "Y: " / "O: " (or lower case) generation prefix.
 *
 * Events (docs/formats-unified.md has the full line -> event table):
 *   - a pause summary line ("Pause Young (Normal) (G1 Evacuation Pause)
 *     24M->4M(256M) 3.456ms") is one GC_EV_PAUSE. It is held as the single
 *     "pending" pause because the "User=.. Sys=.. Real=.." line of the same
 *     GC id follows it; the pending pause is emitted when that CPU line
 *     arrives, or before any later pause/safepoint/cycle event, or at
 *     finish(). So each pause is emitted exactly once, with CPU when logged.
 *   - detail lines that precede a summary (G1 region counts, PSYoungGen:,
 *     Metaspace:, "To-space exhausted") are kept in a bounded per-GC-id table
 *     (GCID_SLOTS entries, indexed by id, oldest evicted) and copied onto the
 *     pause when its summary arrives. The same table holds the cycle state of
 *     ZGC/Shenandoah collections, whose lines interleave with others.
 *   - "Concurrent X ... 12.3ms" -> GC_EV_CONCURRENT; ZGC "Garbage
 *     Collection"/"Minor Collection"/"Major Collection" end lines and
 *     Shenandoah cycles -> GC_EV_CYCLE; ZGC stalls -> GC_EV_STALL; safepoint
 *     lines -> GC_EV_SAFEPOINT.
 * Times: an event's uptime_ns/wall_ms is its START, i.e. the summary line's
 * timestamp minus the logged duration (unified logging stamps the end).
 *
 * Invariants: lines are (ptr,len), never NUL-terminated; nothing allocates
 * per line (strings are interned once per distinct value); every non-blank
 * line either feeds an event, or is counted in ctx->lines_info, or goes to
 * diag_add with a reason.
 */
#include "gc_parse.h"
#include "timeparse.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define GCID_SLOTS 64
#define ICACHE 64
#define DC_N 8    /* decorator positions cached */
#define DC_TXT 40 /* longest decorator text cached */
#define DC_WAYS_LOG2 4
#define DC_WAYS (1u << DC_WAYS_LOG2) /* cached texts per position */

enum { DK_FAIL, DK_WALL, DK_UP, DK_SKIP, DK_LEVEL, DK_TAGS };

struct dc_entry {
    char txt[DC_TXT];
    unsigned char n, key, kind;
    bool foreign;
    int32_t tz;
    int64_t v;
    size_t tags_n;
};

/* A cached run of decorators that starts with a letter ("[info][gc,heap  ] ")
   through the space before the message, and what parsing it yields. */
#define DG_TXT 64
#define DG_SETS 32 /* 2 entries per set, the older replaced */
#define DG_PRE_LOG2 6
#define DG_PRE (1u << DG_PRE_LOG2)
struct dg_entry {
    char txt[DG_TXT];
    unsigned char n;       /* 0: empty */
    unsigned char tags_off; /* tags text offset in txt; 0: no tags bracket */
    unsigned char tags_n;
    bool level_seen, foreign;
};

/* A message's split (struct msg_parts) as offsets, and the text it was
   split from up to its tail (split_parts_memo()). */
#define SM_SETS_LOG2 3
#define SM_WAYS 4
#define SM_TXT 72
struct split_memo {
    char txt[SM_TXT];
    unsigned char t;    /* tail offset; 0: empty entry */
    bool full;          /* the message was all text: no tail */
    unsigned char base_n, ngrp, grp_off[4], grp_n[4];
    /* what on_pause / on_concurrent made of this text without a generation
       prefix, when that depends on the text alone (pc_ok / cc_ok) */
    bool pc_ok, cc_ok;
    unsigned char pc_kind;
    unsigned pc_flags, cc_flags;
    const char *pc_name, *pc_cause, *cc_name;
};

struct gcid_slot {
    int64_t id; /* -1: empty */
    uint64_t seq; /* allocation order, to evict the oldest */
    int64_t first_up_ns, first_wall_ms;
    int32_t first_tz;
    int64_t last_up_ns, last_wall_ms;
    uint64_t first_line;
    /* generation sizes from detail lines, KB */
    int64_t young_b, young_a, young_t, old_b, old_a, old_t, meta_b, meta_a, meta_t;
    /* G1 region counts */
    int64_t eden_b, eden_a, eden_t, surv_b, surv_a, surv_t, oldr_b, oldr_a, humr_b, humr_a;
    unsigned flags;
    const char *cause; /* ZGC start-line cause / Shenandoah trigger */
    /* ZGC/Shenandoah cycle */
    bool cycle_open, cycle_done;
    int64_t pause_start_up_ns, pause_start_wall_ms; /* last "Pause X" start line (gc,start) */
    /* A pause of a later id that ran inside this id's pause (Serial/Parallel
       young collection upgraded to a full one): held and merged into ours. */
    struct gc_event nested;
    bool have_nested;
    int64_t cyc_heap_b, cyc_heap_a, cyc_heap_t;
    unsigned cyc_flags;
    bool cyc_young; /* generational Shenandoah: the open cycle has "(Young)" phases */
    int64_t prev_up_ns, prev_wall_ms; /* last_* before the current line touched the slot */
};

struct up {
    struct gc_parse_ctx *ctx;
    struct gcid_slot slot[GCID_SLOTS];
    uint64_t seq;
    struct gc_event pend;
    bool have_pend;
    int64_t region_kb; /* G1 region size, -1 unknown */
    const char *pending_trigger; /* Shenandoah "Trigger:" cause for the next cycle */
    const char *last_vmop;       /* "Entering safepoint region: X" */
    bool seen_decorated;         /* a line with decorators was seen in this file */
    bool last_was_foreign;       /* previous decorated line was a non-GC tag set */
    bool shen_gen;               /* generational Shenandoah mode seen */
    struct dc_entry dc[DC_N][DC_WAYS]; /* see parse_decorators() */
    struct dg_entry dg[DG_SETS][2];    /* see parse_decorators() */
    unsigned char dg_old[DG_SETS];     /* which entry of a set to replace next */
    const struct dg_entry *dg_last;    /* the run last matched or stored */
    const struct dg_entry *dg_pre[DG_PRE]; /* the same, by the hash of its first 16 bytes */
    char up_txt[24];                   /* last uptime decorator text, "12.345s]" */
    char id_txt[24];                   /* last "GC(" id digits with ')' */
    size_t id_txt_n;                   /* its length, 0: none */
    int64_t id_txt_val;
    /* the last "GC(N) " whole, as two words and their masks (id_fn: its
       length, at most 16; 0: none) */
    uint64_t id_w[2], id_m[2];
    size_t id_fn;
    int64_t id_fval;
    size_t up_txt_n;                   /* its length, 0: none */
    int64_t up_txt_ns;                 /* its value */
    uint64_t up_m0, up_m1;             /* masks of its bytes in its two words; 0, 0: longer than 16 */
    /* when it is "NNNms]" (frame_fast()): up_m0/1 without its last digit,
       and where that digit is; 0, 0: not so */
    uint64_t up_l0, up_l1;
    size_t up_lpos;
    /* last time/utctime decorator text read as DK_WALL (see wall_memo()) */
    char tm_txt[40];
    size_t tm_n;                       /* its length, 0: none */
    int64_t tm_ms, tm_base_ms;         /* its value; minus its SS.mmm when tm_lin */
    int32_t tm_tz;
    bool tm_lin;                       /* "...:SS.mmm" + a non-digit: the value is linear in SS and mmm */
    /* "[" + tm_txt + "][" as the 4 words frame_fast() compares, when tm_lin
       and they fit in 32 bytes (ff_m3: the bytes of the last word that count) */
    bool ff_on;
    uint64_t ff_w[4], ff_m3;
    uint64_t ff_a2;                    /* the last line's bytes 16-23 (SS.mmm) read so, 0: none */
    int64_t ff_ms;                     /* and its time */
    struct split_memo sm[1u << SM_SETS_LOG2][SM_WAYS]; /* see split_parts_memo() */
    unsigned char sm_next[1u << SM_SETS_LOG2];        /* the way to replace next */
    const char *icache[ICACHE]; /* see intern() */
    size_t icache_len[ICACHE];
    const char *flags_cause;     /* cause_flags cache: last cause and its flags */
    unsigned flags_cause_val;
    int open_starts;             /* slots with a pause start line and no summary yet */
    bool seen_cpu;               /* a "User=.. Sys=.. Real=.." line was seen */
    bool in_footer;              /* after Shenandoah "GC STATISTICS:" (exit report) */
    /* current line */
    int64_t up_ns, wall_ms;
    int32_t tz;
    uint64_t lineno;
    const char *raw;
    size_t raw_len;
};

/* ---------- small parsing helpers (no NUL termination assumed) ---------- */

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* literal prefix test; a macro so memcmp sees a constant length and inlines */
#define STARTS(s, n, lit) ((n) >= sizeof(lit) - 1 && memcmp((s), (lit), sizeof(lit) - 1) == 0)

/* s[0..n) == t[0..n) for short n, without a libc call: whole words, the
   last one overlapping the previous so that no byte loop runs for n >= 8 */
static inline __attribute__((always_inline)) bool eq_short(const char *a, const char *b, size_t n)
{
    uint64_t x, y;
    if (n >= 8) {
        size_t i = 0;
        for (; i + 8 < n; i += 8) {
            memcpy(&x, a + i, 8);
            memcpy(&y, b + i, 8);
            if (x != y)
                return false;
        }
        memcpy(&x, a + n - 8, 8);
        memcpy(&y, b + n - 8, 8);
        return x == y;
    }
    while (n--)
        if (*a++ != *b++)
            return false;
    return true;
}

/* eq_short for a cached text t of n < 8 bytes kept in a buffer of at least
   8 bytes, against a with avail >= n readable bytes: one masked word compare
   when 8 bytes of a are readable. */
static inline __attribute__((always_inline)) bool eq_cached(const char *a, size_t avail, const char *t, size_t n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (n < 8 && avail >= 8) {
        uint64_t x, y;
        memcpy(&x, a, 8);
        memcpy(&y, t, 8);
        uint64_t mask = n ? ~0ULL >> (64 - 8 * n) : 0;
        return ((x ^ y) & mask) == 0;
    }
#else
    (void)avail;
#endif
    return eq_short(a, t, n);
}

/* first ']' in s[0..n), 8 bytes at a time (decorators are short). The
   classic has-zero-byte test can flag false positives only ABOVE a true
   match, so the lowest flagged byte (little-endian: lowest bit) is exact and
   no byte-by-byte rescan of the word is needed. */
static inline const char *find_close(const char *s, size_t n)
{
    size_t i = 0;
    const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    const uint64_t pat = ones * (unsigned char)']';
    for (; i + 8 <= n; i += 8) {
        uint64_t x;
        memcpy(&x, s + i, 8);
        x ^= pat;
        uint64_t hit = (x - ones) & ~x & highs;
        if (hit) {
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            return s + i + ((unsigned)__builtin_ctzll(hit) >> 3);
#else
            break;
#endif
        }
    }
    for (; i < n; i++)
        if (s[i] == ']')
            return s + i;
    return NULL;
}

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SWAR_DIGITS 1
/* Of the 8 bytes x (the first in the low byte), how many lead as digits: a
   byte is a digit when its high nibble is 3 and its low one under 10. */
static inline __attribute__((always_inline)) unsigned swar_lead_digits(uint64_t x)
{
    const uint64_t lo7 = 0x7F7F7F7F7F7F7F7FULL;
    uint64_t bad = ((x & 0xF0F0F0F0F0F0F0F0ULL) ^ 0x3030303030303030ULL) |
                   (((x & 0x0F0F0F0F0F0F0F0FULL) + 0x0606060606060606ULL) & 0x1010101010101010ULL);
    if (!bad)
        return 8;
    bad = (((bad & lo7) + lo7) | bad) & ~lo7; /* the high bit of each non-digit byte */
    return (unsigned)__builtin_ctzll(bad) >> 3;
}

/* The value of the k (1..8) digits that lead the 8 bytes x. */
static inline __attribute__((always_inline)) uint64_t swar_digits_value(uint64_t x, unsigned k)
{
    /* digit bytes take no borrow (they are >= '0'); the others shift out */
    x = (x - 0x3030303030303030ULL) << (8 * (8 - k));
    x = (x * 10 + (x >> 8)) & 0x00FF00FF00FF00FFULL;
    x = (x * 100 + (x >> 16)) & 0x0000FFFF0000FFFFULL;
    return (x * 10000 + (x >> 32)) & 0xFFFFFFFFULL;
}
#endif

/* Plain integers "12->0(14)" (region counts), saturating past 1e14.
   Returns bytes or 0 (then *v is left alone). */
static size_t parse_int(const char *s, size_t n, int64_t *v)
{
    size_t i = 0;
    int64_t x = 0;
    unsigned dg;
    while (i < n && (dg = (unsigned)((unsigned char)s[i] - '0')) <= 9) {
        if (x < 100000000000000LL)
            x = x * 10 + dg;
        i++;
    }
    if (i)
        *v = x;
    return i;
}

/*
 * The decimal integer that leads c[0..lim): its digit count in *k (0 if
 * none), its value as parse_int reads it (saturating past 1e14), 8 bytes
 * at a time when they are there.
 */
static inline __attribute__((always_inline)) int64_t lead_int(const char *c, size_t lim, size_t *k)
{
#ifdef SWAR_DIGITS
    if (lim >= 8) {
        uint64_t x, y = 0;
        memcpy(&x, c, 8);
        unsigned a = swar_lead_digits(x);
        if (a < 8) {
            *k = a;
            return a ? (int64_t)swar_digits_value(x, a) : 0;
        }
        if (lim >= 16) {
            memcpy(&y, c + 8, 8);
        } else if (lim > 8) {
            /* c[8..lim) from the word that ends at c + lim, zeros after:
               "13825500 ns" at the end of a line */
            memcpy(&y, c + lim - 8, 8);
            y >>= 8 * (16 - lim);
        }
        unsigned b = swar_lead_digits(y);
        if (b < 7) {
            /* up to 14 digits: parse_int's cap cannot bind */
            static const int64_t p10[7] = {1, 10, 100, 1000, 10000, 100000, 1000000};
            *k = 8 + b;
            return (int64_t)swar_digits_value(x, 8) * p10[b] + (b ? (int64_t)swar_digits_value(y, b) : 0);
        }
    }
#endif
    int64_t v = 0;
    *k = parse_int(c, lim, &v);
    return v;
}

/* Find literal in s[0..n); NULL if absent. */
static const char *find(const char *s, size_t n, const char *lit, size_t litn)
{
    if (litn == 0 || n < litn)
        return NULL;
    const char *end = s + n - litn + 1;
    const char *p = s;
    while (p < end) {
        p = memchr(p, lit[0], (size_t)(end - p));
        if (!p)
            return NULL;
        if (memcmp(p, lit, litn) == 0)
            return p;
        p++;
    }
    return NULL;
}
#define FIND(s, n, lit) find((s), (n), (lit), sizeof(lit) - 1)

/*
 * Decimal number with '.' or ',' fraction, scaled by 10^9 (so "3.456" ->
 * 3456000000). Returns bytes consumed (0 if no digit). Saturates on huge input.
 */
static size_t parse_dec_e9(const char *s, size_t n, int64_t *out)
{
    size_t i = 0;
    int64_t ip = 0;
    unsigned dg;
    /* (unsigned)(c - '0') <= 9 is the digit test in one compare: this runs
       for every number of every line */
    while (i < n && (dg = (unsigned)((unsigned char)s[i] - '0')) <= 9) {
        /* saturate at 1e9 so that ip * 1e9 + frac stays in range */
        ip = ip < 100000000LL ? ip * 10 + dg : 1000000000LL;
        i++;
    }
    if (i == 0)
        return 0;
    static const int64_t pow10[10] = {1000000000, 100000000, 10000000, 1000000, 100000,
                                       10000,      1000,      100,     10,      1};
    int64_t frac = 0;
    if (i + 1 < n && (s[i] == '.' || s[i] == ',') && is_digit(s[i + 1])) {
        i++;
        /* the first 9 fraction digits count, the rest are skipped */
        size_t f0 = i, fend = n - i > 9 ? i + 9 : n;
        while (i < fend && (dg = (unsigned)((unsigned char)s[i] - '0')) <= 9) {
            frac = frac * 10 + dg;
            i++;
        }
        frac *= pow10[i - f0];
        while (i < n && is_digit(s[i]))
            i++;
    }
    *out = ip * 1000000000LL + frac;
    return i;
}

/* a * b for non-negative a, b, saturating at INT64_MAX (hostile sizes) */
static int64_t sat_mul(int64_t a, int64_t b)
{
    if (a <= 0 || b <= 0)
        return 0;
    return a > INT64_MAX / b ? INT64_MAX : a * b;
}

/*
 * Decimal "123", "3.456", "0,5" exactly: integer part and the first 9
 * fraction digits (in 1e-9). Returns bytes consumed (0 if no digit); *big
 * when the integer part does not fit in 64 bits.
 */
static size_t parse_dec_exact(const char *s, size_t n, uint64_t *ip, uint64_t *frac9, bool *big)
{
    size_t i = 0;
    uint64_t v = 0;
    *big = false;
    unsigned dg;
    while (i < n && (dg = (unsigned)((unsigned char)s[i] - '0')) <= 9) {
        if (v > (UINT64_MAX - 9) / 10)
            *big = true;
        else
            v = v * 10 + dg;
        i++;
    }
    if (i == 0)
        return 0;
    uint64_t f = 0;
    unsigned fd = 0;
    if (i + 1 < n && (s[i] == '.' || s[i] == ',') && is_digit(s[i + 1])) {
        i++;
        while (i < n && (dg = (unsigned)((unsigned char)s[i] - '0')) <= 9) {
            if (fd < 9) {
                f = f * 10 + dg;
                fd++;
            }
            i++;
        }
    }
    static const uint64_t scale9[10] = {1000000000, 100000000, 10000000, 1000000, 100000,
                                        10000,      1000,      100,     10,      1};
    f *= scale9[fd]; /* fd <= 9: to nine fraction digits */
    *ip = v;
    *frac9 = f;
    return i;
}

/* ip.frac9 units of mult ns each -> ns; false when that exceeds int64. */
static bool scale_ns(uint64_t ip, uint64_t frac9, int64_t mult, bool big, int64_t *ns)
{
    if (big || ip > (uint64_t)(INT64_MAX / mult))
        return false;
    int64_t whole = (int64_t)ip * mult, part = (int64_t)(frac9 / (uint64_t)(1000000000 / mult));
    if (whole > INT64_MAX - part)
        return false;
    *ns = whole + part;
    return true;
}

/* Unit at s ("ms", "us", "ns", "s") -> ns per unit and its length; 0 if none. */
static int64_t unit_ns(const char *s, size_t n, size_t *len)
{
    if (n >= 2 && s[1] == 's' && (s[0] == 'm' || s[0] == 'u' || s[0] == 'n')) {
        *len = 2;
        return s[0] == 'm' ? 1000000 : s[0] == 'u' ? 1000 : 1;
    }
    if (n >= 1 && s[0] == 's') {
        *len = 1;
        return 1000000000;
    }
    return 0;
}

/* "3.456ms" / "0.036s" / "12us" / "800ns" -> ns, exactly. Returns bytes or 0;
   *ovf when the value is more than int64 nanoseconds. */
static size_t parse_duration(const char *s, size_t n, int64_t *ns, bool *ovf)
{
    uint64_t ip, f9;
    bool big;
    *ovf = false;
    size_t k = parse_dec_exact(s, n, &ip, &f9, &big);
    if (!k)
        return 0;
    size_t ul;
    int64_t mult = unit_ns(s + k, n - k, &ul);
    if (!mult)
        return 0;
    if (!scale_ns(ip, f9, mult, big, ns))
        *ovf = true;
    return k + ul;
}

/*
 * t[0..n) is a number with a duration unit that is not a clean non-negative
 * decimal: "-0.0012ms", "nanms", "NaNs", "infms", "1e400ms", "1.5e-3s". Words
 * ending in 's' ("roots") are not: the part before the unit must be a sign,
 * digits, '.', ',', 'e'/'E', or nan/inf(inity).
 */
static bool malformed_duration(const char *t, size_t n)
{
    size_t u = n >= 2 && (t[n - 1] == 's') && (t[n - 2] == 'm' || t[n - 2] == 'u' || t[n - 2] == 'n') ? 2
               : n >= 1 && t[n - 1] == 's' ? 1 : 0;
    if (!u || u >= n)
        return false;
    size_t bn = n - u, i = 0;
    bool sign = t[0] == '-' || t[0] == '+';
    if (sign)
        i++;
    if (bn - i >= 3 && ((t[i] | 0x20) == 'n' && (t[i + 1] | 0x20) == 'a' && (t[i + 2] | 0x20) == 'n') && bn - i == 3)
        return true;
    if (bn - i >= 3 && (t[i] | 0x20) == 'i' && (t[i + 1] | 0x20) == 'n' && (t[i + 2] | 0x20) == 'f' &&
        (bn - i == 3 || (bn - i == 8 && (memcmp(t + i, "infinity", 8) == 0 || memcmp(t + i, "Infinity", 8) == 0))))
        return true;
    bool digit = false;
    for (size_t k = i; k < bn; k++) {
        char c = t[k];
        if (is_digit(c))
            digit = true;
        else if (!(c == '.' || c == ',' || c == 'e' || c == 'E' || c == '-' || c == '+'))
            return false;
    }
    /* a clean decimal is not malformed: only a sign or an exponent makes it so */
    if (!digit)
        return false;
    if (sign)
        return true;
    for (size_t k = i; k < bn; k++)
        if (t[k] == 'e' || t[k] == 'E' || t[k] == '-' || t[k] == '+')
            return true;
    return false;
}

/*
 * A duration as the last token of s[0..*n): on success shortens *n to drop it
 * (and the blanks before it) and returns 1; 0 when the last token is not a
 * duration (a start line); -1 when it is a malformed one (negative, NaN,
 * infinite, an exponent, or more than int64 nanoseconds): the caller counts
 * the line as unparsed, "bad duration".
 */
static int take_trailing_duration(const char *s, size_t *n, int64_t *ns)
{
    size_t e = *n;
    while (e > 0 && s[e - 1] == ' ')
        e--;
    /* a duration, and what malformed_duration() refuses, ends in its unit's
       's': "Pause Young (Normal) (G1 Evacuation Pause)" is a start line at
       once */
    if (e == 0 || s[e - 1] != 's')
        return 0;
    size_t b = e;
    while (b > 0 && s[b - 1] != ' ')
        b--;
    if (b == e)
        return 0;
    if (!is_digit(s[b]))
        return malformed_duration(s + b, e - b) ? -1 : 0;
    const char *t = s + b;
    size_t tn = e - b, u = tn - 2;
    if (tn >= 5 && t[u] == 'm') {
        /* "13.221ms": at most 9 digits, '.', at most 9 digits, "ms", what
           parse_duration reads (ip * 1e6 + frac9 / 1000, no overflow) */
        size_t i = 0;
        int64_t ip = 0, f = 0;
        unsigned dg;
        while (i < 9 && (dg = (unsigned)((unsigned char)t[i] - '0')) <= 9) {
            ip = ip * 10 + dg;
            i++;
        }
        if (i < u && t[i] == '.') {
            size_t f0 = ++i;
            while (i < u && i - f0 < 9 && (dg = (unsigned)((unsigned char)t[i] - '0')) <= 9) {
                f = f * 10 + dg;
                i++;
            }
            if (i == u && i > f0) {
                static const int64_t scale9[10] = {1000000000, 100000000, 10000000, 1000000, 100000,
                                                   10000,      1000,      100,     10,      1};
                *ns = ip * 1000000 + f * scale9[i - f0] / 1000;
                while (b > 0 && s[b - 1] == ' ')
                    b--;
                *n = b;
                return 1;
            }
        }
    }
    bool ovf;
    size_t k = parse_duration(s + b, e - b, ns, &ovf);
    if (k != e - b)
        return malformed_duration(s + b, e - b) ? -1 : 0;
    if (ovf)
        return -1;
    while (b > 0 && s[b - 1] == ' ')
        b--;
    *n = b;
    return 1;
}

/* KB per unit letter of a size; 0 for 'B' (bytes: the caller divides), -1 for no unit. */
static inline __attribute__((always_inline)) int64_t size_unit_kb(char u)
{
    switch (u) {
    case 'B': return 0;
    case 'K': return 1;
    case 'M': return 1024;
    case 'G': return 1024 * 1024;
    case 'T': return 1024LL * 1024 * 1024;
    default: return -1;
    }
}

/* "24M" / "1234K" / "2G" / "512B" (optional fraction) -> KB. Returns bytes or 0. */
static inline __attribute__((always_inline)) size_t parse_size_kb(const char *s, size_t n, int64_t *kb)
{
    /* the usual "24M": up to 9 integer digits and the unit, which is what
       parse_dec_e9 reads as digits * 1e9 (no saturation under 1e9) */
    size_t d = 0;
    uint64_t ip = 0;
    unsigned dg;
#ifdef SWAR_DIGITS
    if (n >= 8) {
        /* up to 7 digits in one word, as the loop below reads them */
        uint64_t x;
        memcpy(&x, s, 8);
        unsigned a = swar_lead_digits(x);
        if (a < 8) {
            d = a;
            ip = a ? swar_digits_value(x, a) : 0;
            goto digits_read;
        }
    }
#endif
    while (d < n && d < 10 && (dg = (unsigned)((unsigned char)s[d] - '0')) <= 9) {
        ip = ip * 10 + dg;
        d++;
    }
#ifdef SWAR_DIGITS
digits_read:
#endif
    if (d && d <= 7 && d < n) {
        /* "24M": under 1e7 K, M or G, what the reading below gives
           (digits * 1000 * unit cannot saturate) */
        char u = s[d];
        if (u == 'K' || u == 'M' || u == 'G') {
            *kb = (int64_t)ip << (u == 'K' ? 0 : u == 'M' ? 10 : 20);
            return d + 1;
        }
    }
    if (d && d <= 9 && d < n && s[d] != '.' && s[d] != ',') {
        int64_t iv = (int64_t)ip, m = size_unit_kb(s[d]);
        if (m < 0)
            return 0;
        *kb = m ? sat_mul(iv * 1000, m) / 1000 : iv / 1024;
        return d + 1;
    }
    int64_t v;
    size_t k = parse_dec_e9(s, n, &v);
    if (!k || k >= n)
        return 0;
    int64_t mult = size_unit_kb(s[k]);
    if (mult < 0)
        return 0;
    *kb = mult ? sat_mul(v / 1000000, mult) / 1000 : v / 1000000000 / 1024;
    return k + 1;
}

/* Skip "(10%)" after a ZGC size. */
static size_t skip_pct(const char *s, size_t n)
{
    if (n == 0 || s[0] != '(')
        return 0;
    /* the usual group is a size, "(448K)": digits, a unit, ')' (the first
       ')', with no '%' before it) */
    size_t d = 1;
    while (d < n && is_digit(s[d]))
        d++;
    if (d > 1 && d + 1 < n && s[d + 1] == ')' &&
        (s[d] == 'K' || s[d] == 'M' || s[d] == 'G' || s[d] == 'B' || s[d] == 'T'))
        return 0;
    const char *c = memchr(s, ')', n);
    if (!c)
        return 0;
    for (const char *q = s + 1; q < c; q++)
        if (*q == '%')
            return (size_t)(c - s) + 1;
    return 0;
}

/*
 * Parse "A->B(C)", "A(Ac)->B(C)", "A(P%)->B(P%)" or "A->B" at s. Unknowns -1.
 * Returns bytes consumed or 0.
 */
static size_t parse_transition(const char *s, size_t n, int64_t *before, int64_t *after,
                               int64_t *total)
{
    *before = *after = *total = -1;
    size_t i = parse_size_kb(s, n, before);
    if (!i)
        return 0;
    if (i < n && s[i] == '(') {
        /* a size and ')' first: then there is no '%' before the first ')'
           and skip_pct() would have found no percentage */
        int64_t cap;
        size_t k = parse_size_kb(s + i + 1, n - i - 1, &cap);
        if (k && i + 1 + k < n && s[i + 1 + k] == ')') {
            k += 2;
        } else {
            k = skip_pct(s + i, n - i);
            if (!k)
                return 0;
        }
        i += k;
    }
    if (i + 2 > n || s[i] != '-' || s[i + 1] != '>')
        return 0;
    i += 2;
    size_t k = parse_size_kb(s + i, n - i, after);
    if (!k)
        return 0;
    i += k;
    if (i < n && s[i] == '(') {
        /* (the size first, as above) */
        k = parse_size_kb(s + i + 1, n - i - 1, total);
        if (k && i + 1 + k < n && s[i + 1 + k] == ')') {
            i += k + 2;
        } else {
            *total = -1;
            k = skip_pct(s + i, n - i);
            i += k;
        }
    }
    return i;
}

static void parse_counts(const char *s, size_t n, int64_t *b, int64_t *a, int64_t *t)
{
    *b = *a = *t = -1;
    size_t i = parse_int(s, n, b);
    if (!i || i + 2 > n || s[i] != '-' || s[i + 1] != '>') {
        *b = -1;
        return;
    }
    i += 2;
    size_t k = parse_int(s + i, n - i, a);
    if (!k)
        return;
    i += k;
    if (i < n && s[i] == '(')
        parse_int(s + i + 1, n - i - 1, t);
}

/* ---------------------------- state helpers ---------------------------- */

static void emit_raw(struct up *p, const struct gc_event *ev) { p->ctx->sink.emit(p->ctx->sink.ctx, ev); }

static void flush_pending(struct up *p)
{
    if (p->have_pend) {
        p->have_pend = false;
        emit_raw(p, &p->pend);
    }
}

/* Emit an event that is ordered after any pending pause. */
static void emit_ordered(struct up *p, const struct gc_event *ev)
{
    flush_pending(p);
    emit_raw(p, ev);
}

/*
 * Concurrent phases and stalls: ordered after a pending pause unless this log
 * has CPU lines, in which case the pending pause is still waiting for its own
 * "User=" line (which never follows a concurrent line of the same GC) and the
 * concurrent event may go first.
 */
static void emit_concurrent(struct up *p, const struct gc_event *ev)
{
    if (!p->seen_cpu)
        flush_pending(p);
    emit_raw(p, ev);
}

static void base_event(struct up *p, struct gc_event *ev, enum gc_ev_type t, int64_t gc_id,
                       int64_t dur_ns)
{
    gc_event_init(ev);
    ev->type = t;
    ev->gc_id = gc_id;
    ev->duration_ns = dur_ns;
    ev->file = p->ctx->file;
    ev->line = p->lineno;
    ev->tz_offset_min = p->tz;
    /* the line is stamped at the end of what it reports */
    int64_t d = dur_ns > 0 ? dur_ns : 0;
    if (p->up_ns >= 0)
        ev->uptime_ns = p->up_ns - d >= 0 ? p->up_ns - d : 0;
    if (p->wall_ms >= 0)
        ev->wall_ms = p->wall_ms - d / 1000000;
}

static void close_cycle(struct up *p, struct gcid_slot *s);

static void slot_touch(const struct up *p, struct gcid_slot *s)
{
    s->prev_up_ns = s->last_up_ns;
    s->prev_wall_ms = s->last_wall_ms;
    if (p->up_ns >= 0)
        s->last_up_ns = p->up_ns;
    if (p->wall_ms >= 0)
        s->last_wall_ms = p->wall_ms;
}

static struct gcid_slot *slot_new(struct up *p, int64_t id);

/* The slot of id (NULL for no id), touched by the current line: inline, as
   the lines of one collection find their slot there */
static inline __attribute__((always_inline)) struct gcid_slot *slot_get(struct up *p, int64_t id)
{
    if (id < 0)
        return NULL;
    struct gcid_slot *s = &p->slot[(uint64_t)id % GCID_SLOTS];
    if (s->id != id)
        return slot_new(p, id);
    slot_touch(p, s);
    return s;
}

/* slot_get() of an id not in its slot: the slot's old id is ended first */
static __attribute__((noinline)) struct gcid_slot *slot_new(struct up *p, int64_t id)
{
    struct gcid_slot *s = &p->slot[(uint64_t)id % GCID_SLOTS];
    if (s->id >= 0 && s->cycle_open)
        close_cycle(p, s);
    if (s->id >= 0 && s->have_nested) {
        s->have_nested = false;
        emit_ordered(p, &s->nested);
    }
    if (s->id >= 0 && s->pause_start_up_ns >= 0)
        p->open_starts--;
    /* Shenandoah cycles run one after another: a new id ends older open ones. */
    if (p->ctx->collector == GC_COLL_SHENANDOAH || p->ctx->collector == GC_COLL_SHENANDOAH_GEN) {
        for (int i = 0; i < GCID_SLOTS; i++)
            if (p->slot[i].id >= 0 && p->slot[i].id < id && p->slot[i].cycle_open)
                close_cycle(p, &p->slot[i]);
    }
    memset(s, 0, sizeof *s);
    s->id = id;
    s->seq = ++p->seq;
    s->first_up_ns = p->up_ns;
    s->first_wall_ms = p->wall_ms;
    s->first_tz = p->tz;
    s->first_line = p->lineno;
    s->young_b = s->young_a = s->young_t = s->old_b = s->old_a = s->old_t = -1;
    s->meta_b = s->meta_a = s->meta_t = -1;
    s->eden_b = s->eden_a = s->eden_t = s->surv_b = s->surv_a = s->surv_t = -1;
    s->oldr_b = s->oldr_a = s->humr_b = s->humr_a = -1;
    s->cyc_heap_b = s->cyc_heap_a = s->cyc_heap_t = -1;
    s->pause_start_up_ns = s->pause_start_wall_ms = -1;
    slot_touch(p, s);
    return s;
}

/*
 * Interned copy of s[0..n). A small direct-mapped cache of recent results
 * skips the interner's hashing for the few names and causes a log repeats.
 */
static const char *intern(struct up *p, const char *s, size_t n)
{
    if (n == 0 || n > 200)
        return intern_str(p->ctx->strings, s, n);
    unsigned h = ((unsigned)(unsigned char)s[0] * 31u + (unsigned)(unsigned char)s[n - 1] * 7u +
                  (unsigned)n) & (ICACHE - 1);
    const char *c = p->icache[h];
    if (c && p->icache_len[h] == n && eq_short(c, s, n))
        return c;
    c = intern_str(p->ctx->strings, s, n);
    p->icache[h] = c;
    p->icache_len[h] = strlen(c);
    return c;
}

static unsigned cause_flags(const char *c, size_t n)
{
    unsigned f = 0;
    if (FIND(c, n, "Humongous"))
        f |= GCF_HUMONGOUS;
    if (FIND(c, n, "System.gc") || FIND(c, n, "Diagnostic Command") || FIND(c, n, "Heap Dump") ||
        FIND(c, n, "Heap Inspection"))
        f |= GCF_SYSTEM_GC;
    if (FIND(c, n, "Metadata GC") || FIND(c, n, "Metaspace"))
        f |= GCF_METASPACE;
    if (FIND(c, n, "Allocation Stall"))
        f |= GCF_ALLOC_STALL_CAUSE;
    return f;
}

/* cause_flags of an interned cause, cached on its pointer */
static unsigned cause_flags_i(struct up *p, const char *cause)
{
    if (!cause)
        return 0;
    if (cause != p->flags_cause) {
        p->flags_cause = cause;
        p->flags_cause_val = cause_flags(cause, strlen(cause));
    }
    return p->flags_cause_val;
}

static void set_collector(struct up *p, enum gc_collector c)
{
    enum gc_collector *cur = &p->ctx->collector;
    if (*cur == c)
        return;
    /* refinements only: ZGC -> generational ZGC, Shenandoah -> generational */
    if (*cur == GC_COLL_UNKNOWN || (*cur == GC_COLL_ZGC && c == GC_COLL_ZGC_GEN) ||
        (*cur == GC_COLL_SHENANDOAH && c == GC_COLL_SHENANDOAH_GEN))
        *cur = c;
}

static void note_heap_max(struct up *p, const char *s, size_t n)
{
    while (n && *s == ' ') {
        s++;
        n--;
    }
    int64_t kb;
    if (parse_size_kb(s, n, &kb) && kb > 0)
        p->ctx->heap_max_kb = kb;
}

/* "Version: 17.0.1+12-39 (release)" -> "17.0.1+12-39" */
static void note_version(struct up *p, const char *v, size_t vn)
{
    const char *sp = memchr(v, ' ', vn);
    p->ctx->jvm_version = intern(p, v, sp ? (size_t)(sp - v) : vn);
}

static void info(struct up *p) { p->ctx->lines_info++; }

static void unknown(struct up *p, const char *reason)
{
    diag_add(p->ctx->diag, reason, p->ctx->file, p->lineno, p->raw, p->raw_len);
}

/* ------------------------- message structure -------------------------- */

/* A message split into base name, up to 4 paren groups, and the tail. */
struct msg_parts {
    const char *base;
    size_t base_n;
    const char *grp[4];
    size_t grp_n[4];
    int ngrp;
    const char *tail;
    size_t tail_n;
};

static void split_parts(const char *s, size_t n, struct msg_parts *m)
{
    m->ngrp = 0;
    size_t i = 0;
    /* base: up to " (" or " <digit>"; jump from blank to blank */
    for (;;) {
        const char *sp = memchr(s + i, ' ', n - i);
        if (!sp) {
            i = n;
            break;
        }
        i = (size_t)(sp - s);
        if (i + 1 < n && (s[i + 1] == '(' || is_digit(s[i + 1])))
            break;
        i++;
    }
    m->base = s;
    m->base_n = i;
    while (i < n && s[i] == ' ') {
        size_t j = i + 1;
        if (j >= n || s[j] != '(')
            break;
        int depth = 0;
        size_t k = j;
        for (; k < n; k++) {
            if (s[k] == '(')
                depth++;
            else if (s[k] == ')' && --depth == 0)
                break;
        }
        if (k >= n)
            break;
        if (m->ngrp < 4) {
            m->grp[m->ngrp] = s + j + 1;
            m->grp_n[m->ngrp] = k - j - 1;
            m->ngrp++;
        }
        i = k + 1;
    }
    while (i < n && s[i] == ' ')
        i++;
    m->tail = s + i;
    m->tail_n = n - i;
}

/*
 * split_parts() through a few memos: the lines of a log repeat the text
 * before the figures ("Pause Young (Normal) (G1 Evacuation Pause) ").
 * split_parts() decides from the bytes up to and including the tail's first
 * one: with the same text before the tail and a digit there (a '(' could
 * start an unclosed group, read to the end), or the same whole text, the
 * split is the same.
 */
static struct split_memo *split_parts_memo(struct up *p, const char *s, size_t n, struct msg_parts *m)
{
    /* the set: by the first 16 bytes (the texts differ there: "Pause Young
       (Nor", "Concurrent Mark ", "Concurrent Scan ") */
    uint64_t a = 0, b = n;
    if (n >= 16) {
        memcpy(&a, s, 8);
        memcpy(&b, s + 8, 8);
    } else if (n >= 8) {
        memcpy(&a, s, 8);
    }
    unsigned set = (unsigned)(((a ^ (b * 0x9E3779B97F4A7C15ULL)) * 0xBF58476D1CE4E5B9ULL) >> (64 - SM_SETS_LOG2));
    struct split_memo *ways = p->sm[set];
    for (unsigned i = 0; i < SM_WAYS; i++) {
        struct split_memo *e = &ways[i];
        size_t t = e->t;
        if (!t || (e->full ? n != t : n <= t || !is_digit(s[t])) || !eq_short(e->txt, s, t))
            continue;
        m->base = s;
        m->base_n = e->base_n;
        m->ngrp = e->ngrp;
        for (int g = 0; g < e->ngrp; g++) {
            m->grp[g] = s + e->grp_off[g];
            m->grp_n[g] = e->grp_n[g];
        }
        m->tail = s + t;
        m->tail_n = n - t;
        return e;
    }
    split_parts(s, n, m);
    size_t t = (size_t)(m->tail - s);
    if (t == 0 || t > SM_TXT || (t < n && !is_digit(s[t])))
        return NULL;
    struct split_memo *e = &ways[p->sm_next[set]];
    p->sm_next[set] = (unsigned char)((p->sm_next[set] + 1) % SM_WAYS);
    memcpy(e->txt, s, t);
    e->t = (unsigned char)t;
    e->full = t == n;
    e->base_n = (unsigned char)m->base_n;
    e->ngrp = (unsigned char)m->ngrp;
    for (int g = 0; g < m->ngrp; g++) {
        e->grp_off[g] = (unsigned char)(m->grp[g] - s);
        e->grp_n[g] = (unsigned char)m->grp_n[g];
    }
    e->pc_ok = e->cc_ok = false;
    return e;
}

static bool grp_is(const struct msg_parts *m, int i, const char *lit)
{
    size_t l = strlen(lit);
    return i < m->ngrp && m->grp_n[i] == l && memcmp(m->grp[i], lit, l) == 0;
}

/* heap transition anywhere in the tail ("24M->4M(256M)") */
static void tail_heap(const struct msg_parts *m, int64_t *b, int64_t *a, int64_t *t)
{
    *b = *a = *t = -1;
    /* the first "->" (FIND's answer), found in place: it is a few bytes in */
    const char *arrow = NULL;
    for (const char *q = m->tail, *e = m->tail + m->tail_n; q + 1 < e; q++)
        if (q[0] == '-' && q[1] == '>') {
            arrow = q;
            break;
        }
    if (!arrow)
        return;
    const char *st = arrow;
    while (st > m->tail && st[-1] != ' ')
        st--;
    parse_transition(st, (size_t)(m->tail + m->tail_n - st), b, a, t);
}

/* --------------------------- line handlers ---------------------------- */

static void fill_from_slot(struct up *p, struct gc_event *ev, struct gcid_slot *s)
{
    if (!s)
        return;
    ev->flags |= s->flags;
    if (s->eden_b >= 0 && p->region_kb > 0) {
        int64_t r = p->region_kb;
        int64_t sb = s->surv_b >= 0 ? s->surv_b : 0, sa = s->surv_a >= 0 ? s->surv_a : 0;
        ev->young_before_kb = sat_mul(s->eden_b + sb, r);
        if (s->eden_a >= 0)
            ev->young_after_kb = sat_mul(s->eden_a + sa, r);
        if (s->eden_t >= 0 && s->surv_t >= 0)
            ev->young_total_kb = sat_mul(s->eden_t + s->surv_t, r);
        if (s->oldr_b >= 0) {
            ev->old_before_kb = sat_mul(s->oldr_b + (s->humr_b > 0 ? s->humr_b : 0), r);
            if (s->oldr_a >= 0)
                ev->old_after_kb = sat_mul(s->oldr_a + (s->humr_a > 0 ? s->humr_a : 0), r);
        }
    }
    if (s->young_b >= 0) {
        ev->young_before_kb = s->young_b;
        ev->young_after_kb = s->young_a;
        ev->young_total_kb = s->young_t;
    }
    if (s->old_b >= 0) {
        ev->old_before_kb = s->old_b;
        ev->old_after_kb = s->old_a;
        ev->old_total_kb = s->old_t;
    }
    if (s->meta_b >= 0) {
        ev->meta_before_kb = s->meta_b;
        ev->meta_after_kb = s->meta_a;
        ev->meta_total_kb = s->meta_t;
    }
}

/* Reset the per-pause detail fields after they were attached. */
static void slot_clear_details(struct gcid_slot *s)
{
    s->young_b = s->young_a = s->young_t = s->old_b = s->old_a = s->old_t = -1;
    s->meta_b = s->meta_a = s->meta_t = -1;
    s->eden_b = s->eden_a = s->eden_t = s->surv_b = s->surv_a = s->surv_t = -1;
    s->oldr_b = s->oldr_a = s->humr_b = s->humr_a = -1;
    s->flags &= ~(unsigned)(GCF_TO_SPACE_EXHAUSTED | GCF_EVAC_FAILURE);
}

static void close_cycle(struct up *p, struct gcid_slot *s)
{
    if (!s->cycle_open || s->cycle_done)
        return;
    s->cycle_open = false;
    s->cycle_done = true;
    struct gc_event ev;
    gc_event_init(&ev);
    ev.type = GC_EV_CYCLE;
    ev.kind = GC_KIND_CONCURRENT;
    ev.name = "Shenandoah Cycle";
    ev.cause = s->cause;
    ev.flags = s->cyc_flags | cause_flags_i(p, s->cause);
    ev.gc_id = s->id;
    ev.file = p->ctx->file;
    ev.line = s->first_line;
    ev.uptime_ns = s->first_up_ns;
    ev.wall_ms = s->first_wall_ms;
    ev.tz_offset_min = s->first_tz;
    if (s->first_up_ns >= 0 && s->last_up_ns >= s->first_up_ns)
        ev.duration_ns = s->last_up_ns - s->first_up_ns;
    else if (s->first_wall_ms >= 0 && s->last_wall_ms >= s->first_wall_ms)
        ev.duration_ns = sat_mul(s->last_wall_ms - s->first_wall_ms, 1000000);
    ev.heap_before_kb = s->cyc_heap_b;
    ev.heap_after_kb = s->cyc_heap_a;
    ev.heap_total_kb = s->cyc_heap_t;
    emit_ordered(p, &ev);
}

static bool is_shen(struct up *p)
{
    return p->ctx->collector == GC_COLL_SHENANDOAH || p->ctx->collector == GC_COLL_SHENANDOAH_GEN;
}

/* Generation a generational Shenandoah phase line names: 'Y' "(Young)",
   'O' "(Old)", 0 otherwise ("(Global)", or none). */
static char shen_line_gen(const char *m, size_t n)
{
    if (FIND(m, n, "(Young)"))
        return 'Y';
    if (FIND(m, n, "(Old)"))
        return 'O';
    return 0;
}

/*
 * Shenandoah: a line of cycle `s` (concurrent phase or pause phase); lgen is
 * shen_line_gen() of the line.
 *
 * The "Shenandoah Cycles" MXBean counts one collection per ShenandoahGCSession
 * (shenandoahUtils.cpp). ShenandoahGenerationalControlThread runs an old
 * cycle that starts from WAITING_FOR_BOOTSTRAP as two sessions under one GC
 * id: the young bootstrap cycle (service_concurrent_cycle), then, unless that
 * was cancelled, the old marking (the MARKING case of
 * service_concurrent_old_cycle). So the first "(Old)" line of a GC id whose
 * open cycle has had "(Young)" lines ends the bootstrap cycle and opens the
 * old-marking one. A resumed old marking or a coalesce-and-fill has its own
 * id and no young lines: one session, one cycle.
 */
static void shen_cycle_touch(struct up *p, struct gcid_slot *s, int64_t hb, int64_t ha, int64_t ht,
                             bool may_open, char lgen)
{
    if (!s || s->cycle_done || (!s->cycle_open && !may_open))
        return;
    if (lgen == 'O' && s->cycle_open && s->cyc_young && p->ctx->collector == GC_COLL_SHENANDOAH_GEN) {
        /* the bootstrap ended with the line before this one */
        int64_t up = s->last_up_ns, wall = s->last_wall_ms;
        s->last_up_ns = s->prev_up_ns;
        s->last_wall_ms = s->prev_wall_ms;
        close_cycle(p, s);
        s->last_up_ns = up;
        s->last_wall_ms = wall;
        s->cycle_done = false; /* reopened below, from this line on */
        s->cyc_young = false;
        s->first_up_ns = p->up_ns;
        s->first_wall_ms = p->wall_ms;
        s->first_tz = p->tz;
        s->first_line = p->lineno;
        s->cyc_heap_b = s->cyc_heap_a = s->cyc_heap_t = -1;
        s->cyc_flags = 0;
    }
    if (lgen == 'Y')
        s->cyc_young = true;
    if (!s->cycle_open) {
        s->cycle_open = true;
        if (!s->cause && p->pending_trigger) {
            s->cause = p->pending_trigger;
            p->pending_trigger = NULL;
        }
    }
    if (hb >= 0) {
        if (s->cyc_heap_b < 0)
            s->cyc_heap_b = hb;
        s->cyc_heap_a = ha;
        s->cyc_heap_t = ht;
    }
}

static unsigned gen_flag(char gen)
{
    return gen == 'Y' ? GCF_GEN_YOUNG : gen == 'O' ? GCF_GEN_OLD : 0;
}

/* Interned "Y: <base>" or "<base>". */
static const char *gen_name(struct up *p, char gen, const char *base, size_t n)
{
    if (!gen)
        return intern(p, base, n);
    char buf[128];
    if (n > sizeof buf - 4)
        n = sizeof buf - 4;
    buf[0] = gen;
    buf[1] = ':';
    buf[2] = ' ';
    memcpy(buf + 3, base, n);
    return intern(p, buf, n + 3);
}

/* "Pause ..." */
static bool on_pause(struct up *p, const char *m, size_t n, int64_t gc_id, char gen)
{
    int64_t dur;
    size_t body = n;
    int td = take_trailing_duration(m, &body, &dur);
    if (td < 0) {
        unknown(p, "bad duration");
        return true;
    }
    if (!td) {
        /* gc,start line: the pause begins; the summary line carries the figures */
        struct gcid_slot *st = slot_get(p, gc_id);
        if (st) {
            if (st->pause_start_up_ns < 0 && p->up_ns >= 0)
                p->open_starts++;
            else if (st->pause_start_up_ns >= 0 && p->up_ns < 0)
                p->open_starts--;
            st->pause_start_up_ns = p->up_ns;
            st->pause_start_wall_ms = p->wall_ms;
        }
        info(p);
        return true;
    }
    struct msg_parts mp;
    struct split_memo *sme = split_parts_memo(p, m, body, &mp);
    struct gc_event ev;
    base_event(p, &ev, GC_EV_PAUSE, gc_id, dur);
    struct gcid_slot *s = slot_get(p, gc_id);
    enum gc_kind k = GC_KIND_OTHER;
    bool shen_phase = false, zgc_phase = false;
    if (sme && sme->pc_ok && !gen) {
        /* the same text before the figures: the same kind, name, cause and
           flags (no collector was set, no slot's cause was read) */
        k = (enum gc_kind)sme->pc_kind;
        ev.kind = k;
        ev.name = sme->pc_name;
        ev.cause = sme->pc_cause;
        ev.flags |= sme->pc_flags;
        goto classified;
    }
    /* after "Pause "; the base may be shorter when "(" follows at once */
    const char *b = mp.base_n > 6 ? mp.base + 6 : mp.base + mp.base_n;
    size_t bn = mp.base_n > 6 ? mp.base_n - 6 : 0;
    int cause_grp = -1;
    size_t name_n = mp.base_n;
    unsigned flags0 = ev.flags;
    if (STARTS(b, bn, "Young") && bn == 5) {
        k = GC_KIND_YOUNG;
        cause_grp = 0;
        if (grp_is(&mp, 0, "Normal") || grp_is(&mp, 0, "Prepare Mixed") ||
            grp_is(&mp, 0, "Concurrent End")) {
            cause_grp = 1;
        } else if (grp_is(&mp, 0, "Concurrent Start")) {
            k = GC_KIND_INITIAL_MARK;
            cause_grp = 1;
        } else if (grp_is(&mp, 0, "Mixed")) {
            k = GC_KIND_MIXED;
            cause_grp = 1;
        }
        if (cause_grp == 1)
            name_n = (size_t)(mp.grp[0] + mp.grp_n[0] + 1 - m);
    } else if (STARTS(b, bn, "Full") && bn == 4) {
        k = GC_KIND_FULL;
        cause_grp = 0;
    } else if (STARTS(b, bn, "Initial Mark") && bn == 12) {
        k = GC_KIND_INITIAL_MARK;
        cause_grp = 0;
    } else if (STARTS(b, bn, "Mixed") && bn == 5) {
        k = GC_KIND_MIXED;
        cause_grp = 0;
    } else if (STARTS(b, bn, "Remark") && bn == 6) {
        k = GC_KIND_REMARK;
    } else if (STARTS(b, bn, "Cleanup") && bn == 7) {
        k = GC_KIND_CLEANUP;
    } else if ((STARTS(b, bn, "Mark Start") && bn == 10) || (STARTS(b, bn, "Mark End") && bn == 8) ||
               (STARTS(b, bn, "Relocate Start") && bn == 14)) {
        k = GC_KIND_ZGC_PHASE;
        zgc_phase = true;
        set_collector(p, gen ? GC_COLL_ZGC_GEN : GC_COLL_ZGC);
        if (gen)
            set_collector(p, GC_COLL_ZGC_GEN);
    } else if (STARTS(b, bn, "Degenerated GC")) {
        k = GC_KIND_DEGENERATED;
        ev.flags |= GCF_DEGENERATED;
        cause_grp = 0;
        shen_phase = true;
        set_collector(p, GC_COLL_SHENANDOAH);
    } else if (STARTS(b, bn, "Init ") || STARTS(b, bn, "Final ")) {
        k = GC_KIND_SHEN_PHASE;
        shen_phase = true;
        set_collector(p, GC_COLL_SHENANDOAH);
    }
    ev.kind = k;
    if (gen)
        ev.name = gen_name(p, gen, mp.base, mp.base_n);
    else
        ev.name = intern(p, m, name_n);
    ev.flags |= gen_flag(gen);
    for (int i = 0; i < mp.ngrp; i++) {
        const char *g = mp.grp[i];
        size_t gn = mp.grp_n[i];
        if (STARTS(g, gn, "Evacuation Failure") || STARTS(g, gn, "To-space exhausted"))
            ev.flags |= GCF_EVAC_FAILURE | GCF_TO_SPACE_EXHAUSTED;
        else if (gn == 5 && !memcmp(g, "Young", 5))
            ev.flags |= GCF_GEN_YOUNG;
        else if (gn == 3 && !memcmp(g, "Old", 3))
            ev.flags |= GCF_GEN_OLD;
        else if (gn == 6 && !memcmp(g, "Global", 6))
            ev.flags |= GCF_GEN_OLD;
    }
    if (cause_grp >= 0 && cause_grp < mp.ngrp &&
        !STARTS(mp.grp[cause_grp], mp.grp_n[cause_grp], "Evacuation Failure")) {
        ev.cause = intern(p, mp.grp[cause_grp], mp.grp_n[cause_grp]);
        ev.flags |= cause_flags_i(p, ev.cause);
    } else if (s && s->cause && (zgc_phase || shen_phase)) {
        ev.cause = s->cause;
        ev.flags |= cause_flags_i(p, s->cause);
    }
    if (sme && !gen && !zgc_phase && !shen_phase) {
        sme->pc_ok = true;
        sme->pc_kind = (unsigned char)k;
        sme->pc_name = ev.name;
        sme->pc_cause = ev.cause;
        sme->pc_flags = ev.flags & ~flags0;
    }
classified:
    tail_heap(&mp, &ev.heap_before_kb, &ev.heap_after_kb, &ev.heap_total_kb);
    if (shen_phase || (is_shen(p) && k != GC_KIND_FULL))
        shen_cycle_touch(p, s, ev.heap_before_kb, ev.heap_after_kb, ev.heap_total_kb,
                         k == GC_KIND_SHEN_PHASE, shen_line_gen(m, n));
    fill_from_slot(p, &ev, s);
    if (s) {
        /* the logged start, when the gc,start line was there and fits */
        if (s->pause_start_up_ns >= 0 && p->up_ns >= s->pause_start_up_ns &&
            p->up_ns - s->pause_start_up_ns <= dur + 1000000)
            ev.uptime_ns = s->pause_start_up_ns;
        if (s->pause_start_wall_ms >= 0 && p->wall_ms >= s->pause_start_wall_ms &&
            p->wall_ms - s->pause_start_wall_ms <= dur / 1000000 + 1)
            ev.wall_ms = s->pause_start_wall_ms;
        if (s->pause_start_up_ns >= 0)
            p->open_starts--;
        s->pause_start_up_ns = s->pause_start_wall_ms = -1;
        slot_clear_details(s);
    }
    if (s && s->have_nested) {
        /* our pause contained a later id's pause: report one pause, the
           outer one's duration and heap, kind and cause of the inner one */
        s->have_nested = false;
        ev.kind = s->nested.kind;
        ev.name = s->nested.name;
        if (s->nested.cause)
            ev.cause = s->nested.cause;
        ev.flags |= s->nested.flags;
    } else if (gc_id >= 0 && ev.uptime_ns >= 0 && p->open_starts > 0) {
        /* is this pause inside a still-open pause of an earlier id? */
        for (int i = 0; i < GCID_SLOTS; i++) {
            struct gcid_slot *o = &p->slot[i];
            if (o->id >= 0 && o->id < gc_id && o->pause_start_up_ns >= 0 &&
                o->pause_start_up_ns <= ev.uptime_ns && !o->have_nested) {
                o->nested = ev;
                o->have_nested = true;
                return true;
            }
        }
    }
    /* G1/Serial/Parallel/CMS pauses have a CPU line after them: hold the
       pause for it. ZGC/Shenandoah pause phases have none: emit now. */
    flush_pending(p);
    if (zgc_phase || shen_phase || k == GC_KIND_SHEN_PHASE) {
        emit_raw(p, &ev);
        return true;
    }
    p->pend = ev;
    p->have_pend = true;
    return true;
}

/* "Concurrent ..." */
static bool on_concurrent(struct up *p, const char *m, size_t n, int64_t gc_id, char gen)
{
    int64_t dur;
    size_t body = n;
    int td = take_trailing_duration(m, &body, &dur);
    if (td < 0) {
        unknown(p, "bad duration");
        return true;
    }
    if (!td) {
        if (gc_id >= 0) {
            struct gcid_slot *s = slot_get(p, gc_id);
            if (is_shen(p))
                shen_cycle_touch(p, s, -1, -1, -1, true, shen_line_gen(m, n));
        }
        info(p);
        return true;
    }
    struct msg_parts mp;
    struct split_memo *sme = split_parts_memo(p, m, body, &mp);
    struct gc_event ev;
    base_event(p, &ev, GC_EV_CONCURRENT, gc_id, dur);
    ev.kind = GC_KIND_CONCURRENT;
    if (sme && sme->cc_ok && !gen) {
        /* the same text before the figures: the same name and flags */
        ev.name = sme->cc_name;
        ev.flags |= sme->cc_flags;
    } else {
        unsigned flags0 = ev.flags;
        ev.name = gen_name(p, gen, mp.base, mp.base_n);
        ev.flags |= gen_flag(gen);
        for (int i = 0; i < mp.ngrp; i++) {
            if (grp_is(&mp, i, "Young"))
                ev.flags |= GCF_GEN_YOUNG;
            else if (grp_is(&mp, i, "Old") || grp_is(&mp, i, "Global"))
                ev.flags |= GCF_GEN_OLD;
        }
        if (sme && !gen) {
            sme->cc_ok = true;
            sme->cc_name = ev.name;
            sme->cc_flags = ev.flags & ~flags0;
        }
    }
    tail_heap(&mp, &ev.heap_before_kb, &ev.heap_after_kb, &ev.heap_total_kb);
    struct gcid_slot *s = slot_get(p, gc_id);
    if (s && s->cause)
        ev.cause = s->cause;
    if (is_shen(p))
        shen_cycle_touch(p, s, ev.heap_before_kb, ev.heap_after_kb, ev.heap_total_kb, true, shen_line_gen(m, n));
    emit_concurrent(p, &ev);
    return true;
}

/* ZGC "Garbage Collection (Warmup) 104M(10%)->88M(9%)" and generational
   "Major Collection (Warmup) 30M(31%)->26M(27%) 0.036s" / "Minor Collection ..." */
static bool on_zgc_collection(struct up *p, const char *m, size_t n, int64_t gc_id, unsigned gflags)
{
    struct msg_parts mp;
    int64_t dur = -1;
    size_t body = n;
    int td = take_trailing_duration(m, &body, &dur);
    if (td < 0) {
        unknown(p, "bad duration");
        return true;
    }
    bool has_dur = td > 0;
    split_parts_memo(p, m, body, &mp);
    struct gcid_slot *s = slot_get(p, gc_id);
    const char *cause = mp.ngrp > 0 ? intern(p, mp.grp[0], mp.grp_n[0]) : NULL;
    if (gflags)
        set_collector(p, GC_COLL_ZGC_GEN);
    else
        set_collector(p, GC_COLL_ZGC);
    if (!FIND(mp.tail, mp.tail_n, "->")) {
        /* start line */
        if (s) {
            s->cause = cause;
            s->first_up_ns = p->up_ns;
            s->first_wall_ms = p->wall_ms;
            s->first_tz = p->tz;
            s->first_line = p->lineno;
        }
        return true;
    }
    if (s && s->cycle_done) {
        info(p); /* a repeated end line: already counted */
        return true;
    }
    struct gc_event ev;
    gc_event_init(&ev);
    ev.type = GC_EV_CYCLE;
    ev.kind = GC_KIND_CONCURRENT;
    ev.gc_id = gc_id;
    ev.name = intern(p, mp.base, mp.base_n);
    ev.cause = cause;
    ev.flags = gflags | cause_flags_i(p, cause);
    ev.file = p->ctx->file;
    ev.line = p->lineno;
    ev.tz_offset_min = p->tz;
    tail_heap(&mp, &ev.heap_before_kb, &ev.heap_after_kb, &ev.heap_total_kb);
    if (has_dur) {
        ev.duration_ns = dur;
        if (p->up_ns >= 0)
            ev.uptime_ns = p->up_ns - dur >= 0 ? p->up_ns - dur : 0;
        if (p->wall_ms >= 0)
            ev.wall_ms = p->wall_ms - dur / 1000000;
    } else if (s) {
        ev.uptime_ns = s->first_up_ns;
        ev.wall_ms = s->first_wall_ms;
        if (s->first_up_ns >= 0 && p->up_ns >= s->first_up_ns)
            ev.duration_ns = p->up_ns - s->first_up_ns;
        else if (s->first_wall_ms >= 0 && p->wall_ms >= s->first_wall_ms)
            ev.duration_ns = sat_mul(p->wall_ms - s->first_wall_ms, 1000000);
    } else {
        ev.uptime_ns = p->up_ns;
        ev.wall_ms = p->wall_ms;
    }
    if (s)
        s->cycle_done = true;
    emit_ordered(p, &ev);
    return true;
}

/* "Allocation Stall (thread) 12.3ms" / "Relocation Stall (thread) 1.2ms" */
static bool on_stall(struct up *p, const char *m, size_t n, int64_t gc_id, size_t name_n)
{
    int64_t dur;
    size_t body = n;
    int td = take_trailing_duration(m, &body, &dur);
    if (td < 0) {
        unknown(p, "bad duration");
        return true;
    }
    if (!td)
        return false;
    const char *lp = m + name_n;
    size_t ln = body - name_n;
    while (ln && *lp == ' ') {
        lp++;
        ln--;
    }
    if (ln < 2 || lp[0] != '(' || lp[ln - 1] != ')')
        return false;
    struct gc_event ev;
    base_event(p, &ev, GC_EV_STALL, gc_id, dur);
    ev.kind = GC_KIND_OTHER;
    ev.name = m[0] == 'A' ? "Allocation Stall" : "Relocation Stall";
    /* the thread name is a view into the line, which is not NUL-terminated:
       intern it (thread names repeat, so the interner stays small) */
    ev.thread = intern(p, lp + 1, ln - 2);
    emit_concurrent(p, &ev);
    return true;
}

#define FIELD_BAD (-2)
/* "key N unit" in s: N in ns, exactly; -1 if absent or not a duration,
   FIELD_BAD if malformed: signed, NaN, infinite, an exponent, or more than
   int64 nanoseconds ("Reaching safepoint: 2049524537 ns" is 2.05 s). */
static int64_t field_ns(const char *s, size_t n, const char *key, size_t keyn)
{
    const char *k = find(s, n, key, keyn);
    if (!k)
        return -1;
    const char *v = k + keyn;
    size_t vn = (size_t)(s + n - v);
    if (vn && (v[0] == '-' || v[0] == '+'))
        return FIELD_BAD;
    if (vn >= 3 && (((v[0] | 0x20) == 'n' && (v[1] | 0x20) == 'a' && (v[2] | 0x20) == 'n') ||
                    ((v[0] | 0x20) == 'i' && (v[1] | 0x20) == 'n' && (v[2] | 0x20) == 'f')))
        return FIELD_BAD;
    uint64_t ip, f9;
    bool big;
    size_t c = parse_dec_exact(v, vn, &ip, &f9, &big);
    if (!c)
        return -1;
    if (c < vn && (v[c] == 'e' || v[c] == 'E'))
        return FIELD_BAD; /* "1e400" */
    const char *u = v + c;
    size_t un = vn - c;
    while (un && *u == ' ') {
        u++;
        un--;
    }
    int64_t mult;
    if (STARTS(u, un, "ns"))
        mult = 1;
    else if (STARTS(u, un, "us"))
        mult = 1000;
    else if (STARTS(u, un, "ms"))
        mult = 1000000;
    else if (STARTS(u, un, "second") || STARTS(u, un, "s"))
        mult = 1000000000;
    else
        return -1;
    int64_t ns;
    return scale_ns(ip, f9, mult, big, &ns) ? ns : FIELD_BAD;
}

/*
 * The literal lit at *q, then 1 to 14 digits and " ns": the digits' value,
 * *q moved past "ns"; -1 (and *q left) if the text is not so. What field_ns
 * reads of such a value; the JVM prints every safepoint line so.
 */
static inline __attribute__((always_inline)) int64_t take_lit_ns(const char **q, const char *end, const char *lit, size_t litn)
{
    const char *v = *q + litn;
    if ((size_t)(end - *q) < litn + 4 || !eq_short(*q, lit, litn))
        return -1;
    size_t k;
    int64_t x = lead_int(v, (size_t)(end - v), &k);
    /* (up to 14 digits lead_int reads exactly) */
    if (k == 0 || k > 14 || (size_t)(end - v) < k + 3 || v[k] != ' ' || v[k + 1] != 'n' || v[k + 2] != 's')
        return -1;
    *q = v + k + 3;
    return x;
}
#define TAKE_LIT_NS(q, end, lit) take_lit_ns((q), (end), (lit), sizeof(lit) - 1)

/* JDK 13+: Safepoint "Op", Time since last: N ns, Reaching safepoint: N ns, ... Total: N ns */
static bool on_safepoint_new(struct up *p, const char *m, size_t n)
{
    const char *q1 = m + 11; /* after 'Safepoint "' */
    const char *q2 = memchr(q1, '"', (size_t)(m + n - q1));
    if (!q2)
        return false;
    int64_t total, reach, at;
    /* The line as the JVM prints it, read in one pass: with no ':' in the
       operation's name, each key below is the first of its kind in the line,
       as field_ns finds it, and its value reads the same. */
    const char *q = q2, *end = m + n;
    if (!memchr(q1, ':', (size_t)(q2 - q1)) && TAKE_LIT_NS(&q, end, "\", Time since last: ") >= 0 &&
        (reach = TAKE_LIT_NS(&q, end, ", Reaching safepoint: ")) >= 0 &&
        (at = TAKE_LIT_NS(&q, end, ", At safepoint: ")) >= 0 && (total = TAKE_LIT_NS(&q, end, ", Total: ")) >= 0) {
        /* read */
    } else {
        total = field_ns(m, n, "Total: ", 7);
        reach = field_ns(m, n, "Reaching safepoint: ", 20);
        at = field_ns(m, n, "At safepoint: ", 14);
    }
    if (total == FIELD_BAD || reach == FIELD_BAD || at == FIELD_BAD) {
        unknown(p, "bad duration");
        return true;
    }
    if (total < 0 && reach >= 0 && at >= 0)
        total = reach + at;
    if (total < 0)
        return false;
    struct gc_event ev;
    base_event(p, &ev, GC_EV_SAFEPOINT, -1, total);
    ev.name = intern(p, q1, (size_t)(q2 - q1));
    ev.ttsp_ns = reach;
    emit_ordered(p, &ev);
    return true;
}

/* JDK 9-12: Total time for which application threads were stopped: 0.0001 seconds, Stopping threads took: ... */
static bool on_safepoint_old(struct up *p, const char *m, size_t n)
{
    int64_t total = field_ns(m, n, "stopped: ", 9);
    int64_t ttsp = field_ns(m, n, "Stopping threads took: ", 23);
    if (total == FIELD_BAD || ttsp == FIELD_BAD) {
        unknown(p, "bad duration");
        return true;
    }
    if (total < 0)
        return false;
    struct gc_event ev;
    base_event(p, &ev, GC_EV_SAFEPOINT, -1, total);
    ev.ttsp_ns = ttsp;
    ev.name = p->last_vmop;
    p->last_vmop = NULL;
    emit_ordered(p, &ev);
    return true;
}

/* "User=0.01s Sys=0.00s Real=0.00s" */
/*
 * The literal lit at *q, then a plain decimal with an 's' after it: its
 * value in ns, *q moved past the 's'; -1 (and *q left) if the text is not
 * so. What field_ns reads of such a value.
 */
static inline __attribute__((always_inline)) int64_t take_lit_secs(const char **q, const char *end, const char *lit, size_t litn)
{
    if ((size_t)(end - *q) < litn + 2 || memcmp(*q, lit, litn) != 0)
        return -1;
    const char *v = *q + litn;
    size_t vn = (size_t)(end - v);
    if (!is_digit(v[0]))
        return -1;
    if (vn >= 5 && v[1] == '.' && is_digit(v[2]) && is_digit(v[3]) && v[4] == 's') {
        /* "0.01s", as the JVM prints it: parse_dec_exact's and
           scale_ns's reading */
        *q = v + 5;
        return (int64_t)(v[0] - '0') * 1000000000 + ((v[2] - '0') * 10 + (v[3] - '0')) * 10000000;
    }
    uint64_t ip, f9;
    bool big;
    size_t c = parse_dec_exact(v, vn, &ip, &f9, &big);
    int64_t ns;
    if (c >= vn || v[c] != 's' || !scale_ns(ip, f9, 1000000000, big, &ns))
        return -1;
    *q = v + c + 1;
    return ns;
}
#define TAKE_LIT_SECS(q, end, lit) take_lit_secs((q), (end), (lit), sizeof(lit) - 1)

static bool on_cpu(struct up *p, const char *m, size_t n, int64_t gc_id)
{
    int64_t u, sy, r;
    /* "User=0.01s Sys=0.00s Real=0.01s" in one pass: numbers and units
       cannot hold a key, so each is the first of its kind, as field_ns
       finds it */
    const char *q = m, *end = m + n;
    if ((u = TAKE_LIT_SECS(&q, end, "User=")) >= 0 && (sy = TAKE_LIT_SECS(&q, end, " Sys=")) >= 0 &&
        (r = TAKE_LIT_SECS(&q, end, " Real=")) >= 0) {
        /* read */
    } else {
        u = field_ns(m, n, "User=", 5);
        sy = field_ns(m, n, "Sys=", 4);
        r = field_ns(m, n, "Real=", 5);
    }
    if (u == FIELD_BAD || sy == FIELD_BAD || r == FIELD_BAD) {
        unknown(p, "bad duration");
        return true;
    }
    if (u < 0 && sy < 0 && r < 0)
        return false;
    p->seen_cpu = true;
    if (p->have_pend && p->pend.gc_id == gc_id && p->pend.user_ns < 0) {
        p->pend.user_ns = u;
        p->pend.sys_ns = sy;
        p->pend.real_ns = r;
        flush_pending(p);
        return true;
    }
    /* CPU of a collection without a pause line we hold (e.g. a ZGC or
       concurrent cycle): recognised, nothing to attach it to */
    info(p);
    return true;
}

/* gc,heap generation lines: "PSYoungGen: 65536K->10720K(76288K)" etc. */
static bool on_gen_sizes(struct up *p, const char *m, size_t n, int64_t gc_id, int which,
                         size_t keyn)
{
    const char *v = m + keyn;
    size_t vn = n - keyn;
    while (vn && *v == ' ') {
        v++;
        vn--;
    }
    int64_t b, a, t;
    if (!parse_transition(v, vn, &b, &a, &t))
        return false;
    if (m[0] == 'P' && m[1] == 'S')
        set_collector(p, GC_COLL_PARALLEL);
    else if (m[0] == 'D')
        set_collector(p, GC_COLL_SERIAL);
    else if (m[0] == 'P' && m[1] == 'a' && m[3] == 'N')
        set_collector(p, GC_COLL_CMS);
    struct gcid_slot *s = slot_get(p, gc_id);
    if (!s) {
        info(p);
        return true;
    }
    if (which == 0) {
        s->young_b = b;
        s->young_a = a;
        s->young_t = t;
    } else if (which == 1) {
        s->old_b = b;
        s->old_a = a;
        s->old_t = t;
    } else {
        s->meta_b = b;
        s->meta_a = a;
        s->meta_t = t;
    }
    /* if the summary was already seen (it normally follows), fill it */
    if (p->have_pend && p->pend.gc_id == gc_id) {
        fill_from_slot(p, &p->pend, s);
    }
    return true;
}

static bool on_regions(struct up *p, const char *m, size_t n, int64_t gc_id, int which, size_t keyn)
{
    struct gcid_slot *s = slot_get(p, gc_id);
    int64_t b, a, t;
    const char *v = m + keyn;
    size_t vn = n - keyn;
    while (vn && *v == ' ') {
        v++;
        vn--;
    }
    parse_counts(v, vn, &b, &a, &t);
    if (!s || b < 0) {
        info(p);
        return true;
    }
    switch (which) {
    case 0: s->eden_b = b; s->eden_a = a; s->eden_t = t; break;
    case 1: s->surv_b = b; s->surv_a = a; s->surv_t = t; break;
    case 2: s->oldr_b = b; s->oldr_a = a; break;
    default: s->humr_b = b; s->humr_a = a; break;
    }
    set_collector(p, GC_COLL_G1);
    return true;
}

/* Shenandoah "Trigger: <reason>" -> a short cause */
static void on_trigger(struct up *p, const char *m, size_t n)
{
    const char *r = m + 9;
    size_t rn = n - 9;
    const char *c;
    if (STARTS(r, rn, "Learning"))
        c = "Learning";
    else if (STARTS(r, rn, "Time since last GC") || FIND(r, rn, "Timer"))
        c = "Timer";
    else if (FIND(r, rn, "allocation rate") || FIND(r, rn, "Allocation rate") ||
             FIND(r, rn, "average GC time"))
        c = "Allocation Rate";
    else if (FIND(r, rn, "below minimum threshold") || FIND(r, rn, "below initial threshold") ||
             FIND(r, rn, "is below"))
        c = "Free Threshold";
    else if (FIND(r, rn, "Handle Allocation Failure") || FIND(r, rn, "Allocation Failure"))
        c = "Allocation Failure";
    else if (FIND(r, rn, "Metadata GC"))
        c = "Metadata GC Threshold";
    else if (FIND(r, rn, "Old"))
        c = "Old Generation";
    else {
        size_t k = 0;
        while (k < rn && r[k] != '(' && r[k] != '.' && !is_digit(r[k]))
            k++;
        while (k && r[k - 1] == ' ')
            k--;
        c = intern(p, r, k ? k : rn);
    }
    p->pending_trigger = intern(p, c, strlen(c));
    set_collector(p, GC_COLL_SHENANDOAH);
}

/* "Using G1" etc. Returns true if recognised. */
static bool on_using(struct up *p, const char *m, size_t n)
{
    const char *r = m + 6;
    size_t rn = n - 6;
    if (STARTS(r, rn, "G1"))
        set_collector(p, GC_COLL_G1);
    else if (STARTS(r, rn, "The Z Garbage Collector"))
        set_collector(p, GC_COLL_ZGC);
    else if (STARTS(r, rn, "Shenandoah"))
        set_collector(p, GC_COLL_SHENANDOAH);
    else if (STARTS(r, rn, "Serial"))
        set_collector(p, GC_COLL_SERIAL);
    else if (STARTS(r, rn, "Parallel"))
        set_collector(p, GC_COLL_PARALLEL);
    else if (STARTS(r, rn, "Concurrent Mark Sweep"))
        set_collector(p, GC_COLL_CMS);
    else if (STARTS(r, rn, "Epsilon"))
        set_collector(p, GC_COLL_EPSILON);
    else
        return false;
    return true;
}

/* Messages recognised as detail/banner lines that the event model does not hold. */
static const char *const info_prefixes[] = {
    /* G1/Parallel/Serial/CMS detail lines (gc,phases / gc,heap / gc,age / gc,task / gc,ref) */
    "Desired survivor size", "Age table with threshold", "Using ", "Weak Processing",
    "Reference Processing", "Scrub String Table", "Scrub Symbol Table", "Scavenge ", "Phase ",
    "Cleaned string and symbol table", "Archive regions:", "Summary Phase", "Post Compact",
    "Marking Phase", "Compaction Phase", "Adjust Roots", "Rescan (parallel)", "ClassLoaderData",
    "Class Unloading", "ResolvedMethodTable", "ProtectionDomainCacheTable", "Expand the heap",
    "Shrink the heap", "Attempt heap expansion", "Attempt heap shrinking", "Heap expansion",
    "Heap after GC", "Heap before GC", "Heap", "MarkStackSize:", "Mark stack",
    /* banners (gc,init / gc) */
    "CPUs:", "Memory:", "Large Page Support:", "NUMA Support:", "Compressed Oops:", "Alignments:",
    "Heap Min Capacity:", "Heap Initial Capacity:", "Pre-touch:", "Parallel Workers:",
    "Concurrent Workers:", "Concurrent Refinement Workers:", "Periodic GC:", "CardTable entry size:",
    "Card Set container configuration:", "Initializing The Z Garbage Collector", "Address Space",
    "Runtime Workers:", "Min Capacity:", "Max Capacity:", "Soft Max Capacity:", "Medium Page Size:",
    "Uncommit:", "Heuristics ergonomically sets", "Heuristics:", "Mode:", "Min heap equals to max heap",
    "Initialize Shenandoah heap", "Safepointing mechanism", "Regions:", "Humongous object threshold:",
    "Max TLAB size:", "Heap Region Size:", "Heap region size:", "Version:", "CDS archive",
    "Narrow klass", "Compressed class space", "Reserved", "Initial heap",
    /* safepoint (JDK 9-12) */
    "Application time:", "Leaving safepoint region", "Entering safepoint region",
    /* Shenandoah */
    "Cancelling GC:", "Cancelling concurrent GC:", "Pacer for", "Adaptive CSet Selection",
    "Collectable Garbage:", "Immediate Garbage:", "Good progress for", "Bad progress for",
    "Free:", "Evacuation Reserve:", "Failed to allocate", "Trigger:",
    /* generational Shenandoah: old cycles cancelled, preempted, bootstraps cut short */
    "Terminating old gc cycle", "Cancel marking:", "Preempting old generation mark",
    "Bootstrap cycle for old generation was cancelled", "Preparation for old generation cycle was cancelled",
    "Degenerated GC upgrading to Full GC",
    /* ZGC */
    "Load:", "MMU:", "Mark:", "Mark Stack Usage:", "NMethods:", "Small Pages:", "Medium Pages:",
    "Large Pages:", "Forwarding Usage:", "Relocation:", "Soft Refs:", "Weak Refs:", "Final Refs:",
    "Phantom Refs:", "Heap Statistics:", "Capacity:", "Used:", "Live:", "Allocated:", "Garbage:",
    "Reclaimed:", "Promoted:", "Compacted:", "Young Generation", "Old Generation", "Age Table:",
    "Allocation Stalls:", "Out Of Memory", "Clearing All SoftReferences", "Free headroom:", "Soft Max Heap Size:",
    /* reference processing summaries (gc,ref) */
    "Encountered references:", "Discovered  references:", "Enqueued    references:", "Soft:",
    "Weak:", "Final:", "Phantom:",
    /* Parallel adaptive size policy (gc,ergo debug) */
    "AdaptiveSize", "PSAdaptiveSizePolicy::", "PSYoungGen::", "old_gen_capacity:",
    "Young generation size:", "Old eden_size:", "Minor_pause:", "Live_space:", "Base_footprint:",
    "avg_", "Do scavenge:", "No full after scavenge", "minor pause:", "Serial collector GC overhead",
    "Periodic GC",
    /* metaspace OOM report (metaspace tags) */
    "Metaspace (class) allocation failed", "Metaspace (data) allocation failed", "Usage:",
    "Virtual space:", "Chunk freelists:", "CDS:", "MaxMetaspaceSize:", "CompressedClassSpaceSize:",
    "Initial GC threshold:", "Current GC threshold:", "MetaspaceReclaimPolicy:",
    "Internal statistics:", "num_", "Consider -XX:",
    /* Shenandoah statistics footer */
    "GC STATISTICS:",
    /* G1 remembered-set summaries and rebuild traces (gc+remset*=trace, also with
       -XX:G1SummarizeRSetStatsPeriod; their indented rows are known anyway) */
    "Before GC RS summary", "After GC RS summary", "Cumulative RS summary",
    "Recent concurrent refinement statistics", "Current rem set statistics", "Visited cards ",
    "Before rebuild region ", "After rebuild region ", "Rebuilt region ", "Remembered Set Tracking update regions",
    "Coarsening (recent):", "Coarsening (all):",
};

/* Without tags: is this one of the detail/banner messages we know? */
static bool known_info_message(const char *m, size_t n)
{
    if (n && (m[0] == ' ' || m[0] == '\t' || m[0] == '-' || m[0] == '='))
        return true; /* indented sub-detail lines, table rules, age table rows */
    for (size_t i = 0; i < sizeof info_prefixes / sizeof *info_prefixes; i++) {
        size_t l = strlen(info_prefixes[i]);
        if (n >= l && memcmp(m, info_prefixes[i], l) == 0)
            return true;
    }
    return false;
}

/* ----------------------------- decorators ------------------------------ */

struct deco {
    const char *tags;
    size_t tags_n;
    bool foreign; /* tags of a set whose lines are never events (foreign_tags) */
    bool level_seen;
    bool any;
};

static bool is_level(const char *s, size_t n)
{
    while (n && s[n - 1] == ' ')
        n--;
    return (n == 4 && !memcmp(s, "info", 4)) || (n == 5 && !memcmp(s, "debug", 5)) ||
           (n == 5 && !memcmp(s, "trace", 5)) || (n == 7 && !memcmp(s, "warning", 7)) ||
           (n == 5 && !memcmp(s, "error", 5)) || (n == 7 && !memcmp(s, "develop", 7));
}

/* Without a level decorator, a last bracket is tags only if it looks like
   GC/safepoint tags; otherwise it is a hostname ("[vm]"). */
static bool known_tag_start(const char *s, size_t n)
{
    return (n >= 2 && s[0] == 'g' && s[1] == 'c' && (n == 2 || s[2] == ',' || s[2] == ' ')) ||
           (n >= 9 && !memcmp(s, "safepoint", 9) && (n == 9 || s[9] == ',' || s[9] == ' '));
}

static bool is_tagchars(const char *s, size_t n)
{
    if (!n || !(s[0] >= 'a' && s[0] <= 'z'))
        return false;
    unsigned bad = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        bad |= !((unsigned)(c - 'a') < 26u || (unsigned)(c - '0') < 10u || c == ',' || c == '_' ||
                 c == ' ');
    }
    return !bad;
}

/* Tag sets whose lines are never events: not gc/safepoint, or gc statistics. */
static bool foreign_tags(const char *t, size_t n)
{
    if (STARTS(t, n, "gc,stats") || STARTS(t, n, "gc,heap,exit") || STARTS(t, n, "gc,age") ||
        STARTS(t, n, "gc,init") || STARTS(t, n, "gc,ergo") || STARTS(t, n, "gc,task"))
        return true;
    if (STARTS(t, n, "safepoint"))
        return n > 9 && t[9] == ','; /* safepoint,stats etc. */
    if (STARTS(t, n, "gc") && (n == 2 || t[2] == ','))
        return false;
    return true;
}

/* What one decorator is. Computed once per distinct text and bracket
   position (struct dc_entry cache): logs repeat the same decorators. */
static void classify_decorator(const char *c, size_t cn, bool level_seen, bool is_last,
                               struct dc_entry *r)
{
    r->kind = DK_FAIL;
    r->v = -1;
    r->tz = 0;
    r->tags_n = 0;
    r->foreign = false;
    while (cn && c[cn - 1] == ' ')
        cn--; /* padding: "[9748 ]", "[gc,heap     ]" */
    if (cn && is_digit(c[0])) {
        int64_t ms;
        int32_t tz;
        if (cn >= 19 && c[4] == '-' && (c[10] == 'T' || c[10] == ' ') &&
            parse_iso8601(c, cn, &ms, &tz, NULL) == cn) {
            r->kind = DK_WALL;
            r->v = ms;
            r->tz = tz;
            return;
        }
        int64_t v;
        size_t k = parse_dec_e9(c, cn, &v);
        if (k == cn) {
            r->kind = DK_SKIP; /* pid / tid: bare integer */
        } else if (k + 1 == cn && c[k] == 's') {
            r->kind = DK_UP;
            r->v = v;
        } else if (k + 2 == cn && c[k + 1] == 's' && (c[k] == 'm' || c[k] == 'n')) {
            int64_t iv = 0;
            parse_int(c, k, &iv);
            if (c[k] == 'm') {
                if (iv > 100000000000LL) { /* epoch millis */
                    r->kind = DK_WALL;
                    r->v = iv;
                } else {
                    r->kind = DK_UP;
                    r->v = sat_mul(iv, 1000000);
                }
            } else {
                if (iv > 100000000000000000LL) { /* epoch nanos */
                    r->kind = DK_WALL;
                    r->v = iv / 1000000;
                } else {
                    r->kind = DK_UP;
                    r->v = iv;
                }
            }
        }
    } else if (is_level(c, cn)) {
        r->kind = DK_LEVEL;
    } else if (is_tagchars(c, cn) && (level_seen || (is_last && known_tag_start(c, cn)))) {
        r->kind = DK_TAGS;
        r->tags_n = cn;
        r->foreign = foreign_tags(c, cn);
    } else if (cn && !memchr(c, ' ', cn)) {
        r->kind = DK_SKIP; /* hostname */
    }
}

/* Cache way of a decorator text: a multiplicative hash of its first 8 bytes
   and its length. Padded tag sets ("gc,heap     ", "gc,phases   ") share
   length and prefix, so a hash of one middle byte collided and thrashed. */
static inline unsigned dc_way(const char *c, size_t cn)
{
    uint64_t x = 0;
    if (cn >= 8)
        memcpy(&x, c, 8);
    else
        for (size_t j = 0; j < cn; j++)
            x |= (uint64_t)(unsigned char)c[j] << (8 * j);
    return (unsigned)(((x ^ cn) * 0x9E3779B97F4A7C15ULL) >> (64 - DC_WAYS_LOG2));
}

/* Cache set of a decorator run: a hash of all its bytes (a word at a time;
   padded tag columns make the first and last words of different runs equal). */
static inline unsigned dg_way(const char *c, size_t len)
{
    uint64_t h = len, w;
    size_t j = 0;
    for (; j + 8 <= len; j += 8) {
        memcpy(&w, c + j, 8);
        h = (h ^ w) * 0x9E3779B97F4A7C15ULL;
    }
    if (j < len) {
        /* the tail: the last 8 bytes (overlapping), or all of a short run */
        w = 0;
        if (len >= 8)
            memcpy(&w, c + len - 8, 8);
        else
            for (size_t k = 0; k < len; k++)
                w |= (uint64_t)(unsigned char)c[k] << (8 * k);
        h = (h ^ w) * 0x9E3779B97F4A7C15ULL;
    }
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    return (unsigned)h & (DG_SETS - 1);
}

/*
 * The time decorator changes on every line, mostly in its seconds and
 * milliseconds only: keep the last one classify_decorator read as DK_WALL
 * (parse_iso8601 took it whole), and read a text that differs from it in
 * SS and mmm only as its base plus those -- what parse_iso8601 gives, as
 * every other byte (date, zone, where the parse stops) is the same, and
 * seconds over 60 are refused here as there.
 */
static void wall_store(struct up *p, const char *c, size_t cn, int64_t ms, int32_t tz)
{
    if (cn < 19 || cn > sizeof p->tm_txt)
        return;
    memcpy(p->tm_txt, c, cn);
    p->tm_n = cn;
    p->tm_ms = ms;
    p->tm_tz = tz;
    p->tm_lin = cn >= 23 && is_digit(c[17]) && is_digit(c[18]) && (c[19] == '.' || c[19] == ',') &&
                is_digit(c[20]) && is_digit(c[21]) && is_digit(c[22]) && (cn == 23 || !is_digit(c[23]));
    if (p->tm_lin)
        p->tm_base_ms = ms - ((c[17] - '0') * 10 + (c[18] - '0')) * 1000 -
                        ((c[20] - '0') * 100 + (c[21] - '0') * 10 + (c[22] - '0'));
    p->ff_on = p->tm_lin && cn + 3 <= 32;
    p->ff_a2 = 0;
    if (p->ff_on) {
        char w[32] = {0};
        w[0] = '[';
        memcpy(w + 1, c, cn);
        w[cn + 1] = ']';
        w[cn + 2] = '[';
        memcpy(p->ff_w, w, sizeof w);
        size_t last = cn + 3 - 24; /* bytes of the last word: 2..8 */
        p->ff_m3 = last >= 8 ? ~0ULL : (1ULL << (8 * last)) - 1;
    }
}

/* c[0..p->tm_n) (followed by ']') reads as the memo says: its value in *ms. */
static inline __attribute__((always_inline)) bool wall_memo(const struct up *p, const char *c, size_t avail, int64_t *ms)
{
    size_t n = p->tm_n;
    if (!p->tm_lin) {
        if (!eq_short(c, p->tm_txt, n))
            return false;
        *ms = p->tm_ms;
        return true;
    }
    /* (the same text again is base + its own SS.mmm too) */
#ifdef SWAR_DIGITS
    if (avail >= 24) {
        /* three words: bytes 0-16, 19 and 23 as the memo's, 17, 18 and
           20-22 digits; then the rest (the zone) */
        uint64_t a0, a1, a2, m0, m1, m2;
        memcpy(&a0, c, 8);
        memcpy(&a1, c + 8, 8);
        memcpy(&a2, c + 16, 8);
        memcpy(&m0, p->tm_txt, 8);
        memcpy(&m1, p->tm_txt + 8, 8);
        memcpy(&m2, p->tm_txt + 16, 8);
        uint64_t eqm = n > 23 ? 0xFF000000FF0000FFULL : 0x00000000FF0000FFULL;
        uint64_t bad = ((a2 & 0xF0F0F0F0F0F0F0F0ULL) ^ 0x3030303030303030ULL) |
                       (((a2 & 0x0F0F0F0F0F0F0F0FULL) + 0x0606060606060606ULL) & 0x1010101010101010ULL);
        if ((a0 ^ m0) | (a1 ^ m1) | ((a2 ^ m2) & eqm) | (bad & 0x00FFFFFF00FFFF00ULL))
            return false;
        if (n > 24 && !eq_cached(c + 24, avail - 24, p->tm_txt + 24, n - 24))
            return false;
    } else
#endif
    if (!eq_short(c, p->tm_txt, 17) || c[19] != p->tm_txt[19] || !eq_cached(c + 23, avail - 23, p->tm_txt + 23, n - 23) ||
        !is_digit(c[17]) || !is_digit(c[18]) || !is_digit(c[20]) || !is_digit(c[21]) || !is_digit(c[22]))
        return false;
    int se = (c[17] - '0') * 10 + (c[18] - '0');
    if (se > 60)
        return false;
    *ms = p->tm_base_ms + se * 1000 + ((c[20] - '0') * 100 + (c[21] - '0') * 10 + (c[22] - '0'));
    return true;
}

/* Way in dg_pre of a run that starts with the 16 bytes at t. */
static inline unsigned dg_pre_way(const char *t)
{
    uint64_t a, b;
    memcpy(&a, t, 8);
    memcpy(&b, t + 8, 8);
    return (unsigned)(((a ^ (b * 0x9E3779B97F4A7C15ULL)) * 0xBF58476D1CE4E5B9ULL) >> (64 - DG_PRE_LOG2));
}

/* The run g was matched or stored: try it first next time, and for runs
   with its first 16 bytes (tag sets alternate: gc,phases, gc,heap, gc). */
static inline void dg_note(struct up *p, const struct dg_entry *g)
{
    p->dg_last = g;
    if (g->n >= 16)
        p->dg_pre[dg_pre_way(g->txt)] = g;
}

/* A stored run t[0..avail) starts with (its text ends with the space
   before the message, so it is the whole run), or NULL. */
static inline __attribute__((always_inline)) const struct dg_entry *dg_find(struct up *p, const char *t, size_t avail)
{
    const struct dg_entry *g = p->dg_last;
    if (g && g->n <= avail && eq_short(g->txt, t, g->n))
        return g;
    if (avail >= 16) {
        g = p->dg_pre[dg_pre_way(t)];
        if (g && g->n <= avail && eq_short(g->txt, t, g->n)) {
            p->dg_last = g;
            return g;
        }
    }
    return NULL;
}

/* "[293ms]" (uptimemillis, timemillis), "[...ns]": digits iv before unit
   'm' or 'n' tell an uptime from a wall clock by their size */
static inline __attribute__((always_inline)) void up_ms_ns(struct up *p, int64_t iv, char unit, struct deco *d)
{
    bool wall = unit == 'm' ? iv > 100000000000LL : iv > 100000000000000000LL;
    int64_t val = unit == 'm' ? (wall ? iv : sat_mul(iv, 1000000)) : (wall ? iv / 1000000 : iv);
    if (!wall && p->up_ns < 0) {
        p->up_ns = val;
    } else if (wall && p->wall_ms < 0) {
        p->wall_ms = val;
        p->tz = 0;
    }
    d->any = true;
}

/*
 * c[0..lim) after a '[': "293ms]" (uptimemillis, timemillis) or "...ns]",
 * the integer read once as parse_int reads it, and what classify_decorator
 * makes of it, stored. Returns the bytes through the ']', or 0 when it is
 * not such a bracket (a fraction, "s]": the general way).
 */
static inline __attribute__((always_inline)) size_t up_int_bracket(struct up *p, const char *c, size_t lim, struct deco *d)
{
    size_t k;
    int64_t iv = lead_int(c, lim, &k);
    if (!(k + 2 < lim && (c[k] == 'm' || c[k] == 'n') && c[k + 1] == 's' && c[k + 2] == ']'))
        return 0;
    up_ms_ns(p, iv, c[k], d);
    return k + 3;
}

/* The uptime memo: text c[0..un) (through its ']'), value ns; cpy >= un
   bytes of c are copied. */
static inline void up_memo_store(struct up *p, const char *c, size_t cpy, size_t un, int64_t ns)
{
    memcpy(p->up_txt, c, cpy);
    p->up_txt_n = un;
    p->up_txt_ns = ns;
    p->up_m0 = un > 16 ? 0 : un >= 8 ? ~0ULL : (1ULL << (8 * un)) - 1;
    p->up_m1 = un > 16 ? 0 : un <= 8 ? 0 : un == 16 ? ~0ULL : (1ULL << (8 * (un - 8))) - 1;
    p->up_l0 = p->up_l1 = 0;
}

/*
 * The frame nearly every line of a G1/Parallel/Serial log has,
 * "[2022-01-29T16:34:51.702+0000][1383ms][info][gc,phases   ] ": the time
 * as the memo with other seconds and milliseconds (four word compares and
 * one digit test, wall_memo()'s reading), an uptime in ms as the uptime
 * memo or at most 7 digits (up_int_bracket()'s), and a stored level+tags run
 * found by the hash of its first 16 bytes (dg_find()'s). Sets what
 * parse_decorators() would and returns the offset of the message; 0, having
 * changed nothing but the memos, for anything else.
 */
static inline __attribute__((always_inline)) size_t frame_fast(struct up *p, const char *s, size_t n, struct deco *d)
{
#ifdef SWAR_DIGITS
    size_t L = p->tm_n + 2; /* the uptime's '[' */
    if (!p->ff_on || n < L + 1 + 16 + 16)
        return 0;
    uint64_t a0, a1, a2, a3;
    memcpy(&a0, s, 8);
    memcpy(&a1, s + 8, 8);
    memcpy(&a2, s + 16, 8);
    memcpy(&a3, s + 24, 8);
    uint64_t diff = (a0 ^ p->ff_w[0]) | (a1 ^ p->ff_w[1]) | ((a3 ^ p->ff_w[3]) & p->ff_m3);
    int64_t wall;
    if (a2 == p->ff_a2) {
        /* the same SS.mmm as the line before (most lines): its time */
        if (diff)
            return 0;
        wall = p->ff_ms;
    } else {
        /* bytes 18, 19 (SS) and 21-23 (mmm) are digits, the others the memo's */
        const uint64_t dig = 0xFFFFFF00FFFF0000ULL;
        uint64_t bad = ((a2 & 0xF0F0F0F0F0F0F0F0ULL) ^ 0x3030303030303030ULL) |
                       (((a2 & 0x0F0F0F0F0F0F0F0FULL) + 0x0606060606060606ULL) & 0x1010101010101010ULL);
        if (diff | ((a2 ^ p->ff_w[2]) & ~dig) | (bad & dig))
            return 0;
        uint64_t x = (a2 & dig) - (0x3030303030303030ULL & dig);
        unsigned se = (unsigned)((x >> 16) & 0xFF) * 10 + (unsigned)((x >> 24) & 0xFF);
        if (se > 60)
            return 0;
        unsigned mmm = (unsigned)((x >> 40) & 0xFF) * 100 + (unsigned)((x >> 48) & 0xFF) * 10 + (unsigned)(x >> 56);
        wall = p->tm_base_ms + se * 1000 + mmm;
        p->ff_a2 = a2;
        p->ff_ms = wall;
    }
    const char *c = s + L + 1;
    uint64_t u0, u1, w0, w1;
    memcpy(&u0, c, 8);
    memcpy(&u1, c + 8, 8);
    memcpy(&w0, p->up_txt, 8);
    memcpy(&w1, p->up_txt + 8, 8);
    size_t k;
    int64_t up;
    if (p->up_m0 && !(((u0 ^ w0) & p->up_m0) | ((u1 ^ w1) & p->up_m1))) {
        k = p->up_txt_n;
        up = p->up_txt_ns;
    } else {
        if ((p->up_l0 | p->up_l1) && !(((u0 ^ w0) & p->up_l0) | ((u1 ^ w1) & p->up_l1)) &&
            is_digit(c[p->up_lpos])) {
            /* the memo's digits but the last: the next millisecond or so */
            size_t lp = p->up_lpos;
            k = p->up_txt_n;
            up = p->up_txt_ns + (int64_t)(c[lp] - p->up_txt[lp]) * 1000000;
            p->up_txt[lp] = c[lp];
            p->up_txt_ns = up;
        } else {
            unsigned a = swar_lead_digits(u0);
            if (a == 0 || a == 8 || c[a] != 'm' || c[a + 1] != 's' || c[a + 2] != ']')
                return 0;
            k = a + 3;
            up = (int64_t)swar_digits_value(u0, a) * 1000000; /* under 1e7 ms: an uptime */
            up_memo_store(p, c, 16, k, up);
            /* (a <= 7: the last digit is in the first word) */
            p->up_lpos = a - 1;
            p->up_l0 = p->up_m0 & ~(0xFFULL << (8 * (a - 1)));
            p->up_l1 = p->up_m1;
        }
    }
    const char *r = c + k; /* the run */
    size_t avail = (size_t)(s + n - r);
    if (avail < 16 || r[0] != '[' || is_digit(r[1]))
        return 0;
    const struct dg_entry *g = p->dg_pre[dg_pre_way(r)];
    if (!g || g->n > avail || !eq_short(g->txt, r, g->n))
        return 0;
    p->wall_ms = wall;
    p->tz = p->tm_tz;
    p->up_ns = up;
    d->any = true;
    d->level_seen = g->level_seen;
    d->tags = g->tags_off ? r + g->tags_off : NULL;
    d->tags_n = g->tags_off ? g->tags_n : 0;
    d->foreign = g->tags_off ? g->foreign : false;
    return (size_t)(r - s) + g->n;
#else
    (void)p;
    (void)s;
    (void)n;
    (void)d;
    return 0;
#endif
}

/*
 * Parse leading decorators, set p->up_ns/wall_ms/tz and d. Returns the
 * offset of the message.
 */
static size_t parse_decorators(struct up *p, const char *s, size_t n, struct deco *d)
{
    size_t i = 0;
    d->tags = NULL;
    d->tags_n = 0;
    d->level_seen = false;
    d->any = false;
    d->foreign = false;
    p->up_ns = -1;
    p->wall_ms = -1;
    p->tz = 0;
    size_t g0 = SIZE_MAX;       /* start of the letter-led run being parsed */
    struct dg_entry *ge = NULL; /* its cache entry */
    bool g_plain = true;        /* the run held only level/tags/hostname brackets */
    unsigned bi = 0;
    /*
     * The usual frame, "[time][uptime][level][tags] " with the time as the
     * memo and the run after the uptime as the last one, taken in one go:
     * what the loop below does for those brackets, in its order, without
     * its turns (the first bracket cannot match the uptime memo: its 5th
     * byte is the date's '-'). Anything else goes on in the loop from the
     * bracket where it differs.
     */
    size_t ftn = p->tm_n;
    int64_t fwms;
    if (ftn && n > ftn + 2 && s[0] == '[' && s[ftn + 1] == ']' && s[5] == '-' && wall_memo(p, s + 1, n - 1, &fwms)) {
        p->wall_ms = fwms;
        p->tz = p->tm_tz;
        d->any = true;
        i = ftn + 2;
        bi = 1;
        if (i + 1 < n && s[i] == '[' && is_digit(s[i + 1])) {
            const char *c = s + i + 1;
            size_t lim = n - i - 1 < 82 ? n - i - 1 : 82;
            size_t un = p->up_txt_n, k = 0;
            if (un && un <= lim && eq_cached(c, n - i - 1, p->up_txt, un)) {
                p->up_ns = p->up_txt_ns;
                k = un;
            } else if (!(ftn < lim && c[ftn] == ']' && c[4] == '-')) {
                k = up_int_bracket(p, c, lim, d);
                /* "[813ms]" repeats on more than half the lines of a G1
                   log: kept as the uptime memo (text through "]", read the
                   same by the loop below), a fixed-size copy. Only an
                   uptime: a timemillis value is a wall time. */
                if (k && k <= 16 && lim >= 16 && p->up_ns >= 0)
                    up_memo_store(p, c, 16, k, p->up_ns);
            }
            if (k) {
                i += k + 1;
                bi = 2;
                const struct dg_entry *lg;
                if (i + 1 < n && s[i] == '[' && !is_digit(s[i + 1]) && (lg = dg_find(p, s + i, n - i))) {
                    d->level_seen = lg->level_seen;
                    if (lg->tags_off) {
                        d->tags = s + i + lg->tags_off;
                        d->tags_n = lg->tags_n;
                        d->foreign = lg->foreign;
                    }
                    return i + lg->n;
                }
            }
        }
    }
    for (; i < n && s[i] == '['; bi++) {
        const char *c = s + i + 1;
        size_t lim = n - i - 1 < 82 ? n - i - 1 : 82;
        if (g0 == SIZE_MAX && lim && !is_digit(c[0])) {
            /* runs come in streaks (five gc,phases lines, six gc,heap
               lines): try the last one matched before hashing */
            const struct dg_entry *lg = dg_find(p, s + i, n - i);
            if (lg) {
                d->any = true;
                d->level_seen = lg->level_seen;
                if (lg->tags_off) {
                    d->tags = s + i + lg->tags_off;
                    d->tags_n = lg->tags_n;
                    d->foreign = lg->foreign;
                }
                return i + lg->n;
            }
            /* First letter-led bracket: level and tags repeat across lines,
               so look the whole run up at once. Its candidate end is the
               first "] ": inside a run every ']' is followed by '['. Only
               runs the slow path below parsed in full, with nothing but
               level/tags/hostname brackets (which leave no state but d), are
               stored, so an exact text match gives exactly its result. */
            size_t rn = n - i < DG_TXT ? n - i : DG_TXT, e = 0;
            for (;;) {
                const char *q = find_close(s + i + e, rn - e);
                if (!q)
                    break;
                e = (size_t)(q - (s + i)) + 1;
                if (e < rn && s[i + e] == ' ') {
                    e++;
                    break;
                }
            }
            if (e >= 2 && s[i + e - 1] == ' ') {
                unsigned set = dg_way(s + i, e);
                ge = &p->dg[set][0];
                if (!(ge->n == e && eq_short(ge->txt, s + i, e)))
                    ge = &p->dg[set][1];
                if (ge->n == e && eq_short(ge->txt, s + i, e)) {
                    p->dg_old[set] = ge == &p->dg[set][0];
                    dg_note(p, ge);
                    d->any = true;
                    d->level_seen = ge->level_seen;
                    if (ge->tags_off) {
                        d->tags = s + i + ge->tags_off;
                        d->tags_n = ge->tags_n;
                        d->foreign = ge->foreign;
                    }
                    return i + e;
                }
            }
            g0 = i;
        }
        if (lim && is_digit(c[0])) {
            if (g0 != SIZE_MAX)
                g_plain = false; /* numbers after a level: unusual, not cached */
            /* Uptime "[12.345s]" changes on nearly every line, so the text
               cache below would only miss; parse it in place. Same result
               as classify_decorator's DK_UP branch: digits and a fraction
               cannot contain ']' or make c[4] a date's '-'. */
            /* Consecutive lines often share it: compare with the last one
               (text through "s]") before parsing. */
            size_t un = p->up_txt_n;
            if (un && un <= lim && eq_cached(c, n - i - 1, p->up_txt, un)) {
                if (p->up_ns < 0)
                    p->up_ns = p->up_txt_ns;
                d->any = true;
                i += un + 1;
                continue;
            }
            /* "[2022-01-29T16:34:51.702+0000]": see wall_memo() (the text
               through tm_n holds no ']': the ']' after it is the first) */
            size_t tn = p->tm_n;
            int64_t wms;
            if (tn && tn < lim && c[tn] == ']' && c[4] == '-' && wall_memo(p, c, n - i - 1, &wms)) {
                if (p->wall_ms < 0) {
                    p->wall_ms = wms;
                    p->tz = p->tm_tz;
                }
                d->any = true;
                i += tn + 2;
                continue;
            }
            /* "[293ms]" (uptimemillis, timemillis), "[...ns]": the integer
               read once, as parse_int reads it; a fraction or "s]" goes
               the way below */
            {
                size_t k = up_int_bracket(p, c, lim, d);
                if (k) {
                    i += k + 1;
                    continue;
                }
            }
            int64_t v;
            size_t k = parse_dec_e9(c, lim, &v);
            if (k + 1 < lim && c[k] == 's' && c[k + 1] == ']') {
                if (k + 2 <= sizeof p->up_txt)
                    up_memo_store(p, c, k + 2, k + 2, v);
                if (p->up_ns < 0)
                    p->up_ns = v;
                d->any = true;
                i += k + 3;
                continue;
            }
            if (k + 2 < lim && (c[k] == 'm' || c[k] == 'n') && c[k + 1] == 's' && c[k + 2] == ']') {
                /* "[293ms]" (uptimemillis, timemillis), "[...ns]": classify_decorator's
                   reading of the digits before the unit, in place */
                int64_t iv = 0;
                parse_int(c, k, &iv);
                up_ms_ns(p, iv, c[k], d);
                i += k + 4;
                continue;
            }
        }
        const char *close = find_close(c, lim);
        if (!close)
            break;
        size_t cn = (size_t)(close - c);
        bool is_last = close + 1 >= s + n || close[1] != '[';
        unsigned char key = (unsigned char)(d->level_seen | (is_last << 1));
        /* several entries per position: tag sets alternate line by line */
        unsigned way = dc_way(c, cn);
        struct dc_entry tmp, *e = bi < DC_N ? &p->dc[bi][way] : NULL;
        if (!(e && e->n == cn && e->key == key && cn <= DC_TXT && eq_short(e->txt, c, cn))) {
            classify_decorator(c, cn, d->level_seen, is_last, &tmp);
            if (e && cn <= DC_TXT) {
                memcpy(e->txt, c, cn);
                e->n = (unsigned char)cn;
                e->key = key;
                e->kind = tmp.kind;
                e->v = tmp.v;
                e->tz = tmp.tz;
                e->tags_n = tmp.tags_n;
                e->foreign = tmp.foreign;
            } else {
                e = &tmp;
            }
        }
        switch (e->kind) {
        case DK_WALL:
            if (p->wall_ms < 0) {
                p->wall_ms = e->v;
                p->tz = e->tz;
            }
            if (is_digit(c[0]) && c[4] == '-' && (cn == 0 || c[cn - 1] != ' '))
                wall_store(p, c, cn, e->v, e->tz);
            break;
        case DK_UP:
            if (p->up_ns < 0)
                p->up_ns = e->v;
            break;
        case DK_LEVEL:
            d->level_seen = true;
            break;
        case DK_TAGS:
            d->tags = c;
            d->tags_n = e->tags_n;
            d->foreign = e->foreign;
            break;
        case DK_SKIP:
            break;
        default:
            goto done;
        }
        if (g0 != SIZE_MAX && e->kind != DK_LEVEL && e->kind != DK_TAGS && e->kind != DK_SKIP)
            g_plain = false;
        d->any = true;
        i = (size_t)(close - s) + 1;
    }
    /* remember a completed letter-led run (see above); the stored text ends
       with the space so that it cannot match a longer run */
    if (ge && g_plain && i < n && s[i] == ' ' && i + 1 - g0 <= DG_TXT) {
        size_t len = i + 1 - g0;
        unsigned set = dg_way(s + g0, len);
        struct dg_entry *g = &p->dg[set][p->dg_old[set]];
        p->dg_old[set] ^= 1;
        memcpy(g->txt, s + g0, len);
        g->n = (unsigned char)len;
        g->level_seen = d->level_seen;
        g->tags_off = d->tags ? (unsigned char)(d->tags - (s + g0)) : 0;
        g->tags_n = (unsigned char)d->tags_n;
        g->foreign = d->foreign;
        dg_note(p, g);
    }
done:
    if (i < n && s[i] == ' ')
        i++;
    return i;
}

/* ------------------------------- line --------------------------------- */

static void line(void *vp, const char *s, size_t n, uint64_t lineno)
{
    struct up *p = vp;
    /* (a line ending in a byte above ' ' and starting with '[' has nothing
       to trim and is not blank: one test each) */
    if (!n || (unsigned char)s[n - 1] <= ' ')
        while (n && (s[n - 1] == '\r' || s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '\t'))
            n--;
    if (!n || s[0] != '[') {
        size_t lead = 0;
        while (lead < n && (s[lead] == ' ' || s[lead] == '\t'))
            lead++;
        if (lead == n)
            return; /* blank */
    }
    p->lineno = lineno;
    p->raw = s;
    p->raw_len = n;
    struct deco d;
    size_t off = frame_fast(p, s, n, &d);
    if (!off)
        off = parse_decorators(p, s, n, &d);
    struct gc_parse_ctx *ctx = p->ctx;
    if (p->up_ns >= 0) {
        if (ctx->first_uptime_ns < 0)
            ctx->first_uptime_ns = p->up_ns;
        ctx->last_uptime_ns = p->up_ns;
    }
    if (p->wall_ms >= 0) {
        if (ctx->first_wall_ms < 0)
            ctx->first_wall_ms = p->wall_ms;
        ctx->last_wall_ms = p->wall_ms;
    }
    if (!d.any) {
        /* no decorators: either a log written with decorators "none", or the
           continuation of a multi-line message of another tag set */
        if (p->seen_decorated && p->last_was_foreign) {
            info(p);
            return;
        }
    } else {
        p->seen_decorated = true;
        p->last_was_foreign = d.foreign;
        if (p->last_was_foreign) {
            /* but pick up what banners tell us */
            const char *m = s + off;
            size_t mn = n - off;
            if (STARTS(m, mn, "Version: "))
                note_version(p, m + 9, mn - 9);
            else if (STARTS(m, mn, "Heap Region Size: ") || STARTS(m, mn, "Heap region size: ")) {
                int64_t kb;
                if (parse_size_kb(m + 18, mn - 18, &kb))
                    p->region_kb = kb;
            } else if (STARTS(m, mn, "Heap Max Capacity: "))
                note_heap_max(p, m + 19, mn - 19);
            else if (STARTS(m, mn, "Using "))
                on_using(p, m, mn);
            else if (STARTS(m, mn, "Initializing The Z Garbage Collector"))
                set_collector(p, GC_COLL_ZGC);
            else if (FIND(m, mn, "Generational") && (FIND(m, mn, "Shenandoah") || STARTS(m, mn, "GC Mode") || STARTS(m, mn, "Mode")))
                set_collector(p, GC_COLL_SHENANDOAH_GEN);
            info(p);
            return;
        }
    }
    const char *m = s + off;
    size_t mn = n - off;
    while (mn && (*m == ' ' || *m == '\t') && !d.any) {
        m++;
        mn--;
    }
    int64_t gc_id = -1;
    uint64_t w0, w1;
    if (p->id_fn && mn >= 16 && (memcpy(&w0, m, 8), memcpy(&w1, m + 8, 8),
                                 !(((w0 ^ p->id_w[0]) & p->id_m[0]) | ((w1 ^ p->id_w[1]) & p->id_m[1])))) {
        /* the last line's "GC(N) " again: what the reading below gives */
        gc_id = p->id_fval;
        m += p->id_fn;
        mn -= p->id_fn;
    } else if (STARTS(m, mn, "GC(")) {
        const char *m0 = m;
        size_t mn0 = mn;
        int64_t id;
        size_t k;
        /* the lines of one collection follow each other: reuse the last
           id's digits (stored with their ')') when they match */
        if (p->id_txt_n && p->id_txt_n <= mn - 3 && eq_cached(m + 3, mn - 3, p->id_txt, p->id_txt_n)) {
            k = p->id_txt_n - 1;
            id = p->id_txt_val;
        } else {
            k = parse_int(m + 3, mn - 3, &id);
            if (k && 3 + k < mn && m[3 + k] == ')' && k + 1 <= sizeof p->id_txt) {
                memcpy(p->id_txt, m + 3, k + 1);
                p->id_txt_n = k + 1;
                p->id_txt_val = id;
            }
        }
        if (k && 3 + k < mn && m[3 + k] == ')') {
            gc_id = id;
            m += 4 + k;
            mn -= 4 + k;
            if (mn && *m == ' ') {
                m++;
                mn--;
                size_t fn = 5 + k;
                if (fn <= 16 && mn0 >= 16) {
                    memcpy(p->id_w, m0, 16);
                    p->id_m[0] = fn >= 8 ? ~0ULL : (1ULL << (8 * fn)) - 1;
                    p->id_m[1] = fn <= 8 ? 0 : fn == 16 ? ~0ULL : (1ULL << (8 * (fn - 8))) - 1;
                    p->id_fn = fn;
                    p->id_fval = id;
                }
            }
        }
    }
    /* (out of the footer and not starting one, there is nothing to change) */
    if (p->in_footer || (mn && (m[0] == 'G' || m[0] == 'A'))) {
        if (mn && (m[0] == 'G' || m[0] == 'A') &&
            (STARTS(m, mn, "GC STATISTICS:") || STARTS(m, mn, "All times are wall-clock times")))
            p->in_footer = true; /* Shenandoah exit / per-cycle (gc+stats) tables */
        else if (gc_id >= 0)
            p->in_footer = false;
    }
    if (p->in_footer) {
        /* the exit statistics table: its rows ("Pause Init Mark (G) = ...")
           look like phases but are totals, never events */
        info(p);
        return;
    }
    char gen = 0;
    if (mn >= 3 && m[1] == ':' && m[2] == ' ' &&
        (m[0] == 'Y' || m[0] == 'O' || m[0] == 'y' || m[0] == 'o')) {
        gen = (m[0] == 'y' || m[0] == 'Y') ? 'Y' : 'O';
        m += 3;
        mn -= 3;
        set_collector(p, GC_COLL_ZGC_GEN);
    }
    if (mn == 0) {
        info(p);
        return;
    }
    bool ok = false;
    switch (m[0]) {
    case 'P':
        if (STARTS(m, mn, "Pause "))
            ok = on_pause(p, m, mn, gc_id, gen);
        else if (STARTS(m, mn, "PSYoungGen:"))
            ok = on_gen_sizes(p, m, mn, gc_id, 0, 11);
        else if (STARTS(m, mn, "ParOldGen:"))
            ok = on_gen_sizes(p, m, mn, gc_id, 1, 10);
        else if (STARTS(m, mn, "ParNew:"))
            ok = on_gen_sizes(p, m, mn, gc_id, 0, 7);
        break;
    case 'C':
        if (STARTS(m, mn, "Concurrent ") || STARTS(m, mn, "Coalescing and filling"))
            ok = on_concurrent(p, m, mn, gc_id, gen); /* the latter: generational Shenandoah old */
        else if (STARTS(m, mn, "CMS:"))
            ok = on_gen_sizes(p, m, mn, gc_id, 1, 4);
        break;
    case 'G':
        if (STARTS(m, mn, "Garbage Collection ("))
            ok = on_zgc_collection(p, m, mn, gc_id, 0);
        break;
    case 'M':
        if (STARTS(m, mn, "Major Collection ("))
            ok = on_zgc_collection(p, m, mn, gc_id, GCF_GEN_OLD);
        else if (STARTS(m, mn, "Minor Collection ("))
            ok = on_zgc_collection(p, m, mn, gc_id, GCF_GEN_YOUNG);
        else if (STARTS(m, mn, "Metaspace: ")) {
            if (gc_id >= 0 && on_gen_sizes(p, m, mn, gc_id, 2, 11))
                ok = true;
            else {
                /* Shenandoah logs it after the cycle without an id; ZGC as
                   "Metaspace: 17M used, 17M committed, ..." */
                info(p);
                ok = true;
            }
        }
        break;
    case 'A':
        if (STARTS(m, mn, "Allocation Stall ("))
            ok = on_stall(p, m, mn, gc_id, 16);
        break;
    case 'R':
        if (STARTS(m, mn, "Relocation Stall ("))
            ok = on_stall(p, m, mn, gc_id, 16);
        break;
    case 'S':
        if (STARTS(m, mn, "Safepoint \""))
            ok = on_safepoint_new(p, m, mn);
        else if (STARTS(m, mn, "Survivor regions:"))
            ok = on_regions(p, m, mn, gc_id, 1, 17);
        break;
    case 'T':
        if (STARTS(m, mn, "Total time for which application threads were stopped:"))
            ok = on_safepoint_old(p, m, mn);
        else if (STARTS(m, mn, "To-space exhausted") || STARTS(m, mn, "To-space Exhausted")) {
            struct gcid_slot *sl = slot_get(p, gc_id);
            if (sl)
                sl->flags |= GCF_TO_SPACE_EXHAUSTED | GCF_EVAC_FAILURE;
            ok = true;
        } else if (STARTS(m, mn, "Trigger: ")) {
            on_trigger(p, m, mn);
            ok = true;
        } else if (STARTS(m, mn, "Trigger (")) {
            /* generational Shenandoah: "Trigger (Young): <reason>" */
            const char *c = FIND(m, mn, "): ");
            if (c && (size_t)(c - m) < 16) {
                size_t roff = (size_t)(c + 3 - m);
                /* on_trigger reads the reason 9 bytes after its pointer */
                on_trigger(p, c + 3 - 9, mn - roff + 9);
            }
            set_collector(p, GC_COLL_SHENANDOAH_GEN);
            ok = true;
        } else if (STARTS(m, mn, "Tenured: "))
            ok = on_gen_sizes(p, m, mn, gc_id, 1, 8);
        break;
    case 'D':
        if (STARTS(m, mn, "DefNew: "))
            ok = on_gen_sizes(p, m, mn, gc_id, 0, 7);
        break;
    case 'E':
        if (STARTS(m, mn, "Eden regions:"))
            ok = on_regions(p, m, mn, gc_id, 0, 13);
        else if (STARTS(m, mn, "Entering safepoint region: ")) {
            p->last_vmop = intern(p, m + 27, mn - 27);
            info(p);
            ok = true;
        }
        break;
    case 'O':
        if (STARTS(m, mn, "Old regions:"))
            ok = on_regions(p, m, mn, gc_id, 2, 12);
        else if (STARTS(m, mn, "Old: "))
            ok = on_gen_sizes(p, m, mn, gc_id, 1, 4);
        break;
    case 'H':
        if (STARTS(m, mn, "Humongous regions:"))
            ok = on_regions(p, m, mn, gc_id, 3, 18);
        else if (STARTS(m, mn, "Heap Region Size: ") || STARTS(m, mn, "Heap region size: ")) {
            int64_t kb;
            if (parse_size_kb(m + 18, mn - 18, &kb))
                p->region_kb = kb;
            set_collector(p, GC_COLL_G1);
            info(p);
            ok = true;
        } else if (STARTS(m, mn, "Heap Max Capacity: ")) {
            note_heap_max(p, m + 19, mn - 19);
            info(p);
            ok = true;
        }
        break;
    case 'U':
        if (STARTS(m, mn, "User="))
            ok = on_cpu(p, m, mn, gc_id);
        else if (STARTS(m, mn, "Using ") && on_using(p, m, mn)) {
            info(p);
            ok = true;
        }
        break;
    case 'V':
        if (STARTS(m, mn, "Version: ")) {
            note_version(p, m + 9, mn - 9);
            info(p);
            ok = true;
        }
        break;
    default:
        break;
    }
    if (ok)
        return;
    if (d.tags && !(d.tags_n == 2 || STARTS(d.tags, d.tags_n, "gc,start") ||
                    STARTS(d.tags, d.tags_n, "gc,cpu") || (d.tags_n == 9 && STARTS(d.tags, d.tags_n, "safepoint")))) {
        /* a detail tag set (gc,heap / gc,phases / gc,marking / ...) whose
           message we do not model */
        info(p);
        return;
    }
    if (known_info_message(m, mn)) {
        info(p);
        return;
    }
    if (!d.any && !p->seen_decorated)
        unknown(p, "unified: line without decorators not understood");
    else
        unknown(p, "unified: unknown message");
}

/* ------------------------------ lifecycle ------------------------------ */

static void *create(struct gc_parse_ctx *ctx)
{
    struct up *p = xcalloc(1, sizeof *p);
    p->ctx = ctx;
    for (int i = 0; i < GCID_SLOTS; i++)
        p->slot[i].id = -1;
    p->region_kb = -1;
    if (ctx->first_uptime_ns == 0 && ctx->last_uptime_ns == 0)
        ctx->first_uptime_ns = ctx->last_uptime_ns = -1; /* caller left zeros */
    if (ctx->first_wall_ms == 0 && ctx->last_wall_ms == 0)
        ctx->first_wall_ms = ctx->last_wall_ms = -1;
    return p;
}

static void finish(void *vp)
{
    struct up *p = vp;
    /* nested pauses whose outer pause never completed: report them as logged */
    for (int i = 0; i < GCID_SLOTS; i++)
        if (p->slot[i].id >= 0 && p->slot[i].have_nested) {
            p->slot[i].have_nested = false;
            emit_ordered(p, &p->slot[i].nested);
        }
    /* close open Shenandoah cycles in id order */
    for (;;) {
        struct gcid_slot *best = NULL;
        for (int i = 0; i < GCID_SLOTS; i++)
            if (p->slot[i].id >= 0 && p->slot[i].cycle_open && (!best || p->slot[i].id < best->id))
                best = &p->slot[i];
        if (!best)
            break;
        close_cycle(p, best);
        /* close_cycle leaves a cycle that was already reported (cycle_done)
           open: without this, such a slot (a reused id, e.g. concatenated
           logs) was picked again forever */
        best->cycle_open = false;
    }
    flush_pending(p);
}

static void destroy(void *vp) { free(vp); }

/* ---------------------- parallel reading (gc_parse.h) ---------------------- */

static void *par_clone(const void *vp, struct gc_parse_ctx *ctx)
{
    const struct up *p = vp;
    struct up *q = xmalloc(sizeof *q);
    memcpy(q, p, sizeof *q);
    q->ctx = ctx;
    /* the only pointers into the struct itself */
    if (p->dg_last)
        q->dg_last = &q->dg[0][0] + (p->dg_last - &p->dg[0][0]);
    for (unsigned i = 0; i < DG_PRE; i++)
        if (p->dg_pre[i])
            q->dg_pre[i] = &q->dg[0][0] + (p->dg_pre[i] - &p->dg[0][0]);
    return q;
}

/*
 * The state with what cannot change the parser's output cleared: the
 * caches (each maps a text to what parsing it gives, so a hit and a miss
 * give the same), the current line's text (set before every use), the
 * allocation counters nothing reads, and what is not live (an empty slot,
 * no pending pause, no nested pause). Line numbers are shifted by delta.
 */
static void normalize(struct up *n, uint64_t delta)
{
    n->ctx = NULL;
    memset(n->dc, 0, sizeof n->dc);
    memset(n->dg, 0, sizeof n->dg);
    memset(n->dg_old, 0, sizeof n->dg_old);
    n->dg_last = NULL;
    memset(n->dg_pre, 0, sizeof n->dg_pre);
    memset(n->up_txt, 0, sizeof n->up_txt);
    n->up_txt_n = 0;
    n->up_txt_ns = 0;
    n->up_m0 = n->up_m1 = 0;
    n->up_l0 = n->up_l1 = 0;
    n->up_lpos = 0;
    memset(n->tm_txt, 0, sizeof n->tm_txt);
    n->tm_n = 0;
    n->tm_ms = n->tm_base_ms = 0;
    n->tm_tz = 0;
    n->tm_lin = false;
    n->ff_on = false;
    memset(n->ff_w, 0, sizeof n->ff_w);
    n->ff_m3 = 0;
    n->ff_a2 = 0;
    n->ff_ms = 0;
    memset(n->id_txt, 0, sizeof n->id_txt);
    n->id_txt_n = 0;
    n->id_txt_val = 0;
    memset(n->id_w, 0, sizeof n->id_w);
    memset(n->id_m, 0, sizeof n->id_m);
    n->id_fn = 0;
    n->id_fval = 0;
    memset(n->sm, 0, sizeof n->sm);
    memset(n->sm_next, 0, sizeof n->sm_next);
    memset(n->icache, 0, sizeof n->icache);
    memset(n->icache_len, 0, sizeof n->icache_len);
    n->flags_cause = NULL;
    n->flags_cause_val = 0;
    n->raw = NULL;
    n->raw_len = 0;
    n->seq = 0;
    if (n->lineno)
        n->lineno += delta;
    if (n->have_pend)
        n->pend.line += delta;
    else
        memset(&n->pend, 0, sizeof n->pend);
    for (int i = 0; i < GCID_SLOTS; i++) {
        struct gcid_slot *s = &n->slot[i];
        if (s->id < 0) {
            memset(s, 0, sizeof *s);
            s->id = -1;
            continue;
        }
        s->seq = 0;
        s->first_line += delta;
        if (s->have_nested)
            s->nested.line += delta;
        else
            memset(&s->nested, 0, sizeof s->nested);
    }
}

static bool par_same(const void *va, const void *vb, uint64_t delta)
{
    struct up *a = xmalloc(sizeof *a), *b = xmalloc(sizeof *b);
    memcpy(a, va, sizeof *a);
    memcpy(b, vb, sizeof *b);
    normalize(a, 0);
    normalize(b, delta);
    bool eq = memcmp(a, b, sizeof *a) == 0;
    free(a);
    free(b);
    return eq;
}

/*
 * A followed log went quiet: a pause held for its "User=" line is emitted
 * when the log has no CPU lines (it would wait for the next GC, a minute
 * later in a quiet JVM). With CPU lines it keeps waiting: the JVM writes that
 * line right after the pause, so it is never far behind.
 */
static void idle(void *vp)
{
    struct up *p = vp;
    if (!p->seen_cpu)
        flush_pending(p);
}

const struct gc_parser_ops gc_unified_ops = {"unified", create, line, finish, destroy, idle};
const struct gc_parser_par gc_unified_par = {par_clone, par_same};
