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
    double x = 0;
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

/* "12.345:" uptime (comma decimals too). Returns bytes incl. ':' or 0. */
static size_t uptime_colon(struct gcl_memo *memo, const char *s, size_t n, int64_t *ns)
{
    if (memo && memo->up_n && memo->up_n <= n && memcmp(s, memo->up, memo->up_n) == 0) {
        /* same digits and ':' as the last uptime: the parse stops at the same ':' */
        *ns = memo->up_ns;
        return memo->up_n;
    }
    size_t k = parse_secs_ns(s, n, ns);
    if (!k || k >= n || s[k] != ':')
        return 0;
    /* "12:34" would be a clock time, not an uptime: require a fraction */
    bool frac = false;
    for (size_t i = 0; i < k; i++)
        if (s[i] == '.' || s[i] == ',')
            frac = true;
    if (!frac)
        return 0;
    if (memo && k + 1 <= sizeof memo->up) {
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
    }
}

bool gcl_iso_whole(struct gcl_memo *memo, const char *t, size_t n, int64_t *ms, int32_t *tz)
{
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
    *wall_ms = -1;
    *tz_min = 0;
    *uptime_ns = -1;
    size_t i = 0, done = 0;
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
            if (dn && i + dn < n && s[i + dn] == ':' && memcmp(s + i, memo->date, dn) == 0) {
                /* the last stamp again, and the parse would stop at this ':' */
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
        if (dst && *dst < 0 && parse_secs_ns(s + i + 1, n - i - 1, &ns))
            *dst = ns;
    }
}
