/*
 * impact_input.c — the service-time distribution and the GC logs of `gclat
 * impact` (impact_input.h).
 */
#include "impact_input.h"
#include "hist.h"
#include "reader.h"
#include "sniff.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void impact_svc_init(struct impact_svc *s)
{
    *s = (struct impact_svc){NULL, 0, "none", 0, 0, 0, 0, -1, -1};
}

void impact_svc_constant(struct impact_svc *s, int64_t ns)
{
    s->pts = xmalloc(sizeof *s->pts);
    s->pts[0].s_ns = ns;
    s->pts[0].w = 1;
    s->n = 1;
    s->source = "constant";
    s->p50_ns = s->p99_ns = ns;
    s->mean_ns = (double)ns;
}

int impact_svc_from_file(struct impact_svc *s, struct access_cfg *ac, const char *path, struct diag *diag)
{
    char *paths[1] = {(char *)path};
    if (sniff_inputs(SNIFF_ACCESS, &ac->lat, paths, 1, 0))
        return EXIT_BADINPUT;
    struct reader r;
    if (reader_open(&r, path) != 0) {
        warnx("cannot open %s: %s", path, strerror(errno));
        return EXIT_IO;
    }
    reader_set_diag(&r, diag);
    struct hist h;
    hist_init(&h, 3);
    const char *line;
    size_t len;
    int rc;
    while ((rc = reader_next(&r, &line, &len)) == 1) {
        if (len == 0)
            continue;
        diag->lines_read++;
        struct access_req q;
        const char *why = NULL;
        int k = access_parse(ac, line, len, &q, &why);
        if (k < 0) {
            diag_add(diag, why, r.name, r.lineno, line, len);
        } else if (k > 0) {
            hist_record(&h, q.dur_ns);
            /* timestamps are optional here; when present they give the request rate */
            int64_t t_ms;
            int32_t tz;
            if (lat_time(&ac->lat, line, len, &t_ms, &tz)) {
                if (s->first_ms < 0 || t_ms < s->first_ms)
                    s->first_ms = t_ms;
                if (t_ms > s->last_ms)
                    s->last_ms = t_ms;
            }
        }
    }
    if (rc < 0) {
        warnx("%s: %s", path, reader_strerror(&r));
        reader_close(&r);
        hist_fini(&h);
        return EXIT_IO;
    }
    reader_close(&r);
    if (h.total == 0) {
        hist_fini(&h);
        warnx("%s: no request durations found (check -f/--log-format/--unit)", path);
        return EXIT_BADINPUT;
    }
    s->requests = h.total;
    s->p50_ns = hist_percentile(&h, 50);
    s->p99_ns = hist_percentile(&h, 99);
    s->mean_ns = hist_mean(&h);
    /* Few distinct values: use them exactly; else equal-weight quantiles. */
    struct hist_iter it;
    size_t distinct = 0;
    hist_iter_init(&it, &h);
    while (hist_iter_next(&it))
        distinct++;
    hist_iter_fini(&it);
    if (distinct <= IMPACT_SVC_MAX_POINTS) {
        s->pts = xmalloc(distinct * sizeof *s->pts);
        hist_iter_init(&it, &h);
        while (hist_iter_next(&it)) {
            s->pts[s->n].s_ns = it.value;
            s->pts[s->n].w = (double)it.count / (double)h.total;
            s->n++;
        }
        hist_iter_fini(&it);
    } else {
        s->pts = xmalloc(IMPACT_SVC_MAX_POINTS * sizeof *s->pts);
        for (size_t j = 0; j < IMPACT_SVC_MAX_POINTS; j++) {
            s->pts[j].s_ns = hist_percentile(&h, 100.0 * ((double)j + 0.5) / IMPACT_SVC_MAX_POINTS);
            s->pts[j].w = 1.0 / IMPACT_SVC_MAX_POINTS;
        }
        s->n = IMPACT_SVC_MAX_POINTS;
    }
    hist_fini(&h);
    s->source = path;
    return 0;
}

double impact_svc_rate(const struct impact_svc *s)
{
    if (s->requests > 1 && s->first_ms >= 0 && s->last_ms - s->first_ms >= 1000)
        return (double)s->requests / ((double)(s->last_ms - s->first_ms) / 1e3);
    return 0;
}

void impact_svc_fini(struct impact_svc *s)
{
    free(s->pts);
    s->pts = NULL;
    s->n = 0;
}

int impact_gc_read(struct pause_tl *tl, char **files, int nfiles, enum gc_format forced, struct diag *diag,
                   struct intern *strings, struct impact_gc *g)
{
    memset(g, 0, sizeof *g);
    g->coll = GC_COLL_UNKNOWN;
    int rc = pause_tl_read(tl, files, nfiles, forced, diag, strings, &g->res, &g->events, &g->coll);
    if (rc)
        return rc;
    bool concurrent = g->coll == GC_COLL_ZGC || g->coll == GC_COLL_ZGC_GEN || g->coll == GC_COLL_SHENANDOAH ||
                      g->coll == GC_COLL_SHENANDOAH_GEN;
    g->lacks_pauses = concurrent && tl->n == 0 && g->events > 0;
    return 0;
}
