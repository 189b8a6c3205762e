/*
 * lat.h — the pieces of `gclat lat` shared by lat_*.c and cmd/lat.c /
 * cmd/merge.c: the run configuration, value extraction, the accumulator
 * (histogram + cal.awk string table), the group table, the scanner.
 *
 * Units: every latency is an integer count of a base unit of base_ns
 * nanoseconds. The base unit starts at the input unit (ms by default) so
 * integer inputs are counted exactly, and becomes 10x, 100x... finer the
 * first time a value with more decimals arrives (never finer than 1 ns).
 */
#ifndef GCLAT_LAT_H
#define GCLAT_LAT_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "diag.h"
#include "hist.h"

/* ---- value extraction (lat_field.c) ---- */

enum lat_src { LAT_SRC_FIELD, LAT_SRC_AFTER_REQUEST, LAT_SRC_JSON };

struct lat_filter {
    char *pat;
    bool literal;  /* plain substring: memmem, no regex engine */
    regex_t re;
};

enum lat_by { BY_NONE, BY_PATH, BY_STATUS, BY_FILE, BY_MINUTE, BY_HOUR, BY_FIELD };

/* Order of the --by groups in the output (the "other" group always last). */
enum lat_sort { SORT_DEFAULT, SORT_COUNT, SORT_P99, SORT_NAME };

/* --route REGEX=NAME: a request path matching re is grouped as name. */
struct lat_route {
    struct lat_filter re;
    char *name;
};

#define LAT_MAX_OVER 16
/* Keys tracked per --max-groups group shown: the N busiest of the first
   LAT_TRACK_FACTOR * N distinct keys get a group of their own. */
#define LAT_TRACK_FACTOR 16

struct lat_cfg {
    enum lat_src src;
    int field;               /* LAT_SRC_FIELD: 1-based, < 0 from the end; AFTER_REQUEST: k-th token */
    bool sep_blank;          /* awk default splitting: runs of blanks, leading ignored */
    char *sep;               /* otherwise a literal separator string */
    size_t sep_len;
    char *json_key;          /* LAT_SRC_JSON */
    size_t json_key_len;
    int64_t unit_ns;         /* input unit */
    int max_scale;           /* decimals kept: log10(unit_ns) */
    int precision;           /* significant digits of the log-linear fallback */
    struct lat_filter *inc, *exc;
    size_t ninc, nexc;
    char **status;           /* "200", "5xx", "!404" */
    size_t nstatus;
    struct lat_filter *paths;
    size_t npaths;
    enum lat_by by;
    int by_field;
    struct lat_route *routes;  /* --by path: first match names the group */
    size_t nroutes;
    bool raw_paths;            /* --by path: no {id} templating */
    size_t max_groups;         /* groups shown; the rest are "other" (0 = no limit) */
    enum lat_sort sort;
    int64_t over_ns[LAT_MAX_OVER]; /* --over thresholds */
    int nover;
    int time_field;          /* 0 = auto ([..] or ISO at line start / JSON time key) */
    int64_t interval_ms;     /* 0 = no time series */
    bool cal;                /* keep the value strings for --format cal */
    bool need_meta;          /* status/path needed */
    bool need_time;
};

/* awk-style blank splitting, field k < 0 counted from the end; inline because
   it runs once per line (see lat_field.c for the semantics). */
static inline bool lat_blank(char ch) { return ch == ' ' || ch == '\t'; }

static inline uint64_t lat_load64(const char *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
    return w;
}

/* High bit set in every byte of w (little-endian order: byte k = s[k]) that
   is a space or a tab; exact (no false positives from borrows). */
static inline uint64_t lat_blank_mask(uint64_t w)
{
    const uint64_t lo7 = 0x7f7f7f7f7f7f7f7fULL;
    uint64_t a = w ^ 0x2020202020202020ULL, b = w ^ 0x0909090909090909ULL;
    uint64_t za = ~(((a & lo7) + lo7) | a | lo7);
    uint64_t zb = ~(((b & lo7) + lo7) | b | lo7);
    return za | zb;
}

