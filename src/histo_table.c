/*
 * histo_table.c — see histo_table.h. Per tracked class: an entry (name and
 * module offsets and lengths into one arena, the hash), two hash slots and
 * per file instances, bytes and a presence byte: ~100 bytes for a single
 * file, so the default cap of 100,000 classes is ~10 MB at most.
 */
#include "histo_table.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct histo_class {
    size_t name, module;  /* arena offsets; module SIZE_MAX = none */
    size_t name_len, module_len; /* bytes (a name may hold a NUL from a damaged file) */
    uint64_t hash;
};

static uint64_t fnv(const char *s, size_t n, const char *m, size_t mn)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    h = (h ^ 0xff) * 1099511628211ull;
    for (size_t i = 0; i < mn; i++)
        h = (h ^ (unsigned char)m[i]) * 1099511628211ull;
    return h;
}

void histo_table_init(struct histo_table *t, int nfiles, size_t max_classes)
{
    memset(t, 0, sizeof *t);
    t->nfiles = nfiles > 0 ? nfiles : 1;
    t->max_classes = max_classes;
    t->untracked = xcalloc((size_t)t->nfiles, sizeof *t->untracked);
}

void histo_table_fini(struct histo_table *t)
{
    free(t->c);
    free(t->arena);
    free(t->inst);
    free(t->bytes);
    free(t->present);
    free(t->idx);
    free(t->untracked);
    memset(t, 0, sizeof *t);
}

const char *histo_table_name(const struct histo_table *t, size_t i)
{
    return t->arena + t->c[i].name;
}

const char *histo_table_module(const struct histo_table *t, size_t i)
{
    return t->c[i].module == SIZE_MAX ? NULL : t->arena + t->c[i].module;
}

static size_t arena_put(struct histo_table *t, const char *s, size_t n)
{
    xgrow((void **)&t->arena, &t->arena_cap, t->arena_len + n + 1, 1);
    size_t off = t->arena_len;
    memcpy(t->arena + off, s, n);
    t->arena[off + n] = 0;
    t->arena_len += n + 1;
    return off;
}

static bool same(const struct histo_table *t, size_t i, const struct histo_row *r)
{
    const struct histo_class *c = &t->c[i];
    if (c->name_len != r->cls_len || memcmp(t->arena + c->name, r->cls, r->cls_len) != 0)
        return false;
    if (c->module == SIZE_MAX)
        return r->module == NULL;
    return r->module && c->module_len == r->module_len &&
           memcmp(t->arena + c->module, r->module, r->module_len) == 0;
}

static void rehash(struct histo_table *t)
{
    size_t nc = t->icap ? t->icap * 2 : 1024;
    free(t->idx);
    t->idx = xcalloc(nc, sizeof *t->idx);
    t->icap = nc;
    for (size_t k = 0; k < t->n; k++) {
        size_t i = (size_t)t->c[k].hash & (nc - 1);
        while (t->idx[i])
            i = (i + 1) & (nc - 1);
        t->idx[i] = k + 1;
    }
}

void histo_table_add(struct histo_table *t, const struct histo_row *r)
{
    if ((t->n + 1) * 2 > t->icap)
        rehash(t);
    uint64_t h = fnv(r->cls, r->cls_len, r->module ? r->module : "", r->module ? r->module_len : 0);
    size_t i = (size_t)h & (t->icap - 1);
    size_t k = SIZE_MAX;
    while (t->idx[i]) {
        size_t cand = t->idx[i] - 1;
        if (t->c[cand].hash == h && same(t, cand, r)) {
            k = cand;
            break;
        }
        i = (i + 1) & (t->icap - 1);
    }
    if (k == SIZE_MAX) {
        if (t->max_classes && t->n >= t->max_classes) {
            struct histo_untracked *u = &t->untracked[t->cur];
            u->rows++;
            u->instances += r->instances;
            u->bytes += r->bytes;
            if (r->instances > u->max_row_instances)
                u->max_row_instances = r->instances;
            if (r->bytes > u->max_row_bytes)
                u->max_row_bytes = r->bytes;
            return;
        }
        if (t->n == t->cap) {
            size_t nc = t->cap ? t->cap * 2 : 256;
            size_t nf = (size_t)t->nfiles;
            t->c = xrealloc(t->c, nc * sizeof *t->c);
            t->inst = xrealloc(t->inst, nc * nf * sizeof *t->inst);
            t->bytes = xrealloc(t->bytes, nc * nf * sizeof *t->bytes);
            t->present = xrealloc(t->present, nc * nf);
            t->cap = nc;
        }
        k = t->n++;
        t->c[k].name = arena_put(t, r->cls, r->cls_len);
        t->c[k].module = r->module ? arena_put(t, r->module, r->module_len) : SIZE_MAX;
        t->c[k].name_len = r->cls_len;
        t->c[k].module_len = r->module ? r->module_len : 0;
        t->c[k].hash = h;
        size_t nf = (size_t)t->nfiles;
        memset(t->inst + k * nf, 0, nf * sizeof *t->inst);
        memset(t->bytes + k * nf, 0, nf * sizeof *t->bytes);
        memset(t->present + k * nf, 0, nf);
        t->idx[i] = k + 1;
    }
    size_t at = k * (size_t)t->nfiles + (size_t)t->cur;
    t->inst[at] += r->instances;
    t->bytes[at] += r->bytes;
    t->present[at] = 1;
}

