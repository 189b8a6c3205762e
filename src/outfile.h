/*
 * outfile.h — an output file that appears whole or not at all.
 *
 * `-o report.txt` must never leave a half-written report, nor destroy the
 * previous one when the run fails (a missing input, a full disk, Ctrl-C).
 * For a regular file (or a path that does not exist yet) gclat writes a
 * temporary file ".NAME.XXXXXX" in the same folder and renames it over NAME
 * only once everything was written, flushed and synced; on any failure the
 * temporary file is removed and NAME is left as it was. A symlink is
 * followed, so the file it points to is replaced and the link kept.
 * Non-regular targets (/dev/null, a FIFO, a terminal) cannot be renamed
 * over and are written directly; a write error is still an error.
 *
 * Temporary files still pending are removed when the process exits (die(),
 * return from main) or is stopped by SIGINT, SIGTERM or SIGHUP.
 */
#ifndef GCLAT_OUTFILE_H
#define GCLAT_OUTFILE_H

#include <stdio.h>

/* Open path for writing as above. Exits EXIT_IO (with a message) when impossible. */
FILE *outfile_open(const char *path);
/*
 * Finish f: flush, sync, close, and rename into place. On any failure the
 * target keeps its old content and gclat exits EXIT_IO naming the file.
 */
void outfile_commit(FILE *f);
/* Give up on f: close it and remove the temporary file; the target is untouched. */
void outfile_discard(FILE *f);

#endif
