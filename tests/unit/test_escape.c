/*
 * test_escape.c — the escaping rule (escape.h) and the renderers that use it:
 * no control byte from a log reaches text, CSV or JSON raw, and CSV cells
 * that a spreadsheet would evaluate are quoted with a leading '.
 */
#include "escape.h"
#include "render.h"
#include "report.h"
#include "t.h"

#include <stdlib.h>

static char text_buf[4096];

static const char *text(const char *s)
{
    esc_buf(text_buf, sizeof text_buf, s, ESC_TEXT);
    return text_buf;
}

static char *cap_buf;
static size_t cap_len;

static FILE *capture(void)
{
    cap_buf = NULL;
    return open_memstream(&cap_buf, &cap_len);
}

static char *json_of(const char *s)
{
    char *b = NULL;
    size_t n;
    FILE *f = open_memstream(&b, &n);
    json_write_string(f, s);
    fclose(f);
    return b;
}

static char *csv_of(const char *s)
{
    char *b = NULL;
    size_t n;
    FILE *f = open_memstream(&b, &n);
    csv_write_field(f, s);
    fclose(f);
    return b;
}

/* Any byte below 0x20 other than LF, or DEL: the output is not inert. */
static bool has_control(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if ((*p < 0x20 && *p != '\n') || *p == 0x7f)
            return true;
    return false;
}

static void test_text_c0_del(void)
{
    CHECK_STR(text("a\033[31mb\007c"), "a\\x1b[31mb\\x07c");
    CHECK_STR(text("\t\r\n\x01\x7f"), "\\x09\\x0d\\x0a\\x01\\x7f");
    CHECK_STR(text("plain /path?q=1 \\ back"), "plain /path?q=1 \\ back");
}

static void test_text_utf8(void)
{
    CHECK_STR(text("caf\xc3\xa9 \xe6\x97\xa5\xf0\x9f\x98\x80"), "caf\xc3\xa9 \xe6\x97\xa5\xf0\x9f\x98\x80");
    CHECK_STR(text("x\xc2\x9b" "2J"), "x\\u009b2J");          /* C1 CSI */
    CHECK_STR(text("\xe2\x80\xae" "exe"), "\\u202eexe");       /* RIGHT-TO-LEFT OVERRIDE */
    CHECK_STR(text("\xe2\x81\xa6"), "\\u2066");                /* LEFT-TO-RIGHT ISOLATE */
    CHECK_STR(text("a\xff" "b"), "a\\xffb");                   /* not UTF-8 */
    CHECK_STR(text("\xc0\xaf"), "\\xc0\\xaf");                 /* overlong '/' */
    CHECK_STR(text("\xed\xa0\x80"), "\\xed\\xa0\\x80");        /* surrogate */
    CHECK_STR(text("\xe6\x97"), "\\xe6\\x97");                 /* truncated sequence */
    CHECK_STR(text("\xe2\x80\xa8"), "\xe2\x80\xa8");           /* LINE SEPARATOR: harmless in text */
}

static void test_buf_never_splits(void)
{
    char b[8];
    CHECK_EQ_INT(esc_buf(b, sizeof b, "ab\033cd", ESC_TEXT), 7);
    CHECK_STR(b, "ab\\x1bc");
    CHECK_EQ_INT(esc_buf(b, 5, "ab\033cd", ESC_TEXT), 2); /* "\x1b" does not fit whole */
    CHECK_STR(b, "ab");
}

static void test_json(void)
{
    char *j = json_of("a\033b\007\"q\\\n\t\r<x");
    CHECK_STR(j, "\"a\\u001bb\\u0007\\\"q\\\\\\n\\t\\r\\u003cx\"");
    free(j);
    j = json_of("\xc2\x9b\xe2\x80\xae\xe2\x80\xa8\xff\x7f caf\xc3\xa9");
    CHECK_STR(j, "\"\\u009b\\u202e\\u2028\\ufffd\\u007f caf\xc3\xa9\"");
    free(j);
}

