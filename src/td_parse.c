/*
 * td_parse.c — the text thread-dump formats, one line at a time:
 * jstack / jstack -l / jcmd Thread.print / kill -3 output (JDK 8..25, several
 * dumps appended in one file, with the SMR block, JNI refs, the JVM's own
 * deadlock report and the Heap summary around them) and the text format of
 * jcmd Thread.dump_to_file (JDK 21+: `#tid "name" [virtual] STATE time`).
 *
 * Invariants: lines are (ptr,len) and never read past len; every line is
 * either understood (thread header, state, frame, lock line, known
 * informational line) or goes to diag with a reason — nothing is dropped
 * silently. A new dump starts at "Full thread dump", at a dump_to_file
 * preamble, or at the first thread header seen outside any dump. Also owns
 * the set-level helpers both parsers use (new thread, frame normalisation,
 * lock lines, finishing a dump) and the pool-name rule.
 */
#include "td.h"
#include "reader.h"
#include "td_text.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- set helpers */

void td_set_init(struct td_set *s)
{
    memset(s, 0, sizeof *s);
    intern_init(&s->in);
    diag_init(&s->diag);
    s->s_vm_internal = intern_str(&s->in, "VM_INTERNAL", 11);
}

void td_set_fini(struct td_set *s)
{
    for (size_t i = 0; i < s->nt; i++) {
        free(s->t[i].frames);
        free(s->t[i].locks);
    }
    for (size_t i = 0; i < s->nd; i++)
        free(s->d[i].dl);
    free(s->blocks);
    free(s->t);
    free(s->d);
    free(s->scratch);
    diag_fini(&s->diag);
    intern_fini(&s->in);
    memset(s, 0, sizeof *s);
}

struct td_dump *td_new_dump(struct td_set *s, const char *file, uint64_t line, const char *format)
{
    xgrow((void **)&s->d, &s->cap_d, s->nd + 1, sizeof *s->d);
    struct td_dump *d = &s->d[s->nd++];
    memset(d, 0, sizeof *d);
    d->file = intern_str(&s->in, file, strlen(file));
    d->line = line;
    d->pid = -1;
    d->format = format;
    d->first = s->nt;
    d->jni_global_refs = -1;
    d->jvm_deadlocks = -1;
    return d;
}

struct td_thread *td_new_thread(struct td_set *s, const char *file, uint64_t line)
{
    xgrow((void **)&s->t, &s->cap_t, s->nt + 1, sizeof *s->t);
    struct td_thread *t = &s->t[s->nt++];
    memset(t, 0, sizeof *t);
    t->java_id = -1;
    t->os_tid = -1;
    t->prio = t->os_prio = -1;
    t->cpu_ms = t->elapsed_s = -1;
    t->carrying_vthread = -1;
    t->dump = (int)s->nd - 1;
    t->file = intern_str(&s->in, file, strlen(file));
    t->line = line;
    if (s->nd > 0)
        s->d[s->nd - 1].n++;
    return t;
}

static char *scratch(struct td_set *s, size_t need)
{
    if (need > s->scratch_cap)
        xgrow((void **)&s->scratch, &s->scratch_cap, need, 1);
    return s->scratch;
}

static bool is_hex(char c)
{
    return isxdigit((unsigned char)c) != 0;
}

/*
 * Method name without the parts that differ between runs or formats: the
 * hidden-class suffix of lambdas ("Foo$$Lambda$2/0x00007f...run" and
 * "Foo$$Lambda/0x...run" both become "Foo$$Lambda.run") and a module prefix
 * ("java.base/java.lang.Thread.sleep" -> "java.lang.Thread.sleep").
 */
static size_t norm_method(const char *m, size_t n, char *out)
{
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        if (n - i >= 8 && memcmp(m + i, "$$Lambda", 8) == 0) {
            memcpy(out + o, "$$Lambda", 8);
            o += 8;
            i += 8;
            size_t j = i;
            if (j < n && m[j] == '$') {
                j++;
                while (j < n && isdigit((unsigned char)m[j]))
                    j++;
            }
            if (j < n && m[j] == '/') {
                j++;
                while (j < n && (is_hex(m[j]) || m[j] == 'x'))
                    j++;
            }
            if (j < n && m[j] == '.')
                i = j;
            continue;
        }
        out[o++] = m[i++];
    }
    /* module prefix: everything up to the last '/' (lambda slashes are gone) */
    size_t start = 0;
    for (size_t i = 0; i < o; i++)
        if (out[i] == '/')
            start = i + 1;
    if (start)
        memmove(out, out + start, o - start);
    return o - start;
}

void td_add_frame(struct td_set *s, struct td_thread *t, const char *text, size_t len)
{
    while (len && (text[len - 1] == ' ' || text[len - 1] == '\t'))
        len--;
    const char *paren = memchr(text, '(', len);
    size_t mlen = paren ? (size_t)(paren - text) : len;
    char *buf = scratch(s, mlen + 1);
    size_t nm = norm_method(text, mlen, buf);
    const char *method = intern_str(&s->in, buf, nm);
    const char *loc = intern_str(&s->in, "", 0);
    if (paren) {
        const char *l = paren + 1;
        size_t ln = len - mlen - 1;
        if (ln && l[ln - 1] == ')')
            ln--;
        const char *slash = NULL;
        for (size_t i = 0; i < ln; i++)
            if (l[i] == '/')
                slash = l + i;
        if (slash) {
            ln -= (size_t)(slash + 1 - l);
            l = slash + 1;
        }
        loc = intern_str(&s->in, l, ln);
    }
    xgrow((void **)&t->frames, &t->cap_frames, (size_t)t->nframes + 1, sizeof *t->frames);
    t->frames[t->nframes].method = method;
    t->frames[t->nframes].loc = loc;
    t->nframes++;
}

