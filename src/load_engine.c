/*
 * load_engine.c — the load client's threads, connections and schedule
 * (load_engine.h has the timing model). One epoll loop per thread; each
 * connection is a small state machine: closed → connecting → idle → writing
 * → reading → idle. Nothing is allocated per request.
 */
#include "load_engine.h"
#include "http_resp.h"
#include "util.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define NS 1000000000LL
#define BACKOFF_NS (10 * 1000000LL)
#define LATE_NS 1000000LL

enum cstate { C_CLOSED, C_BACKOFF, C_CONNECTING, C_IDLE, C_WRITING, C_READING, C_DONE };

struct conn {
    int fd;
    enum cstate st;
    uint64_t g;            /* index among all connections */
    uint64_t k;            /* schedule index of this connection's next request */
    bool pending;          /* a request is due (intended_ns valid) but not yet answered */
    int64_t intended_ns;   /* monotonic */
    int64_t sent_ns;
    int64_t deadline_ns;   /* connect or response deadline */
    int64_t backoff_until;
    const struct load_request *req;
    size_t wpos;
    struct http_resp resp;
};

struct worker {
    pthread_t th;
    const struct load_cfg *cfg;
    int id, epfd;
    struct conn *c;
    int nc;
    uint64_t total_conns;
    int64_t t0, warm_end, end;   /* monotonic */
    int64_t mono_to_wall;        /* add to a monotonic time for CLOCK_REALTIME */
    uint64_t rng, rr;
    struct load_result res;
    int slow_cap;
    _Atomic int done;
    char err[128];
};

static int64_t mono_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * NS + t.tv_nsec;
}

static int64_t wall_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (int64_t)t.tv_sec * NS + t.tv_nsec;
}

const char *load_err_name(enum load_err e)
{
    static const char *const n[LE__COUNT] = {"connect", "write", "read", "timeout", "parse", "status"};
    return e < LE__COUNT ? n[e] : "?";
}

void load_result_init(struct load_result *r)
{
    memset(r, 0, sizeof *r);
    hist_init(&r->latency_ns, 3);
    hist_init(&r->service_ns, 3);
}

void load_result_fini(struct load_result *r)
{
    hist_fini(&r->latency_ns);
    hist_fini(&r->service_ns);
    free(r->slow);
    free(r->sec_count);
    free(r->sec_max_ns);
    memset(r, 0, sizeof *r);
}

/* Intended time of schedule index k of connection g (open model). */
static int64_t intended_at(const struct worker *w, const struct conn *c)
{
    long double j = (long double)c->k * (long double)w->total_conns + (long double)c->g;
    return w->t0 + (int64_t)(j * (long double)NS / (long double)w->cfg->rate);
}

static void slow_push(struct worker *w, const struct load_slow *s)
{
    struct load_result *r = &w->res;
    r->slow_seen++;
    if (r->nslow < w->slow_cap) { /* min-heap on latency: the root is the least slow kept */
        int i = r->nslow++;
        r->slow[i] = *s;
        while (i > 0) {
            int p = (i - 1) / 2;
            if (r->slow[p].latency_ns <= r->slow[i].latency_ns)
                break;
            struct load_slow t = r->slow[p];
            r->slow[p] = r->slow[i];
            r->slow[i] = t;
            i = p;
        }
        return;
    }
    if (!w->slow_cap || s->latency_ns <= r->slow[0].latency_ns)
        return;
    r->slow[0] = *s;
    int i = 0;
    for (;;) {
        int l = 2 * i + 1, m = i;
        if (l < r->nslow && r->slow[l].latency_ns < r->slow[m].latency_ns)
            m = l;
        if (l + 1 < r->nslow && r->slow[l + 1].latency_ns < r->slow[m].latency_ns)
            m = l + 1;
        if (m == i)
            break;
        struct load_slow t = r->slow[m];
        r->slow[m] = r->slow[i];
        r->slow[i] = t;
        i = m;
    }
}

