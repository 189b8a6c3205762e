/*
 * test_cli.c — the shared option-value parsers: strict number syntax,
 * overflow and range bounds, no silently skipped list items.
 */
#include "cli.h"
#include "t.h"

#include <stdint.h>

static void test_double_strict(void)
{
    double d = 0;
    CHECK(parse_double("1.5", &d) && d == 1.5);
    CHECK(parse_double("-2e3", &d) && d == -2000);
    CHECK(parse_double(".5", &d) && d == 0.5);
    CHECK(parse_double("5.", &d) && d == 5);
    const char *bad[] = {"", " 5", "5 ", "inf", "nan", "0x10", "1e400", "1e", "+", ".", "5%", "1,5"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        bool ok = parse_double(bad[i], &d);
        if (ok)
            printf("#   accepted '%s'\n", bad[i]);
        CHECK(!ok);
    }
}

static void test_int_strict(void)
{
    int64_t v = 0;
    CHECK(parse_int64("9223372036854775807", &v) && v == INT64_MAX);
    CHECK(parse_int64("-12", &v) && v == -12);
    CHECK(!parse_int64("9223372036854775808", &v)); /* ERANGE, not clamped */
    CHECK(!parse_int64(" 5", &v));
    CHECK(!parse_int64("5x", &v));
    CHECK(!parse_int64("1.0", &v));
    CHECK(!parse_int64("-", &v));
}

static void test_duration_bounds(void)
{
    int64_t us = 0;
    CHECK(parse_duration_us("1.5s", 1000, &us) && us == 1500000);
    CHECK(parse_duration_us("250", 1000, &us) && us == 250000); /* bare: default unit */
    CHECK(parse_duration_us("500ns", 1000, &us) && us == 1); /* rounds to the nearest us */
    CHECK(parse_duration_us("366d", 1000, &us) && us == CLI_DURATION_MAX_US);
    CHECK(!parse_duration_us("367d", 1000, &us));
    CHECK(!parse_duration_us("999999d", 1000, &us)); /* was -5.8e12 ms after * 1000 */
    CHECK(!parse_duration_us("1e20ms", 1000, &us));
    CHECK(!parse_duration_us("-1ms", 1000, &us));
    CHECK(!parse_duration_us("infs", 1000, &us));
    CHECK(!parse_duration_us("10qs", 1000, &us));
    CHECK(!parse_duration_us("ms", 1000, &us));
    /* the bound leaves room for ns and sums: 366 d in ns times 20 still fits */
    CHECK(CLI_DURATION_MAX_US * 1000 < INT64_MAX / 20);
}

static void test_lists(void)
{
    int64_t d[4];
    double p[4];
    CHECK_EQ_INT(parse_duration_list_us("1ms,10ms", 1000, d, 4), 2);
    CHECK_EQ_INT(d[1], 10000);
    CHECK_EQ_INT(parse_duration_list_us("1ms,,10ms", 1000, d, 4), -1);
    CHECK_EQ_INT(parse_duration_list_us("1ms,", 1000, d, 4), -1);
    CHECK_EQ_INT(parse_duration_list_us(",1ms", 1000, d, 4), -1);
    CHECK_EQ_INT(parse_duration_list_us("1,2,3,4,5", 1000, d, 4), -1); /* more than max */
    CHECK_EQ_INT(parse_number_list("50,99.9", p, 4), 2);
    CHECK_NEAR(p[1], 99.9, 1e-12);
    CHECK_EQ_INT(parse_number_list("50,,99", p, 4), -1);
    CHECK_EQ_INT(parse_number_list("", p, 4), -1);
}

int main(void)
{
    RUN(test_double_strict);
    RUN(test_int_strict);
    RUN(test_duration_bounds);
    RUN(test_lists);
    T_DONE();
}
