/* wrk_parse.c — wrk / wrk2 output read back (wrk_parse.h). */
#include "wrk_parse.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *skip_ws(const char *s, const char *e)
{
    while (s < e && (*s == ' ' || *s == '\t'))
        s++;
    return s;
}

static bool starts(const char *s, const char *e, const char *lit)
{
    size_t n = strlen(lit);
    return (size_t)(e - s) >= n && memcmp(s, lit, n) == 0;
}

/* A number (strtod on a bounded copy); returns the end or NULL. */
static const char *num(const char *s, const char *e, double *v)
{
    char buf[64];
    size_t n = (size_t)(e - s) < sizeof buf - 1 ? (size_t)(e - s) : sizeof buf - 1;
    memcpy(buf, s, n);
    buf[n] = 0;
    char *end;
    *v = strtod(buf, &end);
    if (end == buf || !isfinite(*v))
        return NULL;
    return s + (end - buf);
}

/* "1.44ms", "706.00us", "3.07s", "1.00m", "2.00h" -> ms; NULL if not a duration. */
static const char *dur_ms(const char *s, const char *e, double *ms)
{
    double v;
    const char *p = num(s, e, &v);
    if (!p || v < 0)
        return NULL;
    static const struct { const char *u; double ms; } units[] = {
        {"us", 1e-3}, {"ms", 1}, {"s", 1e3}, {"m", 60e3}, {"h", 3600e3}};
    for (size_t i = 0; i < ARRAY_LEN(units); i++) {
        size_t ul = strlen(units[i].u);
        if ((size_t)(e - p) >= ul && !memcmp(p, units[i].u, ul) &&
            (p + ul == e || p[ul] == ' ' || p[ul] == ',' || p[ul] == '\t')) {
            *ms = v * units[i].ms;
            return p + ul;
        }
    }
    return NULL;
}

bool wrk_sniff(const char *buf, size_t len)
{
    const char *e = buf + (len < 4096 ? len : 4096);
    for (const char *s = buf; s < e;) {
        const char *nl = memchr(s, '\n', (size_t)(e - s));
        const char *le = nl ? nl : e;
        if (starts(s, le, "Running ") && mem_find(s, (size_t)(le - s), " test @ "))
            return true;
        s = nl ? nl + 1 : e;
    }
    return false;
}

static void dist_init(struct wrk_dist *d)
{
    memset(d, 0, sizeof *d);
    hist_init(&d->us, 3);
    d->mean_ms = d->max_ms = NAN;
}

void wrk_result_init(struct wrk_result *r)
{
    memset(r, 0, sizeof *r);
    r->lat_avg_ms = r->lat_stdev_ms = r->lat_max_ms = r->duration_s = r->rps = NAN;
    dist_init(&r->recorded);
    dist_init(&r->uncorrected);
}

void wrk_result_fini(struct wrk_result *r)
{
    hist_fini(&r->recorded.us);
    hist_fini(&r->uncorrected.us);
}

void wrk_parser_init(struct wrk_parser *p, struct wrk_result *r, struct diag *d, const char *file)
{
    memset(p, 0, sizeof *p);
    p->r = r;
    p->diag = d;
    p->file = file;
}

static void bad(struct wrk_parser *p, const char *why, const char *s, size_t n, uint64_t ln)
{
    if (p->diag)
        diag_add(p->diag, why, p->file, ln, s, n);
}

/* "Socket errors: connect 0, read 0, write 0, timeout 12" */
static bool socket_errors(struct wrk_result *r, const char *s, const char *e)
{
    static const char *const names[] = {"connect ", "read ", "write ", "timeout "};
    uint64_t *dst[] = {&r->err_connect, &r->err_read, &r->err_write, &r->err_timeout};
    for (int i = 0; i < 4; i++) {
        const char *f = mem_find(s, (size_t)(e - s), names[i]);
        double v;
        if (!f || !num(f + strlen(names[i]), e, &v) || v < 0)
            return false;
        *dst[i] = (uint64_t)v;
    }
    return true;
}

