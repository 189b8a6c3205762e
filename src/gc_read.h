/*
 * gc_read.h — GC-log inputs to events: opens each input (file, "-", .gz),
 * puts rotated sets in time order by their content, detects each file's
 * format (unless forced), and feeds every line to the right parser. Parsers
 * emit into ctx->sink; unparsed lines land in ctx->diag.
 */
#ifndef GCLAT_GC_READ_H
#define GCLAT_GC_READ_H

#include "gc_parse.h"

struct gc_read_result {
    enum gc_format format;     /* format of the inputs (the first file's if mixed) */
    bool mixed_formats;
    uint64_t lines;            /* lines read */
    uint64_t bytes;            /* bytes read (compressed size for .gz) */
    int files;
};

/*
 * Read inputs in time order. forced is GC_FMT_UNKNOWN for auto-detection.
 * Returns 0, EXIT_IO (a file could not be opened or read: message printed),
 * or EXIT_BADINPUT (a file's format could not be recognised; a file that is
 * plainly another kind of input, or every input empty: see sniff.h).
 */
int gc_read_inputs(char **paths, int npaths, enum gc_format forced, struct gc_parse_ctx *ctx,
                   struct gc_read_result *res);

/*
 * First timestamp of a line, whatever the format: a leading ISO 8601 date
 * (legacy -XX:+PrintGCDateStamps, unified time/utctime decorators) and/or an
 * uptime in seconds ("12.345:" legacy, "[12.345s]" unified), or unified
 * uptimemillis/uptimenanos/timemillis/timenanos decorators. Unknown = -1.
 * Returns true if anything was found.
 */
bool gc_line_time(const char *s, size_t n, int64_t *wall_ms, int32_t *tz_min, int64_t *uptime_ns);

#endif
