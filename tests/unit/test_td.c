/*
 * test_td.c — unit tests of the thread-dump modules on small hand-written
 * inputs whose answers are known by construction: pool names, frame
 * normalisation, header variants (JDK 8, 17, 25, JVM-internal, quotes in
 * names), lock lines, the JVM deadlock report as an ownership source,
 * several dumps in one file, JSON edge cases, top -H parsing, wait-for
 * cycles (including a tail leading into a cycle) and transitive blocking.
 */
#include "t.h"
#include "report.h"
#include "td.h"
#include "td_time.h"

#include <stdlib.h>
#include <string.h>

static struct td_set S;

static void parse(const char *text)
{
    td_set_fini(&S);
    td_set_init(&S);
    td_parse_mem(&S, "mem", text, strlen(text));
}

static const struct td_thread *by_name(const char *name)
{
    for (size_t i = 0; i < S.nt; i++)
        if (strcmp(S.t[i].name, name) == 0)
            return &S.t[i];
    return NULL;
}

static void test_pool_names(void)
{
    char b[128];
    td_pool_name("http-nio-8080-exec-12", b, sizeof b);
    CHECK_STR(b, "http-nio-8080-exec-*");
    td_pool_name("GC Thread#3", b, sizeof b);
    CHECK_STR(b, "GC Thread#*");
    td_pool_name("pool-2-thread-7", b, sizeof b);
    CHECK_STR(b, "pool-2-thread-*");
    td_pool_name("C2 CompilerThread0", b, sizeof b);
    CHECK_STR(b, "C2 CompilerThread*");
    td_pool_name("main", b, sizeof b);
    CHECK_STR(b, "main");
    td_pool_name("worker-3fa9c0d1", b, sizeof b);
    CHECK_STR(b, "worker-*");
    td_pool_name("cafebabe", b, sizeof b); /* hex without a separator: a name, not an id */
    CHECK_STR(b, "cafebabe");
    td_pool_name("12345", b, sizeof b); /* all digits: nothing left to name a pool */
    CHECK_STR(b, "12345");
    char tiny[4];
    td_pool_name("abcdefgh-1", tiny, sizeof tiny);
    CHECK(strlen(tiny) < sizeof tiny);
}

static const char jdk8[] =
    "2020-01-01 10:00:00\n"
    "Full thread dump Java HotSpot(TM) 64-Bit Server VM (25.191-b12 mixed mode):\n"
    "\n"
    "\"pool-1-thread-2\" #12 prio=5 os_prio=0 tid=0x00007f1c8c0f1000 nid=0x2c1e waiting for monitor entry [0x00007f1c7a1f0000]\n"
    "   java.lang.Thread.State: BLOCKED (on object monitor)\n"
    "\tat com.acme.Svc.b(Svc.java:20)\n"
    "\t- waiting to lock <0x00000000d5a1b2c8> (a java.lang.Object)\n"
    "\t- locked <0x00000000d5a1b2d8> (a java.lang.Object)\n"
    "\tat com.acme.Svc$$Lambda$14/1234567.run(Unknown Source)\n"
    "\tat java.lang.Thread.run(Thread.java:748)\n"
    "\n"
    "\"a \"quoted\" name\" #13 daemon prio=5 os_prio=-2 tid=0x01 nid=0x10 runnable [0x0]\n"
    "   java.lang.Thread.State: RUNNABLE\n"
    "\tat app//com.acme.X.y(X.java:1)\n"
    "\t- eliminated <owner is scalar replaced> (a com.acme.Z)\n"
    "\t- waiting on <no object reference available>\n"
    "\n"
    "\"GC task thread#0 (ParallelGC)\" os_prio=0 tid=0x00007f1c8c01f800 nid=0x2c0b runnable \n"
    "\n"
    "JNI global references: 5\n"
    "\n";

static void test_jdk8_headers_and_frames(void)
{
    parse(jdk8);
    CHECK_EQ_INT(S.nd, 1);
    CHECK_EQ_INT(S.nt, 3);
    CHECK_EQ_INT(S.diag.total, 0);
    const struct td_thread *t = by_name("pool-1-thread-2");
    CHECK(t != NULL);
    if (!t)
        return;
    CHECK_EQ_INT(t->java_id, 12);
    CHECK_EQ_INT(t->os_tid, 0x2c1e);
    CHECK_EQ_INT(t->prio, 5);
    CHECK(t->cpu_ms < 0); /* JDK 8 has no cpu= */
    CHECK_STR(t->state, "BLOCKED");
    CHECK_STR(t->state_detail, "on object monitor");
    CHECK_STR(t->header_state, "waiting for monitor entry");
    CHECK_EQ_INT(t->nframes, 3);
    CHECK_STR(t->frames[1].method, "com.acme.Svc$$Lambda.run");
    CHECK_STR(t->frames[0].loc, "Svc.java:20");
    CHECK_EQ_INT(t->nlocks, 2);
    CHECK_EQ_INT(t->locks[0].rel, TD_WAIT_LOCK);
    CHECK_STR(t->locks[0].id, "0x00000000d5a1b2c8");
    CHECK_STR(t->locks[0].cls, "java.lang.Object");
    CHECK_EQ_INT(t->locks[0].frame, 0);
    CHECK_STR(S.d[0].timestamp, "2020-01-01 10:00:00");
    CHECK_EQ_INT(S.d[0].jni_global_refs, 5);
    t = by_name("a \"quoted\" name");
    CHECK(t != NULL);
    if (t) {
        CHECK(t->daemon);
        CHECK_EQ_INT(t->os_prio, -2);
        CHECK_STR(t->frames[0].method, "com.acme.X.y");
        CHECK_EQ_INT(t->locks[0].rel, TD_ELIMINATED);
        CHECK(t->locks[0].id == NULL);
        CHECK(t->locks[1].id == NULL);
    }
    t = by_name("GC task thread#0 (ParallelGC)");
    CHECK(t != NULL);
    if (t) {
        CHECK_EQ_INT(t->java_id, -1);
        CHECK_STR(t->state, "VM_INTERNAL");
        CHECK_STR(t->pool, "GC task thread#0 (ParallelGC)");
    }
}