void wrk_parser_line(struct wrk_parser *p, const char *line, size_t n, uint64_t ln)
{
    struct wrk_result *r = p->r;
    const char *e = line + n;
    while (e > line && (e[-1] == '\r' || e[-1] == ' '))
        e--;
    const char *s = skip_ws(line, e);
    if (p->diag)
        p->diag->lines_read++;
    if (s == e)
        return;
    double v, w;
    const char *q;
    if (p->in_spectrum) {
        /* "  Value   Percentile   TotalCount 1/(1-Percentile)", rows, then "#[Mean ...]" */
        if (starts(s, e, "Value"))
            return;
        if (starts(s, e, "#[Mean")) {
            const char *m = mem_find(s, (size_t)(e - s), "=");
            if (m)
                num(skip_ws(m + 1, e), e, &p->cur->mean_ms);
            return;
        }
        if (starts(s, e, "#[Max")) {
            const char *m = mem_find(s, (size_t)(e - s), "=");
            if (m)
                num(skip_ws(m + 1, e), e, &p->cur->max_ms);
            return;
        }
        if (starts(s, e, "#[Buckets"))
            return;
        if (starts(s, e, "----")) {
            p->in_spectrum = false;
            return;
        }
        double val, pct, tot;
        if ((q = num(s, e, &val)) && (q = num(skip_ws(q, e), e, &pct)) && (q = num(skip_ws(q, e), e, &tot)) &&
            val >= 0 && val < 1e12 && tot >= (double)p->last_total && tot < 1e18) {
            uint64_t t = (uint64_t)tot;
            if (t > p->last_total)
                hist_record_n(&p->cur->us, (int64_t)llround(val * 1000.0), t - p->last_total);
            p->last_total = t;
            p->cur->spectrum_total = t;
            p->cur->has_spectrum = true;
            return;
        }
        bad(p, "bad spectrum row", line, n, ln);
        return;
    }
    if (starts(s, e, "Running ") && (q = mem_find(s, (size_t)(e - s), " test @ "))) {
        const char *u = q + 8;
        size_t ul = (size_t)(e - u) < sizeof r->url - 1 ? (size_t)(e - u) : sizeof r->url - 1;
        memcpy(r->url, u, ul);
        r->url[ul] = 0;
        r->seen_running = true;
        return;
    }
    if ((q = mem_find(s, (size_t)(e - s), " threads and ")) && num(s, e, &v) && num(q + 13, e, &w)) {
        r->threads = (int)v;
        r->connections = (int)w;
        return;
    }
    if (starts(s, e, "Thread calibration:")) {
        r->wrk2 = true;
        return;
    }
    if (starts(s, e, "Thread Stats") || starts(s, e, "Req/Sec") || starts(s, e, "Transfer/sec:"))
        return;
    if (starts(s, e, "Latency ") && !starts(s, e, "Latency Distribution")) {
        const char *a = skip_ws(s + 8, e);
        double avg, sd, mx;
        if ((a = dur_ms(a, e, &avg)) && (a = dur_ms(skip_ws(a, e), e, &sd)) && (a = dur_ms(skip_ws(a, e), e, &mx))) {
            r->lat_avg_ms = avg;
            r->lat_stdev_ms = sd;
            r->lat_max_ms = mx;
        } else {
            bad(p, "bad Latency line", line, n, ln);
        }
        return;
    }
    if (starts(s, e, "Latency Distribution")) {
        bool unc = mem_find(s, (size_t)(e - s), "Uncorrected") != NULL;
        if (mem_find(s, (size_t)(e - s), "HdrHistogram"))
            r->wrk2 = true;
        p->cur = unc ? &r->uncorrected : &r->recorded;
        p->cur->present = true;
        return;
    }
    if (starts(s, e, "Detailed Percentile spectrum")) {
        if (!p->cur)
            p->cur = &r->recorded;
        p->in_spectrum = true;
        p->last_total = 0;
        return;
    }
    /* percentile lines: " 50%  185.00us" (wrk), " 99.900%    5.72ms" (wrk2) */
    if ((q = num(s, e, &v)) && q < e && *q == '%' && p->cur) {
        double ms;
        if (v >= 0 && v <= 100 && dur_ms(skip_ws(q + 1, e), e, &ms)) {
            if (p->cur->n < WRK_MAX_PCT) {
                p->cur->pct[p->cur->n] = v;
                p->cur->value_ms[p->cur->n++] = ms;
            }
        } else {
            bad(p, "bad percentile line", line, n, ln);
        }
        return;
    }
    if ((q = mem_find(s, (size_t)(e - s), " requests in ")) && num(s, e, &v)) {
        double ms;
        if (dur_ms(q + 13, e, &ms)) {
            r->requests = (uint64_t)v;
            r->duration_s = ms / 1e3;
            r->seen_summary = true;
        } else {
            bad(p, "bad requests line", line, n, ln);
        }
        return;
    }
    if (starts(s, e, "Socket errors:")) {
        if (!socket_errors(r, s, e))
            bad(p, "bad Socket errors line", line, n, ln);
        return;
    }
    if (starts(s, e, "Non-2xx or 3xx responses:")) {
        if (num(skip_ws(s + 25, e), e, &v) && v >= 0)
            r->non2xx = (uint64_t)v;
        return;
    }
    if (starts(s, e, "Requests/sec:")) {
        num(skip_ws(s + 13, e), e, &r->rps);
        return;
    }
    if (starts(s, e, "----"))
        return;
    bad(p, "not a wrk line", line, n, ln);
}

