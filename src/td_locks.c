/*
 * td_locks.c — the lock graph of one dump: for each monitor or j.u.c
 * synchronizer its owner, the threads BLOCKED on it, parked on it and in
 * Object.wait() on it; the wait-for edge of each thread (thread -> owner of
 * the lock it waits for) and every cycle in those edges (deadlocks).
 *
 * Ownership rules (why): "- locked <A>" means owned UNLESS the same thread
 * also shows "- waiting on <A>" — Object.wait() releases the monitor but the
 * frame's lock record is still printed. Ownable synchronizers come from the
 * "Locked ownable synchronizers" section (jstack -l / jcmd -l) and, when that
 * section is absent, from the JVM's own deadlock report ("which is held by").
 * Each thread waits for at most one lock (the first wait/park line), so the
 * wait-for graph has out-degree <= 1 and every cycle is found exactly once.
 */
#include "td.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct pmap {
    const void **k;
    size_t *v;
    size_t cap, used;
};

static size_t phash(const void *p)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)x;
}

static void pmap_put(struct pmap *m, const void *k, size_t v);

static void pmap_grow(struct pmap *m)
{
    struct pmap o = *m;
    m->cap = o.cap ? o.cap * 2 : 64;
    m->k = xcalloc(m->cap, sizeof *m->k);
    m->v = xcalloc(m->cap, sizeof *m->v);
    m->used = 0;
    for (size_t i = 0; i < o.cap; i++)
        if (o.k[i])
            pmap_put(m, o.k[i], o.v[i]);
    free(o.k);
    free(o.v);
}

static void pmap_put(struct pmap *m, const void *k, size_t v)
{
    if ((m->used + 1) * 2 > m->cap)
        pmap_grow(m);
    size_t i = phash(k) & (m->cap - 1);
    while (m->k[i] && m->k[i] != k)
        i = (i + 1) & (m->cap - 1);
    if (!m->k[i])
        m->used++;
    m->k[i] = k;
    m->v[i] = v;
}

static bool pmap_get(const struct pmap *m, const void *k, size_t *v)
{
    if (!m->cap)
        return false;
    size_t i = phash(k) & (m->cap - 1);
    while (m->k[i]) {
        if (m->k[i] == k) {
            *v = m->v[i];
            return true;
        }
        i = (i + 1) & (m->cap - 1);
    }
    return false;
}

static void pmap_free(struct pmap *m)
{
    free(m->k);
    free(m->v);
}

static size_t lock_of(struct td_locks *g, struct pmap *m, const char *id, const char *cls)
{
    size_t li;
    if (pmap_get(m, id, &li)) {
        if (!g->l[li].cls && cls)
            g->l[li].cls = cls;
        return li;
    }
    xgrow((void **)&g->l, &g->capl, g->nl + 1, sizeof *g->l);
    li = g->nl++;
    memset(&g->l[li], 0, sizeof g->l[li]);
    g->l[li].id = id;
    g->l[li].cls = cls;
    g->l[li].owner = -1;
    pmap_put(m, id, li);
    return li;
}

static void push(size_t **a, size_t *n, size_t *cap, size_t v)
{
    xgrow((void **)a, cap, *n + 1, sizeof **a);
    (*a)[(*n)++] = v;
}

