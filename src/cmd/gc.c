/*
 * cmd/gc.c — `gclat gc`: read GC logs, analyse, report. The sink feeds each
 * event to the analysis and, with --csv, writes it out at once (so CSV
 * output of a huge log needs no memory).
 */
#include "cli.h"
#include "commands.h"
#include "gc_analysis.h"
#include "chart_node.h"
#include "gc_read.h"
#include "gc_screen.h"
#include "html_charts.h"
#include "render.h"
#include "timeparse.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char cmd_gc_help[] =
    "usage: gclat gc [OPTIONS] FILE...\n"
    "\n"
    "Analyse GC logs of any HotSpot collector (JDK 1.4 to 25: Serial, Parallel, CMS, G1,\n"
    "Shenandoah, ZGC; legacy -XX:+PrintGCDetails and unified -Xlog formats). Files may be\n"
    "'-' (standard input) or .gz; rotated sets (gc.log, gc.log.0, ...) are put in time\n"
    "order from their content. With no FILE, standard input is read.\n"
    "\n"
    "Report: stop-the-world pauses (count, total, min/mean/max, P50 P90 P95 P99 P99.9 P100),\n"
    "pauses over thresholds, pause kinds and ZGC/Shenandoah phases, concurrent phases,\n"
    "collections, young-GC frequency, throughput, GC CPU, allocation and promotion rate,\n"
    "live set, causes, allocation stalls per thread, safepoints, and findings.\n"
    "\n"
    "Options:\n"
    "  --over LIST           thresholds for 'pauses longer than', applied apart to allocation\n"
    "                        stalls (default 1ms,10ms,100ms,200ms,300ms,1000ms; bare numbers\n"
    "                        are ms)\n"
    "  --by day|hour|minute  pause and allocation-stall counts, totals and over-threshold\n"
    "                        counts per day, hour or minute (local time as written in the\n"
    "                        log; uptime hours/minutes if no dates)\n"
    "  --format FMT          legacy | unified | openj9 (default: detected per file, and\n"
    "                        again where a file switches format: each JVM run is reported)\n"
    "  --pause-target DUR    finding 'pauses_over_target' above this (default 200ms)\n"
    "  --max-gc-share PCT    finding 'gc_time_share' above this share of time (default 10)\n"
    "  --young-pause-limit DUR  finding 'long_young_pauses' when young P90 exceeds (default 100ms)\n"
    "  --max-young-per-min N finding 'frequent_young_gc' above N young GCs a minute (default 100)\n"
    "  --ttsp-limit DUR      finding 'slow_time_to_safepoint' above this (default 50ms)\n"
    "  --csv                 one row per event (pause, concurrent phase, cycle, stall, safepoint)\n"
    "  -j, --threads N       threads for a big plain file (default: the cores available, at most\n"
    "                        8; 1 to 64); the report is the same for every N\n"
    "\n"
    "Common options:\n"
    "  --json            JSON report (schema: docs/json.md)\n"
    "  --html            one HTML page: key figures, findings, charts, details (docs/html.md)\n"
    "  -o, --output FILE write to FILE\n"
    "  --full            the whole text report (default: a verdict line, the figures\n"
    "                    that carry it and the findings, one line each)\n"
    "  --explain         under each finding, what it means and what to change\n"
    "  --strict          exit 2 if any line was not understood (listed on stderr), or if\n"
    "                    time goes backwards with no sign of a JVM restart\n"
    "  -q, --quiet       no progress line, no warnings\n"
    "  -h, --help        this help\n"
    "\n"
    "Examples:\n"
    "  gclat gc gc.log                       # the whole story\n"
    "  gclat gc --over 100ms,200ms,300ms --by day gc.log.*   # the seed's daily CMS counts\n"
    "  gclat gc --json gc.log | jq .pauses.percentiles\n"
    "  zcat gc.log.gz | gclat gc -\n"
    "\n"
    "Input that is plainly another kind (an access log, jstat output, ...) or empty is refused\n"
    "(exit 2, naming the kind and the command that reads it); more than 20% of lines not\n"
    "understood is a warning on stderr even with --json or -q (docs/input.md).\n"
    "\n"
    "Exit codes: 0 ok, 1 usage, 2 bad input (unknown format, another kind of input, empty\n"
    "input; --strict), 3 I/O error.\n";

