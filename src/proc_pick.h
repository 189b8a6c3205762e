/*
 * proc_pick.h — which process a run's inputs name, for inputs that hold
 * several (a `top -b` capture of a host with more than one JVM).
 *
 * The rule (docs/compare.md): take the pid another input names — --pid, or
 * the GC log's pid (the unified-logging `pid` decorator, or "pidNNNN" in the
 * file name as JDK 8's -Xloggc:...%p writes it) — and otherwise refuse when
 * the capture holds more than one JVM, listing the candidates. Never the
 * busiest by default: on a shared host the busiest JVM is often another one.
 */
#ifndef GCLAT_PROC_PICK_H
#define GCLAT_PROC_PICK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report.h"

#define PROC_PICK_SCAN_LINES 400 /* GC-log lines looked at for the pid decorator */

/*
 * The pid a GC log names: its decorators, else its file name. Returns the
 * pid, 0 when it names none, -1 when it cannot be read. A bare-integer
 * decorator is the pid when it is the first of two (pid, tid) or the same on
 * every decorated line (a tid changes with the thread that logs).
 */
int64_t proc_pick_gc_log_pid(const char *path);

/* A process of a `gclat cpu --json` tree ("processes"). */
struct proc_cand {
    int64_t pid;
    char command[64];
    double cpu_mean_pct;
    int64_t samples;
    bool jvm;          /* COMMAND is java (first word's basename) */
};

/* The processes of a cpu tree, busiest first as cpu lists them; returns how many (at most max). */
size_t proc_pick_candidates(const struct report_node *cpu_tree, struct proc_cand *out, size_t max);

/* "498 java (100.3 % CPU mean, 20 samples), 715 java (...)" into buf; at most 10, then "and N more". */
void proc_pick_list(const struct proc_cand *c, size_t n, bool jvm_only, char *buf, size_t len);

#endif
