/*
 * cmd/watch.c — `gclat watch`: follow live GC logs, show rolling figures,
 * alert on them, and serve them to Prometheus. The driver: options →
 * followed JVMs (watch_jvm.c) → per-interval figures (watch_out.c) →
 * alerts (alert.c), metrics (watch_metrics.c, http_serve.c), --save.
 */
#include "alert.h"
#include "cli.h"
#include "commands.h"
#include "correlate_access.h"
#include "hdr_codec.h"
#include "opt.h"
#include "http_serve.h"
#include "util.h"
#include "watch_access.h"
#include "watch_html.h"
#include "watch_jvm.h"
#include "watch_out.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t stop_flag;

static void on_signal(int sig)
{
    (void)sig;
    stop_flag = 1;
}

static int64_t mono_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int64_t wall_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* "NAME=FILE" or "FILE" (NAME: the file name without directory and .log). */
static void split_named(const char *arg, char **name, char **path)
{
    const char *eq = strchr(arg, '=');
    const char *slash = strchr(arg, '/');
    if (eq && eq != arg && (!slash || eq < slash)) {
        *name = xstrndup(arg, (size_t)(eq - arg));
        *path = xstrdup(eq + 1);
        return;
    }
    *path = xstrdup(arg);
    const char *b = strrchr(arg, '/');
    b = b ? b + 1 : arg;
    size_t n = strlen(b);
    if (n > 4 && !strcmp(b + n - 4, ".log"))
        n -= 4;
    *name = xstrndup(b, n ? n : strlen(b));
}

struct watch {
    struct watch_jvm *jvms;
    int n;
    struct watch_access *acc;
    int nacc;
    struct watch_metrics metrics;
    int64_t win_ms[WATCH_MAX_WINDOWS];
    int nwin;
    struct alert *alerts;     /* [nalerts * n]: each alert per JVM */
    int nalerts;
    const char *exec_cmd;
    int running_exec;
    bool json, quiet, once, screen;
    const char *textfile_dir, *save_dir;
    int64_t last_save_ms;
    const char *html_path;    /* --html FILE */
    bool serving, final;      /* --listen: the page at /; final: the last page (no refresh) */
    int64_t interval_ms;
    char *page;               /* the latest page, served at GET / */
    size_t page_len;
};

static void watch_free(struct watch *w)
{
    for (int i = 0; i < w->nacc; i++)
        watch_access_fini(&w->acc[i]);
    for (int i = 0; i < w->n; i++)
        watch_jvm_fini(&w->jvms[i]);
    for (int k = 0; k < w->nalerts * w->n; k++)
        alert_fini(&w->alerts[k]);
    free(w->alerts);
    free(w->jvms);
    free(w->acc);
    free(w->page);
    wm_fini(&w->metrics);
}

static int metrics_handler(void *ctx, const char *path, char **body, size_t *len, const char **ctype)
{
    struct watch *w = ctx;
    if ((!strcmp(path, "/") || !strcmp(path, "/index.html")) && w->page) {
        *body = xmalloc(w->page_len + 1);
        memcpy(*body, w->page, w->page_len);
        *len = w->page_len;
        *ctype = "text/html; charset=utf-8";
        return 200;
    }
    if (strcmp(path, "/metrics") != 0)
        return 404;
    for (int i = 0; i < w->n; i++)
        watch_jvm_sync_metrics(&w->jvms[i]);
    FILE *f = open_memstream(body, len);
    if (!f)
        return 500;
    w->metrics.scrapes++;
    wm_write(&w->metrics, f);
    fclose(f);
    *ctype = "text/plain; version=0.0.4; charset=utf-8";
    return 200;
}

static void reap_children(struct watch *w)
{
    while (w->running_exec > 0 && waitpid(-1, NULL, WNOHANG) > 0)
        w->running_exec--;
}

