/*
 * follow.c — a log name followed through rotation (follow.h has the rules).
 *
 * The check after each read is the one tail -F makes: stat the NAME and
 * compare its (dev, inode) with the open file's. Another file there means
 * the old one was rotated away: it was just read to its end, so switch to
 * the new one from offset 0. The same file, now shorter than what was read,
 * was truncated in place: read it again from 0.
 */
#include "follow.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define READ_CHUNK (64 * 1024)

/*
 * JDK 8 rotation: NAME.N.current is the file being written. Returns the
 * newest such file (highest mtime, then highest N), or NULL.
 */
static char *jdk8_current(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir = slash ? xstrndup(path, (size_t)(slash - path + (slash == path))) : xstrdup(".");
    const char *base = slash ? slash + 1 : path;
    size_t blen = strlen(base);
    DIR *d = opendir(dir);
    char *best = NULL;
    struct timespec best_m = {0, 0};
    long best_n = -1;
    if (d) {
        struct dirent *de;
        while ((de = readdir(d))) {
            const char *nm = de->d_name;
            if (strncmp(nm, base, blen) || nm[blen] != '.')
                continue;
            const char *p = nm + blen + 1;
            char *e;
            errno = 0;
            long n = strtol(p, &e, 10);
            if (e == p || errno || strcmp(e, ".current"))
                continue;
            char *full = slash ? xasprintf("%s/%s", dir, nm) : xstrdup(nm);
            struct stat st;
            if (stat(full, &st) == 0 && S_ISREG(st.st_mode) &&
                (st.st_mtim.tv_sec > best_m.tv_sec ||
                 (st.st_mtim.tv_sec == best_m.tv_sec &&
                  (st.st_mtim.tv_nsec > best_m.tv_nsec ||
                   (st.st_mtim.tv_nsec == best_m.tv_nsec && n > best_n))))) {
                free(best);
                best = full;
                best_m = st.st_mtim;
                best_n = n;
            } else {
                free(full);
            }
        }
        closedir(d);
    }
    free(dir);
    return best;
}

/* Open whatever file stands for the name now; fd stays -1 if none. */
static void open_name(struct follow *f, bool at_end)
{
    char *p = NULL;
    int fd = open(f->path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        p = jdk8_current(f->path);
        if (p)
            fd = open(p, O_RDONLY | O_CLOEXEC);
    }
    if (fd < 0) {
        free(p);
        return;
    }
    struct stat st; /* a FIFO is read as a stream: it cannot rotate or shrink */
    if (fstat(fd, &st) != 0) {
        close(fd);
        free(p);
        return;
    }
    unsigned char magic[2];
    if (S_ISREG(st.st_mode) && pread(fd, magic, 2, 0) == 2 && magic[0] == 0x1f && magic[1] == 0x8b) {
        f->gzip = true; /* an archive, not a log being written: gclat gc/lat read it */
        close(fd);
        free(p);
        return;
    }
    free(f->open_path);
    f->open_path = p ? p : xstrdup(f->path);
    f->fd = fd;
    f->dev = st.st_dev;
    f->ino = st.st_ino;
    f->off = 0;
    f->lineno = 0;
    f->sig_len = 0;
    f->files_opened++;
    if (at_end && S_ISREG(st.st_mode)) {
        off_t end = lseek(fd, 0, SEEK_END);
        if (end > 0) {
            f->off = end;
            /* Count the lines skipped so file:line stays true for later lines:
             * cheap enough (one pass at start-up, never again). */
            char *b = xmalloc(READ_CHUNK);
            off_t o = 0;
            while (o < end) {
                size_t want = (size_t)(end - o < READ_CHUNK ? end - o : READ_CHUNK);
                ssize_t n = pread(fd, b, want, o);
                if (n <= 0)
                    break;
                for (ssize_t i = 0; i < n; i++)
                    f->lineno += b[i] == '\n';
                o += n;
            }
            free(b);
            size_t k = end < (off_t)sizeof f->sig ? (size_t)end : sizeof f->sig;
            if (pread(fd, f->sig, k, end - (off_t)k) == (ssize_t)k)
                f->sig_len = k;
            /* a partial last line is the start of a line still being written */
            if (end > 0) {
                char last;
                if (pread(fd, &last, 1, end - 1) == 1 && last != '\n') {
                    f->skipping = true;
                    f->lineno++;
                }
            }
        }
    }
}

