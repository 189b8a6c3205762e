/*
 * report.c — construction of the report tree (see report.h). Children are a
 * singly linked list with a tail pointer, so appending is O(1) and order is
 * the order of construction.
 */
#include "report.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct report_node *rn_root(void)
{
    struct report_node *n = xcalloc(1, sizeof *n);
    n->kind = RN_OBJ;
    return n;
}

void rn_free(struct report_node *n)
{
    while (n) {
        struct report_node *next = n->next;
        rn_free(n->first);
        free(n->key);
        free(n->title);
        free(n->unit);
        free(n->s);
        free(n);
        n = next;
    }
}

static struct report_node *add(struct report_node *parent, const char *key, enum rn_kind kind)
{
    struct report_node *n = xcalloc(1, sizeof *n);
    n->kind = kind;
    if (key && parent && parent->kind == RN_OBJ)
        n->key = xstrdup(key);
    n->parent = parent;
    if (parent) {
        if (parent->last)
            parent->last->next = n;
        else
            parent->first = n;
        parent->last = n;
    }
    return n;
}

struct report_node *rn_obj(struct report_node *p, const char *key) { return add(p, key, RN_OBJ); }
struct report_node *rn_arr(struct report_node *p, const char *key) { return add(p, key, RN_ARR); }
struct report_node *rn_null(struct report_node *p, const char *key) { return add(p, key, RN_NULL); }

struct report_node *rn_int(struct report_node *p, const char *key, int64_t v)
{
    struct report_node *n = add(p, key, RN_INT);
    n->i = v;
    return n;
}

struct report_node *rn_num(struct report_node *p, const char *key, double v, int decimals)
{
    struct report_node *n = add(p, key, RN_NUM);
    n->d = v;
    n->decimals = decimals;
    return n;
}

struct report_node *rn_str(struct report_node *p, const char *key, const char *s)
{
    struct report_node *n = add(p, key, s ? RN_STR : RN_NULL);
    if (s)
        n->s = xstrdup(s);
    return n;
}

struct report_node *rn_strn(struct report_node *p, const char *key, const char *s, int len)
{
    struct report_node *n = add(p, key, RN_STR);
    n->s = xstrndup(s, (size_t)(len < 0 ? 0 : len));
    return n;
}

struct report_node *rn_bool(struct report_node *p, const char *key, bool v)
{
    struct report_node *n = add(p, key, RN_BOOL);
    n->b = v;
    return n;
}

struct report_node *rn_title(struct report_node *n, const char *title)
{
    free(n->title);
    n->title = title ? xstrdup(title) : NULL;
    return n;
}

struct report_node *rn_unit(struct report_node *n, const char *unit)
{
    free(n->unit);
    n->unit = unit ? xstrdup(unit) : NULL;
    return n;
}

struct report_node *rn_flags(struct report_node *n, unsigned flags)
{
    n->flags |= flags;
    return n;
}

struct report_node *rn_get(const struct report_node *obj, const char *key)
{
    if (!obj)
        return NULL;
    for (struct report_node *c = obj->first; c; c = c->next)
        if (c->key && strcmp(c->key, key) == 0)
            return c;
    return NULL;
}

int rn_len(const struct report_node *n)
{
    int k = 0;
    for (struct report_node *c = n ? n->first : NULL; c; c = c->next)
        k++;
    return k;
}

double rn_value(const struct report_node *n)
{
    if (!n)
        return 0;
    if (n->kind == RN_INT)
        return (double)n->i;
    if (n->kind == RN_NUM)
        return n->d;
    return 0;
}

/* One path component of rn_path: "key", "key[3]" or "key[field=value]". */
static const struct report_node *path_step(const struct report_node *n, const char *c, size_t len)
{
    const char *br = memchr(c, '[', len);
    size_t klen = br ? (size_t)(br - c) : len;
    if (klen) {
        if (n->kind != RN_OBJ)
            return NULL;
        const struct report_node *m = NULL;
        for (const struct report_node *k = n->first; k; k = k->next)
            if (k->key && strlen(k->key) == klen && memcmp(k->key, c, klen) == 0) {
                m = k;
                break;
            }
        if (!m)
            return NULL;
        n = m;
    }
    if (!br)
        return n;
    if (n->kind != RN_ARR || c[len - 1] != ']')
        return NULL;
    const char *sel = br + 1;
    size_t slen = (size_t)(c + len - 1 - sel);
    const char *eq = memchr(sel, '=', slen);
    if (!eq) {
        size_t idx = 0;
        for (size_t i = 0; i < slen; i++) {
            if (sel[i] < '0' || sel[i] > '9' || idx > 1000000)
                return NULL;
            idx = idx * 10 + (size_t)(sel[i] - '0');
        }
        const struct report_node *e = n->first;
        for (size_t k = 0; e && k < idx; k++)
            e = e->next;
        return e;
    }
    size_t fl = (size_t)(eq - sel), wl = slen - fl - 1;
    for (const struct report_node *e = n->first; e; e = e->next) {
        if (e->kind != RN_OBJ)
            continue;
        for (const struct report_node *f = e->first; f; f = f->next)
            if (f->key && strlen(f->key) == fl && memcmp(f->key, sel, fl) == 0 && f->kind == RN_STR &&
                strlen(f->s) == wl && memcmp(f->s, eq + 1, wl) == 0)
                return e;
    }
    return NULL;
}

