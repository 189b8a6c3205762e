/*
 * cmd/merge.c — `gclat merge FILE...`: combine HdrHistogram interval logs
 * (as written by `gclat lat --save`, or by HdrHistogram's own
 * HistogramLogWriter) and print the same table as `gclat lat`.
 *
 * Merging adds counts bucket by bucket, so fleet-wide percentiles come from
 * the combined distribution, never from averaged percentiles. Histograms in
 * different base units are brought to the finest one first. With --by-tag,
 * each Tag= gets its own column; otherwise everything is one histogram.
 */
#include "cli.h"
#include "opt.h"
#include "commands.h"
#include "escape.h"
#include "hdr_codec.h"
#include "lat.h"
#include "outfile.h"
#include "reader.h"
#include "report.h"
#include "sniff.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct merge_cli {
    double pct[64];
    int npct;
    const char *out_unit, *only_tag, *save;
    int64_t out_ns;
    bool by_tag, hgrm;
    struct common_opts *co; /* --format json|csv chooses the common output */
};

static void out_unit_opt(void *base, const struct opt *o, const char *v)
{
    struct merge_cli *m = base;
    if (!(m->out_ns = lat_unit_ns(v)))
        opt_bad(o, v, "ns, us, ms or s");
    m->out_unit = v;
}

static void format_opt(void *base, const struct opt *o, const char *v)
{
    struct merge_cli *m = base;
    if (strcmp(v, "hgrm") == 0)
        m->hgrm = true;
    else if (strcmp(v, "json") == 0)
        m->co->out = OUT_JSON;
    else if (strcmp(v, "csv") == 0)
        m->co->out = OUT_CSV;
    else if (strcmp(v, "table") != 0)
        opt_bad(o, v, "table, hgrm, json or csv");
}

#define MC struct merge_cli
static const struct opt merge_opts[] = {
    OPT_FLAG(MC, by_tag, "by-tag", 0, "one column per Tag= (untagged lines form the column \"-\")"),
    OPT_STR(MC, only_tag, "tag", 0, "NAME", "only histograms with this tag"),
    OPT_NUMS(MC, pct, npct, "percentiles", 0, "LIST", 0, 100, "default 50,66,80,85,90,95,98,99,99.9,99.99,100"),
    OPT_CALL("out-unit", 0, "U", out_unit_opt, "ns, us, ms (default) or s"),
    OPT_CALL("format", 0, "F", format_opt, "table (default), hgrm, json, csv"),
    OPT_STR(MC, save, "save", 0, "FILE", "write the merged histogram(s) as an interval log"),
    OPT_END,
};
#undef MC
static const struct opt_group merge_group = {"Options", merge_opts};

static const struct opt_note merge_notes[] = {
    {"csv", "CSV, one row per column"},
    {"html", "one HTML page, the merged figures first (docs/html.md)"},
    {"strict", "exit 2 if a line of an input is not a histogram or comment"},
    {"quiet", "no warnings"},
    {NULL, NULL},
};

const struct opt_cmd cmd_merge_opts = {
    .name = "merge",
    .usage = "usage: gclat merge [OPTIONS] FILE...\n",
    .about = "Merge HdrHistogram interval logs (V2 compressed, e.g. from `gclat lat --save`)\n"
             "exactly and print percentiles like `gclat lat`. FILE may be '-' or gzip.\n",
    .groups = {&merge_group, &opt_common_group},
    .after = "Examples:\n"
             "  gclat lat -f -2 --save dc-a.hlog a/access*; gclat lat -f -2 --save dc-b.hlog b/access*\n"
             "  gclat merge dc-a.hlog dc-b.hlog            # fleet-wide percentiles\n"
             "  gclat merge --format hgrm fleet.hlog > fleet.hgrm\n"
             "\n"
             "Values are exact when the saved histograms were (see docs/lat.md): the mean and\n"
             "variance of a histogram with shared buckets use each bucket's middle value.\n",
    .notes = merge_notes,
};

