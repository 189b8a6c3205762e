/*
 * td_jrockit.c — JRockit (R27/R28, JDK 5/6) thread dumps, from kill -3 or
 * `jrcmd PID print_threads`:
 *
 *   ===== FULL THREAD DUMP ===============
 *   Mon Feb 06 11:38:58 2012
 *   Oracle JRockit(R) R28.0.0-679-130297-1.6.0_17-20100312-2123-windows-ia32
 *
 *   "Main Thread" id=1 idx=0x4 tid=4184 prio=5 alive, in native, waiting
 *       -- Waiting for notification on: weblogic/t3/srvr/T3Srvr@0x646ede8[fat lock]
 *       at java/lang/Object.wait(J)V(Native Method)
 *       ^-- Lock released while waiting: weblogic/t3/srvr/T3Srvr@0x646ede8[fat lock]
 *       ^-- Holding lock: java/net/SocksSocketImpl@0x10204E50[biased lock]
 *       -- Blocked trying to get lock: java/lang/Object@0x01262360[thin lock]
 *       -- Parking to wait for: java/util/concurrent/locks/ReentrantLock$NonfairSync@0x..
 *       -- end of trace
 *   "(GC Main Thread)" id=3 idx=0xc tid=1912 prio=5 alive, in native, native_waiting, daemon
 *
 *   Circular (deadlocked) lock chains / Blocked lock chains / Open lock chains
 *   ...
 *   ===== END OF THREAD DUMP ===============
 *
 * The state is not printed; it is read from the flags after prio=: "blocked"
 * -> BLOCKED (on object monitor), "waiting" -> WAITING (on object monitor),
 * "sleeping" -> TIMED_WAITING (sleeping), "parked" -> WAITING (parking),
 * "terminated" -> TERMINATED, otherwise RUNNABLE. Threads whose name is in
 * parentheses are JRockit's own (GC, code generation, signal handler) and are
 * VM_INTERNAL, as HotSpot's internal threads are. Frames use '/' in class
 * names and carry a method descriptor ("wait(J)V(Native Method)"): both are
 * normalised to HotSpot's "java.lang.Object.wait(Native Method)". The lock
 * chains repeat what the threads say (gclat finds the cycles itself), so they
 * are understood and skipped.
 */
#include "td_text.h"
#include "util.h"

#include <ctype.h>
#include <string.h>

static const char *const markers[] = {" id=", NULL};

static bool flag(const char *f, size_t fn, const char *w)
{
    /* whole comma-separated flag */
    size_t wl = strlen(w);
    for (size_t i = 0; i + wl <= fn; i++) {
        if (memcmp(f + i, w, wl) != 0)
            continue;
        bool left = i == 0 || f[i - 1] == ' ' || f[i - 1] == ',';
        bool right = i + wl == fn || f[i + wl] == ',';
        if (left && right)
            return true;
    }
    return false;
}

bool td_jr_header(struct td_text *p, const char *l, size_t n, uint64_t lineno)
{
    size_t q = tdx_name_end(l, n, markers);
    if (!q || !mem_find(l + q, n - q, " idx=0x"))
        return false;
    if (p->st == TS_JR_CHAINS)
        return false; /* a chain entry, see td_jr_frame_line */
    const char *r = l + q + 1;
    size_t rn = n - q - 1;
    int64_t id = -1, tid = -1, prio = -1;
    const char *flags = NULL;
    size_t flagsn = 0;
    while (rn) {
        tdx_skip_ws(&r, &rn);
        size_t k = 0;
        while (k < rn && r[k] != ' ')
            k++;
        int64_t v;
        if (mem_starts(r, k, "id=")) {
            if (tdx_parse_u(r + 3, k - 3, false, &v))
                id = v; /* "id=?" for threads without a java.lang.Thread */
        } else if (mem_starts(r, k, "tid=")) {
            if (tdx_parse_u(r + 4, k - 4, false, &v))
                tid = v;
        } else if (mem_starts(r, k, "prio=")) {
            if (tdx_parse_u(r + 5, k - 5, false, &v))
                prio = v;
            flags = r + k;
            flagsn = rn - k;
            tdx_skip_ws(&flags, &flagsn);
            break;
        }
        /* idx= and future keys: not needed */
        r += k;
        rn -= k;
    }
    struct td_set *s = p->s;
    if (!p->dump_open)
        tdx_open_dump(p, lineno, "jrockit");
    p->jr_header = false;
    struct td_thread *t = tdx_new_thread(p, lineno, "jrockit", id);
    t->name = intern_str(&s->in, l + 1, q - 1);
    t->os_tid = tid;
    t->prio = (int)prio;
    if (flagsn) {
        t->header_state = intern_str(&s->in, flags, flagsn);
        t->daemon = flag(flags, flagsn, "daemon");
    }
    bool internal = q >= 3 && l[1] == '(' && l[q - 1] == ')';
    if (!internal) {
        const char *st = "RUNNABLE", *det = NULL;
        if (flag(flags, flagsn, "terminated"))
            st = "TERMINATED";
        else if (flag(flags, flagsn, "blocked"))
            st = "BLOCKED", det = "on object monitor";
        else if (flag(flags, flagsn, "sleeping"))
            st = "TIMED_WAITING", det = "sleeping";
        else if (flag(flags, flagsn, "parked"))
            st = "WAITING", det = "parking";
        else if (flag(flags, flagsn, "waiting"))
            st = "WAITING", det = "on object monitor";
        t->state = intern_str(&s->in, st, strlen(st));
        if (det)
            t->state_detail = intern_str(&s->in, det, strlen(det));
    }
    p->dialect = TD_JROCKIT;
    p->st = TS_THREAD;
    return true;
}

