/*
 * cli.c — shared option parsing. Units are table-driven (after wrk's
 * units.c idea) so "ms", "s", "us" and friends are spelled once.
 */
#include "cli.h"
#include "diag.h"
#include "reader.h"
#include "report.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char common_opts_help[] =
    "Common options:\n"
    "  --json            machine-readable JSON (schema in docs/json.md)\n"
    "  --csv             CSV, one row per event or table row\n"
    "  -o, --output FILE write the report to FILE instead of standard output\n"
    "  --strict          exit 2 if any input line was not understood\n"
    "  -q, --quiet       no progress line and no warnings on stderr\n"
    "  --max-line-bytes N  skip lines longer than N bytes (default 1048576),\n"
    "                    counting each as unparsed 'line too long'\n"
    "  -h, --help        this help\n";

void common_opts_init(struct common_opts *o)
{
    memset(o, 0, sizeof *o);
    o->out = OUT_TEXT;
}

bool opt_is(const char *arg, const char *name)
{
    size_t n = strlen(name);
    return strncmp(arg, name, n) == 0 && (arg[n] == '\0' || arg[n] == '=');
}

const char *opt_value(int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    const char *eq = strchr(a, '=');
    if (a[0] == '-' && a[1] == '-' && eq)
        return eq + 1;
    if (*i + 1 >= argc)
        die(EXIT_USAGE, "option %s needs a value (see --help)", a);
    return argv[++*i];
}

bool common_opt(struct common_opts *o, int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    if (strcmp(a, "--json") == 0)
        o->out = OUT_JSON;
    else if (strcmp(a, "--csv") == 0)
        o->out = OUT_CSV;
    else if (strcmp(a, "--text") == 0)
        o->out = OUT_TEXT;
    else if (strcmp(a, "--strict") == 0)
        o->strict = true;
    else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0)
        o->quiet = true;
    else if (strcmp(a, "-o") == 0 || opt_is(a, "--output"))
        o->output_path = opt_value(argc, argv, i);
    else if (opt_is(a, "--max-line-bytes")) {
        const char *v = opt_value(argc, argv, i);
        int64_t n;
        if (!parse_int64(v, &n) || n < 1 || n > ((int64_t)1 << 30))
            die(EXIT_USAGE, "--max-line-bytes needs a byte count from 1 to 1073741824, not '%s'", v);
        reader_set_max_line((size_t)n);
    } else
        return false;
    return true;
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
    FILE *f = fopen(o->output_path, "w");
    if (!f)
        die(EXIT_IO, "cannot write %s: %s", o->output_path, strerror(errno));
    return f;
}

void common_output_close(FILE *f)
{
    if (f == stdout) {
        close_stdout();
        return;
    }
    if (fflush(f) != 0 || ferror(f) || fclose(f) != 0)
        die(EXIT_IO, "write error: %s", strerror(errno));
}

struct unit {
    const char *name;
    double us; /* microseconds per unit */
};

static const struct unit time_units[] = {
    {"ns", 0.001}, {"us", 1.0}, {"µs", 1.0}, {"ms", 1000.0}, {"s", 1e6},
    {"sec", 1e6},  {"m", 60e6}, {"min", 60e6}, {"h", 3600e6}, {"d", 86400e6},
};

bool parse_double(const char *s, double *out)
{
    if (!s || !*s)
        return false;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || *end || !isfinite(v))
        return false;
    *out = v;
    return true;
}

bool parse_int64(const char *s, int64_t *out)
{
    if (!s || !*s)
        return false;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || *end)
        return false;
    *out = v;
    return true;
}

bool parse_duration_us(const char *s, int64_t default_unit_us, int64_t *out_us)
{
    if (!s || !*s)
        return false;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || !isfinite(v) || v < 0)
        return false;
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
    double us = v * mult;
    if (us > 9e18)
        return false;
    *out_us = (int64_t)llround(us);
    return true;
}

int parse_duration_list_us(const char *s, int64_t default_unit_us, int64_t *out, int max)
{
    char *copy = xstrdup(s);
    int n = 0;
    for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ",")) {
        if (n >= max || !parse_duration_us(tok, default_unit_us, &out[n])) {
            free(copy);
            return -1;
        }
        n++;
    }
    free(copy);
    return n;
}

int parse_number_list(const char *s, double *out, int max)
{
    char *copy = xstrdup(s);
    int n = 0;
    for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ",")) {
        if (n >= max || !parse_double(tok, &out[n])) {
            free(copy);
            return -1;
        }
        n++;
    }
    free(copy);
    return n;
}

void common_render(const struct common_opts *o, const struct report_node *root,
                   const struct report_node *csv_table)
{
    FILE *out = common_output(o);
    if (o->out == OUT_JSON)
        render_json(out, root);
    else if (o->out == OUT_CSV)
        render_csv(out, csv_table);
    else
        render_text(out, root, &o->render);
    common_output_close(out);
}

int common_diag_status(const struct common_opts *o, const struct diag *d, int rc)
{
    if (!d->total)
        return rc;
    if (o->strict) {
        diag_print_stderr(d);
        return rc ? rc : EXIT_BADINPUT;
    }
    if (!o->quiet && o->out == OUT_TEXT)
        warnx("%llu line(s) not understood (listed under 'Unparsed lines'; --strict makes this an error)",
              (unsigned long long)d->total);
    return rc;
}
