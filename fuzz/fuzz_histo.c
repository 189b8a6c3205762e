/*
 * fuzz_histo.c — the class-histogram parser on arbitrary bytes (rows, JDK 6
 * "<no name>" rows, a thread dump sharing the file, command lines giving the
 * liveness), then the liveness comparison of that histogram against a
 * second parse of the bytes after the first NUL, as gclat histo does for two
 * files. Checks: the rows' sums cannot be negative (numbers are bounded).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "diag.h"
#include "histo_live.h"
#include "histo_parse.h"
#include "reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void on_row(const struct histo_row *r, void *ctx)
{
    size_t *acc = ctx;
    for (size_t i = 0; i < r->cls_len; i++)
        *acc += (unsigned char)r->cls[i];
    for (size_t i = 0; i < r->module_len; i++)
        *acc += (unsigned char)r->module[i];
    if (r->instances < 0 || r->bytes < 0)
        abort();
    *acc += (size_t)(r->instances + r->bytes);
}

static void parse(struct histo_parser *p, struct diag *d, size_t *acc, const char *s, size_t n)
{
    histo_parser_init(p, "fuzz", d, on_row, acc);
    struct reader r;
    reader_init_mem(&r, "fuzz", s, n);
    const char *l;
    size_t ln;
    while (reader_next(&r, &l, &ln) == 1)
        histo_parser_line(p, l, ln, r.lineno);
    reader_close(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *d0 = (const char *)data;
    const char *nul = memchr(d0, '\0', size);
    size_t n0 = nul ? (size_t)(nul - d0) : size;
    struct diag d;
    diag_init(&d);
    size_t acc = 0;
    struct histo_parser p[2];
    parse(&p[0], &d, &acc, d0, n0);
    parse(&p[1], &d, &acc, nul ? nul + 1 : d0, nul ? size - n0 - 1 : size);
    for (int i = 0; i < 2; i++) {
        char *b = histo_liveness_basis(&p[i]);
        free(b);
    }
    const char *files[2] = {"a", "b"};
    struct histo_live_note note;
    if (histo_liveness_note(p, files, 2, &note))
        free(note.text);
    diag_fini(&d);
    return 0;
}
