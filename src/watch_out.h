/*
 * watch_out.h — the figures of one `gclat watch` interval and their three
 * renderings: one line per JVM (pipes, logs), a screen redrawn in place (a
 * terminal), one JSON object per JVM and interval (--json). The figures are
 * computed once per interval (watch_frame_add) from the windows and the
 * since-start analysis; the renderers only format them.
 *
 * A figure that cannot be known is NaN and printed as "-" / null: no GC log
 * event yet, a log without pause lines (ZGC at -Xlog:gc), no request in the
 * window for a percentile.
 */
#ifndef GCLAT_WATCH_OUT_H
#define GCLAT_WATCH_OUT_H

#include <stdint.h>
#include <stdio.h>

#include "alert.h"
#include "watch_jvm.h"

extern const struct alert_metric watch_alert_metrics[];
/* The alert metrics' names for the --help (a literal: watch's option table ends with it). */
#define WATCH_METRICS_HELP                                                              \
    "  pause.count pause.total pause.max pause.p50 pause.p90 pause.p99 pause.p99.9\n" \
    "  gc.share (%) young.per_min stall.count stall.total stall.max\n"                 \
    "  lat.count lat.p50 lat.p90 lat.p99 lat.p99.9 lat.max lat.errors lat.error_share (%)\n"

struct watch_win_figs {
    int64_t len_ms, covered_ms;
    double pause_count, pause_total_ms, pause_max_ms, pause_p50_ms, pause_p90_ms, pause_p99_ms, pause_p999_ms;
    double gc_share_pct, young_per_min;
    double stall_count, stall_total_ms, stall_max_ms;
    /* requests (access log) */
    int64_t req_covered_ms;
    double req_count, req_p50_ms, req_p90_ms, req_p99_ms, req_p999_ms, req_max_ms, req_5xx, req_5xx_pct;
};

struct watch_alert_state {
    const char *text, *state;
    double value;
};

#define WATCH_TOP_FINDINGS 3

struct watch_figures {
    const char *name;
    const char *collector;
    bool has_gc, has_access;
    struct watch_win_figs w[WATCH_MAX_WINDOWS];
    int nwin;
    int64_t at_ms, req_at_ms;   /* where the windows end: GC log's clock, access log's wall clock */
    double since_pauses, since_pause_total_ms, since_pause_max_ms, since_share_pct, since_stalls;
    double unparsed;
    char findings[WATCH_TOP_FINDINGS][200];
    int nfindings;
    struct watch_alert_state alerts[16];
    int nalerts;
};

struct watch_frame {
    int64_t t_ms;
    struct watch_figures *f;
    int n;
};

/* A moment as "YYYY-MM-DDTHH:MM:SSZ" (UTC) and a window length as "1h", "5m", "30s": one spelling for every output. */
void watch_stamp_utc(char *buf, size_t n, int64_t t_ms);
void watch_win_label(char *buf, size_t n, int64_t len_ms);
void watch_frame_init(struct watch_frame *fr, int64_t t_ms);
void watch_frame_fini(struct watch_frame *fr);
/* Compute the figures of j with its windows ending at at_ms. */
struct watch_figures *watch_frame_add(struct watch_frame *fr, struct watch_jvm *j, int64_t at_ms, int64_t req_at_ms);
void watch_frame_alert(struct watch_frame *fr, struct watch_figures *f, const struct alert *a, const char *state);
/* The value of an alert metric (first window); NaN when unknown. */
double watch_figure(const struct watch_figures *f, const char *metric);

void watch_frame_lines(const struct watch_frame *fr, FILE *out);
void watch_frame_screen(const struct watch_frame *fr, FILE *out);
void watch_frame_json(const struct watch_frame *fr, FILE *out);

#endif
