/*
 * histo_input.h — the files of `gclat histo` (and of a compare/report run's
 * histograms) read into a histo_analysis: each file through the reader
 * (gzip, '-', UTF-16), line counts into the diag, and the messages about the
 * input itself on stderr (cannot open, no histogram rows, a thread dump
 * sharing the file), as the reader's own warnings are.
 */
#ifndef GCLAT_HISTO_INPUT_H
#define GCLAT_HISTO_INPUT_H

#include <stdbool.h>

#include "histo_analysis.h"

/*
 * Read a->f[0..nfiles) in order into a, then histo_analysis_finish. Returns
 * 0, EXIT_IO (a file that cannot be opened or read; the others are still
 * read) or EXIT_BADINPUT (a file without a histogram row). quiet: no note
 * about thread-dump lines.
 */
int histo_read_inputs(struct histo_analysis *a, bool quiet);

#endif