static void test_jdk25_header(void)
{
    parse("\"blocked-worker-1\" #22 [32077] daemon prio=5 os_prio=0 cpu=0.29ms elapsed=1.23s "
          "allocated=12K defined_classes=3 tid=0x00007f098c0e9e80 nid=32077 waiting for monitor entry  "
          "[0x00007f09911b4000]\n"
          "   java.lang.Thread.State: BLOCKED (on object monitor)\n"
          "\tat com.example.Monitor.enter(java.base@25.0.3/Contention.java:186)\n"
          "\tat com.example.Monitor$$Lambda/0x0000000009041800.run(Unknown Source)\n"
          "   Carrying virtual thread #99\n");
    CHECK_EQ_INT(S.nt, 1);
    CHECK_EQ_INT(S.diag.total, 0);
    const struct td_thread *t = &S.t[0];
    CHECK_EQ_INT(t->os_tid, 32077);
    CHECK_STR(t->nid_text, "32077");
    CHECK_NEAR(t->cpu_ms, 0.29, 1e-9);
    CHECK_NEAR(t->elapsed_s, 1.23, 1e-9);
    CHECK_STR(t->frames[0].loc, "Contention.java:186");
    CHECK_STR(t->frames[1].method, "com.example.Monitor$$Lambda.run");
    CHECK_EQ_INT(t->carrying_vthread, 99);
}

static void test_unknown_lines_and_multi_dump(void)
{
    parse("Full thread dump X:\n"
          "\"a\" #1 prio=5 tid=0x1 nid=0x1 runnable\n"
          "   java.lang.Thread.State: RUNNABLE\n"
          "\tat x.Y.z(Y.java:1)\n"
          "garbage in the middle\n"
          "Full thread dump X:\n"
          "\"a\" #1 prio=5 tid=0x1 nid=0x1 runnable\n"
          "   java.lang.Thread.State: RUNNABLE\n"
          "\tat x.Y.z(Y.java:1)\n"
          "\t- frobnicating <0x1>\n");
    CHECK_EQ_INT(S.nd, 2);
    CHECK_EQ_INT(S.d[0].n, 1);
    CHECK_EQ_INT(S.d[1].n, 1);
    CHECK_EQ_INT(S.d[1].first, 1);
    CHECK_EQ_INT(S.diag.total, 2);
    CHECK(S.diag.n >= 1 && S.diag.r[0].ex[0].line == 5);
    CHECK_EQ_INT(S.t[0].stack_hash == S.t[1].stack_hash, 1);
}

/* plain jstack: no ownable section, so the JVM's deadlock report names the owners */
static const char juc_dl[] =
    "Full thread dump X:\n"
    "\"jl-a\" #32 daemon prio=5 tid=0x1 nid=0x5274 waiting on condition  [0x0]\n"
    "   java.lang.Thread.State: WAITING (parking)\n"
    "\tat jdk.internal.misc.Unsafe.park(Native Method)\n"
    "\t- parking to wait for  <0x000000069e809d58> (a java.util.concurrent.locks.ReentrantLock$NonfairSync)\n"
    "\n"
    "\"jl-b\" #33 daemon prio=5 tid=0x2 nid=0x5275 waiting on condition  [0x0]\n"
    "   java.lang.Thread.State: WAITING (parking)\n"
    "\tat jdk.internal.misc.Unsafe.park(Native Method)\n"
    "\t- parking to wait for  <0x000000069e809d28> (a java.util.concurrent.locks.ReentrantLock$NonfairSync)\n"
    "\n"
    "JNI global refs: 4, weak refs: 0\n"
    "\n"
    "Found one Java-level deadlock:\n"
    "=============================\n"
    "\"jl-a\":\n"
    "  waiting for ownable synchronizer 0x000000069e809d58, (a java.util.concurrent.locks.ReentrantLock$NonfairSync),\n"
    "  which is held by \"jl-b\"\n"
    "\n"
    "\"jl-b\":\n"
    "  waiting for ownable synchronizer 0x000000069e809d28, (a java.util.concurrent.locks.ReentrantLock$NonfairSync),\n"
    "  which is held by \"jl-a\"\n"
    "\n"
    "Java stack information for the threads listed above:\n"
    "===================================================\n"
    "\"jl-a\":\n"
    "\tat jdk.internal.misc.Unsafe.park(Native Method)\n"
    "\t- parking to wait for  <0x000000069e809d58> (a java.util.concurrent.locks.ReentrantLock$NonfairSync)\n"
    "\n"
    "Found 1 deadlock.\n";

