/*
 * cli.c — shared option parsing. Units are table-driven (after wrk's
 * units.c idea) so "ms", "s", "us" and friends are spelled once.
 */
#include "cli.h"
#include "diag.h"
#include "headline.h"
#include "opt.h"
#include "outfile.h"
#include "reader.h"
#include "report.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void max_line_opt(void *base, const struct opt *o, const char *v)
{
    (void)base;
    (void)o;
    reader_set_max_line((size_t)opt_int("--max-line-bytes", v, 1, (int64_t)1 << 30));
}

#define CO struct common_opts
_Static_assert(sizeof(enum out_format) == sizeof(int), "OPT_SET stores an int");
static const struct opt common_group_opts[] = {
    OPT_SET(CO, out, OUT_JSON, "json", 0, "machine-readable JSON (schema in docs/json.md)"),
    OPT_SET(CO, out, OUT_CSV, "csv", 0, "CSV, one row per event or table row"),
    OPT_SET(CO, out, OUT_HTML, "html", 0, "one self-contained HTML page (docs/html.md)"),
    OPT_SET(CO, out, OUT_TEXT, "text", 0, "text, for people (the default)"),
    OPT_STR(CO, output_path, "output", 'o', "FILE", "write the report to FILE instead of standard output"),
    OPT_FLAG(CO, render.full, "full", 0, "text: the whole report (default: the first screen, a verdict\n"
                                         "line, the figures that carry it and the findings one line each)"),
    OPT_FLAG(CO, render.explain, "explain", 0, "text: what each finding means and what to change, under its line"),
    OPT_FLAG(CO, strict, "strict", 0, "exit 2 if any input line was not understood"),
    OPT_FLAG(CO, quiet, "quiet", 'q', "no progress line and no warnings on stderr"),
    OPT_CALL("max-line-bytes", 0, "N", max_line_opt, "skip lines longer than N bytes (default 1048576),\n"
                                                     "counting each as unparsed 'line too long'"),
    OPT_HELP("this help"),
    OPT_END,
};
#undef CO
const struct opt_group opt_common_group = {"Common options", common_group_opts};

void common_opts_init(struct common_opts *o)
{
    memset(o, 0, sizeof *o);
    o->out = OUT_TEXT;
}

void common_opts_finish(struct common_opts *o)
{
    bool to_stdout = !o->output_path || strcmp(o->output_path, "-") == 0;
    o->render.color = o->out == OUT_TEXT && to_stdout && render_want_color(1);
    reader_progress_enable(!o->quiet && isatty(2));
    reader_warnings_enable(!o->quiet);
}

FILE *common_output(const struct common_opts *o)
{
    if (!o->output_path || strcmp(o->output_path, "-") == 0)
        return stdout;
    return outfile_open(o->output_path);
}

void common_output_close(FILE *f)
{
    if (f == stdout) {
        close_stdout();
        return;
    }
    outfile_commit(f);
}

void common_output_discard(FILE *f)
{
    if (f == stdout)
        fflush(stdout);
    else
        outfile_discard(f);
}

struct unit {
    const char *name;
    double us; /* microseconds per unit */
};

static const struct unit time_units[] = {
    {"ns", 0.001}, {"us", 1.0}, {"µs", 1.0}, {"ms", 1000.0}, {"s", 1e6},
    {"sec", 1e6},  {"m", 60e6}, {"min", 60e6}, {"h", 3600e6}, {"d", 86400e6},
};

/*
 * Length of the decimal number at the start of s: [+-]digits[.digits][e[+-]digits]
 * (or [+-].digits...). Spelled out because strtod also takes " 5", "inf",
 * "nan" and "0x1p4", none of which is a value anyone means on a command line.
 */
static size_t number_prefix(const char *s)
{
    size_t i = 0, digits = 0;
    if (s[i] == '+' || s[i] == '-')
        i++;
    while (s[i] >= '0' && s[i] <= '9')
        i++, digits++;
    if (s[i] == '.') {
        i++;
        while (s[i] >= '0' && s[i] <= '9')
            i++, digits++;
    }
    if (!digits)
        return 0;
    if (s[i] == 'e' || s[i] == 'E') {
        size_t j = i + 1;
        if (s[j] == '+' || s[j] == '-')
            j++;
        if (s[j] >= '0' && s[j] <= '9') {
            while (s[j] >= '0' && s[j] <= '9')
                j++;
            i = j;
        }
    }
    return i;
}

