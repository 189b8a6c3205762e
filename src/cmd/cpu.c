/*
 * cmd/cpu.c — `gclat cpu`: a JVM's CPU and memory over time, from `top -b`
 * captures, from `gclat cpu --record` files, or by sampling /proc live.
 *
 * All inputs become struct top_frame (top_parse.h, proc_record.h) and go
 * through one aggregator, so a live run, its record file and a top capture
 * produce the same report shape. Values are kept as %CPU x 100 integers in
 * hist.h histograms (exact for top's one decimal), so means and the
 * percentile table are exact. Thread categories: every thread row of a thread
 * frame adds its %CPU to exactly one category, so the categories add up to
 * the thread total by construction (the tests check it anyway).
 */
#include "cli.h"
#include "cpu_screen.h"
#include "html_charts.h"
#include "commands.h"
#include "cpu_report.h"
#include "diag.h"
#include "finding.h"
#include "hist.h"
#include "lat.h"
#include "outfile.h"
#include "proc_record.h"
#include "proc_sample.h"
#include "reader.h"
#include "render.h"
#include "report.h"
#include "sniff.h"
#include "stats.h"
#include "td_names.h"
#include "td_time.h"
#include "threadcat.h"
#include "top_parse.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char cmd_cpu_help[] =
    "usage: gclat cpu [OPTIONS] FILE...             read top -b output or a --record file\n"
    "       gclat cpu --pid PID [--threads] [--interval 1s] [--duration 60s | --count N]\n"
    "                 [--record FILE] [--thread-dump FILE]   sample /proc live\n"
    "\n"
    "Reports, per process (or per thread for `top -H` captures and --threads), the number\n"
    "of samples, mean and standard deviation of %CPU and of cores used (%CPU / 100), the\n"
    "P50 P66 P80 P85 P90 P95 P98 P99 P99.9 P99.99 P100 table (nearest rank), the maximum\n"
    "and when, samples over the --over threshold, RES/VIRT over time, and for top input\n"
    "the machine's us/sy/ni/id/wa/hi/si/st and load average. With threads, each thread is\n"
    "put in a category (GC, JIT, VM, JVM, app, exited) by name, pools are grouped\n"
    "(http-nio-8080-exec-12 -> http-nio-8080-exec-*), and the GC share of the JVM's CPU\n"
    "is one line. FILE may be '-' and may be gzip-compressed.\n"
    "\n"
    "Options:\n"
    "  --pid PID[,PID]     with FILEs: only these PIDs; without: sample this process live\n"
    "  --command NAME,...  only processes whose COMMAND (first word, basename) is NAME\n"
    "                      (default: java; if no row matches, the 5 busiest processes)\n"
    "  --all               every process, no --command default\n"
    "  --threads           live: sample every thread too (/proc/PID/task/*/stat)\n"
    "  --interval DUR      live sampling interval (default 1s)\n"
    "  --duration DUR      live: stop after DUR (default 60s unless --count)\n"
    "  --count N           live: stop after N samples\n"
    "  --record FILE       live: also write the samples to FILE (read back with gclat cpu FILE)\n"
    "  --thread-dump FILE  jstack / jcmd Thread.print output: map nid to full thread names\n"
    "                      (the kernel keeps 15 bytes of a thread name); with top -H FILEs\n"
    "                      names their threads and warns when the dump is > 5 s away from\n"
    "                      the capture; an unreadable FILE is exit 3\n"
    "  --over PCT          spike threshold in %CPU of one core (default 100%; e.g. 300%)\n"
    "  --top N             threads listed in the thread table (default 20; 0 = all)\n"
    "  --gc-share-warn PCT finding when GC threads use at least PCT of the JVM's CPU\n"
    "                      (default 10%)\n"
    "  --cpus N            CPUs of the host the capture came from (top -b prints them\n"
    "                      only with per-CPU lines); the host-saturated finding compares\n"
    "                      the load average with it\n"
    "  --format cal        the matched process's %CPU samples as the seed's\n"
    "                      `awk ... | sort -n | uniq -c | awk -f cal.awk` table, byte for\n"
    "                      byte (top -b input, one process: --pid when several match)\n"
    "  --cal-awk mawk|gawk integer printing rule to copy for --format cal (default mawk)\n"
    "\n"
    "--csv writes the per-thread table when threads were seen, else the per-process table.\n"
    "\n"
    "Common options:\n"
    "  --json            machine-readable JSON\n"
    "  --csv             CSV (see above for which table)\n"
    "  --html            one HTML page: key figures, findings, CPU over time, details\n"
    "  -o, --output FILE write the report to FILE instead of standard output\n"
    "  --full            the whole text report (default: a verdict line, the figures\n"
    "                    that carry it and the findings, one line each)\n"
    "  --explain         under each finding, what it means and what to change\n"
    "  --strict          exit 2 if any input line was not understood\n"
    "  -q, --quiet       no progress line and no warnings on stderr\n"
    "  -h, --help        this help\n"
    "\n"
    "Examples:\n"
    "  top -b -d 1 -n 3600 > top.txt; gclat cpu --command java --over 300% top.txt\n"
    "  top -b -H -d 1 -n 60 -p PID > top-H.txt; gclat cpu --thread-dump jstack.txt top-H.txt\n"
    "  gclat cpu --pid PID --threads --interval 1s --duration 60s --record cpu.rec\n"
    "  gclat cpu cpu.rec                 # the recorded samples, read back\n"
    "\n"
    "Exit codes: 0 ok, 1 usage, 2 bad input (or --strict with unparsed lines), 3 I/O.\n"
    "Details: docs/cpu.md\n";
#define MAX_SPIKES_LISTED 20

struct ent {
    int64_t id;
    char *name;
    bool cut;
    enum tcat cat;
    char *group;
    struct hist cpu; /* %CPU x 100 per sample */
    int64_t max_x100;
    char max_when[32];
    uint64_t spikes;
    int64_t ticks; /* record input only */
    int64_t res_first, res_last, res_min, res_max;
    int64_t virt_first, virt_last, virt_min, virt_max;
    char first_when[32], last_when[32];
    struct report_node *series; /* JSON only: per-sample when/cpu/res/virt */
};

struct entset {
    struct ent *e;
    size_t n, cap;
    size_t *idx; /* open addressing, value = index + 1 */
    size_t icap;
};

struct group {
    char *name;
    enum tcat cat;
    int64_t threads;
    long double sum_x100;
    int64_t ticks;
};

struct spike {
    char when[32];
    int64_t id;
    char *name;
    int64_t cpu_x100;
};

/* One sample of the host, as evidence: when and where it was read. */
struct sample_ref {
    bool set;
    uint64_t idx; /* frame number, for "which came first" */
    double value;
    char when[32];
    char where[300]; /* file:line of the frame's "top -" line */
};

/* Samples past one of the saturation limits (docs/cpu.md, host-saturated). */
struct sat_cond {
    uint64_t n;
    struct sample_ref first, worst;
};

#define SAT_IDLE_PCT 5.0    /* mean idle below: the CPUs have nothing left */
#define SAT_LOAD_PER_CPU 2  /* 1-min load above this many runnable tasks per CPU ... */
#define SAT_STEAL_PCT 10.0  /* mean steal above: the hypervisor takes a tenth */

