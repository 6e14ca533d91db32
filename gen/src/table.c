#include "table.h"

#include <stdlib.h>
#include <string.h>

#include "cellfmt.h"
#include "cond.h"
#include "util.h"

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

/* ---- result selection: `select: {field: value | [values]}` ---- */

typedef struct {
    cp_field field;
    const cp_node *values;   /* scalar or sequence of scalars */
} criterion;

typedef struct {
    criterion *c;
    size_t n;
} selection;

static int selection_compile(selection *sel, const cp_node *spec, cp_diag *diag)
{
    memset(sel, 0, sizeof *sel);
    if (!spec)
        return 0;
    if (spec->kind != CP_MAP) {
        cp_diag_node(diag, spec, "select", "expected a mapping field -> value(s), found something else");
        return -1;
    }
    sel->c = cp_xcalloc(spec->count, sizeof *sel->c);
    for (size_t i = 0; i < spec->count; i++) {
        cp_field f = cp_field_by_name(spec->keys[i]->text);
        if (f == CP_F_COUNT) {
            cp_diag_node(diag, spec->keys[i], "select", "expected a result field, found '%s'", spec->keys[i]->text);
            return -1;
        }
        sel->c[sel->n++] = (criterion){ f, spec->items[i] };
    }
    return 0;
}

static int value_in(const cp_node *v, const cp_node *values)
{
    if (!v || v->kind != CP_SCALAR)
        return 0;
    if (values->kind == CP_SCALAR)
        return strcmp(values->text, v->text) == 0;
    for (size_t i = 0; i < values->count; i++)
        if (values->items[i]->kind == CP_SCALAR && strcmp(values->items[i]->text, v->text) == 0)
            return 1;
    return 0;
}

static int selected(const selection *sel, const cp_result *r)
{
    for (size_t i = 0; i < sel->n; i++)
        if (!value_in(r->value[sel->c[i].field], sel->c[i].values))
            return 0;
    return 1;
}

/* ---- a growing table ---- */

static void add_row(cp_table *t)
{
    t->cells = cp_xrealloc(t->cells, (t->nrows + 1) * t->ncols * sizeof *t->cells);
    memset(&t->cells[t->nrows * t->ncols], 0, t->ncols * sizeof *t->cells);
    t->nrows++;
}

static char *eval_or_null(const cp_cellfmt *f, const cp_fmt_ctx *ctx)
{
    cp_buf b = { 0 };
    cp_buf_puts(&b, "");
    if (cp_cellfmt_eval(f, ctx, &b) != 0) {
        cp_buf_free(&b);
        return NULL;
    }
    /* an optional value left out must not leave a dangling space */
    size_t lead = strspn(b.data, " ");
    while (b.len > lead && b.data[b.len - 1] == ' ')
        b.data[--b.len] = '\0';
    memmove(b.data, b.data + lead, b.len - lead + 1);
    return b.data;
}

static cp_cellfmt *compile_node(const cp_node *n, const cp_layout *l, cp_diag *diag)
{
    if (!n || n->kind != CP_SCALAR) {
        cp_diag_node(diag, n, NULL, "expected a cell format (text), found %s", n ? "a collection" : "nothing");
        return NULL;
    }
    return cp_cellfmt_compile(n->text, n, l, diag);
}

/* ---- `columns:` tables: one row per selected result (or per item of a
 * header list with `from:`), columns that no row fills are left out ---- */

typedef struct {
    cp_cellfmt *head, *cell;
} column;

