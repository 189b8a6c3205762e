/*
 * compare_kinds.c — the jstat, class-histogram and thread-dump adapters of
 * compare and report (compare.h): each runs its command's analysis in this
 * process with that command's default options and keeps the report tree the
 * command would print with --json (jstat: without the per-sample rows). An
 * input that fails (cannot be read, holds no row / histogram / thread) fails
 * the command with the code the single command exits with.
 */
#include "compare.h"
#include "finding.h"
#include "histo_analysis.h"
#include "histo_input.h"
#include "jstat_analysis.h"
#include "jstat_parse.h"
#include "reader.h"
#include "td.h"
#include "cli.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static void files_node(struct report_node *in, char **files, int n)
{
    struct report_node *fl = rn_arr(in, "files");
    for (int i = 0; i < n; i++)
        rn_str(fl, NULL, files[i]);
}

static void failed(const struct compare_set *s, const struct compare_run *r, const char *cmd, char **files, int n,
                   int rc)
{
    if (!s->quiet)
        warnx("%s: '%s' failed on %s%s (exit %d)", r->name, cmd, files[0], n > 1 ? " ..." : "", rc);
}

static void on_jstat_row(const struct jstat_row *row, void *ctx)
{
    jstat_series_add(ctx, row);
}

/* `gclat jstat --json FILES`: one series per file, its findings with the default limits. */
static int load_jstat(struct compare_set *s, struct compare_run *r)
{
    char **files = r->files[CK_JSTAT];
    int nfiles = r->nfiles[CK_JSTAT];
    struct jstat_limits L;
    jstat_limits_default(&L);
    struct diag d;
    diag_init(&d);
    struct report_node *root = rn_root(), *samples = rn_root();
    struct report_node *in = rn_title(rn_obj(root, "input"), "gclat jstat");
    files_node(in, files, nfiles);
    struct findings fnd;
    findings_init(&fnd);
    struct report_node *arr = rn_title(rn_arr(root, "series"), "Series");
    struct report_node *rows = rn_arr(samples, "samples"); /* per sample: not kept */
    int ret = EXIT_OK;
    uint64_t total_rows = 0;
    for (int i = 0; i < nfiles; i++) {
        struct reader rd;
        if (reader_open(&rd, files[i]) != 0) {
            warnx("cannot open %s: %s", files[i], strerror(errno));
            ret = EXIT_IO;
            continue;
        }
        reader_set_diag(&rd, &d);
        struct jstat_series js;
        jstat_series_init(&js, rd.name, 1000000, rows);
        struct jstat_parser p;
        jstat_parser_init(&p, rd.name, &d, on_jstat_row, &js);
        const char *line;
        size_t n;
        int rc;
        while ((rc = reader_next(&rd, &line, &n)) == 1) {
            d.lines_read++;
            jstat_parser_line(&p, line, n, rd.lineno);
        }
        jstat_parser_finish(&p);
        reader_progress_done();
        if (rc < 0) {
            warnx("%s: %s", rd.name, reader_strerror(&rd));
            ret = EXIT_IO;
        }
        total_rows += js.rows;
        if (js.rows) {
            jstat_series_report(&js, arr);
            jstat_series_findings(&js, &L, &fnd);
        }
        jstat_series_fini(&js);
        reader_close(&rd);
    }
    rn_free(samples);
    if (ret == EXIT_OK && total_rows == 0) {
        warnx("%s: no jstat rows found", files[0]);
        ret = EXIT_BADINPUT;
    }
    rn_move_after(root, finding_report(&fnd, root, FINDING_STYLE_TABLE), in);
    findings_fini(&fnd);
    diag_report(&d, root, "unparsed_lines");
    diag_fini(&d);
    if (ret) {
        failed(s, r, "gclat jstat", files, nfiles, ret);
        rn_free(root);
        return ret;
    }
    r->tree[CK_JSTAT] = root;
    return 0;
}

/* `gclat histo --json FILES`: the run's histograms in the order given (growth from the first to the last). */
static int load_histo(struct compare_set *s, struct compare_run *r)
{
    char **files = r->files[CK_HISTO];
    int nfiles = r->nfiles[CK_HISTO];
    struct histo_opts o;
    histo_opts_default(&o);
    struct diag d;
    diag_init(&d);
    struct histo_analysis a;
    histo_analysis_init(&a, &o, (const char *const *)files, nfiles, &d);
    int ret = histo_read_inputs(&a, s->quiet);
    struct report_node *root = rn_root();
    histo_analysis_report(&a, root, NULL);
    struct findings fnd;
    findings_init(&fnd);
    histo_analysis_findings(&a, &fnd);
    rn_move_after(root, finding_report(&fnd, root, FINDING_STYLE_TABLE), rn_get(root, "input"));
    findings_fini(&fnd);
    diag_report(&d, root, "unparsed_lines");
    histo_analysis_fini(&a);
    diag_fini(&d);
    if (ret) {
        failed(s, r, "gclat histo", files, nfiles, ret);
        rn_free(root);
        return ret;
    }
    r->tree[CK_HISTO] = root;
    return 0;
}

/* `gclat threads --json FILES`: the dumps as successive dumps of one process, the last one analysed. */
static int load_threads(struct compare_set *s, struct compare_run *r)
{
    char **files = r->files[CK_THREADS];
    int nfiles = r->nfiles[CK_THREADS];
    struct td_opts o;
    memset(&o, 0, sizeof o);
    o.limit = 10;
    o.stack_depth = 30;
    o.pid = -1;
    size_t nfw = 0;
    while (td_default_framework_prefixes[nfw])
        nfw++;
    o.px.fw = (const char **)td_default_framework_prefixes;
    o.px.nfw = nfw;
    struct td_set ts;
    td_set_init(&ts);
    int ret = EXIT_OK;
    for (int i = 0; i < nfiles; i++)
        if (td_parse_file(&ts, files[i], s->quiet) != 0)
            ret = EXIT_IO;
    if (ret == EXIT_OK && ts.nt == 0) {
        warnx("%s: no thread found in the input (not a thread dump?)", files[0]);
        ret = EXIT_BADINPUT;
    }
    if (ret) {
        failed(s, r, "gclat threads", files, nfiles, ret);
        td_set_fini(&ts);
        return ret;
    }
    struct report_node *root = rn_root();
    td_report(&ts, &o, root);
    td_set_fini(&ts);
    r->tree[CK_THREADS] = root;
    return 0;
}

int compare_load_kinds(struct compare_set *s, int index)
{
    struct compare_run *r = &s->runs[index];
    int rc = 0, e;
    if (r->nfiles[CK_JSTAT] && (e = load_jstat(s, r)) && !rc)
        rc = e;
    if (r->nfiles[CK_HISTO] && (e = load_histo(s, r)) && !rc)
        rc = e;
    if (r->nfiles[CK_THREADS] && (e = load_threads(s, r)) && !rc)
        rc = e;
    return rc;
}
