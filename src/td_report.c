/*
 * td_report.c — the `gclat threads` report tree: findings, input, threads by
 * state, pools, identical stacks, hot frames, the lock graph (contended
 * locks, blockers, chains, deadlock cycles), cpu=, the top -H join and the
 * comparison of several dumps. It only builds report nodes; renderers print.
 *
 * Every count is computed here from the parsed model (td.h); nothing is
 * estimated. Orderings are total (size, then dump order or name) so output
 * is deterministic. `limit` caps rows of each table (0 = all); the JSON keeps
 * the full thread lists of the rows it shows.
 */
#include "finding.h"
#include "td.h"
#include "td_time.h"
#include "report.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The threads findings (docs/findings.md); the text is the summary. */
enum td_fid { TDF_DEADLOCK, TDF_BLOCKER, TDF_TOP_GAP, TDF_BUSIEST, TDF_STUCK, TDF_NOT_A_DUMP, TDF_SAME_STACK };
static const struct {
    const char *id;
    enum finding_severity sev;
    const char *title, *meaning, *advice;
} td_texts[] = {
    [TDF_DEADLOCK] = {"deadlock", SEV_CRITICAL, "Java-level deadlock",
                      "These threads each hold a lock another of them waits for: none of them can go on, "
                      "ever.", "Take the locks in one global order, or use tryLock with a timeout."},
    [TDF_BLOCKER] = {"lock-blocker", SEV_WARNING, "A thread blocks others",
                     "Other threads wait for a lock this thread holds.",
                     "See what the holder does in its stack: I/O or a long computation under a lock."},
    [TDF_TOP_GAP] = {"top-dump-gap", SEV_WARNING, "top snapshot and dump far apart",
                     "The CPU figures and the stacks were taken at different moments.",
                     "Take the top -H snapshot and the dump within a few seconds of each other."},
    [TDF_BUSIEST] = {"busiest-thread", SEV_INFO, "Busiest thread by top -H",
                     "The thread that used the most CPU in the top snapshot, and where it was.", NULL},
    [TDF_STUCK] = {"stuck-threads", SEV_WARNING, "Threads stuck on the same stack",
                   "These threads showed the same stack in every dump: they made no progress between them.",
                   "Look at the top frames: a lock, a remote call without a timeout, or a busy loop."},
    [TDF_NOT_A_DUMP] = {"not-a-dump", SEV_INFO, "Input that is not a thread dump",
                        "Part of the input is another kind of output (a class histogram, ...).", NULL},
    [TDF_SAME_STACK] = {"identical-stacks", SEV_INFO, "Largest group of identical stacks",
                        "Many threads with the same stack are usually a pool waiting for work, or all "
                        "waiting for the same thing.", NULL},
};

static void td_finding(struct findings *fs, enum td_fid k, const char *text)
{
    findings_add(fs, td_texts[k].id, td_texts[k].sev, td_texts[k].title, text, td_texts[k].meaning,
                 td_texts[k].advice);
}

static size_t cap_rows(const struct td_opts *o, size_t n)
{
    return o->limit > 0 && (size_t)o->limit < n ? (size_t)o->limit : n;
}

static const char *top_frame(const struct td_thread *t)
{
    return t->nframes ? t->frames[0].method : "";
}

static const char *top_app(const struct td_opts *o, const struct td_thread *t)
{
    int f = td_top_app_frame(&o->px, t);
    return f >= 0 ? t->frames[f].method : "";
}

/* "http-nio-8080-exec-* (19), main" — who is in a list of threads, by pool. */
static char *pool_summary(const struct td_set *s, const size_t *idx, size_t n, size_t max_items)
{
    const char **names = xcalloc(n ? n : 1, sizeof *names);
    size_t *cnt = xcalloc(n ? n : 1, sizeof *cnt);
    size_t *first = xcalloc(n ? n : 1, sizeof *first);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        const char *p = s->t[idx[i]].pool;
        size_t j = 0;
        while (j < k && names[j] != p)
            j++;
        if (j == k) {
            if (k >= 64) /* bounded: the summary is for people */
                continue;
            names[k] = p;
            first[k] = idx[i];
            k++;
        }
        cnt[j]++;
    }
    /* order by count desc, then first appearance */
    for (size_t i = 1; i < k; i++)
        for (size_t j = i; j > 0 && (cnt[j - 1] < cnt[j] || (cnt[j - 1] == cnt[j] && first[j - 1] > first[j])); j--) {
            const char *tn = names[j];
            names[j] = names[j - 1];
            names[j - 1] = tn;
            size_t tc = cnt[j];
            cnt[j] = cnt[j - 1];
            cnt[j - 1] = tc;
            size_t tf = first[j];
            first[j] = first[j - 1];
            first[j - 1] = tf;
        }
    size_t cap = 256, len = 0;
    char *out = xmalloc(cap);
    out[0] = '\0';
    for (size_t i = 0; i < k && i < max_items; i++) {
        char *item;
        if (cnt[i] == 1)
            item = xasprintf("%s%s", i ? ", " : "", s->t[first[i]].name);
        else
            item = xasprintf("%s%s (%zu)", i ? ", " : "", names[i], cnt[i]);
        size_t il = strlen(item);
        xgrow((void **)&out, &cap, len + il + 16, 1);
        memcpy(out + len, item, il + 1);
        len += il;
        free(item);
    }
    if (k > max_items) {
        char *more = xasprintf(", ... %zu more", k - max_items);
        size_t ml = strlen(more);
        xgrow((void **)&out, &cap, len + ml + 1, 1);
        memcpy(out + len, more, ml + 1);
        free(more);
    }
    free(names);
    free(cnt);
    free(first);
    return out;
}

static void names_array(const struct td_set *s, struct report_node *parent, const char *key,
                        const size_t *idx, size_t n)
{
    struct report_node *a = rn_flags(rn_arr(parent, key), RF_NOTEXT);
    for (size_t i = 0; i < n; i++)
        rn_str(a, NULL, s->t[idx[i]].name);
}

static const char *rel_text(enum td_rel r)
{
    switch (r) {
    case TD_LOCKED: return "locked";
    case TD_WAIT_LOCK: return "waiting to lock";
    case TD_WAIT_ON: return "waiting on";
    case TD_RELOCK: return "waiting to re-lock in wait()";
    case TD_PARK: return "parking to wait for";
    case TD_OWNABLE: return "owns synchronizer";
    case TD_ELIMINATED: return "eliminated";
    }
    return "?";
}

