/*
 * fuzz_lat.c — the access-log line parsers of `gclat lat` (field splitting
 * with blanks and separators, number parsing, common-log meta, timestamps,
 * JSON keys, presets) and the HdrHistogram interval-log line decoder, on
 * arbitrary bytes. The first byte picks a configuration so one corpus
 * covers every path; the rest is scanned as a log (and as an hlog line).
 */
#include "hdr_codec.h"
#include "lat.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    unsigned sel = data[0];
    const char *text = (const char *)data + 1;
    size_t n = size - 1;
    struct lat_cfg c;
    memset(&c, 0, sizeof c);
    c.src = LAT_SRC_FIELD;
    c.sep_blank = true;
    c.field = (int)(sel & 7) - 4;
    if (c.field == 0)
        c.field = 2;
    c.unit_ns = 1000000;
    c.max_scale = 6;
    c.precision = 1 + (int)((sel >> 6) % 5);
    static const char *presets[] = {"nginx", "apache", "envoy", "json", "tomcat"};
    if (sel & 8)
        lat_format_apply(&c, presets[(sel >> 4) % 5]);
    if (c.src == LAT_SRC_FIELD && (sel & 16)) {
        c.sep_blank = false;
        c.sep = (char *)((sel & 32) ? "|" : ", ");
        c.sep_len = strlen(c.sep);
    }
    c.max_scale = 0;
    for (int64_t u = c.unit_ns; u >= 10; u /= 10)
        c.max_scale++;
    c.need_time = (sel & 1) != 0;
    c.interval_ms = (sel & 1) ? 60000 : 0;
    c.by = (enum lat_by)(sel % 7);
    c.by_field = 1;
    c.need_meta = (sel & 4) != 0 || c.by == BY_PATH || c.by == BY_STATUS;
    c.cal = (sel & 2) != 0;
    /* bounded groups (2 shown, 32 tracked) and --over on every other input */
    c.max_groups = (sel & 32) ? 2 : 0;
    c.nover = (sel & 32) ? 2 : 0;
    c.over_ns[0] = 1000000;
    c.over_ns[1] = 1500000;
    c.raw_paths = (sel & 64) != 0;
    struct lat_result r;
    lat_result_init(&r, &c);
    lat_scan_mem(&c, "fuzz", text, n, &r);
    uint64_t before = lat_groups_total(&r.groups);
    lat_groups_finish(&r.groups, c.max_groups, (enum lat_sort)(sel % 4), c.by == BY_MINUTE);
    if (lat_groups_total(&r.groups) != before || (c.max_groups && r.groups.n > c.max_groups))
        abort(); /* folding into (other) must keep every request */
    for (size_t i = 0; i < r.groups.n; i++) {
        lat_acc_flush(&r.groups.g[i].acc);
        if (c.cal) {
            FILE *f = fopen("/dev/null", "w");
            if (f) {
                lat_cal_print(f, &r.groups.g[i].acc);
                lat_print_hgrm(f, &r.groups.g[i].acc, 1000000);
                fclose(f);
            }
        }
        /* round trip through the V2 encoding */
        size_t elen;
        unsigned char *enc = hdr_encode_v2_compressed(&r.groups.g[i].acc.h, 1.0, &elen);
        struct hist h;
        double ratio;
        const char *err;
        if (hdr_decode_v2(enc, elen, &h, &ratio, &err) != 0 || h.total != r.groups.g[i].acc.h.total)
            abort();
        hist_fini(&h);
        free(enc);
    }
    lat_result_fini(&r);
    if (c.json_key)
        free(c.json_key);
    /* the same bytes as an interval-log line */
    struct hdr_log_entry e;
    const char *err;
    if (hdr_log_parse_line(text, n, &e, &err) == 1)
        hdr_log_entry_fini(&e);
    return 0;
}
