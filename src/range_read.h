/*
 * range_read.h — the lines of a byte range of a regular file, read with
 * pread(2) into one buffer that is used again for every read.
 *
 * The GC readers used to map the file. On a virtual machine whose page
 * tables the hypervisor shadows (the 2-core VMs gclat is built and measured
 * on are such), the first touch of every mapped 4 KiB page costs about a
 * microsecond the guest does not even see as system time: 0.15-0.18 s of a
 * 0.37 s read of a 574 MB log (bench/RESULTS.md, "Reading a file"). A copy
 * into a buffer that stays in the L2 cache costs 0.04 s for the same bytes,
 * the parser then reads the bytes from L2, and threads give nothing back
 * with munmap or madvise, so no TLB shootdown interrupts the other core.
 *
 * Lines are what the reader (reader.c) and the mapped readers returned: the
 * bytes before each '\n' (a '\r' before it is left to the caller), and a
 * last line without '\n' if the range ends in one. A line longer than
 * max_line is handed out once with at least max_line + 1 of its bytes (its
 * start: the excerpt a diagnostic shows) and *n > max_line, and the rest of
 * it is dropped as it streams past: the buffer never holds more than
 * max_line bytes of a line plus one read.
 */
#ifndef GCLAT_RANGE_READ_H
#define GCLAT_RANGE_READ_H

#include "nl_scan.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RANGE_READ_BYTES ((size_t)256 << 10) /* a read: a quarter of a core's L2 */

struct range_read {
    int fd;
    uint64_t pos;    /* file offset of the next byte to read */
    uint64_t end;    /* where the range ends */
    char *buf;       /* 64-byte aligned: nl_scan loads aligned blocks */
    size_t cap;
    const char *p;   /* the next line's start */
    const char *lim; /* the end of the bytes read */
    struct nl_scan sc;
    size_t max_line;
    size_t want;     /* bytes one read asks for */
    bool skipping;   /* dropping the rest of an over-long line */
    int err;         /* errno of a failed read, 0 if none */
    bool shrank;     /* the file ended before the range did */
};

/* GCLAT_READ_BYTES, the read size tests set to cut lines everywhere (1 to
   1 GiB), or 0 when it is not set or not such a number. */
size_t range_read_bytes_env(void);

/* want: bytes a read asks for (0: RANGE_READ_BYTES). No memory yet. */
void range_read_init(struct range_read *r, int fd, size_t max_line, size_t want);
/* Read the lines of [off, off + len) from now on; off is a line start. */
void range_read_start(struct range_read *r, uint64_t off, uint64_t len);
void range_read_fini(struct range_read *r);

/* The next line when the bytes in the buffer hold no whole one. */
bool range_read_slow(struct range_read *r, const char **s, size_t *n);

/* The next line in *s, *n (valid until the next call); false at the end of
   the range, or once a read failed (err) or found the file shorter (shrank). */
static inline bool range_read_line(struct range_read *r, const char **s, size_t *n)
{
    if (r->p < r->lim) {
        const char *next = nl_scan_next(&r->sc, r->p, n);
        if (next[-1] == '\n') {
            *s = r->p;
            r->p = next;
            return true;
        }
    }
    return range_read_slow(r, s, n);
}

/* File offset of the next line's start. */
static inline uint64_t range_read_offset(const struct range_read *r)
{
    return r->pos - (uint64_t)(r->lim - r->p);
}

#endif
