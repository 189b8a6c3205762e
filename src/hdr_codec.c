/*
 * hdr_codec.c — HdrHistogram V2 encoding, its zlib wrapper, base64 and the
 * interval log (see hdr_codec.h for the format and the exactness rule).
 * Written from the published format description; every read is bounds
 * checked because saved histograms are input like any log.
 */
#include "hdr_codec.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define V2_HEADER 40
#define V2_MAX_WORD 9

const char hdr_err_count_overflow[] = "histogram counts add up to more than 2^63-1";

static void put32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

static void put64(unsigned char *p, uint64_t v)
{
    put32(p, (uint32_t)(v >> 32));
    put32(p + 4, (uint32_t)v);
}

static uint32_t get32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint64_t get64(const unsigned char *p)
{
    return (uint64_t)get32(p) << 32 | get32(p + 4);
}

/* ZigZag then LEB128, at most 9 bytes: the 9th byte carries 8 bits. */
static size_t put_zigzag(unsigned char *p, int64_t v)
{
    uint64_t u = ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
    size_t n = 0;
    while (n < 8) {
        if (u < 0x80) {
            p[n++] = (unsigned char)u;
            return n;
        }
        p[n++] = (unsigned char)((u & 0x7f) | 0x80);
        u >>= 7;
    }
    p[n++] = (unsigned char)u; /* 9th byte: the remaining 8 bits */
    return n;
}

