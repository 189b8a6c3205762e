/* test_top.c — top -b parser: numbers with suffixes, 3.x and 4.x layouts,
   the -H leader row, diagnostics. */
#include "t.h"
#include "diag.h"
#include "reader.h"
#include "top_parse.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct got {
    int frames;
    struct top_frame last;
    int64_t cpu_sum;
    int totals;
    char cmds[512];
    char cpu_texts[256]; /* every row's %CPU as written, '|'-separated */
};

static void cb(const struct top_frame *f, void *ctx)
{
    struct got *g = ctx;
    g->frames++;
    g->last = *f;
    g->last.rows = NULL;
    g->cmds[0] = '\0';
    g->cpu_texts[0] = '\0';
    for (size_t i = 0; i < f->nrows; i++) {
        g->cpu_sum += f->rows[i].cpu_x100;
        g->totals += f->rows[i].process_total;
        strncat(g->cmds, f->rows[i].cmd, sizeof g->cmds - strlen(g->cmds) - 2);
        strcat(g->cmds, "|");
        strncat(g->cpu_texts, f->rows[i].cpu_text, sizeof g->cpu_texts - strlen(g->cpu_texts) - 2);
        strcat(g->cpu_texts, "|");
    }
}

static void feed(const char *text, struct got *g, struct diag *d)
{
    memset(g, 0, sizeof *g);
    struct top_parser p;
    top_parser_init(&p, "t", d, cb, g);
    struct reader r;
    reader_init_mem(&r, "t", text, strlen(text));
    const char *s;
    size_t n;
    while (reader_next(&r, &s, &n) == 1)
        top_parser_line(&p, s, n, r.lineno);
    top_parser_finish(&p);
}

static void numbers(void)
{
    int64_t v;
    CHECK(top_parse_mem_kb("3118996", 7, &v) && v == 3118996);
    CHECK(top_parse_mem_kb("2.5g", 4, &v) && v == 2621440);
    CHECK(top_parse_mem_kb("512m", 4, &v) && v == 524288);
    CHECK(top_parse_mem_kb("1.2t", 4, &v) && v == 1288490189);
    CHECK(!top_parse_mem_kb("x12", 3, &v));
    CHECK(!top_parse_mem_kb("99999999999999999999", 20, &v));
    CHECK(top_parse_time_cs("0:00.35", 7, &v) && v == 35);
    CHECK(top_parse_time_cs("1234:56.78", 10, &v) && v == (1234 * 60 + 56) * 100 + 78);
    CHECK(top_parse_time_cs("12345:12", 8, &v) && v == (12345 * 60 + 12) * 100);
    CHECK(!top_parse_time_cs("1:2:3:4", 7, &v));
    CHECK(!top_parse_time_cs(":", 1, &v));
    CHECK(top_parse_x100("88.2", 4, &v) && v == 8820);
    CHECK(top_parse_x100("312,5", 5, &v) && v == 31250);
    CHECK(top_parse_x100("1200", 4, &v) && v == 120000);
}

static void procps4_threads(void)
{
    const char *t =
        "top - 05:46:47 up 9 min,  0 user,  load average: 1.68, 1.32, 0.60\n"
        "Threads:  3 total,   2 running,  1 sleeping,   0 stopped,   0 zombie\n"
        "%Cpu(s): 80.3 us, 18.5 sy,  0.0 ni,  0.0 id,  0.0 wa,  0.0 hi,  0.0 si,  1.3 st \n"
        "MiB Mem :  24105.6 total,  23540.9 free,    355.7 used,    428.6 buff/cache     \n"
        "MiB Swap:      0.0 total,      0.0 free,      0.0 used.  23749.8 avail Mem \n"
        "\n"
        "  PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND\n"
        "  498 root      20   0 3118996  84208  22152 S  88.2   0.3   0:00.35 java\n"
        "  514 root      20   0 3118996  84208  22152 R  23.5   0.3   0:00.06 C2 Compil+\n"
        "  540 root      20   0 3118996  84208  22152 S  11.8   0.3   0:00.02 GC Thread+\n";
    struct got g;
    struct diag d;
    diag_init(&d);
    feed(t, &g, &d);
    CHECK_EQ_INT(g.frames, 1);
    CHECK(g.last.threads_mode);
    CHECK_STR(g.last.when, "05:46:47");
    CHECK_NEAR(g.last.load[2], 0.60, 1e-9);
    CHECK_NEAR(g.last.cpu[0], 80.3, 1e-9);
    CHECK_NEAR(g.last.cpu[7], 1.3, 1e-9);
    CHECK_NEAR(g.last.mem_used_mib, 355.7, 0.01);
    CHECK_EQ_INT(g.cpu_sum, 8820 + 2350 + 1180);
    CHECK_EQ_INT(g.totals, 1); /* 498: TIME+ 0.35 >= 0.9 x (0.06 + 0.02) */
    CHECK_STR(g.cmds, "java|C2 Compil+|GC Thread+|");
    CHECK_EQ_INT((long long)d.total, 0);
    diag_fini(&d);
}

