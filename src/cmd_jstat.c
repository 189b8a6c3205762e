/*
 * cmd_jstat.c — `gclat jstat`: GC rates, time per GC, occupancy of each space
 * over time and promotion from `jstat -gc/-gcutil/-gccause [-t]` captures.
 *
 * Each FILE is one series (jstat prints cumulative counters, so counts are
 * differences between rows; a counter that goes down means the JVM was
 * restarted and the new value counts from zero). Occupancy percentages are
 * kept as % x 100 in hist.h histograms, so the table uses the same
 * nearest-rank rule as `gclat lat`.
 */
#include "cli.h"
#include "commands.h"
#include "diag.h"
#include "hist.h"
#include "jstat_parse.h"
#include "reader.h"
#include "render.h"
#include "report.h"
#include "sniff.h"
#include "stats.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const char cmd_jstat_help[] =
    "usage: gclat jstat [OPTIONS] FILE...\n"
    "\n"
    "Reads `jstat -gc`, `-gcutil` or `-gccause` output (with or without -t, with headers\n"
    "repeated by -h N, JDK 8 and 11+ column sets, '-' cells) and reports per FILE: young,\n"
    "full and concurrent GC counts and per minute, mean time per GC, GC time share of wall\n"
    "time, occupancy of each space over time (S0 S1 E O M CCS: mean, P50, P95, max,\n"
    "first, last), old-generation growth across young GCs (promotion), and GC causes\n"
    "(-gccause). FILE may be '-' and may be gzip-compressed.\n"
    "\n"
    "Options:\n"
    "  --interval DUR        time between rows when there is no Timestamp column (-t);\n"
    "                        the interval given to jstat (default 1s, reported as assumed)\n"
    "  --young-per-min N     finding when young GCs per minute exceed N (default 60)\n"
    "  --gc-time-warn PCT    finding when GC time (GCT) is at least PCT of wall time\n"
    "                        (default 10%)\n"
    "  --old-full-warn PCT   finding when old-gen occupancy P50 is at least PCT (default 90%)\n"
    "\n"
    "--csv writes one row per jstat sample of every file (file, line, t_s, occupancies,\n"
    "counters).\n"
    "\n"
    "Common options:\n"
    "  --json            machine-readable JSON\n"
    "  --csv             CSV (see above for which table)\n"
    "  -o, --output FILE write the report to FILE instead of standard output\n"
    "  --strict          exit 2 if any input line was not understood\n"
    "  -q, --quiet       no progress line and no warnings on stderr\n"
    "  -h, --help        this help\n"
    "\n"
    "Examples:\n"
    "  jstat -gc -t PID 2000 > jstat.txt; gclat jstat jstat.txt\n"
    "  jstat -gcutil PID 1000 | gclat jstat --interval 1s -\n"
    "  gclat jstat --csv jstat-gccause.txt > samples.csv\n"
    "\n"
    "Exit codes: 0 ok, 1 usage, 2 bad input (or --strict with unparsed lines), 3 I/O.\n"
    "Details: docs/jstat.md\n";
enum { SP_S0, SP_S1, SP_E, SP_O, SP_M, SP_CCS, SP_N };
static const char *const sp_names[SP_N] = {"S0", "S1", "Eden", "Old", "Metaspace", "CCS"};
static const int sp_util[SP_N] = {J_S0, J_S1, J_E, J_O, J_M, J_CCS};
static const int sp_cap[SP_N] = {J_S0C, J_S1C, J_EC, J_OC, J_MC, J_CCSC};
static const int sp_used[SP_N] = {J_S0U, J_S1U, J_EU, J_OU, J_MU, J_CCSU};

enum { GK_YOUNG, GK_FULL, GK_CONC, GK_N };
static const char *const gk_names[GK_N] = {"young", "full", "concurrent"};
static const int gk_cnt[GK_N] = {J_YGC, J_FGC, J_CGC};
static const int gk_time[GK_N] = {J_YGCT, J_FGCT, J_CGCT};

struct cause {
    char *name;
    int64_t as_last;
};

struct series {
    const char *file;
    int64_t interval_us;
    uint64_t rows;
    struct jstat_row first, prev;
    bool have_prev;
    double ts_first, ts_last;
    bool has_ts;
    bool seen[J_NCOL];
    double cnt[GK_N], tim[GK_N], gct;
    bool cnt_seen[GK_N];
    struct hist occ[SP_N];
    double cap_first_kb[SP_N], cap_last_kb[SP_N];
    bool cap_seen[SP_N];
    double promoted_kb, promo_young;
    bool promo_seen;
    bool gccause;
    struct cause *causes;
    size_t ncauses, ccap;
    struct report_node *csv; /* rows go here */
    struct report_node *ser; /* JSON series */
};

/* cumulative counter difference; a drop means a restart from zero */
static double cdelta(double now, double before)
{
    return now >= before ? now - before : now;
}

