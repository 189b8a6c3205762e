/* watch_access.c — a followed access log of gclat watch (watch_access.h). */
#include "watch_access.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static int status_of(const struct lat_meta *m)
{
    int s = 0;
    for (size_t i = 0; m->status && i < m->status_len && i < 3; i++) {
        if (m->status[i] < '0' || m->status[i] > '9')
            return 0;
        s = s * 10 + (m->status[i] - '0');
    }
    return m->status && m->status_len == 3 ? s : 0;
}

static void on_line(void *ctx, const struct follow *f, const char *line, size_t len, unsigned flags)
{
    struct watch_access *a = ctx;
    struct watch_jvm *j = a->j;
    const char *file = f->open_path ? f->open_path : f->path;
    j->diag.lines_read++;
    if (flags & FOLLOW_LINE_CUT) {
        diag_add(&j->diag, "line too long", file, f->lineno, line, len);
        return;
    }
    if (!len)
        return;
    struct access_req r;
    const char *why = NULL;
    int k = access_parse(a->cfg, line, len, &r, &why);
    if (k == 0)
        return; /* --include/--exclude */
    if (k < 0) {
        diag_add(&j->diag, why ? why : "not an access-log line", file, f->lineno, line, len);
        return;
    }
    struct lat_meta m = {0};
    lat_meta(&a->cfg->lat, line, len, &m);
    int status = status_of(&m);
    const char *route = "unknown"; /* the log format has no request path */
    size_t kl = strlen(route);
    if (m.path)
        route = lat_route_key(&a->cfg->lat, m.path, m.path_len, &a->rbuf, &a->rcap, &kl);
    char *rt = xstrndup(route, kl);
    int64_t end_ms = (r.start_ns + r.dur_ns) / 1000000;
    a->requests++;
    watch_jvm_request(j, end_ms, r.dur_ns, status, rt);
    free(rt);
}

void watch_access_init(struct watch_access *a, const char *path, bool from_start, const struct access_cfg *cfg,
                       struct watch_jvm *j)
{
    memset(a, 0, sizeof *a);
    a->cfg = cfg;
    a->j = j;
    follow_init(&a->f, path, from_start);
}

long watch_access_poll(struct watch_access *a)
{
    long n = follow_poll(&a->f, on_line, a);
    a->j->wm->unparsed = a->j->diag.total;
    return n;
}

void watch_access_finish(struct watch_access *a)
{
    follow_flush(&a->f, on_line, a);
    a->j->wm->unparsed = a->j->diag.total;
}

void watch_access_fini(struct watch_access *a)
{
    follow_fini(&a->f);
    free(a->rbuf);
    memset(a, 0, sizeof *a);
}