struct agg {
    /* options */
    int64_t *pids;
    int npids;
    char **cmds;
    int ncmds;
    bool all;
    int64_t over_x100;
    int top_n;
    double gc_warn_pct;
    const struct td_names *names; /* --thread-dump with FILEs: full names by TID */
    int64_t cpus_opt;             /* --cpus: CPUs of the host the capture came from (0: not given) */
    bool cal;                     /* --format cal: keep each process sample's %CPU text */
    int64_t named_threads;        /* thread rows named from it */
    /* input */
    uint64_t frames, thread_frames, record_frames;
    char first_when[32], last_when[32];
    bool any_top, any_record;
    struct hist mcpu[8];
    uint64_t mcpu_n;
    struct hist load[3];
    struct hist mem_used; /* MiB x 10 */
    double mem_total_mib;
    struct entset procs, threads;
    struct group *groups;
    size_t ngroups, gcap;
    long double cat_x100[TC_N];
    int64_t cat_ticks[TC_N];
    int64_t cat_threads[TC_N];
    long double thread_total_x100;
    int64_t thread_total_ticks, proc_total_ticks;
    struct spike *spikes;
    size_t nspikes, scap;
    uint64_t spikes_total;
    int64_t self_cpu_us, self_wall_us;
    int64_t clk_tck, ncpu;
    const char *cur_file;         /* input being read (for evidence file:line) */
    int64_t cpus_top;             /* CPUs counted from top's per-CPU lines */
    struct sat_cond sat_idle, sat_load, sat_steal;
    uint64_t load_cpu_samples;    /* load samples with a CPU count to compare with */
    struct lat_strmap cal_map;    /* --format cal: %CPU text -> samples */
    bool cal_no_text;             /* a sample without %CPU text (record input) */
    struct report_node *series_root; /* holder for per-entity series */
};

static void agg_init(struct agg *a)
{
    for (int k = 0; k < 8; k++)
        hist_init(&a->mcpu[k], 3);
    for (int k = 0; k < 3; k++)
        hist_init(&a->load[k], 3);
    hist_init(&a->mem_used, 3);
    a->series_root = rn_root();
}

static void entset_free(struct entset *s);

/* Free what the input filled in; options stay. */
static void agg_fini(struct agg *a)
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
    /* keep options, clear the rest */
    struct agg keep = *a;
    memset(a, 0, sizeof *a);
    a->pids = keep.pids;
    a->npids = keep.npids;
    a->cmds = keep.cmds;
    a->ncmds = keep.ncmds;
    a->all = keep.all;
    a->over_x100 = keep.over_x100;
    a->top_n = keep.top_n;
    a->gc_warn_pct = keep.gc_warn_pct;
    a->names = keep.names;
    a->cpus_opt = keep.cpus_opt;
    a->cal = keep.cal;
}

