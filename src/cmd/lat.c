/*
 * cmd/lat.c — `gclat lat`: latency percentiles from access logs in one
 * streaming pass (options, inputs and output selection; the scanning is in
 * lat_scan.c, the numbers in lat_group.c/hist.c, the cal.awk emulation in
 * lat_cal.c, the HdrHistogram files in hdr_codec.c).
 *
 * Inputs: FILE... or NAME=FILE [FILE...] NAME2=FILE... (one column per
 * NAME). A word is a NAME= column start when the text before '=' has no '/'
 * and the word itself is not an existing file.
 */
#include "chart_node.h"
#include "cli.h"
#include "commands.h"
#include "hdr_codec.h"
#include "html_charts.h"
#include "lat.h"
#include "lat_run.h"
#include "lat_screen.h"
#include "wrk_input.h"
#include "report.h"
#include "sniff.h"
#include "timeparse.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char cmd_lat_help[] =
    "usage: gclat lat [OPTIONS] FILE...\n"
    "       gclat lat [OPTIONS] NAME=FILE [FILE...] NAME2=FILE [FILE...]\n"
    "\n"
    "Latency percentiles from access logs, exact for integer values, in one pass.\n"
    "FILE may be '-' (standard input) and may be gzip-compressed.\n"
    "\n"
    "Choosing the value:\n"
    "  -f, --field N        field N (1-based; -1 is awk's $NF, -2 is $(NF-1)); default -1\n"
    "  -F, --separator SEP  field separator string (default: runs of blanks, as awk)\n"
    "  --log-format NAME    a preset (sets field and unit; -f and --unit override it):\n"
    "                         nginx      nginx combined + $request_time last (seconds, ms res.)\n"
    "                         apache     Apache combined + %D last (microseconds)\n"
    "                         apache-T   Apache combined + %T last (whole seconds)\n"
    "                         tomcat     Tomcat/Spring Boot log, %D last (ms; Tomcat 8.5/9)\n"
    "                         spring     alias of tomcat\n"
    "                         tomcat-T   Tomcat/Spring Boot access log, %T last (seconds)\n"
    "                         envoy      Envoy default: %DURATION% (ms), 5th field after request\n"
    "                         json       JSON lines, --json-key (default duration_ms, ms)\n"
    "  --json-key KEY       JSON lines: take the number under \"KEY\" (implies --log-format json)\n"
    "  --unit U             unit of the values in the log: ns, us, ms, s (default ms, or the preset's)\n"
    "  --out-unit U         unit of the printed values (default ms)\n"
    "  --time-field N       field holding the timestamp (epoch s/ms, ISO 8601 or [dd/Mon/yyyy:...]);\n"
    "                       default: the first [...] of the line, ISO 8601 at line start, JSON time key\n"
    "\n"
    "Filters (a filtered line is counted, not reported as unparsed):\n"
    "  --include RE         keep only lines matching RE (repeatable: any of them; like grep)\n"
    "  --exclude RE         drop lines matching RE (repeatable; like grep -v). A RE without\n"
    "                       metacharacters is matched as a plain substring (fast path)\n"
    "  --status LIST        keep these statuses: 200,5xx,!404 (x = any digit, ! = exclude)\n"
    "  --path RE            keep lines whose request path (query stripped) matches RE (repeatable)\n"
    "\n"
    "Grouping and output:\n"
    "  --by KEY             one table per path|status|file|minute|hour or field number N\n"
    "  --max-groups N       groups shown, the busiest (default 1000; 0 = no limit); the rest\n"
    "                       are one '(other)' group, so every request is still counted.\n"
    "                       The busiest N of the first 16*N distinct keys in input order\n"
    "                       are kept: memory stays bounded whatever the number of keys\n"
    "  --sort count|p99|name  group order: most requests first (default; minute and hour\n"
    "                       groups default to time order), highest P99 first, or by key\n"
    "  --route RE=NAME      --by path: paths matching the POSIX regex RE are the group NAME\n"
    "                       (repeatable, first match wins)\n"
    "  --raw-paths          --by path: keep ids in paths; by default a segment that is all\n"
    "                       digits, a UUID or 16+ hex digits becomes {id} (/items/{id})\n"
    "  --over LIST          count and share of requests slower than each threshold, e.g.\n"
    "                       100ms,200ms (a bare number is ms; up to 16), overall and per group\n"
    "  --interval DUR       time series: count, P50, P99, max per interval (e.g. 1m, 10s, 1h)\n"
    "  --percentiles LIST   default 50,66,80,85,90,95,98,99,99.9,99.99,100\n"
    "  --format F           table (default), cal (byte-identical to the report's\n"
    "                       `sort -n | uniq -c | awk -f cal.awk`), hgrm (HdrHistogram\n"
    "                       percentile distribution), json, csv\n"
    "  --cal-awk mawk|gawk  integer printing rule to copy for --format cal (default mawk,\n"
    "                       Debian's awk; they differ only for numbers >= 2^31)\n"
    "  --precision D        significant digits once values fall back to the log-linear\n"
    "                       histogram (1-5, default 3); integers are exact until 262144\n"
    "                       distinct values\n"
    "  --save FILE          write an HdrHistogram interval log (V2 compressed) for gclat merge\n"
    "                       and HdrHistogram tools; one line per group (Tag=KEY) or interval\n"
    "  -j, --threads N      threads for regular files (default: number of CPUs, max 64)\n"
    "\n"
    "Values with decimals are counted exactly in a finer unit (us for ms with 3 decimals,\n"
    "never finer than 1 ns); printed values use --out-unit with the decimals that unit needs.\n"
    "\n"
    "Common options:\n"
    "  --json               machine-readable JSON\n"
    "  --html               one HTML page: key figures, latency spectrum (and over time with\n"
    "                       --interval), details (docs/html.md)\n"
    "  --csv                CSV, one row per group (or interval)\n"
    "  -o, --output FILE    write the report to FILE instead of standard output\n"
    "  --full               the whole text report (default: a verdict line, the figures\n"
    "                       that carry it and the findings, one line each)\n"
    "  --explain            under each finding, what it means and what to change\n"
    "  --strict             exit 2 if any line had no valid value (reasons on stderr)\n"
    "  -q, --quiet          no progress line and no warnings on stderr\n"
    "  -h, --help           this help\n"
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
    "Variance: sample variance (n - 1). Details: docs/lat.md.\n";


