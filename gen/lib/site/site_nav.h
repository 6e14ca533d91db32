/* The links of a page to the pages around it in the site (README: every
 * page two clicks from the index, and each links up to the index and
 * sideways): a short Markdown list put under the page's title
 * (page/page.h cp_page_insert_nav). Relative links to .md pages, which each
 * format turns into its own (the HTML sibling, a wiki title). */
#ifndef CP_SITE_NAV_H
#define CP_SITE_NAV_H

#include <stddef.h>

#include "data/dataset.h"

/* What the site is made of: its datasets (sorted by series, library and
 * version) and the other pages of the run, as site paths without
 * extension ("mps2-an505/compare", "cores/mbedtls-3.6.6",
 * "mps2-an505/diff-mbedtls-2.28.3-to-3.6.6"). */
typedef struct {
    const cp_dataset *sets;
    size_t nsets;
    char **made;
    size_t nmade;
} cp_site_map;

/* "Cortex-M33 · mps2-an505 · emulated": the core (else the MCU), the
 * series and how it was counted. Caller frees. */
char *cp_site_place(const cp_dataset *ds);

/* The site path of a dataset's folder, "<series>/<slug>-<lower version>". */
char *cp_site_dataset_path(const cp_dataset *ds);

/* The list under a dataset's page and its companions (companion names,
 * e.g. "summary"): up to the index, the versions of its library on its
 * series, the same version on the other series, the series' pages, the
 * cross-core page, the diff from the version before. Caller frees. */
char *cp_site_nav_dataset(const cp_site_map *m, const cp_dataset *ds, const char *const *companions,
                          size_t ncompanions);
/* Under a page of a series (depth 1: "<series>/<name>"): the index, the
 * series' dataset pages. */
char *cp_site_nav_series(const cp_site_map *m, const char *series);
/* Under a page of the datasets group[0..n) at depth 2 (a cross-core page,
 * a diff page): the index and each of their pages. */
char *cp_site_nav_group(const cp_site_map *m, const cp_dataset *const *group, size_t n);

#endif
