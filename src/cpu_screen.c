/*
 * cpu_screen.c — the first screen of `gclat cpu`. The verdict quotes the
 * busiest process's row of the Processes table (mean, P99 and max %CPU),
 * with threads the busiest thread by name (the dump's, with --thread-dump,
 * and how many it named and how far it is from the capture) and the GC
 * threads' share of the JVM's CPU, and the
 * host's mean idle and 1-min load from the Machine tables: the same nodes
 * --full and --json print, so the line cannot disagree with them. A figure
 * the input does not have is named as unknown.
 */
#include "cpu_screen.h"
#include "render.h"
#include "report.h"
#include "screen.h"

#include <stdio.h>
#include <string.h>

#define SCREEN_PROCESSES 8

/* The row of a table whose string column `key` is `value`. */
static const struct report_node *row_of(const struct report_node *arr, const char *key, const char *value)
{
    for (const struct report_node *r = arr ? arr->first : NULL; r; r = r->next) {
        const struct report_node *k = rn_get(r, key);
        if (k && k->kind == RN_STR && strcmp(k->s, value) == 0)
            return r;
    }
    return NULL;
}

static void verdict(struct report_node *root)
{
    char v[2048] = "", p[512], b[6][64];
    const struct report_node *procs = rn_get(root, "processes");
    const struct report_node *top = procs ? procs->first : NULL;
    if (top) {
        snprintf(p, sizeof p, "%s %s", screen_fig(top, "command", b[0], sizeof b[0]), screen_fig(top, "pid", b[1], sizeof b[1]));
        screen_cat(v, sizeof v, p);
        if (rn_len(procs) > 1) {
            snprintf(p, sizeof p, " (busiest of %d processes)", rn_len(procs));
            screen_cat(v, sizeof v, p);
        }
        snprintf(p, sizeof p, ": %s %%CPU mean (%s cores), P99 %s %%, max %s %% at %s, %s samples",
                 screen_fig(top, "cpu_mean_pct", b[0], sizeof b[0]), screen_fig(top, "cores_mean", b[1], sizeof b[1]),
                 screen_fig(top, "cpu_p99_pct", b[2], sizeof b[2]), screen_fig(top, "cpu_max_pct", b[3], sizeof b[3]),
                 screen_fig(top, "max_at", b[4], sizeof b[4]), screen_fig(top, "samples", b[5], sizeof b[5]));
        screen_cat(v, sizeof v, p);
    } else {
        screen_cat(v, sizeof v, "no process matched (--pid, --command, --all)");
    }
    /* a thread view names its busiest thread: the dump's full name when --thread-dump gave one */
    const struct report_node *th = rn_get(root, "threads");
    if (th && th->first) {
        snprintf(p, sizeof p, "; busiest thread %s (tid %s, %s %%CPU mean)", screen_fig(th->first, "name", b[0], sizeof b[0]),
                 screen_fig(th->first, "tid", b[1], sizeof b[1]), screen_fig(th->first, "cpu_mean_pct", b[2], sizeof b[2]));
        screen_cat(v, sizeof v, p);
    }
    const struct report_node *tt = rn_get(root, "thread_totals");
    if (tt) {
        snprintf(p, sizeof p, "; GC threads %s %% of the JVM's CPU", screen_fig(tt, "gc_share_pct", b[0], sizeof b[0]));
        screen_cat(v, sizeof v, p);
    }
    const struct report_node *td = rn_get(root, "thread_dump");
    if (td) {
        const struct report_node *gap = rn_get(td, "gap_s");
        snprintf(p, sizeof p, "; %s of %s threads named from the dump, %s%s", screen_fig(td, "named_threads", b[0], sizeof b[0]),
                 screen_fig(tt, "threads", b[1], sizeof b[1]),
                 gap && gap->kind != RN_NULL ? screen_fig(td, "gap_s", b[2], sizeof b[2]) : "its time gap unknown",
                 gap && gap->kind != RN_NULL ? " s from the capture" : "");
        screen_cat(v, sizeof v, p);
    }
    const struct report_node *m = rn_get(root, "machine");
    const struct report_node *idle = row_of(rn_get(m, "cpu"), "field", "id");
    const struct report_node *load = row_of(rn_get(m, "load"), "window", "1m");
    if (idle || load) {
        screen_cat(v, sizeof v, "; host:");
        if (idle) {
            snprintf(p, sizeof p, " idle %s %% mean", screen_fig(idle, "mean", b[0], sizeof b[0]));
            screen_cat(v, sizeof v, p);
        }
        if (load) {
            snprintf(p, sizeof p, "%s 1-min load %s mean (max %s)", idle ? "," : "", screen_fig(load, "mean", b[0], sizeof b[0]),
                     screen_fig(load, "max", b[1], sizeof b[1]));
            screen_cat(v, sizeof v, p);
        }
        if (rn_get(m, "cpus"))
            snprintf(p, sizeof p, " on %s CPUs", screen_fig(m, "cpus", b[0], sizeof b[0]));
        else
            snprintf(p, sizeof p, ", CPU count unknown");
        screen_cat(v, sizeof v, p);
    } else {
        screen_cat(v, sizeof v, "; host figures not in the input (top -b summary lines)");
    }
    rn_findings_tally(rn_get(root, "findings"), b[0], sizeof b[0]);
    snprintf(p, sizeof p, " \xe2\x80\x94 %s", b[0]);
    screen_cat(v, sizeof v, p);
    rn_verdict(root, v);
}

void cpu_screen(struct report_node *root)
{
    verdict(root);
    static const char *const detail[] = {"input", "machine", "process_detail", "spikes", "categories", "thread_totals",
                                         "groups", "threads", "threads_top", "thread_dump", NULL};
    rn_flag_keys(root, detail, RF_DETAIL);
    /* one process is the verdict; a few are a short table */
    struct report_node *pt = rn_get(root, "processes");
    if (pt && (rn_len(pt) <= 1 || rn_len(pt) > SCREEN_PROCESSES))
        rn_flags(pt, RF_DETAIL);
    screen_unparsed(rn_get(root, "unparsed_lines"));
}
