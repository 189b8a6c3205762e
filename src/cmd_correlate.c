/*
 * cmd_correlate.c — `gclat correlate`: join access-log requests with GC
 * pauses. Each request's window [start, start + duration] (shifted by the
 * clock offset) is checked against the pause timeline; latency percentiles
 * of requests that overlapped a pause vs those that did not, the share of
 * slow requests that overlapped one, and the worst minutes with their
 * pauses. Requests are streamed (memory: the pause timeline, two histograms,
 * one row per minute); --offset auto reads the access logs twice.
 */
#include "cli.h"
#include "commands.h"
#include "correlate_access.h"
#include "correlate_offset.h"
#include "hist.h"
#include "pause_timeline.h"
#include "reader.h"
#include "render.h"
#include "timeparse.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char cmd_correlate_help[] =
    "usage: gclat correlate --gc GCLOG... --access LOG... [OPTIONS]\n"
    "\n"
    "Join access-log requests with GC pauses: which requests overlapped a stop-the-world\n"
    "pause, their latency percentiles against the others, the share of slow requests\n"
    "(over the P99, or over --timeout) that overlapped a pause, and the worst minutes with\n"
    "their pauses. The GC log needs wall-clock times (JDK 8: -XX:+PrintGCDateStamps;\n"
    "JDK 9+: the time or utctime decorator, e.g. -Xlog:gc*:file=gc.log:time,uptime,level,tags)\n"
    "or --jvm-start for uptime-only logs. Method and caveats: docs/correlate.md.\n"
    "\n"
    "Options:\n"
    "  --gc GCLOG...         GC logs (every following argument up to the next option)\n"
    "  --access LOG...       access logs ('-' for standard input, .gz transparently)\n"
    "  --offset auto|DUR     access-log clock + offset = GC-log clock (default 0; e.g. +250ms,\n"
    "                        -1.5s). auto: the offset at which the most slow requests contain\n"
    "                        whole pauses, within --offset-range (reads the access logs twice)\n"
    "  --offset-range DUR    search range of --offset auto (default 5s)\n"
    "  --timeout DUR         slow = over DUR (default: over the P99 of all requests)\n"
    "  --resolution DUR      a request 'overlapped a pause' only if by more than this (default\n"
    "                        1ms: both logs write ms timestamps, so smaller overlaps are noise)\n"
    "  --top N               worst minutes listed (default 10)\n"
    "  --jvm-start TIME      ISO 8601 JVM start time, for GC logs with uptime only\n"
    "  --format FMT          GC log format: legacy | unified | openj9 (default: detected)\n"
    "  --max-pauses N        memory bound of the pause timeline (default 4194304)\n"
    "  --csv                 the latency comparison table as CSV\n"
    "\n" ACCESS_OPTS_HELP "\n"
    "Common options:\n"
    "  --json            JSON report\n"
    "  --html            one HTML page: key figures first, then the tables (docs/html.md)\n"
    "  -o, --output FILE write to FILE\n"
    "  --strict          exit 2 if any line was not understood\n"
    "  -q, --quiet       no progress line, no warnings\n"
    "  -h, --help        this help\n"
    "\n"
    "Examples:\n"
    "  gclat correlate --gc gc.log --access access.log -f 2 --unit ms\n"
    "  gclat correlate --gc gc.log.* --access access.log.gz --log-format nginx --offset auto\n"
    "  gclat correlate --gc gc.log --access app.log --timeout 100ms --json\n"
    "\n"
    "Exit codes: 0 ok, 1 usage, 2 bad input (no wall-clock times, no requests; --strict), 3 I/O.\n";

#define MS 1000000LL
#define SLOW_KEEP 5000        /* slow requests, and sampled requests, kept for --offset auto */
#define MAX_MINUTES (1u << 20) /* two years of minutes; more are counted as untracked */
#define EDGE_TOL_NS (2 * MS)  /* timestamps are ms-truncated on both sides */

struct minute {
    int64_t key;          /* minute number (local time), INT64_MIN = empty */
    uint64_t n, n_ov, n_slow;
    int64_t max_ns;
    double sum_ns;
};

struct mtab {
    struct minute *v;
    size_t cap, used;
    uint64_t untracked;
};

