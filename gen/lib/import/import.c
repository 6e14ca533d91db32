/* `cryptoperf import` (import.h): the header and the CSV read and checked
 * (import_check.h), the dataset text made (import_emit.h), checked as
 * `validate` checks a file under its final name, and written only when
 * all of it is good. */
#include "import/import.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/path_rel.h"
#include "base/stage.h"
#include "base/util.h"
#include "data/dataset.h"
#include "data/schema.h"
#include "import/csv_read.h"
#include "import/import_check.h"
#include "import/import_emit.h"

static char *read_input(const char *path, size_t *len)
{
    char *text = cp_read_file(path, len);
    if (!text)
        fprintf(stderr, "%s: cannot read: %s\n", path, cp_read_file_error());
    return text;
}

/* What is kept while the CSV is read a row at a time: the columns, the
 * text made so far and the checks' messages, never the cells. */
typedef struct {
    int emit;                      /* the header is good: rows become text */
    int header_bad;                /* the CSV's first row is broken: nothing to check rows against */
    cp_import_columns cols;
    cp_import_text text;
    size_t good_rows;
    /* told after the CSV's own syntax errors, as when it was read whole first */
    cp_diag_deferred columns_said, rows_said;
} import_run;

static void take_row(cp_csv_row *row, size_t index, void *ctx)
{
    import_run *run = ctx;
    if (index == 0) {
        run->header_bad = row->bad;
        if (!row->bad)
            cp_import_check_columns(row, &run->cols, &run->columns_said.diag);
        return;
    }
    if (run->header_bad || row->bad)
        return;
    cp_import_check_row(row, &run->cols, index - 1, &run->rows_said.diag);
    if (row->bad)
        return;
    run->good_rows++;
    if (run->emit)
        cp_import_emit_row(&run->text, row, index, &run->cols);
}

typedef struct {
    const char *csv_rel, *schema_rel;
    const char *header;
    size_t header_len;
    const char *csv_text;
    size_t csv_len;
} import_input;

/* Reads the CSV into run, its problems reported to diag in the order of a
 * CSV read whole, then checked; map: where each cell went is noted too
 * (cp_import_text's results and spans). */
static void read_rows(import_run *run, const cp_import_options *o, const import_input *in, int map, cp_csv *csv,
                      cp_diag *diag)
{
    cp_diag_defer(&run->columns_said, diag);
    cp_diag_defer(&run->rows_said, diag);
    cp_import_emit_start(&run->text, in->schema_rel, in->csv_rel, o->header, in->header, in->header_len, o->csv,
                         map);
    /* every problem in one run: a broken row or cell is reported and left
     * out, and the rest still goes through the checks of the dataset */
    cp_csv_read(csv, o->csv, in->csv_text, in->csv_len, diag, take_row, run);
    cp_diag_replay(diag, &run->columns_said);
    if (csv->count == 0) {
        cp_mark top = { csv->file, 1, 1 };
        cp_diag_at(diag, &top, NULL, "expected a header row naming result fields, found an empty file");
    } else if (csv->count == 1 && !run->header_bad) {
        cp_diag_at(diag, &csv->end, NULL, "expected at least one result row after the header row, found none");
    }
    cp_diag_replay(diag, &run->rows_said);
}

static void run_free(import_run *run, cp_csv *csv)
{
    cp_import_text_free(&run->text);
    free(run->cols.field);
    cp_csv_free(csv);
}

/* Checks the generated text as `cryptoperf validate` would check the file,
 * under its final name, with messages moved back to the CSV and header.
 * The text is read from file when not NULL (as validate reads a dataset),
 * else from text. Where each cell went is known only when there are
 * messages to move: the CSV is then read again, silently, noting it (a
 * million rows hold no map while they are checked). */
