/*
 * lat_report.c — `gclat lat` as library calls (lat_run.h): the option
 * parser, the scan of the input columns and the report tree, shared by
 * cmd/lat.c and compare/report (compare_input.c).
 */
#include "commands.h"
#include "lat_run.h"
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
        die(EXIT_USAGE, "%s: %s", pat, err);
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

int lat_opts_parse(struct lat_opts *o, int argc, char **argv)
{
    struct common_opts co;
    common_opts_init(&co);
    struct lat_cfg c;
    memset(&c, 0, sizeof c);
    c.src = LAT_SRC_FIELD;
    c.field = -1;
    c.sep_blank = true;
    c.precision = 3;
    bool field_given = false;
    const char *unit = NULL, *out_unit = "ms", *preset = NULL, *save = NULL, *by = NULL;
    enum lat_fmt fmt = LAT_FMT_TABLE;
    double pct[64];
    int npct = (int)ARRAY_LEN(default_pct);
    memcpy(pct, default_pct, sizeof default_pct);
    int threads = cpu_count();
    struct lat_column *cols = NULL;
    size_t ncol = 0;
    const char *sort = NULL;
    bool max_groups_given = false;
    c.max_groups = 1000;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(cmd_lat_help, stdout);
            return 1;
        } else if (common_opt(&co, argc, argv, &i)) {
        } else if (strcmp(a, "-f") == 0 || opt_is(a, "--field")) {
            int64_t n;
            if (!parse_int64(opt_value(argc, argv, &i), &n) || n == 0 || n > 100000 || n < -100000)
                die(EXIT_USAGE, "-f needs a non-zero field number");
            c.field = (int)n;
            c.src = LAT_SRC_FIELD;
            field_given = true;
        } else if (strcmp(a, "-F") == 0 || opt_is(a, "--separator")) {
            const char *s = opt_value(argc, argv, &i);
            free(c.sep);
            c.sep = NULL;
            if (strcmp(s, " ") == 0) {
                c.sep_blank = true;
            } else {
                if (!*s)
                    die(EXIT_USAGE, "-F needs a non-empty separator");
                c.sep = strcmp(s, "\\t") == 0 ? xstrdup("\t") : xstrdup(s);
                c.sep_len = strlen(c.sep);
                c.sep_blank = false;
            }
        } else if (opt_is(a, "--log-format")) {
            preset = opt_value(argc, argv, &i);
        } else if (opt_is(a, "--json-key")) {
            free(c.json_key);
            c.json_key = xstrdup(opt_value(argc, argv, &i));
            c.json_key_len = strlen(c.json_key);
            if (!preset)
                preset = "json";
        } else if (opt_is(a, "--unit")) {
            unit = opt_value(argc, argv, &i);
        } else if (opt_is(a, "--out-unit")) {
            out_unit = opt_value(argc, argv, &i);
        } else if (opt_is(a, "--time-field")) {
            int64_t n;
            if (!parse_int64(opt_value(argc, argv, &i), &n) || n == 0 || n > 100000 || n < -100000)
                die(EXIT_USAGE, "--time-field needs a non-zero field number");
            c.time_field = (int)n;
        } else if (opt_is(a, "--include")) {
            add_filter(&c.inc, &c.ninc, opt_value(argc, argv, &i));
        } else if (opt_is(a, "--exclude")) {
            add_filter(&c.exc, &c.nexc, opt_value(argc, argv, &i));
        } else if (opt_is(a, "--path")) {
            add_filter(&c.paths, &c.npaths, opt_value(argc, argv, &i));
        } else if (opt_is(a, "--status")) {
            char **st;
            int n = opt_status_list(a, opt_value(argc, argv, &i), &st);
            c.status = xrealloc(c.status, (c.nstatus + (size_t)n) * sizeof *c.status);
            for (int k = 0; k < n; k++)
                c.status[c.nstatus++] = st[k];
            free(st);
        } else if (opt_is(a, "--by")) {
            by = opt_value(argc, argv, &i);
        } else if (opt_is(a, "--max-groups")) {
            int64_t n;
            if (!parse_int64(opt_value(argc, argv, &i), &n) || n < 0 || n > 1000000)
                die(EXIT_USAGE, "--max-groups needs 0..1000000 (0 = no limit)");
            c.max_groups = (size_t)n;
            max_groups_given = true;
        } else if (opt_is(a, "--sort")) {
            sort = opt_value(argc, argv, &i);
            if (strcmp(sort, "count") == 0)
                c.sort = SORT_COUNT;
            else if (strcmp(sort, "p99") == 0)
                c.sort = SORT_P99;
            else if (strcmp(sort, "name") == 0)
                c.sort = SORT_NAME;
            else
                die(EXIT_USAGE, "--sort is count, p99 or name");
        } else if (opt_is(a, "--route")) {
            const char *v = opt_value(argc, argv, &i);
            const char *eq = strrchr(v, '=');
            if (!eq || eq == v || !eq[1])
                die(EXIT_USAGE, "--route needs REGEX=NAME (e.g. '^/api/items/[^/]+$=/api/items/{id}')");
            c.routes = xrealloc(c.routes, (c.nroutes + 1) * sizeof *c.routes);
            char *re = xstrndup(v, (size_t)(eq - v));
            const char *err = NULL;
            if (!lat_filter_compile(&c.routes[c.nroutes].re, re, &err))
                die(EXIT_USAGE, "--route %s: %s", re, err);
            free(re);
            c.routes[c.nroutes++].name = xstrdup(eq + 1);
        } else if (opt_is(a, "--raw-paths")) {
            c.raw_paths = true;
        } else if (opt_is(a, "--over")) {
            const char *v = opt_value(argc, argv, &i);
            int64_t us[LAT_MAX_OVER];
            int n = parse_duration_list_us(v, 1000, us, LAT_MAX_OVER);
            if (n <= 0)
                die(EXIT_USAGE, "--over needs up to %d durations like 100ms,200ms (got %s)", LAT_MAX_OVER, v);
            for (int k = 0; k < n; k++) {
                if (us[k] < 0 || us[k] > INT64_MAX / 1000)
                    die(EXIT_USAGE, "--over: %s is out of range", v);
                c.over_ns[k] = us[k] * 1000;
            }
            c.nover = n;
        } else if (opt_is(a, "--interval")) {
            c.interval_ms = opt_duration_us(a, opt_value(argc, argv, &i), 1000000, 1000) / 1000;
        } else if (opt_is(a, "--percentiles")) {
            npct = opt_percentile_list(a, opt_value(argc, argv, &i), pct, (int)ARRAY_LEN(pct));
        } else if (opt_is(a, "--format")) {
            const char *v = opt_value(argc, argv, &i);
            if (strcmp(v, "table") == 0 || strcmp(v, "text") == 0)
                fmt = LAT_FMT_TABLE;
            else if (strcmp(v, "cal") == 0)
                fmt = LAT_FMT_CAL;
            else if (strcmp(v, "hgrm") == 0)
                fmt = LAT_FMT_HGRM;
            else if (strcmp(v, "json") == 0)
                co.out = OUT_JSON;
            else if (strcmp(v, "csv") == 0)
                co.out = OUT_CSV;
            else
                die(EXIT_USAGE, "unknown --format %s (table, cal, hgrm, json, csv)", v);
        } else if (opt_is(a, "--cal-awk")) {
            const char *v = opt_value(argc, argv, &i);
            if (strcmp(v, "gawk") != 0 && strcmp(v, "mawk") != 0)
                die(EXIT_USAGE, "--cal-awk is mawk or gawk");
            lat_cal_flavor(strcmp(v, "gawk") == 0);
        } else if (opt_is(a, "--precision")) {
            int64_t d;
            if (!parse_int64(opt_value(argc, argv, &i), &d) || d < 1 || d > 5)
                die(EXIT_USAGE, "--precision is 1..5 significant digits");
            c.precision = (int)d;
        } else if (opt_is(a, "--save")) {
            save = opt_value(argc, argv, &i);
        } else if (strcmp(a, "-j") == 0 || opt_is(a, "--threads")) {
            int64_t n;
            if (!parse_int64(opt_value(argc, argv, &i), &n) || n < 1 || n > 64)
                die(EXIT_USAGE, "-j needs 1..64");
            threads = (int)n;
        } else if (a[0] == '-' && a[1] != 0) {
            die(EXIT_USAGE, "unknown option %s (see gclat lat --help)", a);
        } else {
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
    }
    if (ncol == 0)
        die(EXIT_USAGE, "no input files (use - for standard input; see --help)");
    for (size_t k = 1; k < ncol; k++)
        if (!cols[k].name || !cols[0].name)
            die(EXIT_USAGE, "with several NAME=FILES columns, every column needs a NAME=");
    if (ncol > 1 && cols[0].name == NULL)
        die(EXIT_USAGE, "columns need NAME=FILES");
    int field_opt = c.field;
    if (preset && !lat_format_apply(&c, preset))
        die(EXIT_USAGE, "unknown --log-format %s; known:\n%s", preset, lat_format_help);
    if (preset && field_given && c.src != LAT_SRC_JSON) {
        /* an explicit -f wins over the preset's field whatever the order
         * (nginx with $upstream_response_time after $request_time: -f -2) */
        c.field = field_opt;
        c.src = LAT_SRC_FIELD;
    }
    if (unit) {
        c.unit_ns = lat_unit_ns(unit);
        if (!c.unit_ns)
            die(EXIT_USAGE, "unknown --unit %s (ns, us, ms, s)", unit);
    }
    if (!c.unit_ns)
        c.unit_ns = 1000000;
    int64_t out_ns = lat_unit_ns(out_unit);
    if (!out_ns)
        die(EXIT_USAGE, "unknown --out-unit %s (ns, us, ms, s)", out_unit);
    for (int64_t u = c.unit_ns; u >= 10; u /= 10)
        c.max_scale++;
    if (by) {
        if (strcmp(by, "path") == 0)
            c.by = BY_PATH;
        else if (strcmp(by, "status") == 0)
            c.by = BY_STATUS;
        else if (strcmp(by, "file") == 0)
            c.by = BY_FILE;
        else if (strcmp(by, "minute") == 0)
            c.by = BY_MINUTE;
        else if (strcmp(by, "hour") == 0)
            c.by = BY_HOUR;
        else {
            int64_t n;
            if (!parse_int64(by, &n) || n == 0 || n > 100000 || n < -100000)
                die(EXIT_USAGE, "--by is path, status, file, minute, hour or a field number");
            c.by = BY_FIELD;
            c.by_field = (int)n;
        }
        if (ncol > 1)
            die(EXIT_USAGE, "--by and NAME=FILES columns cannot be combined");
    }
    if ((c.nroutes || c.raw_paths) && c.by != BY_PATH)
        die(EXIT_USAGE, "--route and --raw-paths need --by path");
    if ((sort || max_groups_given) && c.by == BY_NONE)
        die(EXIT_USAGE, "--sort and --max-groups need --by");
    if (c.by == BY_NONE)
        c.max_groups = 0;
    c.need_meta = c.nstatus || c.npaths || c.by == BY_PATH || c.by == BY_STATUS;
    c.need_time = c.interval_ms || c.by == BY_MINUTE || c.by == BY_HOUR;
    c.cal = fmt == LAT_FMT_CAL;
    if (c.interval_ms && ncol > 1)
        die(EXIT_USAGE, "--interval and NAME=FILES columns cannot be combined");
    o->co = co;
    o->c = c;
    o->out_unit = out_unit;
    o->out_ns = out_ns;
    o->save = save;
    o->by = by;
    o->fmt = fmt;
    memcpy(o->pct, pct, sizeof pct);
    o->npct = npct;
    o->threads = threads;
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
