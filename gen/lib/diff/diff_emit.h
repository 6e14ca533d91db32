/* The machine-readable form of a diff (YAML or JSON, same structure; the
 * format is described in `cryptoperf help diff`). */
#ifndef CP_DIFF_EMIT_H
#define CP_DIFF_EMIT_H

#include "base/util.h"
#include "base/yamljson.h"
#include "data/dataset.h"
#include "diff/diff.h"

/* Appends the whole document to out; or, when a large YAML report is
 * written by two threads, its first part to out and the rest to rest
 * (else rest stays empty): the document is out's text, then rest's. */
void cp_diff_emit(cp_buf *out, cp_buf *rest, cp_yj_format format, const cp_diff *d, const cp_dataset *old_ds,
                  const cp_dataset *new_ds, const cp_diff_thresholds *t);

#endif