static void on_row(const struct jstat_row *r, void *ctx)
{
    struct series *s = ctx;
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

static void finding(struct report_node *arr, const char *sev, const char *id, char *text)
{
    struct report_node *o = rn_obj(arr, NULL);
    rn_str(o, "severity", sev);
    rn_str(o, "id", id);
    rn_str(o, "finding", text);
    free(text);
}

struct limits {
    double young_per_min, gc_time_pct, old_full_pct;
};

static void report_series(struct report_node *arr, struct report_node *fnd, struct series *s,
                          const struct limits *L)
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
    double dur_s = s->has_ts ? s->ts_last - s->ts_first
                             : (double)(s->rows ? s->rows - 1 : 0) * (double)s->interval_us / 1e6;
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
    /* findings (thresholds in --help and docs/jstat.md) */
    if (s->cnt_seen[GK_YOUNG] && mins > 0 && s->cnt[GK_YOUNG] / mins > L->young_per_min)
        finding(fnd, "warning", "frequent-young-gc",
                xasprintf("%s: %.0f young GCs per minute (more than %.0f): young generation too "
                          "small for the allocation rate?", s->file, s->cnt[GK_YOUNG] / mins,
                          L->young_per_min));
    if (s->cnt_seen[GK_FULL] && s->cnt[GK_FULL] > 0)
        finding(fnd, "warning", "full-gc",
                xasprintf("%s: %.0f full GCs (%.3f s)", s->file, s->cnt[GK_FULL], s->tim[GK_FULL]));
    if (s->seen[J_GCT] && dur_s > 0 && 100 * s->gct / dur_s >= L->gc_time_pct)
        finding(fnd, "warning", "gc-time-share",
                xasprintf("%s: GC took %.1f%% of wall time (GCT; at least %.0f%%)", s->file,
                          100 * s->gct / dur_s, L->gc_time_pct));
    if (s->occ[SP_O].total &&
        (double)hist_percentile(&s->occ[SP_O], 50) / 100 >= L->old_full_pct)
        finding(fnd, "warning", "old-gen-full",
                xasprintf("%s: old generation at least %.0f%% full in half the samples (P50 "
                          "%.1f%%)", s->file, L->old_full_pct,
                          (double)hist_percentile(&s->occ[SP_O], 50) / 100));
}


int cmd_jstat(int argc, char **argv)
{
    struct common_opts co;
    common_opts_init(&co);
    struct limits L = {60, 10, 90};
    int64_t interval_us = 1000000;
    char **files = xcalloc((size_t)argc + 1, sizeof *files);
    int nfiles = 0;
    bool dashdash = false;
    for (int i = 1; i < argc; i++) {
        const char *x = argv[i];
        if (dashdash || x[0] != '-' || strcmp(x, "-") == 0) {
            files[nfiles++] = argv[i];
        } else if (strcmp(x, "--") == 0) {
            dashdash = true;
        } else if (common_opt(&co, argc, argv, &i)) {
            continue;
        } else if (opt_is(x, "--interval")) {
            interval_us = opt_duration_us(x, opt_value(argc, argv, &i), 1000000, 1);
        } else if (opt_is(x, "--young-per-min")) {
            L.young_per_min = opt_num(x, opt_value(argc, argv, &i), 0, 1e9);
        } else if (opt_is(x, "--gc-time-warn")) {
            L.gc_time_pct = opt_pct(x, opt_value(argc, argv, &i), 0, 100);
        } else if (opt_is(x, "--old-full-warn")) {
            L.old_full_pct = opt_pct(x, opt_value(argc, argv, &i), 0, 100);
        } else {
            die(EXIT_USAGE, "unknown option %s (see gclat jstat --help)", x);
        }
    }
    if (nfiles == 0)
        die(EXIT_USAGE, "give one or more jstat output files (see --help)");
    common_opts_finish(&co);
    if (sniff_inputs(SNIFF_JSTAT, NULL, files, (size_t)nfiles, 0)) {
        free(files);
        return EXIT_BADINPUT;
    }
    struct diag d;
    diag_init(&d);
    struct report_node *root = rn_root();
    struct report_node *in = rn_title(rn_obj(root, "input"), "gclat jstat");
    struct report_node *fl = rn_arr(in, "files");
    for (int i = 0; i < nfiles; i++)
        rn_str(fl, NULL, files[i]);
    struct report_node *fnd = rn_flags(rn_title(rn_arr(root, "findings"), "Findings"),
                                       RF_TABLE | RF_WIDE);
    struct report_node *arr = rn_title(rn_arr(root, "series"), "Series");
    struct report_node *csv = rn_flags(rn_arr(root, "samples"), RF_NOTEXT);
    int ret = EXIT_OK;
    uint64_t total_rows = 0;
    for (int i = 0; i < nfiles; i++) {
        struct reader r;
        if (reader_open(&r, files[i]) != 0) {
            warnx("cannot open %s: %s", files[i], strerror(errno));
            ret = EXIT_IO;
            continue;
        }
        reader_set_diag(&r, &d);
        struct series s;
        memset(&s, 0, sizeof s);
        s.file = r.name;
        s.interval_us = interval_us;
        s.csv = csv;
        for (int k = 0; k < SP_N; k++)
            hist_init(&s.occ[k], 3);
        struct jstat_parser p;
        jstat_parser_init(&p, r.name, &d, on_row, &s);
        const char *line;
        size_t n;
        int rc;
        while ((rc = reader_next(&r, &line, &n)) == 1) {
            d.lines_read++;
            jstat_parser_line(&p, line, n, r.lineno);
        }
        jstat_parser_finish(&p);
        reader_progress_done();
        if (rc < 0) {
            warnx("%s: %s", r.name, reader_strerror(&r));
            ret = EXIT_IO;
        }
        total_rows += s.rows;
        if (s.rows)
            report_series(arr, fnd, &s, &L);
        for (int k = 0; k < SP_N; k++)
            hist_fini(&s.occ[k]);
        for (size_t k = 0; k < s.ncauses; k++)
            free(s.causes[k].name);
        free(s.causes);
        reader_close(&r);
    }
    if (ret == EXIT_OK && total_rows == 0) {
        diag_print_stderr(&d);
        warnx("no jstat rows found");
        ret = EXIT_BADINPUT;
    }
    diag_report(&d, root, "unparsed_lines");
    common_render(&co, root, csv);
    ret = common_diag_status(&co, &d, ret);
    rn_free(root);
    diag_fini(&d);
    free(files);
    return ret;
}
