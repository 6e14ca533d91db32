/* Which results a table or chart shows: its `select:` (templates/README.md,
 * "Tables"), compiled once and checked against each result (select.c), and
 * the index that spares checking every result (select_index.c). */
#ifndef CP_SELECT_H
#define CP_SELECT_H

#include <stddef.h>

#include "data/dataset.h"
#include "data/diag.h"

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

/* The results sel may select (select_index.c): those its first criterion
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

/* While a page of ds is built, the tables and charts of the page find the
 * results they select through an index of ds's results by field
 * (select_index.c): cp_result_index_use(ds) before, cp_result_index_done
 * after (it frees). */
typedef struct cp_result_index cp_result_index;
cp_result_index *cp_result_index_use(const cp_dataset *ds);
void cp_result_index_done(cp_result_index *ix);

/* A table tells the index in use that it shows r (a row, or a cell it
 * chose among others by `prefer:`), so that a result no table of the page
 * shows is reported rather than dropped in silence (page_unshown.h). */
void cp_result_shown(const cp_dataset *ds, const cp_result *r);
/* The flags (ds->nresults, 1: shown), now the caller's to free; before
 * cp_result_index_done. */
unsigned char *cp_result_index_take_shown(cp_result_index *ix);

#endif
