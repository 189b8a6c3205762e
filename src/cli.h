/*
 * cli.h — what every subcommand parses the same way: output selection
 * (--json, --csv, text), --strict, --quiet, and values with units
 * ("100ms", "1.5s", "250us", "10%", "300%"). Each subcommand owns its other
 * options; this keeps the shared ones spelled and documented once.
 */
#ifndef GCLAT_CLI_H
#define GCLAT_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "render.h"

enum out_format { OUT_TEXT, OUT_JSON, OUT_CSV, OUT_HTML };

struct common_opts {
    enum out_format out;
    bool strict;     /* any unparsed line is an error (exit 2) */
    bool quiet;      /* no progress line, no warnings */
    const char *output_path; /* -o FILE, or NULL for stdout */
    struct render_opts render;
    /* --html: the page's subtitle (what was read), set by the command; may be NULL */
    const char *html_subtitle;
};

void common_opts_init(struct common_opts *o);
/* Finish set-up after parsing: colour, progress line. */
void common_opts_finish(struct common_opts *o);
/*
 * The common options as an option group (opt.h) over a struct common_opts:
 * every command lists it among its groups (watch excepted: it has its own
 * --json, -q and --html FILE), so they are parsed and documented once.
 */
struct opt_group;
extern const struct opt_group opt_common_group;

/*
 * Every option value goes through one of these parsers. The syntax is
 * strict: a number is [+-]digits[.digits][e[+-]digits], nothing else ("inf",
 * "0x10", " 5" are refused); a list item may not be empty ("50,,99" and a
 * trailing comma are errors); a duration is at most CLI_DURATION_MAX_US, so
 * converting it to nanoseconds or adding a few cannot overflow int64.
 */
#define CLI_DURATION_MAX_US (366LL * 86400 * 1000000) /* a leap year: beyond any timeout or window */
#define CLI_LIST_MAX 64

/*
 * Duration with unit to microseconds: "100ms", "1.5s", "250us", "2m", "1h",
 * "1d", "500ns"; a bare number uses default_unit_us (e.g. 1000 for ms).
 * Returns false if malformed, negative or above CLI_DURATION_MAX_US.
 */
bool parse_duration_us(const char *s, int64_t default_unit_us, int64_t *out_us);
/* Comma-separated durations: "1ms,10ms,100ms". At most max; returns count or -1. */
int parse_duration_list_us(const char *s, int64_t default_unit_us, int64_t *out, int max);
/* Plain number list "50,99,99.9". Returns count or -1. */
int parse_number_list(const char *s, double *out, int max);
/* Strict number parse of the whole string (finite, in range of the type). */
bool parse_double(const char *s, double *out);
bool parse_int64(const char *s, int64_t *out);

/*
 * The same, for an option: the value or exit EXIT_USAGE with a message that
 * names the option (opt may be "--x" or "--x=V"), the value and what is
 * accepted. Bounds are inclusive.
 */
int64_t opt_duration_us(const char *opt, const char *v, int64_t default_unit_us, int64_t min_us);
int opt_duration_list_us(const char *opt, const char *v, int64_t default_unit_us, int64_t min_us,
                         int64_t *out, int max);
int64_t opt_int(const char *opt, const char *v, int64_t min, int64_t max);
double opt_num(const char *opt, const char *v, double min, double max);
/* A number with an optional trailing '%'. */
double opt_pct(const char *opt, const char *v, double min, double max);
/* Percentiles, each within 0..100. Returns the count (>= 1). */
int opt_percentile_list(const char *opt, const char *v, double *out, int max);
/* HTTP status patterns "200,5xx,!404": three digits or x each, optional leading '!'. */
int opt_status_list(const char *opt, const char *v, char ***out);

/*
 * Open the output stream per common opts: stdout, or -o FILE written through
 * a temporary file that replaces FILE only when complete (outfile.h).
 */
#include <stdio.h>
FILE *common_output(const struct common_opts *o);
/* Flush and close an output stream (rename -o FILE into place), exiting EXIT_IO on a write error. */
void common_output_close(FILE *f);
/* The run failed: drop what was written to -o FILE, which keeps its old content. */
void common_output_discard(FILE *f);
struct report_node;
struct diag;
/*
 * Write the report where the common options say, in the format they say:
 * JSON (the whole tree), CSV (csv_table, an array of row objects; nothing if
 * NULL), HTML (the whole tree as a page led by the command's key figures,
 * headline.h: root gains them) or text. Exits EXIT_IO on a write error.
 */
void common_render(const struct common_opts *o, struct report_node *root,
                   const struct report_node *csv_table);
/* Text or, with --html, the page (common_render_html): the renderers for people. */
void common_render_people(const struct common_opts *o, FILE *f, struct report_node *root);
/* --html: the page for root on f, titled after the command (prog_name), with its key figures. */
void common_render_html(const struct common_opts *o, FILE *f, struct report_node *root);
/* A subtitle naming the inputs ("FILE, FILE and N more"), for o->html_subtitle; heap, static lifetime. */
void common_html_inputs(struct common_opts *o, char *const *files, int nfiles);
/*
 * The unparsed-lines tail every command shares: a one-line warning on stderr
 * in text mode, or with --strict the full list and EXIT_BADINPUT. Returns the
 * exit code to use given the command's own rc.
 */
int common_diag_status(const struct common_opts *o, const struct diag *d, int rc);
/*
 * Mostly-unparsed input: when more than UNPARSED_WARN_PCT percent of the
 * lines read (lines: those a parser was asked to understand) were not
 * understood, one warning on stderr naming the file and the share, whatever
 * the output format and even with --quiet: the figures printed may be
 * wrong. Returns true if it warned. common_diag_status calls it; commands
 * with their own tail call it themselves.
 */
#define UNPARSED_WARN_PCT 20
bool common_diag_warn(const struct diag *d, uint64_t lines);

#endif
