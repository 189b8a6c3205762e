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
#include <stdint.h>

enum rn_kind { RN_NULL, RN_BOOL, RN_INT, RN_NUM, RN_STR, RN_OBJ, RN_ARR };

enum {
    RF_NOTEXT = 1u << 0, /* JSON/CSV only: hidden in the text rendering */
    RF_TABLE = 1u << 1,  /* array of objects: render as a table in text */
    RF_NOJSON = 1u << 2, /* text only */
    RF_WIDE = 1u << 3,   /* table: do not truncate long cells */
    RF_FINDINGS = 1u << 4, /* array of findings {severity,title,summary,first,worst,meaning,advice}: compact text form */
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

#endif
