/*
 * screen.h — what the first screens of gc, lat, cpu, threads, impact and
 * compare share (the *_screen.c files): building the verdict line from
 * figures already in the report tree, and the short form of 'Unparsed
 * lines'. Text only: nothing here reaches JSON or CSV.
 */
#ifndef GCLAT_SCREEN_H
#define GCLAT_SCREEN_H

#include <stddef.h>

struct report_node;

/* Append s to the line v (capacity cap), cut if it does not fit. */
void screen_cat(char *v, size_t cap, const char *s);
/* obj's child `key` as the text renderer prints it, or "unknown" when it has no value. */
const char *screen_fig(const struct report_node *obj, const char *key, char *buf, size_t len);
/*
 * 'Unparsed lines' (diag_report's node) on the first screen: detail when
 * nothing was unparsed; else the total stays and the lines read, the rate,
 * the reasons with their examples go to --full, the reasons replaced by one
 * row each with its first example's file:line.
 */
void screen_unparsed(struct report_node *unparsed);

#endif