bool wrk_parser_finish(struct wrk_parser *p)
{
    return p->r->seen_running && p->r->seen_summary;
}

/* A percentile of a distribution: from the rebuilt spectrum, else a printed line, else null. */
static void pct_node(struct report_node *o, const char *key, const struct wrk_dist *d, double pct)
{
    if (d->has_spectrum && d->us.total) {
        rn_unit(rn_num(o, key, (double)hist_percentile(&d->us, pct) / 1e3, 3), "ms");
        return;
    }
    for (int i = 0; i < d->n; i++)
        if (fabs(d->pct[i] - pct) < 1e-9) {
            rn_unit(rn_num(o, key, d->value_ms[i], 3), "ms");
            return;
        }
    rn_null(o, key);
}

static void dist_node(struct report_node *parent, const char *key, const char *title, const struct wrk_dist *d,
                      double max_ms)
{
    struct report_node *o = rn_title(rn_obj(parent, key), title);
    static const double ps[] = {50, 90, 99, 99.9};
    static const char *const ks[] = {"p50", "p90", "p99", "p99.9"};
    for (size_t i = 0; i < ARRAY_LEN(ps); i++)
        pct_node(o, ks[i], d, ps[i]);
    double mx = isfinite(d->max_ms) ? d->max_ms : max_ms;
    rn_unit(rn_num(o, "max", mx, 3), "ms");
    if (d->has_spectrum)
        rn_int(o, "count", (int64_t)d->spectrum_total);
}

void wrk_report(const struct wrk_result *r, struct report_node *parent)
{
    rn_str(parent, "tool", r->wrk2 ? "wrk2" : "wrk");
    rn_str(parent, "url", r->url);
    rn_int(parent, "threads", r->threads);
    rn_int(parent, "connections", r->connections);
    rn_int(parent, "requests", (int64_t)r->requests);
    rn_int(parent, "errors", (int64_t)(r->err_connect + r->err_read + r->err_write + r->err_timeout + r->non2xx));
    rn_unit(rn_num(parent, "rate_achieved", r->rps, 1), "req/s");
    rn_unit(rn_num(parent, "duration_s", r->duration_s, 3), "s");
    if (r->wrk2) {
        dist_node(parent, "latency_ms", "Latency (wrk2 recorded: from the intended send)", &r->recorded,
                  r->lat_max_ms);
        if (r->uncorrected.present)
            dist_node(parent, "service_time_ms", "Service time (wrk2 uncorrected)", &r->uncorrected, NAN);
        else
            rn_null(parent, "service_time_ms");
    } else {
        rn_null(parent, "latency_ms");
        dist_node(parent, "service_time_ms", "Service time (wrk: from the actual send)", &r->recorded, r->lat_max_ms);
    }
    struct report_node *eo = rn_title(rn_obj(parent, "errors_by_kind"), "Errors by kind");
    rn_int(eo, "connect", (int64_t)r->err_connect);
    rn_int(eo, "read", (int64_t)r->err_read);
    rn_int(eo, "write", (int64_t)r->err_write);
    rn_int(eo, "timeout", (int64_t)r->err_timeout);
    rn_int(eo, "status", (int64_t)r->non2xx);
}

static void sniff_line(void *p, const char *s, size_t n, uint64_t lineno)
{
    wrk_parser_line(p, s, n, lineno);
}

size_t wrk_sniff_lines(const char *buf, size_t len)
{
    struct diag d;
    diag_init(&d);
    struct wrk_result r;
    wrk_result_init(&r);
    struct wrk_parser p;
    wrk_parser_init(&p, &r, &d, "sample");
    size_t nonblank = mem_each_line(buf, len, sniff_line, &p);
    uint64_t unparsed = d.total;
    bool banner = r.seen_running;
    wrk_result_fini(&r);
    diag_fini(&d);
    if (!banner || unparsed >= nonblank)
        return 0;
    return nonblank - (size_t)unparsed;
}
