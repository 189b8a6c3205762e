/*
 * cmd_histo.c — placeholder until `gclat histo` is built (see the issue tracker).
 * It exists so the command table is complete; it does nothing and says so.
 */
#include "commands.h"
#include "util.h"

const char cmd_histo_help[] = "usage: gclat histo ...\n\nNot implemented in this build yet.\n";

int cmd_histo(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    warnx("not implemented in this build yet");
    return EXIT_USAGE;
}
