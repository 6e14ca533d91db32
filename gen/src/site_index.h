/* The site index (OUT/index.wiki, .md, .html): every page set of the output
 * folder, through the layout templates/index/ like any page. The engine
 * hands the layout a header it builds here (templates/README.md, "The site
 * index", lists its fields): the datasets rendered in this run, and the other page
 * folders found in OUT/<series>/ (diff pages, anything else with a page in
 * every format), each list in a fixed order: series, then library, then
 * version compared version-aware (2.28.3 < 3.6.6 < 10.0). */
#ifndef CP_SITE_INDEX_H
#define CP_SITE_INDEX_H

#include <stddef.h>

#include "dataset.h"
#include "diag.h"
#include "util.h"

typedef struct cp_site_index cp_site_index;

cp_site_index *cp_site_index_new(const char *outdir);
void cp_site_index_free(cp_site_index *x);

/* A dataset whose pages go to page_dir (OUT/<series>/<folder>). */
void cp_site_index_add(cp_site_index *x, const cp_dataset *ds, const char *page_dir);

/* Builds the index pages with templates/index and appends each to out[i]
 * for cp_writers[i]. Page folders of OUT missing a format are reported on
 * warn and left out. 0, or -1 after reporting template errors to diag. */
int cp_site_index_build(cp_site_index *x, const char *templates, cp_buf *out, cp_diag *diag, FILE *warn);

/* <0, 0, >0 as a sorts before, with or after b: runs of digits compare as
 * numbers, the rest byte by byte ("2.28.3" < "3.6.6" < "10.0"). */
int cp_version_cmp(const char *a, const char *b);

#endif
