/*
 * test_sniff.c — input kinds (sniff.h): small samples of each kind and the
 * refusal rule on them, then every input fixture in tests/fixtures and
 * examples/ (the kind asserted from where the fixture lives) and every log
 * of the GC corpus ($SHARED/corpus/gc: a log of a format gclat reads must be
 * accepted by gc, and no corpus file may pass for another kind). Run from
 * the repository root, as tests/run.sh does.
 */
#include "lat.h"
#include "reader.h"
#include "sniff.h"
#include "t.h"
#include "util.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

static struct sniff_result sn(const char *text)
{
    struct sniff_result r;
    sniff_buf(text, strlen(text), NULL, &r);
    return r;
}

static const char unified[] =
    "[0.005s][info][gc] Using G1\n"
    "[0.120s][info][gc,start] GC(0) Pause Young (Normal) (G1 Evacuation Pause)\n"
    "[0.123s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 3.456ms\n"
    "[0.250s][info][gc] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 28M->5M(256M) 2.100ms\n";

static const char legacy[] =
    "2023-04-11T10:00:00.123+0800: 1.234: [GC (Allocation Failure) [PSYoungGen: 1024K->512K(1536K)] "
    "1024K->600K(5632K), 0.0012345 secs] [Times: user=0.00 sys=0.00, real=0.00 secs]\n"
    "2023-04-11T10:00:01.123+0800: 2.234: [GC (Allocation Failure) [PSYoungGen: 1536K->512K(1536K)] "
    "1624K->700K(5632K), 0.0010000 secs] [Times: user=0.00 sys=0.00, real=0.00 secs]\n";

static const char access_clf[] =
    "10.0.0.1 - - [11/Apr/2023:10:00:00 +0800] \"GET /api/a?id=1 HTTP/1.1\" 200 512 \"-\" \"curl\" 0.020\n"
    "10.0.0.2 - - [11/Apr/2023:10:00:01 +0800] \"POST /api/b HTTP/1.1\" 500 12 \"-\" \"curl\" 1.250\n"
    "10.0.0.3 - - [11/Apr/2023:10:00:02 +0800] \"GET /health HTTP/1.1\" 200 2 \"-\" \"curl\" 0.001\n";

static const char jstat[] = "  S0C    S1C    S0U    S1U      EC       EU        OC         OU       MC     MU"
                            "    CCSC   CCSU   YGC     YGCT    FGC    FGCT     GCT\n"
                            "  0.0   4096.0  0.0   4096.0 57344.0  12288.0  200704.0   65432.1  21248.0 20611.3"
                            " 2560.0 2304.5     12    0.123   0      0.000    0.123\n"
                            "  0.0   4096.0  0.0   4096.0 57344.0  24576.0  200704.0   65432.1  21248.0 20611.3"
                            " 2560.0 2304.5     12    0.123   0      0.000    0.123\n";

static const char top[] =
    "top - 05:46:47 up 10 days,  3:12,  0 users,  load average: 1.05, 0.98, 0.90\n"
    "Tasks: 120 total,   1 running, 119 sleeping,   0 stopped,   0 zombie\n"
    "%Cpu(s): 12.5 us,  2.0 sy,  0.0 ni, 85.0 id,  0.5 wa,  0.0 hi,  0.0 si,  0.0 st\n"
    "MiB Mem :  15896.2 total,   1024.0 free,   8000.0 used,   6872.2 buff/cache\n"
    "MiB Swap:      0.0 total,      0.0 free,      0.0 used.   7500.0 avail Mem\n"
    "\n"
    "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND\n"
    "   4242 app       20   0 8123456 2.1g  30000 S 150.0  13.5  12:34.56 java\n"
    "      1 root      20   0  170000  12000   8000 S   0.0   0.1   0:05.00 systemd\n";

