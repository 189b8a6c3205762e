/*
 * cmd/impact.c — `gclat impact`: the share of requests that GC pauses alone
 * push past a timeout, from the GC log's pause timeline (impact_model.h has
 * the model; docs/impact.md the assumptions and the checks). Per hour and
 * overall, the pause clusters responsible, requests lost at a given rate,
 * and what a collector change (--what-if) would buy.
 */
#include "cli.h"
#include "impact_screen.h"
#include "commands.h"
#include "correlate_access.h"
#include "gc_opts.h"
#include "opt.h"
#include "impact_model.h"
#include "pause_timeline.h"
#include "reader.h"
#include "render.h"
#include "sniff.h"
#include "timeparse.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char impact_about[] =
    "Estimate the share of requests that stop-the-world GC pauses alone push past a\n"
    "timeout. A request arriving during a pause waits for the rest of it, and one already\n"
    "running is frozen by it; it misses the timeout T when the world is stopped for more\n"
    "than T minus its service time within T of its arrival (chained pauses included).\n"
    "Arrivals are assumed uniform and independent of GC (model: docs/impact.md).\n"
    "The Qunar case: ParNew 200 ms every 10 s, T = 100 ms -> (200-100)*6/60000 = 1%.\n"
    "Allocation stalls (ZGC) stop one thread: the request it serves waits the stall, so each\n"
    "stall longer than T minus the service time pushes one request past T. They are counted\n"
    "apart (stalls) and added to the pauses' share (impact_all) when the request rate is known\n"
    "(--rate, or the timestamps of a --service-time log). Every figure says which stops it counts.\n";

static const char impact_after[] =
    "The access-log fields are those of a --service-time FILE (as in gclat lat).\n"
    "\n"
    "Examples:\n"
    "  gclat impact --timeout 100ms gc.log\n"
    "  gclat impact --timeout 100ms --rate 30000 --service-time 2ms --what-if max-pause=10ms gc.log\n"
    "  gclat impact --timeout 100ms --service-time access.log -f -2 jdk8-cms.log --what-if jdk17-zgc.log\n"
    "\n"
    "Exit codes: 0 ok, 1 usage, 2 bad input (unknown format, no timestamps; --strict), 3 I/O.\n";

struct impact_cli {
    int64_t timeout_ns, cap_ns;
    double rate;
    const char *svc_arg, *whatif_log;
    size_t top;
};

static void what_if_opt(void *base, const struct opt *o, const char *v)
{
    (void)o;
    struct impact_cli *c = base;
    if (strncmp(v, "max-pause=", 10) == 0)
        c->cap_ns = opt_duration_us("--what-if max-pause", v + 10, 1000, 1) * 1000;
    else
        c->whatif_log = v;
}

#define IC struct impact_cli
static const struct opt impact_opts[] = {
    OPT_DURATION(IC, timeout_ns, OPT_STORE_NS, "timeout", 0, "DUR", 1000, 1,
                 "the callers' timeout (required; bare numbers are ms)"),
    OPT_NUM(IC, rate, "rate", 0, "QPS", 0, 1e9,
            "requests per second: adds expected requests lost, and turns stall\n"
            "misses into a share (default: from a timestamped --service-time log\n"
            "when the GC logs have stalls)"),
    OPT_STR(IC, svc_arg, "service-time", 0, "DUR|FILE",
            "service time without GC: a constant (e.g. your P50, 2ms) or\n"
            "an access log whose durations give the distribution (default 0)"),
    OPT_CALL("what-if", 0, "max-pause=DUR|GCLOG", what_if_opt,
             "max-pause=DUR: also compute with every pause capped at DUR (a\n"
             "collector with short pauses, e.g. max-pause=1ms for ZGC); stalls stay\n"
             "as logged. GCLOG: also compute for another GC log (e.g. after a\n"
             "collector change), its stalls included: with stalls on either side\n"
             "every row counts pauses and stalls, and the change is left empty\n"
             "without a request rate"),
    OPT_INT(IC, top, "top", 0, "N", 0, 1000000, "pause clusters listed as responsible (default 10; 0 = all)"),
    OPT_END,
};
#undef IC
static const struct opt_group impact_group = {"Options", impact_opts};

