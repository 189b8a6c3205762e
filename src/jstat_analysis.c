/*
 * jstat_analysis.c — per-series jstat statistics and findings
 * (jstat_analysis.h). Prints nothing, opens nothing.
 */
#include "finding.h"
#include "jstat_analysis.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const sp_names[SP_N] = {"S0", "S1", "Eden", "Old", "Metaspace", "CCS"};
static const int sp_util[SP_N] = {J_S0, J_S1, J_E, J_O, J_M, J_CCS};
static const int sp_cap[SP_N] = {J_S0C, J_S1C, J_EC, J_OC, J_MC, J_CCSC};
static const int sp_used[SP_N] = {J_S0U, J_S1U, J_EU, J_OU, J_MU, J_CCSU};

static const char *const gk_names[GK_N] = {"young", "full", "concurrent"};
static const int gk_cnt[GK_N] = {J_YGC, J_FGC, J_CGC};
static const int gk_time[GK_N] = {J_YGCT, J_FGCT, J_CGCT};



/* cumulative counter difference; a drop means a restart from zero */
static double cdelta(double now, double before)
{
    return now >= before ? now - before : now;
}

void jstat_series_add(struct jstat_series *s, const struct jstat_row *r)
{
    s->rows++;
    for (int k = 0; k < J_NCOL; k++)
        if (r->has[k])
            s->seen[k] = true;
    if (r->has[J_TS]) {
        if (!s->has_ts)
            s->ts_first = r->v[J_TS];
        s->has_ts = true;
        s->ts_last = r->v[J_TS];
    }
    double occ[SP_N];
    bool occ_ok[SP_N];
    for (int k = 0; k < SP_N; k++) {
        occ_ok[k] = false;
        if (r->has[sp_util[k]]) {
            occ[k] = r->v[sp_util[k]];
            occ_ok[k] = true;
        } else if (r->has[sp_cap[k]] && r->has[sp_used[k]] && r->v[sp_cap[k]] > 0) {
            occ[k] = 100.0 * r->v[sp_used[k]] / r->v[sp_cap[k]];
            occ_ok[k] = true;
        }
        if (occ_ok[k] && occ[k] >= 0 && occ[k] < 1e7)
            hist_record(&s->occ[k], (int64_t)llround(occ[k] * 100));
        if (r->has[sp_cap[k]]) {
            if (!s->cap_seen[k])
                s->cap_first_kb[k] = r->v[sp_cap[k]];
            s->cap_seen[k] = true;
            s->cap_last_kb[k] = r->v[sp_cap[k]];
        }
    }
    bool gc_happened = false;
    if (s->have_prev) {
        const struct jstat_row *p = &s->prev;
        for (int g = 0; g < GK_N; g++) {
            if (r->has[gk_cnt[g]] && p->has[gk_cnt[g]]) {
                double d = cdelta(r->v[gk_cnt[g]], p->v[gk_cnt[g]]);
                s->cnt[g] += d;
                s->cnt_seen[g] = true;
                if (d > 0)
                    gc_happened = true;
            }
            if (r->has[gk_time[g]] && p->has[gk_time[g]])
                s->tim[g] += cdelta(r->v[gk_time[g]], p->v[gk_time[g]]);
        }
        if (r->has[J_GCT] && p->has[J_GCT])
            s->gct += cdelta(r->v[J_GCT], p->v[J_GCT]);
        /* promotion: old-gen growth across intervals with young GCs and no full GC */
        bool young = r->has[J_YGC] && p->has[J_YGC] && r->v[J_YGC] > p->v[J_YGC];
        bool full = r->has[J_FGC] && p->has[J_FGC] && r->v[J_FGC] != p->v[J_FGC];
        if (young && !full && r->has[J_OU] && p->has[J_OU]) {
            s->promo_seen = true;
            s->promo_young += r->v[J_YGC] - p->v[J_YGC];
            if (r->v[J_OU] > p->v[J_OU])
                s->promoted_kb += r->v[J_OU] - p->v[J_OU];
        }
    } else {
        s->first = *r;
    }
    if (r->lgcc) {
        s->gccause = true;
        if (gc_happened || !s->have_prev) {
            size_t i;
            for (i = 0; i < s->ncauses; i++)
                if (strcmp(s->causes[i].name, r->lgcc) == 0)
                    break;
            if (i == s->ncauses) {
                xgrow((void **)&s->causes, &s->ccap, s->ncauses + 1, sizeof *s->causes);
                s->causes[i].name = xstrdup(r->lgcc);
                s->causes[i].as_last = 0;
                s->ncauses++;
            }
            s->causes[i].as_last++;
        }
    }
    s->prev = *r;
    s->prev.lgcc = s->prev.gcc = NULL;
    s->first.lgcc = s->first.gcc = NULL;
    s->have_prev = true;
    /* per-sample rows: CSV and JSON series */
    struct report_node *o = rn_obj(s->csv, NULL);
    rn_str(o, "file", s->file);
    rn_int(o, "line", (int64_t)r->lineno);
    if (r->has[J_TS])
        rn_num(o, "t_s", r->v[J_TS], 1);
    else
        rn_num(o, "t_s", (double)(s->rows - 1) * (double)s->interval_us / 1e6, 1);
    for (int k = 0; k < SP_N; k++) {
        char key[32];
        snprintf(key, sizeof key, "%s_pct", sp_names[k]);
        if (occ_ok[k])
            rn_num(o, key, occ[k], 2);
        else
            rn_null(o, key);
    }
    for (int g = 0; g < GK_N; g++) {
        if (r->has[gk_cnt[g]])
            rn_int(o, jcol_names[gk_cnt[g]], (int64_t)r->v[gk_cnt[g]]);
        else
            rn_null(o, jcol_names[gk_cnt[g]]);
    }
    if (r->has[J_GCT])
        rn_num(o, "GCT", r->v[J_GCT], 3);
    else
        rn_null(o, "GCT");
    rn_str(o, "LGCC", r->lgcc ? r->lgcc : "");
}