int follow_init(struct follow *f, const char *path, bool from_start)
{
    memset(f, 0, sizeof *f);
    f->path = xstrdup(path);
    f->fd = -1;
    f->max_line_bytes = 1u << 20;
    f->poll_budget_bytes = 16u << 20;
    open_name(f, !from_start);
    return 0;
}

static void deliver(struct follow *f, follow_line_fn fn, void *ctx, const char *s, size_t n, unsigned fl)
{
    if (n && s[n - 1] == '\r')
        n--;
    f->lines++;
    fn(ctx, f, s, n, fl);
}

/* Split freshly read bytes into lines, carrying a partial one in f->buf. */
static void feed(struct follow *f, const char *p, size_t n, follow_line_fn fn, void *ctx)
{
    while (n) {
        const char *nl = memchr(p, '\n', n);
        size_t take = nl ? (size_t)(nl - p) : n;
        if (f->skipping) {
            /* rest of a cut line (or of the partial line we started inside) */
        } else if (f->len + take > f->max_line_bytes) {
            size_t room = f->max_line_bytes - f->len;
            xgrow((void **)&f->buf, &f->cap, f->len + room, 1);
            memcpy(f->buf + f->len, p, room);
            f->len += room;
            f->lineno++;
            f->cut_lines++;
            deliver(f, fn, ctx, f->buf, f->len, FOLLOW_LINE_CUT);
            f->len = 0;
            f->skipping = true;
        } else if (nl && f->len == 0) {
            f->lineno++;
            deliver(f, fn, ctx, p, take, 0); /* the common case: no copy */
        } else {
            xgrow((void **)&f->buf, &f->cap, f->len + take, 1);
            memcpy(f->buf + f->len, p, take);
            f->len += take;
            if (nl) {
                f->lineno++;
                deliver(f, fn, ctx, f->buf, f->len, 0);
                f->len = 0;
            }
        }
        if (!nl)
            return;
        if (f->skipping) {
            f->skipping = false;
        }
        p = nl + 1;
        n -= take + 1;
    }
}

void follow_flush(struct follow *f, follow_line_fn fn, void *ctx)
{
    if (f->len) {
        f->lineno++;
        deliver(f, fn, ctx, f->buf, f->len, 0);
        f->len = 0;
    }
    f->skipping = false;
}

/* Read from the open file to its end or the budget. Returns bytes or -1. */
static long drain(struct follow *f, follow_line_fn fn, void *ctx, size_t budget, char *chunk)
{
    long total = 0;
    while ((size_t)total < budget) {
        ssize_t n = read(f->fd, chunk, READ_CHUNK);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN)
                break;
            f->err = errno;
            return -1;
        }
        if (n == 0)
            break;
        f->off += n;
        f->bytes += (uint64_t)n;
        total += n;
        size_t keep = (size_t)n < sizeof f->sig ? (size_t)n : sizeof f->sig;
        if (keep < sizeof f->sig && f->sig_len) { /* slide the old tail left */
            size_t old = f->sig_len + keep > sizeof f->sig ? sizeof f->sig - keep : f->sig_len;
            memmove(f->sig, f->sig + f->sig_len - old, old);
            f->sig_len = old;
        } else {
            f->sig_len = 0;
        }
        memcpy(f->sig + f->sig_len, chunk + n - keep, keep);
        f->sig_len += keep;
        feed(f, chunk, (size_t)n, fn, ctx);
    }
    return total;
}

/* The same file was truncated in place: read it again from its start. */
static void restart_file(struct follow *f)
{
    f->truncations++;
    f->len = 0;
    f->skipping = false;
    f->off = 0;
    f->lineno = 0;
    f->sig_len = 0;
    lseek(f->fd, 0, SEEK_SET);
}

/* Are the bytes just before our offset still the ones we read? */
static bool refilled(struct follow *f)
{
    if (!f->sig_len || f->off < (off_t)f->sig_len)
        return false;
    char b[sizeof f->sig];
    ssize_t n = pread(f->fd, b, f->sig_len, f->off - (off_t)f->sig_len);
    if (n < 0)
        return false; /* a pipe or device: nothing to compare */
    return (size_t)n != f->sig_len || memcmp(b, f->sig, f->sig_len) != 0;
}

