/* cryptoperf import: a dataset header (YAML) plus a results table (CSV)
 * become one dataset.yaml. The CSV is what people edit (transcribed pages,
 * spreadsheets); the YAML is what the generator reads. Every problem is
 * reported where the user can fix it: in the CSV cell or header line. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "base/datadir.h"
#include "base/path_rel.h"
#include "base/util.h"
#include "data/dataset.h"
#include "data/schema.h"
#include "import/csv_read.h"
#include "import/import_check.h"
#include "import/import_emit.h"

static const char usage[] =
    "usage: cryptoperf import --header HEADER.yaml -o OUT.yaml [--schema FILE] RESULTS.csv\n"
    "\n"
    "Builds a dataset from its header (HEADER.yaml: every dataset key but\n"
    "`results`, see schema/README.md) and its results table (RESULTS.csv).\n"
    "\n"
    "RESULTS.csv: the first row names result fields (family, kind, measure,\n"
    "cipher_mode, key_bits, ..., cycles, time_ms, code_bytes, ...; any order);\n"
    "every further row is one result. An empty cell leaves the field out.\n"
    "A cycles_estimated column is refused: estimated cycles come from a run\n"
    "under the cycle model, never from a transcription.\n"
    "Integer fields take a non-negative decimal integer, decimal fields a\n"
    "decimal number (1.448); no unit, no digit grouping.\n"
    "\n"
    "OUT.yaml gets a `# yaml-language-server: $schema=` line, a note that it\n"
    "is generated, the header text as it is (comments kept), then one flow\n"
    "mapping per CSV row. It is written only when the whole dataset is valid\n"
    "(schema and the checks of cryptoperf validate); otherwise every problem\n"
    "(a row the CSV reader cannot read is reported and left out, the other\n"
    "rows are still checked)\n"
    "is reported as file:line:column of the CSV cell or header line, and\n"
    "OUT.yaml is left as it was.\n"
    "\n"
    "options:\n"
    "  --header FILE   the dataset header (required)\n"
    "  -o FILE         the dataset to write (required)\n"
    "  --schema FILE   JSON Schema to check against (default: $CRYPTOPERF_SCHEMA,\n"
    "                  else schema/dataset.schema.json in the current folder,\n"
    "                  else the installed one)\n"
    "\n"
    "exit status: 0 written (or already up to date), 1 invalid data, 2 usage or I/O error\n";

typedef struct {
    const char *header;
    const char *csv;
    const char *out;
    const char *schema;
} options;

static int bad_usage(const char *what, const char *arg)
{
    fprintf(stderr, "cryptoperf import: %s%s%s\n%s", what, arg ? " " : "", arg ? arg : "", usage);
    return CP_EXIT_USAGE;
}

static int parse_options(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    int only_files = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char **slot = NULL;
        if (!only_files && !strcmp(a, "--")) {
            only_files = 1;
            continue;
        }
        if (!only_files && !strcmp(a, "--header"))
            slot = &o->header;
        else if (!only_files && !strcmp(a, "-o"))
            slot = &o->out;
        else if (!only_files && !strcmp(a, "--schema"))
            slot = &o->schema;
        else if (!only_files && a[0] == '-' && a[1])
            return bad_usage("unknown option", a);
        if (slot) {
            if (i + 1 >= argc)
                return bad_usage("missing value after", a);
            *slot = argv[++i];
            continue;
        }
        if (o->csv)
            return bad_usage("more than one CSV file:", a);
        o->csv = a;
    }
    if (!o->header)
        return bad_usage("missing --header HEADER.yaml", NULL);
    if (!o->out)
        return bad_usage("missing -o OUT.yaml", NULL);
    if (!o->csv)
        return bad_usage("missing RESULTS.csv", NULL);
    o->schema = cp_schema_path(o->schema);
    return CP_EXIT_OK;
}

static char *read_input(const char *path, size_t *len)
{
    char *text = cp_read_file(path, len);
    if (!text)
        fprintf(stderr, "%s: cannot read: %s\n", path, cp_read_file_error());
    return text;
}

/* Checks the generated text as `cryptoperf validate` would check the file,
 * under its final name, with messages moved back to the CSV and header. */
static int validate_output(const options *o, const cp_import_text *text, cp_diag *diag)
{
    cp_schema *schema = cp_schema_load(o->schema, stderr);
    if (!schema)
        return CP_EXIT_USAGE;
    char *msgs = NULL;
    size_t msgs_len = 0;
    FILE *mem = open_memstream(&msgs, &msgs_len);
    if (!mem) {
        fprintf(stderr, "cryptoperf import: %s\n", strerror(errno));
        cp_schema_free(schema);
        return CP_EXIT_USAGE;
    }
    cp_diag captured = { .out = mem };
    cp_dataset ds;
    int rc = cp_dataset_load_ex(&ds, o->out, text->buf.data, text->buf.len, schema, 0, &captured);
    cp_dataset_free(&ds);
    cp_schema_free(schema);
    fclose(mem);
    unsigned dropped = cp_import_relocate_messages(text, o->out, msgs, diag->out);
    free(msgs);
    diag->errors += captured.errors - dropped;
    return rc == 0 ? CP_EXIT_OK : CP_EXIT_INVALID;
}

static int import(const options *o)
{
    size_t header_len, csv_len;
    char *header = read_input(o->header, &header_len);
    char *csv_text = header ? read_input(o->csv, &csv_len) : NULL;
    if (!csv_text) {
        free(header);
        return CP_EXIT_USAGE;
    }
    cp_diag diag = { .out = stderr };
    cp_csv csv;
    int header_ok = cp_import_check_header(o->header, header, header_len, &diag) == 0;
    /* every problem in one run: a broken row or cell is reported and left
     * out, and the rest still goes through the checks of the dataset */
    cp_csv_parse(&csv, o->csv, csv_text, csv_len, &diag);
    cp_import_columns cols = { 0 };
    cp_import_check_table(&csv, &cols, &diag);
    int rc = CP_EXIT_INVALID;
    size_t good_rows = 0;
    for (size_t i = 1; i < csv.count; i++)
        good_rows += !csv.rows[i].bad;
    if (header_ok && cols.field && good_rows) {
        char *out_dir = cp_path_dir(o->out);
        char *schema_rel = cp_path_relative(out_dir, o->schema);
        char *csv_rel = cp_path_relative(out_dir, o->csv);
        cp_import_text text;
        cp_import_emit(&text, schema_rel, csv_rel, o->header, header, header_len, &csv, &cols);
        rc = validate_output(o, &text, &diag);
        if (rc == CP_EXIT_OK && diag.errors)
            rc = CP_EXIT_INVALID; /* the rows left out */
        if (rc == CP_EXIT_OK && cp_write_file_atomic(o->out, text.buf.data, text.buf.len) != 0) {
            fprintf(stderr, "%s: cannot write: %s\n", o->out, strerror(errno));
            rc = CP_EXIT_USAGE;
        }
        cp_import_text_free(&text);
        free(csv_rel);
        free(schema_rel);
        free(out_dir);
    }
    if (rc == CP_EXIT_INVALID)
        fprintf(stderr, "cryptoperf import: %u problem%s; %s not written\n", diag.errors,
                diag.errors == 1 ? "" : "s", o->out);
    free(cols.field);
    cp_csv_free(&csv);
    free(csv_text);
    free(header);
    return rc;
}

static int run(int argc, char **argv)
{
    options o;
    int rc = parse_options(argc, argv, &o);
    return rc != CP_EXIT_OK ? rc : import(&o);
}

const cp_command cp_cmd_import = { "import", "build dataset.yaml from a header and a results CSV", usage, run };
