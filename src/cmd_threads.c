/*
 * cmd_threads.c — placeholder until `gclat threads` is built (see the issue tracker).
 * It exists so the command table is complete; it does nothing and says so.
 */
#include "commands.h"
#include "util.h"

const char cmd_threads_help[] = "usage: gclat threads ...\n\nNot implemented in this build yet.\n";

int cmd_threads(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    warnx("not implemented in this build yet");
    return EXIT_USAGE;
}
