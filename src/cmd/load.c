/*
 * cmd/load.c — `gclat load URL`: constant-rate HTTP load with latency
 * measured from the intended send (load_engine.h), reported like every
 * other command (text, --json, --csv) and saved as an HdrHistogram log.
 * The driver only turns options into a load_cfg and hands the result to
 * load_report.
 */
#include "chart_node.h"
#include "cli.h"
#include "html_charts.h"
#include "commands.h"
#include "hdr_codec.h"
#include "load_engine.h"
#include "load_record.h"
#include "load_reqfile.h"
#include "load_report.h"
#include "util.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char cmd_load_help[] =
    "usage: gclat load [OPTIONS] --rate R URL\n"
    "\n"
    "Send HTTP/1.1 keep-alive requests to URL (http:// only) and measure latency.\n"
    "With --rate R > 0 (open model, as wrk2) every request has an intended send\n"
    "time on a constant schedule; its latency is counted from that time, so a\n"
    "server stall shows in the tail instead of silently slowing the client down\n"
    "(coordinated omission). Service time, from the actual send, is shown beside\n"
    "it. --rate 0 is the closed model (as wrk): each connection sends as soon as\n"
    "its previous response is in.\n"
    "\n"
    "Options:\n"
    "  --rate R             requests/s in total (required; 0 = as fast as answered)\n"
    "  -c, --connections N  open connections (default 10)\n"
    "  -t, --threads N      client threads (default 2, at most N connections)\n"
    "  -d, --duration D     measurement period (default 10s)\n"
    "  --warmup D           requests before the measurement, not recorded (default 0)\n"
    "  --timeout D          a response later than this is a timeout error (default 2s)\n"
    "  -H, --header 'K: V'  add a header (repeatable)\n"
    "  --method M           request method (default GET; POST with --body)\n"
    "  --body STRING        request body (Content-Length is set)\n"
    "  --requests FILE      requests from FILE, one a line: 'METHOD /path', '/path' or\n"
    "                       {\"method\":..,\"path\":..,\"headers\":{..},\"body\":..}\n"
    "  --random             pick requests from FILE at random (default: in turn)\n"
    "  --save FILE          HdrHistogram interval log of latency and service time\n"
    "                       (tags 'latency' and 'service'), for gclat merge\n"
    "  --gc-log FILE        follow the JVM's GC log during the run (from its end, through\n"
    "                       rotation): pauses and stalls in the run, and the share of the\n"
    "                       slowest requests (>= p99) that met a stop\n"
    "  --pid PID            the JVM's CPU during the run (from /proc); also places an\n"
    "                       uptime-only GC log on the wall clock\n"
    "\n"
    "%s"
    "\n"
    "Examples:\n"
    "  gclat load --rate 1000 -d 20s -c 50 http://127.0.0.1:8080/work\n"
    "  gclat load --rate 0 -c 100 -t 2 -d 10s http://127.0.0.1/index.html\n"
    "  gclat load --rate 500 --requests urls.txt --random --json http://10.0.0.5:8080/\n"
    "\n"
    "Exit codes: 0 ok, 1 usage, 2 no request answered, 3 I/O error (e.g. --save).\n"
    "Definitions: docs/load.md.\n";

static int64_t dur_ns(const char *opt, const char *v, int64_t min_ns, int64_t max_ns)
{
    int64_t us;
    if (!parse_duration_us(v, 1000000, &us) || us > max_ns / 1000 || us * 1000 < min_ns)
        die(EXIT_USAGE, "%s '%s': expected a duration like 500ms, 10s, 2m (between %.3gs and %.3gs)", opt, v,
            (double)min_ns / 1e9, (double)max_ns / 1e9);
    return us * 1000;
}

static long count_opt(const char *opt, const char *v, long min, long max)
{
    int64_t n;
    if (!parse_int64(v, &n) || n < min || n > max)
        die(EXIT_USAGE, "%s '%s': expected a whole number from %ld to %ld", opt, v, min, max);
    return (long)n;
}

