/*
 * fuzz_sniff.c — the input-kind sniffer (sniff.h) on arbitrary bytes: read
 * as a command reads a file (reader_init_mem, so gzip and UTF-16 too, up to
 * the sample size), then every kind's scorer, without and with access-log
 * options (the first byte picks the field). Aborts if a result breaks the
 * rules the commands rely on: no kind claims more lines than the sample
 * has, the best kind is one that reaches the floor, and a kind the file is
 * plainly is never the one the command wants.
 */
#include "lat.h"
#include "reader.h"
#include "sniff.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const struct sniff_result *r)
{
    for (int k = 0; k < SNIFF_NKINDS; k++)
        if (r->hits[k] > r->lines)
            abort();
    enum sniff_kind b = sniff_best(r);
    if (b != SNIFF_UNKNOWN && sniff_pct(r, b) < SNIFF_FLOOR_PCT)
        abort();
    for (int w = SNIFF_UNKNOWN + 1; w < SNIFF_NKINDS; w++) {
        enum sniff_kind o = sniff_other(r, (enum sniff_kind)w);
        if (o == (enum sniff_kind)w)
            abort();
        if (o != SNIFF_UNKNOWN && (sniff_pct(r, o) < SNIFF_FLOOR_PCT ||
                                   sniff_pct(r, o) < sniff_pct(r, (enum sniff_kind)w) + SNIFF_MARGIN_PCT))
            abort();
    }
    if (!r->lines && b != SNIFF_UNKNOWN)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    unsigned sel = data[0];
    struct reader rd;
    reader_init_mem(&rd, "fuzz", (const char *)data + 1, size - 1);
    char *buf = NULL;
    size_t len = 0, cap = 0;
    const char *l;
    size_t n;
    while (len < SNIFF_SAMPLE_BYTES && reader_next(&rd, &l, &n) == 1) {
        if (len + n + 1 > cap) {
            cap = (len + n + 1) * 2;
            char *nb = realloc(buf, cap);
            if (!nb)
                abort();
            buf = nb;
        }
        memcpy(buf + len, l, n);
        len += n;
        buf[len++] = '\n';
    }
    reader_close(&rd);
    struct sniff_result r;
    sniff_buf(buf ? buf : "", len, NULL, &r);
    check(&r);
    struct lat_cfg c;
    memset(&c, 0, sizeof c);
    c.src = LAT_SRC_FIELD;
    c.sep_blank = true;
    c.field = (int)(sel & 7) - 4;
    if (c.field == 0)
        c.field = 1;
    c.unit_ns = 1000000;
    if (sel & 8) {
        static char key[] = "duration_ms";
        c.src = LAT_SRC_JSON;
        c.json_key = key;
        c.json_key_len = sizeof key - 1;
    }
    struct sniff_result r2;
    sniff_buf(buf ? buf : "", len, &c, &r2);
    check(&r2);
    /* the options only change the access-log score */
    for (int k = 0; k < SNIFF_NKINDS; k++)
        if (k != SNIFF_ACCESS && r.hits[k] != r2.hits[k])
            abort();
    free(buf);
    return 0;
}