static void test_csv_formula(void)
{
    char *c;
    struct {
        const char *in, *out;
    } cases[] = {
        {"-1+cmd|' /C calc'!A0", "\"'-1+cmd|' /C calc'!A0\""},
        {"=HYPERLINK(\"x\")", "\"'=HYPERLINK(\"\"x\"\")\""},
        {"+1+1", "\"'+1+1\""},
        {"@SUM(A1)", "\"'@SUM(A1)\""},
        {"\tx", "\"'\\x09x\""},
        {"\rx", "\"'\\x0dx\""},
        {"-", "-"},   /* gclat's "no value": not a formula */
        {"-inf", "\"'-inf\""},
        {"-0x10", "\"'-0x10\""},
        {"-1.5", "-1.5"},
        {"+35.2%", "+35.2%"},
        {"-2e-3", "-2e-3"},
        {"-.5", "-.5"},
        {"12", "12"},
        {"a,b", "\"a,b\""},
        {"say \"hi\"", "\"say \"\"hi\"\"\""},
        {"a\033[2Jb", "a\\x1b[2Jb"},
        {"x\ny", "x\\x0ay"},
        {"", ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        c = csv_of(cases[i].in);
        CHECK_STR(c, cases[i].out);
        free(c);
    }
    CHECK(csv_is_number("-1.5e+10"));
    CHECK(!csv_is_number("-1+2"));
    CHECK(!csv_is_number("1e"));
    CHECK(!csv_is_number("."));
    CHECK(!csv_is_number("%"));
}

/* Every path of the text renderer: titles, labels, units, scalars, tables, lists, findings. */
static void test_text_renderer(void)
{
    const char *evil = "x\033]0;pwn\007\033[2J\xc2\x9b";
    struct report_node *root = rn_root();
    struct report_node *sec = rn_title(rn_obj(root, "sec"), evil);
    rn_unit(rn_str(sec, evil, evil), evil);
    struct report_node *tab = rn_title(rn_flags(rn_arr(sec, "t"), RF_TABLE), evil);
    struct report_node *row = rn_obj(tab, NULL);
    rn_str(row, evil, evil);
    rn_int(row, "n", -3);
    struct report_node *lst = rn_title(rn_arr(sec, "l"), evil);
    rn_str(lst, NULL, evil);
    struct report_node *fa = rn_flags(rn_arr(root, "findings"), RF_FINDINGS);
    struct report_node *fi = rn_obj(fa, NULL);
    rn_str(fi, "severity", "warning");
    rn_str(fi, "title", evil);
    rn_str(fi, "summary", evil);
    rn_str(fi, "meaning", evil);
    struct report_node *w = rn_obj(fi, "worst");
    rn_str(w, "at", evil);
    rn_str(w, "where", evil);

    FILE *f = capture();
    struct render_opts plain = {.color = false};
    render_text(f, root, &plain);
    fclose(f);
    char *b = cap_buf;
    CHECK(!has_control(b));
    CHECK(strstr(b, "x\\x1b]0;pwn\\x07\\x1b[2J\\u009b") != NULL);
    free(b);

    /* with colour on, the only ESC bytes are gclat's own SGR codes */
    f = capture();
    struct render_opts col = {.color = true};
    render_text(f, root, &col);
    fclose(f);
    b = cap_buf;
    CHECK(strstr(b, "\033]") == NULL && strstr(b, "\033[2J") == NULL && strstr(b, "\a") == NULL);
    CHECK(strstr(b, "\033[1;33m[warning]") != NULL); /* the finding's colour survives (was "?[1;33m") */
    free(b);

    f = capture();
    render_json(f, root);
    fclose(f);
    b = cap_buf;
    CHECK(!has_control(b));
    free(b);

    f = capture();
    render_csv(f, tab);
    fclose(f);
    b = cap_buf;
    CHECK(!has_control(b));
    free(b);
    rn_free(root);
}

int main(void)
{
    RUN(test_text_c0_del);
    RUN(test_text_utf8);
    RUN(test_buf_never_splits);
    RUN(test_json);
    RUN(test_csv_formula);
    RUN(test_text_renderer);
    T_DONE();
}