static void test_juc_deadlock_from_jvm_report(void)
{
    parse(juc_dl);
    CHECK_EQ_INT(S.diag.total, 0);
    CHECK_EQ_INT(S.nt, 2); /* the report's "jl-a": lines are not threads */
    CHECK_EQ_INT(S.d[0].jvm_deadlocks, 1);
    CHECK_EQ_INT(S.d[0].ndl, 2); /* "jl-a": again in the stack section is not an entry */
    struct td_locks g;
    td_locks_build(&S, 0, &g);
    CHECK_EQ_INT(g.ncyc, 1);
    if (g.ncyc == 1) {
        CHECK_EQ_INT(g.cyc[0].n, 2);
        CHECK_STR(S.t[g.cyc[0].threads[0]].name, "jl-a");
        CHECK_STR(S.t[g.cyc[0].threads[1]].name, "jl-b");
        CHECK(g.cyc[0].juc && !g.cyc[0].monitor);
    }
    td_locks_fini(&g);
}

/*
 * A builds a wait-for graph: t0 -> t1 -> t2 -> t0 (cycle), t3 -> t1 (tail into
 * the cycle), t4 -> t5 -> t6 (chain, t6 free), t7 -> t5. Monitors: thread k
 * holds <0xk>; "waits for k" = waiting to lock <0xk>.
 */
static void test_cycles_and_chains(void)
{
    static const int waits[] = {1, 2, 0, 1, 5, 6, -1, 5};
    char buf[4096];
    size_t n = 0;
    n += (size_t)snprintf(buf + n, sizeof buf - n, "Full thread dump X:\n");
    for (int k = 0; k < 8; k++) {
        n += (size_t)snprintf(buf + n, sizeof buf - n,
                              "\"t%d\" #%d prio=5 tid=0x1 nid=0x%x blocked\n"
                              "   java.lang.Thread.State: BLOCKED (on object monitor)\n"
                              "\tat x.Y.m%d(Y.java:1)\n",
                              k, k + 1, k + 100, k);
        if (waits[k] >= 0)
            n += (size_t)snprintf(buf + n, sizeof buf - n, "\t- waiting to lock <0x%d> (a x.L)\n", waits[k]);
        n += (size_t)snprintf(buf + n, sizeof buf - n, "\tat x.Y.run(Y.java:2)\n\t- locked <0x%d> (a x.L)\n\n", k);
    }
    parse(buf);
    CHECK_EQ_INT(S.diag.total, 0);
    struct td_locks g;
    td_locks_build(&S, 0, &g);
    CHECK_EQ_INT(g.ncyc, 1);
    if (g.ncyc == 1) {
        CHECK_EQ_INT(g.cyc[0].n, 3);
        CHECK_STR(S.t[g.cyc[0].threads[0]].name, "t0");
        CHECK_STR(S.t[g.cyc[0].threads[1]].name, "t1");
        CHECK_STR(S.t[g.cyc[0].threads[2]].name, "t2");
    }
    size_t direct;
    CHECK_EQ_INT(td_locks_blocked_behind(&g, 6, &direct), 3); /* t5, t4, t7 */
    CHECK_EQ_INT(direct, 1);
    CHECK_EQ_INT(td_locks_blocked_behind(&g, 5, &direct), 2);
    CHECK_EQ_INT(direct, 2);
    CHECK_EQ_INT(td_locks_blocked_behind(&g, 1, &direct), 3); /* t0, t3 directly; t2 via t0 */
    CHECK_EQ_INT(g.owner_of_wait[3], 1);
    td_locks_fini(&g);
}

static void test_object_wait_is_not_ownership(void)
{
    parse("\"w\" #1 prio=5 tid=0x1 nid=0x1 in Object.wait()\n"
          "   java.lang.Thread.State: WAITING (on object monitor)\n"
          "\tat java.lang.Object.wait(Native Method)\n"
          "\t- waiting on <0xa> (a x.C)\n"
          "\tat x.C.await(C.java:1)\n"
          "\t- locked <0xa> (a x.C)\n");
    struct td_locks g;
    td_locks_build(&S, 0, &g);
    CHECK_EQ_INT(g.nl, 1);
    CHECK_EQ_INT(g.l[0].owner, -1);
    CHECK_EQ_INT(g.l[0].nwaiting, 1);
    td_locks_fini(&g);
}

