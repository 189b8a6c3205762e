/* test_wrk.c — wrk and wrk2 output read back: a real wrk --latency capture
 * (tests/fixtures/load) and a wrk2-shaped output whose spectrum is built from
 * a known distribution, so every rebuilt percentile has a known answer. */
#include "reader.h"
#include "report.h"
#include "t.h"
#include "wrk_parse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void parse_text(const char *text, struct wrk_result *r, struct diag *d)
{
    struct wrk_parser p;
    wrk_parser_init(&p, r, d, "mem");
    struct reader rd;
    reader_init_mem(&rd, "mem", text, strlen(text));
    const char *l;
    size_t n;
    while (reader_next(&rd, &l, &n) == 1)
        wrk_parser_line(&p, l, n, rd.lineno);
    CHECK(wrk_parser_finish(&p));
    reader_close(&rd);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    return buf;
}

static void wrk_capture(void)
{
    const char *root = getenv("ROOT");
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/fixtures/load/wrk-latency.txt", root ? root : ".");
    char *t = slurp(path);
    CHECK(t != NULL);
    if (!t)
        return;
    CHECK(wrk_sniff(t, strlen(t)));
    struct wrk_result r;
    wrk_result_init(&r);
    struct diag d;
    diag_init(&d);
    parse_text(t, &r, &d);
    CHECK(!r.wrk2);
    CHECK_EQ_INT(r.threads, 2);
    CHECK_EQ_INT(r.connections, 10);
    CHECK_EQ_INT(r.requests, 55977);
    CHECK_NEAR(r.duration_s, 3.07, 1e-9);
    CHECK_NEAR(r.rps, 18226.23, 1e-6);
    CHECK_NEAR(r.lat_avg_ms, 1.44, 1e-9);
    CHECK_NEAR(r.lat_stdev_ms, 2.33, 1e-9);
    CHECK_NEAR(r.lat_max_ms, 27.63, 1e-9);
    CHECK_EQ_INT(r.recorded.n, 4);
    CHECK_NEAR(r.recorded.value_ms[0], 0.185, 1e-9); /* 185.00us */
    CHECK_NEAR(r.recorded.value_ms[3], 10.42, 1e-9);
    CHECK_EQ_INT(d.total, 0);
    struct report_node *root_n = rn_root();
    wrk_report(&r, root_n);
    const struct report_node *st = rn_get(root_n, "service_time_ms");
    CHECK(rn_get(root_n, "latency_ms")->kind == RN_NULL); /* wrk has no corrected latency */
    CHECK_NEAR(rn_value(rn_get(st, "p99")), 10.42, 1e-9);
    CHECK(rn_get(st, "p99.9")->kind == RN_NULL); /* not in the output: not invented */
    rn_free(root_n);
    diag_fini(&d);
    wrk_result_fini(&r);
}

