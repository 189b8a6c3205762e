/*
 * lat_report.c — `gclat lat` as library calls (lat_run.h): the option
 * parser, the scan of the input columns and the report tree, shared by
 * cmd/lat.c and compare/report (compare_input.c).
 */
#include "commands.h"
#include "lat_run.h"
#include "opt.h"
#include "sniff.h"
#include "timeparse.h"
#include "util.h"
#include "wrk_input.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const double default_pct[] = {50, 66, 80, 85, 90, 95, 98, 99, 99.9, 99.99, 100};

static bool is_column_start(const char *a)
{
    const char *eq = strchr(a, '=');
    if (!eq || eq == a)
        return false;
    for (const char *p = a; p < eq; p++)
        if (*p == '/')
            return false;
    struct stat st;
    return stat(a, &st) != 0;
}

static void add_filter(struct lat_filter **v, size_t *n, const char *pat)
{
    *v = xrealloc(*v, (*n + 1) * sizeof **v);
    const char *err = NULL;
    if (!lat_filter_compile(&(*v)[*n], pat, &err))
        die(EXIT_USAGE, "bad regular expression '%s': %s", pat, err ? err : "?");
    ++*n;
}

static int cpu_count(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

/* Groups in output order, the other group (if any) last. */
size_t lat_ngroups(const struct lat_groups *g)
{
    return g->n + (g->other != NULL);
}

struct lat_group *lat_group_at(struct lat_groups *g, size_t i)
{
    return i < g->n ? &g->g[i] : g->other;
}

/* Bring every group to the finest base unit in the table and flush. */
static void flush_groups(struct lat_groups *g)
{
    for (size_t i = 0; i < g->n; i++)
        lat_acc_flush(&g->g[i].acc);
}

/* --by: how many groups, what the other group holds, and --over overall. */
static void report_grouping(struct report_node *top, const struct lat_cfg *c, const char *by,
                            const struct lat_groups *g)
{
    uint64_t total = lat_groups_total(g);
    uint64_t other = g->other ? g->other->acc.h.total : 0;
    if (c->nover) {
        uint64_t over[LAT_MAX_OVER] = {0};
        for (size_t i = 0; i < lat_ngroups(g); i++) {
            const struct lat_group *x = i < g->n ? &g->g[i] : g->other;
            for (int k = 0; k < c->nover; k++)
                over[k] += x->acc.over[k];
        }
        lat_report_over(top, c->over_ns, over, c->nover, total);
    }
    struct report_node *o = rn_title(rn_obj(top, "grouping"), "Grouping");
    if (!g->other)
        rn_flags(o, RF_NOTEXT); /* nothing folded: the group tables say it all */
    rn_flags(rn_str(o, "by", by), RF_NOTEXT);
    rn_int(o, "groups", (int64_t)g->n);
    rn_title(rn_int(o, "max_groups", (int64_t)c->max_groups), "max groups (--max-groups)");
    rn_title(rn_int(o, "requests", (int64_t)total), "requests (all groups)");
    rn_title(rn_int(o, "other_requests", (int64_t)other), "requests in (other)");
    rn_unit(rn_title(rn_num(o, "other_pct", total ? 100.0 * (double)other / (double)total : 0, 3),
                     "share in (other)"), "%");
    rn_flags(rn_int(o, "keys_folded", (int64_t)g->keys_folded), RF_NOTEXT);
    rn_flags(rn_bool(o, "keys_untracked", g->overflowed), RF_NOTEXT);
    if (g->overflowed) {
        char *t = xasprintf("more than %zu distinct keys: the busiest %zu of the first %zu in input order "
                            "are shown; (other) holds every other request (--max-groups%s)",
                            lat_track_max(c), c->max_groups, lat_track_max(c),
                            c->by == BY_PATH ? ", --route" : "");
        rn_str(o, "note", t);
        free(t);
    } else if (g->keys_folded) {
        char *t = xasprintf("%llu smaller groups are folded into (other) (--max-groups %zu)",
                            (unsigned long long)g->keys_folded, c->max_groups);
        rn_str(o, "note", t);
        free(t);
    }
}

static void report_inputs(struct report_node *root, struct lat_result *r)
{
    struct report_node *in = rn_title(rn_obj(root, "input"), "Input");
    rn_int(in, "lines", (int64_t)r->lines);
    rn_int(in, "filtered", (int64_t)r->filtered);
    rn_int(in, "unparsed", (int64_t)r->diag.total);
    if (r->have_time) {
        char b[40];
        format_iso8601(r->first_ms, r->tz_min, b, sizeof b);
        rn_str(in, "first", b);
        format_iso8601(r->last_ms, r->tz_min, b, sizeof b);
        rn_str(in, "last", b);
    }
}

/* lat's own options: base struct lat_opts (the access-log fields are o->ac.lat while parsing) */
#define LO struct lat_opts

static void out_unit_opt(void *base, const struct opt *o, const char *v)
{
    LO *l = base;
    if (!(l->out_ns = lat_unit_ns(v)))
        opt_bad(o, v, "ns, us, ms or s");
    l->out_unit = v;
}

static void status_opt(void *base, const struct opt *o, const char *v)
{
    struct lat_cfg *c = &((LO *)base)->ac.lat;
    char **st;
    char name[64];
    snprintf(name, sizeof name, "--%s", o->name);
    int n = opt_status_list(name, v, &st);
    c->status = xrealloc(c->status, (c->nstatus + (size_t)n) * sizeof *c->status);
    for (int k = 0; k < n; k++)
        c->status[c->nstatus++] = st[k];
    free(st);
}

static void path_opt(void *base, const struct opt *o, const char *v)
{
    (void)o;
    struct lat_cfg *c = &((LO *)base)->ac.lat;
    add_filter(&c->paths, &c->npaths, v);
}

static void by_opt(void *base, const struct opt *o, const char *v)
{
    LO *l = base;
    struct lat_cfg *c = &l->ac.lat;
    static const struct {
        const char *word;
        enum lat_by by;
    } words[] = {{"path", BY_PATH}, {"status", BY_STATUS}, {"file", BY_FILE}, {"minute", BY_MINUTE}, {"hour", BY_HOUR}};
    l->by = v;
    for (size_t k = 0; k < ARRAY_LEN(words); k++)
        if (strcmp(v, words[k].word) == 0) {
            c->by = words[k].by;
            return;
        }
    int64_t n;
    if (!parse_int64(v, &n) || n == 0 || n > 100000 || n < -100000)
        opt_bad(o, v, "path, status, file, minute, hour or a field number");
    c->by = BY_FIELD;
    c->by_field = (int)n;
}

static void route_opt(void *base, const struct opt *o, const char *v)
{
    struct lat_cfg *c = &((LO *)base)->ac.lat;
    const char *eq = strrchr(v, '=');
    if (!eq || eq == v || !eq[1])
        opt_bad(o, v, "needs REGEX=NAME (e.g. '^/api/items/[^/]+$=/api/items/{id}')");
    char *re = xstrndup(v, (size_t)(eq - v));
    c->routes = xrealloc(c->routes, (c->nroutes + 1) * sizeof *c->routes);
    const char *err = NULL;
    if (!lat_filter_compile(&c->routes[c->nroutes].re, re, &err))
        die(EXIT_USAGE, "bad --route '%s': %s", re, err ? err : "?");
    free(re);
    c->routes[c->nroutes++].name = xstrdup(eq + 1);
}

static void format_opt(void *base, const struct opt *o, const char *v)
{
    LO *l = base;
    if (strcmp(v, "table") == 0 || strcmp(v, "text") == 0)
        l->fmt = LAT_FMT_TABLE;
    else if (strcmp(v, "cal") == 0)
        l->fmt = LAT_FMT_CAL;
    else if (strcmp(v, "hgrm") == 0)
        l->fmt = LAT_FMT_HGRM;
    else if (strcmp(v, "json") == 0)
        l->co.out = OUT_JSON;
    else if (strcmp(v, "csv") == 0)
        l->co.out = OUT_CSV;
    else
        opt_bad(o, v, "table, cal, hgrm, json or csv");
}

static void cal_awk_opt(void *base, const struct opt *o, const char *v)
{
    (void)base;
    if (strcmp(v, "gawk") != 0 && strcmp(v, "mawk") != 0)
        opt_bad(o, v, "mawk or gawk");
    lat_cal_flavor(strcmp(v, "gawk") == 0);
}

static const struct opt_word sort_words[] = {{"count", SORT_COUNT}, {"p99", SORT_P99}, {"name", SORT_NAME}, {NULL, 0}};

_Static_assert(sizeof(enum lat_sort) == sizeof(int), "OPT_ENUM stores an int");
static const struct opt lat_filter_opts[] = {
    OPT_CALL("status", 0, "LIST", status_opt, "keep these statuses: 200,5xx,!404 (x = any digit, ! = exclude)"),
    OPT_CALL("path", 0, "RE", path_opt, "keep lines whose request path (query stripped) matches RE (repeatable)"),
    OPT_END,
};

static const struct opt lat_out_opts[] = {
    OPT_CALL("by", 0, "KEY", by_opt, "one table per path|status|file|minute|hour or field number N"),
    OPT_INT(LO, ac.lat.max_groups, "max-groups", 0, "N", 0, 1000000,
            "groups shown, the busiest (default 1000; 0 = no limit); the rest\n"
            "are one '(other)' group, so every request is still counted.\n"
            "The busiest N of the first 16*N distinct keys in input order\n"
            "are kept: memory stays bounded whatever the number of keys"),
    OPT_ENUM(LO, ac.lat.sort, "sort", 0, "count|p99|name", sort_words,
             "group order: most requests first (default; minute and hour\n"
             "groups default to time order), highest P99 first, or by key"),
    OPT_CALL("route", 0, "RE=NAME", route_opt,
             "--by path: paths matching the POSIX regex RE are the group NAME\n"
             "(repeatable, first match wins)"),
    OPT_FLAG(LO, ac.lat.raw_paths, "raw-paths", 0,
             "--by path: keep ids in paths; by default a segment that is all\n"
             "digits, a UUID or 16+ hex digits becomes {id} (/items/{id})"),
    OPT_DURATIONS(LO, ac.lat.over_ns, ac.lat.nover, OPT_STORE_NS, "over", 0, "LIST", 1000, 0,
                  "count and share of requests slower than each threshold, e.g.\n"
                  "100ms,200ms (a bare number is ms; up to 16), overall and per group"),
    OPT_DURATION(LO, ac.lat.interval_ms, OPT_STORE_MS, "interval", 0, "DUR", 1000000, 1000,
                 "time series: count, P50, P99, max per interval (e.g. 1m, 10s, 1h)"),
    OPT_NUMS(LO, pct, npct, "percentiles", 0, "LIST", 0, 100, "default 50,66,80,85,90,95,98,99,99.9,99.99,100"),
    OPT_CALL("format", 0, "F", format_opt,
             "table (default), cal (byte-identical to the report's\n"
             "`sort -n | uniq -c | awk -f cal.awk`), hgrm (HdrHistogram\n"
             "percentile distribution), json, csv"),
    OPT_CALL("cal-awk", 0, "mawk|gawk", cal_awk_opt,
             "integer printing rule to copy for --format cal (default mawk,\n"
             "Debian's awk; they differ only for numbers >= 2^31)"),
    OPT_INT(LO, ac.lat.precision, "precision", 0, "D", 1, 5,
            "significant digits once values fall back to the log-linear\n"
            "histogram (1-5, default 3); integers are exact until 262144\n"
            "distinct values"),
    OPT_CALL("out-unit", 0, "U", out_unit_opt, "unit of the printed values (default ms)"),
    OPT_STR(LO, save, "save", 0, "FILE",
            "write an HdrHistogram interval log (V2 compressed) for gclat merge\n"
            "and HdrHistogram tools; one line per group (Tag=KEY) or interval"),
    OPT_INT(LO, threads, "threads", 'j', "N", 1, 64, "threads for regular files (default: number of CPUs, max 64)"),
    OPT_END,
};
#undef LO

static const struct opt_group lat_filter_group = {"Filters (a filtered line is counted, not reported as unparsed)",
                                                  lat_filter_opts};
static const struct opt_group lat_out_group = {"Grouping and output", lat_out_opts};

static const struct opt_note lat_notes[] = {
    {"html", "one HTML page: key figures, latency spectrum (and over time with\n"
             "--interval), details (docs/html.md)"},
    {"csv", "CSV, one row per group (or interval)"},
    {"strict", "exit 2 if any line had no valid value (reasons on stderr)"},
    {NULL, NULL},
};

const struct opt_cmd cmd_lat_opts = {
    .name = "lat",
    .usage = "usage: gclat lat [OPTIONS] FILE...\n"
             "       gclat lat [OPTIONS] NAME=FILE [FILE...] NAME2=FILE [FILE...]\n",
    .about = "Latency percentiles from access logs, exact for integer values, in one pass.\n"
             "FILE may be '-' (standard input) and may be gzip-compressed.\n",
    .groups = {&access_field_group, &lat_filter_group, &lat_out_group, &opt_common_group},
    .after = "Values with decimals are counted exactly in a finer unit (us for ms with 3 decimals,\n"
             "never finer than 1 ns); printed values use --out-unit with the decimals that unit needs.\n"
             "\n"
             "Examples:\n"
             "  grep -v 'monitor/health' access* | awk '{print $(NF-1)}' | sort -n | uniq -c | awk -f cal.awk\n"
             "  gclat lat --exclude monitor/health -f -2 --format cal access*      # same bytes, one pass\n"
             "  gclat lat -f -2 dc-a=a/access* dc-b=b/access*                      # side by side\n"
             "  gclat lat --log-format nginx --by status --status '!404' access.log.gz\n"
             "  gclat lat --log-format json --json-key duration_ms --interval 1m app.jsonl\n"
             "  gclat lat -f -2 --save a.hlog a/access*; gclat merge a.hlog b.hlog\n"
             "  gclat lat -f -2 --by path --sort p99 --over 100ms,200ms access.log  # slow routes\n"
             "\n"
             "Percentile: nearest rank, the first value whose cumulative count reaches total*p/100.\n"
             "Variance: sample variance (n - 1). Details: docs/lat.md.\n",
    .notes = lat_notes,
};

int lat_opts_parse(struct lat_opts *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    common_opts_init(&o->co);
    access_cfg_init(&o->ac);
    o->ac.lat.max_groups = SIZE_MAX; /* still SIZE_MAX after parsing: --max-groups not given */
    o->out_unit = "ms";
    o->out_ns = lat_unit_ns("ms");
    o->fmt = LAT_FMT_TABLE;
    o->npct = (int)ARRAY_LEN(default_pct);
    memcpy(o->pct, default_pct, sizeof default_pct);
    o->threads = cpu_count();
    struct opt_args pos;
    if (opt_parse(&cmd_lat_opts, (void *[]){&o->ac, o, o, &o->co}, argc, argv, &pos)) {
        free(pos.v);
        access_cfg_fini(&o->ac);
        return 1;
    }
    struct lat_column *cols = NULL;
    size_t ncol = 0;
    for (int i = 0; i < pos.n; i++) {
        const char *a = pos.v[i];
        if (is_column_start(a) || ncol == 0) {
            cols = xrealloc(cols, (ncol + 1) * sizeof *cols);
            memset(&cols[ncol], 0, sizeof *cols);
            const char *eq = strchr(a, '=');
            if (is_column_start(a)) {
                cols[ncol].name = xstrndup(a, (size_t)(eq - a));
                a = eq + 1;
            }
            ncol++;
        }
        struct lat_column *col = &cols[ncol - 1];
        xgrow((void **)&col->files, &col->cap, col->nfiles + 1, sizeof *col->files);
        col->files[col->nfiles++] = (char *)a;
    }
    free(pos.v);
    bool max_groups_given = o->ac.lat.max_groups != SIZE_MAX;
    if (!max_groups_given)
        o->ac.lat.max_groups = 1000;
    bool sort_given = o->ac.lat.sort != SORT_DEFAULT;
    if (ncol == 0)
        die(EXIT_USAGE, "no input files (use - for standard input; see --help)");
    for (size_t k = 1; k < ncol; k++)
        if (!cols[k].name || !cols[0].name)
            die(EXIT_USAGE, "with several NAME=FILES columns, every column needs a NAME=");
    if (ncol > 1 && cols[0].name == NULL)
        die(EXIT_USAGE, "columns need NAME=FILES");
    access_fields_finish(&o->ac);
    struct lat_cfg c = o->ac.lat;
    memset(&o->ac.lat, 0, sizeof o->ac.lat); /* moved to o->c */
    access_cfg_fini(&o->ac);
    const char *by = o->by;
    for (int64_t u = c.unit_ns; u >= 10; u /= 10)
        c.max_scale++;
    if (by && ncol > 1)
        die(EXIT_USAGE, "--by and NAME=FILES columns cannot be combined");
    if ((c.nroutes || c.raw_paths) && c.by != BY_PATH)
        die(EXIT_USAGE, "--route and --raw-paths need --by path");
    if ((sort_given || max_groups_given) && c.by == BY_NONE)
        die(EXIT_USAGE, "--sort and --max-groups need --by");
    if (c.by == BY_NONE)
        c.max_groups = 0;
    c.need_meta = c.nstatus || c.npaths || c.by == BY_PATH || c.by == BY_STATUS;
    c.need_time = c.interval_ms || c.by == BY_MINUTE || c.by == BY_HOUR;
    c.cal = o->fmt == LAT_FMT_CAL;
    if (c.interval_ms && ncol > 1)
        die(EXIT_USAGE, "--interval and NAME=FILES columns cannot be combined");
    o->c = c;
    o->cols = cols;
    o->ncol = ncol;
    return 0;
}

void lat_opts_fini(struct lat_opts *o)
{
    struct lat_cfg *c = &o->c;
    for (size_t k = 0; k < o->ncol; k++) {
        free(o->cols[k].name);
        free(o->cols[k].files);
    }
    free(o->cols);
    for (size_t k = 0; k < c->ninc; k++)
        lat_filter_free(&c->inc[k]);
    for (size_t k = 0; k < c->nexc; k++)
        lat_filter_free(&c->exc[k]);
    for (size_t k = 0; k < c->npaths; k++)
        lat_filter_free(&c->paths[k]);
    for (size_t k = 0; k < c->nroutes; k++) {
        lat_filter_free(&c->routes[k].re);
        free(c->routes[k].name);
    }
    free(c->routes);
    free(c->inc);
    free(c->exc);
    free(c->paths);
    for (size_t k = 0; k < c->nstatus; k++)
        free(c->status[k]);
    free(c->status);
    free(c->sep);
    free(c->json_key);
    memset(o, 0, sizeof *o);
}

int lat_scan_inputs(const struct lat_opts *o, struct lat_run *run)
{
    const struct lat_cfg *c = &o->c;
    const struct lat_column *cols = o->cols;
    size_t ncol = o->ncol;
    memset(run, 0, sizeof *run);
    /* Fail before a long scan, not after it: an input that cannot be opened
     * ends the run with exit 3 and no report (as gclat gc), instead of a
     * table that silently lacks that file's lines. */
    for (size_t k = 0; k < ncol; k++)
        for (size_t j = 0; j < cols[k].nfiles; j++) {
            const char *f = cols[k].files[j];
            if (strcmp(f, "-") == 0)
                continue;
            int fd = open(f, O_RDONLY);
            if (fd < 0) {
                warnx("cannot open %s: %s", f, strerror(errno));
                return EXIT_IO;
            }
            close(fd);
        }
    /* Each input's head is sampled once (sniff.h), and that one sample says
     * both whether it is a saved wrk / wrk2 output (read back as a load run,
     * one file per column) and whether it is plainly another kind: standard
     * input can be peeked at only once before it is read, a .gz is
     * decompressed once. */
    size_t nin = 0;
    for (size_t k = 0; k < ncol; k++)
        nin += cols[k].nfiles;
    struct sniff_result *sr = xcalloc(nin ? nin : 1, sizeof *sr);
    const struct sniff_result **srp = xcalloc(nin ? nin : 1, sizeof *srp);
    bool all_wrk = true;
    for (size_t k = 0, i = 0; k < ncol; k++)
        for (size_t j = 0; j < cols[k].nfiles; j++, i++) {
            if (sniff_path(cols[k].files[j], c, &sr[i]) == 0)
                srp[i] = &sr[i];
            all_wrk = all_wrk && srp[i] && sr[i].wrk_banner;
        }
    /* a GC log or jstat output is refused (exit 2), not read as latencies;
       an empty input stays an empty column (see lat-empty-input) */
    int refused = 0;
    for (size_t k = 0, i = 0; k < ncol && !all_wrk; i += cols[k].nfiles, k++)
        if (sniff_check(SNIFF_ACCESS, cols[k].files, srp + i, cols[k].nfiles, SNIFF_EMPTY_OK))
            refused = EXIT_BADINPUT;
    free(srp);
    free(sr);
    if (all_wrk) {
        run->wrk = true;
        return EXIT_OK;
    }
    if (refused)
        return refused;

    int ret = EXIT_OK;
    struct lat_result *res = run->res = xcalloc(ncol, sizeof *res);
    struct lat_result *total = &run->total;
    lat_result_init(total, c);
    for (size_t k = 0; k < ncol; k++) {
        lat_result_init(&res[k], c);
        for (size_t j = 0; j < cols[k].nfiles; j++) {
            int rc = lat_scan_file(c, cols[k].files[j], o->threads, &res[k]);
            if (rc && !ret)
                ret = rc;
        }
        lat_groups_finish(&res[k].groups, c->max_groups, c->sort, c->by == BY_MINUTE || c->by == BY_HOUR);
        lat_groups_sort(&res[k].intervals);
        flush_groups(&res[k].intervals);
        /* totals for the input section and --save's time span */
        diag_merge(&total->diag, &res[k].diag);
        total->lines += res[k].lines;
        total->filtered += res[k].filtered;
        if (res[k].have_time) {
            if (!total->have_time)
                total->tz_min = res[k].tz_min;
            total->have_time = true;
            if (res[k].first_ms < total->first_ms)
                total->first_ms = res[k].first_ms;
            if (res[k].last_ms > total->last_ms)
                total->last_ms = res[k].last_ms;
        }
    }
    run->names = xcalloc(ncol, sizeof *run->names);
    for (size_t k = 0; k < ncol; k++)
        run->names[k] = cols[k].name ? cols[k].name : "all";
    for (size_t k = 0; k < ncol; k++)
        run->nvalues += lat_groups_total(&res[k].groups);
    return ret;
}

void lat_run_fini(const struct lat_opts *o, struct lat_run *run)
{
    if (run->res) {
        for (size_t k = 0; k < o->ncol; k++)
            lat_result_fini(&run->res[k]);
        lat_result_fini(&run->total);
    }
    free(run->res);
    free(run->names);
    memset(run, 0, sizeof *run);
}

/* Every input is a wrk/wrk2 output: report each as `gclat load --json` would. */
static int wrk_report_columns(const struct lat_opts *o, struct report_node *root, struct diag *d)
{
    struct report_node *runs = rn_title(rn_arr(root, "wrk"), "wrk / wrk2 runs");
    int ret = EXIT_OK;
    for (size_t k = 0; k < o->ncol; k++) {
        if (o->cols[k].nfiles != 1)
            die(EXIT_USAGE, "wrk output: one file per column (NAME=FILE)");
        struct wrk_result r;
        wrk_result_init(&r);
        int rc = wrk_read_file(o->cols[k].files[0], &r, d);
        if (rc && !ret)
            ret = rc;
        const char *name = o->cols[k].name ? o->cols[k].name : o->cols[k].files[0];
        struct report_node *ob = rn_title(rn_obj(runs, NULL), name);
        rn_str(ob, "name", name);
        wrk_report(&r, ob);
        wrk_result_fini(&r);
    }
    if (!ret)
        diag_report(d, root, "unparsed_lines");
    return ret;
}

int lat_build_report(const struct lat_opts *o, struct lat_run *run, struct report_node *root, struct diag *wrk_diag)
{
    if (run->wrk)
        return wrk_report_columns(o, root, wrk_diag);
    const struct lat_cfg *c = &o->c;
    size_t ncol = o->ncol;
    struct lat_result *res = run->res;
    const char **names = run->names;
    const double *pct = o->pct;
    int npct = o->npct;
    int64_t out_ns = o->out_ns;
    const char *by = o->by;
    struct report_node *top = rn_title(rn_obj(root, "lat"), "Latency");
    report_inputs(top, &run->total);
    if (ncol > 1) {
        struct lat_acc **accs = xcalloc(ncol, sizeof *accs);
        for (size_t k = 0; k < ncol; k++) {
            if (res[k].groups.n == 0)
                lat_groups_get(&res[k].groups, "", 0, 0);
            accs[k] = &res[k].groups.g[0].acc;
        }
        lat_report_columns(top, "columns", accs, names, (int)ncol, pct, npct, out_ns);
        free(accs);
    } else if (c->by == BY_NONE) {
        if (res[0].groups.n == 0)
            lat_groups_get(&res[0].groups, "", 0, 0);
        lat_report_acc(top, &res[0].groups.g[0].acc, pct, npct, out_ns);
    } else {
        report_grouping(top, c, by, &res[0].groups);
        struct report_node *ga = rn_title(rn_arr(top, "groups"), "Groups");
        for (size_t i = 0; i < lat_ngroups(&res[0].groups); i++) {
            struct lat_group *g = lat_group_at(&res[0].groups, i);
            struct report_node *go = rn_obj(ga, NULL);
            char *t = xasprintf("%s %s", by, g->key);
            rn_title(go, t);
            free(t);
            rn_flags(rn_str(go, "key", g->key), RF_NOTEXT);
            if (g == res[0].groups.other)
                rn_flags(rn_bool(go, "other", true), RF_NOTEXT);
            lat_report_acc(go, &g->acc, pct, npct, out_ns);
        }
    }
    if (c->interval_ms) {
        struct report_node *ts = rn_flags(rn_arr(top, "intervals"), RF_TABLE);
        rn_title(ts, "Time series per interval");
        for (size_t i = 0; i < res[0].intervals.n; i++) {
            struct lat_group *g = &res[0].intervals.g[i];
            struct report_node *row = rn_obj(ts, NULL);
            char b[40];
            format_iso8601(g->sort_key, res[0].tz_min, b, sizeof b);
            rn_str(row, "start", b);
            lat_report_flat(row, &g->acc, (const double[]){50, 99}, 2, out_ns);
            /* keep count, P50, P99, max in the text table */
            for (struct report_node *n = row->first; n; n = n->next)
                if (n->key && (!strcmp(n->key, "mean") || !strcmp(n->key, "stddev") ||
                               !strcmp(n->key, "variance") || !strcmp(n->key, "min")))
                    rn_flags(n, RF_NOTEXT);
        }
    }
    run->total.diag.lines_read = run->total.lines;
    diag_report(&run->total.diag, top, "unparsed_lines");
    return EXIT_OK;
}

int lat_run_status(const struct lat_opts *o, const struct lat_run *run, int ret)
{
    const struct lat_result *total = &run->total;
    if (run->nvalues == 0 && total->diag.total) {
        /* not one value: the field or format is wrong, not the log (cal.awk
         * itself dies of a division by zero here) */
        if (!o->co.quiet)
            diag_print_stderr(&total->diag);
        warnx("no line had a valid latency value (%llu line(s) read); choose the field with -f N "
              "(-2 for awk's $(NF-1)) or --log-format",
              (unsigned long long)total->lines);
        ret = ret ? ret : EXIT_BADINPUT;
    } else if (total->diag.total && o->co.strict) {
        diag_print_stderr(&total->diag);
        ret = ret ? ret : EXIT_BADINPUT;
    } else if (common_diag_warn(&total->diag, total->lines - total->filtered)) {
        /* mostly not understood: said whatever the format and -q */
    } else if (total->diag.total && !o->co.quiet && o->fmt == LAT_FMT_CAL) {
        warnx("%llu line(s) without a valid value were skipped (see --strict)",
              (unsigned long long)total->diag.total);
    }
    return ret;
}