void td_add_lock(struct td_set *s, struct td_thread *t, enum td_rel rel, const char *id,
                 size_t idlen, const char *cls, size_t clslen)
{
    xgrow((void **)&t->locks, &t->cap_locks, (size_t)t->nlocks + 1, sizeof *t->locks);
    struct td_lock *l = &t->locks[t->nlocks++];
    l->rel = rel;
    l->id = id ? intern_str(&s->in, id, idlen) : NULL;
    l->cls = cls ? intern_str(&s->in, cls, clslen) : NULL;
    l->frame = t->nframes - 1;
    l->owner_name = NULL;
    l->owner_id = -1;
}

void td_lock_owner(struct td_set *s, struct td_thread *t, const char *name, size_t len,
                   int64_t java_id)
{
    if (!t->nlocks)
        return;
    struct td_lock *l = &t->locks[t->nlocks - 1];
    l->owner_name = name ? intern_str(&s->in, name, len) : NULL;
    l->owner_id = java_id;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdULL;
}

void td_finish_dump(struct td_set *s, struct td_dump *d)
{
    char pool[512];
    for (size_t i = d->first; i < d->first + d->n; i++) {
        struct td_thread *t = &s->t[i];
        if (!t->state && t->carrying_vthread >= 0) {
            t->state = intern_str(&s->in, "RUNNABLE", 8);
            t->state_detail = intern_str(&s->in, "carrying a virtual thread", 25);
        }
        if (!t->state)
            t->state = s->s_vm_internal;
        uint64_t h = 1469598103934665603ULL;
        for (int f = 0; f < t->nframes; f++) {
            h = mix(h, (uint64_t)(uintptr_t)t->frames[f].method);
            h = mix(h, (uint64_t)(uintptr_t)t->frames[f].loc);
        }
        t->stack_hash = h;
        for (int k = 0; k < t->nlocks; k++) {
            if (t->locks[k].rel == TD_OWNABLE)
                continue; /* the ownable section is not part of the stack trace */
            h = mix(h, (uint64_t)t->locks[k].rel + 1);
            h = mix(h, (uint64_t)(uintptr_t)t->locks[k].id);
            h = mix(h, (uint64_t)(int64_t)t->locks[k].frame);
        }
        t->stack_lock_hash = h;
        size_t pn = td_pool_name(t->name, pool, sizeof pool);
        t->pool = intern_str(&s->in, pool, pn);
    }
}

size_t td_pool_name(const char *name, char *out, size_t cap)
{
    size_t n = strlen(name);
    if (cap == 0)
        return 0;
    size_t end = n;
    /* trailing hex id of 8+ characters after a separator, e.g. "worker-3fa9c0d1" */
    size_t k = n;
    bool digit = false;
    while (k > 0 && is_hex(name[k - 1])) {
        if (isdigit((unsigned char)name[k - 1]))
            digit = true;
        k--;
    }
    if (n - k >= 8 && digit && k > 0 && strchr("-_#:@ .", name[k - 1])) {
        end = k;
    } else {
        /* trailing decimal id */
        size_t j = n;
        while (j > 0 && isdigit((unsigned char)name[j - 1]))
            j--;
        if (j < n && j > 0)
            end = j;
    }
    size_t o = end < cap - 2 ? end : cap - 2;
    memcpy(out, name, o);
    if (end < n)
        out[o++] = '*';
    out[o] = '\0';
    return o;
}

/* ---------------------------------------------------------------- text parser */

struct td_text *td_text_new(struct td_set *s, const char *file)
{
    struct td_text *p = xcalloc(1, sizeof *p);
    p->s = s;
    p->file = file;
    p->cur = -1;
    p->pending_pid = -1;
    p->dl_cur = -1;
    p->dialect = TD_HOTSPOT;
    return p;
}

static void close_dump(struct td_text *p)
{
    if (p->dump_open)
        td_finish_dump(p->s, &p->s->d[p->s->nd - 1]);
    p->dump_open = false;
    p->dump_has_header = false;
    p->cur = -1;
    p->dialect = TD_HOTSPOT;
    p->nids = 0;
    if (p->ids)
        memset(p->ids, 0xff, p->cap_ids * sizeof *p->ids);
}

/* Open-addressing set of java ids (-1 = empty slot); true if id was already in it. */
static bool ids_seen(struct td_text *p, int64_t id)
{
    if ((p->nids + 1) * 2 > p->cap_ids) {
        size_t oc = p->cap_ids, nc = oc ? oc * 2 : 256;
        int64_t *old = p->ids;
        p->ids = xmalloc(nc * sizeof *p->ids);
        memset(p->ids, 0xff, nc * sizeof *p->ids);
        p->cap_ids = nc;
        for (size_t i = 0; i < oc; i++)
            if (old[i] >= 0) {
                size_t k = (size_t)((uint64_t)old[i] * 0x9E3779B97F4A7C15ull >> 20) & (nc - 1);
                while (p->ids[k] >= 0)
                    k = (k + 1) & (nc - 1);
                p->ids[k] = old[i];
            }
        free(old);
    }
    size_t k = (size_t)((uint64_t)id * 0x9E3779B97F4A7C15ull >> 20) & (p->cap_ids - 1);
    while (p->ids[k] >= 0) {
        if (p->ids[k] == id)
            return true;
        k = (k + 1) & (p->cap_ids - 1);
    }
    p->ids[k] = id;
    p->nids++;
    return false;
}