/* 1000 requests: 990 at 1 ms, 9 at 500 ms, 1 at 900 ms, as wrk2 prints them */
static const char wrk2_text[] =
    "Running 10s test @ http://127.0.0.1:8080/\n"
    "  2 threads and 20 connections\n"
    "  Thread calibration: mean lat.: 1.100ms, rate sampling interval: 10ms\n"
    "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
    "    Latency     5.39ms   47.00ms 900.00ms   99.00%\n"
    "    Req/Sec    50.00     10.00   100.00     90.00%\n"
    "  Latency Distribution (HdrHistogram - Recorded Latency)\n"
    " 50.000%    1.00ms\n"
    " 99.000%    1.00ms\n"
    " 99.900%  500.00ms\n"
    "100.000%  900.00ms\n"
    "\n"
    "  Detailed Percentile spectrum:\n"
    "       Value   Percentile   TotalCount 1/(1-Percentile)\n"
    "\n"
    "       1.000     0.000000          990         1.00\n"
    "       1.000     0.500000          990         2.00\n"
    "       1.000     0.990000          990       100.00\n"
    "     500.000     0.991000          999       111.11\n"
    "     900.000     0.999000         1000      1000.00\n"
    "     900.000     1.000000         1000          inf\n"
    "#[Mean    =        5.390, StdDeviation   =       47.000]\n"
    "#[Max     =      900.000, Total count    =         1000]\n"
    "#[Buckets =           27, SubBuckets     =         2048]\n"
    "----------------------------------------------------------\n"
    "  Latency Distribution (HdrHistogram - Uncorrected Latency (measured without taking delayed starts into account))\n"
    " 50.000%    0.50ms\n"
    "100.000%   20.00ms\n"
    "\n"
    "  Detailed Percentile spectrum:\n"
    "       Value   Percentile   TotalCount 1/(1-Percentile)\n"
    "       0.500     0.000000          999         1.00\n"
    "      20.000     1.000000         1000          inf\n"
    "#[Mean    =        0.520, StdDeviation   =        0.600]\n"
    "#[Max     =       20.000, Total count    =         1000]\n"
    "----------------------------------------------------------\n"
    "  1000 requests in 10.00s, 1.00MB read\n"
    "  Socket errors: connect 1, read 2, write 3, timeout 4\n"
    "  Non-2xx or 3xx responses: 5\n"
    "Requests/sec:    100.00\n"
    "Transfer/sec:    102.40KB\n";

static void wrk2_spectrum(void)
{
    struct wrk_result r;
    wrk_result_init(&r);
    struct diag d;
    diag_init(&d);
    parse_text(wrk2_text, &r, &d);
    CHECK(r.wrk2);
    CHECK_EQ_INT(d.total, 0);
    CHECK(r.recorded.has_spectrum);
    CHECK_EQ_INT(r.recorded.us.total, 1000);
    CHECK_EQ_INT(hist_percentile(&r.recorded.us, 50), 1000);     /* us */
    CHECK_EQ_INT(hist_percentile(&r.recorded.us, 99), 1000);
    CHECK_EQ_INT(hist_percentile(&r.recorded.us, 99.9), 500000);
    CHECK_EQ_INT(r.recorded.us.max, 900000);
    CHECK_EQ_INT(r.uncorrected.us.total, 1000);
    CHECK_EQ_INT(r.err_timeout, 4);
    CHECK_EQ_INT(r.non2xx, 5);
    struct report_node *root = rn_root();
    wrk_report(&r, root);
    CHECK_EQ_INT(rn_value(rn_get(root, "errors")), 15);
    const struct report_node *lat = rn_get(root, "latency_ms"), *svc = rn_get(root, "service_time_ms");
    CHECK_NEAR(rn_value(rn_get(lat, "p99.9")), 500.0, 1e-9);
    CHECK_NEAR(rn_value(rn_get(lat, "max")), 900.0, 1e-9);
    CHECK_NEAR(rn_value(rn_get(svc, "p50")), 0.5, 1e-9);
    CHECK_NEAR(rn_value(rn_get(svc, "max")), 20.0, 1e-9);
    rn_free(root);
    diag_fini(&d);
    wrk_result_fini(&r);
}

static void truncated_and_foreign(void)
{
    struct wrk_result r;
    wrk_result_init(&r);
    struct diag d;
    diag_init(&d);
    struct wrk_parser p;
    wrk_parser_init(&p, &r, &d, "mem");
    const char *lines[] = {"Running 10s test @ http://x/", "  2 threads and 20 connections", "garbage here",
                           "       zz     0.5     10     1.0"};
    for (int i = 0; i < 4; i++)
        wrk_parser_line(&p, lines[i], strlen(lines[i]), (uint64_t)i + 1);
    CHECK(!wrk_parser_finish(&p)); /* no summary line: a truncated capture */
    CHECK_EQ_INT(d.total, 2);
    CHECK(!wrk_sniff("2026-01-01 GET /x 200\n", 22));
    diag_fini(&d);
    wrk_result_fini(&r);
}

int main(void)
{
    RUN(wrk_capture);
    RUN(wrk2_spectrum);
    RUN(truncated_and_foreign);
    T_DONE();
}
