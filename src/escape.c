/*
 * escape.c — the escaping rule of escape.h, one character at a time, and
 * the writers built on it. Decoding is strict UTF-8 (no overlongs, no
 * surrogates, nothing above U+10FFFF) so what passes is what a terminal or a
 * JSON parser will also read as that character.
 */
#include "escape.h"

#include <stdint.h>
#include <string.h>

static const char hex[] = "0123456789abcdef";

/* Length of a valid UTF-8 sequence at s (n bytes left) and its code point, or 0. */
static size_t utf8_decode(const unsigned char *s, size_t n, uint32_t *cp_out)
{
    unsigned c = s[0];
    size_t len;
    uint32_t cp, min;
    if (c < 0x80) {
        *cp_out = c;
        return 1;
    }
    if (c >= 0xc2 && c <= 0xdf)
        len = 2, cp = c & 0x1f, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef)
        len = 3, cp = c & 0x0f, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4)
        len = 4, cp = c & 0x07, min = 0x10000;
    else
        return 0;
    if (len > n)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    *cp_out = cp;
    return len;
}

/* Code points that move the cursor or reorder the line although they are printable UTF-8. */
static bool invisible_control(uint32_t cp, enum esc_style st)
{
    if (cp >= 0x80 && cp <= 0x9f)
        return true; /* C1: 0x9b is CSI on many terminals */
    if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069))
        return true; /* bidi overrides: "Trojan Source" reordering */
    return st == ESC_JSON && (cp == 0x2028 || cp == 0x2029); /* line breaks to JavaScript */
}

static size_t put_u(char *out, uint32_t cp)
{
    out[0] = '\\';
    out[1] = 'u';
    out[2] = hex[(cp >> 12) & 15];
    out[3] = hex[(cp >> 8) & 15];
    out[4] = hex[(cp >> 4) & 15];
    out[5] = hex[cp & 15];
    return 6;
}

static size_t put_x(char *out, unsigned char c)
{
    out[0] = '\\';
    out[1] = 'x';
    out[2] = hex[c >> 4];
    out[3] = hex[c & 15];
    return 4;
}

size_t esc_unit(const unsigned char *s, size_t n, enum esc_style st, char *out, size_t *out_len)
{
    unsigned char c = s[0];
    if (c < 0x20 || c == 0x7f) {
        if (st == ESC_TEXT) {
            *out_len = put_x(out, c);
        } else if (c == '\n' || c == '\t' || c == '\r') {
            out[0] = '\\';
            out[1] = c == '\n' ? 'n' : c == '\t' ? 't' : 'r';
            *out_len = 2;
        } else {
            *out_len = put_u(out, c);
        }
        return 1;
    }
    if (c < 0x80) {
        if (st == ESC_JSON && (c == '"' || c == '\\')) {
            out[0] = '\\';
            out[1] = (char)c;
            *out_len = 2;
        } else if (st == ESC_JSON && c == '<') {
            *out_len = put_u(out, '<');
        } else {
            out[0] = (char)c;
            *out_len = 1;
        }
        return 1;
    }
    uint32_t cp;
    size_t k = utf8_decode(s, n, &cp);
    if (k == 0) {
        *out_len = st == ESC_TEXT ? put_x(out, c) : put_u(out, 0xfffd);
        return 1;
    }
    if (invisible_control(cp, st)) {
        *out_len = put_u(out, cp);
        return k;
    }
    memcpy(out, s, k);
    *out_len = k;
    return k;
}

bool esc_clean(const char *s, enum esc_style st)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        unsigned char c = *p;
        if (c < 0x20 || c >= 0x7f)
            return false;
        if (st == ESC_JSON && (c == '"' || c == '\\' || c == '<'))
            return false;
    }
    return true;
}

void esc_write(FILE *f, const char *s, enum esc_style st)
{
    if (esc_clean(s, st)) {
        fputs(s, f);
        return;
    }
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    char u[ESC_UNIT_MAX];
    for (size_t i = 0; i < n;) {
        size_t ul;
        i += esc_unit(p + i, n - i, st, u, &ul);
        fwrite(u, 1, ul, f);
    }
}

size_t esc_buf(char *dst, size_t cap, const char *s, enum esc_style st)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s), o = 0;
    char u[ESC_UNIT_MAX];
    for (size_t i = 0; i < n;) {
        size_t ul;
        size_t k = esc_unit(p + i, n - i, st, u, &ul);
        if (o + ul >= cap)
            break;
        memcpy(dst + o, u, ul);
        o += ul;
        i += k;
    }
    dst[o] = '\0';
    return o;
}
