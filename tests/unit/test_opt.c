/*
 * test_opt.c — the option tables (opt.h): every kind stored from both the
 * "--x=V" and "--x V" forms, "--" and "-" as positionals, each error's exit
 * code and message (in a child process: they exit), and the help built
 * from the same table.
 */
#include "cli.h"
#include "commands.h"
#include "opt.h"
#include "util.h"
#include "t.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

struct my {
    bool flag;
    int mode;
    int verbose;
    const char *name;
    const char **tags;
    size_t ntags;
    int jobs;
    int64_t big;
    double ratio;
    double share;
    int64_t limit_ns;
    int64_t window_ms;
    int64_t over_us[4];
    int nover;
    double pct[8];
    int npct;
    double w[3];
    int nw;
    int by;
    const char **files;
    size_t nfiles;
    int calls;
    const char *last_call;
};

static void my_call(void *base, const struct opt *o, const char *v)
{
    struct my *m = base;
    if (v && strcmp(v, "bad") == 0)
        opt_bad(o, v, "anything but 'bad'");
    m->calls++;
    m->last_call = v;
}

static const struct opt_word by_words[] = {{"day", 1}, {"hour", 2}, {"minute", 3}, {NULL, 0}};

#define M struct my
static const struct opt my_opts[] = {
    OPT_FLAG(M, flag, "flag", 'x', "a flag"),
    OPT_SET(M, mode, 7, "seven", 0, "mode seven"),
    OPT_COUNT(M, verbose, "verbose", 'v', "more words"),
    OPT_STR(M, name, "name", 'n', "NAME", "a name"),
    OPT_STRS(M, tags, ntags, "tag", 0, "T", "repeatable"),
    OPT_INT(M, jobs, "jobs", 'j', "N", 1, 64, "threads"),
    OPT_INT(M, big, "big", 0, "N", 0, INT64_MAX, "a big one"),
    OPT_NUM(M, ratio, "ratio", 0, "R", 0, 1, "a ratio"),
    OPT_PCT(M, share, "share", 0, "PCT", 0, 100, "a share"),
    OPT_DURATION(M, limit_ns, OPT_STORE_NS, "limit", 0, "DUR", 1000, 0, "a limit\nsecond line"),
    OPT_DURATION(M, window_ms, OPT_STORE_MS, "window", 0, "DUR", 1000000, 1000, "a window"),
    OPT_DURATIONS(M, over_us, nover, OPT_STORE_US, "over", 0, "LIST", 1000, 1, "thresholds"),
    OPT_NUMS(M, pct, npct, "percentiles", 0, "LIST", 0, 100, "percentiles"),
    OPT_NUMS(M, w, nw, "weights", 0, "LIST", -1, 1, "weights"),
    OPT_ENUM(M, by, "by", 0, NULL, by_words, "per day, hour or minute"),
    OPT_CALL("call", 0, "V", my_call, "a callback"),
    OPT_FILES(M, files, nfiles, "in", 0, "FILE...", "files up to the next option"),
    OPT_CALL("a-very-long-option-name", 0, "VALUE", my_call, "long label"),
    OPT_FLAG(M, flag, "hidden", 0, NULL),
    OPT_FLAG(M, flag, "csv", 0, "the command's own --csv, not the common one"),
    OPT_END,
};
#undef M
static const struct opt_group my_group = {"Options", my_opts};
static const struct opt_note my_notes[] = {{"strict", "exit 2 on any unread line, here too"}, {NULL, NULL}};
static const struct opt_cmd my_cmd = {
    .name = "my",
    .usage = "usage: gclat my [OPTIONS] FILE...\n",
    .about = "Does things.\n",
    .groups = {&my_group, &opt_common_group},
    .after = "Examples:\n  gclat my x\n",
    .notes = my_notes,
};

static int parse(struct my *m, struct common_opts *co, struct opt_args *pos, char **argv)
{
    int argc = 0;
    while (argv[argc])
        argc++;
    memset(m, 0, sizeof *m);
    common_opts_init(co);
    return opt_parse(&my_cmd, (void *[]){m, co}, argc, argv, pos);
}

