/*
 * gc_legacy_event.c — one JDK <= 8 collection event, as text, to a gc_event.
 *
 * The text is a bracket tree: "[GC (cause) 1.2: [ParNew: 1K->2K(3K), 0.01
 * secs] 4K->5K(6K), [Metaspace: ...], 0.02 secs] [Times: ...]". We walk it
 * once, keeping a small stack of open brackets; for each bracket we remember
 * its name (text up to ':' outside parentheses), its first "a->b(c)" size
 * triple (or "a(c)" pair) and its last "N secs". When a sub-bracket closes its
 * figures go to the event by name (ParNew/DefNew/PSYoungGen = young;
 * CMS/Tenured/ParOldGen/PSOldGen = old; Metaspace/Perm/PSPermGen/CMS Perm =
 * meta; CMS-initial-mark / CMS-remark decide the kind). The outermost
 * bracket's own triple and secs are the whole heap and the pause.
 * Timestamps inside ("1.2: ") are skipped: a number is only used when a size
 * unit + "->"/"(" or " secs" follows it.
 *
 * Invariant: never reads past n; brackets deeper than MAXD are counted but
 * not recorded.
 */
#include "gc_legacy.h"
#include "timeparse.h"
#include "util.h"

#include <stddef.h>
#include <string.h>

#define MAXD 24

struct seg {
    const char *nm;
    size_t nl;
    int64_t tb, ta, tt; /* first a->b(c) */
    int64_t pu, pt;     /* first a(c) */
    int64_t secs_ns;    /* last "N secs" */
};

static bool starts(const char *s, size_t n, size_t i, const char *p, size_t pl)
{
    return i + pl <= n && gcl_same(s + i, p, pl);
}
#define STARTS(s, n, i, lit) starts(s, n, i, lit, sizeof(lit) - 1)

/* Flags named by a parenthesised remark starting at s[i] == '('. */
static unsigned paren_flags(const char *s, size_t n, size_t i)
{
    if (i + 1 >= n)
        return 0;
    switch (s[i + 1]) {
    case 'p':
        return STARTS(s, n, i + 1, "promotion failed") ? GCF_PROMOTION_FAILED : 0;
    case 'c':
        if (STARTS(s, n, i + 1, "concurrent mode failure"))
            return GCF_CONC_MODE_FAILURE;
        if (STARTS(s, n, i + 1, "concurrent mode interrupted"))
            return GCF_CONC_MODE_INTERRUPTED;
        return 0;
    case 't':
        return (STARTS(s, n, i + 1, "to-space exhausted") || STARTS(s, n, i + 1, "to-space overflow"))
                   ? GCF_TO_SPACE_EXHAUSTED
                   : 0;
    default: return 0;
    }
}

/* Bracket name from s[i]: up to ':' ',' '[' ']' outside parentheses. */
static size_t read_name(const char *s, size_t n, size_t i, unsigned *flags)
{
    /* bytes that need a look: '(' ')' '[' ']' ':' ',' (the rest skipped by a table) */
    static const unsigned char look[256] = {['('] = 1, [')'] = 1, ['['] = 1, [']'] = 1, [':'] = 1, [','] = 1};
    int pd = 0;
    size_t j = i;
    while (j < n) {
        while (j < n && !look[(unsigned char)s[j]])
            j++;
        if (j >= n)
            break;
        char c = s[j];
        if (c == '(') {
            *flags |= paren_flags(s, n, j);
            pd++;
        } else if (c == ')') {
            if (pd)
                pd--;
        } else if (c == '[' || c == ']') {
            break;
        } else if (pd == 0 && (c == ':' || c == ',')) {
            break;
        }
        j++;
    }
    return j;
}

/* The bracket name without a leading "1 " and trailing "(...)"/blanks. */
static void base_name(const char *nm, size_t nl, const char **b, size_t *bl)
{
    size_t i = 0;
    while (i < nl && gcl_digit(nm[i]))
        i++;
    if (i > 0 && i < nl && nm[i] == ' ')
        i++;
    else
        i = 0;
    size_t e = i;
    /* stop at "(" and at a timestamp glued to the name ("ParNew62.880", "CMS2014-...") */
    while (e < nl && nm[e] != '(' && !gcl_digit(nm[e]))
        e++;
    while (e > i && (nm[e - 1] == ' ' || nm[e - 1] == '\t'))
        e--;
    *b = nm + i;
    *bl = e - i;
}

static bool eq(const char *s, size_t n, const char *lit)
{
    size_t l = strlen(lit);
    return n == l && memcmp(s, lit, l) == 0;
}

enum role { R_NONE, R_YOUNG, R_OLD, R_META, R_INITMARK, R_REMARK };

static enum role role_of(const char *b, size_t bl, const char **yname, enum gc_collector *hint)
{
    if (bl < 3)
        return R_NONE;
    switch (b[0]) {
    case 'P':
        if (eq(b, bl, "ParNew")) {
            *yname = "ParNew";
            *hint = GC_COLL_CMS;
            return R_YOUNG;
        }
        if (eq(b, bl, "PSYoungGen")) {
            *yname = "PSYoungGen";
            *hint = GC_COLL_PARALLEL;
            return R_YOUNG;
        }
        if (eq(b, bl, "ParOldGen") || eq(b, bl, "PSOldGen")) {
            *hint = GC_COLL_PARALLEL;
            return R_OLD;
        }
        if (eq(b, bl, "PSPermGen") || eq(b, bl, "Perm") || eq(b, bl, "Perm Gen"))
            return R_META;
        return R_NONE;
    case 'D':
        if (eq(b, bl, "DefNew")) {
            *yname = "DefNew";
            if (*hint == GC_COLL_UNKNOWN)
                *hint = GC_COLL_SERIAL;
            return R_YOUNG;
        }
        return R_NONE;
    case 'A':
        if (eq(b, bl, "ASParNew")) {
            *yname = "ParNew";
            *hint = GC_COLL_CMS;
            return R_YOUNG;
        }
        if (eq(b, bl, "ASCMS")) {
            *hint = GC_COLL_CMS;
            return R_OLD;
        }
        if (eq(b, bl, "ASCMS Perm"))
            return R_META;
        return R_NONE;
    case 'C':
        if (eq(b, bl, "CMS")) {
            *hint = GC_COLL_CMS;
            return R_OLD;
        }
        if (eq(b, bl, "CMS Perm"))
            return R_META;
        if (eq(b, bl, "CMS-initial-mark")) {
            *hint = GC_COLL_CMS;
            return R_INITMARK;
        }
        if (eq(b, bl, "CMS-remark")) {
            *hint = GC_COLL_CMS;
            return R_REMARK;
        }
        return R_NONE;
    case 'T':
        if (eq(b, bl, "Tenured")) {
            if (*hint == GC_COLL_UNKNOWN)
                *hint = GC_COLL_SERIAL;
            return R_OLD;
        }
        return R_NONE;
    case 'M':
        return eq(b, bl, "Metaspace") ? R_META : R_NONE;
    default: return R_NONE;
    }
}