static struct minute *mtab_get(struct mtab *t, int64_t key)
{
    if (t->used * 2 >= t->cap) {
        if (t->used >= MAX_MINUTES)
            goto find_only;
        size_t nc = t->cap ? t->cap * 2 : 1024;
        struct minute *nv = xmalloc(nc * sizeof *nv);
        for (size_t i = 0; i < nc; i++)
            nv[i].key = INT64_MIN;
        for (size_t i = 0; i < t->cap; i++) {
            if (t->v[i].key == INT64_MIN)
                continue;
            size_t h = (size_t)((uint64_t)t->v[i].key * 0x9E3779B97F4A7C15ULL) & (nc - 1);
            while (nv[h].key != INT64_MIN)
                h = (h + 1) & (nc - 1);
            nv[h] = t->v[i];
        }
        free(t->v);
        t->v = nv;
        t->cap = nc;
    }
find_only:;
    size_t h = (size_t)((uint64_t)key * 0x9E3779B97F4A7C15ULL) & (t->cap - 1);
    while (t->v[h].key != INT64_MIN) {
        if (t->v[h].key == key)
            return &t->v[h];
        h = (h + 1) & (t->cap - 1);
    }
    if (t->used * 2 >= t->cap) {
        t->untracked++;
        return NULL;
    }
    memset(&t->v[h], 0, sizeof t->v[h]);
    t->v[h].key = key;
    t->used++;
    return &t->v[h];
}

struct corr {
    const struct pause_tl *tl;
    int64_t offset_ns;
    int64_t resolution_ns; /* overlaps up to this are timestamp noise, not "overlapped" */
    int64_t slow_ns;      /* pass 2 threshold known up front only with --timeout */
    struct hist h_ov, h_clean;
    uint64_t n, n_ov;
    double overlap_ns;    /* stopped time inside request windows */
    uint64_t edge_violations; /* requests starting or ending inside a pause */
    int64_t first_ns, last_ns;
    int32_t tz_min;
    bool tz_known;
    struct mtab minutes;
};

/* Index of the first pause that ends after t. */
static size_t first_ending_after(const struct pause_tl *tl, int64_t t)
{
    size_t lo = 0, hi = tl->n;
    /* pauses are sorted by start; ends are not monotonic under overlaps, so
       search by start and step back over any long pause that still covers t */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (tl->v[mid].start_ns <= t)
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t i = lo;
    while (i > 0 && tl->v[i - 1].start_ns + tl->v[i - 1].dur_ns > t && lo - i < 64)
        i--;
    return i;
}

static void corr_add(struct corr *c, const struct access_req *q)
{
    int64_t s = q->start_ns + c->offset_ns, e = s + q->dur_ns;
    const struct pause_tl *tl = c->tl;
    int64_t ov = 0;
    bool edge = false;
    for (size_t i = first_ending_after(tl, s); i < tl->n && tl->v[i].start_ns < e; i++) {
        int64_t ps = tl->v[i].start_ns, pe = ps + tl->v[i].dur_ns;
        int64_t a = ps > s ? ps : s, b = pe < e ? pe : e;
        if (b > a)
            ov += b - a;
        if ((s > ps + EDGE_TOL_NS && s < pe - EDGE_TOL_NS) || (e > ps + EDGE_TOL_NS && e < pe - EDGE_TOL_NS))
            edge = true;
    }
    c->n++;
    if (ov > c->resolution_ns) {
        c->n_ov++;
        c->overlap_ns += (double)ov;
        hist_record(&c->h_ov, q->dur_ns);
    } else {
        hist_record(&c->h_clean, q->dur_ns);
    }
    if (edge)
        c->edge_violations++;
    if (s < c->first_ns)
        c->first_ns = s;
    if (e > c->last_ns)
        c->last_ns = e;
    if (!c->tz_known) {
        c->tz_min = q->tz_min;
        c->tz_known = true;
    }
    int64_t local_ms = s / MS + (int64_t)c->tz_min * 60000;
    int64_t key = local_ms >= 0 ? local_ms / 60000 : -((-local_ms + 59999) / 60000);
    struct minute *m = mtab_get(&c->minutes, key);
    if (m) {
        m->n++;
        if (ov > c->resolution_ns)
            m->n_ov++;
        if (c->slow_ns > 0 && q->dur_ns > c->slow_ns)
            m->n_slow++;
        if (q->dur_ns > m->max_ns)
            m->max_ns = q->dur_ns;
        m->sum_ns += (double)q->dur_ns;
    }
}

