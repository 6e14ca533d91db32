/* One result row of a dataset being assembled: field values by cp_field,
 * owned copies, integers also as numbers. Rows come from an image's output
 * (performance rows) or from section sizes (footprint rows). */
#ifndef CPR_ROW_H
#define CPR_ROW_H

#include <stddef.h>

#include "cryptoperf.h"

typedef struct {
    char *text[CP_F_COUNT];            /* NULL: absent */
    long long num[CP_F_COUNT];         /* value of INT fields */
    char *origin;                      /* "file:line:column" or image label */
} cpr_row;

typedef struct {
    cpr_row *v;
    size_t n, cap;
} cpr_rows;

cpr_row *cpr_rows_add(cpr_rows *rows);
void cpr_rows_free(cpr_rows *rows);
void cpr_row_set_text(cpr_row *r, cp_field f, const char *text);
void cpr_row_set_int(cpr_row *r, cp_field f, long long v);

/* What one configuration label means: the dataset header's axes entry. */
typedef struct {
    char *family;                 /* NULL: every family the label is on */
    char *field, *label, *meaning;
} cpr_axis;

#endif
