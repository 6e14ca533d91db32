/* JSON Schema (draft 2020-12) validation of a YAML tree, for the keywords
 * that schema/dataset.schema.json uses (listed in schema.c). Errors are
 * reported through cp_diag with the instance's file:line:column and path. */
#ifndef CP_SCHEMA_H
#define CP_SCHEMA_H

#include "data/diag.h"
#include "data/node.h"

typedef struct cp_schema cp_schema;

/* NULL on error (reported to err). */
cp_schema *cp_schema_load(const char *path, FILE *err);
void cp_schema_free(cp_schema *s);
/* Returns the number of problems reported. */
unsigned cp_schema_validate(const cp_schema *s, const cp_node *instance, cp_diag *diag);
/* cp_schema_validate of doc's root, leaving out "expected the required
 * field" for a key the loader refused the value of (a tag, an anchor): it
 * was reported where it is, and is not missing. */
unsigned cp_schema_validate_doc(const cp_schema *s, const cp_doc *doc, cp_diag *diag);
/* The loaded schema document (for tests and for reading annotations). */
const cp_node *cp_schema_root(const cp_schema *s);

#endif
