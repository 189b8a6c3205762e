/*
 * alert.h — conditions over live figures: 'METRIC OP VALUE[UNIT] [for DUR]',
 * the grammar of `gclat compare --fail-if` with a hold time. OP is >, <, >=
 * or <=; a duration VALUE (ns, us, ms, s, m, h; bare = ms) is compared in
 * ms, a share in %, a count as a number. "for DUR": the condition must hold
 * at every evaluation for DUR before the alert fires; it resolves at the
 * first evaluation where it does not hold.
 *
 * A metric with no data (NaN: no request in the window for lat.p99, a log
 * that lacks pauses) neither fires nor resolves an alert; it is reported as
 * "no data", and `--once` fails closed on it (docs/watch.md).
 */
#ifndef GCLAT_ALERT_H
#define GCLAT_ALERT_H

#include <stdbool.h>
#include <stdint.h>

enum alert_unit { AU_COUNT, AU_MS, AU_PCT };

struct alert_metric {
    const char *name;
    enum alert_unit unit;
    const char *help;
};

struct alert {
    char *text;
    const struct alert_metric *m;
    int op;              /* '>', '<', 'G' (>=), 'L' (<=) */
    double value;        /* in the metric's unit */
    int64_t for_ns;      /* 0: fire at once */
    int64_t holding_since_ns; /* monotonic; -1 when the condition does not hold */
    bool firing;
    double last;         /* value at the last evaluation */
};

/* Parse against a metric table (NULL-terminated by name). False with *err. */
bool alert_parse(const char *text, const struct alert_metric *metrics, struct alert *a, const char **err);
void alert_fini(struct alert *a);
/* Evaluate: +1 fired now, -1 resolved now, 0 no change. NaN = no data. */
int alert_eval(struct alert *a, double value, int64_t now_ns);
bool alert_holds(const struct alert *a, double value);

#endif
