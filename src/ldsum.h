/*
 * ldsum.h — a running sum of non-negative values that rounds exactly as an
 * x87 long double sum does (64-bit significand, round to nearest, ties to
 * even), kept in integer registers.
 *
 * Why: a histogram's sum and sum of squares feed printed means and standard
 * deviations, and they have always been long double accumulations in record
 * order. Each long double `+=` loads and stores 10-byte x87 values, which cost
 * more than the rest of a record; these integer operations give the same bits
 * (tests/unit/test_hist.c checks them against long double arithmetic).
 *
 * The value is m * 2^e. While it is an integer below 2^64, e is 0 and m the
 * integer (a record is then one add); otherwise m is normalized (bit 63 set).
 */
#ifndef GCLAT_LDSUM_H
#define GCLAT_LDSUM_H

#include <math.h>
#include <stdint.h>

struct ldsum {
    uint64_t m;
    int32_t e;
};

typedef unsigned __int128 ldsum_u128;

/* An integer value's form: below 2^64 as (value, 0). */
static inline struct ldsum ldsum_canon(uint64_t m, int32_t e)
{
    if (e < 0 && e > -64 && (m & ((UINT64_C(1) << -e) - 1)) == 0)
        return (struct ldsum){m >> -e, 0};
    return (struct ldsum){m, e};
}

/* p rounded to 64 significant bits, as the x87 rounds a product. */
static inline struct ldsum ldsum_round128(ldsum_u128 p)
{
    uint64_t hi = (uint64_t)(p >> 64), lo = (uint64_t)p;
    if (!hi)
        return (struct ldsum){lo, 0};
    int sh = 64 - __builtin_clzll(hi); /* bits beyond the 64 kept: 1..64 */
    uint64_t q, rem, half;
    if (__builtin_expect(sh < 64, 1)) {
        q = (hi << (64 - sh)) | (lo >> sh);
        rem = lo & ((UINT64_C(1) << sh) - 1);
        half = UINT64_C(1) << (sh - 1);
    } else {
        q = hi;
        rem = lo;
        half = UINT64_C(1) << 63;
    }
    /* (no branch on the rounding: it goes either way at random) */
    uint64_t up = (uint64_t)(rem > half) | ((uint64_t)(rem == half) & q & 1);
    if (__builtin_expect(__builtin_add_overflow(q, up, &q), 0)) {
        q = UINT64_C(1) << 63;
        sh++;
    }
    return (struct ldsum){q, sh};
}

/* a + b rounded to 64 significant bits (both >= 0). (Out of line: the
   general case, rare in a running sum; keeping it out keeps the callers'
   common paths short.) */
static __attribute__((noinline, unused)) struct ldsum ldsum_add(struct ldsum a, struct ldsum b)
{
    if (!b.m)
        return a;
    if (!a.m)
        return b;
    int za = __builtin_clzll(a.m), zb = __builtin_clzll(b.m);
    a.m <<= za;
    a.e -= za;
    b.m <<= zb;
    b.e -= zb;
    if (a.e < b.e) {
        struct ldsum t = a;
        a = b;
        b = t;
    }
    /* a's significand with 63 bits below it; b aligned, bits shifted out kept
       as a sticky bit (enough for round to nearest) */
    int64_t d = (int64_t)a.e - b.e;
    ldsum_u128 A = (ldsum_u128)a.m << 63, B;
    if (d <= 63)
        B = (ldsum_u128)b.m << (63 - d);
    else if (d < 127)
        B = (b.m >> (d - 63)) | ((b.m & ((UINT64_C(1) << (d - 63)) - 1)) != 0);
    else
        B = 1;
    ldsum_u128 s = A + B; /* >= 2^126, < 2^128 */
    int sh = (s >> 127) ? 64 : 63;
    uint64_t q = (uint64_t)(s >> sh);
    ldsum_u128 rem = s & (((ldsum_u128)1 << sh) - 1), half = (ldsum_u128)1 << (sh - 1);
    /* (no branch on the rounding: it goes either way at random) */
    uint64_t up = (uint64_t)(rem > half) | ((uint64_t)(rem == half) & q & 1);
    if (__builtin_expect(__builtin_add_overflow(q, up, &q), 0)) {
        q = UINT64_C(1) << 63;
        sh++;
    }
    return ldsum_canon(q, a.e - 63 + sh);
}

/*
 * a + bm * 2^be when a's exponent is 0..62 above be and a is normalized (or
 * the exponents are equal): ldsum_add without the alignment, the common case
 * of a running sum and one value. bm need not be normalized.
 */
static inline struct ldsum ldsum_add_near(struct ldsum a, uint64_t bm, int32_t be)
{
    int d = a.e - be; /* 0..62 */
    uint64_t mask = (UINT64_C(1) << d) - 1;
    uint64_t q, rem = bm & mask, half = d ? UINT64_C(1) << (d - 1) : 1;
    int32_t e = a.e;
    if (__builtin_add_overflow(a.m, bm >> d, &q)) {
        /* 65 bits: drop one more */
        rem |= (q & 1) << d;
        half = UINT64_C(1) << d;
        q = (q >> 1) | (UINT64_C(1) << 63);
        e++;
    }
    /* (no branch on the rounding: it goes either way at random) */
    uint64_t up = (uint64_t)(rem > half) | ((uint64_t)(rem == half) & q & 1);
    if (__builtin_expect(__builtin_add_overflow(q, up, &q), 0)) {
        q = UINT64_C(1) << 63;
        e++;
    }
    return (struct ldsum){q, e};
}

/* s += b: the near case inline, the rest through ldsum_add. */
static inline void ldsum_add_to(struct ldsum *s, struct ldsum b)
{
    int64_t d = (int64_t)s->e - b.e;
    if (d >= 0 && d <= 62 && (s->m >> 63 || d == 0))
        *s = ldsum_add_near(*s, b.m, b.e);
    else
        *s = ldsum_add(*s, b);
}

/* s += v (v >= 0): one add while the sum is an integer below 2^64, the
   near case above it. */
static inline void ldsum_add_u64(struct ldsum *s, uint64_t v)
{
    uint64_t r;
    if (s->e == 0) {
        if (!__builtin_add_overflow(s->m, v, &r)) {
            s->m = r;
            return;
        }
    } else if (s->e > 0 && s->e <= 62 && s->m >> 63) {
        /* v a multiple of the last place and no carry out of 64 bits: the
           sum is exact, nothing to round (ldsum_add_near's answer with
           rem = 0). The squares of durations stamped to the ms or the us
           are multiples of 2^12 or 2^6, so a sum of squares mostly stays
           here. */
        if (!(v & ((UINT64_C(1) << s->e) - 1)) && !__builtin_add_overflow(s->m, v >> s->e, &r)) {
            s->m = r;
            return;
        }
        *s = ldsum_add_near(*s, v, 0);
        return;
    }
    *s = ldsum_add(*s, (struct ldsum){v, 0});
}

static inline long double ldsum_value(struct ldsum s)
{
    return ldexpl((long double)s.m, s.e);
}

/* The ldsum of x (x >= 0 and finite: a sum of non-negative values). */
static inline struct ldsum ldsum_of(long double x)
{
    if (!(x > 0))
        return (struct ldsum){0, 0};
    int ex;
    long double f = frexpl(x, &ex); /* x = f * 2^ex, f in [0.5, 1) */
    return ldsum_canon((uint64_t)ldexpl(f, 64), ex - 64);
}

#endif
