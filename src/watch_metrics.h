/*
 * watch_metrics.h — what `gclat watch` exposes to Prometheus, counted since
 * it started (counters never go down; a restart of watch starts them again,
 * which Prometheus' rate() handles):
 *
 *   Micrometer's names (docs/watch.md): jvm_gc_pause_seconds {count,sum,max}
 *   by action, cause, gc; jvm_gc_concurrent_phase_time_seconds (ZGC and
 *   Shenandoah cycles); jvm_gc_memory_allocated_bytes_total,
 *   jvm_gc_memory_promoted_bytes_total, jvm_gc_live_data_size_bytes,
 *   jvm_gc_max_data_size_bytes;
 *   OpenTelemetry's jvm_gc_duration_seconds histogram by jvm_gc_name,
 *   jvm_gc_action (its advised buckets 0.01, 0.1, 1, 10 s);
 *   gclat's own histograms with finer buckets: gclat_gc_pause_seconds,
 *   gclat_gc_allocation_stall_seconds, gclat_http_request_duration_seconds
 *   by status and route; and gclat_unparsed_lines_total,
 *   gclat_files_followed, gclat_last_event_timestamp_seconds.
 *
 * Every series carries jvm="NAME" (the --gc / --access NAME=FILE name) so one
 * watch can follow several JVMs of a host. Label sets are bounded: at most
 * max_series (gc, action, cause) and (status, route) combinations per JVM;
 * the rest are counted under cause/route "other".
 */
#ifndef GCLAT_WATCH_METRICS_H
#define GCLAT_WATCH_METRICS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "gc_event.h"

#define WM_PAUSE_BUCKETS 16
#define WM_OTEL_BUCKETS 4
#define WM_HTTP_BUCKETS 14

struct wm_pause { /* one (gc, action, cause) */
    char *gc, *action, *cause;
    uint64_t count;
    double sum_s, max_s;          /* max since start (Micrometer's is a decaying max) */
};

struct wm_otel { /* one (jvm_gc_name, jvm_gc_action) */
    char *gc, *action;
    uint64_t b[WM_OTEL_BUCKETS], count;
    double sum_s;
};

struct wm_http { /* one (status, route) */
    char *status, *route;
    uint64_t b[WM_HTTP_BUCKETS], count;
    double sum_s;
};

struct wm_jvm {
    char *name;
    struct wm_pause *pauses, *cycles;
    size_t npauses, ncycles, cap_p, cap_c;
    struct wm_otel *otel;
    size_t notel, cap_o;
    uint64_t pause_b[WM_PAUSE_BUCKETS], pause_count;
    double pause_sum_s;
    uint64_t stall_b[WM_PAUSE_BUCKETS], stall_count;
    double stall_sum_s;
    struct wm_http *http;
    size_t nhttp, cap_h;
    int64_t alloc_bytes, promoted_bytes;   /* -1 until the log gives sizes */
    int64_t live_bytes, max_data_bytes;    /* -1 unknown */
    double last_event_s;                   /* epoch seconds, NaN unknown */
    uint64_t unparsed;
    uint64_t other_series;                 /* events counted under "other" */
};

struct watch_metrics {
    struct wm_jvm **jvms; /* each its own allocation: wm_jvm()'s pointers stay valid */
    int n;
    size_t max_series;
    int files_followed;
    uint64_t scrapes;
};

void wm_init(struct watch_metrics *m, size_t max_series);
void wm_fini(struct watch_metrics *m);
/* The JVM by name (created on first use). */
struct wm_jvm *wm_jvm(struct watch_metrics *m, const char *name);
void wm_gc_event(struct watch_metrics *m, struct wm_jvm *j, enum gc_collector c, const struct gc_event *e);
void wm_request(struct watch_metrics *m, struct wm_jvm *j, int status, const char *route, int64_t lat_ns,
                double t_s);
/* The exposition (text format 0.0.4). */
void wm_write(const struct watch_metrics *m, FILE *f);

#endif
