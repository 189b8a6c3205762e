/*
 * html_out.h — writing HTML safely. Every string that came from a log (thread
 * names, causes, file paths, run names) goes through html_text, which turns
 * & < > " ' into entities and replaces control bytes and invalid UTF-8, so it
 * is inert both as element text and inside a quoted attribute value. There is
 * no "raw" variant for log data: markup written by gclat itself is emitted
 * with plain fputs and never contains log bytes.
 *
 * The report tree as a page is render_html (render.h).
 */
#ifndef GCLAT_HTML_OUT_H
#define GCLAT_HTML_OUT_H

#include <stdio.h>


/* Escaped text or attribute value (NULL prints nothing). */
void html_text(FILE *f, const char *s);
/* printf, then escape the result. */
void html_textf(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* An identifier usable in id= and CSS: [A-Za-z0-9_-] kept, other bytes become '-'. */
void html_id(FILE *f, const char *s);

#endif
