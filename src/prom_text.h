/*
 * prom_text.h — the Prometheus text exposition format (version 0.0.4, which
 * every Prometheus and node_exporter's textfile collector read), written to a
 * FILE*. It only formats: the caller holds the numbers.
 *
 * Names are checked against [a-zA-Z_:][a-zA-Z0-9_:]*, label names against
 * [a-zA-Z_][a-zA-Z0-9_]*; label values are escaped (\\, \", \n) and any other
 * control byte replaced, so a thread name or URL from a log cannot break a
 * line of the exposition.
 */
#ifndef GCLAT_PROM_TEXT_H
#define GCLAT_PROM_TEXT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum prom_type { PROM_COUNTER, PROM_GAUGE, PROM_HISTOGRAM, PROM_SUMMARY, PROM_UNTYPED };

/* A label set: n pairs of (name, value); values are log-derived and escaped. */
struct prom_labels {
    const char *const *names;
    const char *const *values;
    int n;
};

bool prom_valid_name(const char *s);
bool prom_valid_label_name(const char *s);
/* "# HELP name text" and "# TYPE name type". */
void prom_family(FILE *f, const char *name, enum prom_type type, const char *help);
/* name{labels} value — NaN and infinities as Prometheus spells them. */
void prom_sample(FILE *f, const char *name, const struct prom_labels *l, double value);
/* Same with one extra label (le, quantile) appended after the set's. */
void prom_sample_extra(FILE *f, const char *name, const struct prom_labels *l, const char *extra_name,
                       const char *extra_value, double value);
/*
 * A histogram: cumulative counts for each upper bound (seconds or bytes,
 * ascending; +Inf is added), then _sum and _count. counts[i] is the number
 * of observations <= bounds[i]; total is the +Inf bucket and _count.
 */
void prom_histogram(FILE *f, const char *name, const struct prom_labels *l, const double *bounds,
                    const uint64_t *counts, int nbounds, uint64_t total, double sum);
/* A label value as it must appear between the quotes. */
void prom_write_label_value(FILE *f, const char *s);

#endif
