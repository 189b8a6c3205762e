/*
 * lat_run.h — `gclat lat` as library calls: its options (parsed from an
 * argv, so `compare --lat-arg` goes through the very same code), the scan of
 * the input columns, and the report tree. cmd/lat.c renders that tree;
 * compare and report (compare_input.c) put it under a run, so both show the
 * same numbers by construction.
 */
#ifndef GCLAT_LAT_RUN_H
#define GCLAT_LAT_RUN_H

#include "cli.h"
#include "correlate_access.h"
#include "lat.h"
#include "report.h"

enum lat_fmt { LAT_FMT_TABLE, LAT_FMT_CAL, LAT_FMT_HGRM };

struct lat_column {
    char *name;
    char **files;
    size_t nfiles, cap;
};

struct lat_opts {
    struct common_opts co;
    struct lat_cfg c;
    const char *out_unit, *save, *by;
    int64_t out_ns;
    enum lat_fmt fmt;
    double pct[64];
    int npct;
    int threads;
    struct lat_column *cols;
    size_t ncol;
    struct access_cfg ac; /* while parsing: the access-log group's base; then moved to c */
};

/* `gclat lat`'s option table: main.c prints its --help, lat_opts_parse parses with it. */
struct opt_cmd;
extern const struct opt_cmd cmd_lat_opts;

/* The scanned columns; wrk set when every input is a saved wrk/wrk2 run. */
struct lat_run {
    bool wrk;
    struct lat_result *res; /* per column */
    struct lat_result total;
    const char **names;
    uint64_t nvalues;
};

/*
 * Parse `lat` options and inputs from argv[1..argc-1] (argv[0] is the command
 * name). Returns 0, or 1 after printing --help. A malformed option exits
 * with EXIT_USAGE, as on the command line. The caller runs
 * common_opts_finish() itself when it is the command.
 */
int lat_opts_parse(struct lat_opts *o, int argc, char **argv);
void lat_opts_fini(struct lat_opts *o);
/*
 * Check the inputs open and are access logs (or all wrk output), then scan
 * them. Returns 0 or the exit code (warned): EXIT_IO, EXIT_BADINPUT.
 */
int lat_scan_inputs(const struct lat_opts *o, struct lat_run *run);
void lat_run_fini(const struct lat_opts *o, struct lat_run *run);
/*
 * The report tree `gclat lat --json` prints: the "lat" object (or, for wrk
 * inputs, the "wrk" array; its unparsed lines counted in *wrk_diag, which
 * the caller owns). Returns 0 or the exit code of a wrk file that failed.
 */
int lat_build_report(const struct lat_opts *o, struct lat_run *run, struct report_node *root, struct diag *wrk_diag);
/*
 * The exit status after the report: not one value (a wrong field), --strict,
 * mostly unparsed lines (warned whatever -q).
 */
int lat_run_status(const struct lat_opts *o, const struct lat_run *run, int ret);

size_t lat_ngroups(const struct lat_groups *g);
struct lat_group *lat_group_at(struct lat_groups *g, size_t i);

#endif
