/*
 * histo_analysis.h — class histograms to top classes per file and, with two
 * or more files (in the order given), the growth from the first to the last
 * (leak suspects: classes that grew between every consecutive pair). The
 * analysis of `gclat histo`, also run by compare and report (docs/histo.md).
 *
 * Shape as every analysis (docs/design.md, "One interface per analysis"):
 * options already validated, lines in, a report subtree and findings out;
 * it prints nothing and opens no file (histo_input.h reads the files).
 * Memory is bounded by max_classes and top, never by the input
 * (histo_table.h).
 */
#ifndef GCLAT_HISTO_ANALYSIS_H
#define GCLAT_HISTO_ANALYSIS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "histo_parse.h"
#include "histo_table.h"
#include "report.h"

struct findings;

struct histo_opts {
    int top;                  /* rows per table, 0 = all */
    int64_t min_growth_bytes; /* leak suspects grew by at least this first -> last */
    int64_t max_classes;      /* classes tracked by name, 0 = no limit */
};
void histo_opts_default(struct histo_opts *o);
/* NULL when o is valid, else what is wrong with it (static). */
const char *histo_opts_check(const struct histo_opts *o);

/* One input file: its parser's state after the file, and the sums of its rows. */
struct histo_file {
    const char *name;
    struct histo_parser p;    /* liveness, Total line, thread-dump lines */
    bool read;                /* begin_file was called */
    int64_t instances, bytes; /* rows tracked + untracked (finish) */
};

struct histo_analysis {
    struct histo_opts o;
    int nfiles, cur;
    struct histo_file *f;
    struct histo_table t;
    struct diag *diag;
    uint64_t untracked_rows;  /* over every file (finish) */
};

/* files[0..nfiles) are the input names, kept by pointer; lines not understood go to d. */
void histo_analysis_init(struct histo_analysis *a, const struct histo_opts *o, const char *const *files,
                         int nfiles, struct diag *d);
/* Lines of file i follow (name: as the reader names it). */
void histo_analysis_begin_file(struct histo_analysis *a, int i, const char *name);
void histo_analysis_add_line(struct histo_analysis *a, const char *s, size_t n, uint64_t lineno);
void histo_analysis_finish(struct histo_analysis *a);
/*
 * input, histograms and (two or more files) growth under root. *csv (may be
 * NULL) gets the table --csv writes: the growth, else the first file's top
 * classes by bytes.
 */
void histo_analysis_report(const struct histo_analysis *a, struct report_node *root, struct report_node **csv);
void histo_analysis_findings(const struct histo_analysis *a, struct findings *out);
void histo_analysis_fini(struct histo_analysis *a);

#endif
