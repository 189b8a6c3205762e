/*
 * fuzz_td_json.c — libFuzzer harness for the Thread.dump_to_file JSON reader and the
 * analysis on its result (the input is always parsed as JSON). If it contains a
 * NUL byte, the bytes after the first NUL are parsed as `top -b -H` output and
 * joined. The full report and the CSV table are built and rendered to
 * /dev/null, so the lock graph, cycles, grouping and renderers all run.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "render.h"
#include "report.h"
#include "td.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *d = (const char *)data;
    const char *nul = memchr(d, '\0', size);
    size_t dlen = nul ? (size_t)(nul - d) : size;
    struct td_set s;
    td_set_init(&s);
    td_json_parse(&s, "fuzz", d, dlen);
    struct td_top top;
    memset(&top, 0, sizeof top);
    struct td_opts o;
    memset(&o, 0, sizeof o);
    o.limit = 5;
    o.stack_depth = 8;
    o.pid = -1;
    const char *fw[] = {"java.", "jdk.", "sun."};
    const char *app[] = {"com.example."};
    o.px.fw = fw;
    o.px.nfw = 3;
    if (dlen & 1) {
        o.px.app = app;
        o.px.napp = 1;
    }
    if (nul) {
        td_top_parse_mem(&s, &top, "fuzz-top", nul + 1, size - dlen - 1);
        o.top = &top;
    }
    if (s.nt > 0) {
        FILE *f = fopen("/dev/null", "w");
        struct report_node *root = rn_root();
        td_report(&s, &o, root);
        struct report_node *arr = rn_arr(root, "csv");
        td_report_csv(&s, &o, arr);
        if (f) {
            struct render_opts ro = {false};
            render_text(f, root, &ro);
            render_json(f, root);
            render_csv(f, arr);
            fclose(f);
        }
        rn_free(root);
        if (s.nd > 1) {
            o.dump = 1;
            root = rn_root();
            td_report(&s, &o, root);
            rn_free(root);
        }
    }
    td_top_fini(&top);
    td_set_fini(&s);
    return 0;
}
