/*
 * proc_sample.c — the /proc sampler (see proc_sample.h).
 *
 * Invariants: fixed-size buffers only hold /proc stat lines, whose length
 * the kernel bounds (comm is at most 15 bytes, the rest are numbers); a line
 * that does not fit or parse skips that thread for the sample, never crashes.
 * The thread table is an open-addressing hash keyed by TID with a generation
 * mark, so vanished threads are closed in one pass per sample.
 */
#include "proc_sample.h"
#include "proc_record.h"
#include "reader.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t stop_flag;

static void on_signal(int sig)
{
    (void)sig;
    stop_flag = 1;
}

struct pstat {
    int64_t ticks, rss_pages, vsz_bytes, nthreads;
    char comm[64];
};

/* Parse a /proc stat line: "pid (comm) S ppid ..." */
static bool parse_stat(const char *buf, size_t n, struct pstat *st)
{
    const char *lp = memchr(buf, '(', n);
    const char *rp = NULL;
    for (size_t i = n; i > 0; i--)
        if (buf[i - 1] == ')') {
            rp = buf + i - 1;
            break;
        }
    if (!lp || !rp || rp < lp)
        return false;
    size_t cl = (size_t)(rp - lp - 1);
    if (cl >= sizeof st->comm)
        cl = sizeof st->comm - 1;
    memcpy(st->comm, lp + 1, cl);
    st->comm[cl] = '\0';
    for (char *c = st->comm; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == '\t')
            *c = '?';
    /* fields after ')': index 0 = state (field 3) */
    int64_t f[22] = {0};
    int k = 0;
    const char *p = rp + 1, *e = buf + n;
    while (p < e && k < 22) { /* up to rss (field 24); later fields can be 2^64-1 */
        while (p < e && *p == ' ')
            p++;
        if (p >= e)
            break;
        int64_t v = 0;
        bool neg = false;
        if (*p == '-') {
            neg = true;
            p++;
        }
        while (p < e && *p >= '0' && *p <= '9') {
            if (v < INT64_MAX / 10 - 10) /* saturate instead of overflowing */
                v = v * 10 + (*p - '0');
            p++;
        }
        while (p < e && *p != ' ')
            p++;
        f[k++] = neg ? -v : v;
    }
    if (k < 22)
        return false;
    st->ticks = f[11] + f[12];
    st->nthreads = f[17];
    st->vsz_bytes = f[20];
    st->rss_pages = f[21];
    return true;
}

static bool read_fd_stat(int fd, struct pstat *st)
{
    char buf[1024];
    ssize_t n = pread(fd, buf, sizeof buf, 0);
    if (n <= 0)
        return false;
    return parse_stat(buf, (size_t)n, st);
}

struct tslot {
    int64_t tid; /* 0 = empty */
    int fd;      /* -1 when no fd kept (fd limit) */
    int64_t prev_ticks;
    uint64_t gen;
};

struct ttab {
    struct tslot *s;
    size_t cap, used;
};

static struct tslot *tt_find(struct ttab *t, int64_t tid, bool insert)
{
    if (insert && (t->used + 1) * 2 > t->cap) {
        struct tslot *old = t->s;
        size_t oc = t->cap;
        t->cap = oc ? oc * 2 : 256;
        t->s = xcalloc(t->cap, sizeof *t->s);
        t->used = 0;
        for (size_t i = 0; i < oc; i++)
            if (old[i].tid) {
                struct tslot *d = tt_find(t, old[i].tid, true);
                *d = old[i];
            }
        free(old);
    }
    if (!t->cap)
        return NULL;
    size_t i = (size_t)((uint64_t)tid * 0x9E3779B97F4A7C15ull >> 20) & (t->cap - 1);
    for (;;) {
        if (t->s[i].tid == tid)
            return &t->s[i];
        if (t->s[i].tid == 0) {
            if (!insert)
                return NULL;
            t->s[i].tid = tid;
            t->s[i].fd = -1;
            t->used++;
            return &t->s[i];
        }
        i = (i + 1) & (t->cap - 1);
    }
}