/* "a->b(c)" or "a(c)" at s[i] (a digit). Returns bytes consumed, 0 if neither. */
static size_t sizes_at(const char *s, size_t n, size_t i, struct seg *g)
{
    int64_t a, b, c;
    size_t k = gcl_size_kb_inl(s + i, n - i, &a);
    if (!k)
        return 0;
    size_t j = i + k;
    if (j + 2 < n && s[j] == '-' && s[j + 1] == '>') {
        size_t k2 = gcl_size_kb_inl(s + j + 2, n - j - 2, &b);
        if (!k2)
            return j + 2 - i;
        j += 2 + k2;
        if (j < n && s[j] == '(') {
            size_t k3 = gcl_size_kb_inl(s + j + 1, n - j - 1, &c);
            if (k3 && j + 1 + k3 < n && s[j + 1 + k3] == ')') {
                if (g && g->tb < 0) {
                    g->tb = a;
                    g->ta = b;
                    g->tt = c;
                }
                return j + 2 + k3 - i;
            }
        }
        return j - i;
    }
    if (j < n && s[j] == '(') {
        size_t k3 = gcl_size_kb_inl(s + j + 1, n - j - 1, &c);
        if (k3 && j + 1 + k3 < n && s[j + 1 + k3] == ')') {
            if (g && g->pu < 0) {
                g->pu = a;
                g->pt = c;
            }
            return j + 2 + k3 - i;
        }
    }
    return j - i;
}

int gcl_depth(const char *t, size_t n, int d, size_t *close_at)
{
    for (size_t i = 0; i < n; i++) {
        if (t[i] == '[') {
            d++;
        } else if (t[i] == ']') {
            if (d > 0 && --d == 0) {
                if (close_at)
                    *close_at = i;
                return 0;
            }
        }
    }
    return d;
}

static bool times_plain(const char *s, size_t n, struct gc_event *ev);

enum hdr { H_GC, H_FULL, H_G1PAUSE, H_G1REMARK, H_G1CLEANUP };

/* Bytes gcl_parse_event's walk only steps over: all but '[', ']', '(', the
   digits and the blank (all ASCII letters and most punctuation). */
#define Q8(c) [c] = 1
static const unsigned char quiet[256] = {
    Q8('a'), Q8('b'), Q8('c'), Q8('d'), Q8('e'), Q8('f'), Q8('g'), Q8('h'), Q8('i'), Q8('j'), Q8('k'),
    Q8('l'), Q8('m'), Q8('n'), Q8('o'), Q8('p'), Q8('q'), Q8('r'), Q8('s'), Q8('t'), Q8('u'), Q8('v'),
    Q8('w'), Q8('x'), Q8('y'), Q8('z'), Q8('A'), Q8('B'), Q8('C'), Q8('D'), Q8('E'), Q8('F'), Q8('G'),
    Q8('H'), Q8('I'), Q8('J'), Q8('K'), Q8('L'), Q8('M'), Q8('N'), Q8('O'), Q8('P'), Q8('Q'), Q8('R'),
    Q8('S'), Q8('T'), Q8('U'), Q8('V'), Q8('W'), Q8('X'), Q8('Y'), Q8('Z'), Q8(','), Q8(':'), Q8(')'),
    Q8('-'), Q8('>'), Q8('/'), Q8('='), Q8('.'), Q8('_'),
};
#undef Q8

/* Flags a collection's cause gives. */
static unsigned cause_flags(const char *cause, size_t cl)
{
    char c0 = cl ? cause[0] : 0; /* (the first byte rules most names out) */
    if ((c0 == 'S' || c0 == 'H') &&
        (eq(cause, cl, "System.gc()") || eq(cause, cl, "System") || mem_starts(cause, cl, "Heap Dump") ||
         mem_starts(cause, cl, "Heap Inspection")))
        return GCF_SYSTEM_GC;
    if ((c0 == 'M' || c0 == 'L' || c0 == 'P') &&
        (mem_starts(cause, cl, "Metadata GC") || mem_starts(cause, cl, "Last ditch") ||
         mem_starts(cause, cl, "Permanent Generation")))
        return GCF_METASPACE;
    if (GCL_FIND(cause, cl, "Humongous"))
        return GCF_HUMONGOUS;
    return 0;
}

/* out zeroed but for ev, which is every field "unknown": the bytes of a
   memset then gc_event_init (ev is the first member), written once. */
static struct gc_event *gcl_event_clear(struct gcl_event *out)
{
    _Static_assert(offsetof(struct gcl_event, ev) == 0, "ev first");
    memset((char *)out + sizeof out->ev, 0, sizeof *out - sizeof out->ev);
    gc_event_init(&out->ev);
    return &out->ev;
}