static int build_list(cp_table *t, const cp_layout *l, const cp_dataset *ds, const cp_node *def, cp_diag *diag)
{
    const cp_node *cols = cp_map_get(def, "columns");
    const cp_node *from = cp_map_get(def, "from");
    const char *missing = cp_scalar(cp_map_get(def, "missing"));
    if (!missing)
        missing = l->missing;
    if (cols->kind != CP_SEQ) {
        cp_diag_node(diag, cols, "columns", "expected a sequence of [header, cell] pairs, found something else");
        return -1;
    }
    selection sel;
    int rc = selection_compile(&sel, cp_map_get(def, "select"), diag);
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
            if (pair->kind != CP_SEQ || pair->count != 2) {
                cp_diag_node(diag, pair, "columns", "expected a [header, cell] pair, found something else");
                rc = -1;
                break;
            }
            col->head = compile_node(pair->items[0], l, diag);
            col->cell = compile_node(pair->items[1], l, diag);
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
    size_t nsrc = from ? (items ? items->count : 0) : ds->nresults;
    char **cells = NULL;   /* nrows x nc, NULL = missing */
    size_t nrows = 0;
    int *used = cp_xcalloc(nc ? nc : 1, sizeof *used);
    cp_fmt_ctx ctx = { ds, l, NULL, NULL, NULL };
    for (size_t s = 0; rc == 0 && s < nsrc; s++) {
        if (from) {
            ctx.result = NULL;
            ctx.record = items->items[s];
        } else {
            if (!selected(&sel, &ds->results[s]))
                continue;
            ctx.result = &ds->results[s];
            ctx.record = ds->results[s].node;
        }
        cells = cp_xrealloc(cells, (nrows + 1) * nc * sizeof *cells);
        for (size_t i = 0; i < nc; i++) {
            char *v = eval_or_null(c[i].cell, &ctx);
            cells[nrows * nc + i] = v;
            used[i] |= v != NULL;
        }
        nrows++;
    }
    if (rc == 0 && nrows) {
        ctx.result = NULL;
        ctx.record = NULL;
        for (size_t i = 0; i < nc; i++)
            t->ncols += used[i] != 0;
        t->head = cp_xcalloc(t->ncols, sizeof *t->head);
        for (size_t i = 0, k = 0; i < nc; i++)
            if (used[i]) {
                char *h = eval_or_null(c[i].head, &ctx);
                t->head[k++] = h ? h : cp_xstrdup("");
            }
        for (size_t r = 0; r < nrows; r++) {
            add_row(t);
            for (size_t i = 0, k = 0; i < nc; i++) {
                char *v = cells[r * nc + i];
                if (!used[i])
                    continue;
                t->cells[r * t->ncols + k++].text = v ? v : cp_xstrdup(missing);
                cells[r * nc + i] = NULL;
            }
        }
    }
    for (size_t i = 0; i < nrows * nc; i++)
        free(cells[i]);
    free(cells);
    free(used);
    for (size_t i = 0; i < nc; i++) {
        cp_cellfmt_free(c[i].head);
        cp_cellfmt_free(c[i].cell);
    }
    free(c);
    free(sel.c);
    return rc;
}

/* ---- `pivot:` tables: one row per row label, one column per column label,
 * both in order of first appearance ---- */

static const cp_node *row_format(const cp_layout *l, const cp_node *labels, const cp_result *r)
{
    const char *family = cp_result_text(r, CP_F_FAMILY);
    const cp_node *f = family ? cp_map_get(labels, family) : NULL;
    (void)l;
    return f ? f : cp_map_get(labels, "default");
}

