/*
 * threadcat.h — a JVM thread's name to a category (GC, JIT, VM, JVM, app)
 * and a group (its pool: trailing number replaced by '*').
 *
 * Names may be cut: /proc/TID/comm keeps 15 bytes ("C2 CompilerThre",
 * "VM Periodic Tas"), and top's 80-column batch view cuts further and marks it
 * with a trailing '+' ("GC Thread+"). The patterns are prefixes short enough
 * to match the cut forms (at least the first 9 characters that top keeps in
 * its narrowest COMMAND column), so a cut name lands in the same category as
 * the full one. A cut application name keeps its visible prefix plus "+" as
 * the group ("http-nio-8080-e+"): all threads of a pool still share it.
 */
#ifndef GCLAT_THREADCAT_H
#define GCLAT_THREADCAT_H
#include <stdbool.h>
#include <stddef.h>

enum tcat { TC_GC, TC_JIT, TC_VM, TC_JVM, TC_APP, TC_EXITED, TC_N };
extern const char *const tcat_names[TC_N];

/* Category of the thread name s[0..n). */
enum tcat threadcat(const char *s, size_t n);
/*
 * Group name (heap string): the name with a trailing decimal number replaced
 * by '*' ("http-nio-8080-exec-12" -> "http-nio-8080-exec-*",
 * "GC Thread#3" -> "GC Thread#*"). `cut` says the name may be truncated
 * (15-byte comm or a '+' from top): then a trailing '+' is kept/added
 * instead, since the digits seen may be a prefix of a longer name.
 */
char *threadcat_group(const char *s, size_t n, bool cut);
#endif
