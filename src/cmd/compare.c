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
#include "render.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char cmd_compare_help[] =
    "usage: gclat compare [OPTIONS] NAME=FILES... NAME=FILES...\n"
    "\n"
    "Compare runs side by side: a column per run (the first is the baseline) and the change\n"
    "in % against the baseline, for whatever the inputs hold: request latency (count, mean,\n"
    "stddev, P50..P99.99, max) from access logs, GC pauses (count, total, mean, stddev,\n"
    "percentiles, max, share of time), pauses over thresholds, pause kinds, allocation\n"
    "stalls, GC CPU, allocation rate, and CPU (mean, stddev, percentiles) from top -b output.\n"
    "Rows a run does not have show '-'. Then every input's findings (gc, cpu, jstat, histo,\n"
    "threads), one line each with the run and input they belong to.\n"
    "\n"
    "Inputs:\n"
    "  NAME=F1,F2,...        files of run NAME; the same NAME may be given again to add files.\n"
    "                        Each file's kind is detected from its first 64 KiB as every\n"
    "                        command does (docs/input.md): a GC log, top -b output, jstat\n"
    "                        output, a class histogram, a thread dump, else an access log.\n"
    "  NAME:gc=FILES         force the kind: gc, access, cpu (also 'top'), jstat, histo or\n"
    "                        threads. jstat, histo and threads inputs give findings (read\n"
    "                        as 'gclat jstat/histo/threads' read them, default options), no rows\n"
    "  --gc SPEC, --access SPEC, --cpu SPEC, --jstat SPEC, --histo SPEC, --threads SPEC\n"
    "                        the same, as an option before one SPEC\n"
    "  Access logs are read by 'gclat lat', top -b output by 'gclat cpu' (in this\n"
    "  process, the same code); pass their options with --lat-arg ARG / --cpu-arg ARG\n"
    "  (repeat for several), e.g. --lat-arg=--field=-2.\n"
    "  --pid [NAME=]PID      the JVM of run NAME's top capture (without NAME: every run's). By\n"
    "                        default the pid the run's GC log names (the pid decorator, or\n"
    "                        'pidNNNN' in its file name), else the capture's only JVM; a capture\n"
    "                        with several JVMs and none named is an error listing them (exit 2)\n"
    "\n"
    "Options:\n"
    "  --fail-if 'METRIC OP VALUE'  exit 4 if the condition holds for any run after the first;\n"
    "                        OP is >, >=, <, <=; VALUE is a change with sign and % ('+10%',\n"
    "                        '-5%'), or an absolute value in the metric's unit ('150ms', '2s',\n"
    "                        '3' for counts, '5%' for gc.share). An unsigned N% on a metric\n"
    "                        whose unit is not % means a change of +N%. Repeatable. A condition\n"
    "                        that cannot be evaluated (the metric missing in a run, or in the\n"
    "                        baseline for a change) exits 2: a gate never passes on no data.\n"
    "  --over LIST           GC thresholds for 'pauses longer than' (default 1,10,100,200,300,1000 ms)\n"
    "  --csv                 the comparison table as CSV\n"
    "\n"
    "Metrics (names for --fail-if):\n"
    COMPARE_METRICS_HELP
    "\n"
    "Common options:\n"
    "  --json            JSON: runs, comparison rows with values and change_pct per run,\n"
    "                    conditions, findings (run, input and the finding's keys)\n"
    "  --html            one HTML page: key figures per run, each run's findings, overlaid\n"
    "                    charts, the comparison table with the metrics' names (docs/html.md)\n"
    "  -o, --output FILE write to FILE\n"
    "  --full            the whole text report (default: a verdict line, the figures\n"
    "                    that carry it and the findings, one line each)\n"
    "  --explain         under each finding, what it means and what to change\n"
    "  -q, --quiet       no warnings\n"
    "  -h, --help        this help\n"
    "\n"
    "Examples:\n"
    "  gclat compare jdk8-cms=gc8.log,access8.log,top8.txt jdk17-zgc=gc17.log,access17.log,top17.txt\n"
    "  gclat compare dc-a=a/gc.log dc-b=b/gc.log dc-c=c/gc.log\n"
    "  gclat compare --fail-if 'p99 > +10%' --fail-if 'gc.max > 200ms' base=old/ new=new/...\n"
    "\n"
    "Exit codes: 0 ok, 1 usage, 2 bad input (also: an input that fails, a JVM that cannot be\n"
    "chosen, a --fail-if without data), 3 I/O error, 4 a --fail-if condition held. An input that\n"
    "fails makes compare exit with its code; no rows are left empty silently.\n";

