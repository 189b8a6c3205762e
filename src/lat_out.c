/*
 * lat_out.c — latency results into the report tree (text/JSON/CSV render
 * them) and HdrHistogram's .hgrm percentile distribution text.
 *
 * Percentiles use hist's nearest-rank rule (the first value whose cumulative
 * count reaches total * p / 100, as cal.awk); one pass over the distinct
 * values yields every requested percentile with its cumulative count, so
 * the table carries cal.awk's "count" and "diffPre" columns too.
 */
#include "lat.h"
#include "report.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

double lat_out_value(const struct lat_acc *a, int64_t v, int64_t out_ns, int *decimals)
{
    int d = 0;
    for (int64_t r = a->base_ns; r < out_ns && d < 9; r *= 10)
        d++;
    if (decimals)
        *decimals = d;
    return (double)v * (double)a->base_ns / (double)out_ns;
}

/* Threshold in ms and the decimals that show it exactly (ns resolution). */
static double over_ms(int64_t ns, int *decimals)
{
    int d = 6;
    for (int64_t f = 1; d > 0 && ns % (f * 10) == 0; f *= 10)
        d--;
    *decimals = d;
    return (double)ns / 1e6;
}

static void over_key(char *buf, size_t len, int64_t ns, const char *suffix)
{
    int d;
    double ms = over_ms(ns, &d);
    snprintf(buf, len, "over_%.*fms%s", d, ms, suffix);
}

void lat_report_over(struct report_node *parent, const int64_t *over_ns, const uint64_t *counts, int n,
                     uint64_t total)
{
    struct report_node *t = rn_flags(rn_arr(parent, "over"), RF_TABLE);
    rn_title(t, "Requests over thresholds");
    for (int k = 0; k < n; k++) {
        struct report_node *row = rn_obj(t, NULL);
        int d;
        double ms = over_ms(over_ns[k], &d);
        struct report_node *th = d ? rn_num(row, "threshold_ms", ms, d) : rn_int(row, "threshold_ms", over_ns[k] / 1000000);
        rn_unit(rn_title(th, "over"), "ms");
        rn_title(rn_int(row, "count", (int64_t)counts[k]), "requests");
        if (total)
            rn_unit(rn_title(rn_num(row, "share_pct", 100.0 * (double)counts[k] / (double)total, 3), "share"), "%");
        else
            rn_unit(rn_title(rn_null(row, "share_pct"), "share"), "%");
    }
}

static void pct_label(char *buf, size_t len, double p)
{
    snprintf(buf, len, "P%.6g", p);
}

struct pct_hit {
    int64_t value;
    uint64_t cum;
};

static void percentiles(const struct lat_acc *a, const double *pct, int npct, struct pct_hit *out)
{
    const struct hist *h = &a->h;
    for (int j = 0; j < npct; j++) {
        out[j].value = h->total ? h->max : 0;
        out[j].cum = h->total;
    }
    if (!h->total)
        return;
    bool *done = xcalloc((size_t)npct, sizeof *done);
    struct hist_iter it;
    uint64_t cum = 0;
    int left = npct;
    hist_iter_init(&it, h);
    while (left && hist_iter_next(&it)) {
        cum += it.count;
        for (int j = 0; j < npct; j++)
            if (!done[j] && (double)cum >= (double)h->total * pct[j] / 100.0) {
                int64_t v = it.value;
                if (v > h->max)
                    v = h->max;
                if (v < h->min)
                    v = h->min;
                out[j].value = v;
                out[j].cum = cum;
                done[j] = true;
                left--;
            }
    }
    hist_iter_fini(&it);
    free(done);
}

static struct report_node *num_out(struct report_node *p, const char *key, const struct lat_acc *a, int64_t v,
                                   int64_t out_ns)
{
    int d;
    double x = lat_out_value(a, v, out_ns, &d);
    if (d == 0)
        return rn_int(p, key, (int64_t)llround(x));
    return rn_num(p, key, x, d);
}

static int stat_decimals(const struct lat_acc *a, int64_t out_ns)
{
    int d;
    lat_out_value(a, 0, out_ns, &d);
    return d < 3 ? 3 : d;
}

