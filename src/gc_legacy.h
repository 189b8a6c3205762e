/*
 * gc_legacy.h — internals of the JDK <= 8 GC-log parser (gc_legacy*.c),
 * shared between its files; not used anywhere else. The parser itself is
 * exported as gc_legacy_ops (gc_parse.h).
 *
 * Split: gc_legacy_num.c scans numbers, sizes and line prefixes;
 * gc_legacy_event.c turns the text of one bracketed collection event
 * ("[GC 1.2: [ParNew: ...] 1K->2K(3K), 0.01 secs] [Times: ...]") into a
 * struct gc_event; gc_legacy.c is the line driver (multi-line assembly,
 * spliced lines, G1 detail blocks, concurrent phases, safepoints, headers).
 * All functions take (ptr, len) text that is not NUL-terminated.
 */
#ifndef GCLAT_GC_LEGACY_H
#define GCLAT_GC_LEGACY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "gc_event.h"

static inline bool gcl_digit(char c) { return c >= '0' && c <= '9'; }

/*
 * The leading decimal digits of s[0..n), at most 8: returns how many, their
 * value in *v. Eight bytes are read at once when n allows (SWAR: a number's
 * digits in one load and three multiplications instead of a loop of
 * compares); never a byte past n.
 */
static inline unsigned gcl_digits8(const char *s, size_t n, uint64_t *v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (n >= 8) {
        uint64_t x;
        memcpy(&x, s, 8);
        /* a byte of y is nonzero where s has no digit: its high nibble is not
           3, or it is 0x3a..0x3f (+6 carries into the high nibble; a carry out
           of a byte starts at a non-digit, so it only reaches bytes after
           the first non-digit, which are not looked at) */
        uint64_t y = ((x & 0xF0F0F0F0F0F0F0F0ULL) ^ 0x3030303030303030ULL) |
                     (((x + 0x0606060606060606ULL) & 0xF0F0F0F0F0F0F0F0ULL) ^ 0x3030303030303030ULL);
        uint64_t m = (y | ((y & 0x7F7F7F7F7F7F7F7FULL) + 0x7F7F7F7F7F7F7F7FULL)) & 0x8080808080808080ULL;
        unsigned len = m ? (unsigned)__builtin_ctzll(m) >> 3 : 8;
        if (len == 0) {
            *v = 0;
            return 0;
        }
        /* the digits to the top bytes, zeros (leading zero digits) below; a
           borrow of the subtraction starts at a non-digit, after them */
        uint64_t d = (x - 0x3030303030303030ULL) << (8 * (8 - len));
        d = (d * 10) + (d >> 8);
        d = (((d & 0x000000FF000000FFULL) * 0x000F424000000064ULL) +
             (((d >> 16) & 0x000000FF000000FFULL) * 0x0000271000000001ULL)) >> 32;
        *v = d;
        return len;
    }
#endif
    unsigned k = 0;
    uint64_t u = 0, d;
    while (k < 8 && k < n && (d = (uint64_t)((unsigned char)s[k] - '0')) <= 9) {
        u = u * 10 + d;
        k++;
    }
    *v = u;
    return k;
}

/* s[0..l) == lit[0..l), both readable: memcmp(s, lit, l) == 0 where l is a
   constant, as two or three overlapping loads a side for 8 <= l <= 24
   (GCC calls memcmp for a 9- or 16-byte literal). */
static inline __attribute__((always_inline)) bool gcl_same(const char *s, const char *lit, size_t l)
{
    if (l > 16 && l <= 24) {
        uint64_t a0, a1, a2, b0, b1, b2;
        memcpy(&a0, s, 8);
        memcpy(&b0, lit, 8);
        memcpy(&a1, s + 8, 8);
        memcpy(&b1, lit + 8, 8);
        memcpy(&a2, s + l - 8, 8);
        memcpy(&b2, lit + l - 8, 8);
        return ((a0 ^ b0) | (a1 ^ b1) | (a2 ^ b2)) == 0;
    }
    if (l >= 8 && l <= 16) {
        uint64_t a0, a1, b0, b1;
        memcpy(&a0, s, 8);
        memcpy(&b0, lit, 8);
        memcpy(&a1, s + l - 8, 8);
        memcpy(&b1, lit + l - 8, 8);
        return ((a0 ^ b0) | (a1 ^ b1)) == 0;
    }
    return memcmp(s, lit, l) == 0;
}

