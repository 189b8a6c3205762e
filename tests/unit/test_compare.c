/* test_compare.c — a report tree as its JSON says (rn_as_json), --fail-if parsing, the
   comparison table's change in % and condition evaluation. */
#include "compare.h"
#include "t.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* rn_as_json: the tree holds what its JSON text says (as compare read it from a child once) */
static void as_json(void)
{
    struct report_node *t = rn_root();
    struct report_node *a = rn_title(rn_obj(t, "a"), "A");
    rn_unit(rn_num(a, "ms", 2.4999, 2), "ms");
    rn_num(a, "whole", 7.6, 0);
    rn_num(a, "nan", NAN, 3);
    rn_num(a, "negzero", -0.0001, 3);
    rn_flags(rn_int(a, "text_only", 1), RF_NOJSON);
    rn_int(a, "last", 5);
    rn_as_json(t);
    const struct report_node *x = rn_get(t, "a");
    CHECK(x && x->title == NULL);
    if (!x)
        goto out;
    CHECK_EQ_INT(rn_get(x, "ms")->kind, RN_NUM);
    CHECK_NEAR(rn_get(x, "ms")->d, 2.50, 0);
    CHECK(rn_get(x, "ms")->unit == NULL);
    CHECK_EQ_INT(rn_get(x, "whole")->kind, RN_INT);
    CHECK_EQ_INT(rn_get(x, "whole")->i, 8);
    CHECK_EQ_INT(rn_get(x, "nan")->kind, RN_NULL);
    CHECK_NEAR(rn_get(x, "negzero")->d, 0, 0);
    CHECK(rn_get(x, "text_only") == NULL);
    CHECK_EQ_INT(rn_len(x), 5);
    CHECK_STR(x->last->key, "last");
out:
    rn_free(t);
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

/* the "lat" subtree lat --json prints (the parts compare reads); stddev < 0: none */
static struct report_node *lat_tree(int64_t p50, int64_t p99, int64_t count, double mean, double stddev, int64_t max)
{
    struct report_node *t = rn_root();
    struct report_node *lat = rn_obj(t, "lat");
    struct report_node *pc = rn_arr(lat, "percentiles");
    struct report_node *e = rn_obj(pc, NULL);
    rn_str(e, "percentile", "P50");
    rn_int(e, "value", p50);
    e = rn_obj(pc, NULL);
    rn_str(e, "percentile", "P99");
    rn_int(e, "value", p99);
    struct report_node *sm = rn_obj(lat, "summary");
    rn_int(sm, "count", count);
    rn_num(sm, "mean", mean, 3);
    if (stddev >= 0)
        rn_num(sm, "stddev", stddev, 2);
    rn_int(sm, "max", max);
    return t;
}

static void set_with(struct compare_set *s, struct report_node *lat0, struct report_node *lat1)
{
    compare_set_init(s);
    CHECK(compare_add_input(s, "base:access=a.log", CK_AUTO, false));
    CHECK(compare_add_input(s, "new:access=b.log", CK_AUTO, false));
    s->runs[0].tree[CK_ACCESS] = lat0;
    s->runs[1].tree[CK_ACCESS] = lat1;
}

static void table_and_change(void)
{
    struct compare_set s;
    set_with(&s, lat_tree(11, 91, 21661002, 18.772, 64.19, 59931), lat_tree(12, 100, 21000000, 18.0, -1, 0));
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
    RUN(as_json);
    RUN(conditions);
    RUN(table_and_change);
    RUN(input_specs);
    T_DONE();
}
