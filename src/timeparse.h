/*
 * timeparse.h — timestamps as logs write them, to epoch milliseconds.
 * No libc time zone state is used (mktime/TZ are slow and global): dates are
 * converted with the civil-from-days arithmetic, offsets applied by hand.
 */
#ifndef GCLAT_TIMEPARSE_H
#define GCLAT_TIMEPARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Days since 1970-01-01 for a proleptic Gregorian date. */
int64_t days_from_civil(int64_t y, unsigned m, unsigned d);
/* Inverse: y, m (1-12), d (1-31) for days since 1970-01-01. */
void civil_from_days(int64_t z, int64_t *y, unsigned *m, unsigned *d);

/*
 * ISO 8601 as JVMs and servers write it: "2023-04-12T10:11:12.123+0800",
 * "2023-04-12T10:11:12.123+08:00", "...Z", "2023-04-12 10:11:12,123" (comma
 * decimal), with or without fraction (any digits; truncated to ms) and with or
 * without offset (then offset 0 and *has_tz false). On success returns the
 * number of bytes consumed and sets *epoch_ms (UTC) and *tz_min.
 * Returns 0 if s does not start with such a timestamp.
 */
size_t parse_iso8601(const char *s, size_t n, int64_t *epoch_ms, int32_t *tz_min, bool *has_tz);

/*
 * Seconds with a fraction, "12.345" or "12,345" (comma decimal separator of
 * some locales), to nanoseconds. Returns bytes consumed or 0.
 */
size_t parse_secs_ns(const char *s, size_t n, int64_t *ns);

/* Format epoch_ms shifted by tz_min as "YYYY-MM-DD HH:MM:SS" (buf >= 20). */
void format_local_time(int64_t epoch_ms, int32_t tz_min, char *buf, size_t len);
/* ISO 8601 with offset: "2023-04-12T10:11:12.123+08:00" (buf >= 30). */
void format_iso8601(int64_t epoch_ms, int32_t tz_min, char *buf, size_t len);

#endif
