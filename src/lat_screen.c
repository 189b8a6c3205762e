/*
 * lat_screen.c — the first screen of `gclat lat` (text only). A verdict
 * line per column: requests, P50 P99 P99.9 and max, and with --over the
 * share over each threshold; with --by the groups merged, and a compact
 * table of the busiest groups under an "(all)" row carrying the verdict's
 * figures. Every figure comes from lat_report_flat, the same rows the CSV
 * and the tables print, so the decimals and the percentile rule are theirs.
 * The full per-group sections, the summaries and the input counts are
 * detail (--full); JSON never sees any of this.
 */
#include "lat.h"
#include "lat_screen.h"
#include "render.h"
#include "report.h"
#include "screen.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

#define SCREEN_GROUPS 10 /* groups in the compact table */
#define SCREEN_INTERVALS 12

static const double verdict_pct[] = {50, 99, 99.9};

/* "391 requests{what}: P50 14 ms, P99 71 ms, P99.9 114 ms, max 114 ms; 63.750 % over 10 ms" */
static void describe(char *v, size_t cap, const struct lat_acc *a, const char *what, int64_t out_ns)
{
    struct report_node *tmp = rn_root();
    struct report_node *row = rn_obj(tmp, "row");
    lat_report_flat(row, a, verdict_pct, 3, out_ns);
    const char *u = lat_unit_name(out_ns);
    char p[768], b[5][64];
    if (a->h.total == 0) {
        snprintf(p, sizeof p, "0 requests%s", what);
        screen_cat(v, cap, p);
    } else {
        snprintf(p, sizeof p, "%s requests%s: P50 %s %s, P99 %s %s, P99.9 %s %s, max %s %s",
                 screen_fig(row, "count", b[0], sizeof b[0]), what, screen_fig(row, "P50", b[1], sizeof b[1]), u,
                 screen_fig(row, "P99", b[2], sizeof b[2]), u, screen_fig(row, "P99.9", b[3], sizeof b[3]), u,
                 screen_fig(row, "max", b[4], sizeof b[4]), u);
        screen_cat(v, cap, p);
    }
    /* --over: the share over each threshold, the flat row's over_*ms_pct */
    for (const struct report_node *n = row->first; n && a->h.total; n = n->next) {
        size_t kl = strlen(n->key);
        if (strncmp(n->key, "over_", 5) != 0 || kl < 9 || strcmp(n->key + kl - 6, "ms_pct") != 0)
            continue;
        render_scalar(n, b[0], sizeof b[0]);
        snprintf(p, sizeof p, "; %s %% over %.*s ms", b[0], (int)(kl - 11), n->key + 5);
        screen_cat(v, cap, p);
    }
    rn_free(tmp);
}

static void compact_row(struct report_node *t, const char *name, const struct lat_acc *a, int64_t out_ns)
{
    struct report_node *row = rn_obj(t, NULL);
    rn_str(row, "group", name);
    lat_report_flat(row, a, verdict_pct, 3, out_ns);
    for (struct report_node *n = row->first; n; n = n->next) {
        size_t kl = strlen(n->key);
        bool over_count = strncmp(n->key, "over_", 5) == 0 && kl > 2 && strcmp(n->key + kl - 2, "ms") == 0;
        if (over_count || !strcmp(n->key, "mean") || !strcmp(n->key, "stddev") || !strcmp(n->key, "variance") ||
            !strcmp(n->key, "min"))
            rn_flags(n, RF_NOTEXT);
        else if (strncmp(n->key, "over_", 5) == 0) {
            /* over_10ms_pct -> "% > 10ms" */
            char t2[64];
            snprintf(t2, sizeof t2, "%% > %.*s", (int)(kl - 9), n->key + 5);
            rn_title(n, t2);
        }
    }
}

void lat_screen(struct report_node *root, struct report_node *top, const struct lat_cfg *c, struct lat_result *res,
                size_t ncol, const char *const *names, const char *by, int64_t out_ns)
{
    char v[2048] = "";
    struct lat_acc all;
    bool merged = false;
    if (ncol > 1) {
        for (size_t k = 0; k < ncol; k++) {
            char p[128];
            snprintf(p, sizeof p, "%s%s: ", k ? "; " : "", names[k]);
            screen_cat(v, sizeof v, p);
            if (res[k].groups.n)
                describe(v, sizeof v, &res[k].groups.g[0].acc, "", out_ns);
            else
                screen_cat(v, sizeof v, "0 requests");
        }
    } else if (c->by == BY_NONE) {
        if (res[0].groups.n)
            describe(v, sizeof v, &res[0].groups.g[0].acc, "", out_ns);
        else
            screen_cat(v, sizeof v, "0 requests");
    } else {
        /* every group (and (other)) merged: the whole log's distribution */
        struct lat_groups *g = &res[0].groups;
        size_t ng = g->n + (g->other != NULL);
        lat_acc_init(&all, c->precision, c->unit_ns, false);
        lat_acc_set_over(&all, c->over_ns, c->nover);
        for (size_t i = 0; i < ng; i++)
            lat_acc_merge(&all, i < g->n ? &g->g[i].acc : &g->other->acc);
        merged = true;
        char what[256];
        snprintf(what, sizeof what, " in %zu group%s by %s%s", g->n, g->n == 1 ? "" : "s", by,
                 g->other ? " and " LAT_OTHER_KEY : "");
        describe(v, sizeof v, &all, what, out_ns);
        /* the busiest groups, in the order the report lists them */
        char *t = ng > SCREEN_GROUPS ? xasprintf("Groups by %s (the first %d of %zu; --full lists every group)", by,
                                                 SCREEN_GROUPS, ng)
                                     : xasprintf("Groups by %s", by);
        struct report_node *ct = rn_flags(rn_title(rn_arr(top, "groups_screen"), t), RF_TABLE | RF_NOJSON | RF_BRIEF);
        free(t);
        compact_row(ct, "(all)", &all, out_ns);
        for (size_t i = 0; i < ng && i < SCREEN_GROUPS; i++) {
            struct lat_group *gr = i < g->n ? &g->g[i] : g->other;
            compact_row(ct, gr->key, &gr->acc, out_ns);
        }
        /* the table goes where the groups' sections were */
        rn_move_after(top, ct, rn_get(top, "groups"));
    }
    uint64_t bad = 0;
    for (size_t k = 0; k < ncol; k++)
        bad += res[k].diag.total;
    if (bad) {
        char p[64];
        snprintf(p, sizeof p, "; %llu line(s) not understood", (unsigned long long)bad);
        screen_cat(v, sizeof v, p);
    }
    rn_verdict(root, v);
    if (merged)
        lat_acc_fini(&all);

    static const char *const detail[] = {"input", "summary", "groups", "grouping", NULL};
    rn_flag_keys(top, detail, RF_DETAIL);
    struct report_node *iv = rn_get(top, "intervals");
    if (iv && rn_len(iv) > SCREEN_INTERVALS)
        rn_flags(iv, RF_DETAIL);
    screen_unparsed(rn_get(top, "unparsed_lines"));
}