/* First lit[0..m) in s[0..n), NULL if absent (as memmem). memchr for the
   first byte, then memcmp: for the short literals searched in every line
   this beats glibc's generic memmem by several times. */
static inline const char *gcl_find(const char *s, size_t n, const char *lit, size_t m)
{
    if (m == 0)
        return s;
    if (m > n)
        return NULL;
    const char *end = s + n - m + 1;
    for (const char *x = s; x < end; x++) {
        x = memchr(x, lit[0], (size_t)(end - x));
        if (!x)
            return NULL;
        if (memcmp(x + 1, lit + 1, m - 1) == 0)
            return x;
    }
    return NULL;
}
#define GCL_FIND(s, n, lit) gcl_find((s), (n), (lit), sizeof(lit) - 1)

/*
 * Memo of one size field of the young collection line ("(996800K)"): its
 * text, including the 'K', as gcl_kb_plain last read it there, and the
 * value. A ParNew log repeats most of them from one collection to the next
 * (the capacities always, a full eden and survivor space often).
 */
struct gcl_kb_memo {
    uint64_t w[2], m[2]; /* the text's first 16 bytes, the mask of its len */
    int64_t kb;
    size_t len; /* 0: none */
};

/*
 * Memo of the last date stamp and uptime parsed. A JDK 8 line carries the
 * same "2023-04-12T10:11:12.123+0800: 17.533: " stamps twice or more (event,
 * nested generation, safepoint line) and they are looked at more than once,
 * so the last text and its value are kept. An entry holds text that parses
 * in full, so a later text with the same bytes, followed by a byte at which
 * the parse must stop (':' here), parses to the same value.
 */
struct gcl_memo {
    char date[40];
    size_t date_n; /* 0: none */
    int64_t date_ms;
    int32_t date_tz;
    /* date is "YYYY-MM-DDTHH:MM:SS.mmm<non-digit...>": then a text that
       differs only in SS and mmm is date_base_ms + SS * 1000 + mmm */
    bool date_sec_ms;
    int64_t date_base_ms;
    char up[32];   /* uptime text including its ':' */
    size_t up_n;   /* 0: none */
    int64_t up_ns;
    /* the whole seconds of the last "D.DDD:" uptime (gcl_uptime_3): the text's
       first eight bytes, the mask of its digits and '.', their value */
    uint64_t upw_text, upw_mask, upw_val;
    unsigned upw_len; /* digits; 0: none */
    /* date is 28 bytes "YYYY-MM-DDTHH:MM:SS.mmm+hhmm" (digits and those
       separators, the zone's sign '+' or '-') */
    bool date_plain;
    /* the last text gcl_prefix read as exactly "<date>: D.DDD: " (its usual
       path, date_plain), and the bytes: NULL when it read another way */
    const char *usual_s;
    size_t usual_off;
    /* the names of a CMS remark's phases ("Rescan (parallel) ", "weak refs
       processing", ...), in order, as remark_phases last took them (the
       bytes up to the ','): 24 at most, len 0 none; m the masks of the
       len bytes in w's three words */
    struct {
        uint64_t w[3], m[3];
        size_t len;
    } remark_name[8];
    /* young line sizes: young before, after, capacity; heap capacity */
    struct gcl_kb_memo young_kb[4];
    /* CMS mark line capacities: the old generation's, the heap's */
    struct gcl_kb_memo mark_kb[2];
};

/*
 * t[0..memo->date_n) is the memo's date but for the seconds and milliseconds
 * (the usual case: the next line's stamp, same minute)? Then its value is
 * the memo's base plus those; parse_iso8601 would find exactly that, as all
 * other bytes, which decide the date, time zone and where the parse stops,
 * are the same. Seconds over 60 are rejected by the parse, so here too.
 */