/* strtod over exactly the first n bytes of s; false if out of range. */
static bool number_value(const char *s, size_t n, double *out)
{
    char buf[64];
    if (n == 0 || n >= sizeof buf)
        return false;
    memcpy(buf, s, n);
    buf[n] = '\0';
    errno = 0;
    double v = strtod(buf, NULL);
    if (errno == ERANGE || !isfinite(v))
        return false;
    *out = v;
    return true;
}

bool parse_double(const char *s, double *out)
{
    if (!s)
        return false;
    size_t n = number_prefix(s);
    return n && s[n] == '\0' && number_value(s, n, out);
}

bool parse_int64(const char *s, int64_t *out)
{
    if (!s)
        return false;
    size_t i = s[0] == '+' || s[0] == '-';
    if (!(s[i] >= '0' && s[i] <= '9'))
        return false;
    while (s[i] >= '0' && s[i] <= '9')
        i++;
    if (s[i])
        return false;
    errno = 0;
    long long v = strtoll(s, NULL, 10);
    if (errno == ERANGE)
        return false;
    *out = v;
    return true;
}

bool parse_duration_us(const char *s, int64_t default_unit_us, int64_t *out_us)
{
    if (!s)
        return false;
    size_t n = number_prefix(s);
    double v;
    if (!n || !number_value(s, n, &v) || v < 0)
        return false;
    const char *end = s + n;
    double mult = (double)default_unit_us;
    if (*end) {
        bool found = false;
        for (size_t i = 0; i < ARRAY_LEN(time_units); i++)
            if (strcmp(end, time_units[i].name) == 0) {
                mult = time_units[i].us;
                found = true;
                break;
            }
        if (!found)
            return false;
    }
    /* the bound keeps every later us * 1000 (to ns) and sum far from int64's edge */
    double us = v * mult;
    if (!(us <= (double)CLI_DURATION_MAX_US))
        return false;
    *out_us = (int64_t)llround(us);
    return true;
}

/*
 * Split s at commas into at most max items; an empty item ("50,,99", a
 * trailing comma) is an error, not something to skip. Returns the count, or
 * -1 (empty item) / -2 (too many). Items are heap strings.
 */
static int split_items(const char *s, char **items, int max)
{
    int n = 0;
    const char *p = s;
    for (;;) {
        const char *c = strchr(p, ',');
        size_t l = c ? (size_t)(c - p) : strlen(p);
        if (l == 0 || n >= max) {
            for (int k = 0; k < n; k++)
                free(items[k]);
            return l == 0 ? -1 : -2;
        }
        items[n++] = xstrndup(p, l);
        if (!c)
            return n;
        p = c + 1;
    }
}

int parse_duration_list_us(const char *s, int64_t default_unit_us, int64_t *out, int max)
{
    char *items[CLI_LIST_MAX];
    int n = split_items(s, items, max < CLI_LIST_MAX ? max : CLI_LIST_MAX);
    bool ok = n > 0;
    for (int k = 0; k < n; k++) {
        ok = ok && parse_duration_us(items[k], default_unit_us, &out[k]);
        free(items[k]);
    }
    return ok ? n : -1;
}

int parse_number_list(const char *s, double *out, int max)
{
    char *items[CLI_LIST_MAX];
    int n = split_items(s, items, max < CLI_LIST_MAX ? max : CLI_LIST_MAX);
    bool ok = n > 0;
    for (int k = 0; k < n; k++) {
        ok = ok && parse_double(items[k], &out[k]);
        free(items[k]);
    }
    return ok ? n : -1;
}

/* "--timeout=5s" names the option "--timeout" in messages. */
static int name_len(const char *opt)
{
    const char *eq = opt[0] == '-' && opt[1] == '-' ? strchr(opt, '=') : NULL;
    return eq ? (int)(eq - opt) : (int)strlen(opt);
}

