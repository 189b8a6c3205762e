/*
 * render_json.c — the report tree as JSON. Output is deterministic: keys in
 * the order the analysis added them, numbers with the node's fixed decimals,
 * non-finite numbers as null. Strings follow escape.h's JSON rule (RFC 8259
 * escapes, control characters as \u00NN, invalid UTF-8 as U+FFFD), so the
 * output is always valid JSON and inert on a terminal.
 */
#include "escape.h"
#include "render.h"

#include <math.h>

void json_write_string(FILE *f, const char *s)
{
    fputc('"', f);
    esc_write(f, s, ESC_JSON);
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