/* "java/lang/Object.wait(J)V(Native Method)" -> "java.lang.Object.wait(Native Method)" */
static void jr_frame(struct td_set *s, struct td_thread *t, const char *r, size_t rn)
{
    char buf[1024];
    const char *first = memchr(r, '(', rn);
    const char *last = r + rn;
    while (last > r && last[-1] != '(')
        last--;
    size_t mlen = first ? (size_t)(first - r) : rn;
    if (mlen > sizeof buf / 2)
        mlen = sizeof buf / 2;
    size_t o = 0;
    for (size_t i = 0; i < mlen; i++)
        buf[o++] = r[i] == '/' ? '.' : r[i];
    if (first && last > r) {
        size_t ln = rn - (size_t)(last - 1 - r); /* "(File.java:12)" */
        if (ln > sizeof buf - o - 1)
            ln = sizeof buf - o - 1;
        memcpy(buf + o, last - 1, ln);
        o += ln;
    }
    td_add_frame(s, t, buf, o);
}

/* "cls@0xADDR[fat lock]" -> lock of rel with id "0xADDR", class "cls" with dots */
static bool jr_lock(struct td_text *p, struct td_thread *t, enum td_rel rel, const char *r,
                    size_t rn)
{
    tdx_skip_ws(&r, &rn);
    const char *at = memchr(r, '@', rn);
    if (!at || at == r)
        return false;
    const char *id = at + 1;
    size_t idn = 0;
    while (id + idn < r + rn && id[idn] != '[' && id[idn] != ' ')
        idn++;
    if (!idn)
        return false;
    char cls[512];
    size_t cn = (size_t)(at - r) < sizeof cls ? (size_t)(at - r) : sizeof cls - 1;
    for (size_t i = 0; i < cn; i++)
        cls[i] = r[i] == '/' ? '.' : r[i];
    td_add_lock(p->s, t, rel, id, idn, cls, cn);
    return true;
}

bool td_jr_line(struct td_text *p, const char *l, size_t n, uint64_t lineno)
{
    struct td_set *s = p->s;
    struct td_thread *t = &s->t[p->cur];
    const char *r = l;
    size_t rn = n;
    if (tdx_eat(&r, &rn, "at ")) {
        jr_frame(s, t, r, rn);
        return true;
    }
    static const struct {
        const char *lead;
        enum td_rel rel;
    } lines[] = {
        {"-- Waiting for notification on:", TD_WAIT_ON},
        {"-- Blocked trying to get lock:", TD_WAIT_LOCK},
        {"-- Parking to wait for:", TD_PARK},
        {"^-- Holding lock:", TD_LOCKED},
    };
    for (size_t i = 0; i < ARRAY_LEN(lines); i++)
        if (tdx_eat(&r, &rn, lines[i].lead)) {
            if (!jr_lock(p, t, lines[i].rel, r, rn))
                tdx_bad(p, "bad JRockit lock line", lineno, l, n);
            return true;
        }
    if (mem_starts(l, n, "^-- Lock released while waiting:"))
        return true; /* Object.wait() gave it up: not held */
    if (mem_starts(l, n, "-- end of trace")) {
        p->cur = -1;
        p->st = TS_OUT;
        return true;
    }
    return false;
}

static bool jr_date(const char *l, size_t n)
{
    /* "Mon Feb 06 11:38:58 2012" / "Fri Jun 4 08:22:12 2010" */
    return n >= 20 && n <= 28 && isupper((unsigned char)l[0]) && l[3] == ' ' && memchr(l, ':', n) &&
           isdigit((unsigned char)l[n - 1]);
}

bool td_jr_frame_line(struct td_text *p, const char *l, size_t n, uint64_t lineno)
{
    struct td_set *s = p->s;
    if (mem_starts(l, n, "===== FULL THREAD DUMP")) {
        struct td_dump *d = tdx_open_dump(p, lineno, "jrockit");
        (void)d;
        p->dump_has_header = true;
        p->jr_header = true;
        p->st = TS_OUT;
        return true;
    }
    if (mem_starts(l, n, "===== END OF THREAD DUMP")) {
        p->cur = -1;
        p->st = TS_OUT;
        p->jr_header = false;
        return true;
    }
    if (p->jr_header) {
        struct td_dump *d = tdx_cur_dump(p);
        if (d && !d->timestamp && jr_date(l, n)) {
            d->timestamp = intern_str(&s->in, l, n);
            return true;
        }
        if (d && !d->vm && mem_find(l, n, "JRockit")) {
            d->vm = intern_str(&s->in, l, n);
            return true;
        }
        p->jr_header = false;
        return false;
    }
    if (mem_starts(l, n, "Circular (deadlocked) lock chains") ||
        mem_starts(l, n, "Blocked lock chains") || mem_starts(l, n, "Open lock chains")) {
        if (p->dialect != TD_JROCKIT && (!tdx_cur_dump(p) || strcmp(tdx_cur_dump(p)->format, "jrockit")))
            return false;
        p->cur = -1;
        p->st = TS_JR_CHAINS;
        return true;
    }
    if (p->st == TS_JR_CHAINS) {
        /* "=====" rules, "Chain 2:", '"t" id=17 idx=0x48 tid=3920 waiting for C@0x.. held by:' */
        if (l[0] == '=' || mem_starts(l, n, "Chain ") || l[0] == '"' || mem_starts(l, n, "None"))
            return true;
        p->st = TS_OUT;
    }
    return false;
}
