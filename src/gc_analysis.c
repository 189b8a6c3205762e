/*
 * gc_analysis.c — see gc_analysis.h for the definitions. Tables keyed by
 * name use pointer equality first (names are static or interned, so the same
 * name is usually the same pointer) and fall back to strcmp.
 */
#include "gc_analysis.h"
#include "timeparse.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NS_PER_MS 1000000LL
#define NS_PER_MIN (60LL * 1000000000LL)

void gc_thresholds_default(struct gc_thresholds *t)
{
    static const int64_t over_ms[] = {1, 10, 100, 200, 300, 1000};
    memset(t, 0, sizeof *t);
    for (size_t i = 0; i < ARRAY_LEN(over_ms); i++)
        t->over_ns[i] = over_ms[i] * NS_PER_MS;
    t->n_over = (int)ARRAY_LEN(over_ms);
    t->pause_target_ns = 200 * NS_PER_MS;
    t->max_gc_share_pct = 10.0;
    t->young_pause_limit_ns = 100 * NS_PER_MS;
    t->max_young_per_min = 100;
    t->ttsp_limit_ns = 50 * NS_PER_MS;
    t->safepoint_ratio = 1.5;
}

static void table_init(struct gc_table *t, size_t max_rows, bool with_hist)
{
    memset(t, 0, sizeof *t);
    t->max_rows = max_rows;
    t->with_hist = with_hist;
}

static void table_fini(struct gc_table *t)
{
    for (size_t i = 0; i < t->n; i++)
        if (t->rows[i].h) {
            hist_fini(t->rows[i].h);
            free(t->rows[i].h);
        }
    free(t->rows);
}

/* table_row past its hint: search, or a new row */
static __attribute__((noinline)) struct gc_named *table_row_find(struct gc_table *t, const char *name,
                                                                 enum gc_kind kind)
{
    for (size_t i = 0; i < t->n; i++)
        if (t->rows[i].name == name) {
            name_hint_put(&t->hint, name, i);
            return &t->rows[i];
        }
    for (size_t i = 0; i < t->n; i++)
        if (strcmp(t->rows[i].name, name) == 0) {
            name_hint_put(&t->hint, name, i);
            return &t->rows[i];
        }
    if (t->n >= t->max_rows) {
        name = "(other)";
        for (size_t i = 0; i < t->n; i++)
            if (strcmp(t->rows[i].name, name) == 0)
                return &t->rows[i];
    }
    xgrow((void **)&t->rows, &t->cap, t->n + 1, sizeof *t->rows);
    struct gc_named *r = &t->rows[t->n++];
    memset(r, 0, sizeof *r);
    r->name = name;
    r->kind = kind;
    r->min_ns = INT64_MAX;
    if (t->with_hist) {
        r->h = xmalloc(sizeof *r->h);
        hist_init(r->h, 3);
    }
    return r;
}

/* (inline: every event comes here; the hint is the row nearly always) */
static inline struct gc_named *table_row(struct gc_table *t, const char *name, enum gc_kind kind)
{
    if (!name)
        name = "(none)";
    /* (no two rows hold the same text: the row with the pointer is the row) */
    uint64_t key = name_hint_key(name);
    uint32_t k = t->hint.row1[name_hint_slot(key, 0)];
    if (k && t->rows[k - 1].name == name)
        return &t->rows[k - 1];
    k = t->hint.row1[name_hint_slot(key, 1)];
    if (k && t->rows[k - 1].name == name)
        return &t->rows[k - 1];
    return table_row_find(t, name, kind);
}

static void table_add_row(struct gc_named *r, int64_t d_ns, const struct gc_event *e, int64_t t_ns)
{
    if (r->count == 0) {
        r->first_file = e->file;
        r->first_line = e->line;
        r->first_t_ns = t_ns;
    }
    r->count++;
    if (d_ns >= 0) {
        r->total_ns += d_ns;
        if (d_ns > r->max_ns || r->count == 1) {
            r->max_ns = d_ns;
            r->worst_file = e->file;
            r->worst_line = e->line;
            r->worst_t_ns = t_ns;
        }
        if (d_ns < r->min_ns)
            r->min_ns = d_ns;
        if (r->h)
            hist_record(r->h, d_ns);
    }
}

static void table_add(struct gc_table *t, const char *name, enum gc_kind kind, int64_t d_ns,
                      const struct gc_event *e, int64_t t_ns)
{
    table_add_row(table_row(t, name, kind), d_ns, e, t_ns);
}

