/*
 * commands.h — the subcommands. Each lives in cmd_NAME.c and exports
 * cmd_NAME(argc, argv) (argv[0] is the subcommand name) and its --help text.
 * Return value is the process exit code (util.h).
 */
#ifndef GCLAT_COMMANDS_H
#define GCLAT_COMMANDS_H

#define GCLAT_COMMANDS(X)                                                            \
    X(gc, "GC-log analysis: pauses, percentiles, causes, findings")                 \
    X(lat, "latency percentiles from access logs (exact, mergeable)")               \
    X(merge, "merge histograms saved by 'gclat lat --save'")                        \
    X(cpu, "CPU and memory of a JVM from top -b output or /proc sampling")         \
    X(jstat, "jstat -gc/-gcutil/-gccause output: GC rates and occupancy")           \
    X(histo, "jmap -histo / GC.class_histogram: top classes and growth")            \
    X(threads, "thread dumps: states, pools, locks, deadlocks, hot frames")        \
    X(impact, "share of requests a GC pause pushes past a timeout")                \
    X(correlate, "join access-log requests with GC pauses")                         \
    X(compare, "side-by-side comparison of runs, with % change")                    \
    X(report, "self-contained HTML report with charts")                              \
    X(load, "constant-rate HTTP load, latency corrected for coordinated omission")   \
    X(watch, "follow live GC logs: rolling figures, alerts, Prometheus metrics")

#define DECLARE_CMD(name, summary)                                                   \
    int cmd_##name(int argc, char **argv);                                          \
    extern const char cmd_##name##_help[];
GCLAT_COMMANDS(DECLARE_CMD)
#undef DECLARE_CMD

#endif
