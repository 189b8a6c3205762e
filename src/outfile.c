/*
 * outfile.c — write-to-temporary-then-rename output files (see outfile.h).
 * The pending table is a fixed array so the signal handler can walk it
 * without allocating; a command has at most a few outputs (-o, --save).
 */
#include "outfile.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define OUTFILE_MAX 8

struct pending {
    FILE *f;
    char *tmp;   /* temporary file to rename, NULL when written directly */
    char *final; /* the path the user named (symlinks resolved) */
    const char *shown; /* the path as given, for messages */
};

static struct pending pend[OUTFILE_MAX];
static volatile sig_atomic_t npend;
static int hooks_installed;

static void remove_pending(void)
{
    for (int i = 0; i < npend; i++)
        if (pend[i].tmp)
            unlink(pend[i].tmp);
}

static void on_signal(int sig)
{
    remove_pending(); /* unlink is async-signal-safe */
    signal(sig, SIG_DFL);
    raise(sig);
}

static void install_hooks(void)
{
    if (hooks_installed)
        return;
    hooks_installed = 1;
    atexit(remove_pending);
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < ARRAY_LEN(sigs); i++) {
        struct sigaction sa, old;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        /* keep a signal the caller chose to ignore (nohup) ignored */
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        sigaction(sigs[i], &sa, NULL);
    }
}

static struct pending *slot_of(FILE *f)
{
    for (int i = 0; i < npend; i++)
        if (pend[i].f == f)
            return &pend[i];
    return NULL;
}

static void release(struct pending *p)
{
    char *tmp = p->tmp;
    p->tmp = NULL; /* before free: the signal handler may read the table */
    free(tmp);
    free(p->final);
    p->final = NULL;
    p->f = NULL;
    while (npend > 0 && !pend[npend - 1].f)
        npend--;
}

FILE *outfile_open(const char *path)
{
    install_hooks();
    int k = 0;
    while (k < npend && pend[k].f)
        k++;
    if (k >= OUTFILE_MAX)
        die(EXIT_IO, "cannot write %s: too many output files", path);

    char *final = xstrdup(path);
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
        char *real = realpath(path, NULL);
        if (real) {
            free(final);
            final = real;
        }
    }
    bool exists = stat(final, &st) == 0;
    FILE *f;
    char *tmp = NULL;
    if (exists && !S_ISREG(st.st_mode)) {
        f = fopen(final, "w");
        if (!f)
            die(EXIT_IO, "cannot write %s: %s", path, strerror(errno));
    } else {
        const char *slash = strrchr(final, '/');
        size_t dl = slash ? (size_t)(slash - final) + 1 : 0;
        tmp = xasprintf("%.*s.%s.XXXXXX", (int)dl, final, slash ? slash + 1 : final);
        int fd = mkstemp(tmp);
        if (fd < 0)
            die(EXIT_IO, "cannot write %s: %s", path, strerror(errno));
        mode_t mode;
        if (exists) {
            mode = st.st_mode & 07777;
        } else {
            mode_t mask = umask(0);
            umask(mask);
            mode = 0666 & ~mask;
        }
        /* mkstemp makes 0600; give the file what fopen would have */
        if (fchmod(fd, mode) != 0 || !(f = fdopen(fd, "w"))) {
            int e = errno;
            close(fd);
            unlink(tmp);
            die(EXIT_IO, "cannot write %s: %s", path, strerror(e));
        }
    }
    pend[k].f = f;
    pend[k].tmp = tmp;
    pend[k].final = final;
    pend[k].shown = path;
    if (k == npend)
        npend = k + 1;
    return f;
}

void outfile_commit(FILE *f)
{
    struct pending *p = slot_of(f);
    if (!p)
        die(EXIT_IO, "internal error: output stream not opened by outfile_open");
    int e = 0;
    if (fflush(f) != 0 || ferror(f))
        e = errno ? errno : EIO;
    /* sync before the rename, or a crash can leave an empty file under the old name */
    if (!e && p->tmp && fsync(fileno(f)) != 0)
        e = errno;
    if (fclose(f) != 0 && !e)
        e = errno ? errno : EIO;
    if (!e && p->tmp && rename(p->tmp, p->final) != 0)
        e = errno;
    if (e) {
        bool kept = p->tmp != NULL;
        if (kept)
            unlink(p->tmp);
        const char *shown = p->shown;
        release(p);
        die(EXIT_IO, "write error on %s: %s%s", shown, strerror(e),
            kept ? " (nothing written; an existing file is left as it was)" : "");
    }
    release(p);
}

void outfile_discard(FILE *f)
{
    struct pending *p = slot_of(f);
    fclose(f);
    if (!p)
        return;
    if (p->tmp)
        unlink(p->tmp);
    release(p);
}
