/*
 * cpu_findings.c — what the CPU figures mean (docs/cpu.md "Findings"):
 * CPU steal, I/O wait, a saturated host, spikes over --over, and the GC and
 * JIT threads' shares of the JVM's CPU, as struct finding (finding.h).
 */
#include "cpu_analysis.h"
#include "finding.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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

static void sample_obj(struct report_node *f, const char *key, const struct cpu_sample_ref *r)
{
    struct report_node *o = rn_obj(f, key);
    rn_str(o, "at", r->when);
    rn_str(o, "where", r->where);
}

/* A sample's "file:line" as the finding's file and line (the string outlives the report). */
static struct finding_where where_of(const struct cpu_sample_ref *r)
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

/*
 * host-saturated: the CPUs had nothing left (mean idle under 5 %), more
 * runnable tasks than CPUs most of the time (1-min load above 2 x CPUs in
 * more than half the samples), or the hypervisor took a tenth (mean steal
 * over 10 %). Evidence: the first sample past a limit that holds, and the
 * worst one of the first condition that holds (idle, then load, then steal).
 */
static void saturation_finding(const struct cpu_analysis *a, struct findings *fnd)
{
    double idle = a->mcpu_n ? hist_mean(&a->mcpu[3]) / 100 : NAN;
    double steal = a->mcpu_n ? hist_mean(&a->mcpu[7]) / 100 : NAN;
    bool by_idle = a->mcpu_n && idle < CPU_SAT_IDLE_PCT;
    bool by_load = a->load_cpu_samples && a->sat_load.n * 2 > a->load_cpu_samples;
    bool by_steal = a->mcpu_n && steal > CPU_SAT_STEAL_PCT;
    if (!by_idle && !by_load && !by_steal)
        return;
    const struct cpu_sat_cond *held[3];
    int nh = 0;
    char text[2048] = "", part[768];
    if (by_idle) {
        held[nh++] = &a->sat_idle;
        snprintf(part, sizeof part, "idle %.2f %% on average (under %.0f %%; lowest %.1f %%)", idle,
                 CPU_SAT_IDLE_PCT, a->sat_idle.worst.value);
        text_cat(text, sizeof text, part);
    }
    if (by_load) {
        held[nh++] = &a->sat_load;
        snprintf(part, sizeof part, "%s1-min load above %d x %lld CPUs in %llu of %llu samples (max %.2f)",
                 text[0] ? "; " : "", CPU_SAT_LOAD_PER_CPU, (long long)cpu_host_cpus(a),
                 (unsigned long long)a->sat_load.n, (unsigned long long)a->load_cpu_samples,
                 a->sat_load.worst.value);
        text_cat(text, sizeof text, part);
    }
    if (by_steal) {
        held[nh++] = &a->sat_steal;
        snprintf(part, sizeof part, "%ssteal %.2f %% on average (over %.0f %%; highest %.1f %%)",
                 text[0] ? "; " : "", steal, CPU_SAT_STEAL_PCT, a->sat_steal.worst.value);
        text_cat(text, sizeof text, part);
    }
    const struct cpu_sample_ref *first = &held[0]->first;
    for (int k = 1; k < nh; k++)
        if (held[k]->first.idx < first->idx)
            first = &held[k]->first;
    const struct cpu_sample_ref *worst = &held[0]->worst;
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
    if (cpu_host_cpus(a) > 0)
        rn_flags(rn_int(o, "cpus", cpu_host_cpus(a)), RF_NOTEXT);
    else
        rn_flags(rn_null(o, "cpus"), RF_NOTEXT);
    rn_flags(rn_int(o, "load_samples_over", (int64_t)a->sat_load.n), RF_NOTEXT);
    rn_flags(rn_int(o, "load_samples", (int64_t)a->load_cpu_samples), RF_NOTEXT);
    sample_obj(o, "first_sample", first);
    sample_obj(o, "worst_sample", worst);
}

void cpu_analysis_findings(const struct cpu_analysis *a, struct findings *fnd)
{
    if (a->mcpu_n || a->load[0].total) {
        saturation_finding(a, fnd);
        if (a->mcpu_n && hist_mean(&a->mcpu[7]) / 100 >= 5)
            finding(fnd, "warning", "cpu-steal",
                    xasprintf("CPU steal averaged %.1f%%: the hypervisor took CPU from this VM",
                              hist_mean(&a->mcpu[7]) / 100));
        if (a->mcpu_n && hist_mean(&a->mcpu[4]) / 100 >= 10)
            finding(fnd, "warning", "cpu-iowait", xasprintf("I/O wait averaged %.1f%%", hist_mean(&a->mcpu[4]) / 100));
    }
    /* busiest first: cpu_analysis_finish sorted them */
    for (size_t i = 0; i < a->procs.n; i++)
        if (a->procs.e[i].spikes)
            finding(fnd, "info", "cpu-spikes",
                    xasprintf("process %lld (%s): %llu of %llu samples over %.0f%% CPU", (long long)a->procs.e[i].id,
                              a->procs.e[i].name, (unsigned long long)a->procs.e[i].spikes,
                              (unsigned long long)a->procs.e[i].cpu.total, (double)a->o.over_x100 / 100));
    if (!a->threads.n)
        return;
    double tot = (double)a->thread_total_x100;
    double gc = tot > 0 ? 100.0 * (double)a->cat_x100[TC_GC] / tot : 0;
    double gc_cores = a->thread_frames ? (double)a->cat_x100[TC_GC] / 10000 / (double)a->thread_frames : 0;
    finding(fnd, gc >= a->o.gc_warn_pct ? "warning" : "info", "gc-cpu-share",
            xasprintf("GC threads used %.1f%% of the JVM's CPU (%.2f cores on average)", gc, gc_cores));
    double jit = tot > 0 ? 100.0 * (double)a->cat_x100[TC_JIT] / tot : 0;
    if (jit >= 10)
        finding(fnd, "info", "jit-cpu-share",
                xasprintf("JIT compiler threads used %.1f%% of the JVM's CPU (warm-up?)", jit));
}
