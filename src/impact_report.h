/*
 * impact_report.h — the report tree of `gclat impact` from impact_model.h's
 * results over a pause timeline and impact_input.h's inputs. Builds nodes
 * only: the command renders them.
 */
#ifndef GCLAT_IMPACT_REPORT_H
#define GCLAT_IMPACT_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "impact_input.h"
#include "impact_model.h"
#include "pause_timeline.h"
#include "report.h"

/* Everything one run computed; res_cap and res2 are read only with cap_ns > 0 / whatif_log. */
struct impact_run {
    const struct pause_tl *tl;
    const struct impact_gc *gc;          /* what reading tl's logs found */
    const struct impact_svc *svc;
    struct impact_result *res, *res_cap, *res2; /* res's clusters are sorted for the report */
    const struct impact_stalls *st, *st2;
    int64_t timeout_ns, cap_ns;
    const char *whatif_log;
    double rate;                         /* requests per second, 0 unknown */
    const char *rate_source;
    bool any_stalls;                     /* stalls in either log */
    size_t top;                          /* clusters listed as responsible, 0 = all */
    const struct diag *diag, *svc_diag;
};

/* The inputs node of a GC read (also for a run that stops before the model). */
void impact_report_inputs(struct report_node *inputs, const struct pause_tl *tl, const struct impact_gc *g);
/* The whole tree under root (inputs first); returns the table of the responsible clusters (for --csv). */
struct report_node *impact_report(struct report_node *root, const struct impact_run *x);

#endif
