/*
 * test_nl_scan.c — nl_scan.h hands out the lines memchr finds, for every
 * start offset and length, and reads nothing at or past end: the bytes
 * after end are a PROT_NONE page, so an overread is a crash.
 */
#include "nl_scan.h"
#include "t.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

static size_t pg;
static char *area; /* data pages, then one PROT_NONE page */
static size_t area_data;

static void area_init(size_t data_pages)
{
    long l = sysconf(_SC_PAGESIZE);
    pg = l > 0 ? (size_t)l : 4096;
    area_data = data_pages * pg;
    area = mmap(NULL, area_data + pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    CHECK(area != MAP_FAILED);
    CHECK(mprotect(area + area_data, pg, PROT_NONE) == 0);
}

/* The lines of [s, end) by nl_scan and by memchr agree; returns the count. */
static size_t agree(const char *s, const char *end)
{
    struct nl_scan sc;
    nl_scan_init(&sc, s, end);
    const char *p = s, *q = s;
    size_t lines = 0;
    while (p < end) {
        size_t n;
        const char *next = nl_scan_next(&sc, p, &n);
        const char *nl = memchr(q, '\n', (size_t)(end - q));
        size_t want = nl ? (size_t)(nl - q) : (size_t)(end - q);
        const char *want_next = nl ? nl + 1 : end;
        if (n != want || next != want_next) {
            printf("#   line %zu at offset %td: length %zu, expected %zu\n", lines, p - s, n, want);
            t_failures++;
            return lines;
        }
        p = next;
        q = want_next;
        lines++;
    }
    return lines;
}

/* Random lines (1 to 300 bytes, some runs of empty lines) ending exactly at
   the guard page, from every start offset of the first 130 bytes. */
static void test_random_lines_every_start(void)
{
    srand(7);
    char *end = area + area_data;
    for (char *c = area; c < end; c++)
        *c = (char)('a' + rand() % 26);
    for (char *c = area; c < end;) {
        int r = rand() % 100;
        size_t len = r < 10 ? 0 : r < 90 ? 60 + (size_t)(rand() % 140) : (size_t)(rand() % 300);
        c += len;
        if (c < end)
            *c++ = '\n';
    }
    size_t total = 0;
    for (size_t off = 0; off < 130; off++) {
        /* ending at the guard page, and short of it anywhere in the last
           3000 bytes (so in many blocks, at every offset in a block) */
        total += agree(area + off, end);
        total += agree(area + off, end - 1 - (off * 37) % 3000);
    }
    CHECK(total > 100000);
}

/* Every byte a newline (64 lines a block), none at all, one at the last byte,
   one at the first: the mask's both ends and the tail. */
static void test_dense_and_empty(void)
{
    char *end = area + area_data;
    memset(area, '\n', area_data);
    CHECK_EQ_INT(agree(area, end), area_data);
    CHECK_EQ_INT(agree(area + 63, end), area_data - 63);
    memset(area, 'x', area_data);
    CHECK_EQ_INT(agree(area, end), 1);
    CHECK_EQ_INT(agree(area + 1, end - 64), 1);
    end[-1] = '\n';
    CHECK_EQ_INT(agree(area, end), 1);
    area[0] = '\n';
    CHECK_EQ_INT(agree(area, end), 2);
    area[64] = '\n';
    area[127] = '\n';
    CHECK_EQ_INT(agree(area, end), 4);
    CHECK_EQ_INT(agree(area + 65, end), 2);
}

/* Inputs shorter than a block, ending at the guard page: all memchr. */
static void test_short_inputs(void)
{
    char *end = area + area_data;
    for (size_t len = 1; len < 200; len++) {
        char *s = end - len;
        for (size_t i = 0; i < len; i++)
            s[i] = i % 7 == 3 ? '\n' : 'y';
        agree(s, end);
    }
}

int main(void)
{
    area_init(16);
    RUN(test_random_lines_every_start);
    RUN(test_dense_and_empty);
    RUN(test_short_inputs);
    T_DONE();
}
