/*
 * watch_access.h — one followed access log of `gclat watch`: follow.c's lines
 * through the access-log extraction every command shares (correlate_access.h
 * over lat.h: the same -f, --log-format, --unit, --include options as
 * `gclat lat`) into the request windows of its JVM and the
 * gclat_http_request_duration_seconds series by status and route (routes
 * templated as `gclat lat --by path` does: numbers, UUIDs, long hex -> {id}).
 *
 * Requests are windowed by their end (start + duration) on the wall clock;
 * a line without a usable value or time is counted in the JVM's diag.
 */
#ifndef GCLAT_WATCH_ACCESS_H
#define GCLAT_WATCH_ACCESS_H

#include "correlate_access.h"
#include "follow.h"
#include "watch_jvm.h"

struct watch_access {
    struct follow f;
    const struct access_cfg *cfg;
    struct watch_jvm *j;
    char *rbuf;
    size_t rcap;
    uint64_t requests;
};

void watch_access_init(struct watch_access *a, const char *path, bool from_start, const struct access_cfg *cfg,
                       struct watch_jvm *j);
long watch_access_poll(struct watch_access *a);
void watch_access_finish(struct watch_access *a);
void watch_access_fini(struct watch_access *a);

#endif
