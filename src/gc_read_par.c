/*
 * gc_read_par.c — see gc_read_par.h.
 *
 * The file is cut into chunks at line starts. Chunk 0 is parsed from the
 * start of the file, as the one-thread reader parses it. Every later chunk
 * is parsed on another thread from a guess of the parser's state at its
 * start: the "seed", chunk 0's state once its first events are out (the
 * header has told the collector, the region size, the version, ...). What
 * a chunk's parse emits -- events with the collector known at each, run
 * boundary evidence, formats opened, unparsed lines, info-line counts -- is
 * recorded, not delivered.
 *
 * The main thread delivers the records in file order. For chunk k it takes
 * the true state at the chunk's start (the state chunk k-1 ended in, chunk
 * k-1 having been proven right) and goes on parsing chunk k's lines with it
 * (the "stitch"), comparing it at set line counts with the snapshots chunk
 * k's thread took of its guessed state (gc_parser_par.same, which ignores
 * caches and shifts line numbers). Once the two are the same, the guess has
 * caught up: from that line on chunk k's records are those the one-thread
 * reader makes, so the stitch's records are delivered, then chunk k's from
 * that line, and chunk k's end state is the true state at chunk k+1. If
 * they never meet, the stitch parses the whole chunk and its records are
 * delivered: slower, never different. (The unified parser keeps the last 64
 * GC ids' lines, so the two meet once 64 new ids went by; a failed meeting
 * makes the stitch's state the seed of the chunks not started yet.) A
 * chunk takes its first snapshot one before where the last chunk met.
 *
 * So the analysis sees exactly the events of a one-thread read, in the
 * same order, with the same collector: the time model, histograms, tables
 * and floating-point sums are computed once, in order, on the main thread,
 * and nothing needs merging. Line numbers are counted per chunk and shifted
 * when delivered.
 *
 * Memory: at most jobs + 1 chunks are ahead of delivery; each thread reads
 * its chunk through one buffer of its own (range_read.h: pread, not mmap,
 * and why), so what stays is the records (chunks are sized for about
 * CHUNK_RECS each from the records per byte seen so far) and the snapshots.
 *
 * A file truncated while it is read: a read finds it shorter, and the read
 * ends in an I/O error as the one-thread reader's does.
 *
 * With one thread, a file under two chunks, or a format without
 * gc_parser_par (OpenJ9), the file is read on this thread the same way
 * (read_whole): the lines the reader would return.
 */
#include "gc_read_par.h"
#include "range_read.h"
#include "diag.h"
#include "reader.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAX_JOBS 64
#define DEFAULT_MAX_JOBS 8
#define MIN_CHUNK ((uint64_t)4 << 20)
#define MAX_CHUNK ((uint64_t)16 << 20)
#define CHUNK_RECS 12000u /* records a chunk is sized for (about 3 MB) */
#define BLOCK_RECS 240     /* records per block (about 58 KB) */
#define SEED_LINES 2048u  /* chunk 0 lines, at least, before the seed is taken */
#define SEED_EVENTS 16u   /* and records */
#define NSNAP 21

/* Line counts (of a chunk) at which its thread takes a snapshot. */
static const uint64_t snap_at[NSNAP] = {16,   32,   64,   128,   256,   384,   512,
                                        768,  1024, 1536, 2048,  3072,  4096,  6144,
                                        8192, 12288, 16384, 24576, 32768, 49152, 65536};

/* ---- what a chunk's parse emits ------------------------------------------ */

enum { REC_EVENT, REC_BOUNDARY, REC_FORMAT };

struct rec {
    struct gc_event ev;  /* REC_EVENT; thread interned; line relative to the runner's base */
    unsigned char kind;
    unsigned char coll;  /* ctx->collector when it was emitted */
    unsigned char bound; /* REC_BOUNDARY: enum gc_boundary */
    unsigned char fmt;   /* REC_BOUNDARY, REC_FORMAT: enum gc_format */
};

/* Records are kept in blocks: no copy as they grow, memory given back as
   they are delivered. */
struct rec_block {
    struct rec_block *next;
    struct rec r[BLOCK_RECS];
};

/* Records between two snapshots, and what else those lines gave. */
struct seg {
    size_t end;          /* records [previous seg's end, end) */
    struct diag diag;    /* line numbers relative to the runner's base */
    uint64_t info;       /* ctx->lines_info added */
    uint64_t first_long; /* first over-long line (relative), 0 if none */
};

