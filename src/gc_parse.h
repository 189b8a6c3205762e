/*
 * gc_parse.h — the GC-log parsers behind one interface, and format
 * detection. A parser is fed one line at a time (no trailing newline) and
 * emits struct gc_event through ctx->sink; lines it does not understand go
 * to ctx->diag with a reason. `finish` flushes an event still being
 * assembled at end of input (multi-line formats); a truncated event is
 * counted in diag, never invented.
 */
#ifndef GCLAT_GC_PARSE_H
#define GCLAT_GC_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gc_event.h"

enum gc_format {
    GC_FMT_UNKNOWN = 0,
    GC_FMT_LEGACY,  /* JDK <= 8 -verbose:gc / -XX:+PrintGCDetails */
    GC_FMT_UNIFIED, /* JDK 9+ -Xlog:gc* unified logging */
    GC_FMT_OPENJ9,  /* IBM J9 / OpenJ9 -Xverbosegclog XML */
};

struct gc_parser_ops {
    const char *name; /* "jdk8-legacy", "unified", "openj9-xml" */
    void *(*create)(struct gc_parse_ctx *ctx);
    void (*line)(void *p, const char *line, size_t len, uint64_t lineno);
    void (*finish)(void *p);
    void (*destroy)(void *p);
    /* The input went quiet (a followed log, no line for a while): emit events
       that are complete but held for lines that may follow. May be NULL. */
    void (*idle)(void *p);
};

/*
 * What the parallel reader (gc_read_par.c) needs of a parser; a format
 * without it is read on one thread. clone: a copy of p's whole state, bound
 * to ctx, that goes on exactly as p would. same: true only if a and b, fed
 * the same lines from now on, emit the same events and diagnostics and end
 * in the same state -- b's line numbers being line_delta less than a's
 * (caches and the current line's scratch may differ). A wrong "false" only
 * costs time; a wrong "true" is a wrong report.
 */
struct gc_parser_par {
    void *(*clone)(const void *p, struct gc_parse_ctx *ctx);
    bool (*same)(const void *a, const void *b, uint64_t line_delta);
};

extern const struct gc_parser_par gc_unified_par;
extern const struct gc_parser_par gc_legacy_par;

extern const struct gc_parser_ops gc_legacy_ops;
extern const struct gc_parser_ops gc_unified_ops;
extern const struct gc_parser_ops gc_openj9_ops;

/* Guess the format from the first bytes of a log (a few KB is plenty). */
enum gc_format gc_detect(const char *buf, size_t len);
/*
 * How many lines of a sample (non-blank lines of buf[0..len), each ending in
 * '\n'; see sniff.h) the GC reader understands: the format gc_detect picks
 * (*fmt), then its parser over the lines; every non-blank line the parser
 * does not count as unparsed is understood. 0 if no format is detected, or
 * the parser found neither an event nor a line it knows.
 */
size_t gc_sniff(const char *buf, size_t len, enum gc_format *fmt);
const struct gc_parser_ops *gc_parser_for(enum gc_format f);
const char *gc_format_name(enum gc_format f);
/* "legacy", "unified", "openj9" (and the long names) -> format; UNKNOWN if none. */
enum gc_format gc_format_parse(const char *s);

#endif
