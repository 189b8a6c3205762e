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
