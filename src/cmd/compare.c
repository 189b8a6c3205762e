/*
 * cmd/compare.c — `gclat compare NAME=INPUTS ...`: one column per run, the
 * change in % against the first run, and --fail-if conditions for CI (exit
 * 4 when any holds). Inputs and metrics: compare.h, compare_table.c.
 */
#include "chart_node.h"
#include "cli.h"
#include "compare_screen.h"
#include "headline.h"
#include "html_charts.h"
#include "commands.h"
#include "compare.h"
#include "opt.h"
#include "render.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void spec_opt(void *base, const struct opt *o, const char *v)
{
    struct compare_in *in = base;
    if (!compare_add_input(in->set, v, compare_kind_named(o->name), in->plain_ok))
        exit(EXIT_USAGE); /* compare_add_input said why */
}

static void child_arg_opt(void *base, const struct opt *o, const char *v)
{
    struct compare_set *set = ((struct compare_in *)base)->set;
    char ***arr = &set->cpu_args;
    int *n = &set->n_cpu_args;
    if (strcmp(o->name, "lat-arg") == 0)
        arr = &set->lat_args, n = &set->n_lat_args;
    else if (strcmp(o->name, "jstat-arg") == 0)
        arr = &set->jstat_args, n = &set->n_jstat_args;
    else if (strcmp(o->name, "histo-arg") == 0)
        arr = &set->histo_args, n = &set->n_histo_args;
    else if (strcmp(o->name, "threads-arg") == 0)
        arr = &set->threads_args, n = &set->n_threads_args;
    *arr = xrealloc(*arr, (size_t)(*n + 1) * sizeof **arr);
    (*arr)[(*n)++] = (char *)v;
}

static void pid_opt(void *base, const struct opt *o, const char *v)
{
    struct compare_set *set = ((struct compare_in *)base)->set;
    const char *eq = strrchr(v, '=');
    int64_t pid;
    if (!parse_int64(eq ? eq + 1 : v, &pid) || pid <= 0 || (eq && eq == v))
        opt_bad(o, v, "PID, or NAME=PID for run NAME");
    set->pids = xrealloc(set->pids, (size_t)(set->npids + 1) * sizeof *set->pids);
    set->pids[set->npids].run = eq ? xstrndup(v, (size_t)(eq - v)) : NULL;
    set->pids[set->npids].pid = pid;
    set->npids++;
}

static void over_opt(void *base, const struct opt *o, const char *v)
{
    (void)o;
    struct compare_set *set = ((struct compare_in *)base)->set;
    int n = opt_duration_list_us("--over", v, 1000, 1, set->th.over_ns, GC_MAX_OVER);
    for (int j = 0; j < n; j++)
        set->th.over_ns[j] *= 1000;
    set->th.n_over = n;
}

void compare_in_positional(void *base, const char *arg)
{
    struct compare_in *in = base;
    if (!compare_add_input(in->set, arg, CK_AUTO, in->plain_ok))
        exit(EXIT_USAGE);
}

static const struct opt input_opts[] = {
    OPT_CALL("gc", 0, "SPEC", spec_opt, "the same as NAME:gc=FILES, as an option before one SPEC"),
    OPT_CALL("access", 0, "SPEC", spec_opt, "the same as NAME:access=FILES"),
    OPT_CALL("cpu", 0, "SPEC", spec_opt, "the same as NAME:cpu=FILES"),
    OPT_CALL("jstat", 0, "SPEC", spec_opt, "the same as NAME:jstat=FILES"),
    OPT_CALL("histo", 0, "SPEC", spec_opt, "the same as NAME:histo=FILES"),
    OPT_CALL("threads", 0, "SPEC", spec_opt, "the same as NAME:threads=FILES"),
    OPT_CALL("lat-arg", 0, "ARG", child_arg_opt,
             "pass ARG to 'gclat lat' for the access logs (in this process, the\n"
             "same code; repeat for several), e.g. --lat-arg=--field=-2; a file,\n"
             "an output option, --by, --interval or --out-unit exits 1"),
    OPT_CALL("cpu-arg", 0, "ARG", child_arg_opt, "pass ARG to 'gclat cpu' for top -b output (repeatable)"),
    OPT_CALL("jstat-arg", 0, "ARG", child_arg_opt,
             "pass ARG to 'gclat jstat' for jstat output (repeatable), e.g.\n"
             "--jstat-arg=--interval=5s"),
    OPT_CALL("histo-arg", 0, "ARG", child_arg_opt,
             "pass ARG to 'gclat histo' for class histograms (repeatable), e.g.\n"
             "--histo-arg=--min-growth=10m"),
    OPT_CALL("threads-arg", 0, "ARG", child_arg_opt,
             "pass ARG to 'gclat threads' for thread dumps (repeatable), e.g.\n"
             "--threads-arg=--app-package=com.example. Only options that shape\n"
             "the figures, for these three and --cpu-arg: a file, an output\n"
             "option (--json, -o, ...), --top FILE (threads), --record and\n"
             "--format cal (cpu) are refused (exit 1)"),
    OPT_CALL("pid", 0, "[NAME=]PID", pid_opt,
             "the JVM of run NAME's top capture (without NAME: every run's). By\n"
             "default the pid the run's GC log names (the pid decorator, or\n"
             "'pidNNNN' in its file name), else the capture's only JVM; a capture\n"
             "with several JVMs and none named is an error listing them (exit 2)"),
    OPT_CALL("over", 0, "LIST", over_opt, "GC thresholds for 'pauses longer than' (default 1,10,100,200,300,1000 ms)"),
    OPT_END,
};