static const struct opt_note impact_notes[] = {
    {"csv", "the responsible pause clusters as CSV"},
    {"html", "one HTML page: key figures first, then the tables (docs/html.md)"},
    {"strict", "exit 2 if any GC-log line was not understood"},
    {NULL, NULL},
};

const struct opt_cmd cmd_impact_opts = {
    .name = "impact",
    .usage = "usage: gclat impact [OPTIONS] --timeout DUR GCLOG...\n",
    .about = impact_about,
    .groups = {&impact_group, &gc_input_group, &access_field_group, &access_join_group, &opt_common_group},
    .after = impact_after,
    .notes = impact_notes,
};

#define MS 1000000LL
#define SVC_MAX_POINTS 512

struct svc {
    struct svc_point *pts;
    size_t n;
    const char *source;   /* "none", "constant", or the file name */
    int64_t p50_ns, p99_ns;
    double mean_ns;
    uint64_t requests;
    int64_t first_ms, last_ms; /* request timestamps, when the log has them (-1 otherwise) */
};

/* Service-time distribution from an access log: up to SVC_MAX_POINTS points. */
static int svc_from_file(struct svc *s, struct access_cfg *ac, const char *path, struct diag *diag)
{
    char *paths[1] = {(char *)path};
    if (sniff_inputs(SNIFF_ACCESS, &ac->lat, paths, 1, 0))
        return EXIT_BADINPUT;
    struct reader r;
    if (reader_open(&r, path) != 0) {
        warnx("cannot open %s: %s", path, strerror(errno));
        return EXIT_IO;
    }
    reader_set_diag(&r, diag);
    struct hist h;
    hist_init(&h, 3);
    const char *line;
    size_t len;
    int rc;
    while ((rc = reader_next(&r, &line, &len)) == 1) {
        if (len == 0)
            continue;
        diag->lines_read++;
        struct access_req q;
        const char *why = NULL;
        int k = access_parse(ac, line, len, &q, &why);
        if (k < 0) {
            diag_add(diag, why, r.name, r.lineno, line, len);
        } else if (k > 0) {
            hist_record(&h, q.dur_ns);
            /* timestamps are optional here; when present they give the request rate */
            int64_t t_ms;
            int32_t tz;
            if (lat_time(&ac->lat, line, len, &t_ms, &tz)) {
                if (s->first_ms < 0 || t_ms < s->first_ms)
                    s->first_ms = t_ms;
                if (t_ms > s->last_ms)
                    s->last_ms = t_ms;
            }
        }
    }
    if (rc < 0) {
        warnx("%s: %s", path, reader_strerror(&r));
        reader_close(&r);
        hist_fini(&h);
        return EXIT_IO;
    }
    reader_close(&r);
    if (h.total == 0) {
        hist_fini(&h);
        warnx("%s: no request durations found (check -f/--log-format/--unit)", path);
        return EXIT_BADINPUT;
    }
    s->requests = h.total;
    s->p50_ns = hist_percentile(&h, 50);
    s->p99_ns = hist_percentile(&h, 99);
    s->mean_ns = hist_mean(&h);
    /* Few distinct values: use them exactly; else equal-weight quantiles. */
    struct hist_iter it;
    size_t distinct = 0;
    hist_iter_init(&it, &h);
    while (hist_iter_next(&it))
        distinct++;
    hist_iter_fini(&it);
    if (distinct <= SVC_MAX_POINTS) {
        s->pts = xmalloc(distinct * sizeof *s->pts);
        hist_iter_init(&it, &h);
        while (hist_iter_next(&it)) {
            s->pts[s->n].s_ns = it.value;
            s->pts[s->n].w = (double)it.count / (double)h.total;
            s->n++;
        }
        hist_iter_fini(&it);
    } else {
        s->pts = xmalloc(SVC_MAX_POINTS * sizeof *s->pts);
        for (size_t j = 0; j < SVC_MAX_POINTS; j++) {
            s->pts[j].s_ns = hist_percentile(&h, 100.0 * ((double)j + 0.5) / SVC_MAX_POINTS);
            s->pts[j].w = 1.0 / SVC_MAX_POINTS;
        }
        s->n = SVC_MAX_POINTS;
    }
    hist_fini(&h);
    s->source = path;
    return 0;
}