/* http://host[:port][/path] -> numeric address, port, Host header, path. */
static void parse_url(const char *url, struct load_cfg *cfg, char *hosthdr, size_t hl, char **path)
{
    if (!strncmp(url, "https://", 8))
        die(EXIT_USAGE, "%s: https is not supported (plain http:// only)", url);
    if (strncmp(url, "http://", 7))
        die(EXIT_USAGE, "%s: expected http://HOST[:PORT]/PATH", url);
    const char *h = url + 7;
    const char *slash = strchr(h, '/');
    size_t authlen = slash ? (size_t)(slash - h) : strlen(h);
    if (!authlen || authlen >= 256)
        die(EXIT_USAGE, "%s: no host", url);
    char auth[256];
    memcpy(auth, h, authlen);
    auth[authlen] = 0;
    snprintf(hosthdr, hl, "%s", auth);
    char *host = auth, *port = NULL;
    if (auth[0] == '[') {
        char *rb = strchr(auth, ']');
        if (!rb)
            die(EXIT_USAGE, "%s: unclosed [ in the host", url);
        *rb = 0;
        host = auth + 1;
        if (rb[1] == ':')
            port = rb + 2;
    } else if ((port = strrchr(auth, ':'))) {
        *port++ = 0;
    }
    cfg->port = port ? (int)count_opt("URL port", port, 1, 65535) : 80;
    struct addrinfo hints = {.ai_socktype = SOCK_STREAM}, *ai = NULL;
    int e = getaddrinfo(host, NULL, &hints, &ai);
    if (e || !ai)
        die(EXIT_USAGE, "%s: cannot resolve '%s': %s", url, host, gai_strerror(e));
    void *addr = ai->ai_family == AF_INET ? (void *)&((struct sockaddr_in *)ai->ai_addr)->sin_addr
                                          : (void *)&((struct sockaddr_in6 *)ai->ai_addr)->sin6_addr;
    inet_ntop(ai->ai_family, addr, cfg->host, sizeof cfg->host);
    freeaddrinfo(ai);
    *path = xstrdup(slash ? slash : "/");
}

static int save_hlog(const char *path, const struct load_result *r)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        warnx("cannot write %s: %s", path, strerror(errno));
        return EXIT_IO;
    }
    double start = (double)r->start_wall_ns / 1e9, len = (double)r->measured_ns / 1e9;
    hdr_log_header(f, start);
    hdr_log_interval(f, "latency", 0.0, len, &r->latency_ns, 1e-6);
    hdr_log_interval(f, "service", 0.0, len, &r->service_ns, 1e-6);
    if (ferror(f) | fclose(f)) {
        warnx("cannot write %s: %s", path, strerror(errno));
        return EXIT_IO;
    }
    return EXIT_OK;
}

