/* test_hist.c — histogram: exact counting, nearest-rank percentiles, merge, log-linear mode. */
#include "hist.h"
#include "t.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

static void percentiles_nearest_rank(void)
{
    struct hist h;
    hist_init(&h, 3);
    for (int v = 1; v <= 100; v++)
        hist_record(&h, v);
    CHECK_EQ_INT(h.total, 100);
    CHECK_EQ_INT(hist_percentile(&h, 50), 50);
    CHECK_EQ_INT(hist_percentile(&h, 99), 99);
    CHECK_EQ_INT(hist_percentile(&h, 99.9), 100);
    CHECK_EQ_INT(hist_percentile(&h, 100), 100);
    CHECK_EQ_INT(hist_percentile(&h, 0), 1);
    CHECK_NEAR(hist_mean(&h), 50.5, 1e-9);
    /* sample variance of 1..100 = 841.666... */
    CHECK_NEAR(hist_variance(&h), 841.6666666667, 1e-6);
    hist_fini(&h);
}

static void duplicates_like_uniq_c(void)
{
    struct hist h;
    hist_init(&h, 3);
    hist_record_n(&h, 10, 5);
    hist_record_n(&h, 3, 2);
    hist_record_n(&h, 70000, 1);
    struct hist_iter it;
    hist_iter_init(&it, &h);
    int64_t vals[3];
    uint64_t cnts[3];
    int n = 0;
    while (hist_iter_next(&it) && n < 3) {
        vals[n] = it.value;
        cnts[n] = it.count;
        n++;
    }
    hist_iter_fini(&it);
    CHECK_EQ_INT(n, 3);
    CHECK_EQ_INT(vals[0], 3);
    CHECK_EQ_INT(cnts[0], 2);
    CHECK_EQ_INT(vals[2], 70000);
    CHECK_EQ_INT(hist_count_above(&h, 9), 6);
    hist_fini(&h);
}

static void loglinear_precision(void)
{
    struct hist h;
    hist_init(&h, 3);
    srand(7);
    for (int i = 0; i < 1000; i++)
        hist_record(&h, 1000 + rand() % 10000000);
    hist_to_loglinear(&h);
    CHECK(!h.exact);
    /* every value below 2048 stays exact */
    CHECK_EQ_INT(hist_highest_equivalent(&h, 2047), 2047);
    /* 3 significant digits: bucket width <= value/1000 */
    int64_t v = 1234567;
    CHECK(hist_highest_equivalent(&h, v) - hist_lowest_equivalent(&h, v) + 1 <= v / 1000);
    CHECK(hist_percentile(&h, 100) == h.max);
    hist_fini(&h);
}

static void switch_to_loglinear_when_too_many_distinct(void)
{
    struct hist h;
    hist_init(&h, 3);
    for (int64_t v = 0; v < (int64_t)HIST_EXACT_MAX + 10; v++)
        hist_record(&h, v * 3);
    CHECK(!h.exact);
    CHECK_EQ_INT(h.total, HIST_EXACT_MAX + 10);
    CHECK_EQ_INT(h.max, ((int64_t)HIST_EXACT_MAX + 9) * 3);
    int64_t p50 = hist_percentile(&h, 50);
    int64_t want = ((int64_t)(HIST_EXACT_MAX + 10) / 2) * 3;
    CHECK(llabs(p50 - want) <= want / 500);
    hist_fini(&h);
}

static void merge_equals_single(void)
{
    struct hist a, b, all;
    hist_init(&a, 3);
    hist_init(&b, 3);
    hist_init(&all, 3);
    for (int i = 0; i < 5000; i++) {
        int64_t v = (i * 7919) % 3001;
        if (i % 2)
            hist_record(&a, v);
        else
            hist_record(&b, v);
        hist_record(&all, v);
    }
    hist_merge(&a, &b);
    CHECK_EQ_INT(a.total, all.total);
    double ps[] = {50, 90, 99, 99.9, 100};
    for (int i = 0; i < 5; i++)
        CHECK_EQ_INT(hist_percentile(&a, ps[i]), hist_percentile(&all, ps[i]));
    CHECK_NEAR(hist_variance(&a), hist_variance(&all), 1e-6);
    hist_fini(&a);
    hist_fini(&b);
    hist_fini(&all);
}

