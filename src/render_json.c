/*
 * render_json.c — the report tree as JSON. Output is deterministic: keys in
 * the order the analysis added them, numbers with the node's fixed decimals,
 * non-finite numbers as null. Strings are escaped per RFC 8259; bytes that
 * are not valid UTF-8 become U+FFFD so the output is always valid JSON.
 */
#include "render.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* Length of a valid UTF-8 sequence at s (n bytes left), or 0 if invalid. */
static int utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    int len;
    uint32_t cp;
    if (c < 0x80)
        return 1;
    if ((c & 0xe0) == 0xc0) {
        len = 2;
        cp = c & 0x1f;
    } else if ((c & 0xf0) == 0xe0) {
        len = 3;
        cp = c & 0x0f;
    } else if ((c & 0xf8) == 0xf0) {
        len = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    if ((size_t)len > n)
        return 0;
    for (int i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3f);
    }
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
        cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return len;
}

void json_write_string(FILE *f, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    fputc('"', f);
    for (size_t i = 0; i < n;) {
        unsigned char c = p[i];
        if (c == '"' || c == '\\') {
            fputc('\\', f);
            fputc(c, f);
            i++;
        } else if (c == '\n') {
            fputs("\\n", f);
            i++;
        } else if (c == '\t') {
            fputs("\\t", f);
            i++;
        } else if (c == '\r') {
            fputs("\\r", f);
            i++;
        } else if (c < 0x20 || c == 0x7f) {
            fprintf(f, "\\u%04x", c);
            i++;
        } else if (c == '<') {
            /* Keeps JSON inert when embedded in an HTML <script> block. */
            fputs("\\u003c", f);
            i++;
        } else {
            int k = utf8_len(p + i, n - i);
            if (k == 0) {
                fputs("\\ufffd", f);
                i++;
            } else {
                fwrite(p + i, 1, (size_t)k, f);
                i += (size_t)k;
            }
        }
    }
    fputc('"', f);
}

static void indent(FILE *f, int depth)
{
    for (int i = 0; i < depth; i++)
        fputs("  ", f);
}

static void value(FILE *f, const struct report_node *n, int depth)
{
    switch (n->kind) {
    case RN_NULL:
        fputs("null", f);
        break;
    case RN_BOOL:
        fputs(n->b ? "true" : "false", f);
        break;
    case RN_INT:
        fprintf(f, "%lld", (long long)n->i);
        break;
    case RN_NUM:
        if (!isfinite(n->d))
            fputs("null", f);
        else
            fprintf(f, "%.*f", n->decimals, n->d == 0 ? 0.0 : n->d);
        break;
    case RN_STR:
        json_write_string(f, n->s);
        break;
    case RN_OBJ:
    case RN_ARR: {
        bool obj = n->kind == RN_OBJ;
        const struct report_node *c = n->first;
        while (c && (c->flags & RF_NOJSON))
            c = c->next;
        if (!c) {
            fputs(obj ? "{}" : "[]", f);
            break;
        }
        fputc(obj ? '{' : '[', f);
        bool first = true;
        for (; c; c = c->next) {
            if (c->flags & RF_NOJSON)
                continue;
            fputs(first ? "\n" : ",\n", f);
            first = false;
            indent(f, depth + 1);
            if (obj) {
                json_write_string(f, c->key ? c->key : "");
                fputs(": ", f);
            }
            value(f, c, depth + 1);
        }
        fputc('\n', f);
        indent(f, depth);
        fputc(obj ? '}' : ']', f);
        break;
    }
    }
}

void render_json(FILE *f, const struct report_node *root)
{
    value(f, root, 0);
    fputc('\n', f);
}
