/*
 * reader.c — the line reader. Plain input is read in READ_CHUNK blocks with
 * read(2) straight into the line buffer (no stdio, no extra copy); gzip input
 * goes through zlib's inflate with automatic header detection, and
 * concatenated gzip members (as logrotate's copies produce) are followed.
 */
#include "reader.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#define READ_CHUNK (1u << 20)

static bool progress_on;
static bool progress_shown;
static double progress_last_s;

void reader_progress_enable(bool on)
{
    progress_on = on;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void progress_tick(const struct reader *r)
{
    if (!progress_on)
        return;
    double t = now_s();
    if (t - progress_last_s < 0.25)
        return;
    progress_last_s = t;
    progress_shown = true;
    if (r->size_bytes)
        fprintf(stderr, "\r\033[K%s  %llu MB  %d%%", r->name,
                (unsigned long long)(r->raw_bytes >> 20),
                (int)(100.0 * (double)r->raw_bytes / (double)r->size_bytes));
    else
        fprintf(stderr, "\r\033[K%s  %llu MB", r->name, (unsigned long long)(r->raw_bytes >> 20));
}

void reader_progress_done(void)
{
    if (progress_shown)
        fputs("\r\033[K", stderr);
    progress_shown = false;
}

static void init_common(struct reader *r)
{
    memset(r, 0, sizeof *r);
    r->fd = -1;
}

int reader_open(struct reader *r, const char *path)
{
    init_common(r);
    if (strcmp(path, "-") == 0) {
        r->fd = 0;
        r->name = "<stdin>";
    } else {
        r->fd = open(path, O_RDONLY | O_CLOEXEC);
        if (r->fd < 0)
            return -1;
        struct stat st;
        if (fstat(r->fd, &st) == 0) {
            if (S_ISDIR(st.st_mode)) {
                close(r->fd);
                r->fd = -1;
                errno = EISDIR;
                return -1;
            }
            if (S_ISREG(st.st_mode))
                r->size_bytes = (uint64_t)st.st_size;
        }
        r->name = path;
#ifdef POSIX_FADV_SEQUENTIAL
        posix_fadvise(r->fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    }
    r->cap = READ_CHUNK * 2;
    r->buf = xmalloc(r->cap);
    return 0;
}

void reader_init_mem(struct reader *r, const char *name, const char *data, size_t len)
{
    init_common(r);
    r->name = name;
    r->mem = data;
    r->mem_len = len;
    r->size_bytes = len;
}

/* read(2) that retries on EINTR. */
static ssize_t read_some(int fd, void *p, size_t n)
{
    for (;;) {
        ssize_t k = read(fd, p, n);
        if (k >= 0 || errno != EINTR)
            return k;
    }
}

/* Make room for at least READ_CHUNK bytes after r->end, keeping [start,end). */
static void make_room(struct reader *r)
{
    if (r->start > 0 && r->start == r->end) {
        r->start = r->end = 0;
    }
    if (r->cap - r->end >= READ_CHUNK)
        return;
    if (r->start > 0) {
        memmove(r->buf, r->buf + r->start, r->end - r->start);
        r->end -= r->start;
        r->start = 0;
    }
    if (r->cap - r->end < READ_CHUNK) {
        size_t need = r->end + READ_CHUNK;
        xgrow((void **)&r->buf, &r->cap, need, 1);
    }
}

/* Fill from a gzip stream. Returns bytes produced, 0 at end, -1 on error. */
static ssize_t fill_gz(struct reader *r)
{
    z_stream *zs = r->zs;
    for (;;) {
        if (r->zin_pos == r->zin_len && !r->zeof) {
            ssize_t k = read_some(r->fd, r->zin, READ_CHUNK);
            if (k < 0) {
                r->err = errno;
                return -1;
            }
            if (k == 0)
                r->zeof = true;
            r->zin_len = (size_t)k;
            r->zin_pos = 0;
            r->raw_bytes += (uint64_t)k;
        }
        if (r->zin_pos == r->zin_len && r->zeof) {
            if (r->zmid) {
                r->errmsg = "truncated gzip data";
                return -1;
            }
            return 0;
        }
        zs->next_in = r->zin + r->zin_pos;
        zs->avail_in = (uInt)(r->zin_len - r->zin_pos);
        zs->next_out = (Bytef *)r->buf + r->end;
        zs->avail_out = (uInt)(r->cap - r->end);
        int rc = inflate(zs, Z_NO_FLUSH);
        size_t produced = (size_t)(r->cap - r->end) - zs->avail_out;
        size_t consumed = (r->zin_len - zs->avail_in) - r->zin_pos;
        r->zin_pos = r->zin_len - zs->avail_in;
        r->end += produced;
        if (consumed > 0 || produced > 0)
            r->zmid = true;
        if (rc == Z_STREAM_END) {
            /* Another gzip member may follow (concatenated .gz files). */
            inflateReset(zs);
            r->zmid = false;
        } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
            r->errmsg = "corrupt gzip data";
            return -1;
        } else if (rc == Z_BUF_ERROR && r->zeof && r->zin_pos == r->zin_len) {
            r->errmsg = "truncated gzip data";
            return -1;
        }
        if (produced > 0)
            return (ssize_t)produced;
    }
}

/* Read more bytes into the buffer. Returns >0, 0 at EOF, -1 on error. */
static ssize_t fill(struct reader *r)
{
    make_room(r);
    if (r->is_gz)
        return fill_gz(r);
    ssize_t k = read_some(r->fd, r->buf + r->end, r->cap - r->end);
    if (k < 0) {
        r->err = errno;
        return -1;
    }
    r->raw_bytes += (uint64_t)k;
    /* Detect gzip on the very first read, whatever the file name says. */
    if (r->raw_bytes == (uint64_t)k && k >= 2 && (unsigned char)r->buf[0] == 0x1f &&
        (unsigned char)r->buf[1] == 0x8b) {
        z_stream *zs = xcalloc(1, sizeof *zs);
        if (inflateInit2(zs, 15 + 32) != Z_OK) {
            free(zs);
            r->errmsg = "cannot initialise zlib";
            return -1;
        }
        r->zs = zs;
        r->is_gz = true;
        r->zin = xmalloc(READ_CHUNK);
        memcpy(r->zin, r->buf + r->end, (size_t)k);
        r->zin_len = (size_t)k;
        r->zin_pos = 0;
        return fill_gz(r);
    }
    r->end += (size_t)k;
    return k;
}

static void emit(struct reader *r, size_t from, size_t to, const char **line, size_t *len)
{
    size_t n = to - from;
    if (n > 0 && r->buf[from + n - 1] == '\r')
        n--;
    *line = r->buf ? r->buf + from : r->mem + from;
    *len = n;
    r->lineno++;
}

static int next_mem(struct reader *r, const char **line, size_t *len)
{
    if (r->start >= r->mem_len)
        return 0;
    const char *p = r->mem + r->start;
    size_t left = r->mem_len - r->start;
    const char *nl = memchr(p, '\n', left);
    size_t n = nl ? (size_t)(nl - p) : left;
    if (n > 0 && p[n - 1] == '\r')
        n--;
    *line = p;
    *len = n;
    r->lineno++;
    r->start += nl ? (size_t)(nl - p) + 1 : left;
    return 1;
}

/* reader_next when the buffer holds no complete line: refill (or finish). */
static int next_slow(struct reader *r, const char **line, size_t *len)
{
    if (r->mem)
        return next_mem(r, line, len);
    if (r->fd < 0)
        return 0;
    size_t scanned = r->start;
    for (;;) {
        char *nl = memchr(r->buf + scanned, '\n', r->end - scanned);
        if (nl) {
            size_t at = (size_t)(nl - r->buf);
            emit(r, r->start, at, line, len);
            r->start = at + 1;
            return 1;
        }
        if (r->eof) {
            if (r->start < r->end) {
                emit(r, r->start, r->end, line, len);
                r->start = r->end;
                return 1;
            }
            return 0;
        }
        size_t off = r->end - r->start; /* bytes already scanned, relative */
        ssize_t k = fill(r);
        progress_tick(r);
        if (k < 0)
            return -1;
        if (k == 0)
            r->eof = true;
        scanned = r->start + off;
    }
}

/* The common case, one complete line already in the buffer, kept small so
   that it needs none of the slow path's saved registers: it runs per line. */
int reader_next(struct reader *r, const char **line, size_t *len)
{
    if (!r->mem && r->fd >= 0) {
        size_t st = r->start;
        char *nl = memchr(r->buf + st, '\n', r->end - st);
        if (nl) {
            size_t at = (size_t)(nl - r->buf);
            emit(r, st, at, line, len);
            r->start = at + 1;
            return 1;
        }
    }
    return next_slow(r, line, len);
}

const char *reader_strerror(const struct reader *r)
{
    if (r->errmsg)
        return r->errmsg;
    return strerror(r->err ? r->err : EIO);
}

void reader_close(struct reader *r)
{
    if (r->zs) {
        inflateEnd(r->zs);
        free(r->zs);
    }
    free(r->zin);
    free(r->buf);
    if (r->fd > 0)
        close(r->fd);
    r->fd = -1;
    r->buf = NULL;
    r->zs = NULL;
    r->zin = NULL;
}
