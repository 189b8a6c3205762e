/*
 * report.h — the report tree: what an analysis found, as neutral data.
 *
 * A tree of nodes shaped like JSON (objects keep insertion order, so output
 * is deterministic), with presentation hints the renderers read: a human
 * title, a unit, decimals for numbers, and flags. Analyses build the tree;
 * renderers (render.h) turn it into text, JSON or CSV and compute nothing.
 * Strings are copied into the tree; log-derived text is escaped by each
 * renderer for its own output (JSON escapes, HTML entities, CSV quotes).
 */
#ifndef GCLAT_REPORT_H
#define GCLAT_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum rn_kind { RN_NULL, RN_BOOL, RN_INT, RN_NUM, RN_STR, RN_OBJ, RN_ARR };

enum {
    RF_NOTEXT = 1u << 0, /* JSON/CSV only: hidden in the text rendering */
    RF_TABLE = 1u << 1,  /* array of objects: render as a table in text */
    RF_NOJSON = 1u << 2, /* text only */
    RF_WIDE = 1u << 3,   /* table: do not truncate long cells */
    RF_FINDINGS = 1u << 4, /* array of findings {severity,title,summary,first,worst,meaning,advice}: compact text form */
    /*
     * The first screen (docs/readme/00-intro.md): the default text is the
     * verdict, the few figures that carry it and the findings one line each;
     * --full adds every RF_DETAIL node, --explain the findings' meaning and
     * advice. JSON and CSV ignore both flags.
     */
    RF_DETAIL = 1u << 5,  /* text only with --full */
    RF_VERDICT = 1u << 6, /* string child of the root: printed first, as one bare line */
    RF_BRIEF = 1u << 7,   /* text only without --full: a compact stand-in for detail */
};

struct report_node {
    enum rn_kind kind;
    char *key;      /* NULL for array elements */
    char *title;    /* human label for text output; defaults to key */
    char *unit;     /* printed after the value in text output */
    unsigned flags;
    int decimals;   /* RN_NUM: digits after the point */
    bool b;
    int64_t i;
    double d;
    char *s;
    struct report_node *first, *last, *next, *parent;
};

enum {
    /*
     * HTML (render_html.c, docs/html.md). The bits start at 10 so that flags
     * other renderers add meanwhile do not collide.
     *
     * RF_SERIES: a chart, drawn by the HTML renderer and nothing else (set
     *   RF_NOTEXT | RF_NOJSON with it). An object, key = chart id, title =
     *   chart title: x_axis / y_axis ("time", "lin", "log", "spectrum"),
     *   x_label / y_label, optional note, tz_offset_min, x_range [lo, hi],
     *   and series: [{name, style ("dots", "line", "bars", "path"), color,
     *   count (input points it stands for), points: flat [x, y, ...] or for
     *   bars [x0, x1, y, ...]}]. Built by chart_node.h; already aggregated
     *   (at most a few points per pixel column), so the renderer only draws.
     * RF_HEADLINE: a key figure for the first screen. A scalar is one
     *   figure (title = its label); an object is a group of figures (title =
     *   the group's name, e.g. a run); an array is a block shown right after
     *   the figures (e.g. a findings table). Built by headline.h.
     * RF_FOLD: shown folded (<details>) in HTML.
     * RF_HTML: shown in HTML even when RF_NOTEXT (HTML follows the text
     *   view otherwise). RF_NOHTML: not shown in HTML.
     */
    RF_SERIES = 1u << 10,
    RF_HEADLINE = 1u << 11,
    RF_FOLD = 1u << 12,
    RF_HTML = 1u << 13,
    RF_NOHTML = 1u << 14,
};

struct report_node *rn_root(void);
void rn_free(struct report_node *n);

/* Add a child to an object (key required) or array (key NULL). */
struct report_node *rn_obj(struct report_node *parent, const char *key);
struct report_node *rn_arr(struct report_node *parent, const char *key);
struct report_node *rn_int(struct report_node *parent, const char *key, int64_t v);
/* Non-finite values render as null. */
struct report_node *rn_num(struct report_node *parent, const char *key, double v, int decimals);
struct report_node *rn_str(struct report_node *parent, const char *key, const char *s);
struct report_node *rn_strn(struct report_node *parent, const char *key, const char *s, int len);
struct report_node *rn_bool(struct report_node *parent, const char *key, bool v);
struct report_node *rn_null(struct report_node *parent, const char *key);

struct report_node *rn_title(struct report_node *n, const char *title);
struct report_node *rn_unit(struct report_node *n, const char *unit);
struct report_node *rn_flags(struct report_node *n, unsigned flags);

/*
 * The verdict line of a report: a text-only string (RF_VERDICT | RF_NOJSON)
 * put first in root, so JSON stays what it was.
 */
struct report_node *rn_verdict(struct report_node *root, const char *text);
/*
 * What a findings array holds, for a verdict: "1 critical, 2 warnings, 1 info"
 * by "severity" (rows without one count as "findings"), "no findings" if empty.
 */
void rn_findings_tally(const struct report_node *findings, char *buf, size_t len);
/* Flag the children of obj named in keys (NULL-terminated); missing keys are skipped. */
void rn_flag_keys(struct report_node *obj, const char *const *keys, unsigned flags);

/* Move child (of parent) to just after `after` (NULL: to the front). */
void rn_move_after(struct report_node *parent, struct report_node *child, struct report_node *after);
/*
 * Make n's subtree hold what its JSON text says, as a JSON reader would read
 * it back: RF_NOJSON nodes gone, numbers rounded to their printed decimals
 * (decimals 0: an integer), non-finite ones null, titles, units and flags
 * dropped. compare and report read a command's tree through this, so they
 * show the figures that command prints.
 */
void rn_as_json(struct report_node *n);
/* Child of an object by key, or NULL. */
struct report_node *rn_get(const struct report_node *obj, const char *key);
/* Number of children. */
int rn_len(const struct report_node *n);
/* Numeric value of an INT or NUM node (0 otherwise). */
double rn_value(const struct report_node *n);
/*
 * The node at a path below n: components split by '/', each "key",
 * "key[N]" (element N of an array) or "key[field=value]" (the element
 * whose string field equals value). NULL when any step is missing.
 */
const struct report_node *rn_path(const struct report_node *n, const char *path);
/* The same for the first path_len bytes of path (one of compare's '|' alternatives). */
const struct report_node *rn_path_len(const struct report_node *n, const char *path, size_t path_len);
/* A scalar copy of src (value, decimals, unit, title) under parent; NULL if src is not a scalar. */
struct report_node *rn_copy_scalar(struct report_node *parent, const char *key, const struct report_node *src);
/*
 * A deep copy of src (and its children) as the last child of parent, under
 * src's key. Every node of the copy has src's flags less `clear`, plus `set`.
 */
struct report_node *rn_copy(struct report_node *parent, const struct report_node *src, unsigned clear, unsigned set);
/* Make the parentless tree `child` (e.g. an rn_root()) the last child of parent, under key. */
struct report_node *rn_adopt(struct report_node *parent, const char *key, struct report_node *child);

#endif