static void moment(const struct pause_tl *tl, int64_t t_ns, char *buf, size_t n)
{
    if (tl->clock == TL_CLOCK_WALL)
        format_iso8601(t_ns / MS, tl->tz_min, buf, n);
    else
        snprintf(buf, n, "uptime %.3fs", (double)t_ns / 1e9);
}

static double ms(double ns)
{
    return ns / 1e6;
}

static int cmp_cluster(const void *a, const void *b)
{
    const struct impact_cluster *x = a, *y = b;
    if (x->window_ns != y->window_ns)
        return x->window_ns < y->window_ns ? 1 : -1;
    return x->start_ns < y->start_ns ? -1 : x->start_ns > y->start_ns;
}

static void stops(struct report_node *o, bool pauses, bool stalls)
{
    pause_tl_stops_report(o, pauses, stalls, "pauses and allocation stalls");
}

/* Set by load(): the main log's collector pauses but the log has no pause
   lines (ZGC or Shenandoah at -Xlog:gc): the pause figures are unknown, not 0. */
static bool log_lacks_pauses;

static void summary(struct report_node *o, const struct pause_tl *tl, const struct impact_result *r,
                    double rate)
{
    stops(o, true, false);
    if (log_lacks_pauses)
        rn_title(rn_null(o, "share_pct"), "Requests pushed past the timeout by GC (the log has no pause lines)");
    else
        rn_title(rn_num(o, "share_pct", r->share * 100, 4), "Requests pushed past the timeout by GC");
    rn_unit(o->last, "%");
    rn_title(rn_num(o, "share_arrivals_only_pct", r->share_naive * 100, 4),
             "  of which arriving during a pause (sum of max(0, P-(T-s)))");
    rn_unit(o->last, "%");
    if (rate > 0) {
        rn_title(rn_num(o, "requests_lost", r->share * rate * (double)r->span_ns / 1e9, 1),
                 "Requests lost over the span");
        rn_title(rn_num(o, "requests_lost_per_day", r->share * rate * 86400.0, 1), "Requests lost per day");
    }
    rn_title(rn_num(o, "miss_window_ms", ms(r->window_ns), 3), "Arrival time that misses (sum of windows)");
    rn_unit(o->last, "ms");
    rn_title(rn_num(o, "span_s", (double)r->span_ns / 1e9, 3), "Span observed (first to last GC event)");
    rn_unit(o->last, "s");
    rn_title(rn_int(o, "pauses", (int64_t)r->npauses), "Pauses");
    rn_title(rn_num(o, "stopped_ms", ms((double)r->paused_ns), 3), "Stopped time");
    rn_unit(o->last, "ms");
    rn_title(rn_num(o, "stopped_pct", 100.0 * (double)r->paused_ns / (double)r->span_ns, 4),
             "Stopped share of time");
    rn_unit(o->last, "%");
    int64_t longest = 0;
    for (size_t i = 0; i < tl->n; i++) {
        int64_t d = tl->v[i].dur_ns;
        if (r->cap_ns > 0 && d > r->cap_ns)
            d = r->cap_ns;
        if (d > longest)
            longest = d;
    }
    rn_title(rn_num(o, "longest_pause_ms", ms((double)longest), 3), "Longest pause");
    rn_unit(o->last, "ms");
    rn_title(rn_int(o, "overlapping_pauses", (int64_t)r->overlaps), "Pauses overlapping another (merged)");
    rn_title(rn_int(o, "chains", (int64_t)r->nchains), "Chains (pauses closer than the timeout)");
    rn_title(rn_int(o, "clusters_over", (int64_t)r->ncl), "Pause clusters causing misses");
}

struct hour_row {
    int64_t key_ms;   /* local ms at the hour start */
    int64_t pauses, stopped_ns, max_ns;
    double window_ns;
    double stall_misses;
};

