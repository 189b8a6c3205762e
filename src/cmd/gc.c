/*
 * cmd/gc.c — `gclat gc`: read GC logs, analyse, report. The sink feeds each
 * event to the analysis and, with --csv, writes it out at once (so CSV
 * output of a huge log needs no memory).
 */
#include "cli.h"
#include "commands.h"
#include "gc_analysis.h"
#include "gc_opts.h"
#include "opt.h"
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

static const char gc_about[] =
    "Analyse GC logs of any HotSpot collector (JDK 1.4 to 25: Serial, Parallel, CMS, G1,\n"
    "Shenandoah, ZGC; legacy -XX:+PrintGCDetails and unified -Xlog formats). Files may be\n"
    "'-' (standard input) or .gz; rotated sets (gc.log, gc.log.0, ...) are put in time\n"
    "order from their content. With no FILE, standard input is read.\n"
    "\n"
    "Report: stop-the-world pauses (count, total, min/mean/max, P50 P90 P95 P99 P99.9 P100),\n"
    "pauses over thresholds, pause kinds and ZGC/Shenandoah phases, concurrent phases,\n"
    "collections, young-GC frequency, throughput, GC CPU, allocation and promotion rate,\n"
    "live set, causes, allocation stalls per thread, safepoints, and findings.\n";

static const char gc_after[] =
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

struct gc_cli {
    enum gc_by by;
    enum gc_format forced;
};

static void jobs_opt(void *base, const struct opt *o, const char *v)
{
    (void)base;
    (void)o;
    gc_read_set_jobs((int)opt_int("--threads", v, 1, 64));
}

static void format_opt(void *base, const struct opt *o, const char *v)
{
    struct gc_cli *c = base;
    c->forced = gc_format_parse(v);
    if (c->forced == GC_FMT_UNKNOWN)
        opt_bad(o, v, "legacy, unified or openj9");
}

static const struct opt_word by_words[] = {
    {"day", GC_BY_DAY}, {"hour", GC_BY_HOUR}, {"minute", GC_BY_MINUTE}, {NULL, 0}};

_Static_assert(sizeof(enum gc_by) == sizeof(int), "OPT_ENUM stores an int");
static const struct opt gc_opts[] = {
    OPT_ENUM(struct gc_cli, by, "by", 0, NULL, by_words,
             "pause and allocation-stall counts, totals and over-threshold\n"
             "counts per day, hour or minute (local time as written in the\n"
             "log; uptime hours/minutes if no dates)"),
    OPT_CALL("format", 0, "FMT", format_opt,
             "legacy | unified | openj9 (default: detected per file, and\n"
             "again where a file switches format: each JVM run is reported)"),
    OPT_CALL("threads", 'j', "N", jobs_opt,
             "threads for a big plain file (default: the cores available, at most\n"
             "8; 1 to 64); the report is the same for every N"),
    OPT_END,
};
static const struct opt_group gc_group = {"Options", gc_opts};

static const struct opt_note gc_notes[] = {
    {"csv", "one row per event (pause, concurrent phase, cycle, stall, safepoint)"},
    {"html", "one HTML page: key figures, findings, charts, details (docs/html.md)"},
    {"strict", "exit 2 if any line was not understood (listed on stderr), or if\n"
               "time goes backwards with no sign of a JVM restart"},
    {NULL, NULL},
};

const struct opt_cmd cmd_gc_opts = {
    .name = "gc",
    .usage = "usage: gclat gc [OPTIONS] FILE...\n",
    .about = gc_about,
    .groups = {&gc_group, &gc_threshold_group, &opt_common_group},
    .after = gc_after,
    .notes = gc_notes,
};

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

int cmd_gc(int argc, char **argv)
{
    struct common_opts co;
    common_opts_init(&co);
    struct gc_thresholds th;
    gc_thresholds_default(&th);
    struct gc_cli cli = {GC_BY_NONE, GC_FMT_UNKNOWN};
    th.n_over = 0; /* still 0 after parsing: --over not given, the defaults stand */
    struct opt_args pos;
    if (opt_parse(&cmd_gc_opts, (void *[]){&cli, &th, &co}, argc, argv, &pos)) {
        free(pos.v);
        return EXIT_OK;
    }
    bool over_given = th.n_over > 0;
    if (!over_given) {
        struct gc_thresholds def;
        gc_thresholds_default(&def);
        memcpy(th.over_ns, def.over_ns, sizeof th.over_ns);
        th.n_over = def.n_over;
    }
    enum gc_by by = cli.by;
    enum gc_format forced = cli.forced;
    char **files = pos.v;
    int nfiles = pos.n;
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
    gc_parse_ctx_init(&run->ctx, sink, run, &diag, &strings);

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
