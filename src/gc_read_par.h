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
 * detected and whose file boundary was told; f has no open parser. Returns
 * -1, having done nothing, when the file is not for this path (one job, a
 * small file, not plain text, not mappable, a format parsed on one thread
 * only); else 0, or EXIT_IO (message printed). Either way f is then as
 * feed_close leaves it, and res, f->ctx and its diag are as the one-thread
 * reader leaves them.
 */
int gc_read_par_file(struct feed *f, const char *path, uint64_t size_bytes, struct gc_read_result *res);

#endif
