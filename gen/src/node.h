/* A YAML (or JSON) document as a tree whose every node remembers where it
 * came from, so every later error can name file:line:column (libyaml's
 * yaml_mark_t, kept all the way to the user). */
#ifndef CP_NODE_H
#define CP_NODE_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
    const char *file;   /* borrowed from the document */
    unsigned line;      /* 1-based */
    unsigned column;    /* 1-based */
} cp_mark;

typedef enum { CP_SCALAR, CP_MAP, CP_SEQ } cp_node_kind;

/* Read only: texts and keys are shared within a document. A scalar takes
 * 32 bytes, a mapping or sequence 48 (node_store.h says why it matters):
 * a scalar is stored without keys and items, so read those only when
 * count says there are children, and never copy a node by value. */
typedef struct cp_node cp_node;
struct cp_node {
    cp_mark mark;
    /* CP_SCALAR */
    char *text;
    size_t len : 31;    /* CP_SCALAR: bytes of text */
    size_t plain : 1;   /* unquoted scalar: may be a number, bool or null */
    size_t count : 30;  /* CP_MAP, CP_SEQ: children */
    size_t kind : 2;    /* cp_node_kind */
    /* CP_MAP: keys[i] -> items[i]; CP_SEQ: items[i]. The key nodes of a
     * document are shared, one per text: a key's own position is
     * cp_map_key_mark(map, i), not keys[i]->mark (its first one). */
    cp_node **keys;
    cp_node **items;
};

/* What a scalar node takes: the fields before keys. */
#define CP_SCALAR_NODE_SIZE offsetof(cp_node, keys)

typedef struct cp_node_store cp_node_store;

typedef struct {
    char *file;             /* owned copy of the path */
    cp_node *root;          /* NULL for an empty document */
    cp_node_store *store;   /* the nodes and their texts (node_store.h) */
} cp_doc;

/* Parse a whole file (read as it is parsed, never whole in memory). On a
 * syntax error, prints "file:line:column: message" to err (unless err is
 * NULL) and returns -1; the document is then empty but safe to free. */
int cp_doc_load(cp_doc *doc, const char *path, FILE *err);
/* Same, reading f (named name in messages) as it parses; -2 when reading
 * f failed. */
int cp_doc_load_stream(cp_doc *doc, const char *name, FILE *f, FILE *err);
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
