/* load_report.c — a load run into the report tree (load_report.h). */
#include "load_report.h"
#include "util.h"

#include <math.h>
#include <stdio.h>

static const double pcts[] = {50, 90, 99, 99.9};
static const char *const pct_keys[] = {"p50", "p90", "p99", "p99.9"};

uint64_t load_scheduled(const struct load_cfg *cfg)
{
    if (cfg->rate <= 0)
        return 0;
    /* intended times t = j / rate in [warmup, warmup + duration) */
    long double a = (long double)cfg->warmup_ns * cfg->rate / 1e9L;
    long double b = (long double)(cfg->warmup_ns + cfg->duration_ns) * cfg->rate / 1e9L;
    return (uint64_t)ceill(b) - (uint64_t)ceill(a);
}

static void dist(struct report_node *parent, const char *key, const char *title, const struct hist *h)
{
    struct report_node *o = rn_title(rn_obj(parent, key), title);
    if (!h->total) {
        for (size_t i = 0; i < ARRAY_LEN(pcts); i++)
            rn_null(o, pct_keys[i]);
        rn_null(o, "max");
        rn_null(o, "mean");
        return;
    }
    for (size_t i = 0; i < ARRAY_LEN(pcts); i++)
        rn_unit(rn_num(o, pct_keys[i], (double)hist_percentile(h, pcts[i]) / 1e6, 3), "ms");
    rn_unit(rn_num(o, "max", (double)h->max / 1e6, 3), "ms");
    rn_unit(rn_num(o, "mean", hist_mean(h) / 1e6, 3), "ms");
}

bool load_client_saturated(const struct load_report_ctx *c, const struct load_result *r)
{
    double secs = (double)r->measured_ns / 1e9;
    int threads = c->cfg->threads < c->cfg->connections ? c->cfg->threads : c->cfg->connections;
    /* a thread near 100 % of a core cannot keep a schedule */
    return secs > 0 && r->client_cpu_s / secs > 0.9 * (threads < c->ncpu ? threads : c->ncpu);
}

void load_report(const struct load_report_ctx *c, const struct load_result *r, struct report_node *root)
{
    const struct load_cfg *cfg = c->cfg;
    double secs = (double)r->measured_ns / 1e9;
    struct report_node *in = rn_title(rn_obj(root, "target"), "Target");
    rn_str(in, "url", c->url);
    rn_str(in, "model", cfg->rate > 0 ? "open (constant rate)" : "closed (as fast as it answers)");
    rn_int(in, "connections", cfg->connections);
    rn_int(in, "threads", cfg->threads < cfg->connections ? cfg->threads : cfg->connections);
    rn_unit(rn_num(in, "timeout_s", (double)cfg->timeout_ns / 1e9, 3), "s");
    rn_unit(rn_num(in, "warmup_s", (double)cfg->warmup_ns / 1e9, 3), "s");

    rn_int(root, "requests", (int64_t)r->requests);
    uint64_t errs = 0;
    for (int e = 0; e < LE__COUNT; e++)
        errs += r->errors[e];
    rn_int(root, "errors", (int64_t)errs);
    if (cfg->rate > 0)
        rn_unit(rn_num(root, "rate_target", cfg->rate, 1), "req/s");
    else
        rn_null(root, "rate_target");
    rn_unit(rn_num(root, "rate_achieved", secs > 0 ? (double)r->requests / secs : NAN, 1), "req/s");
    rn_unit(rn_num(root, "duration_s", secs, 3), "s");
    if (cfg->rate > 0) {
        uint64_t sched = load_scheduled(cfg);
        rn_int(root, "requests_scheduled", (int64_t)sched);
        rn_int(root, "requests_unanswered", (int64_t)(sched > r->requests ? sched - r->requests : 0));
        rn_int(root, "late_sends", (int64_t)r->late_sends);
    }
    dist(root, "latency_ms", "Latency from the intended send (corrected)", &r->latency_ns);
    dist(root, "service_time_ms", "Service time from the actual send", &r->service_ns);

    struct report_node *eo = rn_title(rn_obj(root, "errors_by_kind"), "Errors by kind");
    for (int e = 0; e < LE__COUNT; e++)
        rn_int(eo, load_err_name((enum load_err)e), (int64_t)r->errors[e]);
    struct report_node *so = rn_title(rn_obj(root, "status"), "Responses by status class");
    static const char *const cls[6] = {"other", "1xx", "2xx", "3xx", "4xx", "5xx"};
    for (int s = 1; s <= 5; s++)
        rn_int(so, cls[s], (int64_t)r->status_class[s]);
    rn_int(so, cls[0], (int64_t)r->status_class[0]);

    struct report_node *cl = rn_title(rn_obj(root, "client"), "Load generator");
    rn_unit(rn_num(cl, "cpu_s", r->client_cpu_s, 3), "s");
    rn_unit(rn_num(cl, "cpu_pct_of_one_core", secs > 0 ? 100.0 * r->client_cpu_s / secs : NAN, 1), "%");
    rn_unit(rn_num(cl, "cpu_ms_per_10k_requests",
                   r->requests ? 1e3 * r->client_cpu_s * 1e4 / (double)r->requests : NAN, 2),
            "ms");
    rn_bool(cl, "saturated", load_client_saturated(c, r));
    rn_int(cl, "bytes_read", (int64_t)r->bytes_read);

    struct report_node *ts = rn_flags(rn_title(rn_arr(root, "per_second"), "Latency over time"),
                                      RF_TABLE | RF_NOTEXT);
    for (int s = 0; s < r->nsec; s++) {
        if (s == r->nsec - 1 && !r->sec_count[s])
            break;
        struct report_node *o = rn_obj(ts, NULL);
        rn_int(o, "second", s);
        rn_int(o, "requests", (int64_t)r->sec_count[s]);
        rn_num(o, "max_ms", r->sec_count[s] ? (double)r->sec_max_ns[s] / 1e6 : NAN, 3);
    }
}
