/*
 * cpu_analysis.c — frames to per-process and per-thread statistics
 * (cpu_analysis.h): the entity sets, thread categories and pool groups, the
 * spike list, and the host's samples against the saturation limits.
 */
#include "cpu_analysis.h"
#include "td_names.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void cpu_opts_default(struct cpu_opts *o)
{
    memset(o, 0, sizeof *o);
    o->over_x100 = 10000;
    o->top_n = 20;
    o->gc_warn_pct = 10;
}

void cpu_analysis_init(struct cpu_analysis *a, const struct cpu_opts *o)
{
    memset(a, 0, sizeof *a);
    a->o = *o;
    for (int k = 0; k < 8; k++)
        hist_init(&a->mcpu[k], 3);
    for (int k = 0; k < 3; k++)
        hist_init(&a->load[k], 3);
    hist_init(&a->mem_used, 3);
    a->series_root = rn_root();
}

static void entset_free(struct cpu_entset *s)
{
    for (size_t k = 0; k < s->n; k++) {
        free(s->e[k].name);
        free(s->e[k].group);
        hist_fini(&s->e[k].cpu);
    }
    free(s->e);
    free(s->idx);
}

void cpu_analysis_fini(struct cpu_analysis *a)
{
    for (int k = 0; k < 8; k++)
        hist_fini(&a->mcpu[k]);
    for (int k = 0; k < 3; k++)
        hist_fini(&a->load[k]);
    hist_fini(&a->mem_used);
    entset_free(&a->procs);
    entset_free(&a->threads);
    for (size_t i = 0; i < a->ngroups; i++)
        free(a->groups[i].name);
    free(a->groups);
    for (size_t i = 0; i < a->nspikes; i++)
        free(a->spikes[i].name);
    free(a->spikes);
    rn_free(a->series_root);
    lat_strmap_free(&a->cal_map);
    memset(a, 0, sizeof *a);
}

static size_t id_slot(int64_t id, size_t cap)
{
    return (size_t)((uint64_t)id * 0x9E3779B97F4A7C15ull >> 17) & (cap - 1);
}

static struct cpu_ent *ent_get(struct cpu_entset *s, int64_t id, const char *name, bool *created)
{
    if ((s->n + 1) * 2 > s->icap) {
        size_t nc = s->icap ? s->icap * 2 : 64;
        free(s->idx);
        s->idx = xcalloc(nc, sizeof *s->idx);
        s->icap = nc;
        for (size_t k = 0; k < s->n; k++) {
            size_t i = id_slot(s->e[k].id, nc);
            while (s->idx[i])
                i = (i + 1) & (nc - 1);
            s->idx[i] = k + 1;
        }
    }
    size_t i = id_slot(id, s->icap);
    while (s->idx[i]) {
        if (s->e[s->idx[i] - 1].id == id) {
            *created = false;
            return &s->e[s->idx[i] - 1];
        }
        i = (i + 1) & (s->icap - 1);
    }
    xgrow((void **)&s->e, &s->cap, s->n + 1, sizeof *s->e);
    struct cpu_ent *e = &s->e[s->n];
    memset(e, 0, sizeof *e);
    e->id = id;
    e->name = xstrdup(name);
    hist_init(&e->cpu, 3);
    e->res_min = e->virt_min = INT64_MAX;
    e->res_max = e->virt_max = -1;
    e->res_first = e->virt_first = -1;
    s->idx[i] = ++s->n;
    *created = true;
    return e;
}

static struct cpu_group *group_get(struct cpu_analysis *a, const char *name, enum tcat cat)
{
    for (size_t i = 0; i < a->ngroups; i++)
        if (a->groups[i].cat == cat && strcmp(a->groups[i].name, name) == 0)
            return &a->groups[i];
    xgrow((void **)&a->groups, &a->gcap, a->ngroups + 1, sizeof *a->groups);
    struct cpu_group *g = &a->groups[a->ngroups++];
    memset(g, 0, sizeof *g);
    g->name = xstrdup(name);
    g->cat = cat;
    return g;
}

/* COMMAND matches NAME when it starts with it; a cut COMMAND ("java-wra+")
   also matches when its visible part is a prefix of NAME. */
static bool cmd_match(const struct cpu_opts *o, const struct top_row *r)
{
    if (o->npids) {
        for (int i = 0; i < o->npids; i++)
            if (o->pids[i] == r->pid)
                return true;
        return false;
    }
    if (o->all)
        return true;
    static const char *const java[] = {"java"};
    const char *const *cmds = o->ncmds ? (const char *const *)o->cmds : java;
    int ncmds = o->ncmds ? o->ncmds : 1;
    /* first word's basename: "java", "/usr/bin/java -Xmx1g ..." (top -c) */
    const char *c = r->cmd;
    size_t cl = strcspn(c, " ");
    for (size_t k = cl; k > 0; k--)
        if (c[k - 1] == '/') {
            c += k;
            cl -= k;
            break;
        }
    for (int i = 0; i < ncmds; i++) {
        size_t nl = strlen(cmds[i]);
        if (cl == nl && memcmp(c, cmds[i], nl) == 0)
            return true;
        /* "java-wra+" cut by top: its visible part must be a prefix of NAME */
        if (r->cut && cl > 1 && c[cl - 1] == '+' && cl - 1 <= nl && memcmp(c, cmds[i], cl - 1) == 0)
            return true;
    }
    return false;
}

