/* test_follow.c — following a name through appends, partial lines, rename
 * and copytruncate rotation, JDK 8 NAME.N.current, late files, long lines. */
#include "follow.h"
#include "t.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct got {
    char text[8192];
    int n;
    int cut;
    uint64_t last_lineno;
};

static void on_line(void *ctx, const struct follow *f, const char *line, size_t len, unsigned fl)
{
    struct got *g = ctx;
    size_t used = strlen(g->text);
    if (used + len + 2 < sizeof g->text) {
        memcpy(g->text + used, line, len);
        g->text[used + len] = '|';
        g->text[used + len + 1] = 0;
    }
    g->n++;
    g->cut += (fl & FOLLOW_LINE_CUT) != 0;
    g->last_lineno = f->lineno;
}

static char dir[2048];

static const char *path_of(const char *name)
{
    static char buf[2][4096];
    static int k;
    k ^= 1;
    snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
    return buf[k];
}

static void put(const char *name, const char *s, const char *mode)
{
    FILE *fp = fopen(path_of(name), mode);
    fputs(s, fp);
    fclose(fp);
}

static void appends_and_partial_lines(void)
{
    struct got g = {0};
    struct follow f;
    put("a.log", "old1\nold2\n", "w");
    follow_init(&f, path_of("a.log"), false);
    CHECK(follow_poll(&f, on_line, &g) == 0); /* starts at the end */
    CHECK_EQ_INT(g.n, 0);
    put("a.log", "new1\npart", "a");
    follow_poll(&f, on_line, &g);
    CHECK_STR(g.text, "new1|");
    CHECK_EQ_INT(g.last_lineno, 3); /* file:line counts the lines skipped at start */
    put("a.log", "ial\r\n", "a");
    follow_poll(&f, on_line, &g);
    CHECK_STR(g.text, "new1|partial|");
    CHECK_EQ_INT(f.lineno, 4);
    follow_fini(&f);

    struct got h = {0};
    follow_init(&f, path_of("a.log"), true);
    follow_poll(&f, on_line, &h);
    CHECK_STR(h.text, "old1|old2|new1|partial|");
    follow_fini(&f);
}

static void start_inside_partial_line(void)
{
    struct got g = {0};
    struct follow f;
    put("p.log", "done\nhalf-writ", "w");
    follow_init(&f, path_of("p.log"), false);
    put("p.log", "ten\nnext\n", "a");
    follow_poll(&f, on_line, &g);
    CHECK_STR(g.text, "next|"); /* the half line we did not see begin is skipped */
    CHECK_EQ_INT(f.lineno, 3);
    follow_fini(&f);
}

static void rename_rotation(void)
{
    struct got g = {0};
    struct follow f;
    put("gc.log", "", "w");
    follow_init(&f, path_of("gc.log"), false);
    put("gc.log", "a1\na2\n", "a");
    follow_poll(&f, on_line, &g);
    /* the writer appends once more, then the file is renamed and a new one made */
    put("gc.log", "a3\n", "a");
    CHECK(rename(path_of("gc.log"), path_of("gc.log.0")) == 0);
    follow_poll(&f, on_line, &g); /* renamed, nothing new yet: keeps reading the old file */
    CHECK_STR(g.text, "a1|a2|a3|");
    put("gc.log.0", "a4\n", "a");
    put("gc.log", "b1\n", "w");
    follow_poll(&f, on_line, &g);
    CHECK_STR(g.text, "a1|a2|a3|a4|b1|");
    CHECK_EQ_INT(f.rotations, 1);
    CHECK_EQ_INT(f.lineno, 1);
    follow_fini(&f);
}

static void rotated_twice_between_looks(void)
{
    struct got g = {0};
    struct follow f;
    put("m.log", "", "w");
    follow_init(&f, path_of("m.log"), false);
    put("m.log", "a1\n", "a");
    follow_poll(&f, on_line, &g);
    /* two rotations before the next look: m.log.1 was written and rotated
       away whole, m.log is the newest */
    rename(path_of("m.log"), path_of("m.log.0"));
    struct timespec pause = {0, 20000000};
    nanosleep(&pause, NULL); /* distinct mtimes */
    put("m.log", "b1\nb2\n", "w");
    rename(path_of("m.log"), path_of("m.log.1"));
    nanosleep(&pause, NULL);
    put("m.log", "c1\n", "w");
    follow_poll(&f, on_line, &g);
    CHECK_STR(g.text, "a1|b1|b2|c1|");
    CHECK_EQ_INT(f.missed_files, 1);
    follow_fini(&f);
}

