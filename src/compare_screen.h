/*
 * compare_screen.h — the first screen of `gclat compare` (text only): a
 * verdict line per run against the baseline, a short table of the headline
 * metrics, the --fail-if results; the whole comparison with --full. Reads
 * the finished tree only (compare_report with flat rows); JSON and CSV are
 * not touched.
 */
#ifndef GCLAT_COMPARE_SCREEN_H
#define GCLAT_COMPARE_SCREEN_H

struct report_node;

void compare_screen(struct report_node *root);

#endif