static void minmax(int64_t v, int64_t *first, int64_t *last, int64_t *min, int64_t *max)
{
    if (v < 0)
        return;
    if (*first < 0)
        *first = v;
    *last = v;
    if (v < *min)
        *min = v;
    if (v > *max)
        *max = v;
}

static void ent_sample(struct cpu_analysis *a, struct cpu_ent *e, const struct top_frame *f,
                       const struct top_row *r, bool is_proc)
{
    hist_record(&e->cpu, r->cpu_x100);
    if (e->cpu.total == 1 || r->cpu_x100 > e->max_x100) {
        e->max_x100 = r->cpu_x100;
        snprintf(e->max_when, sizeof e->max_when, "%s", f->when);
    }
    if (e->cpu.total == 1)
        snprintf(e->first_when, sizeof e->first_when, "%s", f->when);
    snprintf(e->last_when, sizeof e->last_when, "%s", f->when);
    if (f->epoch_ms >= 0 && r->time_cs >= 0)
        e->ticks += r->time_cs;
    minmax(r->res_kb, &e->res_first, &e->res_last, &e->res_min, &e->res_max);
    minmax(r->virt_kb, &e->virt_first, &e->virt_last, &e->virt_min, &e->virt_max);
    if (is_proc && !a->o.all) {
        if (!e->series)
            e->series = rn_arr(a->series_root, NULL);
        struct report_node *o = rn_obj(e->series, NULL);
        rn_str(o, "when", f->when);
        rn_num(o, "cpu_pct", (double)r->cpu_x100 / 100, 2);
        if (r->res_kb >= 0)
            rn_num(o, "res_mib", (double)r->res_kb / 1024, 1);
        if (r->virt_kb >= 0)
            rn_num(o, "virt_mib", (double)r->virt_kb / 1024, 1);
    }
    if (r->cpu_x100 > a->o.over_x100 && is_proc) {
        e->spikes++;
        a->spikes_total++;
        if (a->nspikes < CPU_MAX_SPIKES_LISTED) {
            xgrow((void **)&a->spikes, &a->scap, a->nspikes + 1, sizeof *a->spikes);
            struct cpu_spike *s = &a->spikes[a->nspikes++];
            snprintf(s->when, sizeof s->when, "%s", f->when);
            s->id = r->pid;
            s->name = xstrdup(r->cmd);
            s->cpu_x100 = r->cpu_x100;
        }
    }
}

static void sample_note(struct cpu_sat_cond *c, const struct cpu_analysis *a, const struct top_frame *f,
                        double v, bool worse)
{
    struct cpu_sample_ref *r[2] = {&c->first, &c->worst};
    for (int k = 0; k < 2; k++) {
        if (k == 0 ? c->first.set : c->worst.set && !worse)
            continue;
        r[k]->set = true;
        r[k]->idx = a->frames;
        r[k]->value = v;
        snprintf(r[k]->when, sizeof r[k]->when, "%s", f->when);
        snprintf(r[k]->where, sizeof r[k]->where, "%s:%llu", a->cur_file ? a->cur_file : "?",
                 (unsigned long long)f->lineno);
    }
    c->n++;
}

/* The host's summary lines against the saturation limits. */
static void sat_frame(struct cpu_analysis *a, const struct top_frame *f)
{
    if (f->cpus_seen > a->cpus_top)
        a->cpus_top = f->cpus_seen;
    if (f->have_cpu) {
        double idle = f->cpu[3], steal = f->cpu[7];
        if (idle < CPU_SAT_IDLE_PCT)
            sample_note(&a->sat_idle, a, f, idle, idle < a->sat_idle.worst.value);
        if (steal > CPU_SAT_STEAL_PCT)
            sample_note(&a->sat_steal, a, f, steal, steal > a->sat_steal.worst.value);
    }
    int64_t cpus = a->o.cpus ? a->o.cpus : f->cpus_seen;
    if (f->have_load && cpus > 0) {
        a->load_cpu_samples++;
        if (f->load[0] > (double)(CPU_SAT_LOAD_PER_CPU * cpus))
            sample_note(&a->sat_load, a, f, f->load[0], f->load[0] > a->sat_load.worst.value);
    }
}

