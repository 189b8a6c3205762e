/*
 * html_out.h — writing HTML safely. Every string that came from a log (thread
 * names, causes, file paths, run names) goes through html_text, which turns
 * & < > " ' into entities and replaces control bytes and invalid UTF-8, so it
 * is inert both as element text and inside a quoted attribute value. There is
 * no "raw" variant for log data: markup written by gclat itself is emitted
 * with plain fputs and never contains log bytes.
 *
 * html_tree renders a report tree (report.h) as HTML: objects become <section>
 * blocks with a definition list of their scalars, RF_TABLE arrays become
 * <table>s, and the findings array becomes one card per finding.
 */
#ifndef GCLAT_HTML_OUT_H
#define GCLAT_HTML_OUT_H

#include <stdio.h>

#include "report.h"

/* Escaped text or attribute value (NULL prints nothing). */
void html_text(FILE *f, const char *s);
/* printf, then escape the result. */
void html_textf(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* An identifier usable in id= and CSS: [A-Za-z0-9_-] kept, other bytes become '-'. */
void html_id(FILE *f, const char *s);

/* Findings array (gc_findings_report) as cards; "no findings" when empty. */
void html_findings(FILE *f, const struct report_node *findings);
/* Any report subtree as sections, key/value lists and tables. */
void html_tree(FILE *f, const struct report_node *n, int depth);

#endif