static void by_hour(struct report_node *root, const struct pause_tl *tl, const struct impact_result *r,
                    double rate, const struct svc *svc)
{
    const int64_t H = 3600000;
    int64_t off_ms = pause_tl_local_ms(tl, 0); /* local = t/1e6 + off */
    int64_t first = pause_tl_local_ms(tl, r->span_first_ns), last = pause_tl_local_ms(tl, r->span_last_ns);
    int64_t h0 = first - ((first % H) + H) % H;
    int64_t nh = (last - h0) / H + 1;
    bool all_hours = nh <= 744; /* a month: list every hour, else only hours with pauses */
    size_t cap = all_hours ? (size_t)nh : 0, n = 0;
    struct hour_row *rows = NULL;
    if (all_hours) {
        rows = xcalloc(cap ? cap : 1, sizeof *rows);
        for (int64_t k = 0; k < nh; k++)
            rows[k].key_ms = h0 + k * H;
        n = (size_t)nh;
    }
    /* pauses per hour */
    for (size_t i = 0; i < tl->n; i++) {
        int64_t loc = pause_tl_local_ms(tl, tl->v[i].start_ns);
        int64_t key = loc - ((loc % H) + H) % H;
        size_t k;
        if (all_hours) {
            int64_t idx = (key - h0) / H;
            if (idx < 0 || idx >= nh)
                continue;
            k = (size_t)idx;
        } else {
            if (!n || rows[n - 1].key_ms != key) {
                xgrow((void **)&rows, &cap, n + 1, sizeof *rows);
                memset(&rows[n], 0, sizeof *rows);
                rows[n].key_ms = key;
                n++;
            }
            k = n - 1;
        }
        int64_t d = tl->v[i].dur_ns;
        if (r->cap_ns > 0 && d > r->cap_ns)
            d = r->cap_ns;
        rows[k].pauses++;
        rows[k].stopped_ns += d;
        if (d > rows[k].max_ns)
            rows[k].max_ns = d;
    }
    /* stall misses, attributed to the hour the stall starts in */
    for (size_t i = 0; i < tl->nst; i++) {
        int64_t loc = pause_tl_local_ms(tl, tl->st[i].start_ns);
        int64_t key = loc - ((loc % H) + H) % H;
        for (size_t k = 0; k < n; k++)
            if (rows[k].key_ms == key) {
                rows[k].stall_misses += impact_stall_misses(tl->st[i].dur_ns, r->timeout_ns, svc->pts, svc->n);
                break;
            }
    }
    /* miss windows, attributed to the hour their cluster starts in */
    for (size_t c = 0; c < r->ncl; c++) {
        int64_t loc = pause_tl_local_ms(tl, r->cl[c].start_ns);
        int64_t key = loc - ((loc % H) + H) % H;
        for (size_t k = 0; k < n; k++)
            if (rows[k].key_ms == key) {
                rows[k].window_ns += r->cl[c].window_ns;
                break;
            }
    }
    struct report_node *arr = rn_flags(rn_title(rn_arr(root, "by_hour"), "Per hour"), RF_TABLE);
    for (size_t k = 0; k < n; k++) {
        int64_t hs = (rows[k].key_ms - off_ms) * MS, he = hs + H * MS;
        if (hs < r->span_first_ns)
            hs = r->span_first_ns;
        if (he > r->span_last_ns)
            he = r->span_last_ns;
        double span = he > hs ? (double)(he - hs) : 0;
        struct report_node *o = rn_obj(arr, NULL);
        char buf[48];
        if (tl->clock == TL_CLOCK_WALL) {
            format_local_time(rows[k].key_ms, 0, buf, sizeof buf);
            buf[16] = 0; /* YYYY-MM-DD HH:MM */
        } else {
            snprintf(buf, sizeof buf, "+%lldh", (long long)(rows[k].key_ms / H));
        }
        rn_str(o, "hour", buf);
        rn_num(o, "span_s", span / 1e9, 1);
        rn_int(o, "pauses", rows[k].pauses);
        rn_num(o, "stopped_ms", ms((double)rows[k].stopped_ns), 1);
        rn_num(o, "max_pause_ms", ms((double)rows[k].max_ns), 1);
        rn_num(o, "share_pct", span > 0 ? 100.0 * rows[k].window_ns / span : 0, 4);
        if (rate > 0)
            rn_num(o, "requests_lost", rows[k].window_ns / 1e9 * rate, 1);
        if (tl->nst)
            rn_num(o, "stall_misses", rows[k].stall_misses, 1);
    }
    free(rows);
}

