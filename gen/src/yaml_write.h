/* Writing YAML scalars so that they read back as the same string: plain when
 * that is unambiguous (also inside a flow collection), double-quoted
 * otherwise, the quoting and escaping done by libyaml's emitter.
 *
 * Why not the emitter for whole documents: a dataset carries comments (the
 * `# yaml-language-server:` modeline, import's "generated from" line and
 * the hand-written header it copies with its comments) and libyaml has no
 * comment event; its block sequences inside a mapping are always written
 * without indentation ("results:\n- {...}", yaml_emitter_emit_block_
 * sequence_item), unlike every committed dataset; and import maps each
 * value's column back to its CSV cell, which needs the layout in hand. So
 * the layout of datasets is ours, one scalar at a time through libyaml.
 * The emitter does not resolve types either (asked for plain, it writes
 * "1.0" or "yes" plain, which readers take for a number or a boolean), so
 * the plain/quoted choice stays here: cp_yaml_plain_ok. README.md, "YAML
 * and JSON output", has the evidence. */
#ifndef CP_YAML_WRITE_H
#define CP_YAML_WRITE_H

#include <stddef.h>

#include "util.h"

/* Whether s (len bytes) reads back as this same string when written plain,
 * in block and in flow context, by a YAML 1.1 or 1.2 reader: a conservative
 * alphabet (letters, digits and . _ / + - with single inner spaces), and
 * nothing a reader could take for null, a boolean, a number, a date or a
 * time. */
int cp_yaml_plain_ok(const char *s, size_t len);

/* Appends s (len bytes, UTF-8; an invalid byte is written as U+FFFD) as a
 * YAML string scalar: plain when cp_yaml_plain_ok, else double-quoted by
 * libyaml's emitter (no line folding, non-ASCII kept as it is, control
 * characters escaped). */
void cp_yaml_put_string(cp_buf *b, const char *s, size_t len);

#endif
