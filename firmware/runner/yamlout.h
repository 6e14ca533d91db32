/* Header lines of the dataset YAML; scalars through the shared writer
 * (gen/lib/base/yaml_write.h), so a label from firmware output can never break
 * the document. */
#ifndef CPR_YAMLOUT_H
#define CPR_YAMLOUT_H

#include "cryptoperf.h"

/* A string scalar, safe in block and flow context. */
void cpr_yaml_str(cp_buf *b, const char *s);
/* "key: value\n" at indent (spaces); nothing when value is NULL. */
void cpr_yaml_kv(cp_buf *b, int indent, const char *key, const char *value);
void cpr_yaml_kv_int(cp_buf *b, int indent, const char *key, long long value);

#endif
