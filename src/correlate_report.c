/*
 * correlate_report.c — the report tree of `gclat correlate` around the
 * join's own figures (correlate_report.h).
 */
#include "correlate_report.h"
#include "gc_event.h"

#define MS 1000000LL
#define OFFSET_WARN_NS (10 * MS) /* a checked offset this far from the best one is warned */

static double ms(double ns)
{
    return ns / 1e6;
}

struct report_node *correlate_report(struct report_node *root, const struct correlate_run *x)
{
    struct report_node *al = rn_title(rn_obj(root, "alignment"), "Clock alignment");
    rn_title(rn_str(al, "method", x->auto_off ? "auto" : "given"), "Offset method");
    rn_title(rn_num(al, "offset_ms", ms((double)x->offset_ns), 3), "Offset (access + offset = GC clock)");
    rn_unit(al->last, "ms");
    if (x->auto_off) {
        rn_title(rn_num(al, "plateau_from_ms", ms((double)x->est->plateau_lo_ns), 3), "Equally good from");
        rn_unit(al->last, "ms");
        rn_title(rn_num(al, "plateau_to_ms", ms((double)x->est->plateau_hi_ns), 3), "Equally good to");
        rn_unit(al->last, "ms");
        rn_title(rn_int(al, "support", (int64_t)x->est->support), "Slow requests containing a whole pause at offset");
        rn_title(rn_int(al, "support_at_zero", (int64_t)x->est->support_at_zero), "... at offset 0");
        rn_title(rn_int(al, "slow_used", (int64_t)x->est->slow_used), "Slow requests used");
        rn_title(rn_int(al, "sample_used", (int64_t)x->est->sample_used), "Sampled requests used (edge check)");
        rn_title(rn_num(al, "range_ms", ms((double)x->range_ns), 0), "Search range (+/-)");
        rn_unit(al->last, "ms");
    } else {
        rn_title(rn_num(al, "offset_check_ms", ms((double)(x->offset_ns + x->check->offset_ns)), 3),
                 "Offset the data support best (same search as --offset auto)");
        rn_unit(al->last, "ms");
        rn_title(rn_int(al, "offset_check_support", (int64_t)x->check->support), "Slow requests containing a whole pause there");
        rn_title(rn_int(al, "offset_support", (int64_t)x->check->support_at_zero), "... at the offset used");
    }
    rn_title(rn_str(al, "timestamp_is", x->ts_is_end ? "end" : "start"), "Access-log timestamp is request");
    rn_title(rn_num(al, "resolution_ms", ms((double)x->resolution_ns), 3),
             x->res_auto ? "Timestamp resolution (detected)" : "Timestamp resolution (--resolution)");
    rn_unit(al->last, "ms");
    struct report_node *lt = cj_report(x->join, al, root, x->top);

    struct report_node *in = rn_title(rn_obj(root, "inputs"), "Input");
    rn_int(in, "gc_files", x->gres->files);
    rn_str(in, "gc_format", x->gres->mixed_formats ? "mixed" : gc_format_name(x->gres->format));
    rn_str(in, "collector", gc_collector_name(x->coll));
    rn_int(in, "gc_events", (int64_t)x->gevents);
    rn_int(in, "pauses", (int64_t)x->tl->n);
    rn_int(in, "stalls", (int64_t)x->tl->nst);
    rn_int(in, "access_files", x->nac);
    rn_int(in, "access_lines", (int64_t)x->alines);
    rn_int(in, "access_filtered", (int64_t)x->afiltered);
    if (x->join->minutes_untracked)
        rn_int(in, "minutes_untracked", (int64_t)x->join->minutes_untracked);
    diag_report(x->gdiag, root, "gc_unparsed_lines");
    rn_title(rn_get(root, "gc_unparsed_lines"), "Unparsed GC-log lines");
    diag_report(x->adiag, root, "access_unparsed_lines");
    rn_title(rn_get(root, "access_unparsed_lines"), "Unparsed access-log lines");

    return lt;
}

void correlate_misfits(const struct correlate_run *x, struct correlate_misfit *m)
{
    const struct cj *j = x->join;
    const struct offset_est *c = x->check;
    m->outside_span = j->outside_gc_span * 100 > j->n;
    uint64_t lim = j->n / 1000 > 10 ? j->n / 1000 : 10;
    m->edges_in_pauses = j->edge_violations > lim;
    int64_t corr = c->offset_ns < 0 ? -c->offset_ns : c->offset_ns;
    m->better_offset = !x->auto_off && corr > OFFSET_WARN_NS && c->support > c->support_at_zero &&
                       (c->plateau_lo_ns > 0 || c->plateau_hi_ns < 0);
    m->whole_seconds = x->resolution_ns >= 1000 * MS;
    m->no_thread_field = j->o.thread_join && j->no_thread == j->n;
    m->threads_unmatched = false;
    if (!m->no_thread_field && j->o.thread_join && x->tl->nst && j->nth && j->n_stalled == 0) {
        bool any = false;
        for (size_t k = 0; k < j->nth; k++)
            any |= j->th[k].requests > 0;
        m->threads_unmatched = !any;
    }
}
