/* test_jstat.c — jstat parser: column sets, '-' cells, causes, headers. */
#include "t.h"
#include "diag.h"
#include "jstat_parse.h"
#include "reader.h"

#include <string.h>

struct got {
    int rows;
    double ygc_sum, o_last;
    bool ygc_absent;
    char causes[256];
};

static void cb(const struct jstat_row *r, void *ctx)
{
    struct got *g = ctx;
    g->rows++;
    if (r->has[J_YGC])
        g->ygc_sum += r->v[J_YGC];
    else
        g->ygc_absent = true;
    g->o_last = r->has[J_O] ? r->v[J_O] : r->v[J_OU];
    if (r->lgcc) {
        strcat(g->causes, r->lgcc);
        strcat(g->causes, "/");
        strcat(g->causes, r->gcc);
        strcat(g->causes, "|");
    }
}

static void run(const char *t, struct got *g, struct diag *d)
{
    memset(g, 0, sizeof *g);
    struct jstat_parser p;
    jstat_parser_init(&p, "t", d, cb, g);
    struct reader r;
    reader_init_mem(&r, "t", t, strlen(t));
    const char *s;
    size_t n;
    while (reader_next(&r, &s, &n) == 1)
        jstat_parser_line(&p, s, n, r.lineno);
    jstat_parser_finish(&p);
}

static void gccause(void)
{
    const char *t =
        "  S0     S1     E      O      M     CCS    YGC     YGCT     FGC    FGCT     CGC    CGCT       GCT    LGCC                 GCC                 \n"
        "  0.00 100.00  43.42  12.42  74.71  36.21      9     0.391     0     0.000     0     0.000     0.391 G1 Evacuation Pause  No GC               \n"
        "     -      -      -  85.55  71.90  36.61      -         -     -         -     9     0.000     0.000 Heap Inspection Initiated GC No GC\n"
        "  0.00 100.00  43.42  12.42  74.71  36.21     10     0.391     0     0.000     0     0.000     0.391 Weird Cause\n";
    struct diag d;
    diag_init(&d);
    struct got g;
    run(t, &g, &d);
    CHECK_EQ_INT(g.rows, 3);
    CHECK_NEAR(g.ygc_sum, 19, 1e-9);
    CHECK(g.ygc_absent);
    CHECK_STR(g.causes, "G1 Evacuation Pause/No GC|Heap Inspection Initiated GC/No GC|Weird Cause/|");
    CHECK_EQ_INT((long long)d.total, 1); /* cannot split "Weird Cause" */
    diag_fini(&d);
}

static void jdk8_and_errors(void)
{
    const char *t =
        "12.0 3.0\n"
        " S0C    S1C    S0U    S1U      EC       EU        OC         OU       MC     MU    CCSC   CCSU   YGC     YGCT    FGC    FGCT     GCT\n"
        "10752.0 10752.0  0.0   4032.0 65536.0  24567.3   175104.0    1024.5  4864.0 2880.1 512.0  300.2      3    0.020   0      0.000    0.020\n"
        "10752.0 10752.0  0.0\n"
        "10752.0 10752.0  0.0   4032.0 65536.0  24567.3   175104.0    1024.5  4864.0 2880.1 512.0  300.2      3    0.020   0      0.000    0.020  9\n"
        "10752,0 10752.0  0.0   4032.0 65536.0  24567.3   175104.0    2048.0  4864.0 2880.1 512.0  300.2      4    0.020   0      0.000    0.020\n";
    struct diag d;
    diag_init(&d);
    struct got g;
    run(t, &g, &d);
    CHECK_EQ_INT(g.rows, 2);
    CHECK_NEAR(g.o_last, 2048.0, 1e-9);
    CHECK_EQ_INT((long long)d.total, 3); /* row before header, short row, long row */
    diag_fini(&d);
}

int main(void)
{
    RUN(gccause);
    RUN(jdk8_and_errors);
    T_DONE();
}
