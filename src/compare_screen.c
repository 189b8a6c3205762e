/*
 * compare_screen.c — the first screen of `gclat compare`. The headline rows
 * are copies of the comparison table's own rows (same values, decimals and
 * change column), so they cannot disagree with --full; the verdict names,
 * per run, the headline metrics that changed by 10 % or more against the
 * baseline and those a run cannot tell (a '-' where the baseline has a value).
 */
#include "compare_screen.h"
#include "render.h"
#include "report.h"
#include "screen.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHANGE_MATTERS_PCT 10.0
/*
 * The first screen is at most SCREEN_LINES lines (tests/sh/first_screen.sh):
 * the verdict, the headline table and the findings, each with a title and a
 * blank line, and "More: --full". Findings rows take what the headline rows
 * leave, from 1 to BRIEF_FINDINGS: with a few runs of several inputs the
 * findings table alone would fill it.
 */
#define SCREEN_LINES 25
#define SCREEN_FIXED_LINES 9 /* verdict, 3 blanks, 2 titles, 2 table headers, More */
#define BRIEF_FINDINGS 6

struct headline {
    const char *id, *label;
    bool verdict; /* named in the verdict line when it changed */
};

/* In table order: latency, GC, CPU. */
static const struct headline heads[] = {
    {"count", "requests", false},
    {"p50", "latency P50", false},
    {"p99", "latency P99", true},
    {"p99.9", "latency P99.9", false},
    {"max", "latency max", true},
    {"gc.count", "GC pauses", false},
    {"gc.p99", "GC pause P99", true},
    {"gc.max", "GC pause max", true},
    {"gc.share", "time in GC pauses", true},
    {"gc.collections", "collections", false},
    {"gc.stalls", "allocation stalls", true},
    {"gc.stall_max", "allocation stall max", false},
    {"gc.alloc_rate", "allocation rate", false},
    {"cpu.mean", "JVM CPU mean", true},
    {"cpu.p99", "JVM CPU P99", false},
};

static const struct report_node *row_of(const struct report_node *cmp, const char *id)
{
    for (const struct report_node *r = cmp ? cmp->first : NULL; r; r = r->next) {
        const struct report_node *m = rn_get(r, "metric");
        if (m && m->kind == RN_STR && strcmp(m->s, id) == 0)
            return r;
    }
    return NULL;
}

static bool known(const struct report_node *n)
{
    return n && n->kind != RN_NULL && !(n->kind == RN_NUM && !isfinite(n->d));
}

/* "latency P99 66.000 -> 38.000 ms (-42.4%)" when it matters, else nothing. */
static bool change_text(const struct headline *h, const struct report_node *row, const char *base, const char *run,
                        char *buf, size_t len)
{
    char key[300], a[64], b[64];
    const struct report_node *vb = rn_get(row, base), *vr = rn_get(row, run);
    snprintf(key, sizeof key, "%s %%", run);
    const struct report_node *ch = rn_get(row, key);
    const struct report_node *u = rn_get(row, "unit");
    const char *unit = u && u->kind == RN_STR && u->s[0] ? u->s : NULL;
    if (known(vb) && !known(vr)) {
        snprintf(buf, len, "%s unknown in %s", h->label, run);
        return true;
    }
    if (!known(vb) || !known(vr))
        return false;
    render_scalar(vb, a, sizeof a);
    render_scalar(vr, b, sizeof b);
    double pct = ch && ch->kind == RN_STR ? strtod(ch->s, NULL) : NAN;
    bool from_zero = rn_value(vb) == 0 && rn_value(vr) != 0;
    if (!from_zero && !(fabs(pct) >= CHANGE_MATTERS_PCT))
        return false;
    snprintf(buf, len, "%s %s -> %s%s%s%s%s%s", h->label, a, b, unit ? " " : "", unit ? unit : "",
             from_zero ? "" : " (", from_zero ? "" : ch->s, from_zero ? "" : ")");
    return true;
}