static inline __attribute__((always_inline)) bool gcl_date_delta(const struct gcl_memo *memo, const char *t,
                                                                 int64_t *ms, int32_t *tz)
{
    size_t n = memo->date_n;
    if (!memo->date_sec_ms)
        return false;
    /* bytes 0..15 in two loads and one compare (no memcmp call: every line) */
    uint64_t a0, b0, a1, b1;
    memcpy(&a0, t, 8);
    memcpy(&b0, memo->date, 8);
    memcpy(&a1, t + 8, 8);
    memcpy(&b1, memo->date + 8, 8);
    if (a0 != b0 || a1 != b1)
        return false;
    if (n == 28) {
        /* "+0900" (the usual length): bytes 16..23 (":SS.mmm+") in one load:
           16, 19 and 23 the memo's, 17, 18, 20..22 digits (high nibble 3,
           low nibble + 6 below 16: no carry leaves a byte), then the zone */
        uint64_t c, cm;
        uint32_t z0, z1;
        memcpy(&c, t + 16, 8);
        memcpy(&cm, memo->date + 16, 8);
        memcpy(&z0, t + 24, 4);
        memcpy(&z1, memo->date + 24, 4);
        const uint64_t same = 0xFF000000FF0000FFULL, digs = 0x00FFFFFF00FFFF00ULL;
        uint64_t bad = (((c & 0xF0F0F0F0F0F0F0F0ULL) ^ 0x3030303030303030ULL) |
                        (((c & 0x0F0F0F0F0F0F0F0FULL) + 0x0606060606060606ULL) & 0x1010101010101010ULL)) &
                       digs;
        if (((c ^ cm) & same) != 0 || bad != 0 || z0 != z1)
            return false;
    } else if (t[16] != memo->date[16] || t[19] != memo->date[19]) {
        return false;
    } else {
        for (size_t i = 23; i < n; i++) /* the zone, a few bytes: no memcmp call */
            if (t[i] != memo->date[i])
                return false;
        if (!gcl_digit(t[17]) || !gcl_digit(t[18]) || !gcl_digit(t[20]) || !gcl_digit(t[21]) ||
            !gcl_digit(t[22]))
            return false;
    }
    int se = (t[17] - '0') * 10 + (t[18] - '0');
    if (se > 60)
        return false;
    *ms = memo->date_base_ms + se * 1000 + ((t[20] - '0') * 100 + (t[21] - '0') * 10 + (t[22] - '0'));
    *tz = memo->date_tz;
    return true;
}

/* The memo after gcl_date_delta(memo, t, ...) gave ms: only the seconds and
   milliseconds change (the base, zone and the linear form stay, as the
   other bytes are the same). */
static inline void gcl_date_bump(struct gcl_memo *memo, const char *t, int64_t ms)
{
    memcpy(memo->date + 17, t + 17, 6);
    memo->date_ms = ms;
}

/*
 * "D.DDD:" with one to seven whole digits at s[0..n), n >= 16 (how JDK 8
 * prints an uptime, "%.3f"): the bytes including the ':', the value in *ns;
 * 0 for anything else. uptime_colon reads such text to the same value (its
 * gcl_digits8 takes the same digits, frac_ns the three). The memo is not
 * looked at (a compare costs what the reading does) but filled, for the
 * splice search's gcl_uptime_whole on the same text. (Always inline: in the
 * line driver GCC made it a call, a sixth of a stamp's cost.)
 */
