/* What one run writes (`render`, `diff --out`): every page in every format
 * of the writer table (render/render.h) and the charts of its tables,
 * each file staged beside its destination as it is made (base/stage.h),
 * so the caller places all of them together or none. The charts are drawn
 * by the run's gnuplot processes (chart/gnuplot.h), started at the first
 * chart, while the rest of the page is still being built; a page is
 * streamed into its staged files format by format (render/page_write.h),
 * never whole in memory, and renamed into place after the charts it
 * shows. The run remembers every file it wrote (`render --prune` keeps
 * them). */
#ifndef CP_OUTPUT_H
#define CP_OUTPUT_H

#include <stddef.h>

#include "base/span.h"
#include "base/stage.h"
#include "chart/chart_cache.h"
#include "chart/gnuplot.h"
#include "data/dataset.h"
#include "data/diag.h"
#include "page/layout.h"
#include "page/page.h"

typedef struct cp_output cp_output;

/* A run that writes under root only (a path leaving it is an error: see
 * cp_path_inside), stages into stage (the caller's, committed by the caller),
 * draws with at most chart_jobs gnuplot processes (0: one per core), and
 * keeps charts that are fresh in cache (NULL: none; the caller's). */
cp_output *cp_output_new(const char *root, cp_stage *stage, cp_chart_cache *cache, unsigned chart_jobs);

/* The page of layout l for ds in every format, DIR/<base>.<ext>, its
 * charts drawn beside it as they are built. 0, or -1 after reporting a
 * template problem to diag or a chart that cannot be drawn on stderr. */
int cp_output_page(cp_output *o, const cp_layout *l, const cp_dataset *ds, const char *dir, const char *base,
                   const char *nav, cp_diag *diag);
/* The page of a dataset itself (DIR/index.*), which shows all of it: each
 * result no table shows is reported (page/page_unshown.h), as a warning,
 * or with strict as an error of the dataset (-1, nothing written). */
int cp_output_dataset_page(cp_output *o, const cp_layout *l, const cp_dataset *ds, const char *dir, const char *nav,
                           cp_diag *diag, int strict);
/* nav (Markdown, or NULL) is put under a page's title: its links to the
 * pages around it (site_nav.h). */

/* The site's folder: each page then knows its place in it (the wiki
 * links of its prose name pages by it, render/render.h). */
void cp_output_set_root(cp_output *o, const char *root);

/* How many results cp_output_dataset_page found on no table so far. */
size_t cp_output_unshown(const cp_output *o);

/* The same for a page built otherwise (the diff page, the site index):
 * its charts drawn, then the page written; the page is freed. 0, or -1
 * after a message naming a chart that cannot be drawn. */
int cp_output_built_page(cp_output *o, cp_page *page, const char *dir, const char *base, const char *nav);

/* Waits for the charts still being drawn and ends the gnuplot processes.
 * 0; -1 when any page or chart of the run failed (told as it happened):
 * the caller must not commit the stage then. drawn (or NULL) says how
 * many charts were drawn and kept. */
int cp_output_finish(cp_output *o, cp_gnuplot_stats *drawn);

/* The files of the run: its pages (every format), its charts. */
const char *const *cp_output_pages(const cp_output *o, size_t *n);
const char *const *cp_output_charts(const cp_output *o, size_t *n);
/* The SHA-256 of page i (of cp_output_pages) as written, for the cache. */
const unsigned char *cp_output_page_hash(const cp_output *o, size_t i);

/* The time spent drawing charts so far, inside the time of the pages. */
cp_span cp_output_chart_time(const cp_output *o);

/* After the caller committed the stage (placed) or gave up: the gnuplot
 * processes' last resources go, and with placed the chart cache (if any)
 * notes the run's charts as they now are on disk. Once; the files of the
 * run stay for cp_output_pages and cp_output_charts. */
void cp_output_end(cp_output *o, int placed);

/* Ends o if that was not done, and frees it; NULL is fine. */
void cp_output_free(cp_output *o);

#endif