enum gcl_status gcl_parse_event(const char *t, size_t n, struct gcl_event *out)
{
    struct gc_event *ev = gcl_event_clear(out);
    if (n < 3 || t[0] != '[')
        return GCL_NOT_EVENT;
    size_t i = 1;
    enum hdr h;
    if (STARTS(t, n, 1, "Full GC")) {
        h = H_FULL;
        i += 7;
    } else if (STARTS(t, n, 1, "GC")) {
        h = H_GC;
        i += 2;
        if (STARTS(t, n, i, " pause")) {
            h = H_G1PAUSE;
            i += 6;
        } else if (STARTS(t, n, i, " remark")) {
            h = H_G1REMARK;
            i += 7;
        } else if (STARTS(t, n, i, " cleanup")) {
            h = H_G1CLEANUP;
            i += 8;
        } else if (i + 1 < n && t[i] == ' ' && ((t[i + 1] >= 'a' && t[i + 1] <= 'z') ||
                                                 (t[i + 1] >= 'A' && t[i + 1] <= 'Z'))) {
            /* "[GC Worker Start (ms)", "[GC ref-proc", "[GC concurrent-...": not an
               event; "[GC TLAB: ..." is one, with -XX:+PrintTLAB output inside */
            if (!STARTS(t, n, i, " TLAB") && !STARTS(t, n, i, " Before GC:"))
                return GCL_NOT_EVENT;
        } else if (STARTS(t, n, i, "--")) {
            /* Parallel scavenge that failed to promote ("[GC-- [PSYoungGen...") */
            ev->flags |= GCF_PROMOTION_FAILED;
            i += 2;
        }
    } else {
        return GCL_NOT_EVENT;
    }
    bool g1_young = false, g1_mixed = false, g1_im = false;
    /* parenthesised groups after the header: cause, G1 type words */
    for (;;) {
        while (i < n && t[i] == ' ')
            i++;
        if (i >= n || t[i] != '(')
            break;
        size_t j = i + 1;
        int pd = 1;
        while (j < n && pd > 0) {
            if (t[j] == '(')
                pd++;
            else if (t[j] == ')')
                pd--;
            else if (t[j] == '[' || t[j] == ']')
                break;
            if (pd > 0)
                j++;
        }
        if (j >= n || t[j] != ')')
            break;
        const char *w = t + i + 1;
        size_t wl = j - i - 1;
        unsigned f = paren_flags(t, n, i);
        ev->flags |= f;
        if (f) {
            /* a failure remark, not a cause */
        } else if (h == H_G1PAUSE && eq(w, wl, "young")) {
            g1_young = true;
        } else if (h == H_G1PAUSE && (eq(w, wl, "mixed") || eq(w, wl, "partial"))) {
            g1_mixed = true;
        } else if (h == H_G1PAUSE && eq(w, wl, "initial-mark")) {
            g1_im = true;
        } else if (!out->cause) {
            out->cause = w;
            out->cause_len = wl;
        }
        i = j + 1;
    }
    (void)g1_young;

    struct seg st[MAXD];
    int d = 1;
    memset(&st[1], 0, sizeof st[1]);
    st[1].tb = st[1].pu = st[1].secs_ns = -1;
    const char *yname = NULL;
    enum gc_collector hint = h == H_GC || h == H_FULL ? GC_COLL_UNKNOWN : GC_COLL_G1;
    bool saw_im = false, saw_remark = false, old_collected = false, saw_young = false;
    size_t close = 0;
    bool closed = false, bad_secs = false;
    while (i < n) {
        char c = t[i];
        if (quiet[(unsigned char)c]) {
            /* what the branches below do nothing with: skipped in a tight loop */
            i++;
            while (i < n && quiet[(unsigned char)t[i]])
                i++;
            continue;
        }
        if (c == '[') {
            d++;
            size_t e = read_name(t, n, i + 1, &ev->flags);
            if (d < MAXD) {
                struct seg *g = &st[d];
                g->nm = t + i + 1;
                g->nl = e - (i + 1);
                while (g->nl && g->nm[g->nl - 1] == ' ')
                    g->nl--;
                g->tb = g->pu = g->secs_ns = -1;
            }
            i = e;
            continue;
        }
        if (c == ']') {
            if (d == 1) {
                close = i;
                closed = true;
                break;
            }
            if (d < MAXD) {
                struct seg *g = &st[d];
                const char *b;
                size_t bl;
                base_name(g->nm, g->nl, &b, &bl);
                const char *yn = NULL;
                switch (role_of(b, bl, &yn, &hint)) {
                case R_YOUNG:
                    saw_young = true;
                    if (!yname)
                        yname = yn;
                    if (g->tb >= 0 && ev->young_before_kb < 0) {
                        ev->young_before_kb = g->tb;
                        ev->young_after_kb = g->ta;
                        ev->young_total_kb = g->tt;
                    }
                    break;
                case R_OLD:
                    if (g->tb >= 0) {
                        old_collected = true;
                        ev->old_before_kb = g->tb;
                        ev->old_after_kb = g->ta;
                        ev->old_total_kb = g->tt;
                    }
                    break;
                case R_META:
                    if (g->tb >= 0) {
                        ev->meta_before_kb = g->tb;
                        ev->meta_after_kb = g->ta;
                        ev->meta_total_kb = g->tt;
                    }
                    break;
                case R_INITMARK:
                    saw_im = true;
                    if (g->pu >= 0) {
                        ev->old_before_kb = g->pu;
                        ev->old_total_kb = g->pt;
                    }
                    break;
                case R_REMARK:
                    saw_remark = true;
                    if (g->pu >= 0) {
                        ev->old_before_kb = g->pu;
                        ev->old_total_kb = g->pt;
                    }
                    break;
                case R_NONE: break;
                }
            }
            d--;
            i++;
            continue;
        }
        if (c == '(') {
            ev->flags |= paren_flags(t, n, i);
            i++;
            continue;
        }
        if (gcl_digit(c)) {
            char pc = i > 0 ? t[i - 1] : ' ';
            if ((pc >= 'a' && pc <= 'z') || (pc >= 'A' && pc <= 'Z') || gcl_digit(pc) || pc == '.' ||
                pc == '_') {
                i++;
                continue;
            }
            struct seg *g = d < MAXD ? &st[d] : NULL;
            /* find what follows the number before converting it: most numbers
               here are timestamps ("1.234:") and are skipped unparsed */
            size_t k = i;
            while (k < n && gcl_digit(t[k]))
                k++;
            if (k + 1 < n && (t[k] == '.' || t[k] == ',') && gcl_digit(t[k + 1])) {
                k++;
                while (k < n && gcl_digit(t[k]))
                    k++;
            }
            if (k < n && (t[k] == 'K' || t[k] == 'M' || t[k] == 'G' || t[k] == 'B')) {
                size_t used = sizes_at(t, n, i, g);
                i += used ? used : k - i;
                continue;
            }
            if (STARTS(t, n, k, " secs") || STARTS(t, n, k, " sec]")) {
                int64_t ns;
                if (pc == '-' || pc == '+' || gcl_secs_ns(t + i, k - i, &ns) != k - i)
                    bad_secs = true; /* "-0.0012 secs", "1.5e-3 secs", more seconds than int64 ns hold */
                else if (g)
                    g->secs_ns = ns;
                i = k + 4;
                continue;
            }
            i = k;
            continue;
        }
        if (c == ' ' && i + 1 < n && t[i + 1] == 's' && (STARTS(t, n, i, " secs") || STARTS(t, n, i, " sec]")))
            bad_secs = true; /* no clean number right before: "nan secs", "1e400 secs" */
        i++;
    }
    if (!closed)
        return GCL_OPEN;
    if (bad_secs)
        return GCL_BAD_DURATION;
    size_t end = close + 1;
    /* optional " [Times: user=.. sys=.., real=.. secs]" */
    size_t j = end;
    while (j < n && t[j] == ' ')
        j++;
    if (STARTS(t, n, j, "[Times:")) {
        const char *cb = memchr(t + j, ']', n - j);
        if (cb) {
            /* (times_plain: the same values for the plain form, in one pass) */
            if (!times_plain(t + j, (size_t)(cb - (t + j)), ev))
                gcl_times(t + j, (size_t)(cb - (t + j)), &ev->user_ns, &ev->sys_ns, &ev->real_ns);
            end = (size_t)(cb - t) + 1;
        }
    }
    out->end = end;
    out->hint = hint;