static inline bool lat_field_blank_back(const char *s, size_t n, int k, const char **f, size_t *flen)
{
    size_t i = n;
    for (int idx = -1;; idx--) {
        while (i > 0 && lat_blank(s[i - 1]))
            i--;
        if (i == 0)
            return false;
        size_t e = i;
        /* the field's start: 8 bytes at a time, then byte by byte */
        while (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && i >= 8) {
            uint64_t w = lat_load64(s + i - 8);
            uint64_t m = lat_blank_mask(w);
            if (m) {
                i = i - 8 + (size_t)(63 - __builtin_clzll(m)) / 8 + 1;
                break;
            }
            i -= 8;
        }
        while (i > 0 && !lat_blank(s[i - 1]))
            i--;
        if (idx == k) {
            *f = s + i;
            *flen = e - i;
            return true;
        }
    }
}

/* Field n (1-based, negative from the end) of line; false if absent. */
bool lat_field(const struct lat_cfg *c, const char *line, size_t len, int n, const char **f, size_t *flen);
/*
 * Parse a plain decimal "123", "0.25", "12." into mantissa and number of
 * decimals. Returns 0, or a reason string for diag.
 */
const char *lat_parse_number(const char *s, size_t n, int64_t *mant, int *ndec);
/* The latency text of a line per c->src; false with *why if absent. */
bool lat_value_text(const struct lat_cfg *c, const char *line, size_t len, const char **v, size_t *vlen,
                    const char **why);
/* Common/combined log parts: request path (no query) and status. */
struct lat_meta {
    const char *path;
    size_t path_len;
    const char *status;
    size_t status_len;
};
void lat_meta(const struct lat_cfg *c, const char *line, size_t len, struct lat_meta *m);
/* Timestamp of the line in epoch ms and its zone; false if none found. */
bool lat_time(const struct lat_cfg *c, const char *line, size_t len, int64_t *ms, int32_t *tz_min);
/* "[10/Oct/2000:13:55:36 -0700" part (after '['): returns bytes consumed or 0. */
size_t lat_parse_clf_time(const char *s, size_t n, int64_t *ms, int32_t *tz_min);
/*
 * An access-log line by its own shape (any line with a number could be a
 * latency, so the number alone says nothing): a number where c puts the
 * latency, and a timestamp (lat_time) or a request (lat_meta's path). With c
 * NULL (no options known): some plain-number field and a quoted request, or
 * a timestamp with a path field ("/api/x") and a status field (100..599);
 * for a JSON line a path or time key.
 */
bool lat_line_looks_like(const struct lat_cfg *c, const char *line, size_t len);
/* Non-blank lines of a sample (see sniff.h) that lat_line_looks_like. */
size_t lat_sniff(const struct lat_cfg *c, const char *buf, size_t len);
bool lat_filter_compile(struct lat_filter *f, const char *pat, const char **err);
bool lat_filter_match(const struct lat_filter *f, const char *line, size_t len);
void lat_filter_free(struct lat_filter *f);

/* ---- --by path keys (lat_route.c) ---- */

/*
 * The group key of request path p[0..n): the NAME of the first --route whose
 * RE matches, else (unless raw_paths) the path with every segment that looks
 * like an id -- all digits, a UUID, 16+ hex digits -- replaced by "{id}".
 * The key is p itself or written to *buf (grown as needed); *klen its length.
 */
const char *lat_route_key(const struct lat_cfg *c, const char *p, size_t n, char **buf, size_t *cap,
                          size_t *klen);
/* True if segment s[0..n) is id-like (see above). */
bool lat_route_id_segment(const char *s, size_t n);

/* ---- presets and units (lat_format.c) ---- */

/* Apply a --log-format preset; false if unknown. */
bool lat_format_apply(struct lat_cfg *c, const char *name);
extern const char lat_format_help[];
/* "ms" -> 1000000 ns; 0 if unknown. */
int64_t lat_unit_ns(const char *name);
const char *lat_unit_name(int64_t ns);

