#include "yamlout.h"

#include <string.h>

#include "cryptoperf.h"

void cpr_yaml_str(cp_buf *b, const char *s)
{
    cp_yaml_put_string(b, s, strlen(s));
}

void cpr_yaml_kv(cp_buf *b, int indent, const char *key, const char *value)
{
    if (!value)
        return;
    cp_buf_printf(b, "%*s%s: ", indent, "", key);
    cpr_yaml_str(b, value);
    cp_buf_putc(b, '\n');
}

void cpr_yaml_kv_int(cp_buf *b, int indent, const char *key, long long value)
{
    cp_buf_printf(b, "%*s%s: %lld\n", indent, "", key, value);
}
