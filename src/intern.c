/*
 * intern.c — open-addressing hash set of heap strings (FNV-1a hash).
 */
#include "intern.h"
#include "util.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t fnv(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ULL;
    }
    return h;
}

void intern_init(struct intern *t)
{
    memset(t, 0, sizeof *t);
}

void intern_fini(struct intern *t)
{
    intern_share(t, false);
    for (size_t i = 0; i < t->cap; i++)
        free(t->slots[i]);
    free(t->slots);
    memset(t, 0, sizeof *t);
}

static void rehash(struct intern *t)
{
    size_t old = t->cap;
    char **os = t->slots;
    t->cap = old ? old * 2 : 64;
    t->slots = xcalloc(t->cap, sizeof *t->slots);
    for (size_t i = 0; i < old; i++)
        if (os[i]) {
            size_t j = fnv(os[i], strlen(os[i])) & (t->cap - 1);
            while (t->slots[j])
                j = (j + 1) & (t->cap - 1);
            t->slots[j] = os[i];
        }
    free(os);
}

void intern_share(struct intern *t, bool on)
{
    if (on && !t->lock) {
        pthread_mutex_t *m = xmalloc(sizeof *m);
        pthread_mutex_init(m, NULL);
        t->lock = m;
    } else if (!on && t->lock) {
        pthread_mutex_destroy(t->lock);
        free(t->lock);
        t->lock = NULL;
    }
}

static const char *lookup(struct intern *t, const char *s, size_t n);

const char *intern_str(struct intern *t, const char *s, size_t n)
{
    if (!t->lock)
        return lookup(t, s, n);
    pthread_mutex_lock(t->lock);
    const char *r = lookup(t, s, n);
    pthread_mutex_unlock(t->lock);
    return r;
}

static const char *lookup(struct intern *t, const char *s, size_t n)
{
    /* Stored strings are NUL-terminated: a NUL inside untrusted input ends
       the string here too, so lookups compare what is stored (and
       slots[j][n] below never reads past a shorter stored copy). */
    n = strnlen(s, n);
    if ((t->used + 1) * 2 > t->cap)
        rehash(t);
    size_t j = fnv(s, n) & (t->cap - 1);
    while (t->slots[j]) {
        if (strncmp(t->slots[j], s, n) == 0 && t->slots[j][n] == '\0')
            return t->slots[j];
        j = (j + 1) & (t->cap - 1);
    }
    t->slots[j] = xstrndup(s, n);
    t->used++;
    return t->slots[j];
}
