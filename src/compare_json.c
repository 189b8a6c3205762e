/*
 * compare_json.c — JSON text back into a report tree, so that the JSON any
 * subcommand prints (`gclat lat --json`, `gclat cpu --json`) can be one run's
 * subtree in compare/report. Numbers keep their decimals as written (so the
 * same number prints the same way again); integers without '.', 'e' become
 * RN_INT. Strict RFC 8259 subset: no comments, no trailing commas; depth is
 * limited so hostile input cannot exhaust the stack.
 */
#include "compare.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 64

struct jp {
    const char *s;
    size_t n, i;
    const char *err;
};

static void ws(struct jp *p)
{
    while (p->i < p->n && (p->s[p->i] == ' ' || p->s[p->i] == '\n' || p->s[p->i] == '\r' || p->s[p->i] == '\t'))
        p->i++;
}

static bool lit(struct jp *p, const char *w)
{
    size_t k = strlen(w);
    if (p->n - p->i >= k && memcmp(p->s + p->i, w, k) == 0) {
        p->i += k;
        return true;
    }
    return false;
}

static void put_utf8(char **b, size_t *len, size_t *cap, unsigned cp)
{
    char tmp[4];
    int k;
    if (cp < 0x80)
        tmp[0] = (char)cp, k = 1;
    else if (cp < 0x800)
        tmp[0] = (char)(0xc0 | (cp >> 6)), tmp[1] = (char)(0x80 | (cp & 0x3f)), k = 2;
    else if (cp < 0x10000)
        tmp[0] = (char)(0xe0 | (cp >> 12)), tmp[1] = (char)(0x80 | ((cp >> 6) & 0x3f)),
        tmp[2] = (char)(0x80 | (cp & 0x3f)), k = 3;
    else
        tmp[0] = (char)(0xf0 | (cp >> 18)), tmp[1] = (char)(0x80 | ((cp >> 12) & 0x3f)),
        tmp[2] = (char)(0x80 | ((cp >> 6) & 0x3f)), tmp[3] = (char)(0x80 | (cp & 0x3f)), k = 4;
    xgrow((void **)b, cap, *len + (size_t)k + 1, 1);
    memcpy(*b + *len, tmp, (size_t)k);
    *len += (size_t)k;
}

static int hex4(const char *s)
{
    int v = 0;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= c - '0';
        else if (c >= 'a' && c <= 'f')
            v |= c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            v |= c - 'A' + 10;
        else
            return -1;
    }
    return v;
}

/* Parse a string at p->s[p->i] == '"'; returns a heap string (NUL bytes become U+FFFD). */
static char *str(struct jp *p)
{
    p->i++;
    char *b = NULL;
    size_t len = 0, cap = 0;
    xgrow((void **)&b, &cap, 1, 1);
    while (p->i < p->n) {
        unsigned char c = (unsigned char)p->s[p->i++];
        if (c == '"') {
            b[len] = '\0';
            return b;
        }
        if (c < 0x20)
            break;
        if (c != '\\') {
            if (c == 0)
                c = '?';
            xgrow((void **)&b, &cap, len + 2, 1);
            b[len++] = (char)c;
            continue;
        }
        if (p->i >= p->n)
            break;
        char e = p->s[p->i++];
        unsigned cp;
        switch (e) {
        case '"': cp = '"'; break;
        case '\\': cp = '\\'; break;
        case '/': cp = '/'; break;
        case 'b': cp = '\b'; break;
        case 'f': cp = '\f'; break;
        case 'n': cp = '\n'; break;
        case 'r': cp = '\r'; break;
        case 't': cp = '\t'; break;
        case 'u': {
            if (p->n - p->i < 4 || hex4(p->s + p->i) < 0)
                goto bad;
            cp = (unsigned)hex4(p->s + p->i);
            p->i += 4;
            if (cp >= 0xd800 && cp <= 0xdbff && p->n - p->i >= 6 && p->s[p->i] == '\\' &&
                p->s[p->i + 1] == 'u' && hex4(p->s + p->i + 2) >= 0xdc00 && hex4(p->s + p->i + 2) <= 0xdfff) {
                cp = 0x10000 + ((cp - 0xd800) << 10) + ((unsigned)hex4(p->s + p->i + 2) - 0xdc00);
                p->i += 6;
            } else if ((cp >= 0xd800 && cp <= 0xdfff) || cp == 0) {
                cp = 0xfffd;
            }
            break;
        }
        default:
            goto bad;
        }
        put_utf8(&b, &len, &cap, cp);
    }
bad:
    free(b);
    p->err = "bad string";
    return NULL;
}