static const char dump[] =
    "2026-11-30 05:46:08\n"
    "Full thread dump OpenJDK 64-Bit Server VM (17.0.15+6 mixed mode, sharing):\n"
    "\n"
    "\"main\" #1 prio=5 os_prio=0 cpu=120.00ms elapsed=10.00s tid=0x00007f00 nid=0x1a2b waiting on condition  [0x00007f01]\n"
    "   java.lang.Thread.State: TIMED_WAITING (sleeping)\n"
    "\tat java.lang.Thread.sleep(java.base@17.0.15/Native Method)\n"
    "\tat com.example.App.main(App.java:12)\n"
    "\n"
    "\"Reference Handler\" #2 daemon prio=10 os_prio=0 cpu=0.10ms elapsed=10.00s tid=0x00007f02 nid=0x1a2c waiting on condition  [0x00007f03]\n"
    "   java.lang.Thread.State: RUNNABLE\n"
    "\tat java.lang.ref.Reference.waitForReferencePendingList(java.base@17.0.15/Native Method)\n";

static const char histo[] = " num     #instances         #bytes  class name (module)\n"
                            "-------------------------------------------------------\n"
                            "   1:        120160       85946296  [B (java.base@17.0.15)\n"
                            "   2:         30000         720000  com.example.LeakyEntry\n"
                            "Total        150160       86666296\n";

static const char wrk[] = "Running 3s test @ http://127.0.0.1:8080/\n"
                          "  2 threads and 10 connections\n"
                          "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
                          "    Latency     1.44ms    2.33ms  27.63ms   88.19%\n"
                          "    Req/Sec     9.28k     5.99k   32.70k    90.00%\n"
                          "  55000 requests in 3.00s, 6.00MB read\n"
                          "Requests/sec:  18333.33\n"
                          "Transfer/sec:      2.00MB\n";

static void test_each_kind(void)
{
    struct {
        const char *text;
        enum sniff_kind kind;
    } c[] = {{unified, SNIFF_GC},   {legacy, SNIFF_GC},    {access_clf, SNIFF_ACCESS},
             {jstat, SNIFF_JSTAT},  {top, SNIFF_TOP},      {dump, SNIFF_THREADS},
             {histo, SNIFF_HISTO},  {wrk, SNIFF_WRK}};
    for (size_t i = 0; i < ARRAY_LEN(c); i++) {
        struct sniff_result r = sn(c[i].text);
        CHECK_STR(sniff_kind_id(sniff_best(&r)), sniff_kind_id(c[i].kind));
        CHECK_NEAR(sniff_pct(&r, c[i].kind), 100, 1e-9);
        /* every other kind of the same sample is far below */
        for (int k = SNIFF_UNKNOWN + 1; k < SNIFF_NKINDS; k++)
            if (k != (int)c[i].kind && sniff_pct(&r, (enum sniff_kind)k) > 0) {
                printf("#   sample %zu (%s) scores %.0f%% as %s\n", i, sniff_kind_id(c[i].kind),
                       sniff_pct(&r, (enum sniff_kind)k), sniff_kind_id((enum sniff_kind)k));
                t_failures++;
            }
        /* accepted by its own command, refused by every other one */
        CHECK_EQ_INT(sniff_other(&r, c[i].kind), SNIFF_UNKNOWN);
        for (int k = SNIFF_UNKNOWN + 1; k < SNIFF_NKINDS; k++)
            if (k != (int)c[i].kind)
                CHECK_EQ_INT(sniff_other(&r, (enum sniff_kind)k), c[i].kind);
    }
}

