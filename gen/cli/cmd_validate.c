/* cryptoperf validate: check datasets against the schema and the checks
 * beyond it, reporting every problem of every file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "base/datadir.h"
#include "base/util.h"
#include "data/dataset.h"
#include "data/notes.h"
#include "data/schema.h"
#include "site/site_build.h"

static const char usage[] =
    "usage: cryptoperf validate [--schema FILE] [--templates DIR | --no-pages] FILE...\n"
    "\n"
    "Checks each DATASET (data/<series>/<library>-<version>/dataset.yaml)\n"
    "against the JSON Schema and the checks a schema cannot express:\n"
    "  - series and <library.slug>-<lower-case library.version> equal the\n"
    "    folder names (only for paths of that shape);\n"
    "  - cycles only with counter.kind cycles, instructions only with\n"
    "    counter.kind instructions;\n"
    "  - cycle_model only with counter.kind instructions; cycles_estimated\n"
    "    only when cycle_model.status is modelled, and then beside the\n"
    "    instructions of every performance result;\n"
    "  - cycles_min <= cycles <= cycles_max; time_ms and throughput_mbyte_s\n"
    "    only with counter.kind none; aad_bytes, nonce_bytes and tag_bytes\n"
    "    only on AEAD results (CCM, GCM, ChaCha20-Poly1305);\n"
    "  - no two results with the same identifying fields, a not-run result\n"
    "    counting as the performance result it stands for;\n"
    "  - no invisible format character (U+200B, U+2060, U+FEFF, U+00AD, tag\n"
    "    characters...) in any key or value, each named;\n"
    "  - when the templates have the dataset's layout: every page render\n"
    "    would make of it builds (e.g. no two results on one chart bar), and\n"
    "    its style's words are words of its layouts. So a dataset validate\n"
    "    accepts is one render can render.\n"
    "A FILE in a folder named notes (data/notes/<library>.yaml) is a notes\n"
    "file, checked against notes.schema.json beside the schema: match keys\n"
    "that name dataset keys or identifying result fields, ids unique in the\n"
    "file, and, when datasets are given too, every note about one of them\n"
    "(its library, version, series and core) matching a row of it (a note\n"
    "that matches none is stale).\n"
    "Every problem is reported on stderr as\n"
    "  file:line:column: path.in.record: what was expected, what was found\n"
    "followed by a one-line summary.\n"
    "\n"
    "options:\n"
    "  --schema FILE  the schema (default: $CRYPTOPERF_SCHEMA, else\n"
    "                 schema/dataset.schema.json in the current folder, else\n"
    "                 the installed one)\n"
    "  --templates DIR  the layouts (default: templates/ in the current folder,\n"
    "                 else the installed ones)\n"
    "  --no-pages     leave out the pages' checks (the schema and data rules only)\n"
    "\n"
    "exit status: 0 all valid, 1 some dataset invalid, 2 usage error or a\n"
    "file (dataset or schema) that cannot be read\n";

/* a file in a folder named notes: data/notes/<library>.yaml */
static int is_notes_file(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return 0;
    const char *dir = slash;
    while (dir > path && dir[-1] != '/')
        dir--;
    return slash - dir == 5 && !strncmp(dir, "notes", 5);
}

/* The dataset's layout has a page template under templates: its pages can
 * be checked (a layout the templates lack is render's error, not the
 * data's). */
static int layout_known(const cp_dataset *ds, const char *templates)
{
    const char *layout = cp_dataset_text(ds, "layout");
    if (!layout || strchr(layout, '/'))
        return 0;
    char *page = cp_xasprintf("%s/%s/page.md", templates, layout);
    int known = access(page, R_OK) == 0;
    free(page);
    return known;
}

