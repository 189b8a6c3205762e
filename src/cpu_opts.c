/*
 * cpu_opts.c — `gclat cpu`'s options, parsed and validated in one function
 * for the command and for compare/report's --cpu-arg (cpu_analysis.h, cpu_run.h).
 */
#include "cpu_run.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static char **split_list(const char *opt, const char *s, int *n)
{
    char **v = NULL;
    int k = 0;
    const char *p = s;
    for (;;) {
        const char *c = strchr(p, ',');
        size_t l = c ? (size_t)(c - p) : strlen(p);
        if (!l)
            die(EXIT_USAGE, "bad %s '%s': an empty item in the list", opt, s);
        v = xrealloc(v, (size_t)(k + 1) * sizeof *v);
        v[k++] = xstrndup(p, l);
        if (!c)
            break;
        p = c + 1;
    }
    *n = k;
    return v;
}

void cpu_opts_parse(int argc, char **argv, struct cpu_opts *o, struct cpu_cmdline *c)
{
    cpu_opts_default(o);
    memset(c, 0, sizeof *c);
    common_opts_init(&c->co);
    c->sample.interval_us = 1000000;
    c->files = xcalloc((size_t)argc + 1, sizeof *c->files);
    bool dashdash = false;
    for (int i = 1; i < argc; i++) {
        const char *x = argv[i];
        if (dashdash || x[0] != '-' || strcmp(x, "-") == 0) {
            c->files[c->nfiles++] = argv[i];
            continue;
        }
        if (strcmp(x, "--") == 0) {
            dashdash = true;
        } else if (common_opt(&c->co, argc, argv, &i)) {
            continue;
        } else if (opt_is(x, "--pid")) {
            int n;
            char **l = split_list("--pid", opt_value(argc, argv, &i), &n);
            for (int k = 0; k < n; k++) {
                int64_t v = opt_int("--pid", l[k], 1, INT32_MAX);
                o->pids = xrealloc(o->pids, (size_t)(o->npids + 1) * sizeof *o->pids);
                o->pids[o->npids++] = v;
                free(l[k]);
            }
            free(l);
        } else if (opt_is(x, "--command")) {
            int n;
            char **l = split_list("--command", opt_value(argc, argv, &i), &n);
            o->cmds = xrealloc(o->cmds, (size_t)(o->ncmds + n) * sizeof *o->cmds);
            for (int k = 0; k < n; k++)
                o->cmds[o->ncmds++] = l[k];
            free(l);
        } else if (strcmp(x, "--all") == 0) {
            o->all = true;
        } else if (strcmp(x, "--threads") == 0) {
            c->sample.threads = true;
        } else if (opt_is(x, "--interval")) {
            c->sample.interval_us = opt_duration_us(x, opt_value(argc, argv, &i), 1000000, 10000);
        } else if (opt_is(x, "--duration")) {
            c->sample.duration_us = opt_duration_us(x, opt_value(argc, argv, &i), 1000000, 1);
        } else if (opt_is(x, "--count")) {
            c->sample.count = opt_int(x, opt_value(argc, argv, &i), 1, 1000000000);
        } else if (opt_is(x, "--record")) {
            c->record = opt_value(argc, argv, &i);
        } else if (opt_is(x, "--thread-dump")) {
            c->sample.thread_dump = opt_value(argc, argv, &i);
        } else if (opt_is(x, "--over")) {
            /* % of one core: up to 10,000 cores */
            o->over_x100 = (int64_t)llround(opt_pct(x, opt_value(argc, argv, &i), 0, 1e6) * 100);
        } else if (opt_is(x, "--top")) {
            o->top_n = (int)opt_int(x, opt_value(argc, argv, &i), 0, 1000000);
        } else if (opt_is(x, "--cpus")) {
            o->cpus = opt_int(x, opt_value(argc, argv, &i), 1, 1000000);
        } else if (opt_is(x, "--format")) {
            const char *v = opt_value(argc, argv, &i);
            if (strcmp(v, "cal") == 0)
                o->cal = true;
            else if (strcmp(v, "table") != 0)
                die(EXIT_USAGE, "--format is table or cal, not '%s'", v);
        } else if (opt_is(x, "--cal-awk")) {
            const char *v = opt_value(argc, argv, &i);
            if (strcmp(v, "mawk") != 0 && strcmp(v, "gawk") != 0)
                die(EXIT_USAGE, "--cal-awk is mawk or gawk, not '%s'", v);
            c->cal_gawk = strcmp(v, "gawk") == 0;
        } else if (opt_is(x, "--gc-share-warn")) {
            /* rounded to 0.01 % as before */
            o->gc_warn_pct = (double)llround(opt_pct(x, opt_value(argc, argv, &i), 0, 100) * 100) / 100;
        } else {
            die(EXIT_USAGE, "unknown option %s (see gclat cpu --help)", x);
        }
    }
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
