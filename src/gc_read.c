/*
 * gc_read.c — see gc_read.h.
 *
 * Ordering rotated sets: JDK 8 (-XX:+UseGCLogFileRotation) writes gc.log.0,
 * gc.log.1, ... and marks the live one ".current"; JDK 9+ (-Xlog ...
 * filecount=N) keeps gc.log live and renames older ones to gc.log.0 ... in a
 * circle. Neither order is visible in the names, so we read each file's first
 * timestamp and sort: wall clock when every file has one, else uptime, else
 * command-line order. Standard input is always kept where it was given.
 *
 * Runs: the format is detected per file from its head, then followed line by
 * line: a line that proves another format (a JDK 8 banner inside a unified
 * log, after `cat old.log new.log`) ends the parser and starts the other one.
 * Every file start, format switch, JVM banner and JVM start line is reported
 * to the hooks; the analysis decides from the times what is a new JVM run.
 *
 * Big plain files are read on several threads (gc_read_par.c) with the
 * result of reading them here, line by line; stdin, gzip and UTF-16 are
 * read here.
 *
 * Duplicates: two inputs whose first timestamped lines are the same (the same
 * file twice, a file and its .gz) are one log: the later one (or the smaller,
 * when one is a prefix of the other) is skipped and listed.
 */
#include "gc_read.h"
#include "gc_feed.h"
#include "gc_read_par.h"
#include "reader.h"
#include "sniff.h"
#include "timeparse.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define HEAD_BYTES (64u * 1024)
#define FP_LINES 64 /* timestamped lines in a fingerprint */

bool gc_line_time(const char *s, size_t n, int64_t *wall_ms, int32_t *tz_min, int64_t *uptime_ns)
{
    *wall_ms = -1;
    *uptime_ns = -1;
    *tz_min = 0;
    size_t i = 0;
    /* skip leading blanks and (unified) brackets */
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    for (int guard = 0; i < n && guard < 8; guard++) {
        bool bracket = s[i] == '[';
        size_t j = bracket ? i + 1 : i;
        int64_t ms;
        int32_t tz;
        size_t k = parse_iso8601(s + j, n - j, &ms, &tz, NULL);
        if (k) {
            if (*wall_ms < 0) {
                *wall_ms = ms;
                *tz_min = tz;
            }
            j += k;
        } else {
            int64_t ns;
            k = parse_secs_ns(s + j, n - j, &ns);
            if (!k)
                break;
            size_t e = j + k;
            if (bracket && e + 2 <= n && s[e] == 'm' && s[e + 1] == 's') {
                /* uptimemillis / timemillis: big values are epoch millis */
                if (ns / 1000000000 > 100000000000LL / 1000) {
                    if (*wall_ms < 0)
                        *wall_ms = ns / 1000000000;
                } else if (*uptime_ns < 0) {
                    *uptime_ns = ns / 1000;
                }
                e += 2;
            } else if (bracket && e + 2 <= n && s[e] == 'n' && s[e + 1] == 's') {
                if (ns / 1000000000 > 1000000000000000LL) {
                    if (*wall_ms < 0)
                        *wall_ms = ns / 1000000000 / 1000000;
                } else if (*uptime_ns < 0) {
                    *uptime_ns = ns / 1000000000;
                }
                e += 2;
            } else if (e < n && (s[e] == 's' || s[e] == ':')) {
                if (*uptime_ns < 0)
                    *uptime_ns = ns;
                e++;
            } else {
                break;
            }
            j = e;
        }
        if (bracket) {
            if (j < n && s[j] == ']')
                j++;
            else
                break;
        } else {
            if (j < n && s[j] == ':')
                j++;
            while (j < n && s[j] == ' ')
                j++;
        }
        i = j;
        if (i >= n || (s[i] != '[' && !(s[i] >= '0' && s[i] <= '9')))
            break;
    }
    return *wall_ms >= 0 || *uptime_ns >= 0;
}

struct input {
    char *path;
    int order;
    int64_t first_wall_ms, first_uptime_ns;
    bool is_stdin;
    bool have_fp, is_gz, skip;
    uint64_t fp;         /* FNV-1a of the first FP_LINES timestamped lines */
    uint64_t size_bytes; /* file size (compressed for .gz) */
};

static uint64_t fnv1a(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ULL;
    }
    h ^= '\n';
    return h * 1099511628211ULL;
}

/* Peek at a file's first timestamps and fingerprint its first events (no-op
   for stdin). A file without timestamps is fingerprinted whole, when its
   whole content fits in the peek. */
