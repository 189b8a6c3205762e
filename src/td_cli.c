/*
 * td_cli.c — `gclat threads`' command line (td.h): the defaults its table
 * starts from, for the command and for compare's --threads-arg alike.
 */
#include "td.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void td_cli_init(struct td_cli *c)
{
    memset(c, 0, sizeof *c);
    c->o.limit = 10;
    c->o.stack_depth = 30;
    c->o.pid = -1;
    for (const char *const *p = td_default_framework_prefixes; *p; p++) {
        c->fw = xrealloc(c->fw, (c->nfw + 1) * sizeof *c->fw);
        c->fw[c->nfw++] = xstrdup(*p);
    }
}

void td_cli_prefixes(struct td_cli *c)
{
    c->o.px.app = c->app;
    c->o.px.napp = c->napp;
    c->o.px.fw = c->fw;
    c->o.px.nfw = c->nfw;
}

void td_cli_fini(struct td_cli *c)
{
    for (size_t i = 0; i < c->napp; i++)
        free((void *)c->app[i]);
    for (size_t i = 0; i < c->nfw; i++)
        free((void *)c->fw[i]);
    free(c->app);
    free(c->fw);
    memset(c, 0, sizeof *c);
}
