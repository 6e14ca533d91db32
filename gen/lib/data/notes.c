/* Loading the notes source and matching its notes to result rows
 * (notes.h). The schema checks each file's shape; the checks beyond it
 * are what matching relies on: every match key is a dataset key or an
 * identifying result field, and no two notes of a file share an id. */
#include "data/notes.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"

/* match keys that test the dataset, not the result */
static const char *const header_keys[][2] = {
    { "version", "library.version" },
    { "series", "series" },
    { "core", "hardware.core" },
};
#define NHEADER (sizeof header_keys / sizeof header_keys[0])

static const char *header_path(const char *key)
{
    for (size_t i = 0; i < NHEADER; i++)
        if (!strcmp(header_keys[i][0], key))
            return header_keys[i][1];
    return NULL;
}

/* A match key names a dataset key or an identifying result field. */
static int known_key(const char *key)
{
    cp_field f = cp_field_by_name(key);
    return header_path(key) || (f != CP_F_COUNT && cp_fields[f].role == CP_ROLE_ID);
}

/* want: one value or a list of values; have: the row's text or NULL */
static int one_of(const cp_node *want, const char *have)
{
    if (!have)
        return 0;
    if (want->kind == CP_SCALAR)
        return strcmp(want->text, have) == 0;
    for (size_t i = 0; want->kind == CP_SEQ && i < want->count; i++)
        if (cp_scalar(want->items[i]) && strcmp(want->items[i]->text, have) == 0)
            return 1;
    return 0;
}

/* a version: one, a list, or {from, to} compared as numbers, inclusive */
static int version_in(const cp_node *want, const char *have)
{
    if (!have || want->kind != CP_MAP)
        return one_of(want, have);
    const char *from = cp_scalar(cp_map_get(want, "from")), *to = cp_scalar(cp_map_get(want, "to"));
    return (!from || cp_version_cmp(from, have) <= 0) && (!to || cp_version_cmp(have, to) <= 0);
}

/* Whether the dataset whose root is header is one note n is about. */
static int in_scope(const cp_note *n, const cp_node *header)
{
    const char *slug = cp_scalar(cp_header_node(header, "library.slug"));
    if (!slug || strcmp(slug, n->library) != 0)
        return 0;
    for (size_t i = 0; i < n->match->count; i++) {
        const char *key = n->match->keys[i]->text;
        const char *hp = header_path(key);
        const char *have = hp ? cp_scalar(cp_header_node(header, hp)) : NULL;
        if (hp && !(strcmp(key, "version") ? one_of(n->match->items[i], have) : version_in(n->match->items[i], have)))
            return 0;
    }
    return 1;
}

int cp_note_matches(const cp_note *n, const cp_result *r)
{
    if (!in_scope(n, r->header))
        return 0;
    int kind_given = 0;
    for (size_t i = 0; i < n->match->count; i++) {
        const char *key = n->match->keys[i]->text;
        if (header_path(key))
            continue;
        const cp_node *want = n->match->items[i];
        cp_field f = cp_field_by_name(key);
        kind_given |= f == CP_F_KIND;
        if (f == CP_F_COUNT || !one_of(want, cp_result_text(r, f)))
            return 0;
    }
    /* a note explains figures: footprint rows only when it says so */
    const char *kind = cp_result_text(r, CP_F_KIND);
    return kind_given || (kind && !strcmp(kind, "performance"));
}

