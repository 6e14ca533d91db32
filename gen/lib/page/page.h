/* A page: the layout's page.md expanded for one dataset (directives run,
 * values filled in), parsed by cmark-gfm, plus the tables it shows and
 * their charts. Built once (page.c: the template engine), then written in
 * every format (render/page_write.h). */
#ifndef CP_PAGE_H
#define CP_PAGE_H

#include <cmark-gfm.h>

#include "data/dataset.h"
#include "model/chart.h"
#include "model/table.h"
#include "page/layout.h"

typedef struct {
    const cp_layout *layout;
    char *markdown;     /* the expanded template, before cmark */
    cmark_node *doc;
    cp_table *tables;
    size_t ntables;
    cp_chart_list *charts;   /* charts[i]: the charts of tables[i], drawn after it; NULL: none */
    unsigned char *shown;    /* nshown (the dataset's results) flags: 1 when a table shows it */
    size_t nshown;
    const char *site_dir;    /* where the page goes in the site (render.h), set by who writes it; NULL: unknown */
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

/* The marker of a table in the prose: an HTML block whose literal starts
 * with it and the table's index ("<!--cp-table:3-->"), where the writers
 * put the table (render/page_write.h). The page engine writes them into
 * the expanded template; the diff page (diff/diff_page.h) builds its tree
 * with them. */
#define CP_TABLE_MARK "<!--cp-table:"

/* Puts the blocks of the Markdown text md (the links of a page to its
 * neighbours in the site) right after the page's level-1 heading, or
 * first when it has none. */
void cp_page_insert_nav(cp_page *p, const char *md);

/* The table an HTML block node stands for, or NULL when it is no marker. */
const cp_table *cp_page_table_of(const cp_page *p, cmark_node *n);

#endif
