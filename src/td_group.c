/*
 * td_group.c — what many threads have in common: pools (threads grouped by
 * name pattern, td_pool_name), identical stacks, hot frames split into
 * application and JDK/framework frames, and matching one thread across
 * several dumps of the same process.
 *
 * Identity of a stack: the sequence of frames (method + location, lambda
 * class ids removed). Lock lines ("- parking to wait for <A>", "- locked
 * <A>") are NOT part of the default identity: 500 idle workers of each of
 * eight pools share one stack but park on eight different queue conditions,
 * and the user asks "what are they doing", not "on which object". The
 * with_locks variant (frames + lock lines with their ids) is computed too
 * and reported next to it. Strings are interned, so comparisons are pointer
 * comparisons; hashes only pick candidates, equality is always verified.
 */
#include "td.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

const char *const td_default_framework_prefixes[] = {
    "java.", "javax.", "jakarta.", "jdk.", "sun.", "com.sun.", "org.springframework.",
    "org.apache.", "io.netty.", "org.eclipse.jetty.", "io.undertow.", "org.hibernate.",
    "com.zaxxer.hikari.", "com.mysql.", "org.postgresql.", "oracle.jdbc.", "io.grpc.",
    "com.google.", "kotlin.", "kotlinx.", "scala.", "akka.", "io.micrometer.", "ch.qos.logback.",
    "org.slf4j.", "org.jboss.", "io.reactivex.", "reactor.", "io.vertx.", "okhttp3.", "okio.",
    "com.fasterxml.", "org.glassfish.", "com.alibaba.druid.", "com.alibaba.dubbo.",
    "org.apache.dubbo.", "io.lettuce.", "redis.clients.", "org.mybatis.", "org.aspectj.",
    "net.bytebuddy.", "com.netflix.", "feign.", "io.opentelemetry.", "io.prometheus.",
    NULL,
};

bool td_is_app_frame(const struct td_prefixes *p, const char *method)
{
    /* generated lambda glue ("Foo$$Lambda.run") says nothing about where a thread is */
    if (strstr(method, "$$Lambda"))
        return false;
    if (p->napp) {
        for (size_t i = 0; i < p->napp; i++)
            if (strncmp(method, p->app[i], strlen(p->app[i])) == 0)
                return true;
        return false;
    }
    for (size_t i = 0; i < p->nfw; i++)
        if (strncmp(method, p->fw[i], strlen(p->fw[i])) == 0)
            return false;
    return true;
}

int td_top_app_frame(const struct td_prefixes *p, const struct td_thread *t)
{
    for (int f = 0; f < t->nframes; f++)
        if (td_is_app_frame(p, t->frames[f].method))
            return f;
    return -1;
}

static const char *const native_waits[] = {
    "java.lang.ref.Reference.waitForReferencePendingList",
    "sun.nio.ch.EPoll.wait",
    "sun.nio.ch.EPoll.epollWait",
    "sun.nio.ch.EPollArrayWrapper.epollWait",
    "sun.nio.ch.KQueue.poll",
    "sun.nio.ch.KQueue.keventPoll",
    "sun.nio.ch.KQueueArrayWrapper.kevent0",
    "sun.nio.ch.WEPoll.wait",
    "sun.nio.ch.WindowsSelectorImpl$SubSelector.poll0",
    "sun.nio.ch.Net.poll",
    "sun.nio.ch.Net.accept",
    "sun.nio.ch.ServerSocketChannelImpl.accept0",
    "java.net.PlainSocketImpl.socketAccept",
    "java.net.SocketInputStream.socketRead0",
    "sun.nio.ch.SocketDispatcher.read0",
    "sun.nio.ch.FileDispatcherImpl.read0",
    "java.io.FileInputStream.readBytes",
    "io.netty.channel.epoll.Native.epollWait",
    "io.netty.channel.epoll.Native.epollWait0",
    "io.netty.channel.kqueue.Native.keventWait",
    "java.lang.ProcessHandleImpl.waitForProcessExit0",
    "java.lang.UNIXProcess.waitForProcessExit",
    "java.lang.ProcessImpl.waitForProcessExit0",
    NULL,
};

bool td_native_wait(const struct td_thread *t)
{
    if (t->nframes == 0 || strcmp(t->state, "RUNNABLE") != 0)
        return false;
    for (const char *const *m = native_waits; *m; m++)
        if (strcmp(t->frames[0].method, *m) == 0)
            return true;
    return false;
}

bool td_same_stack(const struct td_thread *a, const struct td_thread *b)
{
    if (a->nframes != b->nframes)
        return false;
    for (int f = 0; f < a->nframes; f++)
        if (a->frames[f].method != b->frames[f].method || a->frames[f].loc != b->frames[f].loc)
            return false;
    return true;
}

