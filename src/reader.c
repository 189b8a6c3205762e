/*
 * reader.c — the line reader, in three stages over one source (a file
 * descriptor or a memory buffer):
 *
 *   source bytes -> [gzip inflate] -> [UTF-16 to UTF-8] -> line buffer
 *
 * Both middle stages are chosen once, from the first bytes. Plain input is
 * read(2) straight into the line buffer (no stdio, no extra copy), and plain
 * memory input is not copied at all; only gzip and UTF-16 go through their
 * own staging buffer (zin, u16) of READ_CHUNK bytes. The line buffer holds at
 * most max_line bytes of one line plus a chunk: an over-long line is dropped
 * as it streams past, so memory stays flat however long it is.
 */
#include "reader.h"
#include "diag.h"
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
/* Bytes gathered before gzip and UTF-16 are decided: enough for the NUL
   pattern of a few lines, small enough not to delay a pipe much. */
#define SNIFF_BYTES 4096u

static bool progress_on;
static bool progress_shown;
static double progress_last_s;
static bool warnings_on = true;
static size_t max_line_default = READER_MAX_LINE;

void reader_progress_enable(bool on)
{
    progress_on = on;
}

void reader_warnings_enable(bool on)
{
    warnings_on = on;
}

bool reader_warnings_enabled(void)
{
    return warnings_on;
}

void reader_set_max_line(size_t bytes)
{
    max_line_default = bytes ? bytes : READER_MAX_LINE;
}

