/*
 * pause_timeline.h — the stops of one or more GC logs on one clock: the
 * stop-the-world pauses as a sorted, in-memory array of (start_ns,
 * duration_ns, kind, name), and the per-thread stalls (ZGC "Allocation
 * Stall (THREAD)", "Relocation Stall (THREAD)": that one thread waited for
 * the collector) as a second sorted array with the thread's name. impact
 * and correlate read it; nothing is written to disk.
 *
 * Clock: the first timestamped event decides. If it has a wall-clock time
 * (legacy -XX:+PrintGCDateStamps, unified `time`/`utctime` decorators) the
 * timeline is in epoch ns (TL_CLOCK_WALL); if it has only JVM uptime, the
 * timeline is uptime ns (TL_CLOCK_UPTIME) — unless a JVM start time is given
 * (--jvm-start), which turns uptime into wall clock. Later events that lack
 * the chosen clock are counted in `no_time` and left out (never guessed).
 *
 * Memory bound: at most `max_pauses` pauses are kept (default
 * PAUSE_TL_DEFAULT_MAX = 4 Mi pauses = 128 MiB at 32 bytes each; a busy JVM
 * with a young GC every second makes 86,400 a day). Pauses beyond the bound
 * are counted in `dropped` and the span stops at the last kept pause, so a
 * report on a truncated timeline is still self-consistent; callers warn.
 * Stalls have the same bound of their own (`stalls_dropped`); a stall
 * never stops the span.
 *
 * Invariants after pause_tl_finish(): v[] sorted by start_ns (ties keep input
 * order), every dur_ns >= 0, span_first_ns <= span_last_ns when n > 0.
 */
#ifndef GCLAT_PAUSE_TIMELINE_H
#define GCLAT_PAUSE_TIMELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gc_event.h"
#include "gc_parse.h"
#include "gc_read.h"

#define PAUSE_TL_DEFAULT_MAX ((size_t)4 << 20)
/* the largest --max-pauses accepted: 1 Gi pauses = 32 GiB, beyond any real log */
#define PAUSE_TL_MAX_PAUSES ((int64_t)1 << 30)

enum tl_clock { TL_CLOCK_NONE = 0, TL_CLOCK_WALL, TL_CLOCK_UPTIME };

struct pause {
    int64_t start_ns;  /* on the timeline's clock */
    int64_t dur_ns;
    const char *name;  /* the log's name ("Pause Young (Normal)"), static or interned */
    uint32_t kind;     /* enum gc_kind */
    uint32_t seq;      /* input order, for stable sorting */
};

/* One thread waiting for the collector: a stop of that thread only. */
struct stall {
    int64_t start_ns;  /* on the timeline's clock (the line's stamp minus the duration) */
    int64_t dur_ns;
    const char *thread; /* interned; "" when the log does not name it */
    const char *name;   /* "Allocation Stall" / "Relocation Stall" (static) */
    uint32_t seq;
};

struct pause_tl {
    struct pause *v;
    size_t n, cap, max;
    uint64_t dropped;    /* pauses beyond max */
    struct stall *st;    /* sorted by start_ns after finish */
    size_t nst, capst;
    uint64_t stalls_dropped; /* stalls beyond max */
    uint64_t stalls_no_time; /* stall events without a usable timestamp */
    int64_t longest_ns, longest_stall_ns; /* for searches that look back */
    uint64_t no_time;    /* pause events without a usable timestamp */
    uint64_t no_duration;/* pause events without a duration */
    enum tl_clock clock;
    int64_t jvm_start_ms; /* -1 unless given: maps uptime to wall clock */
    int32_t tz_min;       /* UTC offset of the log's wall clock (for per-hour keys) */
    bool tz_known;
    /* Observation span: earliest and latest moment any event covers. */
    int64_t span_first_ns, span_last_ns;
    bool sorted;
};

/* max_pauses 0 means PAUSE_TL_DEFAULT_MAX; jvm_start_ms -1 if unknown. */
void pause_tl_init(struct pause_tl *tl, size_t max_pauses, int64_t jvm_start_ms);
void pause_tl_fini(struct pause_tl *tl);

/*
 * Feed one GC event. GC_EV_PAUSE events with a duration become pauses,
 * GC_EV_STALL events with a duration stalls; every timestamped event widens
 * the observation span. Returns true if it was kept as a pause.
 */
bool pause_tl_add_event(struct pause_tl *tl, const struct gc_event *e);

/* Add a stall directly (tests). Same clock rule and bound as pauses. */
bool pause_tl_add_stall(struct pause_tl *tl, enum tl_clock clock, int64_t start_ns, int64_t dur_ns,
                        const char *thread, const char *name);

/* Sum of stall durations. */
int64_t pause_tl_stall_total_ns(const struct pause_tl *tl);

/* Add a pause directly (tests, what-if). The clock must already be set or is
   set to `clock` now. Returns false when the bound is reached. */
bool pause_tl_add(struct pause_tl *tl, enum tl_clock clock, int64_t start_ns, int64_t dur_ns,
                  enum gc_kind kind, const char *name);

/* Widen the observation span to include t_ns (same clock). */
void pause_tl_note(struct pause_tl *tl, int64_t t_ns);

/* Sort by start time. Idempotent. */
void pause_tl_finish(struct pause_tl *tl);

/* Span covered in ns (0 if empty). */
int64_t pause_tl_span_ns(const struct pause_tl *tl);

/* Sum of pause durations. */
int64_t pause_tl_total_ns(const struct pause_tl *tl);

/*
 * Disjoint busy intervals: overlapping pauses (which the model cannot stack,
 * since the world is stopped only once) are merged. out[] gets start/end and
 * the index of the first pause and how many pauses fed it. Returns the number
 * of intervals; *overlaps gets the number of pauses that overlapped an
 * earlier one. The caller frees *out.
 */
struct busy {
    int64_t start_ns, end_ns;
    size_t first;   /* index into tl->v */
    size_t count;   /* pauses merged into this interval */
};
size_t pause_tl_busy(const struct pause_tl *tl, int64_t cap_ns, struct busy **out, uint64_t *overlaps);

/* Local-time ms of a timeline moment (wall clock + log offset), or uptime ms. */
int64_t pause_tl_local_ms(const struct pause_tl *tl, int64_t t_ns);

const char *tl_clock_name(enum tl_clock c);




/*
 * Read GC logs (gc_read_inputs) into tl. Unparsed lines go to diag; strings
 * must outlive tl (pause names are interned there). Returns gc_read_inputs'
 * code; *events counts events seen. Finishes tl.
 */
int pause_tl_read(struct pause_tl *tl, char **paths, int npaths, enum gc_format forced,
                  struct diag *diag, struct intern *strings, struct gc_read_result *res,
                  uint64_t *events, enum gc_collector *collector);
#endif
