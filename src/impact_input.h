/*
 * impact_input.h — the inputs of `gclat impact` (impact_model.h has the
 * model): the service-time distribution (a constant, or the durations of an
 * access log read with correlate_access.h's fields) and the GC logs read
 * into a pause timeline with what the report says about them. I/O and
 * bad-input errors are warned here and returned as exit codes (util.h); the
 * command decides what to do with them.
 */
#ifndef GCLAT_IMPACT_INPUT_H
#define GCLAT_IMPACT_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "correlate_access.h"
#include "diag.h"
#include "impact_model.h"
#include "intern.h"
#include "pause_timeline.h"

/* Points of the distribution kept from a log: its distinct values when that few, else quantiles. */
#define IMPACT_SVC_MAX_POINTS 512

struct impact_svc {
    struct svc_point *pts;
    size_t n;
    const char *source;   /* "none", "constant", or the file name */
    int64_t p50_ns, p99_ns;
    double mean_ns;
    uint64_t requests;
    int64_t first_ms, last_ms; /* request timestamps, when the log has them (-1 otherwise) */
};

/* No service time: s = 0 for every request. */
void impact_svc_init(struct impact_svc *s);
/* Every request needs ns. */
void impact_svc_constant(struct impact_svc *s, int64_t ns);
/*
 * The distribution of the request durations in the access log at path
 * (lines not understood go to diag). 0, EXIT_BADINPUT (not an access log,
 * no durations) or EXIT_IO, each warned.
 */
int impact_svc_from_file(struct impact_svc *s, struct access_cfg *ac, const char *path, struct diag *diag);
/* Requests per second from the log's own timestamps when they span at least a second, else 0. */
double impact_svc_rate(const struct impact_svc *s);
void impact_svc_fini(struct impact_svc *s);

/* What reading the GC logs found, beside the timeline. */
struct impact_gc {
    struct gc_read_result res;
    uint64_t events;
    enum gc_collector coll;
    /* the collector pauses (ZGC, Shenandoah) but the log has collections and no
       pause lines (-Xlog:gc): the pause figures are unknown, not 0 */
    bool lacks_pauses;
};

/* pause_tl_read over files into tl, and *g; its return code. */
int impact_gc_read(struct pause_tl *tl, char **files, int nfiles, enum gc_format forced, struct diag *diag,
                   struct intern *strings, struct impact_gc *g);

#endif