static void test_kinds_space_form(void)
{
    struct my m;
    struct common_opts co;
    struct opt_args pos;
    char *argv[] = {"my", "-x", "--seven", "-v", "--verbose", "-n", "N1", "--tag", "a", "--tag", "b",
                    "-j", "4", "--big", "9223372036854775807", "--ratio", "0.5", "--share", "12%",
                    "--limit", "1.5", "--window", "2m", "--over", "1ms,2s,3", "--percentiles", "50,99.9",
                    "--weights", "-1,0.5", "--by", "hour", "--call", "c1", "--json", "-o", "out.txt",
                    "-q", "--strict", "--full", "--explain", "f1", "-", NULL};
    CHECK_EQ_INT(parse(&m, &co, &pos, argv), 0);
    CHECK(m.flag);
    CHECK_EQ_INT(m.mode, 7);
    CHECK_EQ_INT(m.verbose, 2);
    CHECK_STR(m.name, "N1");
    CHECK_EQ_INT(m.ntags, 2);
    if (m.ntags == 2) {
        CHECK_STR(m.tags[0], "a");
        CHECK_STR(m.tags[1], "b");
    }
    CHECK_EQ_INT(m.jobs, 4);
    CHECK(m.big == INT64_MAX);
    CHECK_NEAR(m.ratio, 0.5, 0);
    CHECK_NEAR(m.share, 12, 0);
    CHECK_EQ_INT(m.limit_ns, 1500000); /* 1.5 bare = ms, stored in ns */
    CHECK_EQ_INT(m.window_ms, 120000);
    CHECK_EQ_INT(m.nover, 3);
    CHECK_EQ_INT(m.over_us[0], 1000);
    CHECK_EQ_INT(m.over_us[1], 2000000);
    CHECK_EQ_INT(m.over_us[2], 3000);
    CHECK_EQ_INT(m.npct, 2);
    CHECK_NEAR(m.pct[1], 99.9, 0);
    CHECK_EQ_INT(m.nw, 2);
    CHECK_NEAR(m.w[0], -1, 0);
    CHECK_EQ_INT(m.by, 2);
    CHECK_EQ_INT(m.calls, 1);
    CHECK_STR(m.last_call, "c1");
    CHECK_EQ_INT(co.out, OUT_JSON);
    CHECK_STR(co.output_path, "out.txt");
    CHECK(co.quiet && co.strict && co.render.full && co.render.explain);
    CHECK_EQ_INT(pos.n, 2);
    if (pos.n == 2) {
        CHECK_STR(pos.v[0], "f1");
        CHECK_STR(pos.v[1], "-");
    }
    free(pos.v);
    free(m.tags);
}

static void test_kinds_equals_form(void)
{
    struct my m;
    struct common_opts co;
    struct opt_args pos;
    char *argv[] = {"my", "--name=a=b", "--jobs=8", "-j16", "--limit=2s", "--over=5", "--by=minute",
                    "--output=o2", "--call=", "--percentiles=100", "--csv", "--", "--json", "-x", NULL};
    CHECK_EQ_INT(parse(&m, &co, &pos, argv), 0);
    CHECK_STR(m.name, "a=b");
    CHECK_EQ_INT(m.jobs, 16); /* the last one wins, -jN attached */
    CHECK_EQ_INT(m.limit_ns, 2000000000);
    CHECK_EQ_INT(m.nover, 1);
    CHECK_EQ_INT(m.over_us[0], 5000);
    CHECK_EQ_INT(m.by, 3);
    CHECK_STR(co.output_path, "o2");
    CHECK_STR(m.last_call, ""); /* --call= is an empty value, given */
    CHECK_EQ_INT(co.out, OUT_TEXT); /* --csv is the command's own here; --json after -- is a file */
    CHECK(m.flag);
    CHECK_EQ_INT(pos.n, 2);
    if (pos.n == 2) {
        CHECK_STR(pos.v[0], "--json");
        CHECK_STR(pos.v[1], "-x");
    }
    free(pos.v);
}

static void test_value_like_option(void)
{
    /* the next word is the value even when it starts with '-' (lat -f -2) */
    struct my m;
    struct common_opts co;
    struct opt_args pos;
    char *argv[] = {"my", "--name", "-2", "--call", "--json", NULL};
    CHECK_EQ_INT(parse(&m, &co, &pos, argv), 0);
    CHECK_STR(m.name, "-2");
    CHECK_STR(m.last_call, "--json");
    CHECK_EQ_INT(co.out, OUT_TEXT);
    CHECK_EQ_INT(pos.n, 0);
    free(pos.v);
}

