/*
 * cpu_run.h — `gclat cpu` as library calls around the analysis
 * (cpu_analysis.h): its options parsed from an argv by its table (cpu_opts.c), so
 * compare's --cpu-arg goes through the very same code, and its inputs
 * (cpu_input.c). cmd/cpu.c renders; compare and report (compare_input.c)
 * put the tree under a run.
 */
#ifndef GCLAT_CPU_RUN_H
#define GCLAT_CPU_RUN_H

#include "cli.h"
#include "cpu_analysis.h"
#include "proc_sample.h"

struct diag;
struct td_names;

/* What the command line holds besides the analysis's options. */
struct cpu_cmdline {
    struct common_opts co;
    struct proc_sample_opts sample; /* live: --threads --interval --duration --count --thread-dump */
    const char *record;             /* --record FILE (live only) */
    bool cal_gawk;                  /* --cal-awk gawk */
    char **files;                   /* inputs (pointers into argv) */
    int nfiles;
};

/*
 * `gclat cpu`'s options and inputs from argv[1..argc-1] (argv[0] is the
 * command name) through its option table cmd_cpu_opts (opt.h), for the
 * command and for compare's --cpu-arg alike. A malformed option exits with
 * EXIT_USAGE, as on the command line. Returns 1 when -h/--help printed the
 * help (o and c hold the defaults), else 0. The caller runs
 * common_opts_finish() itself when it is the command.
 */
int cpu_opts_parse(int argc, char **argv, struct cpu_opts *o, struct cpu_cmdline *c);
/*
 * compare's and report's --cpu-arg: args[0..n) through the same table, cpu's
 * own options only (opt_parse_figures): a file or a common option (--json,
 * -o, --strict, --help...) ends the command with EXIT_USAGE. c->co is quiet;
 * --record and --format cal are the caller's to refuse.
 */
void cpu_opts_parse_figures(int n, char **args, struct cpu_opts *o, struct cpu_cmdline *c);
void cpu_opts_fini(struct cpu_opts *o, struct cpu_cmdline *c);

/* ---- inputs (cpu_input.c): files and live sampling into an analysis; these warn on stderr ---- */

/* top -b captures and the dump are what they claim (sniff.h). Returns 0 or EXIT_BADINPUT (said why). */
int cpu_input_sniff(char *const *files, int nfiles, const char *dump);
/*
 * The named thread dump (--thread-dump with FILEs). Returns 0, or EXIT_IO /
 * EXIT_BADINPUT after a message.
 */
int cpu_input_names(struct td_names *names, const char *path);
/*
 * Read every FILE (top -b output or a --record file) into a: a process list
 * with no java row starts over with every process and keeps the busiest
 * five (no --pid/--command/--all given); a --pid the capture does not hold
 * and input without frames are EXIT_BADINPUT; a file that cannot be read
 * EXIT_IO. Warns on stderr; diag may be reset by the fallback.
 */
int cpu_input_files(struct cpu_analysis *a, struct diag *d, char *const *files, int nfiles);
/*
 * Sample so->pid live into a (through the record format, written to record
 * too when it is not NULL). *buf holds the samples until the caller frees it.
 */
int cpu_input_live(struct cpu_analysis *a, struct diag *d, const struct proc_sample_opts *so,
                   const char *record, char **buf);
/* The dump's distance from the capture, warned when it is unknown or past TD_GAP_WARN_S (td_time.h). */
void cpu_input_gap_warn(const struct cpu_analysis *a, const struct cpu_dump_gap *g);

#endif
