/*
 * cmd_report.c — `gclat report`: one self-contained HTML file (inline CSS and
 * SVG, no script, no network) with the findings first, the comparison table
 * when there are several runs, then the charts (html_charts.h) and the full
 * analyses in collapsible sections. Inputs are read exactly as `gclat
 * compare` reads them (compare.h); charts are fed while GC events stream.
 * The output depends only on the inputs (no timestamps), so it can be
 * diffed and tested.
 */
#include "cli.h"
#include "commands.h"
#include "compare.h"
#include "html_charts.h"
#include "html_out.h"
#include "render.h"
#include "timeparse.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char cmd_report_help[] =
    "usage: gclat report [OPTIONS] -o report.html FILE...\n"
    "       gclat report [OPTIONS] -o report.html NAME=FILES NAME=FILES...\n"
    "\n"
    "Write one self-contained HTML file (inline CSS and SVG; no scripts, fonts or anything\n"
    "fetched from the network; opens from disk) with:\n"
    "  - the findings of each run's GC analysis, first;\n"
    "  - with several runs, the comparison table of 'gclat compare' and overlaid charts:\n"
    "    pause percentile spectrum, pause histogram, latency spectrum, CPU over time;\n"
    "  - per run: GC pause timeline (every pause as a dot, coloured by kind, log scale),\n"
    "    heap before/after GC, pause-duration histogram, allocation rate, pause percentile\n"
    "    spectrum (x = 1/(1-p), labelled 90% 99% 99.9% ...), and with an access log the\n"
    "    latency spectrum and latency over time (GC pauses overlaid when the GC log has\n"
    "    wall-clock times), with top -b output the JVM's CPU over time;\n"
    "  - the full analyses (as 'gclat gc' prints them) in collapsible sections.\n"
    "Charts aggregate per pixel column while the logs stream (min, max, count per column\n"
    "and series; dots per column and log-spaced cell), so memory and file size do not grow\n"
    "with the number of events. Every string from a log is HTML-escaped.\n"
    "\n"
    "Inputs (as for 'gclat compare'):\n"
    "  FILE...               one run; each file's kind is detected (GC log, top -b output,\n"
    "                        otherwise access log)\n"
    "  NAME=F1,F2 ...        several runs, the first is the baseline of the comparison\n"
    "  NAME:gc=F, NAME:access=F, NAME:cpu=F, --gc SPEC, --access SPEC, --cpu SPEC\n"
    "                        force a file's kind\n"
    "  --lat-arg ARG         pass ARG to 'gclat lat' for access logs (repeatable), e.g.\n"
    "                        --lat-arg=-f --lat-arg=-2 for the latency in $(NF-1)\n"
    "  --cpu-arg ARG         pass ARG to 'gclat cpu' for top -b output (repeatable)\n"
    "  --pid [NAME=]PID      the JVM of run NAME's top capture (as in 'gclat compare': by default\n"
    "                        the pid the GC log names, else the only JVM; several is an error)\n"
    "\n"
    "Options:\n"
    "  -o, --output FILE     the HTML file (default: standard output)\n"
    "  --title TEXT          page title (default: 'gclat report: ' and the run names)\n"
    "  --over LIST           GC thresholds for 'pauses longer than' (default 1,10,100,200,300,1000 ms)\n"
    "  -q, --quiet           no warnings\n"
    "  -h, --help            this help\n"
    "\n"
    "Examples:\n"
    "  gclat report -o gc.html gc.log\n"
    "  gclat report -o run.html gc.log access.log top.txt --lat-arg=-f --lat-arg=-2\n"
    "  gclat report -o migration.html jdk8-cms=gc8.log,access8.log jdk17-zgc=gc17.log,access17.log\n"
    "\n"
    "Exit codes: 0 ok, 1 usage, 2 bad input (also: an input that fails, a JVM that cannot be\n"
    "chosen), 3 I/O error. An input that fails makes report exit with its code.\n";