/* One pass over the access logs; fn gets every parsed request. */
typedef void (*req_fn)(void *ctx, const struct access_req *q);

static int scan_access(char **files, int n, const struct access_cfg *ac, struct diag *diag, req_fn fn,
                       void *ctx, uint64_t *lines, uint64_t *filtered)
{
    for (int f = 0; f < n; f++) {
        struct reader r;
        if (reader_open(&r, files[f]) != 0) {
            warnx("cannot open %s: %s", files[f], strerror(errno));
            return EXIT_IO;
        }
        reader_set_diag(&r, diag);
        const char *line;
        size_t len;
        int rc;
        while ((rc = reader_next(&r, &line, &len)) == 1) {
            (*lines)++;
            if (len == 0)
                continue;
            struct access_req q;
            const char *why = NULL;
            int k = access_parse(ac, line, len, &q, &why);
            if (k < 0)
                diag_add(diag, why, r.name, r.lineno, line, len);
            else if (k == 0)
                (*filtered)++;
            else
                fn(ctx, &q);
        }
        if (rc < 0) {
            warnx("%s: %s", files[f], reader_strerror(&r));
            reader_close(&r);
            return EXIT_IO;
        }
        reader_close(&r);
    }
    return 0;
}

static void corr_fn(void *ctx, const struct access_req *q)
{
    corr_add(ctx, q);
}

struct slow_pass {
    struct hist all;
    struct offset_req *heap; /* min-heap by dur_ns: the SLOW_KEEP slowest */
    size_t n;
    struct offset_req *sample; /* reservoir sample of all requests (SLOW_KEEP) */
    size_t nsample;
    uint64_t seen, rng;
};

static void heap_down(struct offset_req *h, size_t n, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, m = i;
        if (l < n && h[l].dur_ns < h[m].dur_ns)
            m = l;
        if (l + 1 < n && h[l + 1].dur_ns < h[m].dur_ns)
            m = l + 1;
        if (m == i)
            return;
        struct offset_req t = h[i];
        h[i] = h[m];
        h[m] = t;
        i = m;
    }
}

static void slow_fn(void *ctx, const struct access_req *q)
{
    struct slow_pass *p = ctx;
    hist_record(&p->all, q->dur_ns);
    struct offset_req r = {q->start_ns, q->dur_ns};
    /* reservoir sampling with a fixed-seed generator: deterministic output */
    p->seen++;
    if (p->nsample < SLOW_KEEP) {
        p->sample[p->nsample++] = r;
    } else {
        p->rng = p->rng * 6364136223846793005ULL + 1442695040888963407ULL;
        uint64_t j = (p->rng >> 11) % p->seen;
        if (j < SLOW_KEEP)
            p->sample[j] = r;
    }
    if (p->n < SLOW_KEEP) {
        size_t i = p->n++;
        p->heap[i] = r;
        while (i > 0 && p->heap[(i - 1) / 2].dur_ns > p->heap[i].dur_ns) {
            struct offset_req t = p->heap[i];
            p->heap[i] = p->heap[(i - 1) / 2];
            p->heap[(i - 1) / 2] = t;
            i = (i - 1) / 2;
        }
    } else if (q->dur_ns > p->heap[0].dur_ns) {
        p->heap[0] = r;
        heap_down(p->heap, p->n, 0);
    }
}

static double ms(double ns)
{
    return ns / 1e6;
}

static void lat_row(struct report_node *arr, const char *name, const struct hist *h)
{
    struct report_node *o = rn_obj(arr, NULL);
    rn_str(o, "requests", name);
    rn_int(o, "count", (int64_t)h->total);
    static const double pcts[] = {50, 90, 99, 99.9};
    static const char *keys[] = {"p50_ms", "p90_ms", "p99_ms", "p99.9_ms"};
    for (size_t k = 0; k < ARRAY_LEN(pcts); k++)
        rn_num(o, keys[k], h->total ? ms((double)hist_percentile(h, pcts[k])) : 0, 3);
    rn_num(o, "max_ms", h->total ? ms((double)h->max) : 0, 3);
    rn_num(o, "mean_ms", h->total ? ms(hist_mean(h)) : 0, 3);
}

