/* Collecting image outputs into datasets: one set per (board, library,
 * version) of the manifest. Each image's YAML document is parsed with the
 * project loader and checked (run header, known result fields, counts);
 * every problem is reported as "<where>: <what>" and counted. */
#ifndef CPR_COLLECT_H
#define CPR_COLLECT_H

#include <stdio.h>

#include "manifest.h"
#include "node.h"
#include "row.h"

typedef struct {
    const cpr_image *key;         /* first image of the set (board, library, version) */
    const cp_node *run;           /* run header of the first benchmark image */
    const char *run_image;
    long long overhead_min, overhead_max;
    cpr_axis *axes;
    size_t naxes;
    cpr_rows rows;
} cpr_set;

typedef struct {
    cpr_set *v;
    size_t n;
    cp_doc *docs;                 /* kept: rows and runs point into them */
    size_t ndocs;
    unsigned errors;
    unsigned signatures;          /* verified with OpenSSL on the host */
    FILE *err;
} cpr_collection;

void cpr_collection_init(cpr_collection *c, FILE *err);
void cpr_collection_free(cpr_collection *c);

/* Adds the rows of one image's stdout. name labels the output in messages;
 * results: how many results its end line announced (frame.h). */
void cpr_collect_output(cpr_collection *c, const cpr_image *im, const char *name, const char *out,
                        size_t len, unsigned long results);
/* Whether a set for im's board, library and version has been started by
 * a run output (footprint rows only go with measured datasets). */
int cpr_collection_has_set(const cpr_collection *c, const cpr_image *im);
/* Adds the footprint row of a footprint image: section sizes minus its
 * baseline, stack and heap from the matching performance rows. top: the
 * folder manifest image paths are relative to. */
void cpr_collect_footprint(cpr_collection *c, const cpr_manifest *m, const cpr_image *im,
                           const char *top);

#endif
