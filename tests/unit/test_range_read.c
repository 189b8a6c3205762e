/*
 * test_range_read.c — range_read.h hands out the lines a memchr split of
 * the same bytes finds, whatever a read's size (1 byte and up: lines cut by
 * reads everywhere) and wherever a range starts and ends; a line over the
 * cap is handed out once, with its start, and the lines after it go on; a
 * file shorter than the range and a failed read end it with the flag set.
 */
#include "range_read.h"
#include "t.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

static char *data;
static size_t data_len;
static int fd = -1;

/* Random lines: mostly 0-300 bytes, now and then one of 2000-6000, some
   ending in '\r', some runs of empty lines; no '\n' at the end if open_end. */
static void make_file(unsigned seed, size_t len, bool open_end)
{
    srand(seed);
    free(data);
    data = malloc(len);
    CHECK(data != NULL);
    size_t at = 0;
    while (at < len) {
        int r = rand() % 100;
        size_t n = r < 5 ? 0 : r < 8 ? 2000 + (size_t)(rand() % 4000) : (size_t)(rand() % 300);
        for (size_t i = 0; i < n && at < len; i++)
            data[at++] = i + 1 == n && rand() % 4 == 0 ? '\r' : (char)('a' + rand() % 26);
        if (at < len)
            data[at++] = '\n';
    }
    if (!open_end)
        data[len - 1] = '\n';
    else if (data[len - 1] == '\n')
        data[len - 1] = 'z';
    data_len = len;
    char path[] = "/tmp/gclat-range-read-XXXXXX";
    const char *tmp = getenv("TMPDIR");
    char buf[512];
    snprintf(buf, sizeof buf, "%s/gclat-range-read-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    char *p = strlen(buf) < sizeof buf - 1 ? buf : path;
    if (fd >= 0)
        close(fd);
    fd = mkstemp(p);
    CHECK(fd >= 0);
    unlink(p);
    CHECK(write(fd, data, len) == (ssize_t)len);
}

/* The lines of data[off, off + len) through range_read and by memchr agree
   (lines over max_line: once, their first max_line + 1 bytes at least). */
static size_t agree(uint64_t off, uint64_t len, size_t max_line, size_t want)
{
    struct range_read r;
    range_read_init(&r, fd, max_line, want);
    range_read_start(&r, off, len);
    const char *q = data + off, *end = data + off + len, *s;
    size_t n, lines = 0;
    while (range_read_line(&r, &s, &n)) {
        if (q >= end) {
            printf("#   a line past the range's end (want %zu, max_line %zu)\n", want, max_line);
            t_failures++;
            break;
        }
        const char *nl = memchr(q, '\n', (size_t)(end - q));
        size_t exp = nl ? (size_t)(nl - q) : (size_t)(end - q);
        bool ok = exp > max_line ? n > max_line && n <= exp && memcmp(s, q, max_line + 1) == 0
                                 : n == exp && memcmp(s, q, n) == 0;
        if (!ok) {
            printf("#   line %zu at %td: %zu bytes, expected %zu (want %zu, max_line %zu)\n", lines,
                   q - data, n, exp, want, max_line);
            t_failures++;
            break;
        }
        q = nl ? nl + 1 : end;
        lines++;
        if (exp <= max_line && range_read_offset(&r) != (uint64_t)(q - data)) {
            printf("#   offset %llu after line %zu, expected %td\n", (unsigned long long)range_read_offset(&r),
                   lines, q - data);
            t_failures++;
            break;
        }
    }
    CHECK(q == end);
    CHECK_EQ_INT(r.err, 0);
    CHECK(!r.shrank);
    range_read_fini(&r);
    return lines;
}

/* A line start at or after pos. */
static uint64_t line_at(uint64_t pos)
{
    while (pos < data_len && pos > 0 && data[pos - 1] != '\n')
        pos++;
    return pos;
}

static const size_t wants[] = {1, 2, 3, 7, 63, 64, 65, 100, 4095, 4096, 65536, 0};
static const size_t caps[] = {1, 50, 299, 1000, 5999, (size_t)1 << 20};

static void test_whole_file_every_read_size(void)
{
    for (int open_end = 0; open_end < 2; open_end++) {
        make_file(11 + (unsigned)open_end, 300000, open_end);
        for (size_t w = 0; w < sizeof wants / sizeof *wants; w++)
            for (size_t c = 0; c < sizeof caps / sizeof *caps; c++) {
                /* tiny reads over a part (a syscall a byte is slow), every line over 1 KiB */
                uint64_t len = wants[w] && wants[w] < 64 ? line_at(40000) : data_len;
                CHECK(agree(0, len, caps[c], wants[w]) > 100);
            }
    }
}

/* Chunks as gc_read_par.c cuts them: line start to line start, and one
   buffer used for all of them in turn (as a thread does). */
static void test_ranges_one_buffer(void)
{
    make_file(23, 200000, true);
    for (size_t w = 0; w < sizeof wants / sizeof *wants; w++) {
        struct range_read r;
        size_t want = wants[w] && wants[w] < 64 ? 64 : wants[w];
        range_read_init(&r, fd, 1000, want);
        uint64_t off = 0;
        size_t total = 0;
        srand(5);
        while (off < data_len) {
            uint64_t end = line_at(off + 1 + (uint64_t)(rand() % 20000));
            if (end > data_len)
                end = data_len;
            range_read_start(&r, off, end - off);
            const char *s;
            size_t n, k = 0;
            while (range_read_line(&r, &s, &n))
                k++;
            CHECK_EQ_INT(k, agree(off, end - off, 1000, want));
            total += k;
            off = end;
        }
        range_read_fini(&r);
        CHECK_EQ_INT(total, agree(0, data_len, 1000, 0));
    }
}

/* Bytes of the range that are not in the file: the lines before are
   handed out, the cut one is not, and shrank says why it stopped. */
static void test_file_shorter_than_range(void)
{
    for (int open_end = 0; open_end < 2; open_end++) {
    make_file(31, 50000, open_end);
    /* a last line without '\n' is cut: not handed out */
    size_t whole = agree(0, data_len, 1 << 20, 0) - (size_t)open_end;
    for (size_t w = 0; w < 4; w++) {
        struct range_read r;
        range_read_init(&r, fd, 1 << 20, wants[w * 3]);
        range_read_start(&r, 0, data_len + 100000);
        const char *s;
        size_t n, k = 0;
        while (range_read_line(&r, &s, &n))
            k++;
        CHECK_EQ_INT(k, whole);
        CHECK(r.shrank);
        CHECK_EQ_INT(r.err, 0);
        CHECK(!range_read_line(&r, &s, &n)); /* and stays ended */
        range_read_fini(&r);
    }
    }
}

static void test_read_error(void)
{
    int d = open(".", O_RDONLY | O_DIRECTORY);
    CHECK(d >= 0);
    struct range_read r;
    range_read_init(&r, d, 1 << 20, 0);
    range_read_start(&r, 0, 100);
    const char *s;
    size_t n;
    CHECK(!range_read_line(&r, &s, &n));
    CHECK(r.err != 0);
    range_read_fini(&r);
    close(d);
}

/* A range that ends inside an over-long line, and one that is only one. */
static void test_over_long_at_the_end(void)
{
    make_file(41, 20000, false);
    data[9999] = '\n';
    memset(data + 10000, 'q', 9999); /* one line of 9999 bytes, the last */
    CHECK(pwrite(fd, data, data_len, 0) == (ssize_t)data_len);
    for (size_t c = 0; c < sizeof caps / sizeof *caps; c++)
        for (size_t w = 1; w < sizeof wants / sizeof *wants; w++) {
            agree(line_at(10000), data_len - line_at(10000), caps[c], wants[w]);
            agree(0, data_len - 1, caps[c], wants[w]); /* without its '\n' */
        }
}

int main(void)
{
    RUN(test_whole_file_every_read_size);
    RUN(test_ranges_one_buffer);
    RUN(test_file_shorter_than_range);
    RUN(test_read_error);
    RUN(test_over_long_at_the_end);
    free(data);
    if (fd >= 0)
        close(fd);
    T_DONE();
}
