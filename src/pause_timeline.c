/*
 * pause_timeline.c — collects stop-the-world pauses into a bounded sorted
 * array (see pause_timeline.h for the clock rule and the memory bound).
 */
#include "pause_timeline.h"
#include "report.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define NS_PER_MS 1000000LL

void pause_tl_init(struct pause_tl *tl, size_t max_pauses, int64_t jvm_start_ms)
{
    memset(tl, 0, sizeof *tl);
    tl->max = max_pauses ? max_pauses : PAUSE_TL_DEFAULT_MAX;
    tl->jvm_start_ms = jvm_start_ms;
    tl->span_first_ns = INT64_MAX;
    tl->span_last_ns = INT64_MIN;
    tl->sorted = true;
}

void pause_tl_fini(struct pause_tl *tl)
{
    free(tl->v);
    tl->v = NULL;
    tl->n = tl->cap = 0;
    free(tl->st);
    tl->st = NULL;
    tl->nst = tl->capst = 0;
}

const char *tl_clock_name(enum tl_clock c)
{
    switch (c) {
    case TL_CLOCK_WALL: return "wall";
    case TL_CLOCK_UPTIME: return "uptime";
    default: return "none";
    }
}

/* The event's moment on the timeline clock, choosing the clock on first use. */
static bool event_time(struct pause_tl *tl, const struct gc_event *e, int64_t *t_ns)
{
    bool has_wall = e->wall_ms >= 0;
    bool has_up = e->uptime_ns >= 0;
    if (tl->clock == TL_CLOCK_NONE) {
        if (has_wall || (has_up && tl->jvm_start_ms >= 0))
            tl->clock = TL_CLOCK_WALL;
        else if (has_up)
            tl->clock = TL_CLOCK_UPTIME;
        else
            return false;
    }
    if (tl->clock == TL_CLOCK_WALL) {
        if (has_wall) {
            *t_ns = e->wall_ms * NS_PER_MS;
            if (!tl->tz_known) {
                tl->tz_min = e->tz_offset_min;
                tl->tz_known = true;
            }
            return true;
        }
        if (has_up && tl->jvm_start_ms >= 0) {
            *t_ns = tl->jvm_start_ms * NS_PER_MS + e->uptime_ns;
            return true;
        }
        return false;
    }
    if (has_up) {
        *t_ns = e->uptime_ns;
        return true;
    }
    return false;
}

void pause_tl_note(struct pause_tl *tl, int64_t t_ns)
{
    /* Once the bound is hit the span freezes, so share = window / span stays
       consistent with the pauses actually kept. */
    if (tl->dropped)
        return;
    if (t_ns < tl->span_first_ns)
        tl->span_first_ns = t_ns;
    if (t_ns > tl->span_last_ns)
        tl->span_last_ns = t_ns;
}

bool pause_tl_add(struct pause_tl *tl, enum tl_clock clock, int64_t start_ns, int64_t dur_ns,
                  enum gc_kind kind, const char *name)
{
    if (tl->clock == TL_CLOCK_NONE)
        tl->clock = clock;
    if (tl->n >= tl->max) {
        tl->dropped++;
        return false;
    }
    if (dur_ns < 0)
        dur_ns = 0;
    xgrow((void **)&tl->v, &tl->cap, tl->n + 1, sizeof *tl->v);
    struct pause *p = &tl->v[tl->n];
    p->start_ns = start_ns;
    p->dur_ns = dur_ns;
    p->kind = (uint32_t)kind;
    p->name = name;
    p->seq = (uint32_t)tl->n;
    if (tl->n && start_ns < tl->v[tl->n - 1].start_ns)
        tl->sorted = false;
    tl->n++;
    if (dur_ns > tl->longest_ns)
        tl->longest_ns = dur_ns;
    pause_tl_note(tl, start_ns);
    pause_tl_note(tl, start_ns + dur_ns);
    return true;
}

bool pause_tl_add_stall(struct pause_tl *tl, enum tl_clock clock, int64_t start_ns, int64_t dur_ns,
                        const char *thread, const char *name)
{
    if (tl->clock == TL_CLOCK_NONE)
        tl->clock = clock;
    if (tl->nst >= tl->max) {
        tl->stalls_dropped++;
        return false;
    }
    if (dur_ns < 0)
        dur_ns = 0;
    xgrow((void **)&tl->st, &tl->capst, tl->nst + 1, sizeof *tl->st);
    struct stall *s = &tl->st[tl->nst];
    s->start_ns = start_ns;
    s->dur_ns = dur_ns;
    s->thread = thread ? thread : "";
    s->name = name ? name : "Allocation Stall";
    s->seq = (uint32_t)tl->nst;
    if (tl->nst && start_ns < tl->st[tl->nst - 1].start_ns)
        tl->sorted = false;
    tl->nst++;
    if (dur_ns > tl->longest_stall_ns)
        tl->longest_stall_ns = dur_ns;
    return true;
}

