/* test_histo.c — class histogram rows with and without module, Total, jcmd PID line. */
#include "t.h"
#include "diag.h"
#include "histo_parse.h"
#include "reader.h"

#include <string.h>

struct got {
    int rows;
    int64_t inst, bytes;
    char names[256];
};

static void cb(const struct histo_row *r, void *ctx)
{
    struct got *g = ctx;
    g->rows++;
    g->inst += r->instances;
    g->bytes += r->bytes;
    strncat(g->names, r->cls, r->cls_len);
    if (r->module) {
        strcat(g->names, "@");
        strncat(g->names, r->module, r->module_len);
    }
    strcat(g->names, "|");
}

static void rows(void)
{
    const char *t = "498:\n"
                    " num     #instances         #bytes  class name (module)\n"
                    "-------------------------------------------------------\n"
                    "   1:        157445       50750136  [B (java.base@17.0.15)\n"
                    "   2:        110000        2640000  com.example.LeakyEntry\n"
                    "   3:             1             16  sun.nio.fs.NativeBuffers$1 (java.base@17.0.15)\n"
                    "   4:            12  x\n"
                    "   5:            12     24  Foo trailing junk\n"
                    "Total        267446       53390152\n"
                    "Total  x\n";
    struct diag d;
    diag_init(&d);
    struct got g;
    memset(&g, 0, sizeof g);
    struct histo_parser p;
    histo_parser_init(&p, "t", &d, cb, &g);
    struct reader r;
    reader_init_mem(&r, "t", t, strlen(t));
    const char *s;
    size_t n;
    while (reader_next(&r, &s, &n) == 1)
        histo_parser_line(&p, s, n, r.lineno);
    CHECK_EQ_INT(g.rows, 3);
    CHECK_EQ_INT(g.inst, 267446);
    CHECK_EQ_INT(g.bytes, 53390152);
    CHECK(p.have_total && p.total_bytes == 53390152);
    CHECK_STR(g.names, "[B@java.base@17.0.15|com.example.LeakyEntry|sun.nio.fs.NativeBuffers$1@java.base@17.0.15|");
    CHECK_EQ_INT((long long)d.total, 3);
    diag_fini(&d);
}

int main(void)
{
    RUN(rows);
    T_DONE();
}
