/*
 * lat_scan.c — one streaming pass over access logs: filter, extract, group,
 * record. A regular uncompressed file is split into line-aligned byte ranges
 * read with pread by one thread each (each with its own groups and diag, so
 * the hot path takes no lock); the partial results are merged in range order
 * so diag examples and line numbers read as in a single pass. Standard input
 * and gzip go through reader.h on one thread. Memory is per thread one read
 * buffer (grown only for a longer line) plus the groups: flat in input size.
 *
 * --by keys are admitted in input order up to lat_track_max (the rest go to
 * the "other" group), and the result must not depend on -j: a range whose
 * own table overflowed may have put into its other group keys that an
 * earlier range admitted, so such ranges are scanned again once the
 * admitted set is final (frozen), in parallel. Ranges that did not overflow
 * (the common case) are merged as they are.
 */
#include "lat.h"
#include "range_read.h"
#include "reader.h"
#include "timeparse.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define READ_CHUNK ((size_t)1 << 20)

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/*
 * Find needle nd[0..k) in h[0..n). With SSE2: test 16 positions at once for
 * the needle's first and last byte, and compare the middle only where both
 * match (the usual SIMD substring search); the tail and other targets use
 * memmem. Same result as memmem.
 */
static const char *lit_find(const char *h, size_t n, const char *nd, size_t k)
{
#if defined(__SSE2__)
    if (k >= 2 && n >= k) {
        const __m128i first = _mm_set1_epi8(nd[0]), last = _mm_set1_epi8(nd[k - 1]);
        size_t i = 0;
        for (; i + k - 1 + 16 <= n; i += 16) {
            __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(h + i));
            __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(h + i + k - 1));
            unsigned m = (unsigned)_mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(a, first), _mm_cmpeq_epi8(b, last)));
            while (m) {
                unsigned bit = (unsigned)__builtin_ctz(m);
                if (memcmp(h + i + bit + 1, nd + 1, k - 2) == 0)
                    return h + i + bit;
                m &= m - 1;
            }
        }
        return memmem(h + i, n - i, nd, k);
    }
#endif
    return memmem(h, n, nd, k);
}

struct worker {
    const struct lat_cfg *c;
    const char *fname;
    struct lat_result *r;
    struct lat_group *all;      /* the single group when there is no --by */
    int64_t key_ms;             /* cache for minute/hour keys */
    /* literal --include/--exclude patterns (inc first, then exc, in cfg
       order, at most 32): searched once per buffer with memmem instead of
       once per line; bit k of a line's mask says pattern k occurs in it */
    const char *lit[32];
    size_t lit_len[32];
    int nlit;
    bool all_lit;
    bool fast;                  /* the common case, see fast_line() */
    char key[32];
    size_t key_len;
    char *rbuf;                 /* --by path: the templated key */
    size_t rcap;
};

size_t lat_track_max(const struct lat_cfg *c)
{
    if (c->by == BY_NONE || c->max_groups == 0)
        return 0;
    return c->max_groups * LAT_TRACK_FACTOR;
}

void lat_result_init(struct lat_result *r, const struct lat_cfg *c)
{
    memset(r, 0, sizeof *r);
    lat_groups_init(&r->groups, c->precision, c->unit_ns, c->cal);
    lat_groups_init(&r->intervals, c->precision, c->unit_ns, false);
    r->groups.track_max = lat_track_max(c);
    r->groups.over_ns = r->intervals.over_ns = c->over_ns;
    r->groups.nover = r->intervals.nover = c->nover;
    diag_init(&r->diag);
    r->first_ms = INT64_MAX;
    r->last_ms = INT64_MIN;
}

void lat_result_fini(struct lat_result *r)
{
    lat_groups_fini(&r->groups);
    lat_groups_fini(&r->intervals);
    diag_fini(&r->diag);
}

static bool status_match(const struct lat_cfg *c, const char *s, size_t n)
{
    bool any_pos = false, pos_hit = false;
    for (size_t i = 0; i < c->nstatus; i++) {
        const char *p = c->status[i];
        bool neg = p[0] == '!';
        if (neg)
            p++;
        size_t pl = strlen(p);
        bool hit = pl == n;
        for (size_t k = 0; hit && k < n; k++)
            if (p[k] != 'x' && p[k] != 'X' && p[k] != s[k])
                hit = false;
        if (neg && hit)
            return false;
        if (!neg) {
            any_pos = true;
            pos_hit |= hit;
        }
    }
    return !any_pos || pos_hit;
}

