/* The results of a page's dataset that no table of the page shows (a
 * footprint row without `measure: sole-buffer`, a family the layout has no
 * row for): told with the row's file:line and why, so that a figure is
 * never dropped from the site in silence. */
#ifndef CP_PAGE_UNSHOWN_H
#define CP_PAGE_UNSHOWN_H

#include "data/dataset.h"
#include "data/diag.h"
#include "page/page.h"

/* Reports each result of ds that p shows in no table, naming the table
 * that comes nearest to showing it and what that table wants instead. As
 * errors of diag when strict (the page's data is invalid), else as
 * warnings on diag->out that count as nothing. Returns how many. */
size_t cp_page_report_unshown(const cp_page *p, const cp_dataset *ds, cp_diag *diag, int strict);

#endif