/* The shares are of non-blank lines; one line in three of noise is 67 %. */
static void test_shares_and_margin(void)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s\n\n  \nsome noise line\nmore noise here\n", unified);
    struct sniff_result r = sn(buf);
    CHECK_EQ_INT(r.lines, 6);
    CHECK_EQ_INT(r.hits[SNIFF_GC], 4);
    CHECK_EQ_INT(sniff_best(&r), SNIFF_GC);
    /* 67 % GC, 0 % access: lat refuses it (>= 50 % and 30 points above) */
    CHECK_EQ_INT(sniff_other(&r, SNIFF_ACCESS), SNIFF_GC);
    /* a sample that is half GC log, half access log: neither command refuses */
    snprintf(buf, sizeof buf, "%s%s", unified, access_clf);
    r = sn(buf);
    CHECK_EQ_INT(r.hits[SNIFF_GC], 4);
    CHECK_EQ_INT(r.hits[SNIFF_ACCESS], 3);
    CHECK_EQ_INT(sniff_other(&r, SNIFF_ACCESS), SNIFF_UNKNOWN);
    CHECK_EQ_INT(sniff_other(&r, SNIFF_GC), SNIFF_UNKNOWN);
}

/* What no reader claims. */
static void test_unknown(void)
{
    const char *junk[] = {"", "\n\n   \n", "hello world\nfoo bar baz\n", "1\n2\n3\n4\n",
                          "S0C garbage\n1 2\nxx\n",
                          "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n",
                          "top - not really\n",
                          "#[Histogram log format version 1.3]\n# comment\n"};
    for (size_t i = 0; i < ARRAY_LEN(junk); i++) {
        struct sniff_result r = sn(junk[i]);
        if (i == 7) {
            /* a header without histograms is an interval log, of nothing */
            CHECK_EQ_INT(sniff_best(&r), SNIFF_HLOG);
            continue;
        }
        CHECK_EQ_INT(sniff_best(&r), SNIFF_UNKNOWN);
        for (int k = SNIFF_UNKNOWN + 1; k < SNIFF_NKINDS; k++)
            CHECK_EQ_INT(sniff_other(&r, (enum sniff_kind)k), SNIFF_UNKNOWN);
    }
    CHECK_EQ_INT(sn("").lines, 0);
    CHECK_EQ_INT(sn("\n \t\n").lines, 0);
    CHECK_EQ_INT(sn("S0C garbage\n1 2\nxx\n").hits[SNIFF_JSTAT], 0);
}

/* A bare list of numbers is no kind, so lat (which reads it) is not refused;
   with lat's options an access line needs the number where -f says. */
static void test_access_options(void)
{
    struct lat_cfg c;
    memset(&c, 0, sizeof c);
    c.src = LAT_SRC_FIELD;
    c.field = -1;
    c.sep_blank = true;
    struct sniff_result r;
    sniff_buf(access_clf, strlen(access_clf), &c, &r);
    CHECK_EQ_INT(r.hits[SNIFF_ACCESS], 3);
    c.field = -3; /* "-" / "curl": no number there */
    sniff_buf(access_clf, strlen(access_clf), &c, &r);
    CHECK_EQ_INT(r.hits[SNIFF_ACCESS], 0);
    CHECK_EQ_INT(sniff_other(&r, SNIFF_ACCESS), SNIFF_UNKNOWN);
    /* a legacy GC line has a datestamp and, with -f -1, "secs]": not a latency */
    c.field = -1;
    sniff_buf(legacy, strlen(legacy), &c, &r);
    CHECK_EQ_INT(r.hits[SNIFF_ACCESS], 0);
    CHECK_EQ_INT(sniff_other(&r, SNIFF_ACCESS), SNIFF_GC);
}

/*
 * Standard input: sniff_path("-") reads its head ahead, and the reader opened
 * on "-" afterwards still returns every line, in order, of an input far
 * longer than what was peeked; gzip, so the peeked bytes are decoded too.
 * Only the first reader of "-" gets the head back, so this runs once.
 */
