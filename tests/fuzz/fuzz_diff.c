/* `cryptoperf diff` on any two datasets: the input is OLD and NEW split at
 * the first line "---8<---" (NEW is the whole input when there is none);
 * both are loaded and validated, and when both are valid they are compared
 * and the report made in YAML and in JSON. */
#define _GNU_SOURCE   /* memmem */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fuzz_common.h"
#include "diff/diff.h"
#include "diff/diff_emit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char cut[] = "\n---8<---\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    const char *at = memmem(text, size, cut, sizeof cut - 1);
    size_t old_len = at ? (size_t)(at - text) + 1 : size;
    const char *new_text = at ? at + sizeof cut - 1 : text;
    size_t new_len = at ? size - (size_t)(new_text - text) : size;
    cp_diag diag = { .out = NULL };
    cp_dataset ds[2];
    int bad = cp_dataset_load_ex(&ds[0], FUZZ_DATASET_PATH, text, old_len, fuzz_schema(), 0, &diag) != 0;
    bad |= cp_dataset_load_ex(&ds[1], FUZZ_DATASET_PATH, new_text, new_len, fuzz_schema(), 0, &diag) != 0;
    if (!bad) {
        cp_diff_thresholds th;
        cp_diff_thresholds_default(&th);
        cp_diff d;
        cp_diff_compute(&d, ds[0].results, ds[0].nresults, ds[1].results, ds[1].nresults, &th);
        for (int f = 0; f < 2; f++) {
            cp_buf out = { 0 }, rest = { 0 };
            cp_diff_emit(&out, &rest, f ? CP_YJ_JSON : CP_YJ_YAML, &d, &ds[0], &ds[1], &th);
            cp_buf_free(&out);
            cp_buf_free(&rest);
        }
        cp_diff_free(&d);
    }
    cp_dataset_free(&ds[0]);
    cp_dataset_free(&ds[1]);
    return 0;
}