static int cmp_minute_slow(const void *a, const void *b)
{
    const struct minute *x = *(const struct minute *const *)a, *y = *(const struct minute *const *)b;
    if (x->n_slow != y->n_slow)
        return x->n_slow < y->n_slow ? 1 : -1;
    if (x->max_ns != y->max_ns)
        return x->max_ns < y->max_ns ? 1 : -1;
    return x->key < y->key ? -1 : x->key > y->key;
}

/* Pauses that start within [a, b) on the timeline. */
static void pauses_in(const struct pause_tl *tl, int64_t a, int64_t b, int64_t *count, int64_t *total,
                      int64_t *longest)
{
    *count = *total = *longest = 0;
    size_t lo = 0, hi = tl->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (tl->v[mid].start_ns < a)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (size_t i = lo; i < tl->n && tl->v[i].start_ns < b; i++) {
        (*count)++;
        *total += tl->v[i].dur_ns;
        if (tl->v[i].dur_ns > *longest)
            *longest = tl->v[i].dur_ns;
    }
}

/* Collect "FILE..." after --gc/--access: every argument up to the next option. */
static void take_files(int argc, char **argv, int *i, char ***v, int *n)
{
    const char *a = argv[*i];
    const char *eq = strchr(a, '=');
    if (eq) {
        (*v)[(*n)++] = (char *)eq + 1;
        return;
    }
    int before = *n;
    while (*i + 1 < argc && (argv[*i + 1][0] != '-' || strcmp(argv[*i + 1], "-") == 0))
        (*v)[(*n)++] = argv[++*i];
    if (*n == before)
        die(EXIT_USAGE, "%s needs at least one file (see --help)", a);
}

