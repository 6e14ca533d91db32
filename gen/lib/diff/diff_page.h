/* The diff page of a pair as a page model (page/page.h), which the writers
 * write like any page (render/page_write.h) and the site's output writes
 * with its charts (site/site_diff.h: the one way a diff page is made, for
 * `render` and `diff --out` alike). Summary on top (per family: rows by
 * mark, geometric mean, largest changes), the two versions and the
 * thresholds, then per family the tables of the pages with old/new/change
 * columns and the marks. Value labels, digit grouping and heading numbers
 * come from NEW's layout (templates/<layout>/tables.yaml). */
#ifndef CP_DIFF_PAGE_H
#define CP_DIFF_PAGE_H

#include "base/util.h"
#include "data/dataset.h"
#include "diff/diff.h"
#include "model/table.h"
#include "page/layout.h"
#include "page/page.h"

/* The tables of the diff page, as the table model (diff_page_table.c). */
void cp_diff_summary_table(cp_table *t, const cp_diff *d, const cp_layout *l);
/* ds: the dataset whose header fills in the layout's counter texts (the
 * cycle model of "Cycles (estimated, ...)"): the new one */
void cp_diff_top_table(cp_table *t, const cp_diff *d, const cp_layout *l, const cp_dataset *ds);
void cp_diff_versions_table(cp_table *t, const cp_dataset *old_ds, const cp_dataset *new_ds, const cp_layout *l);
void cp_diff_threshold_table(cp_table *t, const cp_diff *d, const cp_diff_thresholds *th, const cp_layout *l,
                             const cp_dataset *ds);
/* The rows of table `table`, better and worse changes shaded (cp_tone;
 * their text says the same). only_changed leaves the unchanged rows out;
 * returns how many it left out. */
size_t cp_diff_rows_table(cp_table *t, const cp_diff *d, size_t table, const cp_layout *l, const cp_dataset *ds,
                          int only_changed);
/* Pieces of the tables the charts share (diff_page_table.c). */
/* "AES CBC 128 bits 32 bytes Encryption Small": a row's identifying values */
char *cp_diff_row_label(const cp_layout *l, const cp_diff *d, const cp_diff_row *row);
/* The column head of a metric: the layout's counter header ("Cycles",
 * "Instructions", "Cycles (estimated, cryptoperf-cycles 1)" filled in from
 * ds) for counts, "Time (ms)", "Code", ... The caller frees. */
char *cp_diff_metric_head(const cp_layout *l, const cp_dataset *ds, cp_field f);
/* The column a metric entry belongs in: its old field, else its new one. */
cp_field cp_diff_metric_slot(const cp_diff_metric *m);
/* The metric of row in that column, or NULL. */
const cp_diff_metric *cp_diff_metric_in_slot(const cp_diff_row *row, cp_field slot);
/* rel (0.05 = 5 %) as "+5.0 %", one decimal, rounded; never "-0.0 %". */
void cp_diff_put_percent(cp_buf *b, double rel);

/* "0.9876 (-1.2 %, 35 rows)": a family's geometric mean of new/old
 * counts; NULL when it has none. */
char *cp_diff_geomean_text(const cp_diff_family *f);

/* "Sole buffer mode", "Data flow mode: flash and RAM usage", ... */
char *cp_diff_table_title(const cp_diff_table *tb);
/* The core clock of a dataset as a page shows it ("110 MHz"), NULL when
 * the dataset has none. */
char *cp_diff_clock_text(const cp_dataset *ds);

/* The chart of rows table `table`: old vs new, two bars a row in the
 * table's order, the change in percent on the new bar, for the table's
 * first metric of counts, time, throughput, code size... (diff_chart.c).
 * NULL when the table has none of them. */
cp_chart *cp_diff_table_chart(const cp_diff *d, size_t table, const cp_dataset *old_ds, const cp_dataset *new_ds,
                              const cp_layout *l);

/* The summary's chart: per family, the geometric mean of new/old counts
 * as a horizontal bar from 1 (left: faster), labelled as the summary
 * table writes it, "no counts compared" for a family without one
 * (diff_chart.c). NULL when the diff has no rows. */
cp_chart *cp_diff_summary_chart(const cp_diff *d, const cp_dataset *old_ds, const cp_dataset *new_ds);

/* The page, each rows table with its chart and the summary with the
 * chart of the geometric means (the caller draws them before the page is
 * written: site/output.h). only_changed: the rows tables leave out the
 * unchanged rows (`diff --only-changed`; a line under the table counts
 * them). Free with cp_page_free. */
void cp_diff_page_build(cp_page *page, const cp_diff *d, const cp_dataset *old_ds, const cp_dataset *new_ds,
                        const cp_diff_thresholds *th, const cp_layout *l, int only_changed);

#endif
