/*
 * histo_analysis.c — see histo_analysis.h. A class is keyed by "name
 * (module)"; rows with the same key in one file (the same class name from
 * different class loaders) are summed. A class missing from a file counts
 * as 0 there.
 */
#include "histo_analysis.h"
#include "finding.h"
#include "histo_live.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void histo_opts_default(struct histo_opts *o)
{
    o->top = 20;
    o->min_growth_bytes = 1024 * 1024;
    o->max_classes = 100000;
}

const char *histo_opts_check(const struct histo_opts *o)
{
    if (o->top < 0)
        return "--top must be 0 or more";
    if (o->min_growth_bytes < 0)
        return "--min-growth must be 0 or more";
    if (o->max_classes < 0)
        return "--max-classes must be 0 or more";
    return NULL;
}

static void on_row(const struct histo_row *r, void *ctx)
{
    histo_table_add(ctx, r);
}

void histo_analysis_init(struct histo_analysis *a, const struct histo_opts *o, const char *const *files,
                         int nfiles, struct diag *d)
{
    memset(a, 0, sizeof *a);
    a->o = *o;
    a->nfiles = nfiles;
    a->diag = d;
    a->cur = -1;
    a->f = xcalloc((size_t)(nfiles > 0 ? nfiles : 1), sizeof *a->f);
    for (int i = 0; i < nfiles; i++)
        a->f[i].name = files[i];
    histo_table_init(&a->t, nfiles, (size_t)o->max_classes);
}

void histo_analysis_begin_file(struct histo_analysis *a, int i, const char *name)
{
    a->cur = i;
    a->t.cur = i;
    a->f[i].read = true;
    histo_parser_init(&a->f[i].p, name, a->diag, on_row, &a->t);
}

void histo_analysis_add_line(struct histo_analysis *a, const char *s, size_t n, uint64_t lineno)
{
    histo_parser_line(&a->f[a->cur].p, s, n, lineno);
}

void histo_analysis_finish(struct histo_analysis *a)
{
    const struct histo_table *t = &a->t;
    a->untracked_rows = 0;
    for (int f = 0; f < a->nfiles; f++) {
        struct histo_file *hf = &a->f[f];
        hf->instances = hf->bytes = 0;
        for (size_t k = 0; k < t->n; k++) {
            hf->instances += histo_table_inst(t, k, f);
            hf->bytes += histo_table_bytes(t, k, f);
        }
        hf->instances += t->untracked[f].instances;
        hf->bytes += t->untracked[f].bytes;
        a->untracked_rows += t->untracked[f].rows;
    }
}

static size_t limit(const struct histo_analysis *a)
{
    return a->o.top > 0 ? (size_t)a->o.top : 0;
}

static void cls_cols(struct report_node *r, const struct histo_table *t, size_t i)
{
    rn_str(r, "class", histo_table_name(t, i));
    const char *m = histo_table_module(t, i);
    rn_str(r, "module", m ? m : "");
}

/* A top table of file f by bytes or instances; ord gets the classes shown (free it), the count is returned. */
static size_t top_table(const struct histo_analysis *a, int f, enum histo_rank rank, struct report_node *o,
                        size_t **ord)
{
    const struct histo_table *t = &a->t;
    bool by_bytes = rank == HISTO_BY_BYTES;
    int64_t total = by_bytes ? a->f[f].bytes : a->f[f].instances;
    size_t n = histo_table_top(t, rank, f, limit(a), 0, ord);
    struct report_node *tb = rn_flags(rn_title(rn_arr(o, by_bytes ? "top_bytes" : "top_instances"),
                                               by_bytes ? "top classes by bytes" : "top classes by instances"),
                                      RF_TABLE);
    for (size_t k = 0; k < n; k++) {
        struct report_node *r = rn_obj(tb, NULL);
        size_t c = (*ord)[k];
        int64_t v = by_bytes ? histo_table_bytes(t, c, f) : histo_table_inst(t, c, f);
        rn_int(r, "rank", (int64_t)k + 1);
        cls_cols(r, t, c);
        rn_int(r, "instances", histo_table_inst(t, c, f));
        rn_int(r, "bytes", histo_table_bytes(t, c, f));
        rn_title(rn_num(r, by_bytes ? "bytes_pct" : "instances_pct", total ? 100.0 * (double)v / (double)total : 0,
                        2), by_bytes ? "% bytes" : "% instances");
    }
    return n;
}

