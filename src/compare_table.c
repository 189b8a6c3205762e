/*
 * compare_table.c — the comparison: numbers read at fixed metric paths in
 * each run's subtrees (compare.h), one row per metric that at least one run
 * has, the change in % against the first run, and --fail-if conditions.
 *
 * Metric ids are what --fail-if names: bare names (p99, mean, count) are the
 * request latency of access logs; gc.* the GC pauses; cpu.* the top -b
 * samples of the run's JVM (compare_input.c chose it; cpu runs for it alone). Rows whose metric no run has are left out; a run without the
 * number shows "-". The change is (run - baseline) / baseline * 100, and is
 * not defined (shown "-") when either value is missing or the baseline is 0
 * while the run is not.
 */
#include "compare.h"
#include "cli.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mdef {
    const char *id;
    enum compare_kind kind;
    const char *section;
    const char *title;
    const char *paths; /* alternatives separated by '|', components by "/", "key[N]" or "key[field=value]" select in arrays */
    const char *unit;
    int decimals;
    double scale;      /* multiply the value found (0 = 1) */
    bool complement;   /* value = 100 - found (share from throughput) */
};

/* Latency paths follow `gclat lat --json`; CPU paths `gclat cpu --json`. */
static const struct mdef defs[] = {
    {"count", CK_ACCESS, "latency", "requests", "lat/summary/count", "", 0, 0, false},
    {"mean", CK_ACCESS, "latency", "mean", "lat/summary/mean", "ms", 3, 0, false},
    {"stddev", CK_ACCESS, "latency", "stddev", "lat/summary/stddev", "ms", 3, 0, false},
    {"p50", CK_ACCESS, "latency", "P50", "lat/percentiles[percentile=P50]/value", "ms", 3, 0, false},
    {"p66", CK_ACCESS, "latency", "P66", "lat/percentiles[percentile=P66]/value", "ms", 3, 0, false},
    {"p80", CK_ACCESS, "latency", "P80", "lat/percentiles[percentile=P80]/value", "ms", 3, 0, false},
    {"p85", CK_ACCESS, "latency", "P85", "lat/percentiles[percentile=P85]/value", "ms", 3, 0, false},
    {"p90", CK_ACCESS, "latency", "P90", "lat/percentiles[percentile=P90]/value", "ms", 3, 0, false},
    {"p95", CK_ACCESS, "latency", "P95", "lat/percentiles[percentile=P95]/value", "ms", 3, 0, false},
    {"p98", CK_ACCESS, "latency", "P98", "lat/percentiles[percentile=P98]/value", "ms", 3, 0, false},
    {"p99", CK_ACCESS, "latency", "P99", "lat/percentiles[percentile=P99]/value", "ms", 3, 0, false},
    {"p99.9", CK_ACCESS, "latency", "P99.9", "lat/percentiles[percentile=P99.9]/value", "ms", 3, 0, false},
    {"p99.99", CK_ACCESS, "latency", "P99.99", "lat/percentiles[percentile=P99.99]/value", "ms", 3, 0, false},
    {"max", CK_ACCESS, "latency", "max (P100)", "lat/summary/max", "ms", 3, 0, false},
    /* a saved wrk / wrk2 output (gclat lat reads it back): what the load run measured */
    {"load.requests", CK_ACCESS, "load run (wrk)", "requests", "wrk[0]/requests", "", 0, 0, false},
    {"load.rate", CK_ACCESS, "load run (wrk)", "requests/s", "wrk[0]/rate_achieved", "req/s", 1, 0, false},
    {"load.errors", CK_ACCESS, "load run (wrk)", "errors", "wrk[0]/errors", "", 0, 0, false},
    {"load.p50", CK_ACCESS, "load run (wrk)", "latency P50 (from intended send)", "wrk[0]/latency_ms/p50", "ms", 3, 0, false},
    {"load.p99", CK_ACCESS, "load run (wrk)", "latency P99 (from intended send)", "wrk[0]/latency_ms/p99", "ms", 3, 0, false},
    {"load.p99.9", CK_ACCESS, "load run (wrk)", "latency P99.9 (from intended send)", "wrk[0]/latency_ms/p99.9", "ms", 3, 0, false},
    {"load.service.p50", CK_ACCESS, "load run (wrk)", "service time P50", "wrk[0]/service_time_ms/p50", "ms", 3, 0, false},
    {"load.service.p99", CK_ACCESS, "load run (wrk)", "service time P99", "wrk[0]/service_time_ms/p99", "ms", 3, 0, false},
    {"load.service.max", CK_ACCESS, "load run (wrk)", "service time max", "wrk[0]/service_time_ms/max", "ms", 3, 0, false},

    {"gc.count", CK_GC, "gc pauses", "pauses", "pauses/count", "", 0, 0, false},
    {"gc.total", CK_GC, "gc pauses", "pause time total", "pauses/total_ms", "ms", 3, 0, false},
    {"gc.mean", CK_GC, "gc pauses", "pause mean", "pauses/mean_ms", "ms", 3, 0, false},
    {"gc.stddev", CK_GC, "gc pauses", "pause stddev", "pauses/stddev_ms", "ms", 3, 0, false},
    {"gc.p50", CK_GC, "gc pauses", "pause P50", "pauses/percentiles/p50", "ms", 3, 0, false},
    {"gc.p90", CK_GC, "gc pauses", "pause P90", "pauses/percentiles/p90", "ms", 3, 0, false},
    {"gc.p95", CK_GC, "gc pauses", "pause P95", "pauses/percentiles/p95", "ms", 3, 0, false},
    {"gc.p99", CK_GC, "gc pauses", "pause P99", "pauses/percentiles/p99", "ms", 3, 0, false},
    {"gc.p99.9", CK_GC, "gc pauses", "pause P99.9", "pauses/percentiles/p99.9", "ms", 3, 0, false},
    {"gc.max", CK_GC, "gc pauses", "pause max", "pauses/max_ms", "ms", 3, 0, false},
    {"gc.share", CK_GC, "gc pauses", "time in STW pauses", "throughput_pct", "%", 3, 0, true},
    {"gc.collections", CK_GC, "gc pauses", "collections", "cycles/count", "", 0, 0, false},
    {"gc.stalls", CK_GC, "allocation stalls", "stalls", "alloc_stalls/count", "", 0, 0, false},
    {"gc.stall_total", CK_GC, "allocation stalls", "stall time total", "alloc_stalls/total_ms", "ms", 3, 0, false},
    {"gc.stall_max", CK_GC, "allocation stalls", "stall max", "alloc_stalls/max_ms", "ms", 3, 0, false},
    {"gc.cpu_share", CK_GC, "gc cpu", "GC CPU / span (cores x 100)", "gc_cpu/cpu_share_of_span_pct", "%", 3, 0, false},
    {"gc.cpu_user", CK_GC, "gc cpu", "GC CPU user", "gc_cpu/user_s", "s", 3, 0, false},
    {"gc.cpu_sys", CK_GC, "gc cpu", "GC CPU sys", "gc_cpu/sys_s", "s", 3, 0, false},
    {"gc.alloc_rate", CK_GC, "gc memory", "allocation rate", "memory/alloc_rate_mb_s", "MB/s", 3, 0, false},
    {"gc.promotion_rate", CK_GC, "gc memory", "promotion rate", "memory/promotion_rate_mb_s", "MB/s", 3, 0, false},
    {"gc.heap_after_max", CK_GC, "gc memory", "heap after GC (max)", "memory/heap_after_gc_max_kb", "MB", 1, 1.0 / 1024, false},
    {"gc.span", CK_GC, "gc pauses", "log span", "time/span_s", "s", 3, 0, false},

    {"cpu.samples", CK_CPU, "cpu", "samples (the run's JVM)", "process_detail[0]/samples", "", 0, 0, false},
    {"cpu.mean", CK_CPU, "cpu", "CPU mean", "process_detail[0]/cores_mean", "cores", 3, 0, false},
    {"cpu.stddev", CK_CPU, "cpu", "CPU stddev", "process_detail[0]/cores_stddev", "cores", 3, 0, false},
    {"cpu.p50", CK_CPU, "cpu", "CPU P50", "process_detail[0]/percentiles[percentile=P50]/cores", "cores", 3, 0, false},
    {"cpu.p90", CK_CPU, "cpu", "CPU P90", "process_detail[0]/percentiles[percentile=P90]/cores", "cores", 3, 0, false},
    {"cpu.p99", CK_CPU, "cpu", "CPU P99", "process_detail[0]/percentiles[percentile=P99]/cores", "cores", 3, 0, false},
    {"cpu.max", CK_CPU, "cpu", "CPU max", "process_detail[0]/cpu_max_pct", "cores", 3, 0.01, false},
};

