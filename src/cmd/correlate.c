/*
 * cmd/correlate.c — `gclat correlate`: join access-log requests with the GC
 * log's stops. The driver: options, the pause/stall timeline, the access
 * logs streamed into the join (correlate_join.h has the overlap rule and the
 * figures), the clock offset (given, or searched by correlate_offset.h; when
 * given, the same search checks it), the alignment warnings, the report.
 * --offset auto reads the access logs twice.
 */
#include "cli.h"
#include "commands.h"
#include "correlate_access.h"
#include "correlate_join.h"
#include "correlate_offset.h"
#include "correlate_report.h"
#include "correlate_slow.h"
#include "gc_opts.h"
#include "opt.h"
#include "pause_timeline.h"
#include "render.h"
#include "sniff.h"
#include "timeparse.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char correlate_about[] =
    "Join access-log requests with the GC log's stops: which requests met a stop-the-world\n"
    "pause (whatever its length: a 0.05 ms ZGC pause inside a request counts), which met an\n"
    "allocation stall of their own thread (with --thread-field; without it, a bounded\n"
    "estimate), their latency percentiles against the others, the share of slow requests\n"
    "(over the P99, or over --timeout) that met a stop, the worst minutes, and whether the\n"
    "two logs' clocks and time ranges agree. Every figure says which stops it counts. The GC\n"
    "log needs wall-clock times (JDK 8: -XX:+PrintGCDateStamps; JDK 9+: the time or utctime\n"
    "decorator, e.g. -Xlog:gc*:file=gc.log:time,uptime,level,tags) or --jvm-start for\n"
    "uptime-only logs. Method and caveats: docs/correlate.md.\n";

static const char correlate_after[] =
    "Examples:\n"
    "  gclat correlate --gc gc.log --access access.log -f 2 --unit ms\n"
    "  gclat correlate --gc gc.log --access access.log -f 2 --thread-field 5   # ZGC stalls per thread\n"
    "  gclat correlate --gc gc.log.* --access access.log.gz --log-format nginx --offset auto\n"
    "  gclat correlate --gc gc.log --access app.log --timeout 100ms --json\n"
    "\n"
    "Exit codes: 0 ok, 1 usage, 2 bad input (no wall-clock times, no requests; --strict), 3 I/O.\n";

struct correlate_cli {
    const char **gcf, **acf;
    size_t ngc, nac;
    int64_t offset_ns, range_ns, resolution_ns, timeout_ns;
    bool auto_off;
    size_t top;
};

static void offset_opt(void *base, const struct opt *o, const char *v)
{
    struct correlate_cli *c = base;
    if (strcmp(v, "auto") == 0) {
        c->auto_off = true;
        return;
    }
    int sign = 1;
    const char *p = v;
    if (*p == '+' || *p == '-') {
        sign = *p == '-' ? -1 : 1;
        p++;
    }
    int64_t us;
    if (!parse_duration_us(p, 1000, &us))
        opt_bad(o, v, "auto, or a duration with an optional sign: 0, +250ms, -1.5s");
    c->offset_ns = sign * us * 1000;
    c->auto_off = false;
}

static void resolution_opt(void *base, const struct opt *o, const char *v)
{
    (void)o;
    struct correlate_cli *c = base;
    c->resolution_ns = strcmp(v, "auto") == 0 ? -1 : opt_duration_us("--resolution", v, 1000, 0) * 1000;
}

#define CC struct correlate_cli
static const struct opt correlate_opts[] = {
    OPT_FILES(CC, gcf, ngc, "gc", 0, "GCLOG...", "GC logs (every following argument up to the next option)"),
    OPT_FILES(CC, acf, nac, "access", 0, "LOG...", "access logs ('-' for standard input, .gz transparently)"),
    OPT_CALL("offset", 0, "auto|DUR", offset_opt,
             "access-log clock + offset = GC-log clock (default 0; e.g. +250ms,\n"
             "-1.5s). auto: the offset at which the most slow requests contain\n"
             "whole pauses, within --offset-range (reads the access logs twice);\n"
             "a given offset is checked the same way and a better one is warned"),
    OPT_DURATION(CC, range_ns, OPT_STORE_NS, "offset-range", 0, "DUR", 1000, 1,
                 "search range of --offset auto and of the check (default 5s)"),
    OPT_DURATION(CC, timeout_ns, OPT_STORE_NS, "timeout", 0, "DUR", 1000, 1,
                 "slow = over DUR (default: over the P99 of all requests)"),
    OPT_CALL("resolution", 0, "DUR|auto", resolution_opt,
             "the timestamps' resolution q: a stop that overlaps a request by\n"
             "q or less counts only when it lies inside the request's window (to\n"
             "within q). auto (default): 1 s when the access log's first 1000\n"
             "timestamps are whole seconds, else 1 ms (GC logs write ms)"),
    OPT_INT(CC, top, "top", 0, "N", 0, 1000000, "worst minutes and stalled threads listed (default 10; 0 = all)"),
    OPT_END,
};
#undef CC
static const struct opt_group correlate_group = {"Options", correlate_opts};

