#include "model/compare.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "base/yaml_write.h"

void cp_compare_field(cp_buf *b, const char *key, const char *value, int first)
{
    cp_buf_printf(b, "%s%s: ", first ? "" : ", ", key);
    cp_yaml_put_string(b, value ? value : "", value ? strlen(value) : 0);
}

/* the clock as the integer it is, so that filters (mhz) apply */
void cp_compare_clock(cp_buf *b, const cp_dataset *ds)
{
    const char *hz = cp_dataset_text(ds, "system.core_clock_hz");
    if (hz && *hz && strspn(hz, "0123456789") == strlen(hz))
        cp_buf_printf(b, ", clock_hz: %s", hz);
}

void cp_compare_model(cp_buf *b, const cp_dataset *ds)
{
    const char *status = cp_dataset_text(ds, "cycle_model.status");
    cp_compare_field(b, "cycles", status ? status : "none", 0);
    if (!status)
        return;
    const char *name = cp_dataset_text(ds, "cycle_model.name"), *version = cp_dataset_text(ds, "cycle_model.version");
    const char *note = cp_dataset_text(ds, "cycle_model.note");
    char *model = !strcmp(status, "modelled") ? cp_xasprintf("%s %s", name ? name : "?", version ? version : "?")
                  : note                      ? cp_xasprintf("not modelled (%s)", note)
                                              : cp_xstrdup("not modelled");
    cp_compare_field(b, "model", model, 0);
    free(model);
}

int cp_compare_build(cp_dataset *out, const cp_dataset *const *sets, size_t n, cp_diag *diag)
{
    memset(out, 0, sizeof *out);
    const char *series = n ? cp_dataset_text(sets[0], "series") : "";
    cp_buf y = { 0 };
    cp_buf_puts(&y, "series: ");
    cp_yaml_put_string(&y, series, strlen(series));
    cp_buf_puts(&y, "\nlibraries:\n");
    for (size_t i = 0; i < n; i++) {
        cp_buf_puts(&y, "  - {");
        cp_compare_field(&y, "name", cp_dataset_text(sets[i], "library.name"), 1);
        cp_compare_field(&y, "version", cp_dataset_text(sets[i], "library.version"), 0);
        cp_compare_field(&y, "counter", cp_count_name(cp_lead_count(sets[i]->doc.root)), 0);
        cp_compare_model(&y, sets[i]);
        cp_compare_clock(&y, sets[i]);
        cp_compare_field(&y, "page", sets[i]->name, 0);
        cp_buf_puts(&y, "}\n");
    }
    out->path = cp_xasprintf("%s (the comparison page header)", series);
    out->series = cp_xstrdup(series);
    out->name = cp_xstrdup("compare");
    return cp_compare_merge(out, &y, sets, n, diag);
}

int cp_compare_merge(cp_dataset *out, cp_buf *header, const cp_dataset *const *sets, size_t n, cp_diag *diag)
{
    int rc = cp_doc_load_mem(&out->doc, out->path, header->data, header->len, diag->out);
    cp_buf_free(header);
    if (rc != 0) {
        diag->errors++;
        return -1;
    }
    size_t total = 0;
    for (size_t i = 0; i < n; i++)
        total += sets[i]->nresults;
    out->results = cp_xcalloc(total ? total : 1, sizeof *out->results);
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < sets[i]->nresults; k++)
            out->results[out->nresults++] = sets[i]->results[k];
    return 0;
}