static void report_file(const struct histo_analysis *a, int f, struct report_node *hs, struct report_node **csv)
{
    const struct histo_file *hf = &a->f[f];
    const struct histo_parser *p = &hf->p;
    struct report_node *o = rn_title(rn_obj(hs, NULL), hf->name);
    rn_str(o, "file", hf->name);
    rn_int(o, "rows", (int64_t)p->rows);
    rn_int(o, "instances", hf->instances);
    rn_int(o, "bytes", hf->bytes);
    rn_unit(rn_title(rn_num(o, "mib", (double)hf->bytes / 1048576, 1), "size"), "MiB");
    rn_flags(rn_str(o, "liveness", histo_liveness_names[p->liveness]), RF_NOTEXT);
    char *basis = histo_liveness_basis(p);
    rn_flags(rn_str(o, "liveness_basis", basis), RF_NOTEXT);
    free(basis);
    if (p->dump_lines)
        rn_title(rn_int(o, "thread_dump_lines", (int64_t)p->dump_lines), "thread dump lines (gclat threads)");
    if (p->have_total) {
        rn_title(rn_int(o, "total_line_instances", p->total_instances), "Total line instances");
        rn_title(rn_int(o, "total_line_bytes", p->total_bytes), "Total line bytes");
    }
    const struct histo_untracked *u = &a->t.untracked[f];
    if (u->rows) {
        struct report_node *uo = rn_title(rn_obj(o, "untracked"), "rows of classes beyond --max-classes");
        rn_int(uo, "rows", (int64_t)u->rows);
        rn_int(uo, "instances", u->instances);
        rn_int(uo, "bytes", u->bytes);
        rn_title(rn_int(uo, "max_row_instances", u->max_row_instances), "largest row, instances");
        rn_title(rn_int(uo, "max_row_bytes", u->max_row_bytes), "largest row, bytes");
    }
    size_t *ord = NULL;
    top_table(a, f, HISTO_BY_BYTES, o, &ord);
    free(ord);
    if (csv && !*csv)
        *csv = rn_get(o, "top_bytes");
    top_table(a, f, HISTO_BY_INSTANCES, o, &ord);
    free(ord);
}

static void report_growth(const struct histo_analysis *a, struct report_node *root, struct report_node **csv)
{
    const struct histo_table *t = &a->t;
    int last = a->nfiles - 1;
    char *title = xasprintf("Growth %s -> %s (by bytes)", a->f[0].name, a->f[last].name);
    struct report_node *gt = rn_flags(rn_title(rn_arr(root, "growth"), title), RF_TABLE);
    free(title);
    size_t *ord = NULL;
    size_t ng = histo_table_top(t, HISTO_BY_GROWTH, 0, limit(a), 0, &ord);
    for (size_t k = 0; k < ng; k++) {
        size_t c = ord[k];
        int64_t b0 = histo_table_bytes(t, c, 0);
        int64_t db = histo_table_bytes(t, c, last) - b0;
        int64_t di = histo_table_inst(t, c, last) - histo_table_inst(t, c, 0);
        bool mono = histo_table_monotonic(t, c);
        struct report_node *r = rn_obj(gt, NULL);
        cls_cols(r, t, c);
        rn_title(rn_int(r, "instances_first", histo_table_inst(t, c, 0)), "instances first");
        rn_title(rn_int(r, "instances_last", histo_table_inst(t, c, last)), "instances last");
        rn_title(rn_int(r, "instances_growth", di), "+instances");
        rn_title(rn_int(r, "bytes_growth", db), "+bytes");
        if (b0 > 0)
            rn_title(rn_num(r, "growth_pct", 100.0 * (double)db / (double)b0, 1), "+%");
        else
            rn_title(rn_null(r, "growth_pct"), "+%");
        rn_title(rn_bool(r, "grew_every_step", mono), "grew every step");
        rn_title(rn_bool(r, "leak_suspect", mono && db >= a->o.min_growth_bytes), "suspect");
    }
    free(ord);
    if (csv)
        *csv = gt;
}