static int build_pivot(cp_table *t, const cp_layout *l, const cp_dataset *ds, const cp_node *def, cp_diag *diag)
{
    const cp_node *pv = cp_map_get(def, "pivot");
    if (pv->kind == CP_SCALAR) {
        const cp_node *named = cp_map_get(l->pivots, pv->text);
        if (!named || named->kind != CP_MAP) {
            cp_diag_node(diag, pv, "pivot", "expected a pivot shape or the name of one in 'pivots', found '%s'", pv->text);
            return -1;
        }
        pv = named;
    }
    const char *missing = cp_scalar(cp_map_get(def, "missing"));
    if (!missing)
        missing = l->missing;
    const char *rows_name = cp_scalar(cp_map_get(pv, "row"));
    const cp_node *labels = rows_name ? cp_map_get(l->row_labels, rows_name) : NULL;
    if (!labels || labels->kind != CP_MAP) {
        cp_diag_node(diag, pv, "pivot.row", "expected the name of a row_labels map, found %s",
                     rows_name ? rows_name : "none");
        return -1;
    }
    selection sel;
    cp_cellfmt *colf = compile_node(cp_map_get(pv, "column"), l, diag);
    cp_cellfmt *cellf = compile_node(cp_map_get(pv, "cell"), l, diag);
    cp_cellfmt *cornerf = compile_node(cp_map_get(pv, "corner"), l, diag);
    int rc = selection_compile(&sel, cp_map_get(def, "select"), diag);
    if (!colf || !cellf || !cornerf)
        rc = -1;
    /* compiled row formats, one per family key of the map */
    cp_cellfmt **rowf = cp_xcalloc(labels->count ? labels->count : 1, sizeof *rowf);
    for (size_t i = 0; rc == 0 && i < labels->count; i++)
        if (!(rowf[i] = compile_node(labels->items[i], l, diag)))
            rc = -1;
    strlist rows = { 0 }, cols = { 0 };
    char **grid = NULL;   /* rows.n x cols.n, grown as labels appear */
    size_t gr = 0, gc = 0;
    cp_fmt_ctx ctx = { ds, l, NULL, NULL, NULL };
    for (size_t s = 0; rc == 0 && s < ds->nresults; s++) {
        const cp_result *r = &ds->results[s];
        if (!selected(&sel, r))
            continue;
        ctx.result = r;
        ctx.record = r->node;
        const cp_node *rf = row_format(l, labels, r);
        if (!rf)
            continue;   /* a family this table does not show */
        size_t fi = 0;
        while (labels->items[fi] != rf)
            fi++;
        char *rl = eval_or_null(rowf[fi], &ctx);
        char *cl = eval_or_null(colf, &ctx);
        char *cell = eval_or_null(cellf, &ctx);
        if (rl && cl && cell) {
            size_t ri = strlist_index(&rows, rl), ci = strlist_index(&cols, cl);
            if (rows.n > gr || cols.n > gc) {
                char **ng = cp_xcalloc(rows.n * cols.n, sizeof *ng);
                for (size_t a = 0; a < gr; a++)
                    for (size_t b = 0; b < gc; b++)
                        ng[a * cols.n + b] = grid[a * gc + b];
                free(grid);
                grid = ng;
                gr = rows.n;
                gc = cols.n;
            }
            if (!grid[ri * gc + ci]) {
                grid[ri * gc + ci] = cell;
                cell = NULL;
            }
        }
        free(rl);
        free(cl);
        free(cell);
    }
    if (rc == 0 && rows.n) {
        ctx.result = NULL;
        ctx.record = NULL;
        t->ncols = cols.n + 1;
        t->head = cp_xcalloc(t->ncols, sizeof *t->head);
        char *corner = eval_or_null(cornerf, &ctx);
        t->head[0] = corner ? corner : cp_xstrdup("");
        for (size_t i = 0; i < cols.n; i++)
            t->head[i + 1] = cp_xstrdup(cols.items[i]);
        for (size_t r = 0; r < rows.n; r++) {
            add_row(t);
            t->cells[r * t->ncols].text = cp_xstrdup(rows.items[r]);
            for (size_t i = 0; i < cols.n; i++) {
                char *v = grid[r * gc + i];
                t->cells[r * t->ncols + i + 1].text = v ? v : cp_xstrdup(missing);
                grid[r * gc + i] = NULL;
            }
        }
    }
    for (size_t i = 0; i < gr * gc; i++)
        free(grid[i]);
    free(grid);
    strlist_free(&rows);
    strlist_free(&cols);
    for (size_t i = 0; i < labels->count; i++)
        cp_cellfmt_free(rowf[i]);
    free(rowf);
    cp_cellfmt_free(colf);
    cp_cellfmt_free(cellf);
    cp_cellfmt_free(cornerf);
    free(sel.c);
    return rc;
}