static void procps3_and_junk(void)
{
    const char *t =
        "garbage before\n"
        "top - 10:00:00 up 3 days,  2 users,  load average: 0,50, 0,40, 0,30\n"
        "Tasks: 200 total,   1 running\n"
        "Cpu(s):  0.3%us,  0.1%sy,  0.0%ni, 99.5%id,  0.1%wa,  0.0%hi,  0.0%si,  0.0%st\n"
        "KiB Mem : 16331448 total,  1234567 free, 12345678 used,  2751203 buff/cache\n"
        "KiB Swap:        0 total,        0 free,        0 used. 3456789 avail Mem\n"
        "\n"
        "  PID USER      PR  NI    VIRT    RES    SHR S  %CPU %MEM     TIME+ COMMAND\n"
        " 1234 tomcat    20   0   12.3g   2.1g  20480 S 312.5 13.2 1234:56.78 java\n"
        " 1235 tomcat    20   0   12.3g   2.1g  20480 S  bad  13.2 1234:56.78 java\n"
        " 1236 tomcat\n";
    struct got g;
    struct diag d;
    diag_init(&d);
    feed(t, &g, &d);
    CHECK_EQ_INT(g.frames, 1);
    CHECK(!g.last.threads_mode);
    CHECK_NEAR(g.last.load[0], 0.5, 1e-9);
    CHECK_NEAR(g.last.cpu[3], 99.5, 1e-9);
    CHECK_NEAR(g.last.mem_total_mib, 16331448 / 1024.0, 0.01);
    CHECK_EQ_INT(g.cpu_sum, 31250);
    CHECK_STR(g.cpu_texts, "312.5|"); /* as written, for cpu --format cal */
    CHECK_EQ_INT((long long)d.total, 3); /* garbage, bad number, short row */
    diag_fini(&d);
}

/* Per-CPU lines (top's '1' toggle) tell the CPU count: one line each, two
   abreast, or grouped ("%Cpu0-1"); 3.x spells them "Cpu0". */
static void per_cpu_lines(void)
{
    static const char *const frames[][2] = {
        {"%Cpu0  : 99.0 us,  1.0 sy,  0.0 ni,  0.0 id,  0.0 wa,  0.0 hi,  0.0 si,  0.0 st\n"
         "%Cpu1  : 98.0 us,  2.0 sy,  0.0 ni,  0.0 id,  0.0 wa,  0.0 hi,  0.0 si,  0.0 st\n", "2"},
        {"%Cpu0  :  1.0/0.0     1[|    ]   %Cpu1  :  0.0/0.0     0[    ]\n"
         "%Cpu2  :  1.0/0.0     1[|    ]   %Cpu3  :  0.0/0.0     0[    ]\n", "4"},
        {"%Cpu0-1  :  1.0/0.0     1[|   ]  %Cpu2-3  :  0.0/0.0     0[    ]\n", "4"},
        {"Cpu0  :  0.3%us,  0.1%sy,  0.0%ni, 99.5%id,  0.1%wa,  0.0%hi,  0.0%si,  0.0%st\n", "1"},
        {"%Cpu(s):  0.3 us,  0.1 sy,  0.0 ni, 99.5 id,  0.1 wa,  0.0 hi,  0.0 si,  0.0 st\n", "0"},
    };
    for (size_t k = 0; k < sizeof frames / sizeof frames[0]; k++) {
        char t[1024];
        snprintf(t, sizeof t,
                 "top - 10:00:00 up 3 days,  2 users,  load average: 9.00, 0.40, 0.30\n%s\n"
                 "  PID USER      PR  NI    VIRT    RES    SHR S  %%CPU %%MEM     TIME+ COMMAND\n"
                 " 1234 tomcat    20   0   12.3g   2.1g  20480 S 312.5 13.2 1234:56.78 java\n",
                 frames[k][0]);
        struct got g;
        struct diag d;
        diag_init(&d);
        feed(t, &g, &d);
        CHECK_EQ_INT(g.frames, 1);
        CHECK_EQ_INT(g.last.cpus_seen, atoi(frames[k][1]));
        CHECK_EQ_INT((long long)d.total, 0);
        diag_fini(&d);
    }
}

int main(void)
{
    RUN(numbers);
    RUN(per_cpu_lines);
    RUN(procps4_threads);
    RUN(procps3_and_junk);
    T_DONE();
}
