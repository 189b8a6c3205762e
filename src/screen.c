/*
 * screen.c — helpers of the first screens (screen.h).
 */
#include "screen.h"
#include "render.h"
#include "report.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

void screen_cat(char *v, size_t cap, const char *s)
{
    size_t n = strlen(v);
    if (n + 1 < cap)
        snprintf(v + n, cap - n, "%s", s);
}

const char *screen_fig(const struct report_node *obj, const char *key, char *buf, size_t len)
{
    const struct report_node *n = rn_get(obj, key);
    if (!n || n->kind == RN_NULL || (n->kind == RN_NUM && !isfinite(n->d)))
        snprintf(buf, len, "unknown");
    else
        render_scalar(n, buf, len);
    return buf;
}

void screen_unparsed(struct report_node *u)
{
    if (!u)
        return;
    if (rn_value(rn_get(u, "total")) == 0) {
        rn_flags(u, RF_DETAIL);
        return;
    }
    static const char *const detail[] = {"lines_read", "rate_pct", NULL};
    rn_flag_keys(u, detail, RF_DETAIL);
    struct report_node *reasons = rn_get(u, "reasons");
    if (!reasons || !reasons->first)
        return;
    rn_flags(reasons, RF_DETAIL);
    struct report_node *t = rn_flags(rn_title(rn_arr(u, "reasons_screen"), "reasons (--full: the examples)"),
                                     RF_TABLE | RF_WIDE | RF_NOJSON | RF_BRIEF);
    for (const struct report_node *r = reasons->first; r; r = r->next) {
        struct report_node *o = rn_obj(t, NULL);
        char b[64], w[1024];
        rn_str(o, "reason", screen_fig(r, "reason", w, sizeof w));
        rn_int(o, "count", (int64_t)rn_value(rn_get(r, "count")));
        const struct report_node *ex = rn_get(r, "examples");
        const struct report_node *e = ex ? ex->first : NULL;
        if (e) {
            char f[900];
            snprintf(w, sizeof w, "%s:%s", screen_fig(e, "file", f, sizeof f), screen_fig(e, "line", b, sizeof b));
            rn_str(o, "first", w);
        } else {
            rn_str(o, "first", "-");
        }
    }
}