static void test_tdf_text(void)
{
    parse("32594\n2026-11-30T05:46:44.919674314Z\n25.0.3+9-LTS\n\n"
          "#304 \"vt-monitor-1\" virtual BLOCKED 2026-11-30T05:46:44.976894375Z\n"
          "    at com.example.VThreads.lambda$setup$3(Contention.java:375)\n"
          "    - waiting to lock <com.example.VMonitorLock@276ac519>\n"
          "    at java.base/java.lang.VirtualThread.run(VirtualThread.java:460)\n\n"
          "#21 \"holder\" TIMED_WAITING 2026-11-30T05:46:44.9Z\n"
          "    at java.base/java.lang.Thread.sleep(Thread.java:540)\n"
          "    - locked <com.example.VMonitorLock@276ac519>\n");
    CHECK_EQ_INT(S.diag.total, 0);
    CHECK_EQ_INT(S.nd, 1);
    CHECK_EQ_INT(S.d[0].pid, 32594);
    CHECK_STR(S.d[0].vm, "25.0.3+9-LTS");
    CHECK_STR(S.d[0].format, "thread-dump-text");
    const struct td_thread *t = by_name("vt-monitor-1");
    CHECK(t && t->is_virtual && t->java_id == 304);
    if (t) {
        CHECK_STR(t->state, "BLOCKED");
        CHECK_STR(t->locks[0].cls, "com.example.VMonitorLock");
        CHECK_STR(t->frames[1].method, "java.lang.VirtualThread.run");
    }
    struct td_locks g;
    td_locks_build(&S, 0, &g);
    CHECK_EQ_INT(g.nl, 1);
    CHECK(g.nl == 1 && g.l[0].owner >= 0 && strcmp(S.t[g.l[0].owner].name, "holder") == 0);
    td_locks_fini(&g);
}

static void test_json(void)
{
    parse("{\"threadDump\":{\"processId\":\"7\",\"threadContainers\":[{\"container\":\"<root>\","
          "\"threads\":[{\"tid\":\"5\",\"name\":\"caf\\u00e9\",\"state\":\"WAITING\",\"virtual\":true,"
          "\"parkBlocker\":{\"object\":\"X$Sync@1\",\"owner\":\"6\"},"
          "\"stack\":[\"java.base\\/java.lang.VirtualThread.park(VirtualThread.java:1)\"]},"
          "{\"tid\":\"6\",\"name\":\"b\",\"state\":\"RUNNABLE\",\"stack\":[],\"mystery\":1}]}]}}\n");
    CHECK_EQ_INT(S.nt, 2);
    CHECK_EQ_INT(S.d[0].pid, 7);
    CHECK_STR(S.t[0].name, "caf\xc3\xa9");
    CHECK(S.t[0].is_virtual);
    CHECK_STR(S.t[0].frames[0].method, "java.lang.VirtualThread.park");
    CHECK_EQ_INT(S.diag.total, 1); /* "mystery" */
    CHECK(S.diag.n == 1 && strcmp(S.diag.r[0].reason, "unknown JSON key") == 0);
    struct td_locks g;
    td_locks_build(&S, 0, &g);
    CHECK(g.nl == 1 && g.l[0].owner == 1 && g.l[0].nparked == 1); /* parkBlocker owner joined */
    td_locks_fini(&g);

    /* nesting bomb, truncation, garbage: diagnosed, never a crash */
    char *bomb = malloc(200001);
    memset(bomb, '[', 200000);
    bomb[200000] = '\0';
    parse(bomb);
    CHECK(S.diag.total >= 1);
    CHECK_EQ_INT(S.nt, 0);
    free(bomb);
    parse("{\"threadDump\":{\"threadContainers\":[{\"threads\":[{\"name\":\"x\"");
    CHECK(S.diag.total >= 1);
    parse("{\"a\":\"\\q\"}");
    CHECK(S.diag.total >= 1);
}

static void test_top(void)
{
    struct td_top top;
    memset(&top, 0, sizeof top);
    static const char txt[] =
        "top - 05:46:07 up 8 min,  0 user,  load average: 2.14, 1.35, 0.58\n"
        "Threads: 265 total,   1 running, 264 sleeping,   0 stopped,   0 zombie\n"
        "%Cpu(s): 66.7 us, 33.3 sy,  0.0 ni,  0.0 id\n"
        "MiB Mem :  24105.6 total,  23531.0 free,    381.0 used,    413.3 buff/cache\n"
        "\n"
        "  PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND\n"
        "21066 root      20   0 9094804  69824  21460 S  50.0   0.3   0:01.09 java\n"
        "\n"
        "top - 05:46:08 up 8 min,  0 user,  load average: 2.14, 1.35, 0.58\n"
        "  PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND\n"
        "21066 root      20   0 9094804  69824  21460 S  80,8   0.3   0:01.93 java\n"
        "21071 root      20   0 9094804  69824  21460 R  78.8   0.3   0:01.50 GC Thread#0\n"
        "bogus row\n";
    td_set_fini(&S);
    td_set_init(&S);
    td_top_parse_mem(&S, &top, "top", txt, strlen(txt));
    CHECK_EQ_INT(top.snapshots, 2);
    CHECK_EQ_INT(top.n, 2); /* last snapshot only */
    CHECK_EQ_INT(top.threads_total, 265);
    CHECK_NEAR(top.rows[0].cpu_pct, 80.8, 1e-9);
    CHECK_STR(top.rows[1].command, "GC Thread#0");
    CHECK_EQ_INT(top.rows[1].tid, 21071);
    CHECK_EQ_INT(S.diag.total, 1);
    td_top_fini(&top);
}

