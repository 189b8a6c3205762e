/*
 * cpu_screen.h — the first screen of `gclat cpu` (text only): a verdict line
 * from the figures in the finished report tree, the findings, and the rest
 * marked detail (--full). JSON is not touched.
 */
#ifndef GCLAT_CPU_SCREEN_H
#define GCLAT_CPU_SCREEN_H

struct report_node;

void cpu_screen(struct report_node *root);

#endif