void lat_report_acc(struct report_node *parent, const struct lat_acc *a, const double *pct, int npct,
                    int64_t out_ns)
{
    const struct hist *h = &a->h;
    const char *unit = lat_unit_name(out_ns);
    struct pct_hit *hit = xcalloc((size_t)(npct ? npct : 1), sizeof *hit);
    percentiles(a, pct, npct, hit);
    struct report_node *t = rn_flags(rn_arr(parent, "percentiles"), RF_TABLE);
    rn_title(t, "Percentiles (nearest rank)");
    uint64_t pre = 0;
    for (int j = 0; j < npct; j++) {
        struct report_node *row = rn_obj(t, NULL);
        char lb[32];
        pct_label(lb, sizeof lb, pct[j]);
        rn_str(row, "percentile", lb);
        /* no value: "-" in text, null in JSON, never a made-up 0 */
        rn_unit(h->total ? num_out(row, "value", a, hit[j].value, out_ns) : rn_null(row, "value"), unit);
        rn_title(rn_int(row, "count", (int64_t)hit[j].cum), "count<=value");
        rn_title(rn_int(row, "diff_prev", (int64_t)(hit[j].cum - pre)), "diffPre");
        pre = hit[j].cum;
    }
    free(hit);
    struct report_node *s = rn_title(rn_obj(parent, "summary"), "Summary");
    int sd = stat_decimals(a, out_ns);
    double scale = (double)a->base_ns / (double)out_ns;
    rn_int(s, "count", (int64_t)h->total);
    char *u2 = xasprintf("%s^2", unit);
    if (h->total) {
        rn_unit(rn_num(s, "mean", hist_mean(h) * scale, sd), unit);
        rn_unit(rn_num(s, "stddev", hist_stddev(h) * scale, sd), unit);
        rn_unit(rn_num(s, "variance", hist_variance(h) * scale * scale, sd), u2);
        num_out(s, "min", a, h->min, out_ns);
        rn_unit(s->last, unit);
        num_out(s, "max", a, h->max, out_ns);
        rn_unit(s->last, unit);
    } else {
        rn_unit(rn_null(s, "mean"), unit);
        rn_unit(rn_null(s, "stddev"), unit);
        rn_unit(rn_null(s, "variance"), u2);
        rn_unit(rn_null(s, "min"), unit);
        rn_unit(rn_null(s, "max"), unit);
    }
    free(u2);
    rn_str(s, "unit", unit);
    rn_bool(s, "exact", h->exact);
    if (!h->exact)
        rn_int(s, "precision_digits", h->sig_digits);
    if (a->nover)
        lat_report_over(parent, a->over_ns, a->over, a->nover, h->total);
}

/* --over columns of a flat row: over_100ms (count) and over_100ms_pct. */
static void flat_over(struct report_node *row, const struct lat_acc *a)
{
    for (int k = 0; k < a->nover; k++) {
        char key[64];
        over_key(key, sizeof key, a->over_ns[k], "");
        rn_int(row, key, (int64_t)a->over[k]);
        over_key(key, sizeof key, a->over_ns[k], "_pct");
        if (a->h.total)
            rn_num(row, key, 100.0 * (double)a->over[k] / (double)a->h.total, 3);
        else
            rn_null(row, key);
    }
}

void lat_report_flat(struct report_node *row, const struct lat_acc *a, const double *pct, int npct,
                     int64_t out_ns)
{
    const struct hist *h = &a->h;
    struct pct_hit *hit = xcalloc((size_t)(npct ? npct : 1), sizeof *hit);
    percentiles(a, pct, npct, hit);
    rn_int(row, "count", (int64_t)h->total);
    if (!h->total) { /* empty: null cells (CSV empty, text '-'), never a made-up 0 */
        for (int j = 0; j < npct; j++) {
            char lb[32];
            pct_label(lb, sizeof lb, pct[j]);
            rn_null(row, lb);
        }
        static const char *const rest[] = {"mean", "stddev", "variance", "min", "max"};
        for (size_t k = 0; k < sizeof rest / sizeof rest[0]; k++)
            rn_null(row, rest[k]);
        flat_over(row, a);
        free(hit);
        return;
    }
    for (int j = 0; j < npct; j++) {
        char lb[32];
        pct_label(lb, sizeof lb, pct[j]);
        num_out(row, lb, a, hit[j].value, out_ns);
    }
    int sd = stat_decimals(a, out_ns);
    double scale = (double)a->base_ns / (double)out_ns;
    rn_num(row, "mean", hist_mean(h) * scale, sd);
    rn_num(row, "stddev", hist_stddev(h) * scale, sd);
    rn_num(row, "variance", hist_variance(h) * scale * scale, sd);
    num_out(row, "min", a, h->total ? h->min : 0, out_ns);
    num_out(row, "max", a, h->max, out_ns);
    flat_over(row, a);
    free(hit);
}

