/*
 * cmd/cpu.c — `gclat cpu`: a JVM's CPU and memory over time, from `top -b`
 * captures, from `gclat cpu --record` files, or by sampling /proc live.
 *
 * A driver: options (cpu_opts_parse) -> inputs (cpu_input.c) -> the
 * analysis (cpu_analysis.h) -> its report tree, rendered. All inputs become
 * struct top_frame, so a live run, its record file and a top capture give
 * the same report shape; compare and report call the same functions.
 */
#include "cli.h"
#include "commands.h"
#include "cpu_analysis.h"
#include "cpu_run.h"
#include "cpu_screen.h"
#include "diag.h"
#include "html_charts.h"
#include "lat.h"
#include "render.h"
#include "report.h"
#include "td_names.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* the options and --help: cmd_cpu_opts in cpu_opts.c, which compare --cpu-arg parses with too */

/*
 * --format cal: the seed's CPU percentile table of one process (docs/cpu.md).
 * Its pipeline reads top's %CPU column as text, so only top -b input has the
 * values it would see; several processes would be mixed into one table.
 */
static int cal_out(const struct cpu_analysis *a, const struct common_opts *co)
{
    if (a->cal_no_text || a->any_record) {
        warnx("--format cal reads top -b output: a --record file or live sampling has no %%CPU text");
        return EXIT_BADINPUT;
    }
    if (a->procs.n == 0) {
        warnx("--format cal: no process matched (--pid, --command)");
        return EXIT_BADINPUT;
    }
    if (a->procs.n > 1 && !a->o.npids) {
        char list[256] = "";
        for (size_t i = 0; i < a->procs.n && strlen(list) < sizeof list - 24; i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%lld", i ? ", " : "",
                     (long long)a->procs.e[i].id);
        warnx("--format cal: %zu processes match (PIDs %s); choose one with --pid (several --pid PIDs are "
              "pooled)", a->procs.n, list);
        return EXIT_BADINPUT;
    }
    struct lat_acc acc;
    memset(&acc, 0, sizeof acc);
    acc.cal = (struct lat_strmap *)&a->cal_map;
    FILE *out = common_output(co);
    lat_cal_print(out, &acc);
    common_output_close(out);
    return EXIT_OK;
}

static int render(struct cpu_analysis *a, struct diag *d, struct cpu_cmdline *c, int ret)
{
    if (a->o.cal && ret == EXIT_OK)
        return cal_out(a, &c->co);
    if (ret != EXIT_OK && ret != EXIT_BADINPUT)
        return ret;
    struct report_node *csv = NULL;
    struct cpu_dump_gap gap;
    struct report_node *root = cpu_build_report(a, d, c->files, c->nfiles, c->sample.thread_dump, &gap, &csv);
    if (a->o.names && !c->co.quiet)
        cpu_input_gap_warn(a, &gap);
    if (c->co.out == OUT_TEXT || c->co.out == OUT_HTML) /* the page leads with the verdict too */
        cpu_screen(root);
    if (c->co.out == OUT_HTML) {
        cpu_charts_report(root, "", true, rn_flags(rn_obj(root, "charts"), RF_NOTEXT | RF_NOJSON));
        common_html_inputs(&c->co, c->files, c->nfiles);
    }
    common_render(&c->co, root, csv);
    rn_free(root);
    return common_diag_status(&c->co, d, ret);
}

int cmd_cpu(int argc, char **argv)
{
    struct cpu_opts o;
    struct cpu_cmdline c;
    if (cpu_opts_parse(argc, argv, &o, &c)) {
        cpu_opts_fini(&o, &c);
        return EXIT_OK;
    }
    common_opts_finish(&c.co);
    if (c.cal_gawk)
        lat_cal_flavor(true);
    struct diag d;
    diag_init(&d);
    struct td_names names;
    memset(&names, 0, sizeof names);
    struct cpu_analysis a;
    int ret;
    char *live_buf = NULL;
    if (c.nfiles == 0) {
        if (o.npids != 1)
            die(EXIT_USAGE, "give FILE... (top -b output or a --record file) or one --pid PID "
                            "to sample (see --help)");
        struct proc_sample_opts so = c.sample;
        if (so.thread_dump && !so.threads)
            so.threads = true;
        so.pid = o.pids[0];
        so.quiet = c.co.quiet;
        if (!so.duration_us && !so.count)
            so.duration_us = 60000000;
        cpu_analysis_init(&a, &o);
        ret = cpu_input_live(&a, &d, &so, c.record, &live_buf);
        static char live[] = "live /proc sampling";
        c.files[c.nfiles++] = live;
        ret = render(&a, &d, &c, ret);
    } else {
        if (c.record)
            die(EXIT_USAGE, "--record is for live sampling (--pid without FILE)");
        ret = cpu_input_sniff(c.files, c.nfiles, c.sample.thread_dump);
        if (!ret && c.sample.thread_dump) {
            ret = cpu_input_names(&names, c.sample.thread_dump);
            o.names = &names;
        }
        cpu_analysis_init(&a, &o);
        if (!ret)
            ret = render(&a, &d, &c, cpu_input_files(&a, &d, c.files, c.nfiles));
    }
    cpu_analysis_fini(&a);
    free(live_buf);
    td_names_free(&names);
    diag_fini(&d);
    cpu_opts_fini(&o, &c);
    return ret;
}