static struct ent *ent_get(struct entset *s, int64_t id, const char *name, bool *created)
{
    if ((s->n + 1) * 2 > s->icap) {
        size_t nc = s->icap ? s->icap * 2 : 64;
        free(s->idx);
        s->idx = xcalloc(nc, sizeof *s->idx);
        s->icap = nc;
        for (size_t k = 0; k < s->n; k++) {
            size_t i = (size_t)((uint64_t)s->e[k].id * 0x9E3779B97F4A7C15ull >> 17) & (nc - 1);
            while (s->idx[i])
                i = (i + 1) & (nc - 1);
            s->idx[i] = k + 1;
        }
    }
    size_t i = (size_t)((uint64_t)id * 0x9E3779B97F4A7C15ull >> 17) & (s->icap - 1);
    while (s->idx[i]) {
        if (s->e[s->idx[i] - 1].id == id) {
            *created = false;
            return &s->e[s->idx[i] - 1];
        }
        i = (i + 1) & (s->icap - 1);
    }
    xgrow((void **)&s->e, &s->cap, s->n + 1, sizeof *s->e);
    struct ent *e = &s->e[s->n];
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

static void entset_free(struct entset *s)
{
    for (size_t k = 0; k < s->n; k++) {
        free(s->e[k].name);
        free(s->e[k].group);
        hist_fini(&s->e[k].cpu);
    }
    free(s->e);
    free(s->idx);
}

static struct group *group_get(struct agg *a, const char *name, enum tcat cat)
{
    for (size_t i = 0; i < a->ngroups; i++)
        if (a->groups[i].cat == cat && strcmp(a->groups[i].name, name) == 0)
            return &a->groups[i];
    xgrow((void **)&a->groups, &a->gcap, a->ngroups + 1, sizeof *a->groups);
    struct group *g = &a->groups[a->ngroups++];
    memset(g, 0, sizeof *g);
    g->name = xstrdup(name);
    g->cat = cat;
    return g;
}

/* COMMAND matches NAME when it starts with it; a cut COMMAND ("java-wra+")
   also matches when its visible part is a prefix of NAME. */
static bool cmd_match(const struct agg *a, const struct top_row *r)
{
    if (a->npids) {
        for (int i = 0; i < a->npids; i++)
            if (a->pids[i] == r->pid)
                return true;
        return false;
    }
    if (a->all)
        return true;
    /* first word's basename: "java", "/usr/bin/java -Xmx1g ..." (top -c) */
    const char *c = r->cmd;
    size_t cl = strcspn(c, " ");
    for (size_t k = cl; k > 0; k--)
        if (c[k - 1] == '/') {
            c += k;
            cl -= k;
            break;
        }
    for (int i = 0; i < a->ncmds; i++) {
        size_t nl = strlen(a->cmds[i]);
        if (cl == nl && memcmp(c, a->cmds[i], nl) == 0)
            return true;
        /* "java-wra+" cut by top: its visible part must be a prefix of NAME */
        if (r->cut && cl > 1 && c[cl - 1] == '+' && cl - 1 <= nl &&
            memcmp(c, a->cmds[i], cl - 1) == 0)
            return true;
    }
    return false;
}

static void ent_sample(struct agg *a, struct ent *e, const struct top_frame *f,
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
    if (r->res_kb >= 0) {
        if (e->res_first < 0)
            e->res_first = r->res_kb;
        e->res_last = r->res_kb;
        if (r->res_kb < e->res_min)
            e->res_min = r->res_kb;
        if (r->res_kb > e->res_max)
            e->res_max = r->res_kb;
    }
    if (r->virt_kb >= 0) {
        if (e->virt_first < 0)
            e->virt_first = r->virt_kb;
        e->virt_last = r->virt_kb;
        if (r->virt_kb < e->virt_min)
            e->virt_min = r->virt_kb;
        if (r->virt_kb > e->virt_max)
            e->virt_max = r->virt_kb;
    }
    if (is_proc && !a->all) {
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
    if (r->cpu_x100 > a->over_x100 && is_proc) {
        e->spikes++;
        a->spikes_total++;
        if (a->nspikes < MAX_SPIKES_LISTED) {
            xgrow((void **)&a->spikes, &a->scap, a->nspikes + 1, sizeof *a->spikes);
            struct spike *s = &a->spikes[a->nspikes++];
            snprintf(s->when, sizeof s->when, "%s", f->when);
            s->id = r->pid;
            s->name = xstrdup(r->cmd);
            s->cpu_x100 = r->cpu_x100;
        }
    }
}

static void sample_note(struct sat_cond *c, const struct agg *a, const struct top_frame *f, double v,
                        bool worse)
{
    struct sample_ref *r[2] = {&c->first, &c->worst};
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
static void sat_frame(struct agg *a, const struct top_frame *f)
{
    if (f->cpus_seen > a->cpus_top)
        a->cpus_top = f->cpus_seen;
    if (f->have_cpu) {
        double idle = f->cpu[3], steal = f->cpu[7];
        if (idle < SAT_IDLE_PCT)
            sample_note(&a->sat_idle, a, f, idle, idle < a->sat_idle.worst.value);
        if (steal > SAT_STEAL_PCT)
            sample_note(&a->sat_steal, a, f, steal, steal > a->sat_steal.worst.value);
    }
    int64_t cpus = a->cpus_opt ? a->cpus_opt : f->cpus_seen;
    if (f->have_load && cpus > 0) {
        a->load_cpu_samples++;
        if (f->load[0] > (double)(SAT_LOAD_PER_CPU * cpus))
            sample_note(&a->sat_load, a, f, f->load[0], f->load[0] > a->sat_load.worst.value);
    }
}

static void on_frame(const struct top_frame *f, void *ctx)
{
    struct agg *a = ctx;
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
        bool created;
        if (!f->threads_mode || r->process_total) {
            if (!cmd_match(a, r))
                continue;
            struct ent *e = ent_get(&a->procs, r->pid, r->cmd, &created);
            e->cut = r->cut;
            ent_sample(a, e, f, r, true);
            if (a->cal) {
                if (r->cpu_text[0])
                    lat_strmap_add(&a->cal_map, r->cpu_text, strlen(r->cpu_text), 1);
                else
                    a->cal_no_text = true;
            }
            if (f->epoch_ms >= 0 && r->time_cs > 0)
                a->proc_total_ticks += r->time_cs;
            continue;
        }
        /* the dump's full name where it knows the TID (top keeps 15 bytes) */
        const char *full = a->names && r->pid > 0 ? td_names_get(a->names, r->pid) : NULL;
        const char *nm = full ? full : r->cmd;
        struct ent *e = ent_get(&a->threads, r->pid, nm, &created);
        if (created) {
            e->cut = full ? false : r->cut;
            a->named_threads += full != NULL;
            e->cat = r->pid == 0 && strcmp(nm, "exited threads") == 0
                         ? TC_EXITED
                         : threadcat(nm, strlen(nm));
            if (e->cat == TC_EXITED && r->pid != 0)
                e->cat = TC_APP;
            e->group = threadcat_group(nm, strlen(nm), e->cut);
            group_get(a, e->group, e->cat)->threads++;
            a->cat_threads[e->cat]++;
        }
        ent_sample(a, e, f, r, false);
        struct group *g = group_get(a, e->group, e->cat);
        g->sum_x100 += r->cpu_x100;
        a->cat_x100[e->cat] += r->cpu_x100;
        a->thread_total_x100 += r->cpu_x100;
        if (f->epoch_ms >= 0 && r->time_cs > 0) {
            g->ticks += r->time_cs;
            a->cat_ticks[e->cat] += r->time_cs;
            a->thread_total_ticks += r->time_cs;
        }
    }
}

static int cmp_ent_mean(const void *x, const void *y)
{
    const struct ent *a = x, *b = y;
    long double sa = a->cpu.sum, sb = b->cpu.sum;
    if (sa != sb)
        return sa > sb ? -1 : 1;
    return a->id < b->id ? -1 : a->id > b->id;
}

static int cmp_group(const void *x, const void *y)
{
    const struct group *a = x, *b = y;
    if (a->sum_x100 != b->sum_x100)
        return a->sum_x100 > b->sum_x100 ? -1 : 1;
    return strcmp(a->name, b->name);
}

static const struct finding_text cpu_texts[] = {
    {"cpu-steal", "CPU steal",
     "The hypervisor ran other guests on this VM's CPUs: the JVM waited for a CPU it had been given.",
     "Move to a host or instance type without CPU overcommit, or ask the provider about noisy neighbours."},
    {"cpu-iowait", "I/O wait",
     "CPUs sat idle waiting for disk or network I/O; a JVM that swaps or logs synchronously waits too.",
     "Check swap use and the disks the JVM writes to (GC log, heap dumps, application logs)."},
    {"cpu-spikes", "CPU spikes",
     "Samples of this process over the spike threshold (--over).",
     "See the spikes table for when; a thread view (top -H) or a thread dump names the busy threads."},
    {"gc-cpu-share", "GC share of the JVM's CPU",
     "The share of the JVM's CPU its GC threads used over the capture.",
     "A high share means the collector works hard: read the GC log ('gclat gc') for the allocation rate "
     "and heap headroom."},
    {"host-saturated", "Host saturated",
     "The machine had no CPU to spare (idle near 0, load far above its CPUs, or the hypervisor stealing a "
     "tenth): every process on it, the JVM included, waited for a CPU, and its latency with it.",
     "Find what else runs on the host (the processes table), give the JVM fewer competitors or more CPUs, "
     "and read latency figures from this period as the host's, not the JVM's."},
    {"jit-cpu-share", "JIT compiler CPU",
     "The JIT compiler threads used a large share of the JVM's CPU, as during warm-up or deoptimisation storms.",
     "Compare with a capture taken after warm-up; a share that stays high points at code being recompiled."},
};

static void finding(struct findings *fs, const char *sev, const char *id, char *text)
{
    findings_add_text(fs, cpu_texts, sizeof cpu_texts / sizeof *cpu_texts, sev, id, text);
}

static void text_cat(char *t, size_t cap, const char *s)
{
    size_t n = strlen(t);
    if (n + 1 < cap)
        snprintf(t + n, cap - n, "%s", s);
}

static int64_t host_cpus(const struct agg *a)
{
    return a->cpus_opt ? a->cpus_opt : a->cpus_top;
}

static void sample_obj(struct report_node *f, const char *key, const struct sample_ref *r)
{
    struct report_node *o = rn_obj(f, key);
    rn_str(o, "at", r->when);
    rn_str(o, "where", r->where);
}

/*
 * host-saturated: the CPUs had nothing left (mean idle under 5 %), more
 * runnable tasks than CPUs most of the time (1-min load above 2 x CPUs in
 * more than half the samples), or the hypervisor took a tenth (mean steal
 * over 10 %). Evidence: the first sample past a limit that holds, and the
 * worst one of the first condition that holds (idle, then load, then steal).
 */
/* A sample's "file:line" as the finding's file and line (the string outlives the report). */
static struct finding_where where_of(const struct sample_ref *r)
{
    struct finding_where w = {.set = true, .file = r->where, .at = r->when};
    const char *c = strrchr(r->where, ':');
    if (c && c[1]) {
        static char files[2][1024]; /* first and worst: the file part without ":line" */
        static int k;
        k ^= 1;
        size_t n = (size_t)(c - r->where) < sizeof files[k] - 1 ? (size_t)(c - r->where) : sizeof files[k] - 1;
        memcpy(files[k], r->where, n);
        files[k][n] = 0;
        w.file = files[k];
        w.line = strtoull(c + 1, NULL, 10);
    }
    return w;
}

static void saturation_finding(const struct agg *a, struct findings *fnd)
{
    double idle = a->mcpu_n ? hist_mean(&a->mcpu[3]) / 100 : NAN;
    double steal = a->mcpu_n ? hist_mean(&a->mcpu[7]) / 100 : NAN;
    bool by_idle = a->mcpu_n && idle < SAT_IDLE_PCT;
    bool by_load = a->load_cpu_samples && a->sat_load.n * 2 > a->load_cpu_samples;
    bool by_steal = a->mcpu_n && steal > SAT_STEAL_PCT;
    if (!by_idle && !by_load && !by_steal)
        return;
    const struct sat_cond *held[3];
    int nh = 0;
    char text[2048] = "", part[768];
    if (by_idle) {
        held[nh++] = &a->sat_idle;
        snprintf(part, sizeof part, "idle %.2f %% on average (under %.0f %%; lowest %.1f %%)", idle, SAT_IDLE_PCT,
                 a->sat_idle.worst.value);
        text_cat(text, sizeof text, part);
    }
    if (by_load) {
        held[nh++] = &a->sat_load;
        snprintf(part, sizeof part, "%s1-min load above %d x %lld CPUs in %llu of %llu samples (max %.2f)",
                 text[0] ? "; " : "", SAT_LOAD_PER_CPU, (long long)host_cpus(a), (unsigned long long)a->sat_load.n,
                 (unsigned long long)a->load_cpu_samples, a->sat_load.worst.value);
        text_cat(text, sizeof text, part);
    }
    if (by_steal) {
        held[nh++] = &a->sat_steal;
        snprintf(part, sizeof part, "%ssteal %.2f %% on average (over %.0f %%; highest %.1f %%)", text[0] ? "; " : "",
                 steal, SAT_STEAL_PCT, a->sat_steal.worst.value);
        text_cat(text, sizeof text, part);
    }
    const struct sample_ref *first = &held[0]->first;
    for (int k = 1; k < nh; k++)
        if (held[k]->first.idx < first->idx)
            first = &held[k]->first;
    const struct sample_ref *worst = &held[0]->worst;
    snprintf(part, sizeof part, "; first %s (%s), worst %s (%s)", first->when, first->where, worst->when,
             worst->where);
    text_cat(text, sizeof text, part);
    if (!a->load_cpu_samples && a->load[0].total) {
        snprintf(part, sizeof part, "; load vs CPUs not judged: CPU count unknown (--cpus N)");
        text_cat(text, sizeof text, part);
    }
    const struct finding_text *t = NULL;
    for (size_t i = 0; i < sizeof cpu_texts / sizeof *cpu_texts; i++)
        if (!strcmp(cpu_texts[i].id, "host-saturated"))
            t = &cpu_texts[i];
    struct finding *f = findings_add(fnd, "host-saturated", SEV_CRITICAL, t ? t->title : "Host saturated", text,
                                     t ? t->meaning : NULL, t ? t->advice : NULL);
    f->first = where_of(first);
    f->worst = where_of(worst);
    /* the figures apart, for scripts; the text table shows the sentence */
    struct report_node *o = finding_extra(f);
    rn_flags(rn_num(o, "idle_mean_pct", idle, 2), RF_NOTEXT);
    rn_flags(rn_num(o, "steal_mean_pct", steal, 2), RF_NOTEXT);
    if (host_cpus(a) > 0)
        rn_flags(rn_int(o, "cpus", host_cpus(a)), RF_NOTEXT);
    else
        rn_flags(rn_null(o, "cpus"), RF_NOTEXT);
    rn_flags(rn_int(o, "load_samples_over", (int64_t)a->sat_load.n), RF_NOTEXT);
    rn_flags(rn_int(o, "load_samples", (int64_t)a->load_cpu_samples), RF_NOTEXT);
    sample_obj(o, "first_sample", first);
    sample_obj(o, "worst_sample", worst);
}

static void ent_row(struct report_node *o, const struct ent *e, bool thread)
{
    rn_int(o, thread ? "tid" : "pid", e->id);
    rn_str(o, thread ? "name" : "command", e->name);
    if (thread) {
        rn_str(o, "category", tcat_names[e->cat]);
        rn_str(o, "group", e->group);
    }
    rn_int(o, "samples", (int64_t)e->cpu.total);
    rn_title(rn_num(o, "cpu_mean_pct", hist_mean(&e->cpu) / 100, 2), "mean %CPU");
    rn_title(rn_num(o, "cpu_stddev_pct", hist_stddev(&e->cpu) / 100, 2), "stddev");
    rn_title(rn_num(o, "cores_mean", hist_mean(&e->cpu) / 10000, 3), "cores");
    rn_title(rn_num(o, "cpu_p50_pct", (double)hist_percentile(&e->cpu, 50) / 100, 1), "P50");
    rn_title(rn_num(o, "cpu_p99_pct", (double)hist_percentile(&e->cpu, 99) / 100, 1), "P99");
    rn_title(rn_num(o, "cpu_max_pct", (double)e->max_x100 / 100, 1), "max");
    rn_title(rn_str(o, "max_at", e->max_when), "max at");
    if (e->ticks > 0 || !thread)
        rn_flags(rn_int(o, "cpu_ticks", e->ticks), RF_NOTEXT);
}

static void proc_detail(struct report_node *arr, const struct agg *a, const struct ent *e)
{
    struct report_node *o = rn_obj(arr, NULL);
    char *t = xasprintf("process %lld (%s)", (long long)e->id, e->name);
    rn_title(o, t);
    free(t);
    rn_int(o, "pid", e->id);
    rn_str(o, "command", e->name);
    rn_int(o, "samples", (int64_t)e->cpu.total);
    rn_str(o, "first", e->first_when);
    rn_str(o, "last", e->last_when);
    rn_unit(rn_title(rn_num(o, "cpu_mean_pct", hist_mean(&e->cpu) / 100, 2), "mean %CPU"), "%");
    rn_unit(rn_title(rn_num(o, "cpu_stddev_pct", hist_stddev(&e->cpu) / 100, 2), "stddev %CPU"),
            "%");
    rn_title(rn_num(o, "cores_mean", hist_mean(&e->cpu) / 10000, 4), "mean cores used");
    rn_title(rn_num(o, "cores_stddev", hist_stddev(&e->cpu) / 10000, 4), "stddev cores");
    rn_unit(rn_title(rn_num(o, "cpu_max_pct", (double)e->max_x100 / 100, 2), "max %CPU"), "%");
    rn_title(rn_str(o, "max_at", e->max_when), "max at");
    char *sl = xasprintf("samples over %.0f%%", (double)a->over_x100 / 100);
    rn_title(rn_int(o, "spikes", (int64_t)e->spikes), sl);
    free(sl);
    if (e->ticks > 0)
        rn_title(rn_int(o, "cpu_ticks", e->ticks), "CPU ticks (utime+stime)");
    if (e->res_first >= 0) {
        rn_unit(rn_title(rn_num(o, "res_first_mib", (double)e->res_first / 1024, 1), "RES first"),
                "MiB");
        rn_unit(rn_title(rn_num(o, "res_last_mib", (double)e->res_last / 1024, 1), "RES last"),
                "MiB");
        rn_unit(rn_title(rn_num(o, "res_min_mib", (double)e->res_min / 1024, 1), "RES min"), "MiB");
        rn_unit(rn_title(rn_num(o, "res_max_mib", (double)e->res_max / 1024, 1), "RES max"), "MiB");
    }
    if (e->virt_first >= 0) {
        rn_unit(rn_title(rn_num(o, "virt_first_mib", (double)e->virt_first / 1024, 1),
                         "VIRT first"), "MiB");
        rn_unit(rn_title(rn_num(o, "virt_last_mib", (double)e->virt_last / 1024, 1), "VIRT last"),
                "MiB");
        rn_unit(rn_title(rn_num(o, "virt_max_mib", (double)e->virt_max / 1024, 1), "VIRT max"),
                "MiB");
    }
    struct report_node *pt = rn_flags(rn_title(rn_arr(o, "percentiles"), "percentiles"), RF_TABLE);
    for (int i = 0; i < STATS_NPCT; i++) {
        struct report_node *r = rn_obj(pt, NULL);
        rn_str(r, "percentile", stats_pct_names[i]);
        int64_t v = hist_percentile(&e->cpu, stats_pcts[i]);
        rn_title(rn_num(r, "cpu_pct", (double)v / 100, 2), "%CPU");
        rn_num(r, "cores", (double)v / 10000, 4);
    }
}

static struct report_node *build(struct agg *a, struct diag *d, char **files, int nfiles,
                                 struct report_node **csv)
{
    struct report_node *root = rn_root();
    struct report_node *in = rn_title(rn_obj(root, "input"), "gclat cpu");
    struct report_node *fl = rn_arr(in, "files");
    for (int i = 0; i < nfiles; i++)
        rn_str(fl, NULL, files[i]);
    rn_int(in, "frames", (int64_t)a->frames);
    rn_title(rn_int(in, "thread_frames", (int64_t)a->thread_frames), "thread-view frames");
    rn_str(in, "first", a->first_when);
    rn_str(in, "last", a->last_when);
    if (a->self_wall_us > 0) {
        rn_title(rn_num(in, "sampler_cpu_pct_of_one_core",
                        100.0 * (double)a->self_cpu_us / (double)a->self_wall_us, 3),
                 "sampler's own CPU (% of one core)");
    }
    struct findings fnds, *fnd = &fnds;
    findings_init(fnd);

    if (a->mcpu_n || a->load[0].total) {
        struct report_node *m = rn_title(rn_obj(root, "machine"), "Machine");
        rn_int(m, "samples", (int64_t)a->mcpu_n);
        if (a->mcpu_n) {
            struct report_node *t = rn_flags(rn_title(rn_arr(m, "cpu"), "%Cpu(s)"), RF_TABLE);
            for (int k = 0; k < 8; k++) {
                struct report_node *r = rn_obj(t, NULL);
                rn_str(r, "field", top_cpu_names[k]);
                rn_num(r, "mean", hist_mean(&a->mcpu[k]) / 100, 2);
                rn_num(r, "stddev", hist_stddev(&a->mcpu[k]) / 100, 2);
                rn_num(r, "p50", (double)hist_percentile(&a->mcpu[k], 50) / 100, 1);
                rn_num(r, "p99", (double)hist_percentile(&a->mcpu[k], 99) / 100, 1);
                rn_num(r, "max", (double)a->mcpu[k].max / 100, 1);
            }
        }
        if (a->load[0].total) {
            struct report_node *t = rn_flags(rn_title(rn_arr(m, "load"), "load average"),
                                             RF_TABLE);
            static const char *ln[3] = {"1m", "5m", "15m"};
            for (int k = 0; k < 3; k++) {
                struct report_node *r = rn_obj(t, NULL);
                rn_str(r, "window", ln[k]);
                rn_num(r, "mean", hist_mean(&a->load[k]) / 100, 2);
                rn_num(r, "min", (double)a->load[k].min / 100, 2);
                rn_num(r, "max", (double)a->load[k].max / 100, 2);
            }
        }
        if (a->mem_used.total) {
            rn_unit(rn_title(rn_num(m, "mem_total_mib", a->mem_total_mib, 1), "memory total"),
                    "MiB");
            rn_unit(rn_title(rn_num(m, "mem_used_mean_mib", hist_mean(&a->mem_used) / 10, 1),
                             "memory used mean"), "MiB");
            rn_unit(rn_title(rn_num(m, "mem_used_max_mib", (double)a->mem_used.max / 10, 1),
                             "memory used max"), "MiB");
        }
        if (host_cpus(a) > 0)
            rn_title(rn_int(m, "cpus", host_cpus(a)), a->cpus_opt ? "CPUs (--cpus)" : "CPUs (per-CPU lines)");
        saturation_finding(a, fnd);
        if (a->mcpu_n && hist_mean(&a->mcpu[7]) / 100 >= 5)
            finding(fnd, "warning", "cpu-steal",
                    xasprintf("CPU steal averaged %.1f%%: the hypervisor took CPU from this VM",
                              hist_mean(&a->mcpu[7]) / 100));
        if (a->mcpu_n && hist_mean(&a->mcpu[4]) / 100 >= 10)
            finding(fnd, "warning", "cpu-iowait",
                    xasprintf("I/O wait averaged %.1f%%", hist_mean(&a->mcpu[4]) / 100));
    }

    sort_array(a->procs.e, a->procs.n, sizeof *a->procs.e, cmp_ent_mean);
    free(a->procs.idx);
    a->procs.idx = NULL;
    a->procs.icap = 0;
    struct report_node *pt = rn_flags(rn_title(rn_arr(root, "processes"), "Processes"), RF_TABLE);
    for (size_t i = 0; i < a->procs.n; i++)
        ent_row(rn_obj(pt, NULL), &a->procs.e[i], false);
    struct report_node *pd = rn_title(rn_arr(root, "process_detail"), "Process detail");
    for (size_t i = 0; i < a->procs.n && i < 5; i++)
        proc_detail(pd, a, &a->procs.e[i]);
    struct report_node *ser = rn_flags(rn_arr(root, "series"), RF_NOTEXT);
    for (size_t i = 0; i < a->procs.n && i < 5; i++) {
        struct report_node *o = rn_obj(ser, NULL);
        rn_int(o, "pid", a->procs.e[i].id);
        /* move the collected series under this object */
        struct report_node *s = a->procs.e[i].series;
        if (s) {
            struct report_node *dst = rn_arr(o, "samples");
            dst->first = s->first;
            dst->last = s->last;
            for (struct report_node *c = s->first; c; c = c->next)
                c->parent = dst;
            s->first = s->last = NULL;
        }
    }
    for (size_t i = 0; i < a->procs.n; i++)
        if (a->procs.e[i].spikes)
            finding(fnd, "info", "cpu-spikes",
                    xasprintf("process %lld (%s): %llu of %llu samples over %.0f%% CPU",
                              (long long)a->procs.e[i].id, a->procs.e[i].name,
                              (unsigned long long)a->procs.e[i].spikes,
                              (unsigned long long)a->procs.e[i].cpu.total,
                              (double)a->over_x100 / 100));
    if (a->nspikes) {
        char *t = xasprintf("Samples over %.0f%% (first %d)", (double)a->over_x100 / 100,
                            MAX_SPIKES_LISTED);
        struct report_node *st = rn_flags(rn_title(rn_arr(root, "spikes"), t), RF_TABLE);
        free(t);
        for (size_t i = 0; i < a->nspikes; i++) {
            struct report_node *r = rn_obj(st, NULL);
            rn_str(r, "when", a->spikes[i].when);
            rn_int(r, "pid", a->spikes[i].id);
            rn_str(r, "command", a->spikes[i].name);
            rn_title(rn_num(r, "cpu_pct", (double)a->spikes[i].cpu_x100 / 100, 1), "%CPU");
        }
    }

    *csv = pt;
    if (a->threads.n) {
        bool ticks = a->thread_total_ticks > 0;
        struct report_node *ct = rn_flags(rn_title(rn_arr(root, "categories"),
                                                   "Thread categories"), RF_TABLE);
        double tot = (double)a->thread_total_x100;
        for (int c = 0; c < TC_N; c++) {
            if (!a->cat_threads[c])
                continue;
            struct report_node *r = rn_obj(ct, NULL);
            rn_str(r, "category", tcat_names[c]);
            rn_int(r, "threads", a->cat_threads[c]);
            rn_title(rn_num(r, "cpu_mean_pct", a->thread_frames
                                 ? (double)a->cat_x100[c] / 100 / (double)a->thread_frames : 0, 2),
                     "mean %CPU");
            rn_title(rn_num(r, "share_pct", tot > 0 ? 100.0 * (double)a->cat_x100[c] / tot : 0, 2),
                     "share of JVM CPU %");
            /* exact sum of the samples' %CPU: lets a reader check that the
               categories add up to the thread total */
            rn_flags(rn_num(r, "cpu_pct_sum", (double)a->cat_x100[c] / 100, 2), RF_NOTEXT);
            if (ticks)
                rn_title(rn_int(r, "cpu_ticks", a->cat_ticks[c]), "ticks");
        }
        struct report_node *tt = rn_title(rn_obj(root, "thread_totals"), "Thread totals");
        rn_int(tt, "threads", (int64_t)a->threads.n);
        rn_title(rn_num(tt, "cpu_mean_pct", a->thread_frames
                            ? (double)a->thread_total_x100 / 100 / (double)a->thread_frames : 0, 2),
                 "mean %CPU, all threads");
        rn_flags(rn_num(tt, "cpu_pct_sum", (double)a->thread_total_x100 / 100, 2), RF_NOTEXT);
        if (ticks) {
            rn_title(rn_int(tt, "thread_ticks", a->thread_total_ticks), "thread ticks");
            rn_title(rn_int(tt, "process_ticks", a->proc_total_ticks), "process ticks");
        }
        double gc = tot > 0 ? 100.0 * (double)a->cat_x100[TC_GC] / tot : 0;
        double gc_cores = a->thread_frames ? (double)a->cat_x100[TC_GC] / 10000 /
                                                 (double)a->thread_frames : 0;
        rn_title(rn_num(tt, "gc_share_pct", gc, 2), "GC share of JVM CPU %");
        finding(fnd, gc >= a->gc_warn_pct ? "warning" : "info", "gc-cpu-share",
                xasprintf("GC threads used %.1f%% of the JVM's CPU (%.2f cores on average)", gc,
                          gc_cores));
        double jit = tot > 0 ? 100.0 * (double)a->cat_x100[TC_JIT] / tot : 0;
        if (jit >= 10)
            finding(fnd, "info", "jit-cpu-share",
                    xasprintf("JIT compiler threads used %.1f%% of the JVM's CPU (warm-up?)", jit));

        sort_array(a->groups, a->ngroups, sizeof *a->groups, cmp_group);
        struct report_node *gt = rn_flags(rn_title(rn_arr(root, "groups"), "Thread groups"),
                                          RF_TABLE);
        for (size_t i = 0; i < a->ngroups; i++) {
            struct report_node *r = rn_obj(gt, NULL);
            rn_str(r, "group", a->groups[i].name);
            rn_str(r, "category", tcat_names[a->groups[i].cat]);
            rn_int(r, "threads", a->groups[i].threads);
            rn_title(rn_num(r, "cpu_mean_pct", a->thread_frames
                                ? (double)a->groups[i].sum_x100 / 100 / (double)a->thread_frames
                                : 0, 2), "mean %CPU");
            rn_title(rn_num(r, "share_pct",
                            tot > 0 ? 100.0 * (double)a->groups[i].sum_x100 / tot : 0, 2),
                     "share %");
        }
        sort_array(a->threads.e, a->threads.n, sizeof *a->threads.e, cmp_ent_mean);
        bool cut = a->top_n > 0 && (size_t)a->top_n < a->threads.n;
        struct report_node *th = rn_title(rn_arr(root, "threads"), "Threads");
        for (size_t i = 0; i < a->threads.n; i++)
            ent_row(rn_obj(th, NULL), &a->threads.e[i], true);
        if (cut) {
            /* text shows the busiest --top N; JSON and CSV keep every thread */
            rn_flags(th, RF_NOTEXT);
            char *t = xasprintf("Threads (top %d of %zu by CPU)", a->top_n, a->threads.n);
            struct report_node *tt2 = rn_flags(rn_title(rn_arr(root, "threads_top"), t),
                                               RF_TABLE | RF_NOJSON);
            free(t);
            for (size_t i = 0; i < (size_t)a->top_n; i++)
                ent_row(rn_obj(tt2, NULL), &a->threads.e[i], true);
        } else {
            rn_flags(th, RF_TABLE);
        }
        *csv = th;
    }
    rn_move_after(root, finding_report(fnd, root, FINDING_STYLE_TABLE), in);
    findings_fini(fnd);
    diag_report(d, root, "unparsed_lines");
    return root;
}


static int read_file(struct agg *a, struct diag *d, const char *path)
{
    struct reader r;
    if (reader_open(&r, path) != 0) {
        warnx("cannot open %s: %s", path, strerror(errno));
        return EXIT_IO;
    }
    reader_set_diag(&r, d);
    a->cur_file = r.name;
    const char *s;
    size_t n;
    int rc = reader_next(&r, &s, &n);
    bool record = rc == 1 && n == strlen(PROC_RECORD_MAGIC) &&
                  memcmp(s, PROC_RECORD_MAGIC, n) == 0;
    struct top_parser tp;
    struct proc_record_reader pr;
    if (record) {
        a->any_record = true;
        proc_record_init(&pr, r.name, d, on_frame, a);
    } else {
        a->any_top = true;
        top_parser_init(&tp, r.name, d, on_frame, a);
    }
    for (; rc == 1; rc = reader_next(&r, &s, &n)) {
        d->lines_read++;
        if (record)
            proc_record_line(&pr, s, n, r.lineno);
        else
            top_parser_line(&tp, s, n, r.lineno);
    }
    if (record) {
        proc_record_finish(&pr);
        if (pr.self_wall_us > 0) {
            a->self_cpu_us = pr.self_cpu_us;
            a->self_wall_us = pr.self_wall_us;
        }
        a->clk_tck = pr.clk_tck;
        a->ncpu = pr.ncpu;
    } else {
        top_parser_finish(&tp);
    }
    int ret = EXIT_OK;
    if (rc < 0) {
        warnx("%s: %s", r.name, reader_strerror(&r));
        ret = EXIT_IO;
    }
    reader_close(&r);
    a->cur_file = NULL;
    reader_progress_done();
    return ret;
}

/*
 * --thread-dump with top -H FILEs: how many threads it named, and how far the
 * dump's clock is from the capture (0 inside it); a warning past TD_GAP_WARN_S.
 */
static void thread_dump_join(const struct agg *a, const char *path, struct report_node *root,
                             bool quiet)
{
    struct report_node *o = rn_title(rn_obj(root, "thread_dump"), "Thread names from --thread-dump");
    rn_str(o, "file", path);
    rn_int(o, "dump_threads_with_tid", (int64_t)a->names->with_tid);
    rn_title(rn_int(o, "named_threads", a->named_threads), "top threads named from the dump");
    rn_title(rn_int(o, "unnamed_threads", (int64_t)a->threads.n - a->named_threads),
             "top threads not in the dump");
    if (a->names->timestamp)
        rn_str(o, "dump_timestamp", a->names->timestamp);
    int t0, t1, td;
    bool u0, u1, ud;
    const char *why = NULL;
    if (!a->names->timestamp || !td_time_of_day(a->names->timestamp, &td, &ud))
        why = "the dump has no timestamp";
    else if (!td_time_of_day(a->first_when, &t0, &u0) || !td_time_of_day(a->last_when, &t1, &u1))
        why = "the capture has no HH:MM:SS times";
    else if (ud != u0)
        why = "one clock is UTC, the other local";
    if (why) {
        rn_title(rn_null(o, "gap_s"), "gap to the capture");
        rn_title(rn_str(o, "gap_unknown", why), "gap unknown");
        if (!quiet)
            warnx("--thread-dump: time gap to the capture unknown (%s)", why);
        return;
    }
    int gap = t0 <= t1 && td >= t0 && td <= t1 ? 0 : td_tod_gap_s(td, t0) < td_tod_gap_s(td, t1)
                                                       ? td_tod_gap_s(td, t0)
                                                       : td_tod_gap_s(td, t1);
    rn_title(rn_unit(rn_int(o, "gap_s", gap), "s"), "gap to the capture (0 = inside it)");
    if (gap > TD_GAP_WARN_S && !quiet)
        warnx("--thread-dump: the dump (%s) is %d s away from the capture (%s .. %s)",
              a->names->timestamp, gap, a->first_when, a->last_when);
}

/*
 * --format cal: the seed's CPU percentile table of one process (docs/cpu.md).
 * Its pipeline reads top's %CPU column as text, so only top -b input has the
 * values it would see; several processes would be mixed into one table.
 */
static int cal_out(const struct agg *a, const struct common_opts *co)
{
    if (a->cal_no_text || a->any_record) {
        warnx("--format cal reads top -b output: a --record file or live sampling has no %%CPU text");
        return EXIT_BADINPUT;
    }
    if (a->procs.n == 0) {
        warnx("--format cal: no process matched (--pid, --command)");
        return EXIT_BADINPUT;
    }
    if (a->procs.n > 1 && !a->npids) {
        char list[256] = "";
        for (size_t i = 0; i < a->procs.n && strlen(list) < sizeof list - 24; i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%lld", i ? ", " : "",
                     (long long)a->procs.e[i].id);
        warnx("--format cal: %zu processes match (PIDs %s); choose one with --pid (several --pid PIDs are "
              "pooled)", a->procs.n, list);
        return EXIT_BADINPUT;
    }
    struct lat_acc acc;
    memset(&acc, 0, sizeof acc);
    acc.cal = (struct lat_strmap *)&a->cal_map;
    FILE *out = common_output(co);
    lat_cal_print(out, &acc);
    common_output_close(out);
    return EXIT_OK;
}

static char **split_list(const char *opt, const char *s, int *n)
{
    char **v = NULL;
    int k = 0;
    const char *p = s;
    for (;;) {
        const char *c = strchr(p, ',');
        size_t l = c ? (size_t)(c - p) : strlen(p);
        if (!l)
            die(EXIT_USAGE, "bad %s '%s': an empty item in the list", opt, s);
        v = xrealloc(v, (size_t)(k + 1) * sizeof *v);
        v[k++] = xstrndup(p, l);
        if (!c)
            break;
        p = c + 1;
    }
    *n = k;
    return v;
}

/* The command, or (tree non-NULL) its report tree handed to the caller
   unrendered: compare and report run `cpu` through here (cpu_report_tree). */
static int cpu_main(int argc, char **argv, struct report_node **tree)
{
    struct common_opts co;
    common_opts_init(&co);
    struct agg a;
    memset(&a, 0, sizeof a);
    a.over_x100 = 10000;
    a.top_n = 20;
    a.gc_warn_pct = 10;
    struct proc_sample_opts so = {0};
    so.interval_us = 1000000;
    const char *record = NULL;
    char **files = xcalloc((size_t)argc + 1, sizeof *files);
    int nfiles = 0;
    bool dashdash = false;
    char **cmdlist = NULL;
    int ncmd = 0;
    for (int i = 1; i < argc; i++) {
        const char *x = argv[i];
        if (dashdash || x[0] != '-' || strcmp(x, "-") == 0) {
            files[nfiles++] = argv[i];
            continue;
        }
        if (strcmp(x, "--") == 0) {
            dashdash = true;
        } else if (common_opt(&co, argc, argv, &i)) {
            continue;
        } else if (opt_is(x, "--pid")) {
            int n;
            char **l = split_list("--pid", opt_value(argc, argv, &i), &n);
            for (int k = 0; k < n; k++) {
                int64_t v = opt_int("--pid", l[k], 1, INT32_MAX);
                a.pids = xrealloc(a.pids, (size_t)(a.npids + 1) * sizeof *a.pids);
                a.pids[a.npids++] = v;
                free(l[k]);
            }
            free(l);
        } else if (opt_is(x, "--command")) {
            int n;
            char **l = split_list("--command", opt_value(argc, argv, &i), &n);
            cmdlist = xrealloc(cmdlist, (size_t)(ncmd + n) * sizeof *cmdlist);
            for (int k = 0; k < n; k++)
                cmdlist[ncmd++] = l[k];
            free(l);
        } else if (strcmp(x, "--all") == 0) {
            a.all = true;
        } else if (strcmp(x, "--threads") == 0) {
            so.threads = true;
        } else if (opt_is(x, "--interval")) {
            so.interval_us = opt_duration_us(x, opt_value(argc, argv, &i), 1000000, 10000);
        } else if (opt_is(x, "--duration")) {
            so.duration_us = opt_duration_us(x, opt_value(argc, argv, &i), 1000000, 1);
        } else if (opt_is(x, "--count")) {
            so.count = opt_int(x, opt_value(argc, argv, &i), 1, 1000000000);
        } else if (opt_is(x, "--record")) {
            record = opt_value(argc, argv, &i);
        } else if (opt_is(x, "--thread-dump")) {
            so.thread_dump = opt_value(argc, argv, &i);
        } else if (opt_is(x, "--over")) {
            /* % of one core: up to 10,000 cores */
            a.over_x100 = (int64_t)llround(opt_pct(x, opt_value(argc, argv, &i), 0, 1e6) * 100);
        } else if (opt_is(x, "--top")) {
            a.top_n = (int)opt_int(x, opt_value(argc, argv, &i), 0, 1000000);
        } else if (opt_is(x, "--cpus")) {
            a.cpus_opt = opt_int(x, opt_value(argc, argv, &i), 1, 1000000);
        } else if (opt_is(x, "--format")) {
            const char *v = opt_value(argc, argv, &i);
            if (strcmp(v, "cal") == 0)
                a.cal = true;
            else if (strcmp(v, "table") != 0)
                die(EXIT_USAGE, "--format is table or cal, not '%s'", v);
        } else if (opt_is(x, "--cal-awk")) {
            const char *v = opt_value(argc, argv, &i);
            if (strcmp(v, "mawk") != 0 && strcmp(v, "gawk") != 0)
                die(EXIT_USAGE, "--cal-awk is mawk or gawk, not '%s'", v);
            lat_cal_flavor(strcmp(v, "gawk") == 0);
        } else if (opt_is(x, "--gc-share-warn")) {
            /* rounded to 0.01 % as before */
            a.gc_warn_pct = (double)llround(opt_pct(x, opt_value(argc, argv, &i), 0, 100) * 100) / 100;
        } else {
            die(EXIT_USAGE, "unknown option %s (see gclat cpu --help)", x);
        }
    }
    if (!tree)
        common_opts_finish(&co);
    if (ncmd) {
        a.cmds = cmdlist;
        a.ncmds = ncmd;
    } else {
        static char java[] = "java";
        static char *def[] = {java};
        a.cmds = def;
        a.ncmds = 1;
    }

    struct diag d;
    diag_init(&d);
    agg_init(&a);
    struct td_names names;
    memset(&names, 0, sizeof names);
    int ret = EXIT_OK;
    char *tmpbuf = NULL;
    bool nfiles_given = nfiles > 0;
    if (nfiles == 0) {
        if (a.npids != 1)
            die(EXIT_USAGE, "give FILE... (top -b output or a --record file) or one --pid PID "
                            "to sample (see --help)");
        if (so.thread_dump && !so.threads)
            so.threads = true;
        so.pid = a.pids[0];
        so.quiet = co.quiet;
        if (!so.duration_us && !so.count)
            so.duration_us = 60000000;
        /* sample into the record format, then read it back like a file */
        size_t tlen = 0;
        FILE *mf = open_memstream(&tmpbuf, &tlen);
        if (!mf)
            die(EXIT_IO, "out of memory");
        ret = proc_sample_run(&so, mf);
        fclose(mf);
        if (record) {
            FILE *rf = outfile_open(record);
            fwrite(tmpbuf, 1, tlen, rf);
            outfile_commit(rf); /* checks the write */
        }
        struct reader r;
        reader_init_mem(&r, "live", tmpbuf, tlen);
        struct proc_record_reader pr;
        proc_record_init(&pr, "live", &d, on_frame, &a);
        const char *s;
        size_t n;
        while (reader_next(&r, &s, &n) == 1) {
            d.lines_read++;
            proc_record_line(&pr, s, n, r.lineno);
        }
        proc_record_finish(&pr);
        a.self_cpu_us = pr.self_cpu_us;
        a.self_wall_us = pr.self_wall_us;
        reader_close(&r);
        static char live[] = "live /proc sampling";
        files[nfiles++] = live;
    } else {
        if (record)
            die(EXIT_USAGE, "--record is for live sampling (--pid without FILE)");
        char *dump_files[1] = {(char *)so.thread_dump};
        if (sniff_inputs(SNIFF_TOP, NULL, files, (size_t)nfiles, 0) |
            sniff_inputs(SNIFF_THREADS, NULL, dump_files, 1, 0)) {
            ret = EXIT_BADINPUT;
            goto done;
        }
        if (so.thread_dump) {
            int lr = td_names_load(&names, so.thread_dump);
            if (lr == -1)
                die(EXIT_IO, "--thread-dump %s: cannot read it", so.thread_dump);
            if (lr == -2)
                die(EXIT_BADINPUT, "--thread-dump %s: no thread with an OS thread id to join on",
                    so.thread_dump);
            a.names = &names;
        }
        for (int i = 0; i < nfiles; i++) {
            int r2 = read_file(&a, &d, files[i]);
            if (r2 != EXIT_OK)
                ret = r2;
        }
        /* no java row: start over with every process and keep the 5 busiest */
        if (a.procs.n == 0 && !a.npids && !ncmd && !a.all && a.any_top) {
            agg_fini(&a);
            agg_init(&a);
            a.all = true;
            diag_fini(&d);
            diag_init(&d);
            for (int i = 0; i < nfiles; i++)
                read_file(&a, &d, files[i]);
            sort_array(a.procs.e, a.procs.n, sizeof *a.procs.e, cmp_ent_mean);
            while (a.procs.n > 5) {
                struct ent *e = &a.procs.e[--a.procs.n];
                free(e->name);
                free(e->group);
                hist_fini(&e->cpu);
            }
        }
    }
    /* a --pid the capture does not hold is an error, not an empty table */
    for (int k = 0; ret == EXIT_OK && nfiles_given && a.frames && k < a.npids; k++) {
        bool found = false;
        for (size_t j = 0; j < a.procs.n && !found; j++)
            found = a.procs.e[j].id == a.pids[k];
        if (!found) {
            warnx("--pid %lld: no such process in %s%s", (long long)a.pids[k], files[0], nfiles > 1 ? " ..." : "");
            ret = EXIT_BADINPUT;
        }
    }
    if (ret == EXIT_OK && a.frames == 0) {
        diag_print_stderr(&d);
        warnx("no top -b frames or record samples found");
        ret = EXIT_BADINPUT;
    }
    if (a.cal && ret == EXIT_OK)
        ret = cal_out(&a, &co);
    else if (ret == EXIT_OK || ret == EXIT_BADINPUT) {
        struct report_node *csv = NULL;
        struct report_node *root = build(&a, &d, files, nfiles, &csv);
        if (a.names)
            thread_dump_join(&a, so.thread_dump, root, co.quiet);
        if (tree) {
            *tree = root;
        } else {
            if (co.out == OUT_TEXT || co.out == OUT_HTML) /* the page leads with the verdict too */
                cpu_screen(root);
            if (co.out == OUT_HTML) {
                cpu_charts_report(root, "", true, rn_flags(rn_obj(root, "charts"), RF_NOTEXT | RF_NOJSON));
                common_html_inputs(&co, files, nfiles);
            }
            common_render(&co, root, csv);
            rn_free(root);
        }
        ret = common_diag_status(&co, &d, ret);
    }
done:
    agg_fini(&a);
    if (ncmd) {
        for (int k = 0; k < ncmd; k++)
            free(cmdlist[k]);
    }
    free(cmdlist);
    free(a.pids);
    free(tmpbuf);
    free(files);
    td_names_free(&names);
    diag_fini(&d);
    return ret;
}

int cmd_cpu(int argc, char **argv)
{
    return cpu_main(argc, argv, NULL);
}

int cpu_report_tree(int argc, char **argv, struct report_node **tree)
{
    *tree = NULL;
    return cpu_main(argc, argv, tree);
}