/* Stack of one thread as a one-column table, lock lines interleaved like jstack prints them. */
static void stack_table(const struct td_opts *o, struct report_node *parent, const struct td_thread *t)
{
    struct report_node *a = rn_flags(rn_title(rn_arr(parent, "stack"), "stack"), RF_TABLE | RF_WIDE);
    int depth = o->stack_depth > 0 && o->stack_depth < t->nframes ? o->stack_depth : t->nframes;
    int k = 0;
    while (k < t->nlocks && t->locks[k].frame < 0 && t->locks[k].rel != TD_OWNABLE)
        k++;
    for (int f = 0; f < depth; f++) {
        char *fr = xasprintf("at %s(%s)", t->frames[f].method, t->frames[f].loc);
        rn_str(rn_obj(a, NULL), "frame", fr);
        free(fr);
        for (k = 0; k < t->nlocks; k++) {
            const struct td_lock *L = &t->locks[k];
            if (L->frame != f || L->rel == TD_OWNABLE)
                continue;
            char *ll = xasprintf("  - %s <%s>%s%s%s", rel_text(L->rel), L->id ? L->id : "?",
                                 L->cls ? " (a " : "", L->cls ? L->cls : "", L->cls ? ")" : "");
            rn_str(rn_obj(a, NULL), "frame", ll);
            free(ll);
        }
    }
    if (depth < t->nframes) {
        char *more = xasprintf("... %d more frames (--depth 0 shows all)", t->nframes - depth);
        rn_str(rn_obj(a, NULL), "frame", more);
        free(more);
    }
}


/* ------------------------------------------------------------------ orderings (all total) */

struct bl {
    size_t t, direct, total;
};

struct cd {
    size_t t;
    double dcpu, dt;
};

static int cmp_sel(const void *x, const void *y)
{
    const struct td_fcount *a = x, *b = y;
    if (a->stamp != b->stamp)
        return a->stamp > b->stamp ? -1 : 1;
    return strcmp(a->method, b->method);
}

static int cmp_bl(const void *x, const void *y)
{
    const struct bl *a = x, *b = y;
    if (a->total != b->total)
        return a->total > b->total ? -1 : 1;
    return a->t < b->t ? -1 : a->t > b->t;
}

static int cmp_cd(const void *x, const void *y)
{
    const struct cd *a = x, *b = y;
    if (a->dcpu != b->dcpu)
        return a->dcpu > b->dcpu ? -1 : 1;
    return a->t < b->t ? -1 : a->t > b->t;
}

static int cmp_cpu(const void *x, const void *y, void *ctx)
{
    const struct td_set *s = ctx;
    size_t a = *(const size_t *)x, b = *(const size_t *)y;
    if (s->t[a].cpu_ms != s->t[b].cpu_ms)
        return s->t[a].cpu_ms > s->t[b].cpu_ms ? -1 : 1;
    return a < b ? -1 : a > b;
}

static int cmp_toprow(const void *x, const void *y, void *ctx)
{
    const struct td_top *top = ctx;
    const struct td_top_row *a = &top->rows[*(const size_t *)x], *b = &top->rows[*(const size_t *)y];
    if (a->cpu_pct != b->cpu_pct)
        return a->cpu_pct > b->cpu_pct ? -1 : 1;
    return a->tid < b->tid ? -1 : a->tid > b->tid;
}

static int stuck_rank(const struct td_thread *t);

static int cmp_stuck(const void *x, const void *y, void *ctx)
{
    const struct td_set *s = ctx;
    size_t a = *(const size_t *)x, b = *(const size_t *)y;
    int ra = stuck_rank(&s->t[a]), rb = stuck_rank(&s->t[b]);
    if (ra != rb)
        return ra < rb ? -1 : 1;
    return a < b ? -1 : a > b;
}

/* ------------------------------------------------------------------ sections */

static const char *const k_states[] = {"RUNNABLE", "BLOCKED", "WAITING", "TIMED_WAITING"};

static void section_input(const struct td_set *s, size_t di, struct report_node *root)
{
    const struct td_dump *d = &s->d[di];
    struct report_node *o = rn_title(rn_obj(root, "input"), "Input");
    rn_int(o, "dumps", (int64_t)s->nd);
    rn_int(o, "analysed_dump", (int64_t)di + 1);
    rn_str(o, "file", d->file);
    rn_int(o, "line", (int64_t)d->line);
    rn_str(o, "format", d->format);
    if (d->timestamp)
        rn_str(o, "timestamp", d->timestamp);
    if (d->vm)
        rn_str(o, "vm", d->vm);
    if (d->pid >= 0)
        rn_int(o, "pid", d->pid);
    size_t virt = 0, daemon = 0;
    for (size_t i = d->first; i < d->first + d->n; i++) {
        virt += s->t[i].is_virtual;
        daemon += s->t[i].daemon;
    }
    rn_int(o, "threads", (int64_t)d->n);
    rn_int(o, "virtual_threads", (int64_t)virt);
    rn_int(o, "daemon_threads", (int64_t)daemon);
    if (d->jni_global_refs >= 0)
        rn_int(o, "jni_global_refs", d->jni_global_refs);
    if (s->nd > 1) {
        struct report_node *a = rn_flags(rn_title(rn_arr(root, "dumps"), "Dumps"), RF_TABLE);
        for (size_t k = 0; k < s->nd; k++) {
            const struct td_dump *x = &s->d[k];
            struct report_node *r = rn_obj(a, NULL);
            rn_int(r, "dump", (int64_t)k + 1);
            rn_str(r, "file", x->file);
            rn_int(r, "line", (int64_t)x->line);
            rn_str(r, "timestamp", x->timestamp ? x->timestamp : "");
            rn_int(r, "threads", (int64_t)x->n);
            size_t c[4] = {0};
            for (size_t i = x->first; i < x->first + x->n; i++)
                for (int q = 0; q < 4; q++)
                    if (strcmp(s->t[i].state, k_states[q]) == 0)
                        c[q]++;
            rn_int(r, "runnable", (int64_t)c[0]);
            rn_int(r, "blocked", (int64_t)c[1]);
            rn_int(r, "waiting", (int64_t)c[2]);
            rn_int(r, "timed_waiting", (int64_t)c[3]);
        }
    }
}

static void section_states(const struct td_set *s, size_t di, struct report_node *root)
{
    const struct td_dump *d = &s->d[di];
    /* (state, detail) pairs in first-seen order, then sorted by count */
    struct sc {
        const char *state, *detail;
        size_t n;
    } *v = NULL;
    size_t nv = 0, cap = 0;
    for (size_t i = d->first; i < d->first + d->n; i++) {
        const struct td_thread *t = &s->t[i];
        size_t j = 0;
        while (j < nv && !(v[j].state == t->state && v[j].detail == t->state_detail))
            j++;
        if (j == nv) {
            xgrow((void **)&v, &cap, nv + 1, sizeof *v);
            v[nv].state = t->state;
            v[nv].detail = t->state_detail;
            v[nv].n = 0;
            nv++;
        }
        v[j].n++;
    }
    for (size_t i = 1; i < nv; i++)
        for (size_t j = i; j > 0 && v[j - 1].n < v[j].n; j--) {
            struct sc tmp = v[j];
            v[j] = v[j - 1];
            v[j - 1] = tmp;
        }
    struct report_node *a = rn_flags(rn_title(rn_arr(root, "states"), "Threads by state"), RF_TABLE);
    for (size_t i = 0; i < nv; i++) {
        struct report_node *r = rn_obj(a, NULL);
        rn_str(r, "state", v[i].state);
        rn_str(r, "detail", v[i].detail ? v[i].detail : "");
        rn_int(r, "threads", (int64_t)v[i].n);
        rn_num(r, "pct", d->n ? 100.0 * (double)v[i].n / (double)d->n : 0, 1);
    }
    free(v);
}