/* ---- accumulator and groups (lat_group.c) ---- */

#define LAT_DENSE 2048

struct lat_strmap { /* value text -> count, for --format cal */
    char **keys;
    uint32_t *lens;
    uint64_t *vals;
    uint64_t *hashes;
    size_t cap, used;
};

/* Values an accumulator records straight into its (small-start) histogram
   before it gets the 16 KB dense array: a --by group seen a few times costs
   a few hundred bytes, a busy one gets the fast path. */
#define LAT_DENSE_AFTER 256

struct lat_acc {
    struct hist h;
    int64_t base_ns;
    int scale;               /* decimals relative to the input unit */
    uint64_t *dense;         /* counts of values < LAT_DENSE, flushed into h */
    uint64_t dense_n;
    uint32_t cold_n;         /* values recorded before dense existed (saturates) */
    int nover;               /* --over: counts of values above each threshold */
    const int64_t *over_ns;  /* thresholds (the cfg's), nover of them */
    uint64_t *over;
    struct lat_strmap *cal;  /* NULL unless --format cal */
    uint64_t *cal_dense;     /* cal: counts of canonical integer strings "0".."2047",
                                moved into cal by lat_acc_flush */
};
/* True if s[0..n) is the canonical decimal text of an integer (no leading zero). */
static inline bool lat_canonical_int(const char *s, size_t n) { return n == 1 || (n > 1 && s[0] != '0'); }

void lat_acc_init(struct lat_acc *a, int precision, int64_t unit_ns, bool cal);
/* Count values above each of over_ns[0..n) (ns; the array must outlive a). */
void lat_acc_set_over(struct lat_acc *a, const int64_t *over_ns, int n);
void lat_acc_fini(struct lat_acc *a);
/* Record a value of mant * 10^-ndec input units (text kept for cal); false if out of range. */
bool lat_acc_add(struct lat_acc *a, const struct lat_cfg *c, int64_t mant, int ndec, const char *text,
                 size_t tlen);
/* Move the dense counts into the histogram (before reading h). */
void lat_acc_flush(struct lat_acc *a);
/* Make a's base unit base_ns (finer or equal), rescaling its values. */
void lat_acc_rescale(struct lat_acc *a, int64_t base_ns);
/* Add src into dst (both flushed on return). */
void lat_acc_merge(struct lat_acc *dst, struct lat_acc *src);

void lat_strmap_add(struct lat_strmap *m, const char *s, size_t n, uint64_t count);
void lat_strmap_free(struct lat_strmap *m);

struct lat_group {
    char *key;
    size_t key_len;
    int64_t sort_key;        /* time groups and intervals sort by time */
    struct lat_acc acc;
};

/*
 * The group table. Keys are admitted in first-seen order while fewer than
 * track_max are held (0 = no limit); a request of a key not admitted goes to
 * `other`, which therefore still counts every request. With `frozen` set,
 * only keys present there are admitted (a re-scan with the admission
 * decided). Groups stay in g[] in first-seen order until lat_groups_finish.
 */
#define LAT_OTHER_KEY "(other)"

struct lat_groups {
    struct lat_group *g;
    size_t n, cap;
    uint32_t *slots;         /* open addressing over g indexes + 1 */
    size_t nslots;
    int precision;
    int64_t unit_ns;
    bool cal;
    size_t track_max;
    const struct lat_groups *frozen;
    struct lat_group *other; /* NULL until a request lands there */
    bool overflowed;         /* a key was refused for track_max (not for frozen) */
    uint64_t keys_folded;    /* tracked keys moved into other by lat_groups_finish */
    const int64_t *over_ns;  /* --over thresholds for every accumulator */
    int nover;
};

