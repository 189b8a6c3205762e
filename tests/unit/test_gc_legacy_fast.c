/*
 * test_gc_legacy_fast.c — the legacy parser's fast paths give exactly what
 * the plain code gives: gcl_secs_ns against timeparse's parse_secs_ns,
 * gcl_digits8 against a byte loop, gcl_size_kb against a reading through a
 * double, and gcl_prefix / gcl_iso_whole with a memo (last stamp reused, or
 * only its seconds and milliseconds changed) against the same calls
 * without one; gcl_parse_cms_mark and gcl_parse_young against
 * gcl_parse_event on CMS initial mark, remark and young collection lines
 * and byte-wise mutations of them (also through a memo of sizes and remark
 * phase names kept across the mutations).
 * gcl_secs_strict against its rules over parse_secs_ns.
 * Inputs are generated (a fixed-seed xorshift), including the edge shapes:
 * seconds 59/60/61, fraction lengths 0..12, ',' decimals, time zones
 * "Z", "+0800", "-05:30", none, and stamps that differ in other places.
 */
#include "gc_legacy.h"
#include "timeparse.h"
#include "t.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t rng = 0x9E3779B97F4A7C15ULL;

static unsigned rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

/* a number-ish text: digits, maybe a '.'/',' fraction, maybe junk after */
static size_t gen_secs(char *b)
{
    static const char junk[] = " :s.,x9";
    size_t n = 0;
    unsigned w = rnd(13);
    for (unsigned i = 0; i < w; i++)
        b[n++] = (char)('0' + rnd(10));
    if (rnd(4)) {
        b[n++] = rnd(3) ? '.' : ',';
        unsigned f = rnd(13);
        for (unsigned i = 0; i < f; i++)
            b[n++] = (char)('0' + rnd(10));
    }
    unsigned j = rnd(3);
    for (unsigned i = 0; i < j; i++)
        b[n++] = junk[rnd(sizeof junk - 1)];
    return n;
}

static void secs_same(void)
{
    char b[64];
    for (int it = 0; it < 200000; it++) {
        size_t n = gen_secs(b);
        size_t lim = n ? rnd((unsigned)n + 1) : 0; /* also cut short */
        int64_t a = -7, c = -7;
        size_t ka = parse_secs_ns(b, lim, &a), kc = gcl_secs_ns(b, lim, &c);
        CHECK_EQ_INT(kc, ka);
        if (ka)
            CHECK_EQ_INT(c, a);
        if (kc != ka || (ka && a != c)) {
            printf("#   input \"%.*s\"\n", (int)lim, b);
            return;
        }
    }
}

/* gcl_secs_strict's rules, spelled out over parse_secs_ns: a sign, NaN or
   infinity is malformed, no digit first is no number, digits that
   overflow are malformed, and so is a number continued by a letter, digit,
   '.', '+' or '-' */
static size_t strict_ref(const char *s, size_t n, int64_t *ns)
{
    if (n == 0)
        return 0;
    if (s[0] == '-' || s[0] == '+')
        return GCL_SECS_BAD;
    if (n >= 3 && ((s[0] | 0x20) == 'n' && (s[1] | 0x20) == 'a' && (s[2] | 0x20) == 'n'))
        return GCL_SECS_BAD;
    if (n >= 3 && ((s[0] | 0x20) == 'i' && (s[1] | 0x20) == 'n' && (s[2] | 0x20) == 'f'))
        return GCL_SECS_BAD;
    if (s[0] < '0' || s[0] > '9')
        return 0;
    size_t k = parse_secs_ns(s, n, ns);
    if (k == 0)
        return GCL_SECS_BAD;
    char c = k < n ? s[k] : 0;
    if (k < n && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                  c == '+' || c == '-'))
        return GCL_SECS_BAD;
    return k;
}

