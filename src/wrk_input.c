/*
 * wrk_input.c — a saved wrk/wrk2 output as an input of `gclat lat` (and so
 * of compare): read through the reader (gzip, UTF-16), parsed by
 * wrk_parse.c, unparsed lines counted in diag. Whether a file is one is
 * told by its sniffed sample (sniff.h: wrk_banner), so the head is read once.
 */
#include "reader.h"
#include "util.h"
#include "wrk_input.h"

#include <errno.h>
#include <string.h>

int wrk_read_file(const char *path, struct wrk_result *res, struct diag *d)
{
    struct reader r;
    if (reader_open(&r, path) != 0) {
        warnx("cannot open %s: %s", path, strerror(errno));
        return EXIT_IO;
    }
    reader_set_diag(&r, d);
    struct wrk_parser p;
    wrk_parser_init(&p, res, d, path);
    const char *l;
    size_t n;
    int got;
    while ((got = reader_next(&r, &l, &n)) == 1)
        wrk_parser_line(&p, l, n, r.lineno);
    int rc = EXIT_OK;
    if (got < 0) {
        warnx("%s: %s", path, reader_strerror(&r));
        rc = EXIT_IO;
    } else if (!wrk_parser_finish(&p)) {
        warnx("%s: a wrk output without its summary line ('N requests in ...'): truncated?", path);
        rc = EXIT_BADINPUT;
    }
    reader_close(&r);
    return rc;
}