const char compare_metrics_help[] = COMPARE_METRICS_HELP;

/* Find a numeric value at "a/b[k=v]/c" (alternatives split by '|'). */
static bool lookup(const struct report_node *t, const char *paths, double *out)
{
    if (!t)
        return false;
    const char *p = paths;
    while (*p) {
        const char *alt_end = strchr(p, '|');
        size_t alen = alt_end ? (size_t)(alt_end - p) : strlen(p);
        const struct report_node *n = rn_path_len(t, p, alen);
        if (n && (n->kind == RN_INT || (n->kind == RN_NUM && isfinite(n->d)))) {
            *out = rn_value(n);
            return true;
        }
        p += alen;
        if (*p == '|')
            p++;
    }
    return false;
}

static struct compare_row *row_get(struct compare_table *t, const char *id, const char *section,
                                   const char *title, const char *unit, int decimals)
{
    for (size_t i = 0; i < t->n; i++)
        if (strcmp(t->rows[i].id, id) == 0)
            return &t->rows[i];
    xgrow((void **)&t->rows, &t->cap, t->n + 1, sizeof *t->rows);
    struct compare_row *r = &t->rows[t->n++];
    r->id = xstrdup(id);
    r->section = xstrdup(section);
    r->title = xstrdup(title);
    r->unit = unit;
    r->decimals = decimals;
    r->v = xcalloc((size_t)t->nruns, sizeof *r->v);
    r->have = xcalloc((size_t)t->nruns, sizeof *r->have);
    return r;
}

