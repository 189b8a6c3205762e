/*
 * td_screen.c — the first screen of `gclat threads`. The verdict quotes the
 * analysed dump's thread count, its states (the "Threads by state" rows,
 * summed per state), the deadlocks found and the threads blocked on a
 * monitor or parked on an owned lock: the nodes --full and --json print.
 */
#include "render.h"
#include "report.h"
#include "screen.h"
#include "td_screen.h"

#include <stdio.h>
#include <string.h>

#define MAX_STATES 16

static void verdict(struct report_node *root)
{
    char v[2048] = "", p[512], b[4][64];
    const struct report_node *in = rn_get(root, "input");
    snprintf(p, sizeof p, "%s threads (%s", screen_fig(in, "threads", b[0], sizeof b[0]), screen_fig(in, "format", b[1], sizeof b[1]));
    screen_cat(v, sizeof v, p);
    if (rn_value(rn_get(in, "dumps")) > 1) {
        snprintf(p, sizeof p, ", dump %s of %s", screen_fig(in, "analysed_dump", b[0], sizeof b[0]),
                 screen_fig(in, "dumps", b[1], sizeof b[1]));
        screen_cat(v, sizeof v, p);
    }
    if (rn_value(rn_get(in, "virtual_threads")) > 0) {
        snprintf(p, sizeof p, ", %s virtual", screen_fig(in, "virtual_threads", b[0], sizeof b[0]));
        screen_cat(v, sizeof v, p);
    }
    screen_cat(v, sizeof v, ")");
    /* states in the table's order (most threads first), details summed */
    const char *name[MAX_STATES];
    int64_t count[MAX_STATES];
    int ns = 0;
    const struct report_node *st = rn_get(root, "states");
    for (const struct report_node *r = st ? st->first : NULL; r; r = r->next) {
        const struct report_node *s = rn_get(r, "state");
        if (!s || s->kind != RN_STR)
            continue;
        int k = 0;
        while (k < ns && strcmp(name[k], s->s) != 0)
            k++;
        if (k == ns) {
            if (ns == MAX_STATES)
                continue;
            name[ns] = s->s;
            count[ns++] = 0;
        }
        count[k] += (int64_t)rn_value(rn_get(r, "threads"));
    }
    /* most threads first; a stable insertion sort keeps the table's order on ties */
    for (int i = 1; i < ns; i++)
        for (int j = i; j > 0 && count[j] > count[j - 1]; j--) {
            const char *tn = name[j];
            int64_t tc = count[j];
            name[j] = name[j - 1], count[j] = count[j - 1];
            name[j - 1] = tn, count[j - 1] = tc;
        }
    for (int k = 0; k < ns; k++) {
        snprintf(p, sizeof p, "%s%s %lld", k ? ", " : ": ", name[k], (long long)count[k]);
        screen_cat(v, sizeof v, p);
    }
    const struct report_node *dl = rn_get(root, "deadlocks");
    const struct report_node *lk = rn_get(root, "locks");
    const char *nd = screen_fig(dl, "found", b[0], sizeof b[0]);
    snprintf(p, sizeof p, "; %s deadlock%s; %s blocked on a monitor, %s parked on an owned lock", nd,
             strcmp(nd, "1") == 0 ? "" : "s", screen_fig(lk, "blocked_on_monitors", b[1], sizeof b[1]),
             screen_fig(lk, "parked_on_owned", b[2], sizeof b[2]));
    screen_cat(v, sizeof v, p);
    rn_findings_tally(rn_get(root, "findings"), b[0], sizeof b[0]);
    snprintf(p, sizeof p, " \xe2\x80\x94 %s", b[0]);
    screen_cat(v, sizeof v, p);
    rn_verdict(root, v);
}

void td_screen(struct report_node *root)
{
    verdict(root);
    static const char *const detail[] = {"input", "dumps", "states", "deadlocks", "locks", "top", "pools",
                                         "identical_stacks", "hot_frames", "cpu", "cpu_between_dumps",
                                         "across_dumps", "other_blocks", NULL};
    rn_flag_keys(root, detail, RF_DETAIL);
    screen_unparsed(rn_get(root, "unparsed_lines"));
}
