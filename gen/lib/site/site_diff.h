/* The diff page of two versions, made one way: built as a page model
 * (diff/diff_page.h) and written with its charts through a run's output
 * (output.h). `render` makes one for every two consecutive versions of a
 * library on a series (site_build.c), `cryptoperf diff --out` the one it
 * is asked for; both write the same files. */
#ifndef CP_SITE_DIFF_H
#define CP_SITE_DIFF_H

#include "base/stage.h"
#include "data/dataset.h"
#include "diff/diff.h"
#include "page/layout.h"
#include "site/output.h"

/* DIR/index.<ext> for every writer and the page's charts beside them,
 * through o, with NEW's layout l; only_changed as cp_diff_page_build; nav
 * (its links in the site, or NULL) under its title. 0, or -1 after a
 * message naming a chart that cannot be drawn. */
int cp_site_diff_page(cp_output *o, const char *dir, const cp_diff *d, const cp_dataset *old_ds,
                      const cp_dataset *new_ds, const cp_diff_thresholds *th, const cp_layout *l, int only_changed,
                      const char *nav);

/* The same as a run of its own (`diff --out`): NEW's layout loaded from
 * templates, the charts drawn (gnuplot), every file staged in stage,
 * which the caller commits (with its other files) or aborts. 0, or -1
 * after a message on stderr, who (e.g. "cryptoperf diff") naming the
 * program when the layout cannot be used. */
int cp_site_diff_page_stage(cp_stage *stage, const char *dir, const char *templates, const cp_diff *d,
                            const cp_dataset *old_ds, const cp_dataset *new_ds, const cp_diff_thresholds *th,
                            int only_changed, const char *who);

#endif
