/*
 * td_time.c — see td_time.h. Only fixed shapes are accepted, digit by digit,
 * so a malformed time is "no time", never a wrong one.
 */
#include "td_time.h"

#include <ctype.h>
#include <string.h>

static bool hms(const char *s, int *sec)
{
    for (int i = 0; i < 8; i++)
        if (i == 2 || i == 5 ? s[i] != ':' : !isdigit((unsigned char)s[i]))
            return false;
    int h = (s[0] - '0') * 10 + s[1] - '0', m = (s[3] - '0') * 10 + s[4] - '0',
        x = (s[6] - '0') * 10 + s[7] - '0';
    if (h > 23 || m > 59 || x > 60)
        return false;
    *sec = h * 3600 + m * 60 + x;
    return true;
}

bool td_time_of_day(const char *ts, int *sec, bool *utc)
{
    if (!ts)
        return false;
    size_t n = strlen(ts);
    *utc = n && ts[n - 1] == 'Z';
    /* "HH:MM:SS" (top), "YYYY-MM-DD HH:MM:SS", "YYYY-MM-DDTHH:MM:SS[.f]Z" */
    if (n == 8)
        return hms(ts, sec);
    if (n >= 19 && isdigit((unsigned char)ts[0]) && ts[4] == '-' && (ts[10] == ' ' || ts[10] == 'T'))
        return hms(ts + 11, sec);
    /* "Mon Feb 06 11:38:58 2012" / "Fri Jun 4 08:22:12 2010" (JRockit) */
    const char *c = strchr(ts, ':');
    if (n >= 20 && isupper((unsigned char)ts[0]) && c && c - ts >= 2 && strlen(c - 2) >= 8)
        return hms(c - 2, sec);
    return false;
}

int td_tod_gap_s(int a, int b)
{
    int d = a > b ? a - b : b - a;
    return d > 43200 ? 86400 - d : d;
}
