/*
 * correlate_access.c — the access-log adapter of correlate_access.h. It
 * owns only option spelling and the start/end rule; field splitting, number
 * and time parsing are lat_field.c's.
 */
#include "correlate_access.h"
#include "cli.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

const char access_opts_help[] = ACCESS_OPTS_HELP;

void access_cfg_init(struct access_cfg *c)
{
    memset(c, 0, sizeof *c);
    c->lat.src = LAT_SRC_FIELD;
    c->lat.field = -1;
    c->lat.sep_blank = true;
    c->lat.precision = 3;
    c->ts_is_end = -1;
    c->need_time = true;
}

static void add_filter(struct lat_filter **v, size_t *n, const char *pat)
{
    *v = xrealloc(*v, (*n + 1) * sizeof **v);
    const char *err = NULL;
    if (!lat_filter_compile(&(*v)[*n], pat, &err))
        die(EXIT_USAGE, "bad regular expression '%s': %s", pat, err ? err : "?");
    (*n)++;
}

static int field_number(const char *v, const char *opt)
{
    int64_t n;
    if (!parse_int64(v, &n) || n == 0 || n > 100000 || n < -100000)
        die(EXIT_USAGE, "%s needs a non-zero field number", opt);
    return (int)n;
}

bool access_opt(struct access_cfg *c, int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    if (strcmp(a, "-f") == 0 || opt_is(a, "--field")) {
        c->lat.field = field_number(opt_value(argc, argv, i), "-f");
        c->lat.src = LAT_SRC_FIELD;
        c->field_given = true;
    } else if (strcmp(a, "-F") == 0 || opt_is(a, "--separator")) {
        const char *s = opt_value(argc, argv, i);
        free(c->lat.sep);
        c->lat.sep = NULL;
        c->lat.sep_blank = strcmp(s, " ") == 0;
        if (!c->lat.sep_blank) {
            if (!*s)
                die(EXIT_USAGE, "-F needs a non-empty separator");
            c->lat.sep = strcmp(s, "\\t") == 0 ? xstrdup("\t") : xstrdup(s);
            c->lat.sep_len = strlen(c->lat.sep);
        }
    } else if (opt_is(a, "--log-format")) {
        c->preset = opt_value(argc, argv, i);
    } else if (opt_is(a, "--json-key")) {
        free(c->lat.json_key);
        c->lat.json_key = xstrdup(opt_value(argc, argv, i));
        c->lat.json_key_len = strlen(c->lat.json_key);
        if (!c->preset)
            c->preset = "json";
    } else if (opt_is(a, "--unit")) {
        c->unit = opt_value(argc, argv, i);
    } else if (opt_is(a, "--time-field")) {
        c->lat.time_field = field_number(opt_value(argc, argv, i), "--time-field");
    } else if (opt_is(a, "--ts-is")) {
        const char *v = opt_value(argc, argv, i);
        if (strcmp(v, "start") == 0)
            c->ts_is_end = 0;
        else if (strcmp(v, "end") == 0)
            c->ts_is_end = 1;
        else
            die(EXIT_USAGE, "--ts-is takes start or end, not '%s'", v);
    } else if (opt_is(a, "--thread-field")) {
        c->thread_field = field_number(opt_value(argc, argv, i), "--thread-field");
    } else if (opt_is(a, "--thread-key")) {
        const char *v = opt_value(argc, argv, i);
        if (!*v)
            die(EXIT_USAGE, "--thread-key needs a key");
        free(c->thread_key);
        c->thread_key = xstrdup(v);
        c->thread_key_len = strlen(v);
    } else if (opt_is(a, "--include")) {
        add_filter(&c->lat.inc, &c->lat.ninc, opt_value(argc, argv, i));
    } else if (opt_is(a, "--exclude")) {
        add_filter(&c->lat.exc, &c->lat.nexc, opt_value(argc, argv, i));
    } else {
        return false;
    }
    return true;
}

