/*
 * wrk_parse.h — the text wrk and wrk2 print, read back so earlier load runs
 * compare with new ones (`gclat lat` on a saved wrk output, `gclat compare`).
 *
 * wrk: "Running 10s test @ URL", "N threads and M connections", the Thread
 * Stats table (Latency avg/stdev/max), with --latency the 50/75/90/99 %
 * lines, "N requests in 3.07s, 2.14MB read", "Socket errors: connect A,
 * read B, write C, timeout D", "Non-2xx or 3xx responses: N",
 * "Requests/sec: X". wrk2 adds "Latency Distribution (HdrHistogram -
 * Recorded Latency)" — latency from the intended send, coordinated omission
 * corrected — and, with -U, "(HdrHistogram - Uncorrected Latency ...)", each
 * with a percentile list and a "Detailed Percentile spectrum" (value ms,
 * percentile, total count). From a spectrum the distribution is rebuilt:
 * the count between two rows is placed at the upper row's value, so every
 * percentile that is a row of the spectrum is exact and others round up to
 * the next row (never down). Without a spectrum only the printed
 * percentiles are known and nothing else is invented.
 */
#ifndef GCLAT_WRK_PARSE_H
#define GCLAT_WRK_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "hist.h"
#include "report.h"

#define WRK_MAX_PCT 16

struct wrk_dist {
    bool present;
    int n;                           /* printed percentile lines */
    double pct[WRK_MAX_PCT], value_ms[WRK_MAX_PCT];
    bool has_spectrum;
    struct hist us;                  /* rebuilt from the spectrum, microseconds */
    uint64_t spectrum_total;         /* the last row's TotalCount */
    double mean_ms, max_ms;          /* "#[Mean = ..., Max = ...]" */
};

struct wrk_result {
    bool wrk2;
    char url[512];
    int threads, connections;
    double duration_s;        /* from "N requests in 3.07s" */
    uint64_t requests;
    double rps;
    double lat_avg_ms, lat_stdev_ms, lat_max_ms; /* Thread Stats (NaN if absent) */
    uint64_t err_connect, err_read, err_write, err_timeout, non2xx;
    struct wrk_dist recorded;   /* wrk2: corrected; wrk: the --latency lines */
    struct wrk_dist uncorrected; /* wrk2 -U only */
    bool seen_running, seen_summary;
};

struct wrk_parser {
    struct wrk_result *r;
    struct diag *diag;
    const char *file;
    struct wrk_dist *cur;      /* distribution being read */
    bool in_spectrum;
    uint64_t last_total;
};

/* Does this look like wrk output? (the "Running ... test @" banner within the first lines) */
bool wrk_sniff(const char *buf, size_t len);
/*
 * Lines of a sample (non-blank lines of buf[0..len), see sniff.h) the parser
 * understands; 0 without the "Running ... test @" banner.
 */
size_t wrk_sniff_lines(const char *buf, size_t len);
void wrk_result_init(struct wrk_result *r);
void wrk_result_fini(struct wrk_result *r);
void wrk_parser_init(struct wrk_parser *p, struct wrk_result *r, struct diag *d, const char *file);
void wrk_parser_line(struct wrk_parser *p, const char *s, size_t n, uint64_t lineno);
/* false if the input lacked the banner or the summary line (a truncated capture) */
bool wrk_parser_finish(struct wrk_parser *p);
/*
 * The same keys as `gclat load --json`: requests, errors, rate_achieved,
 * duration_s, latency_ms and service_time_ms {p50,p90,p99,p99.9,max}. What
 * each tool measured goes under its own name: wrk2's recorded latency is
 * latency_ms (from the intended send) and its -U uncorrected latency is
 * service_time_ms; plain wrk measures from the actual send, so its figures are
 * service_time_ms and latency_ms is null. A percentile the output does not
 * hold is null.
 */
void wrk_report(const struct wrk_result *r, struct report_node *parent);

#endif
