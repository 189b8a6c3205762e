/* wrk_input.h — wrk/wrk2 output files as inputs (wrk_parse.h has the format). */
#ifndef GCLAT_WRK_INPUT_H
#define GCLAT_WRK_INPUT_H

#include <stdbool.h>

#include "diag.h"
#include "wrk_parse.h"

/* Parse path into res (initialised by the caller). Returns 0 or an exit code (message printed). */
int wrk_read_file(const char *path, struct wrk_result *res, struct diag *d);

#endif