void gc_analysis_init(struct gc_analysis *a, const struct gc_thresholds *th, enum gc_by by,
                      struct intern *strings)
{
    memset(a, 0, sizeof *a);
    a->th = *th;
    a->by = by;
    a->strings = strings;
    hist_init(&a->pause_h, 3);
    hist_init(&a->stall_h, 3);
    hist_init(&a->young_interval_h, 3);
    hist_init(&a->young_own_h, 3);
    table_init(&a->by_name, 256, true);
    table_init(&a->concurrent, 256, false);
    gc_cause_table_init(&a->causes);
    table_init(&a->stall_threads, 10000, false);
    table_init(&a->cycle_names, 64, false);
    a->pause_min_ns = INT64_MAX;
    a->prev_after_kb = -1;
    a->freq.minute = INT64_MIN;
    a->last_young_t_ns = -1;
    a->alloc_first_t_ns = -1;
    a->first_wall_ms = a->last_wall_ms = -1;
    a->full_after_first_kb = a->full_after_last_kb = -1;
    a->after_min_kb = INT64_MAX;
    a->after_max_kb = -1;
    a->max_gc_id = -1;
    a->wall_minus_uptime_ms = INT64_MIN;
    /* the over bands: between the thresholds in ascending order (equal ones
       make empty bands) */
    int64_t sorted[GC_MAX_OVER];
    int n = th->n_over < GC_MAX_OVER ? th->n_over : GC_MAX_OVER;
    for (int i = 0; i < n; i++) {
        int j = i;
        for (; j > 0 && sorted[j - 1] > th->over_ns[i]; j--)
            sorted[j] = sorted[j - 1];
        sorted[j] = th->over_ns[i];
    }
    for (int b = 0; b <= n; b++) {
        a->over_lo[b] = b > 0 ? sorted[b - 1] : INT64_MIN;
        a->over_hi[b] = b < n ? sorted[b] : INT64_MAX;
    }
    a->n_bands = n + 1;
}

void gc_analysis_fini(struct gc_analysis *a)
{
    hist_fini(&a->pause_h);
    hist_fini(&a->stall_h);
    hist_fini(&a->young_interval_h);
    hist_fini(&a->young_own_h);
    table_fini(&a->by_name);
    table_fini(&a->concurrent);
    gc_cause_table_fini(&a->causes);
    table_fini(&a->stall_threads);
    table_fini(&a->cycle_names);
    free(a->buckets);
    free(a->runs);
}

/*
 * The analysis time axis: JVM uptime when the log has it (every event of a
 * JVM run then shares one clock, even when only some lines carry dates), else
 * the wall clock. An event that lacks the axis' clock is placed through the
 * offset learned from events that carry both; without one it has no time.
 */
static int64_t event_time_ns(struct gc_analysis *a, const struct gc_event *e)
{
    if (e->uptime_ns >= 0 && e->wall_ms >= 0)
        a->wall_minus_uptime_ms = e->wall_ms - e->uptime_ns / NS_PER_MS;
    if (a->axis == GC_AXIS_NONE)
        a->axis = e->uptime_ns >= 0 ? GC_AXIS_UPTIME : e->wall_ms >= 0 ? GC_AXIS_WALL : GC_AXIS_NONE;
    if (a->axis == GC_AXIS_UPTIME) {
        if (e->uptime_ns >= 0)
            return e->uptime_ns;
        if (e->wall_ms >= 0 && a->wall_minus_uptime_ms != INT64_MIN)
            return (e->wall_ms - a->wall_minus_uptime_ms) * NS_PER_MS;
        return -1;
    }
    if (a->axis == GC_AXIS_WALL) {
        if (e->wall_ms >= 0)
            return e->wall_ms * NS_PER_MS;
        if (e->uptime_ns >= 0 && a->wall_minus_uptime_ms != INT64_MIN)
            return e->uptime_ns + a->wall_minus_uptime_ms * NS_PER_MS;
    }
    return -1;
}

/* Durations beyond a year are not from a real pause: keep them out of time arithmetic. */
#define MAX_PLAUSIBLE_NS (365LL * 86400 * 1000000000)

static void occ_add(struct gc_occurrence *o, const struct gc_event *e, int64_t magnitude, int64_t t_ns)
{
    /* first = the earliest: a log whose wall clock goes back (runs concatenated out of order) must not
       show a first later than its worst; without two wall clocks, input order is the only order */
    if (o->count == 0 || (e->wall_ms >= 0 && o->first_wall_ms >= 0 && e->wall_ms < o->first_wall_ms)) {
        o->first_file = e->file;
        o->first_line = e->line;
        o->first_t_ns = t_ns;
        o->first_wall_ms = e->wall_ms;
        o->tz_min = e->tz_offset_min;
    }
    if (o->count == 0 || magnitude > o->worst_ns) {
        o->worst_ns = magnitude;
        o->worst_file = e->file;
        o->worst_line = e->line;
        o->worst_t_ns = t_ns;
        o->worst_wall_ms = e->wall_ms;
    }
    o->count++;
}

/* ---- time model: runs, span, time going backwards (docs/metrics.md) ---------- */

/* Lines are stamped to the ms, and by clocks that differ by a few ms. */
#define BACK_TOL_NS (10 * NS_PER_MS)
/* "Uptime back near 0": a new JVM's first events come within its first minute. */
#define RESTART_UPTIME_NS (60LL * 1000000000)
/* Wall clock minus uptime is when the JVM started; NTP keeps the two clocks
   together far better than this. */