bool compare_input_opt(struct compare_set *set, int argc, char **argv, int *i, bool plain_ok);

static const char css[] =
    "body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif;color:#222;"
    "margin:0;background:#f6f7f9}\n"
    "main{max-width:1000px;margin:0 auto;padding:16px 20px 40px}\n"
    "h1{font-size:22px;margin:8px 0 4px}h2{font-size:18px;margin:28px 0 10px;border-bottom:1px solid #ddd;"
    "padding-bottom:4px}h3{font-size:15px;margin:0 0 6px}\n"
    ".meta{color:#555;margin:0 0 8px}.meta code{background:#eceef1;padding:0 4px;border-radius:3px}\n"
    "nav a{margin-right:12px;color:#2a5db0;text-decoration:none}\n"
    ".finding{background:#fff;border-left:5px solid #999;border-radius:4px;padding:10px 14px;margin:10px 0;"
    "box-shadow:0 1px 2px rgba(0,0,0,.06)}\n"
    ".finding p{margin:4px 0}.sev-critical{border-color:#d62728}.sev-warning{border-color:#f28e2b}"
    ".sev-info{border-color:#4e79a7}\n"
    ".sev{text-transform:uppercase;font-size:11px;letter-spacing:.05em;color:#fff;background:#777;"
    "border-radius:3px;padding:1px 6px;margin-right:6px;vertical-align:2px}\n"
    ".sev-critical .sev{background:#d62728}.sev-warning .sev{background:#e07b12}.sev-info .sev{background:#4e79a7}\n"
    ".summary{font-weight:600}.where{color:#555;font-size:12.5px}.advice{color:#333}\n"
    ".ok{color:#2b7a2b}\n"
    "table{border-collapse:collapse;background:#fff;margin:6px 0 12px;font-size:13px}\n"
    "th,td{border:1px solid #e1e4e8;padding:3px 8px;text-align:left}th{background:#f0f2f5}"
    "td.num{text-align:right;font-variant-numeric:tabular-nums}\n"
    "figure.chart{background:#fff;margin:12px 0;padding:6px;border-radius:4px;"
    "box-shadow:0 1px 2px rgba(0,0,0,.06)}\n"
    "figure.chart svg{max-width:100%;height:auto;display:block}\n"
    "figcaption{color:#666;font-size:12px;padding:2px 8px 4px}\n"
    ".ctitle{font-size:14px;font-weight:600;fill:#222}.tick{font-size:11px;fill:#555}"
    ".alabel{font-size:12px;fill:#444}\n"
    ".plot{fill:#fff;stroke:#c8ccd2}.grid{stroke:#eceef1;stroke-width:1}\n"
    ".dots{fill:none;stroke-width:4;stroke-linecap:round;opacity:.8}.dots.small{stroke-width:6}\n"
    ".line{fill:none;stroke-width:1.6;stroke-linejoin:round}.bars{opacity:.65}\n"
    ".legend text{font-size:12px;fill:#333}\n"
    "dl{display:grid;grid-template-columns:max-content auto;gap:2px 14px;margin:6px 0}dt{color:#555}dd{margin:0}\n"
    "section.obj{margin-left:8px}details{background:#fff;border-radius:4px;padding:6px 12px;margin:8px 0}\n"
    "summary{cursor:pointer;font-weight:600}\n"
    "footer{color:#777;font-size:12px;margin-top:30px}\n";

