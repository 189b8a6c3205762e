/*
 * compare_kinds.c — the jstat, class-histogram and thread-dump adapters of
 * compare and report (compare.h): each runs its command's analysis in this
 * process with that command's options — its defaults, or what --jstat-arg,
 * --histo-arg and --threads-arg pass, parsed by the command's own table —
 * and keeps the report tree the command would print with --json (jstat:
 * without the per-sample rows). An input that fails (cannot be read, holds
 * no row / histogram / thread, no dump --dump N) fails the command with the
 * code the single command exits with.
 */
#include "commands.h"
#include "compare.h"
#include "finding.h"
#include "histo_analysis.h"
#include "histo_input.h"
#include "jstat_analysis.h"
#include "jstat_parse.h"
#include "lat_run.h"
#include "reader.h"
#include "opt.h"
#include "td.h"
#include "cli.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The three commands' options, as their own command lines would set them. */
struct compare_kind_opts {
    struct jstat_opts jstat;
    struct histo_opts histo;
    struct td_cli threads;
};

void compare_kinds_parse(struct compare_set *s)
{
    compare_kinds_fini(s);
    struct compare_kind_opts *k = xcalloc(1, sizeof *k);
    jstat_opts_default(&k->jstat);
    opt_parse_figures(&cmd_jstat_opts, &k->jstat, s->n_jstat_args, s->jstat_args, "--jstat-arg", NULL);
    histo_opts_default(&k->histo);
    opt_parse_figures(&cmd_histo_opts, &k->histo, s->n_histo_args, s->histo_args, "--histo-arg", NULL);
    const char *bad = histo_opts_check(&k->histo);
    if (bad)
        die(EXIT_USAGE, "--histo-arg: %s", bad);
    /* --top FILE joins a top -H capture the run does not give threads */
    static const char *const threads_refused[] = {"top", NULL};
    td_cli_init(&k->threads);
    opt_parse_figures(&cmd_threads_opts, &k->threads, s->n_threads_args, s->threads_args, "--threads-arg",
                      threads_refused);
    td_cli_prefixes(&k->threads);
    /* lat's own parser reads --lat-arg later, with the files (compare_lat_tree):
       refuse here what would be silently dropped or mislabelled there — the
       output options, the grouping (one table per run is compared) and
       --out-unit (the rows are labelled ms) */
    static const char *const lat_refused[] = {"out-unit", "by",     "max-groups", "sort", "route",
                                              "raw-paths", "interval", "format", "cal-awk", "save", NULL};
    static const struct opt_group *const lat_refused_groups[] = {&opt_common_group, NULL};
    opt_check_passthrough(&cmd_lat_opts, lat_refused_groups, lat_refused, s->n_lat_args, s->lat_args,
                          "--lat-arg", "access");
    s->kind_opts = k;
}

void compare_kinds_fini(struct compare_set *s)
{
    if (!s->kind_opts)
        return;
    td_cli_fini(&s->kind_opts->threads);
    free(s->kind_opts);
    s->kind_opts = NULL;
}

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

/* `gclat jstat --json [--jstat-arg...] FILES`: one series per file, its findings. */
static int load_jstat(struct compare_set *s, struct compare_run *r)
{
    char **files = r->files[CK_JSTAT];
    int nfiles = r->nfiles[CK_JSTAT];
    const struct jstat_opts *jo = &s->kind_opts->jstat;
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
        jstat_series_init(&js, rd.name, jo->interval_us, rows);
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
            jstat_series_findings(&js, &jo->L, &fnd);
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

/* `gclat histo --json [--histo-arg...] FILES`: the run's histograms in the order given (growth from the first to the last). */
static int load_histo(struct compare_set *s, struct compare_run *r)
{
    char **files = r->files[CK_HISTO];
    int nfiles = r->nfiles[CK_HISTO];
    struct diag d;
    diag_init(&d);
    struct histo_analysis a;
    histo_analysis_init(&a, &s->kind_opts->histo, (const char *const *)files, nfiles, &d);
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

/*
 * `gclat threads --json [--threads-arg...] FILES`: the dumps as successive
 * dumps of one process, the last one analysed (or --dump N).
 */
static int load_threads(struct compare_set *s, struct compare_run *r)
{
    char **files = r->files[CK_THREADS];
    int nfiles = r->nfiles[CK_THREADS];
    const struct td_opts *o = &s->kind_opts->threads.o;
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
    if (ret == EXIT_OK && o->dump > 0 && (size_t)o->dump > ts.nd) {
        warnx("%s: --dump %d: the input has %zu dump(s)", r->name, o->dump, ts.nd);
        ret = EXIT_USAGE; /* as gclat threads --dump N */
    }
    if (ret) {
        failed(s, r, "gclat threads", files, nfiles, ret);
        td_set_fini(&ts);
        return ret;
    }
    struct report_node *root = rn_root();
    td_report(&ts, o, root);
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
