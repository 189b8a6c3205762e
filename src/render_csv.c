/*
 * render_csv.c — one array of objects as RFC 4180 CSV: a header row from the
 * scalar keys of the first element, one row per element, fields quoted when
 * they contain a comma, quote, CR or LF. Cells that would start a spreadsheet
 * formula (= + - @ followed by a non-digit) are prefixed with a quote.
 */
#include "render.h"

#include <string.h>

void csv_write_field(FILE *f, const char *s)
{
    bool quote = strpbrk(s, ",\"\r\n") != NULL;
    bool formula = (s[0] == '=' || s[0] == '@' || ((s[0] == '+' || s[0] == '-') &&
                    !(s[1] >= '0' && s[1] <= '9') && s[1] != '.'));
    if (formula)
        quote = true;
    if (!quote) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    if (formula)
        fputc('\'', f);
    for (const char *p = s; *p; p++) {
        if (*p == '"')
            fputc('"', f);
        fputc(*p, f);
    }
    fputc('"', f);
}

void render_csv(FILE *f, const struct report_node *arr)
{
    if (!arr || !arr->first || arr->first->kind != RN_OBJ)
        return;
    const struct report_node *first = arr->first;
    bool sep = false;
    for (const struct report_node *c = first->first; c; c = c->next) {
        if (c->kind == RN_OBJ || c->kind == RN_ARR)
            continue;
        if (sep)
            fputc(',', f);
        csv_write_field(f, c->key ? c->key : "");
        sep = true;
    }
    fputc('\n', f);
    for (const struct report_node *row = arr->first; row; row = row->next) {
        sep = false;
        for (const struct report_node *c = first->first; c; c = c->next) {
            if (c->kind == RN_OBJ || c->kind == RN_ARR)
                continue;
            if (sep)
                fputc(',', f);
            sep = true;
            const struct report_node *v = rn_get(row, c->key);
            if (!v || v->kind == RN_NULL)
                continue;
            char buf[4096];
            render_scalar(v, buf, sizeof buf);
            csv_write_field(f, buf);
        }
        fputc('\n', f);
    }
}
