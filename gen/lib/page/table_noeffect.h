/* `axis_notes:` of a `columns:` table (templates/README.md): a footnote
 * where a configuration label changes nothing. */
#ifndef CP_TABLE_NOEFFECT_H
#define CP_TABLE_NOEFFECT_H

#include <stddef.h>

#include "data/dataset.h"
#include "model/table.h"
#include "page/layout.h"

/* `axis_notes:` of a columns table (table_noeffect.c): footnotes on the
 * label cells of rows where a configuration label changes nothing. rows:
 * the result of each table row; col_src: the cell format text of each
 * source column, col_shown: whether it made it into the table; count: the
 * count field the table shows (the note compares it). */
void cp_table_axis_notes(cp_table *t, const cp_result *const *rows, const char *const *col_src,
                         const int *col_shown, size_t nsrc_cols, const cp_layout *l, cp_field count);

#endif
