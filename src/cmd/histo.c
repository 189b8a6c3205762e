/*
 * cmd/histo.c — `gclat histo`: top classes by bytes and by instances from
 * `jmap -histo[:live]` / `jcmd GC.class_histogram`, and with two or more
 * files the growth between the first and the last (the leak suspects).
 *
 * A class is keyed by "name (module)"; rows with the same key in one file
 * (the same class name from different class loaders) are summed. A class
 * missing from a file counts as 0 there.
 */
#include "cli.h"
#include "commands.h"
#include "diag.h"
#include "finding.h"
#include "histo_live.h"
#include "histo_parse.h"
#include "histo_table.h"
#include "reader.h"
#include "render.h"
#include "report.h"
#include "sniff.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

const char cmd_histo_help[] =
    "usage: gclat histo [OPTIONS] FILE...\n"
    "\n"
    "Reads `jmap -histo[:live] PID` or `jcmd PID GC.class_histogram` output (JDK 8 without\n"
    "and JDK 9+ with the module column) and reports per FILE the top classes by bytes and\n"
    "by instance count with their share of the heap. With two or more FILEs (in the order\n"
    "taken), the growth from the first to the last file per class, sorted by bytes grown;\n"
    "classes that grew between every consecutive pair are flagged as leak suspects.\n"
    "Comparing a live histogram (:live, GC.class_histogram) with a non-live one is flagged\n"
    "(liveness from a command line kept in the file, else unknown). JDK 6 '<no name>' rows\n"
    "are read; a thread dump in the same file (kill -3 + jcmd) is counted, not unparsed.\n"
    "FILE may be '-' and may be gzip-compressed.\n"
    "\n"
    "Options:\n"
    "  --top N          rows per table (default 20; 0 = all)\n"
    "  --min-growth B   leak suspects must grow by at least B bytes first -> last\n"
    "                   (default 1048576 = 1 MiB; suffixes k, m, g)\n"
    "  --max-classes N  classes tracked by name (default 100000; 0 = no limit): memory\n"
    "                   stays bounded; rows of further classes are counted in the totals\n"
    "                   and reported as untracked (a finding and a warning), never dropped\n"
    "                   silently\n"
    "\n"
    "--csv writes the growth table with two or more files, else the top classes by bytes\n"
    "of the single file.\n"
    "\n"
    "Common options:\n"
    "  --json            machine-readable JSON\n"
    "  --csv             CSV (see above for which table)\n"
    "  --html            one HTML page: key figures, findings, tables (docs/html.md)\n"
    "  -o, --output FILE write the report to FILE instead of standard output\n"
    "  --strict          exit 2 if any input line was not understood\n"
    "  -q, --quiet       no progress line and no warnings on stderr\n"
    "  -h, --help        this help\n"
    "\n"
    "Examples:\n"
    "  jmap -histo PID > h1.txt; sleep 600; jmap -histo PID > h2.txt; gclat histo h1.txt h2.txt\n"
    "  jcmd PID GC.class_histogram | gclat histo --top 10 -\n"
    "\n"
    "Exit codes: 0 ok, 1 usage, 2 bad input (or --strict with unparsed lines), 3 I/O.\n"
    "Details: docs/histo.md\n";
static void cls_cols(struct report_node *r, const struct histo_table *t, size_t i)
{
    rn_str(r, "class", histo_table_name(t, i));
    const char *m = histo_table_module(t, i);
    rn_str(r, "module", m ? m : "");
}

static void on_row(const struct histo_row *r, void *ctx)
{
    histo_table_add(ctx, r);
}

static const struct finding_text histo_texts[] = {
    {"histo-total-mismatch", "Rows do not add up to the Total line",
     "The class rows of this histogram add up to other figures than its Total line: the file was cut or "
     "edited.", "Take the histogram again and keep the whole output."},
    {"histo-classes-untracked", "Classes beyond --max-classes",
     "Rows of classes beyond --max-classes are counted in the totals but not in the tables or the growth.",
     "Raise --max-classes when a top table may miss a class."},
    {"histo-liveness-mismatch", "Live and non-live histograms compared",
     "One histogram counts live objects only (a full GC ran first), another counts unreachable ones too: "
     "the difference is garbage, not growth.",
     "Compare histograms taken the same way (jmap -histo:live with jmap -histo:live)."},
    {"histo-liveness-unknown", "How a histogram was taken is unknown",
     "The input does not say whether it counts live objects only, so the growth may include garbage.",
     "Keep the command line (jmap -histo:live, jcmd GC.class_histogram) with the output."},
    {"leak-suspect", "Class growing in every histogram",
     "The class grew by more than --min-growth and in every histogram: something may retain its instances.",
     "Take a heap dump and look at what holds the instances of this class (dominator tree, paths to GC roots)."},
};

