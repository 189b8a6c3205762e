/*
 * escape.h — the one rule for writing log-derived strings where a terminal,
 * a spreadsheet or a JSON parser will read them. Logs carry URLs, thread
 * names and paths that anyone can fill with ESC, BEL or broken UTF-8; none of
 * those bytes may reach the output raw.
 *
 * Text and CSV (ESC_TEXT):
 *   C0 controls (0x00-0x1f, TAB/CR/LF included) and DEL  -> \xNN  (e.g. \x1b)
 *   a byte that is not part of valid UTF-8                -> \xNN  (the byte)
 *   C1 controls U+0080-U+009F, bidi embeddings/overrides
 *   U+202A-U+202E and isolates U+2066-U+2069             -> \uNNNN
 *   everything else (backslash included) is kept as is.
 * JSON (ESC_JSON, RFC 8259, inside the quotes):
 *   " and \ backslash-escaped; \n \t \r; other C0 and DEL -> \u00NN;
 *   C1, bidi, U+2028/U+2029 -> \uNNNN; '<' -> \u003c (inert inside an HTML
 *   <script>); invalid UTF-8 -> \ufffd, so the output is always valid JSON.
 * HTML has its own entity rule (html_out.h).
 */
#ifndef GCLAT_ESCAPE_H
#define GCLAT_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum esc_style { ESC_TEXT, ESC_JSON };

/* Longest output of one esc_unit() call ("\u202e" and 4-byte UTF-8 fit). */
#define ESC_UNIT_MAX 8

/*
 * The output for the next character of s[0..n) (n >= 1): writes at most
 * ESC_UNIT_MAX bytes to out, sets *out_len, returns the input bytes consumed
 * (>= 1). Every writer below is built on this function.
 */
size_t esc_unit(const unsigned char *s, size_t n, enum esc_style st, char *out, size_t *out_len);

/* True when s needs no escaping in style st (fast path for the writers). */
bool esc_clean(const char *s, enum esc_style st);
/* Write s escaped (JSON: without the surrounding quotes). */
void esc_write(FILE *f, const char *s, enum esc_style st);
/*
 * Escape s into dst (capacity cap >= 1, always NUL-terminated), never
 * splitting an escape; returns the length written.
 */
size_t esc_buf(char *dst, size_t cap, const char *s, enum esc_style st);

#endif
