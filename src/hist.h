/*
 * hist.h — a mergeable histogram of non-negative 64-bit integer values.
 *
 * Two representations, one API:
 *   exact:      a hash map value -> count, like `sort -n | uniq -c`. Used while
 *               the number of distinct values stays <= HIST_EXACT_MAX.
 *   log-linear: HdrHistogram's bucket layout (lowest value 1, unit magnitude 0)
 *               with `sig_digits` significant decimal digits: every value below
 *               sub_bucket_count (2048 for 3 digits) is still exact, larger
 *               values share a bucket with values within 10^-sig_digits of
 *               them. The counts array grows only as far as the largest value.
 * A histogram switches from exact to log-linear once, when it would exceed
 * HIST_EXACT_MAX distinct values, so memory stays bounded whatever the input.
 * Count, sum, min and max are always exact.
 *
 * Percentile rule (nearest rank, as the field reports' cal.awk): the value at
 * percentile p is the smallest recorded value v such that the number of
 * recorded values <= v is >= total * p / 100. In log-linear mode the value is
 * the highest value equivalent to v's bucket, clamped to the exact max.
 */
#ifndef GCLAT_HIST_H
#define GCLAT_HIST_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#include "ldsum.h"

#define HIST_EXACT_MAX (1u << 18)

struct hist {
    int sig_digits;
    bool exact;
    /* exact mode: open addressing, key -1 marks an empty slot; a value and
       its count share a slot, so an insert touches one cache line */
    struct hist_slot { int64_t key; uint64_t count; } *slots;
    size_t map_cap, map_used;
    /* log-linear mode (HdrHistogram layout) */
    uint64_t *counts;
    size_t counts_len;
    int32_t sub_bucket_half_count_magnitude;
    int32_t sub_bucket_half_count;
    int64_t sub_bucket_mask;
    /* always exact */
    uint64_t total;
    int64_t min, max;
    /* long double sums in record order, kept as integers (ldsum.h): read
       them with hist_sum / hist_sumsq */
    struct ldsum sum, sumsq;
};

/* sig_digits in 1..5. */
void hist_init(struct hist *h, int sig_digits);
void hist_fini(struct hist *h);
void hist_reset(struct hist *h);
/* Record value (>= 0) count times. */
void hist_record_n(struct hist *h, int64_t value, uint64_t count);
void hist_record(struct hist *h, int64_t value);
/* dst becomes a copy of src (the same slots: the same variance, bit for bit). */
void hist_copy(struct hist *dst, const struct hist *src);
/* Add every count of src into dst (dst keeps its sig_digits). */
void hist_merge(struct hist *dst, const struct hist *src);
/* Convert an exact histogram to log-linear (no-op if already). */
void hist_to_loglinear(struct hist *h);

/* The sum and the sum of squares of the recorded values, as long double
   accumulations in record order give them. */
long double hist_sum(const struct hist *h);
long double hist_sumsq(const struct hist *h);
/* Replace both (sums computed elsewhere: a codec's bucket midpoints, a
   rescaling); each must be >= 0 and finite. */
void hist_set_sums(struct hist *h, long double sum, long double sumsq);

double hist_mean(const struct hist *h);
/* Sample variance (n - 1 denominator); 0 when fewer than two values. */
double hist_variance(const struct hist *h);
double hist_stddev(const struct hist *h);
/* Value at percentile p (0..100) by the nearest-rank rule above; 0 if empty. */
int64_t hist_percentile(const struct hist *h, double p);
/* Number of recorded values strictly greater than v (exact in exact mode;
   in log-linear mode counts whole buckets whose lowest value is > v). */
uint64_t hist_count_above(const struct hist *h, int64_t v);

/*
 * Distinct values in ascending order. In log-linear mode each bucket is one
 * entry and `value` is its highest equivalent value. The iterator owns a
 * sorted copy in exact mode; call hist_iter_fini.
 */
struct hist_iter {
    const struct hist *h;
    int64_t *sorted;
    size_t n, i;
    int64_t value;
    uint64_t count;
};
void hist_iter_init(struct hist_iter *it, const struct hist *h);
bool hist_iter_next(struct hist_iter *it);
void hist_iter_fini(struct hist_iter *it);

/* HdrHistogram helpers for the log-linear layout (used by encoders). */
size_t hist_counts_index(const struct hist *h, int64_t value);
int64_t hist_value_at_index(const struct hist *h, size_t index);
int64_t hist_highest_equivalent(const struct hist *h, int64_t value);
int64_t hist_lowest_equivalent(const struct hist *h, int64_t value);

#endif
