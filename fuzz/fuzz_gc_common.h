/*
 * fuzz_gc_common.h — the body shared by the line-fed GC parser harnesses
 * (fuzz_gc_unified.c, fuzz_gc_openj9.c): the input is split into lines (as
 * gc_read does), each line copied to its own allocation so ASan sees a read
 * past its end, fed to the parser, and every event checked for basic sanity
 * (bounded strings, a thread name on every stall).
 */
#ifndef GCLAT_FUZZ_GC_COMMON_H
#define GCLAT_FUZZ_GC_COMMON_H

#include "gc_parse.h"
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void gc_fuzz_sink(void *ctx, const struct gc_event *e)
{
    size_t *n = ctx;
    (*n)++;
    if (e->name && strlen(e->name) > (1u << 20))
        abort();
    if (e->cause && strlen(e->cause) > (1u << 20))
        abort();
    if (e->type == GC_EV_STALL && !e->thread)
        abort();
}

static int gc_fuzz_lines(const uint8_t *data, size_t size, const struct gc_parser_ops *ops)
{
    struct diag d;
    struct intern in;
    diag_init(&d);
    intern_init(&in);
    size_t nev = 0;
    struct gc_parse_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.sink.emit = gc_fuzz_sink;
    ctx.sink.ctx = &nev;
    ctx.diag = &d;
    ctx.strings = &in;
    ctx.file = "fuzz";
    ctx.heap_max_kb = -1;
    ctx.first_uptime_ns = ctx.last_uptime_ns = ctx.first_wall_ms = ctx.last_wall_ms = -1;
    void *p = ops->create(&ctx);
    size_t pos = 0;
    uint64_t ln = 0;
    while (pos < size) {
        const uint8_t *nl = memchr(data + pos, '\n', size - pos);
        size_t n = nl ? (size_t)(nl - (data + pos)) : size - pos;
        char *line = xmalloc(n ? n : 1);
        memcpy(line, data + pos, n);
        ops->line(p, line, n, ++ln);
        free(line);
        pos += n + 1;
    }
    ops->finish(p);
    ops->destroy(p);
    diag_fini(&d);
    intern_fini(&in);
    return 0;
}

#endif