void access_cfg_finish(struct access_cfg *c)
{
    int field_opt = c->lat.field;
    if (c->preset && !lat_format_apply(&c->lat, c->preset))
        die(EXIT_USAGE, "unknown --log-format %s; known:\n%s", c->preset, lat_format_help);
    if (c->preset && c->field_given && c->lat.src != LAT_SRC_JSON) {
        c->lat.field = field_opt; /* explicit -f wins, whatever the option order (as gclat lat) */
        c->lat.src = LAT_SRC_FIELD;
    }
    if (c->unit) {
        c->lat.unit_ns = lat_unit_ns(c->unit);
        if (!c->lat.unit_ns)
            die(EXIT_USAGE, "unknown --unit %s (ns, us, ms, s)", c->unit);
    }
    if (!c->lat.unit_ns)
        c->lat.unit_ns = 1000000;
    if (c->thread_field && c->thread_key)
        die(EXIT_USAGE, "give --thread-field or --thread-key, not both");
    if (c->ts_is_end < 0)
        c->ts_is_end = c->preset && (strcmp(c->preset, "nginx") == 0 || strncmp(c->preset, "tomcat", 6) == 0 ||
                                     strcmp(c->preset, "spring") == 0);
    c->lat.need_time = c->need_time;
}

void access_cfg_fini(struct access_cfg *c)
{
    for (size_t k = 0; k < c->lat.ninc; k++)
        lat_filter_free(&c->lat.inc[k]);
    for (size_t k = 0; k < c->lat.nexc; k++)
        lat_filter_free(&c->lat.exc[k]);
    free(c->lat.inc);
    free(c->lat.exc);
    free(c->lat.sep);
    free(c->lat.json_key);
    free(c->thread_key);
    memset(c, 0, sizeof *c);
}

bool access_has_thread(const struct access_cfg *c)
{
    return c->thread_field != 0 || c->thread_key != NULL;
}

/* The thread name of a line: field or JSON key, one pair of [] or "" removed. */
static void thread_of(const struct access_cfg *c, const char *line, size_t len, struct access_req *r)
{
    const char *v = NULL;
    size_t vl = 0;
    bool ok;
    if (c->thread_key) {
        struct lat_cfg t = c->lat;
        t.src = LAT_SRC_JSON;
        t.json_key = c->thread_key;
        t.json_key_len = c->thread_key_len;
        const char *why = NULL;
        ok = lat_value_text(&t, line, len, &v, &vl, &why);
    } else {
        ok = lat_field(&c->lat, line, len, c->thread_field, &v, &vl);
    }
    if (!ok)
        return;
    if (vl >= 2 && ((v[0] == '[' && v[vl - 1] == ']') || (v[0] == '"' && v[vl - 1] == '"'))) {
        v++;
        vl -= 2;
    }
    r->thread = v;
    r->thread_len = vl;
}

int access_parse(const struct access_cfg *c, const char *line, size_t len, struct access_req *r,
                 const char **why)
{
    for (size_t k = 0; k < c->lat.ninc; k++)
        if (!lat_filter_match(&c->lat.inc[k], line, len))
            return 0;
    for (size_t k = 0; k < c->lat.nexc; k++)
        if (lat_filter_match(&c->lat.exc[k], line, len))
            return 0;
    const char *v;
    size_t vl;
    if (!lat_value_text(&c->lat, line, len, &v, &vl, why))
        return -1;
    int64_t mant;
    int ndec;
    const char *bad = lat_parse_number(v, vl, &mant, &ndec);
    if (bad) {
        *why = bad;
        return -1;
    }
    long double ns = (long double)mant * (long double)c->lat.unit_ns;
    for (int k = 0; k < ndec; k++)
        ns /= 10;
    if (ns < 0 || ns > 9.0e15L) { /* > 104 days: not a request duration */
        *why = "duration out of range";
        return -1;
    }
    r->dur_ns = (int64_t)(ns + 0.5L);
    r->start_ns = 0;
    r->tz_min = 0;
    r->thread = NULL;
    r->thread_len = 0;
    if (access_has_thread(c)) {
        r->thread = "";
        thread_of(c, line, len, r);
    }
    if (!c->need_time)
        return 1;
    int64_t ms;
    int32_t tz;
    if (!lat_time(&c->lat, line, len, &ms, &tz)) {
        *why = "no timestamp";
        return -1;
    }
    if (ms < -62135596800000LL || ms > 253402300799000LL) {
        *why = "timestamp out of range";
        return -1;
    }
    r->tz_min = tz;
    r->start_ns = ms * 1000000 - (c->ts_is_end ? r->dur_ns : 0);
    return 1;
}