static void section_pools(const struct td_set *s, const struct td_opts *o, size_t di,
                          struct report_node *root)
{
    const struct td_dump *d = &s->d[di];
    struct td_pool *p;
    size_t np = td_pools(s, d->first, d->n, &p);
    struct report_node *obj = rn_title(rn_obj(root, "pools"), "Pools (threads grouped by name, trailing ids -> *)");
    size_t multi = 0, single = 0;
    for (size_t i = 0; i < np; i++)
        if (p[i].n > 1)
            multi++;
        else
            single++;
    rn_int(obj, "pools", (int64_t)multi);
    rn_title(rn_int(obj, "single_threads", (int64_t)single), "threads not in a pool");
    struct report_node *a = rn_flags(rn_arr(obj, "table"), RF_TABLE);
    rn_title(a, "pools with 2+ threads");
    size_t shown = 0, lim = cap_rows(o, multi);
    for (size_t i = 0; i < np && shown < lim; i++) {
        if (p[i].n < 2)
            continue;
        shown++;
        struct report_node *r = rn_obj(a, NULL);
        rn_str(r, "pool", p[i].name);
        rn_int(r, "threads", (int64_t)p[i].n);
        rn_int(r, "runnable", (int64_t)p[i].runnable);
        rn_int(r, "blocked", (int64_t)p[i].blocked);
        rn_int(r, "waiting", (int64_t)p[i].waiting);
        rn_int(r, "timed_waiting", (int64_t)p[i].timed);
        rn_int(r, "other", (int64_t)p[i].other);
    }
    free(p);
}

static void section_groups(const struct td_set *s, const struct td_opts *o, size_t di,
                           struct report_node *root)
{
    const struct td_dump *d = &s->d[di];
    struct td_sgroup *g, *gl;
    size_t ng = td_stack_groups(s, d->first, d->n, false, &g);
    size_t ngl = td_stack_groups(s, d->first, d->n, true, &gl);
    struct report_node *obj = rn_title(rn_obj(root, "identical_stacks"),
                                       "Identical stacks (identity: frames only, lock lines excluded)");
    size_t nofr = 0, multi = 0;
    for (size_t i = d->first; i < d->first + d->n; i++)
        nofr += s->t[i].nframes == 0;
    for (size_t i = 0; i < ng; i++)
        multi += g[i].n > 1;
    rn_title(rn_int(obj, "groups", (int64_t)multi), "groups (2+ threads)");
    rn_title(rn_int(obj, "distinct_stacks", (int64_t)ng), "distinct stacks");
    rn_title(rn_int(obj, "largest", ng ? (int64_t)g[0].n : 0), "largest group");
    rn_title(rn_int(obj, "largest_with_lock_lines", ngl ? (int64_t)gl[0].n : 0),
             "largest if lock lines were part of the identity");
    rn_title(rn_int(obj, "threads_without_frames", (int64_t)nofr), "threads without Java frames");
    struct report_node *a = rn_title(rn_arr(obj, "groups_list"), "groups, largest first");
    size_t lim = cap_rows(o, multi);
    /* frames-only group of each thread, then count with-locks groups per frames-only group */
    size_t *grp = xmalloc((d->n ? d->n : 1) * sizeof *grp);
    size_t *nvar = xcalloc(ng ? ng : 1, sizeof *nvar);
    for (size_t k = 0; k < ng; k++)
        for (size_t q = 0; q < g[k].n; q++)
            grp[g[k].idx[q] - d->first] = k;
    for (size_t k = 0; k < ngl; k++)
        nvar[grp[gl[k].idx[0] - d->first]]++;
    for (size_t i = 0; i < lim; i++) {
        const struct td_sgroup *x = &g[i];
        const struct td_thread *t = &s->t[x->idx[0]];
        char *title = xasprintf("#%zu: %zu threads", i + 1, x->n);
        struct report_node *r = rn_title(rn_obj(a, NULL), title);
        free(title);
        rn_int(r, "rank", (int64_t)i + 1);
        rn_int(r, "threads", (int64_t)x->n);
        /* states inside the group */
        size_t c[5] = {0};
        for (size_t k = 0; k < x->n; k++) {
            int q = 0;
            while (q < 4 && strcmp(s->t[x->idx[k]].state, k_states[q]) != 0)
                q++;
            c[q]++;
        }
        char st[160];
        size_t sl = 0;
        for (int q = 0; q < 5; q++)
            if (c[q])
                sl += (size_t)snprintf(st + sl, sizeof st - sl, "%s%s %zu", sl ? ", " : "",
                                       q < 4 ? k_states[q] : "other", c[q]);
        rn_str(r, "states", st);
        rn_str(r, "top_frame", top_frame(t));
        rn_str(r, "top_app_frame", top_app(o, t));
        char *ps = pool_summary(s, x->idx, x->n, 6);
        rn_str(r, "who", ps);
        free(ps);
        /* how many distinct stacks this group splits into when lock lines count */
        size_t variants = nvar[i];
        rn_title(rn_int(r, "variants_with_lock_lines", (int64_t)variants),
                 "distinct stacks with lock lines");
        names_array(s, r, "thread_names", x->idx, x->n);
        stack_table(o, r, t);
    }
    free(grp);
    free(nvar);
    td_sgroups_free(g, ng);
    td_sgroups_free(gl, ngl);
}

static void frame_table(struct report_node *obj, const char *key, const char *title,
                        const struct td_fcount *fc, size_t nf, const struct td_opts *o, int which)
{
    /* which: 0 top of stack (all), 1 first app frame, 2 app anywhere, 3 framework anywhere */
    struct td_fcount *sel = xmalloc((nf ? nf : 1) * sizeof *sel);
    size_t n = 0;
    for (size_t i = 0; i < nf; i++) {
        size_t v = which == 0 ? fc[i].top : which == 1 ? fc[i].top_app : fc[i].any;
        if (!v || (which == 2 && !fc[i].app) || (which == 3 && fc[i].app))
            continue;
        sel[n] = fc[i];
        sel[n].stamp = v;
        n++;
    }
    if (n > 1)
        qsort(sel, n, sizeof *sel, cmp_sel);
    struct report_node *a = rn_flags(rn_title(rn_arr(obj, key), title), RF_TABLE | RF_WIDE);
    size_t lim = cap_rows(o, n);
    for (size_t i = 0; i < lim; i++) {
        struct report_node *r = rn_obj(a, NULL);
        rn_int(r, "threads", (int64_t)sel[i].stamp);
        if (which == 0)
            rn_str(r, "kind", sel[i].app ? "app" : "jdk/framework");
        rn_str(r, "frame", sel[i].method);
    }
    free(sel);
}

