/* What the cycle model costs, measured in the sweep that pays it: a few of
 * the images that ran under the model run again, with the plugin and
 * without, and the CPU times QEMU took are compared (make measure prints
 * it; the budget is 1.3 times). */
#ifndef CPR_MODELCOST_H
#define CPR_MODELCOST_H

#include <stdio.h>

#include "run.h"

/* Runs the first n images of r that ran under the model once more each
 * way, one at a time, and prints the ratio on out. Returns 0, or -1 when a
 * run failed or there was nothing to compare (said on out). */
int cpr_model_cost(const cpr_runs *r, unsigned n, FILE *out);

#endif
