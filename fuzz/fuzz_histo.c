/* fuzz_histo.c — the class-histogram parser on arbitrary bytes. */
#include <stdint.h>
#include <stddef.h>
#include "diag.h"
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
    *acc += (size_t)(r->instances + r->bytes);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct diag d;
    diag_init(&d);
    size_t acc = 0;
    struct histo_parser p;
    histo_parser_init(&p, "fuzz", &d, on_row, &acc);
    struct reader r;
    reader_init_mem(&r, "fuzz", (const char *)data, size);
    const char *s;
    size_t n;
    while (reader_next(&r, &s, &n) == 1)
        histo_parser_line(&p, s, n, r.lineno);
    reader_close(&r);
    diag_fini(&d);
    return 0;
}