static void section_hot(const struct td_set *s, const struct td_opts *o, size_t di,
                        struct report_node *root)
{
    const struct td_dump *d = &s->d[di];
    struct td_fcount *fc;
    size_t nf = td_hot_frames(s, &o->px, d->first, d->n, &fc);
    struct report_node *obj = rn_title(rn_obj(root, "hot_frames"), "Hot frames (threads per method)");
    if (o->px.napp) {
        char buf[512];
        size_t bl = 0;
        for (size_t i = 0; i < o->px.napp && bl < sizeof buf - 1; i++)
            bl += (size_t)snprintf(buf + bl, sizeof buf - bl, "%s%s", i ? "," : "", o->px.app[i]);
        rn_str(obj, "app_packages", buf);
    } else {
        rn_str(obj, "app_packages", "(not given: every frame outside the JDK/framework list)");
    }
    frame_table(obj, "top_of_stack", "top of stack", fc, nf, o, 0);
    frame_table(obj, "top_app_frame", "first application frame of each thread", fc, nf, o, 1);
    frame_table(obj, "app_anywhere", "application frames anywhere in the stack", fc, nf, o, 2);
    frame_table(obj, "framework_anywhere", "JDK/framework and generated lambda frames anywhere in the stack", fc, nf, o, 3);
    free(fc);
}

static const char *lock_kind(const struct td_lockinfo *L)
{
    if (L->ownable)
        return "j.u.c synchronizer";
    if (L->nblocked || L->owner >= 0)
        return "monitor";
    if (L->nparked)
        return "park blocker";
    return "monitor (wait)";
}

static int cmp_lock_rank(const void *pa, const void *pb, void *ctx)
{
    const struct td_locks *g = ctx;
    size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
    const struct td_lockinfo *x = &g->l[a], *y = &g->l[b];
    size_t nx = x->nblocked + x->nparked + x->nwaiting, ny = y->nblocked + y->nparked + y->nwaiting;
    if (nx != ny)
        return nx > ny ? -1 : 1;
    return a < b ? -1 : a > b;
}

static char *lock_desc(const struct td_lockinfo *L)
{
    return xasprintf("%s <%s> (a %s)", L->ownable ? "ownable synchronizer" : "monitor", L->id,
                     L->cls ? L->cls : "?");
}

static void section_locks(const struct td_set *s, const struct td_opts *o, size_t di,
                          struct report_node *root, struct findings *findings)
{
    const struct td_dump *d = &s->d[di];
    struct td_locks g;
    td_locks_build(s, di, &g);

    /* ---- deadlocks first: they are the headline */
    struct report_node *dl = rn_title(rn_obj(root, "deadlocks"), "Deadlocks (every wait-for cycle)");
    rn_int(dl, "found", (int64_t)g.ncyc);
    if (d->jvm_deadlocks >= 0)
        rn_title(rn_int(dl, "jvm_reported", d->jvm_deadlocks), "reported by the JVM in the dump");
    struct report_node *cyc = rn_title(rn_arr(dl, "cycles"), "cycles");
    for (size_t c = 0; c < g.ncyc; c++) {
        const struct td_cycle *y = &g.cyc[c];
        const char *kind = y->monitor && y->juc ? "mixed monitor/j.u.c" : y->juc ? "j.u.c" : "monitor";
        char *title = xasprintf("Found one Java-level deadlock (%s, %zu threads)", kind, y->n);
        struct report_node *r = rn_title(rn_obj(cyc, NULL), title);
        free(title);
        rn_str(r, "kind", kind);
        size_t cap = 64, len = 0;
        char *chain = xmalloc(cap);
        chain[0] = '\0';
        for (size_t k = 0; k <= y->n; k++) {
            const char *nm = s->t[y->threads[k % y->n]].name;
            size_t nl = strlen(nm);
            xgrow((void **)&chain, &cap, len + nl + 8, 1);
            len += (size_t)sprintf(chain + len, "%s%s", k ? " -> " : "", nm);
        }
        rn_str(r, "cycle", chain);
        
        char *f = xasprintf("deadlock (%s): %s", kind, chain);
        td_finding(findings, TDF_DEADLOCK, f);
        free(f);
        free(chain);
        names_array(s, r, "threads", y->threads, y->n);
        struct report_node *e = rn_flags(rn_title(rn_arr(r, "edges"), "edges"), RF_TABLE | RF_WIDE);
        for (size_t k = 0; k < y->n; k++) {
            struct report_node *row = rn_obj(e, NULL);
            const struct td_lockinfo *L = &g.l[y->locks[k]];
            rn_str(row, "thread", s->t[y->threads[k]].name);
            char *ld = lock_desc(L);
            rn_str(row, "waiting_for", ld);
            free(ld);
            rn_str(row, "held_by", s->t[y->threads[(k + 1) % y->n]].name);
        }
    }

    /* ---- contended locks */
    struct report_node *obj = rn_title(rn_obj(root, "locks"), "Lock graph");
    size_t *ord = xmalloc((g.nl ? g.nl : 1) * sizeof *ord);
    size_t no = 0, blocked_threads = 0, parked_owned = 0;
    for (size_t i = 0; i < g.nl; i++) {
        const struct td_lockinfo *L = &g.l[i];
        blocked_threads += L->nblocked;
        if (L->owner >= 0)
            parked_owned += L->nparked;
        if (L->nblocked + L->nparked + L->nwaiting)
            ord[no++] = i;
    }
    if (no > 1)
        qsort_r(ord, no, sizeof *ord, cmp_lock_rank, &g);
    rn_title(rn_int(obj, "locks_with_waiters", (int64_t)no), "locks with waiters");
    rn_title(rn_int(obj, "blocked_on_monitors", (int64_t)blocked_threads), "threads BLOCKED on monitors");
    rn_title(rn_int(obj, "parked_on_owned", (int64_t)parked_owned), "threads parked on an owned synchronizer");
    struct report_node *a = rn_flags(rn_title(rn_arr(obj, "contended"), "locks with waiters (owner and waiters)"),
                                     RF_TABLE);
    size_t lim = cap_rows(o, no);
    for (size_t i = 0; i < lim; i++) {
        const struct td_lockinfo *L = &g.l[ord[i]];
        struct report_node *r = rn_obj(a, NULL);
        rn_str(r, "lock", L->id);
        rn_str(r, "class", L->cls ? L->cls : "");
        rn_str(r, "kind", lock_kind(L));
        if (L->owner >= 0)
            rn_str(r, "owner", s->t[L->owner].name);
        else if (L->owner_name)
            rn_str(r, "owner", L->owner_name);
        else
            /* Object.wait() released the monitor; otherwise the dump does not say */
            rn_str(r, "owner", (!L->nblocked && !L->nparked) ? "(none)" : "(unknown)");
        rn_int(r, "blocked", (int64_t)L->nblocked);
        rn_int(r, "parked", (int64_t)L->nparked);
        rn_title(rn_int(r, "waiting", (int64_t)L->nwaiting), "in wait()");
        size_t nw = L->nblocked + L->nparked + L->nwaiting;
        size_t *all = xmalloc(nw * sizeof *all);
        if (L->nblocked)
            memcpy(all, L->blocked, L->nblocked * sizeof *all);
        if (L->nparked)
            memcpy(all + L->nblocked, L->parked, L->nparked * sizeof *all);
        if (L->nwaiting)
            memcpy(all + L->nblocked + L->nparked, L->waiting, L->nwaiting * sizeof *all);
        char *ps = pool_summary(s, all, nw, 3);
        rn_str(r, "waiters", ps);
        free(ps);
        names_array(s, r, "blocked_threads", L->blocked, L->nblocked);
        names_array(s, r, "parked_threads", L->parked, L->nparked);
        names_array(s, r, "waiting_threads", L->waiting, L->nwaiting);
        free(all);
    }