static void set(struct compare_table *t, const char *id, const char *section, const char *title,
                const char *unit, int decimals, int run, double v)
{
    struct compare_row *r = row_get(t, id, section, title, unit, decimals);
    r->v[run] = v;
    r->have[run] = true;
}

void compare_table_build(struct compare_table *t, const struct compare_set *s)
{
    memset(t, 0, sizeof *t);
    t->nruns = s->n;
    /* static metrics, in definition order; a row exists if any run has it */
    for (size_t d = 0; d < ARRAY_LEN(defs); d++) {
        for (int r = 0; r < s->n; r++) {
            double v;
            if (!lookup(s->runs[r].tree[defs[d].kind], defs[d].paths, &v))
                continue;
            if (defs[d].complement)
                v = 100.0 - v;
            if (defs[d].scale)
                v *= defs[d].scale;
            set(t, defs[d].id, defs[d].section, defs[d].title, defs[d].unit, defs[d].decimals, r, v);
        }
        /* access logs read with --lat-arg=--over=...: requests over each threshold */
        if (strcmp(defs[d].id, "max") == 0) {
            for (int r = 0; r < s->n; r++) {
                const struct report_node *acc = s->runs[r].tree[CK_ACCESS];
                const struct report_node *lat = acc ? rn_get(acc, "lat") : NULL;
                const struct report_node *over = lat ? rn_get(lat, "over") : NULL;
                for (const struct report_node *c = over ? over->first : NULL; c; c = c->next) {
                    const struct report_node *th = rn_get(c, "threshold_ms"), *cnt = rn_get(c, "count"),
                                             *sh = rn_get(c, "share_pct");
                    if (!th || (th->kind != RN_INT && th->kind != RN_NUM))
                        continue;
                    char ths[32], id[96], title[96];
                    snprintf(ths, sizeof ths, "%.10g", rn_value(th));
                    if (cnt && (cnt->kind == RN_INT || cnt->kind == RN_NUM)) {
                        snprintf(id, sizeof id, "over.%sms", ths);
                        snprintf(title, sizeof title, "requests > %s ms", ths);
                        set(t, id, "latency", title, "", 0, r, rn_value(cnt));
                    }
                    if (sh && (sh->kind == RN_INT || sh->kind == RN_NUM)) { /* null share: no request, no value */
                        snprintf(id, sizeof id, "over.%sms.share", ths);
                        snprintf(title, sizeof title, "requests > %s ms, share", ths);
                        set(t, id, "latency", title, "%", 3, r, rn_value(sh));
                    }
                }
            }
        }
        /* dynamic GC rows right after their section */
        if (strcmp(defs[d].id, "gc.max") == 0) {
            for (int r = 0; r < s->n; r++) {
                const struct report_node *gc = s->runs[r].tree[CK_GC];
                const struct report_node *over = gc ? rn_get(gc, "over_ms") : NULL;
                for (const struct report_node *c = over ? over->first : NULL; c; c = c->next) {
                    if (c->kind != RN_INT && c->kind != RN_NUM)
                        continue; /* unknown (no pause lines): no value, not 0 */
                    char id[96], title[96];
                    snprintf(id, sizeof id, "gc.over.%sms", c->key);
                    snprintf(title, sizeof title, "pauses > %s ms", c->key);
                    set(t, id, "over threshold", title, "", 0, r, rn_value(c));
                }
            }
        }
        if (strcmp(defs[d].id, "gc.collections") == 0) {
            static const struct { const char *suffix, *key, *unit; int dec; } cols[] = {
                {"count", "count", "", 0}, {"total", "total_ms", "ms", 3}, {"max", "max_ms", "ms", 3}};
            for (int r = 0; r < s->n; r++) {
                const struct report_node *gc = s->runs[r].tree[CK_GC];
                const struct report_node *kinds = gc ? rn_get(gc, "pause_kinds") : NULL;
                for (const struct report_node *row = kinds ? kinds->first : NULL; row; row = row->next) {
                    const struct report_node *name = rn_get(row, "name");
                    if (!name || name->kind != RN_STR)
                        continue;
                    for (size_t k = 0; k < ARRAY_LEN(cols); k++) {
                        const struct report_node *v = rn_get(row, cols[k].key);
                        if (!v)
                            continue;
                        char id[320], title[320];
                        snprintf(id, sizeof id, "gc.kind.%s.%s", name->s, cols[k].suffix);
                        snprintf(title, sizeof title, "%s %s", name->s, cols[k].suffix);
                        set(t, id, "pause kinds", title, cols[k].unit, cols[k].dec, r, rn_value(v));
                    }
                }
            }
        }
    }
}