static int run(int argc, char **argv)
{
    const char *schema_path = NULL, *templates = NULL;
    int first = 1, pages = 1;
    for (; first < argc && argv[first][0] == '-'; first++) {
        const char *a = argv[first];
        if (!strcmp(a, "--")) {
            first++;
            break;
        }
        if (!strcmp(a, "--schema")) {
            if (first + 1 >= argc)
                return cp_usage_error("validate", "needs a file after %s", a);
            schema_path = argv[++first];
        } else if (!strncmp(a, "--schema=", 9)) {
            schema_path = a + 9;
        } else if (!strcmp(a, "--templates")) {
            if (first + 1 >= argc)
                return cp_usage_error("validate", "needs a folder after %s", a);
            templates = argv[++first];
        } else if (!strncmp(a, "--templates=", 12)) {
            templates = a + 12;
        } else if (!strcmp(a, "--no-pages")) {
            pages = 0;
        } else {
            return cp_usage_error("validate", "unknown option %s", a);
        }
    }
    if (first >= argc)
        return cp_usage_error("validate", "no dataset given");
    schema_path = cp_schema_path(schema_path);
    cp_schema *schema = cp_schema_load(schema_path, stderr);
    if (!schema) {
        fprintf(stderr, "cryptoperf validate: cannot use the schema %s\n", schema_path);
        return CP_EXIT_USAGE;
    }

    templates = cp_templates_path(templates);
    size_t invalid = 0, unreadable = 0, nnotes = 0;
    unsigned problems = 0;
    /* the notes first: each dataset is then counted against them */
    cp_notes notes = { 0 };
    char *notes_schema_path = cp_notes_schema_path(schema_path);
    cp_schema *notes_schema = NULL;
    for (int i = first; i < argc; i++) {
        if (!is_notes_file(argv[i]))
            continue;
        if (!nnotes++ && !(notes_schema = cp_schema_load(notes_schema_path, stderr))) {
            fprintf(stderr, "cryptoperf validate: cannot use the schema %s\n", notes_schema_path);
            free(notes_schema_path);
            cp_schema_free(schema);
            return CP_EXIT_USAGE;
        }
        cp_diag diag = { .out = stderr };
        int rc = cp_notes_load(&notes, argv[i], notes_schema, &diag);
        unreadable += rc == -2;
        invalid += rc == -1;
        problems += rc == -1 ? diag.errors : 0;
    }
    free(notes_schema_path);
    cp_schema_free(notes_schema);
    for (int i = first; i < argc; i++) {
        if (is_notes_file(argv[i]))
            continue;
        cp_diag diag = { .out = stderr };
        cp_dataset ds;
        int rc = cp_dataset_load(&ds, argv[i], schema, &diag);
        if (rc == 0 && pages && layout_known(&ds, templates)) {
            diag.data_file = ds.doc.file;   /* a page that fails on a value of it: invalid data */
            cp_status st = cp_site_check(&ds, templates, &diag);
            rc = st == CP_OK ? 0 : st == CP_INVALID ? -1 : -2;
        }
        if (rc == 0)
            cp_notes_count(&notes, &ds);
        cp_dataset_free(&ds);
        unreadable += rc == -2;
        invalid += rc == -1;
        problems += rc == -1 ? diag.errors : 0;
    }
    cp_schema_free(schema);
    /* stale: only against datasets, and only when they were all good */
    if (nnotes && (size_t)(argc - first) > nnotes && !invalid && !unreadable) {
        cp_diag diag = { .out = stderr };
        unsigned stale = cp_notes_report_stale(&notes, 0, &diag);
        invalid += stale != 0;
        problems += stale;
    } else if (nnotes && (size_t)(argc - first) == nnotes) {
        fprintf(stderr, "cryptoperf validate: no dataset given: the notes were checked, not matched to rows\n");
    }
    cp_notes_free(&notes);

    size_t total = (size_t)(argc - first);
    if (!invalid && !unreadable) {
        if (total > nnotes)
            fprintf(stderr, "%zu dataset%s valid\n", total - nnotes, total - nnotes == 1 ? "" : "s");
        if (nnotes)
            fprintf(stderr, "%zu notes file%s valid\n", nnotes, nnotes == 1 ? "" : "s");
        return CP_EXIT_OK;
    }
    /* a notes file counts as a file among the datasets */
    fprintf(stderr, "%zu of %zu %s%s invalid (%u problem%s)", invalid, total, nnotes ? "file" : "dataset",
            total == 1 ? "" : "s", problems, problems == 1 ? "" : "s");
    if (unreadable)
        fprintf(stderr, ", %zu unreadable", unreadable);
    fputc('\n', stderr);
    return unreadable ? CP_EXIT_USAGE : CP_EXIT_INVALID;
}

const cp_command cp_cmd_validate = { "validate", "check datasets against the schema and the data rules", usage, run };
