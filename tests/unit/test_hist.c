/* test_hist.c — histogram: exact counting, nearest-rank percentiles, merge, log-linear mode. */
#include "hist.h"
#include "t.h"

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

int main(void)
{
    RUN(percentiles_nearest_rank);
    RUN(duplicates_like_uniq_c);
    RUN(loglinear_precision);
    RUN(switch_to_loglinear_when_too_many_distinct);
    RUN(merge_equals_single);
    T_DONE();
}
