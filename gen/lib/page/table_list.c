/* `columns:` tables (a kind of table_kind.h): one row per selected result
 * (or per item of a header list with `from:`), columns that no row fills
 * are left out; a column's optional third format makes each of its cells
 * a link */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "page/select.h"
#include "page/table_build.h"
#include "page/table_kind.h"
#include "page/table_noeffect.h"
#include "page/table_notes.h"

typedef struct {
    cp_cellfmt *head, *cell, *link;   /* link: NULL when the column has none */
    const char *src;                  /* the cell format's text */
    int varies;                       /* shown only when its cells differ */
} column;

int cp_table_build_list(cp_table *t, const cp_fmt_ctx *base, const cp_node *def, cp_diag *diag)
{
    const cp_layout *l = base->layout;
    const cp_dataset *ds = base->ds;
    const cp_node *cols = cp_table_key(l, def, "columns");
    const cp_node *from = cp_table_key(l, def, "from");
    const char *missing = cp_scalar(cp_table_key(l, def, "missing"));
    if (!missing)
        missing = l->missing;
    if (cols->kind != CP_SEQ) {
        cp_diag_node(diag, cols, "columns", "expected a sequence of [header, cell] pairs, found something else");
        return -1;
    }
    cp_selection sel;
    int rc = cp_selection_compile(&sel, cp_table_key(l, def, "select"), diag);
    column *c = NULL;
    size_t nc = 0;
    for (size_t i = 0; rc == 0 && i < cols->count; i++) {
        /* a name stands for a group of columns of column_sets */
        const cp_node *item = cols->items[i], *group = item;
        size_t n = 1;
        if (item->kind == CP_SCALAR) {
            group = cp_map_get(l->column_sets, item->text);
            if (!group || group->kind != CP_SEQ) {
                cp_diag_node(diag, item, "columns", "expected a [header, cell] pair or a column set name, found '%s'", item->text);
                rc = -1;
                break;
            }
            n = group->count;
        }
        for (size_t k = 0; rc == 0 && k < n; k++) {
            const cp_node *pair = item->kind == CP_SCALAR ? group->items[k] : item;
            c = cp_xrealloc(c, (nc + 1) * sizeof *c);
            column *col = &c[nc++];
            memset(col, 0, sizeof *col);
            /* [header, cell], [header, cell, link], or {head, cell, link?,
             * varies?}: `varies: true` keeps the column only when its
             * cells are not all the same (a mode column in a table that
             * the ST pages give one mode each) */
            const cp_node *head = NULL, *cell = NULL, *link = NULL, *varies = NULL;
            if (pair->kind == CP_SEQ && pair->count >= 2 && pair->count <= 3) {
                head = pair->items[0];
                cell = pair->items[1];
                link = pair->count == 3 ? pair->items[2] : NULL;
            } else if (pair->kind == CP_MAP) {
                head = cp_map_get(pair, "head");
                cell = cp_map_get(pair, "cell");
                link = cp_map_get(pair, "link");
                varies = cp_map_get(pair, "varies");
            }
            if (!head || !cell) {
                cp_diag_node(diag, pair, "columns", "expected a [header, cell] pair, [header, cell, link] or "
                             "{head, cell, link, varies}, found something else");
                rc = -1;
                break;
            }
            col->head = cp_table_compile(head, l, diag);
            col->cell = cp_table_compile(cell, l, diag);
            col->src = cp_scalar(cell);
            col->varies = varies && cp_scalar(varies) && strcmp(varies->text, "true") == 0;
            if (link && !(col->link = cp_table_compile(link, l, diag)))
                rc = -1;
            if (!col->head || !col->cell)
                rc = -1;
        }
    }
    /* the row sources */
    const cp_node *items = NULL;
    if (rc == 0 && from) {
        items = cp_scalar(from) ? cp_dataset_node(ds, from->text) : NULL;
        if (items && items->kind != CP_SEQ)
            items = NULL;
    }
    cp_candidates cand;
    cp_candidates_get(&cand, &sel, ds);
    size_t nsrc = from ? (items ? items->count : 0) : cand.n;
    char **cells = NULL;   /* nrows x nc, NULL = missing */
    char **links = NULL;   /* nrows x nc, NULL = no link */
    const cp_result **row_result = NULL;
    size_t nrows = 0, cells_cap = 0, links_cap = 0, rr_cap = 0, table_cap = 0;
    int *used = cp_xcalloc(nc ? nc : 1, sizeof *used);
    cp_fmt_ctx ctx = *base;
    for (size_t s = 0; rc == 0 && s < nsrc; s++) {
        if (from) {
            ctx.result = NULL;
            ctx.record = items->items[s];
        } else {
            const cp_result *r = cp_candidate(&cand, ds, s);
            if (!cp_selected(&sel, r))
                continue;
            ctx.result = r;
            ctx.record = r->node;
            /* a companion shows the rows that have its count */
            if (ctx.counts_only && !cp_fmt_count(&ctx))
                continue;
            cp_result_shown(ds, r);
        }
        row_result = cp_table_grow(row_result, nrows + 1, &rr_cap, sizeof *row_result);
        row_result[nrows] = ctx.result;
        cells = cp_table_grow(cells, (nrows + 1) * nc, &cells_cap, sizeof *cells);
        links = cp_table_grow(links, (nrows + 1) * nc, &links_cap, sizeof *links);
        for (size_t i = 0; i < nc; i++) {
            char *v = cp_table_eval_text(t, c[i].cell, &ctx);
            cells[nrows * nc + i] = v;
            /* a missing cell links nowhere */
            links[nrows * nc + i] = v && c[i].link ? cp_table_eval(c[i].link, &ctx) : NULL;
            used[i] |= v != NULL;
        }
        nrows++;
    }
    for (size_t i = 0; rc == 0 && i < nc; i++) {
        if (!c[i].varies || !used[i])
            continue;
        int same = 1;
        for (size_t r = 1; r < nrows && same; r++) {
            const char *a = cells[i], *b = cells[r * nc + i];
            same = (!a && !b) || (a && b && strcmp(a, b) == 0);
        }
        if (same)
            used[i] = 0;
    }
    if (rc == 0 && nrows) {
        ctx.result = NULL;
        ctx.record = NULL;
        for (size_t i = 0; i < nc; i++)
            t->ncols += used[i] != 0;
        t->head = cp_xcalloc(t->ncols, sizeof *t->head);
        for (size_t i = 0, k = 0; i < nc; i++)
            if (used[i]) {
                char *h = cp_table_eval(c[i].head, &ctx);
                t->head[k++] = h ? h : cp_xstrdup("");
            }
        for (size_t r = 0; r < nrows; r++) {
            cp_table_add_row(t, &table_cap);
            for (size_t i = 0, k = 0; i < nc; i++) {
                char *v = cells[r * nc + i];
                if (!used[i])
                    continue;
                t->cells[r * t->ncols + k].link = links[r * nc + i];
                t->cells[r * t->ncols + k++].text = v ? v : cp_table_text(t, missing);
                cells[r * nc + i] = NULL;
                links[r * nc + i] = NULL;
            }
        }
    }
    /* the notes source's notes on these rows, on the cell of the figure
     * they explain */
    if (rc == 0 && nrows && !from && ds->notes) {
        size_t col = 0;
        for (size_t i = 0, k = 0; i < nc; i++)
            if (used[i]) {
                if (c[i].src && strstr(c[i].src, "{@count")) {
                    col = k;
                    break;
                }
                k++;
            }
        ctx.result = NULL;
        cp_field count = cp_fmt_count_field(&ctx);
        for (size_t r = 0; r < nrows; r++)
            cp_table_cell_notes(t, r, col, row_result[r], ds->notes, count, base->counts_only);
    }
    const cp_node *axis_notes = cp_table_key(l, def, "axis_notes");
    /* (a companion's rows have their notes in the table it follows) */
    if (rc == 0 && nrows && !from && !base->counts_only && axis_notes && cp_scalar(axis_notes) &&
        strcmp(axis_notes->text, "true") == 0) {
        const char **src = cp_xcalloc(nc ? nc : 1, sizeof *src);
        for (size_t i = 0; i < nc; i++)
            src[i] = c[i].src;
        ctx.result = NULL;
        cp_table_axis_notes(t, row_result, src, used, nc, l, cp_fmt_count_field(&ctx));
        free(src);
    }
    free(row_result);
    cp_candidates_free(&cand);
    for (size_t i = 0; i < nrows * nc; i++)
        free(links[i]);   /* the texts are t's */
    free(cells);
    free(links);
    free(used);
    for (size_t i = 0; i < nc; i++) {
        cp_cellfmt_free(c[i].head);
        cp_cellfmt_free(c[i].cell);
        cp_cellfmt_free(c[i].link);
    }
    free(c);
    free(sel.c);
    return rc;
}