static void responsible(struct report_node *arr, const struct pause_tl *tl, struct impact_result *r,
                        size_t top)
{
    qsort(r->cl, r->ncl, sizeof *r->cl, cmp_cluster);
    size_t n = top && top < r->ncl ? top : r->ncl;
    for (size_t i = 0; i < n; i++) {
        const struct impact_cluster *c = &r->cl[i];
        struct report_node *o = rn_obj(arr, NULL);
        char buf[64];
        moment(tl, c->start_ns, buf, sizeof buf);
        rn_str(o, "time", buf);
        rn_int(o, "pauses", (int64_t)c->npauses);
        rn_num(o, "stopped_ms", ms((double)c->paused_ns), 3);
        rn_num(o, "longest_ms", ms((double)c->longest_ns), 3);
        const struct pause *p = &tl->v[c->longest];
        rn_str(o, "longest_name", p->name ? p->name : gc_kind_name((enum gc_kind)p->kind));
        rn_num(o, "miss_window_ms", ms(c->window_ns), 3);
        rn_num(o, "contribution_pct", r->window_ns > 0 ? 100.0 * c->window_ns / r->window_ns : 0, 2);
    }
}

static int load(struct pause_tl *tl, char **files, int nfiles, enum gc_format forced, struct diag *diag,
                struct intern *strings, struct report_node *inputs, bool quiet)
{
    struct gc_read_result res;
    uint64_t events = 0;
    enum gc_collector coll = GC_COLL_UNKNOWN;
    int rc = pause_tl_read(tl, files, nfiles, forced, diag, strings, &res, &events, &coll);
    if (rc)
        return rc;
    bool concurrent = coll == GC_COLL_ZGC || coll == GC_COLL_ZGC_GEN || coll == GC_COLL_SHENANDOAH ||
                      coll == GC_COLL_SHENANDOAH_GEN;
    if (inputs) {
        log_lacks_pauses = concurrent && tl->n == 0 && events > 0;
        if (log_lacks_pauses && !quiet)
            warnx("%s: the log has collections but no pause lines (log with -Xlog:gc,gc+phases or -Xlog:gc*): "
                  "the share pushed past the timeout by pauses is unknown", files[0]);
        rn_int(inputs, "files", res.files);
        rn_int(inputs, "lines", (int64_t)res.lines);
        rn_str(inputs, "format", res.mixed_formats ? "mixed" : gc_format_name(res.format));
        rn_str(inputs, "collector", gc_collector_name(coll));
        rn_int(inputs, "events", (int64_t)events);
        rn_str(inputs, "clock", tl_clock_name(tl->clock));
        rn_title(rn_int(inputs, "pauses_without_time", (int64_t)tl->no_time), "pauses without timestamp (left out)");
        rn_title(rn_int(inputs, "pauses_dropped", (int64_t)tl->dropped), "pauses beyond --max-pauses (left out)");
    }
    if (tl->dropped && !quiet)
        warnx("%llu pause(s) beyond --max-pauses %zu were left out; the span stops at the last kept one",
              (unsigned long long)tl->dropped, tl->max);
    if (tl->stalls_dropped && !quiet)
        warnx("%llu stall(s) beyond --max-pauses %zu were left out", (unsigned long long)tl->stalls_dropped, tl->max);
    if (pause_tl_span_ns(tl) <= 0) {
        warnx("%s: no timestamped GC events: nothing to estimate%s", files[0],
              tl->no_time ? " (pauses carry no timestamps)" : "");
        return EXIT_BADINPUT;
    }
    return 0;
}

