/*
 * lat_group.c — the accumulator behind every latency table (histogram with a
 * dense fast path, optional cal.awk string table) and the table of groups
 * (--by, --interval buckets, per-thread partial results).
 *
 * Invariants: an accumulator's values are integers of base_ns nanoseconds;
 * dense[v] holds counts for v < LAT_DENSE not yet moved into h (so the hot
 * path is one array increment; lat_acc_flush before reading h). Merging
 * first brings both sides to the finer base unit. Group keys are bytes, not
 * C strings; memory is per distinct key, never per line, and a key seen
 * once costs a few hundred bytes: the dense array (16 KB) and the cal
 * table come only once an accumulator is busy (LAT_DENSE_AFTER values).
 * --over counts are exact whatever the histogram's mode: values that reach
 * h directly are counted when added, dense values when flushed.
 */
#include "lat.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static const int64_t pow10_tab[19] = {
    1LL, 10LL, 100LL, 1000LL, 10000LL, 100000LL, 1000000LL, 10000000LL, 100000000LL, 1000000000LL,
    10000000000LL, 100000000000LL, 1000000000000LL, 10000000000000LL, 100000000000000LL,
    1000000000000000LL, 10000000000000000LL, 100000000000000000LL, 1000000000000000000LL,
};

void lat_acc_init(struct lat_acc *a, int precision, int64_t unit_ns, bool cal)
{
    memset(a, 0, sizeof *a);
    hist_init(&a->h, precision);
    a->base_ns = unit_ns;
    a->scale = 0;
    if (cal)
        a->cal = xcalloc(1, sizeof *a->cal);
}

void lat_acc_set_over(struct lat_acc *a, const int64_t *over_ns, int n)
{
    free(a->over);
    a->over = n > 0 ? xcalloc((size_t)n, sizeof *a->over) : NULL;
    a->over_ns = over_ns;
    a->nover = n > 0 ? n : 0;
}

/* Threshold k in a's base unit: value v (an integer) is over it iff v > this. */
static int64_t over_base(const struct lat_acc *a, int k)
{
    return a->over_ns[k] / a->base_ns;
}

void lat_acc_fini(struct lat_acc *a)
{
    hist_fini(&a->h);
    free(a->dense);
    a->dense = NULL;
    free(a->cal_dense);
    a->cal_dense = NULL;
    free(a->over);
    a->over = NULL;
    a->nover = 0;
    if (a->cal) {
        lat_strmap_free(a->cal);
        free(a->cal);
        a->cal = NULL;
    }
}

void lat_acc_flush(struct lat_acc *a)
{
    if (a->cal_dense) {
        for (int v = 0; v < LAT_DENSE; v++)
            if (a->cal_dense[v]) {
                char b[16];
                int n = snprintf(b, sizeof b, "%d", v);
                lat_strmap_add(a->cal, b, (size_t)n, a->cal_dense[v]);
                a->cal_dense[v] = 0;
            }
    }
    if (!a->dense || !a->dense_n)
        return;
    for (int k = 0; k < a->nover; k++) {
        int64_t t = over_base(a, k);
        for (int64_t v = t < 0 ? 0 : t + 1; v < LAT_DENSE; v++)
            a->over[k] += a->dense[v];
    }
    for (int64_t v = 0; v < LAT_DENSE; v++)
        if (a->dense[v]) {
            hist_record_n(&a->h, v, a->dense[v]);
            a->dense[v] = 0;
        }
    a->dense_n = 0;
}

/* Values stay <= LAT_VALUE_MAX base units (2.3e18: 73 years in ns) so every
   histogram index stays encodable; only absurd inputs are clamped. */
#define LAT_VALUE_MAX (INT64_MAX / 4)

static int64_t mul_sat(int64_t v, int64_t f)
{
    int64_t r;
    if (__builtin_mul_overflow(v, f, &r) || r > LAT_VALUE_MAX)
        return LAT_VALUE_MAX;
    return r;
}

void lat_acc_rescale(struct lat_acc *a, int64_t base_ns)
{
    lat_acc_flush(a);
    if (base_ns <= 0 || base_ns >= a->base_ns)
        return;
    int64_t f = a->base_ns / base_ns;
    int k = 0;
    while (k < 18 && pow10_tab[k] < f)
        k++;
    a->base_ns = base_ns;
    a->scale += k;
    if (a->h.total == 0)
        return;
    struct hist nh;
    hist_init(&nh, a->h.sig_digits);
    if (!a->h.exact)
        hist_to_loglinear(&nh);
    struct hist_iter it;
    hist_iter_init(&it, &a->h);
    while (hist_iter_next(&it))
        hist_record_n(&nh, mul_sat(it.value, f), it.count);
    hist_iter_fini(&it);
    hist_set_sums(&nh, hist_sum(&a->h) * f, hist_sumsq(&a->h) * f * f);
    nh.min = mul_sat(a->h.min, f);
    nh.max = mul_sat(a->h.max, f);
    hist_fini(&a->h);
    a->h = nh;
}

