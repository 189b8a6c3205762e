/* test_histo.c — class histogram rows with and without module, Total, jcmd PID line,
   JDK 6 "<no name>" rows, a thread dump in the same file, liveness from a command line. */
#include "t.h"
#include "diag.h"
#include "histo_parse.h"
#include "histo_table.h"
#include "reader.h"

#include <stdlib.h>
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

static void put(struct histo_table *t, int f, const char *name, const char *mod, int64_t inst, int64_t bytes)
{
    struct histo_row r;
    memset(&r, 0, sizeof r);
    r.cls = name;
    r.cls_len = strlen(name);
    r.module = mod;
    r.module_len = mod ? strlen(mod) : 0;
    r.instances = inst;
    r.bytes = bytes;
    t->cur = f;
    histo_table_add(t, &r);
}

/* The heap selection against a brute-force ranking, the cap's untracked totals. */
static void table(void)
{
    struct histo_table t;
    histo_table_init(&t, 2, 0);
    char nm[32];
    for (int i = 0; i < 500; i++) {
        snprintf(nm, sizeof nm, "C%03d", i);
        int64_t b = (int64_t)((i * 7919) % 501); /* a permutation-like spread, with ties via %7 below */
        put(&t, 0, nm, NULL, i % 7, b);
        put(&t, 1, nm, NULL, i % 7, b + (i % 3 == 0 ? 1000 + i : 0));
    }
    put(&t, 0, "C007", NULL, 1, 100000); /* a second row of C007: summed */
    put(&t, 0, "C007", "m", 1, 5);      /* same name, other module: its own class */
    CHECK_EQ_INT(t.n, 501);
    size_t *o;
    size_t k = histo_table_top(&t, HISTO_BY_BYTES, 0, 10, 0, &o);
    CHECK_EQ_INT(k, 10);
    CHECK_STR(histo_table_name(&t, o[0]), "C007");
    CHECK_EQ_INT(histo_table_bytes(&t, o[0], 0), 100000 + (7 * 7919) % 501);
    size_t *all;
    size_t na = histo_table_top(&t, HISTO_BY_BYTES, 0, 0, 0, &all);
    CHECK_EQ_INT(na, 501);
    for (size_t i = 0; i < 10; i++)
        CHECK(o[i] == all[i]); /* the heap's top 10 == the head of the full sort */
    for (size_t i = 1; i < na; i++)
        CHECK(histo_table_bytes(&t, all[i - 1], 0) >= histo_table_bytes(&t, all[i], 0));
    free(o);
    free(all);
    k = histo_table_top(&t, HISTO_BY_INSTANCES, 0, 3, 0, &o);
    CHECK_EQ_INT(k, 3); /* ties at 6 instances: by name */
    CHECK_STR(histo_table_name(&t, o[0]), "C006");
    CHECK_STR(histo_table_name(&t, o[1]), "C013");
    free(o);
    k = histo_table_top(&t, HISTO_BY_GROWTH, 0, 0, 0, &o);
    CHECK_EQ_INT(k, 167); /* i % 3 == 0 grew; C007 shrank (its second rows are file 0 only) */
    CHECK_STR(histo_table_name(&t, o[0]), "C498");
    free(o);
    histo_table_fini(&t);

    histo_table_init(&t, 1, 2);
    put(&t, 0, "A", NULL, 1, 10);
    put(&t, 0, "B", NULL, 2, 20);
    put(&t, 0, "C", NULL, 3, 30); /* beyond the cap */
    put(&t, 0, "A", NULL, 1, 10); /* tracked: still summed */
    put(&t, 0, "D", NULL, 5, 7);
    CHECK_EQ_INT(t.n, 2);
    CHECK_EQ_INT(histo_table_bytes(&t, 0, 0), 20);
    CHECK_EQ_INT(t.untracked[0].rows, 2);
    CHECK_EQ_INT(t.untracked[0].instances, 8);
    CHECK_EQ_INT(t.untracked[0].bytes, 37);
    CHECK_EQ_INT(t.untracked[0].max_row_bytes, 30);
    CHECK_EQ_INT(t.untracked[0].max_row_instances, 5);
    histo_table_fini(&t);
}

int main(void)
{
    RUN(rows);
    RUN(jdk6_no_name);
    RUN(dump_then_histogram);
    RUN(liveness);
    RUN(table);
    T_DONE();
}
