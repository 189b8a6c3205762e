/*
 * td_screen.h — the first screen of `gclat threads` (text only): a verdict
 * line from the finished report tree, the findings, the rest detail
 * (--full). JSON and CSV are not touched.
 */
#ifndef GCLAT_TD_SCREEN_H
#define GCLAT_TD_SCREEN_H

struct report_node;

void td_screen(struct report_node *root);

#endif
