/* test_reader.c — line splitting, CRLF, the line cap, gzip (big, multi-member,
   truncated, trailing bytes), UTF-16, memory mode, a file that shrinks. */
#include "diag.h"
#include "reader.h"
#include "t.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

static void memory_lines(void)
{
    const char data[] = "a\r\nbb\n\nlast";
    struct reader r;
    reader_init_mem(&r, "mem", data, sizeof data - 1);
    const char *l;
    size_t n;
    CHECK(reader_next(&r, &l, &n) == 1 && n == 1 && l[0] == 'a');
    CHECK(reader_next(&r, &l, &n) == 1 && n == 2);
    CHECK(reader_next(&r, &l, &n) == 1 && n == 0);
    CHECK(reader_next(&r, &l, &n) == 1 && n == 4 && memcmp(l, "last", 4) == 0);
    CHECK(reader_next(&r, &l, &n) == 0);
    CHECK_EQ_INT(r.lineno, 4);
    reader_close(&r);
}

static char *tmp_path(const char *name)
{
    const char *d = getenv("TMPDIR");
    static char buf[4096];
    snprintf(buf, sizeof buf, "%s/%s.%ld", d ? d : "/tmp", name, (long)getpid());
    return buf;
}

/* All lines of r joined with '\n' (each line followed by one). */
struct text {
    char *p;
    size_t n, cap;
    int rc;
};

static struct text read_all(struct reader *r)
{
    struct text t = {NULL, 0, 0, 0};
    const char *l;
    size_t n;
    while ((t.rc = reader_next(r, &l, &n)) == 1) {
        xgrow((void **)&t.p, &t.cap, t.n + n + 1, 1);
        memcpy(t.p + t.n, l, n);
        t.n += n;
        t.p[t.n++] = '\n';
    }
    return t;
}

static bool text_is(const struct text *t, const char *want, size_t wn)
{
    return t->rc == 0 && t->n == wn && (wn == 0 || memcmp(t->p, want, wn) == 0);
}

static const struct diag_reason *reason(const struct diag *d, const char *why)
{
    for (size_t i = 0; i < d->n; i++)
        if (strcmp(d->r[i].reason, why) == 0)
            return &d->r[i];
    return NULL;
}

static void write_file(const char *path, const void *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    if (!f)
        return;
    CHECK(fwrite(p, 1, n, f) == n);
    fclose(f);
}

static void append_file(const char *path, const void *p, size_t n)
{
    FILE *f = fopen(path, "ab");
    CHECK(f != NULL);
    if (!f)
        return;
    CHECK(fwrite(p, 1, n, f) == n);
    fclose(f);
}