static void finding(struct findings *fs, const char *sev, const char *id, char *text)
{
    findings_add_text(fs, histo_texts, sizeof histo_texts / sizeof *histo_texts, sev, id, text);
}

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

int cmd_histo(int argc, char **argv)
{
    struct common_opts co;
    common_opts_init(&co);
    int top = 20;
    int64_t min_growth = 1024 * 1024;
    int64_t max_classes = 100000;
    char **files = xcalloc((size_t)argc + 1, sizeof *files);
    int nfiles = 0;
    bool dashdash = false;
    for (int i = 1; i < argc; i++) {
        const char *x = argv[i];
        if (dashdash || x[0] != '-' || strcmp(x, "-") == 0) {
            files[nfiles++] = argv[i];
        } else if (strcmp(x, "--") == 0) {
            dashdash = true;
        } else if (common_opt(&co, argc, argv, &i)) {
            continue;
        } else if (opt_is(x, "--top")) {
            top = (int)opt_int(x, opt_value(argc, argv, &i), 0, 100000000);
        } else if (opt_is(x, "--max-classes")) {
            max_classes = opt_int(x, opt_value(argc, argv, &i), 0, 1000000000);
        } else if (opt_is(x, "--min-growth")) {
            if (!parse_bytes(opt_value(argc, argv, &i), &min_growth))
                die(EXIT_USAGE, "bad --min-growth");
        } else {
            die(EXIT_USAGE, "unknown option %s (see gclat histo --help)", x);
        }
    }
    if (nfiles == 0)
        die(EXIT_USAGE, "give one or more histogram files (see --help)");
    common_opts_finish(&co);
    if (sniff_inputs(SNIFF_HISTO, NULL, files, (size_t)nfiles, 0)) {
        free(files);
        return EXIT_BADINPUT;
    }
    struct diag d;
    diag_init(&d);
    struct histo_table t;
    histo_table_init(&t, nfiles, (size_t)max_classes);
    int64_t *tot_i = xcalloc((size_t)nfiles, sizeof *tot_i);
    int64_t *tot_b = xcalloc((size_t)nfiles, sizeof *tot_b);
    int64_t *rep_i = xcalloc((size_t)nfiles, sizeof *rep_i);
    int64_t *rep_b = xcalloc((size_t)nfiles, sizeof *rep_b);
    bool *has_total = xcalloc((size_t)nfiles, sizeof *has_total);
    uint64_t *rows = xcalloc((size_t)nfiles, sizeof *rows);
    struct histo_parser *meta = xcalloc((size_t)nfiles, sizeof *meta); /* liveness, dump lines */
    int ret = EXIT_OK;
    for (int f = 0; f < nfiles; f++) {
        struct reader r;
        if (reader_open(&r, files[f]) != 0) {
            warnx("cannot open %s: %s", files[f], strerror(errno));
            ret = EXIT_IO;
            continue;
        }
        reader_set_diag(&r, &d);
        t.cur = f;
        struct histo_parser p;
        histo_parser_init(&p, r.name, &d, on_row, &t);
        const char *s;
        size_t n;
        int rc;
        while ((rc = reader_next(&r, &s, &n)) == 1) {
            d.lines_read++;
            histo_parser_line(&p, s, n, r.lineno);
        }
        reader_progress_done();
        if (rc < 0) {
            warnx("%s: %s", r.name, reader_strerror(&r));
            ret = EXIT_IO;
        }
        has_total[f] = p.have_total;
        rep_i[f] = p.total_instances;
        rep_b[f] = p.total_bytes;
        rows[f] = p.rows;
        meta[f] = p;
        if (p.dump_lines && !co.quiet)
            warnx("%s:%llu: %llu lines are a thread dump, not a histogram (gclat threads %s reads "
                  "them)", r.name, (unsigned long long)p.dump_first_line,
                  (unsigned long long)p.dump_lines, r.name);
        if (p.rows == 0 && ret == EXIT_OK) {
            warnx("%s: no histogram rows", r.name);
            ret = EXIT_BADINPUT;
        }
        reader_close(&r);
    }
    uint64_t untracked_rows = 0;
    for (int f = 0; f < nfiles; f++) {
        for (size_t k = 0; k < t.n; k++) {
            tot_i[f] += histo_table_inst(&t, k, f);
            tot_b[f] += histo_table_bytes(&t, k, f);
        }
        tot_i[f] += t.untracked[f].instances;
        tot_b[f] += t.untracked[f].bytes;
        untracked_rows += t.untracked[f].rows;
    }

    struct report_node *root = rn_root();
    struct report_node *in = rn_title(rn_obj(root, "input"), "gclat histo");
    struct report_node *fl = rn_arr(in, "files");
    for (int i = 0; i < nfiles; i++)
        rn_str(fl, NULL, files[i]);
    rn_int(in, "classes", (int64_t)t.n);
    /* text shows the cap only when it was reached */
    unsigned capflags = untracked_rows ? 0 : RF_NOTEXT;
    rn_flags(rn_title(rn_int(in, "max_classes", max_classes), "max classes (--max-classes)"), capflags);
    rn_flags(rn_title(rn_int(in, "untracked_rows", (int64_t)untracked_rows), "rows of untracked classes"),
             capflags);
    struct findings fnds, *fnd = &fnds;
    findings_init(fnd);
    size_t lim = top > 0 ? (size_t)top : 0;
    size_t *ord = NULL;
    struct report_node *csv = NULL;
    struct report_node *hs = rn_title(rn_arr(root, "histograms"), "Histograms");
    for (int f = 0; f < nfiles; f++) {
        struct report_node *o = rn_title(rn_obj(hs, NULL), files[f]);
        rn_str(o, "file", files[f]);
        rn_int(o, "rows", (int64_t)rows[f]);
        rn_int(o, "instances", tot_i[f]);
        rn_int(o, "bytes", tot_b[f]);
        rn_unit(rn_title(rn_num(o, "mib", (double)tot_b[f] / 1048576, 1), "size"), "MiB");
        rn_flags(rn_str(o, "liveness", histo_liveness_names[meta[f].liveness]), RF_NOTEXT);
        char *basis = histo_liveness_basis(&meta[f]);
        rn_flags(rn_str(o, "liveness_basis", basis), RF_NOTEXT);
        free(basis);
        if (meta[f].dump_lines)
            rn_title(rn_int(o, "thread_dump_lines", (int64_t)meta[f].dump_lines),
                     "thread dump lines (gclat threads)");
        if (has_total[f]) {
            rn_title(rn_int(o, "total_line_instances", rep_i[f]), "Total line instances");
            rn_title(rn_int(o, "total_line_bytes", rep_b[f]), "Total line bytes");
            if (rep_i[f] != tot_i[f] || rep_b[f] != tot_b[f])
                finding(fnd, "info", "histo-total-mismatch",
                        xasprintf("%s: rows add up to %lld instances / %lld bytes, the Total "
                                  "line says %lld / %lld (truncated file?)", files[f],
                                  (long long)tot_i[f], (long long)tot_b[f], (long long)rep_i[f],
                                  (long long)rep_b[f]));
        }
        const struct histo_untracked *u = &t.untracked[f];
        if (u->rows) {
            struct report_node *uo = rn_title(rn_obj(o, "untracked"), "rows of classes beyond --max-classes");
            rn_int(uo, "rows", (int64_t)u->rows);
            rn_int(uo, "instances", u->instances);
            rn_int(uo, "bytes", u->bytes);
            rn_title(rn_int(uo, "max_row_instances", u->max_row_instances), "largest row, instances");
            rn_title(rn_int(uo, "max_row_bytes", u->max_row_bytes), "largest row, bytes");
        }
        size_t nb = histo_table_top(&t, HISTO_BY_BYTES, f, lim, 0, &ord);
        struct report_node *tb = rn_flags(rn_title(rn_arr(o, "top_bytes"), "top classes by bytes"),
                                          RF_TABLE);
        for (size_t k = 0; k < nb; k++) {
            struct report_node *r = rn_obj(tb, NULL);
            size_t c = ord[k];
            rn_int(r, "rank", (int64_t)k + 1);
            cls_cols(r, &t, c);
            rn_int(r, "instances", histo_table_inst(&t, c, f));
            rn_int(r, "bytes", histo_table_bytes(&t, c, f));
            rn_title(rn_num(r, "bytes_pct", tot_b[f] ? 100.0 * (double)histo_table_bytes(&t, c, f) /
                                                           (double)tot_b[f] : 0, 2), "% bytes");
        }
        /* an untracked row larger than the last one shown could belong in the table */
        bool bytes_short = u->rows && (nb < lim || lim == 0 || nb == 0 ||
                                       u->max_row_bytes > histo_table_bytes(&t, ord[nb - 1], f));
        free(ord);
        if (!csv)
            csv = tb;
        size_t ni = histo_table_top(&t, HISTO_BY_INSTANCES, f, lim, 0, &ord);
        struct report_node *ti = rn_flags(rn_title(rn_arr(o, "top_instances"),
                                                   "top classes by instances"), RF_TABLE);
        for (size_t k = 0; k < ni; k++) {
            struct report_node *r = rn_obj(ti, NULL);
            size_t c = ord[k];
            rn_int(r, "rank", (int64_t)k + 1);
            cls_cols(r, &t, c);
            rn_int(r, "instances", histo_table_inst(&t, c, f));
            rn_int(r, "bytes", histo_table_bytes(&t, c, f));
            rn_title(rn_num(r, "instances_pct", tot_i[f] ? 100.0 * (double)histo_table_inst(&t, c, f) /
                                                               (double)tot_i[f] : 0, 2),
                     "% instances");
        }
        bool inst_short = u->rows && (ni < lim || lim == 0 || ni == 0 ||
                                      u->max_row_instances > histo_table_inst(&t, ord[ni - 1], f));
        free(ord);
        if (u->rows) {
            char *msg = xasprintf("%s: %llu row(s) (%lld instances, %lld bytes, %.2f%% of the bytes) are of "
                                  "classes beyond --max-classes %lld: counted in the totals, not in the "
                                  "tables%s%s", files[f], (unsigned long long)u->rows, (long long)u->instances,
                                  (long long)u->bytes,
                                  tot_b[f] ? 100.0 * (double)u->bytes / (double)tot_b[f] : 0.0,
                                  (long long)max_classes, nfiles > 1 ? " or the growth" : "",
                                  bytes_short || inst_short
                                      ? "; one of them is larger than the last row shown, so a top table "
                                        "may miss a class: raise --max-classes"
                                      : "");
            if (!co.quiet)
                warnx("%s", msg);
            finding(fnd, bytes_short || inst_short ? "warning" : "info", "histo-classes-untracked", msg);
        }
    }
    struct histo_live_note note;
    if (nfiles >= 2 && histo_liveness_note(meta, (const char *const *)files, nfiles, &note))
        finding(fnd, note.severity, note.id, note.text);
    if (nfiles >= 2) {
        int last = nfiles - 1;
        char *title = xasprintf("Growth %s -> %s (by bytes)", files[0], files[last]);
        struct report_node *gt = rn_flags(rn_title(rn_arr(root, "growth"), title), RF_TABLE);
        free(title);
        size_t ng = histo_table_top(&t, HISTO_BY_GROWTH, 0, lim, 0, &ord);
        for (size_t k = 0; k < ng; k++) {
            size_t c = ord[k];
            int64_t b0 = histo_table_bytes(&t, c, 0);
            int64_t db = histo_table_bytes(&t, c, last) - b0;
            int64_t di = histo_table_inst(&t, c, last) - histo_table_inst(&t, c, 0);
            bool mono = histo_table_monotonic(&t, c);
            struct report_node *r = rn_obj(gt, NULL);
            cls_cols(r, &t, c);
            rn_title(rn_int(r, "instances_first", histo_table_inst(&t, c, 0)), "instances first");
            rn_title(rn_int(r, "instances_last", histo_table_inst(&t, c, last)), "instances last");
            rn_title(rn_int(r, "instances_growth", di), "+instances");
            rn_title(rn_int(r, "bytes_growth", db), "+bytes");
            if (b0 > 0)
                rn_title(rn_num(r, "growth_pct", 100.0 * (double)db / (double)b0, 1), "+%");
            else
                rn_title(rn_null(r, "growth_pct"), "+%");
            rn_title(rn_bool(r, "grew_every_step", mono), "grew every step");
            rn_title(rn_bool(r, "leak_suspect", mono && db >= min_growth), "suspect");
        }
        free(ord);
        size_t ns = histo_table_top(&t, HISTO_BY_SUSPECT, 0, 5, min_growth, &ord);
        for (size_t k = 0; k < ns; k++) {
            size_t c = ord[k];
            int64_t db = histo_table_bytes(&t, c, last) - histo_table_bytes(&t, c, 0);
            int64_t di = histo_table_inst(&t, c, last) - histo_table_inst(&t, c, 0);
            finding(fnd, "warning", "leak-suspect",
                    xasprintf("%s grew in every histogram: %+lld instances, %+lld bytes "
                              "(%s -> %s)", histo_table_name(&t, c), (long long)di, (long long)db, files[0],
                              files[last]));
        }
        free(ord);
        csv = gt;
    }
    rn_move_after(root, finding_report(fnd, root, FINDING_STYLE_TABLE), in);
    findings_fini(fnd);
    diag_report(&d, root, "unparsed_lines");
    if (co.out == OUT_HTML)
        common_html_inputs(&co, files, nfiles);
    common_render(&co, root, csv);
    ret = common_diag_status(&co, &d, ret);
    rn_free(root);
    histo_table_fini(&t);
    free(tot_i);
    free(tot_b);
    free(rep_i);
    free(rep_b);
    free(has_total);
    free(rows);
    free(meta);
    free(files);
    diag_fini(&d);
    return ret;
}