bool histo_table_monotonic(const struct histo_table *t, size_t i)
{
    for (int f = 1; f < t->nfiles; f++)
        if (histo_table_bytes(t, i, f) <= histo_table_bytes(t, i, f - 1))
            return false;
    return true;
}

/* The ranking in force for the comparator (selection is single-threaded). */
static struct {
    const struct histo_table *t;
    enum histo_rank rank;
    int f;
} ctx;

static int64_t score(size_t i)
{
    const struct histo_table *t = ctx.t;
    switch (ctx.rank) {
    case HISTO_BY_BYTES:
        return histo_table_bytes(t, i, ctx.f);
    case HISTO_BY_INSTANCES:
        return histo_table_inst(t, i, ctx.f);
    case HISTO_BY_GROWTH:
    case HISTO_BY_SUSPECT:
        return histo_table_bytes(t, i, t->nfiles - 1) - histo_table_bytes(t, i, 0);
    }
    return 0;
}

/* < 0 if class a ranks before class b. */
static int rank_cmp(size_t a, size_t b)
{
    int64_t x = score(a), y = score(b);
    if (x != y)
        return x > y ? -1 : 1;
    int c = strcmp(histo_table_name(ctx.t, a), histo_table_name(ctx.t, b));
    if (c)
        return c;
    const char *ma = histo_table_module(ctx.t, a), *mb = histo_table_module(ctx.t, b);
    return strcmp(ma ? ma : "", mb ? mb : "");
}

static int qcmp(const void *x, const void *y)
{
    return rank_cmp(*(const size_t *)x, *(const size_t *)y);
}

static bool qualifies(size_t i, int64_t min_growth)
{
    const struct histo_table *t = ctx.t;
    switch (ctx.rank) {
    case HISTO_BY_BYTES:
    case HISTO_BY_INSTANCES:
        return histo_table_present(t, i, ctx.f);
    case HISTO_BY_GROWTH:
        return score(i) > 0;
    case HISTO_BY_SUSPECT:
        return score(i) > 0 && score(i) >= min_growth && histo_table_monotonic(t, i);
    }
    return false;
}

/* Min-heap on rank (the worst kept class on top). */
static void sift_down(size_t *h, size_t n, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, w = i;
        if (l < n && rank_cmp(h[l], h[w]) > 0)
            w = l;
        if (r < n && rank_cmp(h[r], h[w]) > 0)
            w = r;
        if (w == i)
            return;
        size_t tmp = h[i];
        h[i] = h[w];
        h[w] = tmp;
        i = w;
    }
}

static void sift_up(size_t *h, size_t i)
{
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (rank_cmp(h[i], h[p]) <= 0)
            return;
        size_t tmp = h[i];
        h[i] = h[p];
        h[p] = tmp;
        i = p;
    }
}

size_t histo_table_top(const struct histo_table *t, enum histo_rank rank, int f, size_t n, int64_t min_growth,
                       size_t **out)
{
    ctx.t = t;
    ctx.rank = rank;
    ctx.f = f;
    size_t cap = n ? n : t->n;
    size_t *h = xcalloc(cap ? cap : 1, sizeof *h);
    size_t k = 0;
    for (size_t i = 0; i < t->n; i++) {
        if (!qualifies(i, min_growth))
            continue;
        if (k < cap) {
            h[k] = i;
            sift_up(h, k++);
        } else if (rank_cmp(i, h[0]) < 0) {
            h[0] = i;
            sift_down(h, k, 0);
        }
    }
    qsort(h, k, sizeof *h, qcmp);
    *out = h;
    return k;
}
