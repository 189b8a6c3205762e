/* alert.c — live conditions (alert.h). */
#include "alert.h"
#include "cli.h"
#include "util.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static char *trim(const char *s, size_t n)
{
    while (n && isspace((unsigned char)*s))
        s++, n--;
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    return xstrndup(s, n);
}

bool alert_parse(const char *text, const struct alert_metric *metrics, struct alert *a, const char **err)
{
    memset(a, 0, sizeof *a);
    a->holding_since_ns = -1;
    a->last = NAN;
    const char *op = strpbrk(text, "<>");
    if (!op) {
        *err = "expected METRIC > VALUE or METRIC < VALUE (also >=, <=), optionally 'for DURATION'";
        return false;
    }
    char *metric = trim(text, (size_t)(op - text));
    for (const struct alert_metric *m = metrics; m->name; m++)
        if (!strcmp(m->name, metric))
            a->m = m;
    free(metric);
    if (!a->m) {
        *err = "unknown metric (see the list in --help)";
        return false;
    }
    const char *v = op + 1;
    if (*v == '=') {
        a->op = *op == '>' ? 'G' : 'L';
        v++;
    } else {
        a->op = *op;
    }
    /* "VALUE[UNIT] [for DUR]" */
    const char *forp = strstr(v, " for ");
    char *val = trim(v, forp ? (size_t)(forp - v) : strlen(v));
    if (forp) {
        char *d = trim(forp + 5, strlen(forp + 5));
        int64_t us;
        bool ok = parse_duration_us(d, 1000000, &us) && us > 0 && us < 86400LL * 1000000 * 366;
        free(d);
        if (!ok) {
            free(val);
            *err = "'for' needs a duration like 30s, 1m, 5m";
            return false;
        }
        a->for_ns = us * 1000;
    }
    char *end;
    double d = strtod(val, &end);
    if (end == val || !isfinite(d) || d < 0) {
        free(val);
        *err = "expected a non-negative number after the operator";
        return false;
    }
    while (*end == ' ')
        end++;
    bool ok = true;
    if (a->m->unit == AU_MS && *end) {
        int64_t us;
        char *num = xasprintf("%.17g%s", d, end);
        ok = parse_duration_us(num, 1000, &us);
        free(num);
        d = (double)us / 1000.0;
        if (!ok)
            *err = "unknown unit (use ns, us, ms, s, m or h)";
    } else if (a->m->unit == AU_PCT && *end && strcmp(end, "%")) {
        ok = false;
        *err = "a share takes a number or N%";
    } else if (a->m->unit == AU_COUNT && *end) {
        ok = false;
        *err = "a count takes a plain number";
    }
    free(val);
    if (!ok)
        return false;
    a->value = d;
    a->text = xstrdup(text);
    return true;
}

void alert_fini(struct alert *a)
{
    free(a->text);
    memset(a, 0, sizeof *a);
}

bool alert_holds(const struct alert *a, double v)
{
    switch (a->op) {
    case '>': return v > a->value;
    case '<': return v < a->value;
    case 'G': return v >= a->value;
    default: return v <= a->value;
    }
}

int alert_eval(struct alert *a, double v, int64_t now_ns)
{
    a->last = v;
    if (isnan(v))
        return 0; /* no data: neither fires nor resolves */
    if (!alert_holds(a, v)) {
        a->holding_since_ns = -1;
        if (a->firing) {
            a->firing = false;
            return -1;
        }
        return 0;
    }
    if (a->holding_since_ns < 0)
        a->holding_since_ns = now_ns;
    if (!a->firing && now_ns - a->holding_since_ns >= a->for_ns) {
        a->firing = true;
        return 1;
    }
    return 0;
}