static void fmt_duration(char *buf, size_t len, int64_t us)
{
    if (us == 0)
        snprintf(buf, len, "0");
    else if (us >= 86400000000LL && us % 86400000000LL == 0)
        snprintf(buf, len, "%lld d", (long long)(us / 86400000000LL));
    else if (us >= 1000000 && us % 1000000 == 0)
        snprintf(buf, len, "%lld s", (long long)(us / 1000000));
    else if (us >= 1000 && us % 1000 == 0)
        snprintf(buf, len, "%lld ms", (long long)(us / 1000));
    else
        snprintf(buf, len, "%lld us", (long long)us);
}

int64_t opt_duration_us(const char *opt, const char *v, int64_t default_unit_us, int64_t min_us)
{
    int64_t us;
    if (parse_duration_us(v, default_unit_us, &us) && us >= min_us)
        return us;
    char lo[32], hi[32], unit[32];
    fmt_duration(lo, sizeof lo, min_us);
    fmt_duration(hi, sizeof hi, CLI_DURATION_MAX_US);
    fmt_duration(unit, sizeof unit, default_unit_us);
    die(EXIT_USAGE, "bad %.*s '%s': a duration from %s to %s, like 100ms, 1.5s, 2m (bare numbers: %s)",
        name_len(opt), opt, v, lo, hi, strchr(unit, ' ') + 1);
}

int opt_duration_list_us(const char *opt, const char *v, int64_t default_unit_us, int64_t min_us,
                         int64_t *out, int max)
{
    int n = parse_duration_list_us(v, default_unit_us, out, max);
    for (int k = 0; k < n; k++)
        if (out[k] < min_us)
            n = -1;
    if (n > 0)
        return n;
    char lo[32], hi[32];
    fmt_duration(lo, sizeof lo, min_us);
    fmt_duration(hi, sizeof hi, CLI_DURATION_MAX_US);
    die(EXIT_USAGE, "bad %.*s list '%s': at most %d comma-separated durations from %s to %s, "
        "like 10ms,100ms,1s", name_len(opt), opt, v, max, lo, hi);
}

int64_t opt_int(const char *opt, const char *v, int64_t min, int64_t max)
{
    int64_t x;
    if (parse_int64(v, &x) && x >= min && x <= max)
        return x;
    die(EXIT_USAGE, "bad %.*s '%s': a whole number from %lld to %lld", name_len(opt), opt, v,
        (long long)min, (long long)max);
}

double opt_num(const char *opt, const char *v, double min, double max)
{
    double x;
    if (parse_double(v, &x) && x >= min && x <= max)
        return x;
    die(EXIT_USAGE, "bad %.*s '%s': a number from %g to %g", name_len(opt), opt, v, min, max);
}

double opt_pct(const char *opt, const char *v, double min, double max)
{
    size_t n = strlen(v);
    char *b = xstrndup(v, n && v[n - 1] == '%' ? n - 1 : n);
    double x;
    bool ok = parse_double(b, &x) && x >= min && x <= max;
    free(b);
    if (ok)
        return x;
    die(EXIT_USAGE, "bad %.*s '%s': a percentage from %g to %g (e.g. 50 or 50%%)", name_len(opt), opt, v,
        min, max);
}

int opt_percentile_list(const char *opt, const char *v, double *out, int max)
{
    int n = parse_number_list(v, out, max);
    for (int k = 0; k < n; k++)
        if (out[k] < 0 || out[k] > 100)
            n = -1;
    if (n > 0)
        return n;
    die(EXIT_USAGE, "bad %.*s list '%s': at most %d comma-separated percentiles from 0 to 100, "
        "like 50,99,99.9", name_len(opt), opt, v, max);
}

