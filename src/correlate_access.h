/*
 * correlate_access.h — access-log requests as (start, duration) for impact
 * and correlate, built on `gclat lat`'s extraction (lat.h): the same -f/-F,
 * --log-format presets, --unit, --time-field, --json-key, --include and
 * --exclude options mean the same thing here.
 *
 * What a line's timestamp means differs by server: nginx ($time_local) and
 * Tomcat's AccessLogValve (%t, unless %{begin:...}t) log when the response
 * ended; Apache %t, Envoy START_TIME and most application logs log when the
 * request started. --ts-is start|end says which; default end for the nginx
 * and tomcat presets, start otherwise. Start = timestamp - duration for end.
 *
 * The thread that served the request (--thread-field N, or --thread-key KEY
 * for JSON lines) lets correlate join a request with the allocation stalls
 * of its own thread: Tomcat's AccessLogValve writes it with %I, logback with
 * [%thread]; one pair of enclosing [] or "" is removed.
 */
#ifndef GCLAT_CORRELATE_ACCESS_H
#define GCLAT_CORRELATE_ACCESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lat.h"

struct access_cfg {
    struct lat_cfg lat;
    const char *preset;
    const char *unit;
    int ts_is_end;       /* -1 unset, 0 start, 1 end */
    bool need_time;      /* false for durations only (impact --service-time) */
    bool field_given;    /* -f seen: it wins over a --log-format preset's field */
    int thread_field;    /* 0 = none; 1-based, negative from the end */
    char *thread_key;    /* JSON key of the thread name, or NULL */
    size_t thread_key_len;
};

void access_cfg_init(struct access_cfg *c);
/* Apply preset, unit and the --ts-is default; exits EXIT_USAGE on bad ones. */
void access_cfg_finish(struct access_cfg *c);
/* The part of access_cfg_finish that lat shares: preset, -f over the preset, unit. */
void access_fields_finish(struct access_cfg *c);
/*
 * The options as groups (opt.h), base a struct access_cfg: the field spec
 * lat, correlate, impact and watch share (-f -F --log-format --json-key --unit
 * --time-field --include --exclude), and what the joins add (--ts-is,
 * --thread-field, --thread-key); watch takes both.
 */
struct opt_group;
extern const struct opt_group access_field_group;
extern const struct opt_group access_join_group;
void access_cfg_fini(struct access_cfg *c);

struct access_req {
    int64_t start_ns;   /* epoch ns (from a ms timestamp), request start */
    int64_t dur_ns;
    int32_t tz_min;
    const char *thread; /* view into the line (valid while it is), NULL when not configured */
    size_t thread_len;  /* 0 when the line has no such field */
};

/* --thread-field or --thread-key given. */
bool access_has_thread(const struct access_cfg *c);

/*
 * Parse one line. Returns 1 with *r filled, 0 if an --include/--exclude
 * filter dropped it, -1 if it has no usable value/time (*why is the diag
 * reason).
 */
int access_parse(const struct access_cfg *c, const char *line, size_t len, struct access_req *r,
                 const char **why);

struct diag;
/* One pass's consumer: every request parsed (and kept by the filters). */
typedef void (*access_req_fn)(void *ctx, const struct access_req *q);
/*
 * Read files in order, giving every request to fn; lines not understood go
 * to diag with their reason, lines read to *lines, lines the filters dropped
 * to *filtered. 0, or EXIT_IO (warned) when a file cannot be opened or read.
 */
int access_scan(char **files, int n, const struct access_cfg *c, struct diag *diag, access_req_fn fn, void *ctx,
                uint64_t *lines, uint64_t *filtered);
/*
 * --resolution auto: 1 s when the first 1000 timestamps of path (at least
 * 10) are all whole seconds, else 1 ms; 1 ms for '-' (it cannot be read
 * twice) and for a file that does not open (the main pass reports it).
 */
int64_t access_detect_resolution_ns(const char *path, const struct access_cfg *c);

#endif