    struct seg *top = &st[1];
    ev->duration_ns = top->secs_ns;
    if (top->tb >= 0) {
        ev->heap_before_kb = top->tb;
        ev->heap_after_kb = top->ta;
        ev->heap_total_kb = top->tt;
    } else if (top->pu >= 0) {
        /* initial mark / remark print "used(capacity)" only */
        ev->heap_before_kb = top->pu;
        ev->heap_total_kb = top->pt;
    }

    const char *cause = out->cause;
    size_t cl = out->cause_len;
    switch (h) {
    case H_FULL:
        ev->kind = GC_KIND_FULL;
        ev->name = "Full GC";
        break;
    case H_G1PAUSE:
        out->g1 = true;
        if (g1_im) {
            ev->kind = GC_KIND_INITIAL_MARK;
            ev->name = "G1 Initial Mark";
        } else if (g1_mixed) {
            ev->kind = GC_KIND_MIXED;
            ev->name = "G1 Mixed";
        } else {
            ev->kind = GC_KIND_YOUNG;
            ev->name = "G1 Young";
        }
        break;
    case H_G1REMARK:
        out->g1 = true;
        ev->kind = GC_KIND_REMARK;
        ev->name = "G1 Remark";
        break;
    case H_G1CLEANUP:
        out->g1 = true;
        ev->kind = GC_KIND_CLEANUP;
        ev->name = "G1 Cleanup";
        break;
    case H_GC:
        if (saw_im || (cause && eq(cause, cl, "CMS Initial Mark"))) {
            ev->kind = GC_KIND_INITIAL_MARK;
            ev->name = "CMS Initial Mark";
            hint = GC_COLL_CMS;
        } else if (saw_remark || (cause && eq(cause, cl, "CMS Final Remark"))) {
            /* with -XX:+CMSScavengeBeforeRemark a ParNew runs inside the
               remark pause: still one stop-the-world pause, one event */
            ev->kind = GC_KIND_REMARK;
            ev->name = "CMS Remark";
            hint = GC_COLL_CMS;
        } else if (old_collected || (ev->flags & GCF_CONC_MODE_FAILURE)) {
            /* the young collection fell back to a stop-the-world old collection */
            ev->kind = GC_KIND_FULL;
            ev->name = "Full GC";
        } else {
            ev->kind = GC_KIND_YOUNG;
            ev->name = yname ? yname : "GC";
            /* -verbose:gc CMS prints initial mark and remark as "[GC 46468K(83008K), 0.0039 secs]" */
            out->pair_only = !saw_young && !cause && top->tb < 0 && top->pu >= 0 && !old_collected;
        }
        (void)saw_young;
        break;
    }
    out->hint = hint;
    if (cause)
        ev->flags |= cause_flags(cause, cl);
    if (ev->duration_ns < 0 && ev->heap_before_kb < 0)
        return GCL_BAD;
    return GCL_OK;
}

/*
 * t[i..) starts "W.mmm:" where W.  are the whole seconds and '.' of the
 * line's stamp (gcl_uptime_3's memo: upw_len digits and '.'), "mmm:" checked in
 * one four-byte load as gcl_uptime_3 does: the index of that ':', where a loop
 * over digits, '.', digits from i stops. i when not (memo NULL, no such
 * memo, fewer than 16 bytes left, other bytes).
 */
static inline __attribute__((always_inline)) size_t stamp_whole_uptime(const struct gcl_memo *memo, const char *t,
                                                                       size_t n, size_t i)
{
    if (!memo || !memo->upw_len || i + 16 > n)
        return i;
    uint64_t a;
    uint32_t f;
    unsigned w = memo->upw_len; /* 1..7: t[i + w + 4] is within the 16 */
    memcpy(&a, t + i, 8);
    memcpy(&f, t + i + w + 1, 4);
    if (((a ^ memo->upw_text) & memo->upw_mask) == 0 &&
        (((((f & 0x00F0F0F0u) ^ 0x00303030u) | (((f + 0x00060606u) & 0x00F0F0F0u) ^ 0x00303030u)) |
          ((f & 0xFF000000u) ^ ((uint32_t)':' << 24))) == 0))
        return i + w + 4;
    return i;
}

/* "N secs" (or "N sec]") at t[i], a digit, as gcl_parse_event reads one:
   the number's end, or 0 if not that or malformed. */
static inline __attribute__((always_inline)) size_t secs_at(const char *t, size_t n, size_t i, int64_t *ns)
{
    /* gcl_parse_event finds the number's end (digits, a fraction), then
       wants gcl_secs_ns to take all of it: gcl_secs_ns stops at that end
       too, or gives 0 (more seconds than int64 ns hold) */
    if (i + 14 <= n && t[i + 1] == '.' && memcmp(t + i + 9, " secs", 5) == 0) {
        /* "D.DDDDDDD secs", how JDK 8 prints a duration: gcl_secs_ns's value,
           D * 1e9 + the seven digits * 100, without its general reading */
        /* the eight bytes ".DDDDDDD" with the whole digit put over the '.':
           eight digits "DDDDDDDD", D * 1e7 + the seven digits, in one load
           (no length to find, as gcl_digits8 would) */
        uint64_t x;
        memcpy(&x, t + i + 1, 8);
        x = (x & ~0xFFULL) | (unsigned char)t[i];
        uint64_t y = ((x & 0xF0F0F0F0F0F0F0F0ULL) ^ 0x3030303030303030ULL) |
                     (((x + 0x0606060606060606ULL) & 0xF0F0F0F0F0F0F0F0ULL) ^ 0x3030303030303030ULL);
        if (y == 0) {
            /* (gcl_digits8's conversion, for all eight bytes) */
            uint64_t d = x - 0x3030303030303030ULL;
            d = (d * 10) + (d >> 8);
            d = (((d & 0x000000FF000000FFULL) * 0x000F424000000064ULL) +
                 (((d >> 16) & 0x000000FF000000FFULL) * 0x0000271000000001ULL)) >>
                32;
            *ns = (int64_t)d * 100;
            return i + 9;
        }
    }
    size_t k = gcl_secs_ns(t + i, n - i, ns);
    if (!k || !STARTS(t, n, i + k, " secs"))
        return 0;
    return i + k;
}