struct td_thread *tdx_new_thread(struct td_text *p, uint64_t lineno, const char *format,
                                 int64_t java_id)
{
    if (p->dump_open && !p->dump_has_header && java_id >= 0 && ids_seen(p, java_id)) {
        tdx_open_dump(p, lineno, format);
        ids_seen(p, java_id);
    } else if (!p->dump_open) {
        tdx_open_dump(p, lineno, format);
        if (java_id >= 0)
            ids_seen(p, java_id);
    }
    struct td_thread *t = td_new_thread(p->s, p->file, lineno);
    p->cur = (long)(t - p->s->t);
    t->java_id = java_id;
    return t;
}

size_t tdx_name_end(const char *l, size_t n, const char *const *markers)
{
    if (n < 2 || l[0] != '"')
        return 0;
    for (size_t i = 1; i < n; i++) {
        if (l[i] != '"')
            continue;
        for (const char *const *m = markers; *m; m++)
            if (mem_starts(l + i + 1, n - i - 1, *m))
                return i;
    }
    return 0;
}

struct td_dump *tdx_open_dump(struct td_text *p, uint64_t lineno, const char *format)
{
    close_dump(p);
    struct td_dump *d = td_new_dump(p->s, p->file, lineno, format);
    d->timestamp = p->pending_ts;
    d->pid = p->pending_pid;
    p->pending_ts = NULL;
    p->pending_pid = -1;
    p->dump_open = true;
    return d;
}

struct td_dump *tdx_cur_dump(struct td_text *p)
{
    return p->dump_open ? &p->s->d[p->s->nd - 1] : NULL;
}

void tdx_bad(struct td_text *p, const char *reason, uint64_t lineno, const char *l, size_t n)
{
    diag_add(&p->s->diag, reason, p->file, lineno, l, n);
}

void tdx_skip_ws(const char **l, size_t *n)
{
    while (*n && (**l == ' ' || **l == '\t')) {
        (*l)++;
        (*n)--;
    }
}

bool tdx_eat(const char **l, size_t *n, const char *prefix)
{
    if (!mem_starts(*l, *n, prefix))
        return false;
    size_t k = strlen(prefix);
    *l += k;
    *n -= k;
    return true;
}

