/*
 * range_read.c — see range_read.h.
 */
#include "range_read.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

size_t range_read_bytes_env(void)
{
    const char *env = getenv("GCLAT_READ_BYTES");
    if (env && *env) {
        char *e;
        unsigned long long v = strtoull(env, &e, 10);
        if (*e == '\0' && v >= 1 && v <= ((size_t)1 << 30))
            return (size_t)v;
    }
    return 0;
}

void range_read_init(struct range_read *r, int fd, size_t max_line, size_t want)
{
    memset(r, 0, sizeof *r);
    r->fd = fd;
    r->max_line = max_line;
    r->want = want ? want : RANGE_READ_BYTES;
}

void range_read_start(struct range_read *r, uint64_t off, uint64_t len)
{
    r->pos = off;
    r->end = off + len;
    r->p = r->lim = r->buf;
    r->skipping = false;
    r->err = 0;
    r->shrank = false;
}

void range_read_fini(struct range_read *r)
{
    free(r->buf);
    r->buf = NULL;
    r->p = r->lim = NULL;
    r->cap = 0;
}

/* Room for have bytes kept at the start plus one read. */
static void ensure_room(struct range_read *r, size_t have, size_t want)
{
    if (r->buf && have + want <= r->cap)
        return;
    size_t cap = r->cap ? r->cap : r->want;
    while (cap < have + want)
        cap *= 2;
    /* a multiple of 64 (aligned_alloc wants one), plus a block of slack */
    char *b = aligned_alloc(64, (cap + 64 + 63) & ~(size_t)63);
    if (!b)
        die(EXIT_IO, "out of memory");
    if (have)
        memcpy(b, r->p, have);
    free(r->buf);
    r->buf = b;
    r->cap = cap;
    r->p = b;
    r->lim = b + have;
}

/* One read after the have bytes at the buffer's start. */
static ssize_t read_more(struct range_read *r, size_t have)
{
    uint64_t left = r->end - r->pos;
    size_t want = left < r->want ? (size_t)left : r->want;
    ensure_room(r, have, want);
    if (r->p != r->buf && have)
        memmove(r->buf, r->p, have);
    ssize_t k;
    do
        k = pread(r->fd, r->buf + have, want, (off_t)r->pos);
    while (k < 0 && errno == EINTR);
    if (k < 0)
        r->err = errno ? errno : EIO;
    else if (k == 0)
        r->shrank = true;
    r->p = r->buf;
    r->lim = r->buf + have + (k > 0 ? (size_t)k : 0);
    if (k > 0)
        r->pos += (uint64_t)k;
    return k;
}

bool range_read_slow(struct range_read *r, const char **s, size_t *n)
{
    for (;;) {
        /* the start of a line, no '\n' in it (none while skipping: p is at lim) */
        size_t have = (size_t)(r->lim - r->p);
        if (r->pos >= r->end || r->err || r->shrank) {
            r->p = r->lim;
            if (have && !r->err && !r->shrank) {
                /* the last line, without '\n' */
                *s = r->lim - have;
                *n = have;
                return true;
            }
            return false;
        }
        if (have > r->max_line) {
            /* over-long: what it holds of it, once; the rest is dropped */
            *s = r->p;
            *n = have;
            r->p = r->lim;
            r->skipping = true;
            return true;
        }
        if (read_more(r, have) <= 0)
            continue;
        if (r->skipping) {
            const char *nl = memchr(r->p, '\n', (size_t)(r->lim - r->p));
            if (!nl) {
                r->p = r->lim;
                continue;
            }
            r->skipping = false;
            r->p = nl + 1;
        }
        nl_scan_init(&r->sc, r->p, r->lim);
        if (r->p < r->lim) {
            const char *next = nl_scan_next(&r->sc, r->p, n);
            if (next[-1] == '\n') {
                *s = r->p;
                r->p = next;
                return true;
            }
        }
    }
}
