/*
 * name_hint.h — a small direct-mapped index from a name's pointer to its
 * row, for the analysis tables keyed by static or interned names (pause
 * names, concurrent phases, causes): the same name is almost always the
 * same pointer, and a log cycles through a few of them (ParNew, CMS
 * Initial Mark, ParNew, CMS Remark, ...), which a "row found last" misses.
 *
 * A hint is only a guess: the caller checks the row's name pointer, and a
 * miss (a name not seen yet, two names in one slot, another pointer to the
 * same text) costs the table's own search, which then sets the slot.
 */
#ifndef GCLAT_NAME_HINT_H
#define GCLAT_NAME_HINT_H

#include <stddef.h>
#include <stdint.h>

#define NAME_HINT_SLOTS 32

struct name_hint {
    uint32_t row1[NAME_HINT_SLOTS]; /* row index + 1; 0: none */
};

static inline size_t name_hint_slot(const void *name)
{
    /* (strings are packed at any byte address: mix them all) */
    return (size_t)(((uint64_t)(uintptr_t)name * UINT64_C(0x9e3779b97f4a7c15)) >> 59);
}

#endif
