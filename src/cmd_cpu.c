/*
 * cmd_cpu.c — placeholder until `gclat cpu` is built (see the issue tracker).
 * It exists so the command table is complete; it does nothing and says so.
 */
#include "commands.h"
#include "util.h"

const char cmd_cpu_help[] = "usage: gclat cpu ...\n\nNot implemented in this build yet.\n";

int cmd_cpu(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    warnx("not implemented in this build yet");
    return EXIT_USAGE;
}