size_t reader_max_line(void)
{
    return max_line_default;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void reader_progress_note(const char *name, uint64_t done_bytes, uint64_t size_bytes)
{
    if (!progress_on)
        return;
    double t = now_s();
    if (t - progress_last_s < 0.25)
        return;
    progress_last_s = t;
    progress_shown = true;
    if (size_bytes)
        fprintf(stderr, "\r\033[K%s  %llu MB  %d%%", name, (unsigned long long)(done_bytes >> 20),
                (int)(100.0 * (double)done_bytes / (double)size_bytes));
    else
        fprintf(stderr, "\r\033[K%s  %llu MB", name, (unsigned long long)(done_bytes >> 20));
}

static void progress_tick(const struct reader *r)
{
    reader_progress_note(r->name, r->raw_bytes, r->size_bytes);
}

void reader_progress_done(void)
{
    if (progress_shown)
        fputs("\r\033[K", stderr);
    progress_shown = false;
}

/* ---- detection ------------------------------------------------------------ */

static bool is_gzip_magic(const unsigned char *p, size_t n)
{
    return n >= 2 && p[0] == 0x1f && p[1] == 0x8b;
}

enum reader_text reader_sniff_text(const unsigned char *p, size_t n, size_t *bom_len)
{
    *bom_len = 0;
    if (n >= 2 && p[0] == 0xff && p[1] == 0xfe) {
        *bom_len = 2;
        return READER_UTF16LE;
    }
    if (n >= 2 && p[0] == 0xfe && p[1] == 0xff) {
        *bom_len = 2;
        return READER_UTF16BE;
    }
    /* No BOM: text (ASCII mostly) in UTF-16 has a NUL as the high byte of
       nearly every unit, and UTF-8 text has no NUL at all. Unambiguous means
       >= 90% of units with a NUL on one side and < 10% on the other, over at
       least two units; anything else (binary, zero padding) stays as it is. */
    size_t units = (n < SNIFF_BYTES ? n : SNIFF_BYTES) / 2;
    if (units < 2)
        return READER_UTF8;
    size_t z_even = 0, z_odd = 0;
    for (size_t i = 0; i < units; i++) {
        z_even += p[2 * i] == 0;
        z_odd += p[2 * i + 1] == 0;
    }
    if (z_odd * 10 >= units * 9 && z_even * 10 < units)
        return READER_UTF16LE;
    if (z_even * 10 >= units * 9 && z_odd * 10 < units)
        return READER_UTF16BE;
    return READER_UTF8;
}

static bool utf8_bom(const unsigned char *p, size_t n)
{
    return n >= 3 && p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf;
}

bool reader_plain(const void *head, size_t n)
{
    const unsigned char *p = head;
    size_t bom;
    return !is_gzip_magic(p, n) && !utf8_bom(p, n) && reader_sniff_text(p, n, &bom) == READER_UTF8;
}

/* ---- open / init ---------------------------------------------------------- */

/* Standard input read ahead by reader_stdin_peek, replayed by the next
   reader_open("-") before the rest of fd 0. */
static ssize_t read_some(int fd, void *p, size_t n);
static char *stdin_head;
static size_t stdin_head_len;
static bool stdin_head_whole, stdin_head_taken;

int reader_stdin_peek(size_t want, const char **data, size_t *len, bool *whole)
{
    if (stdin_head_taken)
        return -1; /* already being read: its head is gone */
    if (!stdin_head) {
        stdin_head = xmalloc(want ? want : 1);
        stdin_head_whole = false;
        while (stdin_head_len < want) {
            ssize_t k = read_some(0, stdin_head + stdin_head_len, want - stdin_head_len);
            if (k < 0)
                return -1; /* the reader will meet the error again and report it */
            if (k == 0) {
                stdin_head_whole = true;
                break;
            }
            stdin_head_len += (size_t)k;
        }
    }
    *data = stdin_head;
    *len = stdin_head_len;
    *whole = stdin_head_whole;
    return 0;
}

static void init_common(struct reader *r)
{
    memset(r, 0, sizeof *r);
    r->fd = -1;
    r->max_line = max_line_default;
}

int reader_open(struct reader *r, const char *path)
{
    init_common(r);
    if (strcmp(path, "-") == 0) {
        r->fd = 0;
        r->name = "<stdin>";
        if (stdin_head && !stdin_head_taken) {
            r->pre = stdin_head;
            r->pre_len = stdin_head_len;
            stdin_head = NULL;
        }
        stdin_head_taken = true;
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
            if (S_ISREG(st.st_mode)) {
                r->size_bytes = (uint64_t)st.st_size;
                r->is_reg = true;
            }
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
    const unsigned char *p = (const unsigned char *)data;
    if (len == 0 || reader_plain(p, len)) {
        r->mem_direct = true;
        r->sniffed = true;
        return;
    }
    if (utf8_bom(p, len) && !is_gzip_magic(p, len)) {
        /* a UTF-8 BOM needs no decoding: skip it and read in place */
        r->mem_direct = true;
        r->sniffed = true;
        r->start = 3;
        return;
    }
    r->cap = READ_CHUNK * 2;
    r->buf = xmalloc(r->cap);
}

void reader_set_diag(struct reader *r, struct diag *d)
{
    r->diag = d;
}

/* ---- stage 1: source bytes ------------------------------------------------ */

/* read(2) that retries on EINTR. */
static ssize_t read_some(int fd, void *p, size_t n)
{
    for (;;) {
        ssize_t k = read(fd, p, n);
        if (k >= 0 || errno != EINTR)
            return k;
    }
}

/*
 * End of a regular file: if it is now shorter than what was read, or than
 * it was when opened, it was truncated under us (copytruncate), and what was
 * read is not the file. An error, as lat's mmap path makes it (EIO there).
 */
static bool shrank(struct reader *r)
{
    /* size 0 at open: empty, or a pseudo-file (/proc, /sys) whose size is
       always 0 however much it holds; neither can be judged by its size */
    if (!r->is_reg || r->size_bytes == 0)
        return false;
    struct stat st;
    uint64_t now = r->raw_bytes;
    if (fstat(r->fd, &st) == 0 && (uint64_t)st.st_size < now)
        now = (uint64_t)st.st_size;
    if (r->raw_bytes >= r->size_bytes && now >= r->raw_bytes)
        return false;
    snprintf(r->errbuf, sizeof r->errbuf,
             "file shrank while being read (%llu bytes at open, read %llu, now %llu; "
             "truncated in place, e.g. by copytruncate)",
             (unsigned long long)r->size_bytes, (unsigned long long)r->raw_bytes,
             (unsigned long long)now);
    r->errmsg = r->errbuf;
    return true;
}

/* Up to n source bytes into p. Returns the count, 0 at the end, -1 on error. */
static ssize_t src_read(struct reader *r, void *p, size_t n)
{
    if (r->mem) {
        size_t k = r->mem_len - r->mem_pos;
        if (k > n)
            k = n;
        memcpy(p, r->mem + r->mem_pos, k);
        r->mem_pos += k;
        r->raw_bytes += k;
        return (ssize_t)k;
    }
    if (r->pre) {
        size_t k = r->pre_len - r->pre_pos;
        if (k > n)
            k = n;
        memcpy(p, r->pre + r->pre_pos, k);
        r->pre_pos += k;
        r->raw_bytes += k;
        if (r->pre_pos == r->pre_len) {
            free(r->pre);
            r->pre = NULL;
        }
        if (k)
            return (ssize_t)k;
    }
    if (r->fd < 0)
        return 0;
    ssize_t k = read_some(r->fd, p, n);
    if (k < 0) {
        r->err = errno;
        return -1;
    }
    if (k == 0 && shrank(r))
        return -1;
    r->raw_bytes += (uint64_t)k;
    return k;
}

/* ---- stage 2: gzip -------------------------------------------------------- */

/* Keep zin's unread bytes and read more after them. Returns as src_read. */
static ssize_t zin_more(struct reader *r)
{
    size_t left = r->zin_len - r->zin_pos;
    memmove(r->zin, r->zin + r->zin_pos, left);
    r->zin_len = left;
    r->zin_pos = 0;
    ssize_t k = src_read(r, r->zin + left, READ_CHUNK - left);
    if (k < 0)
        return -1;
    if (k == 0)
        r->zeof = true;
    r->zin_len += (size_t)k;
    return k;
}

/* After the last member: read the rest of the source, only to count it. */
static int drain_trailing(struct reader *r)
{
    for (;;) {
        for (size_t i = r->zin_pos; i < r->zin_len; i++)
            r->trail_nonzero |= r->zin[i] != 0;
        r->trailing_bytes += r->zin_len - r->zin_pos;
        r->zin_pos = r->zin_len;
        if (r->zeof)
            return 0;
        if (zin_more(r) < 0)
            return -1;
    }
}

/* Up to n inflated bytes into dst. Returns the count, 0 at the end, -1 on error. */
static ssize_t pull_gz(struct reader *r, char *dst, size_t n)
{
    z_stream *zs = r->zs;
    for (;;) {
        if (r->ztrail)
            return drain_trailing(r) < 0 ? -1 : 0;
        if (r->zin_pos == r->zin_len && !r->zeof && zin_more(r) < 0)
            return -1;
        if (r->zin_pos == r->zin_len && r->zeof) {
            if (r->zmid) {
                r->errmsg = "truncated gzip data";
                return -1;
            }
            return 0;
        }
        if (!r->zmid) {
            /* Between members: another member (concatenated .gz files, as
               logrotate's copies make), or bytes that are not gzip at all,
               which gzip -d ignores with a warning: so do we. */
            while (r->zin_len - r->zin_pos < 2 && !r->zeof)
                if (zin_more(r) < 0)
                    return -1;
            if (!is_gzip_magic(r->zin + r->zin_pos, r->zin_len - r->zin_pos)) {
                r->ztrail = true;
                continue;
            }
        }
        zs->next_in = r->zin + r->zin_pos;
        zs->avail_in = (uInt)(r->zin_len - r->zin_pos);
        zs->next_out = (Bytef *)dst;
        zs->avail_out = (uInt)n;
        int rc = inflate(zs, Z_NO_FLUSH);
        size_t produced = n - zs->avail_out;
        size_t consumed = (r->zin_len - zs->avail_in) - r->zin_pos;
        r->zin_pos = r->zin_len - zs->avail_in;
        if (consumed > 0 || produced > 0)
            r->zmid = true;
        if (rc == Z_STREAM_END) {
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

/* Bytes after stage 2 (inflated, or the source's own). */
static ssize_t pull(struct reader *r, char *dst, size_t n)
{
    return r->is_gz ? pull_gz(r, dst, n) : src_read(r, dst, n);
}

/* ---- stage 3: UTF-16 ------------------------------------------------------ */

static size_t put_utf8(char *o, uint32_t c)
{
    if (c < 0x80) {
        o[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        o[0] = (char)(0xc0 | (c >> 6));
        o[1] = (char)(0x80 | (c & 0x3f));
        return 2;
    }
    if (c < 0x10000) {
        o[0] = (char)(0xe0 | (c >> 12));
        o[1] = (char)(0x80 | ((c >> 6) & 0x3f));
        o[2] = (char)(0x80 | (c & 0x3f));
        return 3;
    }
    o[0] = (char)(0xf0 | (c >> 18));
    o[1] = (char)(0x80 | ((c >> 12) & 0x3f));
    o[2] = (char)(0x80 | ((c >> 6) & 0x3f));
    o[3] = (char)(0x80 | (c & 0x3f));
    return 4;
}

/*
 * Decode staged UTF-16 into o (room bytes). A unit writes at most 3 bytes of
 * its own plus 3 for a pending high surrogate it leaves unpaired, so at most
 * (room - 8) / 3 units are taken. Unpaired surrogates and an odd last byte
 * become U+FFFD, as iconv's //IGNORE would drop them silently.
 */
static size_t u16_decode(struct reader *r, char *o, size_t room)
{
    size_t units = (r->u16_len - r->u16_pos) / 2, max = (room - 8) / 3, w = 0;
    if (units > max)
        units = max;
    const unsigned char *p = r->u16 + r->u16_pos;
    bool le = r->text == READER_UTF16LE;
    for (size_t i = 0; i < units; i++, p += 2) {
        uint32_t u = le ? (uint32_t)p[0] | (uint32_t)p[1] << 8 : (uint32_t)p[0] << 8 | (uint32_t)p[1];
        if (r->u16_hi) {
            if (u >= 0xdc00 && u <= 0xdfff) {
                w += put_utf8(o + w, 0x10000 + ((r->u16_hi - 0xd800) << 10) + (u - 0xdc00));
                r->u16_hi = 0;
                continue;
            }
            w += put_utf8(o + w, 0xfffd);
            r->u16_hi = 0;
        }
        if (u >= 0xd800 && u <= 0xdbff)
            r->u16_hi = u;
        else
            w += put_utf8(o + w, (u >= 0xdc00 && u <= 0xdfff) ? 0xfffd : u);
    }
    r->u16_pos += units * 2;
    if (r->u16_end && r->u16_len - r->u16_pos < 2) {
        if (r->u16_hi)
            w += put_utf8(o + w, 0xfffd);
        if (r->u16_len > r->u16_pos)
            w += put_utf8(o + w, 0xfffd);
        r->u16_hi = 0;
        r->u16_pos = r->u16_len;
    }
    return w;
}

static ssize_t fill_u16(struct reader *r)
{
    for (;;) {
        size_t w = u16_decode(r, r->buf + r->end, r->cap - r->end);
        if (w > 0) {
            r->end += w;
            return (ssize_t)w;
        }
        if (r->u16_end)
            return 0;
        size_t left = r->u16_len - r->u16_pos;
        memmove(r->u16, r->u16 + r->u16_pos, left);
        r->u16_len = left;
        r->u16_pos = 0;
        ssize_t k = pull(r, (char *)r->u16 + left, READ_CHUNK - left);
        if (k < 0)
            return -1;
        if (k == 0)
            r->u16_end = true;
        r->u16_len += (size_t)k;
    }
}

/* ---- the line buffer ------------------------------------------------------ */

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

/*
 * The first fill: gather SNIFF_BYTES (or all there is) of source, decide
 * gzip; gather as much inflated text, decide UTF-16 (and drop a BOM). Every
 * read here is kept within READ_CHUNK, the size of zin and u16, into which
 * the gathered bytes move when a stage turns out to be needed.
 */
static ssize_t first_fill(struct reader *r)
{
    r->sniffed = true;
    ssize_t k = 1;
    while (r->end < SNIFF_BYTES && k > 0) {
        k = src_read(r, r->buf + r->end, READ_CHUNK - r->end);
        if (k < 0)
            return -1;
        r->end += (size_t)k;
    }
    if (is_gzip_magic((unsigned char *)r->buf, r->end)) {
        z_stream *zs = xcalloc(1, sizeof *zs);
        if (inflateInit2(zs, 15 + 32) != Z_OK) {
            free(zs);
            r->errmsg = "cannot initialise zlib";
            return -1;
        }
        r->zs = zs;
        r->is_gz = true;
        r->zin = xmalloc(READ_CHUNK);
        memcpy(r->zin, r->buf, r->end);
        r->zin_len = r->end;
        r->zin_pos = 0;
        r->zeof = k == 0;
        r->end = 0;
        k = 1;
        while (r->end < SNIFF_BYTES && k > 0) {
            k = pull_gz(r, r->buf + r->end, READ_CHUNK - r->end);
            if (k < 0)
                return -1;
            r->end += (size_t)k;
        }
    }
    const unsigned char *p = (const unsigned char *)r->buf;
    size_t bom = 0;
    r->text = reader_sniff_text(p, r->end, &bom);
    if (r->text == READER_UTF8) {
        if (utf8_bom(p, r->end))
            r->start = 3;
        return (ssize_t)(r->end - r->start);
    }
    r->u16 = xmalloc(READ_CHUNK);
    r->u16_len = r->end - bom;
    memcpy(r->u16, r->buf + bom, r->u16_len);
    r->u16_end = k == 0;
    r->start = r->end = 0;
    return fill_u16(r);
}

/* Read more bytes into the buffer. Returns >0, 0 at EOF, -1 on error. */
static ssize_t fill(struct reader *r)
{
    make_room(r);
    if (!r->sniffed)
        return first_fill(r);
    if (r->text != READER_UTF8)
        return fill_u16(r);
    ssize_t k = pull(r, r->buf + r->end, r->cap - r->end);
    if (k > 0)
        r->end += (size_t)k;
    return k;
}

/* ---- skipped input -------------------------------------------------------- */

/* Count a line of n (> max_line) bytes as skipped; line[0..n) is its start. */
static void too_long(struct reader *r, const char *line, size_t n)
{
    r->lineno++;
    r->long_lines++;
    if (!r->diag)
        return;
    diag_add(r->diag, "line too long", r->name, r->lineno, line, n < DIAG_EXCERPT ? n : DIAG_EXCERPT);
    r->diag->lines_read++;
    if (warnings_on && !r->warned_long)
        warnx("%s:%llu: line longer than %zu bytes skipped (counted as unparsed 'line too long')",
              r->name, (unsigned long long)r->lineno, r->max_line);
    r->warned_long = true;
}

/* At the end of input: say what was ignored after the last gzip member. */
static void report_trailing(struct reader *r)
{
    if (!r->trailing_bytes || !r->diag)
        return;
    const char *what = r->trail_nonzero ? "trailing garbage" : "trailing zero bytes";
    char text[96];
    int k = snprintf(text, sizeof text, "%llu byte(s) after the last gzip member ignored",
                     (unsigned long long)r->trailing_bytes);
    diag_add(r->diag, r->trail_nonzero ? "trailing garbage after gzip data"
                                       : "trailing zero bytes after gzip data",
             r->name, r->lineno, text, k > 0 ? (size_t)k : 0);
    if (warnings_on)
        warnx("%s: decompression OK, %s ignored (%llu bytes)", r->name, what,
              (unsigned long long)r->trailing_bytes);
}

/* ---- lines ---------------------------------------------------------------- */

static void emit(struct reader *r, size_t from, size_t to, const char **line, size_t *len)
{
    size_t n = to - from;
    if (n > 0 && r->buf[from + n - 1] == '\r')
        n--;
    *line = r->buf + from;
    *len = n;
    r->lineno++;
}

static int next_mem(struct reader *r, const char **line, size_t *len)
{
    for (;;) {
        if (r->start >= r->mem_len)
            return 0;
        const char *p = r->mem + r->start;
        size_t left = r->mem_len - r->start;
        const char *nl = memchr(p, '\n', left);
        size_t n = nl ? (size_t)(nl - p) : left;
        r->start += nl ? n + 1 : left;
        if (n > r->max_line) {
            too_long(r, p, n);
            continue;
        }
        if (n > 0 && p[n - 1] == '\r')
            n--;
        *line = p;
        *len = n;
        r->lineno++;
        return 1;
    }
}

/* reader_next when the buffer holds no complete line: refill (or finish). */
static int next_slow(struct reader *r, const char **line, size_t *len)
{
    if (r->mem_direct)
        return next_mem(r, line, len);
    if (!r->buf || r->done)
        return 0;
    size_t scanned = r->start;
    for (;;) {
        char *nl = memchr(r->buf + scanned, '\n', r->end - scanned);
        if (r->skipping) {
            /* the rest of an over-long line: drop it up to its '\n' */
            if (nl) {
                r->skipping = false;
                r->start = scanned = (size_t)(nl - r->buf) + 1;
                continue;
            }
            r->start = r->end;
        } else if (nl) {
            size_t at = (size_t)(nl - r->buf);
            if (at - r->start > r->max_line) {
                too_long(r, r->buf + r->start, at - r->start);
                r->start = scanned = at + 1;
                continue;
            }
            emit(r, r->start, at, line, len);
            r->start = at + 1;
            return 1;
        } else if (r->end - r->start > r->max_line) {
            too_long(r, r->buf + r->start, r->end - r->start);
            r->skipping = true;
            r->start = r->end;
        }
        if (r->eof) {
            if (!r->skipping && r->start < r->end) {
                emit(r, r->start, r->end, line, len);
                r->start = r->end;
                return 1;
            }
            r->done = true;
            report_trailing(r);
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
    if (r->buf) {
        size_t st = r->start;
        char *nl = memchr(r->buf + st, '\n', r->end - st);
        if (nl && (size_t)(nl - r->buf) - st <= r->max_line) {
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
    free(r->u16);
    free(r->buf);
    free(r->pre);
    r->pre = NULL;
    if (r->fd > 0)
        close(r->fd);
    r->fd = -1;
    r->buf = NULL;
    r->zs = NULL;
    r->zin = NULL;
    r->u16 = NULL;
}