/* A feed's state, kept to compare. */
struct snap {
    uint64_t line; /* taken after this many lines of the chunk */
    enum gc_format fmt;
    const struct gc_parser_ops *ops;
    struct gc_parse_ctx ctx;
    void *p; /* the parser's clone, NULL if its format cannot be compared */
};

/* A feed with its own ctx, recording what it emits. Heap-allocated and never
   moved: its parser points to its ctx. */
struct runner {
    struct feed f;
    struct gc_parse_ctx ctx;
    struct gc_read_hooks hooks;
    struct rec_block *head, *tail;
    size_t nrec;
    struct seg seg[NSNAP + 1];
    int nseg;
    uint64_t info0;   /* ctx->lines_info when the current seg began */
    uint64_t base;    /* absolute number of the line before its line 1 */
    uint64_t lines;   /* lines it numbered */
    size_t max_line;
};

struct chunk {
    uint64_t off, len;
    bool done;
    int err;               /* errno of a failed read */
    bool shrank;           /* a read found the file shorter */
    struct runner *run;    /* its parse (NULL: not parsed, the stitch does it) */
    struct snap snap[NSNAP];
    int nsnap;
    int snap_from; /* its first snapshot is at snap_at[snap_from] */
    uint64_t base;
};

struct par {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int fd;
    uint64_t size;
    const char *name;
    struct feed *real;
    size_t read_bytes;     /* a read's size (GCLAT_READ_BYTES, 0: the default) */
    struct range_read rr;  /* the main thread's, for the stitch */
    struct chunk **ch;
    size_t nch, capch;
    uint64_t next_off;
    bool all_dispatched;
    size_t merged;         /* chunks delivered */
    int jobs;
    uint64_t fixed_chunk;  /* GCLAT_CHUNK_BYTES, 0 if not set */
    uint64_t est_recs, est_bytes;
    struct snap *seed;
    bool seed_ready;
    struct runner *first;
    bool stop;
    /* delivery */
    uint64_t info;
    bool warned_long;
    unsigned met, missed;
    int snap_from;         /* where chunks dispatched now take their first snapshot */
    double busy_s; /* time the threads spent parsing (GCLAT_PAR_STATS) */
    double worker_cpu_s;    /* CPU the parsing threads used */
    double stitch_cpu_s, replay_cpu_s; /* CPU the main thread used for each */
    bool stats;
    uint64_t stitch_lines;
};

static int jobs_set;

/* CPU time of the calling thread: on a shared machine, wall time says
   how long a thread waited for a core as much as how long it worked. */
static double thread_cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double mono_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void gc_read_set_jobs(int n)
{
    jobs_set = n < 1 ? 0 : n > MAX_JOBS ? MAX_JOBS : n;
}

