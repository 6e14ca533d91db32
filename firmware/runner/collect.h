/* Collecting image outputs into datasets: one set per (board, library,
 * version) of the manifest. Each image's YAML document is parsed with the
 * project loader and checked (run header, known result fields, counts);
 * every problem is reported as "<where>: <what>" and counted. */
#ifndef CPR_COLLECT_H
#define CPR_COLLECT_H

#include <stdio.h>

#include "machines.h"
#include "manifest.h"
#include "cryptoperf.h"
#include "row.h"
#include "windows.h"

/* Whether an image ran under the cycle model (firmware/cycles/). */
typedef enum {
    CPR_MODEL_NONE,          /* no model asked for (a board, LAVA, no plugin given) */
    CPR_MODEL_RAN,           /* the plugin timed its windows */
    CPR_MODEL_NOT_MODELLED,  /* asked for, but the core has no model */
} cpr_model_state;

typedef struct {
    const cpr_image *key;         /* first image of the set (board, library, version) */
    const cp_node *run;           /* run header of the first benchmark image */
    const char *run_image;
    long long overhead_min, overhead_max;
    cpr_axis *axes;
    size_t naxes;
    cpr_rows rows;
    /* the cycle model of every image of the set (the same for all), and
     * the machine whose core it modelled or did not */
    cpr_model_state model;
    const cpc_machine *model_machine;
    int model_seen;
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

/* How one image ran: its stdout (the document), its stderr (where the
 * cycle model's window lines are) and whether the model ran. */
typedef struct {
    const char *out, *err;
    size_t out_len, err_len;
    cpr_model_state model;
} cpr_run_output;

/* Adds the rows of one image's output. name labels the output in messages;
 * results: how many results its end line announced (frame.h). Under the
 * cycle model every performance row gets its estimated cycles: its
 * window's minus the calibration window's, once the window's instructions
 * minus the calibration's equal the row's instruction count exactly. */
void cpr_collect_output(cpr_collection *c, const cpr_image *im, const char *name, const cpr_run_output *run,
                        unsigned long results);
/* Whether a set for im's board, library and version has been started by
 * a run output (footprint rows only go with measured datasets). */
int cpr_collection_has_set(const cpr_collection *c, const cpr_image *im);
/* Adds the footprint row of a footprint image: section sizes minus its
 * baseline, stack and heap from the matching performance rows. top: the
 * folder manifest image paths are relative to. */
void cpr_collect_footprint(cpr_collection *c, const cpr_manifest *m, const cpr_image *im,
                           const char *top);

#endif
