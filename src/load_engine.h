/*
 * load_engine.h — constant-rate (open model) or as-fast-as-it-takes (closed
 * model) HTTP/1.1 keep-alive load, for `gclat load`.
 *
 * Timing model (docs/load.md): in the open model the run has one schedule,
 * request j intended at start + j / rate, dealt round-robin to the
 * connections (connection g gets j = g, g + C, g + 2C, ...). A connection
 * sends its next request when it is idle and the intended time has come; a
 * request that must wait for a slow response on its connection is sent late.
 * Its latency is measured from the intended time (what a client arriving on
 * schedule would have seen: coordinated omission corrected, as wrk2 does),
 * and its service time from the actual send. In the closed model (rate 0)
 * each connection sends as soon as its previous response is in, and the two
 * figures are equal by construction.
 *
 * Requests intended during the warm-up are sent but not recorded; the run
 * stops scheduling at warm-up + duration and waits at most --timeout for the
 * responses still due. Memory: per connection a fixed buffer; histograms are
 * log-linear; slow requests kept for the GC join are bounded (LOAD_SLOW_MAX).
 */
#ifndef GCLAT_LOAD_ENGINE_H
#define GCLAT_LOAD_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "hist.h"

#define LOAD_SLOW_MAX 20000

struct load_request {
    char *bytes; /* the whole request: request line, headers, body */
    size_t len;
    bool head;   /* a HEAD request: the response has no body */
};

struct load_cfg {
    char host[256];            /* numeric address to connect to */
    int port;
    int connections;
    int threads;
    double rate;               /* requests/s in total; 0 = closed model */
    int64_t duration_ns, warmup_ns, timeout_ns;
    const struct load_request *reqs;
    int nreqs;
    bool random_order;
    uint64_t seed;
    /* called about every 100 ms on the calling thread while the load runs
       (following the GC log, sampling the JVM); may be NULL */
    void (*tick)(void *ctx);
    void *tick_ctx;
};

enum load_err { LE_CONNECT, LE_WRITE, LE_READ, LE_TIMEOUT, LE_PARSE, LE_STATUS, LE__COUNT };

struct load_slow {
    int64_t intended_wall_ns; /* CLOCK_REALTIME of the intended send */
    int64_t latency_ns;       /* from the intended send */
    int64_t service_ns;       /* from the actual send */
};

struct load_result {
    struct hist latency_ns;   /* corrected: from the intended send */
    struct hist service_ns;   /* from the actual send */
    uint64_t requests;        /* responses recorded (measurement period) */
    uint64_t sent;            /* requests written, warm-up included */
    uint64_t errors[LE__COUNT];
    uint64_t status_class[6]; /* 1xx..5xx by first digit, [0] = other */
    uint64_t bytes_read;
    uint64_t late_sends;      /* sent more than 1 ms after the intended time */
    int64_t start_wall_ns;    /* measurement start, CLOCK_REALTIME */
    int64_t measured_ns;      /* length of the measurement period */
    double client_cpu_s;      /* user + sys of this process during the run */
    /* the slowest requests, for joining with GC stops (a min-heap on latency) */
    struct load_slow *slow;
    int nslow;
    uint64_t slow_seen;
    /* per second of the measurement: count and max latency (latency over time) */
    uint64_t *sec_count;
    int64_t *sec_max_ns;
    int nsec;
};

void load_result_init(struct load_result *r);
void load_result_fini(struct load_result *r);
/* Run the load; returns 0, or -1 with a message in err (nothing could be set up). */
int load_run(const struct load_cfg *cfg, struct load_result *res, char *err, size_t errlen);
const char *load_err_name(enum load_err e);

#endif
