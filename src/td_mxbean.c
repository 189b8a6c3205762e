/*
 * td_mxbean.c — thread dumps printed through java.lang.management.ThreadMXBean
 * rather than by the JVM, in the two shapes that are common in logs:
 *
 * ThreadInfo.toString() (JDK 6..25; JMX consoles, watchdogs, applications):
 *   "name" daemon prio=5 Id=12 BLOCKED on java.lang.Object@2f92e0f4 owned by "holder" Id=11
 *   \tat com.example.Foo.bar(Foo.java:12)
 *   \t-  blocked on java.lang.Object@2f92e0f4      (after frame 0 only)
 *   \t-  waiting on C@h                            (WAITING / TIMED_WAITING, after frame 0)
 *   \t-  locked C@h
 *   \t...                                          (at most 8 frames are printed)
 *   \n\tNumber of locked synchronizers = 1\n\t- java.util.concurrent.locks.ReentrantLock$NonfairSync@h
 *
 * The JDK demo FullThreadDump / ThreadMonitor shape (copied by many tools):
 *   "name" Id=12 in BLOCKED on lock=java.lang.Object@2f92e0f4 (running in native)
 *        owned by holder Id=11
 *       at com.example.Foo.bar(Foo.java:12)
 *         - locked C@h
 *       Locked synchronizers: count = 1
 *         - C@h
 *
 * Why the header's lock is the wait: both shapes print the lock a thread waits
 * for on the header line, with its owner — the owner's own "- locked" line may
 * be cut off by the 8-frame limit, so the waiter's "owned by" is kept on the lock
 * (td_lock_owner) and td_locks.c uses it. WAITING on a lock is a park unless the
 * top frame is Object.wait (decided when frame 0 arrives). Lock ids are the
 * printed "Class@identityHash", the same string in every line of one dump.
 */
#include "td_text.h"
#include "util.h"

#include <ctype.h>
#include <string.h>

static bool is_state_char(char c)
{
    return (c >= 'A' && c <= 'Z') || c == '_';
}

/* Add the header's wait lock "Class@hash" for a thread in state st. */
static void header_lock(struct td_text *p, struct td_thread *t, const char *lk, size_t lkn)
{
    if (!lkn || !t->state)
        return;
    enum td_rel rel;
    if (strcmp(t->state, "BLOCKED") == 0)
        rel = TD_WAIT_LOCK;
    else if (strstr(t->state, "WAITING"))
        rel = TD_PARK; /* becomes TD_WAIT_ON when frame 0 is Object.wait */
    else
        return; /* RUNNABLE with a lock name: a transient the printer caught; no wait */
    const char *at = lk + lkn;
    while (at > lk && at[-1] != '@')
        at--;
    size_t clsn = at > lk ? (size_t)(at - 1 - lk) : lkn;
    td_add_lock(p->s, t, rel, lk, lkn, lk, clsn);
}

/* Trailing " (suspended)", " (in native)", " (running in native)" into header_state. */
static void strip_flags(struct td_text *p, struct td_thread *t, const char *r, size_t *rn)
{
    char hs[64];
    size_t hsn = 0;
    static const char *const flags[] = {" (running in native)", " (in native)", " (suspended)"};
    bool again = true;
    while (again) {
        again = false;
        for (size_t i = 0; i < ARRAY_LEN(flags); i++) {
            size_t fl = strlen(flags[i]);
            if (*rn >= fl && memcmp(r + *rn - fl, flags[i], fl) == 0) {
                *rn -= fl;
                const char *w = strstr(flags[i], "native") ? "in native" : "suspended";
                size_t wl = strlen(w);
                if (hsn + wl + 2 < sizeof hs) {
                    if (hsn)
                        hs[hsn++] = ' ';
                    memcpy(hs + hsn, w, wl);
                    hsn += wl;
                }
                again = true;
            }
        }
    }
    if (hsn)
        t->header_state = intern_str(&p->s->in, hs, hsn);
}

static const char *const mx_markers[] = {" prio=", " daemon prio=", NULL};
static const char *const mon_markers[] = {" Id=", NULL};