void td_locks_build(const struct td_set *s, size_t dump, struct td_locks *g)
{
    memset(g, 0, sizeof *g);
    const struct td_dump *d = &s->d[dump];
    g->first = d->first;
    g->n = d->n;
    size_t n = d->n;
    g->waits_for = xmalloc((n ? n : 1) * sizeof *g->waits_for);
    g->owner_of_wait = xmalloc((n ? n : 1) * sizeof *g->owner_of_wait);
    g->rev_head = xmalloc((n ? n : 1) * sizeof *g->rev_head);
    g->rev_next = xmalloc((n ? n : 1) * sizeof *g->rev_next);
    struct pmap m = {0};
    for (size_t r = 0; r < n; r++) {
        const struct td_thread *t = &s->t[d->first + r];
        size_t ti = d->first + r;
        g->waits_for[r] = -1;
        g->owner_of_wait[r] = -1;
        g->rev_head[r] = g->rev_next[r] = -1;
        for (int k = 0; k < t->nlocks; k++) {
            const struct td_lock *L = &t->locks[k];
            if (!L->id || L->rel == TD_ELIMINATED)
                continue;
            size_t li = lock_of(g, &m, L->id, L->cls);
            struct td_lockinfo *x = &g->l[li];
            switch (L->rel) {
            case TD_LOCKED: {
                bool waits_on_it = false;
                for (int q = 0; q < t->nlocks; q++)
                    if ((t->locks[q].rel == TD_WAIT_ON || t->locks[q].rel == TD_RELOCK) &&
                        t->locks[q].id == L->id)
                        waits_on_it = true;
                if (!waits_on_it && x->owner < 0)
                    x->owner = (long)ti;
                break;
            }
            case TD_OWNABLE:
                x->ownable = true;
                if (x->owner < 0)
                    x->owner = (long)ti;
                break;
            case TD_WAIT_LOCK:
            case TD_RELOCK:
                push(&x->blocked, &x->nblocked, &x->cap_blocked, ti);
                if (g->waits_for[r] < 0)
                    g->waits_for[r] = (long)li;
                break;
            case TD_PARK:
                push(&x->parked, &x->nparked, &x->cap_parked, ti);
                if (g->waits_for[r] < 0)
                    g->waits_for[r] = (long)li;
                break;
            case TD_WAIT_ON:
                push(&x->waiting, &x->nwaiting, &x->cap_waiting, ti);
                break;
            case TD_ELIMINATED:
                break;
            }
        }
    }
    /* owners named only by the JVM's deadlock report (e.g. plain jstack without -l) */
    for (size_t e = 0; e < d->ndl; e++) {
        const struct td_jvm_dl *dl = &d->dl[e];
        size_t li;
        if (!dl->lock_id || !dl->held_by || !pmap_get(&m, dl->lock_id, &li))
            continue;
        if (dl->ownable)
            g->l[li].ownable = true;
        if (g->l[li].owner >= 0)
            continue;
        for (size_t r = 0; r < n; r++)
            if (s->t[d->first + r].name == dl->held_by) {
                g->l[li].owner = (long)(d->first + r);
                break;
            }
        if (g->l[li].owner < 0)
            g->l[li].owner_name = dl->held_by;
    }
    /*
     * owners named by the waiter's own line (ThreadMXBean / VisualVM dumps): the
     * holder's "- locked" line may be missing (ThreadInfo.toString prints 8 frames),
     * so the waiter's word is taken when nothing else names an owner. By java id,
     * the name must agree; by name alone only when the format gives no id.
     */
    struct pmap byname = {0}; /* interned name -> first thread (relative) with it */
    for (size_t r = 0; r < n; r++) {
        const struct td_thread *t = &s->t[d->first + r];
        for (int k = 0; k < t->nlocks; k++) {
            const struct td_lock *L = &t->locks[k];
            size_t li, q;
            if (!L->id || !L->owner_name || !pmap_get(&m, L->id, &li) || g->l[li].owner >= 0)
                continue;
            if (!byname.cap)
                for (size_t x = n; x-- > 0;)
                    pmap_put(&byname, s->t[d->first + x].name, x);
            if (pmap_get(&byname, L->owner_name, &q)) {
                /* a repeated name: the id decides, scanning from the first of that name */
                for (; q < n; q++) {
                    const struct td_thread *o = &s->t[d->first + q];
                    if (o->name == L->owner_name && (L->owner_id < 0 || o->java_id == L->owner_id)) {
                        g->l[li].owner = (long)(d->first + q);
                        break;
                    }
                }
            }
            if (g->l[li].owner < 0)
                g->l[li].owner_name = L->owner_name;
        }
    }
    pmap_free(&byname);
    pmap_free(&m);
    for (size_t r = 0; r < n; r++) {
        long li = g->waits_for[r];
        if (li < 0)
            continue;
        long o = g->l[li].owner;
        if (o < 0 || (size_t)o == d->first + r)
            continue;
        g->owner_of_wait[r] = o;
        size_t orel = (size_t)o - d->first;
        g->rev_next[r] = g->rev_head[orel];
        g->rev_head[orel] = (long)r;
    }
    /* cycles: walk each path once; a node seen earlier on the same walk closes a cycle */
    int *run = xcalloc(n ? n : 1, sizeof *run);
    for (size_t r0 = 0; r0 < n; r0++) {
        if (run[r0])
            continue;
        int id = (int)r0 + 1;
        size_t r = r0;
        for (;;) {
            run[r] = id;
            long o = g->owner_of_wait[r];
            if (o < 0)
                break;
            size_t nr = (size_t)o - d->first;
            if (run[nr] == id) {
                /* cycle through nr; collect it starting at its smallest index */
                size_t start = nr, x = nr;
                size_t len = 0;
                do {
                    if (x < start)
                        start = x;
                    x = (size_t)g->owner_of_wait[x] - d->first;
                    len++;
                } while (x != nr && len <= n);
                xgrow((void **)&g->cyc, &g->capcyc, g->ncyc + 1, sizeof *g->cyc);
                struct td_cycle *c = &g->cyc[g->ncyc++];
                memset(c, 0, sizeof *c);
                c->threads = xmalloc(len * sizeof *c->threads);
                c->locks = xmalloc(len * sizeof *c->locks);
                x = start;
                for (size_t k = 0; k < len; k++) {
                    c->threads[k] = d->first + x;
                    size_t li = (size_t)g->waits_for[x];
                    c->locks[k] = li;
                    if (g->l[li].ownable)
                        c->juc = true;
                    else
                        c->monitor = true;
                    x = (size_t)g->owner_of_wait[x] - d->first;
                }
                c->n = len;
                break;
            }
            if (run[nr])
                break; /* joins a path walked before */
            r = nr;
        }
    }
    free(run);
    /*
     * Threads waiting behind each thread, in O(n): the wait-for graph has
     * out-degree <= 1, so peeling threads nobody waits for (Kahn's order) adds
     * each subtree to its owner; what is left are the cycles, where every
     * member has every other member and all their trees behind it.
     */
    g->behind = xcalloc(n ? n : 1, sizeof *g->behind);
    g->direct = xcalloc(n ? n : 1, sizeof *g->direct);
    g->in_cycle = xcalloc(n ? n : 1, 1);
    size_t *indeg = xcalloc(n ? n : 1, sizeof *indeg);
    size_t *queue = xmalloc((n ? n : 1) * sizeof *queue);
    size_t qh = 0, qt = 0;
    for (size_t r = 0; r < n; r++)
        if (g->owner_of_wait[r] >= 0) {
            indeg[(size_t)g->owner_of_wait[r] - d->first]++;
            g->direct[(size_t)g->owner_of_wait[r] - d->first]++;
        }
    for (size_t r = 0; r < n; r++)
        if (!indeg[r])
            queue[qt++] = r;
    while (qh < qt) {
        size_t x = queue[qh++];
        if (g->owner_of_wait[x] < 0)
            continue;
        size_t o = (size_t)g->owner_of_wait[x] - d->first;
        g->behind[o] += g->behind[x] + 1;
        if (--indeg[o] == 0)
            queue[qt++] = o;
    }
    for (size_t c = 0; c < g->ncyc; c++) {
        size_t sum = 0;
        for (size_t k = 0; k < g->cyc[c].n; k++)
            sum += g->behind[g->cyc[c].threads[k] - d->first] + 1;
        for (size_t k = 0; k < g->cyc[c].n; k++) {
            size_t x = g->cyc[c].threads[k] - d->first;
            g->in_cycle[x] = 1;
        }
        for (size_t k = 0; k < g->cyc[c].n; k++)
            g->behind[g->cyc[c].threads[k] - d->first] = sum - 1;
    }
    /* threads whose chain runs into a cycle but are not in it keep their tree counts */
    free(indeg);
    free(queue);
    /* deterministic order: by first thread index */
    for (size_t i = 1; i < g->ncyc; i++)
        for (size_t k = i; k > 0 && g->cyc[k - 1].threads[0] > g->cyc[k].threads[0]; k--) {
            struct td_cycle tmp = g->cyc[k];
            g->cyc[k] = g->cyc[k - 1];
            g->cyc[k - 1] = tmp;
        }
}

size_t td_locks_blocked_behind(const struct td_locks *g, size_t ti, size_t *direct)
{
    size_t r = ti - g->first;
    if (direct)
        *direct = g->direct[r];
    return g->behind[r];
}

void td_locks_fini(struct td_locks *g)
{
    for (size_t i = 0; i < g->nl; i++) {
        free(g->l[i].blocked);
        free(g->l[i].parked);
        free(g->l[i].waiting);
    }
    for (size_t i = 0; i < g->ncyc; i++) {
        free(g->cyc[i].threads);
        free(g->cyc[i].locks);
    }
    free(g->l);
    free(g->cyc);
    free(g->waits_for);
    free(g->owner_of_wait);
    free(g->rev_head);
    free(g->rev_next);
    free(g->behind);
    free(g->direct);
    free(g->in_cycle);
    memset(g, 0, sizeof *g);
}
