/*
 * headline.h — the key figures a command's HTML page leads with
 * (RF_HEADLINE, report.h). They are copies of scalars already in the
 * command's report tree, under a human label, so the first screen shows
 * exactly the numbers the text and JSON reports show; which figures lead is
 * chosen per command in one table (headline.c), never by the renderer.
 */
#ifndef GCLAT_HEADLINE_H
#define GCLAT_HEADLINE_H

#include "report.h"

/* A group of key figures (RF_HEADLINE | RF_NOTEXT | RF_NOJSON) titled title (NULL: untitled). */
struct report_node *headline_group(struct report_node *parent, const char *key, const char *title);
/*
 * Copy the scalar at path below tree (rn_path syntax) into group under key,
 * labelled title, with unit when the source has none. complement: the
 * figure is 100 - value (a share of time from a throughput). Returns NULL,
 * adding nothing, when the path holds no scalar.
 */
struct report_node *headline_copy(struct report_node *group, const char *key, const char *title,
                                  const struct report_node *tree, const char *path, const char *unit,
                                  bool complement);
/*
 * Mark a command's findings array to lead the page: as findings (one line
 * each, details folded) when its entries have a title and a summary (the
 * one finding type), else as a table (the older {severity, id, finding}).
 * For the HTML page only: RF_FINDINGS changes the text view too.
 */
void headline_findings(struct report_node *arr);
/*
 * The key figures of command cmd ("gc", "lat", ...) read from its report
 * tree root, added to root as a group keyed "headline"; arrays the command
 * leads with (its findings table) are flagged RF_HEADLINE. A command with
 * no entry gets nothing.
 */
void headline_report(struct report_node *root, const char *cmd);

#endif
