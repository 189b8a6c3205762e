/*
 * cpu_opts.c — `gclat cpu`'s option table (opt.h), from which its argv is
 * parsed and its --help printed, for the command and for compare/report's
 * --cpu-arg alike (cpu_analysis.h, cpu_run.h).
 */
#include "cpu_run.h"
#include "opt.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One base for the table: the analysis's options and the command line's, apart after parsing. */
struct cpu_cli {
    struct cpu_opts o;
    struct cpu_cmdline c;
    int format_cal; /* --format: 0 table, 1 cal */
    int cal_gawk;   /* --cal-awk: 0 mawk, 1 gawk */
    double over_pct; /* --over; -1: not given */
};

/* "A,B,C" to its items; an empty item is refused. */
static char **split_list(const struct opt *o, const char *s, int *n)
{
    char **v = NULL;
    int k = 0;
    const char *p = s;
    for (;;) {
        const char *c = strchr(p, ',');
        size_t l = c ? (size_t)(c - p) : strlen(p);
        if (!l)
            opt_bad(o, s, "an empty item in the list");
        v = xrealloc(v, (size_t)(k + 1) * sizeof *v);
        v[k++] = xstrndup(p, l);
        if (!c)
            break;
        p = c + 1;
    }
    *n = k;
    return v;
}

static void pid_opt(void *base, const struct opt *op, const char *v)
{
    struct cpu_opts *o = &((struct cpu_cli *)base)->o;
    int n;
    char **l = split_list(op, v, &n);
    for (int k = 0; k < n; k++) {
        int64_t x = opt_int("--pid", l[k], 1, INT32_MAX);
        o->pids = xrealloc(o->pids, (size_t)(o->npids + 1) * sizeof *o->pids);
        o->pids[o->npids++] = x;
        free(l[k]);
    }
    free(l);
}

static void command_opt(void *base, const struct opt *op, const char *v)
{
    struct cpu_opts *o = &((struct cpu_cli *)base)->o;
    int n;
    char **l = split_list(op, v, &n);
    o->cmds = xrealloc(o->cmds, (size_t)(o->ncmds + n) * sizeof *o->cmds);
    for (int k = 0; k < n; k++)
        o->cmds[o->ncmds++] = l[k];
    free(l);
}

static const struct opt_word format_words[] = {{"table", 0}, {"cal", 1}, {NULL, 0}};
static const struct opt_word awk_words[] = {{"mawk", 0}, {"gawk", 1}, {NULL, 0}};

#define CC struct cpu_cli
static const struct opt cpu_opts[] = {
    OPT_CALL("pid", 0, "PID[,PID]", pid_opt, "with FILEs: only these PIDs; without: sample this process live"),
    OPT_CALL("command", 0, "NAME,...", command_opt,
             "only processes whose COMMAND (first word, basename) is NAME\n"
             "(default: java; if no row matches, the 5 busiest processes)"),
    OPT_FLAG(CC, o.all, "all", 0, "every process, no --command default"),
    OPT_FLAG(CC, c.sample.threads, "threads", 0, "live: sample every thread too (/proc/PID/task/*/stat)"),
    OPT_DURATION(CC, c.sample.interval_us, OPT_STORE_US, "interval", 0, "DUR", 1000000, 10000,
                 "live sampling interval (default 1s; bare numbers are seconds)"),
    OPT_DURATION(CC, c.sample.duration_us, OPT_STORE_US, "duration", 0, "DUR", 1000000, 1,
                 "live: stop after DUR (default 60s unless --count)"),
    OPT_INT(CC, c.sample.count, "count", 0, "N", 1, 1000000000, "live: stop after N samples"),
    OPT_STR(CC, c.record, "record", 0, "FILE", "live: also write the samples to FILE (read back with gclat cpu FILE)"),
    OPT_STR(CC, c.sample.thread_dump, "thread-dump", 0, "FILE",
            "jstack / jcmd Thread.print output: map nid to full thread names\n"
            "(the kernel keeps 15 bytes of a thread name); with top -H FILEs\n"
            "names their threads and warns when the dump is > 5 s away from\n"
            "the capture; an unreadable FILE is exit 3"),
    /* % of one core: up to 10,000 cores */
    OPT_PCT(CC, over_pct, "over", 0, "PCT", 0, 1e6, "spike threshold in %CPU of one core (default 100%; e.g. 300%)"),
    OPT_INT(CC, o.top_n, "top", 0, "N", 0, 1000000, "threads listed in the thread table (default 20; 0 = all)"),
    OPT_PCT(CC, o.gc_warn_pct, "gc-share-warn", 0, "PCT", 0, 100,
            "finding when GC threads use at least PCT of the JVM's CPU\n"
            "(default 10%)"),
    OPT_INT(CC, o.cpus, "cpus", 0, "N", 1, 1000000,
            "CPUs of the host the capture came from (top -b prints them\n"
            "only with per-CPU lines); the host-saturated finding compares\n"
            "the load average with it"),
    OPT_ENUM(CC, format_cal, "format", 0, NULL, format_words,
             "cal: the matched process's %CPU samples as the seed's\n"
             "`awk ... | sort -n | uniq -c | awk -f cal.awk` table, byte for\n"
             "byte (top -b input, one process: --pid when several match)"),
    OPT_ENUM(CC, cal_gawk, "cal-awk", 0, NULL, awk_words,
             "integer printing rule to copy for --format cal (default mawk)"),
    OPT_END,
};
#undef CC
static const struct opt_group cpu_group = {"Options", cpu_opts};

