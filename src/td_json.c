/*
 * td_json.c — jcmd PID Thread.dump_to_file -format=json (JDK 21+), the only
 * dump format that lists virtual threads.
 *
 * A small bounded JSON reader of our own: the input is parsed into a flat
 * node array (values with key, line and first-child/next-sibling indexes;
 * decoded strings in one byte buffer referenced by offset, so growing the
 * buffers never invalidates anything). Nesting is limited to JSON_MAX_DEPTH
 * and every read is bounds-checked, so hostile input can neither recurse
 * without bound nor read past the end. Then the tree is walked for the
 * schema: threadDump{processId,time,runtimeVersion,threadContainers[
 * {container,threads[{tid,name,state,virtual,stack[],blockedOn,waitingOn,
 * parkBlocker{object,owner},monitorsOwned[{depth,locks[]}]}]}]}.
 * A syntax error or an unknown key is reported through diag with its line.
 */
#include "td.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define JSON_MAX_DEPTH 64

enum jk { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

struct jnode {
    enum jk k;
    size_t key, keylen; /* offsets into sbuf; keylen 0 = no key */
    bool haskey;
    size_t s, slen;     /* J_STR / J_NUM text, J_BOOL "true"/"false" */
    uint64_t line;
    long first, next;   /* children / siblings, -1 = none */
};

struct jp {
    const char *p, *end;
    uint64_t line;
    struct jnode *n;
    size_t nn, capn;
    char *sb;
    size_t sbn, sbcap;
    const char *err;
    uint64_t errline;
};

static void fail(struct jp *j, const char *why)
{
    if (!j->err) {
        j->err = why;
        j->errline = j->line;
    }
}

static void ws(struct jp *j)
{
    while (j->p < j->end) {
        char c = *j->p;
        if (c == '\n')
            j->line++;
        else if (c != ' ' && c != '\t' && c != '\r')
            break;
        j->p++;
    }
}

static long newnode(struct jp *j, enum jk k)
{
    xgrow((void **)&j->n, &j->capn, j->nn + 1, sizeof *j->n);
    struct jnode *x = &j->n[j->nn];
    memset(x, 0, sizeof *x);
    x->k = k;
    x->line = j->line;
    x->first = x->next = -1;
    return (long)j->nn++;
}

static void sb_put(struct jp *j, const char *s, size_t n)
{
    xgrow((void **)&j->sb, &j->sbcap, j->sbn + n + 1, 1);
    memcpy(j->sb + j->sbn, s, n);
    j->sbn += n;
}

static int hexv(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Decode a string at j->p (after the opening quote) into sbuf; returns its offset. */
static bool jstring(struct jp *j, size_t *off, size_t *len)
{
    *off = j->sbn;
    while (j->p < j->end) {
        char c = *j->p++;
        if (c == '"') {
            *len = j->sbn - *off;
            return true;
        }
        if (c == '\n') {
            fail(j, "newline inside JSON string");
            return false;
        }
        if (c != '\\') {
            sb_put(j, &c, 1);
            continue;
        }
        if (j->p >= j->end)
            break;
        char e = *j->p++;
        char out;
        switch (e) {
        case '"': out = '"'; break;
        case '\\': out = '\\'; break;
        case '/': out = '/'; break;
        case 'b': out = '\b'; break;
        case 'f': out = '\f'; break;
        case 'n': out = '\n'; break;
        case 'r': out = '\r'; break;
        case 't': out = '\t'; break;
        case 'u': {
            if (j->end - j->p < 4) {
                fail(j, "bad \\u escape");
                return false;
            }
            unsigned v = 0;
            for (int i = 0; i < 4; i++) {
                int h = hexv(j->p[i]);
                if (h < 0) {
                    fail(j, "bad \\u escape");
                    return false;
                }
                v = v * 16 + (unsigned)h;
            }
            j->p += 4;
            /* UTF-8 encode the BMP code point (surrogates kept as-is: names only) */
            char u[3];
            if (v < 0x80) {
                u[0] = (char)v;
                sb_put(j, u, 1);
            } else if (v < 0x800) {
                u[0] = (char)(0xc0 | (v >> 6));
                u[1] = (char)(0x80 | (v & 0x3f));
                sb_put(j, u, 2);
            } else {
                u[0] = (char)(0xe0 | (v >> 12));
                u[1] = (char)(0x80 | ((v >> 6) & 0x3f));
                u[2] = (char)(0x80 | (v & 0x3f));
                sb_put(j, u, 3);
            }
            continue;
        }
        default:
            fail(j, "bad escape in JSON string");
            return false;
        }
        sb_put(j, &out, 1);
    }
    fail(j, "unterminated JSON string");
    return false;
}

static long jvalue(struct jp *j, int depth);

static long jcontainer(struct jp *j, int depth, bool obj)
{
    long me = newnode(j, obj ? J_OBJ : J_ARR);
    long last = -1;
    j->p++; /* '{' or '[' */
    ws(j);
    if (j->p < j->end && *j->p == (obj ? '}' : ']')) {
        j->p++;
        return me;
    }
    for (;;) {
        size_t koff = 0, klen = 0;
        if (obj) {
            ws(j);
            if (j->p >= j->end || *j->p != '"') {
                fail(j, "expected a key in JSON object");
                return -1;
            }
            j->p++;
            if (!jstring(j, &koff, &klen))
                return -1;
            ws(j);
            if (j->p >= j->end || *j->p != ':') {
                fail(j, "expected ':' in JSON object");
                return -1;
            }
            j->p++;
        }
        long c = jvalue(j, depth + 1);
        if (c < 0)
            return -1;
        if (obj) {
            j->n[c].haskey = true;
            j->n[c].key = koff;
            j->n[c].keylen = klen;
        }
        if (last < 0)
            j->n[me].first = c;
        else
            j->n[last].next = c;
        last = c;
        ws(j);
        if (j->p >= j->end) {
            fail(j, "unexpected end of JSON");
            return -1;
        }
        if (*j->p == ',') {
            j->p++;
            continue;
        }
        if (*j->p == (obj ? '}' : ']')) {
            j->p++;
            return me;
        }
        fail(j, "expected ',' or end of JSON container");
        return -1;
    }
}

static long jvalue(struct jp *j, int depth)
{
    if (depth > JSON_MAX_DEPTH) {
        fail(j, "JSON nested too deeply");
        return -1;
    }
    ws(j);
    if (j->p >= j->end) {
        fail(j, "unexpected end of JSON");
        return -1;
    }
    char c = *j->p;
    if (c == '{' || c == '[')
        return jcontainer(j, depth, c == '{');
    if (c == '"') {
        long me = newnode(j, J_STR);
        j->p++;
        size_t off, len;
        if (!jstring(j, &off, &len))
            return -1;
        j->n[me].s = off;
        j->n[me].slen = len;
        return me;
    }
    static const struct {
        const char *w;
        enum jk k;
    } words[] = {{"true", J_BOOL}, {"false", J_BOOL}, {"null", J_NULL}};
    for (size_t i = 0; i < ARRAY_LEN(words); i++) {
        size_t wl = strlen(words[i].w);
        if ((size_t)(j->end - j->p) >= wl && memcmp(j->p, words[i].w, wl) == 0) {
            long me = newnode(j, words[i].k);
            j->n[me].s = j->sbn;
            sb_put(j, words[i].w, wl);
            j->n[me].slen = wl;
            j->p += wl;
            return me;
        }
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
        const char *st = j->p;
        while (j->p < j->end && strchr("+-.eE0123456789", *j->p) && *j->p)
            j->p++;
        long me = newnode(j, J_NUM);
        j->n[me].s = j->sbn;
        sb_put(j, st, (size_t)(j->p - st));
        j->n[me].slen = (size_t)(j->p - st);
        return me;
    }
    fail(j, "unexpected character in JSON");
    return -1;
}

/* ---------------------------------------------------------------- schema walk */

struct walk {
    struct td_set *s;
    struct jp *j;
    const char *file;
    struct td_dump *d;
};

static bool key_is(const struct jp *j, const struct jnode *x, const char *k)
{
    size_t n = strlen(k);
    return x->haskey && x->keylen == n && memcmp(j->sb + x->key, k, n) == 0;
}

static void unknown_key(struct walk *w, const struct jnode *x, const char *where)
{
    (void)where;
    diag_add(&w->s->diag, "unknown JSON key", w->file, x->line, w->j->sb + x->key, x->keylen);
}

static const char *str_of(struct walk *w, const struct jnode *x, size_t *len)
{
    if (x->k != J_STR && x->k != J_NUM) {
        diag_add(&w->s->diag, "unexpected JSON value type", w->file, x->line,
                 w->j->sb + x->key, x->keylen);
        return NULL;
    }
    *len = x->slen;
    return w->j->sb + x->s;
}

static bool dec(const char *s, size_t n, int64_t *out)
{
    if (!s || n == 0 || n > 18)
        return false;
    int64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return true;
}

static void add_lock_json(struct walk *w, struct td_thread *t, enum td_rel rel, const char *id,
                          size_t n, int frame)
{
    const char *at = NULL;
    for (size_t i = 0; i < n; i++)
        if (id[i] == '@')
            at = id + i;
    td_add_lock(w->s, t, rel, id, n, id, at ? (size_t)(at - id) : n);
    t->locks[t->nlocks - 1].frame = frame;
}

static void walk_thread(struct walk *w, const struct jnode *th, const char *container)
{
    struct jp *j = w->j;
    struct td_set *s = w->s;
    if (th->k != J_OBJ) {
        diag_add(&s->diag, "JSON thread is not an object", w->file, th->line, "", 0);
        return;
    }
    struct td_thread *t = td_new_thread(s, w->file, th->line);
    t->container = container;
    t->name = intern_str(&s->in, "", 0);
    /* locks come after frames so their frame index is known: two passes */
    for (long c = th->first; c >= 0; c = j->n[c].next) {
        const struct jnode *x = &j->n[c];
        size_t n;
        const char *v;
        if (key_is(j, x, "stack")) {
            if (x->k != J_ARR)
                continue;
            for (long f = x->first; f >= 0; f = j->n[f].next)
                if ((v = str_of(w, &j->n[f], &n)))
                    td_add_frame(s, t, v, n);
        }
    }
    for (long c = th->first; c >= 0; c = j->n[c].next) {
        const struct jnode *x = &j->n[c];
        size_t n;
        const char *v;
        int64_t num;
        if (key_is(j, x, "stack") || key_is(j, x, "time")) {
            continue;
        } else if (key_is(j, x, "tid")) {
            if ((v = str_of(w, x, &n)) && dec(v, n, &num))
                t->java_id = num;
        } else if (key_is(j, x, "name")) {
            if ((v = str_of(w, x, &n)))
                t->name = intern_str(&s->in, v, n);
        } else if (key_is(j, x, "state")) {
            if ((v = str_of(w, x, &n)))
                t->state = intern_str(&s->in, v, n);
        } else if (key_is(j, x, "virtual")) {
            t->is_virtual = x->k == J_BOOL && j->sb[x->s] == 't';
        } else if (key_is(j, x, "carrier")) {
            /* tid of the carrier a mounted virtual thread runs on: not needed */
        } else if (key_is(j, x, "blockedOn")) {
            if ((v = str_of(w, x, &n)))
                add_lock_json(w, t, TD_WAIT_LOCK, v, n, 0);
        } else if (key_is(j, x, "waitingOn")) {
            if ((v = str_of(w, x, &n)))
                add_lock_json(w, t, TD_WAIT_ON, v, n, 0);
        } else if (key_is(j, x, "parkBlocker")) {
            if (x->k != J_OBJ)
                continue;
            for (long b = x->first; b >= 0; b = j->n[b].next) {
                const struct jnode *y = &j->n[b];
                if (key_is(j, y, "object")) {
                    if ((v = str_of(w, y, &n)))
                        add_lock_json(w, t, TD_PARK, v, n, 0);
                } else if (key_is(j, y, "owner") || key_is(j, y, "exclusiveOwnerThreadId")) {
                    /* resolved in td_locks via the owner tid: kept as an ownable lock on that thread */
                    int64_t otid;
                    if ((v = str_of(w, y, &n)) && dec(v, n, &otid) && t->nlocks > 0) {
                        struct td_lock *pl = &t->locks[t->nlocks - 1];
                        /* record ownership on the owner when it is parsed: store as negative frame */
                        pl->frame = -2 - (int)(otid > 0x3fffffff ? 0x3fffffff : otid);
                    }
                } else {
                    unknown_key(w, y, "parkBlocker");
                }
            }
        } else if (key_is(j, x, "monitorsOwned")) {
            if (x->k != J_ARR)
                continue;
            for (long m = x->first; m >= 0; m = j->n[m].next) {
                const struct jnode *mo = &j->n[m];
                int64_t depth = 0;
                long locks = -1;
                for (long k = mo->k == J_OBJ ? mo->first : -1; k >= 0; k = j->n[k].next) {
                    const struct jnode *y = &j->n[k];
                    if (key_is(j, y, "depth")) {
                        if ((v = str_of(w, y, &n)))
                            dec(v, n, &depth);
                    } else if (key_is(j, y, "locks")) {
                        locks = k;
                    } else {
                        unknown_key(w, y, "monitorsOwned");
                    }
                }
                if (locks >= 0 && j->n[locks].k == J_ARR)
                    for (long k = j->n[locks].first; k >= 0; k = j->n[k].next)
                        if (j->n[k].k == J_STR && (v = str_of(w, &j->n[k], &n)))
                            add_lock_json(w, t, TD_LOCKED, v, n,
                                          depth < t->nframes ? (int)depth : t->nframes - 1);
            }
        } else {
            unknown_key(w, x, "thread");
        }
    }
}

static void walk_dump(struct walk *w, const struct jnode *td)
{
    struct jp *j = w->j;
    struct td_set *s = w->s;
    size_t n;
    const char *v;
    for (long c = td->first; c >= 0; c = j->n[c].next) {
        const struct jnode *x = &j->n[c];
        int64_t num;
        if (key_is(j, x, "processId")) {
            if ((v = str_of(w, x, &n)) && dec(v, n, &num))
                w->d->pid = num;
        } else if (key_is(j, x, "time")) {
            if ((v = str_of(w, x, &n)))
                w->d->timestamp = intern_str(&s->in, v, n);
        } else if (key_is(j, x, "runtimeVersion")) {
            if ((v = str_of(w, x, &n)))
                w->d->vm = intern_str(&s->in, v, n);
        } else if (key_is(j, x, "threadContainers")) {
            if (x->k != J_ARR)
                continue;
            for (long k = x->first; k >= 0; k = j->n[k].next) {
                const struct jnode *ct = &j->n[k];
                if (ct->k != J_OBJ)
                    continue;
                const char *cname = NULL;
                for (long y = ct->first; y >= 0; y = j->n[y].next)
                    if (key_is(j, &j->n[y], "container") && (v = str_of(w, &j->n[y], &n)))
                        cname = intern_str(&s->in, v, n);
                for (long y = ct->first; y >= 0; y = j->n[y].next) {
                    const struct jnode *z = &j->n[y];
                    if (key_is(j, z, "threads")) {
                        if (z->k == J_ARR)
                            for (long tt = z->first; tt >= 0; tt = j->n[tt].next)
                                walk_thread(w, &j->n[tt], cname);
                    } else if (!key_is(j, z, "container") && !key_is(j, z, "parent") &&
                               !key_is(j, z, "owner") && !key_is(j, z, "threadCount")) {
                        unknown_key(w, z, "container");
                    }
                }
            }
        } else {
            unknown_key(w, x, "threadDump");
        }
    }
}

void td_json_parse(struct td_set *s, const char *file, const char *data, size_t len)
{
    struct jp j;
    memset(&j, 0, sizeof j);
    j.p = data;
    j.end = data + len;
    j.line = 1;
    /* never NULL: a key or string of length 0 is an offset into it, and NULL + 0 is undefined */
    sb_put(&j, "", 0);
    long root = jvalue(&j, 0);
    if (root >= 0) {
        ws(&j);
        if (j.p < j.end)
            fail(&j, "trailing bytes after JSON value");
    }
    struct td_dump *d = td_new_dump(s, file, 1, "thread-dump-json");
    struct walk w = {s, &j, file, d};
    if (j.err) {
        const char *ls = data;
        /* excerpt: the offending line */
        uint64_t ln = 1;
        const char *p = data;
        while (p < j.end && ln < j.errline) {
            if (*p++ == '\n') {
                ln++;
                ls = p;
            }
        }
        const char *le = memchr(ls, '\n', (size_t)(j.end - ls));
        diag_add(&s->diag, j.err, file, j.errline, ls, le ? (size_t)(le - ls) : (size_t)(j.end - ls));
    }
    if (root >= 0 && j.n[root].k == J_OBJ) {
        bool found = false;
        for (long c = j.n[root].first; c >= 0; c = j.n[c].next) {
            if (key_is(&j, &j.n[c], "threadDump") && j.n[c].k == J_OBJ) {
                found = true;
                walk_dump(&w, &j.n[c]);
            } else {
                unknown_key(&w, &j.n[c], "root");
            }
        }
        if (!found)
            diag_add(&s->diag, "JSON without threadDump object", file, 1, "", 0);
    }
    /* JSON parkBlocker owners (negative frame marker) become ownable locks on the owner */
    size_t end = d->first + d->n;
    for (size_t i = d->first; i < end; i++) {
        struct td_thread *t = &s->t[i];
        for (int k = 0; k < t->nlocks; k++) {
            if (t->locks[k].frame > -2)
                continue;
            int64_t otid = -2 - (int64_t)t->locks[k].frame;
            t->locks[k].frame = 0;
            for (size_t o = d->first; o < end; o++)
                if (s->t[o].java_id == otid) {
                    struct td_lock L = t->locks[k];
                    td_add_lock(s, &s->t[o], TD_OWNABLE, L.id, strlen(L.id), L.cls,
                                L.cls ? strlen(L.cls) : 0);
                    t = &s->t[i]; /* td_add_lock does not move threads, but keep it obvious */
                    break;
                }
        }
    }
    td_finish_dump(s, d);
    free(j.n);
    free(j.sb);
}
