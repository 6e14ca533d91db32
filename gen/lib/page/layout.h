/* A page layout: templates/<name>/page.md (the page skeleton, Markdown with
 * directives) and templates/<name>/tables.yaml (style, label maps and the
 * tables), loaded once and shared by every output format. See
 * templates/README.md for both formats. Loading: layout_load.c (it checks
 * the layout's cell formats, cellfmt.h, which read layouts); reading:
 * layout.c. */
#ifndef CP_LAYOUT_H
#define CP_LAYOUT_H

#include <stddef.h>

#include "data/diag.h"
#include "data/node.h"

typedef struct cp_layout {
    char *name;
    char *page_path;
    char *page;             /* page.md, NUL-terminated */
    cp_doc spec;            /* tables.yaml */
    int group_min;          /* style.group_digits: 0 = never group */
    const char *missing;    /* style.missing: text of an absent cell */
    int number_headings;    /* style.number_headings */
    const cp_node *labels;  /* map name -> (value -> label) */
    const cp_node *words;   /* word name -> text: units and labels a dataset's style: may reword */
    const cp_node *counter; /* counter kind -> {header, words} */
    const cp_node *tables;  /* table name -> definition */
    const cp_node *row_labels;  /* pivot row label formats by family */
    const cp_node *column_sets; /* name -> sequence of [header, cell] */
    const cp_node *pivots;      /* name -> pivot shape */
    char *css;              /* TEMPLATES/html.css, shared by every layout: the HTML pages' stylesheet */
    /* pages made from each dataset besides page.md: name -> {layout, page},
     * written as <name>.<ext> next to the dataset's page */
    const cp_node *companions;
    /* {counts, intro}: after each table of a page that leads with another
     * count, the same rows in these counts (templates/README.md, "Companion
     * tables"); NULL: none */
    const cp_node *count_companion;
} cp_layout;

/* Loads templates_dir/name and templates_dir/html.css. Problems go to diag; returns 0 or -1 (the
 * layout must be freed either way). */
int cp_layout_load(cp_layout *l, const char *templates_dir, const char *name, cp_diag *diag);
/* The same with another page template: templates_dir/name/<page>.md. */
int cp_layout_load_page(cp_layout *l, const char *templates_dir, const char *name, const char *page, cp_diag *diag);
void cp_layout_free(cp_layout *l);

/* labels[map][value]; NULL when the map or the value is not there. */
const char *cp_layout_label(const cp_layout *l, const char *map, const char *value);
/* 1 when the layout has a label map of that name. */
int cp_layout_has_labels(const cp_layout *l, const char *map);

/* Checks a dataset's `style:` against the layouts its pages use (layouts,
 * n of them): every word it rewords is a word of one of them, every label
 * map a label map of one of them, so a misspelt override is an error, not
 * a silent no-op. 0, or -1 after reporting to diag. */
int cp_layout_check_style(const cp_layout *const *layouts, size_t n, const cp_node *style, cp_diag *diag);

#endif