bool lat_acc_add(struct lat_acc *a, const struct lat_cfg *c, int64_t mant, int ndec, const char *text,
                 size_t tlen)
{
    if (ndec > a->scale) {
        if (ndec > c->max_scale) {
            mant /= pow10_tab[ndec - c->max_scale]; /* finer than 1 ns: truncated */
            ndec = c->max_scale;
        }
        if (ndec > a->scale) {
            int64_t f = pow10_tab[ndec - a->scale];
            if (a->h.total && a->h.max > LAT_VALUE_MAX / f) {
                /* a finer unit would push recorded values out of range:
                   keep the unit, drop this value's extra decimals */
                mant /= f;
                ndec = a->scale;
            } else {
                lat_acc_rescale(a, c->unit_ns / pow10_tab[ndec]);
            }
        }
    }
    int64_t v;
    if (__builtin_mul_overflow(mant, pow10_tab[a->scale - ndec], &v) || v > LAT_VALUE_MAX)
        return false;
    if (v < LAT_DENSE && (a->dense || a->cold_n >= LAT_DENSE_AFTER)) {
        if (!a->dense)
            a->dense = xcalloc(LAT_DENSE, sizeof *a->dense);
        a->dense[v]++;
        a->dense_n++;
    } else {
        hist_record(&a->h, v);
        if (!a->dense && a->cold_n < LAT_DENSE_AFTER)
            a->cold_n++;
        for (int k = 0; k < a->nover; k++)
            if (v > over_base(a, k))
                a->over[k]++;
    }
    if (a->cal) {
        if (ndec == 0 && mant < LAT_DENSE && tlen <= 4 && lat_canonical_int(text, tlen) &&
            (a->cal_dense || a->dense)) {
            if (!a->cal_dense)
                a->cal_dense = xcalloc(LAT_DENSE, sizeof *a->cal_dense);
            a->cal_dense[mant]++;
        } else {
            lat_strmap_add(a->cal, text, tlen, 1);
        }
    }
    return true;
}

void lat_acc_merge(struct lat_acc *dst, struct lat_acc *src)
{
    lat_acc_flush(dst);
    lat_acc_flush(src);
    if (src->base_ns < dst->base_ns)
        lat_acc_rescale(dst, src->base_ns);
    else if (dst->base_ns < src->base_ns)
        lat_acc_rescale(src, dst->base_ns);
    hist_merge(&dst->h, &src->h);
    uint32_t cold = dst->cold_n + src->cold_n;
    dst->cold_n = cold < LAT_DENSE_AFTER ? cold : LAT_DENSE_AFTER;
    if (src->nover) {
        if (dst->nover != src->nover)
            lat_acc_set_over(dst, src->over_ns, src->nover);
        for (int k = 0; k < src->nover; k++)
            dst->over[k] += src->over[k];
    }
    if (src->cal) {
        if (!dst->cal)
            dst->cal = xcalloc(1, sizeof *dst->cal);
        for (size_t i = 0; i < src->cal->cap; i++)
            if (src->cal->keys[i])
                lat_strmap_add(dst->cal, src->cal->keys[i], src->cal->lens[i], src->cal->vals[i]);
    }
}

static uint64_t hash_bytes(const char *s, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL ^ n;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 0x100000001b3ULL;
    }
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 32;
    return h;
}

static void strmap_grow(struct lat_strmap *m)
{
    size_t oc = m->cap;
    char **ok = m->keys;
    uint32_t *ol = m->lens;
    uint64_t *ov = m->vals, *oh = m->hashes;
    m->cap = oc ? oc * 2 : 16;
    m->keys = xcalloc(m->cap, sizeof *m->keys);
    m->lens = xcalloc(m->cap, sizeof *m->lens);
    m->vals = xcalloc(m->cap, sizeof *m->vals);
    m->hashes = xcalloc(m->cap, sizeof *m->hashes);
    for (size_t i = 0; i < oc; i++) {
        if (!ok[i])
            continue;
        size_t j = (size_t)oh[i] & (m->cap - 1);
        while (m->keys[j])
            j = (j + 1) & (m->cap - 1);
        m->keys[j] = ok[i];
        m->lens[j] = ol[i];
        m->vals[j] = ov[i];
        m->hashes[j] = oh[i];
    }
    free(ok);
    free(ol);
    free(ov);
    free(oh);
}

