/*
 * test_gc_openj9.c — the OpenJ9/J9 verbose GC XML parser: short real
 * snippets (GCViewer/SampleIBMJ9_R28_sys_global.txt and
 * GCViewer/SampleIBMJ9_5_0af-global-200811_07.txt from the corpus, trimmed),
 * and, when $SHARED is set, the EXPECTED.md facts for the corpus's J9 files.
 */
#include "t.h"
#include "test_gc_unified_collect.h"

#include <stdio.h>
#include <stdlib.h>

static void r28_sys_global(void)
{
    struct gcu_run r;
    gcu_init(&r);
    gcu_feed(&r, &gc_openj9_ops,
             "<exclusive-start id=\"182\" timestamp=\"2015-12-31T15:23:00.646\" intervalms=\"431.954\">\n"
             "  <response-info timems=\"0.029\" idlems=\"0.029\" threads=\"0\" lastid=\"0\" lastname=\"main\" />\n"
             "</exclusive-start>\n"
             "<sys-start reason=\"explicit\" id=\"183\" timestamp=\"2015-12-31T15:23:00.646\" intervalms=\"17644.592\" />\n"
             "<cycle-start id=\"184\" type=\"global\" contextid=\"0\" timestamp=\"2015-12-31T15:23:00.646\" intervalms=\"17644.706\" />\n"
             "<gc-start id=\"185\" type=\"global\" contextid=\"184\" timestamp=\"2015-12-31T15:23:00.646\">\n"
             "  <mem-info id=\"186\" free=\"401882552\" total=\"536870912\" percent=\"74\">\n"
             "    <mem type=\"nursery\" free=\"0\" total=\"134217728\" percent=\"0\" />\n"
             "  </mem-info>\n"
             "</gc-start>\n"
             "<gc-op id=\"187\" type=\"mark\" timems=\"58.569\" contextid=\"184\" timestamp=\"2015-12-31T15:23:00.740\">\n"
             "</gc-op>\n"
             "<gc-end id=\"190\" type=\"global\" contextid=\"184\" durationms=\"97.189\" usertimems=\"194.176\" systemtimems=\"2.129\" timestamp=\"2015-12-31T15:23:00.744\">\n"
             "  <mem-info id=\"191\" free=\"479900360\" total=\"536870912\" percent=\"89\">\n"
             "    <mem type=\"nursery\" free=\"80831520\" total=\"134217728\" percent=\"60\" />\n"
             "  </mem-info>\n"
             "</gc-end>\n"
             "<cycle-end id=\"192\" type=\"global\" contextid=\"184\" timestamp=\"2015-12-31T15:23:00.744\" />\n"
             "<sys-end id=\"193\" timestamp=\"2015-12-31T15:23:00.744\" />\n"
             "<exclusive-end id=\"194\" timestamp=\"2015-12-31T15:23:00.744\" durationms=\"97.756\" />\n");
    CHECK_EQ_INT(r.evs.n, 1);
    if (r.evs.n) {
        const struct gc_event *e = &r.evs.ev[0];
        CHECK_EQ_INT(e->type, GC_EV_PAUSE);
        CHECK_EQ_INT(e->kind, GC_KIND_FULL);
        CHECK_STR(e->name, "sys global");
        CHECK_STR(e->cause, "System.gc()");
        CHECK(e->flags & GCF_SYSTEM_GC);
        CHECK_EQ_INT(e->duration_ns, 97756000);
        CHECK_EQ_INT(e->user_ns, 194176000);
        CHECK_EQ_INT(e->heap_before_kb, (536870912 - 401882552) / 1024);
        CHECK_EQ_INT(e->heap_after_kb, (536870912 - 479900360) / 1024);
        CHECK_EQ_INT(e->heap_total_kb, 536870912 / 1024);
        CHECK_EQ_INT(e->young_after_kb, (134217728 - 80831520) / 1024);
        CHECK_EQ_INT(e->wall_ms, 1451575380646LL);
        CHECK_EQ_INT(e->line, 20);
    }
    CHECK_EQ_INT(r.diag.total, 0);
    CHECK_EQ_INT(r.ctx.collector, GC_COLL_OPENJ9);
    gcu_fini(&r);
}

static void j9_50_af_global(void)
{
    struct gcu_run r;
    gcu_init(&r);
    gcu_feed(&r, &gc_openj9_ops,
             "<?xml version=\"1.0\" ?>\n"
             "<verbosegc version=\"200811_07\">\n"
             "<af type=\"tenured\" id=\"1\" timestamp=\"Mar 25 22:40:24 2010\" intervalms=\"0.000\">\n"
             "  <minimum requested_bytes=\"32\" />\n"
             "  <tenured freebytes=\"2621440\" totalbytes=\"52428800\" percent=\"5\" >\n"
             "  </tenured>\n"
             "  <gc type=\"global\" id=\"1\" totalid=\"1\" intervalms=\"0.000\">\n"
             "    <timesms mark=\"32.385\" sweep=\"2.444\" compact=\"0.000\" total=\"35.425\" />\n"
             "    <tenured freebytes=\"40481224\" totalbytes=\"52428800\" percent=\"77\" >\n"
             "    </tenured>\n"
             "  </gc>\n"
             "  <tenured freebytes=\"40481192\" totalbytes=\"52428800\" percent=\"77\" >\n"
             "  </tenured>\n"
             "  <time totalms=\"35.912\" />\n"
             "</af>\n"
             "some text that is not XML\n");
    CHECK_EQ_INT(r.evs.n, 1);
    if (r.evs.n) {
        const struct gc_event *e = &r.evs.ev[0];
        CHECK_EQ_INT(e->kind, GC_KIND_FULL);
        CHECK_EQ_INT(e->duration_ns, 35912000);
        CHECK_EQ_INT(e->heap_before_kb, (52428800 - 2621440) / 1024);
        CHECK_EQ_INT(e->heap_after_kb, (52428800 - 40481192) / 1024);
        CHECK_EQ_INT(e->wall_ms, 1269556824000LL);
    }
    CHECK_EQ_INT(r.diag.total, 1);
    gcu_fini(&r);
}

