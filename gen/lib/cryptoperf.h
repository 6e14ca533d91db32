/* The library's public header: what a program outside gen/ may use of it
 * (the runner, firmware/runner/, which writes datasets; the benchmarks of
 * bench/). Everything else under gen/lib/ is the generator's own and may
 * change without notice; tests/meta/layers.t fails when a file of the
 * runner or of bench/ includes anything of gen/ but this header.
 *
 * The surface, by layer (gen/README.md has the map):
 *   base/util.h        allocation that never fails, growable strings
 *                      (cp_buf), whole-file reading, atomic replacement,
 *                      version order (cp_version_cmp)
 *   base/path_rel.h    relative paths between files
 *   base/yaml_write.h  YAML scalars written as libyaml's emitter writes them
 *   base/datadir.h     the installed or checked-out schema (cp_schema_path)
 *   data/node.h        YAML documents as trees that know file:line:column
 *   data/diag.h        error reports in the one format of every program
 *   data/schema.h      JSON Schema validation of a document
 *   data/dataset.h     a dataset in memory, loaded and checked; the result
 *                      fields (cp_fields, data/fields.def) */
#ifndef CRYPTOPERF_H
#define CRYPTOPERF_H

#include "base/datadir.h"
#include "base/path_rel.h"
#include "base/text_clean.h"
#include "base/util.h"
#include "base/yaml_write.h"
#include "data/dataset.h"
#include "data/diag.h"
#include "data/node.h"
#include "data/schema.h"

#endif