void lat_strmap_add(struct lat_strmap *m, const char *s, size_t n, uint64_t count)
{
    if ((m->used + 1) * 4 > m->cap * 3)
        strmap_grow(m);
    if (n > UINT32_MAX)
        n = UINT32_MAX;
    uint64_t h = hash_bytes(s, n);
    size_t j = (size_t)h & (m->cap - 1);
    while (m->keys[j]) {
        if (m->hashes[j] == h && m->lens[j] == n && memcmp(m->keys[j], s, n) == 0) {
            m->vals[j] += count;
            return;
        }
        j = (j + 1) & (m->cap - 1);
    }
    m->keys[j] = xmalloc(n + 1);
    memcpy(m->keys[j], s, n);
    m->keys[j][n] = 0;
    m->lens[j] = (uint32_t)n;
    m->vals[j] = count;
    m->hashes[j] = h;
    m->used++;
}

void lat_strmap_free(struct lat_strmap *m)
{
    for (size_t i = 0; i < m->cap; i++)
        free(m->keys[i]);
    free(m->keys);
    free(m->lens);
    free(m->vals);
    free(m->hashes);
    memset(m, 0, sizeof *m);
}

void lat_groups_init(struct lat_groups *t, int precision, int64_t unit_ns, bool cal)
{
    memset(t, 0, sizeof *t);
    t->precision = precision;
    t->unit_ns = unit_ns;
    t->cal = cal;
}

static void group_free(struct lat_group *g)
{
    free(g->key);
    g->key = NULL;
    lat_acc_fini(&g->acc);
}

void lat_groups_fini(struct lat_groups *t)
{
    for (size_t i = 0; i < t->n; i++)
        group_free(&t->g[i]);
    if (t->other) {
        group_free(t->other);
        free(t->other);
    }
    free(t->g);
    free(t->slots);
    memset(t, 0, sizeof *t);
}

static void slots_rebuild(struct lat_groups *t)
{
    free(t->slots);
    t->nslots = t->nslots ? t->nslots * 2 : 64;
    t->slots = xcalloc(t->nslots, sizeof *t->slots);
    for (size_t i = 0; i < t->n; i++) {
        size_t j = (size_t)hash_bytes(t->g[i].key, t->g[i].key_len) & (t->nslots - 1);
        while (t->slots[j])
            j = (j + 1) & (t->nslots - 1);
        t->slots[j] = (uint32_t)(i + 1);
    }
}

static void group_init(const struct lat_groups *t, struct lat_group *g, const char *key, size_t n,
                       int64_t sort_key)
{
    g->key = xmalloc(n + 1);
    memcpy(g->key, key, n);
    g->key[n] = 0;
    g->key_len = n;
    g->sort_key = sort_key;
    lat_acc_init(&g->acc, t->precision, t->unit_ns, t->cal);
    if (t->nover)
        lat_acc_set_over(&g->acc, t->over_ns, t->nover);
}

struct lat_group *lat_groups_other(struct lat_groups *t)
{
    if (!t->other) {
        t->other = xcalloc(1, sizeof *t->other);
        group_init(t, t->other, LAT_OTHER_KEY, strlen(LAT_OTHER_KEY), INT64_MAX);
    }
    return t->other;
}

const struct lat_group *lat_groups_find(const struct lat_groups *t, const char *key, size_t n)
{
    if (!t->slots)
        return NULL;
    size_t j = (size_t)hash_bytes(key, n) & (t->nslots - 1);
    while (t->slots[j]) {
        const struct lat_group *g = &t->g[t->slots[j] - 1];
        if (g->key_len == n && memcmp(g->key, key, n) == 0)
            return g;
        j = (j + 1) & (t->nslots - 1);
    }
    return NULL;
}

struct lat_group *lat_groups_get(struct lat_groups *t, const char *key, size_t n, int64_t sort_key)
{
    if (!t->slots)
        slots_rebuild(t);
    size_t j = (size_t)hash_bytes(key, n) & (t->nslots - 1);
    while (t->slots[j]) {
        struct lat_group *g = &t->g[t->slots[j] - 1];
        if (g->key_len == n && memcmp(g->key, key, n) == 0)
            return g;
        j = (j + 1) & (t->nslots - 1);
    }
    if (t->frozen ? !lat_groups_find(t->frozen, key, n) : t->track_max && t->n >= t->track_max) {
        t->overflowed = true; /* a key beyond those tracked: other holds unnamed keys */
        return lat_groups_other(t);
    }
    xgrow((void **)&t->g, &t->cap, t->n + 1, sizeof *t->g);
    struct lat_group *g = &t->g[t->n++];
    group_init(t, g, key, n, sort_key);
    if ((t->n + 1) * 2 > t->nslots)
        slots_rebuild(t);
    else
        t->slots[j] = (uint32_t)t->n;
    return g;
}

