/* td_names.c — see td_names.h. */
#include "td_names.h"
#include "td.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static size_t hash_tid(int64_t tid, size_t cap)
{
    return (size_t)((uint64_t)tid * 0x9e3779b97f4a7c15ULL >> 17) & (cap - 1);
}

int td_names_load(struct td_names *m, const char *path)
{
    memset(m, 0, sizeof *m);
    m->set = xcalloc(1, sizeof *m->set);
    td_set_init(m->set);
    if (td_parse_file(m->set, path, false) != 0)
        return -1;
    struct td_set *s = m->set;
    if (s->nd == 0) {
        warnx("%s: no thread dump found", path);
        return -2;
    }
    const struct td_dump *d = &s->d[s->nd - 1];
    m->first = d->first;
    m->n = d->n;
    m->timestamp = d->timestamp;
    m->cap = 64;
    while (m->cap < d->n * 2)
        m->cap *= 2;
    m->slot = xcalloc(m->cap, sizeof *m->slot);
    for (size_t i = d->first; i < d->first + d->n; i++) {
        int64_t tid = s->t[i].os_tid;
        if (tid < 0 || td_names_get(m, tid))
            continue;
        size_t j = hash_tid(tid, m->cap);
        while (m->slot[j])
            j = (j + 1) & (m->cap - 1);
        m->slot[j] = i + 1;
        m->with_tid++;
    }
    if (!m->with_tid) {
        warnx("%s: no thread with an OS thread id (nid) in the dump (%s format): cannot name "
              "top's threads", path, d->format);
        return -2;
    }
    return 0;
}

const char *td_names_get(const struct td_names *m, int64_t tid)
{
    if (!m->cap)
        return NULL;
    for (size_t j = hash_tid(tid, m->cap); m->slot[j]; j = (j + 1) & (m->cap - 1))
        if (m->set->t[m->slot[j] - 1].os_tid == tid)
            return m->set->t[m->slot[j] - 1].name;
    return NULL;
}

void td_names_free(struct td_names *m)
{
    if (m->set) {
        td_set_fini(m->set);
        free(m->set);
    }
    free(m->slot);
    memset(m, 0, sizeof *m);
}
