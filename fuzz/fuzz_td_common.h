/*
 * fuzz_td_common.h — the body shared by the two thread-dump harnesses
 * (fuzz_td.c: text dumps; fuzz_td_json.c: Thread.dump_to_file JSON): parse
 * with the given function, optionally join a `top -b -H` part (the bytes after
 * the first NUL), build the full report and the CSV table, and render them to
 * /dev/null, so the lock graph, cycles, grouping and renderers all run.
 */
#ifndef GCLAT_FUZZ_TD_COMMON_H
#define GCLAT_FUZZ_TD_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "render.h"
#include "report.h"
#include "td.h"

typedef void (*td_parse_fn)(struct td_set *s, const char *name, const char *d, size_t n);

static int td_fuzz_one(const uint8_t *data, size_t size, td_parse_fn parse)
{
    const char *d = (const char *)data;
    const char *nul = memchr(d, '\0', size);
    size_t dlen = nul ? (size_t)(nul - d) : size;
    struct td_set s;
    td_set_init(&s);
    parse(&s, "fuzz", d, dlen);
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

#endif