static const double default_pct[] = {50, 66, 80, 85, 90, 95, 98, 99, 99.9, 99.99, 100};

int cmd_merge(int argc, char **argv)
{
    struct common_opts co;
    common_opts_init(&co);
    struct merge_cli cli = {.npct = (int)ARRAY_LEN(default_pct), .out_unit = "ms", .co = &co};
    memcpy(cli.pct, default_pct, sizeof default_pct);
    cli.out_ns = lat_unit_ns("ms");
    struct opt_args pos;
    if (opt_parse(&cmd_merge_opts, (void *[]){&cli, &co}, argc, argv, &pos)) {
        free(pos.v);
        return EXIT_OK;
    }
    char **files = pos.v;
    size_t nfiles = (size_t)pos.n;
    if (!nfiles)
        die(EXIT_USAGE, "no input files (see gclat merge --help)");
    const double *pct = cli.pct;
    int npct = cli.npct;
    const char *only_tag = cli.only_tag, *save = cli.save;
    bool by_tag = cli.by_tag, hgrm = cli.hgrm;
    int64_t out_ns = cli.out_ns;
    common_opts_finish(&co);
    /* another kind of input is refused by name; junk is left to the
       reader, which says which line is not a histogram */
    if (sniff_inputs(SNIFF_HLOG, NULL, files, nfiles, SNIFF_UNKNOWN_OK)) {
        free(files);
        return EXIT_BADINPUT;
    }

    struct lat_groups cols;
    lat_groups_init(&cols, 3, 1000000, false);
    struct diag dg;
    diag_init(&dg);
    int ret = EXIT_OK;
    uint64_t nhist = 0;
    for (size_t f = 0; f < nfiles; f++) {
        struct reader rd;
        if (reader_open(&rd, files[f]) != 0) {
            warnx("cannot open %s: %s", files[f], strerror(errno));
            ret = EXIT_IO;
            continue;
        }
        reader_set_diag(&rd, &dg);
        const char *line;
        size_t len;
        int rc;
        while ((rc = reader_next(&rd, &line, &len)) == 1) {
            dg.lines_read++;
            struct hdr_log_entry e;
            const char *err = NULL;
            int r = hdr_log_parse_line(line, len, &e, &err);
            if (r < 0 && err == hdr_err_count_overflow)
                die(EXIT_BADINPUT, "%s:%llu: %s: a corrupt histogram log, refused", rd.name,
                    (unsigned long long)rd.lineno, err);
            if (r < 0) {
                diag_add(&dg, err, rd.name, rd.lineno, line, len);
                continue;
            }
            if (r == 0)
                continue;
            if (only_tag && (!e.tag || strcmp(e.tag, only_tag) != 0)) {
                hdr_log_entry_fini(&e);
                continue;
            }
            nhist++;
            const char *key = by_tag ? (e.tag ? e.tag : "-") : "";
            struct lat_group *g = lat_groups_get(&cols, key, strlen(key), 0);
            /* the file's unit: ratio_ms * 1e6 ns, rounded to a power of ten */
            double bns = e.ratio_ms * 1e6;
            int64_t base_ns = 1;
            while (base_ns < 1000000000 && (double)base_ns * 10 <= bns * 1.0000001)
                base_ns *= 10;
            struct lat_acc src;
            memset(&src, 0, sizeof src);
            src.h = e.h;
            src.base_ns = base_ns;
            /* each histogram fits in int64; their sum must too, or every count printed is wrong */
            uint64_t have = g->acc.h.total + g->acc.dense_n;
            if (e.h.total > (uint64_t)INT64_MAX - have)
                die(EXIT_BADINPUT, "%s:%llu: merged counts would add up to more than 2^63-1: "
                    "a corrupt histogram log, refused", rd.name, (unsigned long long)rd.lineno);
            if (g->acc.h.total == 0 && g->acc.base_ns != base_ns) {
                g->acc.base_ns = base_ns;
                g->acc.scale = 0;
            }
            lat_acc_merge(&g->acc, &src);
            hist_fini(&src.h);
            free(e.tag);
        }
        if (rc < 0) {
            warnx("%s: %s", rd.name, reader_strerror(&rd));
            ret = EXIT_IO;
        }
        reader_close(&rd);
    }
    /* a report of zero histograms would read as "no latency at all" */
    if (nhist == 0 && ret != EXIT_OK)
        exit(ret); /* the unreadable input was named above; an empty report would only mislead */
    if (nhist == 0) {
        if (dg.total && !co.quiet)
            diag_print_stderr(&dg);
        if (only_tag)
            die(EXIT_BADINPUT, "no histogram with tag %s in the input (%llu line(s) read)", only_tag,
                (unsigned long long)dg.lines_read);
        die(EXIT_BADINPUT, "no histogram in the input (%llu line(s) read, %llu not understood); "
            "merge reads HdrHistogram interval logs such as gclat lat --save writes",
            (unsigned long long)dg.lines_read, (unsigned long long)dg.total);
    }
    if (cols.n == 0)
        lat_groups_get(&cols, "", 0, 0);
    lat_groups_sort(&cols);
    if (save) {
        FILE *sf = outfile_open(save);
        hdr_log_header(sf, 0);
        for (size_t i = 0; i < cols.n; i++)
            hdr_log_interval(sf, cols.g[i].key_len ? cols.g[i].key : NULL, 0, 0, &cols.g[i].acc.h,
                             (double)cols.g[i].acc.base_ns / 1e6);
        outfile_commit(sf);
    }
    FILE *out = common_output(&co);
    if (hgrm) {
        for (size_t i = 0; i < cols.n; i++) {
            if (cols.n > 1) {
                fputs("==> ", out);
                esc_write(out, cols.g[i].key, ESC_TEXT); /* a tag is file-derived text */
                fputs(" <==\n", out);
            }
            lat_print_hgrm(out, &cols.g[i].acc, out_ns);
        }
    } else {
        struct report_node *root = rn_root();
        if (co.out == OUT_CSV) {
            struct report_node *rows = rn_arr(root, "rows");
            for (size_t i = 0; i < cols.n; i++) {
                struct report_node *row = rn_obj(rows, NULL);
                rn_str(row, "group", cols.g[i].key_len ? cols.g[i].key : "all");
                lat_report_flat(row, &cols.g[i].acc, pct, npct, out_ns);
            }
            render_csv(out, rows);
        } else {
            struct report_node *top = rn_title(rn_obj(root, "merge"), "Merged latency");
            rn_int(rn_title(top, "Merged latency"), "histograms", (int64_t)nhist);
            if (cols.n > 1) {
                struct lat_acc **accs = xcalloc(cols.n, sizeof *accs);
                const char **names = xcalloc(cols.n, sizeof *names);
                for (size_t i = 0; i < cols.n; i++) {
                    accs[i] = &cols.g[i].acc;
                    names[i] = cols.g[i].key;
                }
                lat_report_columns(top, "columns", accs, names, (int)cols.n, pct, npct, out_ns);
                free(accs);
                free(names);
            } else {
                lat_report_acc(top, &cols.g[0].acc, pct, npct, out_ns);
            }
            diag_report(&dg, top, "unparsed_lines");
            if (co.out == OUT_JSON)
                render_json(out, root);
            else
                common_render_people(&co, out, root);
        }
        rn_free(root);
    }
    common_output_close(out);
    if (dg.total) {
        if (co.strict) {
            diag_print_stderr(&dg);
            if (!ret)
                ret = EXIT_BADINPUT;
        } else if (!common_diag_warn(&dg, dg.lines_read) && !co.quiet) {
            warnx("%llu line(s) were not histograms (see --strict)", (unsigned long long)dg.total);
        }
    }
    diag_fini(&dg);
    lat_groups_fini(&cols);
    free(files);
    return ret;
}
