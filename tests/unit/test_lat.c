/* test_lat.c — field splitting, number parsing, time parsing, the
   accumulator's base-unit rescaling and merging, awk number formatting,
   --by path templating, the bounded group table, --over counting. */
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

static int key_is(const struct lat_cfg *c, const char *path, const char *want)
{
    char *buf = NULL;
    size_t cap = 0, kl;
    const char *k = lat_route_key(c, path, strlen(path), &buf, &cap, &kl);
    int ok = kl == strlen(want) && memcmp(k, want, kl) == 0;
    if (!ok)
        printf("#   key of %s is %.*s, expected %s\n", path, (int)kl, k, want);
    free(buf);
    return ok;
}

static void test_route(void)
{
    struct lat_cfg c = blank_cfg();
    CHECK(lat_route_id_segment("80561", 5));
    CHECK(lat_route_id_segment("0", 1));
    CHECK(lat_route_id_segment("3f2c8a1e-9b7d-4c6a-8e2f-0123456789ab", 36));
    CHECK(lat_route_id_segment("deadbeefcafebabe", 16));
    CHECK(!lat_route_id_segment("deadbeefcafebab", 15)); /* short hex: a word */
    CHECK(!lat_route_id_segment("v2", 2));
    CHECK(!lat_route_id_segment("item-12", 7));
    CHECK(!lat_route_id_segment("", 0));
    CHECK(!lat_route_id_segment("3f2c8a1e-9b7d-4c6a-8e2f-0123456789ag", 36));
    CHECK(key_is(&c, "/api/items/80561", "/api/items/{id}"));
    CHECK(key_is(&c, "/api/items/80561/", "/api/items/{id}/"));
    CHECK(key_is(&c, "/1/2/3", "/{id}/{id}/{id}"));
    CHECK(key_is(&c, "/u/3f2c8a1e-9b7d-4c6a-8e2f-0123456789ab/cart", "/u/{id}/cart"));
    CHECK(key_is(&c, "/static/app.js", "/static/app.js"));
    CHECK(key_is(&c, "/v2/user7", "/v2/user7"));
    CHECK(key_is(&c, "7", "{id}"));
    CHECK(key_is(&c, "/", "/"));
    c.raw_paths = true;
    CHECK(key_is(&c, "/api/items/80561", "/api/items/80561"));
    c.raw_paths = false;
    struct lat_route r[2];
    const char *err;
    CHECK(lat_filter_compile(&r[0].re, "^/api/items/[^/]+$", &err));
    r[0].name = (char *)"items";
    CHECK(lat_filter_compile(&r[1].re, "/api/", &err));
    r[1].name = (char *)"api";
    c.routes = r;
    c.nroutes = 2;
    CHECK(key_is(&c, "/api/items/x-y", "items")); /* first match wins */
    CHECK(key_is(&c, "/api/items/1/2", "api"));
    CHECK(key_is(&c, "/other/1", "/other/{id}")); /* no route: templating */
    lat_filter_free(&r[0].re);
    lat_filter_free(&r[1].re);
}

static void add_n(struct lat_groups *t, const struct lat_cfg *c, const char *key, int n, int64_t v)
{
    for (int i = 0; i < n; i++) {
        char b[24];
        int l = snprintf(b, sizeof b, "%lld", (long long)v);
        CHECK(lat_acc_add(&lat_groups_get(t, key, strlen(key), 0)->acc, c, v, 0, b, (size_t)l));
    }
}

