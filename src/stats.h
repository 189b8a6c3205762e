/*
 * stats.h — the summary block every sampled series shares (gclat cpu, jstat):
 * samples, mean, sample standard deviation, min, max and the nearest-rank
 * percentile table P50 P66 P80 P85 P90 P95 P98 P99 P99.9 P99.99 P100 (the
 * same percentiles and rule as `gclat lat`, computed by hist.h).
 *
 * Values live in a struct hist as non-negative integers in a fixed-point
 * unit (e.g. %CPU x 100); `scale` divides them back for display, so means and
 * percentiles are exact for inputs with that many decimals.
 */
#ifndef GCLAT_STATS_H
#define GCLAT_STATS_H
#include "hist.h"
#include "report.h"

#define STATS_NPCT 11
extern const double stats_pcts[STATS_NPCT];
extern const char *const stats_pct_names[STATS_NPCT];

/*
 * Append object `key` (text title `title`) with samples, mean, stddev, min,
 * max (value/scale, `decimals` digits, `unit`) and, unless h is empty, the
 * "percentiles" table [{percentile, value}]. Returns the object.
 */
struct report_node *stats_summary(struct report_node *parent, const char *key, const char *title,
                                  const struct hist *h, double scale, int decimals,
                                  const char *unit);
#endif