void compare_table_fini(struct compare_table *t)
{
    for (size_t i = 0; i < t->n; i++) {
        free(t->rows[i].id);
        free(t->rows[i].section);
        free(t->rows[i].title);
        free(t->rows[i].v);
        free(t->rows[i].have);
    }
    free(t->rows);
}

double compare_change_pct(const struct compare_row *row, int r)
{
    if (!row->have[0] || !row->have[r])
        return NAN;
    double b = row->v[0], v = row->v[r];
    if (b == 0)
        return v == 0 ? 0 : NAN;
    return (v - b) / fabs(b) * 100.0;
}

const struct compare_row *compare_table_find(const struct compare_table *t, const char *id)
{
    for (size_t i = 0; i < t->n; i++)
        if (strcmp(t->rows[i].id, id) == 0)
            return &t->rows[i];
    return NULL;
}

bool compare_metric_known(const char *id)
{
    for (size_t d = 0; d < ARRAY_LEN(defs); d++)
        if (strcmp(defs[d].id, id) == 0)
            return true;
    size_t n = strlen(id);
    if (strncmp(id, "gc.over.", 8) == 0 && n > 10 && strcmp(id + n - 2, "ms") == 0)
        return true;
    /* over.<N>ms and over.<N>ms.share (access logs read with --lat-arg=--over=...) */
    if (strncmp(id, "over.", 5) == 0 && n > 7 &&
        (strcmp(id + n - 2, "ms") == 0 || (n > 13 && strcmp(id + n - 8, "ms.share") == 0)))
        return true;
    if (strncmp(id, "gc.kind.", 8) == 0) {
        const char *dot = strrchr(id, '.');
        return dot > id + 8 && (!strcmp(dot, ".count") || !strcmp(dot, ".total") || !strcmp(dot, ".max"));
    }
    return false;
}

