/* test_http_resp.c — response framing fed whole and one byte at a time:
 * Content-Length, chunked with extensions and trailers, close-delimited,
 * 1xx interim, HEAD/204/304, Connection rules, and malformed heads. */
#include "http_resp.h"
#include "t.h"

#include <stdlib.h>
#include <string.h>

/* Feed s in pieces of `step` bytes; return bytes consumed when done. */
static size_t feed(struct http_resp *r, const char *s, size_t step)
{
    size_t n = strlen(s), used = 0;
    while (used < n && r->st != HR_DONE && r->st != HR_ERROR) {
        size_t k = n - used < step ? n - used : step;
        size_t u = http_resp_feed(r, s + used, k);
        used += u;
        if (u < k)
            break;
    }
    return used;
}

static void both_ways(const char *s, int status, bool close, uint64_t body, size_t want_used, bool head)
{
    for (size_t step = 1; step <= strlen(s); step = step == 1 ? strlen(s) : step + 1) {
        struct http_resp r;
        http_resp_init(&r);
        http_resp_reset(&r, head);
        size_t used = feed(&r, s, step);
        if (r.st == HR_BODY_EOF)
            http_resp_eof(&r);
        CHECK_EQ_INT(r.st, HR_DONE);
        CHECK_EQ_INT(r.status, status);
        CHECK_EQ_INT(r.close, close);
        CHECK_EQ_INT(r.body_bytes, body);
        CHECK_EQ_INT(used, want_used);
        http_resp_fini(&r);
        if (step == strlen(s))
            break;
    }
}

static void content_length(void)
{
    const char *s = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhelloHTTP/1.1 200";
    both_ways(s, 200, false, 5, strlen(s) - strlen("HTTP/1.1 200"), false);
    both_ways("HTTP/1.1 404 Not Found\r\ncontent-length:0\r\nConnection: close\r\n\r\n", 404, true, 0,
              strlen("HTTP/1.1 404 Not Found\r\ncontent-length:0\r\nConnection: close\r\n\r\n"), false);
    both_ways("HTTP/1.0 200 OK\nContent-Length: 2\n\nab", 200, true, 2, strlen("HTTP/1.0 200 OK\nContent-Length: 2\n\nab"),
              false);
    const char *ka = "HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 1\r\n\r\nx";
    both_ways(ka, 200, false, 1, strlen(ka), false);
}

static void chunked(void)
{
    const char *s = "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"
                    "4;ext=1\r\nWiki\r\n5\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nX-Trailer: 1\r\n\r\n";
    both_ways(s, 200, false, 23, strlen(s), false);
}

static void close_delimited_and_bodyless(void)
{
    const char *s = "HTTP/1.1 200 OK\r\n\r\nuntil the end";
    both_ways(s, 200, true, 13, strlen(s), false);
    const char *h = "HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n";
    both_ways(h, 200, false, 0, strlen(h), true); /* HEAD: no body whatever the length */
    const char *n = "HTTP/1.1 304 Not Modified\r\nContent-Length: 99\r\n\r\n";
    both_ways(n, 304, false, 0, strlen(n), false);
    const char *c = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 1\r\n\r\nz";
    both_ways(c, 201, false, 1, strlen(c), false);
}

static void errors(void)
{
    const char *bad[] = {"SSH-2.0-OpenSSH\r\n\r\n", "HTTP/1.1 2x0 OK\r\n\r\n",
                         "HTTP/1.1 200 OK\r\nContent-Length: 12a\r\n\r\n",
                         "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999999\r\n\r\n",
                         "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
                         "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nab\r\n",
                         "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffffffff\r\n"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        struct http_resp r;
        http_resp_init(&r);
        feed(&r, bad[i], 3);
        CHECK_EQ_INT(r.st, HR_ERROR);
        CHECK(r.err != NULL);
        http_resp_fini(&r);
    }
    /* a head that never ends is refused at 64 KiB, not buffered forever */
    struct http_resp r;
    http_resp_init(&r);
    char *big = malloc(100000);
    memcpy(big, "HTTP/1.1 200 OK\r\n", 17);
    for (size_t i = 17; i < 99999; i++)
        big[i] = (i % 50 == 0) ? '\n' : 'a';
    big[99999] = 0;
    feed(&r, big, 4096);
    CHECK_EQ_INT(r.st, HR_ERROR);
    CHECK(r.head_cap <= 2 * HTTP_RESP_HEAD_MAX + 2); /* bounded, whatever arrives */
    free(big);
    http_resp_fini(&r);
    /* closed halfway */
    http_resp_init(&r);
    feed(&r, "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", 100);
    CHECK(!http_resp_eof(&r));
    CHECK_EQ_INT(r.st, HR_ERROR);
    http_resp_fini(&r);
}

int main(void)
{
    RUN(content_length);
    RUN(chunked);
    RUN(close_delimited_and_bodyless);
    RUN(errors);
    T_DONE();
}
