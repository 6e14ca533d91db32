/* `pivot:` tables (a kind of table_kind.h): one row per row label, one
 * column per column label, both in order of first appearance (columns: those
 * of `column_order` first); rows come from the selected results or, with
 * `from:`, from the items of a header list; `link:` makes each filled cell a
 * link; `prefer:` picks among results that share a cell (table_prefer.c),
 * `min_filled: N` drops rows with fewer than N filled cells (a comparison
 * shows what two sides have) */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "page/select.h"
#include "page/table_build.h"
#include "page/table_kind.h"
#include "page/table_notes.h"
#include "page/table_prefer.h"

/* Texts in first-appearance order (pivot rows and columns). */
typedef struct {
    char **items;
    size_t n;
} strlist;

static size_t strlist_index(strlist *l, const char *s)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(l->items[i], s) == 0)
            return i;
    l->items = cp_xrealloc(l->items, (l->n + 1) * sizeof *l->items);
    l->items[l->n] = cp_xstrdup(s);
    return l->n++;
}

static void strlist_free(strlist *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->items[i]);
    free(l->items);
}

/* The sequence a `from:` or `column_order:` path names in the header, or NULL. */
static const cp_node *header_list(const cp_dataset *ds, const cp_node *path)
{
    const cp_node *n = cp_scalar(path) ? cp_dataset_node(ds, path->text) : NULL;
    return n && n->kind == CP_SEQ ? n : NULL;
}

/* rows of a header list (r NULL) have no family: the "default" format */
static const cp_node *row_format(const cp_node *labels, const cp_result *r)
{
    const char *family = r ? cp_result_text(r, CP_F_FAMILY) : NULL;
    const cp_node *f = family ? cp_map_get(labels, family) : NULL;
    return f ? f : cp_map_get(labels, "default");
}

/* A key of the pivot's shape: the table's own (or that of the table it is
 * `like:`) replaces the shape's, so that a table can reuse a named shape
 * with another corner. */
static const cp_node *shape_key(const cp_layout *l, const cp_node *def, const cp_node *pv, const char *key)
{
    const cp_node *n = cp_table_key(l, def, key);
    return n ? n : cp_map_get(pv, key);
}