/* "a->b(c)" sizes at t[i], a digit, all three: bytes, or 0. */
/* (always inlined, as secs_at: the young reader's two calls of each were a
   tenth of its cost) */
static inline __attribute__((always_inline)) size_t triple_at(const char *t, size_t n, size_t i, struct seg *g,
                                                             struct gcl_kb_memo *ma, struct gcl_kb_memo *mb,
                                                             struct gcl_kb_memo *mc)
{
    /* "NNNK->NNNK(NNNK)", all three plain (gcl_kb_plain, through the memos
       ma, mb, mc, each may be NULL): what sizes_at reads, with the bounds
       it checks, without its general branches */
    int64_t a, b, c;
    size_t k1, k2, k3, j;
    if ((k1 = gcl_kb_memo_read(ma, t + i, n - i, &a)) && (j = i + k1) + 2 < n && t[j] == '-' && t[j + 1] == '>' &&
        (k2 = gcl_kb_memo_read(mb, t + j + 2, n - j - 2, &b)) && (j += 2 + k2) < n && t[j] == '(' &&
        (k3 = gcl_kb_memo_read(mc, t + j + 1, n - j - 1, &c)) && j + 1 + k3 < n && t[j + 1 + k3] == ')') {
        g->tb = a;
        g->ta = b;
        g->tt = c;
        return j + 2 + k3 - i;
    }
    memset(g, 0, sizeof *g);
    g->tb = g->pu = g->secs_ns = -1;
    size_t used = sizes_at(t, n, i, g);
    return g->tb >= 0 ? used : 0;
}

/* "[Times: user=0.86 sys=0.08, real=0.09 secs" exactly (s[0..n), the ']'
   excluded): the three values gcl_times finds in it, in one pass. */
static bool times_plain(const char *s, size_t n, struct gc_event *ev)
{
    int64_t u, y, r;
    size_t i = 13, k;
    if (!STARTS(s, n, 0, "[Times: user=") || !(k = gcl_secs_ns(s + i, n - i, &u)))
        return false;
    i += k;
    if (!STARTS(s, n, i, " sys=") || !(k = gcl_secs_ns(s + i + 5, n - i - 5, &y)))
        return false;
    i += 5 + k;
    if (!STARTS(s, n, i, ", real=") || !(k = gcl_secs_ns(s + i + 7, n - i - 7, &r)))
        return false;
    i += 7 + k;
    if (i + 5 != n || !STARTS(s, n, i, " secs"))
        return false;
    ev->user_ns = u;
    ev->sys_ns = y;
    ev->real_ns = r;
    return true;
}

/* s[0..n) is exactly "[Times: user=D.DD sys=D.DD, real=D.DD secs]" (one
   whole digit, two fraction digits: most lines of a young-collection log):
   the values times_plain reads, D * 1e9 + DD * 1e7, without its scans.
   (Always inline in times_tail: GCC made it a call, a tenth of its cost.) */
static inline __attribute__((always_inline)) bool times_short(const char *s, size_t n, struct gc_event *ev)
{
    static const char form[] = "[Times: user=0.00 sys=0.00, real=0.00 secs]";
    /* 0xFF where form has a fixed byte, 0 at its nine digits */
    static const char fixed[] = "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\0\xff\0"
                                "\0\xff\xff\xff\xff\xff\0\xff\0\0\xff\xff\xff\xff\xff\xff"
                                "\xff\0\xff\0\0\xff\xff\xff\xff\xff\xff";
    _Static_assert(sizeof form == 44 && sizeof fixed == 44, "Times form");
    if (n != sizeof form - 1)
        return false;
    /* five eight-byte words xor the form: 0 at
       a fixed byte, the digit's value (0..9) at a digit, for s in that form.
       Digit bytes are bad when v | (v + 0x76) has bit 7 (v > 9; a carry out
       of such a byte only comes from a bad one) */
    uint64_t v[5], bad = 0;
    /* (unrolled by hand: the form's words are then constants) */
#define TS_WORD(k, at)                                                           \
    do {                                                                         \
        uint64_t x, t, f;                                                        \
        memcpy(&x, s + (at), 8);                                                 \
        memcpy(&t, form + (at), 8);                                              \
        memcpy(&f, fixed + (at), 8);                                             \
        uint64_t g = ~f & 0x8080808080808080ULL;                                 \
        v[k] = x ^ t;                                                            \
        bad |= (v[k] & f) | ((v[k] | (v[k] + (g >> 7) * 0x76)) & g);             \
    } while (0)
    TS_WORD(0, 0);
    TS_WORD(1, 8);
    TS_WORD(2, 16);
    TS_WORD(3, 24);
    TS_WORD(4, 32);
#undef TS_WORD
    /* bytes 40..42, "cs]": fixed bytes only (the digits end at 36, in v[4]),
       four bytes against the form's at 39 rather than a sixth word */
    uint32_t x5, t5;
    memcpy(&x5, s + 39, 4);
    memcpy(&t5, form + 39, 4);
    bad |= x5 ^ t5;
    if (bad)
        return false;
#define TS_DIGIT(pos) ((int64_t)((v[(pos) / 8] >> (8 * ((pos) % 8))) & 0xFF))
    ev->user_ns = TS_DIGIT(13) * 1000000000 + (TS_DIGIT(15) * 10 + TS_DIGIT(16)) * 10000000;
    ev->sys_ns = TS_DIGIT(22) * 1000000000 + (TS_DIGIT(24) * 10 + TS_DIGIT(25)) * 10000000;
    ev->real_ns = TS_DIGIT(33) * 1000000000 + (TS_DIGIT(35) * 10 + TS_DIGIT(36)) * 10000000;
#undef TS_DIGIT
    return true;
}

