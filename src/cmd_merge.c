/*
 * cmd_merge.c — placeholder until `gclat merge` is built (see the issue tracker).
 * It exists so the command table is complete; it does nothing and says so.
 */
#include "commands.h"
#include "util.h"

const char cmd_merge_help[] = "usage: gclat merge ...\n\nNot implemented in this build yet.\n";

int cmd_merge(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    warnx("not implemented in this build yet");
    return EXIT_USAGE;
}
