/*
 * td_text.h — the text thread-dump parser's state, shared by td_parse.c (the
 * HotSpot jstack / kill -3 / dump_to_file text formats and the line loop)
 * and the dialect readers it hands lines to:
 *
 *   td_mxbean.c   dumps printed through ThreadMXBean: ThreadInfo.toString()
 *                 ('"n" prio=5 Id=12 BLOCKED on C@h owned by "o" Id=11') and the
 *                 JDK demo ThreadMonitor shape ('"n" Id=12 in BLOCKED on lock=C@h')
 *   td_visualvm.c VisualVM / Spring Boot actuator text ('"n" - Thread t@12')
 *   td_jrockit.c  JRockit ('"n" id=1 idx=0x4 tid=17334 prio=5 alive, in native')
 *   td_histo_block.c blocks that are not thread dumps at all but are often appended
 *                 to one (a class histogram from jcmd GC.class_histogram / jmap)
 *
 * Private to the td_*.c text readers; nothing outside includes it.
 */
#ifndef GCLAT_TD_TEXT_H
#define GCLAT_TD_TEXT_H

#include "td.h"

enum tstate {
    TS_OUT,
    TS_THREAD,
    TS_OWNABLE,
    TS_SMR,
    TS_DEADLOCK,
    TS_HEAP,
    TS_JR_CHAINS, /* JRockit lock-chain summary after the threads */
    TS_HISTO,     /* a class histogram appended to the dump */
};

/* Which dialect the current thread entry is written in (its body lines differ). */
enum tdialect {
    TD_HOTSPOT,   /* jstack, kill -3, jcmd Thread.print, dump_to_file text */
    TD_THREADINFO, /* ThreadInfo.toString() */
    TD_MONITOR,   /* JDK demo ThreadMonitor / FullThreadDump */
    TD_VISUALVM,  /* VisualVM, Spring Boot actuator text/plain */
    TD_JROCKIT,
};

struct td_text {
    struct td_set *s;
    const char *file;
    enum tstate st;
    enum tdialect dialect;  /* of the thread being filled */
    long cur;               /* thread index being filled, -1 none */
    bool dump_open;         /* a dump is open and may take more threads */
    bool dump_has_header;   /* the open dump saw "Full thread dump" */
    const char *pending_ts; /* timestamp line seen before "Full thread dump" */
    int64_t pending_pid;
    long dl_cur;            /* index into the dump's dl array being filled */
    bool dl_stack_info;     /* inside "Java stack information ..." */
    bool jr_header;         /* JRockit: after "===== FULL THREAD DUMP", before the first thread */
    uint64_t histo_rows;    /* rows of the appended class histogram */
    uint64_t histo_line;    /* its first line */
    /* java ids seen in the open headerless dump: a repeated id starts a new dump */
    int64_t *ids;
    size_t nids, cap_ids;
};

struct td_dump *tdx_open_dump(struct td_text *p, uint64_t lineno, const char *format);
struct td_dump *tdx_cur_dump(struct td_text *p);
void tdx_bad(struct td_text *p, const char *reason, uint64_t lineno, const char *l, size_t n);
void tdx_skip_ws(const char **l, size_t *n);
bool tdx_eat(const char **l, size_t *n, const char *prefix);
/* Non-negative integer of a bounded number of digits; hex when hex. */
bool tdx_parse_u(const char *l, size_t n, bool hex, int64_t *out);
/* "<0x...> (a cls)", "<Class@hash>", "<hash> (a cls)" [owned by "o" t@N] after a lock verb. */
bool tdx_lock_ref(struct td_text *p, struct td_thread *t, enum td_rel rel, const char *l, size_t n);
/*
 * A new thread of the open dump (a dump is opened when none is, as format);
 * in a dump without a "Full thread dump" header, a java id seen before in it
 * starts a new dump (logged ThreadMXBean dumps have no header of their own).
 */
struct td_thread *tdx_new_thread(struct td_text *p, uint64_t lineno, const char *format,
                                 int64_t java_id);
/* End of the name of a header line '"name" ...': the '"' followed by one of the
   given markers (NULL-terminated list), or 0 if none. */
size_t tdx_name_end(const char *l, size_t n, const char *const *markers);

/* Dialect readers: true when the line was theirs. */
bool td_mx_header(struct td_text *p, const char *l, size_t n, uint64_t lineno);
bool td_mx_line(struct td_text *p, const char *l, size_t n, uint64_t lineno);
bool td_vvm_header(struct td_text *p, const char *l, size_t n, uint64_t lineno);
bool td_jr_header(struct td_text *p, const char *l, size_t n, uint64_t lineno);
bool td_jr_line(struct td_text *p, const char *l, size_t n, uint64_t lineno);
/* Outside a thread entry: "===== FULL THREAD DUMP", chain sections, the end marker. */
bool td_jr_frame_line(struct td_text *p, const char *l, size_t n, uint64_t lineno);
/* A class-histogram line (header, rule, row, Total) appended to a dump. */
bool td_histo_line(struct td_text *p, const char *l, size_t n, uint64_t lineno);

#endif
