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

/* A million results are tens of millions of nodes: the fields are laid
 * out without padding (56 bytes); a text's length fits 32 bits (inputs are
 * at most CP_MAX_INPUT_BYTES). */
typedef struct cp_node cp_node;
struct cp_node {
    cp_mark mark;
    /* CP_SCALAR */
    char *text;
    /* CP_MAP: keys[i] -> items[i]; CP_SEQ: items[i] */
    cp_node **keys;
    cp_node **items;
    size_t count;       /* of items (and keys) */
    unsigned len;       /* of text */
    unsigned char kind; /* cp_node_kind */
    unsigned char plain; /* unquoted scalar: may be a number, bool or null */
    unsigned char type; /* cp_scalar_type_of + 1, found once by the loader; 0: not known */
};

typedef struct cp_arena cp_arena;

typedef struct {
    char *file;         /* owned copy of the path */
    cp_node *root;      /* NULL for an empty document */
    unsigned problems;  /* reported by cp_doc_load */
    cp_arena *arena;    /* where every node and text of the tree lives */
} cp_doc;

/* Parse a whole file. Every problem is printed to err (unless NULL) as
 * "file:line:column: path: expected ..., found ..." and makes the result -1:
 * after a syntax or encoding error (the exact byte: invalid UTF-8, a control
 * character) the document is empty; after problems with single values (a
 * YAML tag such as !!binary, an anchor or alias, a duplicate key, a NUL
 * character) the rest was still read, those values are left out of the
 * tree, and the caller may check the rest (to report every problem in one
 * run) but must not use it as valid. The document is safe to free either
 * way. Files go through cp_read_file (a regular file, size limit). */
int cp_doc_load(cp_doc *doc, const char *path, FILE *err);
/* Same, from memory (name is used in messages). */
int cp_doc_load_mem(cp_doc *doc, const char *name, const char *buf, size_t len, FILE *err);
void cp_doc_free(cp_doc *doc);

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
