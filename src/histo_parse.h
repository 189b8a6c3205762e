/*
 * histo_parse.h — `jmap -histo[:live]` and `jcmd PID GC.class_histogram`
 * output to rows.
 *
 *    num     #instances         #bytes  class name (module)
 *   -------------------------------------------------------
 *      1:        120160       85946296  [B (java.base@17.0.15)
 *      4:         30000         720000  com.example.LeakyEntry
 *   Total        252532       92511968
 *
 * JDK 9+ adds " (module)" after JDK classes; JDK 8 has no module column;
 * JDK 6 has rows whose class is "<no name>" (and "<methodKlass>"-style
 * VM-internal names). jcmd prints "PID:" first. Lines that are none of
 * header, rule, row, Total, "PID:" or blank go to diag — except a thread
 * dump in the same file (kill -3 / jstack output with a histogram appended,
 * from its "Full thread dump", timestamp or first '"' thread line up to the
 * next histogram header), which is counted in dump_lines instead: it is
 * recognised, not unparsed, and `gclat threads` reads it.
 *
 * Liveness (does the histogram count live objects only, or garbage too?) is
 * read from a command line kept in the file ("jmap -histo:live PID",
 * "jcmd PID GC.class_histogram -all"); without one it is unknown, and the
 * "PID:" line only tells that jcmd wrote it (GC.class_histogram counts live
 * objects unless -all; jmap -histo all objects unless :live).
 */
#ifndef GCLAT_HISTO_PARSE_H
#define GCLAT_HISTO_PARSE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "diag.h"

struct histo_row {
    int64_t rank, instances, bytes;
    const char *cls;     /* not NUL-terminated */
    size_t cls_len;
    const char *module;  /* inside the parentheses, or NULL */
    size_t module_len;
};

enum histo_liveness { HISTO_LIVENESS_UNKNOWN, HISTO_LIVE, HISTO_ALL };
extern const char *const histo_liveness_names[3]; /* "unknown", "live", "all" */

struct histo_parser {
    const char *file;
    struct diag *diag;
    void (*cb)(const struct histo_row *r, void *ctx);
    void *ctx;
    bool have_total;
    int64_t total_instances, total_bytes;
    uint64_t rows;
    bool in_dump;               /* inside a thread dump that shares the file */
    uint64_t dump_lines;        /* its lines (not unparsed: another kind of input) */
    uint64_t dump_first_line;
    bool jcmd;                  /* a "PID:" line: written by jcmd */
    enum histo_liveness liveness;
    uint64_t liveness_line;     /* line of the command line it was read from, 0 if none */
};

void histo_parser_init(struct histo_parser *p, const char *file, struct diag *d,
                       void (*cb)(const struct histo_row *r, void *ctx), void *ctx);
void histo_parser_line(struct histo_parser *p, const char *s, size_t n, uint64_t lineno);
/*
 * Lines of a sample (non-blank lines of buf[0..len), see sniff.h) the
 * parser understands (a thread dump sharing the file included); 0 if it
 * holds no histogram row.
 */
size_t histo_sniff(const char *buf, size_t len);
#endif
