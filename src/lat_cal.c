/*
 * lat_cal.c — `--format cal`: byte-for-byte what the field report's
 *   sort -n | uniq -c | awk -f cal.awk
 * prints for the same value strings (tests/fixtures/access/cal.awk).
 *
 * How the emulation stays exact:
 *   - rows are the distinct value *strings* (uniq -c compares text, so "2"
 *     and "2.0" are two rows), ordered as GNU `sort -n` in the C locale
 *     orders them: by numeric value, ties by plain byte comparison;
 *   - every sum is done in double, in that row order, with the same operand
 *     order as the awk expressions, so rounding is the same;
 *   - numbers print as awk converts them to strings: integral values as
 *     integers, others with CONVFMT "%.6g"; mawk (Debian's default awk) only
 *     prints integral values in [-2^31+1, 2^31-1] as integers, gawk all of
 *     them (lat_cal_flavor selects);
 *   - the cost column is the original text, as awk keeps a field's string;
 *   - no rows (or one) behave as mawk does: 0/0 is NaN, printed "-nan".
 */
#include "lat.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool cal_gawk;

void lat_cal_flavor(bool gawk) { cal_gawk = gawk; }

void lat_awk_num(char *buf, size_t len, double d)
{
    bool integral = isfinite(d) && d == floor(d);
    if (integral && (cal_gawk ? fabs(d) < 9.2e18 : (d >= -2147483647.0 && d <= 2147483647.0)))
        snprintf(buf, len, "%lld", (long long)d);
    else
        snprintf(buf, len, "%.6g", d);
}

struct row {
    const char *s;
    uint32_t len;
    uint64_t count;
    unsigned __int128 num; /* value * 10^18 (exact for our <= 18-digit strings) */
    double d;              /* what awk's string-to-number conversion gives */
};

static unsigned __int128 scaled(const char *s, size_t n)
{
    int64_t mant = 0;
    int nd = 0;
    if (lat_parse_number(s, n, &mant, &nd) != NULL)
        return 0; /* sort -n: not a number sorts as zero */
    unsigned __int128 v = (unsigned __int128)mant;
    for (int k = nd; k < 18; k++)
        v *= 10;
    return v;
}

static int cmp_row(const void *a, const void *b)
{
    const struct row *x = a, *y = b;
    if (x->num != y->num)
        return x->num < y->num ? -1 : 1;
    size_t n = x->len < y->len ? x->len : y->len;
    int c = memcmp(x->s, y->s, n);
    if (c)
        return c;
    return (x->len > y->len) - (x->len < y->len);
}

void lat_cal_print(FILE *f, const struct lat_acc *a)
{
    static const double pct[11] = {50, 66, 80, 85, 90, 95, 98, 99, 99.9, 99.99, 100};
    size_t n = a->cal ? a->cal->used : 0;
    struct row *rows = xcalloc(n ? n : 1, sizeof *rows);
    size_t k = 0;
    for (size_t i = 0; a->cal && i < a->cal->cap; i++)
        if (a->cal->keys[i]) {
            rows[k].s = a->cal->keys[i];
            rows[k].len = a->cal->lens[i];
            rows[k].count = a->cal->vals[i];
            rows[k].num = scaled(rows[k].s, rows[k].len);
            rows[k].d = strtod(rows[k].s, NULL);
            k++;
        }
    qsort(rows, n, sizeof *rows, cmp_row);

    fprintf(f, "%3s  %10s  %15s %15s\n", "static", "cost", "count", "diffPre");
    volatile double sum_count = 0, sum_cost = 0;
    for (size_t i = 0; i < n; i++) {
        sum_count += (double)rows[i].count;
        sum_cost += rows[i].d * (double)rows[i].count;
    }
    char *flag[11] = {0};
    char nb[64], cb[64], db[64], pb[64];
    double variance = 0, count_total = 0, count_pre = 0;
    volatile double zero_guard = sum_count;
    double average = sum_cost / zero_guard; /* 0/0 -> NaN when empty, like mawk */
    for (size_t i = 0; i < n; i++) {
        double diff = rows[i].d - average;
        volatile double denom = sum_count - 1;
        variance += diff * diff * (double)rows[i].count / denom;
        count_total += (double)rows[i].count;
        for (int j = 0; j < 11; j++) {
            if (count_total >= sum_count * pct[j] / 100 && !flag[j]) {
                lat_awk_num(pb, sizeof pb, pct[j]);
                lat_awk_num(cb, sizeof cb, count_total);
                lat_awk_num(db, sizeof db, count_total - count_pre);
                char cost[4096];
                size_t cl = rows[i].len < sizeof cost - 1 ? rows[i].len : sizeof cost - 1;
                memcpy(cost, rows[i].s, cl);
                cost[cl] = 0;
                flag[j] = xasprintf("P%-3s  %10s %15s %15s", pb, cost, cb, db);
                count_pre = count_total;
            }
        }
    }
    for (int j = 0; j < 11; j++) {
        fprintf(f, "%s\n", flag[j] ? flag[j] : "1");
        free(flag[j]);
    }
    if (n == 0) {
        /* awk never assigned sumCount or variance: they print as "" */
        lat_awk_num(nb, sizeof nb, average);
        fprintf(f, "count total: \naverage cost: %s \nvariance cost:  \n", nb);
    } else {
        lat_awk_num(nb, sizeof nb, sum_count);
        fprintf(f, "count total: %s\n", nb);
        lat_awk_num(nb, sizeof nb, average);
        fprintf(f, "average cost: %s \n", nb);
        lat_awk_num(nb, sizeof nb, variance);
        fprintf(f, "variance cost: %s \n", nb);
    }
    free(rows);
}