static void run_exec(struct watch *w, const struct alert *a, const char *jvm, const char *state)
{
    reap_children(w);
    if (w->running_exec >= 4) { /* a stuck hook must not pile up processes */
        if (!w->quiet)
            warnx("--exec: 4 commands still running; not starting another for '%s'", a->text);
        return;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        char val[64];
        snprintf(val, sizeof val, "%.6g", a->last);
        setenv("GCLAT_ALERT", a->text, 1);
        setenv("GCLAT_ALERT_STATE", state, 1);
        setenv("GCLAT_ALERT_METRIC", a->m->name, 1);
        setenv("GCLAT_ALERT_VALUE", val, 1);
        setenv("GCLAT_ALERT_JVM", jvm, 1);
        execl("/bin/sh", "sh", "-c", w->exec_cmd, (char *)NULL);
        _exit(127);
    }
    if (pid > 0)
        w->running_exec++;
    else if (!w->quiet)
        warnx("--exec: fork: %s", strerror(errno));
}

/* Write FILE atomically: DIR/.name.tmp then rename. */
static void write_textfile(struct watch *w)
{
    char *tmp = xasprintf("%s/.gclat_watch.prom.tmp", w->textfile_dir);
    char *dst = xasprintf("%s/gclat_watch.prom", w->textfile_dir);
    FILE *f = fopen(tmp, "w");
    if (f) {
        wm_write(&w->metrics, f);
        if (ferror(f) | fclose(f) || rename(tmp, dst) != 0) {
            if (!w->quiet)
                warnx("--textfile %s: %s", dst, strerror(errno));
            unlink(tmp);
        }
    } else if (!w->quiet) {
        warnx("--textfile %s: %s", tmp, strerror(errno));
    }
    free(tmp);
    free(dst);
}

/* Replace dst with data as a whole: DIR/.NAME.tmp, then rename (a reader never sees half a page). */
static void write_atomic(const struct watch *w, const char *dst, const char *data, size_t len)
{
    const char *slash = strrchr(dst, '/');
    char *tmp = xasprintf("%.*s.%s.tmp", slash ? (int)(slash - dst + 1) : 0, dst, slash ? slash + 1 : dst);
    FILE *f = fopen(tmp, "w");
    if (!f || fwrite(data, 1, len, f) != len || ferror(f) | fclose(f) || rename(tmp, dst) != 0) {
        if (!w->quiet)
            warnx("--html %s: %s", dst, strerror(errno));
        unlink(tmp);
    }
    free(tmp);
}

/* The page of this frame: kept for GET / and written to the --html file. */
static void page_update(struct watch *w, const struct watch_frame *fr, bool before_first)
{
    if (!w->html_path && !w->serving)
        return;
    struct watch_page p = {fr, w->jvms, w->n, w->interval_ms, w->final || w->once, before_first};
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return;
    watch_html_write(m, &p);
    fclose(m);
    free(w->page);
    w->page = buf;
    w->page_len = len;
    if (w->html_path)
        write_atomic(w, w->html_path, buf, len);
}

static void save_intervals(struct watch *w, int64_t now)
{
    for (int i = 0; i < w->n; i++) {
        struct watch_jvm *j = &w->jvms[i];
        char *path = xasprintf("%s/%s.hlog", w->save_dir, j->name);
        struct stat st;
        bool fresh = stat(path, &st) != 0 || st.st_size == 0;
        FILE *f = fopen(path, "a");
        if (!f) {
            if (!w->quiet)
                warnx("--save %s: %s", path, strerror(errno));
            free(path);
            continue;
        }
        if (fresh)
            hdr_log_header(f, (double)w->last_save_ms / 1e3);
        /* start times are absolute (epoch seconds): logs from several hosts line up */
        double start = (double)w->last_save_ms / 1e3, len = (double)(now - w->last_save_ms) / 1e3;
        hdr_log_interval(f, "pause", start, len, &j->iv_pause_ns, 1e-6);
        hdr_log_interval(f, "stall", start, len, &j->iv_stall_ns, 1e-6);
        if (j->has_access)
            hdr_log_interval(f, "request", start, len, &j->iv_req_ns, 1e-6);
        hist_reset(&j->iv_req_ns);
        if (ferror(f) | fclose(f) && !w->quiet)
            warnx("--save %s: write error", path);
        hist_reset(&j->iv_pause_ns);
        hist_reset(&j->iv_stall_ns);
        free(path);
    }
    w->last_save_ms = now;
}

