/* prom_text.c — Prometheus text exposition (prom_text.h). */
#include "prom_text.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool name_char(int c, bool first, bool colon)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')
        return true;
    if (colon && c == ':')
        return true;
    return !first && c >= '0' && c <= '9';
}

static bool valid(const char *s, bool colon)
{
    if (!s || !*s)
        return false;
    for (const char *p = s; *p; p++)
        if (!name_char((unsigned char)*p, p == s, colon))
            return false;
    return true;
}

bool prom_valid_name(const char *s) { return valid(s, true); }
bool prom_valid_label_name(const char *s) { return valid(s, false) && strncmp(s, "__", 2) != 0; }

static const char *type_name(enum prom_type t)
{
    switch (t) {
    case PROM_COUNTER: return "counter";
    case PROM_GAUGE: return "gauge";
    case PROM_HISTOGRAM: return "histogram";
    case PROM_SUMMARY: return "summary";
    default: return "untyped";
    }
}

void prom_family(FILE *f, const char *name, enum prom_type type, const char *help)
{
    fprintf(f, "# HELP %s ", name);
    for (const char *p = help; *p; p++) { /* HELP escapes only \\ and \n */
        if (*p == '\\')
            fputs("\\\\", f);
        else if (*p == '\n')
            fputs("\\n", f);
        else
            fputc(*p, f);
    }
    fprintf(f, "\n# TYPE %s %s\n", name, type_name(type));
}

void prom_write_label_value(FILE *f, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '\\')
            fputs("\\\\", f);
        else if (*p == '"')
            fputs("\\\"", f);
        else if (*p == '\n')
            fputs("\\n", f);
        else if (*p < 0x20 || *p == 0x7f)
            fputc('?', f); /* no other escape exists in the format */
        else
            fputc(*p, f);
    }
}

/* Shortest decimal that reads back as the same double (0.1, not 0.10000000000000001). */
static void shortest(char *buf, size_t n, double v)
{
    for (int prec = 6; prec <= 17; prec++) {
        snprintf(buf, n, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            return;
    }
}

static void value(FILE *f, double v)
{
    if (isnan(v))
        fputs("NaN", f);
    else if (isinf(v))
        fputs(v > 0 ? "+Inf" : "-Inf", f);
    else if (v == floor(v) && fabs(v) < 9.007199254740992e15)
        fprintf(f, "%.0f", v);
    else {
        char b[40];
        shortest(b, sizeof b, v);
        fputs(b, f);
    }
}

static void labels(FILE *f, const struct prom_labels *l, const char *en, const char *ev)
{
    int n = l ? l->n : 0;
    if (!n && !en)
        return;
    fputc('{', f);
    for (int i = 0; i < n; i++) {
        fprintf(f, "%s%s=\"", i ? "," : "", l->names[i]);
        prom_write_label_value(f, l->values[i] ? l->values[i] : "");
        fputc('"', f);
    }
    if (en) {
        fprintf(f, "%s%s=\"", n ? "," : "", en);
        prom_write_label_value(f, ev);
        fputc('"', f);
    }
    fputc('}', f);
}

void prom_sample_extra(FILE *f, const char *name, const struct prom_labels *l, const char *extra_name,
                       const char *extra_value, double v)
{
    fputs(name, f);
    labels(f, l, extra_name, extra_value);
    fputc(' ', f);
    value(f, v);
    fputc('\n', f);
}

void prom_sample(FILE *f, const char *name, const struct prom_labels *l, double v)
{
    prom_sample_extra(f, name, l, NULL, NULL, v);
}

void prom_histogram(FILE *f, const char *name, const struct prom_labels *l, const double *bounds,
                    const uint64_t *counts, int nbounds, uint64_t total, double sum)
{
    char n[256], le[64];
    snprintf(n, sizeof n, "%s_bucket", name);
    for (int i = 0; i < nbounds; i++) {
        shortest(le, sizeof le, bounds[i]);
        prom_sample_extra(f, n, l, "le", le, (double)counts[i]);
    }
    prom_sample_extra(f, n, l, "le", "+Inf", (double)total);
    snprintf(n, sizeof n, "%s_sum", name);
    prom_sample(f, n, l, sum);
    snprintf(n, sizeof n, "%s_count", name);
    prom_sample(f, n, l, (double)total);
}
