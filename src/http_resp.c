/* http_resp.c — incremental HTTP/1.1 response parsing (http_resp.h). */
#include "http_resp.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

void http_resp_init(struct http_resp *r)
{
    memset(r, 0, sizeof *r);
}

void http_resp_reset(struct http_resp *r, bool head_request)
{
    char *h = r->head;
    size_t cap = r->head_cap;
    memset(r, 0, sizeof *r);
    r->head = h;
    r->head_cap = cap;
    r->head_request = head_request;
}

void http_resp_fini(struct http_resp *r)
{
    free(r->head);
    memset(r, 0, sizeof *r);
}

static void fail(struct http_resp *r, const char *why)
{
    r->st = HR_ERROR;
    r->err = why;
}

/* Value of header `name` in the head (case-insensitive), or NULL; *vlen set. */
static const char *header(const char *h, size_t n, const char *name, size_t *vlen)
{
    size_t nl = strlen(name);
    const char *end = h + n;
    const char *p = memchr(h, '\n', n); /* skip the status line */
    while (p && p + 1 < end) {
        const char *s = p + 1;
        const char *e = memchr(s, '\n', (size_t)(end - s));
        if (!e)
            e = end;
        if ((size_t)(e - s) > nl && s[nl] == ':' && strncasecmp(s, name, nl) == 0) {
            const char *v = s + nl + 1;
            while (v < e && (*v == ' ' || *v == '\t'))
                v++;
            const char *ve = e;
            while (ve > v && (ve[-1] == '\r' || ve[-1] == ' ' || ve[-1] == '\t'))
                ve--;
            *vlen = (size_t)(ve - v);
            return v;
        }
        p = e < end ? e : NULL;
    }
    return NULL;
}

static bool has_token(const char *v, size_t n, const char *tok)
{
    size_t tl = strlen(tok);
    for (size_t i = 0; i + tl <= n; i++)
        if (strncasecmp(v + i, tok, tl) == 0 && (i == 0 || v[i - 1] == ' ' || v[i - 1] == ',') &&
            (i + tl == n || v[i + tl] == ' ' || v[i + tl] == ','))
            return true;
    return false;
}

/* The head is complete in r->head[0..head_len): decide how the body is framed. */
static void head_done(struct http_resp *r)
{
    const char *h = r->head;
    size_t n = r->head_len;
    if (n < 12 || memcmp(h, "HTTP/1.", 7) != 0 || (h[7] != '0' && h[7] != '1') || h[8] != ' ') {
        fail(r, "not an HTTP/1.x status line");
        return;
    }
    int st = 0;
    for (int i = 9; i < 12; i++) {
        if (h[i] < '0' || h[i] > '9') {
            fail(r, "bad status code");
            return;
        }
        st = st * 10 + (h[i] - '0');
    }
    bool http10 = h[7] == '0';
    if (st >= 100 && st < 200 && st != 101) { /* interim: the real response follows */
        r->head_len = 0;
        return;
    }
    r->status = st;
    size_t vl;
    const char *v = header(h, n, "connection", &vl);
    r->close = v ? has_token(v, vl, "close") : http10;
    if (http10 && v && has_token(v, vl, "keep-alive"))
        r->close = false;
    if (r->head_request || st == 204 || st == 304) {
        r->st = HR_DONE;
        return;
    }
    v = header(h, n, "transfer-encoding", &vl);
    if (v && has_token(v, vl, "chunked")) {
        r->st = HR_CHUNK_SIZE;
        return;
    }
    v = header(h, n, "content-length", &vl);
    if (v) {
        uint64_t len = 0;
        if (!vl) {
            fail(r, "empty Content-Length");
            return;
        }
        for (size_t i = 0; i < vl; i++) {
            if (v[i] < '0' || v[i] > '9' || len > (UINT64_MAX - 9) / 10) {
                fail(r, "bad Content-Length");
                return;
            }
            len = len * 10 + (uint64_t)(v[i] - '0');
        }
        r->remaining = len;
        r->st = len ? HR_BODY_LEN : HR_DONE;
        return;
    }
    r->close = true;
    r->st = HR_BODY_EOF;
}