const struct opt_group compare_input_group = {"Inputs", input_opts};

struct compare_cli {
    struct compare_in in; /* first: the positional callback's base */
    struct compare_cond *conds;
    int nconds;
};

static void fail_if_opt(void *base, const struct opt *o, const char *v)
{
    struct compare_cli *c = base;
    c->conds = xrealloc(c->conds, (size_t)(c->nconds + 1) * sizeof *c->conds);
    const char *err = NULL;
    if (!compare_cond_parse(v, &c->conds[c->nconds], &err))
        opt_bad(o, v, "%s", err);
    c->nconds++;
}

/* Every path out of cmd_compare: each condition owns its parsed text. */
static void conds_free(struct compare_cond *conds, int n)
{
    for (int c = 0; c < n; c++)
        compare_cond_fini(&conds[c]);
    free(conds);
}

static const struct opt compare_opts[] = {
    OPT_CALL("fail-if", 0, "'METRIC OP VALUE'", fail_if_opt,
             "exit 4 if the condition holds for any run after the first;\n"
             "OP is >, >=, <, <=; VALUE is a change with sign and % ('+10%',\n"
             "'-5%'), or an absolute value in the metric's unit ('150ms', '2s',\n"
             "'3' for counts, '5%' for gc.share). An unsigned N% on a metric\n"
             "whose unit is not % means a change of +N%. Repeatable. A condition\n"
             "that cannot be evaluated (the metric missing in a run, or in the\n"
             "baseline for a change) exits 2: a gate never passes on no data."),
    OPT_END,
};
static const struct opt_group compare_group = {"Options", compare_opts};

static const struct opt_note compare_notes[] = {
    {"json", "JSON: runs, comparison rows with values and change_pct per run,\n"
             "conditions, findings (run, input and the finding's keys)"},
    {"csv", "the comparison table as CSV"},
    {"html", "one HTML page: key figures per run, each run's findings, overlaid\n"
             "charts, the comparison table with the metrics' names (docs/html.md)"},
    {"quiet", "no warnings"},
    {NULL, NULL},
};

const struct opt_cmd cmd_compare_opts = {
    .name = "compare",
    .usage = "usage: gclat compare [OPTIONS] NAME=FILES... NAME=FILES...\n",
    .about = "Compare runs side by side: a column per run (the first is the baseline) and the change\n"
             "in % against the baseline, for whatever the inputs hold: request latency (count, mean,\n"
             "stddev, P50..P99.99, max) from access logs, GC pauses (count, total, mean, stddev,\n"
             "percentiles, max, share of time), pauses over thresholds, pause kinds, allocation\n"
             "stalls, GC CPU, allocation rate, and CPU (mean, stddev, percentiles) from top -b output.\n"
             "Rows a run does not have show '-'. Then every input's findings (gc, cpu, jstat, histo,\n"
             "threads), one line each with the run and input they belong to.\n"
             "\n"
             "Runs:\n"
             "  NAME=F1,F2,...        files of run NAME; the same NAME may be given again to add files.\n"
             "                        Each file's kind is detected from its first 64 KiB as every\n"
             "                        command does (docs/input.md): a GC log, top -b output, jstat\n"
             "                        output, a class histogram, a thread dump, else an access log.\n"
             "  NAME:gc=FILES         force the kind: gc, access, cpu (also 'top'), jstat, histo or\n"
             "                        threads. jstat, histo and threads inputs give findings (read\n"
             "                        as 'gclat jstat/histo/threads' read them), no rows\n"
             "  Each kind is read by its command in this process, the same code: access logs by\n"
             "  'gclat lat', top -b output by 'gclat cpu', and so on; --lat-arg, --cpu-arg,\n"
             "  --jstat-arg, --histo-arg and --threads-arg pass them options.\n",
    .groups = {&compare_input_group, &compare_group, &opt_common_group},
    .after = "Metrics (names for --fail-if):\n" COMPARE_METRICS_HELP
             "\n"
             "Examples:\n"
             "  gclat compare jdk8-cms=gc8.log,access8.log,top8.txt jdk17-zgc=gc17.log,access17.log,top17.txt\n"
             "  gclat compare dc-a=a/gc.log dc-b=b/gc.log dc-c=c/gc.log\n"
             "  gclat compare --fail-if 'p99 > +10%' --fail-if 'gc.max > 200ms' base=old/ new=new/...\n"
             "\n"
             "Exit codes: 0 ok, 1 usage, 2 bad input (also: an input that fails, a JVM that cannot be\n"
             "chosen, a --fail-if without data), 3 I/O error, 4 a --fail-if condition held. An input that\n"
             "fails makes compare exit with its code; no rows are left empty silently.\n",
    .notes = compare_notes,
    .positional = compare_in_positional,
};