    /* ---- blockers: owners others wait for, with transitive counts */
    struct bl *b = NULL;
    size_t nb = 0, capb = 0;
    for (size_t r = 0; r < g.n; r++) {
        if (g.rev_head[r] < 0)
            continue;
        xgrow((void **)&b, &capb, nb + 1, sizeof *b);
        b[nb].t = g.first + r;
        b[nb].total = td_locks_blocked_behind(&g, g.first + r, &b[nb].direct);
        nb++;
    }
    if (nb > 1)
        qsort(b, nb, sizeof *b, cmp_bl);
    struct report_node *ba = rn_flags(rn_title(rn_arr(obj, "blockers"), "threads holding locks others wait for"),
                                      RF_TABLE);
    lim = cap_rows(o, nb);
    for (size_t i = 0; i < lim; i++) {
        const struct td_thread *t = &s->t[b[i].t];
        struct report_node *r = rn_obj(ba, NULL);
        rn_str(r, "thread", t->name);
        rn_str(r, "state", t->state);
        rn_int(r, "directly_blocked", (int64_t)b[i].direct);
        rn_title(rn_int(r, "total_blocked", (int64_t)b[i].total), "blocked incl. chains");
        long w = g.waits_for[b[i].t - g.first];
        rn_str(r, "itself_waits_for", w >= 0 && g.l[w].owner >= 0 ? s->t[g.l[w].owner].name : "-");
        rn_str(r, "top_app_frame", top_app(o, t));
        bool in_cycle = g.in_cycle[b[i].t - g.first];
        if (i < 3 && b[i].total >= 2 && b[i].direct >= 1 && !in_cycle) {
            /* the lock most of its waiters wait for, for the finding text */
            const char *cls = NULL;
            for (size_t k = 0; k < g.nl && !cls; k++)
                if (g.l[k].owner == (long)b[i].t && g.l[k].nblocked + g.l[k].nparked)
                    cls = g.l[k].cls;
            char *f = xasprintf("%s (%s, in %s) blocks %zu threads%s%s", t->name, t->state,
                                *top_app(o, t) ? top_app(o, t) : top_frame(t), b[i].total,
                                cls ? " on " : "", cls ? cls : "");
            td_finding(findings, TDF_BLOCKER, f);
            free(f);
        }
    }

    /* ---- chains of 3+ threads (waiter -> owner -> owner's owner ...) from leaf waiters */
    struct report_node *ca = rn_flags(rn_title(rn_arr(obj, "chains"), "blocked chains (3+ threads)"),
                                      RF_TABLE | RF_WIDE);
    size_t nchains = 0;
    unsigned *stamp = xcalloc(g.n ? g.n : 1, sizeof *stamp);
    for (size_t r = 0; r < g.n; r++) {
        if (g.owner_of_wait[r] < 0 || g.rev_head[r] >= 0)
            continue; /* not waiting, or not a leaf */
        size_t o1 = (size_t)g.owner_of_wait[r] - g.first;
        if (g.owner_of_wait[o1] < 0)
            continue; /* chain of 2: shown as a blocker */
        if (o->limit > 0 && nchains >= (size_t)o->limit)
            break;
        size_t cap = 128, len = 0, steps = 0;
        char *ch = xmalloc(cap);
        ch[0] = '\0';
        size_t x = r;
        bool cycle = false, cut = false;
        unsigned id = (unsigned)nchains + 1;
        for (;;) {
            const char *nm = s->t[g.first + x].name;
            if (steps == 32) { /* bounded: a chain is for reading */
                cut = true;
                break;
            }
            xgrow((void **)&ch, &cap, len + strlen(nm) + 8, 1);
            len += (size_t)sprintf(ch + len, "%s%s", steps ? " -> " : "", nm);
            steps++;
            if (stamp[x] == id) {
                cycle = true;
                break;
            }
            stamp[x] = id;
            if (g.owner_of_wait[x] < 0)
                break;
            x = (size_t)g.owner_of_wait[x] - g.first;
        }
        if (cut) {
            xgrow((void **)&ch, &cap, len + 16, 1);
            len += (size_t)sprintf(ch + len, " -> ...");
        }
        struct report_node *row = rn_obj(ca, NULL);
        rn_str(row, "chain", ch);
        rn_int(row, "threads", (int64_t)(cycle ? steps - 1 : steps));
        rn_bool(row, "ends_in_deadlock", cycle || (cut && g.in_cycle[x]));
        free(ch);
        nchains++;
    }
    free(stamp);
    free(b);
    free(ord);
    td_locks_fini(&g);
}

static void section_cpu(const struct td_set *s, const struct td_opts *o, size_t di,
                        struct report_node *root)
{
    const struct td_dump *d = &s->d[di];
    size_t *idx = xmalloc((d->n ? d->n : 1) * sizeof *idx);
    size_t n = 0;
    for (size_t i = d->first; i < d->first + d->n; i++)
        if (s->t[i].cpu_ms >= 0)
            idx[n++] = i;
    if (!n) {
        free(idx);
        return;
    }
    if (n > 1)
        qsort_r(idx, n, sizeof *idx, cmp_cpu, (void *)s);
    struct report_node *a = rn_flags(rn_title(rn_arr(root, "cpu"), "Threads by cpu= (CPU time since the thread started)"),
                                     RF_TABLE);
    size_t lim = cap_rows(o, n);
    for (size_t i = 0; i < lim; i++) {
        const struct td_thread *t = &s->t[idx[i]];
        struct report_node *r = rn_obj(a, NULL);
        rn_str(r, "thread", t->name);
        rn_str(r, "state", t->state);
        rn_title(rn_unit(rn_num(r, "cpu_ms", t->cpu_ms, 2), "ms"), "cpu");
        if (t->elapsed_s > 0) {
            rn_title(rn_unit(rn_num(r, "elapsed_s", t->elapsed_s, 2), "s"), "elapsed");
            rn_title(rn_unit(rn_num(r, "avg_cpu_pct", 100.0 * t->cpu_ms / (t->elapsed_s * 1000.0), 1), "%"),
                     "avg cpu");
        } else {
            rn_null(r, "elapsed_s");
            rn_null(r, "avg_cpu_pct");
        }
        rn_str(r, "top_frame", top_frame(t));
    }
    free(idx);
}

