/*
 * td_names.h — OS thread id -> Java thread name, from a thread dump, for
 * naming the threads of a `top -H` capture (gclat cpu --thread-dump): the
 * kernel keeps 15 bytes of a thread name, top shows those, the dump the
 * whole name. The join is on the OS thread id: nid (hex in JDK <= 20,
 * decimal in 21+) or "[tid]" of the header = top's PID column in thread mode.
 * Every text and JSON format gclat threads reads is accepted; the LAST dump
 * of the file is used, and its timestamp is kept for the time-gap check.
 */
#ifndef GCLAT_TD_NAMES_H
#define GCLAT_TD_NAMES_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct td_set;

struct td_names {
    struct td_set *set;   /* owns the names */
    size_t *slot;         /* open addressing: thread index + 1 */
    size_t cap;
    size_t first, n;      /* the dump's thread range */
    size_t with_tid;      /* threads of the dump with an OS thread id */
    const char *timestamp; /* the dump's, or NULL */
};

/*
 * Read path. Returns 0; -1 on an I/O error (message printed); -2 when the file
 * holds no thread with an OS thread id (message printed: not a dump, or a
 * format without nids such as ThreadMXBean dumps).
 */
int td_names_load(struct td_names *m, const char *path);
/* Name of OS thread tid, or NULL. */
const char *td_names_get(const struct td_names *m, int64_t tid);
void td_names_free(struct td_names *m);
#endif
