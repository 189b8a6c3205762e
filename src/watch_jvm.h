/*
 * watch_jvm.h — one followed JVM of `gclat watch`: its GC log (gc_follow),
 * the shared GC analysis since start (gc_analysis, the same engine as
 * `gclat gc`), its rolling windows, the histograms of the current --save
 * interval, and its Prometheus series (watch_metrics).
 */
#ifndef GCLAT_WATCH_JVM_H
#define GCLAT_WATCH_JVM_H

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"
#include "gc_analysis.h"
#include "gc_follow.h"
#include "intern.h"
#include "watch_metrics.h"
#include "watch_window.h"

#define WATCH_MAX_WINDOWS 4

struct watch_jvm {
    char *name;
    char *gc_path;            /* NULL when only an access log was given */
    struct gc_follow gf;
    struct gc_parse_ctx ctx;
    struct diag diag;
    struct intern strings;
    struct gc_analysis ga;    /* since start */
    struct window win[WATCH_MAX_WINDOWS];   /* GC events, in the GC log's clock */
    struct window rwin[WATCH_MAX_WINDOWS];  /* requests, on the wall clock of the access log */
    int nwin;
    bool has_access;
    uint64_t requests;
    int64_t newest_req_ms, newest_req_read_ms;
    struct hist iv_pause_ns, iv_stall_ns, iv_req_ns; /* since the last --save interval */
    struct watch_metrics *metrics;
    struct wm_jvm *wm;
    uint64_t gc_events, pause_events, cycle_events;
    uint64_t gc_events_timed, untimed;
    /*
     * The log's own clock: wall-clock ms when its events carry a date stamp,
     * else JVM uptime ms. Windows are kept in that clock, so an uptime-only
     * log is windowed exactly as it was written. "Now" in it is the newest
     * event's time plus the wall time since that event was read (live), or
     * the newest event's time (--once: the last window of the log).
     */
    bool uptime_clock;
    int64_t newest_ms;        /* newest event end in the log's clock, INT64_MIN if none */
    int64_t newest_read_ms;   /* wall clock when it was read */
    int64_t started_ms;       /* wall clock when watching started */
    bool from_start;          /* the files were read from their start */
    int64_t last_data_ms;     /* wall clock of the last bytes read */
    bool idled;               /* the parser was told the log is quiet */
    int64_t (*now_ms)(void);
};

void watch_jvm_init(struct watch_jvm *j, const char *name, const char *gc_path, bool from_start,
                    const int64_t *win_ms, int nwin, struct watch_metrics *m, int64_t started_ms);
/* Read what the GC log has appended. Returns bytes read or -1. */
long watch_jvm_poll(struct watch_jvm *j);
void watch_jvm_finish(struct watch_jvm *j);
void watch_jvm_fini(struct watch_jvm *j);
/* "Now" in the log's clock at wall time wall_ms (once: the newest event). INT64_MIN before any event. */
int64_t watch_jvm_now(const struct watch_jvm *j, int64_t wall_ms, bool once);
/* One request of a followed access log (end time on the wall clock). */
void watch_jvm_request(struct watch_jvm *j, int64_t end_ms, int64_t lat_ns, int status, const char *route);
/* "Now" for the request windows (wall clock; once: the newest request's end). */
int64_t watch_jvm_req_now(const struct watch_jvm *j, int64_t wall_ms, bool once);
/* True when the log gives no pause lines although the collector has pauses (e.g. ZGC at -Xlog:gc). */
bool watch_jvm_lacks_pauses(const struct watch_jvm *j);
/* Copy what only the since-start analysis knows (allocation, promotion) into the metrics. */
void watch_jvm_sync_metrics(struct watch_jvm *j);

#endif
