/* test_reader.c — line splitting, CRLF, long lines, gzip, memory mode. */
#include "reader.h"
#include "t.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
    snprintf(buf, sizeof buf, "%s/%s", d ? d : "/tmp", name);
    return buf;
}

static void file_long_lines_and_gzip(void)
{
    /* 3 lines: short, 5 MB, short — longer than the read chunk */
    size_t big = 5u << 20;
    char *p = tmp_path("gclat_reader_test.txt");
    char path[4096];
    snprintf(path, sizeof path, "%s", p);
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
    CHECK(reader_open(&r, path) == 0);
    CHECK(reader_next(&r, &l, &n) == 1 && n == 5);
    CHECK(reader_next(&r, &l, &n) == 1 && n == big && l[big - 1] == 'x');
    CHECK(reader_next(&r, &l, &n) == 1 && n == 5 && memcmp(l, "third", 5) == 0);
    CHECK(reader_next(&r, &l, &n) == 0);
    reader_close(&r);

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
        reader_close(&r);
    }
    remove(path);
    remove(gzpath);
}

static void missing_file(void)
{
    struct reader r;
    CHECK(reader_open(&r, "/nonexistent/gclat") == -1);
}

int main(void)
{
    RUN(memory_lines);
    RUN(file_long_lines_and_gzip);
    RUN(missing_file);
    T_DONE();
}
