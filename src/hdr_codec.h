/*
 * hdr_codec.h — HdrHistogram's portable encodings for struct hist:
 *   - the V2 binary histogram encoding (cookie 0x1c849313: a 40-byte header,
 *     then the counts array as ZigZag LEB128 varints where a negative word -n
 *     stands for n consecutive zero counts), and its compressed wrapper
 *     (cookie 0x1c849314: zlib-deflated V2 bytes), base64 encoded;
 *   - the text interval log ("#[...]" comments, a CSV header, then lines
 *     "[Tag=NAME,]start_s,length_s,max,BASE64") that HdrHistogram's
 *     HistogramLogReader, HistogramLogAnalyzer and the plotters read.
 *
 * Layout invariant: hist.c already uses HdrHistogram's log-linear index
 * arithmetic with lowestDiscernibleValue 1 (unit magnitude 0), so an index in
 * our counts array is an index in the encoded array. An exact-mode hist (a
 * hash map) is converted by iteration; it is written with the smallest
 * precision in [hist's digits, 5] at which every value lies in a bucket of
 * width 1, so the file is exact whenever max < 2^18 (5 digits); above that
 * it is written at the hist's own precision and values share buckets.
 *
 * Values are integers in a base unit; integerToDoubleValueConversionRatio
 * carries that unit in milliseconds (1 for ms, 0.001 for us, 1000 for s).
 */
#ifndef GCLAT_HDR_CODEC_H
#define GCLAT_HDR_CODEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hist.h"

#define HDR_V2_COOKIE 0x1c849313u
#define HDR_V2_COMPRESSED_COOKIE 0x1c849314u

/* Uncompressed V2 encoding of h. Returns a heap buffer and its length. */
unsigned char *hdr_encode_v2(const struct hist *h, double ratio_ms, size_t *out_len);
/* Compressed V2 (cookie, length, zlib data). */
unsigned char *hdr_encode_v2_compressed(const struct hist *h, double ratio_ms, size_t *out_len);
/*
 * Decode a V2 encoding, compressed or not (by its cookie), into h (which this
 * function initialises). Buckets of width 1 are recorded exactly; if any
 * counted bucket is wider, h becomes log-linear at the file's precision and
 * the mean uses each bucket's middle value (as HdrHistogram does).
 * Returns 0, or -1 with *err set to a static message (h is then empty).
 */
int hdr_decode_v2(const unsigned char *buf, size_t len, struct hist *h, double *ratio_ms, const char **err);
/*
 * The *err of a histogram whose counts sum past INT64_MAX: not a line to
 * skip but a corrupt file, which readers refuse (exit 2).
 */
extern const char hdr_err_count_overflow[];

/* Standard base64 with padding; NUL-terminated heap string. */
char *hdr_base64_encode(const unsigned char *p, size_t n);
/* Returns heap bytes and *out_len, or NULL if s[0..n) is not valid base64. */
unsigned char *hdr_base64_decode(const char *s, size_t n, size_t *out_len);

/* Interval log writing. */
void hdr_log_header(FILE *f, double start_epoch_s);
/* One interval line; tag may be NULL. max_ms is printed as Interval_Max. */
void hdr_log_interval(FILE *f, const char *tag, double start_s, double length_s, const struct hist *h,
                      double ratio_ms);

/* Interval log reading: one entry per histogram line. */
struct hdr_log_entry {
    char *tag;          /* NULL when the line has no Tag= */
    double start_s, length_s, max;
    double ratio_ms;
    struct hist h;
};
/*
 * Parse one interval-log line (ptr,len). Returns 1 and fills *e for a
 * histogram line, 0 for a comment, header or blank line, -1 with *err for a
 * malformed one.
 */
int hdr_log_parse_line(const char *line, size_t len, struct hdr_log_entry *e, const char **err);
void hdr_log_entry_fini(struct hdr_log_entry *e);
/*
 * Lines of a sample (non-blank lines of buf[0..len), see sniff.h) that are
 * an interval log's: histogram lines that decode (or whose counts overflow:
 * a corrupt log is still one), the "#[" comments and the column header
 * HistogramLogWriter writes.
 */
size_t hdr_log_sniff(const char *buf, size_t len);

#endif
