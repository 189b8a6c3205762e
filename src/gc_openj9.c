/*
 * gc_openj9.c — the IBM J9 / OpenJ9 -Xverbosegclog XML parser.
 *
 * Read line by line (J9 writes one element per line), never as a DOM: the
 * parser keeps the state of the stop-the-world block it is inside.
 *
 * R26+ (Java 7.1 and later): every stop-the-world collection is bracketed by
 *   <exclusive-start timestamp=...>   the VM stops application threads
 *   <af-start|sys-start|concurrent-collection-start ...>  why
 *   <cycle-start type="scavenge|global|...">   what
 *   <gc-start> <mem-info free= total=>          heap before
 *   <gc-end durationms= usertimems= systemtimems=> <mem-info ...>  heap after
 *   <exclusive-end durationms=...>    threads resume
 * and one GC_EV_PAUSE is emitted at <exclusive-end> with the exclusive
 * duration (the time application threads were stopped, as GCViewer counts
 * it). An exclusive block with no collection in it emits nothing.
 * Pre-R26 (Java 5/6): <af type="nursery|tenured"> / <sys> blocks with
 * <gc type="scavenger|global">, <nursery|tenured freebytes= totalbytes=> and
 * <time totalms=...> -> one pause per block, emitted at </af> / </sys>.
 *
 * Timestamps are the JVM's local time without an offset: wall_ms holds them
 * as if UTC with tz_offset_min 0. Uptime is unknown (-1).
 * Every line that is an XML element (or its end) is recognised: the ones that
 * feed a pause are not counted, the others go to ctx->lines_info. Non-XML
 * text goes to diag.
 */
#include "gc_parse.h"
#include "timeparse.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct j9 {
    struct gc_parse_ctx *ctx;
    /* R26+ exclusive block */
    bool in_excl, has_cycle, has_gc_end;
    int64_t excl_wall_ms;
    uint64_t excl_line;
    const char *cause, *type;
    unsigned flags;
    bool concurrent_final;
    int mem_phase; /* 1: after gc-start (before), 2: after gc-end (after) */
    int64_t heap_b, heap_a, heap_t, young_b, young_a, young_t, old_b, old_a, old_t;
    int64_t user_ns, sys_ns;
    /* pre-R26 af/sys block */
    bool in_af;
    bool af_gc_seen;
    int64_t af_total_ns;
    int64_t af_nur_b, af_ten_b, af_nur_t, af_ten_t, af_nur_a, af_ten_a;
};

static bool isdig(char c) { return c >= '0' && c <= '9'; }

/* Value of attribute NAME (e.g. "durationms") in s[0..n), or NULL. */
static const char *attr(const char *s, size_t n, const char *name, size_t *vn)
{
    size_t ln = strlen(name);
    const char *p = s, *end = s + n;
    while (p + ln + 3 <= end) {
        const char *q = memchr(p, name[0], (size_t)(end - p));
        if (!q || q + ln + 2 > end)
            return NULL;
        if (q > s && q[-1] == ' ' && memcmp(q, name, ln) == 0 && q[ln] == '=' && q[ln + 1] == '"') {
            const char *v = q + ln + 2;
            const char *e = memchr(v, '"', (size_t)(end - v));
            if (!e)
                return NULL;
            *vn = (size_t)(e - v);
            return v;
        }
        p = q + 1;
    }
    return NULL;
}

/* Milliseconds attribute ("25.388") -> ns; -1 if absent/bad. */
static int64_t attr_ms_ns(const char *s, size_t n, const char *name)
{
    size_t vn;
    const char *v = attr(s, n, name, &vn);
    int64_t ns;
    if (!v || !parse_secs_ns(v, vn, &ns))
        return -1;
    return ns / 1000; /* the number was milliseconds, parse_secs_ns read it as seconds */
}

/* Integer attribute (bytes) -> value, -1 if absent. */
static int64_t attr_int(const char *s, size_t n, const char *name)
{
    size_t vn;
    const char *v = attr(s, n, name, &vn);
    if (!v || !vn || !isdig(v[0]))
        return -1;
    int64_t x = 0;
    for (size_t i = 0; i < vn && isdig(v[i]); i++)
        x = x < 100000000000000000LL ? x * 10 + (v[i] - '0') : x;
    return x;
}