static bool value(struct jp *p, struct report_node *parent, const char *key, int depth);

static bool number(struct jp *p, struct report_node *parent, const char *key)
{
    size_t st = p->i;
    if (p->i < p->n && p->s[p->i] == '-')
        p->i++;
    size_t digits = 0;
    while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9')
        p->i++, digits++;
    bool is_int = true;
    int decimals = 0;
    if (p->i < p->n && p->s[p->i] == '.') {
        is_int = false;
        p->i++;
        while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9')
            p->i++, decimals++;
    }
    if (p->i < p->n && (p->s[p->i] == 'e' || p->s[p->i] == 'E')) {
        is_int = false;
        p->i++;
        if (p->i < p->n && (p->s[p->i] == '+' || p->s[p->i] == '-'))
            p->i++;
        while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9')
            p->i++;
        if (decimals < 3)
            decimals = 3;
    }
    if (!digits) {
        p->err = "bad number";
        return false;
    }
    char buf[64];
    size_t k = p->i - st < sizeof buf - 1 ? p->i - st : sizeof buf - 1;
    memcpy(buf, p->s + st, k);
    buf[k] = '\0';
    if (is_int && digits < 19)
        rn_int(parent, key, strtoll(buf, NULL, 10));
    else
        rn_num(parent, key, strtod(buf, NULL), decimals > 9 ? 9 : decimals);
    return true;
}

static bool value(struct jp *p, struct report_node *parent, const char *key, int depth)
{
    ws(p);
    if (p->i >= p->n) {
        p->err = "unexpected end";
        return false;
    }
    if (depth > MAX_DEPTH) {
        p->err = "nested too deep";
        return false;
    }
    char c = p->s[p->i];
    if (c == '{' || c == '[') {
        bool obj = c == '{';
        struct report_node *n = obj ? rn_obj(parent, key) : rn_arr(parent, key);
        p->i++;
        ws(p);
        if (p->i < p->n && p->s[p->i] == (obj ? '}' : ']')) {
            p->i++;
            return true;
        }
        for (;;) {
            ws(p);
            char *k = NULL;
            if (obj) {
                if (p->i >= p->n || p->s[p->i] != '"') {
                    p->err = "expected key";
                    return false;
                }
                if (!(k = str(p)))
                    return false;
                ws(p);
                if (p->i >= p->n || p->s[p->i] != ':') {
                    free(k);
                    p->err = "expected ':'";
                    return false;
                }
                p->i++;
            }
            bool ok = value(p, n, k, depth + 1);
            free(k);
            if (!ok)
                return false;
            ws(p);
            if (p->i < p->n && p->s[p->i] == ',') {
                p->i++;
                continue;
            }
            if (p->i < p->n && p->s[p->i] == (obj ? '}' : ']')) {
                p->i++;
                return true;
            }
            p->err = "expected ',' or close";
            return false;
        }
    }
    if (c == '"') {
        char *s = str(p);
        if (!s)
            return false;
        rn_str(parent, key, s);
        free(s);
        return true;
    }
    if (lit(p, "true")) {
        rn_bool(parent, key, true);
        return true;
    }
    if (lit(p, "false")) {
        rn_bool(parent, key, false);
        return true;
    }
    if (lit(p, "null")) {
        rn_null(parent, key);
        return true;
    }
    return number(p, parent, key);
}

struct report_node *compare_json_parse(const char *s, size_t n, const char **err)
{
    struct jp p = {s, n, 0, NULL};
    struct report_node *holder = rn_root();
    holder->kind = RN_ARR;
    bool ok = value(&p, holder, NULL, 0);
    ws(&p);
    if (ok && p.i != p.n) {
        ok = false;
        p.err = "trailing bytes";
    }
    if (!ok || !holder->first) {
        if (err)
            *err = p.err ? p.err : "empty";
        rn_free(holder);
        return NULL;
    }
    struct report_node *r = holder->first;
    holder->first = holder->last = NULL;
    r->parent = NULL;
    r->next = NULL;
    rn_free(holder);
    return r;
}
