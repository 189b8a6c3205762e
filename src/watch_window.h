/*
 * watch_window.h — rolling figures for `gclat watch --window DUR`: a ring of
 * WIN_SLOTS time slots of DUR / WIN_SLOTS each, every slot holding mergeable
 * histograms (hist.h, exact while small) of pauses, allocation stalls and
 * request latencies. A window's figures are the merge of the slots inside
 * (now - DUR, now], so memory is fixed per window however long watch runs
 * and percentiles are exact over the window (not averages of slot
 * percentiles). The time of an event is its logged wall-clock time when
 * the log has one, else the time it was read.
 */
#ifndef GCLAT_WATCH_WINDOW_H
#define GCLAT_WATCH_WINDOW_H

#include <stdbool.h>
#include <stdint.h>

#include "hist.h"

#define WIN_SLOTS 60

struct win_slot {
    int64_t t0_ms;             /* slot start; INT64_MIN when empty */
    struct hist pause_ns, stall_ns, req_ns;
    uint64_t req_5xx;
    uint64_t young;            /* young collections (frequency) */
};

struct win_view {
    struct hist pause_ns, stall_ns, req_ns;
    uint64_t req_5xx, young;
    int64_t covered_ms;        /* how much of the window lies after watch started */
};

struct window {
    int64_t len_ms, slot_ms;
    int64_t started_ms;        /* when watching started (wall) */
    struct win_slot s[WIN_SLOTS];
    uint64_t too_old;          /* events older than the window when they arrived */
};

void window_init(struct window *w, int64_t len_ms, int64_t started_ms);
void window_fini(struct window *w);
void window_pause(struct window *w, int64_t t_ms, int64_t dur_ns, bool young, int64_t now_ms);
void window_stall(struct window *w, int64_t t_ms, int64_t dur_ns, int64_t now_ms);
void window_request(struct window *w, int64_t t_ms, int64_t lat_ns, int status, int64_t now_ms);
/* Merge the slots of (now - len, now] into v (initialised here; window_view_fini after). */
void window_view(const struct window *w, int64_t now_ms, struct win_view *v);
void window_view_fini(struct win_view *v);
/* The slots of (now - len, now] (as window_view counts them), oldest first, into out; returns how many. */
int window_slots(const struct window *w, int64_t now_ms, const struct win_slot *out[WIN_SLOTS]);

#endif
