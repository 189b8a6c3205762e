/*
 * cmd_lat.c — placeholder until `gclat lat` is built (see the issue tracker).
 * It exists so the command table is complete; it does nothing and says so.
 */
#include "commands.h"
#include "util.h"

const char cmd_lat_help[] = "usage: gclat lat ...\n\nNot implemented in this build yet.\n";

int cmd_lat(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    warnx("not implemented in this build yet");
    return EXIT_USAGE;
}
