/* http_serve.c — a scrape endpoint (http_serve.h). */
#include "http_serve.h"
#include "util.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define HEAD_MAX 8192
#define HEAD_TIMEOUT_MS 2000

static int parse_spec(const char *spec, char *host, size_t hostlen, int *port)
{
    const char *colon;
    if (spec[0] == '[') {
        const char *rb = strchr(spec, ']');
        if (!rb || rb[1] != ':' || (size_t)(rb - spec - 1) >= hostlen)
            return -1;
        memcpy(host, spec + 1, (size_t)(rb - spec - 1));
        host[rb - spec - 1] = 0;
        colon = rb + 1;
    } else if ((colon = strrchr(spec, ':'))) {
        size_t hl = (size_t)(colon - spec);
        if (hl >= hostlen)
            return -1;
        memcpy(host, spec, hl);
        host[hl] = 0;
        if (!hl)
            snprintf(host, hostlen, "127.0.0.1");
    } else {
        snprintf(host, hostlen, "127.0.0.1");
        colon = spec - 1; /* the whole spec is the port */
    }
    char *e;
    errno = 0;
    long p = strtol(colon + 1, &e, 10);
    if (e == colon + 1 || *e || errno || p < 0 || p > 65535)
        return -1;
    *port = (int)p;
    return 0;
}

int http_serve_listen(struct http_serve *s, const char *spec, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->lfd = -1;
    char host[64];
    int port;
    if (parse_spec(spec, host, sizeof host, &port) != 0) {
        snprintf(err, errlen, "--listen '%s': expected HOST:PORT, :PORT or PORT", spec);
        return -1;
    }
    struct sockaddr_storage ss;
    socklen_t sl;
    memset(&ss, 0, sizeof ss);
    struct sockaddr_in *a4 = (struct sockaddr_in *)&ss;
    struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)&ss;
    if (inet_pton(AF_INET, strcmp(host, "localhost") ? host : "127.0.0.1", &a4->sin_addr) == 1) {
        a4->sin_family = AF_INET;
        a4->sin_port = htons((uint16_t)port);
        sl = sizeof *a4;
    } else if (inet_pton(AF_INET6, host, &a6->sin6_addr) == 1) {
        a6->sin6_family = AF_INET6;
        a6->sin6_port = htons((uint16_t)port);
        sl = sizeof *a6;
    } else {
        snprintf(err, errlen, "--listen '%s': '%s' is not an IP address", spec, host);
        return -1;
    }
    int fd = socket(ss.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    int one = 1;
    if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
        bind(fd, (struct sockaddr *)&ss, sl) != 0 || listen(fd, 16) != 0) {
        snprintf(err, errlen, "--listen %s: %s", spec, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    getsockname(fd, (struct sockaddr *)&ss, &sl);
    char ip[INET6_ADDRSTRLEN] = "?";
    if (ss.ss_family == AF_INET) {
        inet_ntop(AF_INET, &a4->sin_addr, ip, sizeof ip);
        snprintf(s->bound, sizeof s->bound, "%s:%d", ip, ntohs(a4->sin_port));
    } else {
        inet_ntop(AF_INET6, &a6->sin6_addr, ip, sizeof ip);
        snprintf(s->bound, sizeof s->bound, "[%s]:%d", ip, ntohs(a6->sin6_port));
    }
    s->lfd = fd;
    return 0;
}

int http_serve_fd(const struct http_serve *s) { return s->lfd; }

static int64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Read the request head (to the blank line) within the bounds. */
static ssize_t read_head(int fd, char *buf, size_t cap)
{
    size_t len = 0;
    int64_t deadline = now_ms() + HEAD_TIMEOUT_MS;
    while (len < cap - 1) {
        int64_t left = deadline - now_ms();
        if (left <= 0)
            return -1;
        struct pollfd p = {.fd = fd, .events = POLLIN};
        int r = poll(&p, 1, (int)left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        ssize_t n = read(fd, buf + len, cap - 1 - len);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (n <= 0)
            return -1;
        len += (size_t)n;
        buf[len] = 0;
        if (strstr(buf, "\r\n\r\n") || strstr(buf, "\n\n"))
            return (ssize_t)len;
    }
    return -1;
}

static void write_all(int fd, const char *p, size_t n)
{
    int64_t deadline = now_ms() + HEAD_TIMEOUT_MS;
    while (n) {
        ssize_t w = send(fd, p, n, MSG_NOSIGNAL);
        if (w < 0 && (errno == EAGAIN || errno == EINTR)) {
            int64_t left = deadline - now_ms();
            struct pollfd pf = {.fd = fd, .events = POLLOUT};
            if (left <= 0 || poll(&pf, 1, (int)left) <= 0)
                return;
            continue;
        }
        if (w <= 0)
            return;
        p += w;
        n -= (size_t)w;
    }
}

static const char *reason(int status)
{
    switch (status) {
    case 200: return "OK";
    case 400: return "Bad Request";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    default: return "Internal Server Error";
    }
}

static void answer(struct http_serve *s, int fd, http_handler_fn fn, void *ctx)
{
    char head[HEAD_MAX];
    ssize_t n = read_head(fd, head, sizeof head);
    int status = 400;
    char *body = NULL;
    size_t blen = 0;
    const char *ctype = "text/plain; charset=utf-8";
    bool head_only = false;
    if (n > 0) {
        char method[8], path[1024];
        if (sscanf(head, "%7s %1023s HTTP/1.", method, path) == 2) {
            head_only = !strcmp(method, "HEAD");
            if (strcmp(method, "GET") && !head_only) {
                status = 405;
            } else {
                char *q = strchr(path, '?'); /* Prometheus may add ?params */
                if (q)
                    *q = 0;
                status = fn(ctx, path, &body, &blen, &ctype);
            }
        }
    }
    if (status != 200) {
        s->errors++;
        free(body);
        body = xasprintf("%d %s\n", status, reason(status));
        blen = strlen(body);
        ctype = "text/plain; charset=utf-8";
    }
    s->requests++;
    char hdr[512];
    /* a page says what its meta tag says, also to a client that reads headers only */
    bool html = !strncmp(ctype, "text/html", 9);
    int hl = snprintf(hdr, sizeof hdr,
                      "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n%sConnection: close\r\n\r\n",
                      status, reason(status), ctype, blen,
                      html ? "Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; img-src data:\r\n"
                             "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
                           : "");
    write_all(fd, hdr, (size_t)hl);
    if (!head_only)
        write_all(fd, body, blen);
    free(body);
}

void http_serve_accept(struct http_serve *s, http_handler_fn fn, void *ctx)
{
    for (int i = 0; i < 16; i++) { /* a few per wake-up; the rest wait in the backlog */
        int fd = accept4(s->lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0)
            return;
        answer(s, fd, fn, ctx);
        shutdown(fd, SHUT_WR);
        close(fd);
    }
}

void http_serve_close(struct http_serve *s)
{
    if (s->lfd >= 0)
        close(s->lfd);
    s->lfd = -1;
}
