/* Result selection (select.h): `select:` compiled into criteria, and a
 * result checked against them. Which results are worth checking at all:
 * select_index.c. */
#include "page/select.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

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
