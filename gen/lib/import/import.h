/* A dataset from its header (YAML) and its results table (CSV): what
 * `cryptoperf import` does. The CSV is what people edit (transcribed
 * pages, spreadsheets), the YAML what the generator reads; every problem
 * is reported where the user can fix it, in the CSV cell or the header
 * line, and the dataset is written only when all of it is valid. */
#ifndef CP_IMPORT_H
#define CP_IMPORT_H

#include "base/status.h"

typedef struct {
    const char *header;   /* the header file (every dataset key but results) */
    const char *csv;      /* the results table */
    const char *out;      /* the dataset to write */
    const char *schema;   /* the schema file */
    const char *who;      /* names the program in messages: "cryptoperf import" */
    int quiet;            /* no summary line on success */
} cp_import_options;

/* CP_OK: written (or already up to date), said in one line on stderr
 * unless quiet ("cryptoperf import: OUT: 42 results from CSV"); CP_INVALID: every problem
 * reported, nothing written; CP_FAILED: a file that cannot be read or
 * written, or the schema that cannot be used. */
cp_status cp_import(const cp_import_options *o);

#endif