static struct gcu_run *load(const char *rel)
{
    const char *sh = getenv("SHARED");
    static struct gcu_run r;
    char *path = xasprintf("%s/corpus/gc/%s", sh, rel);
    gcu_init(&r);
    struct gc_read_result res;
    int rc = gc_read_inputs(&path, 1, GC_FMT_UNKNOWN, &r.ctx, &res);
    free(path);
    CHECK_EQ_INT(rc, 0);
    CHECK_EQ_INT(res.format, GC_FMT_OPENJ9);
    return &r;
}

/* EXPECTED.md §1 GCViewer J9 facts (pauses in s) */
static void corpus_facts(void)
{
    static const struct {
        const char *file;
        int events;
        int64_t first_ns;
    } f[] = {
        {"GCViewer/SampleIBMJ9_R28_af_scavenge_full_header.txt", 2, 25388000},
        {"GCViewer/SampleIBMJ9_R28_af_global.txt", 1, 1255648000},
        {"GCViewer/SampleIBMJ9_R28_sys_global.txt", 1, 97756000},
        {"GCViewer/SampleIBMJ9_R28_concurrent_collection.txt", 1, 1182375000},
        {"GCViewer/SampleIBMJ9_R27_SR1_full_header.txt", 3, 42303000},
        {"GCViewer/SampleIBMJ9_R26_GAFP1_global.txt", 1, 36392000},
        {"GCViewer/SampleIBMJ9_5_0af-global-200811_07.txt", 1, 35912000},
    };
    for (size_t i = 0; i < sizeof f / sizeof *f; i++) {
        struct gcu_run *r = load(f[i].file);
        int f0 = t_failures;
        CHECK_EQ_INT(r->evs.n, f[i].events);
        if (r->evs.n)
            CHECK_EQ_INT(r->evs.ev[0].duration_ns, f[i].first_ns);
        CHECK_EQ_INT(r->diag.total, 0);
        if (i == 0 && r->evs.n == 2) {
            CHECK_STR(r->evs.ev[0].name, "af scavenge");
            CHECK_EQ_INT(r->evs.ev[0].kind, GC_KIND_YOUNG);
            /* GCViewer: 2nd event 1.272 s after the first */
            CHECK_EQ_INT(r->evs.ev[1].wall_ms - r->evs.ev[0].wall_ms, 1272);
        }
        if (i == 4 && r->evs.n == 3) {
            /* GCViewer: events 2 and 3 at 1.927 s and 3.982 s after the first */
            CHECK_EQ_INT(r->evs.ev[1].wall_ms - r->evs.ev[0].wall_ms, 1927);
            CHECK_EQ_INT(r->evs.ev[2].wall_ms - r->evs.ev[0].wall_ms, 3982);
        }
        if (i == 5 && r->evs.n)
            CHECK_EQ_INT(r->evs.ev[0].heap_total_kb, 502016); /* 514064384 bytes */
        if (t_failures != f0)
            printf("#   ^ in %s\n", f[i].file);
        gcu_fini(r);
    }
}

/* every J9 file of the corpus: parses, nothing unparsed */
static void corpus_all(void)
{
    const char *sh = getenv("SHARED");
    char *m = xasprintf("%s/corpus/gc/MANIFEST.tsv", sh);
    FILE *f = fopen(m, "r");
    free(m);
    CHECK(f != NULL);
    char line[4096];
    int files = 0;
    unsigned long long lines = 0, unp = 0;
    while (f && fgets(line, sizeof line, f)) {
        if (!strstr(line, "\topenj9-xml\t"))
            continue;
        *strchr(line, '\t') = 0;
        struct gcu_run *r = load(line);
        lines += r->diag.lines_read;
        unp += r->diag.total;
        files++;
        gcu_fini(r);
    }
    if (f)
        fclose(f);
    printf("# openj9: files=%d lines=%llu unparsed=%llu\n", files, lines, unp);
    CHECK(files >= 10);
    /* the one unparsed line is real non-XML text in the source file
       (SampleIBMJ9_R26_GAFP1_full_header.txt:93 "Calculated native library name as: ...") */
    CHECK_EQ_INT(unp, 1);
}

int main(void)
{
    RUN(r28_sys_global);
    RUN(j9_50_af_global);
    const char *sh = getenv("SHARED");
    if (sh && *sh) {
        RUN(corpus_facts);
        RUN(corpus_all);
    }
    T_DONE();
}