/* One interval: figures, alerts, outputs. Returns how many alerts hold and whether any lacked data. */
static int tick(struct watch *w, int64_t now_ms, int64_t now_ns, bool *no_data)
{
    int holding = 0;
    struct watch_frame fr;
    watch_frame_init(&fr, now_ms);
    for (int i = 0; i < w->n; i++) {
        struct watch_jvm *j = &w->jvms[i];
        /* the window ends at "now" in the log's own clock (--once: its newest event) */
        int64_t at = watch_jvm_now(j, now_ms, w->once);
        struct watch_figures *fg = watch_frame_add(&fr, j, at, watch_jvm_req_now(j, now_ms, w->once));
        for (int k = 0; k < w->nalerts; k++) {
            struct alert *a = &w->alerts[k * w->n + i];
            double v = watch_figure(fg, a->m->name);
            int ch = alert_eval(a, v, now_ns);
            if (isnan(v))
                *no_data = true;
            if (w->once ? (!isnan(v) && alert_holds(a, v)) : a->firing)
                holding++;
            watch_frame_alert(&fr, fg, a, isnan(v) ? "no data" : a->firing ? "firing" : "ok");
            if (ch && !w->once) {
                if (!w->quiet || true) /* an alert is the point of --alert: -q does not hide it */
                    fprintf(stderr, "gclat watch: %s %s: %s (value %.6g)\n", ch > 0 ? "ALERT" : "RESOLVED",
                            j->name, a->text, v);
                if (w->exec_cmd)
                    run_exec(w, a, j->name, ch > 0 ? "firing" : "resolved");
            }
        }
    }
    if (w->json)
        watch_frame_json(&fr, stdout);
    else if (w->screen)
        watch_frame_screen(&fr, stdout);
    else
        watch_frame_lines(&fr, stdout);
    fflush(stdout);
    page_update(w, &fr, false);
    watch_frame_fini(&fr);
    if (w->textfile_dir) {
        for (int i = 0; i < w->n; i++)
            watch_jvm_sync_metrics(&w->jvms[i]);
        write_textfile(w);
    }
    if (w->save_dir)
        save_intervals(w, now_ms);
    return holding;
}

/* The command line, the table's base (the access-log options go to a struct access_cfg). */
struct watch_cli {
    const char **gcs, **accs, **alerts;
    size_t ngcs, naccs, nalerts;
    bool from_start, once, poll, json, quiet;
    int64_t win_ms[WATCH_MAX_WINDOWS];
    int nwin;
    int64_t interval_ms, duration_ms;
    const char *exec_cmd, *listen, *textfile_dir, *html_path, *save_dir;
    size_t max_groups;
};

/* A duration in [min_ms, max_ms]; a bare number is seconds. */
static int64_t dur_ms(const struct opt *o, const char *v, int64_t min_ms, int64_t max_ms)
{
    int64_t us;
    if (!parse_duration_us(v, 1000000, &us) || us / 1000 < min_ms || us / 1000 > max_ms)
        opt_bad(o, v, "a duration from %lld ms to %lld s (e.g. 10s, 1m)", (long long)min_ms,
                (long long)(max_ms / 1000));
    return us / 1000;
}

static void window_opt(void *base, const struct opt *o, const char *v)
{
    struct watch_cli *c = base;
    if (c->nwin == WATCH_MAX_WINDOWS)
        opt_bad(o, v, "at most %d --window options", WATCH_MAX_WINDOWS);
    c->win_ms[c->nwin++] = dur_ms(o, v, 1000, 86400LL * 1000 * 7);
}

static void interval_opt(void *base, const struct opt *o, const char *v)
{
    ((struct watch_cli *)base)->interval_ms = dur_ms(o, v, 100, 86400LL * 1000);
}

static void duration_opt(void *base, const struct opt *o, const char *v)
{
    ((struct watch_cli *)base)->duration_ms = dur_ms(o, v, 100, 366LL * 86400 * 1000);
}