/* Run the parse in a child; its exit code and stderr. */
static int run_child(char **argv, char *err, size_t errlen)
{
    int fd[2];
    if (pipe(fd) != 0)
        return -1;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        dup2(fd[1], 2);
        if (!freopen("/dev/null", "w", stdout))
            _exit(99);
        struct my m;
        struct common_opts co;
        struct opt_args pos;
        if (strcmp(argv[0], "figures") == 0) { /* a --my-arg list: argv[1..] */
            static const char *const refused[] = {"name", NULL};
            int n = 0;
            while (argv[n + 1])
                n++;
            memset(&m, 0, sizeof m);
            opt_parse_figures(&my_cmd, &m, n, argv + 1, "--my-arg", refused);
            _exit(0);
        }
        int r = parse(&m, &co, &pos, argv);
        _exit(r == 1 ? 50 : 0);
    }
    close(fd[1]);
    size_t n = 0;
    ssize_t k;
    while (n + 1 < errlen && (k = read(fd[0], err + n, errlen - 1 - n)) > 0)
        n += (size_t)k;
    err[n] = '\0';
    close(fd[0]);
    int st;
    waitpid(pid, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void expect_error(char **argv, const char *text)
{
    char err[1024];
    int rc = run_child(argv, err, sizeof err);
    if (rc != EXIT_USAGE || !strstr(err, text))
        printf("#   %s %s: rc %d, stderr: %s", argv[1], argv[2] ? argv[2] : "", rc, err);
    CHECK_EQ_INT(rc, EXIT_USAGE);
    CHECK(strstr(err, text) != NULL);
}

static void test_files(void)
{
    struct my m;
    struct common_opts co;
    struct opt_args pos;
    char *argv[] = {"my", "--in", "a", "-", "b", "-x", "p1", "--in=c", "p2", "--in", "d", NULL};
    CHECK_EQ_INT(parse(&m, &co, &pos, argv), 0);
    CHECK_EQ_INT(m.nfiles, 5);
    const char *want[] = {"a", "-", "b", "c", "d"};
    for (size_t k = 0; k < 5 && k < m.nfiles; k++)
        CHECK_STR(m.files[k], want[k]);
    CHECK(m.flag);
    CHECK_EQ_INT(pos.n, 2); /* p1 after an option, p2 after --in=c (one file) */
    if (pos.n == 2) {
        CHECK_STR(pos.v[0], "p1");
        CHECK_STR(pos.v[1], "p2");
    }
    free(pos.v);
    free(m.files);
}

static void test_errors(void)
{
    expect_error((char *[]){"my", "--ovr", "1", NULL}, "unknown option '--ovr' (did you mean --over?; see 'gclat my --help')");
    expect_error((char *[]){"my", "--zzzzzzzz", NULL}, "unknown option '--zzzzzzzz' (see 'gclat my --help')");
    expect_error((char *[]){"my", "-Z", NULL}, "unknown option '-Z'");
    expect_error((char *[]){"my", "-xq", NULL}, "unknown option '-xq'"); /* no bundling */
    expect_error((char *[]){"my", "--name", NULL}, "option --name needs a value (see 'gclat my --help')");
    expect_error((char *[]){"my", "-j", NULL}, "option -j needs a value");
    expect_error((char *[]){"my", "--json=1", NULL}, "option --json takes no value");
    expect_error((char *[]){"my", "--in", "--json", NULL}, "option --in needs at least one file");
    expect_error((char *[]){"my", "--in", NULL}, "option --in needs at least one file");
    expect_error((char *[]){"my", "--jobs", "65", NULL}, "bad --jobs '65': a whole number from 1 to 64");
    expect_error((char *[]){"my", "-j", "x", NULL}, "bad --jobs 'x'");
    expect_error((char *[]){"my", "--ratio", "inf", NULL}, "bad --ratio 'inf': a number from 0 to 1");
    expect_error((char *[]){"my", "--share", "101%", NULL}, "bad --share '101%'");
    expect_error((char *[]){"my", "--limit", "10qs", NULL}, "bad --limit '10qs': a duration");
    expect_error((char *[]){"my", "--window", "500us", NULL}, "bad --window '500us': a duration from 1 ms");
    expect_error((char *[]){"my", "--over", "1,,2", NULL}, "bad --over list '1,,2'");
    expect_error((char *[]){"my", "--over", "1,2,3,4,5", NULL}, "at most 4 comma-separated durations");
    expect_error((char *[]){"my", "--percentiles", "101", NULL}, "bad --percentiles list '101'");
    expect_error((char *[]){"my", "--weights", "2", NULL}, "bad --weights list '2': at most 3 comma-separated numbers from -1 to 1");
    expect_error((char *[]){"my", "--by", "week", NULL}, "bad --by 'week': one of day, hour, minute");
    expect_error((char *[]){"my", "--call", "bad", NULL}, "bad --call 'bad': anything but 'bad'");
    expect_error((char *[]){"my", "--max-line-bytes", "0", NULL}, "bad --max-line-bytes '0'");
    char err[256];
    CHECK_EQ_INT(run_child((char *[]){"my", "--by", "day", "-h", "--bogus", NULL}, err, sizeof err), 50);
}

/* compare's --KIND-arg: the command's own group only, everything else refused in one form. */
static void test_figures(void)
{
    struct my m;
    memset(&m, 0, sizeof m);
    char *args[] = {"--jobs=4", "--over", "1ms,2", "-x", "--by", "day", "--tag", "--json"};
    const char *prog = prog_name;
    opt_parse_figures(&my_cmd, &m, 8, args, "--my-arg", NULL);
    CHECK_EQ_INT(m.jobs, 4);
    CHECK_EQ_INT(m.nover, 2);
    CHECK(m.flag);
    CHECK_EQ_INT(m.by, 1);
    CHECK_EQ_INT((int)m.ntags, 1); /* the next word is the value, even "--json" */
    if (m.ntags == 1)
        CHECK_STR(m.tags[0], "--json");
    CHECK(prog_name == prog); /* the caller's name is back */
    free(m.tags);
    char err[512];
    CHECK_EQ_INT(run_child((char *[]){"figures", "--jobs=4", NULL}, err, sizeof err), 0);
    expect_error((char *[]){"figures", "file.txt", NULL},
                 "--my-arg file.txt: a file; give it as an input (NAME=FILE or NAME:my=FILE), --my-arg passes "
                 "options to gclat my");
    expect_error((char *[]){"figures", "--", "x", NULL}, "--my-arg x: a file");
    expect_error((char *[]){"figures", "-", NULL}, "--my-arg -: a file");
    expect_error((char *[]){"figures", "--json", NULL},
                 "--my-arg --json: that option is for gclat my itself (its output or inputs); --my-arg passes "
                 "only options that shape the figures");
    expect_error((char *[]){"figures", "-o", "x", NULL}, "--my-arg -o: that option is for gclat my itself");
    expect_error((char *[]){"figures", "--max-line-bytes=9", NULL}, "--my-arg --max-line-bytes: that option");
    expect_error((char *[]){"figures", "-h", NULL}, "--my-arg -h: that option");
    expect_error((char *[]){"figures", "--name=n", NULL}, "--my-arg --name: that option"); /* refused by name */
    expect_error((char *[]){"figures", "--jobs=65", NULL}, "gclat my: bad --jobs '65'");
    expect_error((char *[]){"figures", "--jobs", NULL}, "gclat my: option --jobs needs a value (see 'gclat my --help')");
    expect_error((char *[]){"figures", "--ovr=1", NULL}, "gclat my: unknown option '--ovr=1' (did you mean --over?");
}

static void test_no_positionals(void)
{
    char err[512];
    int fd[2];
    CHECK(pipe(fd) == 0);
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd[1], 2);
        struct my m = {0};
        struct common_opts co;
        common_opts_init(&co);
        opt_parse(&my_cmd, (void *[]){&m, &co}, 3, (char *[]){"my", "-x", "file", NULL}, NULL);
        _exit(0);
    }
    close(fd[1]);
    size_t n = 0;
    ssize_t k;
    while (n + 1 < sizeof err && (k = read(fd[0], err + n, sizeof err - 1 - n)) > 0)
        n += (size_t)k;
    err[n] = '\0';
    close(fd[0]);
    int st;
    waitpid(pid, &st, 0);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == EXIT_USAGE);
    CHECK(strstr(err, "unexpected argument 'file'") != NULL);
    if (!strstr(err, "unexpected argument"))
        printf("#   stderr: %s\n", err);
}

