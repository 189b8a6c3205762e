/*
 * gc_detect.c — which GC-log format a file is, from its first few KB.
 *
 * Unified logging lines start with one or more bracketed decorators
 * ("[0.012s][info][gc] ..." or "[2023-01-01T00:00:00.000+0000][..."), legacy
 * lines start with a datestamp, an uptime ("12.345: [GC") or "[GC"/"[Full GC",
 * and OpenJ9 logs are XML ("<?xml" or "<verbosegc"). We vote over the first
 * lines because a file may begin with a JVM banner or a truncated line.
 */
#include "gc_parse.h"
#include "diag.h"
#include "gc_read.h"
#include "intern.h"
#include "util.h"

#include <string.h>
#include <strings.h>

/* After the leading [..] groups (possibly none): a unified GC message? This
   catches decorator sets without level/tags ("[..ms][..ns][host] GC(0) Pause
   Young ...") and -Xlog ...::none output. */
static bool unified_gc_message(const char *s, size_t n)
{
    size_t i = 0;
    int groups = 0;
    while (i < n && s[i] == '[') {
        const char *c = memchr(s + i, ']', n - i);
        if (!c)
            return false;
        /* a bracketed timestamp decorator ("[2023-01-01T00:00:00.000+0000]",
           "[12.345s]", "[123ms]", "[123ns]") is unified logging: legacy logs
           never bracket their timestamps */
        size_t cl = (size_t)(c - (s + i)) - 1;
        const char *d = s + i + 1;
        if (groups == 0 && cl >= 2 && d[0] >= '0' && d[0] <= '9' &&
            ((cl >= 19 && d[4] == '-' && d[10] == 'T') || d[cl - 1] == 's'))
            return true;
        i = (size_t)(c - s) + 1;
        groups++;
    }
    if (groups > 0 && i < n && s[i] == ' ')
        i++;
    if (i + 4 > n || memcmp(s + i, "GC(", 3) != 0 || s[i + 3] < '0' || s[i + 3] > '9')
        return mem_starts(s + i, n - i, "Using G1") || mem_starts(s + i, n - i, "Using Serial") ||
               mem_starts(s + i, n - i, "Using Parallel") ||
               mem_starts(s + i, n - i, "Using The Z Garbage Collector") ||
               mem_starts(s + i, n - i, "Using Shenandoah");
    /* "GC(12) Pause ..." and not legacy text such as "[GC (Allocation Failure)" */
    return true;
}

static bool is_unified_line(const char *s, size_t n)
{
    if (unified_gc_message(s, n))
        return true;
    /* [<decorator>][<decorator>]... with a level or tag decorator inside */
    if (n < 4 || s[0] != '[')
        return false;
    const char *close = memchr(s, ']', n);
    if (!close || close + 1 >= s + n)
        return false;
    if (close[1] != '[')
        return false;
    return mem_find(s, n, "][gc") || mem_find(s, n, "][info") || mem_find(s, n, "][safepoint") ||
           mem_find(s, n, "][debug") || mem_find(s, n, "][warning") || mem_find(s, n, "][trace");
}

/* "2020-08-18T14:05:39.789+0000: 854865.439: [Concurrent marking" or
   "12.345: [Pause Full, start]": a legacy stamp (date and/or uptime, never
   bracketed) followed by ": [" — JDK 8 Shenandoah and other events whose
   names the list below does not know. */
static bool legacy_stamp_bracket(const char *s, size_t n)
{
    if (n < 4 || s[0] < '0' || s[0] > '9')
        return false;
    size_t lim = n < 64 ? n : 64;
    const char *p = mem_find(s, lim, ": [");
    if (!p)
        return false;
    for (const char *q = s; q < p; q++)
        if (!((*q >= '0' && *q <= '9') || *q == '-' || *q == ':' || *q == '.' || *q == ',' ||
              *q == 'T' || *q == '+' || *q == ' '))
            return false;
    return true;
}

static bool is_legacy_line(const char *s, size_t n)
{
    return legacy_stamp_bracket(s, n) || mem_starts(s, n, "Heap") ||
           mem_find(s, n, "GC log file created") || mem_starts(s, n, "Cancelling concurrent GC") ||
           mem_find(s, n, "[GC") || mem_find(s, n, "[Full GC") || mem_find(s, n, "[ParNew") ||
           mem_find(s, n, "[CMS") || mem_find(s, n, "[PSYoungGen") || mem_find(s, n, "[DefNew") ||
           mem_find(s, n, "Total time for which application threads were stopped") ||
           mem_find(s, n, "Application time:") || mem_find(s, n, "CommandLine flags:") ||
           mem_find(s, n, "[Times: user");
}

