/* A CSV file as rows of cells, every cell with the file:line:column where it
 * starts (libcsv parses; it does not report positions, so the reader feeds it
 * one byte at a time and notes where each field began). Columns count
 * characters (UTF-8), like libyaml's marks, so CSV and YAML messages agree. */
#ifndef CP_CSV_READ_H
#define CP_CSV_READ_H

#include <stddef.h>

#include "data/diag.h"
#include "data/mark.h"

typedef struct {
    char *text;       /* NUL-terminated, unquoted */
    size_t len;
    cp_mark mark;     /* where the cell starts (its opening quote if quoted) */
    int reported;     /* a problem of this cell was reported (one message per cell) */
} cp_csv_cell;

typedef struct {
    cp_csv_cell *cells;
    size_t count;
    cp_mark mark;     /* where the row starts */
    int bad;          /* broken (reported): its cells are not to be used */
} cp_csv_row;

typedef struct {
    char *file;       /* owned copy of the name; marks borrow it */
    cp_csv_row *rows;
    size_t count;
    cp_mark end;      /* just past the last character */
} cp_csv;

/* Parses buf (RFC 4180: comma, double quotes, CR/LF or LF; blank lines are
 * skipped; a leading UTF-8 byte-order mark is ignored). Reports a malformed
 * quote, an unterminated quoted field, a NUL byte or invalid UTF-8 to diag
 * with its position, marks that row bad and goes on at the next line, so
 * one run reports the problems of every row (and the rows after a broken
 * one are still checked); returns -1 after any problem, 0 when the whole
 * file parsed. The table must be freed either way. */
int cp_csv_parse(cp_csv *t, const char *name, const char *buf, size_t len, cp_diag *diag);
void cp_csv_free(cp_csv *t);

/* The same, row by row: each row, once whole (its bad flag final), goes to
 * fn with its number (0 for the first) and is freed when fn returns (fn
 * may take its cells, leaving row->cells NULL and row->count 0); t keeps
 * no rows (t->rows NULL, t->count the number read). A 10^6-row CSV is
 * then never held as cells (issue 30). */
typedef void cp_csv_row_fn(cp_csv_row *row, size_t index, void *ctx);
int cp_csv_read(cp_csv *t, const char *name, const char *buf, size_t len, cp_diag *diag, cp_csv_row_fn *fn,
                void *ctx);
void cp_csv_row_free(cp_csv_row *row);

#endif
