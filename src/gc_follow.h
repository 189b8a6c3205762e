/*
 * gc_follow.h — a live GC log: follow.c's lines through format detection
 * into the GC parser, for `gclat watch` and `gclat load --gc-log`.
 *
 * Lines are held until the format is known (gc_detect over what arrived,
 * up to 64 KiB); then they and every later line go to that format's parser,
 * whose events reach ctx->sink as they would from a file. When the follower
 * moves to another file (rotation, a JVM restart) or the file is truncated,
 * the same parser goes on (a rotated log continues mid-cycle) unless the new
 * file's first line is plainly of another format, which starts a new parser. Lines of a file whose format is never
 * recognised are counted in ctx->diag ("not a GC log"), never dropped.
 */
#ifndef GCLAT_GC_FOLLOW_H
#define GCLAT_GC_FOLLOW_H

#include "follow.h"
#include "gc_parse.h"

struct gc_follow {
    struct follow f;
    struct gc_parse_ctx *ctx;
    enum gc_format forced, fmt;
    enum gc_format last_fmt;  /* the format last detected (for reports) */
    const struct gc_parser_ops *ops;
    void *parser;
    char *held;               /* lines waiting for detection, '\n'-separated */
    size_t held_len, held_cap;
    uint64_t held_first_line;
    bool undetectable;        /* 64 KiB seen, no format: count lines as unparsed */
    uint64_t seen_files, seen_truncations;
    uint64_t events;          /* lines delivered to a parser */
};

void gc_follow_init(struct gc_follow *g, const char *path, bool from_start, enum gc_format forced,
                    struct gc_parse_ctx *ctx);
/* Read what is new and parse it. Returns bytes read, or -1 on a read error. */
long gc_follow_poll(struct gc_follow *g);
/* The log has been quiet: let the parser emit events it holds complete. */
void gc_follow_idle(struct gc_follow *g);
/* End of following: flush a partial line and the parser's pending event. */
void gc_follow_finish(struct gc_follow *g);
void gc_follow_fini(struct gc_follow *g);

#endif