static void set_events(struct worker *w, struct conn *c, uint32_t ev)
{
    struct epoll_event e = {.events = ev, .data.u32 = (uint32_t)(c - w->c)};
    epoll_ctl(w->epfd, EPOLL_CTL_MOD, c->fd, &e);
}

static void conn_close(struct worker *w, struct conn *c, bool backoff)
{
    if (c->fd >= 0) {
        epoll_ctl(w->epfd, EPOLL_CTL_DEL, c->fd, NULL);
        close(c->fd);
    }
    c->fd = -1;
    c->st = backoff ? C_BACKOFF : C_CLOSED;
    if (backoff)
        c->backoff_until = mono_ns() + BACKOFF_NS;
}

/* The current request is over without a response: count it, move on. */
static void request_lost(struct worker *w, struct conn *c, enum load_err e)
{
    w->res.errors[e]++;
    c->pending = false;
    c->k++;
    conn_close(w, c, e == LE_CONNECT);
}

static void conn_open(struct worker *w, struct conn *c, int64_t now)
{
    struct sockaddr_storage ss;
    socklen_t sl;
    memset(&ss, 0, sizeof ss);
    struct sockaddr_in *a4 = (struct sockaddr_in *)&ss;
    struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)&ss;
    if (inet_pton(AF_INET, w->cfg->host, &a4->sin_addr) == 1) {
        a4->sin_family = AF_INET;
        a4->sin_port = htons((uint16_t)w->cfg->port);
        sl = sizeof *a4;
    } else {
        inet_pton(AF_INET6, w->cfg->host, &a6->sin6_addr);
        a6->sin6_family = AF_INET6;
        a6->sin6_port = htons((uint16_t)w->cfg->port);
        sl = sizeof *a6;
    }
    int fd = socket(ss.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        w->res.errors[LE_CONNECT]++;
        c->st = C_BACKOFF;
        c->backoff_until = now + BACKOFF_NS;
        return;
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    c->fd = fd;
    struct epoll_event e = {.events = EPOLLOUT, .data.u32 = (uint32_t)(c - w->c)};
    epoll_ctl(w->epfd, EPOLL_CTL_ADD, fd, &e);
    int r = connect(fd, (struct sockaddr *)&ss, sl);
    if (r == 0 || errno == EINPROGRESS) {
        c->st = C_CONNECTING;
        c->deadline_ns = now + w->cfg->timeout_ns;
        return;
    }
    w->res.errors[LE_CONNECT]++;
    conn_close(w, c, true);
}

static const struct load_request *next_request(struct worker *w)
{
    const struct load_cfg *cfg = w->cfg;
    if (cfg->nreqs == 1)
        return &cfg->reqs[0];
    if (cfg->random_order) {
        w->rng ^= w->rng << 13;
        w->rng ^= w->rng >> 7;
        w->rng ^= w->rng << 17;
        return &cfg->reqs[w->rng % (uint64_t)cfg->nreqs];
    }
    return &cfg->reqs[w->rr++ % (uint64_t)cfg->nreqs];
}

static void try_write(struct worker *w, struct conn *c)
{
    while (c->wpos < c->req->len) {
        ssize_t n = send(c->fd, c->req->bytes + c->wpos, c->req->len - c->wpos, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN) {
            if (c->st != C_WRITING) {
                c->st = C_WRITING;
                set_events(w, c, EPOLLOUT);
            }
            return;
        }
        if (n <= 0) {
            request_lost(w, c, LE_WRITE);
            return;
        }
        c->wpos += (size_t)n;
    }
    c->st = C_READING;
    set_events(w, c, EPOLLIN);
}

static void send_request(struct worker *w, struct conn *c, int64_t now)
{
    c->req = next_request(w);
    c->wpos = 0;
    if (w->cfg->rate <= 0)
        c->intended_ns = now; /* closed model: no schedule, latency is from the send */
    c->sent_ns = now;
    c->deadline_ns = now + w->cfg->timeout_ns;
    if (now - c->intended_ns > LATE_NS)
        w->res.late_sends++;
    w->res.sent++;
    http_resp_reset(&c->resp, c->req->head);
    c->st = C_WRITING;
    try_write(w, c);
}

