/* watch_jvm.c — one followed JVM of gclat watch (watch_jvm.h). */
#include "watch_jvm.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static int64_t wall_now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* An event's end in the log's clock (ms); INT64_MIN if it has no time in that clock. */
static int64_t event_ms(struct watch_jvm *j, const struct gc_event *e)
{
    int64_t dur_ms = e->duration_ns > 0 && e->type != GC_EV_STALL ? e->duration_ns / 1000000 : 0;
    if (!j->gc_events_timed) {
        j->uptime_clock = e->wall_ms < 0 && e->uptime_ns >= 0;
    }
    if (j->uptime_clock)
        return e->uptime_ns >= 0 ? e->uptime_ns / 1000000 + dur_ms : INT64_MIN;
    return e->wall_ms >= 0 ? e->wall_ms + dur_ms : INT64_MIN;
}

static void on_event(void *ctx, const struct gc_event *e)
{
    struct watch_jvm *j = ctx;
    j->gc_events++;
    gc_analysis_add(&j->ga, e);
    if (j->ctx.collector != GC_COLL_UNKNOWN)
        j->ga.collector = j->ctx.collector;
    wm_gc_event(j->metrics, j->wm, j->ctx.collector, e);
    int64_t t = event_ms(j, e);
    if (t == INT64_MIN) {
        j->untimed++;
        return;
    }
    if (!j->gc_events_timed++) {
        /* where watching began in the log's clock: the log's first event when
           read from the start; else the watch's start, carried into the
           uptime clock by the time this first event took to arrive */
        int64_t dur_ms = e->duration_ns > 0 && e->type != GC_EV_STALL ? e->duration_ns / 1000000 : 0;
        int64_t begin = j->from_start ? t - dur_ms
                        : j->uptime_clock ? t - dur_ms - (j->now_ms() - j->started_ms)
                                          : j->started_ms;
        for (int i = 0; i < j->nwin; i++)
            j->win[i].started_ms = begin;
    }
    if (t > j->newest_ms) {
        j->newest_ms = t;
        j->newest_read_ms = j->now_ms();
    }
    if (e->duration_ns < 0)
        return;
    /* placed against the newest time so far: the window slides with the log */
    int64_t now = j->newest_ms;
    if (e->type == GC_EV_PAUSE) {
        j->pause_events++;
        bool young = e->kind == GC_KIND_YOUNG || e->kind == GC_KIND_MIXED || e->kind == GC_KIND_INITIAL_MARK;
        for (int i = 0; i < j->nwin; i++)
            window_pause(&j->win[i], t, e->duration_ns, young, now);
        hist_record(&j->iv_pause_ns, e->duration_ns);
    } else if (e->type == GC_EV_STALL && !(e->name && strstr(e->name, "Relocation"))) {
        /* allocation stalls as gclat gc counts them: relocation stalls apart */
        for (int i = 0; i < j->nwin; i++)
            window_stall(&j->win[i], t, e->duration_ns, now);
        hist_record(&j->iv_stall_ns, e->duration_ns);
    } else if (e->type == GC_EV_CYCLE) {
        j->cycle_events++;
    }
}

int64_t watch_jvm_now(const struct watch_jvm *j, int64_t wall_ms, bool once)
{
    if (j->newest_ms == INT64_MIN)
        return j->uptime_clock ? INT64_MIN : wall_ms;
    if (once)
        return j->newest_ms;
    if (!j->uptime_clock)
        return wall_ms > j->newest_ms ? wall_ms : j->newest_ms;
    return j->newest_ms + (wall_ms > j->newest_read_ms ? wall_ms - j->newest_read_ms : 0);
}

void watch_jvm_init(struct watch_jvm *j, const char *name, const char *gc_path, bool from_start,
                    const int64_t *win_ms, int nwin, struct watch_metrics *m, int64_t started_ms)
{
    memset(j, 0, sizeof *j);
    j->name = xstrdup(name);
    j->now_ms = wall_now_ms;
    j->newest_ms = INT64_MIN;
    j->started_ms = started_ms;
    j->from_start = from_start;
    j->metrics = m;
    j->wm = wm_jvm(m, name);
    j->nwin = nwin;
    for (int i = 0; i < nwin; i++) {
        window_init(&j->win[i], win_ms[i], INT64_MIN);
        window_init(&j->rwin[i], win_ms[i], from_start ? INT64_MIN : started_ms);
    }
    j->newest_req_ms = INT64_MIN;
    hist_init(&j->iv_pause_ns, 3);
    hist_init(&j->iv_stall_ns, 3);
    hist_init(&j->iv_req_ns, 3);
    diag_init(&j->diag);
    intern_init(&j->strings);
    struct gc_thresholds th;
    gc_thresholds_default(&th);
    gc_analysis_init(&j->ga, &th, GC_BY_NONE, &j->strings);
    if (!gc_path)
        return;
    j->gc_path = xstrdup(gc_path);
    gc_parse_ctx_init(&j->ctx, on_event, j, &j->diag, &j->strings);
    gc_follow_init(&j->gf, gc_path, from_start, GC_FMT_UNKNOWN, &j->ctx);
}

