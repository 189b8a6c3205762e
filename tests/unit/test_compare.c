/* test_compare.c — JSON back into a report tree, --fail-if parsing, the
   comparison table's change in % and condition evaluation. */
#include "compare.h"
#include "t.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void json_roundtrip(void)
{
    const char *doc = "{\"a\": {\"b\": [1, 2.50, -3e2, true, null, \"x\\u003cy\\n\\ud83d\\ude00\"]},"
                      " \"c\": \"\\\"q\\\"\"}";
    const char *err = NULL;
    struct report_node *t = compare_json_parse(doc, strlen(doc), &err);
    CHECK(t != NULL);
    if (!t)
        return;
    const struct report_node *b = rn_get(rn_get(t, "a"), "b");
    CHECK_EQ_INT(rn_len(b), 6);
    CHECK_EQ_INT(b->first->kind, RN_INT);
    CHECK_EQ_INT(b->first->i, 1);
    CHECK_EQ_INT(b->first->next->kind, RN_NUM);
    CHECK_NEAR(b->first->next->d, 2.5, 0);
    CHECK_EQ_INT(b->first->next->decimals, 2);
    CHECK_NEAR(b->first->next->next->d, -300, 0);
    CHECK_STR(b->last->s, "x<y\n\xf0\x9f\x98\x80");
    CHECK_STR(rn_get(t, "c")->s, "\"q\"");
    rn_free(t);
}

static void json_rejects(void)
{
    const char *bad[] = {"", "{", "{\"a\":}", "[1,]", "{\"a\":1} x", "\"\\x\"", "[01x]", "nul"};
    for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
        const char *err = NULL;
        struct report_node *t = compare_json_parse(bad[i], strlen(bad[i]), &err);
        if (t) {
            printf("#   accepted bad JSON %s\n", bad[i]);
            t_failures++;
            rn_free(t);
        }
    }
    /* deep nesting is refused, not a stack overflow */
    size_t n = 100000;
    char *deep = malloc(n);
    memset(deep, '[', n);
    const char *err = NULL;
    struct report_node *t = compare_json_parse(deep, n, &err);
    CHECK(t == NULL);
    free(deep);
}

static void conditions(void)
{
    struct compare_cond c;
    const char *err = NULL;
    CHECK(compare_cond_parse("p99 > +10%", &c, &err));
    CHECK_STR(c.metric, "p99");
    CHECK_EQ_INT(c.op, '>');
    CHECK(c.relative);
    CHECK_NEAR(c.value, 10, 0);
    compare_cond_fini(&c);

    CHECK(compare_cond_parse("gc.max>=200ms", &c, &err));
    CHECK_EQ_INT(c.op, 'G');
    CHECK(!c.relative);
    CHECK_NEAR(c.value, 200, 1e-9);
    compare_cond_fini(&c);

    CHECK(compare_cond_parse("gc.max < 1.5s", &c, &err));
    CHECK_NEAR(c.value, 1500, 1e-9);
    compare_cond_fini(&c);

    CHECK(compare_cond_parse("gc.share > 5%", &c, &err)); /* unit of gc.share is %: absolute */
    CHECK(!c.relative);
    compare_cond_fini(&c);

    CHECK(compare_cond_parse("p99 <= 10%", &c, &err)); /* unsigned % on a ms metric: relative */
    CHECK(c.relative);
    compare_cond_fini(&c);

    CHECK(compare_cond_parse("gc.over.100ms > 3", &c, &err));
    compare_cond_fini(&c);
    CHECK(compare_cond_parse("gc.kind.Pause Young (Normal).max > 50ms", &c, &err));
    CHECK_STR(c.metric, "gc.kind.Pause Young (Normal).max");
    CHECK_NEAR(c.value, 50, 1e-9);
    compare_cond_fini(&c);

    CHECK(!compare_cond_parse("p98.5 > 1", &c, &err));
    CHECK(!compare_cond_parse("p99 = 1", &c, &err));
    CHECK(!compare_cond_parse("p99 > lots", &c, &err));
    CHECK(!compare_cond_parse("p99 > 10 parsecs", &c, &err));
}

