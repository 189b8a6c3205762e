/*
 * follow.h — one log path followed as it grows, through every rotation the
 * JVM and logrotate do, for `gclat watch` (and `gclat load --gc-log`).
 *
 * A follower is bound to a NAME, not to an open file: when the file behind
 * the name changes (a rename rotation: -Xlog filecount=, logrotate's create;
 * a JVM restart writing a new file), the rest of the old file is read and the
 * new one is read from its start. When the same file shrinks (logrotate's
 * copytruncate) it is read again from its start. A name that does not exist
 * yet is waited for. JDK 8's -XX:+UseGCLogFileRotation writes NAME.N.current
 * and renames it to NAME.N when full: given NAME, the follower reads the
 * newest NAME.N.current.
 *
 * Lines are delivered whole: a partial last line is kept until its '\n'
 * arrives (or the file is rotated away, which ends it). A line longer than
 * max_line_bytes is cut there and delivered once with FOLLOW_LINE_CUT, the
 * rest skipped, so memory stays bounded by max_line_bytes plus one read
 * chunk however long the follower runs. Each poll reads at most
 * poll_budget_bytes, so one busy file cannot starve the others.
 *
 * Nothing here prints: counters (rotations, truncations, cut lines) are read
 * by the caller and shown in its report and metrics.
 */
#ifndef GCLAT_FOLLOW_H
#define GCLAT_FOLLOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum { FOLLOW_LINE_CUT = 1u << 0 };

struct follow {
    char *path;            /* the name given */
    char *open_path;       /* the file read now (path, or NAME.N.current) */
    int fd;                /* -1 while the name does not exist */
    dev_t dev;
    ino_t ino;
    off_t off;             /* bytes consumed from fd */
    char *buf;             /* partial line carried between reads */
    size_t len, cap;
    bool skipping;         /* inside the rest of a cut line */
    /* the last bytes read, to notice a copytruncate that was refilled past
       our offset before we looked (a size check alone cannot see it) */
    char sig[64];
    size_t sig_len;
    uint64_t lineno;       /* line number within the current file */
    size_t max_line_bytes; /* default 1 MiB */
    size_t poll_budget_bytes; /* default 16 MiB */
    /* counters */
    uint64_t lines;        /* delivered */
    uint64_t bytes;        /* read */
    uint64_t rotations;    /* the name moved to another file */
    uint64_t truncations;  /* the file shrank under us */
    uint64_t cut_lines;    /* lines longer than max_line_bytes */
    uint64_t files_opened;
    uint64_t missed_files;  /* whole rotated files read after the fact (rotated twice between looks) */
    int err;               /* errno of the last read/open error, 0 if none */
    bool gzip;             /* the file is gzip: a live log never is, so it is not followed */
};

typedef void (*follow_line_fn)(void *ctx, const struct follow *f, const char *line, size_t len,
                               unsigned flags);

/*
 * Start following path. from_start: read what the file holds now; otherwise
 * start at its current end. A file that appears later is always read from
 * its start. Returns 0, or -1 with errno on an allocation failure.
 */
int follow_init(struct follow *f, const char *path, bool from_start);
/*
 * Read what was appended since the last call (up to the poll budget) and
 * deliver complete lines; notice rotation and truncation. Returns the number
 * of bytes read (0 when nothing new), or -1 on a read error (f->err).
 */
long follow_poll(struct follow *f, follow_line_fn fn, void *ctx);
/* Deliver a partial last line as if it were complete (at shutdown). */
void follow_flush(struct follow *f, follow_line_fn fn, void *ctx);
void follow_fini(struct follow *f);

/*
 * Waiting for any of several followers: inotify on their directories where
 * the kernel has it (woken by writes, creates, renames), otherwise a plain
 * timed sleep. Either way the caller polls every follower after each wait, so
 * a missed event costs at most one interval.
 */
struct follow_waiter {
    int ifd;               /* inotify fd, or -1 when polling */
};

void follow_waiter_init(struct follow_waiter *w, struct follow *const *fs, int n, bool use_inotify);
/* Wait until something may have changed or timeout_ms passed. */
void follow_waiter_wait(struct follow_waiter *w, int timeout_ms);
bool follow_waiter_is_inotify(const struct follow_waiter *w);
void follow_waiter_fini(struct follow_waiter *w);

#endif