static inline __attribute__((always_inline)) size_t gcl_uptime_3(struct gcl_memo *memo, const char *s, size_t n,
                                                                 int64_t *ns)
{
    uint64_t v, x;
    if (n < 16)
        return 0;
    unsigned w;
    memcpy(&x, s, 8);
    if (memo->upw_len && ((x ^ memo->upw_text) & memo->upw_mask) == 0) {
        /* the whole seconds and '.' of the last such uptime (half the lines:
           the same second's): gcl_digits8 stops at that '.' with that value */
        w = memo->upw_len;
        v = memo->upw_val;
    } else {
        w = gcl_digits8(s, 8, &v);
        if (w == 0 || w == 8 || s[w] != '.')
            return 0;
        memo->upw_text = x;
        /* the digits and '.': w + 1 <= 8 bytes (a shift by 64 is no mask) */
        memo->upw_mask = w == 7 ? ~0ULL : (1ULL << (8 * (w + 1))) - 1;
        memo->upw_val = v;
        memo->upw_len = w;
    }
    /* "mmm:" in one four-byte load (w + 5 <= 12 < n): three digits (the
       nibble test of gcl_digits8: no carry leaves a digit byte) and ':' */
    uint32_t f;
    memcpy(&f, s + w + 1, 4);
    if (((((f & 0x00F0F0F0u) ^ 0x00303030u) | (((f + 0x00060606u) & 0x00F0F0F0u) ^ 0x00303030u)) |
         ((f & 0xFF000000u) ^ ((uint32_t)':' << 24))) != 0)
        return 0;
    uint32_t d = f - 0x00303030u;
    *ns = (int64_t)v * 1000000000 +
          (int64_t)((d & 0xFF) * 100 + ((d >> 8) & 0xFF) * 10 + ((d >> 16) & 0xFF)) * 1000000;
    memcpy(memo->up, s, 16); /* (a fixed length: no call; up_n bounds the text) */
    memo->up_n = w + 5;
    memo->up_ns = *ns;
    return w + 5;
}

/*
 * gcl_prefix for the usual "2014-04-16T09:57:37.966+0900: 2.243: [..." when
 * the date is the memo's but for its seconds and the uptime is gcl_uptime_3's
 * "D.DDD:": what the general loop finds (date, then uptime, then a byte that
 * starts no stamp), or 0 to let it run (it reads any other uptime as this
 * would). Inline, so that the line driver reads most lines' stamps without
 * a call; gcl_prefix tries it first too.
 */
static inline __attribute__((always_inline)) size_t gcl_prefix_usual(struct gcl_memo *memo, const char *s, size_t n,
                                                                     int64_t *wall_ms, int32_t *tz_min,
                                                                     int64_t *uptime_ns)
{
    int64_t ms, ns;
    int32_t tz;
    if (memo->date_n != 28 || n <= 36 || !gcl_digit(s[0]) || s[4] != '-' || s[28] != ':' || s[29] != ' ' ||
        s[34] == '-' || !gcl_date_delta(memo, s, &ms, &tz))
        return 0;
    gcl_date_bump(memo, s, ms);
    size_t k = gcl_uptime_3(memo, s + 30, n - 30, &ns);
    if (!k)
        return 0;
    size_t i = 30 + k;
    if (i + 1 >= n || s[i] != ' ')
        return 0;
    char c = s[i + 1];
    if (c == ' ' || c == '\t' || c == '#' || gcl_digit(c))
        return 0;
    memo->usual_s = memo->date_plain ? s : NULL;
    memo->usual_off = i + 1;
    *wall_ms = ms;
    *tz_min = tz;
    *uptime_ns = ns;
    return i + 1;
}

/*
 * Leading decorations of a legacy line: "2023-04-12T10:11:12.123+0800: ",
 * "12.345: ", "#12: " (PrintGCID), in any order, blanks between. Returns the
 * bytes consumed; sets *wall_ms, *tz_min and *uptime_ns to the first of each
 * found (-1, 0, -1 when absent). memo (may be NULL): see struct gcl_memo.
 */
size_t gcl_prefix(struct gcl_memo *memo, const char *s, size_t n, int64_t *wall_ms, int32_t *tz_min,
                  int64_t *uptime_ns);

/* ISO 8601 text t[0..n) parses in full (parse_iso8601(t, n) == n)? Uses and
   fills memo (may be NULL). */
bool gcl_iso_whole(struct gcl_memo *memo, const char *t, size_t n, int64_t *ms, int32_t *tz);

/* Uptime text t[0..n) ("12.345:", n includes the ':') is one gcl_prefix
   accepts? Uses and fills memo (may be NULL). */
bool gcl_uptime_whole(struct gcl_memo *memo, const char *t, size_t n);

