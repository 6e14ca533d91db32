/* The site index (OUT/index.wiki, .md, .html): every page set a render run
 * writes, through the layout templates/index/ like any page. The render
 * registers each page set here as it builds it (a registry, not a scan of
 * OUT: the index links exactly the pages written with it, never a stale
 * folder); the layout gets a header built from it (templates/README.md,
 * "The site index", lists its fields), each list in a fixed order: series,
 * then library, then version by cp_version_cmp (2.28.3 < 3.6.6 < 10.0). */
#ifndef CP_SITE_INDEX_H
#define CP_SITE_INDEX_H

#include <stddef.h>

#include "data/dataset.h"
#include "data/diag.h"
#include "site/output.h"

typedef struct cp_site_index cp_site_index;

cp_site_index *cp_site_index_new(const char *outdir);
void cp_site_index_free(cp_site_index *x);

/* A dataset whose pages go to page_dir (OUT/<series>/<folder>). */
void cp_site_index_add(cp_site_index *x, const cp_dataset *ds, const char *page_dir);
/* The diff page of old_ds -> new_ds, in page_dir. */
void cp_site_index_add_diff(cp_site_index *x, const cp_dataset *old_ds, const cp_dataset *new_ds, const char *page_dir);

/* A page of a series (`series_pages:`, the comparison), dir/name.<ext>;
 * one: a dataset of the series. */
void cp_site_index_add_series_page(cp_site_index *x, const cp_dataset *one, const char *name, const char *dir);

/* The cross-core page of a library version (cores.h), in page_dir. */
void cp_site_index_add_cores(cp_site_index *x, const cp_dataset *cores_ds, const char *page_dir);

/* The index pages, OUT/index.<ext>, through the layout templates/index,
 * into the run's output. 0, or -1 after reporting template errors to
 * diag. */
int cp_site_index_write(cp_site_index *x, const char *templates, cp_output *o, cp_diag *diag);

#endif