#define JVM_START_TOL_MS (60LL * 1000)

static void run_close(struct gc_analysis *a)
{
    if (!a->run_open)
        return;
    struct gc_run_stats *r = &a->run;
    if (r->have_time)
        a->span_ns += r->end_ns - r->start_ns;
    if (a->alloc_first_t_ns >= 0 && a->alloc_last_t_ns > a->alloc_first_t_ns)
        a->alloc_span_ns += a->alloc_last_t_ns - a->alloc_first_t_ns;
    if (a->nruns < GC_MAX_RUNS) {
        xgrow((void **)&a->runs, &a->cap_runs, a->nruns + 1, sizeof *a->runs);
        a->runs[a->nruns++] = *r;
    }
    a->run_open = false;
}

static void run_open(struct gc_analysis *a, const struct gc_event *e, const char *began)
{
    bool had_run = a->run_open;
    run_close(a);
    struct gc_run_stats *r = &a->run;
    memset(r, 0, sizeof *r);
    r->format = a->next_format;
    r->began = began;
    r->file = e->file;
    r->line = e->line;
    r->first_wall_ms = r->last_wall_ms = -1;
    r->max_gc_id = -1;
    r->jvm_start_ms = INT64_MIN;
    a->run_open = true;
    a->segments++;
    a->pending = GC_EVID_NONE;
    if (!had_run)
        return;
    /* a new JVM: its own clocks, ids, heap and young-GC rhythm */
    a->axis = GC_AXIS_NONE;
    a->wall_minus_uptime_ms = INT64_MIN;
    a->max_gc_id = -1;
    a->last_young_t_ns = -1;
    a->prev_after_kb = -1;
    a->alloc_first_t_ns = -1;
    a->alloc_last_t_ns = 0;
}

void gc_analysis_evidence(struct gc_analysis *a, enum gc_evidence ev, const char *format)
{
    if (format)
        a->next_format = format;
    if (!a->run_open || !a->run.events)
        return; /* nothing to split from: the evidence only names the format */
    if (ev > a->pending)
        a->pending = ev;
}

static const char *evidence_began(enum gc_evidence ev)
{
    switch (ev) {
    case GC_EVID_FILE: return "new file, time restarts";
    case GC_EVID_HEADER: return "JVM header, time restarts";
    case GC_EVID_JVM_START: return "JVM start line";
    case GC_EVID_FORMAT: return "log format changes";
    default: return "start";
    }
}

/* A pause numbered GC(0..2) after GC(18+) of this run: unified logging
   numbers collections from 0 in every JVM, and a pause is logged before any
   later collection starts (a concurrent cycle's end line is not). */
static bool gc_ids_restart(const struct gc_analysis *a, const struct gc_event *e)
{
    return e->type == GC_EV_PAUSE && e->gc_id >= 0 && e->gc_id <= 2 && a->run.max_gc_id >= e->gc_id + 16;
}

/* The run reaches t_ns .. end. */
static inline void run_extend(struct gc_run_stats *r, const struct gc_event *e, int64_t t_ns, int64_t end)
{
    if (!r->have_time || t_ns < r->start_ns)
        r->start_ns = t_ns;
    if (!r->have_time || end > r->end_ns) {
        r->end_ns = end;
        /* during a stop-the-world pause nothing else logs: what was
           stamped before it may be written after it */
        r->floor_ns = e->type == GC_EV_PAUSE || e->type == GC_EV_SAFEPOINT ? t_ns : end;
    }
    r->have_time = true;
}