/* Parse a non-negative integer of a bounded number of digits; hex when hex. */
bool tdx_parse_u(const char *l, size_t n, bool hex, int64_t *out)
{
    if (n == 0 || n > (hex ? 15u : 18u))
        return false;
    int64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        int c = (unsigned char)l[i], d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (hex && c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (hex && c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else
            return false;
        v = v * (hex ? 16 : 10) + d;
    }
    *out = v;
    return true;
}

/* "215.15ms", "1.37s", "12us" -> milliseconds; false if malformed. */
static bool parse_ms(const char *v, size_t n, double *out_ms)
{
    char buf[48];
    if (n == 0 || n >= sizeof buf)
        return false;
    memcpy(buf, v, n);
    buf[n] = '\0';
    char *end;
    errno = 0;
    double x = strtod(buf, &end);
    if (errno || end == buf || x < 0 || x != x)
        return false;
    if (strcmp(end, "ms") == 0)
        *out_ms = x;
    else if (strcmp(end, "s") == 0)
        *out_ms = x * 1000.0;
    else if (strcmp(end, "us") == 0)
        *out_ms = x / 1000.0;
    else if (strcmp(end, "ns") == 0)
        *out_ms = x / 1e6;
    else
        return false;
    return true;
}

/* A jstack header line: '"name" #N [tid] daemon prio=5 os_prio=0 cpu=.. tid=.. nid=.. state [0x..]'. */
static bool parse_header(struct td_text *p, const char *l, size_t n, uint64_t lineno)
{
    if (n < 2 || l[0] != '"')
        return false;
    size_t q = 0;
    for (size_t i = n; i-- > 1;)
        if (l[i] == '"') {
            q = i;
            break;
        }
    if (q == 0)
        return false;
    const char *r = l + q + 1;
    size_t rn = n - q - 1;
    /* a header has key tokens; '"dl-a":' in the deadlock report has none */
    if (!mem_find(r, rn, "tid=") && !mem_find(r, rn, "nid=") && !mem_find(r, rn, "prio=") &&
        !mem_find(r, rn, " #"))
        return false;
    struct td_set *s = p->s;
    if (!p->dump_open)
        tdx_open_dump(p, lineno, "jstack");
    struct td_thread *t = td_new_thread(s, p->file, lineno);
    p->cur = (long)(t - s->t);
    t->name = intern_str(&s->in, l + 1, q - 1);
    char hs[256];
    size_t hsn = 0;
    bool any_key = false;
    while (rn) {
        tdx_skip_ws(&r, &rn);
        if (!rn)
            break;
        size_t k = 0;
        while (k < rn && r[k] != ' ' && r[k] != '\t')
            k++;
        const char *tok = r;
        r += k;
        rn -= k;
        const char *eq = memchr(tok, '=', k);
        int64_t v;
        if (tok[0] == '#' && tdx_parse_u(tok + 1, k - 1, false, &v)) {
            t->java_id = v;
            any_key = true;
        } else if (tok[0] == '[' && k > 2 && tok[k - 1] == ']' && !mem_starts(tok, k, "[0x")) {
            if (tdx_parse_u(tok + 1, k - 2, false, &v))
                t->os_tid = v;
        } else if (tok[0] == '[' && mem_starts(tok, k, "[0x")) {
            /* last known Java SP: ignored */
        } else if (k == 6 && memcmp(tok, "daemon", 6) == 0) {
            t->daemon = true;
        } else if (k == 7 && memcmp(tok, "virtual", 7) == 0) {
            t->is_virtual = true;
        } else if (eq) {
            size_t kl = (size_t)(eq - tok);
            const char *val = eq + 1;
            size_t vl = k - kl - 1;
            any_key = true;
            if (kl == 4 && memcmp(tok, "prio", 4) == 0) {
                if (tdx_parse_u(val, vl, false, &v))
                    t->prio = (int)v;
            } else if (kl == 7 && memcmp(tok, "os_prio", 7) == 0) {
                if (tdx_parse_u(val, vl, false, &v))
                    t->os_prio = (int)v;
                else if (vl > 1 && val[0] == '-' && tdx_parse_u(val + 1, vl - 1, false, &v))
                    t->os_prio = (int)-v;
            } else if (kl == 3 && memcmp(tok, "cpu", 3) == 0) {
                parse_ms(val, vl, &t->cpu_ms);
            } else if (kl == 7 && memcmp(tok, "elapsed", 7) == 0) {
                double ms;
                if (parse_ms(val, vl, &ms))
                    t->elapsed_s = ms / 1000.0;
            } else if (kl == 3 && memcmp(tok, "nid", 3) == 0) {
                t->nid_text = intern_str(&s->in, val, vl);
                bool hex = vl > 2 && val[0] == '0' && (val[1] == 'x' || val[1] == 'X');
                if (tdx_parse_u(hex ? val + 2 : val, hex ? vl - 2 : vl, hex, &v) && t->os_tid < 0)
                    t->os_tid = v;
            }
            /* tid=, allocated=, defined_classes= and future keys: accepted, not needed */
        } else {
            if (hsn + k + 2 < sizeof hs) {
                if (hsn)
                    hs[hsn++] = ' ';
                memcpy(hs + hsn, tok, k);
                hsn += k;
            }
        }
    }
    (void)any_key;
    if (hsn)
        t->header_state = intern_str(&s->in, hs, hsn);
    p->st = TS_THREAD;
    return true;
}

/* dump_to_file text: '#3 "main" [virtual] TIMED_WAITING 2026-11-30T05:46:44.9Z' */
static bool parse_tdf_header(struct td_text *p, const char *l, size_t n, uint64_t lineno)
{
    size_t i = 1;
    while (i < n && isdigit((unsigned char)l[i]))
        i++;
    if (i == 1 || i + 1 >= n || l[i] != ' ' || l[i + 1] != '"')
        return false;
    int64_t id;
    if (!tdx_parse_u(l + 1, i - 1, false, &id))
        return false;
    size_t q = 0;
    for (size_t k = n; k-- > i + 2;)
        if (l[k] == '"') {
            q = k;
            break;
        }
    if (q == 0)
        return false;
    struct td_set *s = p->s;
    if (!p->dump_open)
        tdx_open_dump(p, lineno, "thread-dump-text");
    struct td_thread *t = td_new_thread(s, p->file, lineno);
    p->cur = (long)(t - s->t);
    t->java_id = id;
    t->name = intern_str(&s->in, l + i + 2, q - i - 2);
    const char *r = l + q + 1;
    size_t rn = n - q - 1;
    while (rn) {
        tdx_skip_ws(&r, &rn);
        size_t k = 0;
        while (k < rn && r[k] != ' ')
            k++;
        if (k == 7 && memcmp(r, "virtual", 7) == 0)
            t->is_virtual = true;
        else if (k > 0 && isupper((unsigned char)r[0]) && !t->state)
            t->state = intern_str(&s->in, r, k);
        r += k;
        rn -= k;
    }
    p->st = TS_THREAD;
    return true;
}

/* "<0x...> (a cls)" or "<Class@hash>" after a lock verb. */
bool tdx_lock_ref(struct td_text *p, struct td_thread *t, enum td_rel rel, const char *l, size_t n)
{
    tdx_skip_ws(&l, &n);
    if (!n || l[0] != '<')
        return false;
    const char *gt = memchr(l, '>', n);
    if (!gt)
        return false;
    const char *id = l + 1;
    size_t idn = (size_t)(gt - id);
    const char *cls = NULL;
    size_t clsn = 0;
    const char *r = gt + 1;
    size_t rn = n - (size_t)(r - l);
    tdx_skip_ws(&r, &rn);
    /* VisualVM / Spring Boot: '... (a cls) owned by "name" t@12' names the owner */
    const char *owner = NULL;
    size_t ownern = 0;
    int64_t owner_id = -1;
    const char *ob = mem_find(r, rn, ") owned by \"");
    if (ob) {
        const char *o = ob + 12;
        size_t on = rn - (size_t)(o - r);
        const char *tq = NULL; /* the '"' before the last " t@" */
        for (size_t i = on; i-- > 0;)
            if (o[i] == '"' && mem_starts(o + i + 1, on - i - 1, " t@")) {
                tq = o + i;
                break;
            }
        if (!tq || !tdx_parse_u(tq + 4, on - (size_t)(tq + 4 - o), false, &owner_id))
            return false;
        owner = o;
        ownern = (size_t)(tq - o);
        rn = (size_t)(ob + 1 - r);
    }
    if (tdx_eat(&r, &rn, "(a ")) {
        cls = r;
        clsn = rn && r[rn - 1] == ')' ? rn - 1 : rn;
    } else if (rn) {
        return false;
    }
    bool all_hex = idn > 0 && idn <= 16;
    for (size_t i = 0; i < idn && all_hex; i++)
        all_hex = isxdigit((unsigned char)id[i]) != 0;
    if (mem_starts(id, idn, "0x")) {
        /* address */
    } else if (all_hex && cls) {
        /* VisualVM / Spring Boot: identity hash in hex without 0x */
    } else if (memchr(id, '@', idn)) {
        /* dump_to_file identity "Class@hash": the class is before the '@' */
        const char *at = id + idn;
        while (at > id && at[-1] != '@')
            at--;
        if (!cls) {
            cls = id;
            clsn = (size_t)(at - 1 - id);
        }
    } else {
        id = NULL; /* "no object reference available", "owner is scalar replaced" */
    }
    /* VisualVM prints a parked j.u.c waiter with an owner as "waiting to lock" */
    if (rel == TD_WAIT_LOCK && owner && t->state && strstr(t->state, "WAITING"))
        rel = TD_PARK;
    td_add_lock(p->s, t, rel, id, idn, cls, clsn);
    if (owner)
        td_lock_owner(p->s, t, owner, ownern, owner_id);
    return true;
}

static bool parse_lock_line(struct td_text *p, const char *l, size_t n)
{
    struct td_thread *t = &p->s->t[p->cur];
    if (p->st == TS_OWNABLE) {
        if (n == 4 && memcmp(l, "None", 4) == 0)
            return true;
        /* VisualVM "- locked <h> (a cls)", Spring Boot "- Locked <h> (a cls)" */
        if (!tdx_eat(&l, &n, "locked "))
            tdx_eat(&l, &n, "Locked ");
        return tdx_lock_ref(p, t, TD_OWNABLE, l, n);
    }
    static const struct {
        const char *verb;
        enum td_rel rel;
    } verbs[] = {
        {"locked", TD_LOCKED},
        {"waiting to lock", TD_WAIT_LOCK},
        {"waiting to re-lock in wait()", TD_RELOCK},
        {"waiting on", TD_WAIT_ON},
        {"parking to wait for", TD_PARK},
        {"eliminated", TD_ELIMINATED},
    };
    for (size_t i = 0; i < ARRAY_LEN(verbs); i++) {
        const char *r = l;
        size_t rn = n;
        if (tdx_eat(&r, &rn, verbs[i].verb) && rn && (r[0] == ' ' || r[0] == '\t'))
            return tdx_lock_ref(p, t, verbs[i].rel, r, rn);
    }
    return false;
}

static bool all_digits(const char *l, size_t n)
{
    if (!n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)l[i]))
            return false;
    return true;
}

