/*
 * lat_screen.h — the first screen of `gclat lat` (text only; see lat_screen.c).
 */
#ifndef GCLAT_LAT_SCREEN_H
#define GCLAT_LAT_SCREEN_H

#include <stddef.h>
#include <stdint.h>

struct report_node;
struct lat_cfg;
struct lat_result;

/*
 * Add the verdict to root and mark the detail of top (the "lat" object) on
 * the finished tree. res: ncol results (names[k] each); by: the --by key's
 * name (NULL without --by). Group accumulators may be rescaled (merging).
 */
void lat_screen(struct report_node *root, struct report_node *top, const struct lat_cfg *c, struct lat_result *res,
                size_t ncol, const char *const *names, const char *by, int64_t out_ns);

#endif