/* '"name"[ daemon] prio=5 Id=12 STATE[ on L][ owned by "o" Id=11][ flags]' */
static bool threadinfo_header(struct td_text *p, const char *l, size_t n, uint64_t lineno)
{
    size_t q = tdx_name_end(l, n, mx_markers);
    if (!q)
        return false;
    const char *r = l + q + 1;
    size_t rn = n - q - 1;
    bool daemon = tdx_eat(&r, &rn, " daemon");
    int64_t prio, id;
    size_t k = 0;
    if (!tdx_eat(&r, &rn, " prio="))
        return false;
    while (k < rn && isdigit((unsigned char)r[k]))
        k++;
    if (!tdx_parse_u(r, k, false, &prio))
        return false;
    r += k;
    rn -= k;
    if (!tdx_eat(&r, &rn, " Id="))
        return false;
    for (k = 0; k < rn && isdigit((unsigned char)r[k]);)
        k++;
    if (!tdx_parse_u(r, k, false, &id) || k == rn || r[k] != ' ')
        return false;
    r += k + 1;
    rn -= k + 1;
    for (k = 0; k < rn && is_state_char(r[k]);)
        k++;
    if (k == 0 || (k < rn && r[k] != ' '))
        return false;
    struct td_set *s = p->s;
    struct td_thread *t = tdx_new_thread(p, lineno, "threadinfo", id);
    t->name = intern_str(&s->in, l + 1, q - 1);
    t->daemon = daemon;
    t->prio = (int)prio;
    t->state = intern_str(&s->in, r, k);
    r += k;
    rn -= k;
    strip_flags(p, t, r, &rn);
    const char *lk = NULL;
    size_t lkn = 0;
    if (tdx_eat(&r, &rn, " on ")) {
        lk = r;
        while (lkn < rn && r[lkn] != ' ')
            lkn++;
        r += lkn;
        rn -= lkn;
    }
    header_lock(p, t, lk, lkn);
    if (tdx_eat(&r, &rn, " owned by \"")) {
        /* the owner's name ends at the last '" Id=' */
        size_t e = rn;
        while (e > 0 && !mem_starts(r + e - 1, rn - e + 1, "\" Id="))
            e--;
        int64_t oid;
        if (e > 0 && tdx_parse_u(r + e + 4, rn - e - 4, false, &oid) && t->nlocks)
            td_lock_owner(s, t, r, e - 1, oid);
        else
            tdx_bad(p, "bad 'owned by' in ThreadInfo header", lineno, l, n);
    }
    p->dialect = TD_THREADINFO;
    p->st = TS_THREAD;
    return true;
}

/* '"name" Id=12 in STATE[ on lock=L][ (suspended)][ (running in native)]' */
static bool monitor_header(struct td_text *p, const char *l, size_t n, uint64_t lineno)
{
    size_t q = tdx_name_end(l, n, mon_markers);
    if (!q)
        return false;
    const char *r = l + q + 1 + 4;
    size_t rn = n - q - 1 - 4, k = 0;
    int64_t id;
    while (k < rn && isdigit((unsigned char)r[k]))
        k++;
    if (!tdx_parse_u(r, k, false, &id))
        return false;
    r += k;
    rn -= k;
    if (!tdx_eat(&r, &rn, " in "))
        return false;
    for (k = 0; k < rn && is_state_char(r[k]);)
        k++;
    if (k == 0 || (k < rn && r[k] != ' '))
        return false;
    struct td_set *s = p->s;
    struct td_thread *t = tdx_new_thread(p, lineno, "threadmonitor", id);
    t->name = intern_str(&s->in, l + 1, q - 1);
    t->state = intern_str(&s->in, r, k);
    r += k;
    rn -= k;
    strip_flags(p, t, r, &rn);
    if (tdx_eat(&r, &rn, " on lock=")) {
        size_t lkn = 0;
        while (lkn < rn && r[lkn] != ' ')
            lkn++;
        header_lock(p, t, r, lkn);
    }
    p->dialect = TD_MONITOR;
    p->st = TS_THREAD;
    return true;
}

bool td_mx_header(struct td_text *p, const char *l, size_t n, uint64_t lineno)
{
    if (p->st == TS_DEADLOCK)
        return false;
    return threadinfo_header(p, l, n, lineno) || monitor_header(p, l, n, lineno);
}

