/*
 * threadcat.c — thread-name patterns (see threadcat.h). Prefix table, first
 * match wins; the table is the documentation (docs/cpu.md lists it too).
 */
#include "threadcat.h"
#include "util.h"

#include <string.h>

const char *const tcat_names[TC_N] = {"GC", "JIT", "VM", "JVM", "app", "exited"};

static const struct {
    const char *prefix;
    enum tcat cat;
} patterns[] = {
    /* GC workers: G1/Parallel/Serial JDK 9+ ("GC Thread#N"), G1 ("G1 Conc#N",
       "G1 Refine#N", "G1 Service", "G1 Main Marker", JDK 8 "G1 Concurrent Refinement
       Thread#0"), JDK 8 Parallel ("GC task thread#0 (ParallelGC)"), CMS/ParNew
       ("Gang worker#0 (Parallel GC Threads)", "Concurrent Mark-Sweep GC Thread",
       "Surrogate Locker Thread (Concurrent GC)", "CMS Main Thread"),
       Shenandoah ("Shenandoah GC Threads#0", "Shenandoah Control Thread"). */
    {"GC Thread", TC_GC},
    {"GC task thr", TC_GC},
    {"G1 ", TC_GC},
    {"Gang worker", TC_GC},
    {"Concurrent Mark", TC_GC},
    {"Surrogate Loc", TC_GC},
    {"CMS ", TC_GC},
    {"Shenandoah", TC_GC},
    {"ParGC", TC_GC},
    /* JIT */
    {"C1 Compil", TC_JIT},
    {"C2 Compil", TC_JIT},
    {"JVMCI", TC_JIT},
    {"Compiler", TC_JIT},
    /* VM operations */
    {"VM Thread", TC_VM},
    {"VM Period", TC_VM},
    /* other JVM service threads */
    {"Reference Han", TC_JVM},
    {"Finalizer", TC_JVM},
    {"Signal Dispat", TC_JVM},
    {"Service Thread", TC_JVM},
    {"Service Threa", TC_JVM},
    {"Monitor Defla", TC_JVM},
    {"Sweeper thre", TC_JVM},
    {"Notification", TC_JVM},
    {"Common-Cleaner", TC_JVM},
    {"Common-Clean", TC_JVM},
    {"Attach Listen", TC_JVM},
    {"Low Memory De", TC_JVM},
    {"JFR ", TC_JVM},
    {"exited threads", TC_EXITED},
};

/* The prefix p matches s if s starts with p, or if s is visibly cut ('+' at
   the end) and what is left is a prefix of p of at least 6 characters. */
static bool prefix_match(const char *s, size_t n, const char *p)
{
    size_t pl = strlen(p);
    if (n >= pl && memcmp(s, p, pl) == 0)
        return true;
    if (n >= 7 && s[n - 1] == '+' && n - 1 < pl && memcmp(s, p, n - 1) == 0)
        return true;
    return false;
}

enum tcat threadcat(const char *s, size_t n)
{
    for (size_t i = 0; i < ARRAY_LEN(patterns); i++)
        if (prefix_match(s, n, patterns[i].prefix))
            return patterns[i].cat;
    /* ZGC: ZDirector, ZDriver, ZWorker, ZStat, ZUnmapper, ZWorkerYoung#... —
       'Z' and an upper-case letter, so "ZooKeeper..." stays an app thread. */
    if (n >= 2 && s[0] == 'Z' && s[1] >= 'A' && s[1] <= 'Z')
        return TC_GC;
    return TC_APP;
}

char *threadcat_group(const char *s, size_t n, bool cut)
{
    if (n > 0 && s[n - 1] == '+')
        return xstrndup(s, n);
    if (cut)
        return xasprintf("%.*s+", (int)n, s);
    size_t e = n;
    while (e > 0 && s[e - 1] >= '0' && s[e - 1] <= '9')
        e--;
    if (e == n || e == 0)
        return xstrndup(s, n);
    return xasprintf("%.*s*", (int)e, s);
}
