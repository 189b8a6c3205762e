/*
 * render_csv.c — one array of objects as RFC 4180 CSV: a header row from the
 * scalar keys of the first element, one row per element.
 *
 * A cell is written with escape.h's text rule (control bytes as \xNN, so a
 * cell never holds a raw CR, LF or ESC) and quoted when it holds a comma or
 * a quote. OWASP's CSV-injection rule: a cell beginning with = + - @ TAB or
 * CR that is not wholly a number (nor gclat's lone "-" for no value) is quoted
 * and prefixed with a single quote,
 * so no spreadsheet evaluates it ("-1+cmd|' /C calc'!A0" -> "'-1+cmd|...").
 */
#include "escape.h"
#include "render.h"

#include <string.h>

/*
 * [+-]digits[.digits][e[+-]digits][%] (or .digits): what a spreadsheet reads
 * as a plain number or percentage ("+35.2%" in compare's delta column).
 */
bool csv_is_number(const char *s)
{
    const char *p = s;
    if (*p == '+' || *p == '-')
        p++;
    size_t digits = 0;
    while (*p >= '0' && *p <= '9')
        p++, digits++;
    if (*p == '.') {
        p++;
        while (*p >= '0' && *p <= '9')
            p++, digits++;
    }
    if (!digits)
        return false;
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!(*p >= '0' && *p <= '9'))
            return false;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    if (*p == '%')
        p++;
    return *p == '\0';
}

bool csv_is_formula(const char *s)
{
    /* a lone "-" is gclat's "no value" and no spreadsheet evaluates it */
    if (s[0] == '-' && s[1] == '\0')
        return false;
    return s[0] && strchr("=+-@\t\r", s[0]) && !csv_is_number(s);
}

void csv_write_field(FILE *f, const char *s)
{
    bool formula = csv_is_formula(s);
    bool quote = formula || strpbrk(s, ",\"") != NULL;
    if (!quote) {
        esc_write(f, s, ESC_TEXT);
        return;
    }
    fputc('"', f);
    if (formula)
        fputc('\'', f);
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    char u[ESC_UNIT_MAX];
    for (size_t i = 0; i < n;) {
        size_t ul;
        if (p[i] == '"')
            fputc('"', f);
        i += esc_unit(p + i, n - i, ESC_TEXT, u, &ul);
        fwrite(u, 1, ul, f);
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