static void peek(struct input *in)
{
    in->first_wall_ms = -1;
    in->first_uptime_ns = -1;
    struct stat st;
    if (in->is_stdin || stat(in->path, &st) != 0 || !S_ISREG(st.st_mode))
        return; /* a pipe by name (<(zcat ...)) is read once, by the parser */
    struct reader r;
    if (reader_open(&r, in->path) != 0)
        return;
    in->size_bytes = r.size_bytes;
    const char *l;
    size_t n;
    int lines = 0, stamped = 0, nonblank = 0;
    uint64_t h_stamped = 14695981039346656037ULL, h_all = h_stamped;
    int k = 0;
    while (lines++ < 2000 && stamped < FP_LINES && (k = reader_next(&r, &l, &n)) == 1) {
        int64_t w, u;
        int32_t tz;
        if (n)
            nonblank++;
        h_all = fnv1a(h_all, l, n);
        if (gc_line_time(l, n, &w, &tz, &u)) {
            if (stamped++ == 0) {
                in->first_wall_ms = w;
                in->first_uptime_ns = u;
            }
            h_stamped = fnv1a(h_stamped, l, n);
        }
    }
    in->is_gz = r.is_gz; /* known once the first bytes were read */
    if (stamped > 0) {
        in->have_fp = true;
        in->fp = h_stamped;
    } else if (k == 0 && nonblank > 0) {
        in->have_fp = true;
        in->fp = h_all;
    }
    reader_close(&r);
}

/* Mark inputs that repeat an earlier one; keep the larger of two files of
   the same kind (a copy taken while the log grew is a prefix of it). */
static void mark_duplicates(struct input *in, int n, struct gc_read_result *res)
{
    for (int i = 0; i < n; i++) {
        if (!in[i].have_fp)
            continue;
        for (int j = 0; j < i; j++) {
            if (in[j].skip || !in[j].have_fp || in[j].fp != in[i].fp)
                continue;
            int keep = j, drop = i;
            if (in[i].is_gz == in[j].is_gz && in[i].size_bytes > in[j].size_bytes) {
                keep = i;
                drop = j;
            }
            in[drop].skip = true;
            if (res->duplicates < GC_READ_MAX_DUPS) {
                res->dup[res->duplicates].file = in[drop].path;
                res->dup[res->duplicates].same_as = in[keep].path;
            }
            res->duplicates++;
            break;
        }
    }
}

static bool all_have_wall;

static int cmp_input(const void *a, const void *b)
{
    const struct input *x = a, *y = b;
    if (x->is_stdin || y->is_stdin)
        return x->order - y->order;
    if (all_have_wall && x->first_wall_ms != y->first_wall_ms)
        return x->first_wall_ms < y->first_wall_ms ? -1 : 1;
    if (!all_have_wall && x->first_uptime_ns >= 0 && y->first_uptime_ns >= 0 &&
        x->first_uptime_ns != y->first_uptime_ns)
        return x->first_uptime_ns < y->first_uptime_ns ? -1 : 1;
    return x->order - y->order;
}

