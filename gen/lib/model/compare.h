/* The comparison page of a series reads one "dataset" made of several: a
 * header naming the series and its library versions (templates/README.md,
 * "Comparison page") and every result of every dataset, each result keeping
 * the header of its own dataset (clock, counter kind, library), so that
 * derived values and `$counter.kind` selections are per result. */
#ifndef CP_COMPARE_H
#define CP_COMPARE_H

#include "base/util.h"
#include "data/dataset.h"

/* Fills out from sets[0..n) (one series, in column order). The results
 * point into the sets, which must outlive out; free out with
 * cp_dataset_free. 0, or -1 after reporting to diag (a header that does
 * not read back, which is a bug). */
int cp_compare_build(cp_dataset *out, const cp_dataset *const *sets, size_t n, cp_diag *diag);

/* Shared with the cross-core page (cores.h): `key: "value"` in a flow
 * mapping (a comma before it unless first); the clock; and out's header read from
 * header (freed) with every result of sets[0..n) appended (out->path set
 * first: it names the header in messages). */
void cp_compare_field(cp_buf *b, const char *key, const char *value, int first);
/* `, clock_hz: N` of the dataset's core clock, when it is an integer */
void cp_compare_clock(cp_buf *b, const cp_dataset *ds);
/* The dataset's cycle model: `, cycles: STATUS` (modelled, not-modelled,
 * or none when it has no cycle_model) and, when it has one, `, model:
 * TEXT` ("cryptoperf-cycles 1", "not modelled (NOTE)") */
void cp_compare_model(cp_buf *b, const cp_dataset *ds);
int cp_compare_merge(cp_dataset *out, cp_buf *header, const cp_dataset *const *sets, size_t n, cp_diag *diag);

#endif