/* time_add's general case: which run, and the time on the axis */
static __attribute__((noinline)) int64_t time_place(struct gc_analysis *a, const struct gc_event *e)
{
    struct gc_run_stats *r = &a->run;
    bool both = e->wall_ms >= 0 && e->uptime_ns >= 0;
    int64_t jvm_start_ms = both ? e->wall_ms - e->uptime_ns / NS_PER_MS : INT64_MIN;
    bool known = a->run_open && both && r->jvm_start_ms != INT64_MIN;
    int64_t dstart = known ? jvm_start_ms - r->jvm_start_ms : 0;
    /* a later start is a new JVM (or a suspended machine: the JVM did not run);
       an earlier one with uptime going on is the wall clock set back */
    bool later_jvm = known && dstart > JVM_START_TOL_MS;
    bool clock_back = known && dstart < -JVM_START_TOL_MS;
    bool same_jvm = known && !later_jvm && !clock_back;
    const char *began = NULL;
    if (!a->run_open)
        began = "start";
    else if (a->pending == GC_EVID_FORMAT)
        began = evidence_began(a->pending);
    else if (later_jvm)
        began = "JVM start time changes";
    else if (!same_jvm && a->pending == GC_EVID_JVM_START)
        began = evidence_began(a->pending);
    else if (!same_jvm && gc_ids_restart(a, e))
        began = "GC ids restart";
    if (began)
        run_open(a, e, began);
    else if (same_jvm)
        a->pending = GC_EVID_NONE; /* the same JVM: a banner or file of its own log */
    int64_t t_ns = event_time_ns(a, e);
    if (t_ns >= 0) {
        int64_t d = e->duration_ns > 0 && e->duration_ns < MAX_PLAUSIBLE_NS ? e->duration_ns : 0;
        int64_t end = t_ns + d;
        bool back = r->have_time && end + BACK_TOL_NS < r->floor_ns;
        bool went_back = false;
        if (back && clock_back) {
            run_open(a, e, "JVM start time changes");
        } else if (back && a->pending != GC_EVID_NONE) {
            run_open(a, e, evidence_began(a->pending));
        } else if (back && !same_jvm && a->axis == GC_AXIS_UPTIME && e->uptime_ns >= 0 &&
                   e->uptime_ns < RESTART_UPTIME_NS && e->uptime_ns < r->end_ns / 2 && e->gc_id <= 16) {
            /* (a GC id well above 0 is the same JVM's numbering going on) */
            run_open(a, e, "uptime restarts");
        } else if (back) {
            went_back = true;
            a->time_back_events++;
            int64_t by = r->floor_ns - end;
            if (!r->in_back) {
                occ_add(&a->time_back, e, by, t_ns); /* one jump, however many events follow it */
            } else if (by > a->time_back.worst_ns) {
                struct gc_occurrence *o = &a->time_back;
                o->worst_ns = by;
                o->worst_file = e->file;
                o->worst_line = e->line;
                o->worst_t_ns = t_ns;
                o->worst_wall_ms = e->wall_ms;
            }
        }
        r->in_back = went_back;
        a->pending = GC_EVID_NONE; /* time went on: rotation, not a restart */
        run_extend(r, e, t_ns, end);
    }
    if (both && (r->jvm_start_ms == INT64_MIN || clock_back)) /* clock set back: its new relation */
        r->jvm_start_ms = jvm_start_ms;
    return t_ns;
}

/*
 * Place the event in a run and return its time on the axis (-1 if none).
 *
 * An event whose clocks (wall minus uptime) say it belongs to the current
 * JVM stays in its run, whatever else the log says; one whose JVM started at
 * another time opens a new run. Without both clocks, the reader's evidence and
 * the times decide. Events are compared by their END (start + duration), about
 * when they were logged; one that ended before the latest-ending event began
 * is time going backwards. (A concurrent phase logged at its end starts long
 * before the events logged just before it; a thread that took its time stamp
 * just before a pause logs it after the pause: neither is going backwards.)
 *
 * Nearly every event has both clocks, in the open run's JVM, on an uptime
 * axis, with no evidence pending and not going back: what time_place then
 * does comes down to the few lines of the steady case here.
 */
static int64_t time_add(struct gc_analysis *a, const struct gc_event *e)
{
    struct gc_run_stats *r = &a->run;
    int64_t t_ns;
    if (a->run_open && a->pending == GC_EVID_NONE && a->axis == GC_AXIS_UPTIME && r->have_time &&
        e->wall_ms >= 0 && e->uptime_ns >= 0) {
        /* (unsigned: the same quotient, uptime_ns >= 0, without the sign fix-up) */
        int64_t jvm_start_ms = e->wall_ms - (int64_t)((uint64_t)e->uptime_ns / NS_PER_MS);
        bool same_jvm = r->jvm_start_ms != INT64_MIN && jvm_start_ms - r->jvm_start_ms >= -JVM_START_TOL_MS &&
                        jvm_start_ms - r->jvm_start_ms <= JVM_START_TOL_MS;
        t_ns = e->uptime_ns;
        int64_t d = e->duration_ns > 0 && e->duration_ns < MAX_PLAUSIBLE_NS ? e->duration_ns : 0;
        int64_t end = t_ns + d;
        if (same_jvm && end + BACK_TOL_NS >= r->floor_ns) {
            a->wall_minus_uptime_ms = jvm_start_ms;
            r->in_back = false;
            run_extend(r, e, t_ns, end);
        } else {
            t_ns = time_place(a, e);
        }
    } else {
        t_ns = time_place(a, e);
    }
    r->events++;
    r->collector = a->collector;
    if (e->gc_id > r->max_gc_id)
        r->max_gc_id = e->gc_id;
    if (e->type == GC_EV_PAUSE) {
        r->pauses++;
        r->pause_total_ns += e->duration_ns > 0 ? e->duration_ns : 0;
    }
    if (e->wall_ms >= 0) {
        if (r->first_wall_ms < 0)
            r->first_wall_ms = e->wall_ms;
        r->last_wall_ms = e->wall_ms;
        r->tz_min = e->tz_offset_min;
        a->time_is_wall = true;
        if (a->first_wall_ms < 0)
            a->first_wall_ms = e->wall_ms;
        a->last_wall_ms = e->wall_ms;
        a->tz_min = e->tz_offset_min;
    }
    return t_ns;
}

/* The event's --by bucket (a->by is not GC_BY_NONE: the callers look, so
   that a pause without --by costs no call), NULL when it has no time. */
