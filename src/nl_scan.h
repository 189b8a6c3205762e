/*
 * nl_scan.h — the lines of a mapped file, found 64 bytes at a time.
 *
 * The readers of gc_read_par.c called memchr once a line: for the 100- to
 * 180-byte lines of a GC log the call's set-up costs more than the scan
 * (about 75 instructions a line with the loop around it). This finds every
 * '\n' of an aligned 64-byte block at once, as a bit mask, and hands the
 * lines out of the mask: about one compare per 16 bytes and a few
 * instructions a line.
 *
 * Only whole blocks inside [start, end) are read as blocks, so nothing past
 * end is touched. The first block is the aligned one holding start: it may
 * begin up to 63 bytes before start, inside the same page, hence inside the
 * mapping, whose start is page aligned; its bits below start are cleared.
 * The bytes of the last partial block go to memchr. Without SSE2 every line
 * goes to memchr.
 */
#ifndef GCLAT_NL_SCAN_H
#define GCLAT_NL_SCAN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

struct nl_scan {
    const char *end;
    const char *blk; /* the block mask is of; NULL once the tail is reached */
    uint64_t mask;   /* its '\n' bits not yet handed out */
};

#ifdef __SSE2__
static inline uint64_t nl_block_mask(const char *b)
{
    const __m128i nl = _mm_set1_epi8('\n');
    uint64_t m0 = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_load_si128((const __m128i *)b), nl));
    uint64_t m1 = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_load_si128((const __m128i *)(b + 16)), nl));
    uint64_t m2 = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_load_si128((const __m128i *)(b + 32)), nl));
    uint64_t m3 = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_load_si128((const __m128i *)(b + 48)), nl));
    return m0 | m1 << 16 | m2 << 32 | m3 << 48;
}
#endif

/* start: the first line's first byte, inside a mapping that starts on a
   page boundary at or before start - (start % 64). */
static inline void nl_scan_init(struct nl_scan *s, const char *start, const char *end)
{
    s->end = end;
    s->blk = NULL;
    s->mask = 0;
#ifdef __SSE2__
    const char *b = (const char *)((uintptr_t)start & ~(uintptr_t)63);
    if (b + 64 <= end) {
        s->blk = b;
        s->mask = nl_block_mask(b) & (~(uint64_t)0 << (start - b));
    }
#endif
}

/* The line starting at p (the previous call's return, or start): its length
   without the '\n' in *n, and where the next one starts (end after the
   last). p < end. */
static inline const char *nl_scan_next(struct nl_scan *s, const char *p, size_t *n)
{
#ifdef __SSE2__
    while (s->blk) {
        if (s->mask) {
            const char *nl = s->blk + __builtin_ctzll(s->mask);
            s->mask &= s->mask - 1;
            *n = (size_t)(nl - p);
            return nl + 1;
        }
        const char *b = s->blk + 64;
        if (b + 64 > s->end) {
            s->blk = NULL; /* the tail: memchr from p, which is at or after b's start */
            break;
        }
        s->blk = b;
        s->mask = nl_block_mask(b);
    }
#endif
    const char *nl = memchr(p, '\n', (size_t)(s->end - p));
    *n = nl ? (size_t)(nl - p) : (size_t)(s->end - p);
    return nl ? nl + 1 : s->end;
}

#endif
