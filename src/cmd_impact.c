/*
 * cmd_impact.c — placeholder until `gclat impact` is built (see the issue tracker).
 * It exists so the command table is complete; it does nothing and says so.
 */
#include "commands.h"
#include "util.h"

const char cmd_impact_help[] = "usage: gclat impact ...\n\nNot implemented in this build yet.\n";

int cmd_impact(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    warnx("not implemented in this build yet");
    return EXIT_USAGE;
}