/* The lock of t its header named as the wait (added before any frame), or NULL. */
static struct td_lock *header_wait(struct td_thread *t)
{
    for (int k = 0; k < t->nlocks; k++)
        if (t->locks[k].frame < 0 &&
            (t->locks[k].rel == TD_WAIT_LOCK || t->locks[k].rel == TD_PARK ||
             t->locks[k].rel == TD_WAIT_ON))
            return &t->locks[k];
    return NULL;
}

/* "C@h" as the whole rest of a line: a lock of rel. */
static bool plain_lock(struct td_text *p, struct td_thread *t, enum td_rel rel, const char *r,
                       size_t rn)
{
    tdx_skip_ws(&r, &rn);
    const char *at = memchr(r, '@', rn);
    if (!rn || !at || memchr(r, ' ', rn))
        return false;
    const char *last = r + rn;
    while (last > r && last[-1] != '@')
        last--;
    td_add_lock(p->s, t, rel, r, rn, r, (size_t)(last - 1 - r));
    return true;
}

bool td_mx_line(struct td_text *p, const char *l, size_t n, uint64_t lineno)
{
    struct td_set *s = p->s;
    struct td_thread *t = &s->t[p->cur];
    const char *r = l;
    size_t rn = n;
    if (tdx_eat(&r, &rn, "at ")) {
        p->st = TS_THREAD;
        td_add_frame(s, t, r, rn);
        if (t->nframes == 1) {
            struct td_lock *w = header_wait(t);
            if (w) {
                w->frame = 0; /* jstack prints the wait after frame 0: same stack identity */
                if (w->rel == TD_PARK && mem_starts(t->frames[0].method, strlen(t->frames[0].method),
                                                    "java.lang.Object.wait"))
                    w->rel = TD_WAIT_ON;
            }
        }
        return true;
    }
    if (p->dialect == TD_MONITOR && tdx_eat(&r, &rn, "owned by ")) {
        struct td_lock *w = header_wait(t);
        size_t e = rn;
        while (e > 0 && !mem_starts(r + e - 1, rn - e + 1, " Id="))
            e--;
        int64_t oid;
        if (!w || e == 0 || !tdx_parse_u(r + e + 3, rn - e - 3, false, &oid)) {
            tdx_bad(p, "bad 'owned by' line", lineno, l, n);
            return true;
        }
        w->owner_name = intern_str(&s->in, r, e - 1);
        w->owner_id = oid;
        return true;
    }
    if (n == 3 && memcmp(l, "...", 3) == 0 && p->dialect == TD_THREADINFO) {
        t->stack_truncated = true;
        return true;
    }
    if (mem_starts(l, n, "Number of locked synchronizers = ") ||
        mem_starts(l, n, "Locked synchronizers: count = ")) {
        p->st = TS_OWNABLE;
        return true;
    }
    if (!tdx_eat(&r, &rn, "-"))
        return false;
    tdx_skip_ws(&r, &rn);
    if (p->st == TS_OWNABLE)
        return plain_lock(p, t, TD_OWNABLE, r, rn) ||
               (tdx_bad(p, "bad locked synchronizer line", lineno, l, n), true);
    if (tdx_eat(&r, &rn, "locked "))
        return plain_lock(p, t, TD_LOCKED, r, rn) || (tdx_bad(p, "bad lock line", lineno, l, n), true);
    bool blocked = tdx_eat(&r, &rn, "blocked on ");
    if (blocked || tdx_eat(&r, &rn, "waiting on ")) {
        /* repeats the header's lock after frame 0; a different one is kept as well */
        struct td_lock *w = header_wait(t);
        for (int k = 0; k < t->nlocks; k++)
            if (t->locks[k].id && strlen(t->locks[k].id) == rn && memcmp(t->locks[k].id, r, rn) == 0)
                w = &t->locks[k];
        if (w && w->id && strlen(w->id) == rn && memcmp(w->id, r, rn) == 0)
            return true;
        enum td_rel rel = blocked ? TD_WAIT_LOCK : TD_WAIT_ON;
        return plain_lock(p, t, rel, r, rn) || (tdx_bad(p, "bad lock line", lineno, l, n), true);
    }
    return false;
}
