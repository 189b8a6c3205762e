/*
 * fuzz_gc_legacy.c — libFuzzer harness for the JDK <= 8 GC-log parser: the
 * input is read as a log (reader_init_mem, so CRLF and long lines behave as
 * in real runs) and fed line by line to gc_legacy_ops; events go to a sink
 * that touches every field (so a bad pointer in an event is caught).
 */
#include "gc_parse.h"
#include "reader.h"

#include <stdint.h>
#include <string.h>

static volatile int64_t sink_acc;

static void sink(void *ctx, const struct gc_event *e)
{
    (void)ctx;
    int64_t v = e->duration_ns + e->uptime_ns + e->wall_ms + e->heap_before_kb + e->young_after_kb +
                e->meta_total_kb + e->user_ns + e->ttsp_ns + (int64_t)e->line;
    if (e->name)
        v += (int64_t)strlen(e->name);
    if (e->cause)
        v += (int64_t)strlen(e->cause);
    sink_acc += v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct diag dg;
    struct intern in;
    diag_init(&dg);
    intern_init(&in);
    struct gc_parse_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.sink.emit = sink;
    ctx.diag = &dg;
    ctx.strings = &in;
    ctx.file = "fuzz";
    ctx.heap_max_kb = ctx.first_uptime_ns = ctx.last_uptime_ns = -1;
    ctx.first_wall_ms = ctx.last_wall_ms = -1;
    void *p = gc_legacy_ops.create(&ctx);
    struct reader r;
    reader_init_mem(&r, "fuzz", (const char *)data, size);
    const char *l;
    size_t n;
    while (reader_next(&r, &l, &n) == 1)
        gc_legacy_ops.line(p, l, n, r.lineno);
    gc_legacy_ops.finish(p);
    gc_legacy_ops.destroy(p);
    reader_close(&r);
    intern_fini(&in);
    diag_fini(&dg);
    return 0;
}
