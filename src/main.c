/*
 * main.c — dispatch to subcommands; `gclat --version`, `gclat help [CMD]`.
 */
#include "commands.h"
#include "opt.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

#ifndef GCLAT_VERSION
#define GCLAT_VERSION "unknown"
#endif

struct command {
    const char *name;
    const char *summary;
    int (*run)(int, char **);
    const struct opt_cmd *opts; /* its option table: the help comes from it */
};

#define HELP_OPT(name) &cmd_##name##_opts
#define ENTRY(name, summary, help) {#name, summary, cmd_##name, HELP_##help(name)},
static const struct command commands[] = {GCLAT_COMMANDS(ENTRY)};
#undef ENTRY

static void usage(FILE *f)
{
    fprintf(f, "usage: gclat COMMAND [OPTIONS] [FILE...]\n"
               "\n"
               "Find where a Java service's tail latency went, from the logs it leaves.\n"
               "\n"
               "Commands:\n");
    for (size_t i = 0; i < ARRAY_LEN(commands); i++)
        fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\n"
               "  gclat help COMMAND   the options of one command (same as COMMAND --help)\n"
               "  gclat --version      version\n"
               "\n"
               "Files may be '-' for standard input; .gz input is read transparently.\n"
               "Exit codes: 0 ok, 1 usage error, 2 bad input, 3 I/O error, 4 --fail-if held.\n"
               "See gclat(1) and README.md.\n");
}

static void print_help(const struct command *c)
{
    opt_help(c->opts, stdout);
}

static const struct command *find(const char *name)
{
    for (size_t i = 0; i < ARRAY_LEN(commands); i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    const char *a = argv[1];
    if (strcmp(a, "--version") == 0 || strcmp(a, "version") == 0) {
        printf("gclat %s\n", GCLAT_VERSION);
        close_stdout();
        return EXIT_OK;
    }
    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
        usage(stdout);
        close_stdout();
        return EXIT_OK;
    }
    if (strcmp(a, "help") == 0) {
        if (argc < 3) {
            usage(stdout);
        } else {
            const struct command *c = find(argv[2]);
            if (!c)
                die(EXIT_USAGE, "no such command '%s' (try 'gclat help')", argv[2]);
            print_help(c);
        }
        close_stdout();
        return EXIT_OK;
    }
    const struct command *c = find(a);
    if (!c) {
        warnx("no such command '%s'", a);
        usage(stderr);
        return EXIT_USAGE;
    }
    static char name_buf[64];
    snprintf(name_buf, sizeof name_buf, "gclat %s", c->name);
    prog_name = name_buf;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0)
            break;
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            print_help(c);
            close_stdout();
            return EXIT_OK;
        }
    }
    return c->run(argc - 1, argv + 1);
}