/* Accumulate head bytes until the blank line; returns bytes consumed. */
static size_t feed_head(struct http_resp *r, const char *p, size_t n)
{
    size_t used = 0;
    while (used < n && r->st == HR_HEAD) {
        /* copy up to and including a '\n', then test for the blank line */
        const char *nl = memchr(p + used, '\n', n - used);
        size_t take = nl ? (size_t)(nl - (p + used)) + 1 : n - used;
        if (r->head_len + take > HTTP_RESP_HEAD_MAX) {
            fail(r, "response head over 64 KiB");
            return used;
        }
        xgrow((void **)&r->head, &r->head_cap, r->head_len + take + 1, 1);
        memcpy(r->head + r->head_len, p + used, take);
        r->head_len += take;
        used += take;
        if (!nl)
            break;
        const char *h = r->head;
        size_t hl = r->head_len;
        bool blank = (hl >= 2 && h[hl - 2] == '\n') || (hl >= 3 && h[hl - 3] == '\n' && h[hl - 2] == '\r');
        if (hl == 1 || (hl == 2 && h[0] == '\r'))
            r->head_len = 0; /* stray CRLF before a status line: tolerated */
        else if (blank)
            head_done(r);
    }
    return used;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Collect one CRLF-terminated line into r->line; true when complete. */
static bool take_line(struct http_resp *r, const char *p, size_t n, size_t *used)
{
    while (*used < n) {
        char c = p[(*used)++];
        if (c == '\n') {
            if (r->line_len && r->line[r->line_len - 1] == '\r')
                r->line_len--;
            return true;
        }
        if (r->line_len + 1 >= sizeof r->line) {
            fail(r, "chunk line too long");
            return false;
        }
        r->line[r->line_len++] = c;
    }
    return false;
}

size_t http_resp_feed(struct http_resp *r, const char *p, size_t n)
{
    size_t used = 0;
    while (used < n) {
        switch (r->st) {
        case HR_HEAD:
            used += feed_head(r, p + used, n - used);
            if (r->st == HR_HEAD)
                return used;
            break;
        case HR_BODY_LEN:
        case HR_CHUNK_DATA: {
            uint64_t take = n - used < r->remaining ? n - used : r->remaining;
            used += (size_t)take;
            r->remaining -= take;
            r->body_bytes += take;
            if (!r->remaining)
                r->st = r->st == HR_BODY_LEN ? HR_DONE : HR_CHUNK_END;
            break;
        }
        case HR_BODY_EOF:
            r->body_bytes += n - used;
            return n;
        case HR_CHUNK_SIZE:
        case HR_CHUNK_END:
        case HR_TRAILER:
            if (!take_line(r, p, n, &used))
                return used;
            if (r->st == HR_CHUNK_END) {
                if (r->line_len)
                    fail(r, "chunk data not followed by CRLF");
                else
                    r->st = HR_CHUNK_SIZE;
            } else if (r->st == HR_TRAILER) {
                if (!r->line_len)
                    r->st = HR_DONE;
            } else {
                uint64_t sz = 0;
                size_t i = 0;
                int d;
                for (; i < r->line_len && (d = hexval((unsigned char)r->line[i])) >= 0; i++) {
                    if (sz >> 60) {
                        fail(r, "chunk size overflows");
                        return used;
                    }
                    sz = sz * 16 + (uint64_t)d;
                }
                if (i == 0 || (i < r->line_len && r->line[i] != ';' && r->line[i] != ' ')) {
                    fail(r, "bad chunk size");
                    return used;
                }
                r->remaining = sz;
                r->st = sz ? HR_CHUNK_DATA : HR_TRAILER;
            }
            r->line_len = 0;
            break;
        case HR_DONE:
        case HR_ERROR:
            return used;
        }
    }
    return used;
}

bool http_resp_eof(struct http_resp *r)
{
    if (r->st == HR_BODY_EOF) {
        r->st = HR_DONE;
        return true;
    }
    if (r->st != HR_DONE && r->st != HR_ERROR)
        fail(r, r->st == HR_HEAD && !r->head_len ? "connection closed before a response"
                                                 : "connection closed inside a response");
    return r->st == HR_DONE;
}