void lat_report_columns(struct report_node *parent, const char *key, struct lat_acc **accs,
                        const char **names, int n, const double *pct, int npct, int64_t out_ns)
{
    struct report_node *t = rn_flags(rn_arr(parent, key), RF_TABLE);
    rn_title(t, "Latency side by side");
    struct report_node **flat = xcalloc((size_t)n, sizeof *flat);
    struct report_node *tmp = rn_root();
    for (int i = 0; i < n; i++) {
        flat[i] = rn_obj(tmp, names[i]);
        lat_report_flat(flat[i], accs[i], pct, npct, out_ns);
    }
    /* transpose: one row per statistic */
    for (struct report_node *st = flat[0]->first; st; st = st->next) {
        struct report_node *row = rn_obj(t, NULL);
        rn_str(row, "stat", st->key);
        for (int i = 0; i < n; i++) {
            const struct report_node *v = rn_get(flat[i], st->key);
            if (v->kind == RN_INT)
                rn_int(row, names[i], v->i);
            else if (v->kind == RN_NULL)
                rn_null(row, names[i]);
            else
                rn_num(row, names[i], v->d, v->decimals);
        }
    }
    rn_free(tmp);
    free(flat);
}

void lat_print_hgrm(FILE *f, const struct lat_acc *a, int64_t out_ns)
{
    const struct hist *h = &a->h;
    int sig = h->sig_digits;
    double ratio = (double)out_ns / (double)a->base_ns; /* outputValueUnitScalingRatio */
    fprintf(f, "%12s %14s %10s %14s\n\n", "Value", "Percentile", "TotalCount", "1/(1-Percentile)");
    if (h->total) {
        double level = 0;
        uint64_t cum = 0;
        int64_t last = 0;
        struct hist_iter it;
        hist_iter_init(&it, h);
        while (hist_iter_next(&it)) {
            cum += it.count;
            last = it.value;
            while (100.0 * (double)cum / (double)h->total >= level) {
                double p = level / 100.0;
                fprintf(f, "%12.*f %2.12f %10llu %14.2f\n", sig, (double)it.value / ratio, p,
                        (unsigned long long)cum, 1.0 / (1.0 - p));
                /* HdrHistogram: 5 ticks per half distance to 100% */
                double ticks = 5.0 * pow(2.0, floor(log(100.0 / (100.0 - level)) / log(2.0)) + 1);
                level += 100.0 / ticks;
                if (cum >= h->total || level >= 100.0)
                    break;
            }
            if (cum >= h->total)
                break;
        }
        hist_iter_fini(&it);
        fprintf(f, "%12.*f %2.12f %10llu\n", sig, (double)last / ratio, 1.0, (unsigned long long)cum);
    }
    double n = (double)h->total;
    double pop_sd = n > 1 ? sqrt(hist_variance(h) * (n - 1) / n) : 0;
    fprintf(f, "#[Mean    = %12.*f, StdDeviation   = %12.*f]\n", sig, hist_mean(h) / ratio, sig, pop_sd / ratio);
    fprintf(f, "#[Max     = %12.*f, Total count    = %12llu]\n", sig, (double)h->max / ratio,
            (unsigned long long)h->total);
    int64_t sub = (int64_t)h->sub_bucket_half_count * 2;
    int buckets = 1;
    for (int64_t lim = sub; lim <= h->max && lim < INT64_MAX / 2; lim <<= 1)
        buckets++;
    fprintf(f, "#[Buckets = %12d, SubBuckets     = %12lld]\n", buckets, (long long)sub);
}
