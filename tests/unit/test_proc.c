/* test_proc.c — the record reader (ticks to %CPU, exited-thread residual,
   N-line names) and thread-dump header parsing. */
#include "t.h"
#include "diag.h"
#include "proc_record.h"
#include "proc_sample.h"
#include "reader.h"

#include <string.h>

struct got {
    int frames;
    int64_t proc_x100, threads_x100, rows;
    char names[256];
};

static void cb(const struct top_frame *f, void *ctx)
{
    struct got *g = ctx;
    g->frames++;
    for (size_t i = 0; i < f->nrows; i++) {
        if (f->rows[i].process_total) {
            g->proc_x100 += f->rows[i].cpu_x100;
        } else {
            g->threads_x100 += f->rows[i].cpu_x100;
            strncat(g->names, f->rows[i].cmd, sizeof g->names - strlen(g->names) - 2);
            strcat(g->names, "|");
        }
        g->rows++;
    }
}

static void record(void)
{
    const char *t = "#gclat-cpu-record 1\n"
                    "P\t42\t100\t2\t500\tjava\n"
                    "N\t44\tC2 CompilerThread0\n"
                    "T\t43\t1\tbefore S\n"
                    "S\t1796017607000\t500\t100\t1024\t2048\t3\n"
                    "T\t43\t60\tGC Thread#0\n"
                    "T\t44\t10\tC2 CompilerThre\n"
                    "X\tunknown\n"
                    "C\t100\t500000\n";
    struct diag d;
    diag_init(&d);
    struct got g;
    memset(&g, 0, sizeof g);
    struct proc_record_reader r;
    proc_record_init(&r, "t", &d, cb, &g);
    struct reader rd;
    reader_init_mem(&rd, "t", t, strlen(t));
    const char *s;
    size_t n;
    while (reader_next(&rd, &s, &n) == 1)
        proc_record_line(&r, s, n, rd.lineno);
    proc_record_finish(&r);
    CHECK_EQ_INT(g.frames, 1);
    /* 100 ticks at 100 Hz in 0.5 s = 200 % */
    CHECK_EQ_INT(g.proc_x100, 20000);
    CHECK_EQ_INT(g.threads_x100, 20000); /* 60 + 10 + 30 exited */
    CHECK_STR(g.names, "GC Thread#0|C2 CompilerThread0|exited threads|");
    CHECK_EQ_INT((long long)d.total, 2);
    diag_fini(&d);
}

static void tdump(void)
{
    int64_t tid;
    size_t nb, nl;
    const char *a = "\"http-nio-8080-exec-1\" #31 daemon prio=5 os_prio=0 cpu=1.20ms elapsed=5.1s "
                    "tid=0x00007f nid=0x1f2b waiting on condition  [0x00007f]";
    CHECK(proc_tdump_header(a, strlen(a), &tid, &nb, &nl));
    CHECK_EQ_INT(tid, 0x1f2b);
    CHECK(nl == strlen("http-nio-8080-exec-1") && memcmp(a + nb, "http-nio-8080-exec-1", nl) == 0);
    const char *b = "\"say \"hi\"\" #2 prio=5 nid=8011 runnable";
    CHECK(proc_tdump_header(b, strlen(b), &tid, &nb, &nl));
    CHECK_EQ_INT(tid, 8011);
    CHECK_EQ_INT(nl, 8); /* say "hi" */
    CHECK(!proc_tdump_header("\tat java.lang.Thread.run", 24, &tid, &nb, &nl));
    CHECK(!proc_tdump_header("\" nid=", 6, &tid, &nb, &nl));
    CHECK(!proc_tdump_header("\"x\" nid=0xzz", 12, &tid, &nb, &nl));
}

int main(void)
{
    RUN(record);
    RUN(tdump);
    T_DONE();
}
