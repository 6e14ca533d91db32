/* The results a selection may pick (select.h), found without checking every
 * result: while a page is built, its dataset's results are grouped by the
 * text of each field a selection starts with (built on first use, one pass),
 * so a table or chart visits only the results its first criterion names. A
 * page of 40 tables and charts over 10^5 results otherwise checked each
 * result 40 times (half the time of building the tables). */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "model/chart.h"
#include "page/select.h"

typedef struct {
    size_t *at;         /* indexes in ds->results, in order */
    size_t n;
} group;

/* the results by their text of one field: names.v[k] has groups[k] */
typedef struct {
    int built;
    cp_chart_names names;
    group *groups;
} field_groups;

struct cp_result_index {
    const cp_dataset *ds;
    field_groups fields[CP_F_COUNT];
    unsigned char *shown;     /* ds->nresults flags: a table of the page shows it */
    cp_result_index *outer;   /* the index in use before this one */
};

static _Thread_local cp_result_index *in_use;

cp_result_index *cp_result_index_use(const cp_dataset *ds)
{
    cp_result_index *ix = cp_xcalloc(1, sizeof *ix);
    ix->ds = ds;
    ix->shown = cp_xcalloc(ds->nresults ? ds->nresults : 1, 1);
    ix->outer = in_use;
    in_use = ix;
    return ix;
}

void cp_result_index_done(cp_result_index *ix)
{
    if (!ix)
        return;
    in_use = ix->outer;
    for (size_t f = 0; f < CP_F_COUNT; f++) {
        for (size_t k = 0; k < ix->fields[f].names.n; k++)
            free(ix->fields[f].groups[k].at);
        free(ix->fields[f].groups);
        cp_chart_names_free(&ix->fields[f].names);
    }
    free(ix->shown);
    free(ix);
}

void cp_result_shown(const cp_dataset *ds, const cp_result *r)
{
    if (in_use && in_use->ds == ds && r >= ds->results && r < ds->results + ds->nresults)
        in_use->shown[r - ds->results] = 1;
}

unsigned char *cp_result_index_take_shown(cp_result_index *ix)
{
    unsigned char *s = ix->shown;
    ix->shown = NULL;
    return s;
}

static const field_groups *groups_of(cp_result_index *ix, cp_field f)
{
    field_groups *fg = &ix->fields[f];
    if (fg->built)
        return fg;
    size_t cap = 0;
    for (size_t r = 0; r < ix->ds->nresults; r++) {
        const cp_node *v = cp_result_value(&ix->ds->results[r], f);
        if (!v || v->kind != CP_SCALAR)
            continue;   /* selects nothing: cp_selected wants a scalar */
        size_t k = cp_chart_names_add(&fg->names, v->text);
        if (k == cap) {
            cap = cap ? 2 * cap : 16;
            fg->groups = cp_xrealloc(fg->groups, cap * sizeof *fg->groups);
            memset(fg->groups + k, 0, (cap - k) * sizeof *fg->groups);
        }
        group *g = &fg->groups[k];
        if ((g->n & (g->n - 1)) == 0)
            g->at = cp_xrealloc(g->at, (g->n ? 2 * g->n : 1) * sizeof *g->at);
        g->at[g->n++] = r;
    }
    fg->built = 1;
    return fg;
}

static int by_index(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

void cp_candidates_get(cp_candidates *c, const cp_selection *sel, const cp_dataset *ds)
{
    *c = (cp_candidates){ NULL, ds->nresults, NULL };
    const cp_criterion *first = NULL;
    for (size_t i = 0; i < sel->n && !first; i++)
        if (!sel->c[i].path)
            first = &sel->c[i];
    if (!first || !in_use || in_use->ds != ds)
        return;   /* every result */
    const field_groups *fg = groups_of(in_use, first->field);
    const cp_node *values = first->values;
    size_t nvalues = values->kind == CP_SCALAR ? 1 : values->count;
    c->n = 0;
    for (size_t k = 0; k < nvalues; k++) {
        const cp_node *v = values->kind == CP_SCALAR ? values : values->items[k];
        if (v->kind != CP_SCALAR)
            continue;
        size_t at = cp_chart_names_find(&fg->names, v->text);
        if (at == fg->names.n)
            continue;
        const group *g = &fg->groups[at];
        if (!c->n && k + 1 == nvalues) {   /* one value: its group as it is */
            c->at = g->at;
            c->n = g->n;
            return;
        }
        c->owned = cp_xrealloc(c->owned, (c->n + g->n) * sizeof *c->owned);
        memcpy(c->owned + c->n, g->at, g->n * sizeof *g->at);
        c->n += g->n;
    }
    /* several values: their groups merged back into the results' order
     * (a value named twice would list its results twice: kept once) */
    if (c->owned) {
        qsort(c->owned, c->n, sizeof *c->owned, by_index);
        size_t w = 0;
        for (size_t i = 0; i < c->n; i++)
            if (!w || c->owned[w - 1] != c->owned[i])
                c->owned[w++] = c->owned[i];
        c->n = w;
    }
    c->at = c->owned;
    if (!c->at)
        c->at = &c->n;   /* none: any non-NULL pointer, n is 0 */
}

void cp_candidates_free(cp_candidates *c)
{
    free(c->owned);
    c->owned = NULL;
}
