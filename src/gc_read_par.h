/*
 * gc_read_par.h — one big GC log read on several threads, with the result
 * of reading it on one, byte for byte (gc_read.c's internals; the method is
 * at the top of gc_read_par.c).
 */
#ifndef GCLAT_GC_READ_PAR_H
#define GCLAT_GC_READ_PAR_H

#include "gc_feed.h"

/*
 * Read the regular file path (size_bytes long), whose format f->fmt was
 * detected and whose file boundary was told; f has no open parser. A plain
 * file is mapped and read in place: on gc_read_jobs() threads when it is
 * big enough and its format has a gc_parser_par, else on this thread.
 * Returns -1, having done nothing, when the file is not for this path (not
 * plain text: gzip, UTF-16, a BOM; not mappable); else 0, or EXIT_IO
 * (message printed). Then f is as feed_close leaves it, and res, f->ctx and
 * its diag are as the reader (gc_read.c) leaves them for the same lines.
 */
int gc_read_par_file(struct feed *f, const char *path, uint64_t size_bytes, struct gc_read_result *res);

#endif
