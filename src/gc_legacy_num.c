/*
 * gc_legacy_num.c — number, size and prefix scanning for the legacy GC-log
 * parser. Hand-written (no sscanf/strtod: the line is not NUL-terminated and
 * this is the hot path). Every scanner stops at n and returns the bytes it
 * consumed, 0 when the text does not match.
 */
#include "gc_legacy.h"
#include "timeparse.h"
#include "util.h"

#include <string.h>

size_t gcl_dec(const char *s, size_t n, double *v)
{
    size_t i = 0;
    /* whole part in an integer while it has at most 15 digits: below 2^53
       every step of x * 10 + d is exact in a double, so converting once
       gives the same double */
    uint64_t u = 0;
    while (i < n && i < 15 && gcl_digit(s[i])) {
        u = u * 10 + (uint64_t)(s[i] - '0');
        i++;
    }
    double x = (double)u;
    while (i < n && gcl_digit(s[i])) {
        x = x * 10 + (s[i] - '0');
        i++;
    }
    if (i == 0)
        return 0;
    /* '.' or ',' followed by a digit is a decimal separator (some locales
       print "0,0123 secs"); ", " is a list separator. */
    if (i + 1 < n && (s[i] == '.' || s[i] == ',') && gcl_digit(s[i + 1])) {
        i++;
        double scale = 0.1;
        while (i < n && gcl_digit(s[i])) {
            x += (s[i] - '0') * scale;
            scale *= 0.1;
            i++;
        }
    }
    *v = x;
    return i;
}

size_t gcl_size_kb(const char *s, size_t n, int64_t *kb)
{
    /* the usual "886080K": whole KiB, read as an integer. gcl_dec below
       gives the same: at most 15 digits are below 2^52, so the double,
       + 0.5 and the cast give the integer back, and 1e15 is under the clamp */
    uint64_t u;
    size_t w = gcl_digits8(s, n, &u), m = n < 15 ? n : 15;
    unsigned d;
    if (w == 8)
        while (w < m && (d = (unsigned)((unsigned char)s[w] - '0')) <= 9) {
            u = u * 10 + d;
            w++;
        }
    if (w > 0 && w < n && s[w] == 'K') {
        *kb = (int64_t)u;
        return w + 1;
    }
    if (w > 0 && w < 15 && w + 2 < n && (s[w] == '.' || s[w] == ',') && s[w + 1] == '0') {
        /* "24.0M", "3072.0K", "0.0B" (G1's sizes): a fraction of zeros adds
           exactly 0 to the double, which then holds the integer u; times
           1024 or 2^20, or / 1024 + 0.5 and the cast, are exact too within
           the bounds below (no clamp either), so integers give the same */
        size_t j = w + 2;
        while (j < n && s[j] == '0')
            j++;
        if (j < n && !gcl_digit(s[j])) {
            switch (s[j]) {
            case 'K': *kb = (int64_t)u; return j + 1;
            case 'M':
                if (u <= 8000000000000ULL) {
                    *kb = (int64_t)(u << 10);
                    return j + 1;
                }
                break;
            case 'G':
                if (u <= 8000000000ULL) {
                    *kb = (int64_t)(u << 20);
                    return j + 1;
                }
                break;
            case 'B': *kb = (int64_t)((u + 512) >> 10); return j + 1;
            default: return 0; /* no unit: gcl_dec's number is not followed by one either */
            }
        }
    }
    double v;
    size_t i = gcl_dec(s, n, &v);
    if (!i || i >= n)
        return 0;
    double k;
    switch (s[i]) {
    case 'K': k = v; break;
    case 'M': k = v * 1024.0; break;
    case 'G': k = v * 1024.0 * 1024.0; break;
    case 'B': k = v / 1024.0; break;
    default: return 0;
    }
    if (k > 9.0e15)
        k = 9.0e15; /* absurd input: clamp rather than overflow the cast */
    *kb = (int64_t)(k + 0.5);
    return i + 1;
}

/* (10^(9 - k): the scale of a fraction of k digits) */
static const int64_t pow10_9[10] = {1000000000, 100000000, 10000000, 1000000, 100000,
                                     10000,      1000,      100,     10,      1};

