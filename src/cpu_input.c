/*
 * cpu_input.c — the inputs of a CPU analysis (cpu_analysis.h, cpu_run.h): `top -b`
 * captures and `gclat cpu --record` files (told apart by the record's first
 * line), live /proc sampling through the record format, and the thread dump
 * that names top -H's threads. The rules that need the whole input (no java
 * row, a --pid not in the capture, no frames at all) are here too, so the
 * command and compare's cpu adapter apply them alike.
 */
#include "cpu_run.h"
#include "diag.h"
#include "outfile.h"
#include "proc_record.h"
#include "reader.h"
#include "sniff.h"
#include "td_names.h"
#include "td_time.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FALLBACK_BUSIEST 5 /* processes kept when no row is the default "java" */

int cpu_input_sniff(char *const *files, int nfiles, const char *dump)
{
    char *dump_files[1] = {(char *)dump};
    return sniff_inputs(SNIFF_TOP, NULL, files, (size_t)nfiles, 0) |
           sniff_inputs(SNIFF_THREADS, NULL, dump_files, 1, 0);
}

int cpu_input_names(struct td_names *names, const char *path)
{
    int lr = td_names_load(names, path);
    if (lr == -1) {
        warnx("--thread-dump %s: cannot read it", path);
        return EXIT_IO;
    }
    if (lr == -2) {
        warnx("--thread-dump %s: no thread with an OS thread id to join on", path);
        return EXIT_BADINPUT;
    }
    return EXIT_OK;
}

static int read_file(struct cpu_analysis *a, struct diag *d, const char *path)
{
    struct reader r;
    if (reader_open(&r, path) != 0) {
        warnx("cannot open %s: %s", path, strerror(errno));
        return EXIT_IO;
    }
    reader_set_diag(&r, d);
    const char *s;
    size_t n;
    int rc = reader_next(&r, &s, &n);
    bool record = rc == 1 && n == strlen(PROC_RECORD_MAGIC) && memcmp(s, PROC_RECORD_MAGIC, n) == 0;
    cpu_analysis_begin_input(a, r.name, record);
    struct top_parser tp;
    struct proc_record_reader pr;
    if (record)
        proc_record_init(&pr, r.name, d, cpu_analysis_frame_cb, a);
    else
        top_parser_init(&tp, r.name, d, cpu_analysis_frame_cb, a);
    for (; rc == 1; rc = reader_next(&r, &s, &n)) {
        d->lines_read++;
        if (record)
            proc_record_line(&pr, s, n, r.lineno);
        else
            top_parser_line(&tp, s, n, r.lineno);
    }
    if (record) {
        proc_record_finish(&pr);
        if (pr.self_wall_us > 0)
            cpu_analysis_sampler_cost(a, pr.self_cpu_us, pr.self_wall_us);
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

static int check_frames(const struct cpu_analysis *a, const struct diag *d, int ret)
{
    if (ret == EXIT_OK && a->frames == 0) {
        diag_print_stderr(d);
        warnx("no top -b frames or record samples found");
        ret = EXIT_BADINPUT;
    }
    return ret;
}

int cpu_input_files(struct cpu_analysis *a, struct diag *d, char *const *files, int nfiles)
{
    int ret = EXIT_OK;
    for (int i = 0; i < nfiles; i++) {
        int r2 = read_file(a, d, files[i]);
        if (r2 != EXIT_OK)
            ret = r2;
    }
    /* no java row: start over with every process and keep the busiest */
    if (a->procs.n == 0 && !a->o.npids && !a->o.ncmds && !a->o.all && a->any_top) {
        struct cpu_opts all = a->o;
        all.all = true;
        cpu_analysis_fini(a);
        cpu_analysis_init(a, &all);
        diag_fini(d);
        diag_init(d);
        for (int i = 0; i < nfiles; i++)
            read_file(a, d, files[i]);
        cpu_analysis_keep_busiest(a, FALLBACK_BUSIEST);
    }
    /* a --pid the capture does not hold is an error, not an empty table */
    for (int k = 0; ret == EXIT_OK && a->frames && k < a->o.npids; k++) {
        bool found = false;
        for (size_t j = 0; j < a->procs.n && !found; j++)
            found = a->procs.e[j].id == a->o.pids[k];
        if (!found) {
            warnx("--pid %lld: no such process in %s%s", (long long)a->o.pids[k], files[0], nfiles > 1 ? " ..." : "");
            ret = EXIT_BADINPUT;
        }
    }
    return check_frames(a, d, ret);
}

int cpu_input_live(struct cpu_analysis *a, struct diag *d, const struct proc_sample_opts *so, const char *record,
                   char **buf)
{
    /* sample into the record format, then read it back like a file */
    size_t len = 0;
    *buf = NULL;
    FILE *mf = open_memstream(buf, &len);
    if (!mf)
        die(EXIT_IO, "out of memory");
    int ret = proc_sample_run(so, mf);
    fclose(mf);
    if (record) {
        FILE *rf = outfile_open(record);
        fwrite(*buf, 1, len, rf);
        outfile_commit(rf); /* checks the write */
    }
    struct reader r;
    reader_init_mem(&r, "live", *buf, len);
    struct proc_record_reader pr; /* evidence names no file: "?:line" */
    proc_record_init(&pr, "live", d, cpu_analysis_frame_cb, a);
    const char *s;
    size_t n;
    while (reader_next(&r, &s, &n) == 1) {
        d->lines_read++;
        proc_record_line(&pr, s, n, r.lineno);
    }
    proc_record_finish(&pr);
    cpu_analysis_sampler_cost(a, pr.self_cpu_us, pr.self_wall_us);
    reader_close(&r);
    return check_frames(a, d, ret);
}

void cpu_input_gap_warn(const struct cpu_analysis *a, const struct cpu_dump_gap *g)
{
    if (!g->known)
        warnx("--thread-dump: time gap to the capture unknown (%s)", g->why);
    else if (g->gap_s > TD_GAP_WARN_S)
        warnx("--thread-dump: the dump (%s) is %d s away from the capture (%s .. %s)", a->o.names->timestamp,
              g->gap_s, a->first_when, a->last_when);
}
