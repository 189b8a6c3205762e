/*
 * jstat_parse.h — `jstat -gc`, `-gcutil`, `-gccause` (and `-t`) output to rows.
 *
 * Columns are found by name in each header line, so JDK 8 (no CGC/CGCT),
 * JDK 11+ (CGC/CGCT), JDK 7 (PC/PU instead of MC/MU) sets, a leading
 * `Timestamp` (-t), and headers repeated by -h N all work; a header may
 * change the column set mid-file. A `-` cell (collector without that space or
 * counter, e.g. ZGC's YGC) is "absent", not zero. In -gccause output the
 * LGCC/GCC cells are multi-word strings ("G1 Evacuation Pause", "No GC"):
 * they are split at a run of two or more spaces, else by a list of known
 * HotSpot cause strings.
 */
#ifndef GCLAT_JSTAT_PARSE_H
#define GCLAT_JSTAT_PARSE_H
#include <stdbool.h>
#include <stdint.h>
#include "diag.h"

enum jcol {
    J_TS,
    J_S0C, J_S1C, J_S0U, J_S1U, J_EC, J_EU, J_OC, J_OU, J_MC, J_MU, J_CCSC, J_CCSU, J_PC, J_PU,
    J_S0, J_S1, J_E, J_O, J_M, J_CCS, J_P,
    J_YGC, J_YGCT, J_FGC, J_FGCT, J_CGC, J_CGCT, J_GCT,
    J_NCOL
};
extern const char *const jcol_names[J_NCOL];

struct jstat_row {
    double v[J_NCOL];
    bool has[J_NCOL];  /* column present with a number */
    const char *lgcc, *gcc; /* -gccause only, else NULL; valid during the callback */
    uint64_t lineno;
};

typedef void (*jstat_row_cb)(const struct jstat_row *r, void *ctx);

#define JSTAT_MAXCOLS 64

struct jstat_parser {
    const char *file;
    struct diag *diag;
    jstat_row_cb cb;
    void *ctx;
    int ncols;                 /* 0 before the first header */
    int map[JSTAT_MAXCOLS];    /* header column -> enum jcol, or -1 (unknown name) */
    int cause_col;             /* index of LGCC, or -1 */
    bool has_gcc;
    uint64_t headers, rows;
    char *lbuf, *gbuf;
};

void jstat_parser_init(struct jstat_parser *p, const char *file, struct diag *d, jstat_row_cb cb,
                       void *ctx);
void jstat_parser_line(struct jstat_parser *p, const char *s, size_t n, uint64_t lineno);
void jstat_parser_finish(struct jstat_parser *p);
/*
 * Lines of a sample (non-blank lines of buf[0..len), see sniff.h) that are
 * jstat output: headers of (mostly) known column names and the rows the
 * parser reads under them. 0 if there is no such header.
 */
size_t jstat_sniff(const char *buf, size_t len);
#endif