/* The fraction after a '.' at s[0..n) (a digit at s[0]): its first nine
   digits as nanoseconds, the rest skipped. Returns the bytes. (Inlined:
   every uptime and duration comes here, and the call was a tenth of it.) */
static inline __attribute__((always_inline)) size_t frac_ns(const char *s, size_t n, int64_t *ns)
{
    /* one, two or three digits ("real=0.09"): cheaper than the eight-byte reading */
    if (n < 2 || !gcl_digit(s[1])) {
        *ns = (int64_t)(s[0] - '0') * 100000000;
        return 1;
    }
    if (n < 3 || !gcl_digit(s[2])) {
        *ns = (int64_t)((s[0] - '0') * 10 + (s[1] - '0')) * 10000000;
        return 2;
    }
    if (n < 4 || !gcl_digit(s[3])) {
        /* three ("2.305:" uptimes, "0.008/0.008 secs" phases) */
        *ns = (int64_t)((s[0] - '0') * 100 + (s[1] - '0') * 10 + (s[2] - '0')) * 1000000;
        return 3;
    }
    uint64_t f;
    size_t k = gcl_digits8(s, n, &f);
    if (k == 8 && k < n && gcl_digit(s[k])) {
        f = f * 10 + (uint64_t)(s[k] - '0');
        k++;
    }
    *ns = (int64_t)f * pow10_9[k];
    while (k < n && gcl_digit(s[k]))
        k++;
    return k;
}

size_t gcl_secs_ns(const char *s, size_t n, int64_t *ns)
{
    uint64_t v;
    size_t i;
    if (n >= 2 && gcl_digit(s[0]) && !gcl_digit(s[1])) {
        /* one digit ("0.0860099 secs", "user=0.86"): most durations */
        v = (uint64_t)(s[0] - '0');
        i = 1;
    } else {
        i = gcl_digits8(s, n, &v);
    }
    if (i == 0)
        return 0;
    int64_t whole = (int64_t)v;
    unsigned d;
    /* eight digits are below the limit; the test is after each step, as in
       parse_secs_ns: whole * 1e9 must fit */
    if (i == 8)
        while (i < n && (d = (unsigned)((unsigned char)s[i] - '0')) <= 9) {
            whole = whole * 10 + d;
            if (whole > 9000000000LL)
                return 0;
            i++;
        }
    int64_t frac = 0;
    if (i + 1 < n && (s[i] == '.' || s[i] == ',') && gcl_digit(s[i + 1]))
        i += 1 + frac_ns(s + i + 1, n - i - 1, &frac);
    *ns = whole * 1000000000LL + frac;
    return i;
}

static bool alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

size_t gcl_secs_strict(const char *s, size_t n, int64_t *ns)
{
    if (n >= 5 && gcl_digit(s[0]) && s[1] == '.' && gcl_digit(s[2]) && gcl_digit(s[3]) && gcl_digit(s[4]) &&
        (n == 5 || !(alpha(s[5]) || gcl_digit(s[5]) || s[5] == '.' || s[5] == '+' || s[5] == '-'))) {
        /* "0.008" (CMS phase times, "stopped: 0.0001234" has more digits):
           what gcl_secs_ns reads, then passes the checks below */
        *ns = (int64_t)(s[0] - '0') * 1000000000 +
              (int64_t)((s[2] - '0') * 100 + (s[3] - '0') * 10 + (s[4] - '0')) * 1000000;
        return 5;
    }
    if (n == 0)
        return 0;
    if (s[0] == '-' || s[0] == '+')
        return GCL_SECS_BAD;
    if (n >= 3 && ((s[0] | 0x20) == 'n' && (s[1] | 0x20) == 'a' && (s[2] | 0x20) == 'n'))
        return GCL_SECS_BAD;
    if (n >= 3 && ((s[0] | 0x20) == 'i' && (s[1] | 0x20) == 'n' && (s[2] | 0x20) == 'f'))
        return GCL_SECS_BAD;
    if (!gcl_digit(s[0]))
        return 0;
    size_t k = gcl_secs_ns(s, n, ns);
    if (k == 0)
        return GCL_SECS_BAD; /* digits, but more seconds than int64 ns can hold */
    if (k < n && (alpha(s[k]) || gcl_digit(s[k]) || s[k] == '.' || s[k] == '+' || s[k] == '-'))
        return GCL_SECS_BAD; /* "1e400", "1.5e-3", "12abc" */
    return k;
}

