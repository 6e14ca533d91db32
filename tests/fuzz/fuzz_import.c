/* `cryptoperf import` on any CSV: the CSV reader, the column and cell
 * checks, the dataset text made of the rows and its validation, and the
 * messages moved back to the CSV's cells. The header is a fixed valid one. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fuzz_common.h"
#include "import/csv_read.h"
#include "import/import_check.h"
#include "import/import_emit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char header[] = "format: cryptoperf-dataset/1\n"
                             "series: demo\n"
                             "layout: st\n"
                             "library: {slug: examplelib, name: ExampleLib, version: \"1.0\"}\n"
                             "hardware: {mcu: STM32L552ZET6Q, core: Cortex-M33}\n"
                             "system: {core_clock_hz: 110000000}\n"
                             "toolchain: {compiler: gcc}\n"
                             "counter: {kind: cycles, method: DWT CYCCNT}\n"
                             "provenance: {kind: imported, source: fuzz}\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cp_diag diag = { .out = NULL };
    cp_csv csv;
    cp_csv_parse(&csv, "results.csv", (const char *)data, size, &diag);
    cp_import_columns cols = { 0 };
    cp_import_check_table(&csv, &cols, &diag);
    if (cols.field) {
        cp_import_text text;
        cp_import_emit(&text, "../../../schema/dataset.schema.json", "results.csv", "header.yaml", header,
                       sizeof header - 1, &csv, &cols);
        char *msgs = NULL;
        size_t len = 0;
        FILE *mem = open_memstream(&msgs, &len);
        cp_diag captured = { .out = mem };
        cp_dataset ds;
        cp_dataset_load_ex(&ds, FUZZ_DATASET_PATH, text.buf.data, text.buf.len, fuzz_schema(), 0, &captured);
        cp_dataset_free(&ds);
        fclose(mem);
        FILE *sink = fopen("/dev/null", "w");
        if (sink) {
            cp_import_relocate_messages(&text, FUZZ_DATASET_PATH, msgs, sink);
            fclose(sink);
        }
        free(msgs);
        cp_import_text_free(&text);
    }
    free(cols.field);
    cp_csv_free(&csv);
    return 0;
}
