/* The diff page, made one way (site_diff.h). */
#include "site/site_diff.h"

#include <stdio.h>

#include "diff/diff_page.h"

int cp_site_diff_page(cp_output *o, const char *dir, const cp_diff *d, const cp_dataset *old_ds,
                      const cp_dataset *new_ds, const cp_diff_thresholds *th, const cp_layout *l, int only_changed,
                      const char *nav)
{
    cp_page page;
    cp_diff_page_build(&page, d, old_ds, new_ds, th, l, only_changed);
    return cp_output_built_page(o, &page, dir, "index", nav);
}

int cp_site_diff_page_stage(cp_stage *stage, const char *dir, const char *templates, const cp_diff *d,
                            const cp_dataset *old_ds, const cp_dataset *new_ds, const cp_diff_thresholds *th,
                            int only_changed, const char *who)
{
    cp_diag diag = { .out = stderr };
    cp_layout l;
    const char *name = cp_dataset_text(new_ds, "layout");
    name = name ? name : "st";
    if (cp_layout_load(&l, templates, name, &diag) != 0) {
        fprintf(stderr, "%s: cannot use the layout %s/%s\n", who, templates, name);
        cp_layout_free(&l);
        return -1;
    }
    cp_output *o = cp_output_new(dir, stage, NULL, 0);
    int rc = cp_site_diff_page(o, dir, d, old_ds, new_ds, th, &l, only_changed, NULL);
    if (cp_output_finish(o, NULL) != 0)
        rc = -1;
    cp_output_free(o);
    cp_layout_free(&l);
    return rc;
}