static void set_with(struct compare_set *s, const char *lat0, const char *lat1)
{
    compare_set_init(s);
    CHECK(compare_add_input(s, "base:access=a.log", CK_AUTO, false));
    CHECK(compare_add_input(s, "new:access=b.log", CK_AUTO, false));
    const char *err;
    s->runs[0].tree[CK_ACCESS] = compare_json_parse(lat0, strlen(lat0), &err);
    s->runs[1].tree[CK_ACCESS] = compare_json_parse(lat1, strlen(lat1), &err);
}

static void table_and_change(void)
{
    struct compare_set s;
    set_with(&s,
             "{\"lat\":{\"percentiles\":[{\"percentile\":\"P50\",\"value\":11},{\"percentile\":\"P99\",\"value\":91}],"
             "\"summary\":{\"count\":21661002,\"mean\":18.772,\"stddev\":64.19,\"max\":59931}}}",
             "{\"lat\":{\"percentiles\":[{\"percentile\":\"P50\",\"value\":12},{\"percentile\":\"P99\",\"value\":100}],"
             "\"summary\":{\"count\":21000000,\"mean\":18.0,\"max\":0}}}");
    struct compare_table t;
    compare_table_build(&t, &s);
    const struct compare_row *p99 = compare_table_find(&t, "p99");
    CHECK(p99 != NULL);
    if (p99)
        CHECK_NEAR(compare_change_pct(p99, 1), (100.0 - 91.0) / 91.0 * 100.0, 1e-9);
    const struct compare_row *sd = compare_table_find(&t, "stddev");
    CHECK(sd && sd->have[0] && !sd->have[1]);
    if (sd)
        CHECK(isnan(compare_change_pct(sd, 1)));
    CHECK(compare_table_find(&t, "gc.p99") == NULL); /* no GC input: no GC rows */

    struct compare_cond c[3];
    const char *err;
    CHECK(compare_cond_parse("p99 > +10%", &c[0], &err));  /* +9.9%: ok */
    CHECK(compare_cond_parse("p99 > +9%", &c[1], &err));   /* holds */
    CHECK(compare_cond_parse("max >= 60000ms", &c[2], &err)); /* 0 ms: ok */
    struct report_node *root = rn_root();
    int held = compare_report(&t, &s, c, 3, false, root);
    CHECK_EQ_INT(held, 1);
    const struct report_node *conds = rn_get(root, "conditions");
    CHECK_EQ_INT(rn_len(conds), 3);
    CHECK_STR(rn_get(conds->first->next, "result")->s, "HOLDS");
    CHECK_STR(rn_get(conds->first, "result")->s, "ok");
    rn_free(root);
    for (int i = 0; i < 3; i++)
        compare_cond_fini(&c[i]);
    compare_table_fini(&t);
    compare_set_fini(&s);
}

static void input_specs(void)
{
    struct compare_set s;
    compare_set_init(&s);
    CHECK(compare_add_input(&s, "dc-a=a1.log,a2.log", CK_AUTO, false));
    CHECK(compare_add_input(&s, "dc-a:cpu=top.txt", CK_AUTO, false));
    CHECK(compare_add_input(&s, "dc-b=b.log", CK_GC, false));
    CHECK(!compare_add_input(&s, "=x.log", CK_AUTO, false));
    CHECK(!compare_add_input(&s, "a:bogus=x.log", CK_AUTO, false));
    CHECK(!compare_add_input(&s, "plain.log", CK_AUTO, false));
    CHECK_EQ_INT(s.n, 2);
    CHECK_EQ_INT(s.runs[0].npending, 3);
    CHECK_STR(s.runs[0].pending[1], "a2.log");
    CHECK_EQ_INT(s.runs[0].pending_kind[2], CK_CPU);
    CHECK_EQ_INT(s.runs[1].pending_kind[0], CK_GC);
    compare_set_fini(&s);
}

int main(void)
{
    RUN(json_roundtrip);
    RUN(json_rejects);
    RUN(conditions);
    RUN(table_and_change);
    RUN(input_specs);
    T_DONE();
}