/* The checks beyond the schema, and the notes of root collected. */
static int collect(cp_notes *ns, const cp_node *root, size_t doc, cp_diag *diag)
{
    unsigned before = diag->errors;
    const char *library = cp_scalar(cp_map_get(root, "library"));
    const cp_node *list = cp_map_get(root, "notes");
    if (!library || !list || list->kind != CP_SEQ)
        return -1;   /* the schema said why */
    size_t first = ns->n;
    for (size_t i = 0; i < list->count; i++) {
        const cp_node *note = list->items[i];
        const cp_node *id = cp_map_get(note, "id"), *match = cp_map_get(note, "match"), *text = cp_map_get(note, "text");
        if (!cp_scalar(id) || !match || match->kind != CP_MAP || !cp_scalar(text))
            continue;   /* reported by the schema */
        for (size_t k = 0; k < match->count; k++)
            if (!known_key(match->keys[k]->text)) {
                cp_mark at = cp_map_key_mark(match, k);
                cp_diag_at(diag, &at, "notes.match",
                           "expected version, series, core or an identifying result field, found '%s'",
                           match->keys[k]->text);
            }
        for (size_t k = first; k < ns->n; k++)
            if (!strcmp(ns->notes[k].id, id->text))
                cp_diag_node(diag, id, "notes.id", "expected an id unique in the file, found '%s' again (first at line %u)",
                             id->text, ns->notes[k].node->mark.line);
        ns->notes = cp_xrealloc(ns->notes, (ns->n + 1) * sizeof *ns->notes);
        ns->notes[ns->n++] = (cp_note){ note, id->text, text->text, library, match,
                                        cp_scalar(cp_map_get(note, "counts")), doc, 0, 0 };
    }
    if (diag->errors != before) {
        ns->n = first;
        return -1;
    }
    return 0;
}

int cp_notes_load(cp_notes *ns, const char *path, const cp_schema *schema, cp_diag *diag)
{
    unsigned before = diag->errors;
    cp_doc doc = { 0 };
    int fd = cp_open_input(path, NULL);
    if (fd < 0) {
        cp_diag_at(diag, NULL, NULL, "%s: cannot read: %s", path, cp_read_file_error());
        return -2;
    }
    int rc = cp_doc_load_fd(&doc, path, fd, diag->out);
    close(fd);
    diag->errors += doc.problems + (rc && !doc.problems);
    if (rc == -2) {
        cp_doc_free(&doc);
        return -2;
    }
    if (!doc.root) {
        if (!rc) {
            cp_mark top = { doc.file, 1, 1 };
            cp_diag_at(diag, &top, "(top level)", "expected notes (a YAML mapping), found an empty document");
        }
        cp_doc_free(&doc);
        return -1;
    }
    if (schema)
        cp_schema_validate(schema, doc.root, diag);
    else if (doc.root->kind != CP_MAP)
        cp_diag_node(diag, doc.root, "(top level)", "expected notes (a YAML mapping), found something else");
    /* the tree moves into ns: its notes point into it */
    ns->docs = cp_xrealloc(ns->docs, (ns->ndocs + 1) * sizeof *ns->docs);
    ns->docs[ns->ndocs] = doc;
    if (diag->errors != before || collect(ns, doc.root, ns->ndocs, diag) != 0) {
        cp_doc_free(&ns->docs[ns->ndocs]);
        return -1;
    }
    ns->ndocs++;
    return 0;
}

void cp_notes_free(cp_notes *ns)
{
    for (size_t i = 0; i < ns->ndocs; i++)
        cp_doc_free(&ns->docs[i]);
    free(ns->docs);
    free(ns->notes);
    memset(ns, 0, sizeof *ns);
}

void cp_notes_count(cp_notes *ns, const cp_dataset *ds)
{
    for (size_t k = 0; k < ns->n; k++) {
        cp_note *n = &ns->notes[k];
        /* the dataset first: most notes are about another */
        if (!in_scope(n, ds->doc.root))
            continue;
        n->in_scope = 1;
        for (size_t i = 0; i < ds->nresults; i++)
            n->hits += (unsigned long)cp_note_matches(n, &ds->results[i]);
    }
}

unsigned cp_notes_report_stale(const cp_notes *ns, int all, cp_diag *diag)
{
    unsigned stale = 0;
    for (size_t k = 0; k < ns->n; k++)
        if (!ns->notes[k].hits && (all || ns->notes[k].in_scope)) {
            cp_diag_node(diag, ns->notes[k].match, "notes.match",
                         "expected to match rows of the datasets, found none: note '%s' is stale (its figures are gone "
                         "or changed: review it against its evidence, then fix its match or remove it)",
                         ns->notes[k].id);
            stale++;
        }
    return stale;
}

char *cp_notes_schema_path(const char *dataset_schema)
{
    const char *slash = strrchr(dataset_schema, '/');
    size_t dir = slash ? (size_t)(slash - dataset_schema) + 1 : 0;
    return cp_xasprintf("%.*snotes.schema.json", (int)dir, dataset_schema);
}