int gc_read_jobs(void)
{
    if (jobs_set)
        return jobs_set;
    int n = 0;
    cpu_set_t cs;
    if (sched_getaffinity(0, sizeof cs, &cs) == 0)
        n = CPU_COUNT(&cs);
    if (n < 1)
        n = (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        n = 1;
    return n > DEFAULT_MAX_JOBS ? DEFAULT_MAX_JOBS : n;
}

static const struct gc_parser_par *par_for(enum gc_format f)
{
    return f == GC_FMT_UNIFIED ? &gc_unified_par : f == GC_FMT_LEGACY ? &gc_legacy_par : NULL;
}

/* ---- recording ------------------------------------------------------------- */

/* Record blocks delivered are kept here for the next ones: freed to the
   allocator, a parsing thread's arena gave them back to the kernel and the
   next block faulted in again. What is kept is at most the blocks in
   flight at the peak, bounded by the chunks ahead of delivery; it is
   emptied when the file is done. Blocks are cut from 2 MiB slabs the
   kernel may back with one huge page: one page fault instead of 512
   (about 3000 at the peak of a -j 2 read of the G1 bench log). */
#define SLAB_BYTES ((size_t)2 << 20)
struct slab {
    struct slab *next;
};
static struct {
    pthread_mutex_t mu;
    struct rec_block *free;
    struct slab *slabs;
} pool = {PTHREAD_MUTEX_INITIALIZER, NULL, NULL};

/* A slab's blocks onto the free list (with pool.mu held). */
static void slab_new(void)
{
    struct slab *sl = aligned_alloc(SLAB_BYTES, SLAB_BYTES);
    if (!sl)
        die(EXIT_IO, "out of memory");
#ifdef MADV_HUGEPAGE
    madvise(sl, SLAB_BYTES, MADV_HUGEPAGE);
#endif
    sl->next = pool.slabs;
    pool.slabs = sl;
    size_t first = (sizeof *sl + _Alignof(struct rec_block) - 1) / _Alignof(struct rec_block) *
                   _Alignof(struct rec_block);
    for (size_t at = first; at + sizeof(struct rec_block) <= SLAB_BYTES; at += sizeof(struct rec_block)) {
        struct rec_block *b = (struct rec_block *)((char *)sl + at);
        b->next = pool.free;
        pool.free = b;
    }
}

static struct rec_block *block_get(void)
{
    pthread_mutex_lock(&pool.mu);
    if (!pool.free)
        slab_new();
    struct rec_block *b = pool.free;
    pool.free = b->next;
    pthread_mutex_unlock(&pool.mu);
    return b;
}

static void pool_drain(void)
{
    pthread_mutex_lock(&pool.mu);
    struct slab *sl = pool.slabs;
    pool.slabs = NULL;
    pool.free = NULL;
    pthread_mutex_unlock(&pool.mu);
    while (sl) {
        struct slab *n = sl->next;
        free(sl);
        sl = n;
    }
}

static struct rec *rec_new(struct runner *R, int kind)
{
    size_t i = R->nrec % BLOCK_RECS;
    if (i == 0) {
        struct rec_block *b = block_get();
        b->next = NULL;
        if (R->tail)
            R->tail->next = b;
        else
            R->head = b;
        R->tail = b;
    }
    R->nrec++;
    struct rec *r = &R->tail->r[i];
    r->kind = (unsigned char)kind;
    r->coll = (unsigned char)R->ctx.collector;
    r->bound = 0;
    r->fmt = 0;
    return r;
}

static void rec_event(void *arg, const struct gc_event *e)
{
    struct runner *R = arg;
    struct rec *r = rec_new(R, REC_EVENT);
    r->ev = *e;
    /* a view into the line, valid until the sink returns */
    if (e->thread)
        r->ev.thread = intern_str(R->ctx.strings, e->thread, strlen(e->thread));
}

static void rec_boundary(void *arg, enum gc_boundary kind, enum gc_format fmt)
{
    struct rec *r = rec_new(arg, REC_BOUNDARY);
    r->bound = (unsigned char)kind;
    r->fmt = (unsigned char)fmt;
}

static void rec_format(void *arg, enum gc_format fmt)
{
    struct rec *r = rec_new(arg, REC_FORMAT);
    r->fmt = (unsigned char)fmt;
}

static void seg_open(struct runner *R)
{
    struct seg *s = &R->seg[R->nseg++];
    memset(s, 0, sizeof *s);
    diag_init(&s->diag);
    R->ctx.diag = &s->diag;
    R->info0 = R->ctx.lines_info;
}

static void seg_close(struct runner *R)
{
    struct seg *s = &R->seg[R->nseg - 1];
    s->end = R->nrec;
    s->info = R->ctx.lines_info - R->info0;
}

static void recs_free(struct runner *R)
{
    if (R->head) {
        pthread_mutex_lock(&pool.mu);
        R->tail->next = pool.free;
        pool.free = R->head;
        pthread_mutex_unlock(&pool.mu);
    }
    R->head = R->tail = NULL;
    R->nrec = 0;
}

/* Forget what was delivered; record on from here. */
static void runner_reset(struct runner *R)
{
    for (int i = 0; i < R->nseg; i++)
        diag_fini(&R->seg[i].diag);
    R->nseg = 0;
    recs_free(R);
    seg_open(R);
}

/* A runner over a copy of ctx, with the real feed's settings. */
static struct runner *runner_new(const struct feed *real, const struct gc_parse_ctx *ctx)
{
    struct runner *R = xcalloc(1, sizeof *R);
    R->ctx = *ctx;
    R->ctx.sink.emit = rec_event;
    R->ctx.sink.ctx = R;
    R->hooks.boundary = rec_boundary;
    R->hooks.arg = R;
    R->f = *real;
    R->f.ctx = &R->ctx;
    R->f.res = NULL;
    R->f.hooks = &R->hooks;
    R->f.note = rec_format;
    R->f.note_arg = R;
    R->f.p = NULL;
    R->max_line = reader_max_line();
    seg_open(R);
    return R;
}

static void runner_free(struct runner *R)
{
    if (!R)
        return;
    if (R->f.p)
        R->f.ops->destroy(R->f.p); /* not finished: its state went on elsewhere */
    for (int i = 0; i < R->nseg; i++)
        diag_fini(&R->seg[i].diag);
    recs_free(R);
    free(R);
}

static void snap_take(struct snap *s, const struct runner *R)
{
    s->line = R->lines;
    s->fmt = R->f.fmt;
    s->ops = R->f.ops;
    s->ctx = R->ctx;
    const struct gc_parser_par *par = par_for(R->f.fmt);
    s->p = par && R->f.p ? par->clone(R->f.p, &s->ctx) : NULL;
}

static void snap_free(struct snap *s)
{
    if (s->p)
        s->ops->destroy(s->p);
    s->p = NULL;
}

/* A runner that goes on from snapshot s (which must have a parser). */
static struct runner *runner_from(const struct snap *s, const struct feed *real)
{
    struct runner *R = runner_new(real, &s->ctx);
    R->f.fmt = s->fmt;
    R->f.ops = s->ops;
    R->f.p = par_for(s->fmt)->clone(s->p, &R->ctx);
    return R;
}

/* Every ctx field a parser writes, apart from the lines_info counter: a new
   one must be compared in state_same (and is copied back at the end). */
_Static_assert(sizeof(struct gc_parse_ctx) == 13 * 8, "gc_parse_ctx changed: see state_same");

/* Will T, and the runner snapshot s was taken of, go on the same? */
static bool state_same(const struct runner *T, const struct snap *s, uint64_t delta)
{
    if (!s->p || !T->f.p || T->f.fmt != s->fmt || T->f.ops != s->ops)
        return false;
    const struct gc_parse_ctx *a = &T->ctx, *b = &s->ctx;
    if (a->collector != b->collector || a->jvm_version != b->jvm_version ||
        a->heap_max_kb != b->heap_max_kb || a->first_uptime_ns != b->first_uptime_ns ||
        a->last_uptime_ns != b->last_uptime_ns || a->first_wall_ms != b->first_wall_ms ||
        a->last_wall_ms != b->last_wall_ms || a->file != b->file)
        return false;
    return par_for(s->fmt)->same(T->f.p, s->p, delta);
}

/* ---- lines ------------------------------------------------------------------ */

/* One line (without its '\n'), as the reader and read_one pass it. */
static inline void run_line(struct runner *R, const char *s, size_t n)
{
    uint64_t no = ++R->lines;
    if (n > R->max_line) {
        /* the reader skips it, counted (reader.c too_long) */
        diag_add(R->ctx.diag, "line too long", R->ctx.file, no, s, n < DIAG_EXCERPT ? n : DIAG_EXCERPT);
        struct seg *g = &R->seg[R->nseg - 1];
        if (!g->first_long)
            g->first_long = no;
        return;
    }
    if (n && s[n - 1] == '\r')
        n--;
    feed_line(&R->f, s, n, no);
}

/* Records and snapshots are freed by the delivering thread as fast as the
   parsing ones allocate them: with the default trim threshold each free
   gave the memory back and each next block faulted it in again (about
   half of the page faults of a -j 2 read). What is kept is at most the
   peak, which the 64 MB bound already holds. */
static pthread_once_t trim_once = PTHREAD_ONCE_INIT;
static void keep_freed(void)
{
#ifdef M_TRIM_THRESHOLD
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}

/* ---- chunks ------------------------------------------------------------------ */

static uint64_t chunk_bytes(const struct par *P)
{
    if (P->fixed_chunk)
        return P->fixed_chunk;
    if (!P->est_recs)
        return MIN_CHUNK;
    double b = (double)P->est_bytes * CHUNK_RECS / (double)P->est_recs;
    return b < (double)MIN_CHUNK ? MIN_CHUNK : b > (double)MAX_CHUNK ? MAX_CHUNK : (uint64_t)b;
}

/* The start of the first line at or after pos (the file size if none). */
static uint64_t line_start(const struct par *P, uint64_t pos)
{
    char b[4096]; /* lines are short: one read finds the end of most */
    uint64_t p = pos - 1;
    while (p < P->size) {
        ssize_t n = pread(P->fd, b, sizeof b, (off_t)p);
        if (n <= 0)
            return P->size;
        const char *nl = memchr(b, '\n', (size_t)n);
        if (nl)
            return p + (uint64_t)(nl - b) + 1;
        p += (uint64_t)n;
    }
    return P->size;
}

/* The next chunk (with P->mu held). */
static struct chunk *dispatch(struct par *P)
{
    uint64_t off = P->next_off, want = chunk_bytes(P), end = off + want;
    if (end >= P->size || P->size - end < want / 4)
        end = P->size; /* no sliver of a last chunk */
    else
        end = line_start(P, end);
    struct chunk *c = xcalloc(1, sizeof *c);
    c->off = off;
    c->len = end - off;
    if (P->nch == P->capch)
        die(EXIT_IO, "%s: too many chunks", P->name); /* capch is sized for the smallest */
    P->ch[P->nch++] = c;
    P->next_off = end;
    if (end >= P->size)
        P->all_dispatched = true;
    return c;
}

static void chunk_free(struct chunk *c)
{
    for (int i = 0; i < c->nsnap; i++)
        snap_free(&c->snap[i]);
    runner_free(c->run);
    free(c);
}

static void set_seed(struct par *P, const struct runner *R, uint64_t bytes)
{
    struct snap *s = xcalloc(1, sizeof *s);
    snap_take(s, R);
    pthread_mutex_lock(&P->mu);
    P->seed = s;
    P->seed_ready = true;
    P->est_recs = R->nrec;
    P->est_bytes = bytes;
    pthread_cond_broadcast(&P->cv);
    pthread_mutex_unlock(&P->mu);
}

/* Parse chunk k with R (chunk 0: from the file start; later: from the seed),
   taking snapshots (later chunks) or the seed (chunk 0), its lines read
   through rr. */
static void parse_chunk(struct par *P, struct chunk *c, size_t k, struct runner *R, struct range_read *rr)
{
    bool seeded = k > 0;
    int j = 0, a = c->snap_from;
    const char *p;
    size_t n;
    range_read_start(rr, c->off, c->len);
    while (range_read_line(rr, &p, &n)) {
        run_line(R, p, n);
        if (k > 0) {
            if (a < NSNAP && R->lines == snap_at[a]) {
                a++;
                seg_close(R);
                snap_take(&c->snap[j], R);
                c->nsnap = ++j;
                seg_open(R);
            }
        } else if (!seeded && (R->lines & 1023) == 0 && R->lines >= SEED_LINES && R->nrec >= SEED_EVENTS) {
            set_seed(P, R, range_read_offset(rr) - c->off);
            seeded = true;
        }
    }
    c->err = rr->err;
    c->shrank = rr->shrank;
    seg_close(R);
    if (!seeded)
        set_seed(P, R, c->len);
    c->run = R;
}

static void *worker_main(void *arg)
{
    struct par *P = arg;
    struct range_read rr;
    range_read_init(&rr, P->fd, reader_max_line(), P->read_bytes);
    pthread_mutex_lock(&P->mu);
    for (;;) {
        while (!P->stop && !P->all_dispatched &&
               (P->nch > P->merged + (size_t)P->jobs || (P->nch > 0 && !P->seed_ready)))
            pthread_cond_wait(&P->cv, &P->mu);
        if (P->stop || P->all_dispatched)
            break;
        size_t k = P->nch;
        struct chunk *c = dispatch(P);
        c->snap_from = P->snap_from;
        struct runner *R = NULL;
        if (k == 0) {
            R = P->first;
            P->first = NULL;
        } else if (P->seed->p)
            R = runner_from(P->seed, P->real);
        pthread_mutex_unlock(&P->mu);
        double t = mono_s();
        if (R)
            parse_chunk(P, c, k, R, &rr);
        t = mono_s() - t;
        pthread_mutex_lock(&P->mu);
        P->busy_s += t;
        if (c->err || c->shrank) {
            c->run = R;     /* freed with the chunk */
            P->stop = true; /* delivery stops at this chunk */
        } else if (R && k > 0) {
            P->est_recs += R->nrec;
            P->est_bytes += c->len;
        }
        c->done = true;
        pthread_cond_broadcast(&P->cv);
    }
    double cpu = thread_cpu_s();
    P->worker_cpu_s += cpu;
    pthread_mutex_unlock(&P->mu);
    range_read_fini(&rr);
    return NULL;
}

/* ---- delivery ------------------------------------------------------------- */

/* Deliver R's segs from s0 on, as the one-thread reader would have. */
static void replay(struct par *P, struct runner *R, int s0)
{
    double t0 = P->stats ? thread_cpu_s() : 0;
    struct feed *f = P->real;
    struct gc_parse_ctx *ctx = f->ctx;
    size_t i = s0 > 0 ? R->seg[s0 - 1].end : 0, start = i;
    struct rec_block *blk = R->head; /* the block of record i */
    for (size_t b = i / BLOCK_RECS; b > 0; b--)
        blk = blk->next;
    for (int s = s0; s < R->nseg; s++) {
        struct seg *g = &R->seg[s];
        for (; i < g->end; i++) {
            if (i % BLOCK_RECS == 0 && i != start)
                blk = blk->next;
            struct rec *r = &blk->r[i % BLOCK_RECS];
            if (r->kind == REC_EVENT) {
                /* in place: a record is delivered once, then dropped */
                if (r->ev.line)
                    r->ev.line += R->base;
                ctx->collector = (enum gc_collector)r->coll;
                ctx->sink.emit(ctx->sink.ctx, &r->ev);
            } else if (r->kind == REC_BOUNDARY) {
                if (f->hooks && f->hooks->boundary)
                    f->hooks->boundary(f->hooks->arg, (enum gc_boundary)r->bound, (enum gc_format)r->fmt);
            } else {
                feed_note_format(f, (enum gc_format)r->fmt);
            }
        }
        for (size_t a = 0; a < g->diag.n; a++)
            for (int b = 0; b < g->diag.r[a].nex; b++)
                g->diag.r[a].ex[b].line += R->base;
        diag_merge(ctx->diag, &g->diag);
        P->info += g->info;
        if (g->first_long && !P->warned_long) {
            if (reader_warnings_enabled())
                warnx("%s:%llu: line longer than %zu bytes skipped (counted as unparsed 'line too long')",
                      P->name, (unsigned long long)(R->base + g->first_long), R->max_line);
            P->warned_long = true;
        }
    }
    if (P->stats)
        P->replay_cpu_s += thread_cpu_s() - t0;
}

/*
 * Chunk c with the true state *Tp at its start: parse it with T until T
 * meets one of c's snapshots, deliver, and leave in *Tp the true state at
 * c's end. Returns the lines of c.
 */
static uint64_t stitch(struct par *P, struct runner **Tp, struct chunk *c)
{
    struct runner *T = *Tp;
    uint64_t delta = c->base - T->base, i = 0;
    int j = 0;
    bool met = false;
    double t0 = P->stats ? thread_cpu_s() : 0;
    const char *p;
    size_t n;
    range_read_start(&P->rr, c->off, c->len);
    while (range_read_line(&P->rr, &p, &n)) {
        run_line(T, p, n);
        i++;
        if (j < c->nsnap && i == c->snap[j].line) {
            if (state_same(T, &c->snap[j], delta)) {
                met = true;
                break;
            }
            j++;
        }
    }
    if (P->rr.err || P->rr.shrank) {
        /* what it read is delivered; the caller stops at this chunk */
        c->err = P->rr.err;
        c->shrank = P->rr.shrank;
        met = false;
    }
    if (P->stats)
        P->stitch_cpu_s += thread_cpu_s() - t0;
    P->stitch_lines += i;
    seg_close(T);
    replay(P, T, 0);
    if (!met) {
        P->missed++;
        pthread_mutex_lock(&P->mu);
        P->snap_from = 0;
        pthread_mutex_unlock(&P->mu);
        runner_reset(T);
        if (c->run) {
            /* the guess was wrong: guess from here for the chunks to come */
            struct snap *s = xcalloc(1, sizeof *s);
            snap_take(s, T);
            pthread_mutex_lock(&P->mu);
            struct snap *old = P->seed;
            P->seed = s->p ? s : old;
            pthread_mutex_unlock(&P->mu);
            if (s->p && old) {
                snap_free(old);
                free(old);
            } else if (!s->p) {
                free(s);
            }
        }
        return i;
    }
    P->met++;
    /* The next chunks will most likely meet where this one did: their
       snapshots before it would be cloned and compared for nothing (a
       chunk's thread copies the whole parser state at each). One earlier is
       still taken, to meet there if it can; a miss starts from 0 again. */
    int at = c->snap_from + j;
    pthread_mutex_lock(&P->mu);
    P->snap_from = at > 0 ? at - 1 : 0;
    pthread_mutex_unlock(&P->mu);
    struct runner *R = c->run;
    c->run = NULL;
    R->base = c->base;
    replay(P, R, j + 1);
    runner_reset(R);
    runner_free(T);
    *Tp = R;
    return R->lines;
}

static void stop_workers(struct par *P, pthread_t *tid, int n)
{
    pthread_mutex_lock(&P->mu);
    P->stop = true;
    pthread_cond_broadcast(&P->cv);
    pthread_mutex_unlock(&P->mu);
    for (int t = 0; t < n; t++)
        pthread_join(tid[t], NULL);
}

static void shrank_msg(const char *name, uint64_t size, uint64_t now)
{
    warnx("error reading %s: file shrank while being read (%llu bytes at open, now %llu; truncated "
          "in place, e.g. by copytruncate)",
          name, (unsigned long long)size, (unsigned long long)now);
}

/* How a read of size bytes of fd ended, said once: 0, or EXIT_IO after the
   message (a failed read, or a file now shorter than size). */
static int read_verdict(const char *name, int fd, uint64_t size, int err, bool shrank)
{
    if (err) {
        warnx("error reading %s: %s", name, strerror(err));
        return EXIT_IO;
    }
    struct stat st;
    bool have = fstat(fd, &st) == 0;
    if (shrank || !have || (uint64_t)st.st_size < size) {
        shrank_msg(name, size, have ? (uint64_t)st.st_size : 0);
        return EXIT_IO;
    }
    return 0;
}

/*
 * The whole file on this thread: the lines the reader would return, fed to
 * f, read through one buffer (range_read.h). Returns 0 or EXIT_IO.
 */
static int read_whole(struct feed *f, int fd, uint64_t size, size_t read_bytes, struct gc_read_result *res)
{
    size_t max_line = reader_max_line();
    struct gc_parse_ctx *ctx = f->ctx;
    const char *name = ctx->file;
    struct range_read rr;
    range_read_init(&rr, fd, max_line, read_bytes);
    range_read_start(&rr, 0, size);
    feed_open(f, f->fmt);
    const char *p;
    size_t n;
    uint64_t no = 0;
    bool warned = false;
    while (range_read_line(&rr, &p, &n)) {
        no++;
        if (n > max_line) {
            /* the reader skips it, counted (reader.c too_long) */
            diag_add(ctx->diag, "line too long", name, no, p, n < DIAG_EXCERPT ? n : DIAG_EXCERPT);
            if (!warned && reader_warnings_enabled())
                warnx("%s:%llu: line longer than %zu bytes skipped (counted as unparsed 'line too long')", name,
                      (unsigned long long)no, max_line);
            warned = true;
        } else {
            feed_line(f, p, n && p[n - 1] == '\r' ? n - 1 : n, no);
        }
        if ((no & 0xFFFF) == 0)
            reader_progress_note(name, range_read_offset(&rr), size);
    }
    feed_close(f);
    int err = rr.err;
    bool shrank = rr.shrank;
    range_read_fini(&rr);
    res->lines += no;
    res->bytes += size;
    ctx->diag->lines_read += no;
    return read_verdict(name, fd, size, err, shrank);
}

int gc_read_par_file(struct feed *f, const char *path, uint64_t size_bytes, struct gc_read_result *res)
{
    int jobs = gc_read_jobs();
    uint64_t fixed = 0;
    const char *env = getenv("GCLAT_CHUNK_BYTES"); /* tests: split small files too */
    if (env && *env) {
        char *e;
        unsigned long long v = strtoull(env, &e, 10);
        if (*e == '\0' && v >= 1)
            fixed = v;
    }
    size_t read_bytes = range_read_bytes_env();
    uint64_t min_chunk = fixed ? fixed : MIN_CHUNK;
    if (size_bytes < 2)
        return -1;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    unsigned char head[4096];
    ssize_t hn = pread(fd, head, sizeof head, 0);
    struct stat st;
    if (hn < 2 || !reader_plain(head, (size_t)hn) || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
        (uint64_t)st.st_size != size_bytes) {
        close(fd);
        return -1;
    }
    pthread_once(&trim_once, keep_freed);
    if (jobs < 2 || !par_for(f->fmt) || size_bytes < 2 * min_chunk) {
        int rc = read_whole(f, fd, size_bytes, read_bytes, res);
        close(fd);
        return rc;
    }

    struct par P;
    memset(&P, 0, sizeof P);
    pthread_mutex_init(&P.mu, NULL);
    pthread_cond_init(&P.cv, NULL);
    P.fd = fd;
    P.size = size_bytes;
    P.name = f->ctx->file;
    P.read_bytes = read_bytes;
    range_read_init(&P.rr, fd, reader_max_line(), read_bytes);
    P.real = f;
    P.jobs = jobs;
    P.fixed_chunk = fixed;
    P.capch = (size_t)(size_bytes / min_chunk) + 2;
    P.ch = xcalloc(P.capch, sizeof *P.ch);
    const char *stats = getenv("GCLAT_PAR_STATS");
    P.stats = stats != NULL;
    double main_cpu0 = stats ? thread_cpu_s() : 0;

    /* what feed_open does, with the parser on chunk 0's runner */
    feed_note_format(f, f->fmt);
    P.first = runner_new(f, f->ctx);
    P.first->f.ops = gc_parser_for(f->fmt);
    P.first->f.p = P.first->f.ops->create(&P.first->ctx);
    intern_share(f->ctx->strings, true);

    pthread_t *tid = xcalloc((size_t)jobs, sizeof *tid);
    int nt = 0;
    for (; nt < jobs; nt++)
        if (pthread_create(&tid[nt], NULL, worker_main, &P) != 0)
            break;
    if (nt == 0) {
        /* cannot start a thread: run it on this one */
        if (pthread_create(&tid[0], NULL, worker_main, &P) != 0)
            die(EXIT_IO, "cannot start a thread");
        nt = 1;
    }

    int rc = 0;
    struct runner *T = NULL;
    uint64_t base = 0;
    double t_wait = 0, t0 = stats ? mono_s() : 0;
    for (size_t k = 0;; k++) {
        double tw = stats ? mono_s() : 0;
        pthread_mutex_lock(&P.mu);
        while (!(k < P.nch && P.ch[k]->done) && !((P.all_dispatched || P.stop) && k >= P.nch))
            pthread_cond_wait(&P.cv, &P.mu);
        if (stats)
            t_wait += mono_s() - tw;
        bool end = k >= P.nch;
        struct chunk *c = end ? NULL : P.ch[k];
        pthread_mutex_unlock(&P.mu);
        if (end)
            break;
        /* a chunk its thread could not read is not delivered; the stitch
           of one delivers what it read before the read failed */
        bool bad = c->err || c->shrank;
        if (!bad) {
            c->base = base;
            if (k == 0) {
                T = c->run;
                c->run = NULL;
                T->base = 0;
                replay(&P, T, 0);
                runner_reset(T);
                base += T->lines;
            } else {
                base += stitch(&P, &T, c);
            }
        }
        if (c->err || c->shrank)
            rc = read_verdict(P.name, fd, size_bytes, c->err, c->shrank);
        reader_progress_note(P.name, c->off + c->len, P.size);
        chunk_free(c);
        pthread_mutex_lock(&P.mu);
        P.ch[k] = NULL;
        P.merged = k + 1;
        pthread_cond_broadcast(&P.cv);
        pthread_mutex_unlock(&P.mu);
        if (rc)
            break;
    }
    stop_workers(&P, tid, nt);
    free(tid);
    range_read_fini(&P.rr);
    if (!rc)
        rc = read_verdict(P.name, fd, size_bytes, 0, false);
    if (T) {
        /* the end of the file, as feed_close has it */
        feed_close(&T->f);
        seg_close(T);
        replay(&P, T, 0);
        struct gc_parse_ctx keep = *f->ctx;
        *f->ctx = T->ctx;
        f->ctx->sink = keep.sink;
        f->ctx->diag = keep.diag;
        f->ctx->strings = keep.strings;
        f->ctx->file = keep.file;
        f->ctx->lines_info = keep.lines_info + P.info;
        f->fmt = T->f.fmt;
        f->ops = T->f.ops;
        f->last_fmt = T->f.last_fmt;
        runner_free(T);
    }
    runner_free(P.first); /* if no thread took chunk 0 */
    f->p = NULL;
    intern_share(f->ctx->strings, false);
    res->lines += base;
    res->bytes += size_bytes;
    f->ctx->diag->lines_read += base;
    if (stats)
        fprintf(stderr,
                "gclat: %s: %zu chunks, %d jobs, %u met, %u missed, %llu lines stitched of %llu; "
                "delivery %.3f s, waiting %.3f s, threads parsing %.3f s; CPU: threads %.3f s, "
                "main %.3f s (replay %.3f, stitch %.3f)\n",
                P.name, P.nch, jobs, P.met, P.missed, (unsigned long long)P.stitch_lines, (unsigned long long)base,
                mono_s() - t0 - t_wait, t_wait, P.busy_s, P.worker_cpu_s, thread_cpu_s() - main_cpu0,
                P.replay_cpu_s, P.stitch_cpu_s);
    for (size_t k = 0; k < P.nch; k++)
        if (P.ch[k])
            chunk_free(P.ch[k]);
    free(P.ch);
    if (P.seed) {
        snap_free(P.seed);
        free(P.seed);
    }
    pool_drain();
    pthread_mutex_destroy(&P.mu);
    pthread_cond_destroy(&P.cv);
    close(fd);
    return rc;
}