static const struct opt_note correlate_notes[] = {
    {"csv", "the latency comparison table as CSV"},
    {"html", "one HTML page: key figures first, then the tables (docs/html.md)"},
    {NULL, NULL},
};

const struct opt_cmd cmd_correlate_opts = {
    .name = "correlate",
    .usage = "usage: gclat correlate --gc GCLOG... --access LOG... [OPTIONS]\n",
    .about = correlate_about,
    .groups = {&correlate_group, &gc_input_group, &access_field_group, &access_join_group, &opt_common_group},
    .after = correlate_after,
    .notes = correlate_notes,
};

#define MS 1000000LL

static double ms(double ns)
{
    return ns / 1e6;
}

struct main_pass {
    struct cj *join;
    struct correlate_slow *check; /* the offset check, NULL with --offset auto (done before) */
    char first_thread[64];   /* the first request's thread, for the no-match warning */
};

static void main_fn(void *ctx, const struct access_req *q)
{
    struct main_pass *m = ctx;
    cj_add(m->join, q);
    if (m->check)
        correlate_slow_add(m->check, q);
    if (!m->first_thread[0] && q->thread && q->thread_len) {
        size_t n = q->thread_len < sizeof m->first_thread - 1 ? q->thread_len : sizeof m->first_thread - 1;
        memcpy(m->first_thread, q->thread, n);
        m->first_thread[n] = '\0';
    }
}

