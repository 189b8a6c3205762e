/*
 * lat_field.c — finding the latency, status, path and time in one access-log
 * line (ptr,len; never NUL-terminated). Hand-written scans, no allocation,
 * no strtok/sscanf: this runs once per line on multi-gigabyte logs.
 *
 * Field splitting follows awk: with the default separator, fields are runs of
 * non-blanks (space, tab) and leading/trailing blanks are ignored; with a
 * separator string every occurrence separates, so empty fields exist.
 * Field -1 is awk's $NF, -2 is $(NF-1).
 */
#include "lat.h"
#include "timeparse.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static inline bool blank(char ch) { return lat_blank(ch); }

static bool field_blank(const char *s, size_t n, int k, const char **f, size_t *flen)
{
    if (k > 0) {
        size_t i = 0;
        for (int idx = 1;; idx++) {
            while (i < n && blank(s[i]))
                i++;
            if (i >= n)
                return false;
            size_t st = i;
            while (i < n && !blank(s[i]))
                i++;
            if (idx == k) {
                *f = s + st;
                *flen = i - st;
                return true;
            }
        }
    }
    return lat_field_blank_back(s, n, k, f, flen);
}

static bool field_sep(const char *s, size_t n, const char *sep, size_t sl, int k, const char **f, size_t *flen)
{
    if (k > 0) {
        size_t st = 0;
        for (int idx = 1;; idx++) {
            const char *hit = sl == 1 ? memchr(s + st, sep[0], n - st) : memmem(s + st, n - st, sep, sl);
            size_t e = hit ? (size_t)(hit - s) : n;
            if (idx == k) {
                if (n == 0)
                    return false; /* awk: an empty line has no fields */
                *f = s + st;
                *flen = e - st;
                return true;
            }
            if (!hit)
                return false;
            st = e + sl;
        }
    }
    if (n == 0)
        return false;
    size_t e = n;
    for (int idx = -1;; idx--) {
        /* find the last separator ending at or before e */
        size_t st = 0;
        bool found = false;
        if (e >= sl) {
            for (size_t j = e - sl + 1; j-- > 0;) {
                if (memcmp(s + j, sep, sl) == 0) {
                    st = j + sl;
                    found = true;
                    break;
                }
            }
        }
        if (idx == k) {
            *f = s + st;
            *flen = e - st;
            return true;
        }
        if (!found)
            return false;
        e = st - sl;
    }
}

bool lat_field(const struct lat_cfg *c, const char *line, size_t len, int n, const char **f, size_t *flen)
{
    if (n == 0)
        return false;
    if (c->sep_blank)
        return field_blank(line, len, n, f, flen);
    return field_sep(line, len, c->sep, c->sep_len, n, f, flen);
}

const char *lat_parse_number(const char *s, size_t n, int64_t *mant, int *ndec)
{
    size_t i = 0;
    uint64_t m = 0;
    int digits = 0, dec = -1;
    if (n == 0)
        return "empty value";
    if (s[0] == '-' && n > 1 && s[1] >= '0' && s[1] <= '9')
        return "negative value";
    for (; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch >= '0' && ch <= '9') {
            if (m == 0 && ch == '0' && dec < 0) {
                digits += digits == 0 ? 1 : 0;
                continue; /* leading zeros do not count toward the 18 digits */
            }
            if (digits >= 18 || m > 99999999999999999ULL)
                return "value out of range";
            m = m * 10 + (ch - '0');
            digits++;
            if (dec >= 0)
                dec++;
        } else if (ch == '.' && dec < 0) {
            dec = 0;
        } else {
            return "not a number";
        }
    }
    if (digits == 0)
        return "not a number";
    *mant = (int64_t)m;
    *ndec = dec < 0 ? 0 : dec;
    return NULL;
}

/* End of the first double-quoted string (the request), honouring \" escapes. */
static bool request_span(const char *s, size_t n, size_t *qs, size_t *qe)
{
    const char *q = memchr(s, '"', n);
    if (!q)
        return false;
    size_t i = (size_t)(q - s) + 1;
    *qs = i;
    while (i < n) {
        if (s[i] == '\\' && i + 1 < n) {
            i += 2;
            continue;
        }
        if (s[i] == '"') {
            *qe = i;
            return true;
        }
        i++;
    }
    return false;
}

