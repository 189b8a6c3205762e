/*
 * gc_feed.h — the parser of the current run, shared by the GC-log readers
 * (gc_read.c, and gc_read_par.c on several threads). Lines go through
 * feed_line: a line that proves another format or a JVM start closes the
 * parser and opens a fresh one, and every such boundary is told to the hooks.
 * Internal to the readers.
 */
#ifndef GCLAT_GC_FEED_H
#define GCLAT_GC_FEED_H

#include "gc_read.h"

/* The parser of the current run, and what a switch must tell. */
struct feed {
    struct gc_parse_ctx *ctx;
    struct gc_read_result *res;
    const struct gc_read_hooks *hooks;
    bool forced;
    enum gc_format fmt, last_fmt; /* current; the previous file's last */
    const struct gc_parser_ops *ops;
    void *p;
    /* if set, told of every format opened instead of res (the parallel
       reader records it, to replay in line order) */
    void (*note)(void *arg, enum gc_format fmt);
    void *note_arg;
};

static inline void feed_boundary(struct feed *f, enum gc_boundary kind)
{
    if (f->hooks && f->hooks->boundary)
        f->hooks->boundary(f->hooks->arg, kind, f->fmt);
}

static inline void feed_note_format(struct feed *f, enum gc_format fmt)
{
    if (f->note) {
        f->note(f->note_arg, fmt);
        return;
    }
    if (f->res->format == GC_FMT_UNKNOWN)
        f->res->format = fmt;
    else if (f->res->format != fmt)
        f->res->mixed_formats = true;
}

static inline void feed_open(struct feed *f, enum gc_format fmt)
{
    f->fmt = fmt;
    f->ops = gc_parser_for(fmt);
    f->p = f->ops->create(f->ctx);
    feed_note_format(f, fmt);
}

static inline void feed_close(struct feed *f)
{
    if (!f->p)
        return;
    f->ops->finish(f->p);
    f->ops->destroy(f->p);
    f->p = NULL;
    f->last_fmt = f->fmt;
}

/* (out of line: rare, and inlined it made feed_line a call of its own,
   with a frame to save and restore on every line) */
static __attribute__((noinline, unused)) void feed_evidence(struct feed *f, const char *s, size_t n)
{
    enum gc_line_mark mark;
    enum gc_format other = gc_line_evidence(s, n, f->fmt, &mark);
    if (other != GC_FMT_UNKNOWN && other != f->fmt) {
        /* another JVM's log from here on: flush this parser's events first */
        feed_close(f);
        f->ctx->collector = GC_COLL_UNKNOWN;
        f->fmt = other;
        feed_boundary(f, GC_BOUND_FORMAT);
        feed_open(f, other);
    } else if (mark == GC_MARK_HEADER) {
        feed_boundary(f, GC_BOUND_HEADER);
    } else if (mark == GC_MARK_JVM_START) {
        /* a JVM starts here: a fresh parser (its GC ids restart, its
           collector is the one this line names) */
        feed_close(f);
        f->ctx->collector = GC_COLL_UNKNOWN;
        feed_boundary(f, GC_BOUND_JVM_START);
        feed_open(f, f->fmt);
    }
}

static inline void feed_line(struct feed *f, const char *s, size_t n, uint64_t lineno)
{
    if (!f->forced && gc_line_may_be_evidence(s, n, f->fmt))
        feed_evidence(f, s, n);
    f->ops->line(f->p, s, n, lineno);
}

#endif
