/* The notes source on a page's tables (data/notes.h): each note that
 * matches a row's result becomes a shared footnote on the cell of the
 * figure it explains (model/table.h), written once under the table. */
#ifndef CP_TABLE_NOTES_H
#define CP_TABLE_NOTES_H

#include <stddef.h>

#include "data/dataset.h"
#include "model/table.h"

/* Marks cell (row, col) of t with every note of ns that matches r and is
 * about the count the table shows (count; companion: the table is a
 * companion of counts, where only notes that name their count go), in
 * the order of the notes source (its files as given, each from the top). */
void cp_table_cell_notes(cp_table *t, size_t row, size_t col, const cp_result *r, const cp_notes *ns, cp_field count,
                         int companion);

#endif
