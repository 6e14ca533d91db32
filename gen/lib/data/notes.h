/* The notes source (data/notes/<library>.yaml, schema/notes.schema.json):
 * reviewed texts on figures a careful reader would question, each with
 * the evidence it was established from. A note matches result rows by
 * their dataset (library, version, series, core) and their fields; the
 * pages put its text as a footnote on each matching row (page/table_list.c,
 * model/table.h "shared notes"). A note that matches no row of a run is
 * stale: the figure it explains is gone or changed, and the run says so. */
#ifndef CP_NOTES_H
#define CP_NOTES_H

#include <stddef.h>

#include "data/dataset.h"
#include "data/diag.h"
#include "data/schema.h"

typedef struct {
    const cp_node *node;     /* the note's mapping: file:line:column */
    const char *id;
    const char *text;        /* plain text, escaped by each writer */
    const char *library;     /* its file's library slug */
    const cp_node *match;    /* {key: value or list...} */
    const char *counts;      /* the count its text is about ("instructions"), or NULL: the lead count */
    size_t doc;              /* index of its file */
    unsigned long hits;      /* matching results counted (cp_notes_count) */
    int in_scope;            /* a dataset counted was of its library, version, series and core */
} cp_note;

struct cp_notes {
    cp_doc *docs;
    size_t ndocs;
    cp_note *notes;
    size_t n;
};

/* Adds the notes of file path, checked against schema (NULL: only the
 * checks beyond it: known keys, ids unique in the file). 0 ok, -1 invalid
 * (reported to diag, nothing added), -2 unreadable. */
int cp_notes_load(cp_notes *ns, const char *path, const cp_schema *schema, cp_diag *diag);
void cp_notes_free(cp_notes *ns);

/* Whether note n matches result r (its dataset's header: r->header). A
 * note without `kind` matches performance rows only. */
int cp_note_matches(const cp_note *n, const cp_result *r);

/* Counts, for every note, the results of ds it matches. */
void cp_notes_count(cp_notes *ns, const cp_dataset *ds);

/* Reports each note that matched nothing counted so far as stale, at its
 * position; returns how many. all: every such note (the run had every
 * dataset), else only those a counted dataset was in the scope of (its
 * library, version, series and core: a part of the data was given). */
unsigned cp_notes_report_stale(const cp_notes *ns, int all, cp_diag *diag);

/* The schema of the notes: notes.schema.json next to the datasets' schema
 * file dataset_schema (caller frees). */
char *cp_notes_schema_path(const char *dataset_schema);

#endif