static void test_groups_bounded(void)
{
    struct lat_cfg c = blank_cfg();
    struct lat_groups t;
    lat_groups_init(&t, 3, c.unit_ns, false);
    t.track_max = 3;
    add_n(&t, &c, "a", 2, 5);
    add_n(&t, &c, "b", 5, 7);
    add_n(&t, &c, "c", 1, 9);
    add_n(&t, &c, "d", 4, 11); /* fourth key: refused, counted in other */
    add_n(&t, &c, "a", 1, 5);
    CHECK_EQ_INT(t.n, 3);
    CHECK(t.overflowed);
    CHECK(t.other != NULL);
    CHECK_EQ_INT(lat_groups_total(&t), 13);
    lat_groups_finish(&t, 2, SORT_DEFAULT, false);
    /* the two busiest (b 5, a 3) stay, c folds into other with d */
    CHECK_EQ_INT(t.n, 2);
    CHECK(strcmp(t.g[0].key, "b") == 0 && t.g[0].acc.h.total == 5);
    CHECK(strcmp(t.g[1].key, "a") == 0 && t.g[1].acc.h.total == 3);
    CHECK_EQ_INT(t.other->acc.h.total, 5);
    CHECK_EQ_INT(t.other->acc.h.max, 11);
    CHECK_EQ_INT(t.keys_folded, 1);
    CHECK_EQ_INT(lat_groups_total(&t), 13); /* totals unchanged */
    CHECK(lat_groups_find(&t, "a", 1) == &t.g[1]); /* slots rebuilt */
    CHECK(lat_groups_find(&t, "c", 1) == NULL);
    lat_groups_fini(&t);

    /* frozen: only keys of the admitted set get a group */
    struct lat_groups adm, part;
    lat_groups_init(&adm, 3, c.unit_ns, false);
    lat_groups_get(&adm, "x", 1, 0);
    lat_groups_init(&part, 3, c.unit_ns, false);
    part.frozen = &adm;
    add_n(&part, &c, "y", 2, 1);
    add_n(&part, &c, "x", 3, 1);
    CHECK_EQ_INT(part.n, 1);
    CHECK_EQ_INT(part.other->acc.h.total, 2);
    lat_groups_fini(&part);
    lat_groups_fini(&adm);

    /* sort by p99 and by name */
    lat_groups_init(&t, 3, c.unit_ns, false);
    add_n(&t, &c, "slow", 1, 900);
    add_n(&t, &c, "fast", 9, 3);
    add_n(&t, &c, "mid", 4, 50);
    lat_groups_finish(&t, 0, SORT_P99, false);
    CHECK(strcmp(t.g[0].key, "slow") == 0 && strcmp(t.g[2].key, "fast") == 0);
    lat_groups_finish(&t, 0, SORT_NAME, false);
    CHECK(strcmp(t.g[0].key, "fast") == 0 && strcmp(t.g[2].key, "slow") == 0);
    lat_groups_finish(&t, 0, SORT_COUNT, false);
    CHECK(strcmp(t.g[0].key, "fast") == 0 && strcmp(t.g[1].key, "mid") == 0);
    lat_groups_fini(&t);
}

static void test_over(void)
{
    struct lat_cfg c = blank_cfg();
    int64_t th[3] = {100000000, 100500000, 5000000000}; /* 100 ms, 100.5 ms, 5 s */
    struct lat_acc a, b;
    lat_acc_init(&a, 3, c.unit_ns, false);
    lat_acc_set_over(&a, th, 3);
    /* 300 values so the dense array comes into play, then a rescale to us */
    for (int i = 0; i < 300; i++)
        CHECK(lat_acc_add(&a, &c, i, 0, "x", 1)); /* 0..299 ms: 199 over 100, 199 over 100.5 */
    CHECK(lat_acc_add(&a, &c, 1005, 1, "100.5", 5));   /* 100.5: over 100, not over 100.5 */
    CHECK(lat_acc_add(&a, &c, 100501, 3, "100.501", 7)); /* over both */
    CHECK(lat_acc_add(&a, &c, 7000, 0, "7000", 4));     /* over all three */
    lat_acc_flush(&a);
    CHECK_EQ_INT(a.over[0], 199 + 3);
    CHECK_EQ_INT(a.over[1], 199 + 2);
    CHECK_EQ_INT(a.over[2], 1);
    /* merge adds; a log-linear histogram keeps exact over counts */
    lat_acc_init(&b, 3, c.unit_ns, false);
    lat_acc_set_over(&b, th, 3);
    lat_acc_add(&b, &c, 100, 0, "100", 3); /* not over 100 */
    hist_to_loglinear(&b.h);
    for (int i = 0; i < 50; i++)
        lat_acc_add(&b, &c, 100001 + i, 3, "100.001", 7); /* over 100 only (100.001..100.050) */
    lat_acc_merge(&a, &b);
    CHECK_EQ_INT(a.over[0], 202 + 50);
    CHECK_EQ_INT(a.over[1], 201);
    CHECK_EQ_INT(a.over[2], 1);
    lat_acc_fini(&a);
    lat_acc_fini(&b);
}

int main(void)
{
    RUN(test_fields);
    RUN(test_numbers);
    RUN(test_time);
    RUN(test_acc);
    RUN(test_awk_num);
    RUN(test_route);
    RUN(test_groups_bounded);
    RUN(test_over);
    T_DONE();
}
