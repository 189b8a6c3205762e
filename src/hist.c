/*
 * hist.c — see hist.h for the two representations and the percentile rule.
 * The log-linear index arithmetic follows HdrHistogram's published layout so
 * that encoders can write histograms other HdrHistogram tools read.
 */
#include "hist.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static uint64_t mix64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

void hist_init(struct hist *h, int sig_digits)
{
    memset(h, 0, sizeof *h);
    if (sig_digits < 1)
        sig_digits = 1;
    if (sig_digits > 5)
        sig_digits = 5;
    h->sig_digits = sig_digits;
    h->exact = true;
    int64_t largest_single_unit = 2;
    for (int i = 0; i < sig_digits; i++)
        largest_single_unit *= 10;
    int32_t mag = (int32_t)ceil(log2((double)largest_single_unit));
    h->sub_bucket_half_count_magnitude = (mag > 1 ? mag : 1) - 1;
    h->sub_bucket_half_count = (int32_t)1 << h->sub_bucket_half_count_magnitude;
    h->sub_bucket_mask = ((int64_t)h->sub_bucket_half_count * 2) - 1;
    h->min = INT64_MAX;
    h->max = 0;
}

void hist_fini(struct hist *h)
{
    free(h->slots);
    free(h->counts);
    h->slots = NULL;
    h->counts = NULL;
}

void hist_reset(struct hist *h)
{
    int d = h->sig_digits;
    hist_fini(h);
    hist_init(h, d);
}

static int32_t bucket_index(const struct hist *h, int64_t v)
{
    int32_t pow2ceiling = 64 - __builtin_clzll((uint64_t)(v | h->sub_bucket_mask));
    return pow2ceiling - (h->sub_bucket_half_count_magnitude + 1);
}

size_t hist_counts_index(const struct hist *h, int64_t v)
{
    int32_t b = bucket_index(h, v);
    int32_t sub = (int32_t)(v >> b);
    int32_t base = (b + 1) << h->sub_bucket_half_count_magnitude;
    return (size_t)(base + (sub - h->sub_bucket_half_count));
}

int64_t hist_value_at_index(const struct hist *h, size_t index)
{
    int32_t b = (int32_t)(index >> h->sub_bucket_half_count_magnitude) - 1;
    int32_t sub = (int32_t)(index & (size_t)(h->sub_bucket_half_count - 1)) + h->sub_bucket_half_count;
    if (b < 0) {
        sub -= h->sub_bucket_half_count;
        b = 0;
    }
    return (int64_t)sub << b;
}

int64_t hist_lowest_equivalent(const struct hist *h, int64_t v)
{
    int32_t b = bucket_index(h, v);
    int32_t sub = (int32_t)(v >> b);
    return (int64_t)sub << b;
}

int64_t hist_highest_equivalent(const struct hist *h, int64_t v)
{
    int32_t b = bucket_index(h, v);
    int32_t sub = (int32_t)(v >> b);
    int32_t adj = sub >= (h->sub_bucket_half_count * 2) ? b + 1 : b;
    int64_t range = (int64_t)1 << adj;
    return hist_lowest_equivalent(h, v) + range - 1;
}

static void ll_add(struct hist *h, int64_t v, uint64_t n)
{
    size_t i = hist_counts_index(h, v);
    if (i >= h->counts_len) {
        size_t len = h->counts_len ? h->counts_len : 1024;
        while (len <= i)
            len *= 2;
        h->counts = xrealloc(h->counts, len * sizeof *h->counts);
        memset(h->counts + h->counts_len, 0, (len - h->counts_len) * sizeof *h->counts);
        h->counts_len = len;
    }
    h->counts[i] += n;
}

/* Insert into a map with room (map_grow's rehash: a doubled table never
   needs to grow again while the old entries go in). */
static inline __attribute__((always_inline)) void map_insert(struct hist *h, int64_t v, uint64_t n)
{
    size_t mask = h->map_cap - 1;
    size_t i = (size_t)mix64((uint64_t)v) & mask;
    while (h->slots[i].key >= 0 && h->slots[i].key != v)
        i = (i + 1) & mask;
    if (h->slots[i].key < 0) {
        h->slots[i].key = v;
        h->map_used++;
    }
    h->slots[i].count += n;
}

