/*
 * sniff.h — what kind of input a file is, from its first SNIFF_SAMPLE_BYTES
 * (64 KiB of text, after gzip and UTF-16 decoding: the reader's lines), so
 * that a command handed the wrong file says so instead of answering.
 *
 * Each kind is scored by its own reader: the share of the sample's non-blank
 * lines that reader understands, through a scorer exported by the parser's
 * module (gc_sniff, lat_sniff, top_sniff / proc_record_sniff, jstat_sniff,
 * td_sniff, histo_sniff, hdr_log_sniff, wrk_sniff_lines). A scorer gives 0
 * unless its reader found at least one thing of its kind (an event, a row, a
 * thread, a histogram, a banner): lines a reader would merely tolerate are
 * no evidence. Access logs are scored by their own shape (a timestamp or a
 * request, and the number), never by "has a number".
 *
 * The rule every command applies (sniff_inputs):
 *   - plainly another kind: some other kind scores at least SNIFF_FLOOR and
 *     at least SNIFF_MARGIN above the command's own kind -> exit 2, naming
 *     that kind, its share and the command that reads it;
 *   - none of the sampled lines is of the command's kind, and it is not an
 *     access-log command (a bare list of numbers is a fine input to lat) ->
 *     exit 2, "not a ...";
 *   - every input empty -> exit 2 (an empty file among others: a warning),
 *     unless the command accepts empty input (lat).
 * Docs: docs/input.md.
 */
#ifndef GCLAT_SNIFF_H
#define GCLAT_SNIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gc_parse.h"

struct lat_cfg;

enum sniff_kind {
    SNIFF_UNKNOWN = 0,
    SNIFF_GC,      /* unified, JDK 8 legacy or OpenJ9 GC log: gclat gc */
    SNIFF_ACCESS,  /* access log: gclat lat */
    SNIFF_TOP,     /* top -b output or a gclat cpu --record file: gclat cpu */
    SNIFF_JSTAT,   /* jstat -gc / -gcutil / -gccause output: gclat jstat */
    SNIFF_THREADS, /* thread dump, any dialect td reads: gclat threads */
    SNIFF_HISTO,   /* jmap -histo / GC.class_histogram: gclat histo */
    SNIFF_HLOG,    /* HdrHistogram interval log: gclat merge */
    SNIFF_WRK,     /* wrk / wrk2 output */
    SNIFF_NKINDS
};

#define SNIFF_SAMPLE_BYTES ((size_t)64 * 1024)
/* A kind is plainly what a file is when it understands at least this share
   of the sample, and this many points more than the kind the command wants. */
#define SNIFF_FLOOR_PCT 50
#define SNIFF_MARGIN_PCT 30

struct sniff_result {
    uint32_t lines;              /* non-blank lines in the sample */
    uint32_t hits[SNIFF_NKINDS]; /* of them, understood by each kind's reader */
    enum gc_format gc_format;    /* what gc_detect said */
    bool whole;                  /* the sample is the whole input */
    uint64_t long_lines;         /* lines skipped as longer than the reader's cap */
    bool wrk_banner;             /* a "Running ... test @ URL" line in its first 4 KiB (wrk_sniff) */
};

/*
 * Score a sample: buf[0..len) holds lines each ending in '\n' (the last may
 * lack it). lat: the access-log options of the command, or NULL (defaults).
 */
void sniff_buf(const char *buf, size_t len, const struct lat_cfg *lat, struct sniff_result *r);
/*
 * Read path's sample through the reader and score it. "-" is standard input,
 * looked at with reader_stdin_peek so the command still reads all of it.
 * Returns 0, or -1 if the file cannot be opened or read (the command's own
 * open reports it) or is not a regular file (a named pipe such as
 * <(zcat f.gz) could be read only once: it is left unchecked).
 */
int sniff_path(const char *path, const struct lat_cfg *lat, struct sniff_result *r);

/* Share of the sample kind k understands, in percent (0 for an empty sample). */
double sniff_pct(const struct sniff_result *r, enum sniff_kind k);
/* The kind with the highest share if it reaches SNIFF_FLOOR_PCT, else UNKNOWN. */
enum sniff_kind sniff_best(const struct sniff_result *r);
/* The kind the file plainly is instead of want (see above), or UNKNOWN. */
enum sniff_kind sniff_other(const struct sniff_result *r, enum sniff_kind want);
/* "a GC log", "an access log", ... (for messages). */
const char *sniff_kind_name(enum sniff_kind k);
/* Short name for tables and tests: "gc", "access", "top", ... "unknown". */
const char *sniff_kind_id(enum sniff_kind k);
/* The command that reads kind k ("gclat gc"), or NULL if none does. */
const char *sniff_kind_command(enum sniff_kind k);

/* sniff_inputs flags */
#define SNIFF_EMPTY_OK 1u    /* empty input is a valid (empty) answer */
#define SNIFF_UNKNOWN_OK 2u  /* do not refuse a file for not being want (e.g. --format given) */

/*
 * The check above over paths[0..n) (NULL entries skipped), for a command
 * reading kind want. Messages go to stderr: errors always, the warning for
 * an empty file among others as the reader's warnings (not with --quiet).
 * Returns 0 or EXIT_BADINPUT.
 */
int sniff_inputs(enum sniff_kind want, const struct lat_cfg *lat, char *const *paths, size_t n,
                 unsigned flags);
/*
 * The same check over samples already scored (sniff_path), so that a command
 * that looks at a sample for another reason too (lat: is it a wrk output?)
 * reads each input's head once — standard input can be peeked at only
 * before it is read, and a .gz is decompressed once. res[i] NULL: the
 * input could not be sampled (skipped, as sniff_inputs skips it).
 */
int sniff_check(enum sniff_kind want, char *const *paths, const struct sniff_result *const *res, size_t n,
                unsigned flags);

#endif