static void test_stdin(void)
{
    char path[] = "/tmp/gclat-sniff-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd < 0)
        return;
    close(fd);
    gzFile gz = gzopen(path, "wb");
    CHECK(gz != NULL);
    int nlines = 20000; /* about 1.4 MB of text: many times the 64 KiB peeked */
    for (int i = 0; i < nlines; i++)
        gzprintf(gz, "[%d.%03ds][info][gc] GC(%d) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 1.%03dms\n",
                 i / 1000, i % 1000, i, i % 1000);
    gzclose(gz);
    int in = open(path, O_RDONLY);
    int saved = dup(0);
    dup2(in, 0);
    close(in);
    struct sniff_result r;
    CHECK(sniff_path("-", NULL, &r) == 0);
    CHECK_EQ_INT(sniff_best(&r), SNIFF_GC);
    CHECK(!r.whole);
    CHECK(r.lines > 100);
    CHECK_EQ_INT(r.hits[SNIFF_GC], r.lines);
    /* a second look gives the same head */
    struct sniff_result r2;
    CHECK(sniff_path("-", NULL, &r2) == 0);
    CHECK_EQ_INT(r2.lines, r.lines);
    struct reader rd;
    CHECK(reader_open(&rd, "-") == 0);
    const char *l;
    size_t n;
    int got = 0;
    bool in_order = true;
    char want[160];
    while (reader_next(&rd, &l, &n) == 1) {
        int w = snprintf(want, sizeof want,
                         "[%d.%03ds][info][gc] GC(%d) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 1.%03dms",
                         got / 1000, got % 1000, got, got % 1000);
        if ((size_t)w != n || memcmp(want, l, n) != 0)
            in_order = false;
        got++;
    }
    reader_close(&rd);
    CHECK_EQ_INT(got, nlines);
    CHECK(in_order);
    /* once standard input is being read, its head is gone: no second peek */
    CHECK(sniff_path("-", NULL, &r2) != 0);
    dup2(saved, 0);
    close(saved);
    unlink(path);
}

/* ---- every fixture and the corpus ---- */

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

static bool ends(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && memcmp(s + a - b, suf, b) == 0;
}

/* The kind of an input fixture from where it lives; SNIFF_NKINDS if it is not
   an input (sources, scripts, truth files, READMEs). */
static enum sniff_kind fixture_kind(const char *path)
{
    const char *b = base_name(path);
    if (ends(b, ".java") || ends(b, ".sh") || ends(b, ".md") || ends(b, ".py") || ends(b, ".awk") ||
        strstr(b, "truth") || ends(b, ".tsv") || !strcmp(b, "top-version.txt"))
        return SNIFF_NKINDS;
    if (strstr(path, "/access/") || strstr(b, ".access.log"))
        return SNIFF_ACCESS;
    if (strstr(path, "/gc/") || strstr(b, "gc.log") || strstr(path, "examples/"))
        return SNIFF_GC;
    if (strstr(b, "top-"))
        return SNIFF_TOP;
    if (strstr(b, "jstat-"))
        return SNIFF_JSTAT;
    if (strstr(b, "histo-all") || strstr(b, "histo-") || strstr(b, "class-histogram"))
        return SNIFF_HISTO;
    if (strstr(path, "/threads/"))
        return SNIFF_THREADS;
    if (strstr(b, "wrk"))
        return SNIFF_WRK;
    return SNIFF_UNKNOWN;
}

static int counts[SNIFF_NKINDS + 1];
static int fixtures_seen;

static void check_fixture(const char *path)
{
    enum sniff_kind want = fixture_kind(path);
    if (want == SNIFF_NKINDS)
        return;
    struct sniff_result r;
    if (sniff_path(path, NULL, &r) != 0) {
        printf("#   %s: cannot read\n", path);
        t_failures++;
        return;
    }
    fixtures_seen++;
    enum sniff_kind got = sniff_best(&r);
    counts[got]++;
    if (got != want || sniff_other(&r, want) != SNIFF_UNKNOWN || !r.hits[want]) {
        printf("#   %s: sniffed as %s (%.0f%%), expected %s (%.0f%%)\n", path, sniff_kind_id(got),
               sniff_pct(&r, got), sniff_kind_id(want), sniff_pct(&r, want));
        t_failures++;
    }
}

