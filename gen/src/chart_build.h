/* The charts of a page table, from the table's `chart:` entry in
 * tables.yaml (templates/README.md, "Charts"): the same results as the
 * table (its `select:`), split into one chart per distinct `split` text,
 * one x group per `category` text, one bar per `bars` entry. Numbers and
 * labels come through the same cell formats as the table, so a chart shows
 * what its table says. A chart too large to read becomes its parts
 * (cp_chart_split). */
#ifndef CP_CHART_BUILD_H
#define CP_CHART_BUILD_H

#include "chart.h"
#include "dataset.h"
#include "diag.h"
#include "layout.h"

typedef struct {
    cp_chart **items;
    size_t n;
    int built;          /* the page engine built them (a table placed twice draws once) */
} cp_chart_list;

/* Appends to out the charts of table `name` for ds (none when the table
 * has no `chart:`). 0, or -1 after reporting a malformed chart entry, a
 * value that is not a number, or two results on one bar (the chart would
 * silently show one of them). */
int cp_chart_build(cp_chart_list *out, const cp_layout *l, const cp_dataset *ds, const char *name, cp_diag *diag);
void cp_chart_list_free(cp_chart_list *list);

#endif
