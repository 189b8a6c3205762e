/*
 * compare_findings.c — the findings of every input of every run, in one
 * table (compare.h). Each adapter's subtree holds its command's `findings`
 * array, made by finding_report() (finding.h) for every kind, so the rows
 * here are those findings as the single commands print them, with the run
 * and the input kind they belong to in front. Nothing is recomputed.
 */
#include "compare.h"
#include "headline.h"
#include "util.h"

#include <string.h>

static const char *str_of(const struct report_node *o, const char *key)
{
    const struct report_node *n = rn_get(o, key);
    return n && n->kind == RN_STR ? n->s : NULL;
}

struct report_node *compare_findings_report(const struct compare_set *s, struct report_node *root)
{
    struct report_node *arr = rn_title(rn_arr(root, "findings"), "Findings (per run and input)");
    rn_flags(arr, RF_TABLE | RF_WIDE | RF_NOHTML);
    for (int i = 0; i < s->n; i++) {
        const struct compare_run *r = &s->runs[i];
        for (int k = CK_GC; k < CK__COUNT; k++) {
            const struct report_node *fs = r->tree[k] ? rn_get(r->tree[k], "findings") : NULL;
            if (!fs || fs->kind != RN_ARR)
                continue;
            for (const struct report_node *f = fs->first; f; f = f->next) {
                if (f->kind != RN_OBJ)
                    continue;
                struct report_node *o = rn_obj(arr, NULL);
                rn_str(o, "run", r->name);
                rn_str(o, "input", compare_kind_name((enum compare_kind)k));
                const char *sev = str_of(f, "severity"), *id = str_of(f, "id");
                const char *sum = str_of(f, "summary") ? str_of(f, "summary") : str_of(f, "finding");
                rn_str(o, "severity", sev ? sev : "info");
                rn_str(o, "id", id ? id : "");
                rn_flags(rn_str(o, "finding", sum ? sum : ""), RF_NOJSON); /* JSON: summary */
                for (const struct report_node *c = f->first; c; c = c->next)
                    if (!c->key || (strcmp(c->key, "severity") && strcmp(c->key, "id") && strcmp(c->key, "finding")))
                        rn_copy(o, c, RF_TABLE | RF_FINDINGS | RF_HEADLINE, RF_NOTEXT); /* hidden in text */
            }
        }
    }
    return arr;
}

static const struct { enum compare_kind k; const char *key, *title; } sections[] = {
    {CK_GC, "gc", "GC log analysis (gclat gc)"},
    {CK_ACCESS, "access", "Access-log latency (gclat lat)"},
    {CK_CPU, "cpu", "CPU (gclat cpu)"},
    {CK_JSTAT, "jstat", "jstat (gclat jstat)"},
    {CK_HISTO, "histo", "Class histograms (gclat histo)"},
    {CK_THREADS, "threads", "Thread dumps (gclat threads)"},
};

void compare_adopt_trees(struct compare_run *r, struct report_node *o)
{
    for (size_t i = 0; i < ARRAY_LEN(sections); i++) {
        struct report_node *t = r->tree[sections[i].k];
        if (!t)
            continue;
        struct report_node *fs = rn_get(t, "findings");
        if (fs && fs->kind == RN_ARR && sections[i].k != CK_GC) { /* gc's already lead (RF_FINDINGS) */
            rn_flags(fs, RF_TABLE);
            headline_findings(fs);
        }
        rn_flags(rn_title(rn_adopt(o, sections[i].key, t), sections[i].title), RF_FOLD);
        r->tree[sections[i].k] = NULL;
    }
}
