/*
 * finding.c — the one finding type and the one function that turns findings
 * into report nodes (finding.h). Every analysis's findings go through
 * finding_report(), so the keys are the same for every input kind.
 */
#include "finding.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void gc_format_moment(int64_t t_ns, int64_t wall_ms, int32_t tz, char *buf, size_t n); /* gc_report.c */

static const char *const sev_names[] = {[SEV_INFO] = "info", [SEV_WARNING] = "warning", [SEV_CRITICAL] = "critical"};

const char *finding_severity_name(enum finding_severity s)
{
    return (unsigned)s <= SEV_CRITICAL ? sev_names[s] : "info";
}

bool finding_severity_parse(const char *s, enum finding_severity *out)
{
    for (int i = SEV_INFO; i <= SEV_CRITICAL; i++)
        if (s && !strcmp(s, sev_names[i])) {
            *out = (enum finding_severity)i;
            return true;
        }
    return false;
}

void findings_init(struct findings *fs)
{
    memset(fs, 0, sizeof *fs);
}

void findings_fini(struct findings *fs)
{
    for (size_t i = 0; i < fs->n; i++) {
        free(fs->v[i].summary);
        free(fs->v[i].advice);
        if (fs->v[i].extra)
            rn_free(fs->v[i].extra);
    }
    free(fs->v);
    memset(fs, 0, sizeof *fs);
}

struct finding *findings_add(struct findings *fs, const char *id, enum finding_severity sev, const char *title,
                             const char *summary, const char *meaning, const char *advice)
{
    xgrow((void **)&fs->v, &fs->cap, fs->n + 1, sizeof *fs->v);
    struct finding *f = &fs->v[fs->n++];
    memset(f, 0, sizeof *f);
    f->id = id;
    f->sev = sev;
    f->title = title;
    f->summary = xstrdup(summary ? summary : "");
    f->meaning = meaning;
    f->advice = advice ? xstrdup(advice) : NULL;
    return f;
}

void finding_set_count(struct finding *f, uint64_t count)
{
    f->has_count = true;
    f->count = count;
}

void finding_set_advice(struct finding *f, const char *advice)
{
    free(f->advice);
    f->advice = advice ? xstrdup(advice) : NULL;
}

struct report_node *finding_extra(struct finding *f)
{
    if (!f->extra)
        f->extra = rn_root();
    return f->extra;
}

static void where(struct report_node *o, const char *key, const struct finding_where *w)
{
    if (!w->set)
        return;
    struct report_node *m = rn_obj(o, key);
    char buf[64];
    if (w->at)
        snprintf(buf, sizeof buf, "%s", w->at);
    else
        gc_format_moment(w->t_ns, w->wall_ms, w->tz_min, buf, sizeof buf);
    rn_str(m, "at", buf);
    char loc[512];
    snprintf(loc, sizeof loc, "%s:%llu", w->file ? w->file : "?", (unsigned long long)w->line);
    rn_str(m, "where", loc);
    if (w->has_value)
        rn_num(m, "value_ms", w->value_ms, 3);
}

/* The common keys after id/severity (and, in the table styles, `finding`). */
static void common(struct report_node *o, const struct finding *f, bool detail, unsigned hide)
{
    if (detail) {
        rn_str(o, "title", f->title);
        rn_str(o, "summary", f->summary);
    } else {
        rn_flags(rn_str(o, "title", f->title), hide);
        rn_flags(rn_str(o, "summary", f->summary), hide);
    }
    if (f->has_count)
        rn_flags(rn_int(o, "count", (int64_t)f->count), hide);
    if (f->extra)
        for (const struct report_node *k = f->extra->first; k; k = k->next)
            rn_copy(o, k, 0, k->kind == RN_OBJ || k->kind == RN_ARR ? 0 : hide); /* a scalar hidden as the others */
    where(o, "first", &f->first);
    where(o, "worst", &f->worst);
    where(o, "last", &f->last);
    if (f->meaning)
        rn_flags(rn_str(o, "meaning", f->meaning), hide);
    if (f->advice)
        rn_flags(rn_str(o, "advice", f->advice), hide);
}

struct report_node *finding_report(const struct findings *fs, struct report_node *parent, enum finding_style st)
{
    struct report_node *arr = rn_title(rn_arr(parent, "findings"), "Findings");
    rn_flags(arr, st == FINDING_STYLE_DETAIL ? RF_FINDINGS : RF_TABLE | RF_WIDE);
    for (size_t i = 0; i < fs->n; i++) {
        const struct finding *f = &fs->v[i];
        struct report_node *o = rn_obj(arr, NULL);
        const char *sev = finding_severity_name(f->sev);
        switch (st) {
        case FINDING_STYLE_DETAIL:
            rn_str(o, "id", f->id);
            rn_str(o, "severity", sev);
            common(o, f, true, 0);
            break;
        case FINDING_STYLE_TABLE:
            rn_str(o, "severity", sev);
            rn_str(o, "id", f->id);
            rn_str(o, "finding", f->summary);
            common(o, f, false, RF_NOTEXT);
            break;
        case FINDING_STYLE_TEXT:
            rn_str(o, "finding", f->summary);
            rn_flags(rn_str(o, "id", f->id), RF_NOTEXT);
            rn_flags(rn_str(o, "severity", sev), RF_NOTEXT);
            common(o, f, false, RF_NOTEXT);
            break;
        }
    }
    return arr;
}

struct finding *findings_add_text(struct findings *fs, const struct finding_text *texts, size_t n, const char *sev,
                                  const char *id, char *summary)
{
    const struct finding_text *t = NULL;
    for (size_t i = 0; i < n; i++)
        if (!strcmp(texts[i].id, id))
            t = &texts[i];
    enum finding_severity sv = SEV_INFO;
    finding_severity_parse(sev, &sv);
    struct finding *f = findings_add(fs, id, sv, t ? t->title : id, summary, t ? t->meaning : NULL,
                                     t ? t->advice : NULL);
    free(summary);
    return f;
}