static bool filter_hit(const struct worker *w, const struct lat_filter *f, size_t k, uint32_t mask,
                       const char *line, size_t len)
{
    if (w->all_lit)
        return (mask >> k) & 1;
    return lat_filter_match(f, line, len);
}

static void process_line(struct worker *w, const char *line, size_t len, uint64_t lineno, uint32_t mask)
{
    const struct lat_cfg *c = w->c;
    struct lat_result *r = w->r;
    r->lines++;
    if (c->ninc) {
        bool hit = false;
        for (size_t i = 0; i < c->ninc && !hit; i++)
            hit = filter_hit(w, &c->inc[i], i, mask, line, len);
        if (!hit) {
            r->filtered++;
            return;
        }
    }
    for (size_t i = 0; i < c->nexc; i++)
        if (filter_hit(w, &c->exc[i], c->ninc + i, mask, line, len)) {
            r->filtered++;
            return;
        }
    const char *v, *why;
    size_t vl;
    if (!lat_value_text(c, line, len, &v, &vl, &why)) {
        diag_add(&r->diag, len ? why : "empty line", w->fname, lineno, line, len);
        return;
    }
    int64_t mant;
    int ndec;
    if ((why = lat_parse_number(v, vl, &mant, &ndec)) != NULL) {
        diag_add(&r->diag, why, w->fname, lineno, line, len);
        return;
    }
    struct lat_meta m = {0};
    if (c->need_meta) {
        lat_meta(c, line, len, &m);
        if (c->nstatus && (!m.status || !status_match(c, m.status, m.status_len))) {
            r->filtered++;
            return;
        }
        if (c->npaths) {
            bool hit = false;
            for (size_t i = 0; m.path && i < c->npaths && !hit; i++)
                hit = lat_filter_match(&c->paths[i], m.path, m.path_len);
            if (!hit) {
                r->filtered++;
                return;
            }
        }
    }
    int64_t ms = 0;
    int32_t tz = 0;
    if (c->need_time) {
        if (!lat_time(c, line, len, &ms, &tz)) {
            diag_add(&r->diag, "no timestamp", w->fname, lineno, line, len);
            return;
        }
        if (ms < r->first_ms)
            r->first_ms = ms;
        if (ms > r->last_ms)
            r->last_ms = ms;
        if (!r->have_time)
            r->tz_min = tz;
        r->have_time = true;
    }
    struct lat_group *g = w->all;
    if (!g) {
        const char *k = "-";
        size_t kl = 1;
        int64_t sk = 0;
        switch (c->by) {
        case BY_PATH:
            if (m.path)
                k = lat_route_key(c, m.path, m.path_len, &w->rbuf, &w->rcap, &kl);
            break;
        case BY_STATUS:
            if (m.status) {
                k = m.status;
                kl = m.status_len;
            }
            break;
        case BY_FILE:
            k = w->fname;
            kl = strlen(k);
            break;
        case BY_FIELD: {
            const char *f;
            size_t fl;
            if (lat_field(c, line, len, c->by_field, &f, &fl)) {
                k = f;
                kl = fl;
            }
            break;
        }
        case BY_MINUTE:
        case BY_HOUR: {
            int64_t step = c->by == BY_MINUTE ? 60000 : 3600000;
            int64_t local = ms + (int64_t)tz * 60000;
            int64_t t0 = (local >= 0 ? local / step : (local - step + 1) / step) * step;
            if (t0 != w->key_ms || w->key_len == 0) {
                char buf[32];
                format_local_time(t0, 0, buf, sizeof buf);
                w->key_len = c->by == BY_MINUTE ? 16 : 13; /* YYYY-MM-DD HH:MM / HH */
                memcpy(w->key, buf, w->key_len);
                w->key_ms = t0;
            }
            k = w->key;
            kl = w->key_len;
            sk = t0;
            break;
        }
        case BY_NONE:
            break;
        }
        g = lat_groups_get(&r->groups, k, kl, sk);
    }
    if (!lat_acc_add(&g->acc, c, mant, ndec, v, vl)) {
        diag_add(&r->diag, "value out of range", w->fname, lineno, line, len);
        return;
    }
    if (c->interval_ms) {
        int64_t t0 = (ms >= 0 ? ms / c->interval_ms : (ms - c->interval_ms + 1) / c->interval_ms) * c->interval_ms;
        struct lat_group *ig = lat_groups_get(&r->intervals, (const char *)&t0, sizeof t0, t0);
        lat_acc_add(&ig->acc, c, mant, ndec, v, vl);
    }
}

