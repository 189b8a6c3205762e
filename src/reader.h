/*
 * reader.h — bytes to lines, from a file, standard input ("-"), a gzip
 * stream (detected by its magic bytes, so "-" may be gzip too) or a memory
 * buffer (for tests and fuzzers).
 *
 * Invariants: a returned line excludes its '\n' and one trailing '\r'
 * (CRLF files read like LF files); it stays valid until the next call; lines
 * may be of any length (the buffer grows to the longest line, so memory is
 * bounded by the longest line plus one read chunk, not by the input size).
 * A NUL byte inside a line is kept: callers get (ptr, len), never C strings.
 */
#ifndef GCLAT_READER_H
#define GCLAT_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct reader {
    const char *name;      /* display name for messages: path or "<stdin>" */
    int fd;                /* -1 in memory mode */
    bool is_gz;
    void *zs;              /* z_stream when is_gz */
    unsigned char *zin;    /* compressed input buffer when is_gz */
    size_t zin_len, zin_pos;
    bool zeof;             /* compressed source exhausted */
    bool zmid;             /* inside a gzip member (its end not seen yet) */
    char *buf;             /* decompressed bytes [start, end) not yet returned */
    size_t cap, start, end;
    const char *mem;       /* memory mode: the whole input */
    size_t mem_len;
    uint64_t lineno;       /* 1-based number of the last returned line */
    uint64_t raw_bytes;    /* bytes read from the source (compressed if gz) */
    uint64_t size_bytes;   /* source size when known (regular file), else 0 */
    bool eof;
    int err;               /* errno of a read error, 0 if none */
    const char *errmsg;    /* static message for a decompression error */
};

/* Open path ("-" is standard input). Returns 0, or -1 with errno set. */
int reader_open(struct reader *r, const char *path);
/* Read lines from data[0..len) (not copied; must outlive the reader). */
void reader_init_mem(struct reader *r, const char *name, const char *data, size_t len);
/*
 * Next line. Returns 1 and sets *line and *len, 0 at end of input, -1 on a read
 * or decompression error (r->err / r->errmsg say which; reader_strerror).
 */
int reader_next(struct reader *r, const char **line, size_t *len);
const char *reader_strerror(const struct reader *r);
void reader_close(struct reader *r);

/*
 * Progress: when enabled (stderr is a terminal and not --quiet), the reader
 * prints "NAME  123 MB  45%" on stderr at most 4 times a second, and clears
 * it at the end. Off by default so tests and pipes see nothing.
 */
void reader_progress_enable(bool on);
void reader_progress_done(void);

#endif