static int read_one(struct input *in, struct feed *f)
{
    struct gc_parse_ctx *ctx = f->ctx;
    struct gc_read_result *res = f->res;
    struct reader r;
    if (reader_open(&r, in->path) != 0) {
        warnx("cannot open %s: %s", in->path, strerror(errno));
        return EXIT_IO;
    }
    ctx->file = r.name;
    reader_set_diag(&r, ctx->diag);
    /* Buffer the head for detection, then replay it. */
    char *head = xmalloc(HEAD_BYTES);
    size_t head_len = 0;
    size_t *offs = NULL, noffs = 0, cap = 0;
    const char *l;
    size_t n;
    int rc = 0;
    bool eof = false, last_truncated = false;
    while (head_len < HEAD_BYTES / 2 && noffs < 400) {
        int k = reader_next(&r, &l, &n);
        if (k < 0) {
            rc = -1;
            break;
        }
        if (k == 0) {
            eof = true;
            break;
        }
        size_t take = n < HEAD_BYTES - head_len - 1 ? n : HEAD_BYTES - head_len - 1;
        xgrow((void **)&offs, &cap, noffs + 2, sizeof *offs);
        offs[noffs++] = head_len;
        memcpy(head + head_len, l, take);
        head_len += take;
        head[head_len++] = '\n';
        if (take < n) {
            /* A line longer than the head buffer: detection sees its start only. */
            last_truncated = true;
            break;
        }
    }
    if (rc < 0) {
        warnx("error reading %s: %s", r.name, reader_strerror(&r));
        free(head);
        free(offs);
        reader_close(&r);
        return EXIT_IO;
    }
    enum gc_format fmt = f->forced ? f->fmt : gc_detect(head, head_len);
    if (fmt == GC_FMT_UNKNOWN) {
        if (head_len == 0) {
            /* An empty file is not an error: nothing to report from it. */
            free(head);
            free(offs);
            reader_close(&r);
            res->files++;
            return 0;
        }
        warnx("%s: not a GC log this version understands (try --format)", r.name);
        free(head);
        free(offs);
        reader_close(&r);
        return EXIT_BADINPUT;
    }
    res->files++;
    if (f->last_fmt != GC_FMT_UNKNOWN && f->last_fmt != fmt) {
        f->ctx->collector = GC_COLL_UNKNOWN;
        f->fmt = fmt;
        feed_boundary(f, GC_BOUND_FORMAT);
    } else {
        f->fmt = fmt;
        feed_boundary(f, GC_BOUND_FILE);
    }
    if (rc == 0 && !eof && !last_truncated && r.is_reg && !r.is_gz && r.text == READER_UTF8 &&
        r.long_lines == 0) {
        /* a big plain file: read it again in chunks on several threads */
        int k = gc_read_par_file(f, in->path, r.size_bytes, res);
        if (k >= 0) {
            free(head);
            free(offs);
            reader_close(&r);
            return k;
        }
    }
    feed_open(f, fmt);
    uint64_t lineno = 0;
    /* Replay the head. Lines were copied whole unless they were very long; a
       long line is replayed from the reader instead (see below). */
    for (size_t i = 0; i < noffs; i++) {
        size_t end = (i + 1 < noffs ? offs[i + 1] : head_len) - 1;
        if (last_truncated && i + 1 == noffs) {
            /* truncated copy of a huge line: pass the partial line, counted as such */
            diag_add(ctx->diag, "line longer than 32 KB at start of file (truncated)", r.name,
                     lineno + 1, head + offs[i], end - offs[i]);
            lineno++;
            continue;
        }
        feed_line(f, head + offs[i], end - offs[i], ++lineno);
    }
    free(head);
    free(offs);
    if (rc == 0 && !eof) {
        int k;
        while ((k = reader_next(&r, &l, &n)) == 1)
            feed_line(f, l, n, r.lineno);
        if (k < 0)
            rc = -1;
    }
    feed_close(f);
    res->lines += r.lineno;
    res->bytes += r.raw_bytes;
    ctx->diag->lines_read += r.lineno - r.long_lines; /* the reader counted those */
    if (rc < 0) {
        warnx("error reading %s: %s", r.name, reader_strerror(&r));
        reader_close(&r);
        return EXIT_IO;
    }
    reader_close(&r);
    return 0;
}

int gc_read_inputs(char **paths, int npaths, enum gc_format forced, struct gc_parse_ctx *ctx,
                   struct gc_read_result *res)
{
    return gc_read_inputs_hooked(paths, npaths, forced, ctx, res, NULL);
}

int gc_read_inputs_hooked(char **paths, int npaths, enum gc_format forced, struct gc_parse_ctx *ctx,
                          struct gc_read_result *res, const struct gc_read_hooks *hooks)
{
    memset(res, 0, sizeof *res);
    /* a file plainly of another kind, or every input empty: refused before
       anything is read (an unknown one is left to detection below) */
    int sk = sniff_inputs(SNIFF_GC, NULL, paths, (size_t)npaths, SNIFF_UNKNOWN_OK);
    if (sk)
        return sk;
    struct input *in = xcalloc((size_t)npaths, sizeof *in);
    all_have_wall = true;
    for (int i = 0; i < npaths; i++) {
        in[i].path = paths[i];
        in[i].order = i;
        in[i].is_stdin = strcmp(paths[i], "-") == 0;
        peek(&in[i]);
        if (in[i].first_wall_ms < 0)
            all_have_wall = false;
    }
    qsort(in, (size_t)npaths, sizeof *in, cmp_input);
    mark_duplicates(in, npaths, res);
    struct feed f = {.ctx = ctx, .res = res, .hooks = hooks, .forced = forced != GC_FMT_UNKNOWN,
                     .fmt = forced, .last_fmt = GC_FMT_UNKNOWN};
    int rc = 0;
    for (int i = 0; i < npaths; i++) {
        if (in[i].skip)
            continue;
        int k = read_one(&in[i], &f);
        if (k && !rc)
            rc = k;
        if (k == EXIT_IO)
            break;
    }
    reader_progress_done();
    free(in);
    return rc;
}