static void walk(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char *p = xasprintf("%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(p, &st) == 0 && S_ISDIR(st.st_mode))
            walk(p);
        else if (S_ISREG(st.st_mode))
            check_fixture(p);
        free(p);
    }
    closedir(d);
}

static void test_fixtures(void)
{
    memset(counts, 0, sizeof counts);
    fixtures_seen = 0;
    walk("tests/fixtures");
    walk("examples");
    CHECK(fixtures_seen >= 100); /* the walk found the tree (run from the repository root) */
    /* a class histogram appended to a dump: threads and histo both read it */
    struct sniff_result r;
    CHECK(sniff_path("tests/fixtures/threads/jdk17-kill3-histo.txt", NULL, &r) == 0);
    CHECK(r.hits[SNIFF_THREADS] > 0 && r.hits[SNIFF_HISTO] > 0);
    CHECK_EQ_INT(sniff_other(&r, SNIFF_THREADS), SNIFF_UNKNOWN);
    CHECK_EQ_INT(sniff_other(&r, SNIFF_HISTO), SNIFF_UNKNOWN);
    printf("# fixtures: %d inputs:", fixtures_seen);
    for (int k = 0; k < SNIFF_NKINDS; k++)
        if (counts[k])
            printf(" %s %d", sniff_kind_id((enum sniff_kind)k), counts[k]);
    printf("\n");
}

static void test_corpus(void)
{
    const char *shared = getenv("SHARED");
    if (!shared || !*shared) {
        printf("# corpus skipped (SHARED not set)\n");
        return;
    }
    char *manifest = xasprintf("%s/corpus/gc/MANIFEST.tsv", shared);
    FILE *f = fopen(manifest, "r");
    free(manifest);
    if (!f) {
        printf("# corpus skipped (no MANIFEST.tsv)\n");
        return;
    }
    int by_kind[SNIFF_NKINDS] = {0}, files = 0, readable_fmt_unknown = 0;
    char line[8192];
    while (fgets(line, sizeof line, f)) {
        char *col[9] = {0};
        int n = 0;
        for (char *s = line, *t; n < 9 && s; s = t) {
            t = strchr(s, '\t');
            if (t)
                *t++ = '\0';
            col[n++] = s;
        }
        if (n < 7 || !strcmp(col[0], "path"))
            continue;
        char *path = xasprintf("%s/corpus/gc/%s", shared, col[0]);
        struct sniff_result r;
        if (sniff_path(path, NULL, &r) == 0) {
            files++;
            enum sniff_kind got = sniff_best(&r);
            by_kind[got]++;
            bool readable = strcmp(col[6], "other") != 0; /* a format gclat gc reads */
            /* never another kind; gc must never refuse a log it reads */
            if ((got != SNIFF_GC && got != SNIFF_UNKNOWN) ||
                (readable && sniff_other(&r, SNIFF_GC) != SNIFF_UNKNOWN)) {
                printf("#   %s (%s): sniffed as %s (%.0f%%)\n", col[0], col[6], sniff_kind_id(got),
                       sniff_pct(&r, got));
                t_failures++;
            }
            if (readable && got == SNIFF_UNKNOWN)
                readable_fmt_unknown++;
        }
        free(path);
    }
    fclose(f);
    CHECK(files > 500);
    /* the GC scorer uses gc's own parser: a log is unknown only when that
       parser understands less than half of it (a handful of corpus oddities) */
    CHECK(readable_fmt_unknown <= 10);
    printf("# corpus: %d files: gc %d, unknown %d (of them %d in a format gc reads)\n", files,
           by_kind[SNIFF_GC], by_kind[SNIFF_UNKNOWN], readable_fmt_unknown);
}

int main(void)
{
    RUN(test_each_kind);
    RUN(test_shares_and_margin);
    RUN(test_unknown);
    RUN(test_access_options);
    RUN(test_stdin);
    RUN(test_fixtures);
    RUN(test_corpus);
    T_DONE();
}