static void secs_strict_same(void)
{
    char b[64];
    for (int it = 0; it < 200000; it++) {
        size_t n = gen_secs(b);
        if (n && rnd(8) == 0)
            b[rnd((unsigned)n)] = "+-eE/"[rnd(5)];
        size_t lim = n ? rnd((unsigned)n + 1) : 0;
        int64_t a = -7, c = -7;
        size_t ka = strict_ref(b, lim, &a), kc = gcl_secs_strict(b, lim, &c);
        int64_t d = -7;
        size_t kd = gcl_secs_strict_inl(b, lim, &d); /* its inline case too */
        CHECK_EQ_INT(kc, ka);
        CHECK_EQ_INT(kd, ka);
        if (ka && ka != GCL_SECS_BAD) {
            CHECK_EQ_INT(c, a);
            CHECK_EQ_INT(d, a);
        }
        if (kc != ka || kd != ka || (ka && ka != GCL_SECS_BAD && (a != c || a != d))) {
            printf("#   input \"%.*s\"\n", (int)lim, b);
            return;
        }
    }
}

/* gcl_digits8 (eight bytes at once) against a byte loop, on digits mixed
   with any byte, cut at every length */
static void digits8_same(void)
{
    char b[16];
    for (int it = 0; it < 400000; it++) {
        size_t n = rnd(13);
        for (size_t i = 0; i < n; i++)
            b[i] = rnd(3) ? (char)('0' + rnd(10)) : (char)rnd(256);
        uint64_t v = 7, u = 0;
        unsigned k = gcl_digits8(b, n, &v), kk = 0;
        while (kk < 8 && kk < n && b[kk] >= '0' && b[kk] <= '9')
            u = u * 10 + (uint64_t)(b[kk++] - '0');
        CHECK_EQ_INT(k, kk);
        CHECK_EQ_INT(v, u);
        if (k != kk || v != u) {
            printf("#   input \"%.*s\"\n", (int)n, b);
            return;
        }
    }
}

/* gcl_size_kb (whole K as an integer) against the reading through a double:
   digits, '.'/',' fractions, a unit byte or junk, cut short */
static size_t size_ref(const char *s, size_t n, int64_t *kb)
{
    double v;
    size_t i = gcl_dec(s, n, &v);
    if (!i || i >= n)
        return 0;
    double k;
    switch (s[i]) {
    case 'K': k = v; break;
    case 'M': k = v * 1024.0; break;
    case 'G': k = v * 1024.0 * 1024.0; break;
    case 'B': k = v / 1024.0; break;
    default: return 0;
    }
    if (k > 9.0e15)
        k = 9.0e15;
    *kb = (int64_t)(k + 0.5);
    return i + 1;
}

