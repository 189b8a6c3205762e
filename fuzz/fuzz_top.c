/*
 * fuzz_top.c — the top -b parser and the --record reader on arbitrary bytes:
 * every line goes through top_parser_line and proc_record_line; frames are
 * consumed by a callback that touches every row.
 */
#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include "diag.h"
#include "proc_record.h"
#include "reader.h"
#include "threadcat.h"
#include "top_parse.h"
#include "proc_sample.h"
#include <stdlib.h>
#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void on_frame(const struct top_frame *f, void *ctx)
{
    size_t *n = ctx;
    for (size_t i = 0; i < f->nrows; i++) {
        const struct top_row *r = &f->rows[i];
        size_t l = strlen(r->cmd);
        *n += (size_t)threadcat(r->cmd, l);
        char *g = threadcat_group(r->cmd, l, r->cut);
        *n += strlen(g);
        free(g);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct diag d;
    diag_init(&d);
    size_t acc = 0;
    struct top_parser tp;
    struct proc_record_reader pr;
    top_parser_init(&tp, "fuzz", &d, on_frame, &acc);
    proc_record_init(&pr, "fuzz", &d, on_frame, &acc);
    struct reader r;
    reader_init_mem(&r, "fuzz", (const char *)data, size);
    const char *s;
    size_t n;
    while (reader_next(&r, &s, &n) == 1) {
        top_parser_line(&tp, s, n, r.lineno);
        proc_record_line(&pr, s, n, r.lineno);
        int64_t v;
        top_parse_mem_kb(s, n, &v);
        top_parse_time_cs(s, n, &v);
        int64_t tid;
        size_t nb, nl;
        if (proc_tdump_header(s, n, &tid, &nb, &nl) && nb + nl > n)
            __builtin_trap();
    }
    reader_close(&r);
    top_parser_finish(&tp);
    proc_record_finish(&pr);
    diag_fini(&d);
    return 0;
}