static void test_help(void)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    opt_help(&my_cmd, f);
    fclose(f);
    const char *head = "usage: gclat my [OPTIONS] FILE...\n\nDoes things.\n\nOptions:\n";
    CHECK(strncmp(buf, head, strlen(head)) == 0);
    /* every listed option once, in table order, the labels aligned on one column */
    const char *want[] = {
        "  -x, --flag            a flag\n",
        "  --seven               mode seven\n",
        "  -n, --name NAME       a name\n",
        "  -j, --jobs N          threads\n",
        "  --limit DUR           a limit\n                        second line\n",
        "  --by day|hour|minute  per day, hour or minute\n",
        "  --a-very-long-option-name VALUE  long label\n",
        "\nCommon options:\n  --json                machine-readable JSON",
        "  -o, --output FILE     write the report to FILE",
        "  --strict              exit 2 on any unread line, here too\n", /* the command's note */
        "  -h, --help            this help\n\nExamples:\n  gclat my x\n",
    };
    const char *at = buf;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const char *p = strstr(at, want[i]);
        if (!p)
            printf("#   missing or out of order: '%s'\n", want[i]);
        CHECK(p != NULL);
        if (p)
            at = p;
    }
    CHECK(strstr(buf, "hidden") == NULL);
    CHECK(strstr(buf, "  --csv                 the command's own --csv") != NULL);
    CHECK(strstr(buf, "CSV, one row per") == NULL); /* the common --csv, shadowed */
    if (t_failures)
        printf("%s", buf);
    /* each option of the table that has help appears in the help */
    for (const struct opt *o = my_opts; o->kind != OPT_K_END; o++) {
        char n[80];
        snprintf(n, sizeof n, "--%s", o->name);
        CHECK((strstr(buf, n) != NULL) == (o->help != NULL));
    }
    free(buf);
}