static struct gc_bucket *bucket_for(struct gc_analysis *a, const struct gc_event *e)
{
    int64_t unit_ms = a->by == GC_BY_DAY ? 86400000LL : a->by == GC_BY_HOUR ? 3600000LL : 60000LL;
    int64_t local;
    if (e->wall_ms >= 0)
        local = e->wall_ms + (int64_t)e->tz_offset_min * 60000;
    else if (e->uptime_ns >= 0)
        local = e->uptime_ns / NS_PER_MS;
    else
        return NULL;
    int64_t key = local >= 0 ? local / unit_ms * unit_ms : -((-local + unit_ms - 1) / unit_ms) * unit_ms;
    /* buckets are few and mostly appended in order: search from the end */
    for (size_t i = a->nbuckets; i-- > 0;)
        if (a->buckets[i].key == key)
            return &a->buckets[i];
    xgrow((void **)&a->buckets, &a->cap_buckets, a->nbuckets + 1, sizeof *a->buckets);
    struct gc_bucket *b = &a->buckets[a->nbuckets++];
    memset(b, 0, sizeof *b);
    b->key = key;
    b->heap_after_min_kb = b->heap_after_max_kb = -1;
    return b;
}

/* A G1 "concurrent start" pause is a young collection that also starts
   marking; a CMS initial mark collects nothing. */
static bool initial_mark_collects(const struct gc_analysis *a)
{
    return a->collector != GC_COLL_CMS;
}

static bool is_collection(const struct gc_analysis *a, enum gc_kind k)
{
    return k == GC_KIND_YOUNG || k == GC_KIND_MIXED || k == GC_KIND_FULL || k == GC_KIND_DEGENERATED ||
           (k == GC_KIND_INITIAL_MARK && initial_mark_collects(a));
}

static bool is_young(const struct gc_analysis *a, enum gc_kind k)
{
    return k == GC_KIND_YOUNG || k == GC_KIND_MIXED || (k == GC_KIND_INITIAL_MARK && initial_mark_collects(a));
}

static void track_gc_id(struct gc_analysis *a, int64_t id)
{
    if (id < 0)
        return;
    if (a->max_gc_id >= 0 && id + 1000 < a->max_gc_id) {
        /* ids restarted: a new JVM run */
        a->gc_id_segments++;
        a->max_gc_id = -1;
    }
    if (id > a->max_gc_id) {
        a->distinct_gc_ids += (uint64_t)(a->max_gc_id < 0 ? 1 : id - a->max_gc_id);
        a->max_gc_id = id;
    }
}

static void memory_add(struct gc_analysis *a, const struct gc_event *e, int64_t t_ns)
{
    if (e->young_before_kb >= 0 || e->old_before_kb >= 0)
        a->detail_events++;
    if (e->heap_total_kb > a->heap_total_max_kb)
        a->heap_total_max_kb = e->heap_total_kb;
    if (e->young_total_kb > a->young_total_kb_max && is_young(a, e->kind))
        a->young_total_kb_max = e->young_total_kb;
    if (e->heap_before_kb >= 0 && a->prev_after_kb >= 0 && e->heap_before_kb >= a->prev_after_kb) {
        a->alloc_kb += e->heap_before_kb - a->prev_after_kb;
        a->alloc_last_t_ns = t_ns;
    }
    if (e->heap_after_kb >= 0) {
        if (a->alloc_first_t_ns < 0)
            a->alloc_first_t_ns = t_ns;
        a->prev_after_kb = e->heap_after_kb;
        if (e->heap_after_kb < a->after_min_kb)
            a->after_min_kb = e->heap_after_kb;
        if (e->heap_after_kb > a->after_max_kb)
            a->after_max_kb = e->heap_after_kb;
    }
    /* promotion: what left the young generation but did not leave the heap */
    if (is_young(a, e->kind) && e->young_before_kb >= 0 && e->young_after_kb >= 0 &&
        e->heap_before_kb >= 0 && e->heap_after_kb >= 0) {
        int64_t p = (e->young_before_kb - e->young_after_kb) - (e->heap_before_kb - e->heap_after_kb);
        if (p > 0)
            a->promoted_kb += p;
        a->promo_events++;
    }
    if (e->kind == GC_KIND_FULL && e->heap_after_kb >= 0 && t_ns >= 0) {
        double t_h = (double)t_ns / 3.6e12, y = (double)e->heap_after_kb;
        a->full_after_n++;
        a->fa_sum_t += t_h;
        a->fa_sum_y += y;
        a->fa_sum_tt += t_h * t_h;
        a->fa_sum_ty += t_h * y;
        if (a->full_after_first_kb < 0)
            a->full_after_first_kb = e->heap_after_kb;
        a->full_after_last_kb = e->heap_after_kb;
        if (e->heap_after_kb > a->full_after_max_kb)
            a->full_after_max_kb = e->heap_after_kb;
    }
}

/* Minute index of t on the time axis (floor, t may precede the epoch). */
static int64_t minute_of(int64_t t_ns)
{
    return t_ns >= 0 ? t_ns / NS_PER_MIN : -((-t_ns + NS_PER_MIN - 1) / NS_PER_MIN);
}