static void map_grow(struct hist *h)
{
    size_t old_cap = h->map_cap;
    struct hist_slot *old = h->slots;
    /* start small: a --by group with a handful of values costs ~128 bytes */
    h->map_cap = old_cap ? old_cap * 2 : 8;
    h->slots = xmalloc(h->map_cap * sizeof *h->slots);
    for (size_t i = 0; i < h->map_cap; i++)
        h->slots[i] = (struct hist_slot){.key = -1, .count = 0};
    h->map_used = 0;
    for (size_t i = 0; i < old_cap; i++)
        if (old[i].key >= 0)
            map_insert(h, old[i].key, old[i].count);
    free(old);
}

/* (inline: every recorded value comes here while the histogram is exact;
   the table grows before the lookup, whether or not v is new, as it always
   did: the slot order is what hist_variance sums in) */
static inline __attribute__((always_inline)) void map_put(struct hist *h, int64_t v, uint64_t n)
{
    if ((h->map_used + 1) * 4 > h->map_cap * 3)
        map_grow(h);
    map_insert(h, v, n);
}

void hist_to_loglinear(struct hist *h)
{
    if (!h->exact)
        return;
    h->exact = false;
    for (size_t i = 0; i < h->map_cap; i++)
        if (h->slots[i].key >= 0)
            ll_add(h, h->slots[i].key, h->slots[i].count);
    free(h->slots);
    h->slots = NULL;
    h->map_cap = h->map_used = 0;
}

void hist_record_n(struct hist *h, int64_t v, uint64_t n)
{
    if (v < 0)
        v = 0;
    if (n == 0)
        return;
    if (h->exact) {
        map_put(h, v, n);
        if (h->map_used > HIST_EXACT_MAX)
            hist_to_loglinear(h);
    } else {
        ll_add(h, v, n);
    }
    h->total += n;
    if (v < h->min)
        h->min = v;
    if (v > h->max)
        h->max = v;
    /* (long double)v * n, (long double)v * v * n: each product rounded */
    ldsum_add_to(&h->sum, ldsum_round128((ldsum_u128)(uint64_t)v * n));
    struct ldsum sq = ldsum_round128((ldsum_u128)(uint64_t)v * (uint64_t)v);
    struct ldsum sqn = ldsum_round128((ldsum_u128)sq.m * n);
    sqn.e += sq.e;
    ldsum_add_to(&h->sumsq, sqn);
}

/* hist_record_n with n = 1, the per-event call: the same sums (times 1 is
   exact) with one multiplication. */
void hist_record(struct hist *h, int64_t v)
{
    if (v < 0)
        v = 0;
    if (h->exact) {
        map_put(h, v, 1);
        if (h->map_used > HIST_EXACT_MAX)
            hist_to_loglinear(h);
    } else {
        ll_add(h, v, 1);
    }
    h->total++;
    if (v < h->min)
        h->min = v;
    if (v > h->max)
        h->max = v;
    ldsum_add_u64(&h->sum, (uint64_t)v);
    /* (long double)v * v: the square rounded, then added (exact below 2^64,
       that is v below 4.29 s in ns) */
    ldsum_u128 sq = (ldsum_u128)(uint64_t)v * (uint64_t)v;
    if (!(uint64_t)(sq >> 64))
        ldsum_add_u64(&h->sumsq, (uint64_t)sq);
    else
        ldsum_add_to(&h->sumsq, ldsum_round128(sq));
}

void hist_copy(struct hist *dst, const struct hist *src)
{
    hist_fini(dst);
    *dst = *src;
    if (src->slots) {
        dst->slots = xmalloc(src->map_cap * sizeof *dst->slots);
        memcpy(dst->slots, src->slots, src->map_cap * sizeof *dst->slots);
    }
    if (src->counts) {
        dst->counts = xmalloc(src->counts_len * sizeof *dst->counts);
        memcpy(dst->counts, src->counts, src->counts_len * sizeof *dst->counts);
    }
}

void hist_merge(struct hist *dst, const struct hist *src)
{
    if (src->total == 0)
        return;
    if (!src->exact)
        hist_to_loglinear(dst);
    struct hist_iter it;
    /* Record raw entries, then fix up the exact aggregates from src. */
    struct ldsum sum = ldsum_add(dst->sum, src->sum), sumsq = ldsum_add(dst->sumsq, src->sumsq);
    uint64_t total = dst->total + src->total;
    int64_t mn = dst->min < src->min ? dst->min : src->min;
    int64_t mx = dst->max > src->max ? dst->max : src->max;
    if (src->exact) {
        for (size_t i = 0; i < src->map_cap; i++)
            if (src->slots[i].key >= 0)
                hist_record_n(dst, src->slots[i].key, src->slots[i].count);
    } else {
        for (size_t i = 0; i < src->counts_len; i++)
            if (src->counts[i])
                ll_add(dst, hist_value_at_index(src, i), src->counts[i]);
    }
    (void)it;
    dst->sum = sum;
    dst->sumsq = sumsq;
    dst->total = total;
    dst->min = mn;
    dst->max = mx;
}

