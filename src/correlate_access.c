/*
 * correlate_access.c — the access-log adapter of correlate_access.h. It
 * owns only option spelling and the start/end rule; field splitting, number
 * and time parsing are lat_field.c's. The scan of whole files (the
 * requests of a join, the timestamps' resolution) is here too.
 */
#include "correlate_access.h"
#include "cli.h"
#include "opt.h"
#include "reader.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

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

void access_fields_finish(struct access_cfg *c)
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
}

void access_cfg_finish(struct access_cfg *c)
{
    access_fields_finish(c);
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

/* The access-log options: each value checked as it is read. */
static int field_value(const struct opt *o, const char *v)
{
    int64_t n;
    if (!parse_int64(v, &n) || n == 0 || n > 100000 || n < -100000)
        opt_bad(o, v, "a non-zero field number from -100000 to 100000 (negative: from the end)");
    return (int)n;
}

static void field_opt(void *base, const struct opt *o, const char *v)
{
    struct access_cfg *c = base;
    c->lat.field = field_value(o, v);
    c->lat.src = LAT_SRC_FIELD;
    c->field_given = true;
}

static void separator_opt(void *base, const struct opt *o, const char *v)
{
    struct access_cfg *c = base;
    if (!*v)
        opt_bad(o, v, "a non-empty separator");
    free(c->lat.sep);
    c->lat.sep = NULL;
    c->lat.sep_blank = strcmp(v, " ") == 0;
    if (!c->lat.sep_blank) {
        c->lat.sep = strcmp(v, "\\t") == 0 ? xstrdup("\t") : xstrdup(v);
        c->lat.sep_len = strlen(c->lat.sep);
    }
}

static void log_format_opt(void *base, const struct opt *o, const char *v)
{
    struct lat_cfg probe;
    memset(&probe, 0, sizeof probe);
    probe.json_key = ""; /* set: the probe allocates nothing */
    if (!lat_format_apply(&probe, v))
        opt_bad(o, v, "known presets:\n%s", lat_format_help);
    ((struct access_cfg *)base)->preset = v;
}

static void json_key_opt(void *base, const struct opt *o, const char *v)
{
    (void)o;
    struct access_cfg *c = base;
    free(c->lat.json_key);
    c->lat.json_key = xstrdup(v);
    c->lat.json_key_len = strlen(v);
    if (!c->preset)
        c->preset = "json";
}

static void unit_opt(void *base, const struct opt *o, const char *v)
{
    if (!lat_unit_ns(v))
        opt_bad(o, v, "ns, us, ms or s");
    ((struct access_cfg *)base)->unit = v;
}

static void time_field_opt(void *base, const struct opt *o, const char *v)
{
    ((struct access_cfg *)base)->lat.time_field = field_value(o, v);
}

static void include_opt(void *base, const struct opt *o, const char *v)
{
    (void)o;
    struct access_cfg *c = base;
    add_filter(&c->lat.inc, &c->lat.ninc, v);
}

static void exclude_opt(void *base, const struct opt *o, const char *v)
{
    (void)o;
    struct access_cfg *c = base;
    add_filter(&c->lat.exc, &c->lat.nexc, v);
}

static void thread_field_opt(void *base, const struct opt *o, const char *v)
{
    ((struct access_cfg *)base)->thread_field = field_value(o, v);
}

static void thread_key_opt(void *base, const struct opt *o, const char *v)
{
    struct access_cfg *c = base;
    if (!*v)
        opt_bad(o, v, "a key");
    free(c->thread_key);
    c->thread_key = xstrdup(v);
    c->thread_key_len = strlen(v);
}

static const struct opt field_opts[] = {
    OPT_CALL("field", 'f', "N", field_opt,
             "the duration's field (1-based; -1 is awk's $NF, -2 is $(NF-1)); default -1"),
    OPT_CALL("separator", 'F', "SEP", separator_opt,
             "field separator string (default: runs of blanks, as awk; \\t is a tab)"),
    OPT_CALL("log-format", 0, "NAME", log_format_opt,
             "a preset (sets field and unit; -f and --unit override it):\n"
             "  nginx      nginx combined + $request_time last (seconds, ms res.)\n"
             "  apache     Apache combined + %D last (microseconds)\n"
             "  apache-T   Apache combined + %T last (whole seconds)\n"
             "  tomcat     Tomcat/Spring Boot log, %D last (ms; Tomcat 8.5/9)\n"
             "  spring     alias of tomcat\n"
             "  tomcat-T   Tomcat/Spring Boot access log, %T last (seconds)\n"
             "  envoy      Envoy default: %DURATION% (ms), 5th field after request\n"
             "  json       JSON lines, --json-key (default duration_ms, ms)"),
    OPT_CALL("json-key", 0, "KEY", json_key_opt,
             "JSON lines: take the number under \"KEY\" (implies --log-format json)"),
    OPT_CALL("unit", 0, "U", unit_opt,
             "unit of the values in the log: ns, us, ms, s (default ms, or the preset's)"),
    OPT_CALL("time-field", 0, "N", time_field_opt,
             "field holding the timestamp (epoch s/ms, ISO 8601 or [dd/Mon/yyyy:...]);\n"
             "default: the first [...] of the line, ISO 8601 at line start, JSON time key"),
    OPT_CALL("include", 0, "RE", include_opt,
             "keep only lines matching RE (repeatable: any of them; like grep)"),
    OPT_CALL("exclude", 0, "RE", exclude_opt,
             "drop lines matching RE (repeatable; like grep -v). A RE without\n"
             "metacharacters is matched as a plain substring (fast path)"),
    OPT_END,
};

static const struct opt_word ts_words[] = {{"start", 0}, {"end", 1}, {NULL, 0}};

static const struct opt join_opts[] = {
    OPT_ENUM(struct access_cfg, ts_is_end, "ts-is", 0, NULL, ts_words,
             "the timestamp is the request's start or end (default: end for\n"
             "nginx and tomcat presets, which log at completion; else start)"),
    OPT_CALL("thread-field", 0, "N", thread_field_opt,
             "the field naming the thread that served the request, e.g.\n"
             "[http-nio-8080-exec-3] (enclosing [] or \"\" removed)"),
    OPT_CALL("thread-key", 0, "KEY", thread_key_opt,
             "JSON lines: the key of that thread name (e.g. thread_name)"),
    OPT_END,
};

const struct opt_group access_field_group = {"Access-log fields (the same in lat, correlate and impact)",
                                             field_opts};
const struct opt_group access_join_group = {"Joining requests with pauses", join_opts};

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

#define ACCESS_MS 1000000LL
#define ACCESS_RES_PEEK_LINES 1000 /* --resolution auto: timestamps looked at */

int access_scan(char **files, int n, const struct access_cfg *ac, struct diag *diag, access_req_fn fn, void *ctx,
                uint64_t *lines, uint64_t *filtered)
{
    for (int f = 0; f < n; f++) {
        struct reader r;
        if (reader_open(&r, files[f]) != 0) {
            warnx("cannot open %s: %s", files[f], strerror(errno));
            return EXIT_IO;
        }
        reader_set_diag(&r, diag);
        const char *line;
        size_t len;
        int rc;
        while ((rc = reader_next(&r, &line, &len)) == 1) {
            (*lines)++;
            if (len == 0)
                continue;
            struct access_req q;
            const char *why = NULL;
            int k = access_parse(ac, line, len, &q, &why);
            if (k < 0)
                diag_add(diag, why, r.name, r.lineno, line, len);
            else if (k == 0)
                (*filtered)++;
            else
                fn(ctx, &q);
        }
        if (rc < 0) {
            warnx("%s: %s", files[f], reader_strerror(&r));
            reader_close(&r);
            return EXIT_IO;
        }
        reader_close(&r);
    }
    return 0;
}

int64_t access_detect_resolution_ns(const char *path, const struct access_cfg *ac)
{
    if (strcmp(path, "-") == 0)
        return ACCESS_MS;
    struct reader r;
    if (reader_open(&r, path) != 0)
        return ACCESS_MS; /* the main pass reports it */
    const char *line;
    size_t len;
    int seen = 0;
    bool subsecond = false;
    while (seen < ACCESS_RES_PEEK_LINES && reader_next(&r, &line, &len) == 1) {
        struct access_req q;
        const char *why;
        if (len == 0 || access_parse(ac, line, len, &q, &why) != 1)
            continue;
        seen++;
        /* the start of an end-stamped request carries the duration's fraction: use the stamp */
        int64_t stamp = q.start_ns + (ac->ts_is_end ? q.dur_ns : 0);
        if (stamp % (1000 * ACCESS_MS) != 0)
            subsecond = true;
    }
    reader_close(&r);
    return seen >= 10 && !subsecond ? 1000 * ACCESS_MS : ACCESS_MS;
}
