/*
 * opt.h — one option table per command, from which both the argv parsing
 * and the --help text come, so the two cannot drift apart.
 *
 * A command describes itself with a struct opt_cmd: its usage line(s), a
 * description, the option groups it takes (its own plus shared ones) and
 * the text after the options (examples, exit codes). Each group is an array
 * of struct opt ended by OPT_END. An option has a long name, an optional
 * short letter, an argument name for the help, a kind that says how its
 * value is checked and stored, where it is stored (an offset into the
 * group's base struct, given at parse time) and its help line.
 *
 * The shared groups are defined once, next to the struct they fill:
 *   opt_common_group    (cli.h)              --json --csv --html --text -o
 *                                            --full --explain --strict -q
 *                                            --max-line-bytes -h
 *   access_field_group  (correlate_access.h) the access-log field spec of
 *                                            lat, correlate, impact, watch
 *   access_join_group   (correlate_access.h) --ts-is, --thread-field/-key
 *   gc_threshold_group  (gc_opts.h)          --over and the findings' limits
 *   gc_input_group      (gc_opts.h)          --format --jvm-start --max-pauses
 *   compare_input_group (compare.h)          compare's and report's inputs
 * (docs/design.md, "Options: one table per command", has the table of who
 * uses which.) A command lists the groups in help order and passes one base pointer per
 * group to opt_parse():
 *
 *   static const struct opt my_opts[] = {
 *       OPT_ENUM(struct my, by, "by", 0, by_words, "pause counts per day|hour|minute"),
 *       OPT_DURATION(struct my, limit_us, "limit", 0, "DUR", 1000, 0, "...(default 10ms)"),
 *       OPT_END};
 *   static const struct opt_group my_group = {"Options", my_opts};
 *   const struct opt_cmd cmd_my_opts = {
 *       .name = "my", .usage = "usage: gclat my [OPTIONS] FILE...\n", .about = "...",
 *       .groups = {&my_group, &opt_common_group}, .after = "Examples: ..."};
 *   ...
 *   struct opt_args pos;
 *   if (opt_parse(&cmd_my_opts, (void *[]){&my, &co}, argc, argv, &pos))
 *       return EXIT_OK;  // --help was printed
 *
 * An option a command's own group lists again under the name of a shared
 * one replaces it, in parsing and in the help (report refuses --json).
 *
 * A command that takes its help from the table says so in commands.h (OPT
 * instead of TEXT), and main.c prints opt_help() for it.
 *
 * Syntax accepted (what every command accepted before the table): --name,
 * --name=VALUE, --name VALUE (the next word is the value even if it starts
 * with '-': "-f -2"), -x VALUE and -xVALUE for a short option, "--" ends the
 * options, "-" alone is a positional (standard input). Short flags are not
 * bundled ("-qj4" is an unknown option): no command took them. Options and
 * positionals may interleave; positionals keep their order.
 *
 * Every value is checked here, once, with one message form; a bad one exits
 * EXIT_USAGE (util.h):
 *   unknown option '--ovr' (did you mean --over?; see 'gclat gc --help')
 *   option --over needs a value (see 'gclat gc --help')
 *   option --json takes no value (see 'gclat gc --help')
 *   bad --over list '10qs': at most 16 comma-separated durations ...
 * Values are stored in argv order, so for a repeated option the last wins
 * (a repeatable one, OPT_STRS or a callback, collects them all).
 */
#ifndef GCLAT_OPT_H
#define GCLAT_OPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum opt_kind {
    OPT_K_END,
    OPT_K_FLAG,      /* bool = true */
    OPT_K_SET,       /* int = set (several options choose one value: --json, --csv) */
    OPT_K_COUNT,     /* int += 1 */
    OPT_K_STR,       /* const char * = the argv word (not copied; argv outlives the run) */
    OPT_K_STRS,      /* repeatable: append the word to a heap (const char **, size_t n) */
    OPT_K_FILES,     /* as STRS, and the words after it up to the next option ("--gc A B --x");
                        --name=V takes V alone; at least one */
    OPT_K_INT,       /* whole number in [imin, imax]; int (4 bytes) or int64_t/size_t (8) */
    OPT_K_NUM,       /* double in [dmin, dmax] */
    OPT_K_PCT,       /* double in [dmin, dmax], an optional trailing '%' */
    OPT_K_DURATION,  /* parse_duration_us (cli.h): bare numbers in imin µs, at least imax µs */
    OPT_K_NUMS,      /* comma list of doubles in [dmin, dmax] into double[max], count in an int */
    OPT_K_DURATIONS, /* comma list of durations into int64_t[max], count in an int */
    OPT_K_ENUM,      /* one of words[] into an int */
    OPT_K_CALL,      /* call(base, opt, value): the rare special case; it dies on a bad value */
    OPT_K_HELP,      /* print the help, opt_parse returns 1 */
};