void histo_analysis_report(const struct histo_analysis *a, struct report_node *root, struct report_node **csv)
{
    if (csv)
        *csv = NULL;
    struct report_node *in = rn_title(rn_obj(root, "input"), "gclat histo");
    struct report_node *fl = rn_arr(in, "files");
    for (int i = 0; i < a->nfiles; i++)
        rn_str(fl, NULL, a->f[i].name);
    rn_int(in, "classes", (int64_t)a->t.n);
    /* text shows the cap only when it was reached */
    unsigned capflags = a->untracked_rows ? 0 : RF_NOTEXT;
    rn_flags(rn_title(rn_int(in, "max_classes", a->o.max_classes), "max classes (--max-classes)"), capflags);
    rn_flags(rn_title(rn_int(in, "untracked_rows", (int64_t)a->untracked_rows), "rows of untracked classes"),
             capflags);
    struct report_node *hs = rn_title(rn_arr(root, "histograms"), "Histograms");
    for (int f = 0; f < a->nfiles; f++)
        report_file(a, f, hs, csv);
    if (a->nfiles >= 2)
        report_growth(a, root, csv);
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

/* Could an untracked row of file f belong in its top table by rank (larger than the last row shown)? */
static bool table_short(const struct histo_analysis *a, int f, enum histo_rank rank)
{
    const struct histo_untracked *u = &a->t.untracked[f];
    size_t lim = limit(a), *ord = NULL;
    size_t n = histo_table_top(&a->t, rank, f, lim, 0, &ord);
    bool by_bytes = rank == HISTO_BY_BYTES;
    bool s = u->rows && (n < lim || lim == 0 || n == 0 ||
                         (by_bytes ? u->max_row_bytes > histo_table_bytes(&a->t, ord[n - 1], f)
                                   : u->max_row_instances > histo_table_inst(&a->t, ord[n - 1], f)));
    free(ord);
    return s;
}

void histo_analysis_findings(const struct histo_analysis *a, struct findings *out)
{
    const struct histo_table *t = &a->t;
    for (int f = 0; f < a->nfiles; f++) {
        const struct histo_file *hf = &a->f[f];
        const struct histo_parser *p = &hf->p;
        if (p->have_total && (p->total_instances != hf->instances || p->total_bytes != hf->bytes))
            finding(out, "info", "histo-total-mismatch",
                    xasprintf("%s: rows add up to %lld instances / %lld bytes, the Total "
                              "line says %lld / %lld (truncated file?)", hf->name, (long long)hf->instances,
                              (long long)hf->bytes, (long long)p->total_instances, (long long)p->total_bytes));
        const struct histo_untracked *u = &t->untracked[f];
        if (!u->rows)
            continue;
        bool is_short = table_short(a, f, HISTO_BY_BYTES) || table_short(a, f, HISTO_BY_INSTANCES);
        char *msg = xasprintf("%s: %llu row(s) (%lld instances, %lld bytes, %.2f%% of the bytes) are of "
                              "classes beyond --max-classes %lld: counted in the totals, not in the "
                              "tables%s%s", hf->name, (unsigned long long)u->rows, (long long)u->instances,
                              (long long)u->bytes, hf->bytes ? 100.0 * (double)u->bytes / (double)hf->bytes : 0.0,
                              (long long)a->o.max_classes, a->nfiles > 1 ? " or the growth" : "",
                              is_short ? "; one of them is larger than the last row shown, so a top table "
                                         "may miss a class: raise --max-classes"
                                       : "");
        finding(out, is_short ? "warning" : "info", "histo-classes-untracked", msg);
    }
    if (a->nfiles < 2)
        return;
    struct histo_parser *meta = xcalloc((size_t)a->nfiles, sizeof *meta);
    const char **names = xcalloc((size_t)a->nfiles, sizeof *names);
    for (int f = 0; f < a->nfiles; f++) {
        meta[f] = a->f[f].p;
        names[f] = a->f[f].name;
    }
    struct histo_live_note note;
    if (histo_liveness_note(meta, names, a->nfiles, &note))
        finding(out, note.severity, note.id, note.text);
    free(meta);
    free(names);
    int last = a->nfiles - 1;
    size_t *ord = NULL;
    size_t ns = histo_table_top(t, HISTO_BY_SUSPECT, 0, 5, a->o.min_growth_bytes, &ord);
    for (size_t k = 0; k < ns; k++) {
        size_t c = ord[k];
        int64_t db = histo_table_bytes(t, c, last) - histo_table_bytes(t, c, 0);
        int64_t di = histo_table_inst(t, c, last) - histo_table_inst(t, c, 0);
        finding(out, "warning", "leak-suspect",
                xasprintf("%s grew in every histogram: %+lld instances, %+lld bytes "
                          "(%s -> %s)", histo_table_name(t, c), (long long)di, (long long)db, a->f[0].name,
                          a->f[last].name));
    }
    free(ord);
}

void histo_analysis_fini(struct histo_analysis *a)
{
    histo_table_fini(&a->t);
    free(a->f);
    memset(a, 0, sizeof *a);
}
