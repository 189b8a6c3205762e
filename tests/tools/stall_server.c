/*
 * stall_server.c — an HTTP/1.1 test server for `gclat load` that answers at
 * once, except that the whole process freezes for FREEZE_MS every EVERY_MS
 * (as a stop-the-world GC pause would): nothing is read or answered then.
 * Listens on 127.0.0.1 only and prints its port on stdout; exits after
 * --lifetime seconds so a test cannot leave it behind.
 *
 *   stall_server [--every MS] [--freeze MS] [--lifetime S] [--chunked] [--close-every N] [--body N]
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static long long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

struct cl {
    char in[16384];
    size_t len;
};

int main(int argc, char **argv)
{
    long every = 0, freeze = 0, lifetime = 60, close_every = 0, body = 2;
    int chunked = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--every") && i + 1 < argc) every = atol(argv[++i]);
        else if (!strcmp(argv[i], "--freeze") && i + 1 < argc) freeze = atol(argv[++i]);
        else if (!strcmp(argv[i], "--lifetime") && i + 1 < argc) lifetime = atol(argv[++i]);
        else if (!strcmp(argv[i], "--close-every") && i + 1 < argc) close_every = atol(argv[++i]);
        else if (!strcmp(argv[i], "--body") && i + 1 < argc) body = atol(argv[++i]);
        else if (!strcmp(argv[i], "--chunked")) chunked = 1;
        else { fprintf(stderr, "stall_server: bad option %s\n", argv[i]); return 1; }
    }
    if (body < 0 || body > 1 << 20) body = 2;
    int lfd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    int one = 1;
    setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in a = {.sin_family = AF_INET};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    if (bind(lfd, (struct sockaddr *)&a, sizeof a) || listen(lfd, 1024)) { perror("bind"); return 1; }
    socklen_t sl = sizeof a;
    getsockname(lfd, (struct sockaddr *)&a, &sl);
    struct timespec wall;
    clock_gettime(CLOCK_REALTIME, &wall);
    long long t0 = now_ms(), served = 0;
    /* the port, and the wall-clock ms the freeze schedule counts from */
    printf("%d %lld\n", ntohs(a.sin_port), (long long)wall.tv_sec * 1000 + wall.tv_nsec / 1000000);
    fflush(stdout);
    int ep = epoll_create1(0);
    struct epoll_event e = {.events = EPOLLIN, .data.ptr = NULL};
    epoll_ctl(ep, EPOLL_CTL_ADD, lfd, &e);
    char *resp = malloc((size_t)body + 256), *bodybuf = malloc((size_t)body + 1);
    memset(bodybuf, 'x', (size_t)body);
    while (now_ms() - t0 < lifetime * 1000) {
        long long t = now_ms() - t0;
        if (every > 0 && freeze > 0 && t % every >= every - freeze) {
            /* the freeze: a whole-process stop, like a stop-the-world pause */
            long long left = every - t % every;
            struct timespec ts = {left / 1000, (left % 1000) * 1000000};
            nanosleep(&ts, NULL);
            continue;
        }
        int wait = every > 0 ? (int)(every - freeze - t % every) : 100;
        if (wait < 1) wait = 1;
        if (wait > 100) wait = 100;
        struct epoll_event evs[128];
        int n = epoll_wait(ep, evs, 128, wait);
        for (int i = 0; i < n; i++) {
            if (!evs[i].data.ptr) {
                int fd;
                while ((fd = accept4(lfd, NULL, NULL, SOCK_NONBLOCK)) >= 0) {
                    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
                    struct cl *c = calloc(1, sizeof *c + sizeof(int));
                    memcpy((char *)c + sizeof *c, &fd, sizeof fd);
                    struct epoll_event ce = {.events = EPOLLIN, .data.ptr = c};
                    epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ce);
                }
                continue;
            }
            struct cl *c = evs[i].data.ptr;
            int fd;
            memcpy(&fd, (char *)c + sizeof *c, sizeof fd);
            ssize_t r = read(fd, c->in + c->len, sizeof c->in - c->len);
            if (r <= 0) {
                if (r < 0 && errno == EAGAIN) continue;
                close(fd);
                free(c);
                continue;
            }
            c->len += (size_t)r;
            char *end;
            int closed = 0;
            while ((end = memmem(c->in, c->len, "\r\n\r\n", 4))) {
                size_t used = (size_t)(end + 4 - c->in);
                served++;
                int do_close = close_every > 0 && served % close_every == 0;
                int k;
                if (chunked)
                    k = snprintf(resp, 256, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n%s\r\n%lx\r\n",
                                 do_close ? "Connection: close\r\n" : "", body);
                else
                    k = snprintf(resp, 256, "HTTP/1.1 200 OK\r\nContent-Length: %ld\r\n%s\r\n", body,
                                 do_close ? "Connection: close\r\n" : "");
                memcpy(resp + k, bodybuf, (size_t)body);
                k += (int)body;
                if (chunked)
                    k += sprintf(resp + k, "\r\n0\r\n\r\n");
                if (write(fd, resp, (size_t)k) < 0) { /* the client went away */ }
                memmove(c->in, c->in + used, c->len - used);
                c->len -= used;
                if (do_close) {
                    close(fd);
                    free(c);
                    closed = 1;
                    break;
                }
            }
            if (!closed && c->len == sizeof c->in) {
                close(fd);
                free(c);
            }
        }
    }
    return 0;
}
