/*
 * wstok.h — a whitespace tokenizer over a (ptr, len) line, for the parsers of
 * column-aligned tool output (top -b, jstat). Words are views into the line;
 * blanks and tabs separate them; nothing is allocated or copied.
 */
#ifndef GCLAT_WSTOK_H
#define GCLAT_WSTOK_H

#include <stdbool.h>
#include <stddef.h>

struct tok {
    const char *s;
    size_t n, i; /* the line, its length, the scan position */
};

/* Next word: sets *w and *wl and returns true, or false at the end of the line. */
static inline bool next_tok(struct tok *t, const char **w, size_t *wl)
{
    while (t->i < t->n && (t->s[t->i] == ' ' || t->s[t->i] == '\t'))
        t->i++;
    if (t->i >= t->n) {
        *w = t->s + t->n; /* defined outputs even at the end */
        *wl = 0;
        return false;
    }
    size_t b = t->i;
    while (t->i < t->n && t->s[t->i] != ' ' && t->s[t->i] != '\t')
        t->i++;
    *w = t->s + b;
    *wl = t->i - b;
    return true;
}

#endif