/* Lock lines of the stack trace (the ownable-synchronizer section is not one). */
static bool same_locks(const struct td_thread *a, const struct td_thread *b)
{
    int i = 0, k = 0;
    for (;;) {
        while (i < a->nlocks && a->locks[i].rel == TD_OWNABLE)
            i++;
        while (k < b->nlocks && b->locks[k].rel == TD_OWNABLE)
            k++;
        if (i >= a->nlocks || k >= b->nlocks)
            return i >= a->nlocks && k >= b->nlocks;
        if (a->locks[i].rel != b->locks[k].rel || a->locks[i].id != b->locks[k].id ||
            a->locks[i].frame != b->locks[k].frame)
            return false;
        i++;
        k++;
    }
}

static int cmp_group(const void *x, const void *y)
{
    const struct td_sgroup *a = x, *b = y;
    if (a->n != b->n)
        return a->n > b->n ? -1 : 1;
    return a->idx[0] < b->idx[0] ? -1 : a->idx[0] > b->idx[0];
}

size_t td_stack_groups(const struct td_set *s, size_t first, size_t n, bool with_locks,
                       struct td_sgroup **out)
{
    size_t cap = 64;
    while (cap < n * 2)
        cap *= 2;
    long *slot = xmalloc(cap * sizeof *slot); /* group index or -1 */
    for (size_t i = 0; i < cap; i++)
        slot[i] = -1;
    struct td_sgroup *g = NULL;
    size_t ng = 0, capg = 0;
    for (size_t i = first; i < first + n; i++) {
        const struct td_thread *t = &s->t[i];
        if (t->nframes == 0)
            continue;
        uint64_t h = with_locks ? t->stack_lock_hash : t->stack_hash;
        size_t j = (size_t)(h ^ (h >> 29)) & (cap - 1);
        for (;;) {
            if (slot[j] < 0) {
                xgrow((void **)&g, &capg, ng + 1, sizeof *g);
                memset(&g[ng], 0, sizeof g[ng]);
                g[ng].hash = h;
                slot[j] = (long)ng++;
                break;
            }
            struct td_sgroup *c = &g[slot[j]];
            const struct td_thread *r = &s->t[c->idx[0]];
            if (c->hash == h && td_same_stack(t, r) && (!with_locks || same_locks(t, r)))
                break;
            j = (j + 1) & (cap - 1);
        }
        struct td_sgroup *c = &g[slot[j]];
        xgrow((void **)&c->idx, &c->cap, c->n + 1, sizeof *c->idx);
        c->idx[c->n++] = i;
    }
    free(slot);
    if (ng)
        qsort(g, ng, sizeof *g, cmp_group);
    *out = g;
    return ng;
}

void td_sgroups_free(struct td_sgroup *g, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(g[i].idx);
    free(g);
}

/* pointer-keyed open addressing, local to this file */
struct fmap {
    const char **k;
    size_t *v;
    size_t cap, used;
};

static size_t fhash(const void *p)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 31;
    x *= 0x9e3779b97f4a7c15ULL;
    return (size_t)(x ^ (x >> 29));
}

static size_t *fmap_slot(struct fmap *m, const char *k, bool *isnew)
{
    if ((m->used + 1) * 2 > m->cap) {
        struct fmap o = *m;
        m->cap = o.cap ? o.cap * 2 : 256;
        m->k = xcalloc(m->cap, sizeof *m->k);
        m->v = xcalloc(m->cap, sizeof *m->v);
        m->used = 0;
        for (size_t i = 0; i < o.cap; i++)
            if (o.k[i]) {
                bool dummy;
                *fmap_slot(m, o.k[i], &dummy) = o.v[i];
            }
        free(o.k);
        free(o.v);
    }
    size_t i = fhash(k) & (m->cap - 1);
    while (m->k[i] && m->k[i] != k)
        i = (i + 1) & (m->cap - 1);
    *isnew = !m->k[i];
    if (*isnew) {
        m->k[i] = k;
        m->used++;
    }
    return &m->v[i];
}

static int cmp_fc(const void *x, const void *y)
{
    const struct td_fcount *a = x, *b = y;
    if (a->any != b->any)
        return a->any > b->any ? -1 : 1;
    return strcmp(a->method, b->method);
}

