/*
 * load_report.h — a load run's result into the report tree: what was asked
 * (target rate, connections), what happened (achieved rate, errors by kind,
 * requests never sent), latency from the intended send beside service time
 * from the actual send, latency over time, and the client's own CPU so a
 * saturated load generator is visible instead of blamed on the server.
 */
#ifndef GCLAT_LOAD_REPORT_H
#define GCLAT_LOAD_REPORT_H

#include "load_engine.h"
#include "report.h"

struct load_report_ctx {
    const char *url;
    const struct load_cfg *cfg;
    int ncpu;                 /* cores of this machine, for the client-CPU share */
};

/* Requests the schedule held for the measurement period (open model), else 0. */
uint64_t load_scheduled(const struct load_cfg *cfg);
void load_report(const struct load_report_ctx *c, const struct load_result *r, struct report_node *root);
/* Warnings a user must see (saturated client, unsent requests): static text into buf, or false. */
bool load_client_saturated(const struct load_report_ctx *c, const struct load_result *r);

#endif