/* parse_secs_ns (timeparse.h) with the same results, in tighter loops: the
   legacy parser reads several second counts per line. */
size_t gcl_secs_ns(const char *s, size_t n, int64_t *ns);

/*
 * A duration in seconds where one is expected ("stopped: X seconds", "[CMS-
 * concurrent-mark: a/b secs]"): gcl_secs_ns's number, which must end at a
 * byte that cannot continue a number (a blank, '/', ']', ',' or the end).
 * Returns its bytes; 0 when s does not start with a number at all;
 * GCL_SECS_BAD when it starts with a malformed one: signed ("-0.0012"), NaN,
 * infinite, with an exponent ("1e400", "1.5e-3") or more seconds than int64
 * nanoseconds hold. The callers count such a line as "bad duration".
 */
#define GCL_SECS_BAD ((size_t)-1)
size_t gcl_secs_strict(const char *s, size_t n, int64_t *ns);

/* gcl_secs_strict with its usual case inline: "D.DDD" (CMS phase times)
   ending at a byte that cannot continue a number, its first branch. */
static inline size_t gcl_secs_strict_inl(const char *s, size_t n, int64_t *ns)
{
    if (n >= 6 && gcl_digit(s[0]) && s[1] == '.' && gcl_digit(s[2]) && gcl_digit(s[3]) && gcl_digit(s[4]) &&
        (s[5] == '/' || s[5] == ' ')) {
        *ns = (int64_t)(s[0] - '0') * 1000000000 +
              (int64_t)((s[2] - '0') * 100 + (s[3] - '0') * 10 + (s[4] - '0')) * 1000000;
        return 5;
    }
    return gcl_secs_strict(s, n, ns);
}

/* Decimal number "123", "1.5", "0,0123" (comma decimal). Returns bytes consumed, 0 if none. */
size_t gcl_dec(const char *s, size_t n, double *v);

/* A size with unit: "123K", "1.5M", "0.0B", "2G" -> KiB (rounded). Returns bytes consumed or 0. */
size_t gcl_size_kb(const char *s, size_t n, int64_t *kb);

/* A size in whole KiB, "D+K" with 1 to 15 digits (six a young line,
   "886080K", eight for a 24 GB heap, "25055104K"): the bytes including the
   'K', 0 for any other text. Where this reads a size, gcl_size_kb reads the
   same bytes to the same integer (its first branch). */
static inline size_t gcl_kb_plain(const char *s, size_t n, int64_t *kb)
{
    uint64_t u;
    unsigned w = gcl_digits8(s, n, &u);
    if (w == 8) {
        size_t m = n < 15 ? n : 15;
        unsigned d;
        while (w < m && (d = (unsigned)((unsigned char)s[w] - '0')) <= 9) {
            u = u * 10 + d;
            w++;
        }
    }
    if (w == 0 || w >= n || s[w] != 'K')
        return 0;
    *kb = (int64_t)u;
    return w + 1;
}

/* gcl_size_kb, with its usual case (gcl_kb_plain) inline. */
static inline size_t gcl_size_kb_inl(const char *s, size_t n, int64_t *kb)
{
    size_t k = gcl_kb_plain(s, n, kb);
    return k ? k : gcl_size_kb(s, n, kb);
}

/* gcl_kb_plain(s, n, kb) through km (NULL: none): the same bytes to the same
   value, as a text equal to the memo's up to its 'K' reads to the memo's. */
static inline __attribute__((always_inline)) size_t gcl_kb_memo_read(struct gcl_kb_memo *km, const char *s,
                                                                    size_t n, int64_t *kb)
{
    if (!km || n < 16)
        return gcl_kb_plain(s, n, kb);
    uint64_t a, b;
    memcpy(&a, s, 8);
    memcpy(&b, s + 8, 8);
    if (km->len && (((a ^ km->w[0]) & km->m[0]) | ((b ^ km->w[1]) & km->m[1])) == 0) {
        *kb = km->kb;
        return km->len;
    }
    size_t k = gcl_kb_plain(s, n, kb);
    if (k && k <= 16) {
        km->w[0] = a;
        km->w[1] = b;
        km->m[0] = k >= 8 ? ~0ULL : (1ULL << (8 * k)) - 1;
        km->m[1] = k <= 8 ? 0 : k == 16 ? ~0ULL : (1ULL << (8 * (k - 8))) - 1;
        km->kb = *kb;
        km->len = k;
    }
    return k;
}