struct gc_run {
    struct gc_analysis a;
    struct gc_parse_ctx ctx;
    FILE *csv;
    struct gc_charts *charts; /* --html: fed while the log streams */
    uint64_t events;
};

static void csv_num(FILE *f, int64_t v)
{
    if (v >= 0)
        fprintf(f, "%lld", (long long)v);
}

static void csv_ms(FILE *f, int64_t ns)
{
    if (ns >= 0)
        fprintf(f, "%.6f", (double)ns / 1e6);
}

static void csv_event(FILE *f, const struct gc_event *e)
{
    csv_write_field(f, e->file ? e->file : "");
    fprintf(f, ",%llu,", (unsigned long long)e->line);
    if (e->wall_ms >= 0) {
        char buf[64];
        format_iso8601(e->wall_ms, e->tz_offset_min, buf, sizeof buf);
        fputs(buf, f);
    }
    fputc(',', f);
    if (e->uptime_ns >= 0)
        fprintf(f, "%.6f", (double)e->uptime_ns / 1e9);
    fprintf(f, ",%s,%s,", gc_ev_type_name(e->type), gc_kind_name(e->kind));
    csv_write_field(f, e->name ? e->name : "");
    fputc(',', f);
    csv_write_field(f, e->cause ? e->cause : "");
    fputc(',', f);
    csv_ms(f, e->duration_ns);
    fputc(',', f);
    csv_num(f, e->heap_before_kb);
    fputc(',', f);
    csv_num(f, e->heap_after_kb);
    fputc(',', f);
    csv_num(f, e->heap_total_kb);
    fputc(',', f);
    csv_num(f, e->young_before_kb);
    fputc(',', f);
    csv_num(f, e->young_after_kb);
    fputc(',', f);
    csv_num(f, e->old_before_kb);
    fputc(',', f);
    csv_num(f, e->old_after_kb);
    fputc(',', f);
    csv_ms(f, e->user_ns);
    fputc(',', f);
    csv_ms(f, e->sys_ns);
    fputc(',', f);
    csv_ms(f, e->real_ns);
    fputc(',', f);
    csv_ms(f, e->ttsp_ns);
    fputc(',', f);
    csv_num(f, e->gc_id);
    fputc(',', f);
    csv_write_field(f, e->thread ? e->thread : "");
    fprintf(f, ",%u\n", e->flags);
}

static const char csv_header[] =
    "file,line,time,uptime_s,type,kind,name,cause,duration_ms,heap_before_kb,heap_after_kb,"
    "heap_total_kb,young_before_kb,young_after_kb,old_before_kb,old_after_kb,user_ms,sys_ms,"
    "real_ms,ttsp_ms,gc_id,thread,flags\n";

static void sink(void *vctx, const struct gc_event *e)
{
    struct gc_run *r = vctx;
    r->events++;
    r->a.collector = r->ctx.collector;
    gc_analysis_add(&r->a, e);
    if (r->csv)
        csv_event(r->csv, e);
    if (r->charts)
        gc_charts_event(r->charts, e);
}

/* gc_read's run boundaries, as evidence for the analysis' time model */
static void on_boundary(void *arg, enum gc_boundary kind, enum gc_format fmt)
{
    struct gc_run *r = arg;
    enum gc_evidence ev = kind == GC_BOUND_FORMAT      ? GC_EVID_FORMAT
                          : kind == GC_BOUND_JVM_START ? GC_EVID_JVM_START
                          : kind == GC_BOUND_HEADER    ? GC_EVID_HEADER
                                                       : GC_EVID_FILE;
    gc_analysis_evidence(&r->a, ev, gc_format_name(fmt));
}