/* Returns bytes used, 0 if truncated. */
static size_t get_zigzag(const unsigned char *p, size_t avail, int64_t *out)
{
    uint64_t u = 0;
    size_t n = 0;
    int shift = 0;
    for (;;) {
        if (n >= avail)
            return 0;
        unsigned char b = p[n++];
        if (n == 9) {
            u |= (uint64_t)b << 56;
            break;
        }
        u |= (uint64_t)(b & 0x7f) << shift;
        shift += 7;
        if (!(b & 0x80))
            break;
    }
    *out = (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
    return n;
}

static int64_t sub_bucket_count_for(int digits)
{
    struct hist t;
    hist_init(&t, digits);
    int64_t c = (int64_t)t.sub_bucket_half_count * 2;
    hist_fini(&t);
    return c;
}

/* The log-linear image of h at the precision chosen per hdr_codec.h. */
static void loglinear_copy(const struct hist *h, struct hist *t)
{
    int d = h->sig_digits;
    if (h->exact) {
        while (d < 5 && h->total && h->max >= sub_bucket_count_for(d))
            d++;
        if (h->total && h->max >= sub_bucket_count_for(d))
            d = h->sig_digits; /* cannot be exact: keep the stated precision */
    }
    hist_init(t, d);
    hist_to_loglinear(t);
    hist_merge(t, h);
}

unsigned char *hdr_encode_v2(const struct hist *h, double ratio_ms, size_t *out_len)
{
    struct hist t;
    loglinear_copy(h, &t);
    size_t last = 0;
    bool any = false;
    for (size_t i = 0; i < t.counts_len; i++)
        if (t.counts[i]) {
            last = i;
            any = true;
        }
    size_t n = any ? last + 1 : 0;
    unsigned char *buf = xmalloc(V2_HEADER + n * V2_MAX_WORD + 16);
    size_t pos = V2_HEADER;
    for (size_t i = 0; i < n;) {
        if (t.counts[i] == 0) {
            size_t j = i;
            while (j < n && t.counts[j] == 0)
                j++;
            int64_t run = (int64_t)(j - i);
            if (run == 1)
                pos += put_zigzag(buf + pos, 0);
            else
                pos += put_zigzag(buf + pos, -run);
            i = j;
        } else {
            uint64_t c = t.counts[i];
            pos += put_zigzag(buf + pos, c > INT64_MAX ? INT64_MAX : (int64_t)c);
            i++;
        }
    }
    int64_t highest = t.total ? hist_highest_equivalent(&t, t.max) : 2;
    if (highest < 2)
        highest = 2;
    put32(buf, HDR_V2_COOKIE);
    put32(buf + 4, (uint32_t)(pos - V2_HEADER));
    put32(buf + 8, 0); /* normalizingIndexOffset */
    put32(buf + 12, (uint32_t)t.sig_digits);
    put64(buf + 16, 1); /* lowestDiscernibleValue */
    put64(buf + 24, (uint64_t)highest);
    uint64_t rbits;
    memcpy(&rbits, &ratio_ms, sizeof rbits);
    put64(buf + 32, rbits);
    hist_fini(&t);
    *out_len = pos;
    return buf;
}

unsigned char *hdr_encode_v2_compressed(const struct hist *h, double ratio_ms, size_t *out_len)
{
    size_t raw_len;
    unsigned char *raw = hdr_encode_v2(h, ratio_ms, &raw_len);
    uLongf zlen = compressBound((uLong)raw_len);
    unsigned char *out = xmalloc(8 + zlen);
    if (compress2(out + 8, &zlen, raw, (uLong)raw_len, Z_DEFAULT_COMPRESSION) != Z_OK)
        die(EXIT_IO, "zlib compression failed");
    put32(out, HDR_V2_COMPRESSED_COOKIE);
    put32(out + 4, (uint32_t)zlen);
    free(raw);
    *out_len = 8 + zlen;
    return out;
}

static int decode_raw(const unsigned char *buf, size_t len, struct hist *h, double *ratio_ms,
                      const char **err)
{
    if (len < V2_HEADER || get32(buf) != HDR_V2_COOKIE) {
        *err = "not an HdrHistogram V2 encoding";
        return -1;
    }
    uint32_t payload = get32(buf + 4);
    uint32_t norm = get32(buf + 8);
    uint32_t digits = get32(buf + 12);
    uint64_t lowest = get64(buf + 16);
    uint64_t rbits = get64(buf + 32);
    double ratio;
    memcpy(&ratio, &rbits, sizeof ratio);
    if (payload > len - V2_HEADER) {
        *err = "truncated histogram payload";
        return -1;
    }
    /* normalizingIndexOffset: Java writes 0 for unshifted histograms and
       hdr-histogram-js always writes 1 while ignoring it on read; like the
       JS reader we ignore it (gclat never shifts). */
    (void)norm;
    if (digits < 1 || digits > 5) {
        *err = "unsupported number of significant digits";
        return -1;
    }
    if (lowest != 1) {
        *err = "lowest discernible value other than 1 not supported";
        return -1;
    }
    /* hdr-histogram-js stores the ratio as the integer 1 (a denormal as a
       double): anything outside a sane range means "unit ratio 1". */
    if (!isfinite(ratio) || ratio < 1e-12 || ratio > 1e12)
        ratio = 1.0;
    hist_init(h, (int)digits);
    /* First pass: is every counted bucket of width 1? */
    int64_t exact_limit = (int64_t)h->sub_bucket_half_count * 2;
    /* indexes past this hold values >= 2^62: reject rather than overflow */
    uint64_t idx_limit = (uint64_t)(63 - h->sub_bucket_half_count_magnitude) << h->sub_bucket_half_count_magnitude;
    const unsigned char *p = buf + V2_HEADER;
    size_t avail = payload;
    int pass;
    for (pass = 0; pass < 2; pass++) {
        size_t pos = 0;
        uint64_t idx = 0;
        uint64_t total = 0;
        bool exact = true;
        while (pos < avail) {
            int64_t w;
            size_t k = get_zigzag(p + pos, avail - pos, &w);
            if (k == 0) {
                *err = "truncated count word";
                hist_reset(h);
                return -1;
            }
            pos += k;
            if (w < 0) {
                uint64_t run = (uint64_t)(-(w + 1)) + 1;
                if (run > ((uint64_t)1 << 40) || idx + run > ((uint64_t)1 << 40)) {
                    *err = "zero run out of range";
                    hist_reset(h);
                    return -1;
                }
                idx += run;
                continue;
            }
            if (idx >= idx_limit) {
                *err = "count index out of range";
                hist_reset(h);
                return -1;
            }
            if (w > 0) {
                int64_t v = hist_value_at_index(h, (size_t)idx);
                if (v < 0 || (idx > 0 && v == 0)) {
                    *err = "count index out of range";
                    hist_reset(h);
                    return -1;
                }
                if (pass == 0) {
                    /* a total past int64 would print negative: the file is corrupt */
                    if ((uint64_t)w > (uint64_t)INT64_MAX - total) {
                        *err = hdr_err_count_overflow;
                        hist_reset(h);
                        return -1;
                    }
                    total += (uint64_t)w;
                    if (v >= exact_limit)
                        exact = false;
                } else if (h->exact) {
                    hist_record_n(h, v, (uint64_t)w);
                } else {
                    /* bucket: count at its lowest value, sum at its middle */
                    int64_t lo = hist_lowest_equivalent(h, v), hi = hist_highest_equivalent(h, v);
                    long double mid = ((long double)lo + (long double)hi + 1) / 2;
                    long double sum = hist_sum(h), sumsq = hist_sumsq(h);
                    int64_t mn = h->min, mx = h->max;
                    hist_record_n(h, v, (uint64_t)w);
                    hist_set_sums(h, sum + mid * (uint64_t)w, sumsq + mid * mid * (uint64_t)w);
                    h->min = mn < lo ? mn : lo;
                    h->max = mx > hi ? mx : hi;
                }
            }
            idx++;
        }
        if (pass == 0 && !exact)
            hist_to_loglinear(h);
    }
    *ratio_ms = ratio;
    return 0;
}

int hdr_decode_v2(const unsigned char *buf, size_t len, struct hist *h, double *ratio_ms, const char **err)
{
    memset(h, 0, sizeof *h);
    if (len >= 8 && get32(buf) == HDR_V2_COMPRESSED_COOKIE) {
        uint32_t zlen = get32(buf + 4);
        if (zlen > len - 8) {
            *err = "truncated compressed histogram";
            hist_init(h, 3);
            return -1;
        }
        /* Inflate with a growing buffer, capped so a zip bomb cannot eat memory. */
        size_t cap = 4096, cap_max = (size_t)64 << 20;
        unsigned char *out = NULL;
        for (;;) {
            out = xrealloc(out, cap);
            uLongf olen = (uLongf)cap;
            int rc = uncompress(out, &olen, buf + 8, zlen);
            if (rc == Z_OK) {
                int r = decode_raw(out, olen, h, ratio_ms, err);
                free(out);
                if (r != 0 && h->sig_digits == 0)
                    hist_init(h, 3);
                return r;
            }
            if (rc != Z_BUF_ERROR || cap >= cap_max) {
                free(out);
                *err = "bad zlib data in histogram";
                hist_init(h, 3);
                return -1;
            }
            cap *= 4;
        }
    }
    int r = decode_raw(buf, len, h, ratio_ms, err);
    if (r != 0 && h->sig_digits == 0)
        hist_init(h, 3);
    return r;
}

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

char *hdr_base64_encode(const unsigned char *p, size_t n)
{
    char *out = xmalloc((n + 2) / 3 * 4 + 1);
    size_t o = 0, i = 0;
    for (; i + 2 < n; i += 3) {
        uint32_t v = (uint32_t)p[i] << 16 | (uint32_t)p[i + 1] << 8 | p[i + 2];
        out[o++] = b64[v >> 18];
        out[o++] = b64[(v >> 12) & 63];
        out[o++] = b64[(v >> 6) & 63];
        out[o++] = b64[v & 63];
    }
    if (i < n) {
        uint32_t v = (uint32_t)p[i] << 16 | (i + 1 < n ? (uint32_t)p[i + 1] << 8 : 0);
        out[o++] = b64[v >> 18];
        out[o++] = b64[(v >> 12) & 63];
        out[o++] = i + 1 < n ? b64[(v >> 6) & 63] : '=';
        out[o++] = '=';
    }
    out[o] = 0;
    return out;
}

static int b64val(unsigned char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+')
        return 62;
    if (c == '/')
        return 63;
    return -1;
}

unsigned char *hdr_base64_decode(const char *s, size_t n, size_t *out_len)
{
    while (n > 0 && s[n - 1] == '=')
        n--;
    if (n % 4 == 1)
        return NULL;
    unsigned char *out = xmalloc(n / 4 * 3 + 3);
    size_t o = 0;
    uint32_t acc = 0;
    int bits = 0;
    for (size_t i = 0; i < n; i++) {
        int v = b64val((unsigned char)s[i]);
        if (v < 0) {
            free(out);
            return NULL;
        }
        acc = (acc << 6) | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[o++] = (unsigned char)(acc >> bits);
            acc &= (1u << bits) - 1;
        }
    }
    *out_len = o;
    return out;
}