long watch_jvm_poll(struct watch_jvm *j)
{
    if (!j->gc_path)
        return 0;
    long n = gc_follow_poll(&j->gf);
    if (j->gf.last_fmt != GC_FMT_UNKNOWN) /* the log-lacks findings depend on the format, as in gclat gc */
        j->ga.format = gc_format_name(j->gf.last_fmt);
    int64_t now = j->now_ms();
    if (n > 0) {
        j->last_data_ms = now;
        j->idled = false;
    } else if (!j->idled && now - j->last_data_ms >= 200) {
        /* 200 ms without a byte: the JVM has written its event whole */
        gc_follow_idle(&j->gf);
        j->idled = true;
    }
    j->wm->unparsed = j->diag.total;
    return n;
}

void watch_jvm_finish(struct watch_jvm *j)
{
    if (j->gc_path) {
        gc_follow_finish(&j->gf);
        j->wm->unparsed = j->diag.total;
    }
}

void watch_jvm_fini(struct watch_jvm *j)
{
    if (j->gc_path)
        gc_follow_fini(&j->gf);
    gc_analysis_fini(&j->ga);
    for (int i = 0; i < j->nwin; i++) {
        window_fini(&j->win[i]);
        window_fini(&j->rwin[i]);
    }
    hist_fini(&j->iv_pause_ns);
    hist_fini(&j->iv_stall_ns);
    hist_fini(&j->iv_req_ns);
    diag_fini(&j->diag);
    intern_fini(&j->strings);
    free(j->gc_path);
    free(j->name);
    memset(j, 0, sizeof *j);
}

void watch_jvm_request(struct watch_jvm *j, int64_t end_ms, int64_t lat_ns, int status, const char *route)
{
    if (!j->requests++ && j->from_start)
        for (int i = 0; i < j->nwin; i++) /* read from the start: the log's first request begins it */
            j->rwin[i].started_ms = end_ms - lat_ns / 1000000;
    if (end_ms > j->newest_req_ms) {
        j->newest_req_ms = end_ms;
        j->newest_req_read_ms = j->now_ms();
    }
    int64_t now = j->from_start ? j->newest_req_ms : (j->now_ms() > end_ms ? j->now_ms() : end_ms);
    for (int i = 0; i < j->nwin; i++)
        window_request(&j->rwin[i], end_ms, lat_ns, status, now);
    hist_record(&j->iv_req_ns, lat_ns);
    wm_request(j->metrics, j->wm, status, route, lat_ns, (double)end_ms / 1e3);
}

int64_t watch_jvm_req_now(const struct watch_jvm *j, int64_t wall_ms, bool once)
{
    if (j->newest_req_ms == INT64_MIN)
        return wall_ms;
    if (once)
        return j->newest_req_ms;
    return wall_ms > j->newest_req_ms ? wall_ms : j->newest_req_ms;
}

bool watch_jvm_lacks_pauses(const struct watch_jvm *j)
{
    enum gc_collector c = j->ctx.collector;
    bool concurrent = c == GC_COLL_ZGC || c == GC_COLL_ZGC_GEN || c == GC_COLL_SHENANDOAH ||
                      c == GC_COLL_SHENANDOAH_GEN;
    return concurrent && j->cycle_events > 0 && j->pause_events == 0;
}

void watch_jvm_sync_metrics(struct watch_jvm *j)
{
    if (j->ga.alloc_last_t_ns > j->ga.alloc_first_t_ns || j->ga.alloc_kb > 0)
        j->wm->alloc_bytes = j->ga.alloc_kb * 1024;
    if (j->ga.promo_events)
        j->wm->promoted_bytes = j->ga.promoted_kb * 1024;
}
