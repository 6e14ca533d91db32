/* Building the tables of a page (table_build.h): a table's definition in
 * tables.yaml, the kind its key names (the kinds: table_kind.h), the
 * counts it shows, and the cell helpers the kinds and the charts share. */
#include "page/table_build.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "page/table_kind.h"

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
    return n < 0 ? NULL : cp_table_text_len(t, text, (size_t)n);
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

/* The kinds of table (table_kind.h), in the order their keys are looked
 * for in a definition (and in the tables it is `like:`). */
static const cp_table_kind kinds[] = {
    { "rows", cp_table_build_rows, 0 },
    { "pivot", cp_table_build_pivot, 0 },
    { "columns", cp_table_build_list, 1 },
};
#define NKINDS (sizeof kinds / sizeof kinds[0])

/* The table `name`; with companion (not CP_F_COUNT), its companion table
 * of that count: rows of the kinds that have companions, none of the
 * others. */
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
    for (size_t k = 0; k < NKINDS; k++)
        if (cp_table_key(l, def, kinds[k].key))
            return companion == CP_F_COUNT || kinds[k].companion ? kinds[k].build(t, &base, def, diag) : 0;
    cp_buf names = { 0 };
    for (size_t k = 0; k < NKINDS; k++)
        cp_buf_printf(&names, "%s'%s'", k == 0 ? "" : k + 1 < NKINDS ? ", " : " or ", kinds[k].key);
    cp_diag_node(diag, def, name, "expected %s, found none of them", names.data);
    cp_buf_free(&names);
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
