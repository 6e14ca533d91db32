/* A YAML (or JSON) document as a tree whose every node remembers where it
 * came from, so every later error can name file:line:column (libyaml's
 * yaml_mark_t, kept all the way to the user). */
#ifndef CP_NODE_H
#define CP_NODE_H

#include <stddef.h>
#include <stdio.h>

#include "data/mark.h"

typedef enum { CP_SCALAR, CP_MAP, CP_SEQ } cp_node_kind;

/* Read only: texts and keys are shared within a document. A scalar takes
 * 32 bytes, a mapping or sequence 48 (node_store.h says why it matters):
 * a scalar is stored without keys and items, so read those only when
 * count says there are children, and never copy a node by value. The
 * bit-fields are wide enough for any input (at most CP_MAX_INPUT_BYTES,
 * 2^28: a text is no longer, a node has fewer children); the loader
 * refuses more from memory. */
typedef struct cp_node cp_node;
struct cp_node {
    cp_mark mark;
    /* CP_SCALAR */
    char *text;
    size_t len : 29;    /* CP_SCALAR: bytes of text */
    size_t plain : 1;   /* unquoted scalar: may be a number, bool or null */
    size_t count : 29;  /* CP_MAP, CP_SEQ: children */
    size_t kind : 2;    /* cp_node_kind */
    size_t type : 3;    /* cp_scalar_type_of + 1, found once by the loader; 0: not known */
    /* CP_MAP: keys[i] -> items[i]; CP_SEQ: items[i]. The key nodes of a
     * document are shared, one per text: a key's own position is
     * cp_map_key_mark(map, i), not keys[i]->mark (its first one). */
    cp_node **keys;
    cp_node **items;
};

/* What a scalar node takes: the fields before keys. */
#define CP_SCALAR_NODE_SIZE offsetof(cp_node, keys)

typedef struct cp_node_store cp_node_store;

/* A key the loader kept out of a mapping with its value (a tag, an
 * anchor, an alias: reported): the key was there, so a check that would
 * call it missing says nothing (one problem, one message). */
typedef struct {
    const cp_node *map;
    const char *key;        /* the key's text (shared: compare by content) */
} cp_refused_key;

typedef struct {
    char *file;             /* owned copy of the path */
    cp_node *root;          /* NULL for an empty document */
    unsigned problems;      /* reported by the loader */
    cp_node_store *store;   /* the nodes and their texts (node_store.h) */
    cp_refused_key *refused;  /* sorted by map (cp_doc_key_refused) */
    size_t nrefused;
} cp_doc;

/* Whether the loader left out map's key `key` with a value it refused
 * (after cp_doc_sort_refused, which the loaders call when done). */
int cp_doc_key_refused(const cp_doc *doc, const cp_node *map, const char *key);
void cp_doc_sort_refused(cp_doc *doc);

/* Parse a whole file, read as it is parsed (never whole in memory): a
 * regular file of at most CP_MAX_INPUT_BYTES (cp_open_input). Every
 * problem is printed to err (unless NULL) as
 * "file:line:column: path: expected ..., found ..." and makes the result
 * -1: after a syntax or encoding error (every byte that is not text is
 * named at its place: invalid UTF-8, a control character) the document is
 * empty; after problems with single values (a YAML tag such as !!binary,
 * an anchor or alias, a duplicate key, a NUL character) the rest was still
 * read, those values are left out of the tree, and the caller may check
 * the rest (to report every problem in one run) but must not use it as
 * valid; also -1 (after a message) when the file cannot be read. The
 * document is safe to free either way. */
int cp_doc_load(cp_doc *doc, const char *path, FILE *err);
/* Same, reading the open file fd (from where it is; named name in
 * messages) as it parses; -2 after a message when reading fd failed or
 * it held more than CP_MAX_INPUT_BYTES. fd stays open. A large dataset of
 * the usual shape takes the fast path (node_fast.h). Which way a document
 * is loaded: node_load.c; the libyaml loader: node_yaml.c; reading the
 * tree: node.c. */
int cp_doc_load_fd(cp_doc *doc, const char *name, int fd, FILE *err);
/* cp_doc_load_fd without the fast path: every byte through libyaml. */
int cp_doc_parse_fd(cp_doc *doc, const char *name, int fd, FILE *err);
/* Same, from memory (name is used in messages). */
int cp_doc_load_mem(cp_doc *doc, const char *name, const char *buf, size_t len, FILE *err);
void cp_doc_free(cp_doc *doc);

/* Where key i of map is written. */
cp_mark cp_map_key_mark(const cp_node *map, size_t i);

/* Map look-up by key text; NULL when absent or when map is not a map. */
const cp_node *cp_map_get(const cp_node *map, const char *key);
/* Scalar text or NULL when n is not a scalar. */
const char *cp_scalar(const cp_node *n);

/* YAML 1.2 core-schema typing of a plain scalar. */
typedef enum { CP_T_NULL, CP_T_BOOL, CP_T_INT, CP_T_FLOAT, CP_T_STRING } cp_scalar_type;
cp_scalar_type cp_scalar_type_of(const cp_node *n);
/* Integer value of a CP_T_INT scalar; returns -1 on overflow or wrong type. */
int cp_scalar_int(const cp_node *n, long long *out);
int cp_scalar_double(const cp_node *n, double *out);

#endif