enum gc_format gc_detect(const char *buf, size_t len)
{
    int unified = 0, legacy = 0, j9 = 0;
    size_t pos = 0;
    int lines = 0;
    while (pos < len && lines < 200) {
        const char *s = buf + pos;
        const char *nl = memchr(s, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - s) : len - pos;
        pos += n + 1;
        lines++;
        while (n > 0 && (s[0] == ' ' || s[0] == '\t')) {
            s++;
            n--;
        }
        if (mem_starts(s, n, "<?xml") || mem_starts(s, n, "<verbosegc") ||
            mem_starts(s, n, "<exclusive-start") || mem_starts(s, n, "<gc-op") ||
            mem_starts(s, n, "<af type") || mem_starts(s, n, "<cycle-start") ||
            mem_starts(s, n, "<initialized"))
            j9 += 3;
        else if (is_unified_line(s, n))
            unified++;
        else if (is_legacy_line(s, n))
            legacy++;
    }
    if (j9 > 0 && j9 >= unified && j9 >= legacy)
        return GC_FMT_OPENJ9;
    if (unified > legacy)
        return GC_FMT_UNIFIED;
    if (legacy > 0)
        return GC_FMT_LEGACY;
    return GC_FMT_UNKNOWN;
}

/* ---- per-line evidence of a format or a JVM start (gc_read.h) ------------ */

/* The first line -Xloggc writes: "Java HotSpot(TM) 64-Bit Server VM (25.5-b02)
   for linux-amd64 JRE (1.8.0_05-b13), built on ..." (or "OpenJDK ..."). */
static bool legacy_banner(const char *s, size_t n)
{
    if (!mem_starts(s, n, "Java HotSpot(TM) ") && !mem_starts(s, n, "OpenJDK "))
        return false;
    size_t lim = n < 200 ? n : 200;
    return mem_find(s, lim, " VM (") && mem_find(s, lim, ") for ");
}

/* A JDK 8 event line: a stamp (never bracketed) and then a GC event. App
   output that merely starts with a time does not qualify. */
static bool legacy_event_line(const char *s, size_t n)
{
    if (!legacy_stamp_bracket(s, n))
        return false;
    size_t lim = n < 64 ? n : 64;
    const char *p = mem_find(s, lim, ": [");
    size_t i = (size_t)(p - s) + 2;
    return mem_starts(s + i, n - i, "[GC") || mem_starts(s + i, n - i, "[Full GC") ||
           mem_starts(s + i, n - i, "[CMS") || mem_starts(s + i, n - i, "[ParNew") ||
           mem_starts(s + i, n - i, "[DefNew") || mem_starts(s + i, n - i, "[PSYoungGen");
}

/* "[0.004s][info][gc] Using G1": unified logging prints this once, when the
   JVM starts (a rotated file does not repeat it). Matched on the line's end,
   which costs two compares on every other line. */
static bool unified_jvm_start(const char *s, size_t n)
{
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\r'))
        n--;
    if (n < 8)
        return false;
    const char *name;
    size_t k;
    switch (s[n - 1]) { /* one candidate per last letter, one memcmp */
#define NAME(lit) (name = (lit), k = sizeof(lit) - 1)
    case '1': NAME("Using G1"); break;
    case 'l':
        if (s[n - 2] == 'e')
            NAME("Using Parallel");
        else
            NAME("Using Serial");
        break;
    case 'h': NAME("Using Shenandoah"); break;
    case 'r': NAME("Using The Z Garbage Collector"); break;
    case 'p': NAME("Using Concurrent Mark Sweep"); break;
    case 'n': NAME("Using Epsilon"); break;
#undef NAME
    default: return false;
    }
    return n >= k && s[n - k] == 'U' && memcmp(s + n - k, name, k) == 0 &&
           (n == k || (n >= k + 2 && s[n - k - 1] == ' ' && s[n - k - 2] == ']'));
}

static bool openj9_start(const char *s, size_t n)
{
    return mem_starts(s, n, "<?xml") || mem_starts(s, n, "<verbosegc");
}