/* A thread row of a thread frame: its entity, category and group. */
static void thread_row(struct cpu_analysis *a, const struct top_frame *f, const struct top_row *r)
{
    bool created;
    /* the dump's full name where it knows the TID (top keeps 15 bytes) */
    const char *full = a->o.names && r->pid > 0 ? td_names_get(a->o.names, r->pid) : NULL;
    const char *nm = full ? full : r->cmd;
    struct cpu_ent *e = ent_get(&a->threads, r->pid, nm, &created);
    if (created) {
        e->cut = full ? false : r->cut;
        a->named_threads += full != NULL;
        e->cat = r->pid == 0 && strcmp(nm, "exited threads") == 0 ? TC_EXITED : threadcat(nm, strlen(nm));
        if (e->cat == TC_EXITED && r->pid != 0)
            e->cat = TC_APP;
        e->group = threadcat_group(nm, strlen(nm), e->cut);
        group_get(a, e->group, e->cat)->threads++;
        a->cat_threads[e->cat]++;
    }
    ent_sample(a, e, f, r, false);
    struct cpu_group *g = group_get(a, e->group, e->cat);
    g->sum_x100 += r->cpu_x100;
    a->cat_x100[e->cat] += r->cpu_x100;
    a->thread_total_x100 += r->cpu_x100;
    if (f->epoch_ms >= 0 && r->time_cs > 0) {
        g->ticks += r->time_cs;
        a->cat_ticks[e->cat] += r->time_cs;
        a->thread_total_ticks += r->time_cs;
    }
}

void cpu_analysis_add_frame(struct cpu_analysis *a, const struct top_frame *f)
{
    a->frames++;
    sat_frame(a, f);
    if (a->frames == 1)
        snprintf(a->first_when, sizeof a->first_when, "%s", f->when);
    snprintf(a->last_when, sizeof a->last_when, "%s", f->when);
    if (f->epoch_ms >= 0)
        a->record_frames++;
    if (f->have_cpu) {
        a->mcpu_n++;
        for (int k = 0; k < 8; k++)
            hist_record(&a->mcpu[k], (int64_t)llround(f->cpu[k] * 100));
    }
    if (f->have_load)
        for (int k = 0; k < 3; k++)
            hist_record(&a->load[k], (int64_t)llround(f->load[k] * 100));
    if (f->have_mem) {
        hist_record(&a->mem_used, (int64_t)llround(f->mem_used_mib * 10));
        a->mem_total_mib = f->mem_total_mib;
    }
    if (f->threads_mode)
        a->thread_frames++;
    for (size_t i = 0; i < f->nrows; i++) {
        const struct top_row *r = &f->rows[i];
        if (f->threads_mode && !r->process_total) {
            thread_row(a, f, r);
            continue;
        }
        if (!cmd_match(&a->o, r))
            continue;
        bool created;
        struct cpu_ent *e = ent_get(&a->procs, r->pid, r->cmd, &created);
        e->cut = r->cut;
        ent_sample(a, e, f, r, true);
        if (a->o.cal) {
            if (r->cpu_text[0])
                lat_strmap_add(&a->cal_map, r->cpu_text, strlen(r->cpu_text), 1);
            else
                a->cal_no_text = true;
        }
        if (f->epoch_ms >= 0 && r->time_cs > 0)
            a->proc_total_ticks += r->time_cs;
    }
}

void cpu_analysis_frame_cb(const struct top_frame *f, void *ctx)
{
    cpu_analysis_add_frame(ctx, f);
}

void cpu_analysis_begin_input(struct cpu_analysis *a, const char *name, bool record)
{
    a->cur_file = name;
    if (record)
        a->any_record = true;
    else
        a->any_top = true;
}

void cpu_analysis_sampler_cost(struct cpu_analysis *a, int64_t cpu_us, int64_t wall_us)
{
    a->self_cpu_us = cpu_us;
    a->self_wall_us = wall_us;
}

int cpu_ent_cmp_mean(const void *x, const void *y)
{
    const struct cpu_ent *a = x, *b = y;
    long double sa = hist_sum(&a->cpu), sb = hist_sum(&b->cpu);
    if (sa != sb)
        return sa > sb ? -1 : 1;
    return a->id < b->id ? -1 : a->id > b->id;
}

static int cmp_group(const void *x, const void *y)
{
    const struct cpu_group *a = x, *b = y;
    if (a->sum_x100 != b->sum_x100)
        return a->sum_x100 > b->sum_x100 ? -1 : 1;
    return strcmp(a->name, b->name);
}

/* Sorting moves the entities: the index by id is dropped with it. */
static void entset_sort(struct cpu_entset *s)
{
    sort_array(s->e, s->n, sizeof *s->e, cpu_ent_cmp_mean);
    free(s->idx);
    s->idx = NULL;
    s->icap = 0;
}

void cpu_analysis_keep_busiest(struct cpu_analysis *a, size_t n)
{
    entset_sort(&a->procs);
    while (a->procs.n > n) {
        struct cpu_ent *e = &a->procs.e[--a->procs.n];
        free(e->name);
        free(e->group);
        hist_fini(&e->cpu);
    }
}

void cpu_analysis_finish(struct cpu_analysis *a)
{
    entset_sort(&a->procs);
    entset_sort(&a->threads);
    sort_array(a->groups, a->ngroups, sizeof *a->groups, cmp_group);
    a->finished = true;
}

int64_t cpu_host_cpus(const struct cpu_analysis *a)
{
    return a->o.cpus ? a->o.cpus : a->cpus_top;
}