static void record(struct worker *w, struct conn *c, int64_t now)
{
    struct load_result *r = &w->res;
    if (c->intended_ns >= w->warm_end) {
        int64_t lat = now - c->intended_ns, svc = now - c->sent_ns;
        hist_record(&r->latency_ns, lat);
        hist_record(&r->service_ns, svc);
        r->requests++;
        int s = c->resp.status / 100;
        r->status_class[s >= 1 && s <= 5 ? s : 0]++;
        if (c->resp.status >= 400)
            r->errors[LE_STATUS]++;
        int64_t sec = (c->intended_ns - w->warm_end) / NS;
        if (sec >= 0 && sec < r->nsec) {
            r->sec_count[sec]++;
            if (lat > r->sec_max_ns[sec])
                r->sec_max_ns[sec] = lat;
        }
        struct load_slow sl = {c->intended_ns + w->mono_to_wall, lat, svc};
        slow_push(w, &sl);
    }
    c->pending = false;
    c->k++;
    if (c->resp.close)
        conn_close(w, c, false);
    else {
        c->st = C_IDLE;
        set_events(w, c, EPOLLIN);
    }
}

static void on_readable(struct worker *w, struct conn *c)
{
    char buf[65536];
    for (;;) {
        ssize_t n = read(c->fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN)
            return;
        if (n <= 0) { /* closed by the server */
            if (c->st == C_READING) {
                if (n == 0 && http_resp_eof(&c->resp)) {
                    c->resp.close = true;
                    record(w, c, mono_ns());
                } else {
                    request_lost(w, c, LE_READ);
                }
            } else {
                conn_close(w, c, false); /* idle keep-alive closed: reconnect quietly */
            }
            return;
        }
        w->res.bytes_read += (uint64_t)n;
        if (c->st != C_READING) {
            request_lost(w, c, LE_PARSE); /* bytes nobody asked for */
            return;
        }
        size_t used = http_resp_feed(&c->resp, buf, (size_t)n);
        if (c->resp.st == HR_ERROR) {
            request_lost(w, c, LE_PARSE);
            return;
        }
        if (c->resp.st == HR_DONE) {
            record(w, c, mono_ns());
            if (used < (size_t)n && c->fd >= 0) {
                request_lost(w, c, LE_PARSE); /* no pipelining: extra bytes are an error */
                return;
            }
            return;
        }
    }
}

static void on_event(struct worker *w, struct conn *c, uint32_t ev, int64_t now)
{
    if (c->fd < 0)
        return;
    if (c->st == C_CONNECTING) {
        int e = 0;
        socklen_t el = sizeof e;
        getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &e, &el);
        if (e || (ev & (EPOLLERR | EPOLLHUP))) {
            w->res.errors[LE_CONNECT]++;
            conn_close(w, c, true);
            return;
        }
        c->st = C_IDLE;
        set_events(w, c, EPOLLIN);
        return;
    }
    if (c->st == C_WRITING && (ev & EPOLLOUT)) {
        try_write(w, c);
        return;
    }
    if (ev & (EPOLLIN | EPOLLHUP | EPOLLERR))
        on_readable(w, c);
    (void)now;
}

