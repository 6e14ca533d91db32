/* Writing YAML scalars so that they read back as the same string: plain when
 * that is unambiguous (also inside a flow collection), double-quoted
 * otherwise, quoted and escaped exactly as libyaml's emitter does it (the
 * writer used to be that emitter, one scalar at a time; the reports and
 * datasets it wrote stay byte for byte the same).
 *
 * Why not libyaml's emitter: a dataset carries comments (the
 * `# yaml-language-server:` modeline, import's "generated from" line and
 * the hand-written header it copies with its comments) and libyaml has no
 * comment event; its block sequences inside a mapping are always written
 * without indentation ("results:\n- {...}", yaml_emitter_emit_block_
 * sequence_item), unlike every committed dataset; import maps each
 * value's column back to its CSV cell, which needs the layout in hand; and
 * its event machinery costs more than the text of a report of a million
 * rows (yamljson.c writes the block layout of reports itself). The
 * emitter does not resolve types either (asked for plain, it writes "1.0"
 * or "yes" plain, which readers take for a number or a boolean), so the
 * plain/quoted choice is ours: cp_yaml_plain_ok. README.md, "YAML and
 * JSON output", has the evidence. */
#ifndef CP_YAML_WRITE_H
#define CP_YAML_WRITE_H

#include <stddef.h>

#include "base/util.h"

/* Whether s (len bytes) reads back as this same string when written plain,
 * in block and in flow context, by a YAML 1.1 or 1.2 reader: a conservative
 * alphabet (letters, digits and . _ / + - with single inner spaces), and
 * nothing a reader could take for null, a boolean, a number, a date or a
 * time. */
int cp_yaml_plain_ok(const char *s, size_t len);

/* Appends s (len bytes, UTF-8; an invalid byte is written as U+FFFD) as a
 * YAML string scalar: plain when cp_yaml_plain_ok, else double-quoted as
 * libyaml's emitter writes it with unicode output and no line width: no
 * folding, printable non-ASCII up to U+FFFF kept as it is, everything else
 * escaped (\n, \t, \", \\, \N, \L, \P, \xXX, \uXXXX, \UXXXXXXXX, a BOM as
 * \uFEFF). */
void cp_yaml_put_string(cp_buf *b, const char *s, size_t len);

#endif
