/* The QEMU runs of a manifest: which images run (by kind), the argv each
 * runs with, and what went wrong with each, named by image and case. */
#ifndef CPR_RUN_H
#define CPR_RUN_H

#include <stdio.h>

#include "frame.h"
#include "collect.h"
#include "manifest.h"
#include "pool.h"

typedef struct {
    const cpr_image **image;
    cpr_job *jobs;
    char ***argv;
    char **label;
    int *failed;
    cpr_frame *frame;   /* the end line of each run that passed */
    /* Set by a back end other than the direct one (lava.h), else NULL: */
    char **name;        /* how messages name the run ("<image> (LAVA job 12)") */
    char **why;         /* why it failed, in place of the process's exit status */
    size_t n;
    /* The cycle model (firmware/cycles/): the plugin every run of a
     * modelled core loads (NULL: none), and how each image ran. */
    const char *plugin;
    cpr_model_state *model;
} cpr_runs;

/* Selects the images whose kind is one of kinds. timeout: when non-zero,
 * replaces every image's timeout_s. plugin: the cycle model's QEMU plugin,
 * loaded for every image of a core it models (NULL: no model). Returns 0,
 * or -1 after saying on err why an image cannot run under the model. */
int cpr_runs_init(cpr_runs *r, const cpr_manifest *m, const char *const *kinds, size_t nkinds,
                  const char *qemu, const char *top, unsigned timeout, const char *plugin, FILE *err);
/* Runs them all; -1 when interrupted. */
int cpr_runs_execute(cpr_runs *r, unsigned parallel, FILE *progress, int tty);
/* Reports every failed run ("image: case id: reason") and marks it in
 * failed[]; returns how many failed. A run that exited 0 without a whole
 * document (frame.h: end line, length, CRC) failed too. */
unsigned cpr_runs_report(cpr_runs *r, FILE *err);
void cpr_runs_free(cpr_runs *r);

/* The id of the last "# case <id>" comment in a run's output, or NULL.
 * *finished tells whether a result item follows it: the firmware prints the
 * comment with the result, so an item means the case completed; a comment
 * printed when a case starts and not followed by its item names the case
 * that was running when the run stopped. */
char *cpr_last_case(const char *out, int *finished);

#endif