void lat_groups_merge(struct lat_groups *dst, struct lat_groups *src)
{
    for (size_t i = 0; i < src->n; i++) {
        struct lat_group *s = &src->g[i];
        struct lat_group *d = lat_groups_get(dst, s->key, s->key_len, s->sort_key);
        lat_acc_merge(&d->acc, &s->acc);
    }
    if (src->other)
        lat_acc_merge(&lat_groups_other(dst)->acc, &src->other->acc);
    dst->overflowed |= src->overflowed;
    dst->keys_folded += src->keys_folded;
}

uint64_t lat_groups_total(const struct lat_groups *t)
{
    uint64_t n = t->other ? t->other->acc.h.total + t->other->acc.dense_n : 0;
    for (size_t i = 0; i < t->n; i++)
        n += t->g[i].acc.h.total + t->g[i].acc.dense_n;
    return n;
}

static int cmp_group(const void *a, const void *b)
{
    const struct lat_group *x = a, *y = b;
    if (x->sort_key != y->sort_key)
        return x->sort_key < y->sort_key ? -1 : 1;
    size_t n = x->key_len < y->key_len ? x->key_len : y->key_len;
    int c = memcmp(x->key, y->key, n);
    if (c)
        return c;
    return (x->key_len > y->key_len) - (x->key_len < y->key_len);
}

void lat_groups_sort(struct lat_groups *t)
{
    if (t->n > 1)
        qsort(t->g, t->n, sizeof *t->g, cmp_group);
    t->nslots /= 2; /* slots_rebuild doubles: keep the size */
    slots_rebuild(t);
}

/* lat_groups_finish's comparators read per-group figures computed once. */
struct rank {
    struct lat_group *g;
    uint64_t count;
    long double p99_ns;
};

static int key_cmp(const struct lat_group *x, const struct lat_group *y)
{
    size_t n = x->key_len < y->key_len ? x->key_len : y->key_len;
    int c = memcmp(x->key, y->key, n);
    if (c)
        return c;
    return (x->key_len > y->key_len) - (x->key_len < y->key_len);
}

static int by_count(const void *a, const void *b)
{
    const struct rank *x = a, *y = b;
    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    return key_cmp(x->g, y->g);
}

static int by_p99(const void *a, const void *b)
{
    const struct rank *x = a, *y = b;
    if (x->p99_ns != y->p99_ns)
        return x->p99_ns > y->p99_ns ? -1 : 1;
    return by_count(a, b);
}

static int by_name(const void *a, const void *b)
{
    const struct rank *x = a, *y = b;
    return key_cmp(x->g, y->g);
}

static int by_time(const void *a, const void *b)
{
    const struct rank *x = a, *y = b;
    return cmp_group(x->g, y->g);
}

void lat_groups_finish(struct lat_groups *t, size_t max_groups, enum lat_sort sort, bool time_order)
{
    for (size_t i = 0; i < t->n; i++)
        lat_acc_flush(&t->g[i].acc);
    if (t->other)
        lat_acc_flush(&t->other->acc);
    if (t->n == 0)
        return;
    struct rank *r = xcalloc(t->n, sizeof *r);
    for (size_t i = 0; i < t->n; i++) {
        r[i].g = &t->g[i];
        r[i].count = t->g[i].acc.h.total;
    }
    size_t keep = t->n;
    if (max_groups && t->n > max_groups) {
        /* the busiest max_groups stay; the rest fold into other, so the
           total over the groups and other is unchanged */
        qsort(r, t->n, sizeof *r, by_count);
        keep = max_groups;
        struct lat_group *o = lat_groups_other(t);
        for (size_t i = keep; i < t->n; i++) {
            lat_acc_merge(&o->acc, &r[i].g->acc);
            group_free(r[i].g);
        }
        t->keys_folded += t->n - keep;
    }
    if (sort == SORT_P99)
        for (size_t i = 0; i < keep; i++)
            r[i].p99_ns = (long double)hist_percentile(&r[i].g->acc.h, 99) * r[i].g->acc.base_ns;
    int (*cmp)(const void *, const void *) = by_count;
    if (sort == SORT_P99)
        cmp = by_p99;
    else if (sort == SORT_NAME)
        cmp = by_name;
    else if (sort == SORT_DEFAULT && time_order)
        cmp = by_time;
    qsort(r, keep, sizeof *r, cmp);
    struct lat_group *ng = xcalloc(keep, sizeof *ng);
    for (size_t i = 0; i < keep; i++)
        ng[i] = *r[i].g;
    free(r);
    free(t->g);
    t->g = ng;
    t->n = t->cap = keep;
    t->nslots = 32;
    while (t->nslots < (t->n + 1) * 2)
        t->nslots *= 2;
    t->nslots /= 2; /* slots_rebuild doubles */
    slots_rebuild(t);
}