int cmd_impact(int argc, char **argv)
{
    struct common_opts co;
    common_opts_init(&co);
    struct access_cfg ac;
    access_cfg_init(&ac);
    ac.need_time = false;
    struct gc_input gin;
    gc_input_init(&gin);
    struct impact_cli cli = {.timeout_ns = -1, .top = 10};
    struct opt_args pos;
    if (opt_parse(&cmd_impact_opts, (void *[]){&cli, &gin, &ac, &ac, &co}, argc, argv, &pos)) {
        free(pos.v);
        access_cfg_fini(&ac);
        return EXIT_OK;
    }
    char **files = pos.v;
    int nfiles = pos.n;
    int64_t timeout_ns = cli.timeout_ns, cap_ns = cli.cap_ns, jvm_start_ms = gin.jvm_start_ms;
    double rate = cli.rate;
    const char *svc_arg = cli.svc_arg, *whatif_log = cli.whatif_log;
    size_t top = cli.top, max_pauses = gin.max_pauses;
    enum gc_format forced = gin.forced;
    if (timeout_ns < 0)
        die(EXIT_USAGE, "--timeout is required (e.g. --timeout 100ms; see --help)");
    if (nfiles == 0) {
        if (isatty(0))
            die(EXIT_USAGE, "no GC log given (GCLOG... or '-' for standard input; see --help)");
        files[nfiles++] = "-";
    }
    access_cfg_finish(&ac);
    common_opts_finish(&co);

    struct intern strings;
    intern_init(&strings);
    struct diag diag, svc_diag;
    diag_init(&diag);
    diag_init(&svc_diag);
    struct svc svc = {NULL, 0, "none", 0, 0, 0, 0, -1, -1};
    int rc = 0;
    if (svc_arg) {
        int64_t us;
        if (parse_duration_us(svc_arg, 1000, &us)) {
            svc.pts = xmalloc(sizeof *svc.pts);
            svc.pts[0].s_ns = us * 1000;
            svc.pts[0].w = 1;
            svc.n = 1;
            svc.source = "constant";
            svc.p50_ns = svc.p99_ns = us * 1000;
            svc.mean_ns = (double)us * 1000;
        } else if ((svc_arg[0] == 'P' || svc_arg[0] == 'p') && svc_arg[1] >= '0' && svc_arg[1] <= '9' &&
                   access(svc_arg, F_OK) != 0) {
            /* `--service-time P50` read literally: say what is wanted instead of "cannot open P50" */
            die(EXIT_USAGE, "--service-time %s: give the %s as a duration (e.g. 2ms, from gclat lat) "
                            "or an access log whose durations give the distribution", svc_arg, svc_arg);
        } else if ((rc = svc_from_file(&svc, &ac, svc_arg, &svc_diag)) != 0) {
            goto out;
        }
    }

    struct report_node *root = rn_root();
    struct report_node *inputs = rn_title(rn_obj(root, "inputs"), "Input");
    struct pause_tl tl;
    pause_tl_init(&tl, max_pauses, jvm_start_ms);
    rc = load(&tl, files, nfiles, forced, &diag, &strings, inputs, co.quiet);
    struct impact_result res;
    memset(&res, 0, sizeof res);
    if (rc == 0)
        impact_compute(&tl, 0, timeout_ns, svc.pts, svc.n, &res);

    struct pause_tl tl2;
    pause_tl_init(&tl2, max_pauses, jvm_start_ms);
    struct impact_result res2, res_cap;
    memset(&res2, 0, sizeof res2);
    memset(&res_cap, 0, sizeof res_cap);
    struct diag diag2;
    diag_init(&diag2);
    if (rc == 0 && whatif_log) {
        char *wf[1] = {(char *)whatif_log};
        rc = load(&tl2, wf, 1, GC_FMT_UNKNOWN, &diag2, &strings, NULL, co.quiet);
        if (rc == 0)
            impact_compute(&tl2, 0, timeout_ns, svc.pts, svc.n, &res2);
    }
    if (rc == 0 && cap_ns > 0)
        impact_compute(&tl, cap_ns, timeout_ns, svc.pts, svc.n, &res_cap);

    struct impact_stalls st, st2;
    memset(&st, 0, sizeof st);
    memset(&st2, 0, sizeof st2);
    bool any_stalls = false;
    const char *rate_source = rate > 0 ? "--rate" : "none";
    if (rc == 0) {
        impact_stalls_compute(&tl, timeout_ns, svc.pts, svc.n, &st);
        if (whatif_log)
            impact_stalls_compute(&tl2, timeout_ns, svc.pts, svc.n, &st2);
        any_stalls = st.nstalls || st2.nstalls;
        /* stalls are counts; a share needs the request rate: take the service-time log's
           own when it has timestamps spanning at least a second */
        if (any_stalls && rate <= 0 && svc.requests > 1 && svc.first_ms >= 0 && svc.last_ms - svc.first_ms >= 1000) {
            rate = (double)svc.requests / ((double)(svc.last_ms - svc.first_ms) / 1e3);
            rate_source = "service-time log";
        }
    }

    if (rc == 0) {
        /* the report: model inputs, result, hours, culprits, what-ifs */
        struct report_node *m = rn_title(rn_obj(root, "model"), "Model");
        rn_title(rn_num(m, "timeout_ms", ms((double)timeout_ns), 3), "Timeout T");
        rn_unit(m->last, "ms");
        rn_title(rn_str(m, "service_time", svc.source), "Service time source");
        rn_title(rn_num(m, "service_p50_ms", ms((double)svc.p50_ns), 3), "Service time P50");
        rn_unit(m->last, "ms");
        if (svc.requests) {
            rn_title(rn_num(m, "service_p99_ms", ms((double)svc.p99_ns), 3), "Service time P99");
            rn_unit(m->last, "ms");
            rn_title(rn_int(m, "service_requests", (int64_t)svc.requests), "Requests in the service-time log");
            rn_title(rn_int(m, "service_points", (int64_t)svc.n), "Distribution points used");
        }
        rn_title(rn_num(m, "over_timeout_anyway_pct", res.over_anyway * 100, 4),
                 "Requests over T without any GC (not counted)");
        rn_unit(m->last, "%");
        if (rate > 0)
            rn_title(rn_num(m, "rate_qps", rate, 1), "Request rate");
        if (rate > 0 && any_stalls)
            rn_title(rn_str(m, "rate_source", rate_source), "Request rate from");

        struct report_node *s = rn_title(rn_obj(root, "impact"), "Impact of GC pauses");
        summary(s, &tl, &res, rate);

        double span_s = (double)res.span_ns / 1e9;
        if (st.nstalls) {
            struct report_node *so = rn_title(rn_obj(root, "stalls"), "Impact of allocation stalls (one thread each)");
            stops(so, false, true);
            rn_title(rn_int(so, "stalls", (int64_t)st.nstalls), "Stalls (allocation and relocation)");
            rn_unit(rn_title(rn_num(so, "stalled_ms", ms((double)st.stalled_ns), 3), "Stalled time (all threads)"), "ms");
            rn_unit(rn_title(rn_num(so, "longest_stall_ms", ms((double)st.longest_ns), 3), "Longest stall"), "ms");
            rn_title(rn_int(so, "stalls_over_timeout", (int64_t)st.over_timeout), "Stalls longer than T");
            rn_title(rn_num(so, "requests_pushed", st.misses, 1),
                     "Requests pushed past the timeout by stalls (one per stall longer than T - s)");
            rn_title(rn_num(so, "requests_pushed_per_day", span_s > 0 ? st.misses / span_s * 86400.0 : 0, 1),
                     "... per day");
            if (rate > 0) {
                rn_unit(rn_title(rn_num(so, "share_pct", span_s > 0 ? 100.0 * st.misses / (rate * span_s) : 0, 4),
                                 "Share of requests"),
                        "%");
                struct report_node *all = rn_title(rn_obj(root, "impact_all"), "Impact of every stop");
                stops(all, true, true);
                double share_all = res.share + (span_s > 0 ? st.misses / (rate * span_s) : 0);
                rn_unit(rn_title(rn_num(all, "share_pct", share_all * 100, 4),
                                 "Requests pushed past the timeout by pauses or stalls"),
                        "%");
                rn_title(rn_num(all, "requests_lost_per_day", share_all * rate * 86400.0, 1), "Requests lost per day");
            }
        }

        by_hour(root, &tl, &res, rate, &svc);

        if (cap_ns > 0 || whatif_log) {
            struct report_node *w = rn_flags(rn_title(rn_arr(root, "what_if"), "What if"), RF_TABLE);
            struct {
                struct impact_result *r;
                const struct impact_stalls *st;
                char *label;
            } sc[3] = {{&res, &st, xstrdup("as logged")}, {NULL, NULL, NULL}, {NULL, NULL, NULL}};
            int nsc = 1;
            if (cap_ns > 0) {
                /* the cap shortens pauses; stalls stay as logged */
                sc[nsc].label = xasprintf("max-pause=%gms", ms((double)cap_ns));
                sc[nsc].st = &st;
                sc[nsc++].r = &res_cap;
            }
            if (whatif_log) {
                sc[nsc].label = xstrdup(whatif_log);
                sc[nsc].st = &st2;
                sc[nsc++].r = &res2;
            }
            /* like with like: with stalls in any scenario every row counts pauses and stalls,
               which add up only as shares of the request rate */
            double total[3];
            for (int k = 0; k < nsc; k++) {
                double sp = sc[k].r->span_ns > 0 ? (double)sc[k].r->span_ns / 1e9 : 0;
                total[k] = sc[k].r->share + (any_stalls && rate > 0 && sp > 0 ? sc[k].st->misses / (rate * sp) : 0);
            }
            for (int k = 0; k < nsc; k++) {
                struct impact_result *x = sc[k].r;
                struct report_node *o = rn_obj(w, NULL);
                rn_str(o, "scenario", sc[k].label);
                struct report_node *sa = rn_arr(o, "stops_included");
                rn_str(sa, NULL, "pauses");
                if (any_stalls)
                    rn_str(sa, NULL, "stalls");
                rn_num(o, "share_pct", x->share * 100, 4);
                if (any_stalls) {
                    rn_num(o, "stall_misses", sc[k].st->misses, 1);
                    if (rate > 0)
                        rn_num(o, "total_share_pct", total[k] * 100, 4);
                }
                if (any_stalls && rate <= 0)
                    rn_null(o, "change_pct"); /* pauses alone would not compare like with like */
                else
                    rn_num(o, "change_pct", k == 0 ? 0 : total[0] > 0 ? 100.0 * (total[k] - total[0]) / total[0] : 0, 1);
                rn_int(o, "pauses", (int64_t)x->npauses);
                rn_num(o, "stopped_pct", x->span_ns > 0 ? 100.0 * (double)x->paused_ns / (double)x->span_ns : 0, 4);
                if (rate > 0)
                    rn_num(o, "lost_per_day", total[k] * rate * 86400, 1);
                free(sc[k].label);
            }
        }

        struct report_node *resp = rn_flags(rn_title(rn_arr(root, "responsible"),
                                                     "Pauses responsible (largest miss window first)"),
                                            RF_TABLE);
        responsible(resp, &tl, &res, co.out == OUT_CSV ? 0 : top);
        diag_report(&diag, root, "unparsed_lines");
        if (svc_diag.total)
        {
            diag_report(&svc_diag, root, "service_time_unparsed_lines");
            rn_title(rn_get(root, "service_time_unparsed_lines"), "Unparsed service-time lines");
        }

        if (co.out == OUT_TEXT || co.out == OUT_HTML) /* the page leads with the verdict too */
            impact_screen(root);
        common_render(&co, root, resp);
        if (!co.quiet && any_stalls && rate <= 0)
            warnx("allocation stalls push about %.1f request(s) past the timeout%s; share_pct counts pauses "
                  "only: give --rate QPS (or a --service-time log with timestamps) to add them up%s",
                  st.misses + st2.misses, whatif_log ? " (both logs)" : "",
                  cap_ns > 0 || whatif_log ? " and to compare the what-if like with like" : "");
        /* both inputs get their warning: no short-circuit */
        bool warned_gc = !co.strict && common_diag_warn(&diag, diag.lines_read);
        bool warned_svc = !co.strict && common_diag_warn(&svc_diag, svc_diag.lines_read);
        bool mostly = warned_gc || warned_svc;
        if (!mostly && !co.quiet && diag.total && co.out == OUT_TEXT && !co.strict)
            warnx("%llu GC-log line(s) not understood (listed under 'Unparsed lines'; --strict makes this an error)",
                  (unsigned long long)diag.total);
        if (co.strict && diag.total) {
            diag_print_stderr(&diag);
            rc = EXIT_BADINPUT;
        }
    }
    rn_free(root);
    impact_result_fini(&res);
    impact_result_fini(&res2);
    impact_result_fini(&res_cap);
    pause_tl_fini(&tl);
    pause_tl_fini(&tl2);
    diag_fini(&diag2);
out:
    free(svc.pts);
    diag_fini(&diag);
    diag_fini(&svc_diag);
    intern_fini(&strings);
    access_cfg_fini(&ac);
    free(files);
    return rc;
}
