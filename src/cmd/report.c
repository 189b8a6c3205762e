/*
 * cmd/report.c — `gclat report`: the HTML page of several inputs and runs
 * (render_html), composed here: key figures per run (from the comparison
 * table), findings, charts (html_charts.h, fed while GC events stream), the
 * full analyses folded, the comparison table last and folded. Inputs are
 * read exactly as `gclat compare` reads them (compare.h). The output
 * depends only on the inputs (no timestamps), so it can be diffed and tested.
 */
#include "cli.h"
#include "commands.h"
#include "compare.h"
#include "opt.h"
#include "html_charts.h"
#include "headline.h"
#include "html_out.h"
#include "render.h"
#include "timeparse.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char report_about[] =
    "Write one self-contained HTML file (inline CSS and SVG; no scripts, fonts or anything\n"
    "fetched from the network; opens from disk) with, in this order:\n"
    "  - the key figures of each run: P99 latency, max pause, time in GC pauses, allocation\n"
    "    stalls, JVM CPU (those its inputs give);\n"
    "  - the findings of each run and input (GC, CPU, jstat, histograms, thread dumps), one\n"
    "    line each, details folded;\n"
    "  - with several runs, overlaid charts: pause percentile spectrum, pause histogram,\n"
    "    latency spectrum, CPU over time;\n"
    "  - per run: GC pause timeline (every pause as a dot, coloured by kind, log scale),\n"
    "    heap before/after GC, pause-duration histogram, allocation rate, pause percentile\n"
    "    spectrum (x = 1/(1-p), labelled 90% 99% 99.9% ...), and with an access log the\n"
    "    latency spectrum and latency over time (GC pauses overlaid when the GC log has\n"
    "    wall-clock times), with top -b output the JVM's CPU over time;\n"
    "  - the full analyses (as 'gclat gc', 'lat', 'cpu', 'jstat', 'histo', 'threads' print\n"
    "    them) folded, and with several runs the comparison table of 'gclat compare'\n"
    "    last, folded, with the metrics' names.\n"
    "Charts aggregate per pixel column while the logs stream (min, max, count per column\n"
    "and series; dots per column and log-spaced cell), so memory and file size do not grow\n"
    "with the number of events. Every string from a log is HTML-escaped.\n"
    "\n"
    "Runs (as for 'gclat compare'):\n"
    "  FILE...               one run; each file's kind is detected (GC log, top -b output,\n"
    "                        jstat output, class histogram, thread dump, otherwise access log)\n"
    "  NAME=F1,F2 ...        several runs, the first is the baseline of the comparison\n"
    "  NAME:KIND=F           KIND gc, access, cpu, jstat, histo or threads: force a file's\n"
    "                        kind (or --KIND SPEC below)\n";

struct report_cli {
    const char *title;
};

static void html_only(void *base, const struct opt *o, const char *v)
{
    (void)base;
    (void)o;
    (void)v;
    die(EXIT_USAGE, "report writes HTML only (use 'gclat compare --json' for data)");
}

static const struct opt report_opts[] = {
    OPT_STR(struct report_cli, title, "title", 0, "TEXT", "page title (default: 'gclat report: ' and the run names)"),
    OPT_CALL("json", 0, NULL, html_only, "refused: report writes HTML only (use 'gclat compare --json' for data)"),
    OPT_CALL("csv", 0, NULL, html_only, "refused, as --json"),
    OPT_END,
};
static const struct opt_group report_group = {"Options", report_opts};

static const struct opt_note report_notes[] = {
    {"output", "the HTML file (default: standard output)"},
    {"quiet", "no warnings"},
    {"html", "the page (the default and only output)"},
    {"text", "accepted, no effect: report writes HTML"},
    {"full", "accepted, no effect: every analysis is in the page, folded"},
    {"explain", "accepted, no effect: findings' details are in the page, folded"},
    {"strict", "accepted, no effect (as before); the single commands check it"},
    {"lat-arg", "pass ARG to 'gclat lat' for access logs (repeatable), e.g.\n"
                "--lat-arg=-f --lat-arg=-2 for the latency in $(NF-1); a file, an\n"
                "output option, --by, --interval or --out-unit exits 1"},
    {"pid", "the JVM of run NAME's top capture (as in 'gclat compare': by default\n"
            "the pid the GC log names, else the only JVM; several is an error)"},
    {NULL, NULL},
};

const struct opt_cmd cmd_report_opts = {
    .name = "report",
    .usage = "usage: gclat report [OPTIONS] -o report.html FILE...\n"
             "       gclat report [OPTIONS] -o report.html NAME=FILES NAME=FILES...\n",
    .about = report_about,
    .groups = {&compare_input_group, &report_group, &opt_common_group},
    .after = "Examples:\n"
             "  gclat report -o gc.html gc.log\n"
             "  gclat report -o run.html gc.log access.log top.txt --lat-arg=-f --lat-arg=-2\n"
             "  gclat report -o migration.html jdk8-cms=gc8.log,access8.log jdk17-zgc=gc17.log,access17.log\n"
             "\n"
             "Exit codes: 0 ok, 1 usage, 2 bad input (also: an input that fails, a JVM that cannot be\n"
             "chosen), 3 I/O error. An input that fails makes report exit with its code.\n",
    .notes = report_notes,
    .positional = compare_in_positional,
};