/* When a due request on an idle connection should be sent; INT64_MAX if none. */
static int64_t due_at(struct worker *w, struct conn *c, int64_t now)
{
    if (!c->pending) {
        if (w->cfg->rate > 0) {
            int64_t t = intended_at(w, c);
            if (t >= w->end)
                return INT64_MAX;
            c->intended_ns = t;
        } else {
            if (now >= w->end)
                return INT64_MAX;
            c->intended_ns = now;
        }
        c->pending = true;
    }
    return c->intended_ns;
}

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    struct epoll_event evs[256];
    int64_t hard_end = w->end + w->cfg->timeout_ns;
    for (;;) {
        int64_t now = mono_ns();
        int64_t wake = now + NS / 10;
        bool busy = false;
        for (int i = 0; i < w->nc; i++) {
            struct conn *c = &w->c[i];
            if (c->st == C_DONE)
                continue;
            if (c->st == C_BACKOFF && now >= c->backoff_until)
                c->st = C_CLOSED;
            if (c->st == C_CLOSED || c->st == C_BACKOFF || c->st == C_CONNECTING || c->st == C_IDLE) {
                int64_t due = due_at(w, c, now);
                if (due == INT64_MAX) {
                    conn_close(w, c, false);
                    c->st = C_DONE;
                    continue;
                }
                busy = true;
                if (c->st == C_CLOSED)
                    conn_open(w, c, now);
                if (c->st == C_BACKOFF) {
                    if (c->backoff_until < wake)
                        wake = c->backoff_until;
                } else if (c->st == C_CONNECTING) {
                    if (now > c->deadline_ns) {
                        w->res.errors[LE_CONNECT]++;
                        conn_close(w, c, true);
                    } else if (c->deadline_ns < wake)
                        wake = c->deadline_ns;
                } else if (c->st == C_IDLE) {
                    if (now >= due)
                        send_request(w, c, now);
                    else if (due < wake)
                        wake = due;
                }
            }
            if (c->st == C_WRITING || c->st == C_READING) {
                busy = true;
                if (now > c->deadline_ns)
                    request_lost(w, c, LE_TIMEOUT);
                else if (c->deadline_ns < wake)
                    wake = c->deadline_ns;
            }
        }
        if (!busy)
            break;
        if (now > hard_end) { /* whatever is still due now never gets an answer in time */
            for (int i = 0; i < w->nc; i++)
                if (w->c[i].st == C_WRITING || w->c[i].st == C_READING)
                    request_lost(w, &w->c[i], LE_TIMEOUT);
            break;
        }
        if (wake > hard_end)
            wake = hard_end;
        int64_t dt = wake - mono_ns();
        if (dt < 0)
            dt = 0;
        struct timespec ts = {dt / NS, dt % NS};
        int n = epoll_pwait2(w->epfd, evs, (int)ARRAY_LEN(evs), &ts, NULL);
        if (n < 0 && errno == ENOSYS)
            n = epoll_wait(w->epfd, evs, (int)ARRAY_LEN(evs), (int)((dt + 999999) / 1000000));
        now = mono_ns();
        for (int i = 0; i < n; i++)
            on_event(w, &w->c[evs[i].data.u32], evs[i].events, now);
    }
    for (int i = 0; i < w->nc; i++) {
        conn_close(w, &w->c[i], false);
        http_resp_fini(&w->c[i].resp);
    }
    w->done = 1;
    return NULL;
}

static int cmp_slow_desc(const void *a, const void *b)
{
    const struct load_slow *x = a, *y = b;
    return x->latency_ns < y->latency_ns ? 1 : x->latency_ns > y->latency_ns ? -1 : 0;
}

static double cpu_seconds(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
           (double)ru.ru_stime.tv_usec / 1e6;
}