/* OPT_K_DURATION(S): the unit the value is stored in */
enum opt_store { OPT_STORE_US, OPT_STORE_NS, OPT_STORE_MS };

struct opt_word {
    const char *word;
    int value;
};

struct opt;
typedef void (*opt_call_fn)(void *base, const struct opt *o, const char *value);

struct opt {
    const char *name;  /* long name without "--" */
    char short_name;   /* 'o' for -o, or 0 */
    const char *arg;   /* argument name in the help ("FILE"); NULL: takes no value */
    enum opt_kind kind;
    size_t off;        /* destination: offset into the group's base */
    size_t size;       /* sizeof the destination (INT: 4 or 8) */
    size_t off_n;      /* NUMS/DURATIONS: the int count; STRS: the size_t count */
    int max;           /* NUMS/DURATIONS: capacity of the array */
    int set;           /* SET: the value stored */
    enum opt_store store;
    int64_t imin, imax; /* INT: bounds; DURATION(S): bare-number unit µs, minimum µs */
    double dmin, dmax;  /* NUM/PCT/NUMS: bounds */
    const struct opt_word *words; /* ENUM: ended by {NULL, 0} */
    opt_call_fn call;
    const char *help;  /* help text; '\n' starts a continuation line; NULL: not listed */
};

struct opt_group {
    const char *title; /* "Options", "Common options" */
    const struct opt *opts; /* ended by OPT_END */
};

/* A command's own wording for a shared option's help line (gc's --strict also covers time going back). */
struct opt_note {
    const char *name;
    const char *help;
};

#define OPT_MAX_GROUPS 8

struct opt_cmd {
    const char *name;  /* "gc": messages point at 'gclat gc --help' */
    const char *usage; /* the "usage: ..." line(s), each ending in '\n' */
    const char *about; /* what the command does, before the options; may be NULL */
    const struct opt_group *groups[OPT_MAX_GROUPS]; /* in help order; NULL-ended */
    const char *after; /* after the options: notes, examples, exit codes; may be NULL */
    const struct opt_note *notes; /* ended by {NULL, NULL}; may be NULL */
    /*
     * When set, each positional goes to it with bases[0], in argv order among
     * the options (compare: a run's place among --gc SPEC decides the
     * baseline); opt_parse's pos is then unused.
     */
    void (*positional)(void *base, const char *arg);
};

/* The positionals, in order (the argv words themselves); free(v) when done. */
struct opt_args {
    char **v;
    int n;
};

/*
 * Parse argv[1..argc-1] (argv[0] is the command name) against cmd; bases[k]
 * is the struct that cmd->groups[k] stores into. Returns 0, or 1 after
 * printing the help on stdout (-h, --help). Any bad option or value exits
 * EXIT_USAGE with a message on stderr. pos may be NULL when the command
 * takes no positionals (then one is an error).
 */
int opt_parse(const struct opt_cmd *cmd, void *const bases[], int argc, char **argv, struct opt_args *pos);
/*
 * compare's and report's --KIND-arg (via: "--histo-arg"): args[0..n) parsed
 * against cmd's own group (groups[0]) alone into base, as `gclat NAME`
 * parses them (a bad value says "gclat NAME: bad --top ..."). Only options
 * that shape the figures pass: a word that is not an option (a file), an
 * option of cmd's other groups (the output options, -o, --strict, --help)
 * and an option named in refused (NULL-ended, may be NULL: "top" for
 * threads' --top FILE) end the command with EXIT_USAGE.
 */
void opt_parse_figures(const struct opt_cmd *cmd, void *base, int n, char **args, const char *via,
                       const char *const *refused);
/*
 * The same refusal for a pass-through list parsed later with the whole of
 * cmd's table (compare's --lat-arg, which lat's own parser reads with the
 * files): a word that is not an option or an option's value (a file: its
 * message names the input kind, "access" for lat), an
 * option of one of the refused groups (NULL-ended) and an option named in
 * refused end the command with EXIT_USAGE. Unknown options are left to
 * cmd's parser, which names them.
 */
void opt_check_passthrough(const struct opt_cmd *cmd, const struct opt_group *const *refused_groups,
                           const char *const *refused, int n, char **args, const char *via, const char *kind);
