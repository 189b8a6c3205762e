/*
 * cmd/jstat.c — `gclat jstat`: GC rates, time per GC, occupancy of each space
 * over time and promotion from `jstat -gc/-gcutil/-gccause [-t]` captures.
 *
 * Each FILE is one series (jstat prints cumulative counters, so counts are
 * differences between rows; a counter that goes down means the JVM was
 * restarted and the new value counts from zero). Occupancy percentages are
 * kept as % x 100 in hist.h histograms, so the table uses the same
 * nearest-rank rule as `gclat lat`.
 */
#include "chart_node.h"
#include "cli.h"
#include "opt.h"
#include "html_charts.h"
#include "commands.h"
#include "diag.h"
#include "hist.h"
#include "finding.h"
#include "jstat_analysis.h"
#include "jstat_parse.h"
#include "reader.h"
#include "render.h"
#include "report.h"
#include "sniff.h"
#include "stats.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define JC struct jstat_opts
static const struct opt jstat_table[] = {
    OPT_DURATION(JC, interval_us, OPT_STORE_US, "interval", 0, "DUR", 1000000, 1,
                 "time between rows when there is no Timestamp column (-t);\n"
                 "the interval given to jstat (default 1s, reported as assumed)"),
    OPT_NUM(JC, L.young_per_min, "young-per-min", 0, "N", 0, 1e9,
            "finding when young GCs per minute exceed N (default 60)"),
    OPT_PCT(JC, L.gc_time_pct, "gc-time-warn", 0, "PCT", 0, 100,
            "finding when GC time (GCT) is at least PCT of wall time\n"
            "(default 10%)"),
    OPT_PCT(JC, L.old_full_pct, "old-full-warn", 0, "PCT", 0, 100,
            "finding when old-gen occupancy P50 is at least PCT (default 90%)"),
    OPT_END,
};
#undef JC
static const struct opt_group jstat_group = {"Options", jstat_table};

static const struct opt_note jstat_notes[] = {
    {"csv", "one row per jstat sample of every file (file, line, t_s, occupancies,\n"
            "counters)"},
    {"html", "one HTML page: key figures, findings, occupancy and GC time charts"},
    {NULL, NULL},
};

/* Base of the first group: struct jstat_opts (compare's --jstat-arg parses with it too). */
const struct opt_cmd cmd_jstat_opts = {
    .name = "jstat",
    .usage = "usage: gclat jstat [OPTIONS] FILE...\n",
    .about = "Reads `jstat -gc`, `-gcutil` or `-gccause` output (with or without -t, with headers\n"
             "repeated by -h N, JDK 8 and 11+ column sets, '-' cells) and reports per FILE: young,\n"
             "full and concurrent GC counts and per minute, mean time per GC, GC time share of wall\n"
             "time, occupancy of each space over time (S0 S1 E O M CCS: mean, P50, P95, max,\n"
             "first, last), old-generation growth across young GCs (promotion), and GC causes\n"
             "(-gccause). FILE may be '-' and may be gzip-compressed.\n",
    .groups = {&jstat_group, &opt_common_group},
    .after = "Examples:\n"
             "  jstat -gc -t PID 2000 > jstat.txt; gclat jstat jstat.txt\n"
             "  jstat -gcutil PID 1000 | gclat jstat --interval 1s -\n"
             "  gclat jstat --csv jstat-gccause.txt > samples.csv\n"
             "\n"
             "Exit codes: 0 ok, 1 usage, 2 bad input (or --strict with unparsed lines), 3 I/O.\n"
             "Details: docs/jstat.md\n",
    .notes = jstat_notes,
};

static void on_row(const struct jstat_row *r, void *ctx)
{
    jstat_series_add(ctx, r);
}

int cmd_jstat(int argc, char **argv)
{
    struct common_opts co;
    common_opts_init(&co);
    struct jstat_opts cli;
    jstat_opts_default(&cli);
    struct opt_args pos;
    if (opt_parse(&cmd_jstat_opts, (void *[]){&cli, &co}, argc, argv, &pos)) {
        free(pos.v);
        return EXIT_OK;
    }
    const struct jstat_limits L = cli.L;
    int64_t interval_us = cli.interval_us;
    char **files = pos.v;
    int nfiles = pos.n;
    if (nfiles == 0)
        die(EXIT_USAGE, "give one or more jstat output files (see --help)");
    common_opts_finish(&co);
    if (sniff_inputs(SNIFF_JSTAT, NULL, files, (size_t)nfiles, 0)) {
        free(files);
        return EXIT_BADINPUT;
    }
    struct diag d;
    diag_init(&d);
    struct report_node *root = rn_root();
    struct report_node *in = rn_title(rn_obj(root, "input"), "gclat jstat");
    struct report_node *fl = rn_arr(in, "files");
    for (int i = 0; i < nfiles; i++)
        rn_str(fl, NULL, files[i]);
    struct findings fnd;
    findings_init(&fnd);
    struct report_node *arr = rn_title(rn_arr(root, "series"), "Series");
    struct report_node *csv = rn_flags(rn_arr(root, "samples"), RF_NOTEXT);
    int ret = EXIT_OK;
    uint64_t total_rows = 0;
    for (int i = 0; i < nfiles; i++) {
        struct reader r;
        if (reader_open(&r, files[i]) != 0) {
            warnx("cannot open %s: %s", files[i], strerror(errno));
            ret = EXIT_IO;
            continue;
        }
        reader_set_diag(&r, &d);
        struct jstat_series s;
        jstat_series_init(&s, r.name, interval_us, csv);
        struct jstat_parser p;
        jstat_parser_init(&p, r.name, &d, on_row, &s);
        const char *line;
        size_t n;
        int rc;
        while ((rc = reader_next(&r, &line, &n)) == 1) {
            d.lines_read++;
            jstat_parser_line(&p, line, n, r.lineno);
        }
        jstat_parser_finish(&p);
        reader_progress_done();
        if (rc < 0) {
            warnx("%s: %s", r.name, reader_strerror(&r));
            ret = EXIT_IO;
        }
        total_rows += s.rows;
        if (s.rows) {
            jstat_series_report(&s, arr);
            jstat_series_findings(&s, &L, &fnd);
        }
        jstat_series_fini(&s);
        reader_close(&r);
    }
    if (ret == EXIT_OK && total_rows == 0) {
        diag_print_stderr(&d);
        warnx("no jstat rows found");
        ret = EXIT_BADINPUT;
    }
    rn_move_after(root, finding_report(&fnd, root, FINDING_STYLE_TABLE), rn_get(root, "input"));
    findings_fini(&fnd);
    diag_report(&d, root, "unparsed_lines");
    if (co.out == OUT_HTML) {
        jstat_charts_report(root, chart_group(root, "charts", NULL));
        common_html_inputs(&co, files, nfiles);
    }
    common_render(&co, root, csv);
    ret = common_diag_status(&co, &d, ret);
    rn_free(root);
    diag_fini(&d);
    free(files);
    return ret;
}
