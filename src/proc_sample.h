/*
 * proc_sample.h — sampling a live process from /proc (Linux), no `top`.
 *
 * Every interval the sampler reads /proc/PID/stat (utime+stime, RSS, VSZ,
 * thread count) and, with threads on, /proc/PID/task/TID/stat for every
 * thread (utime+stime, comm). Thread stat files stay open and are re-read
 * with pread() at offset 0 (procfs regenerates them), so a sample of 500
 * threads costs 500 pread calls plus one getdents pass, not 1500 syscalls of
 * open/read/close. It writes the deltas in the proc_record.h format.
 *
 * The first read only sets the baselines; each later read writes one S line.
 * Sampling stops after `count` samples or `duration_us`, when the process
 * exits, or on SIGINT/SIGTERM (the samples so far are kept).
 */
#ifndef GCLAT_PROC_SAMPLE_H
#define GCLAT_PROC_SAMPLE_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct proc_sample_opts {
    int64_t pid;
    int64_t interval_us;
    int64_t duration_us; /* 0: use count */
    int64_t count;       /* 0: use duration */
    bool threads;
    const char *thread_dump; /* jstack / jcmd Thread.print output, or NULL */
    bool quiet;
};

/* Sample per opts and write the record to out. Returns an exit code (util.h). */
int proc_sample_run(const struct proc_sample_opts *o, FILE *out);

/*
 * Thread-dump headers to (tid, name): lines like
 *   "http-nio-8080-exec-1" #31 daemon prio=5 os_prio=0 cpu=1.2ms ... tid=0x... nid=0x1f2b waiting ...
 * (jstack, jcmd Thread.print; nid is hex, or decimal on JDK 19+ "nid=8011").
 * Writes one "N\t<tid>\t<name>" line per header to out. Returns the number
 * of names, or -1 if the file cannot be read.
 */
long proc_tdump_write_names(const char *path, FILE *out);
/* Parse one header line; true with *tid and name [*nb, *nb + *nl) when it is one. */
bool proc_tdump_header(const char *s, size_t n, int64_t *tid, size_t *nb, size_t *nl);
#endif