static char *trim(const char *s, size_t n)
{
    while (n && (*s == ' ' || *s == '\t'))
        s++, n--;
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    return xstrndup(s, n);
}

bool compare_cond_parse(const char *text, struct compare_cond *c, const char **err)
{
    memset(c, 0, sizeof *c);
    const char *op = strpbrk(text, "<>");
    if (!op) {
        *err = "expected METRIC > VALUE or METRIC < VALUE (also >=, <=)";
        return false;
    }
    c->metric = trim(text, (size_t)(op - text));
    const char *v = op + 1;
    if (*v == '=') {
        c->op = *op == '>' ? 'G' : 'L';
        v++;
    } else {
        c->op = *op;
    }
    char *val = trim(v, strlen(v));
    c->text = xstrdup(text);
    if (!*c->metric || !compare_metric_known(c->metric)) {
        free(val);
        *err = "unknown metric (see the list in --help)";
        compare_cond_fini(c);
        return false;
    }
    /* number: optional sign, digits, unit */
    bool sign = val[0] == '+' || val[0] == '-';
    char *end = NULL;
    double d = strtod(val, &end);
    if (end == val || !isfinite(d)) {
        free(val);
        *err = "expected a number after the operator";
        compare_cond_fini(c);
        return false;
    }
    while (*end == ' ')
        end++;
    c->unit = xstrdup(end);
    free(val);
    /* the unit of the metric decides what an unsigned "%" means */
    const char *munit = "";
    for (size_t i = 0; i < ARRAY_LEN(defs); i++)
        if (strcmp(defs[i].id, c->metric) == 0)
            munit = defs[i].unit;
    if (strncmp(c->metric, "gc.kind.", 8) == 0 && (strstr(c->metric, ".total") || strstr(c->metric, ".max")))
        munit = "ms";
    size_t ml = strlen(c->metric);
    if (strncmp(c->metric, "over.", 5) == 0 && ml > 6 && strcmp(c->metric + ml - 6, ".share") == 0)
        munit = "%"; /* a share: '> 1%' is the share itself, '+10%' a change */
    if (strcmp(c->unit, "%") == 0) {
        c->relative = sign || strcmp(munit, "%") != 0;
        c->value = d;
        return true;
    }
    c->value = d;
    if (!*c->unit)
        return true;
    /* durations convert into the metric's unit (ms or s) */
    if (!strcmp(munit, "ms") || !strcmp(munit, "s")) {
        int64_t us;
        char *num = xasprintf("%.17g%s", fabs(d), c->unit);
        bool ok = parse_duration_us(num, 1000, &us);
        free(num);
        if (!ok) {
            *err = "unknown unit (use ns, us, ms, s, m, h or %)";
            compare_cond_fini(c);
            return false;
        }
        c->value = (d < 0 ? -1 : 1) * (double)us / (strcmp(munit, "ms") == 0 ? 1e3 : 1e6);
        return true;
    }
    if (strcasecmp(c->unit, munit) == 0)
        return true;
    *err = "the unit does not match the metric's unit";
    compare_cond_fini(c);
    return false;
}

void compare_cond_fini(struct compare_cond *c)
{
    free(c->text);
    free(c->metric);
    free(c->unit);
    memset(c, 0, sizeof *c);
}

