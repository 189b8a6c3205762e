/*
 * impact_screen.c — the first screen of `gclat impact`. The verdict is the
 * share of requests the GC pauses pushed past the timeout, with the
 * requests lost when --rate is given, the pauses behind it and each
 * what-if's share: the nodes --full and --json print. A log without a
 * single pause line says so instead of quoting its 0 %.
 */
#include "impact_screen.h"
#include "render.h"
#include "report.h"
#include "screen.h"

#include <stdio.h>
#include <string.h>

static void verdict(struct report_node *root)
{
    char v[2048] = "", p[768], b[8][128];
    const struct report_node *in = rn_get(root, "inputs");
    const struct report_node *m = rn_get(root, "model");
    const struct report_node *im = rn_get(root, "impact");
    /* a log with allocation stalls also has "stalls" and "impact_all" (every stop) */
    const struct report_node *st = rn_get(root, "stalls");
    const struct report_node *all = rn_get(root, "impact_all");
    const char *timeout = screen_fig(m, "timeout_ms", b[7], sizeof b[7]);
    if (all && st) {
        snprintf(p, sizeof p, "GC pauses and allocation stalls pushed %s %% of requests past the %s ms timeout",
                 screen_fig(all, "share_pct", b[0], sizeof b[0]), timeout);
        screen_cat(v, sizeof v, p);
        if (rn_get(all, "requests_lost_per_day")) {
            snprintf(p, sizeof p, " (%s a day)", screen_fig(all, "requests_lost_per_day", b[0], sizeof b[0]));
            screen_cat(v, sizeof v, p);
        }
        snprintf(p, sizeof p, ": pauses %s %% (%s pauses, longest %s ms), stalls %s %% (%s stalls, %s longer than "
                              "the timeout, longest %s ms)",
                 screen_fig(im, "share_pct", b[0], sizeof b[0]), screen_fig(im, "pauses", b[1], sizeof b[1]),
                 screen_fig(im, "longest_pause_ms", b[2], sizeof b[2]), screen_fig(st, "share_pct", b[3], sizeof b[3]),
                 screen_fig(st, "stalls", b[4], sizeof b[4]), screen_fig(st, "stalls_over_timeout", b[5], sizeof b[5]),
                 screen_fig(st, "longest_stall_ms", b[6], sizeof b[6]));
        screen_cat(v, sizeof v, p);
    } else if (rn_value(rn_get(im, "pauses")) == 0) {
        const char *col = screen_fig(in, "collector", b[0], sizeof b[0]);
        if (strncmp(col, "zgc", 3) == 0 && rn_value(rn_get(in, "events")) > 0)
            snprintf(p, sizeof p, "No pause line in the %s events of this ZGC log (ZGC writes its pauses at "
                                  "-Xlog:gc+phases): the share of requests GC pushed past the %s ms timeout is unknown",
                     screen_fig(in, "events", b[1], sizeof b[1]), timeout);
        else
            snprintf(p, sizeof p, "No GC pause in the log's %s events: none to push a request past the %s ms timeout",
                     screen_fig(in, "events", b[1], sizeof b[1]), timeout);
        screen_cat(v, sizeof v, p);
    } else {
        snprintf(p, sizeof p, "GC pauses pushed %s %% of requests past the %s ms timeout",
                 screen_fig(im, "share_pct", b[0], sizeof b[0]), timeout);
        screen_cat(v, sizeof v, p);
        if (rn_get(im, "requests_lost")) {
            snprintf(p, sizeof p, ": %s requests over the %s s span at %s a second, %s a day",
                     screen_fig(im, "requests_lost", b[0], sizeof b[0]), screen_fig(im, "span_s", b[1], sizeof b[1]),
                     screen_fig(m, "rate_qps", b[2], sizeof b[2]),
                     screen_fig(im, "requests_lost_per_day", b[3], sizeof b[3]));
            screen_cat(v, sizeof v, p);
        }
        snprintf(p, sizeof p, "; %s pauses stopped the JVM %s %% of the %s s, longest %s ms",
                 screen_fig(im, "pauses", b[0], sizeof b[0]), screen_fig(im, "stopped_pct", b[1], sizeof b[1]),
                 screen_fig(im, "span_s", b[2], sizeof b[2]), screen_fig(im, "longest_pause_ms", b[3], sizeof b[3]));
        screen_cat(v, sizeof v, p);
    }
    const char *svc = screen_fig(m, "service_time", b[0], sizeof b[0]);
    if (strcmp(svc, "none") != 0) {
        snprintf(p, sizeof p, " (service time %s, P50 %s ms)", svc, screen_fig(m, "service_p50_ms", b[1], sizeof b[1]));
        screen_cat(v, sizeof v, p);
    }
    const struct report_node *w = rn_get(root, "what_if");
    for (const struct report_node *r = w ? w->first : NULL; r; r = r->next) {
        if (r == w->first)
            continue; /* "as logged" is the figure above */
        /* with stalls the scenario's share of every stop is total_share_pct */
        const char *share = rn_get(r, "total_share_pct") ? "total_share_pct" : "share_pct";
        snprintf(p, sizeof p, "; what if %s: %s %% (%s %%)", screen_fig(r, "scenario", b[0], sizeof b[0]),
                 screen_fig(r, share, b[1], sizeof b[1]), screen_fig(r, "change_pct", b[2], sizeof b[2]));
        screen_cat(v, sizeof v, p);
    }
    rn_verdict(root, v);
}

void impact_screen(struct report_node *root)
{
    verdict(root);
    static const char *const detail[] = {"inputs", "model", "impact", "stalls", "impact_all", "by_hour",
                                         "responsible", NULL};
    rn_flag_keys(root, detail, RF_DETAIL);
    screen_unparsed(rn_get(root, "unparsed_lines"));
}