static void copytruncate(void)
{
    struct got g = {0};
    struct follow f;
    put("t.log", "", "w");
    follow_init(&f, path_of("t.log"), false);
    put("t.log", "x1\nx2\n", "a");
    follow_poll(&f, on_line, &g);
    truncate(path_of("t.log"), 0);
    put("t.log", "y1\n", "a");
    follow_poll(&f, on_line, &g);
    CHECK_STR(g.text, "x1|x2|y1|");
    CHECK_EQ_INT(f.truncations, 1);
    follow_fini(&f);
}

static void copytruncate_refilled_past_offset(void)
{
    struct got g = {0};
    struct follow f;
    put("r.log", "", "w");
    follow_init(&f, path_of("r.log"), false);
    put("r.log", "a1\n", "a");
    follow_poll(&f, on_line, &g);
    /* truncated and refilled beyond the old offset before the next look */
    put("r.log", "b1-longer-than-before\nb2\n", "w");
    follow_poll(&f, on_line, &g);
    CHECK_STR(g.text, "a1|b1-longer-than-before|b2|");
    CHECK_EQ_INT(f.truncations, 1);
    follow_fini(&f);
}

static void late_file_and_jdk8_current(void)
{
    struct got g = {0};
    struct follow f;
    follow_init(&f, path_of("late.log"), false);
    CHECK(follow_poll(&f, on_line, &g) == 0);
    CHECK(f.fd < 0);
    put("late.log", "first\n", "w"); /* appeared later: read from its start */
    follow_poll(&f, on_line, &g);
    CHECK_STR(g.text, "first|");
    follow_fini(&f);

    struct got h = {0};
    put("j8.log.0.current", "c0a\n", "w");
    follow_init(&f, path_of("j8.log"), true);
    follow_poll(&f, on_line, &h);
    CHECK_STR(h.text, "c0a|");
    put("j8.log.0.current", "c0b\n", "a");
    rename(path_of("j8.log.0.current"), path_of("j8.log.0"));
    put("j8.log.1.current", "c1a\n", "w");
    follow_poll(&f, on_line, &h);
    CHECK_STR(h.text, "c0a|c0b|c1a|");
    CHECK_EQ_INT(f.rotations, 1);
    follow_fini(&f);
}

static void long_lines_cut(void)
{
    struct got g = {0};
    struct follow f;
    put("long.log", "", "w");
    follow_init(&f, path_of("long.log"), false);
    f.max_line_bytes = 8;
    put("long.log", "short\n0123456789abcdef\nok\n", "a");
    follow_poll(&f, on_line, &g);
    CHECK_STR(g.text, "short|01234567|ok|");
    CHECK_EQ_INT(g.cut, 1);
    CHECK_EQ_INT(f.cut_lines, 1);
    CHECK_EQ_INT(f.lineno, 3);
    follow_fini(&f);
}

static void budget_bounds_one_poll(void)
{
    struct got g = {0};
    struct follow f;
    put("big.log", "", "w");
    follow_init(&f, path_of("big.log"), false);
    f.poll_budget_bytes = 64 * 1024;
    FILE *fp = fopen(path_of("big.log"), "a");
    for (int i = 0; i < 100000; i++)
        fprintf(fp, "l%d\n", i);
    fclose(fp);
    long n = follow_poll(&f, on_line, &g);
    CHECK(n >= 64 * 1024 && n < 4 * 64 * 1024);
    while (follow_poll(&f, on_line, &g) > 0)
        ;
    CHECK_EQ_INT(f.lines, 100000);
    follow_fini(&f);
}

static void waiter_wakes_on_write(void)
{
    struct follow f;
    put("w.log", "", "w");
    follow_init(&f, path_of("w.log"), false);
    struct follow *fs[1] = {&f};
    struct follow_waiter w;
    follow_waiter_init(&w, fs, 1, true);
    CHECK(follow_waiter_is_inotify(&w));
    put("w.log", "z\n", "a");
    follow_waiter_wait(&w, 5000); /* returns at once: the write is an event */
    struct got g = {0};
    follow_poll(&f, on_line, &g);
    CHECK_STR(g.text, "z|");
    follow_waiter_fini(&w);
    follow_fini(&f);
}

int main(void)
{
    const char *t = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/gclat_follow_XXXXXX", t ? t : "/tmp");
    if (!mkdtemp(dir))
        return 1;
    RUN(appends_and_partial_lines);
    RUN(start_inside_partial_line);
    RUN(rename_rotation);
    RUN(rotated_twice_between_looks);
    RUN(copytruncate);
    RUN(copytruncate_refilled_past_offset);
    RUN(late_file_and_jdk8_current);
    RUN(long_lines_cut);
    RUN(budget_bounds_one_poll);
    RUN(waiter_wakes_on_write);
    char cmd[2200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        return 1;
    T_DONE();
}
