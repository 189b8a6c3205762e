/*
 * cmd/threads.c — `gclat threads`: thread-dump analysis (states, pools,
 * identical stacks, hot frames, lock graph and deadlocks, cpu=, top -H join,
 * several dumps compared). Option parsing and output only; the work is in
 * td_*.c (see td.h for the map).
 */
#include "cli.h"
#include "opt.h"
#include "commands.h"
#include "render.h"
#include "report.h"
#include "sniff.h"
#include "td_screen.h"
#include "td.h"
#include "td_time.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char threads_about[] =
    "Analyse Java thread dumps: jstack, jstack -l, jcmd PID Thread.print [-l], kill -3\n"
    "output (several dumps appended in one file), JDK 8 to 25, and jcmd PID\n"
    "Thread.dump_to_file [-format=json] (JDK 21+, lists virtual threads); dumps printed\n"
    "through ThreadMXBean (ThreadInfo.toString(), the JDK demo ThreadMonitor shape),\n"
    "VisualVM / Spring Boot actuator text and JRockit. A class histogram in the same\n"
    "file is reported as such (gclat histo reads it). Files may be gzip-compressed; '-'\n"
    "reads standard input. Several files or several dumps in one file are treated as\n"
    "successive dumps of one process.\n"
    "\n"
    "Report (for the last dump unless --dump N):\n"
    "  findings          deadlocks, the threads blocking most others, the largest\n"
    "                    identical-stack group, the busiest thread (--top), stuck threads\n"
    "  states            threads by java.lang.Thread.State (VM_INTERNAL = JVM threads\n"
    "                    without a state line: GC, compiler, VM Thread)\n"
    "  deadlocks         every cycle of the wait-for graph (monitors and j.u.c locks),\n"
    "                    each like the JVM's \"Found one Java-level deadlock\"\n"
    "  locks             each monitor / ownable synchronizer with waiters: owner, BLOCKED,\n"
    "                    parked and wait()ing threads; blockers with direct and transitive\n"
    "                    counts; chains of 3+ threads\n"
    "  top               with --top: top -H rows joined on nid, busiest stacks\n"
    "  pools             threads grouped by name with trailing ids replaced by '*'\n"
    "                    (http-nio-8080-exec-12 -> http-nio-8080-exec-*) and their states\n"
    "  identical_stacks  threads with identical frames, largest first (lock lines are\n"
    "                    not part of the identity; the size with them is shown too)\n"
    "  hot_frames        methods most threads are in: top of stack, first application\n"
    "                    frame, application and JDK/framework frames anywhere\n"
    "  cpu               threads by cpu= (JDK 11+ headers)\n"
    "  across_dumps      with 2+ dumps: stuck threads (same stack in every dump), pool\n"
    "                    state changes, CPU used between the first and last dump\n"
    "  unparsed_lines    every line not understood, by reason with file:line examples\n";

static const char threads_after[] =
    "Examples:\n"
    "  jstack -l PID > dump.txt; gclat threads dump.txt\n"
    "  top -b -H -n 1 -p PID > top-H.txt; jstack PID > dump.txt; gclat threads --top top-H.txt dump.txt\n"
    "  for i in 1 2 3; do jstack PID; sleep 5; done > dumps.txt; gclat threads dumps.txt  # stuck threads\n"
    "  jcmd PID Thread.dump_to_file -format=json vt.json; gclat threads vt.json   # virtual threads\n"
    "  gclat threads --app-package com.example --json dump.txt\n"
    "\n"
    "Exit status: 0 ok, 1 usage, 2 no thread found (or --strict and unparsed lines),\n"
    "3 I/O error.\n";

static void add_list(const char ***arr, size_t *n, const char *v)
{
    char *copy = xstrdup(v);
    for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ",")) {
        *arr = xrealloc(*arr, (*n + 1) * sizeof **arr);
        (*arr)[(*n)++] = xstrdup(tok);
    }
    free(copy);
}

static void app_opt(void *base, const struct opt *o, const char *v)
{
    (void)o;
    struct td_cli *c = base;
    add_list(&c->app, &c->napp, v);
}

static void fw_opt(void *base, const struct opt *o, const char *v)
{
    (void)o;
    struct td_cli *c = base;
    add_list(&c->fw, &c->nfw, v);
}

#define TC struct td_cli
static const struct opt threads_opts[] = {
    OPT_STR(TC, top_path, "top", 0, "FILE",
            "output of `top -b -H -p PID` (last snapshot used); joined on\n"
            "the OS thread id (nid hex in JDK <= 20, decimal / [tid] in 21+);\n"
            "the time gap to the dump is stated, warned past 5 s"),
    OPT_INT(TC, o.pid, "pid", 0, "PID", 0, 100000000,
            "process id, to recognise top's TID==PID row (whole-process CPU);\n"
            "default: from the dump (jcmd, JSON), else the lowest TID not in\n"
            "the dump"),
    OPT_CALL("app-package", 0, "P", app_opt,
             "application package prefix (repeatable or comma-separated);\n"
             "when given, only these frames are application frames"),
    OPT_CALL("framework-package", 0, "P", fw_opt,
             "add a JDK/framework prefix to the default list (java. javax.\n"
             "jakarta. jdk. sun. com.sun. org.springframework. org.apache.\n"
             "io.netty. org.eclipse.jetty. com.zaxxer.hikari. io.grpc. ...)"),
    OPT_INT(TC, o.dump, "dump", 0, "N", 1, 100000000, "analyse dump N (1-based, in input order) instead of the last"),
    OPT_INT(TC, o.limit, "limit", 0, "N", 0, 100000000, "rows per table (default 10, 0 = all)"),
    OPT_INT(TC, o.stack_depth, "depth", 0, "N", 0, 100000000, "frames shown per stack (default 30, 0 = all)"),
    /* %CPU of one thread from top -H: at most 100 per core */
    OPT_PCT(TC, o.cpu_min_pct, "cpu-min", 0, "PCT", 0, 1e6, "top -H rows at or below PCT are not listed (default 0)"),
    OPT_END,
};
#undef TC
static const struct opt_group threads_group = {"Options", threads_opts};