void hdr_log_header(FILE *f, double start_epoch_s)
{
    fprintf(f, "#[Histogram log format version 1.3]\n");
    fprintf(f, "#[Written by gclat lat --save; values are integers in a base unit, "
               "integerToDoubleValueConversionRatio = that unit in milliseconds]\n");
    if (start_epoch_s > 0) {
        fprintf(f, "#[StartTime: %.3f (seconds since epoch)]\n", start_epoch_s);
        fprintf(f, "#[BaseTime: %.3f (seconds since epoch)]\n", start_epoch_s);
    }
    fprintf(f, "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n");
}

void hdr_log_interval(FILE *f, const char *tag, double start_s, double length_s, const struct hist *h,
                      double ratio_ms)
{
    size_t n;
    unsigned char *enc = hdr_encode_v2_compressed(h, ratio_ms, &n);
    char *b = hdr_base64_encode(enc, n);
    if (tag && *tag) {
        fputs("Tag=", f);
        for (const char *c = tag; *c; c++) /* tags may not hold separators */
            fputc(*c == ',' || *c == ' ' || (unsigned char)*c < 0x20 ? '_' : *c, f);
        fputc(',', f);
    }
    fprintf(f, "%.3f,%.3f,%.3f,%s\n", start_s, length_s, h->total ? (double)h->max * ratio_ms : 0.0, b);
    free(b);
    free(enc);
}