/* ---- `rows:` tables: label/value pairs from the dataset header, no header
 * row; a row whose value is absent is left out ---- */

static int build_config(cp_table *t, const cp_layout *l, const cp_dataset *ds, const cp_node *def, cp_diag *diag)
{
    const cp_node *rows = cp_map_get(def, "rows");
    const char *group = cp_scalar(cp_map_get(def, "note_group"));
    if (rows->kind != CP_SEQ) {
        cp_diag_node(diag, rows, "rows", "expected a sequence of rows, found something else");
        return -1;
    }
    t->ncols = 2;
    t->note_group = group ? cp_xstrdup(group) : NULL;
    cp_fmt_ctx ctx = { ds, l, NULL, NULL, NULL };
    for (size_t i = 0; i < rows->count; i++) {
        const cp_node *row = rows->items[i];
        const cp_node *label, *val, *note = NULL, *when = NULL;
        if (row->kind == CP_SEQ && row->count == 2) {
            label = row->items[0];
            val = row->items[1];
        } else if (row->kind == CP_MAP) {
            label = cp_map_get(row, "label");
            val = cp_map_get(row, "value");
            note = cp_map_get(row, "note");
            when = cp_map_get(row, "when");
        } else {
            cp_diag_node(diag, row, "rows", "expected [label, value] or {label, value, note, when}, found something else");
            return -1;
        }
        if (when) {
            int w = cp_cond_eval(cp_scalar(when) ? when->text : "", &ctx, NULL, NULL, when, diag);
            if (w < 0)
                return -1;
            if (!w)
                continue;
        }
        cp_cellfmt *lf = compile_node(label, l, diag), *vf = compile_node(val, l, diag);
        cp_cellfmt *nf = note ? compile_node(note, l, diag) : NULL;
        int ok = lf && vf && (!note || nf);
        char *lt = ok ? eval_or_null(lf, &ctx) : NULL;
        char *vt = ok ? eval_or_null(vf, &ctx) : NULL;
        if (lt && vt) {
            add_row(t);
            cp_cell *c = &t->cells[(t->nrows - 1) * 2];
            c[0].text = lt;
            c[1].text = vt;
            c[1].note = nf ? eval_or_null(nf, &ctx) : NULL;
        } else {
            free(lt);
            free(vt);
        }
        cp_cellfmt_free(lf);
        cp_cellfmt_free(vf);
        cp_cellfmt_free(nf);
        if (!ok)
            return -1;
    }
    return 0;
}

int cp_table_build(cp_table *t, const cp_layout *l, const cp_dataset *ds, const char *name, const cp_node *src,
                   cp_diag *diag)
{
    memset(t, 0, sizeof *t);
    t->name = cp_xstrdup(name);
    const cp_node *def = cp_map_get(l->tables, name);
    if (!def || def->kind != CP_MAP) {
        cp_diag_node(diag, src, NULL, "expected a table defined in tables.yaml of layout '%s', found '%s'", l->name, name);
        return -1;
    }
    if (cp_map_get(def, "rows"))
        return build_config(t, l, ds, def, diag);
    if (cp_map_get(def, "pivot"))
        return build_pivot(t, l, ds, def, diag);
    if (cp_map_get(def, "columns"))
        return build_list(t, l, ds, def, diag);
    cp_diag_node(diag, def, name, "expected 'rows', 'columns' or 'pivot', found none of them");
    return -1;
}

void cp_table_free(cp_table *t)
{
    for (size_t i = 0; t->head && i < t->ncols; i++)
        free(t->head[i]);
    free(t->head);
    for (size_t i = 0; i < t->nrows * t->ncols; i++) {
        free(t->cells[i].text);
        free(t->cells[i].note);
    }
    free(t->cells);
    free(t->name);
    free(t->note_group);
    memset(t, 0, sizeof *t);
}
