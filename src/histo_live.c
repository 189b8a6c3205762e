/*
 * histo_live.c — see histo_live.h. Only what the files say is used: a kept
 * command line gives the liveness; the "PID:" line that jcmd prints only
 * says which tool wrote the file (its default is live, jmap's is not, but a
 * flag may have changed either), so without a command line it stays unknown.
 */
#include "histo_live.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

char *histo_liveness_basis(const struct histo_parser *p)
{
    if (p->liveness != HISTO_LIVENESS_UNKNOWN)
        return xasprintf("command line at line %llu", (unsigned long long)p->liveness_line);
    if (p->jcmd)
        return xstrdup("unknown: jcmd output without its command line (GC.class_histogram counts "
                       "live objects unless -all)");
    return xstrdup("unknown: no PID: line, as jmap -histo prints (all objects unless :live)");
}

static const char *how(const struct histo_parser *p)
{
    if (p->liveness == HISTO_LIVE)
        return "live objects only";
    if (p->liveness == HISTO_ALL)
        return "all objects, garbage included";
    return p->jcmd ? "jcmd output, liveness unknown" : "jmap-style output, liveness unknown";
}

bool histo_liveness_note(const struct histo_parser *p, const char *const *files, int n,
                         struct histo_live_note *out)
{
    int unknown = 0, a = -1, b = -1;
    for (int i = 0; i < n; i++) {
        if (p[i].liveness == HISTO_LIVENESS_UNKNOWN) {
            unknown++;
            continue;
        }
        for (int j = 0; j < i && a < 0; j++)
            if (p[j].liveness != HISTO_LIVENESS_UNKNOWN && p[j].liveness != p[i].liveness)
                a = j, b = i;
    }
    if (a < 0 && unknown) {
        /* liveness unknown: a jcmd file next to a non-jcmd one is likely live vs all */
        for (int i = 0; i < n && a < 0; i++)
            for (int j = 0; j < i && a < 0; j++)
                if (p[j].jcmd != p[i].jcmd && (p[i].liveness == HISTO_LIVENESS_UNKNOWN ||
                                               p[j].liveness == HISTO_LIVENESS_UNKNOWN))
                    a = j, b = i;
    }
    if (a >= 0) {
        out->id = "histo-liveness-mismatch";
        out->severity = "warning";
        out->text = xasprintf("%s (%s) and %s (%s) may not count the same objects: growth between "
                              "them can be garbage, not a leak; take every histogram the same way "
                              "(jmap -histo:live or jcmd GC.class_histogram)",
                              files[a], how(&p[a]), files[b], how(&p[b]));
        return true;
    }
    if (unknown) {
        out->id = "histo-liveness-unknown";
        out->severity = "info";
        out->text = xasprintf("liveness unknown for %d of %d histograms (no command line in the "
                              "files): growth assumes they all count the same objects", unknown, n);
        return true;
    }
    return false;
}
