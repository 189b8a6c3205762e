/*
 * td.h — the thread-dump model shared by the `gclat threads` modules.
 *
 * A td_set holds every dump read (jstack, jstack -l, jcmd Thread.print,
 * kill -3 output with several dumps appended, Thread.dump_to_file text and
 * JSON). Each dump owns a contiguous range of threads; each thread owns its
 * frames and its lock lines. All strings (names, frames, lock ids, classes)
 * are interned in the set, so equality of two strings is pointer equality —
 * the grouping and lock-graph code relies on that.
 *
 * Modules: td_parse.c (text formats; the dialects printed through ThreadMXBean,
 * VisualVM and JRockit in td_mxbean.c, td_visualvm.c, td_jrockit.c, a class
 * histogram appended to a dump in td_histo_block.c), td_json.c (JSON format), td_top.c
 * (top -b -H), td_locks.c (lock graph, chains, deadlock cycles), td_group.c
 * (pools, identical stacks, hot frames, multi-dump comparison), td_report.c
 * (the report tree). Nothing here prints; cmd/threads.c renders.
 */
#ifndef GCLAT_TD_H
#define GCLAT_TD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "intern.h"

/* What a lock line says about the thread and the object. */
enum td_rel {
    TD_LOCKED,      /* "- locked <A>": owns monitor A (unless it waits on A, see td_locks.c) */
    TD_WAIT_LOCK,   /* "- waiting to lock <A>" / JSON blockedOn: BLOCKED entering monitor A */
    TD_WAIT_ON,     /* "- waiting on <A>" / JSON waitingOn: Object.wait() on A */
    TD_RELOCK,      /* "- waiting to re-lock in wait() <A>": woken, re-acquiring A */
    TD_PARK,        /* "- parking to wait for <A>" / JSON parkBlocker */
    TD_OWNABLE,     /* "Locked ownable synchronizers: - <A>": owns j.u.c synchronizer A */
    TD_ELIMINATED,  /* "- eliminated <A>": lock removed by escape analysis (not held) */
};

struct td_lock {
    enum td_rel rel;
    const char *id;  /* interned: "0x000000069ec20f60" or "Class@hash"; NULL if none given */
    const char *cls; /* interned class name, or NULL */
    int frame;       /* index of the frame the line follows (-1: before any frame) */
    /* owner named by the waiter's own line (ThreadMXBean dumps: 'owned by "o" Id=11',
       VisualVM: 'owned by "o" t@11'); NULL / -1 when the format does not say */
    const char *owner_name;
    int64_t owner_id;
};

struct td_frame {
    const char *method; /* interned "com.example.Foo.bar" (lambda hidden-class ids removed) */
    const char *loc;    /* interned "Foo.java:12" / "Native Method" (module@version removed) */
};

struct td_thread {
    const char *name;        /* interned */
    int64_t java_id;         /* "#N" / JSON tid; -1 if absent (JVM-internal threads) */
    int64_t os_tid;          /* "[N]" or nid (hex or decimal) as a number; -1 if absent */
    const char *nid_text;    /* interned nid as printed ("0x5260" / "32076"), or NULL */
    bool daemon, is_virtual;
    int prio, os_prio;       /* -1 if absent */
    double cpu_ms, elapsed_s; /* -1 if absent */
    const char *state;       /* interned "RUNNABLE", "BLOCKED", ...; "VM_INTERNAL" when no state line */
    const char *state_detail; /* interned "on object monitor", "parking", ... or NULL */
    const char *header_state; /* interned "waiting on condition" etc. from the header, or NULL */
    const char *container;   /* JSON thread container, or NULL */
    int64_t carrying_vthread; /* "Carrying virtual thread #N", -1 if none */
    struct td_frame *frames;
    int nframes;
    size_t cap_frames;
    struct td_lock *locks;
    int nlocks;
    size_t cap_locks;
    int dump;                /* index into td_set.dumps */
    const char *file;        /* interned input name */
    uint64_t line;           /* line of the header */
    uint64_t stack_hash;     /* frames only */
    uint64_t stack_lock_hash; /* frames plus wait/park/lock lines with their ids */
    const char *pool;        /* interned pool pattern (td_pool_name) */
    bool stack_truncated;    /* the printer cut the stack ("\t..." of ThreadInfo.toString,
                                8 frames): frames, and locks taken deeper, are missing */
};

