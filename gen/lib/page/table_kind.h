/* One kind of page table: `rows:` (table_rows.c), `pivot:` (table_pivot.c),
 * `columns:` (table_list.c). A kind is a function that fills a table from
 * its definition in tables.yaml; table_build.c looks for the key of each
 * kind in a definition, in the order of its table of kinds. A new kind: a
 * file of its own with its build function declared here, and a row in that
 * table (templates/README.md documents the key). */
#ifndef CP_TABLE_KIND_H
#define CP_TABLE_KIND_H

#include "data/diag.h"
#include "data/node.h"
#include "model/table.h"
#include "page/cellfmt.h"

/* Fills t (its name set, the rest zero) from the definition def; base:
 * the dataset, the layout and the counts every cell of the table is
 * evaluated with. 0, or -1 after reporting to diag. */
typedef int (*cp_table_build_fn)(cp_table *t, const cp_fmt_ctx *base, const cp_node *def, cp_diag *diag);

typedef struct {
    const char *key;          /* the key of a definition that makes a table of this kind */
    cp_table_build_fn build;
    int companion;            /* it has companion tables (table_build.h) */
} cp_table_kind;

/* The kinds of table; base: the dataset, the layout and the counts every
 * cell of the table is evaluated with. */
int cp_table_build_list(cp_table *t, const cp_fmt_ctx *base, const cp_node *def, cp_diag *diag);
int cp_table_build_pivot(cp_table *t, const cp_fmt_ctx *base, const cp_node *def, cp_diag *diag);
int cp_table_build_rows(cp_table *t, const cp_fmt_ctx *base, const cp_node *def, cp_diag *diag);

#endif
