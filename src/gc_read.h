/*
 * gc_read.h — GC-log inputs to events: opens each input (file, "-", .gz),
 * puts rotated sets in time order by their content, detects each file's
 * format (unless forced), and feeds every line to the right parser. Parsers
 * emit into ctx->sink; unparsed lines land in ctx->diag.
 */
#ifndef GCLAT_GC_READ_H
#define GCLAT_GC_READ_H

#include <stdbool.h>

#include "gc_parse.h"

#define GC_READ_MAX_DUPS 16

struct gc_read_result {
    enum gc_format format;     /* format of the inputs (the first run's if mixed) */
    bool mixed_formats;        /* runs (or files) of more than one format */
    uint64_t lines;            /* lines read */
    uint64_t bytes;            /* bytes read (compressed size for .gz) */
    int files;                 /* files read (duplicates not included) */
    /* Inputs skipped because another input has the same first events (the
       same file given twice, a copy, a .gz of it): counted once. */
    int duplicates;
    struct { const char *file, *same_as; } dup[GC_READ_MAX_DUPS]; /* the first ones; argv strings */
};

/*
 * Evidence that a new JVM run may begin (docs/metrics.md, "Time model"). The
 * reader only reports what it sees; the analysis decides, with the times of
 * the events that follow.
 *  - FILE: a new input file starts (a new run if its time restarts);
 *  - HEADER: a JVM banner that rotation repeats (JDK 8 "Java HotSpot(TM) ...",
 *    OpenJ9 <initialized>): a new run if time restarts;
 *  - JVM_START: a line printed only when a JVM starts (unified "Using G1"):
 *    a new run;
 *  - FORMAT: the lines switch format (a unified log followed by a JDK 8 one):
 *    another JVM, a new run. fmt is the format of what follows.
 */
enum gc_boundary { GC_BOUND_FILE = 1, GC_BOUND_HEADER, GC_BOUND_JVM_START, GC_BOUND_FORMAT };

struct gc_read_hooks {
    void (*boundary)(void *arg, enum gc_boundary kind, enum gc_format fmt);
    void *arg;
};

/* What one line proves, given the current format: the other format it belongs
   to (GC_FMT_UNKNOWN if none), and in *mark a JVM banner or start line of the
   current format. Cheap on the lines of the current format (gc_detect.c). */
enum gc_line_mark { GC_MARK_NONE, GC_MARK_HEADER, GC_MARK_JVM_START };
enum gc_format gc_line_evidence(const char *s, size_t n, enum gc_format cur, enum gc_line_mark *mark);

/* False for lines gc_line_evidence surely finds nothing in: the hot path of
   every unified and legacy line, inlined. (A unified line can only be a JVM
   start line when it ends in the last letter of a collector's name.) */
static inline bool gc_line_may_be_evidence(const char *s, size_t n, enum gc_format cur)
{
    if (n < 4)
        return false;
    if (cur == GC_FMT_UNIFIED && s[0] == '[' && s[1] != 'G' && s[1] != 'F') {
        char c = s[n - 1];
        if (c == 'n') /* "Epsilon"; not "... for evacuation" (every G1 pause) */
            return s[n - 2] == 'o' && s[n - 3] == 'l';
        return c == '1' || c == 'l' || c == 'h' || c == 'r' || c == 'p' || c == ' ' || c == '\r';
    }
    return !(cur == GC_FMT_LEGACY && s[0] >= '0' && s[0] <= '9');
}

/*
 * Read inputs in time order. forced is GC_FMT_UNKNOWN for auto-detection.
 * Returns 0, EXIT_IO (a file could not be opened or read: message printed),
 * or EXIT_BADINPUT (a file's format could not be recognised; a file that is
 * plainly another kind of input, or every input empty: see sniff.h).
 */
int gc_read_inputs(char **paths, int npaths, enum gc_format forced, struct gc_parse_ctx *ctx,
                   struct gc_read_result *res);
/* The same, reporting run boundaries to hooks (may be NULL). The format is
   detected per file and then per run: a line that proves another format
   switches parsers (unless forced). */
int gc_read_inputs_hooked(char **paths, int npaths, enum gc_format forced, struct gc_parse_ctx *ctx,
                          struct gc_read_result *res, const struct gc_read_hooks *hooks);

/*
 * Threads that read one big regular file (gclat gc -j N; see gc_read_par.c):
 * 0 or less means the default, the cores this process may run on, at most
 * 8; 1 reads on the calling thread. The result is the same whatever N.
 */
void gc_read_set_jobs(int n);
int gc_read_jobs(void);

/*
 * First timestamp of a line, whatever the format: a leading ISO 8601 date
 * (legacy -XX:+PrintGCDateStamps, unified time/utctime decorators) and/or an
 * uptime in seconds ("12.345:" legacy, "[12.345s]" unified), or unified
 * uptimemillis/uptimenanos/timemillis/timenanos decorators. Unknown = -1.
 * Returns true if anything was found.
 */
bool gc_line_time(const char *s, size_t n, int64_t *wall_ms, int32_t *tz_min, int64_t *uptime_ns);

#endif