/* What the charts already show, and what came only to feed them, is not repeated in the details. */
static void hide(struct report_node *tree, const char *key)
{
    struct report_node *n = tree ? rn_get(tree, key) : NULL;
    if (n)
        rn_flags(n, RF_NOHTML);
}

/*
 * The page's tree: key figures per run (from the comparison table), then per
 * run its findings, charts and full analyses (folded), and the comparison
 * table last, folded, with human labels. render_html lays it out.
 */
static struct report_node *compose(struct compare_set *set, const struct html_charts *charts, int *ncharts)
{
    struct report_node *root = rn_root();
    struct compare_table t;
    compare_table_build(&t, set);
    for (int i = 0; i < set->n; i++) {
        struct compare_run *r = &set->runs[i];
        char *gt = set->n > 1 ? xasprintf("%s%s", r->name, i == 0 ? " (baseline)" : "") : NULL;
        char key[32];
        snprintf(key, sizeof key, "headline_r%d", i + 1);
        struct report_node *g = headline_group(root, key, gt);
        free(gt);
        const struct report_node *col = r->tree[CK_GC] ? rn_get(r->tree[CK_GC], "collector") : NULL;
        if (col && col->kind == RN_STR)
            rn_flags(rn_title(rn_str(g, "collector", col->s), "collector"), RF_HEADLINE);
        compare_headline(&t, i, g);
    }
    struct report_node *compared = NULL;
    if (set->n > 1)
        compared = rn_flags(rn_title(rn_obj(root, "compared_charts"), "Runs compared (overlaid)"), RF_NOTEXT | RF_NOJSON);
    struct report_node **per_run = xcalloc((size_t)set->n, sizeof *per_run);
    struct report_node **run_obj = xcalloc((size_t)set->n, sizeof *run_obj);
    for (int i = 0; i < set->n; i++) {
        struct compare_run *r = &set->runs[i];
        char key[32];
        snprintf(key, sizeof key, "run_%d", i + 1);
        run_obj[i] = rn_obj(root, key);
        if (set->n > 1)
            rn_title(run_obj[i], r->name);
        per_run[i] = rn_flags(rn_obj(run_obj[i], "charts"), RF_NOTEXT | RF_NOJSON);
    }
    *ncharts = html_charts_report(charts, set, compared, per_run);
    /* the comparison reads the runs' trees: built before they move into the page, shown last */
    struct report_node *cmp = NULL;
    if (set->n > 1) {
        cmp = rn_root();
        compare_report(&t, set, NULL, 0, true, cmp);
        struct report_node *rows = rn_get(cmp, "comparison");
        compare_report_labels(&t, rows);
        rn_title(rows, "Every metric");
    }
    for (int i = 0; i < set->n; i++) {
        struct compare_run *r = &set->runs[i];
        struct report_node *o = run_obj[i];
        struct report_node *in = rn_flags(rn_title(rn_arr(o, "inputs"), "Inputs"), RF_TABLE);
        for (int k = CK_GC; k < CK__COUNT; k++)
            for (int j = 0; j < r->nfiles[k]; j++) {
                struct report_node *row = rn_obj(in, NULL);
                rn_str(row, "file", r->files[k][j]);
                rn_str(row, "kind", compare_kind_name(k));
            }
        /* the access and CPU trees come back from a child's JSON: titles and flags are lost */
        hide(r->tree[CK_CPU], "series");
        hide(r->tree[CK_ACCESS] ? rn_get(r->tree[CK_ACCESS], "lat") : NULL, "intervals");
        struct report_node *cf = r->tree[CK_CPU] ? rn_get(r->tree[CK_CPU], "findings") : NULL;
        if (cf && cf->kind == RN_ARR)
            rn_title(cf, "CPU findings");
        compare_adopt_trees(r, o);
    }
    free(per_run);
    free(run_obj);
    if (cmp) {
        char title[256];
        snprintf(title, sizeof title, "Comparison (change vs %s)", set->runs[0].name);
        rn_flags(rn_title(rn_adopt(root, "comparison", cmp), title), RF_FOLD);
    }
    compare_table_fini(&t);
    return root;
}

