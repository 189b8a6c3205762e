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
#include "impact_input.h"
#include "impact_model.h"
#include "impact_report.h"
#include "pause_timeline.h"
#include "render.h"
#include "util.h"

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

/* The GC logs into tl; the warnings that the figures are partial or unknown. */
static int load(struct pause_tl *tl, char **files, int nfiles, enum gc_format forced, struct diag *diag,
                struct intern *strings, struct impact_gc *g, bool main_log, bool quiet)
{
    int rc = impact_gc_read(tl, files, nfiles, forced, diag, strings, g);
    if (rc)
        return rc;
    if (main_log && g->lacks_pauses && !quiet)
        warnx("%s: the log has collections but no pause lines (log with -Xlog:gc,gc+phases or -Xlog:gc*): "
              "the share pushed past the timeout by pauses is unknown", files[0]);
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
    int64_t timeout_ns = cli.timeout_ns, cap_ns = cli.cap_ns;
    const char *svc_arg = cli.svc_arg, *whatif_log = cli.whatif_log;
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
    struct diag diag, svc_diag, diag2;
    diag_init(&diag);
    diag_init(&svc_diag);
    diag_init(&diag2);
    struct impact_svc svc;
    impact_svc_init(&svc);
    struct pause_tl tl, tl2;
    pause_tl_init(&tl, gin.max_pauses, gin.jvm_start_ms);
    pause_tl_init(&tl2, gin.max_pauses, gin.jvm_start_ms);
    struct impact_result res, res2, res_cap;
    memset(&res, 0, sizeof res);
    memset(&res2, 0, sizeof res2);
    memset(&res_cap, 0, sizeof res_cap);
    struct impact_stalls st, st2;
    memset(&st, 0, sizeof st);
    memset(&st2, 0, sizeof st2);
    struct impact_gc g, g2;
    int rc = 0;
    if (svc_arg) {
        int64_t us;
        if (parse_duration_us(svc_arg, 1000, &us))
            impact_svc_constant(&svc, us * 1000);
        else if ((svc_arg[0] == 'P' || svc_arg[0] == 'p') && svc_arg[1] >= '0' && svc_arg[1] <= '9' &&
                 access(svc_arg, F_OK) != 0)
            /* `--service-time P50` read literally: say what is wanted instead of "cannot open P50" */
            die(EXIT_USAGE, "--service-time %s: give the %s as a duration (e.g. 2ms, from gclat lat) "
                            "or an access log whose durations give the distribution", svc_arg, svc_arg);
        else
            rc = impact_svc_from_file(&svc, &ac, svc_arg, &svc_diag);
    }

    if (rc == 0)
        rc = load(&tl, files, nfiles, gin.forced, &diag, &strings, &g, true, co.quiet);
    if (rc == 0)
        impact_compute(&tl, 0, timeout_ns, svc.pts, svc.n, &res);
    if (rc == 0 && whatif_log) {
        char *wf[1] = {(char *)whatif_log};
        rc = load(&tl2, wf, 1, GC_FMT_UNKNOWN, &diag2, &strings, &g2, false, co.quiet);
        if (rc == 0)
            impact_compute(&tl2, 0, timeout_ns, svc.pts, svc.n, &res2);
    }
    if (rc == 0 && cap_ns > 0)
        impact_compute(&tl, cap_ns, timeout_ns, svc.pts, svc.n, &res_cap);

    if (rc == 0) {
        impact_stalls_compute(&tl, timeout_ns, svc.pts, svc.n, &st);
        if (whatif_log)
            impact_stalls_compute(&tl2, timeout_ns, svc.pts, svc.n, &st2);
        struct impact_run run = {&tl, &g, &svc, &res, &res_cap, &res2, &st, &st2, timeout_ns, cap_ns, whatif_log,
                                 cli.rate, cli.rate > 0 ? "--rate" : "none", st.nstalls || st2.nstalls,
                                 co.out == OUT_CSV ? 0 : cli.top, &diag, &svc_diag};
        /* stalls are counts; a share needs the request rate: take the service-time log's
           own when it has timestamps spanning at least a second */
        if (run.any_stalls && run.rate <= 0 && impact_svc_rate(&svc) > 0) {
            run.rate = impact_svc_rate(&svc);
            run.rate_source = "service-time log";
        }
        struct report_node *root = rn_root();
        struct report_node *resp = impact_report(root, &run);
        if (co.out == OUT_TEXT || co.out == OUT_HTML) /* the page leads with the verdict too */
            impact_screen(root);
        common_render(&co, root, resp);
        rn_free(root);
        if (!co.quiet && run.any_stalls && run.rate <= 0)
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
    impact_result_fini(&res);
    impact_result_fini(&res2);
    impact_result_fini(&res_cap);
    pause_tl_fini(&tl);
    pause_tl_fini(&tl2);
    impact_svc_fini(&svc);
    diag_fini(&diag);
    diag_fini(&svc_diag);
    diag_fini(&diag2);
    intern_fini(&strings);
    access_cfg_fini(&ac);
    free(files);
    return rc;
}
