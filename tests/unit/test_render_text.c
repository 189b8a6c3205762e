/*
 * test_render_text.c — the first screen: the verdict line first, RF_DETAIL
 * only with --full, findings one line each (meaning and advice with
 * --explain, the long form with --full), the "More:" line naming what was
 * left out, and JSON untouched by any of it.
 */
#include "render.h"
#include "report.h"
#include "t.h"

#include <stdlib.h>

static char *cap_buf;
static size_t cap_len;

static FILE *capture(void)
{
    cap_buf = NULL;
    return open_memstream(&cap_buf, &cap_len);
}

static char *text(const struct report_node *root, bool full, bool explain)
{
    FILE *f = capture();
    struct render_opts o = {.color = false, .full = full, .explain = explain};
    render_text(f, root, &o);
    fclose(f);
    return cap_buf;
}

static int lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

static struct report_node *tree(void)
{
    struct report_node *root = rn_root();
    struct report_node *s = rn_title(rn_obj(root, "summary"), "Summary");
    rn_int(s, "count", 7);
    rn_flags(rn_int(s, "hidden_count", 8), RF_DETAIL);
    struct report_node *d = rn_flags(rn_title(rn_obj(root, "detail"), "Detail section"), RF_DETAIL);
    rn_int(d, "x", 1);
    rn_flags(rn_int(root, "brief_only", 9), RF_BRIEF | RF_NOJSON);
    struct report_node *fa = rn_flags(rn_title(rn_arr(root, "findings"), "Findings"), RF_FINDINGS);
    struct report_node *f1 = rn_obj(fa, NULL);
    rn_str(f1, "id", "a");
    rn_str(f1, "severity", "warning");
    rn_str(f1, "title", "First finding");
    rn_str(f1, "summary", "3 things");
    struct report_node *m = rn_obj(f1, "first");
    rn_str(m, "at", "uptime 1.000s");
    rn_str(m, "where", "gc.log:10");
    m = rn_obj(f1, "worst");
    rn_str(m, "at", "uptime 2.000s");
    rn_str(m, "where", "gc.log:20");
    rn_num(m, "value_ms", 5, 3);
    rn_str(f1, "meaning", "It means something.");
    rn_str(f1, "advice", "Change something.");
    struct report_node *f2 = rn_obj(fa, NULL);
    rn_str(f2, "severity", "info");
    rn_str(f2, "title", "Second");
    rn_str(f2, "summary", "once");
    m = rn_obj(f2, "first");
    rn_str(m, "where", "gc.log:5");
    m = rn_obj(f2, "worst");
    rn_str(m, "where", "gc.log:5");
    rn_verdict(root, "The verdict: 7 things \x1b[2J");
    return root;
}

static void test_default_screen(void)
{
    struct report_node *root = tree();
    char *b = text(root, false, false);
    /* the verdict is the first line, escaped */
    CHECK(strncmp(b, "The verdict: 7 things \\x1b[2J\n\n", 31) == 0);
    CHECK(strstr(b, "count: 7") != NULL);
    CHECK(strstr(b, "brief_only: 9") != NULL);
    CHECK(strstr(b, "hidden_count") == NULL);
    CHECK(strstr(b, "Detail section") == NULL);
    CHECK(strstr(b, "  [warning] First finding: 3 things (first gc.log:10, worst gc.log:20)\n") != NULL);
    CHECK(strstr(b, "  [info] Second: once (at gc.log:5)\n") != NULL);
    CHECK(strstr(b, "meaning") == NULL && strstr(b, "advice") == NULL);
    CHECK(strstr(b, "More: --full for the whole report, --explain for what each finding means") != NULL);
    CHECK_EQ_INT(lines(b), 11);
    free(b);
    rn_free(root);
}

static void test_explain(void)
{
    struct report_node *root = tree();
    char *b = text(root, false, true);
    CHECK(strstr(b, "(first gc.log:10, worst gc.log:20)\n    meaning: It means something.\n"
                    "    advice:  Change something.\n\n  [info] Second") != NULL);
    CHECK(strstr(b, "Detail section") == NULL);
    CHECK(strstr(b, "More: --full for the whole report.\n") != NULL);
    CHECK(strstr(b, "--explain for") == NULL);
    free(b);
    rn_free(root);
}

static void test_full(void)
{
    struct report_node *root = tree();
    char *b = text(root, true, false);
    CHECK(strncmp(b, "The verdict", 11) == 0);
    CHECK(strstr(b, "hidden_count: 8") != NULL);
    CHECK(strstr(b, "brief_only") == NULL);
    CHECK(strstr(b, "Detail section\n  x: 1\n") != NULL);
    /* the long form, as before the first screen existed */
    CHECK(strstr(b, "  [warning] First finding: 3 things\n    first:   uptime 1.000s (gc.log:10)\n"
                    "    worst:   uptime 2.000s (gc.log:20), 5.000 ms\n    meaning: It means something.\n") != NULL);
    CHECK(strstr(b, "More:") == NULL);
    free(b);
    rn_free(root);
}

static void test_json_unchanged(void)
{
    struct report_node *root = tree();
    FILE *f = capture();
    render_json(f, root);
    fclose(f);
    char *b = cap_buf;
    CHECK(strstr(b, "verdict") == NULL);
    CHECK(strstr(b, "\"hidden_count\": 8") != NULL);
    CHECK(strstr(b, "\"detail\"") != NULL);
    CHECK(strstr(b, "\"meaning\": \"It means something.\"") != NULL);
    free(b);
    rn_free(root);
}

static void test_nothing_hidden(void)
{
    /* a report without detail, verdict or findings renders as it always did */
    struct report_node *root = rn_root();
    struct report_node *s = rn_title(rn_obj(root, "s"), "S");
    rn_int(s, "n", 1);
    char *b = text(root, false, false);
    CHECK_STR(b, "S\n  n: 1\n\n");
    free(b);
    rn_free(root);
}

static void test_flag_keys(void)
{
    struct report_node *root = rn_root();
    rn_int(root, "a", 1);
    rn_int(root, "b", 2);
    static const char *const keys[] = {"b", "missing", NULL};
    rn_flag_keys(root, keys, RF_DETAIL);
    CHECK(!(rn_get(root, "a")->flags & RF_DETAIL));
    CHECK(rn_get(root, "b")->flags & RF_DETAIL);
    rn_free(root);
}

int main(void)
{
    RUN(test_default_screen);
    RUN(test_explain);
    RUN(test_full);
    RUN(test_json_unchanged);
    RUN(test_nothing_hidden);
    RUN(test_flag_keys);
    T_DONE();
}