/* gzip p[0..n) as one member into a fresh heap block. */
static unsigned char *gzip_mem(const void *p, size_t n, size_t *out_n)
{
    z_stream zs;
    memset(&zs, 0, sizeof zs);
    deflateInit2(&zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
    size_t cap = deflateBound(&zs, (uLong)n) + 32;
    unsigned char *o = xmalloc(cap);
    zs.next_in = (Bytef *)(uintptr_t)p;
    zs.avail_in = (uInt)n;
    zs.next_out = o;
    zs.avail_out = (uInt)cap;
    CHECK(deflate(&zs, Z_FINISH) == Z_STREAM_END);
    *out_n = cap - zs.avail_out;
    deflateEnd(&zs);
    return o;
}

static void file_long_lines_and_gzip(void)
{
    /* 3 lines: short, 5 MB (over the 1 MiB cap), short */
    size_t big = 5u << 20;
    char path[4096];
    snprintf(path, sizeof path, "%s", tmp_path("gclat_reader_test.txt"));
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f)
        return;
    fputs("first\n", f);
    for (size_t i = 0; i < big; i++)
        fputc('x', f);
    fputs("\nthird\r\n", f);
    fclose(f);
    struct reader r;
    const char *l;
    size_t n;
    struct diag d;
    diag_init(&d);
    CHECK(reader_open(&r, path) == 0);
    reader_set_diag(&r, &d);
    CHECK(reader_next(&r, &l, &n) == 1 && n == 5);
    CHECK(reader_next(&r, &l, &n) == 1 && n == 5 && memcmp(l, "third", 5) == 0);
    CHECK_EQ_INT(r.lineno, 3);
    CHECK(reader_next(&r, &l, &n) == 0);
    CHECK_EQ_INT(r.long_lines, 1);
    const struct diag_reason *why = reason(&d, "line too long");
    CHECK(why && why->count == 1 && why->nex == 1 && why->ex[0].line == 2);
    CHECK(why && why->nex == 1 && strncmp(why->ex[0].text, "xxxx", 4) == 0);
    CHECK_EQ_INT(d.lines_read, 1);
    reader_close(&r);
    diag_fini(&d);

    /* with the cap raised the same line comes through whole */
    reader_set_max_line(8u << 20);
    CHECK(reader_open(&r, path) == 0);
    CHECK(reader_next(&r, &l, &n) == 1 && n == 5);
    CHECK(reader_next(&r, &l, &n) == 1 && n == big && l[big - 1] == 'x');
    CHECK(reader_next(&r, &l, &n) == 1 && n == 5 && memcmp(l, "third", 5) == 0);
    CHECK(reader_next(&r, &l, &n) == 0);
    reader_close(&r);
    reader_set_max_line(0);

    /* gzip, two concatenated members */
    char gzpath[4200];
    snprintf(gzpath, sizeof gzpath, "%s.gz", path);
    for (int m = 0; m < 2; m++) {
        gzFile g = gzopen(gzpath, m == 0 ? "wb" : "ab");
        CHECK(g != NULL);
        for (int i = 0; i < 100000; i++)
            gzprintf(g, "line %d %d\n", m, i);
        gzclose(g);
    }
    CHECK(reader_open(&r, gzpath) == 0);
    int count = 0;
    while (reader_next(&r, &l, &n) == 1)
        count++;
    CHECK_EQ_INT(count, 200000);
    CHECK(r.is_gz);
    reader_close(&r);

    /* truncated gzip is an error, not a silent short read */
    FILE *g = fopen(gzpath, "r+");
    if (g) {
        fseek(g, 0, SEEK_END);
        long sz = ftell(g);
        fclose(g);
        CHECK(truncate(gzpath, sz / 2) == 0);
        CHECK(reader_open(&r, gzpath) == 0);
        int rc;
        while ((rc = reader_next(&r, &l, &n)) == 1)
            ;
        CHECK(rc == -1);
        CHECK_STR(reader_strerror(&r), "truncated gzip data");
        reader_close(&r);
    }
    remove(path);
    remove(gzpath);
}

/* Lines of pseudo-random hex: gzip can only halve them. */
static char *random_lines(size_t want, size_t *out_n)
{
    char *p = xmalloc(want + 128);
    size_t n = 0;
    uint64_t x = 88172645463325252ull;
    int line = 0;
    while (n < want) {
        n += (size_t)snprintf(p + n, 32, "%d ", line++);
        for (int k = 0; k < 60; k++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            p[n++] = "0123456789abcdef"[x & 15];
        }
        p[n++] = '\n';
    }
    *out_n = n;
    return p;
}

/* The crash of issue 9: a .gz whose compressed size is over one read chunk
   (1 MiB), opened by path, was copied into a chunk-sized inflate buffer. */
static void big_gzip_by_path(void)
{
    size_t n;
    char *plain = random_lines(6u << 20, &n);
    size_t zn;
    unsigned char *z = gzip_mem(plain, n, &zn);
    CHECK(zn > (2u << 20)); /* over two read chunks compressed */
    char path[4096];
    snprintf(path, sizeof path, "%s", tmp_path("gclat_reader_big.gz"));
    write_file(path, z, zn);
    struct reader r;
    CHECK(reader_open(&r, path) == 0);
    struct text t = read_all(&r);
    CHECK(r.is_gz);
    CHECK(text_is(&t, plain, n));
    CHECK_EQ_INT(r.raw_bytes, zn);
    reader_close(&r);
    free(t.p);

    /* the same bytes from memory */
    reader_init_mem(&r, "mem.gz", (const char *)z, zn);
    t = read_all(&r);
    CHECK(text_is(&t, plain, n));
    reader_close(&r);
    free(t.p);

    /* multi-member: the big member twice, then a small one */
    append_file(path, z, zn);
    size_t sn;
    unsigned char *s = gzip_mem("tail line\n", 10, &sn);
    append_file(path, s, sn);
    CHECK(reader_open(&r, path) == 0);
    t = read_all(&r);
    CHECK(t.rc == 0 && t.n == 2 * n + 10);
    CHECK(t.rc == 0 && t.n == 2 * n + 10 && memcmp(t.p + n, plain, n) == 0 &&
          memcmp(t.p + 2 * n, "tail line\n", 10) == 0);
    reader_close(&r);
    free(t.p);
    free(s);
    remove(path);
    free(z);
    free(plain);
}

