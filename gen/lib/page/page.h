/* A page: the layout's page.md expanded for one dataset (directives run,
 * values filled in), parsed by cmark-gfm, plus the tables it shows. Built
 * once, then written in every format (render.h). */
#ifndef CP_PAGE_H
#define CP_PAGE_H

#include <cmark-gfm.h>

#include "data/dataset.h"
#include "model/table.h"
#include "page/chart_build.h"
#include "page/layout.h"
#include "render/render.h"

typedef struct {
    const cp_layout *layout;
    char *markdown;     /* the expanded template, before cmark */
    cmark_node *doc;
    cp_table *tables;
    size_t ntables;
    cp_chart_list *charts;   /* charts[i]: the charts of tables[i], drawn after it; NULL: none */
} cp_page;

/* 0, or -1 after reporting template errors to diag. Free it either way. */
int cp_page_build(cp_page *p, const cp_layout *l, const cp_dataset *ds, cp_diag *diag);

/* Told each time the charts of a table were built (p->charts[i].built),
 * while the rest of the page is still to be built: charts can be drawn
 * while the page is built. */
typedef void (*cp_page_charts_fn)(void *arg, cp_page *p);
/* cp_page_build, telling fn (with arg) of charts as they are built. */
int cp_page_build_drawing(cp_page *p, const cp_layout *l, const cp_dataset *ds, cp_diag *diag, cp_page_charts_fn fn,
                          void *arg);
void cp_page_free(cp_page *p);

/* Appends the page in the writer's format to out. */
void cp_page_write(const cp_page *p, const cp_writer *w, cp_buf *out);
/* The same for the page's last format: each table's rows are freed once
 * written where the table last shows, so the page model shrinks while
 * that format grows (the HTML of 10^6 results: 140 MB). The page can
 * only be freed after. */
void cp_page_write_last(cp_page *p, const cp_writer *w, cp_buf *out);
/* The page in the writer's format handed to sink in pieces (as
 * cp_page_write_last when last): a page of 10^6 results is never whole in
 * memory. */
void cp_page_stream(cp_page *p, const cp_writer *w, int last, const cp_sink *sink);

#endif
