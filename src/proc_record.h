/*
 * proc_record.h — the text file `gclat cpu --pid P --record FILE` writes and
 * `gclat cpu FILE` reads back (format in docs/cpu.md). Tab-separated lines:
 *
 *   #gclat-cpu-record 1                          first line, identifies the file
 *   P <pid> <clk_tck> <ncpu> <interval_ms> <comm>   once, the sampled process
 *   S <epoch_ms> <elapsed_ms> <proc_ticks> <rss_kb> <vsz_kb> <nthreads>
 *                                                one per interval: process CPU ticks
 *                                                (utime+stime) used in elapsed_ms
 *   T <tid> <ticks> <comm>                       per thread, after its S line
 *   N <tid> <full name>                          full name from a thread dump (nid)
 *   C <self_cpu_us> <wall_us>                    the sampler's own CPU use
 *   # ...                                        comment
 *
 * Reading turns each S line (plus its T lines) into a struct top_frame: a
 * process-total row (%CPU = ticks / clk_tck / elapsed) and one row per thread;
 * ticks the process used that no listed thread accounts for (threads that
 * exited during the interval) become an "exited threads" row, so thread rows
 * always add up to the process row.
 */
#ifndef GCLAT_PROC_RECORD_H
#define GCLAT_PROC_RECORD_H
#include <stdbool.h>
#include <stdint.h>
#include "diag.h"
#include "top_parse.h"

#define PROC_RECORD_MAGIC "#gclat-cpu-record 1"

struct proc_record_reader {
    const char *file;
    struct diag *diag;
    top_frame_cb cb;
    void *ctx;
    struct top_frame fr;
    bool in_frame;
    int64_t pid, clk_tck, ncpu, interval_ms;
    char *comm;
    int64_t proc_ticks, thread_ticks, elapsed_ms;
    /* tid -> full name from N lines */
    int64_t *name_tid;
    char **name;
    size_t nnames, name_cap;
    int64_t self_cpu_us, self_wall_us; /* from the C line, -1 if none */
};

/* Row ticks (for the record path) travel in the frame: rows[i].time_cs holds
   the interval's ticks scaled to centiseconds. */
void proc_record_init(struct proc_record_reader *r, const char *file, struct diag *d,
                      top_frame_cb cb, void *ctx);
void proc_record_line(struct proc_record_reader *r, const char *s, size_t n, uint64_t lineno);
void proc_record_finish(struct proc_record_reader *r);
/* Lines of a sample (see sniff.h) a record file's reader understands; 0 without the first line. */
size_t proc_record_sniff(const char *buf, size_t len);
#endif
