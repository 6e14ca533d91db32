/* The diff page of a pair, through the page engine of the renderer (one
 * document, render.h's writers): DIR/index.wiki, .md and .html. Summary on
 * top (per family: rows by mark, geometric mean, largest changes), the two
 * versions and the thresholds, then per family the tables of the pages with
 * old/new/change columns and the marks. Value labels, digit grouping and
 * heading numbers come from NEW's layout (templates/<layout>/tables.yaml). */
#ifndef CP_DIFF_PAGE_H
#define CP_DIFF_PAGE_H

#include "dataset.h"
#include "diag.h"
#include "diff.h"
#include "layout.h"
#include "render.h"
#include "stage.h"
#include "table.h"
#include "util.h"

/* The tables of the diff page, as the table model (diff_page_table.c). */
void cp_diff_summary_table(cp_table *t, const cp_diff *d, const cp_layout *l);
void cp_diff_top_table(cp_table *t, const cp_diff *d, const cp_layout *l);
void cp_diff_versions_table(cp_table *t, const cp_dataset *old_ds, const cp_dataset *new_ds, const cp_layout *l);
void cp_diff_threshold_table(cp_table *t, const cp_diff *d, const cp_diff_thresholds *th, const cp_layout *l);
void cp_diff_rows_table(cp_table *t, const cp_diff *d, size_t table, const cp_layout *l);
/* "Sole buffer mode", "Data flow mode: flash and RAM usage", ... */
char *cp_diff_table_title(const cp_diff_table *tb);
/* The core clock of a dataset as a page shows it ("110 MHz"), NULL when
 * the dataset has none. */
char *cp_diff_clock_text(const cp_dataset *ds);

/* Builds the page and appends it in every format: out[i] for cp_writers[i]. */
void cp_diff_page_write(cp_buf out[CP_NWRITERS], const cp_diff *d, const cp_dataset *old_ds, const cp_dataset *new_ds,
                        const cp_diff_thresholds *th, const cp_layout *l);

/* Loads NEW's layout from templates_dir, stages DIR/index.* (every
 * format) in stage (the caller commits). Returns 0, or -1 after reporting
 * on stderr. */
int cp_diff_pages_write(cp_stage *stage, const char *dir, const char *templates_dir, const cp_diff *d,
                        const cp_dataset *old_ds, const cp_dataset *new_ds, const cp_diff_thresholds *th);

#endif