/* "12.345:" uptime (comma decimals too). Returns bytes incl. ':' or 0. */
static size_t uptime_colon(struct gcl_memo *memo, const char *s, size_t n, int64_t *ns)
{
    /* (the ':' and the last digit first: the next line's uptime differs there) */
    if (memo && memo->up_n && memo->up_n <= n && s[memo->up_n - 1] == ':' &&
        s[memo->up_n - 2] == memo->up[memo->up_n - 2] && memcmp(s, memo->up, memo->up_n) == 0) {
        /* same digits and ':' as the last uptime: the parse stops at the same ':' */
        *ns = memo->up_ns;
        return memo->up_n;
    }
    /* gcl_secs_ns's reading, which must have a fraction ("12:34" would be a
       clock time, not an uptime) and end at ':' */
    uint64_t v;
    size_t k = gcl_digits8(s, n, &v);
    int64_t whole = (int64_t)v;
    unsigned d;
    if (k == 8)
        while (k < n && (d = (unsigned)((unsigned char)s[k] - '0')) <= 9) {
            whole = whole * 10 + d;
            if (whole > 9000000000LL)
                return 0;
            k++;
        }
    if (k == 0 || k + 1 >= n || (s[k] != '.' && s[k] != ',') || !gcl_digit(s[k + 1]))
        return 0;
    k++;
    int64_t frac;
    k += frac_ns(s + k, n - k, &frac);
    if (k >= n || s[k] != ':')
        return 0;
    *ns = whole * 1000000000LL + frac;
    if (memo && k + 1 <= sizeof memo->up) {
        if (n >= sizeof memo->up)
            memcpy(memo->up, s, sizeof memo->up); /* a fixed length: no call (up_n bounds it) */
        else
            memcpy(memo->up, s, k + 1);
        memo->up_n = k + 1;
        memo->up_ns = *ns;
    }
    return k + 1;
}

static void date_store(struct gcl_memo *memo, const char *t, size_t n, int64_t ms, int32_t tz)
{
    if (memo && n <= sizeof memo->date) {
        memcpy(memo->date, t, n);
        memo->date_n = n;
        memo->date_ms = ms;
        memo->date_tz = tz;
        /* exactly three fraction digits (byte 23 is no digit), so that the
           value is linear in SS and mmm (parse_iso8601: secs * 1000 + ms) */
        memo->date_plain = n == 28 && t[4] == '-' && t[7] == '-' && t[10] == 'T' && t[13] == ':' && t[16] == ':' &&
                           t[19] == '.' && (t[23] == '+' || t[23] == '-');
        for (size_t i = 0; memo->date_plain && i < 28; i++)
            if (i != 4 && i != 7 && i != 10 && i != 13 && i != 16 && i != 19 && i != 23 && !gcl_digit(t[i]))
                memo->date_plain = false;
        memo->date_sec_ms = n >= 23 && gcl_digit(t[17]) && gcl_digit(t[18]) &&
                            (t[19] == '.' || t[19] == ',') && gcl_digit(t[20]) && gcl_digit(t[21]) &&
                            gcl_digit(t[22]) && (n == 23 || !gcl_digit(t[23]));
        if (memo->date_sec_ms)
            memo->date_base_ms = ms - ((t[17] - '0') * 10 + (t[18] - '0')) * 1000 -
                                 ((t[20] - '0') * 100 + (t[21] - '0') * 10 + (t[22] - '0'));
    }
}

static bool date_delta(const struct gcl_memo *memo, const char *t, int64_t *ms, int32_t *tz)
{
    return gcl_date_delta(memo, t, ms, tz);
}

bool gcl_uptime_whole(struct gcl_memo *memo, const char *t, size_t n)
{
    if (memo && memo->up_n == n && memcmp(t, memo->up, n) == 0)
        return true;
    int64_t ns;
    return uptime_colon(memo, t, n, &ns) == n;
}

