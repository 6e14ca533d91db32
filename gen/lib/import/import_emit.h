/* The text `cryptoperf import` writes, and the map from its lines and
 * columns back to the header line or CSV cell they came from, so that the
 * checks run on the generated text still name the place the user edits. */
#ifndef CP_IMPORT_EMIT_H
#define CP_IMPORT_EMIT_H

#include <stdio.h>

#include "base/util.h"
#include "import/csv_read.h"
#include "import/import_check.h"

/* A cell's place, copied: the cells themselves are freed row by row
 * (cp_csv_read), and this is all the messages moved back need of them. */
typedef struct {
    unsigned column;            /* where the key starts in the output line */
    unsigned line, cell_column; /* where the cell starts in the CSV */
    unsigned reported;          /* the cell was reported (cell->reported) */
} cp_import_span;

typedef struct {
    unsigned line, column;      /* where the row starts in the CSV */
    size_t csv_index;           /* the result's number in the CSV (data rows from 0) */
    size_t first_span;          /* its spans, in column order: t->spans[first_span...] */
    size_t nspan;
} cp_import_line;

typedef struct {
    cp_buf buf;
    const char *header_name;
    const char *csv_name;       /* the name the CSV's marks carry (borrowed) */
    unsigned header_first;      /* output line of the header's line 1 */
    unsigned header_lines;
    unsigned results_first;     /* output line of results[0] */
    cp_import_line *results;    /* one per result written (bad CSV rows are not) */
    size_t nresults, results_cap;
    cp_import_span *spans;
    size_t nspans, spans_cap;
    int map;                    /* results and spans are noted (else only the text is made) */
} cp_import_text;

/* schema_rel and csv_rel are written into the preamble as they are;
 * header_name (borrowed) names the header in relocated messages. Rows
 * marked bad are left out; a cell already reported is written as a string,
 * whatever its field (the YAML stays well-formed). */
void cp_import_emit(cp_import_text *t, const char *schema_rel, const char *csv_rel, const char *header_name,
                    const char *header, size_t header_len, const cp_csv *csv, const cp_import_columns *cols);
/* The same a row at a time: the preamble and header, then each row (bad
 * ones skipped) as it is read, numbered as in cp_csv_row_fn; csv_name is
 * the name the rows' marks carry (borrowed). Without map only the text is
 * made: no message can be moved back with it (the same rows made again
 * with map give the same text and where each cell went). */
void cp_import_emit_start(cp_import_text *t, const char *schema_rel, const char *csv_rel, const char *header_name,
                          const char *header, size_t header_len, const char *csv_name, int map);
void cp_import_emit_row(cp_import_text *t, const cp_csv_row *row, size_t index, const cp_import_columns *cols);
void cp_import_text_free(cp_import_text *t);

/* Copies msgs (lines of "file:line:column: ...") to out; lines whose file is
 * out_name and whose line came from the header or a CSV row are rewritten to
 * name that header line or CSV cell instead, and so is every
 * "out_name:line:column" inside a message (the first of two duplicates);
 * "results[N]" names the CSV's result N. A message at a cell already
 * reported (span->reported) is dropped: one message per cell. Returns the
 * number of messages dropped. */
unsigned cp_import_relocate_messages(const cp_import_text *t, const char *out_name, const char *msgs, FILE *out);

#endif