static double duration_s(const struct jstat_series *s)
{
    return s->has_ts ? s->ts_last - s->ts_first
                     : (double)(s->rows ? s->rows - 1 : 0) * (double)s->interval_us / 1e6;
}

void jstat_series_report(const struct jstat_series *s, struct report_node *arr)
{
    struct report_node *o = rn_obj(arr, NULL);
    const char *kind = s->gccause ? "gccause" : s->seen[J_EC] || s->seen[J_OC] ? "gc"
                       : s->seen[J_E] || s->seen[J_O] ? "gcutil" : "other";
    char *t = xasprintf("%s (jstat -%s%s)", s->file, kind, s->has_ts ? " -t" : "");
    rn_title(o, t);
    free(t);
    rn_str(o, "file", s->file);
    rn_str(o, "kind", kind);
    rn_int(o, "rows", (int64_t)s->rows);
    double dur_s = duration_s(s);
    rn_unit(rn_title(rn_num(o, "duration_s", dur_s, 1), "duration"), "s");
    rn_title(rn_str(o, "duration_from",  s->has_ts ? "Timestamp column" : "rows x --interval (assumed)"),
             "duration from");
    double mins = dur_s / 60;
    struct report_node *gt = rn_flags(rn_title(rn_arr(o, "gc"), "GCs between first and last row"),
                                      RF_TABLE);
    for (int g = 0; g < GK_N; g++) {
        if (!s->cnt_seen[g])
            continue;
        struct report_node *r = rn_obj(gt, NULL);
        rn_str(r, "kind", gk_names[g]);
        rn_title(rn_int(r, "first", (int64_t)s->first.v[gk_cnt[g]]), "count at first");
        rn_title(rn_int(r, "last", (int64_t)s->prev.v[gk_cnt[g]]), "count at last");
        rn_int(r, "count", (int64_t)llround(s->cnt[g]));
        if (mins > 0)
            rn_title(rn_num(r, "per_min", s->cnt[g] / mins, 2), "per minute");
        else
            rn_title(rn_null(r, "per_min"), "per minute");
        rn_title(rn_num(r, "time_s", s->tim[g], 3), "time (s)");
        if (s->cnt[g] > 0)
            rn_title(rn_num(r, "mean_ms", 1000 * s->tim[g] / s->cnt[g], 2), "mean ms per GC");
        else
            rn_title(rn_null(r, "mean_ms"), "mean ms per GC");
    }
    if (s->seen[J_GCT]) {
        rn_unit(rn_title(rn_num(o, "gc_time_s", s->gct, 3), "GC time (GCT delta)"), "s");
        if (dur_s > 0)
            rn_unit(rn_title(rn_num(o, "gc_time_pct", 100 * s->gct / dur_s, 2),
                             "GC time share of wall time"), "%");
    }
    struct report_node *ot = rn_flags(rn_title(rn_arr(o, "occupancy"), "occupancy (% of capacity)"),
                                      RF_TABLE);
    for (int k = 0; k < SP_N; k++) {
        if (!s->occ[k].total)
            continue;
        struct report_node *r = rn_obj(ot, NULL);
        rn_str(r, "space", sp_names[k]);
        rn_int(r, "samples", (int64_t)s->occ[k].total);
        rn_num(r, "mean", hist_mean(&s->occ[k]) / 100, 2);
        rn_num(r, "p50", (double)hist_percentile(&s->occ[k], 50) / 100, 2);
        rn_num(r, "p95", (double)hist_percentile(&s->occ[k], 95) / 100, 2);
        rn_num(r, "max", (double)s->occ[k].max / 100, 2);
        if (s->cap_seen[k]) {
            rn_title(rn_num(r, "cap_first_mib", s->cap_first_kb[k] / 1024, 1), "capacity first MiB");
            rn_title(rn_num(r, "cap_last_mib", s->cap_last_kb[k] / 1024, 1), "capacity last MiB");
        } else {
            rn_title(rn_null(r, "cap_first_mib"), "capacity first MiB");
            rn_title(rn_null(r, "cap_last_mib"), "capacity last MiB");
        }
    }
    if (s->promo_seen) {
        struct report_node *p = rn_title(rn_obj(o, "promotion"),
                                         "promotion (old-gen growth across young GCs)");
        rn_unit(rn_title(rn_num(p, "promoted_mib", s->promoted_kb / 1024, 1), "promoted"), "MiB");
        rn_title(rn_int(p, "young_gcs", (int64_t)s->promo_young), "over young GCs");
        if (s->promo_young > 0)
            rn_unit(rn_title(rn_num(p, "per_young_gc_kib", s->promoted_kb / s->promo_young, 1),
                             "per young GC"), "KiB");
        if (dur_s > 0)
            rn_unit(rn_title(rn_num(p, "rate_kib_s", s->promoted_kb / dur_s, 1), "rate"), "KiB/s");
    }
    if (s->ncauses) {
        struct report_node *ct = rn_flags(rn_title(rn_arr(o, "causes"),
                                                   "last GC cause (LGCC) at rows after a GC"),
                                          RF_TABLE | RF_WIDE);
        for (size_t i = 0; i < s->ncauses; i++) {
            struct report_node *r = rn_obj(ct, NULL);
            rn_str(r, "cause", s->causes[i].name);
            rn_int(r, "rows", s->causes[i].as_last);
        }
    }

}

