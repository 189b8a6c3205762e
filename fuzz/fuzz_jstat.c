/* fuzz_jstat.c — the jstat parser on arbitrary bytes; rows are read fully. */
#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include "diag.h"
#include "jstat_parse.h"
#include "reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void on_row(const struct jstat_row *r, void *ctx)
{
    double *acc = ctx;
    for (int k = 0; k < J_NCOL; k++)
        if (r->has[k])
            *acc += r->v[k];
    if (r->lgcc)
        *acc += (double)strlen(r->lgcc) + (double)strlen(r->gcc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct diag d;
    diag_init(&d);
    double acc = 0;
    struct jstat_parser p;
    jstat_parser_init(&p, "fuzz", &d, on_row, &acc);
    struct reader r;
    reader_init_mem(&r, "fuzz", (const char *)data, size);
    const char *s;
    size_t n;
    while (reader_next(&r, &s, &n) == 1)
        jstat_parser_line(&p, s, n, r.lineno);
    reader_close(&r);
    jstat_parser_finish(&p);
    diag_fini(&d);
    return 0;
}
