/*
 * load_record.h — what `gclat load` records of the JVM under test while the
 * load runs: its GC log followed live (--gc-log, gc_follow.h) and its CPU
 * from /proc (--pid), then the join of the two with the requests.
 *
 * Time: requests carry CLOCK_REALTIME; a GC event is placed by its log's
 * wall-clock stamp (-Xlog ...:time or -XX:+PrintGCDateStamps), or, for an
 * uptime-only log, by the process start time of --pid (from /proc; uptime
 * counts from JVM start, tens of ms after the process start, so such a
 * placement is approximate and says so). A log with neither is not joined:
 * the report says why instead of printing zero overlaps.
 *
 * Stops: every stop-the-world pause stops every request in flight; an
 * allocation stall stops one thread, and the load client cannot know which
 * server thread served a request, so stalls are counted apart as "met a
 * stall somewhere in the JVM" — an upper bound, labelled as such.
 */
#ifndef GCLAT_LOAD_RECORD_H
#define GCLAT_LOAD_RECORD_H

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"
#include "gc_follow.h"
#include "intern.h"
#include "load_engine.h"
#include "report.h"

#define LOAD_STOPS_MAX (1u << 20)

struct load_stop {
    int64_t start_wall_ns, dur_ns;
    bool stall;
};

struct load_record {
    /* GC log */
    const char *gc_path;
    struct gc_follow gf;
    struct gc_parse_ctx ctx;
    struct diag diag;
    struct intern strings;
    struct load_stop *stops;
    size_t nstops, cap;
    uint64_t stops_dropped;    /* beyond LOAD_STOPS_MAX */
    uint64_t events_unplaced;  /* no wall clock and no --pid start time */
    bool placed_by_uptime;
    /* process */
    int64_t pid;
    int64_t jvm_start_wall_ns; /* -1 if unknown */
    int64_t cpu_ticks0, cpu_ticks1;
    int64_t t0_ns, t1_ns;      /* monotonic, first and last CPU reading */
    bool pid_gone;
    long hz;
};

/* Returns 0, or -1 with err (no such process, unreadable /proc). */
int load_record_init(struct load_record *r, const char *gc_path, int64_t pid, char *err, size_t errlen);
/* Called every ~100 ms while the load runs. */
void load_record_tick(void *r);
void load_record_finish(struct load_record *r);
void load_record_fini(struct load_record *r);
/* The gc, tail and jvm sections of the load report. */
void load_record_report(const struct load_record *rec, const struct load_result *res, struct report_node *root);

#endif
