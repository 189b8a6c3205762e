/*
 * watch_html.h — `gclat watch --html FILE` (and GET / with --listen): the
 * state of every followed JVM as a report tree, drawn by render_html like
 * every other --html page (same CSP, no script, every string escaped).
 *
 * The tree holds, per JVM: key figures of the first window (max and P99
 * pause, time in GC pauses, allocation stalls, P99 latency and requests
 * with --access, alerts firing); findings one line each (alerts firing
 * first, then gc_analysis' findings since start); the charts of the
 * longest window slot by slot (max and P99 pause, allocation stalls,
 * request P50 / P99 / max); then the details: since-start figures, every
 * window, every alert, allocation stalls by thread, requests by route.
 * The figures are the ones the line, the screen and --json print
 * (watch_out.h); nothing here computes a figure but per-slot percentiles.
 */
#ifndef GCLAT_WATCH_HTML_H
#define GCLAT_WATCH_HTML_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "watch_jvm.h"
#include "watch_out.h"

struct watch_page {
    const struct watch_frame *fr;   /* fr->f[i] are the figures of jvms[i] */
    const struct watch_jvm *jvms;
    int n;
    int64_t interval_ms;
    bool final;                     /* watch has stopped (or --once): no refresh */
    bool before_first;              /* alerts not evaluated yet (a page served before the first interval) */
};

/* The page as HTML into f (refreshing every interval unless final). */
void watch_html_write(FILE *f, const struct watch_page *p);

#endif