/* "user=0.08 sys=0.03, real=0.02 secs" (inside a [Times: ...] bracket) -> ns. */
void gcl_times(const char *s, size_t n, int64_t *user_ns, int64_t *sys_ns, int64_t *real_ns);

/* Result of parsing one collection event's text. */
struct gcl_event {
    struct gc_event ev;   /* kind, name (static), flags, duration, heap, times; no time/file */
    const char *cause;    /* view into the parsed text, or NULL */
    size_t cause_len;
    enum gc_collector hint; /* collector the syntax implies, or UNKNOWN */
    bool g1;              /* a G1 pause: detail lines ([Eden: ...], [Times: ...]) may follow */
    bool pair_only;       /* plain "[GC used(cap), secs]": -verbose:gc CMS initial mark or remark */
    size_t end;           /* bytes consumed, including a trailing " [Times: ...]" */
};

enum gcl_status {
    GCL_OK = 0,       /* complete event */
    GCL_OPEN = 1,     /* brackets not closed yet: more lines needed */
    GCL_NOT_EVENT = -1, /* text does not start with a collection event header */
    GCL_BAD = -2,     /* closed, but carries neither duration nor heap figures */
    GCL_BAD_DURATION = -3, /* closed, but a "N secs" is malformed: signed, NaN, an exponent, overflowing */
};

/*
 * Parse t[0..n), which starts with '[' of "[GC", "[Full GC", "[GC pause",
 * "[GC remark" or "[GC cleanup". See gc_legacy_event.c for the mapping.
 */
enum gcl_status gcl_parse_event(const char *t, size_t n, struct gcl_event *out);

/*
 * The young collection line of ParNew and DefNew logs, the bulk of them:
 * "[GC (cause) 9.1: [ParNew: 8K->2K(9K), 0.08 secs] 8K->2K(25K), 0.09 secs]"
 * (a date stamp "2023-04-12T10:00:17.533+0800: " may precede the 9.1: )
 * with an optional " [Times: ...]" ending the text. GCL_OK with exactly what
 * gcl_parse_event gives (and end == n), or GCL_NOT_EVENT for any other text
 * (out untouched), in one pass. Also refuses a cause in which gc_legacy.c
 * would see a spliced line, a '{' or a remark.
 */
enum gcl_status gcl_parse_young(const char *t, size_t n, struct gcl_event *out);

/* gcl_parse_young with the size fields read through memo (may be NULL):
   the same result. */
enum gcl_status gcl_parse_young_memo(const char *t, size_t n, struct gcl_event *out, struct gcl_memo *memo);

/*
 * The CMS initial mark and remark lines of JDK 8 in their usual layouts
 * ("[GC (CMS Initial Mark) [1 CMS-initial-mark: ...", "[GC (CMS Final
 * Remark) [YG occupancy: ...]...[1 CMS-remark: ..."), ending the text as
 * gcl_parse_young's do: GCL_OK with exactly what gcl_parse_event gives, or
 * GCL_NOT_EVENT for any other text.
 */
enum gcl_status gcl_parse_cms_mark(const char *t, size_t n, struct gcl_event *out);

/* gcl_parse_cms_mark with the remark's phase names matched against memo
   (may be NULL): the same result. */
enum gcl_status gcl_parse_cms_mark_memo(const char *t, size_t n, struct gcl_event *out, struct gcl_memo *memo);

/* t starts a collection event ("[GC ", "[GC (", "[Full GC", "[GC pause", ...; not "[GC Worker ..."). */
bool gcl_is_event_start(const char *t, size_t n);

/* Bracket depth after t[0..n), starting from depth d (never below 0 while open). */
int gcl_depth(const char *t, size_t n, int d, size_t *close_at);

#endif
