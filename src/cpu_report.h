/*
 * cpu_report.h — `gclat cpu` as a library call for compare and report: the
 * same option parser, aggregation and report tree as the command.
 */
#ifndef GCLAT_CPU_REPORT_H
#define GCLAT_CPU_REPORT_H

#include "report.h"

/*
 * Run `cpu` over argv[1..argc-1] (argv[0] is the command name; give --json,
 * -q as on the command line) and hand back its report tree in *tree (NULL
 * when there is none) instead of printing it. Returns the exit code the
 * command would have; a tree may come with EXIT_BADINPUT (the command
 * prints it then too). A malformed option exits with EXIT_USAGE.
 */
int cpu_report_tree(int argc, char **argv, struct report_node **tree);

#endif
