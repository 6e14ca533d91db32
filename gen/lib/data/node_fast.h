/* The YAML loader's fast path (node_load.c takes it) for the shape large
 * datasets have: a header, then a last top-level key "results:" and one
 * line a result,
 *
 *   results:
 *     - {family: AES, kind: performance, key_bits: 128, cycles: 3742}
 *
 * libyaml spent more than half of a large load on such lines (every
 * scalar an event, every event allocated and freed). Here the header is
 * still read by libyaml and every result line directly into the nodes
 * libyaml's events would have given (texts, plain or quoted, types,
 * marks, key positions), in the same store.
 *
 * Only a strict subset is taken: keys that are words of at most 128
 * characters, each once; values that are plain words (letters, digits,
 * "_.+-/()", single spaces inside; not starting with an indicator) or
 * double-quoted printable ASCII without escapes; exactly ", " and ": "
 * between them. Anything else (another shape, a byte outside printable
 * ASCII, a duplicate key, a problem in the header, a file past
 * CP_MAX_INPUT_BYTES) and the whole file is loaded the usual way, which
 * reports what there is to report: this path never reports anything. */
#ifndef CP_NODE_FAST_H
#define CP_NODE_FAST_H

#include "data/node.h"

/* 1: doc holds the document of fd (read from where it is, with pread: the
 * file offset does not move), without problems. 0: not of that shape (or
 * unreadable); doc is cleared, for the usual loader to start again. */
int cp_doc_load_fast(cp_doc *doc, const char *name, int fd);

#endif
