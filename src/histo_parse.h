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
 * JDK 9+ adds " (module)" after JDK classes; JDK 8 has no module column.
 * jcmd prints "PID:" first. Lines that are none of header, rule, row, Total,
 * "PID:" or blank go to diag.
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

struct histo_parser {
    const char *file;
    struct diag *diag;
    void (*cb)(const struct histo_row *r, void *ctx);
    void *ctx;
    bool have_total;
    int64_t total_instances, total_bytes;
    uint64_t rows;
};

void histo_parser_init(struct histo_parser *p, const char *file, struct diag *d,
                       void (*cb)(const struct histo_row *r, void *ctx), void *ctx);
void histo_parser_line(struct histo_parser *p, const char *s, size_t n, uint64_t lineno);
#endif
