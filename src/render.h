/*
 * render.h — report tree to bytes. A renderer computes nothing: it only
 * formats what the analyses put in the tree. All write to a FILE*; callers
 * check the stream with close_stdout().
 */
#ifndef GCLAT_RENDER_H
#define GCLAT_RENDER_H

#include <stdbool.h>
#include <stdio.h>

#include "report.h"

struct render_opts {
    bool color;   /* ANSI colour in text output (never when NO_COLOR is set) */
    bool full;    /* --full: RF_DETAIL nodes too, findings in their long form */
    bool explain; /* --explain: each finding's meaning and advice under its line */
};

/* JSON: 2-space indented, keys in insertion order, numbers with fixed decimals. */
void render_json(FILE *f, const struct report_node *root);
/*
 * Text for people: sections with titles, "label: value unit" lines, tables.
 * The root's RF_VERDICT line comes first; RF_DETAIL nodes only with o->full;
 * RF_FINDINGS arrays one line per finding unless o->full (the long form) or
 * o->explain (meaning and advice under each line). When something was left
 * out, a last line says which option shows it.
 */
void render_text(FILE *f, const struct report_node *root, const struct render_opts *o);
/* HTML page: what the header and footer say (every string is escaped). */
struct html_opts {
    const char *title;    /* <title> and <h1> (default "gclat") */
    const char *subtitle; /* one line under the title, or NULL */
    const char *footer;   /* a paragraph above the colophon, or NULL */
    int refresh_s;        /* > 0: <meta http-equiv="refresh"> every refresh_s s (a live page: watch) */
};
/*
 * One self-contained HTML page (inline CSS and SVG; no script, nothing
 * fetched): the key figures (RF_HEADLINE), the findings one line each with
 * their details folded (RF_FINDINGS), the charts (RF_SERIES), then the rest
 * of the tree as in the text view, long tables folded. Deterministic.
 */
void render_html(FILE *f, const struct report_node *root, const struct html_opts *o);
/* CSV of one array of objects: a header from the first element's scalar keys. */
void render_csv(FILE *f, const struct report_node *array);

/* JSON string literal with escapes (also used by other writers). */
void json_write_string(FILE *f, const char *s);
/*
 * CSV field: control bytes escaped (escape.h), quoted when needed (RFC 4180),
 * and a would-be formula quoted with a leading ' (see render_csv.c).
 */
void csv_write_field(FILE *f, const char *s);
/* The whole of s is a plain decimal number ("-1.5", "+3", "2e-3"). */
bool csv_is_number(const char *s);
/* s starts with = + - @ TAB or CR and is not a number: a spreadsheet would evaluate it. */
bool csv_is_formula(const char *s);
/* Format a scalar node's value into buf (text and CSV share it). */
void render_scalar(const struct report_node *n, char *buf, size_t len);

/* Decide colour: only when fd is a terminal and NO_COLOR is unset/empty. */
bool render_want_color(int fd);

#endif