const struct report_node *rn_path_len(const struct report_node *n, const char *path, size_t path_len)
{
    const char *p = path, *end = path + path_len;
    while (n && p < end) {
        const char *slash = memchr(p, '/', (size_t)(end - p));
        size_t len = slash ? (size_t)(slash - p) : (size_t)(end - p);
        if (len)
            n = path_step(n, p, len);
        p += len;
        if (p < end && *p == '/')
            p++;
    }
    return n;
}

const struct report_node *rn_path(const struct report_node *n, const char *path)
{
    return rn_path_len(n, path, strlen(path));
}

struct report_node *rn_copy_scalar(struct report_node *parent, const char *key, const struct report_node *src)
{
    if (!src || src->kind == RN_OBJ || src->kind == RN_ARR)
        return NULL;
    struct report_node *n = add(parent, key, src->kind);
    n->b = src->b;
    n->i = src->i;
    n->d = src->d;
    n->decimals = src->decimals;
    if (src->s)
        n->s = xstrdup(src->s);
    rn_title(n, src->title);
    rn_unit(n, src->unit);
    return n;
}

struct report_node *rn_copy(struct report_node *parent, const struct report_node *src, unsigned clear, unsigned set)
{
    struct report_node *c;
    switch (src->kind) {
    case RN_OBJ: c = rn_obj(parent, src->key); break;
    case RN_ARR: c = rn_arr(parent, src->key); break;
    default: c = rn_copy_scalar(parent, src->key, src); break;
    }
    rn_title(c, src->title);
    rn_unit(c, src->unit);
    rn_flags(c, (src->flags & ~clear) | set);
    for (const struct report_node *k = src->first; k; k = k->next)
        rn_copy(c, k, clear, set);
    return c;
}

struct report_node *rn_adopt(struct report_node *parent, const char *key, struct report_node *child)
{
    if (!child || child->parent || child->next)
        abort(); /* a node in two trees would be freed twice */
    free(child->key);
    child->key = key && parent->kind == RN_OBJ ? xstrdup(key) : NULL;
    child->parent = parent;
    if (parent->last)
        parent->last->next = child;
    else
        parent->first = child;
    parent->last = child;
    return child;
}

void rn_move_after(struct report_node *parent, struct report_node *child, struct report_node *after)
{
    if (!parent || !child || child == after)
        return;
    /* unlink */
    struct report_node *prev = NULL;
    for (struct report_node *c = parent->first; c; prev = c, c = c->next)
        if (c == child)
            break;
    if (prev)
        prev->next = child->next;
    else if (parent->first == child)
        parent->first = child->next;
    else
        return; /* not a child */
    if (parent->last == child)
        parent->last = prev;
    /* relink */
    if (!after) {
        child->next = parent->first;
        parent->first = child;
    } else {
        child->next = after->next;
        after->next = child;
    }
    if (!child->next)
        parent->last = child;
}

void rn_as_json(struct report_node *n)
{
    struct report_node *prev = NULL;
    for (struct report_node *c = n->first, *next; c; c = next) {
        next = c->next;
        if (c->flags & RF_NOJSON) { /* not in the JSON text: gone */
            if (prev)
                prev->next = next;
            else
                n->first = next;
            if (n->last == c)
                n->last = prev;
            c->next = NULL;
            rn_free(c);
            continue;
        }
        prev = c;
        free(c->title);
        free(c->unit);
        c->title = c->unit = NULL;
        c->flags = 0;
        if (c->kind == RN_NUM) {
            char buf[512];
            if (!isfinite(c->d)) {
                c->kind = RN_NULL;
            } else {
                /* the text render_json writes, read back as a JSON reader would */
                snprintf(buf, sizeof buf, "%.*f", c->decimals, c->d == 0 ? 0.0 : c->d);
                size_t digits = strspn(buf + (buf[0] == '-'), "0123456789");
                if (c->decimals == 0 && digits < 19) {
                    c->kind = RN_INT;
                    c->i = strtoll(buf, NULL, 10);
                } else {
                    c->d = strtod(buf, NULL);
                    if (c->decimals > 9)
                        c->decimals = 9;
                }
            }
        }
        rn_as_json(c);
    }
}

struct report_node *rn_verdict(struct report_node *root, const char *text)
{
    struct report_node *v = rn_flags(rn_str(root, "verdict", text), RF_VERDICT | RF_NOJSON);
    rn_move_after(root, v, NULL);
    return v;
}

void rn_flag_keys(struct report_node *obj, const char *const *keys, unsigned flags)
{
    for (; *keys; keys++) {
        struct report_node *n = rn_get(obj, *keys);
        if (n)
            rn_flags(n, flags);
    }
}

void rn_findings_tally(const struct report_node *findings, char *buf, size_t len)
{
    static const char *const sev[] = {"critical", "warning", "info"};
    static const char *const plural[] = {"critical", "warnings", "info"};
    uint64_t n[4] = {0};
    for (const struct report_node *f = findings ? findings->first : NULL; f; f = f->next) {
        const struct report_node *s = rn_get(f, "severity");
        int k = 3;
        for (int i = 0; i < 3; i++)
            if (s && s->kind == RN_STR && strcmp(s->s, sev[i]) == 0)
                k = i;
        n[k]++;
    }
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < 4; i++) {
        if (!n[i] || used >= len)
            continue;
        const char *name = i < 3 ? (n[i] == 1 ? sev[i] : plural[i]) : n[i] == 1 ? "finding" : "findings";
        int k = snprintf(buf + used, len - used, "%s%llu %s", used ? ", " : "", (unsigned long long)n[i], name);
        if (k > 0)
            used += (size_t)k;
    }
    if (!used)
        snprintf(buf, len, "no findings");
}
