/* The checks `cryptoperf import` makes on its inputs before it builds the
 * dataset, so that problems point at the header line or CSV cell: the header
 * is one YAML mapping without `results`; the CSV's first row names known
 * result fields, once each; every row has one cell per column; integer and
 * decimal cells hold numbers as fields.def types them. */
#ifndef CP_IMPORT_CHECK_H
#define CP_IMPORT_CHECK_H

#include <stddef.h>

#include "data/dataset.h"
#include "data/diag.h"
#include "import/csv_read.h"

typedef struct {
    cp_field *field;   /* per CSV column */
    size_t count;
} cp_import_columns;

/* 0 when the header is usable, -1 after reporting why not. */
int cp_import_check_header(const char *name, const char *text, size_t len, cp_diag *diag);
/* Fills cols from the first row (cols->field stays NULL when that row is
 * bad) and checks every row that is not bad; a row of the wrong width
 * becomes bad, a cell reported gets its mark. 0 when all is well, -1 after
 * reporting every problem. */
int cp_import_check_table(cp_csv *csv, cp_import_columns *cols, cp_diag *diag);
/* The two halves of it, for a CSV read row by row (cp_csv_read): the
 * first row (not bad) fills cols; each later row not bad is checked as
 * the result numbered result (data rows from 0). */
void cp_import_check_columns(const cp_csv_row *head, cp_import_columns *cols, cp_diag *diag);
void cp_import_check_row(cp_csv_row *row, const cp_import_columns *cols, size_t result, cp_diag *diag);
/* The text of an integer cell as written: leading zeros dropped. */
const char *cp_import_int_text(const char *cell);

#endif