static bool holds(int op, double x, double v)
{
    switch (op) {
    case '>': return x > v;
    case '<': return x < v;
    case 'G': return x >= v;
    default: return x <= v;
    }
}

static void fmt_change(double pct, char *buf, size_t n)
{
    if (!isfinite(pct))
        snprintf(buf, n, "-");
    else
        snprintf(buf, n, "%+.1f%%", pct == 0 ? 0.0 : pct);
}

int compare_report(const struct compare_table *t, const struct compare_set *s,
                   const struct compare_cond *conds, int nconds, bool flat, struct report_node *root)
{
    struct report_node *runs = rn_arr(root, "runs");
    rn_title(runs, "Runs (the first is the baseline)");
    rn_flags(runs, RF_TABLE | RF_WIDE);
    bool any_cpu = false, any_more = false;
    for (int r = 0; r < s->n; r++) {
        any_cpu |= s->runs[r].nfiles[CK_CPU] > 0;
        any_more |= s->runs[r].nfiles[CK_JSTAT] + s->runs[r].nfiles[CK_HISTO] + s->runs[r].nfiles[CK_THREADS] > 0;
    }
    for (int r = 0; r < s->n; r++) {
        const struct compare_run *run = &s->runs[r];
        struct report_node *o = rn_obj(runs, NULL);
        rn_str(o, "name", run->name);
        rn_int(o, "gc_files", run->nfiles[CK_GC]);
        rn_int(o, "access_files", run->nfiles[CK_ACCESS]);
        rn_int(o, "cpu_files", run->nfiles[CK_CPU]);
        if (any_more) { /* inputs that give findings only */
            rn_int(o, "jstat_files", run->nfiles[CK_JSTAT]);
            rn_int(o, "histo_files", run->nfiles[CK_HISTO]);
            rn_int(o, "threads_files", run->nfiles[CK_THREADS]);
        }
        const struct report_node *gc = run->tree[CK_GC];
        const struct report_node *col = gc ? rn_get(gc, "collector") : NULL;
        rn_str(o, "collector", col && col->kind == RN_STR ? col->s : "-");
        rn_int(o, "gc_events", (int64_t)run->gc_events);
        if (any_cpu) {
            /* which JVM the cpu rows are of, and who named it */
            rn_int(o, "cpu_pid", run->cpu_pid);
            rn_str(o, "cpu_pid_from", run->cpu_pid_from ? run->cpu_pid_from : "-");
        }
    }

    struct report_node *cmp = rn_arr(root, "comparison");
    char title[256];
    snprintf(title, sizeof title, "Comparison (change vs %s)", s->runs[0].name);
    rn_title(cmp, title);
    rn_flags(cmp, RF_TABLE);
    for (size_t i = 0; i < t->n; i++) {
        const struct compare_row *row = &t->rows[i];
        struct report_node *o = rn_obj(cmp, NULL);
        rn_str(o, "metric", row->id);
        if (!flat) {
            rn_str(o, "section", row->section);
            rn_str(o, "title", row->title);
        }
        rn_str(o, "unit", row->unit);
        struct report_node *vals = flat ? o : rn_obj(o, "values");
        struct report_node *chg = flat ? o : rn_obj(o, "change_pct");
        for (int r = 0; r < s->n; r++) {
            const char *name = s->runs[r].name;
            if (!row->have[r])
                rn_null(vals, name);
            else if (row->decimals == 0 && fabs(row->v[r]) < 9e15 && row->v[r] == floor(row->v[r]))
                rn_int(vals, name, (int64_t)row->v[r]);
            else
                rn_num(vals, name, row->v[r], row->decimals);
            if (r == 0)
                continue;
            double pct = compare_change_pct(row, r);
            if (flat) {
                char key[300], buf[32];
                snprintf(key, sizeof key, "%s %%", name);
                fmt_change(pct, buf, sizeof buf);
                rn_str(chg, key, buf);
            } else {
                rn_num(chg, name, pct, 2);
            }
        }
    }

    int held = 0;
    struct report_node *ca = rn_arr(root, "conditions");
    rn_title(ca, "--fail-if conditions");
    rn_flags(ca, RF_TABLE | RF_WIDE);
    for (int i = 0; i < nconds; i++) {
        const struct compare_cond *c = &conds[i];
        const struct compare_row *row = compare_table_find(t, c->metric);
        for (int r = 1; r < s->n; r++) {
            struct report_node *o = rn_obj(ca, NULL);
            rn_str(o, "condition", c->text);
            rn_str(o, "run", s->runs[r].name);
            double x = NAN;
            const char *why = NULL;
            if (!row || !row->have[r]) {
                why = " (the metric is missing in this run)";
            } else if (c->relative && !row->have[0]) {
                why = " (the metric is missing in the baseline)";
            } else if (c->relative) {
                x = compare_change_pct(row, r);
                /* from 0 to anything else: an unbounded change, which a '>' gate must catch */
                if (!isfinite(x) && row->v[0] == 0 && row->v[r] != 0)
                    x = row->v[r] > 0 ? INFINITY : -INFINITY;
            } else {
                x = row->v[r];
            }
            bool h = !isnan(x) && holds(c->op, x, c->value);
            if (c->relative) {
                char buf[32];
                if (isinf(x))
                    snprintf(buf, sizeof buf, "%s (from 0)", x > 0 ? "+inf%" : "-inf%");
                else
                    fmt_change(x, buf, sizeof buf);
                rn_str(o, "observed", buf);
            } else if (isfinite(x)) {
                char buf[64];
                snprintf(buf, sizeof buf, "%.*f%s%s", row->decimals, x, row->unit[0] ? " " : "", row->unit);
                rn_str(o, "observed", buf);
            } else {
                rn_str(o, "observed", "-");
            }
            if (why)
                rn_flags(rn_str(o, "why", why), RF_NOTEXT);
            rn_str(o, "result", isnan(x) ? "no data" : h ? "HOLDS" : "ok");
            if (h)
                held++;
        }
    }
    return held;
}