long double hist_sum(const struct hist *h)
{
    return ldsum_value(h->sum);
}

long double hist_sumsq(const struct hist *h)
{
    return ldsum_value(h->sumsq);
}

void hist_set_sums(struct hist *h, long double sum, long double sumsq)
{
    h->sum = ldsum_of(sum);
    h->sumsq = ldsum_of(sumsq);
}

double hist_mean(const struct hist *h)
{
    return h->total ? (double)(hist_sum(h) / h->total) : 0.0;
}

double hist_variance(const struct hist *h)
{
    if (h->total < 2)
        return 0.0;
    long double mean = hist_sum(h) / h->total;
    if (h->exact) {
        /* Two-pass over distinct values: the same arithmetic as cal.awk. */
        long double acc = 0;
        for (size_t i = 0; i < h->map_cap; i++)
            if (h->slots[i].key >= 0) {
                long double d = (long double)h->slots[i].key - mean;
                acc += d * d * h->slots[i].count;
            }
        return (double)(acc / (h->total - 1));
    }
    long double v = (hist_sumsq(h) - hist_sum(h) * mean) / (h->total - 1);
    return v < 0 ? 0.0 : (double)v;
}

double hist_stddev(const struct hist *h)
{
    return sqrt(hist_variance(h));
}

int64_t hist_percentile(const struct hist *h, double p)
{
    if (h->total == 0)
        return 0;
    double target = (double)h->total * p / 100.0;
    struct hist_iter it;
    uint64_t cum = 0;
    int64_t result = h->max;
    hist_iter_init(&it, h);
    while (hist_iter_next(&it)) {
        cum += it.count;
        if ((double)cum >= target) {
            result = it.value;
            break;
        }
    }
    hist_iter_fini(&it);
    if (result > h->max)
        result = h->max;
    if (result < h->min)
        result = h->min;
    return result;
}

uint64_t hist_count_above(const struct hist *h, int64_t v)
{
    uint64_t n = 0;
    if (h->exact) {
        for (size_t i = 0; i < h->map_cap; i++)
            if (h->slots[i].key > v)
                n += h->slots[i].count;
        return n;
    }
    for (size_t i = 0; i < h->counts_len; i++)
        if (h->counts[i] && hist_value_at_index(h, i) > v)
            n += h->counts[i];
    return n;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

void hist_iter_init(struct hist_iter *it, const struct hist *h)
{
    memset(it, 0, sizeof *it);
    it->h = h;
    if (h->exact && h->map_used) {
        it->sorted = xmalloc(h->map_used * sizeof *it->sorted);
        for (size_t i = 0; i < h->map_cap; i++)
            if (h->slots[i].key >= 0)
                it->sorted[it->n++] = h->slots[i].key;
        qsort(it->sorted, it->n, sizeof *it->sorted, cmp_i64);
    }
}

static uint64_t map_get(const struct hist *h, int64_t v)
{
    size_t mask = h->map_cap - 1;
    size_t i = (size_t)mix64((uint64_t)v) & mask;
    while (h->slots[i].key >= 0) {
        if (h->slots[i].key == v)
            return h->slots[i].count;
        i = (i + 1) & mask;
    }
    return 0;
}

bool hist_iter_next(struct hist_iter *it)
{
    const struct hist *h = it->h;
    if (h->exact) {
        if (it->i >= it->n)
            return false;
        it->value = it->sorted[it->i++];
        it->count = map_get(h, it->value);
        return true;
    }
    while (it->i < h->counts_len) {
        size_t i = it->i++;
        if (h->counts[i]) {
            int64_t v = hist_highest_equivalent(h, hist_value_at_index(h, i));
            it->value = v > h->max ? h->max : v;
            it->count = h->counts[i];
            return true;
        }
    }
    return false;
}

void hist_iter_fini(struct hist_iter *it)
{
    free(it->sorted);
    it->sorted = NULL;
}
