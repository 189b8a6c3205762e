/* load_record.c — the JVM under test recorded during a load (load_record.h). */
#include "load_record.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define NS 1000000000LL

static int64_t mono_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * NS + t.tv_nsec;
}

/* utime + stime (ticks) and start time (ticks after boot) of a pid. */
static bool read_stat(int64_t pid, int64_t *ticks, int64_t *start_ticks)
{
    char p[64], buf[4096];
    snprintf(p, sizeof p, "/proc/%lld/stat", (long long)pid);
    FILE *f = fopen(p, "r");
    if (!f)
        return false;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *rp = strrchr(buf, ')'); /* comm may hold spaces and parentheses */
    if (!rp)
        return false;
    /* fields after comm: 3 state ... 14 utime 15 stime ... 22 starttime */
    long long v[23] = {0};
    char *s = rp + 2;
    for (int field = 3; field <= 22 && *s; field++) {
        char *e;
        if (field == 3) {
            s = strchr(s, ' ');
            if (!s)
                return false;
            s++;
            continue;
        }
        v[field] = strtoll(s, &e, 10);
        if (e == s)
            return false;
        s = e + (*e == ' ');
    }
    *ticks = v[14] + v[15];
    if (start_ticks)
        *start_ticks = v[22];
    return true;
}

static int64_t boot_wall_ns(void)
{
    FILE *f = fopen("/proc/stat", "r");
    char line[256];
    long long bt = -1;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "btime %lld", &bt) == 1)
            break;
    if (f)
        fclose(f);
    return bt < 0 ? -1 : bt * NS;
}

static void on_event(void *ctx, const struct gc_event *e)
{
    struct load_record *r = ctx;
    if ((e->type != GC_EV_PAUSE && e->type != GC_EV_STALL) || e->duration_ns < 0)
        return;
    int64_t start;
    if (e->wall_ms >= 0) {
        start = e->wall_ms * 1000000LL;
    } else if (e->uptime_ns >= 0 && r->jvm_start_wall_ns >= 0) {
        start = r->jvm_start_wall_ns + e->uptime_ns;
        r->placed_by_uptime = true;
    } else {
        r->events_unplaced++;
        return;
    }
    if (r->nstops >= LOAD_STOPS_MAX) {
        r->stops_dropped++;
        return;
    }
    xgrow((void **)&r->stops, &r->cap, r->nstops + 1, sizeof *r->stops);
    r->stops[r->nstops++] = (struct load_stop){start, e->duration_ns, e->type == GC_EV_STALL};
}

int load_record_init(struct load_record *r, const char *gc_path, int64_t pid, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    r->pid = pid;
    r->jvm_start_wall_ns = -1;
    r->hz = sysconf(_SC_CLK_TCK);
    if (pid > 0) {
        int64_t st;
        if (!read_stat(pid, &r->cpu_ticks0, &st)) {
            snprintf(err, errlen, "--pid %lld: no such process (cannot read /proc/%lld/stat)", (long long)pid,
                     (long long)pid);
            return -1;
        }
        int64_t bt = boot_wall_ns();
        if (bt >= 0 && r->hz > 0)
            r->jvm_start_wall_ns = bt + st * (NS / r->hz);
        r->cpu_ticks1 = r->cpu_ticks0;
        r->t0_ns = r->t1_ns = mono_ns();
    }
    if (gc_path) {
        r->gc_path = gc_path;
        diag_init(&r->diag);
        intern_init(&r->strings);
        gc_parse_ctx_init(&r->ctx, on_event, r, &r->diag, &r->strings);
        /* from the end: only what the JVM logs while the load runs */
        gc_follow_init(&r->gf, gc_path, false, GC_FMT_UNKNOWN, &r->ctx);
    }
    return 0;
}

void load_record_tick(void *p)
{
    struct load_record *r = p;
    if (r->gc_path)
        while (gc_follow_poll(&r->gf) > 0)
            ;
    if (r->pid > 0 && !r->pid_gone) {
        int64_t t;
        if (read_stat(r->pid, &t, NULL)) {
            r->cpu_ticks1 = t;
            r->t1_ns = mono_ns();
        } else {
            r->pid_gone = true;
        }
    }
}

void load_record_finish(struct load_record *r)
{
    load_record_tick(r);
    if (r->gc_path)
        gc_follow_finish(&r->gf);
}

void load_record_fini(struct load_record *r)
{
    if (r->gc_path) {
        gc_follow_fini(&r->gf);
        diag_fini(&r->diag);
        intern_fini(&r->strings);
    }
    free(r->stops);
    memset(r, 0, sizeof *r);
}

