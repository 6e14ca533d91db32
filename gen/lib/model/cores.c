#include "model/cores.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "model/compare.h"

int cp_cores_build(cp_dataset *out, const cp_dataset *const *sets, size_t n, cp_diag *diag)
{
    memset(out, 0, sizeof *out);
    const char *slug = n ? cp_dataset_text(sets[0], "library.slug") : NULL;
    const char *version = n ? cp_dataset_text(sets[0], "library.version") : NULL;
    cp_buf y = { 0 };
    cp_buf_puts(&y, "library: {");
    cp_compare_field(&y, "name", n ? cp_dataset_text(sets[0], "library.name") : NULL, 1);
    cp_compare_field(&y, "version", version, 0);
    cp_compare_field(&y, "slug", slug, 0);
    cp_buf_puts(&y, "}\ncores:\n");
    for (size_t i = 0; i < n; i++) {
        cp_buf_puts(&y, "  - {");
        cp_compare_field(&y, "core", cp_dataset_text(sets[i], "hardware.core"), 1);
        cp_compare_field(&y, "series", cp_dataset_text(sets[i], "series"), 0);
        cp_compare_field(&y, "mcu", cp_dataset_text(sets[i], "hardware.mcu"), 0);
        cp_compare_field(&y, "counter", cp_count_name(cp_lead_count(sets[i]->doc.root)), 0);
        cp_compare_model(&y, sets[i]);
        cp_compare_field(&y, "flags", cp_dataset_text(sets[i], "toolchain.flags"), 0);
        cp_compare_clock(&y, sets[i]);
        /* the page set of the dataset, as the site index names it */
        char *page = cp_xasprintf("%s/%s", cp_dataset_text(sets[i], "series"), sets[i]->name);
        cp_compare_field(&y, "page", page, 0);
        free(page);
        cp_buf_puts(&y, "}\n");
    }
    out->path = cp_xasprintf("%s %s (the cross-core page header)", slug ? slug : "", version ? version : "");
    out->series = cp_xstrdup("cores");
    out->name = cp_xasprintf("%s-%s", slug ? slug : "", version ? version : "");
    return cp_compare_merge(out, &y, sets, n, diag);
}
