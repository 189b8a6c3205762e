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

/* the options and --help: cmd_lat_opts in lat_report.c, which compare --lat-arg parses with too */

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