static void test_groups_ignore_ownable_section(void)
{
    /* two pool workers: same frames, each owns its own Worker (jstack -l): one group either way */
    parse("\"p-1\" #1 prio=5 tid=0x1 nid=0x1 waiting\n"
          "   java.lang.Thread.State: WAITING (parking)\n"
          "\tat a.B.c(B.java:1)\n\n"
          "   Locked ownable synchronizers:\n\t- <0x1> (a java.util.concurrent.ThreadPoolExecutor$Worker)\n\n"
          "\"p-2\" #2 prio=5 tid=0x2 nid=0x2 waiting\n"
          "   java.lang.Thread.State: WAITING (parking)\n"
          "\tat a.B.c(B.java:1)\n\n"
          "   Locked ownable synchronizers:\n\t- <0x2> (a java.util.concurrent.ThreadPoolExecutor$Worker)\n\n");
    CHECK_EQ_INT(S.diag.total, 0);
    struct td_sgroup *g;
    size_t ng = td_stack_groups(&S, 0, S.nt, true, &g);
    CHECK_EQ_INT(ng, 1);
    CHECK(ng == 1 && g[0].n == 2);
    td_sgroups_free(g, ng);
}


/* two dumps: pool "exec-*" goes from 2 WAITING to 1 BLOCKED + 1 RUNNABLE; "x" does not move */
static void test_across_dumps(void)
{
    static const char two[] =
        "Full thread dump X:\n"
        "\"exec-1\" #1 prio=5 cpu=10.00ms elapsed=1.00s tid=0x1 nid=0x1 waiting\n"
        "   java.lang.Thread.State: WAITING (parking)\n\tat a.Q.take(Q.java:1)\n\n"
        "\"exec-2\" #2 prio=5 cpu=10.00ms elapsed=1.00s tid=0x2 nid=0x2 waiting\n"
        "   java.lang.Thread.State: WAITING (parking)\n\tat a.Q.take(Q.java:1)\n\n"
        "\"x\" #3 prio=5 cpu=10.00ms elapsed=1.00s tid=0x3 nid=0x3 runnable\n"
        "   java.lang.Thread.State: RUNNABLE\n\tat a.S.spin(S.java:7)\n\n"
        "Full thread dump X:\n"
        "\"exec-1\" #1 prio=5 cpu=20.00ms elapsed=3.00s tid=0x1 nid=0x1 blocked\n"
        "   java.lang.Thread.State: BLOCKED (on object monitor)\n\tat a.W.work(W.java:3)\n\n"
        "\"exec-2\" #2 prio=5 cpu=30.00ms elapsed=3.00s tid=0x2 nid=0x2 runnable\n"
        "   java.lang.Thread.State: RUNNABLE\n\tat a.W.work(W.java:4)\n\n"
        "\"x\" #3 prio=5 cpu=2010.00ms elapsed=3.00s tid=0x3 nid=0x3 runnable\n"
        "   java.lang.Thread.State: RUNNABLE\n\tat a.S.spin(S.java:7)\n\n";
    parse(two);
    CHECK_EQ_INT(S.nd, 2);
    CHECK_EQ_INT(S.diag.total, 0);
    struct td_opts o;
    memset(&o, 0, sizeof o);
    o.pid = -1;
    struct report_node *root = rn_root();
    td_report(&S, &o, root);
    const struct report_node *ad = rn_get(root, "across_dumps");
    CHECK(ad != NULL);
    if (ad) {
        CHECK_EQ_INT(rn_value(rn_get(ad, "stuck")), 1);
        CHECK_EQ_INT(rn_value(rn_get(ad, "stuck_runnable")), 1);
        const struct report_node *pc = rn_get(ad, "pool_changes");
        CHECK(pc && rn_len(pc) == 1);
        if (pc && pc->first) {
            CHECK_STR(rn_get(pc->first, "pool")->s, "exec-*");
            CHECK_EQ_INT(rn_value(rn_get(pc->first, "waiting_first")), 2);
            CHECK_EQ_INT(rn_value(rn_get(pc->first, "waiting_last")), 0);
            CHECK_EQ_INT(rn_value(rn_get(pc->first, "blocked_last")), 1);
            CHECK_EQ_INT(rn_value(rn_get(pc->first, "runnable_last")), 1);
        }
        const struct report_node *cb = rn_get(ad, "cpu_between_dumps");
        CHECK(cb && cb->first && strcmp(rn_get(cb->first, "thread")->s, "x") == 0);
        if (cb && cb->first)
            CHECK_NEAR(rn_value(rn_get(cb->first, "cpu_pct")), 100.0, 1e-9); /* 2000 ms in 2 s */
    }
    rn_free(root);
}

/* ---- dumps printed through ThreadMXBean, VisualVM, JRockit ---- */

