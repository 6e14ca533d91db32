/* The row order of a dataset: the ST wiki's table order (family, mode,
 * performance before footprint, then algorithm parameters, operation, sizes
 * and configuration labels), independent of which job finished first.
 * Fixed vocabularies sort in the schema's enum order, integers by value,
 * free labels (Small, Fast, ...) in order of first appearance in the input
 * (the manifest order), absent fields last. */
#ifndef CPR_ORDER_H
#define CPR_ORDER_H

#include <stdio.h>

#include "cryptoperf.h"
#include "row.h"

typedef struct cpr_order cpr_order;

/* schema_root: the loaded dataset schema (for the enum orders). */
cpr_order *cpr_order_new(const cp_node *schema_root);
void cpr_order_free(cpr_order *o);
/* Sorts rows in place. Labels rank by first appearance in rows as given. */
void cpr_order_sort(cpr_order *o, cpr_rows *rows);
/* Same identifying fields (schema/README.md: a duplicate). */
int cpr_row_same_identity(const cpr_row *a, const cpr_row *b);
/* After sorting: reports every duplicate to err, returns how many. */
unsigned cpr_order_duplicates(const cpr_rows *rows, FILE *err);

#endif
