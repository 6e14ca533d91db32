/* A dataset in memory: the YAML tree (kept, so every value still knows its
 * file:line:column) plus an index of the results by field. Loading validates
 * against the schema and runs the checks a schema cannot express
 * (schema/README.md, "Checks beyond the schema"). */
#ifndef CP_DATASET_H
#define CP_DATASET_H

#include <stddef.h>
#include <stdint.h>

#include "data/diag.h"
#include "data/node.h"

typedef enum {
#define X(id, name, type, role) CP_F_##id,
#include "data/fields.def"
#undef X
    CP_F_COUNT
} cp_field;

typedef enum { CP_FT_TEXT, CP_FT_ENUM, CP_FT_INT, CP_FT_DEC } cp_field_type;
/* NOTE: what a not-run result says instead of figures (what the case needs,
 * why it did not run); PART: what a footprint figure holds of the C runtime
 * and the port adapter's bytes beside it. Neither identifies the row nor
 * is compared (a diff compares the figures themselves). */
typedef enum { CP_ROLE_ID, CP_ROLE_METRIC, CP_ROLE_NOTE, CP_ROLE_PART } cp_field_role;

typedef struct {
    const char *name;
    cp_field_type type;
    cp_field_role role;
} cp_field_info;

extern const cp_field_info cp_fields[CP_F_COUNT];
/* CP_F_COUNT when unknown */
cp_field cp_field_by_name(const char *name);
cp_field cp_field_by_name_len(const char *name, size_t len);

/* Two pointers and a byte a field: a dataset of a million results holds a
 * million (node_store.h). */
typedef struct {
    const cp_node *node;                 /* the result mapping */
    /* root of the dataset the result comes from: header values that belong
     * to the result (clock, counter kind, library) when a page shows the
     * results of several datasets (the comparison page) */
    const cp_node *header;
    /* where each field is among the result's items: position + 1, 0 when
     * absent, CP_RESULT_LOOK_UP past 253 (read it with cp_result_value) */
    unsigned char at[CP_F_COUNT];
    /* the count its dataset's pages lead with: cp_lead_count(header) */
    unsigned char lead;
} cp_result;

#define CP_RESULT_LOOK_UP 255

typedef struct cp_schema cp_schema;
/* data/notes.h: the notes source a run renders with */
typedef struct cp_notes cp_notes;

typedef struct {
    cp_doc doc;
    char *path;          /* as given */
    char *series;        /* folder names, from the path */
    char *name;          /* <library>-<version> folder */
    cp_result *results;
    size_t nresults;
    /* the run's notes (data/notes.h): its pages footnote the rows they
     * match; NULL: none. Set by whoever renders, after loading. */
    const cp_notes *notes;
} cp_dataset;

/* Loads and checks path. Problems go to diag (all of them); returns 0 when
 * the dataset is valid, -1 when it is invalid, -2 when the file cannot be
 * read (an I/O error). The dataset must be freed either way.
 * schema NULL skips the schema and runs only the checks beyond it.
 *
 * Folder names: when path has the shape .../<series>/<name>/dataset.yaml
 * (file name exactly dataset.yaml, two real parent folders, not "." or
 * ".."), ds->series and ds->name are set and must match `series` and
 * `<library.slug>-<lower-case library.version>` (ASCII lower case). Any
 * other path (a temp file, a file outside data/) leaves them NULL and skips
 * that check. */
int cp_dataset_load(cp_dataset *ds, const char *path, const cp_schema *schema, cp_diag *diag);

/* Skip the folder-name check even when the path has the dataset shape
 * (ds->series and ds->name are still set from the path). */
#define CP_DS_NO_FOLDER_CHECK 1u

/* The general form. When buf is not NULL the dataset text is taken from
 * buf/len and path only names it (messages, folder check): `import` can
 * check what it is about to write under its final name before writing. */
int cp_dataset_load_ex(cp_dataset *ds, const char *path, const char *buf, size_t len,
                       const cp_schema *schema, unsigned flags, cp_diag *diag);
/* The same with the text read from file (as it is parsed, never whole in
 * memory) and named path: `import` checks what it wrote to a temporary
 * file under the file's final name. */
int cp_dataset_load_file(cp_dataset *ds, const char *path, const char *file, const cp_schema *schema,
                         unsigned flags, cp_diag *diag);
void cp_dataset_free(cp_dataset *ds);

/* Header value by dotted path ("hardware.mcu", "system.core_clock_hz"). */
const cp_node *cp_dataset_node(const cp_dataset *ds, const char *dotted);
/* The same below any root (a result's header). */
const cp_node *cp_header_node(const cp_node *root, const char *dotted);
const char *cp_dataset_text(const cp_dataset *ds, const char *dotted);

/* The count a dataset's pages lead with (schema/README.md, "Estimated
 * cycles"), as the field that holds it: CP_F_CYCLES (counted on silicon),
 * CP_F_CYCLES_ESTIMATED (executed instructions whose cycle_model says
 * modelled: the estimate leads, the instructions follow), CP_F_INSTRUCTIONS,
 * or CP_F_COUNT for a dataset without counts. root: the dataset's root. */
cp_field cp_lead_count(const cp_node *root);
/* The name of a kind of count: the field's ("cycles", "instructions",
 * "cycles_estimated"), "none" for CP_F_COUNT. */
const char *cp_count_name(cp_field f);

/* Field value of a result, NULL when absent. */
static inline const cp_node *cp_result_value(const cp_result *r, cp_field f)
{
    unsigned at = r->at[f];
    if (at == CP_RESULT_LOOK_UP)
        return cp_map_get(r->node, cp_fields[f].name);
    return at ? r->node->items[at - 1] : 0;
}

/* The hash of r's identifying fields, leaving out each f with skip[f]
 * set (skip may be NULL): integers by value (0128 is 128), the rest by
 * text, an absent field apart from every value. Keyed (base/hash.h), so
 * only equal within one process: the one identity hash of every table
 * that data fills (validate's duplicates, diff's matching). */
uint64_t cp_result_identity_hash(const cp_result *r, const unsigned char *skip);

/* Field value text of a result, NULL when absent. */
static inline const char *cp_result_text(const cp_result *r, cp_field f)
{
    const cp_node *v = cp_result_value(r, f);
    return v ? v->text : 0;
}

#endif
