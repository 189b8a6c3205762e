/*
 * test_cpu_analysis.c — the CPU analysis as a library (cpu_analysis.h),
 * driven through its API on real top captures (tests/fixtures/proc,
 * tests/fixtures/threads), against figures this file computes on its own
 * from the same text: a plain whitespace split of the rows, no top_parse.
 */
#include "cpu_analysis.h"
#include "cpu_run.h"
#include "cpu_screen.h"
#include "diag.h"
#include "finding.h"
#include "report.h"
#include "t.h"
#include "td_names.h"
#include "td_time.h"
#include "util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define PROC "tests/fixtures/proc"
#define THR "tests/fixtures/threads"

static int split(char *s, char **tok, int max)
{
    int n = 0;
    for (char *p = strtok(s, " \t\r\n"); p && n < max; p = strtok(NULL, " \t\r\n"))
        tok[n++] = p;
    return n;
}

static bool all_digits(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return false;
    return true;
}

/* The java rows' %CPU of a `top -b` capture: count, sum, max; and the mean of %Cpu(s) "us". */
struct indep {
    long n;
    double sum, sumsq, max;
    long frames;
    double us_sum;
    long us_n;
};

static void indep_top(const char *path, struct indep *r)
{
    memset(r, 0, sizeof *r);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (!f)
        return;
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "top - ", 6) == 0)
            r->frames++;
        if (strncmp(line, "%Cpu(s):", 8) == 0) {
            const char *u = strstr(line, " us,");
            const char *b = u;
            while (b > line + 8 && (isdigit((unsigned char)b[-1]) || b[-1] == '.'))
                b--;
            if (u) {
                r->us_sum += atof(b);
                r->us_n++;
            }
            continue;
        }
        char *tok[32];
        int n = split(line, tok, 32);
        if (n >= 12 && all_digits(tok[0]) && strcmp(tok[11], "java") == 0) {
            double v = atof(tok[8]);
            r->n++;
            r->sum += v;
            r->sumsq += v * v;
            if (v > r->max)
                r->max = v;
        }
    }
    fclose(f);
}

static void run_files(struct cpu_analysis *a, struct diag *d, const struct cpu_opts *o, const char *path)
{
    char *files[1] = {(char *)path};
    diag_init(d);
    cpu_analysis_init(a, o);
    CHECK_EQ_INT(cpu_input_files(a, d, files, 1), EXIT_OK);
    cpu_analysis_finish(a);
}

static void test_process_figures(void)
{
    static const char *runs[] = {PROC "/g1/top-b-p.txt", PROC "/parallel/top-b-p.txt", PROC "/zgc/top-b-p.txt"};
    for (size_t k = 0; k < sizeof runs / sizeof *runs; k++) {
        struct indep w;
        indep_top(runs[k], &w);
        CHECK(w.n > 5);
        struct cpu_opts o;
        cpu_opts_default(&o);
        struct cpu_analysis a;
        struct diag d;
        run_files(&a, &d, &o, runs[k]);
        CHECK_EQ_INT(a.frames, w.frames);
        CHECK_EQ_INT(a.procs.n, 1);
        if (a.procs.n == 1) {
            const struct cpu_ent *e = &a.procs.e[0];
            CHECK_EQ_INT(e->cpu.total, w.n);
            /* %CPU x 100 integers: the mean is exact, not within a rounding */
            CHECK_NEAR(hist_mean(&e->cpu) / 100, w.sum / (double)w.n, 1e-9);
            CHECK_EQ_INT(e->max_x100, (int64_t)(w.max * 100 + 0.5));
            double mean = w.sum / (double)w.n;
            double sd = sqrt((w.sumsq - (double)w.n * mean * mean) / (double)(w.n - 1));
            CHECK_NEAR(hist_stddev(&e->cpu) / 100, sd, 1e-6);
        }
        CHECK_EQ_INT(a.mcpu_n, w.us_n);
        CHECK_NEAR(hist_mean(&a.mcpu[0]) / 100, w.us_sum / (double)w.us_n, 1e-9);
        /* the tree holds the same figures, rounded as --json prints them */
        struct report_node *csv = NULL;
        struct cpu_dump_gap gap;
        struct report_node *root = cpu_build_report(&a, &d, (char **)&runs[k], 1, NULL, &gap, &csv);
        const struct report_node *m = rn_path(root, "processes[0]/cpu_mean_pct");
        const struct report_node *s = rn_path(root, "processes[0]/samples");
        CHECK(m && s);
        if (m && s) {
            CHECK_NEAR(rn_value(m), w.sum / (double)w.n, 0.005 + 1e-9);
            CHECK_EQ_INT(rn_value(s), w.n);
        }
        CHECK(csv == rn_get(root, "processes"));
        CHECK(rn_get(root, "thread_dump") == NULL);
        rn_free(root);
        cpu_analysis_fini(&a);
        diag_fini(&d);
    }
}