static void save_log(const char *path, struct lat_result *res, const char **names, int ncol,
                     struct lat_result *cols, bool intervals, int64_t interval_ms)
{
    FILE *f = fopen(path, "w");
    if (!f)
        die(EXIT_IO, "cannot write %s", path);
    double start = 0, len = 0;
    if (res->have_time) {
        start = (double)res->first_ms / 1000.0;
        len = (double)(res->last_ms - res->first_ms) / 1000.0;
    }
    hdr_log_header(f, start);
    for (int c = 0; c < ncol; c++) {
        struct lat_result *r = &cols[c];
        const char *tag = ncol > 1 ? names[c] : NULL;
        if (intervals) {
            for (size_t i = 0; i < r->intervals.n; i++) {
                struct lat_acc *a = &r->intervals.g[i].acc;
                lat_acc_flush(a);
                hdr_log_interval(f, tag, (double)r->intervals.g[i].sort_key / 1000.0 - start,
                                 (double)interval_ms / 1000.0, &a->h, (double)a->base_ns / 1e6);
            }
            continue;
        }
        for (size_t i = 0; i < lat_ngroups(&r->groups); i++) {
            struct lat_group *g = lat_group_at(&r->groups, i);
            struct lat_acc *a = &g->acc;
            lat_acc_flush(a);
            const char *t = tag;
            char *both = NULL;
            if (g->key_len) {
                both = tag ? xasprintf("%s/%s", tag, g->key) : xstrdup(g->key);
                t = both;
            }
            hdr_log_interval(f, t, 0.0, len, &a->h, (double)a->base_ns / 1e6);
            free(both);
        }
    }
    if (fclose(f) != 0)
        die(EXIT_IO, "cannot write %s", path);
}

