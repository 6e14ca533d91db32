/* Results no table shows (page_unshown.h). Why, for each: the table of
 * the page whose `select:` fails on the fewest criteria, and those
 * criteria, since a near miss (one key off) is what a user who wrote the
 * row meant. */
#include "page/page_unshown.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "page/select.h"
#include "page/table_build.h"

#define MAX_WARNINGS 50

typedef struct {
    const char *name;   /* the table's name in tables.yaml */
    cp_selection sel;
} page_table;

static void put_values(cp_buf *b, const cp_node *values)
{
    if (values->kind == CP_SCALAR) {
        cp_buf_printf(b, "'%s'", values->text);
        return;
    }
    cp_buf_puts(b, "one of [");
    for (size_t i = 0; i < values->count; i++)
        cp_buf_printf(b, "%s%s", i ? ", " : "", cp_scalar(values->items[i]) ? values->items[i]->text : "?");
    cp_buf_puts(b, "]");
}

static int criterion_holds(const cp_criterion *c, const cp_result *r, const cp_node **found)
{
    cp_selection one = { (cp_criterion *)c, 1 };
    *found = c->path ? cp_header_node(r->header, c->path) : cp_result_value(r, c->field);
    return cp_selected(&one, r);
}

static size_t misses(const cp_selection *sel, const cp_result *r)
{
    size_t n = 0;
    const cp_node *found;
    for (size_t i = 0; i < sel->n; i++)
        n += !criterion_holds(&sel->c[i], r, &found);
    return n;
}

/* why r is on no table of tabs, into b */
static void why(cp_buf *b, const page_table *tabs, size_t ntabs, const cp_result *r)
{
    const page_table *best = NULL;
    size_t best_misses = 0;
    for (size_t t = 0; t < ntabs; t++) {
        size_t m = misses(&tabs[t].sel, r);
        if (!best || m < best_misses) {
            best = &tabs[t];
            best_misses = m;
        }
    }
    if (!best) {
        cp_buf_puts(b, "the page has no table of results");
        return;
    }
    if (best_misses == 0) {
        cp_buf_printf(b, "table '%s' selects it but has no row or cell for it (its rows name no such family or value)",
                      best->name);
        return;
    }
    for (size_t i = 0; i < best->sel.n; i++) {
        const cp_criterion *c = &best->sel.c[i];
        const cp_node *found;
        if (!c->path && c->field == CP_F_FAMILY && !criterion_holds(c, r, &found)) {
            const char *kind = cp_result_text(r, CP_F_KIND);
            cp_buf_printf(b, "no table on the page shows family '%s'%s%s%s (the layout has no table for it, or its "
                          "page.md leaves that table out)",
                          found && found->kind == CP_SCALAR ? found->text : "?", kind ? " of kind '" : "",
                          kind ? kind : "", kind ? "'" : "");
            return;
        }
    }
    cp_buf_printf(b, "the nearest table, '%s', wants ", best->name);
    size_t k = 0;
    for (size_t i = 0; i < best->sel.n; i++) {
        const cp_criterion *c = &best->sel.c[i];
        const cp_node *found;
        if (criterion_holds(c, r, &found))
            continue;
        cp_buf_printf(b, "%s%s%s ", k++ ? " and " : "", c->path ? "$" : "", c->path ? c->path : cp_fields[c->field].name);
        put_values(b, c->values);
        if (found && found->kind == CP_SCALAR)
            cp_buf_printf(b, ", found '%s'", found->text);
        else
            cp_buf_puts(b, ", found none");
    }
}

size_t cp_page_report_unshown(const cp_page *p, const cp_dataset *ds, cp_diag *diag, int strict)
{
    size_t n = 0;
    for (size_t i = 0; p->shown && i < p->nshown; i++)
        n += !p->shown[i];
    if (!n)
        return 0;
    const cp_layout *l = p->layout;
    page_table *tabs = cp_xcalloc(p->ntables ? p->ntables : 1, sizeof *tabs);
    size_t ntabs = 0;
    cp_diag quiet = { 0 };
    for (size_t t = 0; t < p->ntables; t++) {
        /* a companion table ("name+instructions") selects as its table */
        const char *name = p->tables[t].name;
        size_t len = strcspn(name, "+");
        int seen = 0;
        for (size_t k = 0; k < ntabs && !seen; k++)
            seen = strlen(tabs[k].name) == len && !strncmp(tabs[k].name, name, len);
        size_t k = 0;
        while (!seen && k < l->tables->count &&
               (strlen(l->tables->keys[k]->text) != len || strncmp(l->tables->keys[k]->text, name, len)))
            k++;
        const cp_node *def = seen || k == l->tables->count ? NULL : l->tables->items[k];
        const cp_node *spec = def ? cp_table_key(l, def, "select") : NULL;
        if (spec && cp_selection_compile(&tabs[ntabs].sel, spec, &quiet) == 0)
            tabs[ntabs++].name = l->tables->keys[k]->text;   /* the layout's: lives as long as it */
        else if (spec)
            free(tabs[ntabs].sel.c);
    }
    size_t told = 0;
    cp_buf b = { 0 };
    for (size_t i = 0; i < p->nshown; i++) {
        if (p->shown[i])
            continue;
        const cp_result *r = &ds->results[i];
        if (!strict && told == MAX_WARNINGS) {
            if (diag->out)
                fprintf(diag->out, "%s: warning: %zu more results on no table (the first %d are told)\n",
                        ds->doc.file, n - told, MAX_WARNINGS);
            break;
        }
        b.len = 0;
        cp_buf_puts(&b, "");
        why(&b, tabs, ntabs, r);
        char path[32];
        snprintf(path, sizeof path, "results[%zu]", i);
        if (strict) {
            cp_diag_node(diag, r->node, path, "expected a result some table of layout '%s' shows, found one on no table: %s",
                         l->name, b.data);
        } else if (diag->out) {
            fprintf(diag->out, "%s:%u:%u: warning: %s: on no table of layout '%s', so on no page: %s\n",
                    r->node->mark.file, r->node->mark.line, r->node->mark.column, path, l->name, b.data);
        }
        told++;
    }
    cp_buf_free(&b);
    for (size_t t = 0; t < ntabs; t++)
        free(tabs[t].sel.c);
    free(tabs);
    return n;
}
