/*
 * gcu_collect.h — test helper for the unified/OpenJ9 parser tests: a gc_sink
 * that copies every event into a growable array, and a parse context set up
 * the way cmd_gc sets it up. Header-only (static functions) so each test
 * program stays one file.
 */
#ifndef GCLAT_GCU_COLLECT_H
#define GCLAT_GCU_COLLECT_H

#include "gc_parse.h"
#include "gc_read.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct evlist {
    struct gc_event *ev;
    size_t n, cap;
};

static inline void evlist_emit(void *vctx, const struct gc_event *e)
{
    struct evlist *l = vctx;
    xgrow((void **)&l->ev, &l->cap, l->n + 1, sizeof *l->ev);
    l->ev[l->n++] = *e;
}

struct gcu_run {
    struct evlist evs;
    struct diag diag;
    struct intern strings;
    struct gc_parse_ctx ctx;
};

static inline void gcu_init(struct gcu_run *r)
{
    memset(r, 0, sizeof *r);
    diag_init(&r->diag);
    intern_init(&r->strings);
    r->ctx.sink.emit = evlist_emit;
    r->ctx.sink.ctx = &r->evs;
    r->ctx.diag = &r->diag;
    r->ctx.strings = &r->strings;
    r->ctx.file = "test";
    r->ctx.heap_max_kb = -1;
    r->ctx.first_uptime_ns = r->ctx.last_uptime_ns = -1;
    r->ctx.first_wall_ms = r->ctx.last_wall_ms = -1;
}

static inline void gcu_fini(struct gcu_run *r)
{
    free(r->evs.ev);
    diag_fini(&r->diag);
    intern_fini(&r->strings);
}

/* Feed a text (lines separated by \n) through ops, as gc_read would. */
static inline void gcu_feed(struct gcu_run *r, const struct gc_parser_ops *ops, const char *text)
{
    void *p = ops->create(&r->ctx);
    const char *s = text;
    uint64_t ln = 0;
    while (*s) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        ops->line(p, s, n, ++ln);
        r->diag.lines_read++;
        s += n + (nl ? 1 : 0);
    }
    ops->finish(p);
    ops->destroy(p);
}

static inline size_t gcu_count(const struct gcu_run *r, enum gc_ev_type t, int kind)
{
    size_t c = 0;
    for (size_t i = 0; i < r->evs.n; i++)
        if (r->evs.ev[i].type == t && (kind < 0 || (int)r->evs.ev[i].kind == kind))
            c++;
    return c;
}

#endif
