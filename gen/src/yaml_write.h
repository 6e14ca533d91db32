/* Writing YAML scalars so that they read back as the same string: plain when
 * that is unambiguous (also inside a flow collection), double-quoted with
 * escapes otherwise. */
#ifndef CP_YAML_WRITE_H
#define CP_YAML_WRITE_H

#include <stddef.h>

#include "util.h"

/* Appends s (valid UTF-8, len bytes) as a YAML string scalar. */
void cp_yaml_put_string(cp_buf *b, const char *s, size_t len);

#endif