static const struct opt_note cpu_notes[] = {
    {"csv", "CSV: the per-thread table when threads were seen, else the\n"
            "per-process table"},
    {"html", "one HTML page: key figures, findings, CPU over time, details"},
    {NULL, NULL},
};

const struct opt_cmd cmd_cpu_opts = {
    .name = "cpu",
    .usage = "usage: gclat cpu [OPTIONS] FILE...             read top -b output or a --record file\n"
             "       gclat cpu --pid PID [--threads] [--interval 1s] [--duration 60s | --count N]\n"
             "                 [--record FILE] [--thread-dump FILE]   sample /proc live\n",
    .about = "Reports, per process (or per thread for `top -H` captures and --threads), the number\n"
             "of samples, mean and standard deviation of %CPU and of cores used (%CPU / 100), the\n"
             "P50 P66 P80 P85 P90 P95 P98 P99 P99.9 P99.99 P100 table (nearest rank), the maximum\n"
             "and when, samples over the --over threshold, RES/VIRT over time, and for top input\n"
             "the machine's us/sy/ni/id/wa/hi/si/st and load average. With threads, each thread is\n"
             "put in a category (GC, JIT, VM, JVM, app, exited) by name, pools are grouped\n"
             "(http-nio-8080-exec-12 -> http-nio-8080-exec-*), and the GC share of the JVM's CPU\n"
             "is one line. FILE may be '-' and may be gzip-compressed.\n",
    .groups = {&cpu_group, &opt_common_group},
    .after = "Examples:\n"
             "  top -b -d 1 -n 3600 > top.txt; gclat cpu --command java --over 300% top.txt\n"
             "  top -b -H -d 1 -n 60 -p PID > top-H.txt; gclat cpu --thread-dump jstack.txt top-H.txt\n"
             "  gclat cpu --pid PID --threads --interval 1s --duration 60s --record cpu.rec\n"
             "  gclat cpu cpu.rec                 # the recorded samples, read back\n"
             "\n"
             "Exit codes: 0 ok, 1 usage, 2 bad input (or --strict with unparsed lines), 3 I/O.\n"
             "Details: docs/cpu.md\n",
    .notes = cpu_notes,
};

static void cli_init(struct cpu_cli *cli)
{
    memset(cli, 0, sizeof *cli);
    cpu_opts_default(&cli->o);
    common_opts_init(&cli->c.co);
    cli->c.sample.interval_us = 1000000;
    cli->over_pct = -1;
}

static void cli_done(struct cpu_cli *cli, struct cpu_opts *o, struct cpu_cmdline *c)
{
    if (cli->over_pct >= 0)
        cli->o.over_x100 = (int64_t)llround(cli->over_pct * 100);
    cli->o.gc_warn_pct = (double)llround(cli->o.gc_warn_pct * 100) / 100; /* to 0.01 % as before */
    cli->o.cal = cli->format_cal == 1;
    cli->c.cal_gawk = cli->cal_gawk == 1;
    *o = cli->o;
    *c = cli->c;
}

int cpu_opts_parse(int argc, char **argv, struct cpu_opts *o, struct cpu_cmdline *c)
{
    struct cpu_cli cli;
    cli_init(&cli);
    struct opt_args pos;
    int help = opt_parse(&cmd_cpu_opts, (void *[]){&cli, &cli.c.co}, argc, argv, &pos);
    cli.c.files = pos.v;
    cli.c.nfiles = pos.n;
    cli_done(&cli, o, c);
    return help;
}

void cpu_opts_parse_figures(int n, char **args, struct cpu_opts *o, struct cpu_cmdline *c)
{
    struct cpu_cli cli;
    cli_init(&cli);
    cli.c.co.quiet = true;
    opt_parse_figures(&cmd_cpu_opts, &cli, n, args, "--cpu-arg", NULL);
    cli_done(&cli, o, c);
}

void cpu_opts_fini(struct cpu_opts *o, struct cpu_cmdline *c)
{
    for (int k = 0; k < o->ncmds; k++)
        free(o->cmds[k]);
    free(o->cmds);
    free(o->pids);
    o->cmds = NULL;
    o->pids = NULL;
    o->ncmds = o->npids = 0;
    if (c) {
        free(c->files);
        c->files = NULL;
        c->nfiles = 0;
    }
}