void jstat_limits_default(struct jstat_limits *L)
{
    L->young_per_min = 60;
    L->gc_time_pct = 10;
    L->old_full_pct = 90;
}

void jstat_opts_default(struct jstat_opts *o)
{
    jstat_limits_default(&o->L);
    o->interval_us = 1000000;
}

void jstat_series_init(struct jstat_series *s, const char *file, int64_t interval_us, struct report_node *samples)
{
    memset(s, 0, sizeof *s);
    s->file = file;
    s->interval_us = interval_us;
    s->csv = samples;
    for (int k = 0; k < SP_N; k++)
        hist_init(&s->occ[k], 3);
}

void jstat_series_fini(struct jstat_series *s)
{
    for (int k = 0; k < SP_N; k++)
        hist_fini(&s->occ[k]);
    for (size_t k = 0; k < s->ncauses; k++)
        free(s->causes[k].name);
    free(s->causes);
}

/* Thresholds in --help and docs/jstat.md. */
void jstat_series_findings(const struct jstat_series *s, const struct jstat_limits *L, struct findings *out)
{
    double dur_s = duration_s(s);
    double mins = dur_s / 60;
    char *t;
    struct finding *f;
    if (s->cnt_seen[GK_YOUNG] && mins > 0 && s->cnt[GK_YOUNG] / mins > L->young_per_min) {
        t = xasprintf("%s: %.0f young GCs per minute (more than %.0f): young generation too "
                      "small for the allocation rate?", s->file, s->cnt[GK_YOUNG] / mins, L->young_per_min);
        f = findings_add(out, "frequent-young-gc", SEV_WARNING, "Very frequent young collections", t,
                         "The young generation fills in well under a second: each young GC is a short pause, "
                         "and together they add up and disturb tail latency.",
                         "Enlarge the young generation (-Xmn, or a larger heap for G1) or lower the "
                         "allocation rate ('gclat histo' shows what is allocated).");
        finding_set_count(f, (uint64_t)llround(s->cnt[GK_YOUNG]));
        free(t);
    }
    if (s->cnt_seen[GK_FULL] && s->cnt[GK_FULL] > 0) {
        t = xasprintf("%s: %.0f full GCs (%.3f s)", s->file, s->cnt[GK_FULL], s->tim[GK_FULL]);
        f = findings_add(out, "full-gc", SEV_WARNING, "Full collections", t,
                         "The full-GC counter (FGC) rose between the first and the last row; with the "
                         "stop-the-world collectors each is a pause of the whole heap.",
                         "Read the JVM's GC log ('gclat gc') for the cause of each full collection.");
        finding_set_count(f, (uint64_t)llround(s->cnt[GK_FULL]));
        free(t);
    }
    if (s->seen[J_GCT] && dur_s > 0 && 100 * s->gct / dur_s >= L->gc_time_pct) {
        t = xasprintf("%s: GC took %.1f%% of wall time (GCT; at least %.0f%%)", s->file, 100 * s->gct / dur_s,
                      L->gc_time_pct);
        findings_add(out, "gc-time-share", SEV_WARNING, "High share of time in GC", t,
                     "The GC time counter (GCT) grew by at least the threshold share of wall time.",
                     "The heap is likely too small for the allocation rate or live set: raise -Xmx, "
                     "reduce allocation, or check for a leak.");
        free(t);
    }
    if (s->occ[SP_O].total && (double)hist_percentile(&s->occ[SP_O], 50) / 100 >= L->old_full_pct) {
        t = xasprintf("%s: old generation at least %.0f%% full in half the samples (P50 "
                      "%.1f%%)", s->file, L->old_full_pct, (double)hist_percentile(&s->occ[SP_O], 50) / 100);
        findings_add(out, "old-gen-full", SEV_WARNING, "Old generation nearly full", t,
                     "In half the samples or more the old generation was at least the threshold full: "
                     "little headroom before full collections.",
                     "Raise -Xmx or look for what fills the old generation ('gclat histo' on two "
                     "histograms some time apart).");
        free(t);
    }
}
