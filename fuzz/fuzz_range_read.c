/*
 * fuzz_range_read.c — range_read.h (the pread line source of the GC
 * readers) on arbitrary bytes. The first byte picks the line cap and the
 * read size (tiny reads cut lines everywhere, small caps reach the
 * over-long path with small inputs), the second where the file is cut into
 * two ranges; the rest is the file, in a memfd. Both ranges, read through
 * one buffer in turn as a parsing thread does, must give the lines of a
 * memchr split of the same bytes: a line within the cap exactly, a longer
 * one once, with at least cap + 1 of its first bytes; nothing else.
 */
#include "fuzz_memfd.h"
#include "range_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The lines of in[off, end) through r must be those memchr finds. */
static void agree(struct range_read *r, const char *in, size_t off, size_t end, size_t cap)
{
    range_read_start(r, off, end - off);
    const char *q = in + off, *e = in + end, *s;
    size_t n;
    while (range_read_line(r, &s, &n)) {
        if (q >= e)
            abort(); /* a line past the range */
        const char *nl = memchr(q, '\n', (size_t)(e - q));
        size_t want = nl ? (size_t)(nl - q) : (size_t)(e - q);
        if (want > cap ? !(n > cap && n <= want && memcmp(s, q, cap + 1) == 0)
                       : !(n == want && memcmp(s, q, n) == 0))
            abort(); /* not the line memchr finds */
        q = nl ? nl + 1 : e;
    }
    if (q != e || r->err || r->shrank)
        abort(); /* lines missing, or a failure on a file that did not change */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    static const size_t caps[] = {1, 16, 200, (size_t)1 << 20};
    static const size_t reads[] = {1, 7, 64, 0};
    size_t cap = caps[data[0] & 3], want = reads[(data[0] >> 2) & 3];
    const char *in = (const char *)data + 2;
    size_t n = size - 2;
    int fd = fuzz_memfd("fuzz_range_read", in, n);
    if (fd < 0)
        return 0;
    /* a cut at a line start, as gc_read_par.c cuts chunks */
    size_t cut = n ? (size_t)data[1] * n / 256 : 0;
    while (cut > 0 && cut < n && in[cut - 1] != '\n')
        cut++;
    struct range_read r;
    range_read_init(&r, fd, cap, want);
    agree(&r, in, 0, cut, cap);
    agree(&r, in, cut, n, cap);
    agree(&r, in, 0, n, cap);
    range_read_fini(&r);
    close(fd);
    return 0;
}