static void size_same(void)
{
    /* the edges of the integer paths: rounding of bytes at 512, the bounds
       under which M and G are taken without the double, 15 digits */
    static const char *const edge[] = {
        "512B", "511.0B", "512.0B", "513.00B", "1536.0B", "1023.0B", "0.0B", "0.0M", "24.0M", "3072.0K",
        "8000000000000.0M", "8000000000001.0M", "8796093022207.0M", "8000000000.0G", "8000000001.0G",
        "99999999999999.0K", "999999999999999.0K", "1.50M", "2.0", "2.0x", "7.000", "886080K", "1234567K", "12345678K", "0K", "K",
    };
    for (size_t e = 0; e < sizeof edge / sizeof *edge; e++) {
        int64_t a = -7, c = -7;
        size_t n = strlen(edge[e]);
        size_t ka = size_ref(edge[e], n, &a), kc = gcl_size_kb(edge[e], n, &c);
        CHECK_EQ_INT(kc, ka);
        CHECK_EQ_INT(c, a);
        int64_t ci = -7;
        CHECK_EQ_INT(gcl_size_kb_inl(edge[e], n, &ci), ka);
        CHECK_EQ_INT(ci, a);
        if (kc != ka || a != c)
            printf("#   input \"%s\"\n", edge[e]);
    }
    static const char unit[] = "KKKKMGB(x";
    char b[64];
    for (int it = 0; it < 200000; it++) {
        size_t n = 0;
        unsigned w = rnd(19);
        for (unsigned i = 0; i < w; i++)
            b[n++] = (char)('0' + rnd(10));
        if (rnd(2)) {
            b[n++] = rnd(2) ? '.' : ',';
            unsigned f = rnd(4);
            for (unsigned i = 0; i < f; i++) /* zeros often: "24.0M" has its own path */
                b[n++] = rnd(2) ? '0' : (char)('0' + rnd(10));
        }
        b[n++] = unit[rnd(sizeof unit - 1)];
        size_t lim = rnd((unsigned)n + 1);
        int64_t a = -7, c = -7;
        size_t ka = size_ref(b, lim, &a), kc = gcl_size_kb(b, lim, &c);
        CHECK_EQ_INT(kc, ka);
        if (ka)
            CHECK_EQ_INT(c, a);
        /* the inline front of the young line's sizes: the same */
        int64_t ci = -7;
        size_t ki = gcl_size_kb_inl(b, lim, &ci);
        CHECK_EQ_INT(ki, ka);
        if (ka)
            CHECK_EQ_INT(ci, a);
        if (kc != ka || (ka && a != c)) {
            printf("#   input \"%.*s\"\n", (int)lim, b);
            return;
        }
    }
}

/* "YYYY-MM-DDTHH:MM:SS[.fff][tz]: UP: " with small random changes */
static size_t gen_stamp(char *b, int base_sec, bool vary_all)
{
    int Y = 2023, M = 4, D = 12, h = 10, mi = 11;
    if (vary_all) {
        if (!rnd(8))
            mi = (int)rnd(60);
        if (!rnd(16))
            h = (int)rnd(24);
        if (!rnd(32))
            D = 1 + (int)rnd(31);
    }
    int se = rnd(10) ? (base_sec + (int)rnd(3)) % 62 : 58 + (int)rnd(4); /* 58..61 */
    size_t n = (size_t)sprintf(b, "%04d-%02d-%02dT%02d:%02d:%02d", Y, M, D, h, mi, se);
    unsigned fl = rnd(6) ? 3 : rnd(5); /* mostly 3 fraction digits */
    if (fl) {
        b[n++] = rnd(8) ? '.' : ',';
        for (unsigned i = 0; i < fl; i++)
            b[n++] = (char)('0' + rnd(10));
    }
    static const char *const tzs[] = {"+0800", "+0000", "-05:30", "Z", ""};
    const char *tz = tzs[vary_all ? rnd(5) : 0];
    /* (the same whole seconds as the last stamp often: uptime_3's memo) */
    static unsigned up_s;
    if (rnd(3) == 0)
        up_s = rnd(3) ? rnd(100000) : up_s * 10 + rnd(10);
    n += (size_t)sprintf(b + n, "%s: %u.%03u: [GC", tz, up_s, rnd(1000));
    return n;
}