bool gcl_iso_whole(struct gcl_memo *memo, const char *t, size_t n, int64_t *ms, int32_t *tz)
{
    /* (date_delta also takes the same text again, to the same value) */
    if (memo && memo->date_n == n && date_delta(memo, t, ms, tz)) {
        gcl_date_bump(memo, t, *ms);
        return true;
    }
    if (memo && memo->date_n == n && memcmp(t, memo->date, n) == 0) {
        *ms = memo->date_ms;
        *tz = memo->date_tz;
        return true;
    }
    if (parse_iso8601(t, n, ms, tz, NULL) != n)
        return false;
    date_store(memo, t, n, *ms, *tz);
    return true;
}

size_t gcl_prefix(struct gcl_memo *memo, const char *s, size_t n, int64_t *wall_ms, int32_t *tz_min,
                  int64_t *uptime_ns)
{
    size_t u = memo ? gcl_prefix_usual(memo, s, n, wall_ms, tz_min, uptime_ns) : 0;
    if (u)
        return u;
    if (memo)
        memo->usual_s = NULL;
    *wall_ms = -1;
    *tz_min = 0;
    *uptime_ns = -1;
    size_t i = 0, done = 0;
    /* no decoration (indented detail lines, most of a G1 log): the answer
       is the leading blanks, found by the loops below in two passes */
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (i >= n || (!gcl_digit(s[i]) && s[i] != '#'))
        return i;
    for (int guard = 0; guard < 6; guard++) {
        while (i < n && (s[i] == ' ' || s[i] == '\t'))
            i++;
        if (i >= n)
            break;
        if (s[i] == '#') {
            size_t j = i + 1;
            while (j < n && gcl_digit(s[j]))
                j++;
            if (j == i + 1 || j >= n || s[j] != ':')
                break;
            i = done = j + 1;
            continue;
        }
        if (!gcl_digit(s[i]))
            break;
        if (i + 4 < n && s[i + 4] == '-') {
            int64_t ms;
            int32_t tz;
            size_t k, dn = memo ? memo->date_n : 0;
            /* the last stamp again (date_delta: but for its seconds), and the
               parse would stop at this ':' */
            if (dn && i + dn < n && s[i + dn] == ':' && date_delta(memo, s + i, &ms, &tz)) {
                k = dn;
                gcl_date_bump(memo, s + i, ms);
            } else if (dn && i + dn < n && s[i + dn] == ':' && memcmp(s + i, memo->date, dn) == 0) {
                k = dn;
                ms = memo->date_ms;
                tz = memo->date_tz;
            } else {
                k = parse_iso8601(s + i, n - i, &ms, &tz, NULL);
                if (k && i + k < n && s[i + k] == ':')
                    date_store(memo, s + i, k, ms, tz);
            }
            if (k && i + k < n && s[i + k] == ':') {
                if (*wall_ms < 0) {
                    *wall_ms = ms;
                    *tz_min = tz;
                }
                i = done = i + k + 1;
                continue;
            }
            break;
        }
        int64_t ns;
        size_t k = uptime_colon(memo, s + i, n - i, &ns);
        if (!k)
            break;
        if (*uptime_ns < 0)
            *uptime_ns = ns;
        i = done = i + k;
    }
    /* consume blanks after the last decoration */
    while (done < n && (s[done] == ' ' || s[done] == '\t'))
        done++;
    return done;
}

void gcl_times(const char *s, size_t n, int64_t *user_ns, int64_t *sys_ns, int64_t *real_ns)
{
    /* one pass over "user=0.08 sys=0.03, real=0.02 secs" (per event: keep it cheap) */
    *user_ns = *sys_ns = *real_ns = -1;
    for (size_t i = 0; i + 1 < n; i++) {
        if (s[i] != '=')
            continue;
        int64_t *dst = NULL;
        if (i >= 4 && memcmp(s + i - 4, "user", 4) == 0)
            dst = user_ns;
        else if (i >= 3 && memcmp(s + i - 3, "sys", 3) == 0)
            dst = sys_ns;
        else if (i >= 4 && memcmp(s + i - 4, "real", 4) == 0)
            dst = real_ns;
        int64_t ns;
        if (dst && *dst < 0 && gcl_secs_ns(s + i + 1, n - i - 1, &ns))
            *dst = ns;
    }
}