/* tid -> the dump's thread name, from "NAME" ... nid=0xHEX (or decimal) header lines. */
struct dump_names {
    long tid[1024];
    char name[1024][128];
    int n;
    char stamp[32];
};

static void indep_dump(const char *path, struct dump_names *dn)
{
    memset(dn, 0, sizeof *dn);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (!f)
        return;
    char line[4096];
    bool first = true;
    while (fgets(line, sizeof line, f)) {
        if (first) {
            snprintf(dn->stamp, sizeof dn->stamp, "%.19s", line);
            first = false;
        }
        const char *nid = strstr(line, " nid=");
        if (line[0] != '"' || !nid || dn->n >= 1024)
            continue;
        const char *q = strchr(line + 1, '"');
        if (!q)
            continue;
        dn->tid[dn->n] = strtol(nid + 5, NULL, strncmp(nid + 5, "0x", 2) == 0 ? 16 : 10);
        snprintf(dn->name[dn->n], sizeof dn->name[dn->n], "%.*s", (int)(q - line - 1), line + 1);
        dn->n++;
    }
    fclose(f);
}

static const char *dump_name(const struct dump_names *dn, long tid)
{
    for (int i = 0; i < dn->n; i++)
        if (dn->tid[i] == tid)
            return dn->name[i];
    return NULL;
}

/* First and last "top - HH:MM:SS" of a capture, in seconds of the day. */
static void indep_span(const char *path, int *t0, int *t1)
{
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    *t0 = *t1 = -1;
    if (!f)
        return;
    char line[4096];
    int h, m, s;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "top - %d:%d:%d", &h, &m, &s) == 3) {
            if (*t0 < 0)
                *t0 = h * 3600 + m * 60 + s;
            *t1 = h * 3600 + m * 60 + s;
        }
    fclose(f);
}

/* The thread with the largest %CPU sum over a top -H capture's thread rows (the leader, whose TID is the PID, left out). */
static long indep_busiest_thread(const char *path, long leader)
{
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (!f)
        return -1;
    static long tid[4096];
    static double sum[4096];
    int n = 0;
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        char *tok[32];
        int k = split(line, tok, 32);
        if (k < 12 || !all_digits(tok[0]) || atol(tok[0]) == leader)
            continue;
        int i = 0;
        while (i < n && tid[i] != atol(tok[0]))
            i++;
        if (i == n && n < 4096)
            tid[n++] = atol(tok[0]);
        if (i < n)
            sum[i] += atof(tok[8]);
    }
    fclose(f);
    int best = 0;
    for (int i = 1; i < n; i++)
        if (sum[i] > sum[best])
            best = i;
    return n ? tid[best] : -1;
}