/* The real tables: each entry's destination has the size its kind stores, no name twice in a
   group, no short letter twice in a command, every listed option in the help. */
static void check_table(const struct opt_cmd *c)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    opt_help(c, f);
    fclose(f);
    char shorts[128] = {0};
    for (int g = 0; g < OPT_MAX_GROUPS && c->groups[g]; g++)
        for (const struct opt *o = c->groups[g]->opts; o->kind != OPT_K_END; o++) {
            size_t want = 0;
            switch (o->kind) {
            case OPT_K_FLAG: want = sizeof(bool); break;
            case OPT_K_SET: case OPT_K_COUNT: case OPT_K_ENUM: want = sizeof(int); break;
            case OPT_K_INT: want = o->size == 4 || o->size == 8 ? o->size : 0; break;
            case OPT_K_NUM: case OPT_K_PCT: want = sizeof(double); break;
            case OPT_K_DURATION: want = sizeof(int64_t); break;
            case OPT_K_STR: case OPT_K_STRS: case OPT_K_FILES: want = sizeof(char *); break;
            case OPT_K_NUMS: want = (size_t)o->max * sizeof(double); break;
            case OPT_K_DURATIONS: want = (size_t)o->max * sizeof(int64_t); break;
            default: want = o->size; break; /* CALL, HELP: no destination */
            }
            if (o->size != want)
                printf("#   %s --%s: destination of %zu bytes for its kind\n", c->name, o->name, o->size);
            CHECK(o->size == want);
            for (const struct opt *p = c->groups[g]->opts; p < o; p++)
                CHECK(strcmp(p->name, o->name) != 0);
            if (o->short_name) {
                unsigned char k = (unsigned char)o->short_name;
                bool dup = k < sizeof shorts && shorts[k];
                if (dup)
                    printf("#   %s: -%c twice\n", c->name, o->short_name);
                CHECK(!dup);
                if (k < sizeof shorts)
                    shorts[k] = 1;
            }
            char n[96];
            snprintf(n, sizeof n, "--%s", o->name);
            CHECK(!o->help || strstr(buf, n));
        }
    CHECK(strncmp(buf, "usage: gclat ", 13) == 0);
    free(buf);
}

/* Every command of commands.h, from the list itself: a new command is checked without being named here. */
#define TABLE_OPT(name) {#name, &cmd_##name##_opts},
#define TABLE(name, summary, help) TABLE_##help(name)
static const struct {
    const char *name;
    const struct opt_cmd *opts;
} command_tables[] = {GCLAT_COMMANDS(TABLE)};
#undef TABLE

static void test_command_tables(void)
{
    size_t n = sizeof command_tables / sizeof command_tables[0];
    CHECK_EQ_INT((int)n, 13);
    for (size_t i = 0; i < n; i++) {
        CHECK(strcmp(command_tables[i].opts->name, command_tables[i].name) == 0);
        check_table(command_tables[i].opts);
    }
}

int main(void)
{
    RUN(test_kinds_space_form);
    RUN(test_kinds_equals_form);
    RUN(test_value_like_option);
    RUN(test_files);
    RUN(test_errors);
    RUN(test_figures);
    RUN(test_no_positionals);
    RUN(test_help);
    RUN(test_command_tables);
    T_DONE();
}