/* Close the open minute: it counts when it lies wholly inside the run. */
static void freq_close_minute(struct gc_freq *f)
{
    if (f->minute == INT64_MIN)
        return;
    if (f->in_minute > f->max_any)
        f->max_any = f->in_minute;
    int64_t start = f->minute * NS_PER_MIN;
    if (start >= f->run_start_ns && start + NS_PER_MIN <= f->run_end_ns) {
        f->young_in_full += f->in_minute;
        if (f->in_minute > f->max_full) {
            f->max_full = f->in_minute;
            f->max_full_start_ns = start;
        }
    }
    f->minute = INT64_MIN;
    f->in_minute = 0;
}

/* Close the run: its whole minutes, with or without young collections. */
static void freq_close_run(struct gc_freq *f)
{
    freq_close_minute(f);
    if (!f->segment)
        return;
    /* whole minutes in [run_start, run_end]: ceil(start) .. floor(end) */
    int64_t first = -minute_of(-f->run_start_ns), last = minute_of(f->run_end_ns);
    if (last > first)
        f->full_minutes += (uint64_t)(last - first);
    f->segment = 0;
}

/*
 * The runs the frequency counts over follow the time model's segments
 * (advance_time): a new segment closes the run. Its bounds are the first
 * event start and the last event end seen in it, as for the span.
 */
static void freq_track(struct gc_analysis *a, const struct gc_event *e, int64_t t_ns)
{
    if (t_ns < 0)
        return;
    struct gc_freq *f = &a->freq;
    int64_t end = t_ns + (e->duration_ns > 0 && e->duration_ns < MAX_PLAUSIBLE_NS && e->type != GC_EV_STALL
                              ? e->duration_ns
                              : 0);
    if (f->segment != a->segments) {
        freq_close_run(f);
        f->segment = a->segments;
        f->run_start_ns = t_ns;
        f->run_end_ns = end;
    }
    if (t_ns < f->run_start_ns)
        f->run_start_ns = t_ns;
    if (end > f->run_end_ns)
        f->run_end_ns = end;
}

static void frequency_add(struct gc_analysis *a, int64_t t_ns)
{
    if (t_ns < 0)
        return;
    struct gc_freq *f = &a->freq;
    int64_t minute = minute_of(t_ns);
    /* a young GC logged before the open minute (disorder inside a run) stays
       in the open minute: closed minutes are final */
    if (f->minute == INT64_MIN || minute > f->minute) {
        freq_close_minute(f);
        f->minute = minute;
    }
    f->in_minute++;
    if (a->last_young_t_ns >= 0 && t_ns >= a->last_young_t_ns)
        hist_record(&a->young_interval_h, t_ns - a->last_young_t_ns);
    a->last_young_t_ns = t_ns;
}

bool gc_analysis_young_per_min(const struct gc_analysis *a, double *mean, uint64_t *max)
{
    const struct gc_freq *f = &a->freq;
    if (!f->full_minutes)
        return false;
    *mean = (double)f->young_in_full / (double)f->full_minutes;
    *max = f->max_full;
    return true;
}

static void cpu_add(struct gc_analysis *a, const struct gc_event *e, int64_t t_ns)
{
    if (e->user_ns < 0 || e->sys_ns < 0 || e->real_ns < 0)
        return;
    a->cpu_events++;
    a->user_ns += e->user_ns;
    a->sys_ns += e->sys_ns;
    a->real_ns += e->real_ns;
    /* A parallel collector's workers should burn more CPU than wall time;
       real well above user+sys means the threads were waiting for a CPU. */
    bool parallel = a->collector != GC_COLL_SERIAL && a->collector != GC_COLL_UNKNOWN;
    if (parallel && e->real_ns >= 50 * NS_PER_MS && e->real_ns > e->user_ns + e->sys_ns)
        occ_add(&a->cpu_starved, e, e->real_ns, t_ns);
    if (e->sys_ns > e->user_ns && e->real_ns >= 10 * NS_PER_MS)
        occ_add(&a->sys_over_user, e, e->sys_ns, t_ns);
}

/* A pause carrying a cause: its time is the cause's pause time. */
static void cause_pause(struct gc_cause_row *r, int64_t d_ns)
{
    r->pauses++;
    r->pause_total_ns += d_ns;
    if (d_ns > r->pause_max_ns)
        r->pause_max_ns = d_ns;
}

/* e->cause is "Allocation Stall"? (names are static or interned, never
   rewritten: the last pointer's answer is kept) */
static bool is_alloc_stall(struct gc_analysis *a, const char *cause)
{
    if (!cause)
        return false;
    if (cause != a->stall_memo) {
        a->stall_memo = cause;
        a->stall_memo_is = strcmp(cause, "Allocation Stall") == 0;
    }
    return a->stall_memo_is;
}