static int cmp_stop(const void *a, const void *b)
{
    const struct load_stop *x = a, *y = b;
    return x->start_wall_ns < y->start_wall_ns ? -1 : x->start_wall_ns > y->start_wall_ns;
}

/* The first stop (sorted by start) that can reach time t: no stop is longer than max_dur. */
static size_t first_reaching(const struct load_stop *st, size_t n, int64_t max_dur, int64_t t)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t m = (lo + hi) / 2;
        if (st[m].start_wall_ns < t - max_dur)
            lo = m + 1;
        else
            hi = m;
    }
    return lo;
}

/* Time of [s, e) covered by pauses (stops sorted by start; overlapping pauses do not happen). */
static int64_t stopped_in(const struct load_stop *st, size_t n, int64_t max_dur, int64_t s, int64_t e)
{
    int64_t sum = 0;
    size_t lo = first_reaching(st, n, max_dur, s);
    for (size_t i = lo; i < n && st[i].start_wall_ns < e; i++) {
        if (st[i].stall)
            continue;
        int64_t a = st[i].start_wall_ns > s ? st[i].start_wall_ns : s;
        int64_t b = st[i].start_wall_ns + st[i].dur_ns < e ? st[i].start_wall_ns + st[i].dur_ns : e;
        if (b > a)
            sum += b - a;
    }
    return sum;
}

/* Does [s, e) meet a stop of the wanted kind? stops sorted by start; max_dur bounds the look-back. */
static bool meets(const struct load_stop *st, size_t n, int64_t max_dur, int64_t s, int64_t e, bool stall)
{
    /* first stop that starts at or after s - max_dur */
    size_t lo = first_reaching(st, n, max_dur, s);
    for (size_t i = lo; i < n && st[i].start_wall_ns < e; i++)
        if (st[i].stall == stall && st[i].start_wall_ns + st[i].dur_ns > s)
            return true;
    return false;
}

