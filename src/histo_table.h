/*
 * histo_table.h — the classes of one or more class histograms, per file,
 * in memory bounded by max_classes whatever the input.
 *
 * A class is keyed by name and module; rows with the same key in one file
 * (one class name from several class loaders) are summed. Summing and the
 * growth between files need every class by name, so classes are tracked in
 * first-seen order up to max_classes; a row of any further class is still
 * counted, in its file's `untracked` totals (rows, instances, bytes and the
 * largest single row), never dropped silently. The tables are then chosen
 * with a bounded heap: the top N costs N slots, not a sort of every class.
 */
#ifndef GCLAT_HISTO_TABLE_H
#define GCLAT_HISTO_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "histo_parse.h"

struct histo_untracked {
    uint64_t rows;
    int64_t instances, bytes;
    int64_t max_row_instances, max_row_bytes;
};

struct histo_class; /* private */

struct histo_table {
    size_t max_classes;  /* 0 = no limit */
    int nfiles, cur;     /* histo_table_add counts into file cur */
    size_t n, cap;       /* tracked classes */
    struct histo_class *c;
    char *arena;         /* names and modules, NUL-terminated */
    size_t arena_len, arena_cap;
    int64_t *inst, *bytes; /* [class * nfiles + file] */
    uint8_t *present;
    size_t *idx;         /* open addressing: class index + 1 */
    size_t icap;
    struct histo_untracked *untracked; /* per file */
};

void histo_table_init(struct histo_table *t, int nfiles, size_t max_classes);
void histo_table_fini(struct histo_table *t);
/* Count row r into file t->cur. */
void histo_table_add(struct histo_table *t, const struct histo_row *r);

const char *histo_table_name(const struct histo_table *t, size_t i);
/* NULL when the class has no module column. */
const char *histo_table_module(const struct histo_table *t, size_t i);
static inline int64_t histo_table_inst(const struct histo_table *t, size_t i, int f)
{
    return t->inst[i * (size_t)t->nfiles + (size_t)f];
}
static inline int64_t histo_table_bytes(const struct histo_table *t, size_t i, int f)
{
    return t->bytes[i * (size_t)t->nfiles + (size_t)f];
}
static inline bool histo_table_present(const struct histo_table *t, size_t i, int f)
{
    return t->present[i * (size_t)t->nfiles + (size_t)f] != 0;
}

/*
 * Ranking keys: bytes or instances in file f (classes present in f), or the
 * bytes grown from the first to the last file (classes that grew); SUSPECT is
 * GROWTH restricted to classes that grew between every pair of consecutive
 * files by at least min_growth in total. Ties: by name, then module.
 */
enum histo_rank { HISTO_BY_BYTES, HISTO_BY_INSTANCES, HISTO_BY_GROWTH, HISTO_BY_SUSPECT };

/* True if the class's bytes grew between every pair of consecutive files. */
bool histo_table_monotonic(const struct histo_table *t, size_t i);
/*
 * The best n classes (0 = all that qualify) by rank, best first: indexes into
 * *out (allocated; free it). Returns how many. Memory O(n) besides *out.
 */
size_t histo_table_top(const struct histo_table *t, enum histo_rank rank, int f, size_t n, int64_t min_growth,
                       size_t **out);

#endif