static void prefix_same(void)
{
    struct gcl_memo memo;
    memset(&memo, 0, sizeof memo);
    char b[128];
    for (int it = 0; it < 200000; it++) {
        size_t n = gen_stamp(b, (it / 50) % 60, it % 3 == 0);
        int64_t w1, u1, w2, u2;
        int32_t z1, z2;
        size_t k1 = gcl_prefix(NULL, b, n, &w1, &z1, &u1);
        size_t k2 = gcl_prefix(&memo, b, n, &w2, &z2, &u2);
        CHECK_EQ_INT(k2, k1);
        CHECK_EQ_INT(w2, w1);
        CHECK_EQ_INT(z2, z1);
        CHECK_EQ_INT(u2, u1);
        /* the whole-text form used when walking back over a splice */
        size_t dl = 0;
        while (dl < n && b[dl] != ':')
            dl++;
        dl += 6; /* through HH:MM:SS */
        while (dl < n && b[dl] != ':' && b[dl] != ' ')
            dl++;
        int64_t m3, m4;
        int32_t t3, t4;
        bool ok3 = parse_iso8601(b, dl, &m3, &t3, NULL) == dl;
        bool ok4 = gcl_iso_whole(&memo, b, dl, &m4, &t4);
        CHECK_EQ_INT(ok4, ok3);
        if (ok3 && ok4) {
            CHECK_EQ_INT(m4, m3);
            CHECK_EQ_INT(t4, t3);
        }
        if (k1 != k2 || w1 != w2 || z1 != z2 || u1 != u2 || ok3 != ok4 ||
            (ok3 && ok4 && (m3 != m4 || t3 != t4))) {
            printf("#   input \"%.*s\"\n", (int)n, b);
            return;
        }
    }
}

static const char *const marks[] = {
    "[GC (CMS Initial Mark) [1 CMS-initial-mark: 0K(24058304K)] 141773K(25055104K), 0.0622220 secs] "
    "[Times: user=0.18 sys=0.00, real=0.06 secs]",
    "[GC (CMS Final Remark) [YG occupancy: 372284 K (996800 K)]7.545: [Rescan (parallel) , 0.0865788 "
    "secs]7.631: [weak refs processing, 0.0097719 secs]7.641: [class unloading, 0.0251742 secs]7.666: [scrub "
    "symbol table, 0.0044240 secs]7.671: [scrub string table, 0.0010376 secs][1 CMS-remark: "
    "0K(24058304K)] 372284K(25055104K), 0.1341842 secs] [Times: user=0.89 sys=0.01, real=0.13 secs]",
    "[GC (CMS Final Remark) [YG occupancy: 29 K (996800 K)][Rescan (parallel) , 0.0865788 secs][1 CMS-remark: "
    "15K(24058304K)] 372284K(25055104K), 0.1341842 secs]",
    "[GC (CMS Initial Mark) [1 CMS-initial-mark: 123456K(24058304K)] 141773K(25055104K), 0.0622220 secs]",
    /* young collections, for gcl_parse_young */
    "[GC (Allocation Failure) 9.184: [ParNew: 886080K->20487K(996800K), 0.0860099 secs] "
    "886080K->20487K(25055104K), 0.0861484 secs] [Times: user=0.86 sys=0.08, real=0.09 secs]",
    "[GC (Allocation Failure) 12.802: [ParNew: 958074K->110720K(996800K), 0.6479930 secs] "
    "958074K->263251K(25055104K), 0.6483231 secs] [Times: user=4.24 sys=0.34, real=0.64 secs]",
    "[GC (GCLocker Initiated GC) 9.184: [DefNew: 886080K->20487K(996800K), 0.0860099 secs] "
    "886080K->20487K(25055104K), 0.0861484 secs]",
    /* -XX:+PrintGCDateStamps: the date before the collection's own uptime */
    "[GC (Allocation Failure) 2023-04-12T10:00:17.533+0800: 17.533: [ParNew: 3774912K->342248K(3774912K), "
    "0.1795989 secs] 4974912K->1567773K(8040768K), 0.1798989 secs] [Times: user=0.68 sys=0.01, real=0.18 secs]",
    "[GC (Allocation Failure) 2023-04-12T10:00:17.533-0500: 17.533: [ParNew: 3774912K->342248K(3774912K), "
    "0.1795989 secs] 4974912K->1567773K(8040768K), 0.1798989 secs]",
};
#define N_MARKS 4