static void section_top(const struct td_set *s, const struct td_opts *o, size_t di,
                        struct report_node *root, struct findings *findings)
{
    const struct td_top *top = o->top;
    const struct td_dump *d = &s->d[di];
    struct report_node *obj = rn_title(rn_obj(root, "top"), "CPU from top -H (last snapshot), joined on nid");
    rn_int(obj, "snapshots", top->snapshots);
    rn_int(obj, "rows", (int64_t)top->n);
    {
        /* a top snapshot and a dump taken far apart describe different moments */
        const char *why;
        int gap = td_top_gap_s(top, d, &why);
        if (top->last_time[0])
            rn_title(rn_str(obj, "snapshot_time", top->last_time), "top snapshot at");
        if (gap >= 0) {
            rn_title(rn_unit(rn_int(obj, "gap_s", gap), "s"), "gap to the dump");
            if (gap > TD_GAP_WARN_S) {
                char *f = xasprintf("the top snapshot (%s) and the dump (%s) are %d s apart: "
                                    "CPU and stacks may not describe the same moment",
                                    top->last_time, d->timestamp, gap);
                td_finding(findings, TDF_TOP_GAP, f);
                free(f);
            }
        } else {
            rn_title(rn_null(obj, "gap_s"), "gap to the dump");
            rn_title(rn_str(obj, "gap_unknown", why), "gap unknown");
        }
    }
    /* tid -> thread of the dump */
    size_t cap = 64;
    while (cap < d->n * 2)
        cap *= 2;
    size_t *slot = xcalloc(cap, sizeof *slot);
    for (size_t i = d->first; i < d->first + d->n; i++) {
        int64_t tid = s->t[i].os_tid;
        if (tid < 0)
            continue;
        size_t j = (size_t)(tid * 0x9e3779b97f4a7c15ULL >> 17) & (cap - 1);
        while (slot[j])
            j = (j + 1) & (cap - 1);
        slot[j] = i + 1;
    }
    long *match = xmalloc((top->n ? top->n : 1) * sizeof *match);
    size_t matched = 0;
    int64_t minunmatched = -1;
    for (size_t k = 0; k < top->n; k++) {
        match[k] = -1;
        size_t j = (size_t)(top->rows[k].tid * 0x9e3779b97f4a7c15ULL >> 17) & (cap - 1);
        while (slot[j]) {
            if (s->t[slot[j] - 1].os_tid == top->rows[k].tid) {
                match[k] = (long)(slot[j] - 1);
                break;
            }
            j = (j + 1) & (cap - 1);
        }
        if (match[k] >= 0)
            matched++;
        else if (minunmatched < 0 || top->rows[k].tid < minunmatched)
            minunmatched = top->rows[k].tid;
    }
    free(slot);
    /* the row whose TID == PID shows the whole process in procps top -H */
    int64_t pid = o->pid >= 0 ? o->pid : d->pid >= 0 ? d->pid : minunmatched;
    const char *pid_source = o->pid >= 0 ? "--pid" : d->pid >= 0 ? "dump" : "lowest unmatched TID";
    long prow = -1;
    for (size_t k = 0; k < top->n; k++)
        if (top->rows[k].tid == pid && match[k] < 0)
            prow = (long)k;
    rn_int(obj, "matched", (int64_t)matched);
    rn_title(rn_int(obj, "unmatched", (int64_t)(top->n - matched - (prow >= 0))), "rows not in the dump");
    if (prow >= 0) {
        rn_title(rn_int(obj, "process_row_tid", top->rows[prow].tid), "process row (TID = PID, excluded)");
        rn_title(rn_str(obj, "process_row_pid_from", pid_source), "PID taken from");
        rn_title(rn_unit(rn_num(obj, "process_cpu_pct", top->rows[prow].cpu_pct, 1), "%"),
                 "process CPU (whole JVM)");
    }
    size_t *ord = xmalloc((top->n ? top->n : 1) * sizeof *ord);
    size_t no = 0;
    double sum = 0;
    for (size_t k = 0; k < top->n; k++) {
        if ((long)k == prow)
            continue;
        sum += top->rows[k].cpu_pct;
        if (top->rows[k].cpu_pct > o->cpu_min_pct || (o->cpu_min_pct <= 0 && top->rows[k].cpu_pct > 0))
            ord[no++] = k;
    }
    rn_title(rn_unit(rn_num(obj, "threads_cpu_pct", sum, 1), "%"), "sum over thread rows");
    if (no > 1)
        qsort_r(ord, no, sizeof *ord, cmp_toprow, (void *)top);
    struct report_node *a = rn_flags(rn_title(rn_arr(obj, "threads"), "busiest threads"), RF_TABLE);
    size_t lim = cap_rows(o, no);
    for (size_t i = 0; i < lim; i++) {
        const struct td_top_row *row = &top->rows[ord[i]];
        struct report_node *r = rn_obj(a, NULL);
        rn_int(r, "tid", row->tid);
        char nid[32];
        snprintf(nid, sizeof nid, "0x%llx", (unsigned long long)row->tid);
        rn_str(r, "nid_hex", nid);
        rn_title(rn_unit(rn_num(r, "cpu_pct", row->cpu_pct, 1), "%"), "cpu");
        rn_str(r, "time", row->time);
        if (match[ord[i]] >= 0) {
            const struct td_thread *t = &s->t[match[ord[i]]];
            rn_str(r, "thread", t->name);
            rn_str(r, "state", t->state);
            rn_str(r, "top_frame", top_frame(t));
            rn_str(r, "top_app_frame", top_app(o, t));
        } else {
            char *c = xasprintf("(not in dump: %s)", row->command);
            rn_str(r, "thread", c);
            free(c);
            rn_str(r, "state", "");
            rn_str(r, "top_frame", "");
            rn_str(r, "top_app_frame", "");
        }
    }
    struct report_node *st = rn_title(rn_arr(obj, "stacks"), "stacks of the busiest threads");
    size_t shown = 0;
    for (size_t i = 0; i < no && shown < 3; i++) {
        if (match[ord[i]] < 0)
            continue;
        const struct td_thread *t = &s->t[match[ord[i]]];
        const struct td_top_row *row = &top->rows[ord[i]];
        char *title = xasprintf("%s (tid %lld, %.1f%% CPU, %s)", t->name, (long long)row->tid,
                                row->cpu_pct, t->state);
        struct report_node *r = rn_title(rn_obj(st, NULL), title);
        free(title);
        rn_flags(rn_str(r, "thread", t->name), RF_NOTEXT);
        rn_flags(rn_num(r, "cpu_pct", row->cpu_pct, 1), RF_NOTEXT);
        stack_table(o, r, t);
        if (shown == 0) {
            char *f = xasprintf("busiest thread by top -H: %s (tid %lld, %.1f%% CPU) in %s", t->name,
                                (long long)row->tid, row->cpu_pct,
                                *top_app(o, t) ? top_app(o, t) : top_frame(t));
            td_finding(findings, TDF_BUSIEST, f);
            free(f);
        }
        shown++;
    }
    free(ord);
    free(match);
}

/* Order of the stuck list: RUNNABLE (not in a native wait), BLOCKED, native waits, the rest. */
static int stuck_rank(const struct td_thread *t)
{
    if (strcmp(t->state, "RUNNABLE") == 0)
        return td_native_wait(t) ? 2 : 0;
    if (strcmp(t->state, "BLOCKED") == 0)
        return 1;
    return 3;
}

