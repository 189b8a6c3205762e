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

const char cmd_cpu_help[] =
    "usage: gclat cpu [OPTIONS] FILE...             read top -b output or a --record file\n"
    "       gclat cpu --pid PID [--threads] [--interval 1s] [--duration 60s | --count N]\n"
    "                 [--record FILE] [--thread-dump FILE]   sample /proc live\n"
    "\n"
    "Reports, per process (or per thread for `top -H` captures and --threads), the number\n"
    "of samples, mean and standard deviation of %CPU and of cores used (%CPU / 100), the\n"
    "P50 P66 P80 P85 P90 P95 P98 P99 P99.9 P99.99 P100 table (nearest rank), the maximum\n"
    "and when, samples over the --over threshold, RES/VIRT over time, and for top input\n"
    "the machine's us/sy/ni/id/wa/hi/si/st and load average. With threads, each thread is\n"
    "put in a category (GC, JIT, VM, JVM, app, exited) by name, pools are grouped\n"
    "(http-nio-8080-exec-12 -> http-nio-8080-exec-*), and the GC share of the JVM's CPU\n"
    "is one line. FILE may be '-' and may be gzip-compressed.\n"
    "\n"
    "Options:\n"
    "  --pid PID[,PID]     with FILEs: only these PIDs; without: sample this process live\n"
    "  --command NAME,...  only processes whose COMMAND (first word, basename) is NAME\n"
    "                      (default: java; if no row matches, the 5 busiest processes)\n"
    "  --all               every process, no --command default\n"
    "  --threads           live: sample every thread too (/proc/PID/task/*/stat)\n"
    "  --interval DUR      live sampling interval (default 1s)\n"
    "  --duration DUR      live: stop after DUR (default 60s unless --count)\n"
    "  --count N           live: stop after N samples\n"
    "  --record FILE       live: also write the samples to FILE (read back with gclat cpu FILE)\n"
    "  --thread-dump FILE  jstack / jcmd Thread.print output: map nid to full thread names\n"
    "                      (the kernel keeps 15 bytes of a thread name); with top -H FILEs\n"
    "                      names their threads and warns when the dump is > 5 s away from\n"
    "                      the capture; an unreadable FILE is exit 3\n"
    "  --over PCT          spike threshold in %CPU of one core (default 100%; e.g. 300%)\n"
    "  --top N             threads listed in the thread table (default 20; 0 = all)\n"
    "  --gc-share-warn PCT finding when GC threads use at least PCT of the JVM's CPU\n"
    "                      (default 10%)\n"
    "  --cpus N            CPUs of the host the capture came from (top -b prints them\n"
    "                      only with per-CPU lines); the host-saturated finding compares\n"
    "                      the load average with it\n"
    "  --format cal        the matched process's %CPU samples as the seed's\n"
    "                      `awk ... | sort -n | uniq -c | awk -f cal.awk` table, byte for\n"
    "                      byte (top -b input, one process: --pid when several match)\n"
    "  --cal-awk mawk|gawk integer printing rule to copy for --format cal (default mawk)\n"
    "\n"
    "--csv writes the per-thread table when threads were seen, else the per-process table.\n"
    "\n"
    "Common options:\n"
    "  --json            machine-readable JSON\n"
    "  --csv             CSV (see above for which table)\n"
    "  --html            one HTML page: key figures, findings, CPU over time, details\n"
    "  -o, --output FILE write the report to FILE instead of standard output\n"
    "  --full            the whole text report (default: a verdict line, the figures\n"
    "                    that carry it and the findings, one line each)\n"
    "  --explain         under each finding, what it means and what to change\n"
    "  --strict          exit 2 if any input line was not understood\n"
    "  -q, --quiet       no progress line and no warnings on stderr\n"
    "  -h, --help        this help\n"
    "\n"
    "Examples:\n"
    "  top -b -d 1 -n 3600 > top.txt; gclat cpu --command java --over 300% top.txt\n"
    "  top -b -H -d 1 -n 60 -p PID > top-H.txt; gclat cpu --thread-dump jstack.txt top-H.txt\n"
    "  gclat cpu --pid PID --threads --interval 1s --duration 60s --record cpu.rec\n"
    "  gclat cpu cpu.rec                 # the recorded samples, read back\n"
    "\n"
    "Exit codes: 0 ok, 1 usage, 2 bad input (or --strict with unparsed lines), 3 I/O.\n"
    "Details: docs/cpu.md\n";

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
    cpu_opts_parse(argc, argv, &o, &c);
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
