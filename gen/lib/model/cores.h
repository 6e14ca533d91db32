/* The cross-core page of a library version reads one "dataset" made of the
 * datasets of that version on every series (templates/README.md, "Cross-core
 * page"): a header naming the library and the cores, and every result of
 * every dataset, each keeping the header of its own dataset (core, clock,
 * counter kind), so that a column per core comes from `{hardware.core}`. */
#ifndef CP_CORES_H
#define CP_CORES_H

#include "data/dataset.h"

/* Fills out from sets[0..n) (one library version, in column order). The
 * results point into the sets, which must outlive out; free out with
 * cp_dataset_free. 0, or -1 after reporting to diag. */
int cp_cores_build(cp_dataset *out, const cp_dataset *const *sets, size_t n, cp_diag *diag);

#endif