/* "2015-12-31T15:22:46.957" or "Mar 25 22:40:24 2010" -> epoch ms (local as UTC). */
static int64_t attr_time(const char *s, size_t n)
{
    size_t vn;
    const char *v = attr(s, n, "timestamp", &vn);
    if (!v)
        return -1;
    int64_t ms;
    int32_t tz;
    if (parse_iso8601(v, vn, &ms, &tz, NULL))
        return ms;
    static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
    if (vn < 20)
        return -1;
    int mon = -1;
    for (int i = 0; i < 12; i++)
        if (!memcmp(v, months + 3 * i, 3))
            mon = i + 1;
    /* "Mar 25 22:40:24 2010" */
    if (mon < 0 || !isdig(v[4]) || !isdig(v[5]) || v[9] != ':' || v[12] != ':' || !isdig(v[16]))
        return -1;
    int d = (v[4] - '0') * 10 + (v[5] - '0');
    int hh = (v[7] - '0') * 10 + (v[8] - '0');
    int mi = (v[10] - '0') * 10 + (v[11] - '0');
    int ss = (v[13] - '0') * 10 + (v[14] - '0');
    int y = 0;
    for (int i = 16; i < 20; i++) {
        if (!isdig(v[i]))
            return -1;
        y = y * 10 + (v[i] - '0');
    }
    return (days_from_civil(y, (unsigned)mon, (unsigned)d) * 86400 + hh * 3600 + mi * 60 + ss) * 1000;
}

static void *create(struct gc_parse_ctx *ctx)
{
    struct j9 *p = xcalloc(1, sizeof *p);
    p->ctx = ctx;
    return p;
}

static void reset_excl(struct j9 *p)
{
    p->in_excl = p->has_cycle = p->has_gc_end = p->concurrent_final = false;
    p->cause = p->type = NULL;
    p->flags = 0;
    p->mem_phase = 0;
    p->heap_b = p->heap_a = p->heap_t = -1;
    p->young_b = p->young_a = p->young_t = -1;
    p->old_b = p->old_a = p->old_t = -1;
    p->user_ns = p->sys_ns = -1;
    p->excl_wall_ms = -1;
}

static void note_wall(struct j9 *p, int64_t ms)
{
    if (ms < 0)
        return;
    if (p->ctx->first_wall_ms < 0)
        p->ctx->first_wall_ms = ms;
    p->ctx->last_wall_ms = ms;
}

static void emit_pause(struct j9 *p, const char *name, enum gc_kind k, int64_t dur_ns, int64_t wall_ms,
                       uint64_t line)
{
    struct gc_event ev;
    gc_event_init(&ev);
    ev.type = GC_EV_PAUSE;
    ev.kind = k;
    ev.name = name;
    ev.cause = p->cause;
    ev.flags = p->flags;
    ev.duration_ns = dur_ns;
    ev.wall_ms = wall_ms;
    ev.tz_offset_min = 0;
    ev.file = p->ctx->file;
    ev.line = line;
    ev.heap_before_kb = p->heap_b;
    ev.heap_after_kb = p->heap_a;
    ev.heap_total_kb = p->heap_t;
    ev.young_before_kb = p->young_b;
    ev.young_after_kb = p->young_a;
    ev.young_total_kb = p->young_t;
    ev.old_before_kb = p->old_b;
    ev.old_after_kb = p->old_a;
    ev.old_total_kb = p->old_t;
    ev.user_ns = p->user_ns;
    ev.sys_ns = p->sys_ns;
    p->ctx->sink.emit(p->ctx->sink.ctx, &ev);
}

/* <mem-info free= total=> / <mem type="nursery|tenure" free= total=> */
static void on_mem(struct j9 *p, const char *s, size_t n, bool whole)
{
    int64_t fr = attr_int(s, n, "free"), tot = attr_int(s, n, "total");
    if (fr < 0 || tot < 0 || fr > tot || p->mem_phase == 0)
        return;
    int64_t used_kb = (tot - fr) / 1024, tot_kb = tot / 1024;
    bool before = p->mem_phase == 1;
    if (whole) {
        if (before)
            p->heap_b = used_kb;
        else {
            p->heap_a = used_kb;
            p->heap_t = tot_kb;
        }
        if (p->ctx->heap_max_kb < tot_kb)
            p->ctx->heap_max_kb = tot_kb;
        return;
    }
    size_t tn;
    const char *t = attr(s, n, "type", &tn);
    if (!t)
        return;
    int64_t *b, *a, *tt;
    if (tn == 7 && !memcmp(t, "nursery", 7)) {
        b = &p->young_b;
        a = &p->young_a;
        tt = &p->young_t;
    } else if (tn == 6 && !memcmp(t, "tenure", 6)) {
        b = &p->old_b;
        a = &p->old_a;
        tt = &p->old_t;
    } else {
        return;
    }
    if (before)
        *b = used_kb;
    else {
        *a = used_kb;
        *tt = tot_kb;
    }
}