enum gc_format gc_line_evidence(const char *s, size_t n, enum gc_format cur, enum gc_line_mark *mark)
{
    *mark = GC_MARK_NONE;
    if (n < 4)
        return GC_FMT_UNKNOWN;
    switch (s[0]) {
    case '[':
        if (cur == GC_FMT_UNIFIED) {
            if (unified_jvm_start(s, n))
                *mark = GC_MARK_JVM_START;
            else if ((s[1] == 'G' || s[1] == 'F') &&
                     (mem_starts(s, n, "[GC ") || mem_starts(s, n, "[GC(") || mem_starts(s, n, "[Full GC")))
                return GC_FMT_LEGACY; /* -verbose:gc without stamps */
            return GC_FMT_UNKNOWN;
        }
        /* legacy logs never bracket a timestamp (see unified_gc_message) */
        if (s[1] >= '0' && s[1] <= '9' && is_unified_line(s, n))
            return GC_FMT_UNIFIED;
        return GC_FMT_UNKNOWN;
    case 'U':
        if (cur == GC_FMT_UNIFIED && unified_jvm_start(s, n)) /* -Xlog:gc::none */
            *mark = GC_MARK_JVM_START;
        return GC_FMT_UNKNOWN;
    case 'J':
    case 'O':
        if (!legacy_banner(s, n))
            return GC_FMT_UNKNOWN;
        /* JDK 8 repeats the banner at the top of every rotated file: only
           time going back tells a restart */
        if (cur == GC_FMT_LEGACY) {
            *mark = GC_MARK_HEADER;
            return GC_FMT_UNKNOWN;
        }
        return GC_FMT_LEGACY;
    case '<':
        if (cur == GC_FMT_OPENJ9) {
            if (mem_starts(s, n, "<initialized"))
                *mark = GC_MARK_HEADER;
            return GC_FMT_UNKNOWN;
        }
        return openj9_start(s, n) ? GC_FMT_OPENJ9 : GC_FMT_UNKNOWN;
    default:
        if (s[0] >= '0' && s[0] <= '9' && cur != GC_FMT_LEGACY && legacy_event_line(s, n))
            return GC_FMT_LEGACY;
        return GC_FMT_UNKNOWN;
    }
}

const struct gc_parser_ops *gc_parser_for(enum gc_format f)
{
    switch (f) {
    case GC_FMT_LEGACY: return &gc_legacy_ops;
    case GC_FMT_UNIFIED: return &gc_unified_ops;
    case GC_FMT_OPENJ9: return &gc_openj9_ops;
    default: return NULL;
    }
}

const char *gc_format_name(enum gc_format f)
{
    switch (f) {
    case GC_FMT_LEGACY: return "jdk8-legacy";
    case GC_FMT_UNIFIED: return "unified";
    case GC_FMT_OPENJ9: return "openj9-xml";
    default: return "unknown";
    }
}

enum gc_format gc_format_parse(const char *s)
{
    if (!strcasecmp(s, "legacy") || !strcasecmp(s, "jdk8") || !strcasecmp(s, "jdk8-legacy"))
        return GC_FMT_LEGACY;
    if (!strcasecmp(s, "unified") || !strcasecmp(s, "xlog") || !strcasecmp(s, "jdk9"))
        return GC_FMT_UNIFIED;
    if (!strcasecmp(s, "openj9") || !strcasecmp(s, "j9") || !strcasecmp(s, "openj9-xml"))
        return GC_FMT_OPENJ9;
    return GC_FMT_UNKNOWN;
}

static void sniff_count_event(void *ctx, const struct gc_event *e)
{
    (void)e;
    ++*(uint64_t *)ctx;
}

size_t gc_sniff(const char *buf, size_t len, enum gc_format *fmt_out)
{
    enum gc_format fmt = gc_detect(buf, len);
    *fmt_out = fmt;
    const struct gc_parser_ops *ops = gc_parser_for(fmt);
    if (!ops)
        return 0;
    struct diag d;
    diag_init(&d);
    struct intern strings;
    intern_init(&strings);
    uint64_t events = 0;
    struct gc_parse_ctx ctx;
    gc_parse_ctx_init(&ctx, sniff_count_event, &events, &d, &strings);
    ctx.file = "sample";
    void *p = ops->create(&ctx);
    size_t nonblank = mem_each_line(buf, len, ops->line, p);
    /* an event cut by the end of the sample is the sample's doing, not the file's */
    uint64_t unparsed = d.total;
    ops->finish(p); /* events held for a following line are emitted here */
    ops->destroy(p);
    bool found = events > 0 || ctx.lines_info > 0;
    diag_fini(&d);
    intern_fini(&strings);
    if (!found || unparsed >= nonblank)
        return 0;
    return nonblank - (size_t)unparsed;
}