static cp_status validate_output(const cp_import_options *o, const import_input *in, const char *file,
                                 const cp_import_text *text, cp_diag *diag)
{
    cp_schema *schema = cp_schema_load(o->schema, stderr);
    if (!schema)
        return CP_FAILED;
    char *msgs = NULL;
    size_t msgs_len = 0;
    FILE *mem = open_memstream(&msgs, &msgs_len);
    if (!mem) {
        fprintf(stderr, "%s: %s\n", o->who, strerror(errno));
        cp_schema_free(schema);
        return CP_FAILED;
    }
    cp_diag captured = { .out = mem };
    cp_dataset ds;
    int rc = file ? cp_dataset_load_file(&ds, o->out, file, schema, 0, &captured)
                  : cp_dataset_load_ex(&ds, o->out, text->buf.data, text->buf.len, schema, 0, &captured);
    cp_dataset_free(&ds);
    cp_schema_free(schema);
    fclose(mem);
    unsigned dropped = 0;
    if (msgs_len) {
        import_run again = { .emit = 1 };
        cp_csv csv;
        cp_diag silent = { .out = NULL };
        read_rows(&again, o, in, 1, &csv, &silent);
        dropped = cp_import_relocate_messages(&again.text, o->out, msgs, diag->out);
        run_free(&again, &csv);
    }
    free(msgs);
    diag->errors += captured.errors - dropped;
    return rc == 0 ? CP_OK : CP_INVALID;
}

cp_status cp_import(const cp_import_options *o)
{
    size_t header_len, csv_len;
    char *header = read_input(o->header, &header_len);
    char *csv_text = header ? read_input(o->csv, &csv_len) : NULL;
    if (!csv_text) {
        free(header);
        return CP_FAILED;
    }
    cp_diag diag = { .out = stderr };
    int header_ok = cp_import_check_header(o->header, header, header_len, &diag) == 0;
    char *out_dir = cp_path_dir(o->out);
    char *schema_rel = cp_path_relative(out_dir, o->schema);
    char *csv_rel = cp_path_relative(out_dir, o->csv);
    import_input in = { csv_rel, schema_rel, header, header_len, csv_text, csv_len };
    import_run run = { .emit = header_ok };
    cp_csv csv;
    read_rows(&run, o, &in, 0, &csv, &diag);
    cp_status rc = CP_INVALID;
    size_t good_rows = run.good_rows;
    if (header_ok && run.cols.field && good_rows) {
        /* staged before it is checked, and checked from the staged file:
         * the text and the dataset loaded from it are never both in
         * memory. A write that fails is told only for a dataset that
         * passes, as when the file was written after the checks. */
        char *write_msgs = NULL;
        size_t write_msgs_len = 0;
        FILE *write_err = open_memstream(&write_msgs, &write_msgs_len);
        cp_stage *stage = cp_stage_new();
        int staged = cp_stage_add(stage, o->out, run.text.buf.data, run.text.buf.len, write_err ? write_err : stderr);
        if (write_err)
            fclose(write_err);
        const char *tmp = cp_stage_tmp_of(stage, o->out);
        if (staged == 0)
            cp_buf_free(&run.text.buf);
        rc = validate_output(o, &in, staged == 0 ? (tmp ? tmp : o->out) : NULL, &run.text, &diag);
        if (rc == CP_OK && diag.errors)
            rc = CP_INVALID; /* the rows left out */
        if (rc == CP_OK && staged != 0) {
            fputs(write_msgs ? write_msgs : "", stderr);
            rc = CP_FAILED;
        }
        if (rc == CP_OK && cp_stage_commit(stage, stderr) != 0)
            rc = CP_FAILED;
        cp_stage_free(stage);
        free(write_msgs);
        /* silence after an import leaves a user wondering what it made */
        if (rc == CP_OK && !o->quiet)
            fprintf(stderr, "%s: %s: %zu result%s from %s\n", o->who, o->out, good_rows, good_rows == 1 ? "" : "s",
                    o->csv);
    }
    if (rc == CP_INVALID)
        fprintf(stderr, "%s: %u problem%s; %s not written\n", o->who, diag.errors, diag.errors == 1 ? "" : "s",
                o->out);
    run_free(&run, &csv);
    free(csv_text);
    free(csv_rel);
    free(schema_rel);
    free(out_dir);
    free(header);
    return rc;
}