bool pause_tl_add_event(struct pause_tl *tl, const struct gc_event *e)
{
    int64_t t;
    bool timed = event_time(tl, e, &t);
    if (e->type != GC_EV_PAUSE) {
        if (timed) {
            pause_tl_note(tl, t);
            if (e->duration_ns > 0)
                pause_tl_note(tl, t + e->duration_ns);
        }
        if (e->type == GC_EV_STALL && e->duration_ns >= 0) {
            if (timed)
                pause_tl_add_stall(tl, tl->clock, t, e->duration_ns, e->thread, e->name);
            else
                tl->stalls_no_time++;
        }
        return false;
    }
    if (!timed) {
        tl->no_time++;
        return false;
    }
    if (e->duration_ns < 0) {
        tl->no_duration++;
        pause_tl_note(tl, t);
        return false;
    }
    return pause_tl_add(tl, tl->clock, t, e->duration_ns, e->kind, e->name);
}

static int cmp_pause(const void *a, const void *b)
{
    const struct pause *x = a, *y = b;
    if (x->start_ns != y->start_ns)
        return x->start_ns < y->start_ns ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static int cmp_stall(const void *a, const void *b)
{
    const struct stall *x = a, *y = b;
    if (x->start_ns != y->start_ns)
        return x->start_ns < y->start_ns ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void pause_tl_finish(struct pause_tl *tl)
{
    if (!tl->sorted && tl->n > 1)
        qsort(tl->v, tl->n, sizeof *tl->v, cmp_pause);
    if (!tl->sorted && tl->nst > 1)
        qsort(tl->st, tl->nst, sizeof *tl->st, cmp_stall);
    tl->sorted = true;
}

int64_t pause_tl_span_ns(const struct pause_tl *tl)
{
    if (tl->span_last_ns < tl->span_first_ns)
        return 0;
    return tl->span_last_ns - tl->span_first_ns;
}

int64_t pause_tl_total_ns(const struct pause_tl *tl)
{
    int64_t t = 0;
    for (size_t i = 0; i < tl->n; i++)
        t += tl->v[i].dur_ns;
    return t;
}

int64_t pause_tl_stall_total_ns(const struct pause_tl *tl)
{
    int64_t t = 0;
    for (size_t i = 0; i < tl->nst; i++)
        t += tl->st[i].dur_ns;
    return t;
}

size_t pause_tl_busy(const struct pause_tl *tl, int64_t cap_ns, struct busy **out, uint64_t *overlaps)
{
    struct busy *b = xmalloc((tl->n ? tl->n : 1) * sizeof *b);
    size_t nb = 0;
    uint64_t ov = 0;
    for (size_t i = 0; i < tl->n; i++) {
        int64_t d = tl->v[i].dur_ns;
        if (cap_ns > 0 && d > cap_ns)
            d = cap_ns;
        int64_t s = tl->v[i].start_ns, e = s + d;
        if (nb && s < b[nb - 1].end_ns) {
            ov++;
            if (e > b[nb - 1].end_ns)
                b[nb - 1].end_ns = e;
            b[nb - 1].count++;
            continue;
        }
        b[nb].start_ns = s;
        b[nb].end_ns = e;
        b[nb].first = i;
        b[nb].count = 1;
        nb++;
    }
    *out = b;
    if (overlaps)
        *overlaps = ov;
    return nb;
}

int64_t pause_tl_local_ms(const struct pause_tl *tl, int64_t t_ns)
{
    int64_t ms = t_ns / NS_PER_MS;
    if (tl->clock == TL_CLOCK_WALL)
        ms += (int64_t)tl->tz_min * 60000;
    return ms;
}

struct read_ctx {
    struct pause_tl *tl;
    uint64_t events;
};

static void read_sink(void *v, const struct gc_event *e)
{
    struct read_ctx *r = v;
    r->events++;
    pause_tl_add_event(r->tl, e);
}

int pause_tl_read(struct pause_tl *tl, char **paths, int npaths, enum gc_format forced,
                  struct diag *diag, struct intern *strings, struct gc_read_result *res,
                  uint64_t *events, enum gc_collector *collector)
{
    struct read_ctx rc = {tl, 0};
    struct gc_parse_ctx ctx;
    gc_parse_ctx_init(&ctx, read_sink, &rc, diag, strings);
    memset(res, 0, sizeof *res);
    int rc_read = gc_read_inputs(paths, npaths, forced, &ctx, res);
    pause_tl_finish(tl);
    if (events)
        *events = rc.events;
    if (collector)
        *collector = ctx.collector;
    return rc_read;
}

void pause_tl_stops_report(struct report_node *o, bool pauses, bool stalls, const char *both_text)
{
    struct report_node *a = rn_flags(rn_arr(o, "stops_included"), RF_NOTEXT);
    if (pauses)
        rn_str(a, NULL, "pauses");
    if (stalls)
        rn_str(a, NULL, "stalls");
    rn_flags(rn_title(rn_str(o, "stops_text", pauses && stalls ? both_text
                                              : pauses         ? "stop-the-world pauses"
                                                               : "allocation/relocation stalls"),
                      "Stops counted"),
             RF_NOJSON);
}
