/*
 * sniff.c — input kinds from a file's first lines (see sniff.h). This file
 * holds no format knowledge: each kind is scored by its parser family's own
 * scorer, and here the shares are compared and the messages written.
 */
#include "sniff.h"
#include "hdr_codec.h"
#include "histo_parse.h"
#include "jstat_parse.h"
#include "lat.h"
#include "proc_record.h"
#include "reader.h"
#include "td.h"
#include "top_parse.h"
#include "util.h"
#include "wrk_parse.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

void sniff_buf(const char *buf, size_t len, const struct lat_cfg *lat, struct sniff_result *r)
{
    memset(r, 0, sizeof *r);
    r->wrk_banner = wrk_sniff(buf, len);
    size_t pos = 0;
    const char *s;
    size_t n;
    while (mem_next_line(buf, len, &pos, &s, &n))
        r->lines += !mem_blank(s, n);
    if (!r->lines)
        return;
    r->hits[SNIFF_GC] = (uint32_t)gc_sniff(buf, len, &r->gc_format);
    r->hits[SNIFF_ACCESS] = (uint32_t)lat_sniff(lat, buf, len);
    size_t top = top_sniff(buf, len), rec = proc_record_sniff(buf, len);
    r->hits[SNIFF_TOP] = (uint32_t)(top > rec ? top : rec);
    r->hits[SNIFF_JSTAT] = (uint32_t)jstat_sniff(buf, len);
    r->hits[SNIFF_THREADS] = (uint32_t)td_sniff(buf, len);
    r->hits[SNIFF_HISTO] = (uint32_t)histo_sniff(buf, len);
    r->hits[SNIFF_HLOG] = (uint32_t)hdr_log_sniff(buf, len);
    r->hits[SNIFF_WRK] = (uint32_t)wrk_sniff_lines(buf, len);
    for (int k = 0; k < SNIFF_NKINDS; k++)
        if (r->hits[k] > r->lines)
            r->hits[k] = r->lines; /* a scorer never claims more than there is */
}

/* Up to SNIFF_SAMPLE_BYTES of rd's lines into *buf. Returns 0 if rd ended
   within them, 1 if there is more, -1 on a read or decompression error. */
static int take_sample(struct reader *rd, char **buf, size_t *len)
{
    size_t cap = 0;
    *buf = NULL;
    *len = 0;
    const char *l;
    size_t n;
    int k = 0;
    while (*len < SNIFF_SAMPLE_BYTES && (k = reader_next(rd, &l, &n)) == 1) {
        xgrow((void **)buf, &cap, *len + n + 1, 1);
        memcpy(*buf + *len, l, n);
        *len += n;
        (*buf)[(*len)++] = '\n';
    }
    return k < 0 ? -1 : k == 0 ? 0 : 1;
}

int sniff_path(const char *path, const struct lat_cfg *lat, struct sniff_result *r)
{
    memset(r, 0, sizeof *r);
    struct reader rd;
    bool whole;
    char *buf;
    size_t len;
    if (strcmp(path, "-") == 0) {
        const char *head;
        size_t hn;
        bool head_whole;
        if (reader_stdin_peek(SNIFF_SAMPLE_BYTES, &head, &hn, &head_whole) != 0)
            return -1;
        reader_init_mem(&rd, "<stdin>", head, hn);
        int k = take_sample(&rd, &buf, &len);
        if (k < 0 && head_whole) {
            /* corrupt input: the command's own read reports it */
            reader_close(&rd);
            free(buf);
            return -1;
        }
        /* an error before the end of the peeked bytes is where they were cut */
        whole = k == 0 && head_whole;
        if (!whole && len) {
            /* the peeked bytes end anywhere: the last line may be cut */
            size_t e = len - 1;
            while (e > 0 && buf[e - 1] != '\n')
                e--;
            len = e;
        }
    } else {
        /* a pipe by name (<(zcat ...), a FIFO) can be read once only: the
           command gets it whole, unsniffed */
        struct stat st;
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
            return -1;
        if (reader_open(&rd, path) != 0)
            return -1;
        int k = take_sample(&rd, &buf, &len);
        if (k < 0) {
            reader_close(&rd);
            free(buf);
            return -1;
        }
        whole = k == 0;
    }
    uint64_t long_lines = rd.long_lines;
    reader_close(&rd);
    sniff_buf(buf ? buf : "", len, lat, r);
    r->whole = whole;
    r->long_lines = long_lines;
    free(buf);
    return 0;
}

double sniff_pct(const struct sniff_result *r, enum sniff_kind k)
{
    if (!r->lines || k <= SNIFF_UNKNOWN || k >= SNIFF_NKINDS)
        return 0;
    return 100.0 * r->hits[k] / r->lines;
}

enum sniff_kind sniff_best(const struct sniff_result *r)
{
    enum sniff_kind best = SNIFF_UNKNOWN;
    for (int k = SNIFF_UNKNOWN + 1; k < SNIFF_NKINDS; k++)
        if (best == SNIFF_UNKNOWN || r->hits[k] > r->hits[best])
            best = (enum sniff_kind)k;
    return sniff_pct(r, best) >= SNIFF_FLOOR_PCT ? best : SNIFF_UNKNOWN;
}