int load_run(const struct load_cfg *cfg, struct load_result *res, char *err, size_t errlen)
{
    int nt = cfg->threads < 1 ? 1 : cfg->threads;
    if (nt > cfg->connections)
        nt = cfg->connections;
    struct worker *ws = xcalloc((size_t)nt, sizeof *ws);
    int nsec = (int)((cfg->duration_ns + NS - 1) / NS) + 1;
    int64_t t0 = mono_ns() + NS / 20; /* a moment to start the threads */
    int64_t m2w = wall_ns() - mono_ns();
    int next_conn = 0;
    for (int t = 0; t < nt; t++) {
        struct worker *w = &ws[t];
        w->cfg = cfg;
        w->id = t;
        w->epfd = epoll_create1(EPOLL_CLOEXEC);
        if (w->epfd < 0) {
            snprintf(err, errlen, "epoll_create1: %s", strerror(errno));
            for (int u = 0; u < t; u++)
                close(ws[u].epfd);
            free(ws);
            return -1;
        }
        w->nc = cfg->connections / nt + (t < cfg->connections % nt);
        w->c = xcalloc((size_t)w->nc, sizeof *w->c);
        for (int i = 0; i < w->nc; i++) {
            w->c[i].fd = -1;
            w->c[i].g = (uint64_t)next_conn++;
            http_resp_init(&w->c[i].resp);
        }
        w->total_conns = (uint64_t)cfg->connections;
        w->t0 = t0;
        w->warm_end = t0 + cfg->warmup_ns;
        w->end = w->warm_end + cfg->duration_ns;
        w->mono_to_wall = m2w;
        w->rng = (cfg->seed ? cfg->seed : 0x9e3779b97f4a7c15ull) + (uint64_t)t * 0x632be59bd9b4e019ull;
        w->rr = (uint64_t)t;
        load_result_init(&w->res);
        w->slow_cap = LOAD_SLOW_MAX / nt;
        w->res.slow = xcalloc((size_t)w->slow_cap, sizeof *w->res.slow);
        w->res.nsec = nsec;
        w->res.sec_count = xcalloc((size_t)nsec, sizeof *w->res.sec_count);
        w->res.sec_max_ns = xcalloc((size_t)nsec, sizeof *w->res.sec_max_ns);
    }
    double cpu0 = cpu_seconds();
    for (int t = 0; t < nt; t++)
        pthread_create(&ws[t].th, NULL, worker_main, &ws[t]);
    for (;;) { /* the calling thread records the JVM while the workers load it */
        int done = 0;
        for (int t = 0; t < nt; t++)
            done += ws[t].done;
        if (done == nt)
            break;
        if (cfg->tick)
            cfg->tick(cfg->tick_ctx);
        struct timespec ts = {0, 100000000L};
        nanosleep(&ts, NULL);
    }
    for (int t = 0; t < nt; t++)
        pthread_join(ws[t].th, NULL);
    double cpu1 = cpu_seconds();

    /* merge the workers' results */
    res->start_wall_ns = t0 + cfg->warmup_ns + m2w;
    res->measured_ns = cfg->duration_ns;
    res->client_cpu_s = cpu1 - cpu0;
    res->nsec = nsec;
    res->sec_count = xcalloc((size_t)nsec, sizeof *res->sec_count);
    res->sec_max_ns = xcalloc((size_t)nsec, sizeof *res->sec_max_ns);
    res->slow = xcalloc(LOAD_SLOW_MAX, sizeof *res->slow);
    for (int t = 0; t < nt; t++) {
        struct load_result *r = &ws[t].res;
        hist_merge(&res->latency_ns, &r->latency_ns);
        hist_merge(&res->service_ns, &r->service_ns);
        res->requests += r->requests;
        res->sent += r->sent;
        for (int e = 0; e < LE__COUNT; e++)
            res->errors[e] += r->errors[e];
        for (int s = 0; s < 6; s++)
            res->status_class[s] += r->status_class[s];
        res->bytes_read += r->bytes_read;
        res->late_sends += r->late_sends;
        for (int s = 0; s < nsec; s++) {
            res->sec_count[s] += r->sec_count[s];
            if (r->sec_max_ns[s] > res->sec_max_ns[s])
                res->sec_max_ns[s] = r->sec_max_ns[s];
        }
        memcpy(res->slow + res->nslow, r->slow, (size_t)r->nslow * sizeof *r->slow);
        res->nslow += r->nslow;
        res->slow_seen += r->slow_seen;
        close(ws[t].epfd);
        free(ws[t].c);
        load_result_fini(r);
    }
    qsort(res->slow, (size_t)res->nslow, sizeof *res->slow, cmp_slow_desc);
    free(ws);
    return 0;
}