/* Value of "key" in a JSON line: a number or a quoted string, unquoted. */
static bool json_get(const char *s, size_t n, const char *key, size_t klen, const char **v, size_t *vlen)
{
    size_t pos = 0;
    while (pos < n) {
        const char *hit = memmem(s + pos, n - pos, key, klen);
        if (!hit)
            return false;
        size_t i = (size_t)(hit - s);
        pos = i + 1;
        if (i == 0 || s[i - 1] != '"' || i + klen >= n || s[i + klen] != '"')
            continue;
        i += klen + 1;
        while (i < n && (s[i] == ' ' || s[i] == '\t'))
            i++;
        if (i >= n || s[i] != ':')
            continue;
        i++;
        while (i < n && (s[i] == ' ' || s[i] == '\t'))
            i++;
        if (i < n && s[i] == '"') {
            size_t st = ++i;
            while (i < n && s[i] != '"')
                i++;
            *v = s + st;
            *vlen = i - st;
            return true;
        }
        size_t st = i;
        while (i < n && s[i] != ',' && s[i] != '}' && !blank(s[i]))
            i++;
        *v = s + st;
        *vlen = i - st;
        return true;
    }
    return false;
}

bool lat_value_text(const struct lat_cfg *c, const char *line, size_t len, const char **v, size_t *vlen,
                    const char **why)
{
    switch (c->src) {
    case LAT_SRC_FIELD:
        if (lat_field(c, line, len, c->field, v, vlen))
            return true;
        *why = "no such field";
        return false;
    case LAT_SRC_JSON:
        if (json_get(line, len, c->json_key, c->json_key_len, v, vlen))
            return true;
        *why = "no such JSON key";
        return false;
    case LAT_SRC_AFTER_REQUEST: {
        size_t qs, qe;
        if (!request_span(line, len, &qs, &qe)) {
            *why = "no quoted request";
            return false;
        }
        struct lat_cfg t = *c;
        t.sep_blank = true;
        if (lat_field(&t, line + qe + 1, len - qe - 1, c->field, v, vlen))
            return true;
        *why = "no such field";
        return false;
    }
    }
    *why = "no such field";
    return false;
}

static void path_of_request(const char *r, size_t n, struct lat_meta *m)
{
    size_t i = 0;
    while (i < n && !blank(r[i]))
        i++; /* method */
    while (i < n && blank(r[i]))
        i++;
    size_t st = i;
    while (i < n && !blank(r[i]) && r[i] != '?')
        i++;
    if (i > st) {
        m->path = r + st;
        m->path_len = i - st;
    }
}

void lat_meta(const struct lat_cfg *c, const char *line, size_t len, struct lat_meta *m)
{
    memset(m, 0, sizeof *m);
    if (c->src == LAT_SRC_JSON) {
        static const char *pk[] = {"path", "uri", "request_uri", "url"};
        static const char *sk[] = {"status", "status_code", "response_code", "code"};
        for (size_t k = 0; k < ARRAY_LEN(pk) && !m->path; k++) {
            const char *v;
            size_t vl;
            if (json_get(line, len, pk[k], strlen(pk[k]), &v, &vl)) {
                const char *q = memchr(v, '?', vl);
                m->path = v;
                m->path_len = q ? (size_t)(q - v) : vl;
            }
        }
        for (size_t k = 0; k < ARRAY_LEN(sk) && !m->status; k++) {
            const char *v;
            size_t vl;
            if (json_get(line, len, sk[k], strlen(sk[k]), &v, &vl)) {
                m->status = v;
                m->status_len = vl;
            }
        }
        return;
    }
    size_t qs, qe;
    if (!request_span(line, len, &qs, &qe))
        return;
    path_of_request(line + qs, qe - qs, m);
    size_t i = qe + 1;
    while (i < len && blank(line[i]))
        i++;
    size_t st = i;
    while (i < len && !blank(line[i]))
        i++;
    if (i > st) {
        m->status = line + st;
        m->status_len = i - st;
    }
}

