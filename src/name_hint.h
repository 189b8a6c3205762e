/*
 * name_hint.h — a small direct-mapped index from a name's pointer to its
 * row, for the analysis tables keyed by static or interned names (pause
 * names, concurrent phases, causes): the same name is almost always the
 * same pointer, and a log cycles through a few of them (ParNew, CMS
 * Initial Mark, ParNew, CMS Remark, ...), which a "row found last" misses.
 *
 * A hint is only a guess: the caller checks the row's name pointer, and a
 * miss (a name not seen yet, another pointer to the same text) costs the
 * table's own search, which then puts the row in. A name has two slots,
 * both from one product: its first, and its second when the first holds
 * another name's row. (With one slot, two of a log's handful of names
 * shared one often enough: in a G1 log three of eight, and each took the
 * slot from the other at every cycle; which ones depends on where the
 * strings lie, so it changed from run to run.)
 */
#ifndef GCLAT_NAME_HINT_H
#define GCLAT_NAME_HINT_H

#include <stddef.h>
#include <stdint.h>

#define NAME_HINT_SLOTS 32

struct name_hint {
    uint32_t row1[NAME_HINT_SLOTS]; /* row index + 1; 0: none */
};

static inline uint64_t name_hint_key(const void *name)
{
    /* (strings are packed at any byte address: mix them all) */
    return (uint64_t)(uintptr_t)name * UINT64_C(0x9e3779b97f4a7c15);
}

/* A name's first (second = 0) or second slot, from its key. */
static inline size_t name_hint_slot(uint64_t key, int second)
{
    return (size_t)(key >> (second ? 54 : 59)) & (NAME_HINT_SLOTS - 1);
}

/* row (an index) is name's row: into its first slot when that is free or
   already name's, else into its second. */
static inline void name_hint_put(struct name_hint *h, const void *name, size_t row)
{
    uint64_t key = name_hint_key(name);
    uint32_t *s = &h->row1[name_hint_slot(key, 0)];
    if (*s && *s != row + 1)
        s = &h->row1[name_hint_slot(key, 1)];
    *s = (uint32_t)row + 1;
}

#endif
