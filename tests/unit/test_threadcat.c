/* test_threadcat.c — thread names (full, 15-byte comm, top-cut) to categories and groups. */
#include "t.h"
#include "threadcat.h"

#include <stdlib.h>
#include <string.h>

static enum tcat cat(const char *s) { return threadcat(s, strlen(s)); }

static void categories(void)
{
    CHECK_EQ_INT(cat("GC Thread#3"), TC_GC);
    CHECK_EQ_INT(cat("GC Thread+"), TC_GC);
    CHECK_EQ_INT(cat("G1 Conc#0"), TC_GC);
    CHECK_EQ_INT(cat("G1 Refine#0"), TC_GC);
    CHECK_EQ_INT(cat("G1 Service"), TC_GC);
    CHECK_EQ_INT(cat("G1 Main M+"), TC_GC);
    CHECK_EQ_INT(cat("ZWorker#1"), TC_GC);
    CHECK_EQ_INT(cat("ZDirector"), TC_GC);
    CHECK_EQ_INT(cat("Shenandoah GC T"), TC_GC);
    CHECK_EQ_INT(cat("GC task thread#0 (ParallelGC)"), TC_GC);
    CHECK_EQ_INT(cat("Gang worker#0 (Parallel GC Threads)"), TC_GC);
    CHECK_EQ_INT(cat("Concurrent Mark-Sweep GC Thread"), TC_GC);
    CHECK_EQ_INT(cat("C2 CompilerThre"), TC_JIT);
    CHECK_EQ_INT(cat("C1 Compil+"), TC_JIT);
    CHECK_EQ_INT(cat("VM Thread"), TC_VM);
    CHECK_EQ_INT(cat("VM Periodic Tas"), TC_VM);
    CHECK_EQ_INT(cat("VM Period+"), TC_VM);
    CHECK_EQ_INT(cat("Reference Handl"), TC_JVM);
    CHECK_EQ_INT(cat("Signal Di+"), TC_JVM);
    CHECK_EQ_INT(cat("http-nio-8080-e"), TC_APP);
    CHECK_EQ_INT(cat("ZooKeeperServer"), TC_APP);
    CHECK_EQ_INT(cat("GCWatcher"), TC_APP);
    CHECK_EQ_INT(cat(""), TC_APP);
}

static void groups(void)
{
    char *g;
    g = threadcat_group("http-nio-8080-exec-12", 21, false);
    CHECK_STR(g, "http-nio-8080-exec-*");
    free(g);
    g = threadcat_group("GC Thread#3", 11, false);
    CHECK_STR(g, "GC Thread#*");
    free(g);
    g = threadcat_group("http-nio-8080-e", 15, true);
    CHECK_STR(g, "http-nio-8080-e+");
    free(g);
    g = threadcat_group("app-worke+", 10, true);
    CHECK_STR(g, "app-worke+");
    free(g);
    g = threadcat_group("12345", 5, false);
    CHECK_STR(g, "12345");
    free(g);
    g = threadcat_group("VM Thread", 9, false);
    CHECK_STR(g, "VM Thread");
    free(g);
}

int main(void)
{
    RUN(categories);
    RUN(groups);
    T_DONE();
}