/* gzip -d: "decompression OK, trailing garbage ignored". Counted, not fatal. */
static void gzip_trailing_bytes(void)
{
    const char text[] = "one\ntwo\n";
    size_t zn;
    unsigned char *z = gzip_mem(text, sizeof text - 1, &zn);
    char path[4096];
    snprintf(path, sizeof path, "%s", tmp_path("gclat_reader_trail.gz"));
    static const struct {
        const char *name, *reason;
        size_t n;
        unsigned char fill;
    } cases[] = {
        {"zeros", "trailing zero bytes after gzip data", 4096, 0},
        {"zeros over a chunk", "trailing zero bytes after gzip data", 3u << 20, 0},
        {"garbage", "trailing garbage after gzip data", 5, 'G'},
        {"one byte", "trailing garbage after gzip data", 1, 0x1f},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        unsigned char *tail = xmalloc(cases[c].n);
        memset(tail, cases[c].fill, cases[c].n);
        write_file(path, z, zn);
        append_file(path, tail, cases[c].n);
        struct diag d;
        diag_init(&d);
        struct reader r;
        CHECK(reader_open(&r, path) == 0);
        reader_set_diag(&r, &d);
        struct text t = read_all(&r);
        CHECK(text_is(&t, text, sizeof text - 1));
        CHECK_EQ_INT(r.trailing_bytes, cases[c].n);
        const struct diag_reason *why = reason(&d, cases[c].reason);
        if (!why || why->count != 1 || d.total != 1)
            printf("#   case %s: not counted as '%s'\n", cases[c].name, cases[c].reason);
        CHECK(why && why->count == 1 && d.total == 1);
        reader_close(&r);
        diag_fini(&d);
        free(t.p);
        free(tail);
    }
    /* a corrupt second member is still an error (gzip -d fails on it too) */
    write_file(path, z, zn);
    unsigned char bad[16] = {0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
    append_file(path, bad, sizeof bad);
    struct reader r;
    CHECK(reader_open(&r, path) == 0);
    struct text t = read_all(&r);
    CHECK(t.rc == -1);
    reader_close(&r);
    free(t.p);
    remove(path);
    free(z);
}

/* copytruncate: the file is cut to a fraction while it is read. */
static void file_shrinks(void)
{
    size_t n;
    char *plain = random_lines(3u << 20, &n);
    char path[4096];
    snprintf(path, sizeof path, "%s", tmp_path("gclat_reader_shrink.log"));
    write_file(path, plain, n);
    struct reader r;
    const char *l;
    size_t len;
    CHECK(reader_open(&r, path) == 0);
    CHECK(reader_next(&r, &l, &len) == 1);
    CHECK(truncate(path, 100) == 0);
    int rc;
    while ((rc = reader_next(&r, &l, &len)) == 1)
        ;
    CHECK(rc == -1);
    CHECK(strstr(reader_strerror(&r), "shrank") != NULL);
    reader_close(&r);
    /* a file read whole is fine, and one that grows is too */
    write_file(path, plain, n);
    CHECK(reader_open(&r, path) == 0);
    CHECK(reader_next(&r, &l, &len) == 1);
    append_file(path, "more\n", 5);
    while ((rc = reader_next(&r, &l, &len)) == 1)
        ;
    CHECK(rc == 0);
    reader_close(&r);
    remove(path);
    free(plain);
    /* a pseudo-file says size 0 however much it holds: not a shrink */
    if (reader_open(&r, "/proc/self/status") == 0) {
        int k = 0;
        while ((rc = reader_next(&r, &l, &len)) == 1)
            k++;
        CHECK(rc == 0 && k > 3);
        reader_close(&r);
    }
}

/* UTF-8 text to UTF-16 (no surrogates needed except where given as 4-byte
   UTF-8), little- or big-endian, optionally with a BOM. */
static unsigned char *to_utf16(const char *s, size_t n, bool be, bool bom, size_t *out_n)
{
    unsigned char *o = xmalloc(4 * n + 4);
    size_t w = 0;
    uint32_t units[2];
    if (bom) {
        o[w++] = be ? 0xfe : 0xff;
        o[w++] = be ? 0xff : 0xfe;
    }
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        uint32_t cp;
        int k;
        if (c < 0x80)
            cp = c, k = 1;
        else if (c < 0xe0)
            cp = c & 0x1f, k = 2;
        else if (c < 0xf0)
            cp = c & 0x0f, k = 3;
        else
            cp = c & 0x07, k = 4;
        for (int j = 1; j < k; j++)
            cp = cp << 6 | ((unsigned char)s[i + (size_t)j] & 0x3f);
        i += (size_t)k;
        int nu = 1;
        units[0] = cp;
        if (cp >= 0x10000) {
            units[0] = 0xd800 + ((cp - 0x10000) >> 10);
            units[1] = 0xdc00 + ((cp - 0x10000) & 0x3ff);
            nu = 2;
        }
        for (int u = 0; u < nu; u++) {
            o[w++] = (unsigned char)(be ? units[u] >> 8 : units[u] & 0xff);
            o[w++] = (unsigned char)(be ? units[u] & 0xff : units[u] >> 8);
        }
    }
    *out_n = w;
    return o;
}

