/*
 * test_timeparse.c — ISO 8601 timestamps: what is a date, what is an offset.
 */
#include "timeparse.h"
#include "t.h"

static size_t iso(const char *s, int64_t *ms, int32_t *tz)
{
    bool has;
    return parse_iso8601(s, strlen(s), ms, tz, &has);
}

static void test_valid(void)
{
    int64_t ms;
    int32_t tz;
    CHECK_EQ_INT(iso("1970-01-01T00:00:00.000+00:00", &ms, &tz), 29);
    CHECK_EQ_INT(ms, 0);
    CHECK_EQ_INT(iso("2024-02-29T12:00:00.250+0800", &ms, &tz), 28);
    CHECK_EQ_INT(tz, 480);
    CHECK_EQ_INT(ms, 1709179200250LL);
    CHECK_EQ_INT(iso("2000-02-29 00:00:00Z", &ms, &tz), 20); /* 2000 is a leap year */
    CHECK_EQ_INT(iso("2024-12-31T23:59:60", &ms, &tz), 19);   /* leap second */
}

static void test_not_a_date(void)
{
    int64_t ms;
    int32_t tz;
    CHECK_EQ_INT(iso("2024-02-31T00:00:00", &ms, &tz), 0);
    CHECK_EQ_INT(iso("2023-02-29T00:00:00", &ms, &tz), 0);
    CHECK_EQ_INT(iso("1900-02-29T00:00:00", &ms, &tz), 0);
    CHECK_EQ_INT(iso("2024-04-31T00:00:00", &ms, &tz), 0);
    CHECK_EQ_INT(iso("2024-13-01T00:00:00", &ms, &tz), 0);
    CHECK_EQ_INT(iso("2024-01-01T24:00:00", &ms, &tz), 0);
}

static void test_offset_bounds(void)
{
    int64_t ms;
    int32_t tz;
    /* an offset past 18 hours or 59 minutes is not consumed as one */
    CHECK_EQ_INT(iso("2024-01-01T00:00:00+99:99", &ms, &tz), 19);
    CHECK_EQ_INT(iso("2024-01-01T00:00:00+0860", &ms, &tz), 19);
    CHECK_EQ_INT(iso("2024-01-01T00:00:00-18:00", &ms, &tz), 25);
    CHECK_EQ_INT(tz, -1080);
}

int main(void)
{
    RUN(test_valid);
    RUN(test_not_a_date);
    RUN(test_offset_bounds);
    T_DONE();
}
