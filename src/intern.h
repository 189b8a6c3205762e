/*
 * intern.h — a string interner: each distinct byte string is stored once and
 * lives until intern_fini. Parsers use it for names that must outlive the
 * reader's line buffer (GC causes, thread names, pool names). Lookup is a
 * hash probe, so interning the same cause a million times costs no memory.
 */
#ifndef GCLAT_INTERN_H
#define GCLAT_INTERN_H

#include <stdbool.h>
#include <stddef.h>

struct intern {
    char **slots;
    size_t cap, used;
    void *lock; /* a pthread mutex while shared by threads (intern_share), else NULL */
};

void intern_init(struct intern *t);
void intern_fini(struct intern *t);
/* Return the stored NUL-terminated copy of s[0..n). */
const char *intern_str(struct intern *t, const char *s, size_t n);
/* Between intern_share(t, true) and intern_share(t, false), intern_str may be
   called from several threads at once (the parallel GC-log reader); outside,
   it takes no lock. Stored strings never move, so a pointer returned on one
   thread is valid on every other. Not nestable; call from one thread. */
void intern_share(struct intern *t, bool on);

#endif