static uint64_t xs_state = 0x9e3779b97f4a7c15ULL;
static uint64_t xs_next(void)
{
    xs_state ^= xs_state << 13;
    xs_state ^= xs_state >> 7;
    xs_state ^= xs_state << 17;
    return xs_state;
}

/* A value of random bit length, often with few bits set: sums that land on
   exact halves of the last place (ties) and carries into a new power of 2. */
static int64_t any_value(void)
{
    uint64_t r = xs_next();
    int bits = (int)(r % 64); /* 0..63 */
    uint64_t v;
    switch ((r >> 8) % 4) {
    case 0: v = bits ? xs_next() >> (64 - bits) : 0; break;
    case 1: v = UINT64_C(1) << (bits > 62 ? 62 : bits); break;
    case 2: v = (UINT64_C(1) << (bits > 62 ? 62 : bits)) + ((r >> 16) % 3); break;
    default: v = (UINT64_C(1) << (bits > 62 ? 62 : bits)) - 1; break;
    }
    return (int64_t)(v & (uint64_t)INT64_MAX);
}

/* The sums are kept in integers (ldsum.h) and must round exactly as the long
   double accumulation they replace: compared here with long double
   arithmetic itself, after every record. */
static void sums_round_as_long_double(void)
{
    uint64_t differ = 0, records = 0;
    for (int seq = 0; seq < 400; seq++) {
        struct hist h;
        hist_init(&h, 3);
        long double sum = 0, sumsq = 0;
        /* each sequence keeps to a range of magnitudes, some to big ones */
        int top = 1 + seq % 63;
        for (int i = 0; i < 1500; i++) {
            int64_t v = any_value();
            if (seq % 3)
                v >>= 63 - top;
            uint64_t n = xs_next() % 5 ? 1 : 1 + xs_next() % ((seq % 5 == 0) ? UINT64_C(1) << 40 : 1000);
            if (n == 1) {
                hist_record(&h, v);
                long double x = (long double)v;
                sum += x;
                sumsq += x * x;
            } else {
                hist_record_n(&h, v, n);
                sum += (long double)v * n;
                sumsq += (long double)v * v * n;
            }
            records++;
            if (hist_sum(&h) != sum || hist_sumsq(&h) != sumsq)
                differ++;
        }
        /* a merge adds the two sums once */
        struct hist g;
        hist_init(&g, 3);
        long double gsum = 0, gsumsq = 0;
        for (int i = 0; i < 50; i++) {
            int64_t v = any_value() >> (seq % 40);
            hist_record(&g, v);
            long double x = (long double)v;
            gsum += x;
            gsumsq += x * x;
        }
        hist_merge(&h, &g);
        if (hist_sum(&h) != sum + gsum || hist_sumsq(&h) != sumsq + gsumsq)
            differ++;
        hist_fini(&g);
        hist_fini(&h);
    }
    CHECK_EQ_INT(differ, 0);
    CHECK(records == 400 * 1500);
    /* ties at 2^64, where the last place is 2: to even, both ways */
    struct hist h;
    hist_init(&h, 3);
    hist_record(&h, INT64_C(1) << 62);
    hist_record(&h, INT64_C(1) << 62);
    hist_record(&h, INT64_C(1) << 62);
    hist_record(&h, INT64_C(1) << 62); /* 2^64 */
    hist_record(&h, 1);                /* 2^64 + 1: a tie, stays 2^64 */
    CHECK(hist_sum(&h) == 18446744073709551616.0L);
    hist_record(&h, 3); /* 2^64 + 3: a tie, up to 2^64 + 4 */
    CHECK(hist_sum(&h) == 18446744073709551620.0L);
    hist_fini(&h);
    /* products of 128 bits (a count near 2^64 times a square near 2^126) */
    int64_t big[] = {INT64_MAX, (INT64_C(1) << 62) + 12345, INT64_C(3037000499) * 2 + 1};
    uint64_t counts[] = {UINT64_MAX, UINT64_MAX - 7, (UINT64_C(1) << 63) + 1};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            hist_init(&h, 3);
            hist_record_n(&h, big[i], counts[j]);
            CHECK(hist_sum(&h) == (long double)big[i] * counts[j]);
            CHECK(hist_sumsq(&h) == (long double)big[i] * big[i] * counts[j]);
            hist_fini(&h);
        }
}