enum sniff_kind sniff_other(const struct sniff_result *r, enum sniff_kind want)
{
    enum sniff_kind o = SNIFF_UNKNOWN;
    for (int k = SNIFF_UNKNOWN + 1; k < SNIFF_NKINDS; k++)
        if (k != (int)want && (o == SNIFF_UNKNOWN || r->hits[k] > r->hits[o]))
            o = (enum sniff_kind)k;
    double po = sniff_pct(r, o), pw = sniff_pct(r, want);
    return po >= SNIFF_FLOOR_PCT && po >= pw + SNIFF_MARGIN_PCT ? o : SNIFF_UNKNOWN;
}

static const struct {
    const char *id, *name, *command;
} kinds[SNIFF_NKINDS] = {
    [SNIFF_UNKNOWN] = {"unknown", "an unknown kind of input", NULL},
    [SNIFF_GC] = {"gc", "a GC log", "gclat gc"},
    [SNIFF_ACCESS] = {"access", "an access log", "gclat lat"},
    [SNIFF_TOP] = {"top", "top -b output", "gclat cpu"},
    [SNIFF_JSTAT] = {"jstat", "jstat output", "gclat jstat"},
    [SNIFF_THREADS] = {"threads", "a thread dump", "gclat threads"},
    [SNIFF_HISTO] = {"histo", "a class histogram", "gclat histo"},
    [SNIFF_HLOG] = {"hlog", "an HdrHistogram interval log", "gclat merge"},
    /* gclat lat reads a saved wrk/wrk2 run back (wrk_input.c) */
    [SNIFF_WRK] = {"wrk", "wrk output", "gclat lat"},
};

const char *sniff_kind_name(enum sniff_kind k)
{
    return k > SNIFF_UNKNOWN && k < SNIFF_NKINDS ? kinds[k].name : kinds[0].name;
}

const char *sniff_kind_id(enum sniff_kind k)
{
    return k > SNIFF_UNKNOWN && k < SNIFF_NKINDS ? kinds[k].id : kinds[0].id;
}

const char *sniff_kind_command(enum sniff_kind k)
{
    return k > SNIFF_UNKNOWN && k < SNIFF_NKINDS ? kinds[k].command : NULL;
}

/* "97% of the first 372 lines" / "of its 12 lines" into b. */
static void share_text(char *b, size_t cap, const struct sniff_result *r, enum sniff_kind k)
{
    unsigned pct = r->lines ? (unsigned)((uint64_t)r->hits[k] * 100 / r->lines) : 0;
    snprintf(b, cap, "%u%% of %s %u line%s", pct, r->whole ? "its" : "the first", r->lines,
             r->lines == 1 ? "" : "s");
}

int sniff_inputs(enum sniff_kind want, const struct lat_cfg *lat, char *const *paths, size_t n,
                 unsigned flags)
{
    struct sniff_result *res = xcalloc(n ? n : 1, sizeof *res);
    const struct sniff_result **rp = xcalloc(n ? n : 1, sizeof *rp);
    for (size_t i = 0; i < n; i++)
        if (paths[i] && sniff_path(paths[i], lat, &res[i]) == 0)
            rp[i] = &res[i]; /* else the command's own open names the error */
    int rc = sniff_check(want, paths, rp, n, flags);
    free(rp);
    free(res);
    return rc;
}

int sniff_check(enum sniff_kind want, char *const *paths, const struct sniff_result *const *res, size_t n,
                unsigned flags)
{
    int rc = 0;
    size_t empty = 0, seen = 0;
    const char *first_empty = NULL;
    for (size_t i = 0; i < n; i++) {
        if (!paths[i] || !res[i])
            continue;
        struct sniff_result r = *res[i];
        seen++;
        const char *name = strcmp(paths[i], "-") == 0 ? "<stdin>" : paths[i];
        if (!r.lines) {
            /* nothing to judge; empty only if it is all there and holds nothing
               (not lines too long to return) */
            if (r.whole && !r.long_lines && !empty++)
                first_empty = name;
            continue;
        }
        char share[96];
        enum sniff_kind o = sniff_other(&r, want);
        if (o != SNIFF_UNKNOWN) {
            share_text(share, sizeof share, &r, o);
            const char *cmd = sniff_kind_command(o);
            if (cmd)
                warnx("%s looks like %s (%s), not %s: read it with '%s'", name, sniff_kind_name(o), share,
                      sniff_kind_name(want), cmd);
            else
                warnx("%s looks like %s (%s), not %s; no gclat command reads %s yet", name,
                      sniff_kind_name(o), share, sniff_kind_name(want), sniff_kind_name(o));
            rc = EXIT_BADINPUT;
        } else if (!(flags & SNIFF_UNKNOWN_OK) && want != SNIFF_ACCESS && r.hits[want] == 0) {
            warnx("%s does not look like %s: none of %s %u line%s is understood as such", name,
                  sniff_kind_name(want), r.whole ? "its" : "the first", r.lines, r.lines == 1 ? "" : "s");
            rc = EXIT_BADINPUT;
        }
    }
    if (empty && !(flags & SNIFF_EMPTY_OK)) {
        if (empty == seen) {
            if (empty == 1)
                warnx("%s is empty: nothing to report", first_empty);
            else
                warnx("every input is empty (%s and %zu more): nothing to report", first_empty, empty - 1);
            rc = EXIT_BADINPUT;
        } else if (reader_warnings_enabled()) {
            if (empty == 1)
                warnx("%s is empty", first_empty);
            else
                warnx("%s and %zu more inputs are empty", first_empty, empty - 1);
        }
    }
    return rc;
}