static void verdict(struct report_node *root, const struct report_node *cmp)
{
    const struct report_node *runs = rn_get(root, "runs");
    const struct report_node *r0 = runs ? runs->first : NULL;
    char v[3072] = "", p[512];
    if (!r0 || !r0->next) {
        rn_verdict(root, "One run: nothing to compare it with (give NAME=FILES for each run)");
        return;
    }
    const struct report_node *bn = rn_get(r0, "name"), *bc = rn_get(r0, "collector");
    const char *base = bn && bn->kind == RN_STR ? bn->s : "?";
    for (const struct report_node *r = r0->next; r; r = r->next) {
        const struct report_node *rn = rn_get(r, "name"), *rc = rn_get(r, "collector");
        const char *run = rn && rn->kind == RN_STR ? rn->s : "?";
        snprintf(p, sizeof p, "%s%s", v[0] ? "; " : "", run);
        screen_cat(v, sizeof v, p);
        if (rc && rc->kind == RN_STR && strcmp(rc->s, "-") != 0) {
            snprintf(p, sizeof p, " (%s)", rc->s);
            screen_cat(v, sizeof v, p);
        }
        snprintf(p, sizeof p, " vs %s", base);
        screen_cat(v, sizeof v, p);
        if (bc && bc->kind == RN_STR && strcmp(bc->s, "-") != 0) {
            snprintf(p, sizeof p, " (%s)", bc->s);
            screen_cat(v, sizeof v, p);
        }
        int said = 0;
        for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++) {
            const struct report_node *row = heads[i].verdict ? row_of(cmp, heads[i].id) : NULL;
            char c[256];
            if (row && change_text(&heads[i], row, base, run, c, sizeof c)) {
                snprintf(p, sizeof p, "%s%s", said++ ? ", " : ": ", c);
                screen_cat(v, sizeof v, p);
            }
        }
        if (!said) {
            snprintf(p, sizeof p, ": no headline metric changed by %.0f %% or more", CHANGE_MATTERS_PCT);
            screen_cat(v, sizeof v, p);
        }
    }
    rn_verdict(root, v);
}

static const char *sev_of(const struct report_node *f)
{
    const struct report_node *s = rn_get(f, "severity");
    return s && s->kind == RN_STR ? s->s : "info";
}

/*
 * The findings on the first screen: critical, then warning rows, at most
 * BRIEF_FINDINGS, in the table's order within a severity; the whole table
 * (info rows too) with --full. The title says how many are left out.
 */
static void brief_findings(struct report_node *root, int headline_rows)
{
    int room = SCREEN_LINES - SCREEN_FIXED_LINES - headline_rows;
    int most = room < 1 ? 1 : room > BRIEF_FINDINGS ? BRIEF_FINDINGS : room;
    struct report_node *fs = rn_get(root, "findings");
    if (!fs || fs->kind != RN_ARR || !fs->first)
        return;
    static const char *const order[] = {"critical", "warning"};
    struct report_node *b = rn_flags(rn_arr(root, "findings_brief"), RF_TABLE | RF_WIDE | RF_NOJSON | RF_NOHTML | RF_BRIEF);
    int shown = 0, total = rn_len(fs), by_sev[3] = {0, 0, 0};
    for (const struct report_node *f = fs->first; f; f = f->next)
        by_sev[!strcmp(sev_of(f), "critical") ? 0 : !strcmp(sev_of(f), "warning") ? 1 : 2]++;
    for (size_t k = 0; k < sizeof order / sizeof *order; k++)
        for (const struct report_node *f = fs->first; f && shown < most; f = f->next)
            if (!strcmp(sev_of(f), order[k])) {
                rn_copy(b, f, 0, 0);
                shown++;
            }
    char title[200];
    if (shown == total)
        snprintf(title, sizeof title, "Findings (per run and input)");
    else
        snprintf(title, sizeof title,
                 "Findings (per run and input: %d critical, %d warning, %d info; %d shown, --full: all)", by_sev[0],
                 by_sev[1], by_sev[2], shown);
    rn_title(b, title);
    rn_move_after(root, b, fs);
    rn_flags(fs, RF_DETAIL);
}

void compare_screen(struct report_node *root)
{
    struct report_node *cmp = rn_get(root, "comparison");
    int headline_rows = 0;
    verdict(root, cmp);
    if (cmp) {
        const struct report_node *runs0 = rn_get(root, "runs");
        const struct report_node *bn = runs0 && runs0->first ? rn_get(runs0->first, "name") : NULL;
        char title[320];
        snprintf(title, sizeof title, "Headline metrics (change vs %s; --full: all %d rows)",
                 bn && bn->kind == RN_STR ? bn->s : "the first run", rn_len(cmp));
        struct report_node *h = rn_flags(rn_title(rn_arr(root, "headline"), title), RF_TABLE | RF_NOJSON | RF_BRIEF);
        for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++) {
            const struct report_node *row = row_of(cmp, heads[i].id);
            if (!row)
                continue;
            struct report_node *o = rn_obj(h, NULL);
            headline_rows++;
            for (const struct report_node *c = row->first; c; c = c->next)
                rn_copy(o, c, 0, 0);
        }
        rn_move_after(root, h, cmp);
        rn_flags(cmp, RF_DETAIL);
    }
    struct report_node *runs = rn_get(root, "runs");
    if (runs)
        rn_flags(runs, RF_DETAIL);
    brief_findings(root, headline_rows);
}
