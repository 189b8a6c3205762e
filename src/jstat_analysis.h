/*
 * jstat_analysis.h — `jstat -gc/-gcutil/-gccause [-t]` rows to per-series
 * statistics: GC counts and rates, time per GC, occupancy of each space,
 * promotion, last GC causes (docs/jstat.md). One series per input file.
 *
 * jstat prints cumulative counters, so counts are differences between rows;
 * a counter that goes down means the JVM was restarted and the new value
 * counts from zero. Occupancy percentages are kept as % x 100 in hist.h
 * histograms, so percentiles use the same nearest-rank rule as `gclat lat`.
 */
#ifndef GCLAT_JSTAT_ANALYSIS_H
#define GCLAT_JSTAT_ANALYSIS_H

#include <stdbool.h>
#include <stdint.h>

#include "hist.h"
#include "jstat_parse.h"
#include "report.h"

struct findings;

enum { SP_S0, SP_S1, SP_E, SP_O, SP_M, SP_CCS, SP_N };
enum { GK_YOUNG, GK_FULL, GK_CONC, GK_N };

/* Finding thresholds (--young-per-min, --gc-time-warn, --old-full-warn). */
struct jstat_limits {
    double young_per_min, gc_time_pct, old_full_pct;
};
void jstat_limits_default(struct jstat_limits *L);

/*
 * `gclat jstat`'s options: the base of its table's own group (cmd_jstat_opts,
 * cmd/jstat.c), which compare's and report's --jstat-arg parse with too.
 */
struct jstat_opts {
    struct jstat_limits L;
    int64_t interval_us; /* between rows when there is no Timestamp column */
};
void jstat_opts_default(struct jstat_opts *o);

struct jstat_cause {
    char *name;
    int64_t as_last;
};

struct jstat_series {
    const char *file;
    int64_t interval_us;
    uint64_t rows;
    struct jstat_row first, prev;
    bool have_prev;
    double ts_first, ts_last;
    bool has_ts;
    bool seen[J_NCOL];
    double cnt[GK_N], tim[GK_N], gct;
    bool cnt_seen[GK_N];
    struct hist occ[SP_N];
    double cap_first_kb[SP_N], cap_last_kb[SP_N];
    bool cap_seen[SP_N];
    double promoted_kb, promo_young;
    bool promo_seen;
    bool gccause;
    struct jstat_cause *causes;
    size_t ncauses, ccap;
    struct report_node *csv; /* rows go here */
    struct report_node *ser; /* JSON series */
};

/* samples: the array that gets one row per jstat sample (CSV and JSON); may not be NULL. */
void jstat_series_init(struct jstat_series *s, const char *file, int64_t interval_us, struct report_node *samples);
void jstat_series_add(struct jstat_series *s, const struct jstat_row *r);
/* One object of the `series` array. */
void jstat_series_report(const struct jstat_series *s, struct report_node *series_arr);
void jstat_series_findings(const struct jstat_series *s, const struct jstat_limits *L, struct findings *out);
void jstat_series_fini(struct jstat_series *s);

#endif