static const char threadinfo[] =
    "\"odd \"q\" name\" daemon prio=5 Id=12 BLOCKED on java.lang.Object@2f92e0f4 owned by \"hold \\\"er\" Id=11 (in native)\n"
    "\tat com.acme.A.f(A.java:1)\n"
    "\t-  blocked on java.lang.Object@2f92e0f4\n"
    "\t-  locked com.acme.L@1a\n"
    "\tat com.acme.A.g(A.java:2)\n"
    "\n"
    "\"hold \\\"er\" prio=5 Id=11 TIMED_WAITING (suspended)\n"
    "\tat java.lang.Thread.sleep(Native Method)\n"
    "\tat com.acme.B.b(B.java:1)\n"
    "\t...\n"
    "\n"
    "\tNumber of locked synchronizers = 1\n"
    "\t- java.util.concurrent.locks.ReentrantLock$NonfairSync@77\n"
    "\n"
    "\"waiter\" prio=5 Id=13 WAITING on com.acme.C@5\n"
    "\tat java.base@17/java.lang.Object.wait(Native Method)\n"
    "\t-  waiting on com.acme.C@5\n"
    "\n"
    "\"parker\" prio=5 Id=14 WAITING on java.util.concurrent.locks.ReentrantLock$NonfairSync@77 owned by \"hold \\\"er\" Id=11\n"
    "\tat jdk.internal.misc.Unsafe.park(Native Method)\n"
    "\t-  waiting on java.util.concurrent.locks.ReentrantLock$NonfairSync@77\n"
    "\n"
    /* a second snapshot logged right after: the repeated Id=11 starts dump 2 */
    "\"hold \\\"er\" prio=5 Id=11 RUNNABLE\n"
    "\n";

static void test_threadinfo(void)
{
    parse(threadinfo);
    CHECK_EQ_INT(S.diag.total, 0);
    CHECK_EQ_INT(S.nd, 2);
    CHECK_EQ_INT(S.d[0].n, 4);
    CHECK_STR(S.d[0].format, "threadinfo");
    const struct td_thread *t = &S.t[0];
    CHECK_STR(t->name, "odd \"q\" name");
    CHECK_EQ_INT(t->java_id, 12);
    CHECK(t->daemon);
    CHECK_EQ_INT(t->prio, 5);
    CHECK_STR(t->state, "BLOCKED");
    CHECK_STR(t->header_state, "in native");
    CHECK_EQ_INT(t->nlocks, 2); /* the repeated "blocked on" is not a second wait */
    CHECK_EQ_INT(t->locks[0].rel, TD_WAIT_LOCK);
    CHECK_STR(t->locks[0].id, "java.lang.Object@2f92e0f4");
    CHECK_STR(t->locks[0].cls, "java.lang.Object");
    CHECK_STR(t->locks[0].owner_name, "hold \\\"er");
    CHECK_EQ_INT(t->locks[0].owner_id, 11);
    CHECK_EQ_INT(t->locks[0].frame, 0);
    CHECK_EQ_INT(t->locks[1].rel, TD_LOCKED);
    CHECK_STR(t->locks[1].cls, "com.acme.L");
    t = &S.t[1];
    CHECK(t->stack_truncated);
    CHECK_STR(t->header_state, "suspended");
    CHECK_EQ_INT(t->nlocks, 1);
    CHECK_EQ_INT(t->locks[0].rel, TD_OWNABLE);
    CHECK_EQ_INT(S.t[2].locks[0].rel, TD_WAIT_ON); /* top frame Object.wait */
    CHECK_EQ_INT(S.t[3].locks[0].rel, TD_PARK);    /* top frame Unsafe.park */
    struct td_locks g;
    td_locks_build(&S, 0, &g);
    CHECK_EQ_INT(g.owner_of_wait[0], 1); /* from 'owned by', name and Id agree */
    CHECK_EQ_INT(g.owner_of_wait[3], 1); /* from the ownable section */
    td_locks_fini(&g);
}

static const char monitor_shape[] =
    "Full Java thread dump\n"
    "\n"
    "\"w 1\" Id=20 in BLOCKED on lock=com.acme.M@9 (running in native)\n"
    "     owned by the holder Id=21\n"
    "    at com.acme.W.run(W.java:3)\n"
    "\n"
    "    Locked synchronizers: count = 0\n"
    "\n"
    "\"the holder\" Id=21 in TIMED_WAITING\n"
    "    at java.lang.Thread.sleep(Native Method)\n"
    "    at com.acme.H.run(H.java:7)\n"
    "      - locked com.acme.M@9\n"
    "\n"
    "    Locked synchronizers: count = 1\n"
    "      - java.util.concurrent.locks.ReentrantLock$FairSync@3\n";

static void test_threadmonitor(void)
{
    parse(monitor_shape);
    CHECK_EQ_INT(S.diag.total, 0);
    CHECK_EQ_INT(S.nd, 1);
    CHECK_STR(S.d[0].format, "threadmonitor");
    CHECK_EQ_INT(S.nt, 2);
    const struct td_thread *t = by_name("w 1");
    CHECK(t && t->java_id == 20 && strcmp(t->state, "BLOCKED") == 0);
    if (t) {
        CHECK_STR(t->header_state, "in native");
        CHECK_STR(t->locks[0].owner_name, "the holder");
        CHECK_EQ_INT(t->locks[0].owner_id, 21);
    }
    t = by_name("the holder");
    CHECK(t && t->nlocks == 2 && t->locks[0].rel == TD_LOCKED && t->locks[1].rel == TD_OWNABLE);
    struct td_locks g;
    td_locks_build(&S, 0, &g);
    CHECK_EQ_INT(g.owner_of_wait[0], 1);
    td_locks_fini(&g);
}

