/* The table model: what a page table holds, built once per table from the
 * layout and the dataset, then written by every output format (the wiki and
 * Markdown writers only escape and lay out; no writer decides content).
 * Cell texts are plain text, never escaped here. */
#ifndef CP_TABLE_H
#define CP_TABLE_H

#include <stddef.h>

#include "data/dataset.h"
#include "data/diag.h"
#include "page/layout.h"

typedef struct {
    char *text;         /* in the table's texts: never freed alone */
    char *note;         /* footnote text, or NULL */
    char *link;         /* the text links there, or NULL: "page:<series>/<folder>" (a page set,
                         * each format links to its own), else a file path relative to the page */
} cp_cell;

typedef struct {
    char *name;
    size_t ncols, nrows;
    char **head;        /* ncols header texts; NULL for a table without a header row */
    cp_cell *cells;     /* nrows * ncols, row-major */
    char *note_group;   /* footnote group name of the notes (NULL: "note") */
    /* the cell texts, packed in chunks: a table of 10^6 rows holds
     * millions of texts of about 10 bytes, which took a 32-byte heap
     * chunk each when each was its own allocation */
    struct cp_table_texts *texts;
} cp_table;

static inline const cp_cell *cp_table_cell(const cp_table *t, size_t row, size_t col)
{
    return &t->cells[row * t->ncols + col];
}

/* Builds the table `name` of the layout (tables.yaml) for ds; a table can
 * come out with no rows. Returns -1 after reporting to diag when the table
 * is not defined or its definition is malformed. */
int cp_table_build(cp_table *t, const cp_layout *l, const cp_dataset *ds, const char *name, const cp_node *src,
                   cp_diag *diag);
/* The value of `key` in a table's definition def (tables.yaml): its own,
 * else that of the table its `like: NAME` names (and so on); NULL when
 * none has it. */
const cp_node *cp_table_key(const cp_layout *l, const cp_node *def, const char *key);

/* A table's `counts: FIELD` (def: its definition, or the layout's
 * count_companion): the count field its @count, charts included, shows,
 * + 1 (cp_fmt_ctx.counts); 0 when it names none (each result's lead
 * count), -1 after reporting a value that is not a count field. */
int cp_table_counts(const cp_layout *l, const cp_node *def, cp_diag *diag);

/* The companion of the table `name` (templates/README.md, "Companion
 * tables"), named "<name>+<field>": the rows of a `columns` table that have
 * the count field `counts`, showing it as @count; times and rates, which
 * derive from the count the page leads with, are left out, and so are
 * axis notes. No rows for other kinds of table. */
int cp_table_build_companion(cp_table *t, const cp_layout *l, const cp_dataset *ds, const char *name,
                             const cp_node *src, cp_field counts, cp_diag *diag);
void cp_table_free(cp_table *t);
/* Frees the rows (and header) of t, its texts with them; its name stays. */
void cp_table_drop_rows(cp_table *t);

/* While a page of ds is built, the tables and charts of the page find the
 * results they select through an index of ds's results by field
 * (table_index.c): cp_result_index_use(ds) before, cp_result_index_done
 * after (it frees). */
typedef struct cp_result_index cp_result_index;
cp_result_index *cp_result_index_use(const cp_dataset *ds);
void cp_result_index_done(cp_result_index *ix);

#endif