void lat_groups_init(struct lat_groups *t, int precision, int64_t unit_ns, bool cal);
void lat_groups_fini(struct lat_groups *t);
/* The group of key, created if admitted, else the other group. */
struct lat_group *lat_groups_get(struct lat_groups *t, const char *key, size_t n, int64_t sort_key);
/* The group of key if present (never creates; read-only, thread-safe). */
const struct lat_group *lat_groups_find(const struct lat_groups *t, const char *key, size_t n);
/* The other group, created empty if needed. */
struct lat_group *lat_groups_other(struct lat_groups *t);
/* Add src into dst: src's keys in src's first-seen order (admitted per dst's
   rules, else into dst's other), then src's other into dst's other. */
void lat_groups_merge(struct lat_groups *dst, struct lat_groups *src);
/* Sort by sort_key then key (deterministic output). */
void lat_groups_sort(struct lat_groups *t);
/*
 * Keep the max_groups groups with the most requests (ties: by key; 0 = all),
 * fold the others into the other group, and order what is kept: by count
 * (descending), by P99 (descending) or by key; SORT_DEFAULT is by count,
 * except time_order (minute/hour groups) by time. Every group is flushed.
 */
void lat_groups_finish(struct lat_groups *t, size_t max_groups, enum lat_sort sort, bool time_order);
/* Total requests over every group and the other group. */
uint64_t lat_groups_total(const struct lat_groups *t);

/* ---- scanning (lat_scan.c) ---- */

struct lat_result {
    struct lat_groups groups;      /* one "all" group when no --by */
    struct lat_groups intervals;   /* --interval buckets, key = start ms */
    struct diag diag;
    uint64_t lines, bytes, filtered;
    int64_t first_ms, last_ms;     /* time span seen (when times are parsed) */
    int32_t tz_min;
    bool have_time;
};

/* Distinct keys tracked for --by (0 = no limit) under c's --max-groups. */
size_t lat_track_max(const struct lat_cfg *c);
void lat_result_init(struct lat_result *r, const struct lat_cfg *c);
void lat_result_fini(struct lat_result *r);
/* Scan one input (path or "-"); threads > 1 splits a regular file. Returns 0 or an exit code. */
int lat_scan_file(const struct lat_cfg *c, const char *path, int threads, struct lat_result *r);
/* Scan a memory buffer (tests, fuzzing). */
void lat_scan_mem(const struct lat_cfg *c, const char *name, const char *data, size_t len,
                  struct lat_result *r);

/* ---- output (lat_cal.c, lat_out.c) ---- */

#include <stdio.h>
/* The seed's `sort -n | uniq -c | awk -f cal.awk` output for a's strings. */
void lat_cal_print(FILE *f, const struct lat_acc *a);
/* awk's number to string conversion (integers as %d, else %.6g). */
void lat_awk_num(char *buf, size_t len, double d);
/* Integer printing rule of gawk (true) or mawk (false, the default). */
void lat_cal_flavor(bool gawk);

struct report_node;
/* Percentile table and summary of a (flushed) accumulator, values in out_ns units. */
void lat_report_acc(struct report_node *parent, const struct lat_acc *a, const double *pct, int npct,
                    int64_t out_ns);
/* One side-by-side table: a row per statistic, a column per accumulator. */
void lat_report_columns(struct report_node *parent, const char *key, struct lat_acc **accs,
                        const char **names, int n, const double *pct, int npct, int64_t out_ns);
/* CSV/JSON-friendly flat row of one accumulator. */
void lat_report_flat(struct report_node *row, const struct lat_acc *a, const double *pct, int npct,
                     int64_t out_ns);
/* HdrHistogram's percentile distribution (.hgrm) text. */
void lat_print_hgrm(FILE *f, const struct lat_acc *a, int64_t out_ns);
/* --over: an "over" table {threshold_ms, count, share_pct} of counts[0..n) out of total. */
void lat_report_over(struct report_node *parent, const int64_t *over_ns, const uint64_t *counts, int n,
                     uint64_t total);
/* Value in output units and its decimals. */
double lat_out_value(const struct lat_acc *a, int64_t v, int64_t out_ns, int *decimals);

#endif