/*
 * One collection (a stop-the-world collection, or a ZGC/Shenandoah cycle
 * whose pauses are counted by cause_pause only): the cause's count and the
 * findings that follow its class. Counting here, never per pause, is what
 * keeps a ZGC collection with three pauses one "Allocation Stall".
 */
static inline void cause_collection(struct gc_analysis *a, struct gc_cause_row *r, const struct gc_event *e,
                                    int64_t d_ns, int64_t t_ns)
{
    r->collections++;
    switch (r->cls) {
    case GC_CAUSE_EXPLICIT: occ_add(&a->sysgc, e, d_ns, t_ns); break;
    case GC_CAUSE_DIAGNOSTIC: occ_add(&a->diag_gc, e, d_ns, t_ns); break;
    case GC_CAUSE_METADATA: occ_add(&a->metaspace, e, d_ns, t_ns); break;
    case GC_CAUSE_HUMONGOUS: occ_add(&a->humongous, e, d_ns, t_ns); break;
    default: break;
    }
    if (is_alloc_stall(a, e->cause))
        occ_add(&a->alloc_stall_cycles, e, d_ns, t_ns);
}

/*
 * Before a pause goes to the histogram rh of its name: does rh still hold
 * exactly the young pauses (gc_analysis.h, young_mirror)? The first young
 * pause picks its name's histogram if that has no other pause yet; a young
 * pause of another name, or a pause of that name that is not young, parts
 * them: the young pauses so far are copied (the same records in the same
 * order: the same histogram) and recorded on their own from then on.
 */
static void young_follow(struct gc_analysis *a, const struct hist *rh, bool young)
{
    if (a->young_split)
        return;
    if (!a->young_mirror) {
        if (young) {
            if (rh->total == 0)
                a->young_mirror = rh;
            else
                a->young_split = true;
        }
        return;
    }
    if (young != (rh == a->young_mirror)) {
        hist_copy(&a->young_own_h, a->young_mirror);
        a->young_mirror = NULL;
        a->young_split = true;
    }
}

const struct hist *gc_analysis_young_h(const struct gc_analysis *a)
{
    return a->young_mirror ? a->young_mirror : &a->young_own_h;
}

static void pause_add(struct gc_analysis *a, const struct gc_event *e, int64_t t_ns)
{
    int64_t d = e->duration_ns;
    if (d < 0)
        d = 0;
    a->pause_count++;
    a->pause_total_ns += d;
    if (d > a->pause_max_ns)
        a->pause_max_ns = d;
    if (d < a->pause_min_ns)
        a->pause_min_ns = d;
    hist_record(&a->pause_h, d);
    int band = a->over_band;
    if (!(d > a->over_lo[band] && d <= a->over_hi[band])) {
        for (band = 0; d > a->over_hi[band]; band++)
            ;
        a->over_band = band;
    }
    a->over_band_n[band]++;
    if (d > a->th.pause_target_ns)
        occ_add(&a->over_target, e, d, t_ns);
    enum gc_kind k = e->kind < GC_KIND__COUNT ? e->kind : GC_KIND_OTHER;
    a->kind[k].count++;
    a->kind[k].total_ns += d;
    if (d > a->kind[k].max_ns)
        a->kind[k].max_ns = d;
    struct gc_named *row = table_row(&a->by_name, e->name ? e->name : gc_kind_name(k), k);
    bool young = is_young(a, k);
    young_follow(a, row->h, young); /* (before the row records d) */
    table_add_row(row, d, e, t_ns);
    /* (the pause's and the collection's row: one lookup, the same row) */
    struct gc_cause_row *cr = gc_cause_table_row(&a->causes, e->cause);
    cause_pause(cr, d);
    enum gc_cause_class cls = cr->cls;
    if (is_collection(a, k)) {
        a->collections++;
        cause_collection(a, cr, e, d, t_ns);
    }
    if (k == GC_KIND_INITIAL_MARK)
        a->conc_cycles_started++;
    if (young) {
        if (a->young_mirror != row->h)
            hist_record(&a->young_own_h, d);
        frequency_add(a, t_ns);
    }
    if (k == GC_KIND_FULL) {
        occ_add(&a->full, e, d, t_ns);
        a->full_by_class[cls]++;
    }
    if (k == GC_KIND_DEGENERATED || (e->flags & GCF_DEGENERATED))
        occ_add(&a->degenerated, e, d, t_ns);
    struct gc_bucket *b = a->by != GC_BY_NONE ? bucket_for(a, e) : NULL;
    if (b) {
        b->pauses++;
        b->total_ns += d;
        if (d > b->max_ns)
            b->max_ns = d;
        for (int i = 0; i < a->th.n_over; i++)
            if (d > a->th.over_ns[i])
                b->over[i]++;
        if (k == GC_KIND_FULL)
            b->full++;
        if (e->heap_after_kb >= 0) {
            if (b->heap_after_min_kb < 0 || e->heap_after_kb < b->heap_after_min_kb)
                b->heap_after_min_kb = e->heap_after_kb;
            if (e->heap_after_kb > b->heap_after_max_kb)
                b->heap_after_max_kb = e->heap_after_kb;
        }
    }
    cpu_add(a, e, t_ns);
}

