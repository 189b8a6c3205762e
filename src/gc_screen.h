/*
 * gc_screen.h — the first screen of `gclat gc` (text only): a verdict line
 * made of figures already in the report tree, every section but the
 * findings marked detail (--full), and sections that do not apply to this
 * log left out of the text altogether. JSON is not touched.
 */
#ifndef GCLAT_GC_SCREEN_H
#define GCLAT_GC_SCREEN_H

#include <stdbool.h>

#include "gc_analysis.h"
#include "report.h"

/*
 * Call on the finished tree (gc_analysis_report, gc_findings_report, inputs,
 * unparsed lines). over_given: --over was on the command line, so the
 * pauses-over-threshold counts stay on the first screen.
 */
void gc_screen(const struct gc_analysis *a, struct report_node *root, bool over_given);

/* Human name of a collector ("G1", "generational ZGC"). */
const char *gc_collector_title(enum gc_collector c);

#endif