/* "Found one Java-level deadlock" entry as printed by the JVM. */
struct td_jvm_dl {
    const char *thread;   /* interned waiting thread */
    const char *lock_id;  /* interned object address */
    const char *cls;
    const char *held_by;  /* interned owner name, or NULL (unknown owner) */
    bool ownable;         /* "waiting for ownable synchronizer" */
};

struct td_dump {
    const char *file;     /* interned */
    uint64_t line;        /* first line of the dump */
    const char *timestamp; /* interned "2026-11-30 05:46:08" or ISO time, or NULL */
    const char *vm;       /* "OpenJDK 64-Bit Server VM (17.0.15+6...)" or runtime version */
    int64_t pid;          /* from jcmd "PID:" line or JSON processId; -1 if unknown */
    const char *format;   /* "jstack", "thread-dump-text", "thread-dump-json" */
    size_t first, n;      /* threads [first, first+n) */
    int jni_global_refs;  /* -1 if absent */
    int jvm_deadlocks;    /* "Found N deadlocks." / "Found one Java-level deadlock" count; -1 if none */
    struct td_jvm_dl *dl;
    size_t ndl, cap_dl;
};

/* A block of lines in a thread-dump input that is another kind of input
   (a class histogram appended with jcmd GC.class_histogram >> dump.txt). */
struct td_block {
    const char *file;     /* interned */
    uint64_t line;        /* first line */
    uint64_t lines;       /* lines of the block */
    uint64_t rows;        /* histogram rows */
    const char *kind;     /* static: "class histogram" */
    const char *reader;   /* static: "gclat histo" */
};

struct td_set {
    struct intern in;
    struct diag diag;
    struct td_thread *t;
    size_t nt, cap_t;
    struct td_dump *d;
    size_t nd, cap_d;
    uint64_t lines_known;  /* lines understood, including ignored informational ones */
    const char *s_vm_internal; /* interned "VM_INTERNAL" */
    struct td_block *blocks; /* recognised blocks that are not thread dumps */
    size_t nblocks, cap_blocks;
    char *scratch;         /* frame normalisation buffer, grown as needed */
    size_t scratch_cap;
};

void td_set_init(struct td_set *s);
void td_set_fini(struct td_set *s);

/*
 * Parse one input (text or JSON, detected from the first non-blank byte) from
 * the named path ("-" = stdin, .gz ok). Appends dumps and threads to s; lines
 * not understood go to s->diag. Returns 0, or -1 on an I/O error (message
 * printed unless quiet).
 */
int td_parse_file(struct td_set *s, const char *path, bool quiet);
/* Same for a memory buffer (tests, fuzzers). name is used in diagnostics. */
void td_parse_mem(struct td_set *s, const char *name, const char *data, size_t len);

/*
 * Lines of a sample (non-blank lines of buf[0..len), see sniff.h) the
 * thread-dump reader understands, every dialect td_text_line reads; 0 if it
 * found no thread. A JSON dump counts whole when its object holds
 * "threadDump".
 */
size_t td_sniff(const char *buf, size_t len);
/* Text-format parser state machine (td_parse.c); called by td_parse_*. */
struct td_text;
struct td_text *td_text_new(struct td_set *s, const char *file);
void td_text_line(struct td_text *p, const char *line, size_t len, uint64_t lineno);
void td_text_end(struct td_text *p);

/* JSON (jcmd Thread.dump_to_file -format=json) of data[0..len) (td_json.c). */
void td_json_parse(struct td_set *s, const char *file, const char *data, size_t len);

/* Helpers used by both parsers (td_parse.c). */
struct td_thread *td_new_thread(struct td_set *s, const char *file, uint64_t line);
struct td_dump *td_new_dump(struct td_set *s, const char *file, uint64_t line, const char *format);
void td_add_frame(struct td_set *s, struct td_thread *t, const char *text, size_t len);
void td_add_lock(struct td_set *s, struct td_thread *t, enum td_rel rel, const char *id,
                 size_t idlen, const char *cls, size_t clslen);