/* Durations stamped to the ms or the us have squares that are multiples
   of 2^12 or 2^6: a sum of them past 2^64 adds them without rounding
   (ldsum_add_u64's exact case) until its last place passes that factor,
   then rounds. Both, and the carries into a new power of 2, against long
   double after every record. */
static void stamped_sums_round_as_long_double(void)
{
    static const struct { int64_t unit, kmax; } seqs[] = {
        {1000000, 4294},      /* ms: v^2 below 2^64, the sum passes 2^76 */
        {1000, 4294967},      /* us */
        {INT64_C(1) << 20, 4095}, /* squares that never round */
        {3 << 10, 1398101},
    };
    uint64_t differ = 0;
    for (size_t q = 0; q < sizeof seqs / sizeof seqs[0]; q++) {
        struct hist h;
        hist_init(&h, 3);
        long double sum = 0, sumsq = 0;
        for (int i = 0; i < 150000; i++) {
            int64_t v = (1 + (int64_t)(xs_next() % (uint64_t)seqs[q].kmax)) * seqs[q].unit;
            hist_record(&h, v);
            long double x = (long double)v;
            sum += x;
            sumsq += x * x;
            if (hist_sum(&h) != sum || hist_sumsq(&h) != sumsq)
                differ++;
        }
        CHECK(h.sumsq.e > 12); /* the sum went past the exact range */
        hist_fini(&h);
    }
    CHECK_EQ_INT(differ, 0);
}

/* hist_set_sums and the readers give back the long double put in. */
static void set_sums_round_trip(void)
{
    uint64_t differ = 0;
    for (int i = 0; i < 20000; i++) {
        long double x = ldexpl((long double)xs_next(), (int)(xs_next() % 200) - 100);
        if (i % 7 == 0)
            x = (long double)(xs_next() >> (xs_next() % 64));
        if (i % 11 == 0)
            x += 0.5L;
        struct hist h;
        hist_init(&h, 3);
        hist_set_sums(&h, x, x * 3);
        if (hist_sum(&h) != x || hist_sumsq(&h) != x * 3)
            differ++;
        /* and a record on top rounds as long double does */
        hist_record(&h, 12345);
        if (hist_sum(&h) != x + 12345.0L || hist_sumsq(&h) != x * 3 + 12345.0L * 12345.0L)
            differ++;
        hist_fini(&h);
    }
    CHECK_EQ_INT(differ, 0);
}

/* hist_copy gives the same histogram, exact or log-linear, and an
   independent one: the copy then records as the original would. */
static void copy_is_the_same_histogram(void)
{
    for (int loglinear = 0; loglinear < 2; loglinear++) {
        struct hist h, c, twin;
        hist_init(&h, 3);
        hist_init(&twin, 3);
        hist_init(&c, 3);
        hist_record(&c, 99); /* the copy replaces whatever was there */
        uint64_t x = 7;
        int n = loglinear ? (int)HIST_EXACT_MAX + 5000 : 20000;
        for (int i = 0; i < n; i++) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            int64_t v = (int64_t)(x >> 36);
            hist_record(&h, v);
            hist_record(&twin, v);
        }
        CHECK(h.exact == !loglinear);
        hist_copy(&c, &h);
        for (int i = 0; i < 1000; i++) {
            hist_record(&c, i * 1009);
            hist_record(&twin, i * 1009);
        }
        CHECK(c.total == twin.total && h.total == (uint64_t)n);
        CHECK(hist_variance(&c) == hist_variance(&twin));
        CHECK(hist_sum(&c) == hist_sum(&twin) && hist_sumsq(&c) == hist_sumsq(&twin));
        CHECK(c.min == twin.min && c.max == twin.max);
        double ps[] = {1, 50, 90, 99.9};
        for (int i = 0; i < 4; i++)
            CHECK_EQ_INT(hist_percentile(&c, ps[i]), hist_percentile(&twin, ps[i]));
        hist_fini(&h);
        hist_fini(&c);
        hist_fini(&twin);
    }
}

int main(void)
{
    RUN(percentiles_nearest_rank);
    RUN(duplicates_like_uniq_c);
    RUN(loglinear_precision);
    RUN(switch_to_loglinear_when_too_many_distinct);
    RUN(merge_equals_single);
    RUN(sums_round_as_long_double);
    RUN(stamped_sums_round_as_long_double);
    RUN(set_sums_round_trip);
    RUN(copy_is_the_same_histogram);
    T_DONE();
}
