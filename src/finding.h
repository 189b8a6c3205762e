/*
 * finding.h — one finding type for every analysis (docs/design.md, "One
 * finding type"). An analysis fills a `struct findings`; finding_report() is
 * the only code that turns them into report nodes, so every command, compare
 * and report show the same keys for every input kind:
 *
 *   {id, severity, title, summary, count, first, worst, last, meaning, advice}
 *
 * Keys whose value is not known are left out rather than written as 0: a
 * count that was not counted is not zero. Commands whose findings predate
 * this type keep their `finding` text key beside the common ones
 * (FINDING_STYLE_TABLE / _TEXT): scripts read it.
 */
#ifndef GCLAT_FINDING_H
#define GCLAT_FINDING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report.h"

enum finding_severity { SEV_INFO, SEV_WARNING, SEV_CRITICAL };

/* One occurrence used as evidence: where (file:line) and when. */
struct finding_where {
    bool set;            /* false: not known, not written */
    const char *file;    /* NULL: written as "?" */
    uint64_t line;
    int64_t t_ns, wall_ms; /* gc_format_moment() form, unless `at` is given */
    int32_t tz_min;
    const char *at;      /* the time as the input printed it (top, jstat, a dump); overrides t_ns */
    bool has_value;
    double value_ms;     /* magnitude of this occurrence */
};

struct finding {
    const char *id;             /* stable; scripts match on it */
    enum finding_severity sev;
    const char *title;          /* static */
    char *summary;              /* the numbers, one line (owned) */
    bool has_count;
    uint64_t count;
    struct finding_where first, worst, last;
    const char *meaning;        /* static */
    char *advice;               /* owned: some analyses compose it */
    struct report_node *extra;  /* owned object: keys specific to this finding, written after count */
};

struct findings {
    struct finding *v;
    size_t n, cap;
};

enum finding_style {
    FINDING_STYLE_DETAIL, /* RF_FINDINGS: title, summary, first/worst, meaning, advice in text */
    FINDING_STYLE_TABLE,  /* RF_TABLE: severity, id and `finding` (= summary) columns in text */
    FINDING_STYLE_TEXT,   /* RF_TABLE: the `finding` column only in text (threads) */
};

const char *finding_severity_name(enum finding_severity s);
/* "info", "warning", "critical" -> enum; false for anything else. */
bool finding_severity_parse(const char *s, enum finding_severity *out);

void findings_init(struct findings *fs);
void findings_fini(struct findings *fs);

/* Append a finding; summary is copied. The returned pointer is valid until the next add. */
struct finding *findings_add(struct findings *fs, const char *id, enum finding_severity sev, const char *title,
                             const char *summary, const char *meaning, const char *advice);
void finding_set_count(struct finding *f, uint64_t count);
void finding_set_advice(struct finding *f, const char *advice);
/* The object for this finding's own keys (created on first use). */
struct report_node *finding_extra(struct finding *f);

/* The `findings` array under parent (title "Findings"), in the given style. */
/* The static texts of a finding id, for tables of them (cpu, histo). */
struct finding_text {
    const char *id, *title, *meaning, *advice;
};
/*
 * Add a finding whose title, meaning and advice come from texts[0..n) by id
 * (the id as its title when it is not there); summary is owned and freed.
 */
struct finding *findings_add_text(struct findings *fs, const struct finding_text *texts, size_t n, const char *sev,
                                  const char *id, char *summary);
struct report_node *finding_report(const struct findings *fs, struct report_node *parent, enum finding_style st);

#endif