int opt_status_list(const char *opt, const char *v, char ***out)
{
    char **items = NULL;
    int n = 0;
    const char *p = v;
    for (;;) {
        const char *c = strchr(p, ',');
        size_t l = c ? (size_t)(c - p) : strlen(p);
        const char *q = p + (l && p[0] == '!');
        size_t ql = l - (size_t)(q - p);
        bool ok = ql == 3;
        for (size_t j = 0; ok && j < 3; j++)
            ok = (q[j] >= '0' && q[j] <= '9') || q[j] == 'x' || q[j] == 'X';
        if (!ok) {
            if (l == 0)
                die(EXIT_USAGE, "bad %.*s '%s': an empty item; give a comma-separated list like 200,5xx,!404",
                    name_len(opt), opt, v);
            die(EXIT_USAGE, "bad %.*s '%s': '%.*s' is not a status pattern; give three digits or x each, "
                "! to exclude (200,5xx,!404)", name_len(opt), opt, v, (int)l, p);
        }
        if (n >= CLI_LIST_MAX)
            die(EXIT_USAGE, "bad %.*s '%s': more than %d items", name_len(opt), opt, v, CLI_LIST_MAX);
        items = xrealloc(items, (size_t)(n + 1) * sizeof *items);
        items[n++] = xstrndup(p, l);
        if (!c)
            break;
        p = c + 1;
    }
    *out = items;
    return n;
}

void common_render_people(const struct common_opts *o, FILE *f, struct report_node *root)
{
    if (o->out == OUT_HTML)
        common_render_html(o, f, root);
    else
        render_text(f, root, &o->render);
}

void common_render_html(const struct common_opts *o, FILE *f, struct report_node *root)
{
    /* "gclat gc" -> the headline table's "gc" */
    const char *cmd = strncmp(prog_name, "gclat ", 6) == 0 ? prog_name + 6 : prog_name;
    headline_report(root, cmd);
    struct html_opts h = {.title = prog_name, .subtitle = o->html_subtitle};
    render_html(f, root, &h);
}

static char *html_subtitle; /* reachable until exit: one page per process */

void common_html_inputs(struct common_opts *o, char *const *files, int nfiles)
{
    if (nfiles <= 0)
        return;
    char *s = xstrdup(files[0]);
    for (int i = 1; i < nfiles && i < 3; i++) {
        char *t = xasprintf("%s, %s", s, files[i]);
        free(s);
        s = t;
    }
    if (nfiles > 3) {
        char *t = xasprintf("%s and %d more", s, nfiles - 3);
        free(s);
        s = t;
    }
    free(html_subtitle);
    o->html_subtitle = html_subtitle = s;
}

void common_render(const struct common_opts *o, struct report_node *root,
                   const struct report_node *csv_table)
{
    FILE *out = common_output(o);
    if (o->out == OUT_HTML) {
        common_render_html(o, out, root);
        common_output_close(out);
        return;
    }
    if (o->out == OUT_JSON)
        render_json(out, root);
    else if (o->out == OUT_CSV)
        render_csv(out, csv_table);
    else
        render_text(out, root, &o->render);
    common_output_close(out);
}

bool common_diag_warn(const struct diag *d, uint64_t lines)
{
    if (!d->total || !lines || d->total * 100 <= (uint64_t)UNPARSED_WARN_PCT * lines)
        return false;
    /* name the file: the first example's, the earliest line skipped */
    const char *file = NULL;
    bool more = false;
    for (size_t i = 0; i < d->n; i++)
        for (int k = 0; k < d->r[i].nex; k++) {
            const char *f = d->r[i].ex[k].file;
            if (!file)
                file = f;
            else if (f && strcmp(f, file) != 0)
                more = true;
        }
    unsigned pct = (unsigned)(d->total * 100 / lines);
    warnx("%s%s: %u%% of the lines read were not understood (%llu of %llu): the figures come from "
          "the rest, and may be wrong (see 'Unparsed lines'; --strict makes this an error)",
          file ? file : "input", more ? " and others" : "", pct, (unsigned long long)d->total,
          (unsigned long long)lines);
    return true;
}

int common_diag_status(const struct common_opts *o, const struct diag *d, int rc)
{
    if (!d->total)
        return rc;
    if (o->strict) {
        diag_print_stderr(d);
        return rc ? rc : EXIT_BADINPUT;
    }
    if (common_diag_warn(d, d->lines_read))
        return rc;
    if (!o->quiet && o->out == OUT_TEXT)
        warnx("%llu line(s) not understood (listed under 'Unparsed lines'; --strict makes this an error)",
              (unsigned long long)d->total);
    return rc;
}
