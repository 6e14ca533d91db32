/* `cryptoperf validate` on any bytes: the YAML loader (libyaml and the fast
 * path), the schema and every check beyond it. Never a crash, a leak or
 * undefined behaviour, whatever the input. */
#include <stddef.h>
#include <stdint.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cp_diag diag = { .out = NULL };
    cp_dataset ds;
    cp_dataset_load_ex(&ds, FUZZ_DATASET_PATH, (const char *)data, size, fuzz_schema(), 0, &diag);
    cp_dataset_free(&ds);
    return 0;
}
