/* The table model: building a table by its kind, selection and the
 * helpers the kinds share, freeing. */
#include "table.h"

#include <stdlib.h>
#include <string.h>

#include "table_build.h"
#include "util.h"

/* ---- result selection ---- */

int cp_selection_compile(cp_selection *sel, const cp_node *spec, cp_diag *diag)
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
        const char *key = spec->keys[i]->text;
        if (key[0] == '$' && key[1]) {
            sel->c[sel->n++] = (cp_criterion){ CP_F_COUNT, key + 1, spec->items[i] };
            continue;
        }
        cp_field f = cp_field_by_name(key);
        if (f == CP_F_COUNT) {
            cp_mark at = cp_map_key_mark(spec, i);
            cp_diag_at(diag, &at, "select", "expected a result field, found '%s'", spec->keys[i]->text);
            return -1;
        }
        sel->c[sel->n++] = (cp_criterion){ f, NULL, spec->items[i] };
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

int cp_selected(const cp_selection *sel, const cp_result *r)
{
    for (size_t i = 0; i < sel->n; i++) {
        const cp_criterion *c = &sel->c[i];
        const cp_node *v = c->path ? cp_header_node(r->header, c->path) : cp_result_value(r, c->field);
        if (!value_in(v, c->values))
            return 0;
    }
    return 1;
}

/* ---- a growing table ---- */

/* capacity for n items, grown geometrically (tables of 10^5 rows) */
void *cp_table_grow(void *p, size_t n, size_t *cap, size_t size)
{
    if (n <= *cap)
        return p;
    while (*cap < n)
        *cap = *cap ? *cap * 2 : 16;
    return cp_xrealloc(p, *cap * size);
}

void cp_table_add_row(cp_table *t, size_t *cap)
{
    t->cells = cp_table_grow(t->cells, (t->nrows + 1) * t->ncols, cap, sizeof *t->cells);
    memset(&t->cells[t->nrows * t->ncols], 0, t->ncols * sizeof *t->cells);
    t->nrows++;
}

char *cp_table_eval(const cp_cellfmt *f, const cp_fmt_ctx *ctx)
{
    /* evaluated into one buffer kept by the thread, the text then copied
     * at its size: a buffer of its own per cell, shrunk afterwards, left a
     * hole beside every cell on the heap (a table of 10^6 rows keeps its
     * cells; 80 bytes of heap a cell instead of 32) */
    static _Thread_local cp_buf b;
    b.len = 0;
    cp_buf_puts(&b, "");
    if (cp_cellfmt_eval(f, ctx, &b) != 0)
        return NULL;
    /* an optional value left out must not leave a dangling or double space */
    size_t n = 0;
    for (size_t i = 0; i < b.len; i++)
        if (b.data[i] != ' ' || (n && b.data[n - 1] != ' '))
            b.data[n++] = b.data[i];
    while (n && b.data[n - 1] == ' ')
        n--;
    return cp_xstrndup(b.data, n);
}

cp_cellfmt *cp_table_compile(const cp_node *n, const cp_layout *l, cp_diag *diag)
{
    if (!n || n->kind != CP_SCALAR) {
        cp_diag_node(diag, n, NULL, "expected a cell format (text), found %s", n ? "a collection" : "nothing");
        return NULL;
    }
    return cp_cellfmt_compile(n->text, n, l, diag);
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
        return cp_table_build_rows(t, l, ds, def, diag);
    if (cp_map_get(def, "pivot"))
        return cp_table_build_pivot(t, l, ds, def, diag);
    if (cp_map_get(def, "columns"))
        return cp_table_build_list(t, l, ds, def, diag);
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
        free(t->cells[i].link);
    }
    free(t->cells);
    free(t->name);
    free(t->note_group);
    memset(t, 0, sizeof *t);
}