static void utf16(void)
{
    const char text[] = "[0.012s][info][gc] Using G1\r\nthread \"caf\xc3\xa9\" \xe2\x82\xac \xf0\x9f\x98\x80\n"
                        "last line without newline";
    const char want[] = "[0.012s][info][gc] Using G1\nthread \"caf\xc3\xa9\" \xe2\x82\xac \xf0\x9f\x98\x80\n"
                        "last line without newline\n";
    for (int be = 0; be < 2; be++)
        for (int bom = 0; bom < 2; bom++)
            for (int gz = 0; gz < 2; gz++) {
                size_t un;
                unsigned char *u = to_utf16(text, sizeof text - 1, be, bom, &un);
                unsigned char *data = u;
                size_t dn = un;
                if (gz)
                    data = gzip_mem(u, un, &dn);
                struct reader r;
                reader_init_mem(&r, "mem", (const char *)data, dn);
                struct text t = read_all(&r);
                if (!text_is(&t, want, sizeof want - 1))
                    printf("#   be=%d bom=%d gz=%d: got %.*s\n", be, bom, gz, (int)t.n, t.p ? t.p : "");
                CHECK(text_is(&t, want, sizeof want - 1));
                CHECK_EQ_INT(r.text, be ? READER_UTF16BE : READER_UTF16LE);
                reader_close(&r);
                free(t.p);
                /* the same from a file */
                char path[4096];
                snprintf(path, sizeof path, "%s", tmp_path("gclat_reader_u16"));
                write_file(path, data, dn);
                CHECK(reader_open(&r, path) == 0);
                t = read_all(&r);
                CHECK(text_is(&t, want, sizeof want - 1));
                reader_close(&r);
                free(t.p);
                remove(path);
                if (gz)
                    free(data);
                free(u);
            }

    /* big enough to cross every buffer boundary, non-ASCII on the way */
    size_t n;
    char *plain = random_lines(3u << 20, &n);
    for (size_t i = 100; i + 3 < n; i += 4099)
        if (plain[i] != '\n' && plain[i + 1] != '\n' && plain[i + 2] != '\n') {
            plain[i] = (char)0xe2; /* U+20AC */
            plain[i + 1] = (char)0x82;
            plain[i + 2] = (char)0xac;
        }
    size_t un;
    unsigned char *u = to_utf16(plain, n, false, false, &un);
    char path[4096];
    snprintf(path, sizeof path, "%s", tmp_path("gclat_reader_u16big"));
    write_file(path, u, un);
    struct reader r;
    CHECK(reader_open(&r, path) == 0);
    struct text t = read_all(&r);
    CHECK(text_is(&t, plain, n));
    reader_close(&r);
    free(t.p);
    remove(path);
    free(u);
    free(plain);

    /* unpaired surrogates and an odd last byte become U+FFFD */
    const unsigned char odd[] = {0xff, 0xfe, 'a', 0, 0x00, 0xd8, 'b', 0, 0x00, 0xdc, 'c'};
    reader_init_mem(&r, "odd", (const char *)odd, sizeof odd);
    t = read_all(&r);
    const char odd_want[] = "a\xef\xbf\xbd" "b\xef\xbf\xbd\xef\xbf\xbd\n";
    CHECK(text_is(&t, odd_want, sizeof odd_want - 1));
    reader_close(&r);
    free(t.p);
}

