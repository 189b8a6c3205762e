/*
 * util.h — process-wide helpers: allocation that aborts on OOM, error
 * reporting with the program name, and the documented exit codes.
 *
 * Exit codes (also in README and gclat(1)):
 *   0  success
 *   1  usage error (bad option, missing argument, malformed or out-of-range value)
 *   2  bad input (unreadable format, a corrupt input refused; with --strict,
 *      any unparsed line)
 *   3  I/O error (cannot open, read or write)
 *   4  a --fail-if condition held (compare)
 */
#ifndef GCLAT_UTIL_H
#define GCLAT_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum {
    EXIT_OK = 0,
    EXIT_USAGE = 1,
    EXIT_BADINPUT = 2,
    EXIT_IO = 3,
    EXIT_CONDITION = 4,
};

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

extern const char *prog_name; /* "gclat" or "gclat SUBCMD" for messages */

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* Grow *buf (capacity *cap, element size elem) so that it holds need elements. */
void xgrow(void **buf, size_t *cap, size_t need, size_t elem);

/* Print "gclat: msg" on stderr. die() then exits with code. */
void warnx(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
_Noreturn void die(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* printf into a fresh heap string. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* True when s (length n) starts with the NUL-terminated prefix p. */
static inline bool mem_starts(const char *s, size_t n, const char *p)
{
    size_t i = 0;
    for (; p[i]; i++)
        if (i >= n || s[i] != p[i])
            return false;
    return true;
}

/*
 * qsort for arrays that may be empty: qsort(NULL, 0, ...) is undefined
 * (C11 7.22.5: the pointer must be valid even for zero elements), and an
 * empty list is a NULL pointer here.
 */
static inline void sort_array(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
    if (n > 1)
        qsort(base, n, size, cmp);
}

/* True when s[0..n) holds only blanks (spaces, tabs, a CR) or nothing. */
static inline bool mem_blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
            return false;
    return true;
}
/*
 * The next line of buf[0..len) from *pos (a sample of '\n'-terminated lines,
 * see sniff.h): sets *s, *n (without the '\n') and advances *pos; false at
 * the end.
 */
static inline bool mem_next_line(const char *buf, size_t len, size_t *pos, const char **s, size_t *n)
{
    if (*pos >= len)
        return false;
    const char *b = buf + *pos;
    const char *nl = (const char *)memchr(b, '\n', len - *pos);
    *s = b;
    *n = nl ? (size_t)(nl - b) : len - *pos;
    *pos += *n + 1;
    return true;
}

/*
 * Feed every line of buf[0..len) to fn with its 1-based number (blank lines
 * too: a parser counts them); returns the number of non-blank lines. The loop
 * every input-kind scorer runs its parser in.
 */
size_t mem_each_line(const char *buf, size_t len, void (*fn)(void *ctx, const char *s, size_t n, uint64_t lineno),
                     void *ctx);
/* Find NUL-terminated needle in s[0..n). Returns pointer or NULL. */
const char *mem_find(const char *s, size_t n, const char *needle);

/* Check that stdout was written completely; exits with EXIT_IO if not. */
void close_stdout(void);

#endif
