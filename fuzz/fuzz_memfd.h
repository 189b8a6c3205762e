/*
 * fuzz_memfd.h — the fuzz input as a file: harnesses of readers that take a
 * file descriptor (fuzz_reader.c, fuzz_range_read.c) write it to a memfd.
 */
#ifndef GCLAT_FUZZ_MEMFD_H
#define GCLAT_FUZZ_MEMFD_H

#include <stddef.h>
#include <sys/mman.h>
#include <unistd.h>

/* A memfd holding in[0, n), or -1 (none could be made or written). */
static int fuzz_memfd(const char *name, const char *in, size_t n)
{
    int fd = memfd_create(name, MFD_CLOEXEC);
    if (fd < 0)
        return -1;
    size_t w = 0;
    while (w < n) {
        ssize_t k = write(fd, in + w, n - w);
        if (k <= 0) {
            close(fd);
            return -1;
        }
        w += (size_t)k;
    }
    return fd;
}

#endif