static void sniffing(void)
{
    size_t bom;
    /* NULs on both sides (binary, zero padding) is not UTF-16 */
    const unsigned char zeros[64] = {0};
    CHECK(reader_sniff_text(zeros, sizeof zeros, &bom) == READER_UTF8);
    CHECK(reader_plain(zeros, sizeof zeros));
    const unsigned char le[] = {'a', 0, 'b', 0, '\n', 0};
    CHECK(reader_sniff_text(le, sizeof le, &bom) == READER_UTF16LE && bom == 0);
    CHECK(!reader_plain(le, sizeof le));
    const unsigned char be[] = {0, 'a', 0, 'b', 0, '\n'};
    CHECK(reader_sniff_text(be, sizeof be, &bom) == READER_UTF16BE && bom == 0);
    const unsigned char one[] = {'a', 0};
    CHECK(reader_sniff_text(one, sizeof one, &bom) == READER_UTF8); /* too short to tell */
    CHECK(reader_plain("plain text\n", 11));
    CHECK(!reader_plain("\xef\xbb\xbfplain", 8));
    CHECK(!reader_plain("\x1f\x8b\x08", 3));

    /* a UTF-8 BOM is dropped, from memory and from a file */
    const char b8[] = "\xef\xbb\xbf" "first\nsecond\n";
    struct reader r;
    reader_init_mem(&r, "bom", b8, sizeof b8 - 1);
    struct text t = read_all(&r);
    CHECK(text_is(&t, "first\nsecond\n", 13));
    reader_close(&r);
    free(t.p);
    char path[4096];
    snprintf(path, sizeof path, "%s", tmp_path("gclat_reader_bom"));
    write_file(path, b8, sizeof b8 - 1);
    CHECK(reader_open(&r, path) == 0);
    t = read_all(&r);
    CHECK(text_is(&t, "first\nsecond\n", 13));
    reader_close(&r);
    free(t.p);
    remove(path);
}

/* The cap at its edge, in memory mode and through the buffer. */
static void line_cap_edges(void)
{
    reader_set_max_line(1000);
    char *p = xmalloc(5000);
    memset(p, 'y', 5000);
    /* line 1: 1000 bytes (kept), line 2: 1001 (skipped), line 3: "ok" */
    p[1000] = '\n';
    p[2002] = '\n';
    memcpy(p + 2003, "ok\n", 3);
    size_t pn = 2006;
    for (int gz = 0; gz < 2; gz++) {
        size_t dn = pn;
        unsigned char *data = gz ? gzip_mem(p, pn, &dn) : (unsigned char *)p;
        struct diag d;
        diag_init(&d);
        struct reader r;
        reader_init_mem(&r, "cap", (const char *)data, dn);
        reader_set_diag(&r, &d);
        const char *l;
        size_t n;
        CHECK(reader_next(&r, &l, &n) == 1 && n == 1000);
        CHECK(reader_next(&r, &l, &n) == 1 && n == 2 && memcmp(l, "ok", 2) == 0);
        CHECK_EQ_INT(r.lineno, 3);
        CHECK(reader_next(&r, &l, &n) == 0);
        const struct diag_reason *why = reason(&d, "line too long");
        CHECK(why && why->count == 1 && why->ex[0].line == 2);
        reader_close(&r);
        diag_fini(&d);
        if (gz)
            free(data);
    }
    free(p);
    reader_set_max_line(0);
}

/* A gzip bomb without newlines: 256 MiB of 'x'. The buffer must stay small. */
static void gzip_bomb(void)
{
    z_stream zs;
    memset(&zs, 0, sizeof zs);
    deflateInit2(&zs, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY);
    char chunk[65536];
    memset(chunk, 'x', sizeof chunk);
    size_t cap = 1u << 20, zn = 0;
    unsigned char *z = xmalloc(cap);
    for (int i = 0; i < 4096; i++) {
        zs.next_in = (Bytef *)chunk;
        zs.avail_in = sizeof chunk;
        do {
            if (cap - zn < 65536)
                xgrow((void **)&z, &cap, zn + 65536, 1);
            zs.next_out = z + zn;
            zs.avail_out = (uInt)(cap - zn);
            deflate(&zs, i == 4095 ? Z_FINISH : Z_NO_FLUSH);
            zn = cap - zs.avail_out;
        } while (zs.avail_out == 0);
    }
    deflateEnd(&zs);
    struct diag d;
    diag_init(&d);
    struct reader r;
    reader_init_mem(&r, "bomb.gz", (const char *)z, zn);
    reader_set_diag(&r, &d);
    const char *l;
    size_t n;
    CHECK(reader_next(&r, &l, &n) == 0);
    CHECK_EQ_INT(r.long_lines, 1);
    CHECK_EQ_INT(d.total, 1);
    CHECK(r.cap <= (8u << 20)); /* cap + chunks, not the 256 MiB line */
    reader_close(&r);
    diag_fini(&d);
    free(z);
}

static void missing_file(void)
{
    struct reader r;
    CHECK(reader_open(&r, "/nonexistent/gclat") == -1);
}

int main(void)
{
    reader_warnings_enable(false);
    RUN(memory_lines);
    RUN(file_long_lines_and_gzip);
    RUN(big_gzip_by_path);
    RUN(gzip_trailing_bytes);
    RUN(file_shrinks);
    RUN(utf16);
    RUN(sniffing);
    RUN(line_cap_edges);
    RUN(gzip_bomb);
    RUN(missing_file);
    T_DONE();
}
