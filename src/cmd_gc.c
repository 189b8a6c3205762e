/* cmd_gc.c — placeholder; the analysis lands next. */
#include "commands.h"
#include "util.h"
const char cmd_gc_help[] = "usage: gclat gc [OPTIONS] FILE...\n";
int cmd_gc(int argc, char **argv) { (void)argc; (void)argv; return EXIT_USAGE; }
