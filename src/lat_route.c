/*
 * lat_route.c — the group key of a request path for `lat --by path`.
 *
 * Ids in paths (/api/items/80561, /orders/3f2c...-uuid) would otherwise make
 * one group per object, thousands of one-request tables and no useful
 * ranking. A segment (the text between two '/') is id-like when it is all
 * decimal digits, a UUID (8-4-4-4-12 hex digits), or at least 16 hex digits
 * (hashes, Mongo-style ids); it becomes "{id}". Words with digits in them
 * (v2, item-12, user7) stay: they are more often names than ids, and a
 * --route says the rest.
 */
#include "lat.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static bool hexdigit(char ch)
{
    return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F');
}

bool lat_route_id_segment(const char *s, size_t n)
{
    if (n == 0)
        return false;
    bool digits = true, hex = true;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            digits = false;
        if (!hexdigit(s[i]))
            hex = false;
    }
    if (digits || (hex && n >= 16))
        return true;
    if (n != 36)
        return false;
    for (size_t i = 0; i < n; i++) {
        bool dash = i == 8 || i == 13 || i == 18 || i == 23;
        if (dash ? s[i] != '-' : !hexdigit(s[i]))
            return false;
    }
    return true;
}

const char *lat_route_key(const struct lat_cfg *c, const char *p, size_t n, char **buf, size_t *cap,
                          size_t *klen)
{
    for (size_t i = 0; i < c->nroutes; i++)
        if (lat_filter_match(&c->routes[i].re, p, n)) {
            *klen = strlen(c->routes[i].name);
            return c->routes[i].name;
        }
    *klen = n;
    if (c->raw_paths)
        return p;
    /* the common case, a path without an id, is returned as is */
    size_t i = 0;
    bool any = false;
    while (i < n && !any) {
        size_t e = i;
        while (e < n && p[e] != '/')
            e++;
        any = lat_route_id_segment(p + i, e - i);
        i = e + 1;
    }
    if (!any)
        return p;
    /* "{id}" is at most 4 bytes for a segment of at least 1 */
    size_t need = n * 4 + 1;
    if (*cap < need) {
        *buf = xrealloc(*buf, need);
        *cap = need;
    }
    char *o = *buf;
    size_t k = 0;
    for (i = 0; i <= n;) {
        size_t e = i;
        while (e < n && p[e] != '/')
            e++;
        if (lat_route_id_segment(p + i, e - i)) {
            memcpy(o + k, "{id}", 4);
            k += 4;
        } else {
            memcpy(o + k, p + i, e - i);
            k += e - i;
        }
        if (e < n)
            o[k++] = '/';
        i = e + 1;
    }
    *klen = k;
    return o;
}