static void test_thread_dump_names(void)
{
    const char *top = THR "/jdk17-top-H.txt", *dump = THR "/jdk17-jstack.txt";
    struct dump_names *dn = xcalloc(1, sizeof *dn);
    indep_dump(dump, dn);
    CHECK(dn->n > 100);
    struct td_names names;
    memset(&names, 0, sizeof names);
    CHECK_EQ_INT(cpu_input_names(&names, dump), EXIT_OK);
    struct cpu_opts o;
    cpu_opts_default(&o);
    o.names = &names;
    struct cpu_analysis a;
    struct diag d;
    run_files(&a, &d, &o, top);
    CHECK(a.threads.n > 100);
    /* every thread row whose TID the dump has carries the dump's full name */
    int64_t named = 0, cut_named = 0;
    for (size_t i = 0; i < a.threads.n; i++) {
        const char *want = dump_name(dn, (long)a.threads.e[i].id);
        if (!want)
            continue;
        named++;
        CHECK_STR(a.threads.e[i].name, want);
        cut_named += strlen(want) > 15;
    }
    CHECK(named > 100);
    CHECK(cut_named > 5); /* names top had cut to 15 bytes ("busy-spin+") */
    CHECK_EQ_INT(a.named_threads, named);

    /* the gap, from the dump's own first line and the capture's "top -" times */
    int t0, t1, h, m, s;
    indep_span(top, &t0, &t1);
    CHECK(sscanf(dn->stamp + 11, "%d:%d:%d", &h, &m, &s) == 3);
    int td = h * 3600 + m * 60 + s;
    int want_gap = td >= t0 && td <= t1 ? 0 : td < t0 ? t0 - td : td - t1;
    struct report_node *csv = NULL;
    struct cpu_dump_gap gap;
    struct report_node *root = cpu_build_report(&a, &d, (char **)&top, 1, dump, &gap, &csv);
    CHECK(gap.known);
    CHECK_EQ_INT(gap.gap_s, want_gap);
    CHECK(gap.gap_s <= TD_GAP_WARN_S);
    const struct report_node *g = rn_path(root, "thread_dump/gap_s");
    const struct report_node *nt = rn_path(root, "thread_dump/named_threads");
    CHECK(g && nt);
    if (g && nt) {
        CHECK_EQ_INT(rn_value(g), want_gap);
        CHECK_EQ_INT(rn_value(nt), named);
    }
    CHECK(csv == rn_get(root, "threads"));
    /* the first screen names the busiest thread by the dump's name, and what the dump named */
    cpu_screen(root);
    const struct report_node *v = rn_get(root, "verdict");
    long busiest = indep_busiest_thread(top, a.procs.n ? (long)a.procs.e[0].id : -1);
    const char *bn = dump_name(dn, busiest);
    CHECK(v && v->kind == RN_STR && bn);
    if (v && v->kind == RN_STR && bn) {
        char want[256];
        snprintf(want, sizeof want, "busiest thread %s (tid %ld,", bn, busiest);
        CHECK(strstr(v->s, want) != NULL);
        snprintf(want, sizeof want, "; %lld of %zu threads named from the dump, %d s from the capture", (long long)named,
                 a.threads.n, want_gap);
        CHECK(strstr(v->s, want) != NULL);
    }
    rn_free(root);
    cpu_analysis_fini(&a);
    diag_fini(&d);
    td_names_free(&names);

    /* the same dump taken 90 s later: stated, and past the warning threshold */
    char path[] = "/tmp/test_cpu_analysis.XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    FILE *in = fopen(dump, "r"), *out = fdopen(fd, "w");
    char line[4096];
    bool first = true;
    while (in && out && fgets(line, sizeof line, in)) {
        if (first) {
            int later = td + 90;
            fprintf(out, "%.11s%02d:%02d:%02d\n", dn->stamp, later / 3600, later / 60 % 60, later % 60);
            first = false;
        } else {
            fputs(line, out);
        }
    }
    if (in)
        fclose(in);
    if (out)
        fclose(out);
    memset(&names, 0, sizeof names);
    CHECK_EQ_INT(cpu_input_names(&names, path), EXIT_OK);
    o.names = &names;
    run_files(&a, &d, &o, top);
    root = cpu_build_report(&a, &d, (char **)&top, 1, path, &gap, &csv);
    CHECK(gap.known);
    CHECK_EQ_INT(gap.gap_s, td + 90 - t1);
    CHECK(gap.gap_s > TD_GAP_WARN_S);
    rn_free(root);
    cpu_analysis_fini(&a);
    diag_fini(&d);
    td_names_free(&names);
    remove(path);

    /* a dump that is not there is an I/O error, not a run without names */
    memset(&names, 0, sizeof names);
    CHECK_EQ_INT(cpu_input_names(&names, "tests/fixtures/threads/no-such-dump.txt"), EXIT_IO);
    td_names_free(&names);
    free(dn);
}

/* Thread categories add up to the thread total, and the GC finding carries their share. */
static void test_categories_and_findings(void)
{
    struct cpu_opts o;
    cpu_opts_default(&o);
    struct cpu_analysis a;
    struct diag d;
    run_files(&a, &d, &o, PROC "/g1/top-b-H.txt");
    long double sum = 0;
    int64_t threads = 0;
    for (int c = 0; c < TC_N; c++) {
        sum += a.cat_x100[c];
        threads += a.cat_threads[c];
    }
    CHECK(sum == a.thread_total_x100);
    CHECK_EQ_INT(threads, a.threads.n);
    struct findings f;
    findings_init(&f);
    cpu_analysis_findings(&a, &f);
    bool gc = false;
    for (size_t i = 0; i < f.n; i++)
        gc |= strcmp(f.v[i].id, "gc-cpu-share") == 0;
    CHECK(gc);
    findings_fini(&f);
    cpu_analysis_fini(&a);
    diag_fini(&d);
}

static void test_opts_parse(void)
{
    char *argv[] = {"cpu", "--pid", "5,7", "--over=300%", "--command", "java,jsvc", "--top", "3", "--cpus", "8",
                    "--gc-share-warn", "12.345%", "--json", "-q", "f.txt", "--", "-g.txt"};
    struct cpu_opts o;
    struct cpu_cmdline c;
    cpu_opts_parse((int)(sizeof argv / sizeof *argv), argv, &o, &c);
    CHECK_EQ_INT(o.npids, 2);
    CHECK_EQ_INT(o.pids[1], 7);
    CHECK_EQ_INT(o.over_x100, 30000);
    CHECK_EQ_INT(o.ncmds, 2);
    CHECK_STR(o.cmds[1], "jsvc");
    CHECK_EQ_INT(o.top_n, 3);
    CHECK_EQ_INT(o.cpus, 8);
    CHECK_NEAR(o.gc_warn_pct, 12.35, 1e-9);
    CHECK(c.co.out == OUT_JSON && c.co.quiet);
    CHECK_EQ_INT(c.nfiles, 2);
    CHECK_STR(c.files[1], "-g.txt");
    cpu_opts_fini(&o, &c);
}

int main(void)
{
    RUN(test_process_figures);
    RUN(test_thread_dump_names);
    RUN(test_categories_and_findings);
    RUN(test_opts_parse);
    T_DONE();
}