/* lat/input first..last as an interval giving ~360 points over the span. */
static char *interval_arg(const struct report_node *lat_tree)
{
    const struct report_node *lat = lat_tree ? rn_get(lat_tree, "lat") : NULL;
    const struct report_node *in = lat ? rn_get(lat, "input") : NULL;
    const struct report_node *a = in ? rn_get(in, "first") : NULL, *b = in ? rn_get(in, "last") : NULL;
    if (!a || !b || a->kind != RN_STR || b->kind != RN_STR)
        return NULL;
    int64_t t0, t1;
    int32_t tz;
    bool has;
    if (!parse_iso8601(a->s, strlen(a->s), &t0, &tz, &has) || !parse_iso8601(b->s, strlen(b->s), &t1, &tz, &has))
        return NULL;
    double span_s = (double)(t1 - t0) / 1e3;
    long iv = (long)ceil(span_s / 360.0);
    if (iv < 1)
        iv = 1;
    return xasprintf("--interval=%lds", iv);
}

int cmd_report(int argc, char **argv)
{
    struct common_opts co;
    common_opts_init(&co);
    struct compare_set set;
    compare_set_init(&set);
    struct compare_in in = {&set, true};
    struct report_cli cli = {NULL};
    if (opt_parse(&cmd_report_opts, (void *[]){&in, &cli, &co}, argc, argv, NULL)) {
        compare_set_fini(&set);
        return EXIT_OK;
    }
    const char *title = cli.title;
    if (set.n < 1)
        die(EXIT_USAGE, "no input files (see 'gclat report --help')");
    for (int i = 0; i < set.n; i++)
        if (strcmp(set.runs[i].name, "run") == 0 && set.n > 1)
            die(EXIT_USAGE, "mix of plain FILEs and NAME=FILES: name every run when giving several");
    common_opts_finish(&co);
    set.quiet = co.quiet;

    /* the latency spectrum wants more percentiles than lat's default table */
    char *pct_arg = xasprintf("--percentiles=%s", html_charts_lat_percentiles);
    set.lat_args = xrealloc(set.lat_args, (size_t)(set.n_lat_args + 2) * sizeof *set.lat_args);
    set.lat_args[set.n_lat_args++] = pct_arg;

    struct html_charts charts;
    html_charts_init(&charts, &set);
    struct compare_gc_hook hook = {html_charts_gc_event, &charts};
    int rc = compare_load(&set, &hook);
    if (rc) {
        html_charts_fini(&charts);
        compare_set_fini(&set);
        free(pct_arg);
        return rc;
    }
    /* latency over time: `gclat lat --interval` once coarse (1h) to learn the time span
       (lat reports first/last only with --interval), then at ~360 intervals over it */
    for (int i = 0; i < set.n; i++) {
        struct compare_run *r = &set.runs[i];
        if (!r->tree[CK_ACCESS])
            continue;
        char **args = xcalloc((size_t)set.n_lat_args + 1, sizeof *args);
        memcpy(args, set.lat_args, (size_t)set.n_lat_args * sizeof *args);
        args[set.n_lat_args] = (char *)"--interval=1h";
        int crc = 0; /* a failed chart pass costs the chart only (warned below); the inputs loaded */
        struct report_node *coarse = compare_lat_tree(args, set.n_lat_args + 1, r->files[CK_ACCESS],
                                                        r->nfiles[CK_ACCESS], r->name, true, &crc);
        char *iv = interval_arg(coarse);
        rn_free(coarse);
        if (iv) {
            args[set.n_lat_args] = iv;
            struct report_node *t = compare_lat_tree(args, set.n_lat_args + 1, r->files[CK_ACCESS],
                                                       r->nfiles[CK_ACCESS], r->name, set.quiet, &crc);
            html_charts_lat_intervals(&charts, i, t);
            rn_free(t);
            free(iv);
        } else if (!set.quiet) {
            warnx("%s: no request times found in the access log; no latency-over-time chart", r->name);
        }
        free(args);
    }

    uint64_t events = 0;
    for (int i = 0; i < set.n; i++)
        events += set.runs[i].gc_events;
    size_t chart_bytes = html_charts_memory(&charts);
    int nch = 0;
    struct report_node *root = compose(&set, &charts, &nch);
    char *page_title = NULL;
    if (!title) {
        page_title = xstrdup("gclat report:");
        for (int i = 0; i < set.n; i++) {
            const char *name = set.n == 1 && set.runs[0].npending ? set.runs[0].pending[0] : set.runs[i].name;
            char *t = xasprintf("%s%s %s", page_title, i ? " vs" : "", name);
            free(page_title);
            page_title = t;
        }
    }
    char *footer = xasprintf("%d charts. %llu GC events were aggregated while streaming into pixel-column grids "
                             "(min, max, count per column and series; scatter dots per column and log-spaced "
                             "cell): %.1f KB of chart memory in total, independent of the number of events.",
                             nch, (unsigned long long)events, (double)chart_bytes / 1024.0);
    struct html_opts ho = {.title = title ? title : page_title, .footer = footer};
    FILE *f = common_output(&co);
    render_html(f, root, &ho);
    common_output_close(f);
    rn_free(root);
    free(page_title);
    free(footer);

    html_charts_fini(&charts);
    compare_set_fini(&set);
    free(pct_arg);
    return 0;
}
