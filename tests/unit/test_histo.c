/* test_histo.c — class histogram rows with and without module, Total, jcmd PID line,
   JDK 6 "<no name>" rows, a thread dump in the same file, liveness from a command line. */
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

static void feed(struct histo_parser *p, const char *t)
{
    struct reader r;
    reader_init_mem(&r, "t", t, strlen(t));
    const char *s;
    size_t n;
    while (reader_next(&r, &s, &n) == 1)
        histo_parser_line(p, s, n, r.lineno);
    reader_close(&r);
}

static void jdk6_no_name(void)
{
    struct diag d;
    diag_init(&d);
    struct got g;
    memset(&g, 0, sizeof g);
    struct histo_parser p;
    histo_parser_init(&p, "t", &d, cb, &g);
    feed(&p, " num     #instances         #bytes  class name\n"
             "----------------------------------------------\n"
             "   1:         33011        4490248  <constMethodKlass>\n"
             "   2:            93           4464  <no name>\n"
             "   3:             5            120  <no name\n"
             "Total         33109        4494832\n");
    CHECK_EQ_INT(g.rows, 3);
    CHECK_STR(g.names, "<constMethodKlass>|<no name>|<no name|");
    CHECK_EQ_INT(g.inst, p.total_instances);
    CHECK_EQ_INT(g.bytes, p.total_bytes);
    CHECK_EQ_INT((long long)d.total, 0);
    diag_fini(&d);
}

static void dump_then_histogram(void)
{
    struct diag d;
    diag_init(&d);
    struct got g;
    memset(&g, 0, sizeof g);
    struct histo_parser p;
    histo_parser_init(&p, "t", &d, cb, &g);
    feed(&p, "junk before anything\n"
             "2026-11-30 05:46:09\n"
             "Full thread dump OpenJDK 64-Bit Server VM (17.0.15+6 mixed mode):\n"
             "\"main\" #1 prio=5 os_prio=0 tid=0x1 nid=0x10 runnable  [0x0]\n"
             "   java.lang.Thread.State: RUNNABLE\n"
             "Heap\n"
             "28313:\n"
             " num     #instances         #bytes  class name (module)\n"
             "-------------------------------------------------------\n"
             "   1:            10            160  com.acme.X\n"
             "Total            10            160\n"
             "\"second\" dump header after it\n");
    CHECK_EQ_INT(g.rows, 1);
    CHECK_EQ_INT((long long)d.total, 1); /* the line before the dump */
    CHECK_EQ_INT(p.dump_lines, 6);      /* 5 dump lines before, 1 after */
    CHECK_EQ_INT(p.dump_first_line, 2);
    CHECK(p.jcmd);
    CHECK_EQ_INT(p.liveness, HISTO_LIVENESS_UNKNOWN);
    diag_fini(&d);
}

static void liveness(void)
{
    static const struct {
        const char *line;
        enum histo_liveness want;
    } c[] = {
        {"$ jmap -histo 4242 > h.txt", HISTO_ALL},
        {"jmap -histo:live 4242", HISTO_LIVE},
        {"jmap -histo:file=x,live 4242", HISTO_LIVE},
        {"# jcmd 4242 GC.class_histogram", HISTO_LIVE},
        {"jcmd 4242 GC.class_histogram -all", HISTO_ALL},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        struct diag d;
        diag_init(&d);
        struct got g;
        memset(&g, 0, sizeof g);
        struct histo_parser p;
        histo_parser_init(&p, "t", &d, cb, &g);
        histo_parser_line(&p, c[i].line, strlen(c[i].line), 1);
        CHECK_EQ_INT(p.liveness, c[i].want);
        CHECK_EQ_INT(p.liveness_line, 1);
        CHECK_EQ_INT((long long)d.total, 0);
        diag_fini(&d);
    }
}

int main(void)
{
    RUN(rows);
    RUN(jdk6_no_name);
    RUN(dump_then_histogram);
    RUN(liveness);
    T_DONE();
}