/* "2026-11-30 05:46:08" */
static bool is_timestamp(const char *l, size_t n)
{
    static const char pat[] = "dddd-dd-dd dd:dd:dd";
    if (n != sizeof pat - 1)
        return false;
    for (size_t i = 0; i < n; i++)
        if (pat[i] == 'd' ? !isdigit((unsigned char)l[i]) : l[i] != pat[i])
            return false;
    return true;
}

/* "2026-11-30T05:46:44.919674314Z" (dump_to_file preamble) */
static bool is_iso(const char *l, size_t n)
{
    return n >= 20 && n < 40 && isdigit((unsigned char)l[0]) && l[4] == '-' && l[10] == 'T' &&
           l[n - 1] == 'Z';
}

/* "25.0.3+9-LTS" / "21.0.2+13" (dump_to_file preamble) */
static bool is_version(const char *l, size_t n)
{
    if (!n || !isdigit((unsigned char)l[0]) || n > 64)
        return false;
    for (size_t i = 0; i < n; i++)
        if (l[i] == ' ')
            return false;
    return memchr(l, '.', n) || memchr(l, '+', n);
}

static void deadlock_line(struct td_text *p, const char *l, size_t n, uint64_t lineno)
{
    struct td_set *s = p->s;
    struct td_dump *d = tdx_cur_dump(p);
    if (mem_starts(l, n, "=====") || (n == 0))
        return;
    if (mem_starts(l, n, "Java stack information for the threads listed above")) {
        p->dl_stack_info = true;
        return;
    }
    if (p->dl_stack_info) {
        if (mem_starts(l, n, "at ") || mem_starts(l, n, "- ") ||
            (n > 2 && l[0] == '"' && l[n - 1] == ':'))
            return;
        tdx_bad(p, "unknown line in deadlock report", lineno, l, n);
        return;
    }
    if (n > 2 && l[0] == '"' && l[n - 1] == ':' && l[n - 2] == '"') {
        if (!d)
            return;
        xgrow((void **)&d->dl, &d->cap_dl, d->ndl + 1, sizeof *d->dl);
        struct td_jvm_dl *e = &d->dl[d->ndl];
        memset(e, 0, sizeof *e);
        e->thread = intern_str(&s->in, l + 1, n - 3);
        p->dl_cur = (long)d->ndl++;
        return;
    }
    struct td_jvm_dl *e = (d && p->dl_cur >= 0) ? &d->dl[p->dl_cur] : NULL;
    const char *r = l;
    size_t rn = n;
    if (tdx_eat(&r, &rn, "waiting to lock monitor ") || tdx_eat(&r, &rn, "waiting to lock Monitor@")) {
        /* "... (object 0x000000069ed43e40, a com.example.DeadlockLock)," */
        const char *o = mem_find(r, rn, "(object ");
        if (o && e) {
            o += 8;
            size_t on = n - (size_t)(o - l);
            const char *comma = memchr(o, ',', on);
            if (comma) {
                e->lock_id = intern_str(&s->in, o, (size_t)(comma - o));
                const char *c = mem_find(comma, on - (size_t)(comma - o), "a ");
                if (c) {
                    c += 2;
                    const char *cend = memchr(c, ')', n - (size_t)(c - l));
                    if (cend)
                        e->cls = intern_str(&s->in, c, (size_t)(cend - c));
                }
            }
        }
        return;
    }
    if (tdx_eat(&r, &rn, "waiting for ownable synchronizer ")) {
        const char *comma = memchr(r, ',', rn);
        if (e && comma) {
            e->ownable = true;
            e->lock_id = intern_str(&s->in, r, (size_t)(comma - r));
            const char *c = mem_find(comma, rn - (size_t)(comma - r), "(a ");
            if (c) {
                c += 3;
                const char *cend = memchr(c, ')', n - (size_t)(c - l));
                if (cend)
                    e->cls = intern_str(&s->in, c, (size_t)(cend - c));
            }
        }
        return;
    }
    const char *h = mem_find(l, n, "which is held by ");
    if (h) {
        h += 17;
        size_t hn = n - (size_t)(h - l);
        if (e && hn > 2 && h[0] == '"') {
            const char *q = h + hn;
            while (q > h + 1 && q[-1] != '"')
                q--;
            if (q > h + 1)
                e->held_by = intern_str(&s->in, h + 1, (size_t)(q - 1 - h - 1));
        }
        return;
    }
    if (mem_starts(l, n, "waiting to lock") || mem_starts(l, n, "waiting for"))
        return; /* other owner forms (virtual thread, JNI): no address to join on */
    tdx_bad(p, "unknown line in deadlock report", lineno, l, n);
}

