/* Where the nodes of a document live (node_yaml.c, node_fast.c): one arena,
 * freed as a whole, and its texts stored once. A dataset of a million
 * results is ten million nodes; with a malloc each for every node and text,
 * and a key node for every key of every result, it took 2.6 KB a result.
 * Here a node is 48 bytes, a text shared by every node that has it (the
 * words "family", "AES", "performance" are stored once a document), and a
 * key one shared node per text (its positions kept by each map: 8 bytes). */
#ifndef CP_NODE_STORE_H
#define CP_NODE_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "data/node.h"

typedef struct cp_node_store cp_node_store;

cp_node_store *cp_node_store_new(void);
void cp_node_store_free(cp_node_store *s);

/* n bytes aligned for any node field (8), zeroed. */
void *cp_node_store_alloc(cp_node_store *s, size_t n);

/* Gives n its count children in one block of the store: items, and for a
 * mapping (keys not NULL) its keys and their positions, a line and a
 * column each, laid out as cp_map_key_mark reads them. */
void cp_node_store_set_children(cp_node_store *s, cp_node *n, cp_node *const *items, cp_node *const *keys,
                                const uint32_t *pos, size_t count);

/* A copy of text (len bytes, no NUL among them), NUL-terminated; equal
 * texts that look like words share one copy. */
char *cp_node_store_text(cp_node_store *s, const char *text, size_t len);

/* The same; like (NULL, or a text it gave before) is given again when it
 * is that text and shared: a look-up saved when the caller guesses right. */
char *cp_node_store_text_like(cp_node_store *s, const char *text, size_t len, const char *like);

/* The key node of that text: one for the document, made (with mark, as a
 * plain or quoted scalar) the first time. */
cp_node *cp_node_store_key(cp_node_store *s, const char *text, size_t len, cp_mark mark, int plain);

#endif