/* The owner the waiter's line names for its last lock (java_id -1 if not given). */
void td_lock_owner(struct td_set *s, struct td_thread *t, const char *name, size_t len,
                   int64_t java_id);
/* Finish a dump: stack hashes and pool names of its threads. */
void td_finish_dump(struct td_set *s, struct td_dump *d);

/*
 * Pool pattern of a thread name: trailing numeric ids become "*"
 * ("http-nio-8080-exec-12" -> "http-nio-8080-exec-*", "GC Thread#3" ->
 * "GC Thread#*", "pool-2-thread-7" -> "pool-2-thread-*"); a trailing hex id
 * of 8+ characters after a separator too. Names without an id are their own
 * pool. Writes into out (cap bytes, always NUL-terminated); returns length.
 */
size_t td_pool_name(const char *name, char *out, size_t cap);

/* ---- top -b -H (td_top.c) ---- */
struct td_top_row {
    int64_t tid;
    double cpu_pct;
    const char *time;    /* interned TIME+ text */
    const char *command; /* interned COMMAND text */
    char s;              /* process state letter */
};

struct td_top {
    struct td_top_row *rows; /* the last snapshot only */
    size_t n, cap;
    int snapshots;
    int64_t threads_total; /* "Threads: N total", -1 if absent */
    char last_time[16];    /* "05:46:08" of the last snapshot's "top - " line, or "" */
};

/*
 * Seconds between the top snapshot used and the analysed dump, from their
 * clocks (td_time.h); -1 when either has no usable time (*why says which).
 */
int td_top_gap_s(const struct td_top *top, const struct td_dump *d, const char **why);

/* Parse top -b -H output; returns 0 or -1 on I/O error. Unknown lines -> s->diag. */
int td_top_parse_file(struct td_set *s, struct td_top *top, const char *path, bool quiet);
void td_top_parse_mem(struct td_set *s, struct td_top *top, const char *name, const char *data,
                      size_t len);
void td_top_fini(struct td_top *top);

/* ---- lock graph (td_locks.c) ---- */
struct td_lockinfo {
    const char *id, *cls;
    long owner;          /* thread index owning it, -1 if unknown / free */
    const char *owner_name; /* owner name when known only from the JVM deadlock report */
    bool ownable;        /* j.u.c ownable synchronizer (seen in ownable section or as such) */
    size_t *blocked;     /* threads in "waiting to lock"/"re-lock" on it */
    size_t nblocked, cap_blocked;
    size_t *parked;      /* threads parked on it */
    size_t nparked, cap_parked;
    size_t *waiting;     /* threads in Object.wait() on it */
    size_t nwaiting, cap_waiting;
};

struct td_cycle {
    size_t *threads; /* thread indexes, in wait-for order (t[i] waits for t[i+1]) */
    size_t *locks;   /* lock indexes: t[i] waits for locks[i], held by t[i+1] */
    size_t n;
    bool monitor, juc; /* kinds of locks in the cycle */
};

struct td_locks {
    struct td_lockinfo *l;
    size_t nl, capl;
    long *waits_for;     /* per thread of the dump (relative index): lock index or -1 */
    long *owner_of_wait; /* per thread: thread index (absolute) that holds it, or -1 */
    long *rev_head, *rev_next; /* reverse wait-for edges (relative indexes), -1 terminated */
    size_t *behind, *direct;   /* per thread: threads waiting behind it (transitively) / directly */
    unsigned char *in_cycle;   /* per thread: part of a deadlock cycle */
    struct td_cycle *cyc;
    size_t ncyc, capcyc;
    size_t first, n;     /* the dump's thread range */
};

/* Build the lock graph of dump d. */
void td_locks_build(const struct td_set *s, size_t dump, struct td_locks *g);
void td_locks_fini(struct td_locks *g);
/* Number of threads transitively waiting behind thread ti (absolute index). */
size_t td_locks_blocked_behind(const struct td_locks *g, size_t ti, size_t *direct);

