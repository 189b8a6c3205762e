/* test_hdr.c — HdrHistogram V2 codec: a vector written by hdr-histogram-js
   (an independent implementation), round trips in exact and log-linear
   modes, base64, interval-log lines, and rejection of damaged input. */
#include "hdr_codec.h"
#include "t.h"

#include <stdlib.h>
#include <string.h>

/* hdr-histogram-js 3.x: build({numberOfSignificantValueDigits: 3}),
   recordValueWithCount(1, 10), recordValueWithCount(2, 20),
   encodeIntoCompressedBase64(h) */
static const char js_vector[] = "HISTFAAAAB54nJNpmSzMwMDAzMDAwAilGaBsEGCC80U0ADZqAY4=";

static void decodes_js_vector(void)
{
    size_t n;
    unsigned char *bin = hdr_base64_decode(js_vector, strlen(js_vector), &n);
    CHECK(bin != NULL);
    struct hist h;
    double ratio;
    const char *err = NULL;
    CHECK(hdr_decode_v2(bin, n, &h, &ratio, &err) == 0);
    CHECK_EQ_INT(h.total, 30);
    CHECK_EQ_INT(h.min, 1);
    CHECK_EQ_INT(h.max, 2);
    CHECK_EQ_INT(hist_percentile(&h, 33.3), 1);
    CHECK_EQ_INT(hist_percentile(&h, 34), 2);
    CHECK_NEAR(ratio, 1.0, 0);
    hist_fini(&h);
    free(bin);
}

static void roundtrip(int nvals, int64_t mul, bool expect_exact)
{
    struct hist h, d;
    hist_init(&h, 3);
    for (int i = 0; i < nvals; i++)
        hist_record_n(&h, (int64_t)(i * i % 9973) * mul, (uint64_t)(i % 7 + 1));
    size_t n;
    unsigned char *enc = hdr_encode_v2_compressed(&h, 0.001, &n);
    char *b = hdr_base64_encode(enc, n);
    CHECK(strncmp(b, "HISTFAAA", 8) == 0);
    size_t m;
    unsigned char *dec = hdr_base64_decode(b, strlen(b), &m);
    CHECK(m == n && memcmp(dec, enc, n) == 0);
    double ratio;
    const char *err = NULL;
    CHECK(hdr_decode_v2(dec, m, &d, &ratio, &err) == 0);
    CHECK_NEAR(ratio, 0.001, 0);
    CHECK_EQ_INT(d.total, h.total);
    CHECK(d.exact == expect_exact);
    for (double p = 1; p <= 100; p += 7.5) {
        int64_t a = hist_percentile(&h, p), c = hist_percentile(&d, p);
        if (expect_exact)
            CHECK_EQ_INT(c, a);
        else
            CHECK(c >= a - a / 1000 - 1 && c <= a + a / 1000 + 1);
    }
    hist_fini(&h);
    hist_fini(&d);
    free(enc);
    free(b);
    free(dec);
}

static void roundtrip_exact(void) { roundtrip(3000, 1, true); }       /* max < 2^18: 5 digits, exact */
static void roundtrip_lossy(void) { roundtrip(3000, 1000, false); }   /* up to ~1e7: 3 digits */

static void interval_lines(void)
{
    struct hdr_log_entry e;
    const char *err = NULL;
    char *line = malloc(200);
    snprintf(line, 200, "Tag=dc-a,0.000,1.000,2.000,%s", js_vector);
    CHECK(hdr_log_parse_line(line, strlen(line), &e, &err) == 1);
    CHECK_STR(e.tag, "dc-a");
    CHECK_EQ_INT(e.h.total, 30);
    hdr_log_entry_fini(&e);
    CHECK(hdr_log_parse_line("#[StartTime: 1]", 15, &e, &err) == 0);
    CHECK(hdr_log_parse_line("\"StartTimestamp\",\"x\"", 20, &e, &err) == 0);
    CHECK(hdr_log_parse_line("0.0,1.0,2.0,HISTFAAA!!", 22, &e, &err) == -1);
    CHECK(hdr_log_parse_line("0.0,1.0", 7, &e, &err) == -1);
    free(line);
}

static void rejects_damage(void)
{
    size_t n;
    unsigned char *bin = hdr_base64_decode(js_vector, strlen(js_vector), &n);
    struct hist h;
    double ratio;
    const char *err;
    for (size_t cut = 0; cut < n; cut++) {
        int r = hdr_decode_v2(bin, cut, &h, &ratio, &err);
        CHECK(r == -1 || h.total <= 30);
        hist_fini(&h);
    }
    bin[9] ^= 0x55; /* corrupt zlib data */
    CHECK(hdr_decode_v2(bin, n, &h, &ratio, &err) == -1);
    hist_fini(&h);
    free(bin);
    CHECK(hdr_base64_decode("a", 1, &n) == NULL);
}

int main(void)
{
    RUN(decodes_js_vector);
    RUN(roundtrip_exact);
    RUN(roundtrip_lossy);
    RUN(interval_lines);
    RUN(rejects_damage);
    T_DONE();
}