/*
 * What follows an event's closing bracket at t[i], when the event is to end
 * the text: blanks only (*end = i), or " [Times: ...]" closing at t[n - 1]
 * (*end = n, the three times in ev, as gcl_parse_event reads them). false
 * for anything else, or for a [Times:] in which gc_legacy.c could see a
 * spliced line or a heap block (the plain form holds none of those bytes).
 */
static inline __attribute__((always_inline)) bool times_tail(const char *t, size_t n, size_t i, struct gc_event *ev,
                                                             size_t *end)
{
    size_t j = i;
    while (j < n && t[j] == ' ')
        j++;
    *end = i;
    if (j >= n)
        return true;
    if (!STARTS(t, n, j, "[Times:"))
        return false;
    if (times_short(t + j, n - j, ev)) {
        *end = n;
        return true;
    }
    const char *cb = memchr(t + j, ']', n - j);
    if (!cb || (size_t)(cb - t) + 1 != n)
        return false;
    if (!times_plain(t + j, (size_t)(cb - (t + j)), ev)) {
        for (const char *x = t + j + 7; x < cb; x++)
            if (*x == '[' || *x == '{' || *x == 'A' || *x == 'T')
                return false;
        gcl_times(t + j, (size_t)(cb - (t + j)), &ev->user_ns, &ev->sys_ns, &ev->real_ns);
    }
    *end = n;
    return true;
}

/* t[0..30) is "DDDD-DD-DDTDD:DD:DD.DDD+DDDD: " (or '-' before the zone):
   a JDK 8 date stamp and its ": ". Five word loads against the form, as
   times_short. */
static bool plain_date_blank(const char *t)
{
    static const char form[] = "0000-00-00T00:00:00.000+0000: ";
    /* 0xFF at a fixed byte, 0 at a digit and at the zone's sign (byte 23) */
    static const char fixed[] = "\0\0\0\0\xff\0\0\xff\0\0\xff\0\0\xff\0\0"
                                "\xff\0\0\xff\0\0\0\0\0\0\0\0\xff\xff";
    static const char digit[] = "\x80\x80\x80\x80\0\x80\x80\0\x80\x80\0\x80\x80\0\x80\x80"
                                "\0\x80\x80\0\x80\x80\x80\0\x80\x80\x80\x80\0\0";
    _Static_assert(sizeof form == 31 && sizeof fixed == 31 && sizeof digit == 31, "date form");
    if (t[23] != '+' && t[23] != '-')
        return false;
    uint64_t bad = 0;
#define PD_WORD(at)                                                              \
    do {                                                                         \
        uint64_t x, f, g, c, v;                                                  \
        memcpy(&x, t + (at), 8);                                                 \
        memcpy(&c, form + (at), 8);                                              \
        memcpy(&f, fixed + (at), 8);                                             \
        memcpy(&g, digit + (at), 8);                                             \
        v = x ^ c;                                                               \
        bad |= (v & f) | ((v | (v + (g >> 7) * 0x76)) & g);                      \
    } while (0)
    PD_WORD(0);
    PD_WORD(8);
    PD_WORD(16);
    PD_WORD(22);
#undef PD_WORD
    return bad == 0;
}

enum gcl_status gcl_parse_young(const char *t, size_t n, struct gcl_event *out)
{
    return gcl_parse_young_memo(t, n, out, NULL);
}

enum gcl_status gcl_parse_young_memo(const char *t, size_t n, struct gcl_event *out, struct gcl_memo *memo)
{
    /* [GC (cause) 9.184: [ParNew: 886080K->20487K(996800K), 0.0860099 secs] 886080K->20487K(25055104K),
       0.0861484 secs] [Times: user=0.86 sys=0.08, real=0.09 secs] */
    if (n < 40 || t[0] != '[' || t[1] != 'G' || t[2] != 'C' || t[3] != ' ')
        return GCL_NOT_EVENT;
    size_t i = 4;
    const char *cause = NULL;
    size_t cl = 0;
    unsigned cflags = 0;
    if (STARTS(t, n, i, "(Allocation Failure) ")) {
        /* the cause of most young collections: what the general branch below
           finds for it (no stop byte, failure remark, mark or spliced-line
           text in it; cause_flags 0), known in advance */
        cause = t + i + 1;
        cl = sizeof "Allocation Failure" - 1;
        i += sizeof "(Allocation Failure) " - 1;
    } else if (t[i] == '(') {
        size_t j = i + 1;
        /* up to ')', '(', '[', ']' or '{' (one table lookup a byte) */
        static const unsigned char stop[256] = {[')'] = 1, ['('] = 1, ['['] = 1, [']'] = 1, ['{'] = 1};
        while (j < n && !stop[(unsigned char)t[j]])
            j++;
        if (j >= n || t[j] != ')' || j == i + 1 || paren_flags(t, n, i))
            return GCL_NOT_EVENT;
        cause = t + i + 1;
        cl = j - i - 1;
        /* what gcl_parse_event would make a remark or an initial mark; and
           the texts a spliced line starts with (gc_legacy.c find_splice) */
        if (eq(cause, cl, "CMS Initial Mark") || eq(cause, cl, "CMS Final Remark") ||
            GCL_FIND(cause, cl, "Application time:") ||
            GCL_FIND(cause, cl, "Total time for which application threads were stopped"))
            return GCL_NOT_EVENT;
        i = j + 1;
        if (i >= n || t[i] != ' ')
            return GCL_NOT_EVENT;
        i++;
        cflags = cause_flags(cause, cl);
    }
    /* -XX:+PrintGCDateStamps puts the date before it as well:
       "2023-04-12T10:00:17.533+0800: ", skipped by the walk too */
    if (i + 30 + 16 <= n && gcl_digit(t[i]) && t[i + 4] == '-' && plain_date_blank(t + i))
        i += 30;
    /* the collection's own uptime "9.184: ", skipped as gcl_parse_event skips
       it; most often the line's stamp again, the memo's text: digits, a
       fraction and ':', where the loops below stop too */
    size_t k = stamp_whole_uptime(memo, t, n, i);
    if (k == i) {
        while (k < n && gcl_digit(t[k]))
            k++;
        if (k == i || k + 1 >= n || (t[k] != '.' && t[k] != ',') || !gcl_digit(t[k + 1]))
            return GCL_NOT_EVENT;
        k++;
        while (k < n && gcl_digit(t[k]))
            k++;
    }
    if (!STARTS(t, n, k, ": ["))
        return GCL_NOT_EVENT;
    i = k + 3;
    const char *yname;
    enum gc_collector hint;
    if (STARTS(t, n, i, "ParNew: ")) {
        yname = "ParNew";
        hint = GC_COLL_CMS;
        i += 8;
    } else if (STARTS(t, n, i, "DefNew: ")) {
        yname = "DefNew";
        hint = GC_COLL_SERIAL;
        i += 8;
    } else {
        return GCL_NOT_EVENT;
    }
    struct seg young, top;
    int64_t young_ns, top_ns;
    size_t u;
    struct gcl_kb_memo *km = memo ? memo->young_kb : NULL;
    if (i >= n || !gcl_digit(t[i]) || !(u = triple_at(t, n, i, &young, km, km ? km + 1 : NULL, km ? km + 2 : NULL)))
        return GCL_NOT_EVENT;
    i += u;
    if (!STARTS(t, n, i, ", ") || i + 2 >= n || !gcl_digit(t[i + 2]) || !(k = secs_at(t, n, i + 2, &young_ns)))
        return GCL_NOT_EVENT;
    i = k;
    if (!STARTS(t, n, i, " secs] ") || i + 7 >= n || !gcl_digit(t[i + 7]) ||
        !(u = triple_at(t, n, i + 7, &top, NULL, NULL, km ? km + 3 : NULL)))
        return GCL_NOT_EVENT;
    i += 7 + u;
    if (!STARTS(t, n, i, ", ") || i + 2 >= n || !gcl_digit(t[i + 2]) || !(k = secs_at(t, n, i + 2, &top_ns)))
        return GCL_NOT_EVENT;
    i = k;
    if (!STARTS(t, n, i, " secs]"))
        return GCL_NOT_EVENT;
    i += 6;
    struct gc_event *ev = gcl_event_clear(out);
    if (!times_tail(t, n, i, ev, &out->end))
        return GCL_NOT_EVENT;
    out->cause = cause;
    out->cause_len = cl;
    out->hint = hint;
    ev->young_before_kb = young.tb;
    ev->young_after_kb = young.ta;
    ev->young_total_kb = young.tt;
    ev->heap_before_kb = top.tb;
    ev->heap_after_kb = top.ta;
    ev->heap_total_kb = top.tt;
    ev->duration_ns = top_ns;
    ev->kind = GC_KIND_YOUNG;
    ev->name = yname;
    ev->flags |= cflags;
    return GCL_OK;
}