int cp_table_build_pivot(cp_table *t, const cp_fmt_ctx *base, const cp_node *def, cp_diag *diag)
{
    const cp_layout *l = base->layout;
    const cp_dataset *ds = base->ds;
    const cp_node *pv = cp_table_key(l, def, "pivot");
    if (pv->kind == CP_SCALAR) {
        const cp_node *named = cp_map_get(l->pivots, pv->text);
        if (!named || named->kind != CP_MAP) {
            cp_diag_node(diag, pv, "pivot", "expected a pivot shape or the name of one in 'pivots', found '%s'", pv->text);
            return -1;
        }
        pv = named;
    }
    const char *missing = cp_scalar(cp_table_key(l, def, "missing"));
    if (!missing)
        missing = l->missing;
    const char *rows_name = cp_scalar(shape_key(l, def, pv, "row"));
    const cp_node *labels = rows_name ? cp_map_get(l->row_labels, rows_name) : NULL;
    if (!labels || labels->kind != CP_MAP) {
        cp_diag_node(diag, pv, "pivot.row", "expected the name of a row_labels map, found %s",
                     rows_name ? rows_name : "none");
        return -1;
    }
    cp_selection sel;
    cp_cellfmt *colf = cp_table_compile(shape_key(l, def, pv, "column"), l, diag);
    cp_cellfmt *cellf = cp_table_compile(shape_key(l, def, pv, "cell"), l, diag);
    cp_cellfmt *cornerf = cp_table_compile(shape_key(l, def, pv, "corner"), l, diag);
    const cp_node *link_def = shape_key(l, def, pv, "link");
    cp_cellfmt *linkf = link_def ? cp_table_compile(link_def, l, diag) : NULL;
    /* `row_detail:` is appended to the row label: one row per algorithm and operation */
    const cp_node *detail_def = shape_key(l, def, pv, "row_detail");
    cp_cellfmt *detailf = detail_def ? cp_table_compile(detail_def, l, diag) : NULL;
    int rc = cp_selection_compile(&sel, cp_table_key(l, def, "select"), diag);
    cp_prefer *prefer = cp_prefer_compile(shape_key(l, def, pv, "prefer"), l, diag);
    long long min_filled = 0;
    const cp_node *mf = shape_key(l, def, pv, "min_filled");
    if (mf && (cp_scalar_int(mf, &min_filled) != 0 || min_filled < 0)) {
        cp_diag_node(diag, mf, "min_filled", "expected a count of cells, found '%s'", mf->text ? mf->text : "?");
        rc = -1;
    }
    if (!colf || !cellf || !cornerf || !prefer || (detail_def && !detailf) || (link_def && !linkf))
        rc = -1;
    /* compiled row formats, one per family key of the map */
    cp_cellfmt **rowf = cp_xcalloc(labels->count ? labels->count : 1, sizeof *rowf);
    for (size_t i = 0; rc == 0 && i < labels->count; i++)
        if (!(rowf[i] = cp_table_compile(labels->items[i], l, diag)))
            rc = -1;
    strlist rows = { 0 }, cols = { 0 };
    cp_cell *grid = NULL;   /* rows.n x cols.n, grown as labels appear */
    const cp_result **who = NULL;   /* the result behind each cell of grid */
    size_t gr = 0, gc = 0;
    cp_fmt_ctx ctx = *base;
    const cp_node *from = header_list(ds, cp_table_key(l, def, "from"));
    /* the columns of a header list come first, in its order, filled or not;
     * `column_missing:` (evaluated on the column's item) is the text of
     * that column's empty cells: "not modelled" for a core without a cycle
     * model in a table of estimated cycles */
    const cp_node *order = header_list(ds, shape_key(l, def, pv, "column_order"));
    const cp_node *cm_def = shape_key(l, def, pv, "column_missing");
    cp_cellfmt *cmf = cm_def ? cp_table_compile(cm_def, l, diag) : NULL;
    if (cm_def && !cmf)
        rc = -1;
    char **col_missing = cp_xcalloc(order ? order->count + 1 : 1, sizeof *col_missing);
    for (size_t s = 0; rc == 0 && order && s < order->count; s++) {
        ctx.record = order->items[s];
        char *cl = cp_table_eval(colf, &ctx);
        if (cl) {
            size_t ci = strlist_index(&cols, cl);
            char *m = cmf && !col_missing[ci] ? cp_table_eval(cmf, &ctx) : NULL;
            if (m && *m)
                col_missing[ci] = m;
            else
                free(m);
        }
        free(cl);
    }
    size_t nmissing = cols.n;   /* col_missing has an entry for these */
    cp_candidates cand;
    cp_candidates_get(&cand, &sel, ds);
    size_t nsrc = cp_table_key(l, def, "from") ? (from ? from->count : 0) : cand.n;
    for (size_t s = 0; rc == 0 && s < nsrc; s++) {
        const cp_result *r = from ? NULL : cp_candidate(&cand, ds, s);
        if (r && !cp_selected(&sel, r))
            continue;
        ctx.result = r;
        ctx.record = r ? r->node : from->items[s];
        const cp_node *rf = row_format(labels, r);
        if (!rf)
            continue;   /* a family this table does not show */
        size_t fi = 0;
        while (labels->items[fi] != rf)
            fi++;
        char *rl = cp_table_eval(rowf[fi], &ctx);
        if (rl && detailf) {
            char *d = cp_table_eval(detailf, &ctx);
            char *joined = d && *d ? cp_xasprintf("%s %s", rl, d) : NULL;
            free(d);
            if (joined) {
                free(rl);
                rl = joined;
            }
        }
        char *cl = cp_table_eval(colf, &ctx);
        char *cell = cp_table_eval(cellf, &ctx);
        if (rl && cl && cell) {
            if (r)
                cp_result_shown(ds, r);   /* even when `prefer:` keeps another: the layout chose */
            size_t ri = strlist_index(&rows, rl), ci = strlist_index(&cols, cl);
            if (rows.n > gr || cols.n > gc) {
                cp_cell *ng = cp_xcalloc(rows.n * cols.n, sizeof *ng);
                const cp_result **nw = cp_xcalloc(rows.n * cols.n, sizeof *nw);
                for (size_t a = 0; a < gr; a++)
                    for (size_t b = 0; b < gc; b++) {
                        ng[a * cols.n + b] = grid[a * gc + b];
                        nw[a * cols.n + b] = who[a * gc + b];
                    }
                free(grid);
                free(who);
                grid = ng;
                who = nw;
                gr = rows.n;
                gc = cols.n;
            }
            size_t at = ri * gc + ci;
            /* header-list rows (r NULL) have nothing to prefer by */
            if (!grid[at].text || (r && who[at] && cp_prefer_better(prefer, &ctx, r, who[at]))) {
                free(grid[at].text);
                free(grid[at].link);
                grid[at].text = cell;
                grid[at].link = linkf ? cp_table_eval(linkf, &ctx) : NULL;
                who[at] = r;
                cell = NULL;
            }
        }
        free(rl);
        free(cl);
        free(cell);
    }
    /* rows with too few filled cells are left out */
    size_t kept = 0;
    for (size_t r = 0; r < rows.n; r++) {
        size_t filled = 0;
        for (size_t i = 0; i < cols.n; i++)
            filled += grid[r * gc + i].text != NULL;
        if (filled < (unsigned long long)min_filled) {
            for (size_t i = 0; i < cols.n; i++) {
                free(grid[r * gc + i].text);
                free(grid[r * gc + i].link);
                memset(&grid[r * gc + i], 0, sizeof grid[r * gc + i]);
            }
            free(rows.items[r]);
            rows.items[r] = NULL;
        } else {
            kept++;
        }
    }
    if (rc == 0 && kept) {
        ctx.result = NULL;
        ctx.record = NULL;
        t->ncols = cols.n + 1;
        t->head = cp_xcalloc(t->ncols, sizeof *t->head);
        char *corner = cp_table_eval(cornerf, &ctx);
        t->head[0] = corner ? corner : cp_xstrdup("");
        for (size_t i = 0; i < cols.n; i++)
            t->head[i + 1] = cp_xstrdup(cols.items[i]);
        size_t table_cap = 0;
        cp_field count = cp_fmt_count_field(&ctx);
        for (size_t r = 0; r < rows.n; r++) {
            if (!rows.items[r])
                continue;
            cp_table_add_row(t, &table_cap);
            cp_cell *row = &t->cells[(t->nrows - 1) * t->ncols];
            row[0].text = cp_table_text(t, rows.items[r]);
            for (size_t i = 0; i < cols.n; i++) {
                cp_cell *v = &grid[r * gc + i];
                row[i + 1] = *v;
                const char *empty = i < nmissing && col_missing[i] ? col_missing[i] : missing;
                row[i + 1].text = cp_table_own(t, v->text ? v->text : cp_xstrdup(empty));
                memset(v, 0, sizeof *v);
                /* the notes on the result the cell shows (what prefer chose) */
                if (ds->notes && who[r * gc + i])
                    cp_table_cell_notes(t, t->nrows - 1, i + 1, who[r * gc + i], ds->notes, count, base->counts_only);
            }
        }
    }
    for (size_t i = 0; i < gr * gc; i++) {
        free(grid[i].text);
        free(grid[i].link);
    }
    free(grid);
    free(who);
    cp_prefer_free(prefer);
    strlist_free(&rows);
    strlist_free(&cols);
    for (size_t i = 0; i < labels->count; i++)
        cp_cellfmt_free(rowf[i]);
    free(rowf);
    cp_cellfmt_free(colf);
    cp_cellfmt_free(cellf);
    cp_cellfmt_free(cornerf);
    cp_cellfmt_free(detailf);
    cp_cellfmt_free(linkf);
    cp_cellfmt_free(cmf);
    for (size_t i = 0; i < nmissing; i++)
        free(col_missing[i]);
    free(col_missing);
    cp_candidates_free(&cand);
    free(sel.c);
    return rc;
}

