/*
 * cmd/histo.c — `gclat histo`: top classes by bytes and by instances from
 * `jmap -histo[:live]` / `jcmd GC.class_histogram`, and with two or more
 * files the growth between the first and the last (the leak suspects).
 * A driver: options -> histo_input.h -> histo_analysis.h -> renderer.
 */
#include "cli.h"
#include "commands.h"
#include "diag.h"
#include "finding.h"
#include "histo_analysis.h"
#include "histo_input.h"
#include "opt.h"
#include "render.h"
#include "report.h"
#include "sniff.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* "512k", "1m", "2g", "1048576": bytes, with a binary suffix. */
static bool parse_bytes(const char *s, int64_t *out)
{
    size_t n = strlen(s);
    int64_t mult = 1;
    if (n && (s[n - 1] == 'k' || s[n - 1] == 'K'))
        mult = 1024;
    else if (n && (s[n - 1] == 'm' || s[n - 1] == 'M'))
        mult = 1024 * 1024;
    else if (n && (s[n - 1] == 'g' || s[n - 1] == 'G'))
        mult = 1024 * 1024 * 1024;
    char *b = xstrndup(s, mult > 1 ? n - 1 : n);
    double v;
    bool ok = parse_double(b, &v) && v >= 0 && v < 1e18 / (double)mult;
    free(b);
    if (ok)
        *out = (int64_t)(v * (double)mult);
    return ok;
}

static void min_growth_opt(void *base, const struct opt *o, const char *v)
{
    if (!parse_bytes(v, &((struct histo_opts *)base)->min_growth_bytes))
        opt_bad(o, v, "bytes from 0, with an optional suffix k, m or g (e.g. 512k, 1m)");
}

#define HO struct histo_opts
static const struct opt histo_table[] = {
    OPT_INT(HO, top, "top", 0, "N", 0, 100000000, "rows per table (default 20; 0 = all)"),
    OPT_CALL("min-growth", 0, "B", min_growth_opt,
             "leak suspects must grow by at least B bytes first -> last\n"
             "(default 1048576 = 1 MiB; suffixes k, m, g)"),
    OPT_INT(HO, max_classes, "max-classes", 0, "N", 0, 1000000000,
            "classes tracked by name (default 100000; 0 = no limit): memory\n"
            "stays bounded; rows of further classes are counted in the totals\n"
            "and reported as untracked (a finding and a warning), never dropped\n"
            "silently"),
    OPT_END,
};
#undef HO
static const struct opt_group histo_group = {"Options", histo_table};

static const struct opt_note histo_notes[] = {
    {"csv", "CSV: the growth table with two or more files, else the top\n"
            "classes by bytes of the single file"},
    {"html", "one HTML page: key figures, findings, tables (docs/html.md)"},
    {NULL, NULL},
};

/* Base of the first group: struct histo_opts (compare's --histo-arg parses with it too). */
const struct opt_cmd cmd_histo_opts = {
    .name = "histo",
    .usage = "usage: gclat histo [OPTIONS] FILE...\n",
    .about = "Reads `jmap -histo[:live] PID` or `jcmd PID GC.class_histogram` output (JDK 8 without\n"
             "and JDK 9+ with the module column) and reports per FILE the top classes by bytes and\n"
             "by instance count with their share of the heap. With two or more FILEs (in the order\n"
             "taken), the growth from the first to the last file per class, sorted by bytes grown;\n"
             "classes that grew between every consecutive pair are flagged as leak suspects.\n"
             "Comparing a live histogram (:live, GC.class_histogram) with a non-live one is flagged\n"
             "(liveness from a command line kept in the file, else unknown). JDK 6 '<no name>' rows\n"
             "are read; a thread dump in the same file (kill -3 + jcmd) is counted, not unparsed.\n"
             "FILE may be '-' and may be gzip-compressed.\n",
    .groups = {&histo_group, &opt_common_group},
    .after = "Examples:\n"
             "  jmap -histo PID > h1.txt; sleep 600; jmap -histo PID > h2.txt; gclat histo h1.txt h2.txt\n"
             "  jcmd PID GC.class_histogram | gclat histo --top 10 -\n"
             "\n"
             "Exit codes: 0 ok, 1 usage, 2 bad input (or --strict with unparsed lines), 3 I/O.\n"
             "Details: docs/histo.md\n",
    .notes = histo_notes,
};

int cmd_histo(int argc, char **argv)
{
    struct common_opts co;
    common_opts_init(&co);
    struct histo_opts o;
    histo_opts_default(&o);
    struct opt_args pos;
    if (opt_parse(&cmd_histo_opts, (void *[]){&o, &co}, argc, argv, &pos)) {
        free(pos.v);
        return EXIT_OK;
    }
    char **files = pos.v;
    int nfiles = pos.n;
    if (nfiles == 0)
        die(EXIT_USAGE, "give one or more histogram files (see --help)");
    const char *bad = histo_opts_check(&o);
    if (bad)
        die(EXIT_USAGE, "%s", bad);
    common_opts_finish(&co);
    if (sniff_inputs(SNIFF_HISTO, NULL, files, (size_t)nfiles, 0)) {
        free(files);
        return EXIT_BADINPUT;
    }
    struct diag d;
    diag_init(&d);
    struct histo_analysis a;
    histo_analysis_init(&a, &o, (const char *const *)files, nfiles, &d);
    int ret = histo_read_inputs(&a, co.quiet);
    struct report_node *root = rn_root(), *csv = NULL;
    histo_analysis_report(&a, root, &csv);
    struct findings fnd;
    findings_init(&fnd);
    histo_analysis_findings(&a, &fnd);
    /* classes beyond --max-classes are said on stderr too: a table may be short */
    for (size_t k = 0; k < fnd.n && !co.quiet; k++)
        if (!strcmp(fnd.v[k].id, "histo-classes-untracked"))
            warnx("%s", fnd.v[k].summary);
    rn_move_after(root, finding_report(&fnd, root, FINDING_STYLE_TABLE), rn_get(root, "input"));
    findings_fini(&fnd);
    diag_report(&d, root, "unparsed_lines");
    if (co.out == OUT_HTML)
        common_html_inputs(&co, files, nfiles);
    common_render(&co, root, csv);
    ret = common_diag_status(&co, &d, ret);
    rn_free(root);
    histo_analysis_fini(&a);
    free(files);
    diag_fini(&d);
    return ret;
}
