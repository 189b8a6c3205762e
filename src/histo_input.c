/*
 * histo_input.c — see histo_input.h.
 */
#include "histo_input.h"
#include "reader.h"
#include "util.h"

#include <errno.h>
#include <string.h>

int histo_read_inputs(struct histo_analysis *a, bool quiet)
{
    int ret = EXIT_OK;
    for (int f = 0; f < a->nfiles; f++) {
        const char *file = a->f[f].name;
        struct reader r;
        if (reader_open(&r, file) != 0) {
            warnx("cannot open %s: %s", file, strerror(errno));
            ret = EXIT_IO;
            continue;
        }
        reader_set_diag(&r, a->diag);
        histo_analysis_begin_file(a, f, r.name);
        const char *s;
        size_t n;
        int rc;
        while ((rc = reader_next(&r, &s, &n)) == 1) {
            a->diag->lines_read++;
            histo_analysis_add_line(a, s, n, r.lineno);
        }
        reader_progress_done();
        if (rc < 0) {
            warnx("%s: %s", r.name, reader_strerror(&r));
            ret = EXIT_IO;
        }
        const struct histo_parser *p = &a->f[f].p;
        if (p->dump_lines && !quiet)
            warnx("%s:%llu: %llu lines are a thread dump, not a histogram (gclat threads %s reads "
                  "them)", r.name, (unsigned long long)p->dump_first_line,
                  (unsigned long long)p->dump_lines, r.name);
        if (p->rows == 0 && ret == EXIT_OK) {
            warnx("%s: no histogram rows", r.name);
            ret = EXIT_BADINPUT;
        }
        reader_close(&r);
    }
    histo_analysis_finish(a);
    return ret;
}
