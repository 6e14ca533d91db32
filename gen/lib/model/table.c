/* The table model: building a table by its kind, selection and the
 * helpers the kinds share, freeing. */
#include "model/table.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "page/table_build.h"

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

/* ---- the texts of a table: chunks that only grow, freed together ---- */

#define FIRST_TEXTS (4u * 1024)
#define LARGEST_TEXTS (1024u * 1024)

struct cp_table_texts {
    struct cp_table_texts *prev;
    size_t size, used;
    char data[];
};

static char *text_copy(cp_table *t, const char *s, size_t n)
{
    struct cp_table_texts *c = t->texts;
    if (!c || c->size - c->used < n + 1) {
        size_t size = c ? c->size * 2 : FIRST_TEXTS;
        if (size > LARGEST_TEXTS)
            size = LARGEST_TEXTS;
        if (size < n + 1)
            size = n + 1;
        c = cp_xmalloc(sizeof *c + size);
        c->prev = t->texts;
        c->size = size;
        c->used = 0;
        t->texts = c;
    }
    char *p = c->data + c->used;
    memcpy(p, s, n);
    p[n] = '\0';
    c->used += n + 1;
    return p;
}

char *cp_table_text(cp_table *t, const char *s)
{
    return s ? text_copy(t, s, strlen(s)) : NULL;
}

char *cp_table_own(cp_table *t, char *s)
{
    char *p = cp_table_text(t, s);
    free(s);
    return p;
}

/* f evaluated into a buffer kept by the thread; its length, or -1 when a
 * value it needs is missing */
static long eval(const cp_cellfmt *f, const cp_fmt_ctx *ctx, const char **text)
{
    static _Thread_local cp_buf b;
    b.len = 0;
    cp_buf_puts(&b, "");
    if (cp_cellfmt_eval(f, ctx, &b) != 0)
        return -1;
    /* an optional value left out must not leave a dangling or double space */
    size_t n = 0;
    for (size_t i = 0; i < b.len; i++)
        if (b.data[i] != ' ' || (n && b.data[n - 1] != ' '))
            b.data[n++] = b.data[i];
    while (n && b.data[n - 1] == ' ')
        n--;
    *text = b.data;
    return (long)n;
}

char *cp_table_eval(const cp_cellfmt *f, const cp_fmt_ctx *ctx)
{
    const char *text;
    long n = eval(f, ctx, &text);
    return n < 0 ? NULL : cp_xstrndup(text, (size_t)n);
}

char *cp_table_eval_text(cp_table *t, const cp_cellfmt *f, const cp_fmt_ctx *ctx)
{
    const char *text;
    long n = eval(f, ctx, &text);
    return n < 0 ? NULL : text_copy(t, text, (size_t)n);
}

cp_cellfmt *cp_table_compile(const cp_node *n, const cp_layout *l, cp_diag *diag)
{
    if (!n || n->kind != CP_SCALAR) {
        cp_diag_node(diag, n, NULL, "expected a cell format (text), found %s", n ? "a collection" : "nothing");
        return NULL;
    }
    return cp_cellfmt_compile(n->text, n, l, diag);
}

#define MAX_LIKE 8

const cp_node *cp_table_key(const cp_layout *l, const cp_node *def, const char *key)
{
    for (int depth = 0; def && depth < MAX_LIKE; depth++) {
        const cp_node *n = cp_map_get(def, key);
        if (n)
            return n;
        const char *like = cp_scalar(cp_map_get(def, "like"));
        def = like ? cp_map_get(l->tables, like) : NULL;
    }
    return NULL;
}

int cp_table_counts(const cp_layout *l, const cp_node *def, cp_diag *diag)
{
    const cp_node *n = cp_table_key(l, def, "counts");
    if (!n)
        return 0;
    cp_field f = cp_scalar(n) ? cp_field_by_name(n->text) : CP_F_COUNT;
    if (f != CP_F_CYCLES && f != CP_F_INSTRUCTIONS && f != CP_F_CYCLES_ESTIMATED) {
        cp_diag_node(diag, n, "counts", "expected a count field (cycles, instructions or cycles_estimated), found '%s'",
                     cp_scalar(n) ? n->text : "a collection");
        return -1;
    }
    return f + 1;
}

/* The table `name`; with companion (not CP_F_COUNT), its companion table
 * of that count. */
static int build(cp_table *t, const cp_layout *l, const cp_dataset *ds, const char *name, const cp_node *src,
                 cp_field companion, cp_diag *diag)
{
    memset(t, 0, sizeof *t);
    t->name = companion == CP_F_COUNT ? cp_xstrdup(name) : cp_xasprintf("%s+%s", name, cp_fields[companion].name);
    const cp_node *def = cp_map_get(l->tables, name);
    if (!def || def->kind != CP_MAP) {
        cp_diag_node(diag, src, NULL, "expected a table defined in tables.yaml of layout '%s', found '%s'", l->name, name);
        return -1;
    }
    const char *like = cp_scalar(cp_map_get(def, "like"));
    if (like && !cp_map_get(l->tables, like)) {
        cp_diag_node(diag, cp_map_get(def, "like"), "like", "expected a table of this tables.yaml, found '%s'", like);
        return -1;
    }
    cp_fmt_ctx base = { ds, l, NULL, NULL, NULL, 0, 0 };
    base.counts = companion == CP_F_COUNT ? cp_table_counts(l, def, diag) : (int)companion + 1;
    base.counts_only = companion != CP_F_COUNT;
    if (base.counts < 0)
        return -1;
    if (cp_table_key(l, def, "rows"))
        return companion == CP_F_COUNT ? cp_table_build_rows(t, &base, def, diag) : 0;
    if (cp_table_key(l, def, "pivot"))
        return companion == CP_F_COUNT ? cp_table_build_pivot(t, &base, def, diag) : 0;
    if (cp_table_key(l, def, "columns"))
        return cp_table_build_list(t, &base, def, diag);
    cp_diag_node(diag, def, name, "expected 'rows', 'columns' or 'pivot', found none of them");
    return -1;
}

int cp_table_build(cp_table *t, const cp_layout *l, const cp_dataset *ds, const char *name, const cp_node *src,
                   cp_diag *diag)
{
    return build(t, l, ds, name, src, CP_F_COUNT, diag);
}

int cp_table_build_companion(cp_table *t, const cp_layout *l, const cp_dataset *ds, const char *name,
                             const cp_node *src, cp_field counts, cp_diag *diag)
{
    return build(t, l, ds, name, src, counts, diag);
}

void cp_table_drop_rows(cp_table *t)
{
    for (size_t i = 0; t->head && i < t->ncols; i++)
        free(t->head[i]);
    free(t->head);
    t->head = NULL;
    for (size_t i = 0; i < t->nrows * t->ncols; i++) {
        free(t->cells[i].note);
        free(t->cells[i].link);
    }
    free(t->cells);
    t->cells = NULL;
    t->nrows = 0;
    for (struct cp_table_texts *c = t->texts, *prev; c; c = prev) {
        prev = c->prev;
        free(c);
    }
    t->texts = NULL;
}

void cp_table_free(cp_table *t)
{
    cp_table_drop_rows(t);
    free(t->name);
    free(t->note_group);
    memset(t, 0, sizeof *t);
}