static const char visualvm[] =
    "2021-10-17 18:06:34\n"
    "Full thread dump OpenJDK 64-Bit Server VM (17.0.1+12 mixed mode):\n"
    "\n"
    "\"A\" - Thread t@14\n"
    "   java.lang.Thread.State: BLOCKED\n"
    "\tat app//com.acme.Count.add(Count.java:24)\n"
    "\t- waiting to lock <6723abad> (a [B) owned by \"B \\\"x\\\"\" t@15\n"
    "\t- locked <70eab7a3> (a [B)\n"
    "\n"
    "   Locked ownable synchronizers:\n"
    "\t- None\n"
    "\n"
    "\"B \\\"x\\\"\" - Thread t@15\n"
    "   java.lang.Thread.State: WAITING\n"
    "\tat jdk.internal.misc.Unsafe.park(Native Method)\n"
    "\t- waiting to lock <11> (a java.util.concurrent.locks.ReentrantLock$NonfairSync) owned by \"C\" t@16\n"
    "\t- locked <6723abad> (a [B)\n"
    "   JNI locked monitors:\n"
    "\t- locked <99> (a java.lang.Object)\n"
    "\n"
    "   Locked ownable synchronizers:\n"
    "\t- Locked <22> (a java.util.concurrent.locks.ReentrantLock$NonfairSync)\n"
    "\n"
    "\"C\" - Thread t@16\n"
    "   java.lang.Thread.State: WAITING\n"
    "\tat jdk.internal.misc.Unsafe.park(Native Method)\n"
    "\t- parking to wait for <22> (a java.util.concurrent.locks.ReentrantLock$NonfairSync)\n"
    "\n"
    "   Locked ownable synchronizers:\n"
    "\t- locked <11> (a java.util.concurrent.locks.ReentrantLock$NonfairSync)\n";

static void test_visualvm(void)
{
    parse(visualvm);
    CHECK_EQ_INT(S.diag.total, 0);
    CHECK_EQ_INT(S.nd, 1);
    CHECK_STR(S.d[0].format, "visualvm");
    CHECK_STR(S.d[0].timestamp, "2021-10-17 18:06:34");
    CHECK_EQ_INT(S.nt, 3);
    const struct td_thread *a = by_name("A"), *b = by_name("B \\\"x\\\"");
    CHECK(a && b);
    if (!a || !b)
        return;
    CHECK_EQ_INT(a->java_id, 14);
    CHECK_STR(a->locks[0].id, "6723abad");
    CHECK_STR(a->locks[0].cls, "[B");
    CHECK_EQ_INT(a->locks[0].rel, TD_WAIT_LOCK);
    CHECK_STR(a->locks[0].owner_name, "B \\\"x\\\"");
    CHECK_EQ_INT(a->locks[0].owner_id, 15);
    CHECK_EQ_INT(b->locks[0].rel, TD_PARK); /* "waiting to lock" while WAITING: a park */
    CHECK_EQ_INT(b->nlocks, 4);
    CHECK_EQ_INT(b->locks[3].rel, TD_OWNABLE); /* Spring's "- Locked <h>" */
    struct td_locks g;
    td_locks_build(&S, 0, &g);
    CHECK_EQ_INT(g.ncyc, 1); /* B waits for C's <11>, C for B's <22>; A waits behind B */
    CHECK_EQ_INT(g.owner_of_wait[0], 1);
    td_locks_fini(&g);
}

static const char jrockit[] =
    "===== FULL THREAD DUMP ===============\n"
    "Fri Jun 4 08:22:12 2010\n"
    "BEA JRockit(R) R27.6.6-28_o-125824-1.6.0_17-20091214-2104-linux-ia32\n"
    "\n"
    "\"Main Thread\" id=1 idx=0x4 tid=1 prio=5 alive, in native, waiting\n"
    "    -- Waiting for notification on: weblogic/t3/srvr/T3Srvr@0x646ede8[fat lock]\n"
    "    at java/lang/Object.wait(J)V(Native Method)\n"
    "    ^-- Lock released while waiting: weblogic/t3/srvr/T3Srvr@0x646ede8[fat lock]\n"
    "    at weblogic/Server.main(Server.java:67)\n"
    "    -- end of trace\n"
    "\"(GC Worker Thread 1)\" id=? idx=0x10 tid=2760 prio=5 alive, in native, daemon\n"
    "\"x\" id=9 idx=0x30 tid=280 prio=5 alive, sleeping, native_waiting, daemon\n"
    "    ^-- Holding lock: java/lang/Object@0x10[thin lock]\n"
    "Blocked lock chains\n"
    "===================\n"
    "Chain 3:\n"
    "\"y\" id=10 idx=0x34 tid=281 waiting for java/lang/Object@0x10 held by:\n"
    "===== END OF THREAD DUMP ===============\n";