static const char *excl_name(struct j9 *p, enum gc_kind *k)
{
    bool scav = p->type && !strcmp(p->type, "scavenge");
    *k = scav ? GC_KIND_YOUNG : GC_KIND_FULL;
    if (p->concurrent_final)
        return "concurrent collection";
    if (!p->has_gc_end && !scav) {
        /* the short stop that starts a concurrent global cycle */
        *k = GC_KIND_INITIAL_MARK;
        return "concurrent global start";
    }
    if (p->cause && !strcmp(p->cause, "System.gc()"))
        return scav ? "sys scavenge" : "sys global";
    return scav ? "af scavenge" : "af global";
}

/* Pre-R26 <af>/<sys> block end: one pause. */
static void end_af(struct j9 *p, uint64_t lineno)
{
    if (!p->af_gc_seen) {
        p->in_af = false;
        return;
    }
    p->heap_b = p->af_ten_b >= 0 ? p->af_ten_b + (p->af_nur_b > 0 ? p->af_nur_b : 0) : -1;
    p->heap_a = p->af_ten_a >= 0 ? p->af_ten_a + (p->af_nur_a > 0 ? p->af_nur_a : 0) : -1;
    p->heap_t = p->af_ten_t >= 0 ? p->af_ten_t + (p->af_nur_t > 0 ? p->af_nur_t : 0) : -1;
    p->young_b = p->af_nur_b;
    p->young_a = p->af_nur_a;
    p->young_t = p->af_nur_t;
    p->old_b = p->af_ten_b;
    p->old_a = p->af_ten_a;
    p->old_t = p->af_ten_t;
    enum gc_kind k = p->type && !strcmp(p->type, "scavenger") ? GC_KIND_YOUNG : GC_KIND_FULL;
    const char *name = k == GC_KIND_YOUNG ? "af scavenge" : "af global";
    if (p->cause && !strcmp(p->cause, "System.gc()"))
        name = k == GC_KIND_YOUNG ? "sys scavenge" : "sys global";
    emit_pause(p, name, k, p->af_total_ns, p->excl_wall_ms, p->excl_line);
    p->in_af = false;
    reset_excl(p);
}

/* <nursery|tenured freebytes= totalbytes=> in a pre-R26 block */
static void on_af_space(struct j9 *p, const char *s, size_t n, bool nursery)
{
    int64_t fr = attr_int(s, n, "freebytes"), tot = attr_int(s, n, "totalbytes");
    if (fr < 0 || tot < fr)
        return;
    int64_t used = (tot - fr) / 1024, t = tot / 1024;
    if (p->ctx->heap_max_kb < t && !nursery)
        p->ctx->heap_max_kb = t;
    if (!p->af_gc_seen) {
        if (nursery) {
            p->af_nur_b = used;
            p->af_nur_t = t;
        } else {
            p->af_ten_b = used;
            p->af_ten_t = t;
        }
    } else {
        if (nursery) {
            p->af_nur_a = used;
            p->af_nur_t = t;
        } else {
            p->af_ten_a = used;
            p->af_ten_t = t;
        }
    }
}