int cmd_correlate(int argc, char **argv)
{
    struct common_opts co;
    common_opts_init(&co);
    struct access_cfg ac;
    access_cfg_init(&ac);
    struct gc_input gin;
    gc_input_init(&gin);
    struct correlate_cli cli = {.range_ns = 5000 * MS, .resolution_ns = -1, .top = 10};
    if (opt_parse(&cmd_correlate_opts, (void *[]){&cli, &gin, &ac, &ac, &co}, argc, argv, NULL)) {
        free(cli.gcf);
        free(cli.acf);
        access_cfg_fini(&ac);
        return EXIT_OK;
    }
    char **gcf = (char **)cli.gcf, **acf = (char **)cli.acf;
    int ngc = (int)cli.ngc, nac = (int)cli.nac;
    int64_t offset_ns = cli.offset_ns, range_ns = cli.range_ns, resolution_ns = cli.resolution_ns;
    int64_t timeout_ns = cli.timeout_ns, jvm_start_ms = gin.jvm_start_ms;
    bool auto_off = cli.auto_off;
    size_t top = cli.top, max_pauses = gin.max_pauses;
    enum gc_format forced = gin.forced;
    if (ngc == 0 || nac == 0)
        die(EXIT_USAGE, "need --gc GCLOG... and --access LOG... (see --help)");
    if (auto_off) {
        for (int k = 0; k < nac; k++)
            if (strcmp(acf[k], "-") == 0)
                die(EXIT_USAGE, "--offset auto reads the access logs twice: give files, not '-'");
    }
    access_cfg_finish(&ac);
    common_opts_finish(&co);
    if (sniff_inputs(SNIFF_ACCESS, &ac.lat, acf, (size_t)nac, 0))
        exit(EXIT_BADINPUT);
    bool res_auto = resolution_ns < 0;
    if (res_auto)
        resolution_ns = access_detect_resolution_ns(acf[0], &ac);

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
    struct cj join;
    bool join_init = false;
    struct correlate_slow sp;
    correlate_slow_init(&sp);
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
    if (tl.stalls_dropped && !co.quiet)
        warnx("%llu stall(s) beyond --max-pauses were left out", (unsigned long long)tl.stalls_dropped);

    if (auto_off) {
        struct diag d2;
        diag_init(&d2);
        rc = access_scan(acf, nac, &ac, &d2, correlate_slow_add_fn, &sp, &dummy_lines, &dummy_filtered);
        diag_fini(&d2);
        if (rc)
            goto out;
        correlate_slow_offset(&sp, &tl, timeout_ns, 0, range_ns, &est);
        offset_ns = est.offset_ns;
    }

    struct cj_opts jo = {offset_ns, resolution_ns, timeout_ns, access_has_thread(&ac)};
    cj_init(&join, &tl, &jo);
    join_init = true;
    struct main_pass mp = {&join, auto_off ? NULL : &sp, ""};
    rc = access_scan(acf, nac, &ac, &adiag, main_fn, &mp, &alines, &afiltered);
    if (rc)
        goto out;
    if (join.n == 0) {
        warnx("no requests with a timestamp and a duration in the access log(s) (check -f, --unit, "
              "--log-format, --time-field; unparsed lines: %llu)", (unsigned long long)adiag.total);
        if (adiag.total)
            diag_print_stderr(&adiag);
        rc = EXIT_BADINPUT;
        goto out;
    }
    struct offset_est check;
    memset(&check, 0, sizeof check);
    if (!auto_off)
        correlate_slow_offset(&sp, &tl, timeout_ns, offset_ns, range_ns, &check);

    root = rn_root();
    struct correlate_run run = {auto_off, offset_ns, range_ns, resolution_ns, res_auto, ac.ts_is_end != 0,
                                &est, &check, &join, top, &gres, coll, gevents, &tl, nac, alines, afiltered,
                                &gdiag, &adiag};
    adiag.lines_read = alines;
    struct report_node *lt = correlate_report(root, &run);
    common_render(&co, root, lt);

    if (!co.quiet) {
        /* where the two inputs meet: say when they do not line up */
        struct correlate_misfit mf;
        correlate_misfits(&run, &mf);
        char a0[40], a1[40], g0[40], g1[40];
        format_iso8601(join.first_ns / MS, join.tz_min, a0, sizeof a0);
        format_iso8601(join.last_ns / MS, join.tz_min, a1, sizeof a1);
        format_iso8601(tl.span_first_ns / MS, join.tz_min, g0, sizeof g0);
        format_iso8601(tl.span_last_ns / MS, join.tz_min, g1, sizeof g1);
        if (mf.outside_span)
            warnx("the access log (%s to %s) and the GC log (%s to %s) cover different times: %llu of %llu "
                  "requests lie outside the GC log and cannot meet a logged stop; check the files and --offset",
                  a0, a1, g0, g1, (unsigned long long)join.outside_gc_span, (unsigned long long)join.n);
        if (mf.edges_in_pauses)
            warnx("%llu requests start or end inside a pause, which a stopped JVM cannot do: the clocks look "
                  "misaligned (try --offset auto)", (unsigned long long)join.edge_violations);
        if (mf.better_offset)
            warnx("the logs fit better with --offset %+.1fms than with the %+.1fms used (%llu vs %llu slow "
                  "requests contain a whole pause); see docs/correlate.md",
                  ms((double)(offset_ns + check.offset_ns)), ms((double)offset_ns),
                  (unsigned long long)check.support, (unsigned long long)check.support_at_zero);
        if (mf.whole_seconds)
            warnx("the access log's timestamps are whole seconds: a request is placed only within %.0f s, so "
                  "'met a stop' means 'could have'", ms((double)resolution_ns) / 1e3);
        if (mf.no_thread_field)
            warnx("no access-log line has the thread field (--thread-field/--thread-key)");
        else if (mf.threads_unmatched)
            warnx("no request's thread ('%s') is a thread that stalled (e.g. '%s'): check --thread-field",
                  mp.first_thread, join.th[0].name);
    }

    uint64_t bad = gdiag.total + adiag.total;
    /* both inputs get their warning: no short-circuit */
    bool warned_gc = !co.strict && common_diag_warn(&gdiag, gdiag.lines_read);
    bool warned_acc = !co.strict && common_diag_warn(&adiag, alines - afiltered);
    bool mostly = warned_gc || warned_acc;
    if (!mostly && !co.quiet && bad && co.out == OUT_TEXT && !co.strict)
        warnx("%llu line(s) not understood (listed under 'Unparsed lines'; --strict makes this an error)",
              (unsigned long long)bad);
    if (co.strict && bad) {
        diag_print_stderr(&gdiag);
        diag_print_stderr(&adiag);
        rc = EXIT_BADINPUT;
    }
out:
    rn_free(root);
    if (join_init)
        cj_fini(&join);
    correlate_slow_fini(&sp);
    pause_tl_fini(&tl);
    diag_fini(&gdiag);
    diag_fini(&adiag);
    intern_fini(&strings);
    access_cfg_fini(&ac);
    free(gcf);
    free(acf);
    return rc;
}
