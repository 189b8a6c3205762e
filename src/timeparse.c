/*
 * timeparse.c — see timeparse.h. days_from_civil/civil_from_days are Howard
 * Hinnant's public-domain algorithms, re-derived here in C.
 */
#include "timeparse.h"

#include <stdio.h>

int64_t days_from_civil(int64_t y, unsigned m, unsigned d)
{
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    unsigned yoe = (unsigned)(y - era * 400);
    unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + (int64_t)doe - 719468;
}

void civil_from_days(int64_t z, int64_t *y, unsigned *m, unsigned *d)
{
    z += 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    unsigned doe = (unsigned)(z - era * 146097);
    unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t yy = (int64_t)yoe + era * 400;
    unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    unsigned mp = (5 * doy + 2) / 153;
    *d = doy - (153 * mp + 2) / 5 + 1;
    *m = mp < 10 ? mp + 3 : mp - 9;
    *y = yy + (*m <= 2);
}

static bool digits(const char *s, size_t n, size_t at, int k, int *out)
{
    if (at + (size_t)k > n)
        return false;
    int v = 0;
    for (int i = 0; i < k; i++) {
        char c = s[at + (size_t)i];
        if (c < '0' || c > '9')
            return false;
        v = v * 10 + (c - '0');
    }
    *out = v;
    return true;
}

size_t parse_iso8601(const char *s, size_t n, int64_t *epoch_ms, int32_t *tz_min, bool *has_tz)
{
    int Y, M, D, h, mi, se;
    if (!digits(s, n, 0, 4, &Y) || n < 19 || s[4] != '-' || !digits(s, n, 5, 2, &M) || s[7] != '-' ||
        !digits(s, n, 8, 2, &D) || (s[10] != 'T' && s[10] != ' ') || !digits(s, n, 11, 2, &h) ||
        s[13] != ':' || !digits(s, n, 14, 2, &mi) || s[16] != ':' || !digits(s, n, 17, 2, &se))
        return 0;
    static const unsigned char mdays[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    bool leap = (Y % 4 == 0 && Y % 100 != 0) || Y % 400 == 0;
    /* 2024-02-31 is no date: refused, not read as March 2nd */
    if (M < 1 || M > 12 || D < 1 || D > mdays[M - 1] || (M == 2 && D == 29 && !leap) || h > 23 ||
        mi > 59 || se > 60)
        return 0;
    size_t i = 19;
    int ms = 0;
    if (i < n && (s[i] == '.' || s[i] == ',') && i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '9') {
        i++;
        int k = 0;
        while (i < n && s[i] >= '0' && s[i] <= '9') {
            if (k < 3)
                ms = ms * 10 + (s[i] - '0');
            k++;
            i++;
        }
        while (k < 3) {
            ms *= 10;
            k++;
        }
    }
    int tz = 0;
    bool tzf = false;
    if (i < n && s[i] == 'Z') {
        tzf = true;
        i++;
    } else if (i < n && (s[i] == '+' || s[i] == '-')) {
        int th, tm;
        int sign = s[i] == '-' ? -1 : 1;
        /* offsets lie within -12:00..+14:00 (Java allows +-18:00); more is not an offset */
        if (digits(s, n, i + 1, 2, &th) && th <= 18) {
            if (i + 3 < n && s[i + 3] == ':' && digits(s, n, i + 4, 2, &tm) && tm <= 59) {
                tz = sign * (th * 60 + tm);
                i += 6;
                tzf = true;
            } else if (digits(s, n, i + 3, 2, &tm) && tm <= 59) {
                tz = sign * (th * 60 + tm);
                i += 5;
                tzf = true;
            }
        }
    }
    int64_t days = days_from_civil(Y, (unsigned)M, (unsigned)D);
    int64_t secs = days * 86400 + h * 3600 + mi * 60 + se - (int64_t)tz * 60;
    *epoch_ms = secs * 1000 + ms;
    *tz_min = tz;
    if (has_tz)
        *has_tz = tzf;
    return i;
}

size_t parse_secs_ns(const char *s, size_t n, int64_t *ns)
{
    size_t i = 0;
    int64_t whole = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9') {
        whole = whole * 10 + (s[i] - '0');
        /* checked after the step: whole * 1e9 must fit in int64 */
        if (whole > 9000000000LL)
            return 0;
        i++;
    }
    if (i == 0)
        return 0;
    int64_t frac = 0;
    int k = 0;
    if (i + 1 < n && (s[i] == '.' || s[i] == ',') && s[i + 1] >= '0' && s[i + 1] <= '9') {
        i++;
        while (i < n && s[i] >= '0' && s[i] <= '9') {
            if (k < 9) {
                frac = frac * 10 + (s[i] - '0');
                k++;
            }
            i++;
        }
    }
    while (k < 9) {
        frac *= 10;
        k++;
    }
    *ns = whole * 1000000000LL + frac;
    return i;
}

void format_local_time(int64_t epoch_ms, int32_t tz_min, char *buf, size_t len)
{
    int64_t t = epoch_ms / 1000 + (int64_t)tz_min * 60;
    if (epoch_ms < 0 && epoch_ms % 1000)
        t--;
    int64_t days = t / 86400, rem = t % 86400;
    if (rem < 0) {
        rem += 86400;
        days--;
    }
    int64_t y;
    unsigned m, d;
    civil_from_days(days, &y, &m, &d);
    snprintf(buf, len, "%04lld-%02u-%02u %02d:%02d:%02d", (long long)y, m, d, (int)(rem / 3600),
             (int)(rem / 60 % 60), (int)(rem % 60));
}

void format_iso8601(int64_t epoch_ms, int32_t tz_min, char *buf, size_t len)
{
    char base[40];
    format_local_time(epoch_ms, tz_min, base, sizeof base);
    base[10] = 'T';
    int ms = (int)(((epoch_ms % 1000) + 1000) % 1000);
    int a = tz_min < 0 ? -tz_min : tz_min;
    snprintf(buf, len, "%s.%03d%c%02d:%02d", base, ms, tz_min < 0 ? '-' : '+', a / 60, a % 60);
}
