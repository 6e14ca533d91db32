#include "compare.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "yaml_write.h"

static void put_field(cp_buf *b, const char *key, const char *value, int first)
{
    cp_buf_printf(b, "%s%s: ", first ? "" : ", ", key);
    cp_yaml_put_string(b, value ? value : "", value ? strlen(value) : 0);
}

int cp_compare_build(cp_dataset *out, const cp_dataset *const *sets, size_t n, cp_diag *diag)
{
    memset(out, 0, sizeof *out);
    const char *series = n ? cp_dataset_text(sets[0], "series") : "";
    cp_buf y = { 0 };
    cp_buf_puts(&y, "series: ");
    cp_yaml_put_string(&y, series, strlen(series));
    cp_buf_puts(&y, "\nlibraries:\n");
    size_t total = 0;
    for (size_t i = 0; i < n; i++) {
        cp_buf_puts(&y, "  - {");
        put_field(&y, "name", cp_dataset_text(sets[i], "library.name"), 1);
        put_field(&y, "version", cp_dataset_text(sets[i], "library.version"), 0);
        put_field(&y, "counter", cp_dataset_text(sets[i], "counter.kind"), 0);
        /* the clock as the integer it is, so that filters (mhz) apply */
        const char *hz = cp_dataset_text(sets[i], "system.core_clock_hz");
        if (hz && *hz && strspn(hz, "0123456789") == strlen(hz))
            cp_buf_printf(&y, ", clock_hz: %s", hz);
        put_field(&y, "page", sets[i]->name, 0);
        cp_buf_puts(&y, "}\n");
        total += sets[i]->nresults;
    }
    out->path = cp_xasprintf("%s (the comparison page header)", series);
    out->series = cp_xstrdup(series);
    out->name = cp_xstrdup("compare");
    int rc = cp_doc_load_mem(&out->doc, out->path, y.data, y.len, diag->out);
    cp_buf_free(&y);
    if (rc != 0) {
        diag->errors++;
        return -1;
    }
    out->results = cp_xcalloc(total ? total : 1, sizeof *out->results);
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < sets[i]->nresults; k++)
            out->results[out->nresults++] = sets[i]->results[k];
    return 0;
}