static int month_of(const char *s)
{
    static const char mon[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
    for (int k = 0; k < 12; k++)
        if (s[0] == mon[3 * k] && s[1] == mon[3 * k + 1] && s[2] == mon[3 * k + 2])
            return k + 1;
    return 0;
}

static bool digits(const char *s, size_t n, int64_t *out)
{
    int64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return true;
}

size_t lat_parse_clf_time(const char *s, size_t n, int64_t *ms, int32_t *tz_min)
{
    /* 10/Oct/2000:13:55:36 -0700 */
    int64_t d, y, hh, mm, ss;
    if (n < 20 || s[2] != '/' || s[6] != '/' || s[11] != ':' || s[14] != ':' || s[17] != ':')
        return 0;
    int mon = month_of(s + 3);
    if (!mon || !digits(s, 2, &d) || !digits(s + 7, 4, &y) || !digits(s + 12, 2, &hh) ||
        !digits(s + 15, 2, &mm) || !digits(s + 18, 2, &ss))
        return 0;
    if (d < 1 || d > 31 || hh > 23 || mm > 59 || ss > 60)
        return 0;
    size_t i = 20;
    int64_t frac_ms = 0;
    if (i < n && (s[i] == '.' || s[i] == ',')) { /* Tomcat %{...}t with millis */
        i++;
        int k = 0;
        while (i < n && s[i] >= '0' && s[i] <= '9') {
            if (k++ < 3)
                frac_ms = frac_ms * 10 + (s[i] - '0');
            i++;
        }
        while (k++ < 3)
            frac_ms *= 10;
    }
    int32_t tz = 0;
    if (i + 6 <= n && s[i] == ' ' && (s[i + 1] == '+' || s[i + 1] == '-')) {
        int64_t h2, m2;
        if (digits(s + i + 2, 2, &h2) && digits(s + i + 4, 2, &m2)) {
            tz = (int32_t)(h2 * 60 + m2);
            if (s[i + 1] == '-')
                tz = -tz;
            i += 6;
        }
    }
    int64_t days = days_from_civil(y, (unsigned)mon, (unsigned)d);
    int64_t local_ms = ((days * 24 + hh) * 60 + mm) * 60000 + ss * 1000 + frac_ms;
    *ms = local_ms - (int64_t)tz * 60000;
    *tz_min = tz;
    return i;
}

static bool time_text(const char *s, size_t n, int64_t *ms, int32_t *tz_min)
{
    if (n > 0 && s[0] == '[') {
        s++;
        n--;
    }
    if (lat_parse_clf_time(s, n, ms, tz_min))
        return true;
    bool has_tz;
    if (parse_iso8601(s, n, ms, tz_min, &has_tz))
        return true;
    /* epoch seconds or milliseconds, optionally with a fraction */
    size_t i = 0;
    int64_t v = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9' && i < 16)
        v = v * 10 + (s[i++] - '0');
    if (i < 9 || (i < n && s[i] != '.' && s[i] != ',' && s[i] != ']' && !blank(s[i]) && s[i] != '"'))
        return false;
    int64_t frac = 0;
    int k = 0;
    if (i < n && s[i] == '.') {
        i++;
        while (i < n && s[i] >= '0' && s[i] <= '9') {
            if (k < 3) {
                frac = frac * 10 + (s[i] - '0');
                k++;
            }
            i++;
        }
    }
    while (k++ < 3)
        frac *= 10;
    *ms = v >= 100000000000LL ? v : v * 1000 + frac; /* 12+ digits: already ms */
    *tz_min = 0;
    return true;
}

bool lat_time(const struct lat_cfg *c, const char *line, size_t len, int64_t *ms, int32_t *tz_min)
{
    const char *f;
    size_t fl;
    if (c->time_field) {
        if (!lat_field(c, line, len, c->time_field, &f, &fl))
            return false;
        /* "[10/Oct/2000:13:55:36 -0700]" is two blank-separated fields */
        if (fl > 0 && f[0] == '[')
            fl = (size_t)(line + len - f);
        return time_text(f, fl, ms, tz_min);
    }
    if (c->src == LAT_SRC_JSON) {
        static const char *tk[] = {"time", "timestamp", "@timestamp", "ts", "time_local"};
        for (size_t k = 0; k < ARRAY_LEN(tk); k++)
            if (json_get(line, len, tk[k], strlen(tk[k]), &f, &fl) && time_text(f, fl, ms, tz_min))
                return true;
        return false;
    }
    const char *b = memchr(line, '[', len);
    if (b && time_text(b, len - (size_t)(b - line), ms, tz_min))
        return true;
    bool has_tz;
    size_t i = 0;
    while (i < len && blank(line[i]))
        i++;
    return parse_iso8601(line + i, len - i, ms, tz_min, &has_tz) > 0;
}

bool lat_filter_compile(struct lat_filter *f, const char *pat, const char **err)
{
    memset(f, 0, sizeof *f);
    f->pat = xstrdup(pat);
    f->literal = strpbrk(pat, ".[]()*+?{}|^$\\") == NULL;
    if (f->literal)
        return true;
    int rc = regcomp(&f->re, pat, REG_EXTENDED | REG_NOSUB);
    if (rc != 0) {
        *err = "invalid regular expression";
        free(f->pat);
        f->pat = NULL;
        return false;
    }
    return true;
}

bool lat_filter_match(const struct lat_filter *f, const char *line, size_t len)
{
    if (f->literal)
        return f->pat[0] == 0 || memmem(line, len, f->pat, strlen(f->pat)) != NULL;
    regmatch_t m[1];
    m[0].rm_so = 0;
    m[0].rm_eo = (regoff_t)len;
    return regexec(&f->re, line, 1, m, REG_STARTEND) == 0;
}

void lat_filter_free(struct lat_filter *f)
{
    if (f->pat && !f->literal)
        regfree(&f->re);
    free(f->pat);
    f->pat = NULL;
}

/* Some blank-separated field of s[0..n) is a plain number. */
static bool any_number_field(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        while (i < n && blank(s[i]))
            i++;
        size_t st = i;
        while (i < n && !blank(s[i]))
            i++;
        int64_t m;
        int nd;
        if (i > st && lat_parse_number(s + st, i - st, &m, &nd) == NULL)
            return true;
    }
    return false;
}