static const struct opt_note threads_notes[] = {
    {"csv", "one row per thread of the analysed dump"},
    {NULL, NULL},
};

/* Base of the first group: struct td_cli (compare's --threads-arg parses with it too). */
const struct opt_cmd cmd_threads_opts = {
    .name = "threads",
    .usage = "usage: gclat threads [OPTIONS] FILE...\n",
    .about = threads_about,
    .groups = {&threads_group, &opt_common_group},
    .after = threads_after,
    .notes = threads_notes,
};

int cmd_threads(int argc, char **argv)
{
    struct common_opts co;
    common_opts_init(&co);
    struct td_cli cli;
    td_cli_init(&cli);
    struct opt_args pos;
    if (opt_parse(&cmd_threads_opts, (void *[]){&cli, &co}, argc, argv, &pos)) {
        td_cli_fini(&cli);
        free(pos.v);
        return EXIT_OK;
    }
    td_cli_prefixes(&cli);
    struct td_opts o = cli.o;
    const char *top_path = cli.top_path;
    const char **files = (const char **)pos.v;
    size_t nfiles = (size_t)pos.n;
    if (nfiles == 0)
        die(EXIT_USAGE, "no input file (see gclat threads --help)");
    common_opts_finish(&co);
    char *top_files[1] = {(char *)top_path};
    if (sniff_inputs(SNIFF_THREADS, NULL, (char *const *)files, nfiles, 0) |
        sniff_inputs(SNIFF_TOP, NULL, top_files, 1, 0)) {
        td_cli_fini(&cli);
        free(files);
        return EXIT_BADINPUT;
    }

    struct td_set s;
    td_set_init(&s);
    int rc = EXIT_OK;
    for (size_t i = 0; i < nfiles; i++)
        if (td_parse_file(&s, files[i], co.quiet) != 0)
            rc = EXIT_IO;
    struct td_top top;
    memset(&top, 0, sizeof top);
    if (top_path) {
        if (td_top_parse_file(&s, &top, top_path, co.quiet) != 0)
            rc = EXIT_IO;
        o.top = &top;
    }
    for (size_t i = 0; i < s.nblocks && !co.quiet; i++)
        warnx("%s:%llu: %llu lines are a %s, not a thread dump (%s %s reads it)", s.blocks[i].file,
              (unsigned long long)s.blocks[i].line, (unsigned long long)s.blocks[i].lines,
              s.blocks[i].kind, s.blocks[i].reader, s.blocks[i].file);
    if (rc == EXIT_OK && s.nt == 0) {
        warnx("no thread found in the input (not a thread dump?)");
        if (s.diag.total)
            diag_print_stderr(&s.diag);
        rc = EXIT_BADINPUT;
    }
    if (rc == EXIT_OK && o.dump > 0 && (size_t)o.dump > s.nd) {
        warnx("--dump %d: the input has %zu dump(s)", o.dump, s.nd);
        rc = EXIT_USAGE;
    }
    if (rc == EXIT_OK && top_path && !co.quiet) {
        const char *why;
        const struct td_dump *d = &s.d[o.dump > 0 ? (size_t)o.dump - 1 : s.nd - 1];
        int gap = td_top_gap_s(&top, d, &why);
        if (gap > TD_GAP_WARN_S)
            warnx("--top: the snapshot (%s) and the dump (%s) are %d s apart", top.last_time,
                  d->timestamp, gap);
        else if (gap < 0)
            warnx("--top: time gap to the dump unknown (%s)", why);
    }
    if (rc == EXIT_OK) {
        if (co.out == OUT_HTML)
            common_html_inputs(&co, (char *const *)files, (int)nfiles);
        struct report_node *root = rn_root();
        FILE *f = common_output(&co);
        if (co.out == OUT_CSV) {
            struct report_node *arr = rn_arr(root, "threads");
            td_report_csv(&s, &o, arr);
            render_csv(f, arr);
        } else {
            td_report(&s, &o, root);
            if (co.out == OUT_TEXT || co.out == OUT_HTML) /* the page leads with the verdict too */
                td_screen(root);
            if (co.out == OUT_JSON)
                render_json(f, root);
            else
                common_render_people(&co, f, root);
        }
        common_output_close(f);
        rn_free(root);
        if (s.diag.total && co.strict) {
            diag_print_stderr(&s.diag);
            rc = EXIT_BADINPUT;
        } else {
            common_diag_warn(&s.diag, s.diag.lines_read);
        }
    }
    td_top_fini(&top);
    td_set_fini(&s);
    td_cli_fini(&cli);
    free(files);
    return rc;
}
