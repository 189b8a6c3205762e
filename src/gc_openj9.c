/*
 * gc_openj9.c — placeholder parser: counts every line as not understood, so
 * nothing is dropped silently until the real parser lands.
 */
#include "gc_parse.h"
#include "util.h"

#include <stdlib.h>

struct p_state {
    struct gc_parse_ctx *ctx;
};

static void *create(struct gc_parse_ctx *ctx)
{
    struct p_state *p = xcalloc(1, sizeof *p);
    p->ctx = ctx;
    return p;
}

static void line(void *vp, const char *s, size_t n, uint64_t lineno)
{
    struct p_state *p = vp;
    diag_add(p->ctx->diag, "parser not implemented", p->ctx->file, lineno, s, n);
}

static void finish(void *vp) { (void)vp; }
static void destroy(void *vp) { free(vp); }

const struct gc_parser_ops gc_openj9_ops = {"openj9-xml", create, line, finish, destroy};