/* An unquoted request: a field that is a URL path ("/api/x") and one that
   is an HTTP status (100..599), as application access logs print them. */
static bool path_and_status(const char *s, size_t n)
{
    bool path = false, status = false;
    size_t i = 0;
    while (i < n) {
        while (i < n && blank(s[i]))
            i++;
        size_t st = i;
        while (i < n && !blank(s[i]))
            i++;
        if (i - st >= 1 && s[st] == '/')
            path = true;
        if (i - st == 3 && s[st] >= '1' && s[st] <= '5' && s[st + 1] >= '0' && s[st + 1] <= '9' &&
            s[st + 2] >= '0' && s[st + 2] <= '9')
            status = true;
    }
    return path && status;
}

bool lat_line_looks_like(const struct lat_cfg *c, const char *s, size_t n)
{
    struct lat_meta meta;
    int64_t ms;
    int32_t tz;
    if (!c) {
        /* no options to go by: a request ("GET /path HTTP/1.1", a JSON path
           key) is what sets an access log apart; a timestamp and a number
           alone are every log's (a GC log's datestamps and pause seconds) */
        struct lat_cfg d;
        memset(&d, 0, sizeof d);
        d.field = -1;
        d.sep_blank = true;
        size_t i = 0;
        while (i < n && blank(s[i]))
            i++;
        if (i < n && s[i] == '{') {
            d.src = LAT_SRC_JSON;
            lat_meta(&d, s, n, &meta);
            return meta.path != NULL || lat_time(&d, s, n, &ms, &tz);
        }
        lat_meta(&d, s, n, &meta);
        if (!any_number_field(s, n))
            return false;
        return meta.path != NULL || (lat_time(&d, s, n, &ms, &tz) && path_and_status(s, n));
    }
    const char *v, *why;
    size_t vl;
    int64_t m;
    int nd;
    if (!lat_value_text(c, s, n, &v, &vl, &why) || lat_parse_number(v, vl, &m, &nd) != NULL)
        return false;
    if (lat_time(c, s, n, &ms, &tz))
        return true;
    lat_meta(c, s, n, &meta);
    return meta.path != NULL;
}

size_t lat_sniff(const struct lat_cfg *c, const char *buf, size_t len)
{
    size_t pos = 0, ok = 0;
    const char *s;
    size_t n;
    while (mem_next_line(buf, len, &pos, &s, &n))
        if (!mem_blank(s, n) && lat_line_looks_like(c, s, n))
            ok++;
    return ok;
}