/* "a(c)" sizes at t[i] as the walk's sizes_at reads them: the index after
   the ')', or 0. */
static size_t pair_at(const char *t, size_t n, size_t i, int64_t *u, int64_t *c, struct gcl_kb_memo *mc)
{
    size_t k, k3;
    if (i >= n || !gcl_digit(t[i]) || !(k = gcl_size_kb_inl(t + i, n - i, u)))
        return 0;
    size_t j = i + k;
    /* (the capacity through its memo mc, when given, for its plain form;
       gcl_size_kb_inl reads that to the same) */
    if (j >= n || t[j] != '(')
        return 0;
    if (!(mc && (k3 = gcl_kb_memo_read(mc, t + j + 1, n - j - 1, c))) &&
        !(k3 = gcl_size_kb_inl(t + j + 1, n - j - 1, c)))
        return 0;
    if (j + 1 + k3 >= n || t[j + 1 + k3] != ')')
        return 0;
    return j + 2 + k3;
}

/* t[i] (' ' or '(', checked by the caller) then "D+ K" (no fraction, no
   unit glued on): the index after the 'K', or 0. */
static size_t blank_k(const char *t, size_t n, size_t i)
{
    if (i >= n)
        return 0;
    size_t k = ++i;
    while (k < n && gcl_digit(t[k]))
        k++;
    return k > i && k + 1 < n && t[k] == ' ' && t[k + 1] == 'K' ? k + 2 : 0;
}

/*
 * The phases a JDK 8 remark lists ("7.545: [Rescan (parallel) , 0.08
 * secs]", "[weak refs processing, 0.009 secs]", ...) from t[i] up to "[1
 * CMS-remark: ": the index of that '[', or 0 if any of them is not of that
 * form: an optional uptime, then a name (letters, blanks, balanced
 * parentheses that name no failure; no 'A' or 'T', which could start a
 * spliced line) that the walk gives no role, ", ", a clean "N secs".
 */
