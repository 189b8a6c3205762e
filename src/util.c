/*
 * util.c — allocation that aborts on out-of-memory (a log analyzer has no
 * useful way to continue without memory), and uniform error messages.
 */
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *prog_name = "gclat";

static _Noreturn void oom(size_t n)
{
    fprintf(stderr, "%s: out of memory allocating %zu bytes\n", prog_name, n);
    abort();
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        oom(n);
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        oom(n * size);
    return p;
}

void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        oom(n);
    return q;
}

char *xstrdup(const char *s)
{
    return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
    char *p = xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

void xgrow(void **buf, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return;
    size_t c = *cap ? *cap : 16;
    while (c < need) {
        if (c > SIZE_MAX / 2 / elem)
            oom(SIZE_MAX);
        c *= 2;
    }
    *buf = xrealloc(*buf, c * elem);
    *cap = c;
}

void warnx(const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fprintf(stderr, "%s: ", prog_name);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void die(int code, const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fprintf(stderr, "%s: ", prog_name);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(code);
}

char *xasprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        die(EXIT_IO, "formatting failed");
    char *s = xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

const char *mem_find(const char *s, size_t n, const char *needle)
{
    size_t m = strlen(needle);
    if (m == 0)
        return s;
    if (m > n)
        return NULL;
    return memmem(s, n, needle, m);
}

void close_stdout(void)
{
    if (fflush(stdout) != 0 || ferror(stdout) || fclose(stdout) != 0) {
        if (errno == EPIPE)
            exit(EXIT_OK);
        fprintf(stderr, "%s: write error on standard output: %s\n", prog_name, strerror(errno));
        exit(EXIT_IO);
    }
}

size_t mem_each_line(const char *buf, size_t len, void (*fn)(void *ctx, const char *s, size_t n, uint64_t lineno),
                     void *ctx)
{
    size_t pos = 0, nonblank = 0;
    uint64_t lineno = 0;
    const char *s;
    size_t n;
    while (mem_next_line(buf, len, &pos, &s, &n)) {
        lineno++;
        if (!mem_blank(s, n))
            nonblank++;
        fn(ctx, s, n, lineno);
    }
    return nonblank;
}
