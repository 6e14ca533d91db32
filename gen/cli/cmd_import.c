/* cryptoperf import: the options of the import (import/import.h): a
 * dataset header (YAML) plus a results table (CSV) become one
 * dataset.yaml. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "base/datadir.h"
#include "import/import.h"

static const char usage[] =
    "usage: cryptoperf import --header HEADER.yaml -o OUT.yaml [--schema FILE] [--quiet] RESULTS.csv\n"
    "\n"
    "Builds a dataset from its header (HEADER.yaml: every dataset key but\n"
    "`results`, see schema/README.md) and its results table (RESULTS.csv).\n"
    "\n"
    "RESULTS.csv: the first row names result fields (family, kind, measure,\n"
    "cipher_mode, key_bits, ..., cycles, time_ms, code_bytes, ...; any order);\n"
    "every further row is one result. An empty cell leaves the field out.\n"
    "An unquoted cell loses its leading and trailing spaces and tabs\n"
    "(`AES, 128` is AES and 128); quote it (\"  Small\") to keep them.\n"
    "Lines may end in LF, CRLF or CR.\n"
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
    "  -q, --quiet     no summary line on success (by default one line on\n"
    "                  stderr: \"cryptoperf import: OUT.yaml: 42 results from\n"
    "                  RESULTS.csv\")\n"
    "\n"
    "exit status: 0 written (or already up to date), 1 invalid data, 2 usage or I/O error\n";

typedef struct {
    const char *header;
    const char *csv;
    const char *out;
    const char *schema;
    int quiet;
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
        if (!only_files && (!strcmp(a, "--quiet") || !strcmp(a, "-q"))) {
            o->quiet = 1;
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

static int run(int argc, char **argv)
{
    options o;
    int rc = parse_options(argc, argv, &o);
    if (rc != CP_EXIT_OK)
        return rc;
    cp_import_options io = { o.header, o.csv, o.out, o.schema, "cryptoperf import", o.quiet };
    return cp_exit_status(cp_import(&io));
}

const cp_command cp_cmd_import = { "import", "build dataset.yaml from a header and a results CSV", usage, run };