void hdr_log_entry_fini(struct hdr_log_entry *e)
{
    free(e->tag);
    e->tag = NULL;
    hist_fini(&e->h);
}

static bool parse_num(const char *s, size_t n, double *out)
{
    char tmp[64];
    if (n == 0 || n >= sizeof tmp)
        return false;
    memcpy(tmp, s, n);
    tmp[n] = 0;
    char *end;
    *out = strtod(tmp, &end);
    return *end == 0 && isfinite(*out);
}

int hdr_log_parse_line(const char *line, size_t len, struct hdr_log_entry *e, const char **err)
{
    memset(e, 0, sizeof *e);
    size_t i = 0;
    while (i < len && (line[i] == ' ' || line[i] == '\t'))
        i++;
    if (i == len || line[i] == '#' || line[i] == '"')
        return 0;
    if (len - i >= 11 && memcmp(line + i, "StartTime", 9) == 0)
        return 0; /* old-style header without quotes */
    const char *p = line + i;
    size_t n = len - i;
    if (n > 4 && memcmp(p, "Tag=", 4) == 0) {
        const char *c = memchr(p, ',', n);
        if (!c) {
            *err = "tag without fields";
            return -1;
        }
        e->tag = xstrndup(p + 4, (size_t)(c - p - 4));
        n -= (size_t)(c + 1 - p);
        p = c + 1;
    }
    double f[3];
    for (int k = 0; k < 3; k++) {
        const char *c = memchr(p, ',', n);
        if (!c || !parse_num(p, (size_t)(c - p), &f[k])) {
            *err = "malformed interval line";
            free(e->tag);
            e->tag = NULL;
            return -1;
        }
        n -= (size_t)(c + 1 - p);
        p = c + 1;
    }
    while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t'))
        n--;
    size_t blen;
    unsigned char *bin = hdr_base64_decode(p, n, &blen);
    if (!bin) {
        *err = "bad base64 histogram";
        free(e->tag);
        e->tag = NULL;
        return -1;
    }
    int r = hdr_decode_v2(bin, blen, &e->h, &e->ratio_ms, err);
    free(bin);
    if (r != 0) {
        hist_fini(&e->h);
        free(e->tag);
        e->tag = NULL;
        return -1;
    }
    e->start_s = f[0];
    e->length_s = f[1];
    e->max = f[2];
    return 1;
}

size_t hdr_log_sniff(const char *buf, size_t len)
{
    size_t pos = 0, ok = 0;
    const char *s;
    size_t n;
    while (mem_next_line(buf, len, &pos, &s, &n)) {
        if (mem_blank(s, n))
            continue;
        size_t i = 0;
        while (i < n && (s[i] == ' ' || s[i] == '\t'))
            i++;
        /* what HistogramLogWriter writes besides histograms: "#[...]" comments
           and the column header; any other '#' or '"' line is not its */
        if (mem_starts(s + i, n - i, "#[") || mem_starts(s + i, n - i, "\"StartTimestamp\"") ||
            mem_starts(s + i, n - i, "StartTime")) {
            ok++;
            continue;
        }
        if (s[i] == '#' || s[i] == '"')
            continue;
        struct hdr_log_entry e;
        const char *err = NULL;
        int k = hdr_log_parse_line(s, n, &e, &err);
        if (k == 1)
            hdr_log_entry_fini(&e);
        /* a histogram whose counts overflow is one, corrupt: merge refuses it by name */
        if (k == 1 || (k < 0 && err == hdr_err_count_overflow)) {
            ok++;
        }
    }
    return ok;
}
