/* What the fuzz targets share: the schema, loaded once from the checkout
 * (the targets run from its top, as `make fuzz` runs them), and a diag that
 * counts without printing. */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stdio.h>
#include <stdlib.h>

#include "cryptoperf.h"

static inline const cp_schema *fuzz_schema(void)
{
    static cp_schema *schema;
    if (!schema) {
        schema = cp_schema_load("schema/dataset.schema.json", stderr);
        if (!schema) {
            fputs("fuzz: run from the top of the checkout (schema/dataset.schema.json)\n", stderr);
            abort();
        }
    }
    return schema;
}

/* a dataset's path: the folder checks run, as for data/ */
#define FUZZ_DATASET_PATH "data/demo/examplelib-1.0/dataset.yaml"

#endif
