/* load_reqfile.c — building the requests of a load run (load_reqfile.h). */
#include "load_reqfile.h"
#include "reader.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool token_ok(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (*s <= ' ' || *s >= 0x7f)
            return false;
    return true;
}

/* A header line must not smuggle a second line into the request. */
static bool header_ok(const char *h)
{
    const char *colon = strchr(h, ':');
    if (!colon || colon == h)
        return false;
    for (const char *p = h; *p; p++)
        if ((unsigned char)*p < ' ' && *p != '\t')
            return false;
    return true;
}

int load_req_add(struct load_reqset *s, const struct load_req_common *c, const char *method, const char *path,
                 const char *const *headers, int nheaders, const char *body, size_t body_len, char *err,
                 size_t errlen)
{
    if (!token_ok(method)) {
        snprintf(err, errlen, "bad method '%s'", method);
        return -1;
    }
    if (path[0] != '/' || !token_ok(path)) {
        snprintf(err, errlen, "bad path '%s' (must start with / and hold no spaces)", path);
        return -1;
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    fprintf(f, "%s %s HTTP/1.1\r\nHost: %s\r\n", method, path, c->host_header);
    bool has_ua = false;
    for (int pass = 0; pass < 2; pass++) {
        const char *const *hs = pass ? headers : c->headers;
        int nh = pass ? nheaders : c->nheaders;
        for (int i = 0; i < nh; i++) {
            if (!header_ok(hs[i])) {
                fclose(f);
                free(buf);
                snprintf(err, errlen, "bad header '%s' (Name: value, one line)", hs[i]);
                return -1;
            }
            has_ua |= strncasecmp(hs[i], "user-agent:", 11) == 0;
            fprintf(f, "%s\r\n", hs[i]);
        }
    }
    if (!has_ua)
        fputs("User-Agent: gclat-load\r\n", f);
    if (body)
        fprintf(f, "Content-Length: %zu\r\n", body_len);
    fputs("\r\n", f);
    if (body)
        fwrite(body, 1, body_len, f);
    fclose(f);
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 4;
        s->r = xrealloc(s->r, (size_t)s->cap * sizeof *s->r);
    }
    s->r[s->n].bytes = buf;
    s->r[s->n].len = len;
    s->r[s->n].head = strcmp(method, "HEAD") == 0;
    s->n++;
    return 0;
}

/* --- a small reader for one flat JSON object per line --- */

struct jp {
    const char *p, *e;
};

static void ws(struct jp *j)
{
    while (j->p < j->e && (*j->p == ' ' || *j->p == '\t'))
        j->p++;
}

/* A JSON string into a heap buffer (\uXXXX below 0x80 only; others refused). */
static char *jstring(struct jp *j, size_t *outlen)
{
    ws(j);
    if (j->p >= j->e || *j->p != '"')
        return NULL;
    j->p++;
    char *o = xmalloc((size_t)(j->e - j->p) + 1);
    size_t n = 0;
    while (j->p < j->e && *j->p != '"') {
        char ch = *j->p++;
        if (ch == '\\') {
            if (j->p >= j->e)
                break;
            char x = *j->p++;
            switch (x) {
            case 'n': ch = '\n'; break;
            case 't': ch = '\t'; break;
            case 'r': ch = '\r'; break;
            case 'b': ch = '\b'; break;
            case 'f': ch = '\f'; break;
            case 'u': {
                unsigned v = 0;
                for (int k = 0; k < 4; k++) {
                    if (j->p >= j->e)
                        goto bad;
                    char h = *j->p++;
                    v = v * 16 + (unsigned)(h >= '0' && h <= '9' ? h - '0' : (h | 32) >= 'a' && (h | 32) <= 'f' ? (h | 32) - 'a' + 10 : 99);
                    if (v > 0xffff)
                        goto bad;
                }
                if (v >= 0x80)
                    goto bad;
                ch = (char)v;
                break;
            }
            default: ch = x;
            }
        }
        o[n++] = ch;
    }
    if (j->p >= j->e)
        goto bad;
    j->p++;
    o[n] = 0;
    if (outlen)
        *outlen = n;
    return o;
bad:
    free(o);
    return NULL;
}

static bool jchar(struct jp *j, char c)
{
    ws(j);
    if (j->p < j->e && *j->p == c) {
        j->p++;
        return true;
    }
    return false;
}