/* ---- frame classification (td_group.c) ---- */
struct td_prefixes {
    const char **app;   /* --app-package prefixes (if any: only these are app frames) */
    size_t napp;
    const char **fw;    /* JDK/framework prefixes */
    size_t nfw;
};
extern const char *const td_default_framework_prefixes[];
bool td_is_app_frame(const struct td_prefixes *p, const char *method);
/* Index of the first application frame of t, or -1. */
int td_top_app_frame(const struct td_prefixes *p, const struct td_thread *t);

/*
 * True when t is RUNNABLE with a top frame that is a native wait the JVM
 * reports as RUNNABLE although the thread waits (selector epoll/kqueue, accept,
 * socket read, Reference Handler, process wait): such a thread "stuck" on the
 * same frame in every dump is usually idle, not spinning.
 */
bool td_native_wait(const struct td_thread *t);

/* ---- grouping (td_group.c) ---- */
struct td_sgroup {
    size_t *idx;     /* absolute thread indexes, in dump order */
    size_t n, cap;
    uint64_t hash;
};
/*
 * Threads of [first, first+n) with a non-empty stack grouped by identical
 * stack: frames only, or frames plus lock lines (with their ids) when
 * with_locks. Sorted by size descending, then by first thread. Returns count.
 */
size_t td_stack_groups(const struct td_set *s, size_t first, size_t n, bool with_locks,
                       struct td_sgroup **out);
void td_sgroups_free(struct td_sgroup *g, size_t n);

struct td_fcount {
    const char *method;
    size_t top;     /* threads with it as frame 0 */
    size_t any;     /* threads with it anywhere (counted once per thread) */
    size_t top_app; /* threads with it as their first application frame */
    bool app;
    size_t stamp;   /* internal: last thread counted */
};
/* Frame statistics of [first, first+n), sorted by any desc, method asc. */
size_t td_hot_frames(const struct td_set *s, const struct td_prefixes *p, size_t first, size_t n,
                     struct td_fcount **out);

struct td_pool {
    const char *name;
    size_t n, runnable, blocked, waiting, timed, other;
};
/* Pools of [first, first+n) (by t->pool), sorted by size desc, name asc. */
size_t td_pools(const struct td_set *s, size_t first, size_t n, struct td_pool **out);
/* Find a pool by name in an array from td_pools, or NULL. */
const struct td_pool *td_pool_find(const struct td_pool *p, size_t n, const char *name);

/* Same thread (by #id+name, else name+os tid) in dump `dump`, or -1. */
struct td_match;
struct td_match *td_match_new(const struct td_set *s, size_t dump);
long td_match_find(const struct td_match *m, const struct td_thread *t);
void td_match_free(struct td_match *m);
/* Frames of a and b are identical. */
bool td_same_stack(const struct td_thread *a, const struct td_thread *b);

/* ---- report (td_report.c) ---- */
struct td_opts {
    int dump;            /* 1-based dump to analyse, 0 = last */
    int limit;           /* rows per table, 0 = all */
    int stack_depth;     /* frames printed per group stack, 0 = all */
    double cpu_min_pct;  /* --top rows below this are not listed */
    int64_t pid;         /* --pid, -1 unknown */
    struct td_prefixes px;
    const struct td_top *top; /* NULL without --top */
    bool csv;            /* build the one-row-per-thread table */
};

/*
 * `gclat threads`' command line: the base of its table's own group
 * (cmd_threads_opts, cmd/threads.c), which compare's and report's
 * --threads-arg parse with too. app and fw are heap copies (td_cli_fini);
 * fw starts as td_default_framework_prefixes, --framework-package adds.
 */
struct td_cli {
    struct td_opts o;
    const char *top_path; /* --top FILE */
    const char **app, **fw;
    size_t napp, nfw;
};
void td_cli_init(struct td_cli *c);
/* o.px from the lists (the lists stay c's). */
void td_cli_prefixes(struct td_cli *c);
void td_cli_fini(struct td_cli *c);

struct report_node;
/* Build the whole report into root. */
void td_report(const struct td_set *s, const struct td_opts *o, struct report_node *root);
/* The --csv table: one row per thread of the analysed dump. */
void td_report_csv(const struct td_set *s, const struct td_opts *o, struct report_node *arr);

#endif
