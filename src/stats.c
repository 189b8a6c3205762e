/*
 * stats.c — the shared summary block (see stats.h). Everything is derived
 * from the histogram, so the numbers agree with `gclat lat` on the same data.
 */
#include "stats.h"

const double stats_pcts[STATS_NPCT] = {50, 66, 80, 85, 90, 95, 98, 99, 99.9, 99.99, 100};
const char *const stats_pct_names[STATS_NPCT] = {"P50", "P66",  "P80",    "P85",
                                                 "P90", "P95",  "P98",    "P99",
                                                 "P99.9", "P99.99", "P100"};

struct report_node *stats_summary(struct report_node *parent, const char *key, const char *title,
                                  const struct hist *h, double scale, int decimals,
                                  const char *unit)
{
    struct report_node *o = rn_obj(parent, key);
    if (title)
        rn_title(o, title);
    rn_int(o, "samples", (int64_t)h->total);
    if (h->total == 0)
        return o;
    rn_unit(rn_num(o, "mean", hist_mean(h) / scale, decimals + 2), unit);
    rn_unit(rn_num(o, "stddev", hist_stddev(h) / scale, decimals + 2), unit);
    rn_unit(rn_num(o, "min", (double)h->min / scale, decimals), unit);
    rn_unit(rn_num(o, "max", (double)h->max / scale, decimals), unit);
    struct report_node *t = rn_flags(rn_title(rn_arr(o, "percentiles"), "percentiles"), RF_TABLE);
    for (int i = 0; i < STATS_NPCT; i++) {
        struct report_node *r = rn_obj(t, NULL);
        rn_str(r, "percentile", stats_pct_names[i]);
        rn_unit(rn_num(r, "value", (double)hist_percentile(h, stats_pcts[i]) / scale, decimals),
                unit);
    }
    return o;
}