void compare_report_labels(const struct compare_table *t, struct report_node *cmp)
{
    size_t i = 0;
    for (struct report_node *o = cmp ? cmp->first : NULL; o && i < t->n; o = o->next, i++) {
        struct report_node *id = rn_get(o, "metric");
        if (id)
            rn_flags(id, RF_NOHTML);
        struct report_node *title = rn_title(rn_str(o, "label", t->rows[i].title), "metric");
        rn_flags(title, RF_NOTEXT | RF_NOJSON | RF_HTML);
        rn_move_after(o, title, NULL);
        struct report_node *sec = rn_title(rn_str(o, "of", t->rows[i].section), "section");
        rn_flags(sec, RF_NOTEXT | RF_NOJSON | RF_HTML);
        rn_move_after(o, sec, title);
    }
}

void compare_headline(const struct compare_table *t, int r, struct report_node *group)
{
    static const struct { const char *id, *key, *title; } figs[] = {
        {"p99", "p99_ms", "P99 latency"},
        {"gc.max", "max_pause_ms", "max pause"},
        {"gc.share", "gc_share_pct", "time in GC pauses"},
        {"gc.stalls", "stalls", "allocation stalls"},
        {"cpu.mean", "cpu_cores", "JVM CPU (mean)"},
    };
    for (size_t k = 0; k < ARRAY_LEN(figs); k++) {
        const struct compare_row *row = compare_table_find(t, figs[k].id);
        if (!row || r >= t->nruns)
            continue;
        struct report_node *n;
        if (!row->have[r])
            n = rn_null(group, figs[k].key);
        else if (row->decimals == 0 && fabs(row->v[r]) < 9e15 && row->v[r] == floor(row->v[r]))
            n = rn_int(group, figs[k].key, (int64_t)row->v[r]);
        else
            n = rn_num(group, figs[k].key, row->v[r], row->decimals);
        rn_flags(rn_title(n, figs[k].title), RF_HEADLINE);
        if (row->unit && *row->unit)
            rn_unit(n, row->unit);
    }
}
