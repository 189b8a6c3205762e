/*
 * commands.h — the subcommands. Each lives in cmd_NAME.c and exports
 * cmd_NAME(argc, argv) (argv[0] is the subcommand name) and, OPT, its option
 * table cmd_NAME_opts (opt.h), from which both its argv is parsed and its
 * --help printed. Every command has one (the literal help texts, TEXT, are
 * gone). Return value is the process exit code (util.h).
 */
#ifndef GCLAT_COMMANDS_H
#define GCLAT_COMMANDS_H

#define GCLAT_COMMANDS(X)                                                            \
    X(gc, "GC-log analysis: pauses, percentiles, causes, findings", OPT)             \
    X(lat, "latency percentiles from access logs (exact, mergeable)", OPT)           \
    X(merge, "merge histograms saved by 'gclat lat --save'", OPT)                    \
    X(cpu, "CPU and memory of a JVM from top -b output or /proc sampling", OPT)      \
    X(jstat, "jstat -gc/-gcutil/-gccause output: GC rates and occupancy", OPT)       \
    X(histo, "jmap -histo / GC.class_histogram: top classes and growth", OPT)        \
    X(threads, "thread dumps: states, pools, locks, deadlocks, hot frames", OPT)     \
    X(impact, "share of requests a GC pause pushes past a timeout", OPT)             \
    X(correlate, "join access-log requests with GC pauses", OPT)                     \
    X(compare, "side-by-side comparison of runs, with % change", OPT)                \
    X(report, "self-contained HTML report with charts", OPT)                         \
    X(load, "constant-rate HTTP load, latency corrected for coordinated omission", OPT) \
    X(watch, "follow live GC logs: rolling figures, alerts, Prometheus metrics", OPT)

struct opt_cmd;
#define DECLARE_HELP_OPT(name) extern const struct opt_cmd cmd_##name##_opts;
#define DECLARE_CMD(name, summary, help)                                             \
    int cmd_##name(int argc, char **argv);                                          \
    DECLARE_HELP_##help(name)
GCLAT_COMMANDS(DECLARE_CMD)
#undef DECLARE_CMD

#endif
