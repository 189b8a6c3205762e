/*
 * fuzz_reader.c — the line reader itself on arbitrary bytes: gzip (members,
 * truncation, trailing bytes), UTF-16 detection and transcoding, the line
 * cap, CRLF. The first byte picks the cap (small caps reach the skip paths
 * with small inputs); the rest is the input, read twice: from memory and
 * from a memfd opened by path (the file-descriptor path, with its size
 * checks). Both must give the same lines, the same skipped counts and the
 * same verdict, and every line must respect the reader's contract.
 */
#include "diag.h"
#include "fuzz_memfd.h"
#include "reader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <zlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct digest {
    uint64_t lines, bytes, long_lines, trailing, diag_total;
    uint32_t crc;
    int rc;
};

static void drain(struct reader *r, struct digest *g, size_t cap)
{
    struct diag d;
    diag_init(&d);
    reader_set_diag(r, &d);
    memset(g, 0, sizeof *g);
    g->crc = (uint32_t)crc32(0L, Z_NULL, 0);
    const char *l;
    size_t n;
    uint64_t last = 0;
    while ((g->rc = reader_next(r, &l, &n)) == 1) {
        if (n > cap || memchr(l, '\n', n) || r->lineno <= last)
            abort(); /* over the cap, a newline inside, or line numbers not rising */
        last = r->lineno;
        g->lines++;
        g->bytes += n;
        g->crc = (uint32_t)crc32(g->crc, (const Bytef *)l, (uInt)n);
        g->crc = (uint32_t)crc32(g->crc, (const Bytef *)"\n", 1);
    }
    if (g->rc == 0 && r->lineno != g->lines + r->long_lines)
        abort(); /* every line is either returned or counted as too long */
    g->long_lines = r->long_lines;
    g->trailing = r->trailing_bytes;
    g->diag_total = d.total;
    diag_fini(&d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static const size_t caps[] = {READER_MAX_LINE, 16, 200, 4096};
    size_t cap = caps[data[0] & 3];
    const char *in = (const char *)data + 1;
    size_t n = size - 1;
    reader_warnings_enable(false);
    reader_set_max_line(cap);

    struct reader r;
    struct digest m, f;
    reader_init_mem(&r, "mem", in, n);
    drain(&r, &m, cap);
    reader_close(&r);

    int fd = fuzz_memfd("fuzz_reader", in, n);
    if (fd >= 0) {
        char path[64];
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
        if (reader_open(&r, path) == 0) {
            drain(&r, &f, cap);
            reader_close(&r);
            /* after an error, how far each got may differ: compare verdicts */
            if (m.rc != f.rc)
                abort();
            if (m.rc == 0 && (m.lines != f.lines || m.bytes != f.bytes || m.crc != f.crc ||
                              m.long_lines != f.long_lines || m.trailing != f.trailing ||
                              m.diag_total != f.diag_total))
                abort(); /* memory and file readers disagree */
        }
        close(fd);
    }
    reader_set_max_line(0);
    return 0;
}