static inline void flags_add(struct gc_analysis *a, const struct gc_event *e, int64_t t_ns)
{
    /* (nearly every collection has none of them: one test, inline) */
    if (!(e->flags & (GCF_CONC_MODE_FAILURE | GCF_PROMOTION_FAILED | GCF_TO_SPACE_EXHAUSTED | GCF_EVAC_FAILURE)))
        return;
    int64_t d = e->duration_ns > 0 ? e->duration_ns : 0;
    if (e->flags & GCF_CONC_MODE_FAILURE)
        occ_add(&a->cmf, e, d, t_ns);
    if (e->flags & GCF_PROMOTION_FAILED)
        occ_add(&a->promo_failed, e, d, t_ns);
    if (e->flags & (GCF_TO_SPACE_EXHAUSTED | GCF_EVAC_FAILURE))
        occ_add(&a->to_space, e, d, t_ns);
}

void gc_analysis_add(struct gc_analysis *a, const struct gc_event *e)
{
    int64_t t_ns = time_add(a, e);
    freq_track(a, e, t_ns);
    track_gc_id(a, e->gc_id);
    switch (e->type) {
    case GC_EV_PAUSE:
        pause_add(a, e, t_ns);
        flags_add(a, e, t_ns);
        memory_add(a, e, t_ns);
        break;
    case GC_EV_CONCURRENT:
        table_add(&a->concurrent, e->name ? e->name : "concurrent", GC_KIND_CONCURRENT,
                  e->duration_ns, e, t_ns);
        break;
    case GC_EV_CYCLE:
        a->cycle_events++;
        table_add(&a->cycle_names, e->name ? e->name : "cycle", GC_KIND_OTHER, e->duration_ns, e, t_ns);
        cause_collection(a, gc_cause_table_row(&a->causes, e->cause), e, e->duration_ns > 0 ? e->duration_ns : 0,
                         t_ns);
        flags_add(a, e, t_ns);
        memory_add(a, e, t_ns);
        break;
    case GC_EV_STALL: {
        bool reloc = e->name && strstr(e->name, "Relocation");
        if (reloc) {
            a->reloc_stall_count++;
            break;
        }
        int64_t d = e->duration_ns > 0 ? e->duration_ns : 0;
        a->stall_count++;
        a->stall_total_ns += d;
        if (d > a->stall_max_ns)
            a->stall_max_ns = d;
        hist_record(&a->stall_h, d);
        occ_add(&a->stall_occ, e, d, t_ns);
        for (int i = 0; i < a->th.n_over; i++)
            if (d > a->th.over_ns[i])
                a->stall_over[i]++;
        struct gc_bucket *b = a->by != GC_BY_NONE ? bucket_for(a, e) : NULL;
        if (b) {
            b->stalls++;
            b->stall_total_ns += d;
            if (d > b->stall_max_ns)
                b->stall_max_ns = d;
            for (int i = 0; i < a->th.n_over; i++)
                if (d > a->th.over_ns[i])
                    b->stall_over[i]++;
        }
        const char *th = e->thread ? intern_str(a->strings, e->thread, strlen(e->thread)) : "(unknown)";
        table_add(&a->stall_threads, th, GC_KIND_OTHER, d, e, t_ns);
        break;
    }
    case GC_EV_SAFEPOINT: {
        int64_t d = e->duration_ns > 0 ? e->duration_ns : 0;
        a->sp_count++;
        a->sp_total_ns += d;
        if (d > a->sp_max_ns)
            a->sp_max_ns = d;
        if (e->ttsp_ns > a->sp_ttsp_max_ns)
            a->sp_ttsp_max_ns = e->ttsp_ns;
        if (e->ttsp_ns > a->th.ttsp_limit_ns)
            occ_add(&a->sp_slow_ttsp, e, e->ttsp_ns, t_ns);
        break;
    }
    }
}

void gc_analysis_finish(struct gc_analysis *a)
{
    freq_close_run(&a->freq);
    run_close(a);
    /* a pause in band b is longer than threshold t when the band's lower
       bound, one of the thresholds, is t or above */
    for (int i = 0; i < a->th.n_over; i++) {
        a->over[i] = 0;
        for (int b = 1; b < a->n_bands; b++)
            if (a->over_lo[b] >= a->th.over_ns[i])
                a->over[i] += a->over_band_n[b];
    }
}

uint64_t gc_analysis_collections(const struct gc_analysis *a)
{
    return a->collections + a->cycle_events;
}

double gc_analysis_throughput_pct(const struct gc_analysis *a)
{
    /* without pause lines (ZGC at -Xlog:gc) the share stopped is unknown, not 0 */
    if (a->span_ns <= 0 || (gc_analysis_lacks(a) & GC_LACKS_PAUSES))
        return NAN;
    double t = 100.0 * (1.0 - (double)a->pause_total_ns / (double)a->span_ns);
    return t < 0 ? 0 : t;
}
