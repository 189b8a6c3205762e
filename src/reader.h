/*
 * reader.h — bytes to lines, from a file, standard input ("-") or a memory
 * buffer (for tests and fuzzers). Every source may be gzip (detected by its
 * magic bytes, so "-" may be gzip too; concatenated members are followed)
 * and UTF-16 (detected by its BOM, or without one by the NUL byte of every
 * other byte; transcoded to UTF-8), so every command reads what the others
 * read. A UTF-8 BOM is dropped.
 *
 * Invariants: a returned line excludes its '\n' and one trailing '\r'
 * (CRLF files read like LF files); it stays valid until the next call. A
 * line longer than the cap (reader_set_max_line, default READER_MAX_LINE
 * bytes, not counting its '\n') is not returned: its bytes are skipped up to
 * its '\n' and it is counted as unparsed "line too long" with file:line, so
 * memory is bounded by the cap plus two read chunks whatever the input (a
 * gzip bomb without newlines included). A NUL byte inside a line is kept:
 * callers get (ptr, len), never C strings.
 *
 * Input the reader itself skips (over-long lines, bytes after the last gzip
 * member — `gzip -d` warns about those and carries on, and so does this) is
 * counted in the struct diag given with reader_set_diag, and announced once
 * per file on stderr. Without a diag (a pass that only peeks at a file's
 * head) it is skipped the same way, silently, and only counted in the
 * reader's own fields.
 *
 * A regular file that shrinks while it is read (log rotation by
 * copytruncate) is a read error, not an early end: reader_next returns -1.
 */
#ifndef GCLAT_READER_H
#define GCLAT_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define READER_MAX_LINE ((size_t)1 << 20)

struct diag;

enum reader_text { READER_UTF8 = 0, READER_UTF16LE, READER_UTF16BE };

struct reader {
    const char *name;      /* display name for messages: path or "<stdin>" */
    int fd;                /* -1 in memory mode */
    bool is_reg;           /* a regular file: its size is checked at the end */
    const char *mem;       /* memory mode: the whole input */
    size_t mem_len, mem_pos;
    bool mem_direct;       /* plain memory input: lines point into mem, no copy */
    char *pre;             /* standard input read ahead (reader_stdin_peek), served first */
    size_t pre_len, pre_pos;
    bool sniffed;          /* gzip / UTF-16 detection done */
    bool is_gz;
    void *zs;              /* z_stream when is_gz */
    unsigned char *zin;    /* compressed input buffer when is_gz */
    size_t zin_len, zin_pos;
    bool zeof;             /* compressed source exhausted */
    bool zmid;             /* inside a gzip member (its end not seen yet) */
    bool ztrail;           /* past the last member: the rest is ignored */
    bool trail_nonzero;    /* some ignored byte after the last member is not 0 */
    enum reader_text text;
    unsigned char *u16;    /* UTF-16 bytes [u16_pos, u16_len) not yet decoded */
    size_t u16_len, u16_pos;
    uint32_t u16_hi;       /* a high surrogate waiting for its low half, or 0 */
    bool u16_end;          /* no more UTF-16 bytes will come */
    char *buf;             /* decoded bytes [start, end) not yet returned */
    size_t cap, start, end;
    size_t max_line;       /* longest line returned, in bytes */
    bool skipping;         /* inside an over-long line, dropping up to its '\n' */
    struct diag *diag;     /* where skipped input is counted, or NULL */
    bool warned_long;
    uint64_t lineno;       /* 1-based number of the last line returned or skipped */
    uint64_t raw_bytes;    /* bytes read from the source (compressed if gz) */
    uint64_t size_bytes;   /* source size when known (regular file), else 0 */
    uint64_t long_lines;   /* lines skipped as longer than max_line */
    uint64_t trailing_bytes; /* bytes after the last gzip member, ignored */
    bool eof;
    bool done;             /* end reached and reported */
    int err;               /* errno of a read error, 0 if none */
    const char *errmsg;    /* message for a decompression or shrink error */
    char errbuf[160];
};

/* Open path ("-" is standard input). Returns 0, or -1 with errno set. */
int reader_open(struct reader *r, const char *path);
/* Read lines from data[0..len) (not copied; must outlive the reader). */
void reader_init_mem(struct reader *r, const char *name, const char *data, size_t len);
/* Count what the reader skips in d (see above); call before the first line. */
void reader_set_diag(struct reader *r, struct diag *d);
/*
 * Next line. Returns 1 and sets *line and *len, 0 at end of input, -1 on a read
 * or decompression error or a file that shrank (reader_strerror says which).
 */
int reader_next(struct reader *r, const char **line, size_t *len);
const char *reader_strerror(const struct reader *r);
void reader_close(struct reader *r);

/*
 * True if head[0..n) (a file's first bytes, a few KB are enough) can be read
 * as it is: not gzip, not UTF-16, no BOM. For code that reads a plain file
 * without the reader (lat's mmap path) and must leave the others to it.
 */
bool reader_plain(const void *head, size_t n);
/* What head[0..n) looks like as text: UTF-16 by BOM or NUL pattern, else UTF-8. */
enum reader_text reader_sniff_text(const unsigned char *head, size_t n, size_t *bom_len);

/*
 * Look at the first bytes of standard input without consuming them: reads
 * up to want bytes once (blocking until they or the end arrive) and keeps
 * them; the next reader_open("-") returns them before the rest. *data, *len:
 * the raw bytes (maybe gzip or UTF-16: read them with reader_init_mem);
 * *whole: the input ended within them. Returns -1 (nothing to look at) on a
 * read error or once standard input is being read.
 */
int reader_stdin_peek(size_t want, const char **data, size_t *len, bool *whole);

/* The line cap of readers opened from now on (0 restores the default). */
void reader_set_max_line(size_t bytes);
size_t reader_max_line(void);
/* Announcements on stderr of skipped input (on by default; off for --quiet). */
void reader_warnings_enable(bool on);
bool reader_warnings_enabled(void);

/*
 * Progress: when enabled (stderr is a terminal and not --quiet), the reader
 * prints "NAME  123 MB  45%" on stderr at most 4 times a second, and clears
 * it at the end. Off by default so tests and pipes see nothing.
 */
void reader_progress_enable(bool on);
void reader_progress_done(void);
/* The same line for a reader of its own (the parallel GC-log reader). */
void reader_progress_note(const char *name, uint64_t done_bytes, uint64_t size_bytes);

#endif