static void usage_die(const char *msg, const char *arg)
{
    die(EXIT_USAGE, "%s '%s' (see 'gclat compare --help')", msg, arg);
}

/* Shared with cmd_report: parse the input options both commands accept. Returns true if consumed. */
bool compare_input_opt(struct compare_set *set, int argc, char **argv, int *i, bool plain_ok);
bool compare_input_opt(struct compare_set *set, int argc, char **argv, int *i, bool plain_ok)
{
    const char *a = argv[*i];
    enum compare_kind k = compare_kind_option(a);
    if (k != CK_AUTO) {
        const char *v = opt_value(argc, argv, i);
        if (!compare_add_input(set, v, k, plain_ok))
            exit(EXIT_USAGE);
        return true;
    }
    if (opt_is(a, "--lat-arg") || opt_is(a, "--cpu-arg")) {
        bool lat = opt_is(a, "--lat-arg");
        char *v = (char *)opt_value(argc, argv, i);
        char ***arr = lat ? &set->lat_args : &set->cpu_args;
        int *n = lat ? &set->n_lat_args : &set->n_cpu_args;
        *arr = xrealloc(*arr, (size_t)(*n + 1) * sizeof **arr);
        (*arr)[(*n)++] = v;
        return true;
    }
    if (opt_is(a, "--pid")) {
        const char *v = opt_value(argc, argv, i);
        const char *eq = strrchr(v, '=');
        int64_t pid;
        if (!parse_int64(eq ? eq + 1 : v, &pid) || pid <= 0 || (eq && eq == v))
            die(EXIT_USAGE, "bad --pid '%s' (PID, or NAME=PID for run NAME)", v);
        set->pids = xrealloc(set->pids, (size_t)(set->npids + 1) * sizeof *set->pids);
        set->pids[set->npids].run = eq ? xstrndup(v, (size_t)(eq - v)) : NULL;
        set->pids[set->npids].pid = pid;
        set->npids++;
        return true;
    }
    if (opt_is(a, "--over")) {
        int n = opt_duration_list_us(a, opt_value(argc, argv, i), 1000, 1, set->th.over_ns, GC_MAX_OVER);
        for (int j = 0; j < n; j++)
            set->th.over_ns[j] *= 1000;
        set->th.n_over = n;
        return true;
    }
    return false;
}

int cmd_compare(int argc, char **argv)
{
    struct common_opts co;
    common_opts_init(&co);
    struct compare_set set;
    compare_set_init(&set);
    struct compare_cond *conds = NULL;
    int nconds = 0;
    bool only_files = false;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (only_files || a[0] != '-' || strcmp(a, "-") == 0) {
            if (!compare_add_input(&set, a, CK_AUTO, false))
                exit(EXIT_USAGE);
            continue;
        }
        if (strcmp(a, "--") == 0) {
            only_files = true;
        } else if (common_opt(&co, argc, argv, &i)) {
            continue;
        } else if (compare_input_opt(&set, argc, argv, &i, false)) {
            continue;
        } else if (opt_is(a, "--fail-if")) {
            const char *v = opt_value(argc, argv, &i);
            conds = xrealloc(conds, (size_t)(nconds + 1) * sizeof *conds);
            const char *err = NULL;
            if (!compare_cond_parse(v, &conds[nconds], &err))
                die(EXIT_USAGE, "--fail-if '%s': %s", v, err);
            nconds++;
        } else {
            usage_die("unknown option", a);
        }
    }
    if (set.n < 1)
        die(EXIT_USAGE, "no runs (give NAME=FILES for each run; see --help)");
    if (set.n < 2 && !co.quiet)
        warnx("only one run: nothing to compare it with");
    common_opts_finish(&co);
    set.quiet = co.quiet;

    int rc = compare_load(&set, NULL);
    if (rc) {
        compare_set_fini(&set);
        free(conds);
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
    for (int c = 0; c < nconds; c++)
        compare_cond_fini(&conds[c]);
    free(conds);
    compare_set_fini(&set);
    return rc;
}