static int json_line(struct load_reqset *s, const struct load_req_common *c, const char *line, size_t len,
                     char *err, size_t errlen)
{
    struct jp j = {line, line + len};
    char *method = NULL, *path = NULL, *body = NULL;
    size_t body_len = 0;
    char **hs = NULL;
    int nh = 0, rc = -1;
    const char *why = "expected {\"path\": ...}";
    if (!jchar(&j, '{'))
        goto out;
    if (!jchar(&j, '}')) {
        do {
            char *k = jstring(&j, NULL);
            if (!k || !jchar(&j, ':')) {
                free(k);
                goto out;
            }
            if (!strcmp(k, "headers")) {
                if (!jchar(&j, '{')) {
                    free(k);
                    goto out;
                }
                if (!jchar(&j, '}')) {
                    do {
                        char *hn = jstring(&j, NULL), *hv = NULL;
                        if (!hn || !jchar(&j, ':') || !(hv = jstring(&j, NULL))) {
                            free(hn);
                            free(hv);
                            free(k);
                            goto out;
                        }
                        hs = xrealloc(hs, (size_t)(nh + 1) * sizeof *hs);
                        hs[nh++] = xasprintf("%s: %s", hn, hv);
                        free(hn);
                        free(hv);
                    } while (jchar(&j, ','));
                    if (!jchar(&j, '}')) {
                        free(k);
                        goto out;
                    }
                }
            } else {
                size_t vl = 0;
                char *v = jstring(&j, &vl);
                if (!v) {
                    why = "values must be strings";
                    free(k);
                    goto out;
                }
                char **slot = !strcmp(k, "method") ? &method : !strcmp(k, "path") ? &path
                              : !strcmp(k, "body") ? &body : NULL;
                if (!slot) {
                    why = "unknown key (method, path, headers, body)";
                    free(v);
                    free(k);
                    goto out;
                }
                free(*slot);
                *slot = v;
                if (slot == &body)
                    body_len = vl;
            }
            free(k);
        } while (jchar(&j, ','));
        if (!jchar(&j, '}'))
            goto out;
    }
    ws(&j);
    if (j.p != j.e || !path)
        goto out;
    rc = load_req_add(s, c, method ? method : (body ? "POST" : "GET"), path, (const char *const *)hs, nh, body,
                      body_len, err, errlen);
    why = NULL;
out:
    if (rc && why)
        snprintf(err, errlen, "%s", why);
    free(method);
    free(path);
    free(body);
    for (int i = 0; i < nh; i++)
        free(hs[i]);
    free(hs);
    return rc;
}

int load_req_file(struct load_reqset *s, const struct load_req_common *c, const char *path, char *err,
                  size_t errlen)
{
    struct reader r;
    if (reader_open(&r, path) != 0) {
        snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    const char *l;
    size_t n;
    int got, rc = 0;
    char why[512];
    while ((got = reader_next(&r, &l, &n)) == 1) {
        while (n && (l[n - 1] == ' ' || l[n - 1] == '\t'))
            n--;
        size_t i = 0;
        while (i < n && (l[i] == ' ' || l[i] == '\t'))
            i++;
        if (i == n || l[i] == '#')
            continue;
        int e;
        if (l[i] == '{') {
            e = json_line(s, c, l + i, n - i, why, sizeof why);
        } else {
            char *line = xstrndup(l + i, n - i);
            char *sp = strpbrk(line, " \t");
            if (sp) {
                *sp = 0;
                char *p = sp + 1;
                while (*p == ' ' || *p == '\t')
                    p++;
                e = load_req_add(s, c, line, p, NULL, 0, NULL, 0, why, sizeof why);
            } else {
                e = load_req_add(s, c, "GET", line, NULL, 0, NULL, 0, why, sizeof why);
            }
            free(line);
        }
        if (e) {
            snprintf(err, errlen, "%s:%llu: %s", path, (unsigned long long)r.lineno, why);
            rc = -1;
            break;
        }
    }
    if (got < 0) {
        snprintf(err, errlen, "%s: %s", path, reader_strerror(&r));
        rc = -1;
    }
    reader_close(&r);
    if (!rc && !s->n) {
        snprintf(err, errlen, "%s: no requests in the file", path);
        rc = -1;
    }
    return rc;
}

void load_reqset_fini(struct load_reqset *s)
{
    for (int i = 0; i < s->n; i++)
        free(s->r[i].bytes);
    free(s->r);
    memset(s, 0, sizeof *s);
}
