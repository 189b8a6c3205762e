/*
 * cmd/load.c — `gclat load URL`: constant-rate HTTP load with latency
 * measured from the intended send (load_engine.h), reported like every
 * other command (text, --json, --csv) and saved as an HdrHistogram log.
 * The driver only turns options into a load_cfg and hands the result to
 * load_report.
 */
#include "chart_node.h"
#include "cli.h"
#include "opt.h"
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

static const char load_about[] =
    "Send HTTP/1.1 keep-alive requests to URL (http:// only) and measure latency.\n"
    "With --rate R > 0 (open model, as wrk2) every request has an intended send\n"
    "time on a constant schedule; its latency is counted from that time, so a\n"
    "server stall shows in the tail instead of silently slowing the client down\n"
    "(coordinated omission). Service time, from the actual send, is shown beside\n"
    "it. --rate 0 is the closed model (as wrk): each connection sends as soon as\n"
    "its previous response is in.\n";

static const char load_after[] =
    "Examples:\n"
    "  gclat load --rate 1000 -d 20s -c 50 http://127.0.0.1:8080/work\n"
    "  gclat load --rate 0 -c 100 -t 2 -d 10s http://127.0.0.1/index.html\n"
    "  gclat load --rate 500 --requests urls.txt --random --json http://10.0.0.5:8080/\n"
    "\n"
    "Exit codes: 0 ok, 1 usage, 2 no request answered, 3 I/O error (e.g. --save).\n"
    "Definitions: docs/load.md.\n";

static int64_t dur_ns(const struct opt *o, const char *v, int64_t min_ns, int64_t max_ns)
{
    int64_t us;
    if (!parse_duration_us(v, 1000000, &us) || us > max_ns / 1000 || us * 1000 < min_ns)
        opt_bad(o, v, "a duration like 500ms, 10s, 2m (between %.3gs and %.3gs)", (double)min_ns / 1e9,
                (double)max_ns / 1e9);
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

struct load_cli {
    struct load_cfg cfg;
    const char *method, *body, *reqfile, *save, *gclog;
    int64_t pid;
    const char **headers;
    size_t nheaders;
};

/* the durations' bounds: what a run can sensibly last, wait or warm up */
static void duration_opt(void *base, const struct opt *o, const char *v)
{
    struct load_cfg *cfg = &((struct load_cli *)base)->cfg;
    if (o->name[0] == 'd')
        cfg->duration_ns = dur_ns(o, v, 1000000LL, 366LL * 86400 * 1000000000LL);
    else if (o->name[0] == 'w')
        cfg->warmup_ns = dur_ns(o, v, 0, 86400LL * 1000000000LL);
    else
        cfg->timeout_ns = dur_ns(o, v, 1000000LL, 3600LL * 1000000000LL);
}

#define LC struct load_cli
static const struct opt load_opts[] = {
    OPT_NUM(LC, cfg.rate, "rate", 0, "R", 0, 1e8, "requests/s in total (required; 0 = as fast as answered)"),
    OPT_INT(LC, cfg.connections, "connections", 'c', "N", 1, 100000, "open connections (default 10)"),
    OPT_INT(LC, cfg.threads, "threads", 't', "N", 1, 256, "client threads (default 2, at most N connections)"),
    OPT_CALL("duration", 'd', "D", duration_opt, "measurement period (default 10s)"),
    OPT_CALL("warmup", 0, "D", duration_opt, "requests before the measurement, not recorded (default 0)"),
    OPT_CALL("timeout", 0, "D", duration_opt, "a response later than this is a timeout error (default 2s)"),
    OPT_STRS(LC, headers, nheaders, "header", 'H', "'K: V'", "add a header (repeatable)"),
    OPT_STR(LC, method, "method", 0, "M", "request method (default GET; POST with --body)"),
    OPT_STR(LC, body, "body", 0, "STRING", "request body (Content-Length is set)"),
    OPT_STR(LC, reqfile, "requests", 0, "FILE",
            "requests from FILE, one a line: 'METHOD /path', '/path' or\n"
            "{\"method\":..,\"path\":..,\"headers\":{..},\"body\":..}"),
    OPT_FLAG(LC, cfg.random_order, "random", 0, "pick requests from FILE at random (default: in turn)"),
    OPT_STR(LC, save, "save", 0, "FILE",
            "HdrHistogram interval log of latency and service time\n"
            "(tags 'latency' and 'service'), for gclat merge"),
    OPT_STR(LC, gclog, "gc-log", 0, "FILE",
            "follow the JVM's GC log during the run (from its end, through\n"
            "rotation): pauses and stalls in the run, and the share of the\n"
            "slowest requests (>= p99) that met a stop"),
    OPT_INT(LC, pid, "pid", 0, "PID", 1, 1L << 30,
            "the JVM's CPU during the run (from /proc); also places an\n"
            "uptime-only GC log on the wall clock"),
    OPT_END,
};
#undef LC
static const struct opt_group load_group = {"Options", load_opts};

const struct opt_cmd cmd_load_opts = {
    .name = "load",
    .usage = "usage: gclat load [OPTIONS] --rate R URL\n",
    .about = load_about,
    .groups = {&load_group, &opt_common_group},
    .after = load_after,
};

int cmd_load(int argc, char **argv)
{
    struct common_opts co;
    common_opts_init(&co);
    struct load_cli cli = {.cfg = {.connections = 10, .threads = 2, .rate = -1, .duration_ns = 10000000000LL,
                                   .timeout_ns = 2000000000LL}};
    struct opt_args pos;
    if (opt_parse(&cmd_load_opts, (void *[]){&cli, &co}, argc, argv, &pos)) {
        free(pos.v);
        free(cli.headers);
        return EXIT_OK;
    }
    if (pos.n > 1)
        die(EXIT_USAGE, "one URL only (got '%s' and '%s')", pos.v[0], pos.v[1]);
    const char *url = pos.n ? pos.v[0] : NULL;
    free(pos.v); /* url is an argv word */
    struct load_cfg cfg = cli.cfg;
    const char *method = cli.method, *body = cli.body, *reqfile = cli.reqfile, *save = cli.save, *gclog = cli.gclog;
    int64_t pid = cli.pid;
    const char **headers = cli.headers;
    int nheaders = (int)cli.nheaders;
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
