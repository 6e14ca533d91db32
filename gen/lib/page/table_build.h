/* Inside the table builder (table.c and one file per table kind:
 * table_list.c `columns:`, table_pivot.c `pivot:`, table_rows.c `rows:`):
 * result selection and the helpers every kind uses. */
#ifndef CP_TABLE_BUILD_H
#define CP_TABLE_BUILD_H

#include "model/table.h"
#include "page/cellfmt.h"

/* `select: {field: value | [values]}`; a key `$path` tests the header of
 * the result's own dataset ($counter.kind: cycles) */
typedef struct {
    cp_field field;
    const char *path;        /* `$path` key: header path, field unused */
    const cp_node *values;   /* scalar or sequence of scalars */
} cp_criterion;

typedef struct {
    cp_criterion *c;
    size_t n;
} cp_selection;

/* 0, or -1 after reporting; sel->c is freed by the caller */
int cp_selection_compile(cp_selection *sel, const cp_node *spec, cp_diag *diag);
int cp_selected(const cp_selection *sel, const cp_result *r);

/* The results sel may select (table_index.c): those its first criterion
 * on a result field names, through the index in use for ds
 * (cp_result_index_use), else every result. Still to be checked with
 * cp_selected; in the dataset's order. */
typedef struct {
    const size_t *at;   /* indexes into ds->results; NULL: 0 .. n-1 */
    size_t n;
    size_t *owned;
} cp_candidates;
void cp_candidates_get(cp_candidates *c, const cp_selection *sel, const cp_dataset *ds);
void cp_candidates_free(cp_candidates *c);
static inline const cp_result *cp_candidate(const cp_candidates *c, const cp_dataset *ds, size_t k)
{
    return &ds->results[c->at ? c->at[k] : k];
}

/* p grown to hold n items of size bytes (capacity *cap, doubled as needed) */
void *cp_table_grow(void *p, size_t n, size_t *cap, size_t size);
/* appends an empty row (t->ncols must be set) */
void cp_table_add_row(cp_table *t, size_t *cap);
/* the cell text (trimmed), or NULL when a required value is absent */
char *cp_table_eval(const cp_cellfmt *f, const cp_fmt_ctx *ctx);
/* The same, the text kept in t's texts (a cell's text); NULL: missing. */
char *cp_table_eval_text(cp_table *t, const cp_cellfmt *f, const cp_fmt_ctx *ctx);
/* s (NUL-terminated) copied into t's texts; NULL stays NULL. */
char *cp_table_text(cp_table *t, const char *s);
/* cp_table_text, then s freed: a text made elsewhere becomes a cell's. */
char *cp_table_own(cp_table *t, char *s);
/* compiles a cell format node, reporting to diag; NULL on error */
cp_cellfmt *cp_table_compile(const cp_node *n, const cp_layout *l, cp_diag *diag);

/* `prefer:` of a pivot (table_prefer.c) */
typedef struct cp_prefer cp_prefer;
/* NULL after reporting; spec NULL: no preference (the first result wins) */
cp_prefer *cp_prefer_compile(const cp_node *spec, const cp_layout *l, cp_diag *diag);
void cp_prefer_free(cp_prefer *p);
/* 1 when cand should replace cur in a cell */
int cp_prefer_better(const cp_prefer *p, const cp_fmt_ctx *ctx, const cp_result *cand, const cp_result *cur);

/* `axis_notes:` of a columns table (table_noeffect.c): footnotes on the
 * label cells of rows where a configuration label changes nothing. rows:
 * the result of each table row; col_src: the cell format text of each
 * source column, col_shown: whether it made it into the table; count: the
 * count field the table shows (the note compares it). */
void cp_table_axis_notes(cp_table *t, const cp_result *const *rows, const char *const *col_src,
                         const int *col_shown, size_t nsrc_cols, const cp_layout *l, cp_field count);

/* The kinds of table; base: the dataset, the layout and the counts every
 * cell of the table is evaluated with. */
int cp_table_build_list(cp_table *t, const cp_fmt_ctx *base, const cp_node *def, cp_diag *diag);
int cp_table_build_pivot(cp_table *t, const cp_fmt_ctx *base, const cp_node *def, cp_diag *diag);
int cp_table_build_rows(cp_table *t, const cp_fmt_ctx *base, const cp_node *def, cp_diag *diag);

#endif