static void section_multi(const struct td_set *s, const struct td_opts *o, struct report_node *root,
                          struct findings *findings)
{
    const struct td_dump *d0 = &s->d[0], *dl = &s->d[s->nd - 1];
    struct report_node *obj = rn_title(rn_obj(root, "across_dumps"), "Across dumps (first vs. last, same process)");
    rn_int(obj, "dumps", (int64_t)s->nd);
    struct td_match **m = xcalloc(s->nd, sizeof *m);
    for (size_t k = 0; k + 1 < s->nd; k++)
        m[k] = td_match_new(s, k);
    size_t *stuck = xmalloc((dl->n ? dl->n : 1) * sizeof *stuck);
    size_t nstuck = 0, inall = 0;
    struct cd *cd = NULL;
    size_t ncd = 0, capcd = 0;
    for (size_t i = dl->first; i < dl->first + dl->n; i++) {
        const struct td_thread *t = &s->t[i];
        bool all = true, same = t->nframes > 0;
        const struct td_thread *first = NULL;
        for (size_t k = 0; k + 1 < s->nd; k++) {
            long j = td_match_find(m[k], t);
            if (j < 0) {
                all = false;
                break;
            }
            if (!first)
                first = &s->t[j];
            if (!td_same_stack(&s->t[j], t))
                same = false;
        }
        if (!all)
            continue;
        inall++;
        if (same)
            stuck[nstuck++] = i;
        if (first && first->cpu_ms >= 0 && t->cpu_ms >= 0 && first->elapsed_s >= 0 && t->elapsed_s > first->elapsed_s) {
            xgrow((void **)&cd, &capcd, ncd + 1, sizeof *cd);
            cd[ncd].t = i;
            cd[ncd].dcpu = t->cpu_ms - first->cpu_ms;
            cd[ncd].dt = t->elapsed_s - first->elapsed_s;
            ncd++;
        }
    }
    for (size_t k = 0; k + 1 < s->nd; k++)
        td_match_free(m[k]);
    free(m);
    if (nstuck > 1)
        qsort_r(stuck, nstuck, sizeof *stuck, cmp_stuck, (void *)s);
    rn_title(rn_int(obj, "threads_in_all_dumps", (int64_t)inall), "threads in every dump");
    rn_title(rn_int(obj, "stuck", (int64_t)nstuck), "stuck (same stack in every dump)");
    size_t sr = 0, sb = 0, sn = 0;
    for (size_t i = 0; i < nstuck; i++) {
        int rk = stuck_rank(&s->t[stuck[i]]);
        sr += rk == 0;
        sb += rk == 1;
        sn += rk == 2;
    }
    rn_title(rn_int(obj, "stuck_runnable", (int64_t)sr), "stuck and RUNNABLE (not in a native wait)");
    rn_title(rn_int(obj, "stuck_blocked", (int64_t)sb), "stuck and BLOCKED");
    rn_title(rn_int(obj, "stuck_native_wait", (int64_t)sn), "stuck RUNNABLE in a native wait (usually idle)");
    if (sr + sb) {
        char *f = xasprintf("%zu threads RUNNABLE and %zu BLOCKED with the same stack in all %zu dumps", sr, sb,
                            s->nd);
        td_finding(findings, TDF_STUCK, f);
        free(f);
    }
    struct report_node *a = rn_flags(rn_title(rn_arr(obj, "stuck_threads"), "stuck threads (RUNNABLE, then BLOCKED, then native waits)"),
                                     RF_TABLE);
    size_t lim = cap_rows(o, nstuck);
    for (size_t i = 0; i < lim; i++) {
        const struct td_thread *t = &s->t[stuck[i]];
        struct report_node *r = rn_obj(a, NULL);
        rn_str(r, "thread", t->name);
        rn_str(r, "state", t->state);
        rn_str(r, "top_frame", top_frame(t));
        rn_str(r, "top_app_frame", top_app(o, t));
        rn_str(r, "note", td_native_wait(t) ? "native wait (usually idle)" : "");
    }
    free(stuck);
    /* pool state changes */
    struct td_pool *p0, *p1;
    size_t n0 = td_pools(s, d0->first, d0->n, &p0);
    size_t n1 = td_pools(s, dl->first, dl->n, &p1);
    struct report_node *pa = rn_flags(rn_title(rn_arr(obj, "pool_changes"), "pools whose states changed (first -> last dump)"),
                                      RF_TABLE);
    size_t unchanged = 0, changed = 0;
    const struct td_pool zero = {0};
    /* pools of the last dump, then pools that disappeared */
    for (int pass = 0; pass < 2; pass++) {
        const struct td_pool *src = pass ? p0 : p1;
        size_t ns = pass ? n0 : n1;
        for (size_t i = 0; i < ns; i++) {
            const struct td_pool *a1 = pass ? td_pool_find(p1, n1, src[i].name) : &src[i];
            const struct td_pool *a0 = pass ? &src[i] : td_pool_find(p0, n0, src[i].name);
            if (pass && a1)
                continue;
            if (!a0)
                a0 = &zero;
            if (!a1)
                a1 = &zero;
            if (a0->n == a1->n && a0->runnable == a1->runnable && a0->blocked == a1->blocked &&
                a0->waiting == a1->waiting && a0->timed == a1->timed) {
                unchanged++;
                continue;
            }
            changed++;
            if (o->limit > 0 && changed > (size_t)o->limit)
                continue;
            struct report_node *r = rn_obj(pa, NULL);
            rn_str(r, "pool", src[i].name);
            rn_int(r, "threads_first", (int64_t)a0->n);
            rn_int(r, "threads_last", (int64_t)a1->n);
            rn_int(r, "runnable_first", (int64_t)a0->runnable);
            rn_int(r, "runnable_last", (int64_t)a1->runnable);
            rn_int(r, "blocked_first", (int64_t)a0->blocked);
            rn_int(r, "blocked_last", (int64_t)a1->blocked);
            rn_int(r, "waiting_first", (int64_t)(a0->waiting + a0->timed));
            rn_int(r, "waiting_last", (int64_t)(a1->waiting + a1->timed));
        }
    }
    rn_title(rn_int(obj, "pools_changed", (int64_t)changed), "pools with changed state counts");
    rn_title(rn_int(obj, "pools_unchanged", (int64_t)unchanged), "pools unchanged");
    free(p0);
    free(p1);
    /* CPU used between the first and the last dump */
    if (ncd > 1)
        qsort(cd, ncd, sizeof *cd, cmp_cd);
    if (ncd) {
        struct report_node *ca = rn_flags(rn_title(rn_arr(obj, "cpu_between_dumps"),
                                                   "CPU used between first and last dump (cpu= delta)"),
                                          RF_TABLE);
        lim = cap_rows(o, ncd);
        for (size_t i = 0; i < lim; i++) {
            const struct td_thread *t = &s->t[cd[i].t];
            struct report_node *r = rn_obj(ca, NULL);
            rn_str(r, "thread", t->name);
            rn_str(r, "state", t->state);
            rn_title(rn_unit(rn_num(r, "cpu_ms", cd[i].dcpu, 2), "ms"), "cpu");
            rn_title(rn_unit(rn_num(r, "interval_s", cd[i].dt, 2), "s"), "interval");
            rn_title(rn_unit(rn_num(r, "cpu_pct", 100.0 * cd[i].dcpu / (cd[i].dt * 1000.0), 1), "%"), "cpu");
            rn_str(r, "top_frame", top_frame(t));
        }
    }
    free(cd);
}