void td_text_line(struct td_text *p, const char *line, size_t len, uint64_t lineno)
{
    struct td_set *s = p->s;
    const char *l = line;
    size_t n = len;
    bool indented = n && (l[0] == ' ' || l[0] == '\t');
    tdx_skip_ws(&l, &n);
    while (n && (l[n - 1] == ' ' || l[n - 1] == '\t'))
        n--;
    if (n == 0)
        return; /* blank lines separate sections; they carry nothing */

    /* a class histogram appended to the dump (jcmd GC.class_histogram >> dump.txt) */
    if ((p->st == TS_HISTO || l[0] == 'n') && td_histo_line(p, l, n, lineno))
        return;
    if (p->st == TS_HISTO)
        p->st = TS_OUT;
    /* JRockit's dump frame and its lock-chain summary */
    if ((l[0] == '=' || p->st == TS_JR_CHAINS || p->jr_header || p->dialect == TD_JROCKIT) &&
        td_jr_frame_line(p, l, n, lineno))
        return;

    if (p->st == TS_HEAP) {
        if (indented)
            return; /* Heap summary body after a kill -3 dump */
        p->st = TS_OUT;
    }
    if (p->st == TS_SMR) {
        if (l[0] == '}') {
            p->st = TS_OUT;
            return;
        }
        if (l[0] == '_' || mem_starts(l, n, "0x") || l[0] == '{')
            return;
        p->st = TS_OUT;
    }

    /* lines that mean the same in every state */
    if (l[0] == '"' && (td_vvm_header(p, l, n, lineno) || td_jr_header(p, l, n, lineno) ||
                        td_mx_header(p, l, n, lineno)))
        return;
    if (l[0] == '"' && parse_header(p, l, n, lineno)) {
        p->dialect = TD_HOTSPOT;
        return;
    }
    if (l[0] == '#' && !indented && parse_tdf_header(p, l, n, lineno))
        return;
    if (mem_starts(l, n, "Full Java thread dump")) {
        /* the JDK demo ThreadMonitor's preamble: its threads follow */
        tdx_open_dump(p, lineno, "threadmonitor");
        p->dump_has_header = true;
        p->st = TS_OUT;
        return;
    }
    if (mem_starts(l, n, "Full thread dump")) {
        struct td_dump *d = tdx_cur_dump(p);
        if (!d || d->n > 0 || p->dump_has_header)
            d = tdx_open_dump(p, lineno, "jstack");
        d->vm = intern_str(&s->in, l + 16 + (n > 16 && l[16] == ' '),
                           n - 16 - (n > 16 && l[16] == ' ') - (l[n - 1] == ':'));
        p->dump_has_header = true;
        p->st = TS_OUT;
        return;
    }
    if (is_timestamp(l, n)) {
        p->pending_ts = intern_str(&s->in, l, n);
        p->st = TS_OUT;
        return;
    }
    if (!indented && n > 1 && l[n - 1] == ':' && all_digits(l, n - 1)) {
        int64_t pid;
        if (tdx_parse_u(l, n - 1, false, &pid))
            p->pending_pid = pid; /* jcmd prints "PID:" first */
        p->st = TS_OUT;
        return;
    }
    if (mem_starts(l, n, "Threads class SMR info:")) {
        p->st = TS_SMR;
        return;
    }
    if (mem_starts(l, n, "JNI global refs:") || mem_starts(l, n, "JNI global references:")) {
        struct td_dump *d = tdx_cur_dump(p);
        size_t at = (size_t)((const char *)memchr(l, ':', n) - l) + 1, k = 0;
        int64_t v = 0;
        while (at < n && l[at] == ' ')
            at++;
        while (at + k < n && isdigit((unsigned char)l[at + k]))
            k++;
        if (d && tdx_parse_u(l + at, k, false, &v))
            d->jni_global_refs = (int)v;
        p->cur = -1;
        p->st = TS_OUT;
        return;
    }
    if (mem_starts(l, n, "Found one Java-level deadlock")) {
        struct td_dump *d = tdx_cur_dump(p);
        p->cur = -1;
        p->st = TS_DEADLOCK;
        p->dl_cur = -1;
        p->dl_stack_info = false;
        if (d && d->jvm_deadlocks < 0)
            d->jvm_deadlocks = 0;
        return;
    }
    if (mem_starts(l, n, "Found ") && (mem_find(l, n, " deadlock") || mem_find(l, n, "No deadlocks"))) {
        struct td_dump *d = tdx_cur_dump(p);
        int64_t v = 0;
        size_t k = 0;
        while (6 + k < n && isdigit((unsigned char)l[6 + k]))
            k++;
        if (d) {
            if (tdx_parse_u(l + 6, k, false, &v))
                d->jvm_deadlocks = (int)v;
            else if (mem_starts(l, n, "Found one"))
                d->jvm_deadlocks = 1;
        }
        p->st = TS_OUT;
        return;
    }
    if (n == 4 && memcmp(l, "Heap", 4) == 0 && !indented) {
        p->cur = -1;
        p->st = TS_HEAP;
        return;
    }
    if (p->st == TS_DEADLOCK) {
        deadlock_line(p, l, n, lineno);
        return;
    }

    if (p->cur >= 0 && (p->dialect == TD_THREADINFO || p->dialect == TD_MONITOR) &&
        td_mx_line(p, l, n, lineno))
        return;
    if (p->cur >= 0 && p->dialect == TD_JROCKIT && td_jr_line(p, l, n, lineno))
        return;
    if (p->cur >= 0 && p->dialect == TD_VISUALVM && mem_starts(l, n, "JNI locked monitors:"))
        return; /* the "- locked" lines after it are monitors a JNI frame holds */
    if (p->cur >= 0) {
        struct td_thread *t = &s->t[p->cur];
        const char *r = l;
        size_t rn = n;
        if (tdx_eat(&r, &rn, "at ")) {
            if (p->st == TS_OWNABLE)
                p->st = TS_THREAD;
            td_add_frame(s, t, r, rn);
            return;
        }
        if (tdx_eat(&r, &rn, "- ")) {
            if (parse_lock_line(p, r, rn))
                return;
            tdx_bad(p, "unknown lock line", lineno, line, len);
            return;
        }
        if (tdx_eat(&r, &rn, "java.lang.Thread.State: ")) {
            size_t k = 0;
            while (k < rn && r[k] != ' ')
                k++;
            t->state = intern_str(&s->in, r, k);
            const char *o = memchr(r, '(', rn);
            if (o) {
                const char *c = memchr(o, ')', rn - (size_t)(o - r));
                size_t dn = c ? (size_t)(c - o - 1) : rn - (size_t)(o - r) - 1;
                t->state_detail = intern_str(&s->in, o + 1, dn);
            }
            return;
        }
        if (mem_starts(l, n, "Locked ownable synchronizers:")) {
            p->st = TS_OWNABLE;
            return;
        }
        if (tdx_eat(&r, &rn, "Carrying virtual thread #")) {
            int64_t v;
            size_t k = 0;
            while (k < rn && isdigit((unsigned char)r[k]))
                k++;
            if (tdx_parse_u(r, k, false, &v))
                t->carrying_vthread = v;
            return;
        }
        if (tdx_eat(&r, &rn, "Mounted virtual thread #")) {
            /*
             * JDK 21+ jstack: a carrier prints its own frames, then the frames of the
             * virtual thread it runs. That virtual thread becomes a thread of its own
             * (name unknown to jstack: "virtual#N"), RUNNABLE, mounted on the carrier.
             */
            int64_t v;
            size_t k = 0;
            while (k < rn && isdigit((unsigned char)r[k]))
                k++;
            if (!tdx_parse_u(r, k, false, &v)) {
                tdx_bad(p, "bad mounted virtual thread line", lineno, line, len);
                return;
            }
            const char *carrier = t->name;
            if (!t->state) {
                t->state = intern_str(&s->in, "RUNNABLE", 8);
                t->state_detail = intern_str(&s->in, "carrying a virtual thread", 25);
            }
            struct td_thread *vt = td_new_thread(s, p->file, lineno); /* may move s->t */
            p->cur = (long)(vt - s->t);
            char nm[40];
            int nl = snprintf(nm, sizeof nm, "virtual#%lld", (long long)v);
            vt->name = intern_str(&s->in, nm, (size_t)nl);
            vt->java_id = v;
            vt->is_virtual = true;
            vt->daemon = true;
            vt->state = intern_str(&s->in, "RUNNABLE", 8);
            char *det = xasprintf("mounted on %s", carrier);
            vt->state_detail = intern_str(&s->in, det, strlen(det));
            free(det);
            p->st = TS_THREAD;
            return;
        }
        if (mem_starts(l, n, "No compile task") || mem_starts(l, n, "Compiling:"))
            return;
        /* dump_to_file text frames have no "at " in some JDK builds: not guessed */
    }
    if (p->st == TS_OUT && !p->dump_open) {
        /* dump_to_file preamble: pid, ISO time, runtime version */
        if (all_digits(l, n) && !indented) {
            struct td_dump *d = tdx_open_dump(p, lineno, "thread-dump-text");
            int64_t pid;
            if (tdx_parse_u(l, n, false, &pid))
                d->pid = pid;
            return;
        }
    }
    if (p->dump_open && tdx_cur_dump(p)->n == 0 && !indented) {
        struct td_dump *d = tdx_cur_dump(p);
        if (is_iso(l, n) && !d->timestamp) {
            d->timestamp = intern_str(&s->in, l, n);
            return;
        }
        if (is_version(l, n) && !d->vm) {
            d->vm = intern_str(&s->in, l, n);
            return;
        }
    }
    tdx_bad(p, p->cur >= 0 ? "unknown line in thread" : "unknown line", lineno, line, len);
}