static void usage_die(const char *msg, const char *arg)
{
    die(EXIT_USAGE, "%s '%s' (see 'gclat gc --help')", msg, arg);
}

int cmd_gc(int argc, char **argv)
{
    struct common_opts co;
    common_opts_init(&co);
    struct gc_thresholds th;
    gc_thresholds_default(&th);
    enum gc_by by = GC_BY_NONE;
    enum gc_format forced = GC_FMT_UNKNOWN;
    char **files = xcalloc((size_t)argc + 1, sizeof *files);
    int nfiles = 0;
    bool only_files = false;
    bool over_given = false;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (only_files || a[0] != '-' || strcmp(a, "-") == 0) {
            files[nfiles++] = argv[i];
            continue;
        }
        if (strcmp(a, "--") == 0) {
            only_files = true;
        } else if (common_opt(&co, argc, argv, &i)) {
            continue;
        } else if (strncmp(a, "-j", 2) == 0 || opt_is(a, "--threads")) {
            int64_t n;
            const char *v = a[1] == 'j' && a[2] ? a + 2 : opt_value(argc, argv, &i);
            if (!parse_int64(v, &n) || n < 1 || n > 64)
                die(EXIT_USAGE, "-j needs 1..64");
            gc_read_set_jobs((int)n);
        } else if (opt_is(a, "--over")) {
            int n = opt_duration_list_us(a, opt_value(argc, argv, &i), 1000, 1, th.over_ns, GC_MAX_OVER);
            for (int k = 0; k < n; k++)
                th.over_ns[k] *= 1000;
            th.n_over = n;
            over_given = true;
        } else if (opt_is(a, "--by")) {
            const char *v = opt_value(argc, argv, &i);
            if (strcmp(v, "day") == 0)
                by = GC_BY_DAY;
            else if (strcmp(v, "hour") == 0)
                by = GC_BY_HOUR;
            else if (strcmp(v, "minute") == 0)
                by = GC_BY_MINUTE;
            else
                usage_die("--by takes day, hour or minute, not", v);
        } else if (opt_is(a, "--format")) {
            const char *v = opt_value(argc, argv, &i);
            forced = gc_format_parse(v);
            if (forced == GC_FMT_UNKNOWN)
                usage_die("unknown --format", v);
        } else if (opt_is(a, "--pause-target") || opt_is(a, "--young-pause-limit") ||
                   opt_is(a, "--ttsp-limit")) {
            int64_t us = opt_duration_us(a, opt_value(argc, argv, &i), 1000, 0);
            int64_t *dst = opt_is(a, "--pause-target")        ? &th.pause_target_ns
                           : opt_is(a, "--young-pause-limit") ? &th.young_pause_limit_ns
                                                              : &th.ttsp_limit_ns;
            *dst = us * 1000;
        } else if (opt_is(a, "--max-gc-share") || opt_is(a, "--max-young-per-min")) {
            const char *v = opt_value(argc, argv, &i);
            if (opt_is(a, "--max-gc-share"))
                th.max_gc_share_pct = opt_pct(a, v, 0, 100);
            else
                th.max_young_per_min = opt_num(a, v, 0, 1e9);
        } else {
            usage_die("unknown option", a);
        }
    }
    if (nfiles == 0) {
        if (isatty(0))
            die(EXIT_USAGE, "no input files (give FILE... or '-' for standard input; see --help)");
        files[nfiles++] = "-";
    }
    common_opts_finish(&co);

    struct intern strings;
    intern_init(&strings);
    struct diag diag;
    diag_init(&diag);
    struct gc_run *run = xcalloc(1, sizeof *run);
    gc_analysis_init(&run->a, &th, by, &strings);
    run->ctx.sink.emit = sink;
    run->ctx.sink.ctx = run;
    run->ctx.diag = &diag;
    run->ctx.strings = &strings;
    run->ctx.heap_max_kb = -1;
    run->ctx.first_uptime_ns = run->ctx.last_uptime_ns = -1;
    run->ctx.first_wall_ms = run->ctx.last_wall_ms = -1;

    FILE *out = common_output(&co);
    if (co.out == OUT_CSV) {
        run->csv = out;
        fputs(csv_header, out);
    }
    struct gc_charts charts;
    if (co.out == OUT_HTML) {
        gc_charts_init(&charts, "");
        run->charts = &charts;
        common_html_inputs(&co, files, nfiles);
    }
    struct gc_read_result res;
    struct gc_read_hooks hooks = {.boundary = on_boundary, .arg = run};
    int rc = gc_read_inputs_hooked(files, nfiles, forced, &run->ctx, &res, &hooks);
    gc_analysis_finish(&run->a);
    if (rc == EXIT_IO || (rc && res.files == 0)) {
        /* nothing read (an I/O error, or every input refused): no report of nothing */
        common_output_discard(out);
        goto done;
    }
    if (co.out != OUT_CSV) {
        struct report_node *root = rn_root();
        const char *fmt = res.mixed_formats ? "mixed" : gc_format_name(res.format);
        run->a.format = fmt;
        gc_analysis_report(&run->a, &run->ctx, fmt, root);
        gc_findings_report(&run->a, root);
        /* text: findings right after the summary, what a reader needs first */
        if (co.out == OUT_TEXT)
            rn_move_after(root, rn_get(root, "findings"), rn_get(root, "summary"));
        if (co.out == OUT_HTML)
            gc_charts_report(&charts, &run->a.pause_h, NULL, chart_group(root, "charts", NULL));
        struct report_node *in = rn_obj(root, "inputs");
        rn_title(in, "Input");
        rn_int(in, "files", res.files);
        rn_int(in, "lines", (int64_t)res.lines);
        rn_int(in, "bytes", (int64_t)res.bytes);
        rn_int(in, "events", (int64_t)run->events);
        rn_title(rn_int(in, "info_lines", (int64_t)run->ctx.lines_info), "recognised, not modelled");
        rn_title(rn_int(in, "duplicates", res.duplicates), "duplicate inputs (read once)");
        struct report_node *dups = rn_arr(in, "duplicate_files");
        rn_flags(dups, RF_TABLE);
        for (int i = 0; i < res.duplicates && i < GC_READ_MAX_DUPS; i++) {
            struct report_node *o = rn_obj(dups, NULL);
            rn_str(o, "file", res.dup[i].file);
            rn_str(o, "same_as", res.dup[i].same_as);
        }
        diag_report(&diag, root, "unparsed_lines");
        if (co.out == OUT_TEXT || co.out == OUT_HTML) /* the page leads with the verdict too */
            gc_screen(&run->a, root, over_given);
        if (co.out == OUT_JSON)
            render_json(out, root);
        else
            common_render_people(&co, out, root);
        rn_free(root);
    }
    common_output_close(out);
    rc = common_diag_status(&co, &diag, rc);
    if (!co.quiet)
        for (int i = 0; i < res.duplicates && i < GC_READ_MAX_DUPS; i++)
            warnx("%s: same first events as %s: read once", res.dup[i].file, res.dup[i].same_as);
    const struct gc_occurrence *back = &run->a.time_back;
    if (back->count && (co.strict || (!co.quiet && (co.out == OUT_TEXT || co.out == OUT_HTML))))
        warnx("time goes backwards %llu time(s) with no sign of a JVM restart (first at %s:%llu, up to %.3f s)%s",
              (unsigned long long)back->count, back->first_file ? back->first_file : "?",
              (unsigned long long)back->first_line, (double)back->worst_ns / 1e9,
              co.strict ? "" : "; --strict makes this an error");
    if (back->count && co.strict && !rc)
        rc = EXIT_BADINPUT;
done:
    if (run->charts)
        gc_charts_fini(run->charts);
    gc_analysis_fini(&run->a);
    free(run);
    diag_fini(&diag);
    intern_fini(&strings);
    free(files);
    return rc;
}