/* Blocks of the input that are another kind of input (a class histogram after the dump). */
static void section_blocks(const struct td_set *s, struct report_node *root,
                           struct findings *findings)
{
    if (!s->nblocks)
        return;
    struct report_node *a =
        rn_flags(rn_title(rn_arr(root, "other_blocks"), "Not thread dumps (read by another command)"),
                 RF_TABLE);
    for (size_t i = 0; i < s->nblocks; i++) {
        const struct td_block *b = &s->blocks[i];
        struct report_node *r = rn_obj(a, NULL);
        rn_str(r, "kind", b->kind);
        rn_str(r, "file", b->file);
        rn_int(r, "line", (int64_t)b->line);
        rn_int(r, "lines", (int64_t)b->lines);
        rn_int(r, "rows", (int64_t)b->rows);
        rn_title(rn_str(r, "read_with", b->reader), "read with");
        char *f = xasprintf("%s:%llu: %llu lines are a %s, not a thread dump (%s %s reads it)",
                            b->file, (unsigned long long)b->line, (unsigned long long)b->lines,
                            b->kind, b->reader, b->file);
        td_finding(findings, TDF_NOT_A_DUMP, f);
        free(f);
    }
}

void td_report(const struct td_set *s, const struct td_opts *o, struct report_node *root)
{
    size_t di = o->dump > 0 ? (size_t)o->dump - 1 : s->nd - 1;
    struct findings fnds, *findings = &fnds;
    findings_init(findings);
    struct report_node *before = root->last; /* findings come first, as they always have */
    section_input(s, di, root);
    section_states(s, di, root);
    section_locks(s, o, di, root, findings);
    {
        /* largest identical-stack group as a finding */
        struct td_sgroup *g;
        const struct td_dump *d = &s->d[di];
        size_t ng = td_stack_groups(s, d->first, d->n, false, &g);
        if (ng && g[0].n > 1) {
            const struct td_thread *t = &s->t[g[0].idx[0]];
            char *ps = pool_summary(s, g[0].idx, g[0].n, 3);
            char *f = xasprintf("largest identical stack: %zu threads (%s) in %s", g[0].n, ps,
                                *top_app(o, t) ? top_app(o, t) : top_frame(t));
            td_finding(findings, TDF_SAME_STACK, f);
            free(f);
            free(ps);
        }
        td_sgroups_free(g, ng);
    }
    if (o->top)
        section_top(s, o, di, root, findings);
    section_pools(s, o, di, root);
    section_groups(s, o, di, root);
    section_hot(s, o, di, root);
    section_cpu(s, o, di, root);
    if (s->nd > 1)
        section_multi(s, o, root, findings);
    section_blocks(s, root, findings);
    rn_move_after(root, finding_report(findings, root, FINDING_STYLE_TEXT), before);
    findings_fini(findings);
    diag_report(&s->diag, root, "unparsed_lines");
}

void td_report_csv(const struct td_set *s, const struct td_opts *o, struct report_node *arr)
{
    size_t di = o->dump > 0 ? (size_t)o->dump - 1 : s->nd - 1;
    const struct td_dump *d = &s->d[di];
    struct td_locks g;
    td_locks_build(s, di, &g);
    struct td_sgroup *gr;
    size_t ng = td_stack_groups(s, d->first, d->n, false, &gr);
    size_t *rank = xcalloc(d->n ? d->n : 1, sizeof *rank);
    for (size_t k = 0; k < ng; k++)
        for (size_t i = 0; i < gr[k].n; i++)
            rank[gr[k].idx[i] - d->first] = k + 1;
    /* --top: tid -> %CPU of the last snapshot */
    size_t tcap = 64;
    while (o->top && tcap < o->top->n * 2)
        tcap *= 2;
    long *tslot = NULL;
    if (o->top) {
        tslot = xmalloc(tcap * sizeof *tslot);
        for (size_t k = 0; k < tcap; k++)
            tslot[k] = -1;
        for (size_t k = 0; k < o->top->n; k++) {
            size_t j = (size_t)((uint64_t)o->top->rows[k].tid * 0x9e3779b97f4a7c15ULL >> 17) & (tcap - 1);
            while (tslot[j] >= 0)
                j = (j + 1) & (tcap - 1);
            tslot[j] = (long)k;
        }
    }
    for (size_t i = d->first; i < d->first + d->n; i++) {
        const struct td_thread *t = &s->t[i];
        struct report_node *r = rn_obj(arr, NULL);
        rn_int(r, "dump", (int64_t)di + 1);
        rn_str(r, "name", t->name);
        rn_str(r, "pool", t->pool);
        if (t->java_id >= 0) rn_int(r, "java_id", t->java_id); else rn_null(r, "java_id");
        if (t->os_tid >= 0) rn_int(r, "os_tid", t->os_tid); else rn_null(r, "os_tid");
        rn_str(r, "nid", t->nid_text ? t->nid_text : "");
        rn_str(r, "state", t->state);
        rn_str(r, "state_detail", t->state_detail ? t->state_detail : "");
        rn_bool(r, "daemon", t->daemon);
        rn_bool(r, "virtual", t->is_virtual);
        if (t->cpu_ms >= 0) rn_num(r, "cpu_ms", t->cpu_ms, 2); else rn_null(r, "cpu_ms");
        if (t->elapsed_s >= 0) rn_num(r, "elapsed_s", t->elapsed_s, 2); else rn_null(r, "elapsed_s");
        rn_int(r, "frames", t->nframes);
        rn_str(r, "top_frame", top_frame(t));
        rn_str(r, "top_app_frame", top_app(o, t));
        long w = g.waits_for[i - d->first];
        rn_str(r, "waits_for_lock", w >= 0 ? g.l[w].id : "");
        rn_str(r, "waits_for_class", w >= 0 && g.l[w].cls ? g.l[w].cls : "");
        long ow = g.owner_of_wait[i - d->first];
        rn_str(r, "blocked_by", ow >= 0 ? s->t[ow].name : "");
        if (rank[i - d->first]) rn_int(r, "stack_group", (int64_t)rank[i - d->first]); else rn_null(r, "stack_group");
        if (o->top) {
            long hit = -1;
            if (t->os_tid >= 0) {
                size_t j = (size_t)((uint64_t)t->os_tid * 0x9e3779b97f4a7c15ULL >> 17) & (tcap - 1);
                for (; tslot[j] >= 0; j = (j + 1) & (tcap - 1))
                    if (o->top->rows[tslot[j]].tid == t->os_tid) {
                        hit = tslot[j];
                        break;
                    }
            }
            if (hit >= 0)
                rn_num(r, "top_cpu_pct", o->top->rows[hit].cpu_pct, 1);
            else
                rn_null(r, "top_cpu_pct");
        }
        rn_str(r, "file", t->file);
        rn_int(r, "line", (int64_t)t->line);
    }
    free(tslot);
    free(rank);
    td_sgroups_free(gr, ng);
    td_locks_fini(&g);
}
