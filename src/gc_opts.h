/*
 * gc_opts.h — the GC-threshold option group (opt.h) over a struct
 * gc_thresholds: --over and the limits the findings test. Defined once so
 * every command that analyses a GC log spells and checks them the same way.
 */
#ifndef GCLAT_GC_OPTS_H
#define GCLAT_GC_OPTS_H

#include "opt.h"

/*
 * Base: struct gc_thresholds (gc_analysis.h). --over replaces the whole
 * list; a caller that must know whether it was given sets n_over to 0
 * before opt_parse() and restores the defaults if it is still 0.
 */
extern const struct opt_group gc_threshold_group;

/*
 * How the GC logs of a join are read (correlate, impact): --format,
 * --jvm-start, --max-pauses. Base: struct gc_input; gc_input_init() sets the
 * defaults (detected format, no JVM start, the timeline's default bound).
 */
#include "gc_parse.h"
struct gc_input {
    enum gc_format forced;
    int64_t jvm_start_ms; /* -1: the logs' own wall-clock times */
    size_t max_pauses;    /* 0: pause_timeline's default */
};
void gc_input_init(struct gc_input *in);
extern const struct opt_group gc_input_group;

#endif
