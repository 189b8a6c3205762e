/* watch_window.c — rolling windows of mergeable histograms (watch_window.h). */
#include "watch_window.h"

#include <string.h>

static void slot_init(struct win_slot *s)
{
    s->t0_ms = INT64_MIN;
    hist_init(&s->pause_ns, 3);
    hist_init(&s->stall_ns, 3);
    hist_init(&s->req_ns, 3);
    s->req_5xx = s->young = 0;
}

void window_init(struct window *w, int64_t len_ms, int64_t started_ms)
{
    memset(w, 0, sizeof *w);
    w->len_ms = len_ms;
    w->slot_ms = len_ms / WIN_SLOTS > 0 ? len_ms / WIN_SLOTS : 1;
    w->started_ms = started_ms;
    for (int i = 0; i < WIN_SLOTS; i++)
        slot_init(&w->s[i]);
}

void window_fini(struct window *w)
{
    for (int i = 0; i < WIN_SLOTS; i++) {
        hist_fini(&w->s[i].pause_ns);
        hist_fini(&w->s[i].stall_ns);
        hist_fini(&w->s[i].req_ns);
    }
}

static int64_t floor_div(int64_t a, int64_t b)
{
    return a / b - (a % b != 0 && (a < 0) != (b < 0));
}

/* The slot for time t, reset if it held an older period; NULL if t is outside the window. */
static struct win_slot *slot_for(struct window *w, int64_t t_ms, int64_t now_ms)
{
    if (t_ms <= now_ms - w->len_ms) {
        w->too_old++;
        return NULL;
    }
    if (t_ms > now_ms)
        t_ms = now_ms; /* a clock a little ahead of ours: count it now */
    int64_t k = floor_div(t_ms, w->slot_ms);
    struct win_slot *s = &w->s[(k % WIN_SLOTS + WIN_SLOTS) % WIN_SLOTS];
    int64_t t0 = k * w->slot_ms;
    if (s->t0_ms != t0) {
        hist_reset(&s->pause_ns);
        hist_reset(&s->stall_ns);
        hist_reset(&s->req_ns);
        s->req_5xx = s->young = 0;
        s->t0_ms = t0;
    }
    return s;
}

void window_pause(struct window *w, int64_t t_ms, int64_t dur_ns, bool young, int64_t now_ms)
{
    struct win_slot *s = slot_for(w, t_ms, now_ms);
    if (s) {
        hist_record(&s->pause_ns, dur_ns);
        s->young += young;
    }
}

void window_stall(struct window *w, int64_t t_ms, int64_t dur_ns, int64_t now_ms)
{
    struct win_slot *s = slot_for(w, t_ms, now_ms);
    if (s)
        hist_record(&s->stall_ns, dur_ns);
}

void window_request(struct window *w, int64_t t_ms, int64_t lat_ns, int status, int64_t now_ms)
{
    struct win_slot *s = slot_for(w, t_ms, now_ms);
    if (s) {
        hist_record(&s->req_ns, lat_ns);
        s->req_5xx += status >= 500 && status <= 599;
    }
}

/* A slot counts when it starts inside the window: (now - len, now] rounded to whole slots. */
static bool slot_in(const struct window *w, const struct win_slot *s, int64_t now_ms)
{
    return s->t0_ms != INT64_MIN && s->t0_ms + w->slot_ms > now_ms - w->len_ms && s->t0_ms <= now_ms;
}

int window_slots(const struct window *w, int64_t now_ms, const struct win_slot *out[WIN_SLOTS])
{
    int n = 0;
    for (int i = 0; i < WIN_SLOTS; i++)
        if (slot_in(w, &w->s[i], now_ms))
            out[n++] = &w->s[i];
    for (int i = 1; i < n; i++) /* insertion sort by start: at most 60 */
        for (int k = i; k > 0 && out[k - 1]->t0_ms > out[k]->t0_ms; k--) {
            const struct win_slot *t = out[k];
            out[k] = out[k - 1];
            out[k - 1] = t;
        }
    return n;
}

void window_view(const struct window *w, int64_t now_ms, struct win_view *v)
{
    memset(v, 0, sizeof *v);
    hist_init(&v->pause_ns, 3);
    hist_init(&v->stall_ns, 3);
    hist_init(&v->req_ns, 3);
    int64_t from = now_ms - w->len_ms;
    for (int i = 0; i < WIN_SLOTS; i++) {
        const struct win_slot *s = &w->s[i];
        if (!slot_in(w, s, now_ms))
            continue;
        hist_merge(&v->pause_ns, &s->pause_ns);
        hist_merge(&v->stall_ns, &s->stall_ns);
        hist_merge(&v->req_ns, &s->req_ns);
        v->req_5xx += s->req_5xx;
        v->young += s->young;
    }
    int64_t start = from > w->started_ms ? from : w->started_ms;
    v->covered_ms = now_ms - start > 0 ? now_ms - start : 0;
}

void window_view_fini(struct win_view *v)
{
    hist_fini(&v->pause_ns);
    hist_fini(&v->stall_ns);
    hist_fini(&v->req_ns);
}