/* A mutation of a mark line: one byte replaced, inserted or removed. */
static size_t mutate(char *b, size_t n, size_t cap)
{
    /* (0xb0, 0xb9: a digit with the high bit set; '/' and ':' border the digits) */
    static const char bytes[] = "0123456789 ()[]:,.KMBGTAPpCcst-+e{x/\xb0\xb9";
    size_t at = rnd((unsigned)n);
    char c = bytes[rnd(sizeof bytes - 1)];
    switch (rnd(3)) {
    case 0: b[at] = c; return n;
    case 1:
        if (n + 1 >= cap)
            return n;
        memmove(b + at + 1, b + at, n - at);
        b[at] = c;
        return n + 1;
    default: memmove(b + at, b + at + 1, n - at - 1); return n - 1;
    }
}

static void cms_mark_same(void)
{
    char b[512];
    int taken = 0, same = 1, memo_same = 1, memo_hits = 0;
    struct gcl_memo memo;
    memset(&memo, 0, sizeof memo);
    for (size_t m = 0; m < sizeof marks / sizeof *marks; m++) {
        struct gcl_event f, g;
        size_t n = strlen(marks[m]);
        enum gcl_status (*fast)(const char *, size_t, struct gcl_event *) =
            m < N_MARKS ? gcl_parse_cms_mark : gcl_parse_young;
        CHECK(fast(marks[m], n, &f) == GCL_OK); /* the usual layouts are taken */
        const char *c = strstr(marks[m] + 4, ": [");
        if (c) {
            /* the memo of a line whose stamp carries the first uptime in the
               event (the young collection's own, a remark's first phase's), as
               gc_legacy.c reads it first (the date stored, then the usual
               path: uptime_3 keeps its whole seconds) */
            const char *u = c;
            while (u > marks[m] && ((u[-1] >= '0' && u[-1] <= '9') || u[-1] == '.'))
                u--;
            char pfx[96];
            int pl = snprintf(pfx, sizeof pfx, "2014-04-16T09:57:44.845+0900: %.*s [x ....................",
                              (int)(c - u + 1), u);
            int64_t w;
            int32_t z;
            int64_t up;
            gcl_prefix(&memo, pfx, (size_t)pl, &w, &z, &up);
            gcl_prefix(&memo, pfx, (size_t)pl, &w, &z, &up);
            CHECK(memo.upw_len > 0);
        }
        for (int it = 0; it < 20000 && same; it++) {
            memcpy(b, marks[m], n);
            size_t k = n;
            for (int r = 1 + (int)rnd(3); r-- > 0;)
                k = mutate(b, k, sizeof b);
            enum gcl_status st = fast(b, k, &f);
            if (m < N_MARKS) {
                /* the mark reader through a memo of the remark's phase
                   names kept across the mutations: the same */
                struct gcl_event h;
                memset(&h, 0, sizeof h);
                enum gcl_status sm = gcl_parse_cms_mark_memo(b, k, &h, &memo);
                memo_same &= sm == st && (st != GCL_OK || memcmp(&f, &h, sizeof f) == 0);
            }
            if (m >= N_MARKS) {
                /* the young reader through a memo kept across the mutations
                   (hits and misses): the same status and reading */
                struct gcl_event h;
                memset(&h, 0, sizeof h);
                enum gcl_status sm = gcl_parse_young_memo(b, k, &h, &memo);
                memo_same &= sm == st && (st != GCL_OK || memcmp(&f, &h, sizeof f) == 0);
                memo_hits += st == GCL_OK;
            }
            if (st != GCL_OK)
                continue;
            taken++;
            same = gcl_parse_event(b, k, &g) == GCL_OK && memcmp(&f, &g, sizeof f) == 0;
            if (!same)
                printf("#   input \"%.*s\"\n", (int)k, b);
        }
    }
    CHECK(same);
    CHECK(taken > 1000);
    CHECK(memo_same);
    CHECK(memo_hits > 1000);
}

int main(void)
{
    RUN(secs_same);
    RUN(secs_strict_same);
    RUN(digits8_same);
    RUN(size_same);
    RUN(prefix_same);
    RUN(cms_mark_same);
    T_DONE();
}