static void write_findings(FILE *f, const struct compare_set *s)
{
    fputs("<section id=\"findings\"><h2>Findings</h2>\n", f);
    for (int i = 0; i < s->n; i++) {
        const struct compare_run *r = &s->runs[i];
        if (s->n > 1) {
            fputs("<h3 class=\"run\">", f);
            html_text(f, r->name);
            fputs("</h3>\n", f);
        }
        if (r->tree[CK_GC])
            html_findings(f, rn_get(r->tree[CK_GC], "findings"));
        else
            fputs("<p>No GC log in this run.</p>\n", f);
        const struct report_node *cf = r->tree[CK_CPU] ? rn_get(r->tree[CK_CPU], "findings") : NULL;
        for (const struct report_node *o = cf ? cf->first : NULL; o; o = o->next) {
            const struct report_node *sev = rn_get(o, "severity"), *txt = rn_get(o, "finding");
            fputs("<div class=\"finding sev-", f);
            html_id(f, sev && sev->kind == RN_STR ? sev->s : "info");
            fputs("\"><h3><span class=\"sev\">", f);
            html_text(f, sev && sev->kind == RN_STR ? sev->s : "info");
            fputs("</span> CPU</h3><p>", f);
            html_text(f, txt && txt->kind == RN_STR ? txt->s : "");
            fputs("</p></div>\n", f);
        }
    }
    fputs("</section>\n", f);
}

