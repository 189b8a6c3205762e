/* fuzz_wrk.c — the wrk/wrk2 output reader on arbitrary bytes, and the
 * report built from whatever it understood. */
#include <stdint.h>
#include <stddef.h>
#include "reader.h"
#include "report.h"
#include "wrk_parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct wrk_result r;
    wrk_result_init(&r);
    struct diag d;
    diag_init(&d);
    struct wrk_parser p;
    wrk_parser_init(&p, &r, &d, "fuzz");
    (void)wrk_sniff((const char *)data, size);
    struct reader rd;
    reader_init_mem(&rd, "fuzz", (const char *)data, size);
    const char *s;
    size_t n;
    while (reader_next(&rd, &s, &n) == 1)
        wrk_parser_line(&p, s, n, rd.lineno);
    reader_close(&rd);
    wrk_parser_finish(&p);
    struct report_node *root = rn_root();
    wrk_report(&r, root);
    rn_free(root);
    diag_fini(&d);
    wrk_result_fini(&r);
    return 0;
}