int cmd_correlate(int argc, char **argv)
{
    struct common_opts co;
    common_opts_init(&co);
    struct access_cfg ac;
    access_cfg_init(&ac);
    char **gcf = xcalloc((size_t)argc + 1, sizeof *gcf), **acf = xcalloc((size_t)argc + 1, sizeof *acf);
    int ngc = 0, nac = 0;
    int64_t offset_ns = 0, range_ns = 5000 * MS, resolution_ns = MS, timeout_ns = 0, jvm_start_ms = -1;
    bool auto_off = false;
    size_t top = 10, max_pauses = 0;
    enum gc_format forced = GC_FMT_UNKNOWN;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(cmd_correlate_help, stdout);
            free(gcf);
            free(acf);
            access_cfg_fini(&ac);
            return EXIT_OK;
        } else if (opt_is(a, "--gc")) {
            take_files(argc, argv, &i, &gcf, &ngc);
        } else if (opt_is(a, "--access")) {
            take_files(argc, argv, &i, &acf, &nac);
        } else if (common_opt(&co, argc, argv, &i) || access_opt(&ac, argc, argv, &i)) {
            continue;
        } else if (opt_is(a, "--offset")) {
            const char *v = opt_value(argc, argv, &i);
            if (strcmp(v, "auto") == 0) {
                auto_off = true;
            } else {
                int sign = 1;
                const char *p = v;
                if (*p == '+' || *p == '-') {
                    sign = *p == '-' ? -1 : 1;
                    p++;
                }
                int64_t us;
                if (!parse_duration_us(p, 1000, &us))
                    die(EXIT_USAGE, "bad --offset '%s' (auto, 0, +250ms, -1.5s)", v);
                offset_ns = sign * us * 1000;
                auto_off = false;
            }
        } else if (opt_is(a, "--offset-range") || opt_is(a, "--timeout")) {
            int64_t us = opt_duration_us(a, opt_value(argc, argv, &i), 1000, 1);
            *(opt_is(a, "--timeout") ? &timeout_ns : &range_ns) = us * 1000;
        } else if (opt_is(a, "--resolution")) {
            resolution_ns = opt_duration_us(a, opt_value(argc, argv, &i), 1000, 0) * 1000;
        } else if (opt_is(a, "--top")) {
            top = (size_t)opt_int(a, opt_value(argc, argv, &i), 0, 1000000); /* 0: all minutes */
        } else if (opt_is(a, "--max-pauses")) {
            max_pauses = (size_t)opt_int(a, opt_value(argc, argv, &i), 1, PAUSE_TL_MAX_PAUSES);
        } else if (opt_is(a, "--jvm-start")) {
            const char *v = opt_value(argc, argv, &i);
            int32_t tz;
            bool has_tz;
            size_t k = parse_iso8601(v, strlen(v), &jvm_start_ms, &tz, &has_tz);
            if (!k || k != strlen(v))
                die(EXIT_USAGE, "bad --jvm-start '%s' (ISO 8601, e.g. 2024-05-01T10:00:00.000+08:00)", v);
        } else if (opt_is(a, "--format")) {
            const char *v = opt_value(argc, argv, &i);
            forced = gc_format_parse(v);
            if (forced == GC_FMT_UNKNOWN)
                die(EXIT_USAGE, "unknown --format '%s'", v);
        } else {
            die(EXIT_USAGE, "unknown option or stray argument '%s' (see 'gclat correlate --help')", a);
        }
    }
    if (ngc == 0 || nac == 0)
        die(EXIT_USAGE, "need --gc GCLOG... and --access LOG... (see --help)");
    if (auto_off) {
        for (int k = 0; k < nac; k++)
            if (strcmp(acf[k], "-") == 0)
                die(EXIT_USAGE, "--offset auto reads the access logs twice: give files, not '-'");
    }
    access_cfg_finish(&ac);
    common_opts_finish(&co);

    int rc = 0;
    struct intern strings;
    intern_init(&strings);
    struct diag gdiag, adiag;
    diag_init(&gdiag);
    diag_init(&adiag);
    struct pause_tl tl;
    pause_tl_init(&tl, max_pauses, jvm_start_ms);
    struct gc_read_result gres;
    uint64_t gevents = 0;
    enum gc_collector coll = GC_COLL_UNKNOWN;
    struct report_node *root = NULL;
    struct corr c;
    memset(&c, 0, sizeof c);
    hist_init(&c.h_ov, 3);
    hist_init(&c.h_clean, 3);
    struct slow_pass sp;
    memset(&sp, 0, sizeof sp);
    hist_init(&sp.all, 3);
    struct offset_est est;
    memset(&est, 0, sizeof est);
    uint64_t alines = 0, afiltered = 0, dummy_lines = 0, dummy_filtered = 0;

    rc = pause_tl_read(&tl, gcf, ngc, forced, &gdiag, &strings, &gres, &gevents, &coll);
    if (rc)
        goto out;
    if (tl.clock != TL_CLOCK_WALL) {
        warnx("%s: the GC log has no wall-clock times (only %s), so its pauses cannot be placed on the "
              "access log's clock. Log them (JDK 8: -XX:+PrintGCDateStamps; JDK 9+: "
              "-Xlog:gc*:file=gc.log:time,uptime,level,tags) or give --jvm-start TIME",
              gcf[0], tl.clock == TL_CLOCK_UPTIME ? "uptime" : "no timestamps at all");
        rc = EXIT_BADINPUT;
        goto out;
    }
    if (tl.dropped && !co.quiet)
        warnx("%llu pause(s) beyond --max-pauses were left out", (unsigned long long)tl.dropped);

    if (auto_off) {
        sp.heap = xmalloc(SLOW_KEEP * sizeof *sp.heap);
        sp.sample = xmalloc(SLOW_KEEP * sizeof *sp.sample);
        sp.rng = 42;
        struct diag d2;
        diag_init(&d2);
        rc = scan_access(acf, nac, &ac, &d2, slow_fn, &sp, &dummy_lines, &dummy_filtered);
        diag_fini(&d2);
        if (rc)
            goto out;
        /* slow = over the timeout, else over the P99 */
        int64_t thr = timeout_ns > 0 ? timeout_ns : hist_percentile(&sp.all, 99);
        size_t m = 0;
        for (size_t k = 0; k < sp.n; k++)
            if (sp.heap[k].dur_ns > thr)
                sp.heap[m++] = sp.heap[k];
        correlate_offset_search(&tl, sp.heap, m, sp.sample, sp.nsample, range_ns, MS, &est);
        offset_ns = est.offset_ns;
    }

    c.tl = &tl;
    c.offset_ns = offset_ns;
    c.resolution_ns = resolution_ns;
    c.slow_ns = timeout_ns;
    c.first_ns = INT64_MAX;
    c.last_ns = INT64_MIN;
    rc = scan_access(acf, nac, &ac, &adiag, corr_fn, &c, &alines, &afiltered);
    if (rc)
        goto out;
    if (c.n == 0) {
        warnx("no requests with a timestamp and a duration in the access log(s) (check -f, --unit, "
              "--log-format, --time-field; unparsed lines: %llu)", (unsigned long long)adiag.total);
        if (adiag.total)
            diag_print_stderr(&adiag);
        rc = EXIT_BADINPUT;
        goto out;
    }

    struct hist all;
    hist_init(&all, 3);
    hist_merge(&all, &c.h_ov);
    hist_merge(&all, &c.h_clean);
    int64_t slow = timeout_ns > 0 ? timeout_ns : hist_percentile(&all, 99);
    uint64_t slow_ov = hist_count_above(&c.h_ov, slow), slow_all = hist_count_above(&all, slow);

    root = rn_root();
    struct report_node *al = rn_title(rn_obj(root, "alignment"), "Clock alignment");
    rn_title(rn_str(al, "method", auto_off ? "auto" : "given"), "Offset method");
    rn_title(rn_num(al, "offset_ms", ms((double)offset_ns), 3), "Offset (access + offset = GC clock)");
    rn_unit(al->last, "ms");
    if (auto_off) {
        rn_title(rn_num(al, "plateau_from_ms", ms((double)est.plateau_lo_ns), 3), "Equally good from");
        rn_unit(al->last, "ms");
        rn_title(rn_num(al, "plateau_to_ms", ms((double)est.plateau_hi_ns), 3), "Equally good to");
        rn_unit(al->last, "ms");
        rn_title(rn_int(al, "support", (int64_t)est.support), "Slow requests containing a whole pause at offset");
        rn_title(rn_int(al, "support_at_zero", (int64_t)est.support_at_zero), "... at offset 0");
        rn_title(rn_int(al, "slow_used", (int64_t)est.slow_used), "Slow requests used");
        rn_title(rn_int(al, "sample_used", (int64_t)est.sample_used), "Sampled requests used (edge check)");
        rn_title(rn_num(al, "range_ms", ms((double)range_ns), 0), "Search range (+/-)");
        rn_unit(al->last, "ms");
    }
    rn_title(rn_str(al, "timestamp_is", ac.ts_is_end ? "end" : "start"), "Access-log timestamp is request");
    rn_title(rn_num(al, "resolution_ms", ms((double)resolution_ns), 3), "Overlaps counted above");
    rn_unit(al->last, "ms");
    rn_title(rn_int(al, "edge_violations", (int64_t)c.edge_violations),
             "Requests starting or ending inside a pause (should be ~0)");

    struct report_node *s = rn_title(rn_obj(root, "summary"), "Requests and pauses");
    rn_title(rn_int(s, "requests", (int64_t)c.n), "Requests");
    rn_title(rn_int(s, "overlapped", (int64_t)c.n_ov), "Overlapped a pause (by more than --resolution)");
    rn_title(rn_num(s, "overlapped_pct", 100.0 * (double)c.n_ov / (double)c.n, 3), "Overlapped share");
    rn_unit(s->last, "%");
    rn_title(rn_num(s, "slow_threshold_ms", ms((double)slow), 3),
             timeout_ns > 0 ? "Slow = over --timeout" : "Slow = over the P99 of all requests");
    rn_unit(s->last, "ms");
    rn_title(rn_int(s, "slow", (int64_t)slow_all), "Slow requests");
    rn_title(rn_int(s, "slow_overlapped", (int64_t)slow_ov), "Slow requests that overlapped a pause");
    rn_title(rn_num(s, "slow_overlapped_pct", slow_all ? 100.0 * (double)slow_ov / (double)slow_all : 0, 2),
             "Share of slow requests that overlapped a pause");
    rn_unit(s->last, "%");
    int64_t pc, pt, pl;
    pauses_in(&tl, c.first_ns, c.last_ns, &pc, &pt, &pl);
    rn_title(rn_int(s, "pauses_in_span", pc), "Pauses during the access log");
    rn_title(rn_num(s, "stopped_pct", c.last_ns > c.first_ns ? 100.0 * (double)pt / (double)(c.last_ns - c.first_ns) : 0, 3),
             "Stopped share of that time");
    rn_unit(s->last, "%");
    rn_title(rn_num(s, "longest_pause_ms", ms((double)pl), 3), "Longest pause then");
    rn_unit(s->last, "ms");
    rn_title(rn_num(s, "stopped_in_requests_ms", ms(c.overlap_ns), 3), "Stopped time inside request windows");
    rn_unit(s->last, "ms");

    struct report_node *lt = rn_flags(rn_title(rn_arr(root, "latency"), "Latency (ms)"), RF_TABLE);
    lat_row(lt, "all", &all);
    lat_row(lt, "overlapped a pause", &c.h_ov);
    lat_row(lt, "no pause", &c.h_clean);

    /* worst minutes */
    size_t nm = 0;
    struct minute **mv = xmalloc((c.minutes.used ? c.minutes.used : 1) * sizeof *mv);
    for (size_t k = 0; k < c.minutes.cap; k++)
        if (c.minutes.v[k].key != INT64_MIN)
            mv[nm++] = &c.minutes.v[k];
    if (timeout_ns <= 0) /* slow per minute is only known now: over the overall P99 */
        for (size_t k = 0; k < nm; k++)
            mv[k]->n_slow = 0;
    qsort(mv, nm, sizeof *mv, cmp_minute_slow);
    struct report_node *wm = rn_flags(rn_title(rn_arr(root, "worst_minutes"),
                                               timeout_ns > 0 ? "Worst minutes (most requests over --timeout)"
                                                              : "Worst minutes (slowest request)"),
                                      RF_TABLE);
    for (size_t k = 0; k < nm && (top == 0 || k < top); k++) {
        struct minute *m = mv[k];
        struct report_node *o = rn_obj(wm, NULL);
        char buf[40];
        format_local_time(m->key * 60000, 0, buf, sizeof buf);
        buf[16] = 0;
        rn_str(o, "minute", buf);
        rn_int(o, "requests", (int64_t)m->n);
        if (timeout_ns > 0)
            rn_int(o, "over_timeout", (int64_t)m->n_slow);
        rn_int(o, "overlapped", (int64_t)m->n_ov);
        rn_num(o, "mean_ms", m->n ? ms(m->sum_ns / (double)m->n) : 0, 3);
        rn_num(o, "max_ms", ms((double)m->max_ns), 3);
        int64_t a = (m->key * 60000 - (int64_t)c.tz_min * 60000) * MS;
        pauses_in(&tl, a, a + 60000 * MS, &pc, &pt, &pl);
        rn_int(o, "pauses", pc);
        rn_num(o, "stopped_ms", ms((double)pt), 3);
        rn_num(o, "longest_pause_ms", ms((double)pl), 3);
    }
    free(mv);

    struct report_node *in = rn_title(rn_obj(root, "inputs"), "Input");
    rn_int(in, "gc_files", gres.files);
    rn_str(in, "gc_format", gres.mixed_formats ? "mixed" : gc_format_name(gres.format));
    rn_str(in, "collector", gc_collector_name(coll));
    rn_int(in, "gc_events", (int64_t)gevents);
    rn_int(in, "pauses", (int64_t)tl.n);
    rn_int(in, "access_files", nac);
    rn_int(in, "access_lines", (int64_t)alines);
    rn_int(in, "access_filtered", (int64_t)afiltered);
    if (c.minutes.untracked)
        rn_int(in, "minutes_untracked", (int64_t)c.minutes.untracked);
    adiag.lines_read = alines;
    diag_report(&gdiag, root, "gc_unparsed_lines");
    rn_title(rn_get(root, "gc_unparsed_lines"), "Unparsed GC-log lines");
    diag_report(&adiag, root, "access_unparsed_lines");
    rn_title(rn_get(root, "access_unparsed_lines"), "Unparsed access-log lines");

    common_render(&co, root, lt);
    hist_fini(&all);
    uint64_t bad = gdiag.total + adiag.total;
    if (!co.quiet && bad && co.out == OUT_TEXT && !co.strict)
        warnx("%llu line(s) not understood (listed under 'Unparsed lines'; --strict makes this an error)",
              (unsigned long long)bad);
    if (co.strict && bad) {
        diag_print_stderr(&gdiag);
        diag_print_stderr(&adiag);
        rc = EXIT_BADINPUT;
    }
out:
    rn_free(root);
    free(c.minutes.v);
    hist_fini(&c.h_ov);
    hist_fini(&c.h_clean);
    hist_fini(&sp.all);
    free(sp.heap);
    free(sp.sample);
    pause_tl_fini(&tl);
    diag_fini(&gdiag);
    diag_fini(&adiag);
    intern_fini(&strings);
    access_cfg_fini(&ac);
    free(gcf);
    free(acf);
    return rc;
}