static void worker_init(struct worker *w, const struct lat_cfg *c, const char *fname, struct lat_result *r)
{
    memset(w, 0, sizeof *w);
    w->c = c;
    w->fname = fname;
    w->r = r;
    if (c->by == BY_NONE)
        w->all = lat_groups_get(&r->groups, "", 0, 0);
    w->all_lit = c->ninc + c->nexc > 0 && c->ninc + c->nexc <= 32;
    for (size_t i = 0; w->all_lit && i < c->ninc + c->nexc; i++) {
        const struct lat_filter *f = i < c->ninc ? &c->inc[i] : &c->exc[i - c->ninc];
        if (!f->literal || !f->pat[0]) {
            w->all_lit = false;
            break;
        }
        w->lit[w->nlit] = f->pat;
        w->lit_len[w->nlit++] = strlen(f->pat);
    }
    if (!w->all_lit)
        w->nlit = 0;
    w->fast = c->src == LAT_SRC_FIELD && c->sep_blank && c->field < 0 && c->by == BY_NONE && !c->need_meta &&
              !c->need_time && !c->interval_ms && (c->ninc + c->nexc == 0 || w->all_lit);
}

static void worker_fini(struct worker *w)
{
    free(w->rbuf);
    w->rbuf = NULL;
}

/*
 * The common case (`-f -N`, default separator, no groups, times or regexes,
 * with or without --format cal)
 * without the general path's calls: the field scan is inline, an integer is
 * parsed here and counted straight into the dense array. Anything unusual
 * (decimals, big values, bad values) goes through the general functions, so
 * the result is the same as process_line's.
 */
static inline void fast_line(struct worker *w, const char *line, size_t len, uint64_t lineno, uint32_t mask)
{
    const struct lat_cfg *c = w->c;
    struct lat_result *r = w->r;
    if (mask) {
        /* include patterns are bits 0..ninc-1, exclude patterns the rest */
        uint32_t inc = c->ninc ? (uint32_t)((1ull << c->ninc) - 1) : 0;
        if ((mask & ~inc) || (c->ninc && !(mask & inc))) {
            r->lines++;
            r->filtered++;
            return;
        }
    } else if (c->ninc) {
        r->lines++;
        r->filtered++;
        return;
    }
    const char *v;
    size_t vl;
    if (lat_field_blank_back(line, len, c->field, &v, &vl) && vl > 0 && vl <= 9) {
        uint64_t m = 0;
        size_t i = 0;
        for (; i < vl; i++) {
            unsigned d = (unsigned char)v[i] - '0';
            if (d > 9)
                break;
            m = m * 10 + d;
        }
        struct lat_acc *a = &w->all->acc;
        if (i == vl && m < LAT_DENSE && a->scale == 0 && a->dense &&
            (!a->cal || (a->cal_dense && lat_canonical_int(v, vl)))) {
            r->lines++;
            a->dense[m]++;
            a->dense_n++;
            if (a->cal)
                a->cal_dense[m]++;
            return;
        }
    }
    process_line(w, line, len, lineno, mask); /* counts the line itself */
}

/* Lines of buf[0..n); returns the bytes of complete lines consumed (all if final). */
static size_t scan_buf(struct worker *w, const char *buf, size_t n, bool final, uint64_t *lineno)
{
    size_t pos = 0;
    const char *next[32];
    for (int k = 0; k < w->nlit; k++) {
        next[k] = lit_find(buf, n, w->lit[k], w->lit_len[k]);
        if (!next[k])
            next[k] = buf + n;
    }
    while (pos < n) {
        const char *nl = memchr(buf + pos, '\n', n - pos);
        size_t e;
        if (!nl) {
            if (!final)
                break;
            e = n;
        } else {
            e = (size_t)(nl - buf);
        }
        uint32_t mask = 0;
        for (int k = 0; k < w->nlit; k++) {
            if (next[k] < buf + e) { /* a match starting in this line */
                mask |= 1u << k;
                const char *from = buf + e;
                next[k] = from < buf + n ? lit_find(from, n - e, w->lit[k], w->lit_len[k]) : NULL;
                if (!next[k])
                    next[k] = buf + n;
            }
        }
        size_t len = e - pos;
        if (len && buf[pos + len - 1] == '\r')
            len--;
        ++*lineno;
        if (w->fast)
            fast_line(w, buf + pos, len, *lineno, mask);
        else
            process_line(w, buf + pos, len, *lineno, mask);
        pos = nl ? e + 1 : e;
    }
    return pos;
}