static void test_jrockit(void)
{
    parse(jrockit);
    CHECK_EQ_INT(S.diag.total, 0);
    CHECK_EQ_INT(S.nd, 1);
    CHECK_EQ_INT(S.nt, 3); /* the chain entry "y" is not a thread */
    CHECK_STR(S.d[0].format, "jrockit");
    CHECK_STR(S.d[0].timestamp, "Fri Jun 4 08:22:12 2010");
    const struct td_thread *t = by_name("Main Thread");
    CHECK(t != NULL);
    if (!t)
        return;
    CHECK_EQ_INT(t->java_id, 1);
    CHECK_EQ_INT(t->os_tid, 1);
    CHECK_STR(t->state, "WAITING");
    CHECK_EQ_INT(t->nframes, 2);
    CHECK_STR(t->frames[0].method, "java.lang.Object.wait");
    CHECK_STR(t->frames[0].loc, "Native Method");
    CHECK_STR(t->frames[1].loc, "Server.java:67");
    CHECK_EQ_INT(t->nlocks, 1); /* "released while waiting" is not held */
    CHECK_EQ_INT(t->locks[0].rel, TD_WAIT_ON);
    CHECK_STR(t->locks[0].cls, "weblogic.t3.srvr.T3Srvr");
    CHECK_STR(t->locks[0].id, "0x646ede8");
    t = by_name("(GC Worker Thread 1)");
    CHECK(t && t->java_id == -1 && t->state == S.s_vm_internal && t->daemon);
    t = by_name("x");
    CHECK(t && strcmp(t->state, "TIMED_WAITING") == 0 && t->locks[0].rel == TD_LOCKED);
}

static void test_histogram_block(void)
{
    parse("2026-11-30 05:46:09\n"
          "Full thread dump OpenJDK 64-Bit Server VM (17.0.15+6 mixed mode):\n"
          "\n"
          "\"main\" #1 prio=5 os_prio=0 tid=0x1 nid=0x10 runnable  [0x0]\n"
          "   java.lang.Thread.State: RUNNABLE\n"
          "\n"
          "Heap\n"
          " garbage-first heap   total 1K, used 1K\n"
          "28313:\n"
          " num     #instances         #bytes  class name (module)\n"
          "-------------------------------------------------------\n"
          "   1:         11628         570704  [B (java.base@17.0.15)\n"
          "   2:            10            160  com.acme.X\n"
          "Total         11638         570864\n"
          "after the histogram\n");
    CHECK_EQ_INT(S.nt, 1);
    CHECK_EQ_INT(S.nblocks, 1);
    CHECK_EQ_INT(S.blocks[0].line, 10);
    CHECK_EQ_INT(S.blocks[0].lines, 5);
    CHECK_EQ_INT(S.blocks[0].rows, 2);
    CHECK_EQ_INT(S.diag.total, 1); /* only the line after the Total */
}

static void test_time_gap(void)
{
    int a, b;
    bool utc;
    CHECK(td_time_of_day("05:46:08", &a, &utc) && a == 5 * 3600 + 46 * 60 + 8 && !utc);
    CHECK(td_time_of_day("2026-11-30 05:46:27", &b, &utc) && !utc);
    CHECK_EQ_INT(td_tod_gap_s(a, b), 19);
    CHECK(td_time_of_day("2026-11-30T05:46:44.919674314Z", &b, &utc) && utc);
    CHECK(td_time_of_day("Fri Jun 4 08:22:12 2010", &b, &utc) && b == 8 * 3600 + 22 * 60 + 12);
    CHECK(td_time_of_day("23:59:58", &a, &utc) && td_time_of_day("00:00:03", &b, &utc));
    CHECK_EQ_INT(td_tod_gap_s(a, b), 5); /* across midnight */
    CHECK(!td_time_of_day("25:00:00", &a, &utc));
    CHECK(!td_time_of_day("", &a, &utc));
    CHECK(!td_time_of_day(NULL, &a, &utc));
    struct td_top top;
    memset(&top, 0, sizeof top);
    td_top_parse_mem(&S, &top, "top", "top - 05:46:08 up 8 min,  0 user,  load average: 2.14\n", 55);
    CHECK_STR(top.last_time, "05:46:08");
    struct td_dump d;
    memset(&d, 0, sizeof d);
    const char *why;
    CHECK_EQ_INT(td_top_gap_s(&top, &d, &why), -1);
    CHECK(why != NULL);
    d.timestamp = "2026-11-30 05:45:58";
    CHECK_EQ_INT(td_top_gap_s(&top, &d, &why), 10);
    d.timestamp = "2026-11-30T05:46:08Z";
    CHECK_EQ_INT(td_top_gap_s(&top, &d, &why), -1); /* UTC vs top's local clock */
    td_top_fini(&top);
}

int main(void)
{
    td_set_init(&S);
    RUN(test_pool_names);
    RUN(test_jdk8_headers_and_frames);
    RUN(test_jdk25_header);
    RUN(test_unknown_lines_and_multi_dump);
    RUN(test_juc_deadlock_from_jvm_report);
    RUN(test_cycles_and_chains);
    RUN(test_object_wait_is_not_ownership);
    RUN(test_tdf_text);
    RUN(test_json);
    RUN(test_top);
    RUN(test_groups_ignore_ownable_section);
    RUN(test_across_dumps);
    RUN(test_threadinfo);
    RUN(test_threadmonitor);
    RUN(test_visualvm);
    RUN(test_jrockit);
    RUN(test_histogram_block);
    RUN(test_time_gap);
    td_set_fini(&S);
    T_DONE();
}