void td_text_end(struct td_text *p)
{
    td_histo_line(p, NULL, 0, 0); /* flush a histogram block at the end of input */
    close_dump(p);
    free(p->ids);
    free(p);
}

/* ---------------------------------------------------------------- entry points */

static bool looks_json(const char *l, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (l[i] == ' ' || l[i] == '\t' || l[i] == '\r')
            continue;
        return l[i] == '{';
    }
    return false;
}

void td_parse_mem(struct td_set *s, const char *name, const char *data, size_t len)
{
    size_t i = 0;
    while (i < len && (data[i] == ' ' || data[i] == '\n' || data[i] == '\r' || data[i] == '\t'))
        i++;
    if (i < len && data[i] == '{') {
        for (size_t k = 0; k < len; k++)
            s->diag.lines_read += data[k] == '\n';
        td_json_parse(s, name, data, len);
        return;
    }
    struct reader r;
    reader_init_mem(&r, name, data, len);
    reader_set_diag(&r, &s->diag);
    struct td_text *p = td_text_new(s, name);
    const char *line;
    size_t n;
    while (reader_next(&r, &line, &n) == 1) {
        s->diag.lines_read++;
        td_text_line(p, line, n, r.lineno);
    }
    td_text_end(p);
    reader_close(&r);
}