static void write_details(FILE *f, const struct compare_set *s)
{
    fputs("<section id=\"details\"><h2>Full analyses</h2>\n", f);
    static const char *const kind_title[CK__COUNT] = {NULL, "GC log analysis (gclat gc)",
                                                      "Access-log latency (gclat lat)", "CPU (gclat cpu)"};
    for (int i = 0; i < s->n; i++) {
        const struct compare_run *r = &s->runs[i];
        for (int k = CK_GC; k < CK__COUNT; k++) {
            if (!r->tree[k])
                continue;
            fputs("<details><summary>", f);
            html_text(f, kind_title[k]);
            if (s->n > 1) {
                fputs(": ", f);
                html_text(f, r->name);
            }
            fputs("</summary>\n", f);
            for (const struct report_node *c = r->tree[k]->first; c; c = c->next) {
                if (c->key && (strcmp(c->key, "findings") == 0 || strcmp(c->key, "series") == 0 ||
                               strcmp(c->key, "intervals") == 0))
                    continue;
                if (c->kind == RN_OBJ || c->kind == RN_ARR) {
                    html_tree(f, c, 1);
                } else if (!(c->flags & RF_NOTEXT)) {
                    fputs("<dl><dt>", f);
                    html_text(f, c->title ? c->title : c->key);
                    fputs("</dt><dd>", f);
                    char buf[512];
                    render_scalar(c, buf, sizeof buf);
                    html_text(f, c->kind == RN_STR ? c->s : buf);
                    fputs("</dd></dl>\n", f);
                }
            }
            fputs("</details>\n", f);
        }
    }
    fputs("</section>\n", f);
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
    const char *title = NULL;
    bool only_files = false;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (only_files || a[0] != '-' || strcmp(a, "-") == 0) {
            if (!compare_add_input(&set, a, CK_AUTO, true))
                exit(EXIT_USAGE);
            continue;
        }
        if (strcmp(a, "--") == 0) {
            only_files = true;
        } else if (opt_is(a, "--title")) {
            title = opt_value(argc, argv, &i);
        } else if (opt_is(a, "--json") || opt_is(a, "--csv")) {
            die(EXIT_USAGE, "report writes HTML only (use 'gclat compare --json' for data)");
        } else if (common_opt(&co, argc, argv, &i)) {
            continue;
        } else if (compare_input_opt(&set, argc, argv, &i, true)) {
            continue;
        } else {
            die(EXIT_USAGE, "unknown option '%s' (see 'gclat report --help')", a);
        }
    }
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
        struct report_node *coarse = compare_child_json("lat", args, set.n_lat_args + 1, r->files[CK_ACCESS],
                                                        r->nfiles[CK_ACCESS], r->name, true, &crc);
        char *iv = interval_arg(coarse);
        rn_free(coarse);
        if (iv) {
            args[set.n_lat_args] = iv;
            struct report_node *t = compare_child_json("lat", args, set.n_lat_args + 1, r->files[CK_ACCESS],
                                                       r->nfiles[CK_ACCESS], r->name, set.quiet, &crc);
            html_charts_lat_intervals(&charts, i, t);
            rn_free(t);
            free(iv);
        } else if (!set.quiet) {
            warnx("%s: no request times found in the access log; no latency-over-time chart", r->name);
        }
        free(args);
    }

    FILE *f = common_output(&co);
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\n"
          "<title>", f);
    if (title) {
        html_text(f, title);
    } else {
        fputs("gclat report: ", f);
        for (int i = 0; i < set.n; i++) {
            if (i)
                fputs(" vs ", f);
            html_text(f, set.n == 1 && set.runs[0].npending ? set.runs[0].pending[0] : set.runs[i].name);
        }
    }
    fprintf(f, "</title>\n<style>\n%s</style></head><body><main>\n", css);
    fputs("<header><h1>", f);
    html_text(f, title ? title : "GC, latency and CPU report");
    fputs("</h1>\n", f);
    for (int i = 0; i < set.n; i++) {
        const struct compare_run *r = &set.runs[i];
        fputs("<p class=\"meta\">", f);
        if (set.n > 1) {
            fputs("<b>", f);
            html_text(f, r->name);
            fputs(i == 0 ? "</b> (baseline): " : "</b>: ", f);
        }
        for (int k = CK_GC; k < CK__COUNT; k++)
            for (int j = 0; j < r->nfiles[k]; j++) {
                fputs("<code>", f);
                html_text(f, r->files[k][j]);
                fputs("</code> (", f);
                html_text(f, compare_kind_name(k));
                fputs(") ", f);
            }
        const struct report_node *col = r->tree[CK_GC] ? rn_get(r->tree[CK_GC], "collector") : NULL;
        if (col && col->kind == RN_STR) {
            fputs("&mdash; collector ", f);
            html_text(f, col->s);
        }
        fprintf(f, ", %llu GC events</p>\n", (unsigned long long)r->gc_events);
    }
    fputs("<nav><a href=\"#findings\">Findings</a>", f);
    if (set.n > 1)
        fputs("<a href=\"#comparison\">Comparison</a><a href=\"#compare-charts\">Compared charts</a>", f);
    fputs("<a href=\"#details\">Full analyses</a></nav></header>\n", f);

    write_findings(f, &set);
    if (set.n > 1) {
        struct compare_table t;
        compare_table_build(&t, &set);
        struct report_node *root = rn_root();
        compare_report(&t, &set, NULL, 0, true, root);
        fputs("<section id=\"comparison\"><h2>Comparison (change vs ", f);
        html_text(f, set.runs[0].name);
        fputs(")</h2>\n", f);
        struct report_node *cmp = rn_get(root, "comparison");
        if (cmp) { /* the <h2> above is its heading */
            free(cmp->key);
            cmp->key = NULL;
        }
        html_tree(f, cmp, 5);
        fputs("</section>\n", f);
        rn_free(root);
        compare_table_fini(&t);
    }
    int nch = html_charts_write(f, &charts, &set);
    write_details(f, &set);
    uint64_t events = 0;
    for (int i = 0; i < set.n; i++)
        events += set.runs[i].gc_events;
    fprintf(f, "<footer><p id=\"chart-memory\">%d charts. %llu GC events were aggregated while streaming into "
               "pixel-column grids (min, max, count per column and series; scatter dots per column and "
               "log-spaced cell): %.1f KB of chart memory in total, independent of the number of events.</p>"
               "<p>Written by gclat %s. Self-contained: no scripts, fonts or network requests.</p></footer>\n",
            nch, (unsigned long long)events, (double)html_charts_memory(&charts) / 1024.0, GCLAT_VERSION);
    fputs("</main></body></html>\n", f);
    common_output_close(f);

    html_charts_fini(&charts);
    compare_set_fini(&set);
    free(pct_arg);
    return 0;
}
