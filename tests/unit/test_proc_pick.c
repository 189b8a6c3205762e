/*
 * test_proc_pick.c — the pid a GC log names (proc_pick.h): the unified-logging
 * pid decorator alone or before tid, a tid that changes from line to line
 * (not a pid), JDK 8's "pidNNNN" file names, and none at all; the candidate
 * list of a cpu report.
 */
#include "proc_pick.h"
#include "t.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char dir[] = "/tmp/gclat-proc-pick-XXXXXX";

static const char *write_file(const char *name, const char *text)
{
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
    return path;
}

static void test_gc_log_pid(void)
{
    CHECK(mkdtemp(dir) != NULL);
    /* pid decorator alone (time,uptime,pid,level,tags) */
    CHECK_EQ_INT(proc_pick_gc_log_pid(write_file("a.log",
        "[2026-12-01T20:14:56.719+0000][0.006s][28134][info][gc,init] Initializing The Z Garbage Collector\n"
        "[2026-12-01T20:14:56.720+0000][0.007s][28134][info][gc,init] Version: 17.0.15\n"
        "[2026-12-01T20:14:57.411+0000][1.266s][28134][info][gc          ] Relocation Stall (http-worker-3) 0.643ms\n")),
        28134);
    /* pid before tid: the first of two */
    CHECK_EQ_INT(proc_pick_gc_log_pid(write_file("b.log",
        "[0.006s][4242][4243][info][gc,init] Initializing\n"
        "[0.007s][4242][4250][info][gc] Using G1\n")),
        4242);
    /* one integer that changes from line to line is a tid, not a pid */
    CHECK_EQ_INT(proc_pick_gc_log_pid(write_file("c.log",
        "[0.006s][4243][info][gc,init] Initializing\n"
        "[0.007s][4250][info][gc] Using G1\n")),
        0);
    /* JDK 8 -Xloggc:gc-%p.log names the file "gc-pid1234.log"; no decorators */
    CHECK_EQ_INT(proc_pick_gc_log_pid(write_file("gc-pid1234.log",
        "2024-05-01T10:00:00.000+0000: 1.234: [GC (Allocation Failure) 1024K->512K(2048K), 0.0012345 secs]\n")),
        1234);
    /* default decorators [uptime][level][tags]: nothing names the JVM */
    CHECK_EQ_INT(proc_pick_gc_log_pid(write_file("d.log", "[0.006s][info][gc,init] Initializing\n")), 0);
    CHECK_EQ_INT(proc_pick_gc_log_pid("/nonexistent/gc.log"), -1);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    CHECK(system(cmd) == 0);
}

static void test_candidates(void)
{
    struct report_node *root = rn_root();
    struct report_node *pr = rn_arr(root, "processes");
    static const struct { int64_t pid; const char *cmd; double mean; } rows[] = {
        {3511, "java", 128.3}, {77, "/usr/lib/jvm/bin/java -Xmx1g", 40}, {9, "javac", 99}};
    for (size_t i = 0; i < 3; i++) {
        struct report_node *o = rn_obj(pr, NULL);
        rn_int(o, "pid", rows[i].pid);
        rn_str(o, "command", rows[i].cmd);
        rn_int(o, "samples", 20);
        rn_num(o, "cpu_mean_pct", rows[i].mean, 2);
    }
    struct proc_cand c[4];
    size_t n = proc_pick_candidates(root, c, 4);
    CHECK_EQ_INT(n, 3);
    CHECK(c[0].jvm && c[1].jvm && !c[2].jvm);
    char buf[256];
    proc_pick_list(c, n, true, buf, sizeof buf);
    CHECK(strcmp(buf, "3511 java (128.3 % CPU mean, 20 samples), 77 /usr/lib/jvm/bin/java -Xmx1g (40.0 % CPU mean, "
                      "20 samples)") == 0);
    rn_free(root);
}

int main(void)
{
    RUN(test_gc_log_pid);
    RUN(test_candidates);
    T_DONE();
}
