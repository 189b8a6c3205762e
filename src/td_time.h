/*
 * td_time.h — how far apart were a thread dump and a top snapshot taken?
 * A dump's timestamp ("2026-11-30 05:46:08" from jstack / kill -3, "Mon Feb
 * 06 11:38:58 2012" from JRockit, "2026-11-30T05:46:44.9Z" from
 * Thread.dump_to_file) against top's "top - 05:46:07 up ..." clock. top only
 * prints the time of day, so the gap is computed on the time of day (both
 * within 12 h of each other, same time zone); a UTC ("Z") time against top's
 * local clock cannot be compared and gives no gap.
 */
#ifndef GCLAT_TD_TIME_H
#define GCLAT_TD_TIME_H
#include <stdbool.h>

/* Gap beyond which the pairing is warned about. */
#define TD_GAP_WARN_S 5

/* Seconds since midnight of a timestamp in one of the forms above; *utc when it ends in Z. */
bool td_time_of_day(const char *ts, int *sec, bool *utc);
/* Smallest distance in seconds between times of day a and b (wrapping at midnight). */
int td_tod_gap_s(int a, int b);
#endif