size_t td_hot_frames(const struct td_set *s, const struct td_prefixes *p, size_t first, size_t n,
                     struct td_fcount **out)
{
    struct fmap m = {0};
    struct td_fcount *fc = NULL;
    size_t nf = 0, capf = 0;
    for (size_t i = first; i < first + n; i++) {
        const struct td_thread *t = &s->t[i];
        bool app_done = false;
        for (int f = 0; f < t->nframes; f++) {
            bool isnew;
            size_t *v = fmap_slot(&m, t->frames[f].method, &isnew);
            if (isnew) {
                xgrow((void **)&fc, &capf, nf + 1, sizeof *fc);
                memset(&fc[nf], 0, sizeof fc[nf]);
                fc[nf].method = t->frames[f].method;
                fc[nf].app = td_is_app_frame(p, t->frames[f].method);
                fc[nf].stamp = (size_t)-1;
                *v = nf++;
            }
            struct td_fcount *c = &fc[*v];
            if (f == 0)
                c->top++;
            if (c->app && !app_done) {
                c->top_app++;
                app_done = true;
            }
            if (c->stamp != i) {
                c->stamp = i;
                c->any++;
            }
        }
    }
    free(m.k);
    free(m.v);
    if (nf)
        qsort(fc, nf, sizeof *fc, cmp_fc);
    *out = fc;
    return nf;
}

static int cmp_pool(const void *x, const void *y)
{
    const struct td_pool *a = x, *b = y;
    if (a->n != b->n)
        return a->n > b->n ? -1 : 1;
    return strcmp(a->name, b->name);
}

size_t td_pools(const struct td_set *s, size_t first, size_t n, struct td_pool **out)
{
    struct fmap m = {0};
    struct td_pool *p = NULL;
    size_t np = 0, cap = 0;
    for (size_t i = first; i < first + n; i++) {
        const struct td_thread *t = &s->t[i];
        bool isnew;
        size_t *v = fmap_slot(&m, t->pool, &isnew);
        if (isnew) {
            xgrow((void **)&p, &cap, np + 1, sizeof *p);
            memset(&p[np], 0, sizeof p[np]);
            p[np].name = t->pool;
            *v = np++;
        }
        struct td_pool *x = &p[*v];
        x->n++;
        if (strcmp(t->state, "RUNNABLE") == 0)
            x->runnable++;
        else if (strcmp(t->state, "BLOCKED") == 0)
            x->blocked++;
        else if (strcmp(t->state, "WAITING") == 0)
            x->waiting++;
        else if (strcmp(t->state, "TIMED_WAITING") == 0)
            x->timed++;
        else
            x->other++;
    }
    free(m.k);
    free(m.v);
    if (np)
        qsort(p, np, sizeof *p, cmp_pool);
    *out = p;
    return np;
}

const struct td_pool *td_pool_find(const struct td_pool *p, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (p[i].name == name)
            return &p[i];
    return NULL;
}

struct td_match {
    const struct td_set *s;
    size_t *slot; /* absolute index + 1, 0 = empty */
    size_t cap;
};

static uint64_t match_key(const struct td_thread *t)
{
    uint64_t h = (uint64_t)(uintptr_t)t->name * 0x9e3779b97f4a7c15ULL;
    h ^= (uint64_t)(t->java_id >= 0 ? t->java_id : t->os_tid) * 0xff51afd7ed558ccdULL;
    return h ^ (h >> 31);
}

static bool match_eq(const struct td_thread *a, const struct td_thread *b)
{
    if (a->name != b->name)
        return false;
    if (a->java_id >= 0 || b->java_id >= 0)
        return a->java_id == b->java_id;
    return a->os_tid == b->os_tid;
}

struct td_match *td_match_new(const struct td_set *s, size_t dump)
{
    const struct td_dump *d = &s->d[dump];
    struct td_match *m = xcalloc(1, sizeof *m);
    m->s = s;
    m->cap = 64;
    while (m->cap < d->n * 2)
        m->cap *= 2;
    m->slot = xcalloc(m->cap, sizeof *m->slot);
    for (size_t i = d->first; i < d->first + d->n; i++) {
        size_t j = match_key(&s->t[i]) & (m->cap - 1);
        while (m->slot[j])
            j = (j + 1) & (m->cap - 1);
        m->slot[j] = i + 1;
    }
    return m;
}

long td_match_find(const struct td_match *m, const struct td_thread *t)
{
    size_t j = match_key(t) & (m->cap - 1);
    while (m->slot[j]) {
        if (match_eq(&m->s->t[m->slot[j] - 1], t))
            return (long)(m->slot[j] - 1);
        j = (j + 1) & (m->cap - 1);
    }
    return -1;
}

void td_match_free(struct td_match *m)
{
    if (!m)
        return;
    free(m->slot);
    free(m);
}