int cmd_compare(int argc, char **argv)
{
    struct common_opts co;
    common_opts_init(&co);
    struct compare_set set;
    compare_set_init(&set);
    struct compare_cli cli = {.in = {&set, false}};
    if (opt_parse(&cmd_compare_opts, (void *[]){&cli.in, &cli, &co}, argc, argv, NULL)) {
        compare_set_fini(&set);
        conds_free(cli.conds, cli.nconds);
        return EXIT_OK;
    }
    struct compare_cond *conds = cli.conds;
    int nconds = cli.nconds;
    if (set.n < 1)
        die(EXIT_USAGE, "no runs (give NAME=FILES for each run; see --help)");
    if (set.n < 2 && !co.quiet)
        warnx("only one run: nothing to compare it with");
    common_opts_finish(&co);
    set.quiet = co.quiet;

    int rc = compare_load(&set, NULL);
    if (rc) {
        compare_set_fini(&set);
        conds_free(conds, nconds);
        return rc;
    }
    struct compare_table t;
    compare_table_build(&t, &set);
    if (t.n == 0 && !co.quiet) {
        bool more = false; /* inputs that give findings, not rows */
        for (int r = 0; r < set.n; r++)
            more |= set.runs[r].nfiles[CK_JSTAT] + set.runs[r].nfiles[CK_HISTO] + set.runs[r].nfiles[CK_THREADS] > 0;
        warnx("no metric found in any run%s", more ? " (jstat, histogram and thread-dump inputs give findings only)" : "");
    }

    struct report_node *root = rn_root();
    if (co.out == OUT_HTML) {
        for (int r = 0; r < set.n; r++) {
            char key[32];
            snprintf(key, sizeof key, "headline_r%d", r + 1);
            compare_headline(&t, r, headline_group(root, key, set.runs[r].name));
        }
        compare_charts_report(&set, chart_group(root, "charts", NULL));
    }
    int held = compare_report(&t, &set, conds, nconds, co.out != OUT_JSON, root);
    compare_findings_report(&set, root);
    if (co.out == OUT_TEXT)
        compare_screen(root);
    if (co.out == OUT_HTML) {
        compare_report_labels(&t, rn_get(root, "comparison"));
        /* each run's analyses, folded: their findings lead the page, under the run's name */
        for (int r = 0; r < set.n; r++) {
            char key[32];
            snprintf(key, sizeof key, "run_%d", r + 1);
            compare_adopt_trees(&set.runs[r], rn_title(rn_obj(root, key), set.runs[r].name));
        }
    }
    common_render(&co, root, rn_get(root, "comparison"));
    /* a gate that cannot be evaluated fails: never pass on no data */
    int nodata = 0;
    for (int c = 0; c < nconds; c++)
        if (!compare_table_find(&t, conds[c].metric)) {
            warnx("--fail-if '%s': no run has metric '%s': the condition cannot be evaluated", conds[c].text,
                  conds[c].metric);
            nodata++;
        }
    /* the condition rows come condition by condition, one per run after the first */
    const struct report_node *crow = rn_get(root, "conditions")->first;
    for (int c = 0; c < nconds; c++)
        for (int r = 1; r < set.n && crow; r++, crow = crow->next) {
            const struct report_node *res = rn_get(crow, "result");
            if (res && strcmp(res->s, "no data") == 0 && compare_table_find(&t, conds[c].metric)) {
                warnx("--fail-if '%s': no data for run %s%s", conds[c].text, set.runs[r].name,
                      rn_get(crow, "why") ? rn_get(crow, "why")->s : "");
                nodata++;
            }
        }
    if (held) {
        for (const struct report_node *o = rn_get(root, "conditions")->first; o; o = o->next) {
            const struct report_node *res = rn_get(o, "result");
            if (res && strcmp(res->s, "HOLDS") == 0)
                warnx("condition holds: %s for %s (observed %s)", rn_get(o, "condition")->s,
                      rn_get(o, "run")->s, rn_get(o, "observed")->s);
        }
        rc = EXIT_CONDITION;
    }
    if (nodata)
        rc = EXIT_BADINPUT;
    rn_free(root);
    compare_table_fini(&t);
    conds_free(conds, nconds);
    compare_set_fini(&set);
    return rc;
}