int cmd_load(int argc, char **argv)
{
    struct common_opts co;
    common_opts_init(&co);
    struct load_cfg cfg = {.connections = 10, .threads = 2, .rate = -1, .duration_ns = 10000000000LL,
                           .timeout_ns = 2000000000LL};
    const char *url = NULL, *method = NULL, *body = NULL, *reqfile = NULL, *save = NULL, *gclog = NULL;
    int64_t pid = 0;
    const char **headers = NULL;
    int nheaders = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            printf(cmd_load_help, common_opts_help);
            return EXIT_OK;
        } else if (common_opt(&co, argc, argv, &i)) {
        } else if (opt_is(a, "--rate")) {
            const char *v = opt_value(argc, argv, &i);
            if (!parse_double(v, &cfg.rate) || cfg.rate < 0 || cfg.rate > 1e8)
                die(EXIT_USAGE, "--rate '%s': expected requests/s from 0 to 1e8", v);
        } else if (!strcmp(a, "-c") || opt_is(a, "--connections")) {
            cfg.connections = (int)count_opt(a, opt_value(argc, argv, &i), 1, 100000);
        } else if (!strcmp(a, "-t") || opt_is(a, "--threads")) {
            cfg.threads = (int)count_opt(a, opt_value(argc, argv, &i), 1, 256);
        } else if (!strcmp(a, "-d") || opt_is(a, "--duration")) {
            cfg.duration_ns = dur_ns(a, opt_value(argc, argv, &i), 1000000LL, 366LL * 86400 * 1000000000LL);
        } else if (opt_is(a, "--warmup")) {
            cfg.warmup_ns = dur_ns(a, opt_value(argc, argv, &i), 0, 86400LL * 1000000000LL);
        } else if (opt_is(a, "--timeout")) {
            cfg.timeout_ns = dur_ns(a, opt_value(argc, argv, &i), 1000000LL, 3600LL * 1000000000LL);
        } else if (!strcmp(a, "-H") || opt_is(a, "--header")) {
            headers = xrealloc(headers, (size_t)(nheaders + 1) * sizeof *headers);
            headers[nheaders++] = opt_value(argc, argv, &i);
        } else if (opt_is(a, "--method")) {
            method = opt_value(argc, argv, &i);
        } else if (opt_is(a, "--body")) {
            body = opt_value(argc, argv, &i);
        } else if (opt_is(a, "--requests")) {
            reqfile = opt_value(argc, argv, &i);
        } else if (!strcmp(a, "--random")) {
            cfg.random_order = true;
        } else if (opt_is(a, "--save")) {
            save = opt_value(argc, argv, &i);
        } else if (opt_is(a, "--gc-log")) {
            gclog = opt_value(argc, argv, &i);
        } else if (opt_is(a, "--pid")) {
            pid = count_opt(a, opt_value(argc, argv, &i), 1, 1L << 30);
        } else if (a[0] == '-' && a[1]) {
            die(EXIT_USAGE, "unknown option %s (see gclat load --help)", a);
        } else if (!url) {
            url = a;
        } else {
            die(EXIT_USAGE, "one URL only (got '%s' and '%s')", url, a);
        }
    }
    if (!url)
        die(EXIT_USAGE, "no URL (see gclat load --help)");
    if (cfg.rate < 0)
        die(EXIT_USAGE, "--rate R is required: requests/s on a constant schedule, or 0 for as fast as "
                        "the server answers (which hides stalls: see --help)");
    if (reqfile && (method || body))
        die(EXIT_USAGE, "--requests gives each request's method and body; drop --method/--body");
    common_opts_finish(&co);

    char hosthdr[300];
    char *path = NULL;
    parse_url(url, &cfg, hosthdr, sizeof hosthdr, &path);
    struct load_req_common rc = {hosthdr, headers, nheaders};
    struct load_reqset rs = {0};
    char err[1024];
    int e = reqfile ? load_req_file(&rs, &rc, reqfile, err, sizeof err)
                    : load_req_add(&rs, &rc, method ? method : body ? "POST" : "GET", path, NULL, 0, body,
                                   body ? strlen(body) : 0, err, sizeof err);
    free(path);
    if (e)
        die(reqfile ? EXIT_BADINPUT : EXIT_USAGE, "%s", err);
    cfg.reqs = rs.r;
    cfg.nreqs = rs.n;

    struct load_record rec;
    if (load_record_init(&rec, gclog, pid, err, sizeof err) != 0)
        die(EXIT_BADINPUT, "%s", err);
    if (gclog && rec.gf.f.fd < 0 && !co.quiet)
        warnx("--gc-log %s does not exist (yet): waiting for it during the run", gclog);
    if (gclog || pid) {
        cfg.tick = load_record_tick;
        cfg.tick_ctx = &rec;
    }
    struct load_result res;
    load_result_init(&res);
    if (load_run(&cfg, &res, err, sizeof err) != 0)
        die(EXIT_IO, "%s", err);
    load_record_finish(&rec);

    struct load_report_ctx ctx = {url, &cfg, (int)sysconf(_SC_NPROCESSORS_ONLN)};
    struct report_node *root = rn_root();
    load_report(&ctx, &res, root);
    load_record_report(&rec, &res, root);
    if (co.out == OUT_HTML) {
        static const struct rows_col maxc[] = {{"max_ms", "max latency"}}, reqc[] = {{"requests", "requests"}};
        struct report_node *ch = chart_group(root, "charts", NULL);
        const struct report_node *ps = rn_get(root, "per_second");
        rows_chart_report(ch, "load-latency-time", "Slowest request per second (from the intended send)", ps,
                          "second", maxc, 1, SVG_AX_TIME, SVG_AX_LOG, "time since the start", "ms (log scale)",
                          NULL, NULL);
        rows_chart_report(ch, "load-rate-time", "Requests answered per second", ps, "second", reqc, 1,
                          SVG_AX_TIME, SVG_AX_LIN, "time since the start", "requests", NULL, NULL);
        co.html_subtitle = url;
    }
    common_render(&co, root, rn_get(root, "per_second"));
    int rcode = EXIT_OK;
    if (!co.quiet && load_client_saturated(&ctx, &res))
        warnx("the load generator used %.0f%% of a core per thread: it, not the server, may set the "
              "pace (fewer connections per thread, or more threads)",
              100.0 * res.client_cpu_s / ((double)res.measured_ns / 1e9) / cfg.threads);
    uint64_t sched = load_scheduled(&cfg);
    if (!co.quiet && sched && res.requests < sched * 99 / 100)
        warnx("%llu of %llu scheduled requests got no answer in time (see errors_by_kind)",
              (unsigned long long)(sched - res.requests), (unsigned long long)sched);
    if (save)
        rcode = save_hlog(save, &res);
    if (!res.requests) {
        warnx("no request was answered (%llu connect errors)", (unsigned long long)res.errors[LE_CONNECT]);
        rcode = EXIT_BADINPUT;
    }
    rn_free(root);
    load_record_fini(&rec);
    load_result_fini(&res);
    load_reqset_fini(&rs);
    free(headers);
    return rcode;
}
