/*
 * http_serve.h — the smallest HTTP/1.1 server that a Prometheus scrape needs:
 * GET (or HEAD) of a path answered with a body the caller renders (watch:
 * /metrics, and its page at /; the rest 404), one request per connection
 * (Connection: close). An HTML body goes out with the page's own CSP as a
 * header too, not cached, not content-sniffed. Single-threaded: the
 * caller polls http_serve_fd() beside its other descriptors and calls
 * http_serve_accept() when it is readable. Requests are bounded (8 KiB of
 * head, 2 s to send it) so a slow or hostile client costs at most that.
 *
 * Listens on 127.0.0.1 unless the caller names another address: an exporter
 * is reachable from the network only when someone asks for it.
 */
#ifndef GCLAT_HTTP_SERVE_H
#define GCLAT_HTTP_SERVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct http_serve {
    int lfd;
    char bound[96];       /* "127.0.0.1:9404" as bound (port resolved when 0) */
    uint64_t requests, errors;
};

/*
 * Parse "HOST:PORT", ":PORT" (127.0.0.1), "PORT" or "[::1]:PORT" and listen.
 * Returns 0, or -1 with a message in err.
 */
int http_serve_listen(struct http_serve *s, const char *spec, char *err, size_t errlen);
int http_serve_fd(const struct http_serve *s);

/* Fills *body (malloc'd) and *len for a path; returns the HTTP status. */
typedef int (*http_handler_fn)(void *ctx, const char *path, char **body, size_t *len,
                               const char **content_type);
/* Accept every pending connection and answer each (non-blocking listen fd). */
void http_serve_accept(struct http_serve *s, http_handler_fn fn, void *ctx);
void http_serve_close(struct http_serve *s);

#endif