int td_parse_file(struct td_set *s, const char *path, bool quiet)
{
    struct reader r;
    if (reader_open(&r, path) != 0) {
        if (!quiet)
            warnx("cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    reader_set_diag(&r, &s->diag);
    const char *line;
    size_t n;
    int rc = reader_next(&r, &line, &n);
    /* skip leading blank lines to sniff the format */
    char *json = NULL;
    size_t jn = 0, jcap = 0;
    struct td_text *p = NULL;
    bool is_json = false, decided = false;
    while (rc == 1) {
        s->diag.lines_read++;
        if (!decided) {
            size_t k = 0;
            while (k < n && (line[k] == ' ' || line[k] == '\t'))
                k++;
            if (k < n) {
                decided = true;
                is_json = looks_json(line, n);
                if (!is_json)
                    p = td_text_new(s, r.name);
            }
        }
        if (decided && is_json) {
            xgrow((void **)&json, &jcap, jn + n + 2, 1);
            memcpy(json + jn, line, n);
            jn += n;
            json[jn++] = '\n';
        } else if (p) {
            td_text_line(p, line, n, r.lineno);
        }
        rc = reader_next(&r, &line, &n);
    }
    if (p)
        td_text_end(p);
    if (is_json)
        td_json_parse(s, r.name, json ? json : "", jn);
    free(json);
    if (rc < 0) {
        if (!quiet)
            warnx("%s: %s", path, reader_strerror(&r));
        reader_close(&r);
        return -1;
    }
    reader_close(&r);
    return 0;
}

size_t td_sniff(const char *buf, size_t len)
{
    size_t pos = 0, nonblank = 0;
    const char *s;
    size_t n;
    bool json = false, decided = false;
    while (mem_next_line(buf, len, &pos, &s, &n)) {
        if (mem_blank(s, n))
            continue;
        nonblank++;
        if (!decided) {
            decided = true;
            json = looks_json(s, n);
        }
    }
    if (json) {
        /* a JSON dump is one document, cut by the end of the sample: it is
           one if its top object holds "threadDump" (jcmd Thread.dump_to_file) */
        const char *k = mem_find(buf, len, "\"threadDump\"");
        if (!k)
            return 0;
        k += 12;
        while (k < buf + len && (*k == ' ' || *k == '\t' || *k == '\n' || *k == '\r'))
            k++;
        return k < buf + len && *k == ':' ? nonblank : 0;
    }
    struct td_set set;
    td_set_init(&set);
    struct td_text *p = td_text_new(&set, "sample");
    uint64_t lineno = 0;
    pos = 0;
    while (mem_next_line(buf, len, &pos, &s, &n))
        td_text_line(p, s, n, ++lineno);
    td_text_end(p);
    uint64_t unparsed = set.diag.total;
    bool found = set.nt > 0 || set.nd > 0; /* a dump header: 10k threads have 200 KB of SMR list before the first */
    td_set_fini(&set);
    if (!found || unparsed >= nonblank)
        return 0;
    return nonblank - (size_t)unparsed;
}
