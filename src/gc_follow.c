/* gc_follow.c — a followed GC log into GC events (gc_follow.h). */
#include "gc_follow.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define DETECT_MAX (64u * 1024)

static void parser_end(struct gc_follow *g)
{
    if (g->parser) {
        g->ops->finish(g->parser);
        g->ops->destroy(g->parser);
    }
    g->parser = NULL;
    g->ops = NULL;
    g->fmt = g->forced;
    g->held_len = 0;
    g->undetectable = false;
}

static void start_parser(struct gc_follow *g, enum gc_format fmt)
{
    g->fmt = g->last_fmt = fmt;
    g->ops = gc_parser_for(fmt);
    g->parser = g->ops ? g->ops->create(g->ctx) : NULL;
}

static void to_parser(struct gc_follow *g, const char *line, size_t len, uint64_t lineno)
{
    g->ctx->file = g->f.open_path ? g->f.open_path : g->f.path;
    if (g->ctx->diag)
        g->ctx->diag->lines_read++;
    if (g->parser) {
        g->ops->line(g->parser, line, len, lineno);
        g->events++;
    } else if (g->ctx->diag) {
        diag_add(g->ctx->diag, "not a GC log", g->ctx->file, lineno, line, len);
    }
}

/* Replay held lines into the parser (or into diag when undetectable). */
static void release(struct gc_follow *g)
{
    uint64_t ln = g->held_first_line;
    size_t i = 0;
    while (i < g->held_len) {
        char *nl = memchr(g->held + i, '\n', g->held_len - i);
        size_t e = nl ? (size_t)(nl - g->held) : g->held_len;
        to_parser(g, g->held + i, e - i, ln++);
        i = e + 1;
    }
    g->held_len = 0;
}

static void on_line(void *ctx, const struct follow *f, const char *line, size_t len, unsigned flags)
{
    struct gc_follow *g = ctx;
    if (f->files_opened != g->seen_files || f->truncations != g->seen_truncations) {
        /* Another file under the name, or the same one started over. A JVM
           rotating its log goes on mid-cycle in the next file, so the parser
           carries on (the analysis sees a restart by its own evidence: uptime
           back near 0, a new header); only a file in another format starts a
           new parser. */
        g->seen_files = f->files_opened;
        g->seen_truncations = f->truncations;
        enum gc_format nf = g->forced == GC_FMT_UNKNOWN ? gc_detect(line, len) : g->forced;
        if (g->parser && nf != GC_FMT_UNKNOWN && nf != g->fmt) {
            if (g->held_len)
                release(g);
            parser_end(g);
        }
    }
    if (flags & FOLLOW_LINE_CUT) {
        if (g->ctx->diag) {
            g->ctx->diag->lines_read++;
            diag_add(g->ctx->diag, "line too long", f->open_path ? f->open_path : f->path, f->lineno, line,
                     len);
        }
        return;
    }
    if (g->parser || g->undetectable) {
        to_parser(g, line, len, f->lineno);
        return;
    }
    if (g->forced != GC_FMT_UNKNOWN) {
        start_parser(g, g->forced);
        to_parser(g, line, len, f->lineno);
        return;
    }
    if (!g->held_len)
        g->held_first_line = f->lineno;
    xgrow((void **)&g->held, &g->held_cap, g->held_len + len + 1, 1);
    memcpy(g->held + g->held_len, line, len);
    g->held_len += len;
    g->held[g->held_len++] = '\n';
    enum gc_format fmt = gc_detect(g->held, g->held_len);
    if (fmt != GC_FMT_UNKNOWN) {
        start_parser(g, fmt);
        release(g);
    } else if (g->held_len >= DETECT_MAX) {
        g->undetectable = true;
        release(g);
    }
}

void gc_follow_init(struct gc_follow *g, const char *path, bool from_start, enum gc_format forced,
                    struct gc_parse_ctx *ctx)
{
    memset(g, 0, sizeof *g);
    g->ctx = ctx;
    g->forced = g->fmt = forced;
    follow_init(&g->f, path, from_start);
    g->seen_files = g->f.files_opened;
}

long gc_follow_poll(struct gc_follow *g)
{
    return follow_poll(&g->f, on_line, g);
}

void gc_follow_idle(struct gc_follow *g)
{
    if (g->parser && g->ops->idle)
        g->ops->idle(g->parser);
}

void gc_follow_finish(struct gc_follow *g)
{
    follow_flush(&g->f, on_line, g);
    if (g->held_len && !g->parser) {
        /* the file ended before its format was clear: one last try */
        enum gc_format fmt = gc_detect(g->held, g->held_len);
        if (fmt != GC_FMT_UNKNOWN)
            start_parser(g, fmt);
        else
            g->undetectable = true;
        release(g);
    }
    parser_end(g);
}

void gc_follow_fini(struct gc_follow *g)
{
    parser_end(g);
    follow_fini(&g->f);
    free(g->held);
    memset(g, 0, sizeof *g);
}
