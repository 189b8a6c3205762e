/*
 * html_out.c — HTML escaping (see html_out.h).
 * Invariant: no byte of a log-derived string reaches the output except
 * through esc(), which maps & < > " ' to entities, control bytes to U+FFFD
 * and invalid UTF-8 sequences to U+FFFD, byte by byte.
 */
#include "html_out.h"
#include "util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Length of a valid UTF-8 sequence at p (n bytes left), or 0. */
static int utf8_seq(const unsigned char *p, size_t n)
{
    unsigned char c = p[0];
    int k;
    unsigned min;
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        k = 2, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef)
        k = 3, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4)
        k = 4, min = 0x10000;
    else
        return 0;
    if ((size_t)k > n)
        return 0;
    unsigned cp = c & (0x7f >> k);
    for (int i = 1; i < k; i++) {
        if ((p[i] & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (p[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return k;
}

static void esc(FILE *f, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        unsigned char c = p[i];
        switch (c) {
        case '&': fputs("&amp;", f); i++; continue;
        case '<': fputs("&lt;", f); i++; continue;
        case '>': fputs("&gt;", f); i++; continue;
        case '"': fputs("&quot;", f); i++; continue;
        case '\'': fputs("&#39;", f); i++; continue;
        default: break;
        }
        if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f) {
            fputs("&#xfffd;", f);
            i++;
            continue;
        }
        int k = utf8_seq(p + i, n - i);
        if (k == 0) {
            fputs("&#xfffd;", f);
            i++;
        } else {
            fwrite(p + i, 1, (size_t)k, f);
            i += (size_t)k;
        }
    }
}

void html_text(FILE *f, const char *s)
{
    if (s)
        esc(f, s, strlen(s));
}

void html_textf(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = NULL;
    int n = vasprintf(&s, fmt, ap);
    va_end(ap);
    if (n < 0)
        die(EXIT_IO, "out of memory");
    esc(f, s, (size_t)n);
    free(s);
}

void html_id(FILE *f, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; p && *p; p++) {
        unsigned char c = *p;
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '_' || c == '-';
        fputc(ok ? c : '-', f);
    }
}