#define WC struct watch_cli
static const struct opt watch_opts[] = {
    OPT_STRS(WC, gcs, ngcs, "gc", 0, "[NAME=]FILE",
             "a GC log to follow (repeatable; NAME labels its figures and\n"
             "metrics, default the file name)"),
    OPT_STRS(WC, accs, naccs, "access", 0, "[NAME=]FILE",
             "an access log to follow (repeatable): request latency by\n"
             "window, status and route; NAME pairs it with the --gc of that name"),
    OPT_FLAG(WC, from_start, "from-start", 0, "read what the files hold now (default: start at their end)"),
    OPT_CALL("window", 0, "DUR", window_opt,
             "rolling window (repeatable, up to 4; default 1m); the first\n"
             "one is what alerts and the line show"),
    OPT_CALL("interval", 0, "DUR", interval_opt, "how often figures are printed and alerts evaluated (default 10s)"),
    OPT_STRS(WC, alerts, nalerts, "alert", 0, "'COND'",
             "METRIC OP VALUE [for DUR], e.g. 'pause.max > 200ms for 1m',\n"
             "'gc.share > 5%', 'stall.count > 0' (repeatable); one line on\n"
             "stderr when it fires and when it resolves"),
    OPT_STR(WC, exec_cmd, "exec", 0, "CMD",
            "run CMD (sh -c) when an alert fires or resolves, with GCLAT_ALERT,\n"
            "GCLAT_ALERT_STATE, GCLAT_ALERT_METRIC, GCLAT_ALERT_VALUE, GCLAT_ALERT_JVM"),
    OPT_FLAG(WC, once, "once", 0,
             "read the files whole, evaluate once, print and exit:\n"
             "0 no alert holds, 4 one holds, 2 an alert's metric has no data"),
    OPT_STR(WC, listen, "listen", 0, "ADDR",
            "serve Prometheus metrics on http://ADDR/metrics, the page at /\n"
            "(ADDR: :9404 or 127.0.0.1:9404; loopback unless an address is given)"),
    OPT_STR(WC, textfile_dir, "textfile", 0, "DIR", "write DIR/gclat_watch.prom for node_exporter's textfile collector"),
    OPT_STR(WC, html_path, "html", 0, "FILE",
            "keep FILE a self-contained HTML page of the current state (key\n"
            "figures, alerts, findings, charts of the windows), rewritten\n"
            "atomically every interval and at exit; --listen serves it at /"),
    OPT_STR(WC, save_dir, "save", 0, "DIR",
            "append HdrHistogram interval logs (DIR/NAME.hlog, tags pause,\n"
            "stall and request) every interval, for `gclat merge` across hosts"),
    OPT_INT(WC, max_groups, "max-groups", 0, "N", 1, 100000,
            "label sets per JVM in the metrics (default 500; the rest 'other')"),
    OPT_CALL("duration", 0, "DUR", duration_opt, "stop after DUR (default: until SIGINT/SIGTERM)"),
    OPT_FLAG(WC, poll, "poll", 0, "poll the files instead of inotify"),
    OPT_FLAG(WC, json, "json", 0, "one JSON object per interval and JVM"),
    OPT_FLAG(WC, quiet, "quiet", 'q', "no warnings"),
    OPT_HELP("this help"),
    OPT_END,
};
#undef WC
static const struct opt_group watch_group = {"Options", watch_opts};

static const struct opt_note watch_notes[] = {
    {"thread-field", "refused: watch joins no request to a thread (gclat correlate does)"},
    {"thread-key", "refused, as --thread-field"},
    {NULL, NULL},
};