/* Remove slots not seen in generation gen (rebuild keeps probing chains valid). */
static void tt_sweep(struct ttab *t, uint64_t gen)
{
    struct tslot *old = t->s;
    size_t oc = t->cap;
    t->s = xcalloc(oc, sizeof *t->s);
    t->used = 0;
    for (size_t i = 0; i < oc; i++) {
        if (!old[i].tid)
            continue;
        if (old[i].gen != gen) {
            if (old[i].fd >= 0)
                close(old[i].fd);
            continue;
        }
        struct tslot *d = tt_find(t, old[i].tid, true);
        *d = old[i];
    }
    free(old);
}

static int64_t now_ns(clockid_t c)
{
    struct timespec ts;
    clock_gettime(c, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int64_t self_cpu_us(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (int64_t)ru.ru_utime.tv_sec * 1000000 + ru.ru_utime.tv_usec +
           (int64_t)ru.ru_stime.tv_sec * 1000000 + ru.ru_stime.tv_usec;
}

bool proc_tdump_header(const char *s, size_t n, int64_t *tid, size_t *nb, size_t *nl)
{
    if (n < 2 || s[0] != '"')
        return false;
    const char *nid = mem_find(s, n, " nid=");
    if (!nid)
        return false;
    /* the name ends at the last '"' before nid= (names may contain quotes) */
    size_t e = (size_t)(nid - s);
    while (e > 1 && s[e - 1] != '"')
        e--;
    if (e <= 1)
        return false;
    size_t i = (size_t)(nid - s) + 5;
    int64_t v = 0;
    int nd = 0;
    if (i + 1 < n && s[i] == '0' && s[i + 1] == 'x') {
        for (i += 2; i < n && nd < 15; i++, nd++) {
            char c = s[i];
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
                    c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0)
                break;
            v = v * 16 + d;
        }
    } else {
        for (; i < n && nd < 15 && s[i] >= '0' && s[i] <= '9'; i++, nd++)
            v = v * 10 + (s[i] - '0');
    }
    if (nd == 0)
        return false;
    *tid = v;
    *nb = 1;
    *nl = e - 2;
    return true;
}

long proc_tdump_write_names(const char *path, FILE *out)
{
    struct reader r;
    if (reader_open(&r, path) != 0)
        return -1;
    const char *s;
    size_t n;
    long k = 0;
    int rc;
    while ((rc = reader_next(&r, &s, &n)) == 1) {
        int64_t tid;
        size_t nb, nl;
        if (!proc_tdump_header(s, n, &tid, &nb, &nl))
            continue; /* stack frames, lock lines: not ours (gclat threads reads them) */
        fprintf(out, "N\t%lld\t", (long long)tid);
        for (size_t i = 0; i < nl; i++) {
            char c = s[nb + i];
            fputc((unsigned char)c < 0x20 ? '?' : c, out);
        }
        fputc('\n', out);
        k++;
    }
    reader_close(&r);
    return rc < 0 ? -1 : k;
}

int proc_sample_run(const struct proc_sample_opts *o, FILE *out)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%lld/stat", (long long)o->pid);
    int pfd = open(path, O_RDONLY | O_CLOEXEC);
    if (pfd < 0)
        die(EXIT_IO, "cannot read %s: %s", path, strerror(errno));
    snprintf(path, sizeof path, "/proc/%lld/task", (long long)o->pid);
    int tdir = -1;
    if (o->threads) {
        tdir = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (tdir < 0)
            die(EXIT_IO, "cannot read %s: %s", path, strerror(errno));
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);

    long clk = sysconf(_SC_CLK_TCK);
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    long page_kb = sysconf(_SC_PAGESIZE) / 1024;
    struct pstat ps;
    if (!read_fd_stat(pfd, &ps))
        die(EXIT_IO, "cannot parse /proc/%lld/stat", (long long)o->pid);
    fprintf(out, "%s\n", PROC_RECORD_MAGIC);
    fprintf(out, "# written by gclat cpu --pid %lld; format: docs/cpu.md\n", (long long)o->pid);
    fprintf(out, "P\t%lld\t%ld\t%ld\t%lld\t%s\n", (long long)o->pid, clk, ncpu,
            (long long)(o->interval_us / 1000), ps.comm);
    if (o->thread_dump && proc_tdump_write_names(o->thread_dump, out) < 0)
        die(EXIT_IO, "cannot read thread dump %s", o->thread_dump);

    struct ttab tt = {0};
    uint64_t gen = 0;
    bool fd_limit = false;
    DIR *dir = NULL;
    if (tdir >= 0) {
        int d2 = dup(tdir);
        dir = d2 >= 0 ? fdopendir(d2) : NULL;
        if (!dir)
            die(EXIT_IO, "cannot list %s", path);
    }
    int64_t prev_proc = ps.ticks;
    int64_t t0 = now_ns(CLOCK_MONOTONIC), prev_t = t0;
    int64_t cpu0 = self_cpu_us();
    int64_t samples = 0;
    int64_t next = t0;
    bool first = true;
    char *tbuf = NULL;
    size_t tlen = 0;
    FILE *tl = NULL;
    for (;;) {
        /* one sample: process line, then threads */
        gen++;
        if (tl)
            fclose(tl);
        free(tbuf);
        tbuf = NULL;
        tl = open_memstream(&tbuf, &tlen);
        int64_t thread_sum = 0;
        if (dir) {
            rewinddir(dir);
            struct dirent *de;
            while ((de = readdir(dir)) != NULL) {
                if (de->d_name[0] < '0' || de->d_name[0] > '9')
                    continue;
                int64_t tid = strtoll(de->d_name, NULL, 10);
                struct tslot *sl = tt_find(&tt, tid, true);
                bool fresh = sl->gen == 0;
                sl->gen = gen;
                struct pstat ts;
                bool ok = false;
                if (sl->fd >= 0) {
                    ok = read_fd_stat(sl->fd, &ts);
                } else {
                    char p2[48];
                    snprintf(p2, sizeof p2, "%lld/stat", (long long)tid);
                    int fd = openat(tdir, p2, O_RDONLY | O_CLOEXEC);
                    if (fd >= 0) {
                        ok = read_fd_stat(fd, &ts);
                        if (!fd_limit)
                            sl->fd = fd;
                        else
                            close(fd);
                    } else if (errno == EMFILE || errno == ENFILE) {
                        fd_limit = true;
                    }
                }
                if (!ok)
                    continue; /* thread exited between listing and reading */
                /* a thread first seen after the baseline was born during the
                   interval, so all its ticks belong to it */
                int64_t d = (fresh && !first) ? ts.ticks : ts.ticks - sl->prev_ticks;
                sl->prev_ticks = ts.ticks;
                if (!first && d >= 0) {
                    fprintf(tl, "T\t%lld\t%lld\t%s\n", (long long)tid, (long long)d, ts.comm);
                    thread_sum += d;
                }
            }
            tt_sweep(&tt, gen);
        }
        fflush(tl);
        bool alive = read_fd_stat(pfd, &ps);
        int64_t now = now_ns(CLOCK_MONOTONIC);
        if (!alive) {
            if (!o->quiet)
                warnx("process %lld is gone; stopping", (long long)o->pid);
            break;
        }
        if (!first) {
            int64_t el_ms = (now - prev_t + 500000) / 1000000;
            fprintf(out, "S\t%lld\t%lld\t%lld\t%lld\t%lld\t%lld\n",
                    (long long)(now_ns(CLOCK_REALTIME) / 1000000), (long long)el_ms,
                    (long long)(ps.ticks - prev_proc), (long long)(ps.rss_pages * page_kb),
                    (long long)(ps.vsz_bytes / 1024), (long long)ps.nthreads);
            fwrite(tbuf, 1, tlen, out);
            samples++;
        }
        (void)thread_sum;
        prev_proc = ps.ticks;
        prev_t = now;
        first = false;
        if (o->count > 0 && samples >= o->count)
            break;
        if (o->duration_us > 0 && (now - t0) / 1000 >= o->duration_us)
            break;
        if (stop_flag)
            break;
        next += o->interval_us * 1000;
        struct timespec ts2 = {(time_t)(next / 1000000000), (long)(next % 1000000000)};
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts2, NULL) == EINTR)
            if (stop_flag)
                break;
        if (stop_flag)
            break;
    }
    int64_t wall_us = (now_ns(CLOCK_MONOTONIC) - t0) / 1000;
    fprintf(out, "C\t%lld\t%lld\n", (long long)(self_cpu_us() - cpu0), (long long)wall_us);
    if (tl)
        fclose(tl);
    free(tbuf);
    for (size_t i = 0; i < tt.cap; i++)
        if (tt.s[i].tid && tt.s[i].fd >= 0)
            close(tt.s[i].fd);
    free(tt.s);
    if (dir)
        closedir(dir);
    if (tdir >= 0)
        close(tdir);
    close(pfd);
    return EXIT_OK;
}