/* The whole --help text: usage, description, the groups aligned, the rest. */
void opt_help(const struct opt_cmd *cmd, FILE *f);
/*
 * For callbacks: exit EXIT_USAGE with "bad --NAME 'VALUE': what" (what is
 * a printf format), the one form of every value error.
 */
_Noreturn void opt_bad(const struct opt *o, const char *value, const char *what, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * Table entries. T is the group's base struct, F the member. The help text
 * is the last argument of each.
 */
#define OPT__AT(T, F) .off = offsetof(T, F), .size = sizeof(((T *)0)->F)
#define OPT_END {.kind = OPT_K_END}
#define OPT_FLAG(T, F, name_, sh, help_) \
    {.name = name_, .short_name = sh, .kind = OPT_K_FLAG, OPT__AT(T, F), .help = help_}
#define OPT_SET(T, F, value, name_, sh, help_) \
    {.name = name_, .short_name = sh, .kind = OPT_K_SET, OPT__AT(T, F), .set = value, .help = help_}
#define OPT_COUNT(T, F, name_, sh, help_) \
    {.name = name_, .short_name = sh, .kind = OPT_K_COUNT, OPT__AT(T, F), .help = help_}
#define OPT_STR(T, F, name_, sh, arg_, help_) \
    {.name = name_, .short_name = sh, .arg = arg_, .kind = OPT_K_STR, OPT__AT(T, F), .help = help_}
#define OPT_STRS(T, F, N, name_, sh, arg_, help_)                                            \
    {.name = name_, .short_name = sh, .arg = arg_, .kind = OPT_K_STRS, OPT__AT(T, F),       \
     .off_n = offsetof(T, N), .help = help_}
#define OPT_FILES(T, F, N, name_, sh, arg_, help_)                                           \
    {.name = name_, .short_name = sh, .arg = arg_, .kind = OPT_K_FILES, OPT__AT(T, F),      \
     .off_n = offsetof(T, N), .help = help_}
#define OPT_INT(T, F, name_, sh, arg_, lo, hi, help_)                                        \
    {.name = name_, .short_name = sh, .arg = arg_, .kind = OPT_K_INT, OPT__AT(T, F), .imin = lo, \
     .imax = hi, .help = help_}
#define OPT_NUM(T, F, name_, sh, arg_, lo, hi, help_)                                        \
    {.name = name_, .short_name = sh, .arg = arg_, .kind = OPT_K_NUM, OPT__AT(T, F), .dmin = lo, \
     .dmax = hi, .help = help_}
#define OPT_PCT(T, F, name_, sh, arg_, lo, hi, help_)                                        \
    {.name = name_, .short_name = sh, .arg = arg_, .kind = OPT_K_PCT, OPT__AT(T, F), .dmin = lo, \
     .dmax = hi, .help = help_}
/* bare_us: what a bare number means (1000: ms); min_us: the smallest accepted */
#define OPT_DURATION(T, F, store_, name_, sh, arg_, bare_us, min_us, help_)                 \
    {.name = name_, .short_name = sh, .arg = arg_, .kind = OPT_K_DURATION, OPT__AT(T, F),    \
     .store = store_, .imin = bare_us, .imax = min_us, .help = help_}
#define OPT_DURATIONS(T, F, N, store_, name_, sh, arg_, bare_us, min_us, help_)             \
    {.name = name_, .short_name = sh, .arg = arg_, .kind = OPT_K_DURATIONS, OPT__AT(T, F),   \
     .off_n = offsetof(T, N), .max = (int)(sizeof(((T *)0)->F) / sizeof(int64_t)),          \
     .store = store_, .imin = bare_us, .imax = min_us, .help = help_}
#define OPT_NUMS(T, F, N, name_, sh, arg_, lo, hi, help_)                                    \
    {.name = name_, .short_name = sh, .arg = arg_, .kind = OPT_K_NUMS, OPT__AT(T, F),        \
     .off_n = offsetof(T, N), .max = (int)(sizeof(((T *)0)->F) / sizeof(double)), .dmin = lo, \
     .dmax = hi, .help = help_}
#define OPT_ENUM(T, F, name_, sh, arg_, words_, help_)                                       \
    {.name = name_, .short_name = sh, .arg = arg_, .kind = OPT_K_ENUM, OPT__AT(T, F),        \
     .words = words_, .help = help_}
/* arg_ NULL: a flag whose callback gets value NULL */
#define OPT_CALL(name_, sh, arg_, fn, help_) \
    {.name = name_, .short_name = sh, .arg = arg_, .kind = OPT_K_CALL, .call = fn, .help = help_}
#define OPT_HELP(help_) {.name = "help", .short_name = 'h', .kind = OPT_K_HELP, .help = help_}

#endif