const struct opt_cmd cmd_watch_opts = {
    .name = "watch",
    .usage = "usage: gclat watch [OPTIONS] [--gc [NAME=]FILE]... [--access [NAME=]FILE]...\n",
    .about = "Follow GC logs as the JVM writes them (through -Xlog filecount= and JDK 8\n"
             "rotation, logrotate create and copytruncate, files that appear later and JVM\n"
             "restarts), with the same analysis as `gclat gc`, over rolling windows and since\n"
             "start. On a terminal a compact screen is redrawn in place; otherwise one line per\n"
             "--interval (--json: one JSON object per line).\n",
    .groups = {&watch_group, &access_field_group, &access_join_group},
    .notes = watch_notes,
    .after = "Alert metrics (over the first --window):\n" WATCH_METRICS_HELP
             "\n"
             "Examples:\n"
             "  gclat watch --gc /var/log/app/gc.log --listen :9404\n"
             "  gclat watch --gc a=/logs/a/gc.log --gc b=/logs/b/gc.log --window 1m --window 10m\n"
             "  gclat watch --gc app=gc.log --access app=access.log --log-format nginx \\\n"
             "              --alert 'lat.p99 > 100ms for 2m' --alert 'stall.count > 0'\n"
             "  gclat watch --once --window 5m --alert 'pause.max > 200ms' --gc gc.log   # cron, CI\n"
             "\n"
             "Exit codes: 0 ok, 1 usage, 2 no data for an alert (--once) or not a GC log,\n"
             "3 I/O error (e.g. --listen), 4 an alert holds (--once). Definitions: docs/watch.md.\n",
};

/* --once: read every log to its end, one tick, and the exit code of what was read. */
static int watch_once(struct watch *w)
{
    w->final = true;
    for (int i = 0; i < w->n; i++) {
        while (watch_jvm_poll(&w->jvms[i]) > 0)
            ;
        watch_jvm_finish(&w->jvms[i]);
    }
    for (int i = 0; i < w->nacc; i++) {
        while (watch_access_poll(&w->acc[i]) > 0)
            ;
        watch_access_finish(&w->acc[i]);
    }
    bool no_data = false;
    int holding = tick(w, wall_ms(), mono_ns(), &no_data);
    int rc = EXIT_OK;
    for (int i = 0; i < w->n; i++)
        if (w->jvms[i].gc_path && !w->jvms[i].gc_events) {
            warnx("%s: no GC event (not a GC log, or empty)", w->jvms[i].gc_path);
            rc = EXIT_BADINPUT;
        }
    for (int i = 0; i < w->nacc; i++)
        if (!w->acc[i].requests) {
            warnx("%s: no request read (see the access-log options in --help)", w->acc[i].f.path);
            rc = EXIT_BADINPUT;
        }
    if (no_data && w->nalerts) {
        warnx("an --alert metric has no data: not evaluated (see the alerts above)");
        rc = EXIT_BADINPUT;
    } else if (holding && rc == EXIT_OK) {
        rc = EXIT_CONDITION;
    }
    return rc;
}