static size_t remark_phases(const char *t, size_t n, size_t i, struct gcl_memo *memo)
{
    for (int guard = 0; guard < 32; guard++) {
        if (i < n && gcl_digit(t[i])) {
            /* the walk reads a number after ']' and does nothing with one before ':' */
            size_t k = stamp_whole_uptime(memo, t, n, i);
            if (k == i) {
                while (k < n && gcl_digit(t[k]))
                    k++;
                if (k + 1 >= n || t[k] != '.' || !gcl_digit(t[k + 1]))
                    return 0;
                k++;
                while (k < n && gcl_digit(t[k]))
                    k++;
            }
            if (!STARTS(t, n, k, ": "))
                return 0;
            i = k + 2;
        }
        if (STARTS(t, n, i, "[1 CMS-remark: "))
            return i;
        if (i >= n || t[i] != '[')
            return 0;
        /* the name of this phase in the last remark (the same bytes up to the
           same ',': the checks below come to the same) */
        size_t j;
        if (memo && guard < 8 && memo->remark_name[guard].len && i + 26 <= n &&
            t[i + 1 + memo->remark_name[guard].len] == ',') {
            size_t l = memo->remark_name[guard].len;
            const uint64_t *w = memo->remark_name[guard].w, *m = memo->remark_name[guard].m;
            uint64_t a[3];
            memcpy(a, t + i + 1, 24);
            if ((((a[0] ^ w[0]) & m[0]) | ((a[1] ^ w[1]) & m[1]) | ((a[2] ^ w[2]) & m[2])) == 0) {
                j = i + 1 + l;
                goto name_done;
            }
        }
        /* name bytes: 1 a letter (not 'A', 'T') or blank, 2 what needs a look */
        static const unsigned char nb[256] = {
            [' '] = 1, ['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1,
            ['h'] = 1, ['i'] = 1, ['j'] = 1, ['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1, ['o'] = 1,
            ['p'] = 1, ['q'] = 1, ['r'] = 1, ['s'] = 1, ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1,
            ['x'] = 1, ['y'] = 1, ['z'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1,
            ['G'] = 1, ['H'] = 1, ['I'] = 1, ['J'] = 1, ['K'] = 1, ['L'] = 1, ['M'] = 1, ['N'] = 1,
            ['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1, ['S'] = 1, ['U'] = 1, ['V'] = 1, ['W'] = 1,
            ['X'] = 1, ['Y'] = 1, ['Z'] = 1, ['('] = 2, [')'] = 2, [','] = 2,
        };
        j = i + 1;
        int pd = 0;
        for (;;) {
            while (j < n && nb[(unsigned char)t[j]] == 1)
                j++;
            if (j >= n || t[j] == ',')
                break;
            if (t[j] == '(') {
                if (paren_flags(t, n, j))
                    return 0;
                pd++;
            } else if (t[j] == ')') {
                if (--pd < 0)
                    return 0;
            } else {
                return 0;
            }
            j++;
        }
        if (j == i + 1 || pd != 0)
            return 0;
        size_t nl = j - (i + 1);
        while (nl && t[i + nl] == ' ')
            nl--;
        /* (a name has no digit: its base starts at its first byte, and only
           these first bytes start a name role_of knows) */
        char c0 = t[i + 1];
        if (c0 == 'P' || c0 == 'D' || c0 == 'C' || c0 == 'M') {
            const char *b;
            size_t bl;
            const char *yn = NULL;
            enum gc_collector hint = GC_COLL_UNKNOWN;
            base_name(t + i + 1, nl, &b, &bl);
            if (role_of(b, bl, &yn, &hint) != R_NONE)
                return 0;
        }
        if (memo && guard < 8 && j - (i + 1) <= 24 && i + 25 <= n) {
            size_t l = j - (i + 1);
            memcpy(memo->remark_name[guard].w, t + i + 1, 24);
            for (int w = 0; w < 3; w++) {
                size_t b = l > 8u * (size_t)w ? l - 8u * (size_t)w : 0;
                memo->remark_name[guard].m[w] = b >= 8 ? ~0ULL : (1ULL << (8 * b)) - 1;
            }
            memo->remark_name[guard].len = l;
        }
    name_done:
        if (!STARTS(t, n, j, ", ") || j + 2 >= n || !gcl_digit(t[j + 2]))
            return 0;
        int64_t ns;
        size_t k = secs_at(t, n, j + 2, &ns);
        if (!k || !STARTS(t, n, k, " secs]"))
            return 0;
        i = k + 6;
    }
    return 0;
}

enum gcl_status gcl_parse_cms_mark(const char *t, size_t n, struct gcl_event *out)
{
    return gcl_parse_cms_mark_memo(t, n, out, NULL);
}

enum gcl_status gcl_parse_cms_mark_memo(const char *t, size_t n, struct gcl_event *out, struct gcl_memo *memo)
{
    /* [GC (CMS Initial Mark) [1 CMS-initial-mark: 0K(24058304K)] 141773K(25055104K), 0.0622220 secs]
       [GC (CMS Final Remark) [YG occupancy: 372284 K (996800 K)]7.545: [Rescan (parallel) , 0.0865788
       secs]...[1 CMS-remark: 0K(24058304K)] 372284K(25055104K), 0.1341842 secs]; [Times: ...] after */
    static const char im[] = "[GC (CMS Initial Mark) [1 CMS-initial-mark: ";
    static const char rm[] = "[GC (CMS Final Remark) [YG occupancy:";
    if (n < 60 || t[0] != '[' || t[1] != 'G' || t[5] != 'C' || t[6] != 'M')
        return GCL_NOT_EVENT;
    bool remark;
    size_t i;
    if (STARTS(t, n, 0, im)) {
        remark = false;
        i = sizeof im - 1;
    } else if (STARTS(t, n, 0, rm)) {
        remark = true;
        size_t k = t[sizeof rm - 1] == ' ' ? blank_k(t, n, sizeof rm - 1) : 0;
        if (!k || !STARTS(t, n, k, " (") || !(k = blank_k(t, n, k + 1)) || !STARTS(t, n, k, ")]") ||
            !(i = remark_phases(t, n, k + 2, memo)))
            return GCL_NOT_EVENT;
        i += sizeof "[1 CMS-remark: " - 1;
    } else {
        return GCL_NOT_EVENT;
    }
    int64_t ou, oc, hu, hc, d_ns;
    size_t k;
    struct gcl_kb_memo *mk = memo ? memo->mark_kb : NULL;
    if (!(k = pair_at(t, n, i, &ou, &oc, mk)) || !STARTS(t, n, k, "] ") ||
        !(k = pair_at(t, n, k + 2, &hu, &hc, mk ? mk + 1 : NULL)) ||
        !STARTS(t, n, k, ", ") || k + 2 >= n || !gcl_digit(t[k + 2]) || !(k = secs_at(t, n, k + 2, &d_ns)) ||
        !STARTS(t, n, k, " secs]"))
        return GCL_NOT_EVENT;
    struct gc_event *ev = gcl_event_clear(out);
    if (!times_tail(t, n, k + 6, ev, &out->end))
        return GCL_NOT_EVENT;
    out->cause = t + 5;
    out->cause_len = 16;
    out->hint = GC_COLL_CMS;
    ev->old_before_kb = ou;
    ev->old_total_kb = oc;
    ev->heap_before_kb = hu;
    ev->heap_total_kb = hc;
    ev->duration_ns = d_ns;
    ev->kind = remark ? GC_KIND_REMARK : GC_KIND_INITIAL_MARK;
    ev->name = remark ? "CMS Remark" : "CMS Initial Mark";
    /* (cause_flags of "CMS Initial Mark" and of "CMS Final Remark" is 0: no
       system, metadata or humongous cause; the tests compare with the walk) */
    return GCL_OK;
}

bool gcl_is_event_start(const char *t, size_t n)
{
    if (STARTS(t, n, 0, "[Full GC"))
        return true;
    if (!STARTS(t, n, 0, "[GC"))
        return false;
    if (n > 4 && t[3] == ' ' && ((t[4] >= 'a' && t[4] <= 'z') || (t[4] >= 'A' && t[4] <= 'Z')))
        return STARTS(t, n, 4, "pause") || STARTS(t, n, 4, "remark") || STARTS(t, n, 4, "cleanup") ||
               STARTS(t, n, 4, "TLAB") || STARTS(t, n, 4, "Before GC:");
    return true;
}
