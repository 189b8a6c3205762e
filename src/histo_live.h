/*
 * histo_live.h — do two class histograms count the same objects? A live
 * histogram (jmap -histo:live, jcmd GC.class_histogram) runs a full GC first
 * and counts only reachable objects; a non-live one (jmap -histo, jcmd ...
 * -all) counts garbage too. "Growth" from one kind to the other is mostly
 * garbage appearing or disappearing, not a leak, so gclat histo says so.
 */
#ifndef GCLAT_HISTO_LIVE_H
#define GCLAT_HISTO_LIVE_H
#include <stdbool.h>
#include "histo_parse.h"

struct histo_live_note {
    const char *id;       /* "histo-liveness-mismatch" / "histo-liveness-unknown" */
    const char *severity; /* "warning" / "info" */
    char *text;           /* heap; the caller frees */
};

/* How histogram f was taken, for the report: "live (command line, line 3)", ... (heap). */
char *histo_liveness_basis(const struct histo_parser *p);

/*
 * For n >= 2 histograms (parser states after their files): a warning when two
 * are known to differ in liveness, or when one was written by jcmd and another
 * not while liveness is unknown; an info note when liveness is unknown
 * otherwise. Returns false when all are known and equal (nothing to say).
 */
bool histo_liveness_note(const struct histo_parser *p, const char *const *files, int n,
                         struct histo_live_note *out);
#endif
