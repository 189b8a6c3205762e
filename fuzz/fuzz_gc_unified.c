/*
 * fuzz_gc_unified.c — libFuzzer harness for the unified-logging GC parser:
 * the input is split into lines (as gc_read does) and fed to gc_unified_ops;
 * events are checked for basic sanity (non-NULL strings where promised).
 */
#include "gc_parse.h"
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void sink(void *ctx, const struct gc_event *e)
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct diag d;
    struct intern in;
    diag_init(&d);
    intern_init(&in);
    size_t nev = 0;
    struct gc_parse_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.sink.emit = sink;
    ctx.sink.ctx = &nev;
    ctx.diag = &d;
    ctx.strings = &in;
    ctx.file = "fuzz";
    ctx.heap_max_kb = -1;
    ctx.first_uptime_ns = ctx.last_uptime_ns = ctx.first_wall_ms = ctx.last_wall_ms = -1;
    /* copy so that reads past a line's end are caught by ASan */
    void *p = gc_unified_ops.create(&ctx);
    size_t pos = 0;
    uint64_t ln = 0;
    while (pos < size) {
        const uint8_t *nl = memchr(data + pos, '\n', size - pos);
        size_t n = nl ? (size_t)(nl - (data + pos)) : size - pos;
        char *line = xmalloc(n ? n : 1);
        memcpy(line, data + pos, n);
        gc_unified_ops.line(p, line, n, ++ln);
        free(line);
        pos += n + 1;
    }
    gc_unified_ops.finish(p);
    gc_unified_ops.destroy(p);
    diag_fini(&d);
    intern_fini(&in);
    return 0;
}
