/* The text of one measured dataset (schema/README.md): header, then one
 * flow mapping per result in fields.def order. No dates, no timings: two
 * runs of the same firmware give the same bytes. */
#ifndef CPR_DSOUT_H
#define CPR_DSOUT_H

#include "row.h"
#include "cryptoperf.h"

typedef struct {
    const char *series;
    const char *lib_slug, *lib_name, *lib_version, *lib_version_note, *lib_package;
    const char *mcu, *mcu_short, *core, *board, *emulator;
    long long core_clock_hz;
    const char *clock_note;
    /* read back from a board's registers (< 0 / NULL: not known) */
    long long flash_latency_ws, icache, dcache, prefetch_art;
    const char *voltage_scaling;
    const char *compiler, *flags, *optimization, *libc;
    const char *counter_kind, *counter_method;
    int icount_shift;            /* < 0: not written */
    long long repetitions;       /* < 0: not written */
    long long overhead;          /* < 0: not written */
    const char *first_call, *first_call_note;
    const char *firmware_revision, *runner;
    /* the cycle model: status NULL when none ran ("modelled" or
     * "not-modelled" otherwise), the rest as schema/README.md says */
    const char *cm_status, *cm_name, *cm_version, *cm_core, *cm_memory, *cm_sources, *cm_error, *cm_note;
    const cpr_axis *axes;        /* configuration labels and what they mean */
    size_t naxes;
    const char *const *notes;
    size_t nnotes;
    /* families the library version lacks, as the firmware lists them
     * ("ML-DSA, ML-KEM"), or NULL */
    const char *families_absent;
} cpr_header;

void cpr_dataset_text(cp_buf *b, const cpr_header *h, const cpr_rows *rows);

/* The first line of a dataset: "# yaml-language-server: $schema=PATH", PATH
 * the schema as seen from the dataset's folder (computed on the names, so
 * it does not depend on where the runner ran), for editors that complete
 * and check YAML against a JSON Schema. */
void cpr_dataset_modeline(cp_buf *b, const char *dataset_path, const char *schema_path);

#endif
