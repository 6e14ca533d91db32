/* The key of a render run: a SHA-256 of everything its output files
 * depend on, so that a render whose key and output files are those of the
 * last run (chart_cache.h) can skip the run altogether. It covers the
 * programs (the chart cache's identity: this cryptoperf and gnuplot), the
 * run's words (output folder, templates folder, schema, the datasets in
 * their order) and the content of the schema, of every file under the
 * templates folder and of every dataset. */
#ifndef CP_RUN_KEY_H
#define CP_RUN_KEY_H

#include <stddef.h>

#include "chart/chart_cache.h"

/* 0 and the key, or -1 when an input is not a regular file that can be
 * read (a pipe, a missing file): such a run has no key and is rendered. */
int cp_run_key(unsigned char key[CP_CHART_KEY_BYTES], const unsigned char identity[CP_CHART_KEY_BYTES],
               const char *outdir, const char *templates, const char *schema, char *const *datasets,
               size_t ndatasets);

#endif
