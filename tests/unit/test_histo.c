/* test_histo.c — class histogram rows with and without module, Total, jcmd PID line,
   JDK 6 "<no name>" rows, a thread dump in the same file, liveness from a command line. */
#include "t.h"
#include "diag.h"
#include "finding.h"
#include "histo_analysis.h"
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

static void feed_analysis(struct histo_analysis *a, int f, const char *text)
{
    histo_analysis_begin_file(a, f, a->f[f].name);
    uint64_t ln = 0;
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        histo_analysis_add_line(a, p, n, ++ln);
        p += n + (e != NULL);
    }
}

/* The library without the command: two files in memory, the growth's suspects and the findings. */
static void analysis(void)
{
    struct histo_opts o;
    histo_opts_default(&o);
    CHECK(histo_opts_check(&o) == NULL);
    o.top = -1;
    CHECK(histo_opts_check(&o) != NULL);
    histo_opts_default(&o);
    o.min_growth_bytes = 1000;
    const char *names[] = {"h1", "h2"};
    struct diag d;
    diag_init(&d);
    struct histo_analysis a;
    histo_analysis_init(&a, &o, names, 2, &d);
    const char *hdr = " num     #instances         #bytes  class name\n"
                      "----------------------------------------------\n";
    char h1[512], h2[512];
    snprintf(h1, sizeof h1, "%s   1:  100  4000  Leak\n   2:  50  2000  Steady\n   3:  10  5000  Shrinks\n"
                            "Total  160  11000\n", hdr);
    snprintf(h2, sizeof h2, "%s   1:  400  16000  Leak\n   2:  50  2000  Steady\n   3:  1  500  Shrinks\n"
                            "   4:  5  600  New\nTotal  456  19000\n", hdr); /* Total 1 row short: 600 bytes */
    feed_analysis(&a, 0, h1);
    feed_analysis(&a, 1, h2);
    histo_analysis_finish(&a);
    CHECK_EQ_INT(d.total, 0);
    CHECK_EQ_INT(a.f[0].bytes, 11000);
    CHECK_EQ_INT(a.f[1].bytes, 19100);
    CHECK_EQ_INT(a.f[1].instances, 456);
    struct findings fs;
    findings_init(&fs);
    histo_analysis_findings(&a, &fs);
    /* h2's rows add up to 19100 bytes, its Total says 19000; liveness unknown; Leak grew by 12000 >= 1000 */
    CHECK_EQ_INT(fs.n, 3);
    CHECK_STR(fs.v[0].id, "histo-total-mismatch");
    CHECK(strstr(fs.v[0].summary, "h2: rows add up to 456 instances / 19100 bytes") != NULL);
    CHECK_STR(fs.v[1].id, "histo-liveness-unknown");
    CHECK_STR(fs.v[2].id, "leak-suspect");
    CHECK(strstr(fs.v[2].summary, "Leak grew in every histogram: +300 instances, +12000 bytes") != NULL);
    findings_fini(&fs);
    struct report_node *root = rn_root(), *csv = NULL;
    histo_analysis_report(&a, root, &csv);
    CHECK(csv == rn_get(root, "growth"));
    const struct report_node *g = rn_get(root, "growth");
    CHECK_EQ_INT(rn_len(g), 2); /* Leak and New grew; Steady did not, Shrinks shrank */
    CHECK_STR(rn_get(g->first, "class")->s, "Leak");
    CHECK_EQ_INT(rn_get(g->first, "bytes_growth")->i, 12000);
    CHECK(rn_get(g->first, "leak_suspect")->b);
    CHECK_STR(rn_get(g->first->next, "class")->s, "New");
    CHECK(rn_get(g->first->next, "growth_pct")->kind == RN_NULL); /* from 0: no percentage */
    rn_free(root);
    histo_analysis_fini(&a);
    diag_fini(&d);
}

int main(void)
{
    RUN(rows);
    RUN(jdk6_no_name);
    RUN(dump_then_histogram);
    RUN(liveness);
    RUN(table);
    RUN(analysis);
    T_DONE();
}