int cmd_lat(int argc, char **argv)
{
    struct lat_opts o;
    if (lat_opts_parse(&o, argc, argv))
        return EXIT_OK;
    common_opts_finish(&o.co);
    const struct lat_cfg *cp = &o.c;
    struct lat_run run;
    int ret = lat_scan_inputs(&o, &run);
    if (ret && !run.res) { /* refused or not opened: the message is on stderr */
        lat_opts_fini(&o);
        return ret;
    }
    if (run.wrk) {
        struct report_node *root = rn_root();
        struct diag d;
        diag_init(&d);
        ret = lat_build_report(&o, &run, root, &d);
        if (!ret) {
            common_render(&o.co, root, NULL);
            ret = common_diag_status(&o.co, &d, EXIT_OK);
        }
        rn_free(root);
        diag_fini(&d);
        lat_run_fini(&o, &run);
        lat_opts_fini(&o);
        return ret;
    }
    size_t ncol = o.ncol;
    struct lat_result *res = run.res;
    const char **names = run.names;
    const double *pct = o.pct;
    int npct = o.npct;
    int64_t out_ns = o.out_ns;
    if (o.save)
        save_log(o.save, &run.total, names, (int)ncol, res, cp->interval_ms > 0, cp->interval_ms);

    if (ret == EXIT_IO) /* a read error mid-file: the message is on stderr; no partial report */
        goto done;

    if (o.co.out == OUT_HTML && ncol == 1)
        common_html_inputs(&o.co, o.cols[0].files, (int)o.cols[0].nfiles);
    else if (o.co.out == OUT_HTML)
        common_html_inputs(&o.co, (char *const *)names, (int)ncol);
    FILE *out = common_output(&o.co);
    if (o.fmt == LAT_FMT_CAL || o.fmt == LAT_FMT_HGRM) {
        for (size_t k = 0; k < ncol; k++)
            for (size_t i = 0; i < lat_ngroups(&res[k].groups); i++) {
                struct lat_group *g = lat_group_at(&res[k].groups, i);
                if (ncol > 1 || lat_ngroups(&res[k].groups) > 1 || cp->by != BY_NONE)
                    fprintf(out, "==> %s <==\n", ncol > 1 ? names[k] : g->key);
                if (o.fmt == LAT_FMT_CAL)
                    lat_cal_print(out, &g->acc);
                else
                    lat_print_hgrm(out, &g->acc, out_ns);
            }
    } else {
        struct report_node *root = rn_root();
        if (o.co.out == OUT_CSV) {
            struct report_node *rows = rn_arr(root, "rows");
            if (cp->interval_ms) {
                for (size_t i = 0; i < res[0].intervals.n; i++) {
                    struct lat_group *g = &res[0].intervals.g[i];
                    struct report_node *row = rn_obj(rows, NULL);
                    char b[40];
                    format_iso8601(g->sort_key, res[0].tz_min, b, sizeof b);
                    rn_str(row, "start", b);
                    lat_report_flat(row, &g->acc, (const double[]){50, 99}, 2, out_ns);
                }
            } else {
                for (size_t k = 0; k < ncol; k++)
                    for (size_t i = 0; i < lat_ngroups(&res[k].groups); i++) {
                        struct lat_group *g = lat_group_at(&res[k].groups, i);
                        struct report_node *row = rn_obj(rows, NULL);
                        rn_str(row, "group", ncol > 1 ? names[k] : (g->key_len ? g->key : "all"));
                        lat_report_flat(row, &g->acc, pct, npct, out_ns);
                    }
            }
            render_csv(out, rows);
        } else {
            lat_build_report(&o, &run, root, NULL);
            struct report_node *top = rn_get(root, "lat");
            if (o.co.out == OUT_HTML)
                lat_charts_report(root, "", chart_group(root, "charts", NULL));
            if (o.co.out == OUT_TEXT)
                lat_screen(root, top, cp, res, ncol, names, o.by, out_ns);
            if (o.co.out == OUT_JSON)
                render_json(out, root);
            else
                common_render_people(&o.co, out, root);
        }
        rn_free(root);
    }
    common_output_close(out);
    ret = lat_run_status(&o, &run, ret);
done:
    lat_run_fini(&o, &run);
    lat_opts_fini(&o);
    return ret;
}
