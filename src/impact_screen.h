/*
 * impact_screen.h — the first screen of `gclat impact` (text only): a
 * verdict line from the finished report tree, the what-if table, the rest
 * detail (--full). JSON and CSV are not touched.
 */
#ifndef GCLAT_IMPACT_SCREEN_H
#define GCLAT_IMPACT_SCREEN_H

struct report_node;

void impact_screen(struct report_node *root);

#endif
