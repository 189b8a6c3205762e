/*
 * diag.h — accounting for input a parser did not understand.
 *
 * Nothing is dropped silently: every skipped line is counted under a short
 * reason ("unknown line", "bad number", ...), and the first DIAG_EXAMPLES
 * lines of each reason are kept with file:line and a bounded excerpt so the
 * report can show them. Reasons are static strings owned by the parser.
 */
#ifndef GCLAT_DIAG_H
#define GCLAT_DIAG_H

#include <stddef.h>
#include <stdint.h>

#define DIAG_EXAMPLES 3
#define DIAG_EXCERPT 160

struct diag_example {
    char *file;
    uint64_t line;
    char *text; /* at most DIAG_EXCERPT bytes, control bytes replaced */
};

struct diag_reason {
    const char *reason;
    uint64_t count;
    struct diag_example ex[DIAG_EXAMPLES];
    int nex;
};

struct diag {
    struct diag_reason *r;
    size_t n, cap;
    uint64_t total;      /* all skipped lines */
    uint64_t lines_read; /* maintained by the caller, for the rate */
};

void diag_init(struct diag *d);
void diag_fini(struct diag *d);
/* Count one skipped line. */
void diag_add(struct diag *d, const char *reason, const char *file, uint64_t lineno,
              const char *text, size_t len);
void diag_merge(struct diag *dst, const struct diag *src);

struct report_node;
/* Append the "unparsed_lines" object: {total, rate_pct, reasons:[{reason,count,examples}]} */
void diag_report(const struct diag *d, struct report_node *parent, const char *key);
/* For --strict: print every reason with examples on stderr. */
void diag_print_stderr(const struct diag *d);

#endif