static void line(void *vp, const char *s, size_t n, uint64_t lineno)
{
    struct j9 *p = vp;
    while (n && (s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    while (n && (*s == ' ' || *s == '\t')) {
        s++;
        n--;
    }
    if (!n)
        return;
    if (s[0] != '<') {
        diag_add(p->ctx->diag, "openj9: not an XML element line", p->ctx->file, lineno, s, n);
        return;
    }
    struct gc_parse_ctx *ctx = p->ctx;
    if (ctx->collector == GC_COLL_UNKNOWN)
        ctx->collector = GC_COLL_OPENJ9;
#define IS(lit) mem_starts(s, n, lit)
    if (IS("<exclusive-start ")) {
        reset_excl(p);
        p->in_excl = true;
        p->excl_wall_ms = attr_time(s, n);
        p->excl_line = lineno;
        note_wall(p, p->excl_wall_ms);
    } else if (IS("<exclusive-end ")) {
        int64_t dur = attr_ms_ns(s, n, "durationms");
        note_wall(p, attr_time(s, n));
        if (p->in_excl && p->has_cycle && dur >= 0) {
            enum gc_kind k;
            const char *name = excl_name(p, &k);
            emit_pause(p, name, k, dur, p->excl_wall_ms, lineno);
        } else {
            ctx->lines_info++;
        }
        reset_excl(p);
        return;
    } else if (IS("<af-start ")) {
        p->cause = "Allocation Failure";
    } else if (IS("<sys-start")) {
        p->cause = "System.gc()";
        p->flags |= GCF_SYSTEM_GC;
    } else if (IS("<concurrent-collection-start")) {
        p->concurrent_final = true;
        p->cause = "Concurrent Collection";
    } else if (IS("<cycle-start ")) {
        size_t tn;
        const char *t = attr(s, n, "type", &tn);
        p->has_cycle = true;
        p->type = t ? intern_str(ctx->strings, t, tn) : NULL;
    } else if (IS("<gc-start ")) {
        p->mem_phase = 1;
        if (p->in_excl && !p->has_cycle) {
            /* the final stop of a concurrent cycle that started earlier */
            size_t tn;
            const char *t = attr(s, n, "type", &tn);
            p->has_cycle = true;
            p->type = t ? intern_str(ctx->strings, t, tn) : NULL;
        }
    } else if (IS("<gc-end ")) {
        p->has_gc_end = true;
        p->mem_phase = 2;
        p->user_ns = attr_ms_ns(s, n, "usertimems");
        p->sys_ns = attr_ms_ns(s, n, "systemtimems");
    } else if (IS("<mem-info ")) {
        on_mem(p, s, n, true);
    } else if (IS("<mem ")) {
        on_mem(p, s, n, false);
    } else if (IS("<af ") || IS("<sys ") || IS("<sys>")) {
        /* pre-R26 block */
        reset_excl(p);
        p->in_af = true;
        p->af_gc_seen = false;
        p->af_total_ns = -1;
        p->af_nur_b = p->af_ten_b = p->af_nur_t = p->af_ten_t = p->af_nur_a = p->af_ten_a = -1;
        p->excl_wall_ms = attr_time(s, n);
        p->excl_line = lineno;
        note_wall(p, p->excl_wall_ms);
        if (IS("<af ")) {
            p->cause = "Allocation Failure";
        } else {
            p->cause = "System.gc()";
            p->flags |= GCF_SYSTEM_GC;
        }
    } else if (p->in_af && IS("<gc ")) {
        size_t tn;
        const char *t = attr(s, n, "type", &tn);
        p->type = t ? intern_str(ctx->strings, t, tn) : NULL;
        p->af_gc_seen = true;
    } else if (p->in_af && IS("<nursery ")) {
        on_af_space(p, s, n, true);
    } else if (p->in_af && IS("<tenured ")) {
        on_af_space(p, s, n, false);
    } else if (p->in_af && IS("<time ")) {
        int64_t t = attr_ms_ns(s, n, "totalms");
        if (t >= 0)
            p->af_total_ns = t;
    } else if (p->in_af && (IS("</af>") || IS("</sys>"))) {
        if (p->af_total_ns >= 0) {
            end_af(p, lineno);
            return;
        }
        p->in_af = false;
    } else {
        /* an XML element the event model does not use (headers, gc-op
           details, references, allocation stats, ...) */
        ctx->lines_info++;
    }
#undef IS
}

static void finish(void *vp)
{
    struct j9 *p = vp;
    if (p->in_excl && p->has_cycle)
        diag_add(p->ctx->diag, "openj9: collection without <exclusive-end> at end of input", p->ctx->file,
                 p->excl_line, "", 0);
}

static void destroy(void *vp) { free(vp); }

const struct gc_parser_ops gc_openj9_ops = {"openj9-xml", create, line, finish, destroy, NULL};