void lat_scan_mem(const struct lat_cfg *c, const char *name, const char *data, size_t len,
                  struct lat_result *r)
{
    struct worker w;
    worker_init(&w, c, name, r);
    uint64_t lineno = 0;
    scan_buf(&w, data, len, true, &lineno);
    r->bytes += len;
    worker_fini(&w);
}

struct range_task {
    const struct lat_cfg *c;
    const char *path;
    int fd;
    off_t start, end;
    struct lat_result part;
    uint64_t lines;
    int err;
};

/*
 * A range is read with pread into one buffer of read_chunk bytes (grown only
 * for a longer line) and parsed there. Not mmap: on a VM whose page tables
 * the hypervisor shadows, the first touch of every mapped page costs about a
 * microsecond that the copy into a buffer kept in L2 does not (see
 * range_read.h; lat -j 1 on 5 M lines went from 0.42 s mapped to 0.22 s).
 * A file that shrinks under the read (copytruncate) gives a short read: the
 * range ends with EIO.
 */
static void *range_main(void *arg)
{
    struct range_task *t = arg;
    struct worker w;
    worker_init(&w, t->c, t->path, &t->part);
    uint64_t lineno = 0;
    size_t cap = range_read_bytes_env();
    if (!cap)
        cap = READ_CHUNK;
    char *buf = xmalloc(cap);
    size_t have = 0;
    off_t off = t->start;
    for (;;) {
        if (have == cap) { /* one line longer than the buffer */
            cap *= 2;
            buf = xrealloc(buf, cap);
        }
        size_t want = cap - have;
        if ((off_t)want > t->end - off)
            want = (size_t)(t->end - off);
        ssize_t got = 0;
        if (want) {
            got = pread(t->fd, buf + have, want, off);
            if (got < 0) {
                if (errno == EINTR)
                    continue;
                t->err = errno;
                break;
            }
            off += got;
        }
        have += (size_t)got;
        if (want && got == 0)
            t->err = EIO; /* the file shrank (e.g. copytruncate) while we read it */
        bool final = off >= t->end || (want && got == 0);
        size_t used = scan_buf(&w, buf, have, final, &lineno);
        memmove(buf, buf + used, have - used);
        have -= used;
        if (final)
            break;
    }
    t->part.bytes = (uint64_t)(t->end - t->start);
    t->lines = lineno;
    free(buf);
    worker_fini(&w);
    return NULL;
}

/* First line start at or after pos. */
static off_t align_line(int fd, off_t pos, off_t size)
{
    if (pos <= 0)
        return 0;
    char b[65536];
    off_t p = pos - 1;
    while (p < size) {
        ssize_t n = pread(fd, b, sizeof b, p);
        if (n <= 0)
            return size;
        const char *nl = memchr(b, '\n', (size_t)n);
        if (nl)
            return p + (nl - b) + 1;
        p += n;
    }
    return size;
}

static void merge_part(struct lat_result *r, struct lat_result *p, uint64_t line_offset)
{
    for (size_t i = 0; i < p->diag.n; i++)
        for (int k = 0; k < p->diag.r[i].nex; k++)
            p->diag.r[i].ex[k].line += line_offset;
    diag_merge(&r->diag, &p->diag);
    lat_groups_merge(&r->groups, &p->groups);
    lat_groups_merge(&r->intervals, &p->intervals);
    r->lines += p->lines;
    r->bytes += p->bytes;
    r->filtered += p->filtered;
    if (p->have_time) {
        if (!r->have_time)
            r->tz_min = p->tz_min;
        r->have_time = true;
        if (p->first_ms < r->first_ms)
            r->first_ms = p->first_ms;
        if (p->last_ms > r->last_ms)
            r->last_ms = p->last_ms;
    }
}

static int scan_reader(const struct lat_cfg *c, const char *path, struct lat_result *r)
{
    struct reader rd;
    if (reader_open(&rd, path) != 0) {
        warnx("cannot open %s: %s", path, strerror(errno));
        return EXIT_IO;
    }
    struct worker w;
    reader_set_diag(&rd, &r->diag);
    worker_init(&w, c, rd.name, r);
    const char *line;
    size_t len;
    int rc;
    while ((rc = reader_next(&rd, &line, &len)) == 1) {
        uint32_t mask = 0;
        for (int k = 0; k < w.nlit; k++)
            if (lit_find(line, len, w.lit[k], w.lit_len[k]))
                mask |= 1u << k;
        process_line(&w, line, len, rd.lineno, mask);
        r->bytes += len + 1;
    }
    int ret = 0;
    if (rc < 0) {
        warnx("%s: %s", rd.name, reader_strerror(&rd));
        ret = EXIT_IO;
    }
    reader_close(&rd);
    reader_progress_done();
    worker_fini(&w);
    return ret;
}