long follow_poll(struct follow *f, follow_line_fn fn, void *ctx)
{
    char *chunk = xmalloc(READ_CHUNK);
    long total = 0;
    f->err = 0;
    for (int round = 0; round < 4; round++) { /* a few rotations in one poll at most */
        if (f->fd < 0) {
            open_name(f, false);
            if (f->fd < 0)
                break;
        }
        if (refilled(f)) {
            restart_file(f); /* truncated and written again past where we were */
        }
        long n = drain(f, fn, ctx, f->poll_budget_bytes - (size_t)total, chunk);
        if (n < 0) {
            total = -1;
            break;
        }
        total += n;
        if ((size_t)total >= f->poll_budget_bytes)
            break; /* more to read: the next poll goes on without a stat */
        struct stat cur, named;
        if (fstat(f->fd, &cur) != 0)
            break;
        if (S_ISREG(cur.st_mode) && cur.st_size < f->off) {
            restart_file(f); /* copytruncate: the same file, shorter than what we read */
            continue;
        }
        const char *name = f->open_path ? f->open_path : f->path;
        bool moved = stat(name, &named) != 0 || named.st_dev != f->dev || named.st_ino != f->ino;
        if (!moved && strcmp(name, f->path) != 0) {
            /* JDK 8: was NAME.N.current; the plain name may have appeared */
            if (stat(f->path, &named) == 0)
                moved = true;
        }
        if (!moved)
            break;
        /* Rotated away. Is there a new file under the name yet? Until there
         * is, keep the old one open: the writer may still append to it. */
        struct stat fresh;
        bool have_new = stat(f->path, &fresh) == 0 && (fresh.st_dev != f->dev || fresh.st_ino != f->ino);
        if (!have_new) {
            char *c = jdk8_current(f->path);
            if (c) {
                have_new = stat(c, &fresh) == 0 && (fresh.st_dev != f->dev || fresh.st_ino != f->ino);
                free(c);
            }
        }
        if (!have_new)
            break;
        /* one last read of the old file, then switch */
        n = drain(f, fn, ctx, SIZE_MAX / 2, chunk);
        if (n > 0)
            total += n;
        follow_flush(f, fn, ctx);
        close(f->fd);
        f->fd = -1;
        f->rotations++;
    }
    free(chunk);
    return total;
}

void follow_fini(struct follow *f)
{
    if (f->fd >= 0)
        close(f->fd);
    free(f->path);
    free(f->open_path);
    free(f->buf);
    memset(f, 0, sizeof *f);
    f->fd = -1;
}

void follow_waiter_init(struct follow_waiter *w, struct follow *const *fs, int n, bool use_inotify)
{
    w->ifd = -1;
    if (!use_inotify)
        return;
    w->ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (w->ifd < 0)
        return;
    for (int i = 0; i < n; i++) {
        const char *path = fs[i]->path;
        const char *slash = strrchr(path, '/');
        char *dir = slash ? xstrndup(path, (size_t)(slash - path + (slash == path))) : xstrdup(".");
        if (inotify_add_watch(w->ifd, dir,
                              IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE |
                                  IN_CLOSE_WRITE | IN_ATTRIB) < 0) {
            /* a directory we cannot watch: fall back to timed polling */
            close(w->ifd);
            w->ifd = -1;
            free(dir);
            return;
        }
        free(dir);
    }
}

void follow_waiter_wait(struct follow_waiter *w, int timeout_ms)
{
    if (w->ifd < 0) {
        struct timespec ts = {timeout_ms / 1000, (long)(timeout_ms % 1000) * 1000000L};
        while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
            ;
        return;
    }
    struct pollfd p = {.fd = w->ifd, .events = POLLIN};
    if (poll(&p, 1, timeout_ms) > 0) {
        char ev[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
        while (read(w->ifd, ev, sizeof ev) > 0)
            ; /* the events only wake us; every follower is polled anyway */
    }
}

bool follow_waiter_is_inotify(const struct follow_waiter *w)
{
    return w->ifd >= 0;
}

void follow_waiter_fini(struct follow_waiter *w)
{
    if (w->ifd >= 0)
        close(w->ifd);
    w->ifd = -1;
}
