/*
 * http_resp.h — an incremental HTTP/1.1 response parser for the load client.
 *
 * Fed whatever bytes a read returned; consumes up to the end of one response
 * and leaves the rest (a pipelined next response) to the caller. Bodies are
 * counted, never kept: Content-Length, chunked (with trailers), and
 * read-until-close for responses that have neither. 1xx interim responses
 * are skipped. The head is bounded (HTTP_RESP_HEAD_MAX); a larger or
 * malformed one is an error with a static reason, never a crash.
 */
#ifndef GCLAT_HTTP_RESP_H
#define GCLAT_HTTP_RESP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define HTTP_RESP_HEAD_MAX (64 * 1024)

enum http_resp_state {
    HR_HEAD,
    HR_BODY_LEN,
    HR_CHUNK_SIZE,
    HR_CHUNK_DATA,
    HR_CHUNK_END,   /* the CRLF after a chunk's data */
    HR_TRAILER,
    HR_BODY_EOF,    /* body runs to the connection's close */
    HR_DONE,
    HR_ERROR,
};

struct http_resp {
    enum http_resp_state st;
    bool head_request;   /* the request was HEAD: no body whatever the headers say */
    int status;
    bool close;          /* the server closes after this response */
    uint64_t remaining;  /* bytes left of the body or of the current chunk */
    uint64_t body_bytes;
    char *head;          /* head bytes so far (bounded) */
    size_t head_len, head_cap;
    char line[256];      /* a chunk-size or trailer line in progress */
    size_t line_len;
    const char *err;
};

void http_resp_init(struct http_resp *r);
/* Ready for the next response on the same connection (keeps the buffer). */
void http_resp_reset(struct http_resp *r, bool head_request);
void http_resp_fini(struct http_resp *r);
/* Feed bytes; returns how many were consumed. Check r->st for HR_DONE/HR_ERROR. */
size_t http_resp_feed(struct http_resp *r, const char *p, size_t n);
/* The connection closed: completes a read-until-close body. True if the response is complete. */
bool http_resp_eof(struct http_resp *r);

#endif
