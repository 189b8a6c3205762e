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
#include "util.h"

#include <string.h>
#include <strings.h>

static bool is_unified_line(const char *s, size_t n)
{
    /* One or more leading decorator groups "[...]" (no nested '[', no "->",
       not a legacy "[GC"/"[Full GC" event), then a message. */
    size_t i = 0;
    int groups = 0;
    bool tagged = false;
    while (i < n && s[i] == '[') {
        if (mem_starts(s + i, n - i, "[GC") || mem_starts(s + i, n - i, "[Full GC"))
            return false;
        const char *close = memchr(s + i + 1, ']', n - i - 1);
        if (!close)
            return false;
        size_t len = (size_t)(close - (s + i)) + 1;
        if (len > 80 || memchr(s + i + 1, '[', len - 1) || mem_find(s + i, len, "->"))
            return false;
        if (mem_starts(s + i, len, "[gc") || mem_starts(s + i, len, "[safepoint") ||
            mem_starts(s + i, len, "[info") || mem_starts(s + i, len, "[debug") ||
            mem_starts(s + i, len, "[warning") || mem_starts(s + i, len, "[trace"))
            tagged = true;
        i += len;
        groups++;
    }
    if (groups == 0 || i >= n)
        return false;
    const char *m = s + i;
    size_t mn = n - i;
    while (mn > 0 && *m == ' ') {
        m++;
        mn--;
    }
    return tagged || mem_starts(m, mn, "GC(") || mem_starts(m, mn, "Using ") ||
           mem_starts(m, mn, "Safepoint") || mem_starts(m, mn, "Total time for which");
}

static bool is_legacy_line(const char *s, size_t n)
{
    return mem_find(s, n, "[GC") || mem_find(s, n, "[Full GC") || mem_find(s, n, "[ParNew") ||
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
