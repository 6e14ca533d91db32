/* The charts of a page table, from the table's `chart:` entry in
 * tables.yaml (templates/README.md, "Charts"): the same results as the
 * table (its `select:`), split into one chart per distinct `split` text,
 * one x group per `category` text, one bar per `bars` entry. Numbers and
 * labels come through the same cell formats as the table, so a chart shows
 * what its table says. A chart too large to read becomes its parts
 * (cp_chart_split). */
#ifndef CP_CHART_BUILD_H
#define CP_CHART_BUILD_H

#include "data/dataset.h"
#include "data/diag.h"
#include "model/chart.h"
#include "model/table.h"
#include "page/layout.h"

/* Appends to out the charts of table `name` for ds (none when the table
 * has no `chart:`). A chart `from: table` is drawn from `shown`, the table
 * as the page shows it (one group per row, one bar per column, the number
 * each cell starts with); other charts from the results the table
 * selects. 0, or -1 after reporting a malformed chart entry, a value that
 * is not a number, or two results on one bar (the chart would silently
 * show one of them). */
int cp_chart_build(cp_chart_list *out, const cp_layout *l, const cp_dataset *ds, const char *name,
                   const cp_table *shown, cp_diag *diag);

#endif
