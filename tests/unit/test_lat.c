/* test_lat.c — field splitting, number parsing, time parsing, the
   accumulator's base-unit rescaling and merging, awk number formatting. */
#include "lat.h"
#include "t.h"

#include <stdlib.h>
#include <string.h>

static struct lat_cfg blank_cfg(void)
{
    struct lat_cfg c;
    memset(&c, 0, sizeof c);
    c.src = LAT_SRC_FIELD;
    c.sep_blank = true;
    c.field = -1;
    c.unit_ns = 1000000;
    c.max_scale = 6;
    c.precision = 3;
    return c;
}

static int field_is(const struct lat_cfg *c, const char *line, int n, const char *want)
{
    const char *f;
    size_t fl;
    if (!lat_field(c, line, strlen(line), n, &f, &fl))
        return want == NULL;
    return want && fl == strlen(want) && memcmp(f, want, fl) == 0;
}

static void test_fields(void)
{
    struct lat_cfg c = blank_cfg();
    const char *l = "  a\tb  c 12 x  ";
    CHECK(field_is(&c, l, 1, "a"));
    CHECK(field_is(&c, l, 2, "b"));
    CHECK(field_is(&c, l, 4, "12"));
    CHECK(field_is(&c, l, 5, "x"));
    CHECK(field_is(&c, l, 6, NULL));
    CHECK(field_is(&c, l, -1, "x"));   /* $NF */
    CHECK(field_is(&c, l, -2, "12"));  /* $(NF-1) */
    CHECK(field_is(&c, l, -5, "a"));
    CHECK(field_is(&c, l, -6, NULL));
    CHECK(field_is(&c, "", -1, NULL));
    CHECK(field_is(&c, "   ", 1, NULL));
    c.sep_blank = false;
    c.sep = (char *)"|";
    c.sep_len = 1;
    CHECK(field_is(&c, "a||c|", 2, ""));
    CHECK(field_is(&c, "a||c|", 3, "c"));
    CHECK(field_is(&c, "a||c|", -1, ""));
    CHECK(field_is(&c, "a||c|", -2, "c"));
    CHECK(field_is(&c, "a||c|", -5, NULL));
    c.sep = (char *)", ";
    c.sep_len = 2;
    CHECK(field_is(&c, "x, y, z", 2, "y"));
    CHECK(field_is(&c, "x, y, z", -1, "z"));
    CHECK(field_is(&c, "x, y, z", -3, "x"));
}

static void test_numbers(void)
{
    int64_t m;
    int d;
    CHECK(lat_parse_number("12", 2, &m, &d) == NULL && m == 12 && d == 0);
    CHECK(lat_parse_number("0.125", 5, &m, &d) == NULL && m == 125 && d == 3);
    CHECK(lat_parse_number("007", 3, &m, &d) == NULL && m == 7 && d == 0);
    CHECK(lat_parse_number("12.", 3, &m, &d) == NULL && m == 12 && d == 0);
    CHECK(lat_parse_number(".5", 2, &m, &d) == NULL && m == 5 && d == 1);
    CHECK(lat_parse_number("-", 1, &m, &d) != NULL);
    CHECK(lat_parse_number("-5", 2, &m, &d) != NULL);
    CHECK(lat_parse_number("1e3", 3, &m, &d) != NULL);
    CHECK(lat_parse_number(".", 1, &m, &d) != NULL);
    CHECK(lat_parse_number("", 0, &m, &d) != NULL);
    CHECK(lat_parse_number("12345678901234567890", 20, &m, &d) != NULL);
}

static void test_time(void)
{
    int64_t ms;
    int32_t tz;
    const char *s = "10/Oct/2000:13:55:36 -0700]";
    CHECK(lat_parse_clf_time(s, strlen(s), &ms, &tz) == 26);
    CHECK_EQ_INT(ms, 971211336000LL); /* date -d '2000-10-10T13:55:36-07:00' +%s */
    CHECK_EQ_INT(tz, -420);
    struct lat_cfg c = blank_cfg();
    const char *l = "1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] \"GET /x?y=1 HTTP/1.0\" 503 5 7";
    CHECK(lat_time(&c, l, strlen(l), &ms, &tz) && ms == 971211336000LL);
    struct lat_meta m;
    lat_meta(&c, l, strlen(l), &m);
    CHECK(m.path && m.path_len == 2 && memcmp(m.path, "/x", 2) == 0);
    CHECK(m.status && m.status_len == 3 && memcmp(m.status, "503", 3) == 0);
    c.time_field = 1;
    const char *e = "1681178400123 12";
    CHECK(lat_time(&c, e, strlen(e), &ms, &tz) && ms == 1681178400123LL);
    const char *e2 = "1681178400.5 12";
    CHECK(lat_time(&c, e2, strlen(e2), &ms, &tz) && ms == 1681178400500LL);
}

static void test_acc(void)
{
    struct lat_cfg c = blank_cfg();
    struct lat_acc a, b;
    lat_acc_init(&a, 3, c.unit_ns, true);
    lat_acc_init(&b, 3, c.unit_ns, false);
    CHECK(lat_acc_add(&a, &c, 12, 0, "12", 2));
    CHECK(lat_acc_add(&a, &c, 3000, 0, "3000", 4));
    CHECK_EQ_INT(a.base_ns, 1000000);
    CHECK(lat_acc_add(&a, &c, 125, 3, "0.125", 5)); /* finer: base becomes us */
    CHECK_EQ_INT(a.base_ns, 1000);
    lat_acc_flush(&a);
    CHECK_EQ_INT(a.h.total, 3);
    CHECK_EQ_INT(a.h.min, 125);
    CHECK_EQ_INT(a.h.max, 3000000);
    CHECK(a.h.exact);
    CHECK_EQ_INT(hist_percentile(&a.h, 50), 12000);
    /* b stays in ms; merging brings it to us */
    lat_acc_add(&b, &c, 7, 0, "7", 1);
    lat_acc_merge(&a, &b);
    CHECK_EQ_INT(a.h.total, 4);
    CHECK_EQ_INT(hist_percentile(&a.h, 50), 7000);
    CHECK_EQ_INT(a.cal->used, 3);
    /* more decimals than 1 ns: truncated */
    struct lat_acc s;
    lat_acc_init(&s, 3, c.unit_ns, false);
    CHECK(lat_acc_add(&s, &c, 123456789, 8, "1.23456789", 10));
    lat_acc_flush(&s);
    CHECK_EQ_INT(s.base_ns, 1);
    CHECK_EQ_INT(s.h.max, 1234567);
    lat_acc_fini(&s);
    lat_acc_fini(&a);
    lat_acc_fini(&b);
}

static void test_awk_num(void)
{
    char b[64];
    lat_awk_num(b, sizeof b, 21661002);
    CHECK_STR(b, "21661002");
    lat_awk_num(b, sizeof b, 18.772);
    CHECK_STR(b, "18.772");
    lat_awk_num(b, sizeof b, 4120.0812345);
    CHECK_STR(b, "4120.08");
    lat_awk_num(b, sizeof b, 2147483648.0); /* mawk: beyond int */
    CHECK_STR(b, "2.14748e+09");
    lat_cal_flavor(true);
    lat_awk_num(b, sizeof b, 2147483648.0);
    CHECK_STR(b, "2147483648");
    lat_cal_flavor(false);
}

int main(void)
{
    RUN(test_fields);
    RUN(test_numbers);
    RUN(test_time);
    RUN(test_acc);
    RUN(test_awk_num);
    T_DONE();
}