int cmd_watch(int argc, char **argv)
{
    struct watch w;
    memset(&w, 0, sizeof w);
    struct access_cfg acfg;
    access_cfg_init(&acfg);
    struct watch_cli cli = {.interval_ms = 10000, .max_groups = 500};
    if (opt_parse(&cmd_watch_opts, (void *[]){&cli, &acfg, &acfg}, argc, argv, NULL)) {
        access_cfg_fini(&acfg);
        free(cli.gcs);
        free(cli.accs);
        free(cli.alerts);
        return EXIT_OK;
    }
    const char **gcs = cli.gcs, **alert_txt = cli.alerts, **accs = cli.accs;
    int ngcs = (int)cli.ngcs, naccs = (int)cli.naccs;
    w.nalerts = (int)cli.nalerts;
    memcpy(w.win_ms, cli.win_ms, sizeof w.win_ms);
    w.nwin = cli.nwin;
    w.exec_cmd = cli.exec_cmd;
    w.once = cli.once;
    w.textfile_dir = cli.textfile_dir;
    w.html_path = cli.html_path;
    w.save_dir = cli.save_dir;
    w.json = cli.json;
    w.quiet = cli.quiet;
    const char *listen_spec = cli.listen;
    bool from_start = cli.from_start, use_poll = cli.poll;
    int64_t interval_ms = cli.interval_ms, duration_ms = cli.duration_ms;
    size_t max_groups = cli.max_groups;
    if (!ngcs && !naccs)
        die(EXIT_USAGE, "nothing to watch: give --gc FILE and/or --access FILE (see gclat watch --help)");
    /* the shared join group brings them, but watch joins no request to a thread: never accept and ignore */
    if (access_has_thread(&acfg))
        die(EXIT_USAGE, "--thread-field / --thread-key: watch does not join requests to threads "
                        "(gclat correlate does; see gclat watch --help)");
    if (naccs) {
        acfg.need_time = true;
        acfg.lat.need_meta = true;
        access_cfg_finish(&acfg);
    }
    if (!w.nwin)
        w.win_ms[w.nwin++] = 60000;
    if (w.once && (listen_spec || duration_ms))
        die(EXIT_USAGE, "--once evaluates once and exits: --listen and --duration need a running watch");
    if (w.exec_cmd && !w.nalerts)
        die(EXIT_USAGE, "--exec runs on alerts: give --alert too");

    struct http_serve srv = {.lfd = -1};
    if (listen_spec) {
        char err[256];
        if (http_serve_listen(&srv, listen_spec, err, sizeof err) != 0)
            die(EXIT_IO, "%s", err);
        if (!w.quiet)
            fprintf(stderr, "gclat watch: metrics on http://%s/metrics, the page on http://%s/\n", srv.bound,
                    srv.bound);
    }
    w.serving = listen_spec != NULL;
    w.interval_ms = interval_ms;

    int64_t started = wall_ms();
    wm_init(&w.metrics, max_groups);
    int cap = ngcs + naccs;
    w.jvms = xcalloc((size_t)cap, sizeof *w.jvms);
    w.acc = xcalloc((size_t)(naccs ? naccs : 1), sizeof *w.acc);
    struct follow **fs = xcalloc((size_t)cap, sizeof *fs);
    int nfs = 0;
    for (int i = 0; i < ngcs; i++) {
        char *name, *path;
        split_named(gcs[i], &name, &path);
        for (int k = 0; k < w.n; k++)
            if (!strcmp(w.jvms[k].name, name))
                die(EXIT_USAGE, "two --gc inputs named '%s': name them, --gc NAME=FILE", name);
        struct watch_jvm *j = &w.jvms[w.n++];
        watch_jvm_init(j, name, path, from_start || w.once, w.win_ms, w.nwin, &w.metrics, started);
        fs[nfs++] = &j->gf.f;
        if (j->gf.f.gzip)
            die(EXIT_BADINPUT, "%s is gzip: watch follows logs as they are written; read archives with gclat gc", path);
        if (w.once && j->gf.f.fd < 0)
            die(EXIT_IO, "cannot open %s: %s", path, strerror(ENOENT));
        if (j->gf.f.fd < 0 && !w.quiet)
            warnx("%s does not exist yet: waiting for it", path);
        free(name);
        free(path);
    }
    for (int i = 0; i < naccs; i++) {
        char *name, *path;
        split_named(accs[i], &name, &path);
        struct watch_jvm *j = NULL;
        for (int k = 0; k < w.n; k++)
            if (!strcmp(w.jvms[k].name, name))
                j = &w.jvms[k];
        if (j && j->has_access)
            die(EXIT_USAGE, "two --access inputs named '%s': name them, --access NAME=FILE", name);
        if (!j) { /* an access log with no GC log of its name */
            j = &w.jvms[w.n++];
            watch_jvm_init(j, name, NULL, from_start || w.once, w.win_ms, w.nwin, &w.metrics, started);
        }
        j->has_access = true;
        struct watch_access *ac = &w.acc[w.nacc++];
        watch_access_init(ac, path, from_start || w.once, &acfg, j);
        fs[nfs++] = &ac->f;
        if (ac->f.gzip)
            die(EXIT_BADINPUT, "%s is gzip: watch follows logs as they are written; read archives with gclat lat", path);
        if (w.once && ac->f.fd < 0)
            die(EXIT_IO, "cannot open %s: %s", path, strerror(ENOENT));
        if (ac->f.fd < 0 && !w.quiet)
            warnx("%s does not exist yet: waiting for it", path);
        free(name);
        free(path);
    }

    /* alerts, one state per JVM */
    w.alerts = xcalloc((size_t)(w.nalerts ? w.nalerts : 1) * (size_t)w.n, sizeof *w.alerts);
    for (int k = 0; k < w.nalerts; k++) {
        const char *err = NULL;
        struct alert proto;
        if (!alert_parse(alert_txt[k], watch_alert_metrics, &proto, &err))
            die(EXIT_USAGE, "--alert '%s': %s", alert_txt[k], err);
        if (w.once && proto.for_ns)
            die(EXIT_USAGE, "--alert '%s': --once evaluates once, so 'for DUR' cannot be checked", alert_txt[k]);
        for (int i = 0; i < w.n; i++) {
            const char *e2;
            alert_parse(alert_txt[k], watch_alert_metrics, &w.alerts[k * w.n + i], &e2);
        }
        alert_fini(&proto);
    }
    w.metrics.files_followed = nfs;
    w.screen = !w.json && !w.once && isatty(STDOUT_FILENO);
    w.last_save_ms = started;

    int rc = EXIT_OK;
    if (w.once) {
        rc = watch_once(&w);
        goto done;
    }

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    struct follow_waiter fw;
    follow_waiter_init(&fw, fs, nfs, !use_poll);
    if (w.html_path || w.serving) { /* a page before the first interval: the figures so far, no alert yet */
        struct watch_frame fr;
        watch_frame_init(&fr, wall_ms());
        for (int i = 0; i < w.n; i++)
            watch_frame_add(&fr, &w.jvms[i], watch_jvm_now(&w.jvms[i], fr.t_ms, false),
                            watch_jvm_req_now(&w.jvms[i], fr.t_ms, false));
        page_update(&w, &fr, true);
        watch_frame_fini(&fr);
    }
    int64_t t0 = mono_ns();
    int64_t next_tick = t0 + interval_ms * 1000000LL;
    while (!stop_flag) {
        for (int i = 0; i < w.n; i++)
            watch_jvm_poll(&w.jvms[i]);
        for (int i = 0; i < w.nacc; i++)
            watch_access_poll(&w.acc[i]);
        int64_t now = mono_ns();
        if (now >= next_tick) {
            bool nd = false;
            tick(&w, wall_ms(), now, &nd);
            next_tick += interval_ms * 1000000LL;
            if (next_tick < now)
                next_tick = now + interval_ms * 1000000LL;
        }
        if (duration_ms && now - t0 >= duration_ms * 1000000LL)
            break;
        reap_children(&w);
        int64_t wait_ms = (next_tick - mono_ns()) / 1000000 + 1;
        if (wait_ms > 1000)
            wait_ms = 1000; /* poll files at least once a second (missed inotify events, new files) */
        if (wait_ms < 0)
            wait_ms = 0;
        struct pollfd p[2];
        int np = 0;
        if (follow_waiter_is_inotify(&fw))
            p[np++] = (struct pollfd){.fd = fw.ifd, .events = POLLIN};
        if (srv.lfd >= 0)
            p[np++] = (struct pollfd){.fd = srv.lfd, .events = POLLIN};
        if (!follow_waiter_is_inotify(&fw) && !np) {
            follow_waiter_wait(&fw, (int)wait_ms);
            continue;
        }
        if (poll(p, (nfds_t)np, (int)wait_ms) > 0) {
            for (int k = 0; k < np; k++) {
                if (!(p[k].revents & POLLIN))
                    continue;
                if (p[k].fd == srv.lfd)
                    http_serve_accept(&srv, metrics_handler, &w);
                else
                    follow_waiter_wait(&fw, 0); /* drain the events */
            }
        }
    }
    /* a last look and a last line, so a stop never loses the end of the logs */
    for (int i = 0; i < w.n; i++)
        watch_jvm_poll(&w.jvms[i]);
    for (int i = 0; i < w.nacc; i++)
        watch_access_poll(&w.acc[i]);
    bool nd = false;
    w.final = true;
    tick(&w, wall_ms(), mono_ns(), &nd);
    follow_waiter_fini(&fw);
    http_serve_close(&srv);
    while (w.running_exec > 0 && wait(NULL) > 0)
        w.running_exec--;
done:
    watch_free(&w);
    free(fs);
    free(gcs);
    free(accs);
    free(alert_txt);
    access_cfg_fini(&acfg);
    return rc;
}