void load_record_report(const struct load_record *rec, const struct load_result *res, struct report_node *root)
{
    int64_t m0 = res->start_wall_ns, m1 = res->start_wall_ns + res->measured_ns;
    if (rec->pid > 0) {
        struct report_node *j = rn_title(rn_obj(root, "jvm"), "JVM under test (--pid)");
        rn_int(j, "pid", rec->pid);
        double secs = (double)(rec->t1_ns - rec->t0_ns) / 1e9;
        double cpu = rec->hz > 0 ? (double)(rec->cpu_ticks1 - rec->cpu_ticks0) / (double)rec->hz : NAN;
        rn_unit(rn_num(j, "cpu_s", cpu, 2), "s");
        rn_unit(rn_num(j, "cpu_pct_of_one_core", secs > 0.5 ? 100.0 * cpu / secs : NAN, 1), "%");
        rn_bool(j, "exited_during_run", rec->pid_gone);
    }
    if (!rec->gc_path)
        return;
    struct load_stop *st = xmalloc((rec->nstops + 1) * sizeof *st);
    size_t n = 0;
    int64_t max_dur = 0;
    for (size_t i = 0; i < rec->nstops; i++) { /* stops that touch the measurement period */
        const struct load_stop *s = &rec->stops[i];
        if (s->start_wall_ns < m1 + 10 * NS && s->start_wall_ns + s->dur_ns > m0 - 10 * NS) {
            st[n++] = *s;
            if (s->dur_ns > max_dur)
                max_dur = s->dur_ns;
        }
    }
    qsort(st, n, sizeof *st, cmp_stop);
    struct report_node *g = rn_title(rn_obj(root, "gc"), "GC during the run (--gc-log)");
    rn_str(g, "log", rec->gc_path);
    rn_str(g, "format", gc_format_name(rec->gf.last_fmt));
    rn_str(g, "placed_by", rec->placed_by_uptime ? "uptime + process start (approximate)" : "log wall clock");
    uint64_t np = 0, ns_ = 0;
    int64_t pt = 0, pm = 0, stt = 0, sm = 0;
    for (size_t i = 0; i < n; i++) {
        if (st[i].start_wall_ns + st[i].dur_ns <= m0 || st[i].start_wall_ns >= m1)
            continue;
        if (st[i].stall) {
            ns_++;
            stt += st[i].dur_ns;
            if (st[i].dur_ns > sm)
                sm = st[i].dur_ns;
        } else {
            np++;
            pt += st[i].dur_ns;
            if (st[i].dur_ns > pm)
                pm = st[i].dur_ns;
        }
    }
    rn_int(g, "pauses", (int64_t)np);
    rn_unit(rn_num(g, "pause_total_ms", (double)pt / 1e6, 3), "ms");
    rn_unit(rn_num(g, "pause_max_ms", np ? (double)pm / 1e6 : NAN, 3), "ms");
    rn_int(g, "stalls", (int64_t)ns_);
    rn_unit(rn_num(g, "stall_total_ms", (double)stt / 1e6, 3), "ms");
    rn_unit(rn_num(g, "stall_max_ms", ns_ ? (double)sm / 1e6 : NAN, 3), "ms");
    rn_int(g, "events_unplaced", (int64_t)rec->events_unplaced);
    rn_int(g, "unparsed_lines", (int64_t)rec->diag.total);

    /* latency over time with the stops beside it: the per-second rows gain the
       pauses and stalls that touched each second (by intended send time) */
    struct report_node *ps = rn_get(root, "per_second");
    int64_t sec_i = 0;
    for (struct report_node *row = ps ? ps->first : NULL; row; row = row->next, sec_i++) {
        int64_t a0 = m0 + sec_i * NS, a1 = a0 + NS;
        uint64_t pc = 0, sc = 0;
        int64_t pmax = 0, smax = 0;
        size_t lo = first_reaching(st, n, max_dur, a0);
        for (size_t i = lo; i < n && st[i].start_wall_ns < a1; i++) {
            if (st[i].start_wall_ns + st[i].dur_ns <= a0)
                continue;
            if (st[i].stall) {
                sc++;
                smax = st[i].dur_ns > smax ? st[i].dur_ns : smax;
            } else {
                pc++;
                pmax = st[i].dur_ns > pmax ? st[i].dur_ns : pmax;
            }
        }
        rn_int(row, "pauses", (int64_t)pc);
        rn_num(row, "pause_max_ms", pc ? (double)pmax / 1e6 : NAN, 3);
        rn_int(row, "stalls", (int64_t)sc);
        rn_num(row, "stall_max_ms", sc ? (double)smax / 1e6 : NAN, 3);
    }

    /* the tail: requests at or above the corrected p99, from the slowest kept */
    struct report_node *t = rn_title(rn_obj(root, "tail"), "Slowest requests that met a GC stop");
    int64_t p99 = res->latency_ns.total ? hist_percentile(&res->latency_ns, 99) : -1;
    uint64_t tail_n = 0, met_p = 0, met_s = 0, met_any = 0;
    long double tail_lat = 0, tail_stopped = 0;
    bool complete = true;
    if (p99 >= 0) {
        for (int i = 0; i < res->nslow; i++) {
            const struct load_slow *q = &res->slow[i];
            if (q->latency_ns < p99)
                continue;
            tail_n++;
            int64_t s = q->intended_wall_ns, e = s + q->latency_ns;
            bool a = meets(st, n, max_dur, s, e, false), b = meets(st, n, max_dur, s, e, true);
            met_p += a;
            met_s += b;
            met_any += a || b;
            tail_lat += q->latency_ns;
            tail_stopped += stopped_in(st, n, max_dur, s, e);
        }
        /* the kept requests end above p99 only if fewer than LOAD_SLOW_MAX were at or above it */
        complete = res->slow_seen <= (uint64_t)res->nslow || res->slow[res->nslow - 1].latency_ns < p99;
    }
    if (rec->events_unplaced && !n) {
        rn_null(t, "threshold_ms");
        rn_str(t, "not_joined", "the GC log has uptime stamps only: give --pid of the JVM, or log with "
                                "-Xlog:gc*:file=...:time,uptime");
    } else if (p99 < 0) {
        rn_null(t, "threshold_ms");
        rn_str(t, "not_joined", "no request was answered");
    } else {
        rn_unit(rn_num(t, "threshold_ms", (double)p99 / 1e6, 3), "ms");
        rn_int(t, "requests", (int64_t)tail_n);
        rn_bool(t, "complete", complete);
        rn_int(t, "met_pause", (int64_t)met_p);
        rn_int(t, "met_stall_somewhere", (int64_t)met_s);
        rn_unit(rn_num(t, "share_met_pause_pct", tail_n ? 100.0 * (double)met_p / (double)tail_n : NAN, 1), "%");
        rn_unit(rn_num(t, "share_met_any_stop_pct", tail_n ? 100.0 * (double)met_any / (double)tail_n : NAN, 1),
                "%");
        /* of the time these requests took, the part the JVM was stopped for GC */
        rn_unit(rn_num(t, "paused_share_of_tail_latency_pct",
                       tail_lat > 0 ? (double)(100.0L * tail_stopped / tail_lat) : NAN, 1),
                "%");
    }
    free(st);
}