/* Run the tasks t[idx[0..n)] on n threads (the first on this one). */
static void run_ranges(struct range_task *t, const int *idx, int n)
{
    pthread_t *tid = xcalloc((size_t)(n > 0 ? n : 1), sizeof *tid);
    for (int k = 1; k < n; k++)
        if (pthread_create(&tid[k], NULL, range_main, &t[idx[k]]) != 0)
            die(EXIT_IO, "cannot start a thread");
    if (n > 0)
        range_main(&t[idx[0]]);
    for (int k = 1; k < n; k++)
        pthread_join(tid[k], NULL);
    free(tid);
}

/*
 * Which ranges to scan again (see the top of this file): once a range k
 * overflowed and r held keys before it, r's admitted set is completed with
 * k's keys in k's order (r is then full: k alone saw track_max keys) and
 * every overflowed range from k on is re-scanned against it. Ranges before
 * k are merged into r here; returns k (threads if none).
 */
static int merge_until_rescan(struct lat_result *r, struct range_task *t, int threads, uint64_t *offset)
{
    for (int k = 0; k < threads; k++) {
        struct lat_groups *g = &t[k].part.groups;
        bool r_empty = r->groups.n == 0 && !r->groups.overflowed;
        if (g->overflowed && !g->frozen && !r_empty) {
            for (size_t i = 0; i < g->n; i++)
                lat_groups_get(&r->groups, g->g[i].key, g->g[i].key_len, g->g[i].sort_key);
            r->groups.overflowed = true;
            return k;
        }
        merge_part(r, &t[k].part, *offset);
        *offset += t[k].lines;
        lat_result_fini(&t[k].part);
        lat_result_init(&t[k].part, t[k].c);
    }
    return threads;
}

int lat_scan_file(const struct lat_cfg *c, const char *path, int threads, struct lat_result *r)
{
    if (strcmp(path, "-") == 0)
        return scan_reader(c, path, r);
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        warnx("cannot open %s: %s", path, strerror(errno));
        return EXIT_IO;
    }
    struct stat st;
    unsigned char head[4096];
    ssize_t hn = 0;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (hn = pread(fd, head, sizeof head, 0)) < 2 ||
        !reader_plain(head, (size_t)hn)) {
        close(fd);
        return scan_reader(c, path, r); /* pipes, gzip, UTF-16, BOM, tiny files */
    }
    off_t size = st.st_size;
    if (threads < 1)
        threads = 1;
    if (size < (off_t)(1 << 20))
        threads = 1;
    if (threads > 64)
        threads = 64;
    struct range_task *t = xcalloc((size_t)threads, sizeof *t);
    off_t prev = 0;
    /* keys already tracked up to the limit: admission is decided */
    bool full = r->groups.track_max && (r->groups.n >= r->groups.track_max || r->groups.overflowed);
    int *idx = xcalloc((size_t)threads, sizeof *idx);
    for (int k = 0; k < threads; k++) {
        t[k].c = c;
        t[k].path = path;
        t[k].fd = fd;
        t[k].start = prev;
        t[k].end = k == threads - 1 ? size : align_line(fd, size / threads * (k + 1), size);
        if (t[k].end < prev)
            t[k].end = prev;
        prev = t[k].end;
        lat_result_init(&t[k].part, c);
        if (full)
            t[k].part.groups.frozen = &r->groups;
        idx[k] = k;
    }
#ifdef POSIX_FADV_SEQUENTIAL
    posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    run_ranges(t, idx, threads);
    uint64_t offset = 0;
    int k0 = merge_until_rescan(r, t, threads, &offset);
    int nre = 0;
    for (int k = k0; k < threads; k++)
        if (t[k].part.groups.overflowed && !t[k].part.groups.frozen) {
            lat_result_fini(&t[k].part);
            lat_result_init(&t[k].part, c);
            t[k].part.groups.frozen = &r->groups;
            t[k].err = 0;
            idx[nre++] = k;
        }
    run_ranges(t, idx, nre);
    for (int k = k0; k < threads; k++) {
        merge_part(r, &t[k].part, offset);
        offset += t[k].lines;
    }
    int ret = 0;
    for (int k = 0; k < threads; k++) {
        if (t[k].err && !ret) {
            warnx("%s: %s", path, strerror(t[k].err));
            ret = EXIT_IO;
        }
        lat_result_fini(&t[k].part);
    }
    free(idx);
    free(t);
    close(fd);
    return ret;
}
