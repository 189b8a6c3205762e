/*
 * top_parse.h — `top -b` batch output (procps-ng 3.3.x and 4.x) to frames.
 *
 * A frame is one refresh: the summary lines ("top - HH:MM:SS up ..., load
 * average: a, b, c", "Tasks:"/"Threads:", "%Cpu(s):", "KiB|MiB|GiB Mem :",
 * "... Swap:") and the task table whose columns are found by name in the
 * header line ("PID USER ... %CPU %MEM TIME+ COMMAND"), so reordered or extra
 * fields work as long as COMMAND is last (it may contain spaces and be cut
 * with a trailing '+'). VIRT/RES/SHR accept KiB numbers and the m/g/t/p/e
 * suffixes top uses when a number does not fit. Decimal commas (some
 * locales) are accepted in numbers.
 *
 * The parser is fed one line at a time (ptr,len; not NUL-terminated) and calls
 * back once per complete frame. Lines it does not understand go to diag.
 * Record files written by `gclat cpu --record` are recognised by their first
 * line and parsed by proc_record.c into the same frames.
 */
#ifndef GCLAT_TOP_PARSE_H
#define GCLAT_TOP_PARSE_H
#include <stdbool.h>
#include <stdint.h>
#include "diag.h"

struct top_row {
    int64_t pid;           /* PID, or TID in the thread view */
    int64_t virt_kb, res_kb; /* -1 when the column is absent */
    int64_t cpu_x100;      /* %CPU x 100 (top prints one decimal) */
    int64_t time_cs;       /* TIME+ in 1/100 s, -1 if absent */
    char *cmd;             /* COMMAND (heap, owned by the frame) */
    bool cut;              /* name may be truncated (trailing '+', or 15-byte comm) */
    bool process_total;    /* this row is a whole process (thread-view leader row
                              whose numbers are the process's, or a /proc record P row) */
};

struct top_frame {
    char when[32];         /* "05:46:47" from top, ISO time from a record file */
    int64_t epoch_ms;      /* record files only, else -1 */
    uint64_t lineno;       /* line of the "top -" header */
    bool threads_mode;     /* "Threads:" header (top -H) or a record with threads */
    bool have_load, have_cpu, have_mem;
    double load[3];
    double cpu[8];         /* us sy ni id wa hi si st */
    double mem_total_mib, mem_used_mib;
    int64_t tasks_total;
    struct top_row *rows;
    size_t nrows, cap;
};

typedef void (*top_frame_cb)(const struct top_frame *f, void *ctx);

struct top_parser {
    const char *file;
    struct diag *diag;
    top_frame_cb cb;
    void *ctx;
    struct top_frame fr;
    bool in_frame;
    int ncols;             /* columns in the header, 0 before the header */
    int col_pid, col_virt, col_res, col_cpu, col_time, col_cmd;
    uint64_t frames;
};

extern const char *const top_cpu_names[8];

void top_parser_init(struct top_parser *p, const char *file, struct diag *d, top_frame_cb cb,
                     void *ctx);
/* Feed one line (without '\n'). */
void top_parser_line(struct top_parser *p, const char *s, size_t n, uint64_t lineno);
/* Flush the last frame and free everything. */
void top_parser_finish(struct top_parser *p);

/*
 * Lines of a sample (non-blank lines of buf[0..len), see sniff.h) the parser
 * understands; 0 without a "top - ... load average" header.
 */
size_t top_sniff(const char *buf, size_t len);

/* Frame helpers shared with proc_record.c. */
void top_frame_reset(struct top_frame *f);
struct top_row *top_frame_add_row(struct top_frame *f);
void top_frame_free(struct top_frame *f);

/* "3118996" KiB, "2.9g", "512m", "1.2t" -> KiB. False if malformed. */
bool top_parse_mem_kb(const char *s, size_t n, int64_t *kb);
/* "0:00.35", "123:45.67", "1234:56", "1:02:03" -> centiseconds. */
bool top_parse_time_cs(const char *s, size_t n, int64_t *cs);
/* "12.3" or "12,3" -> value x 100 (rounded). */
bool top_parse_x100(const char *s, size_t n, int64_t *v);
#endif
