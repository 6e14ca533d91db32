#include "yamlout.h"

#include <string.h>

/* Plain only for words that start with a letter (so never a number, and
 * never an indicator), contain nothing that YAML or a flow mapping treats
 * specially, and are not one of the core schema's null/bool words. */
static int plain_ok(const char *s)
{
    static const char *const reserved[] = { "null", "Null", "NULL", "true", "True", "TRUE",
                                            "false", "False", "FALSE", "y", "n", "yes", "no",
                                            "Yes", "No", "on", "off", "On", "Off" };
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
        return 0;
    for (const char *p = s; *p; p++) {
        unsigned char c = (unsigned char)*p;
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '.' || c == '-' || c == '_' || c == '/' || c == '+' || c == '(' || c == ')' ||
                 (c == ' ' && p[1] && p[1] != ' ');
        if (!ok)
            return 0;
    }
    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
        if (strcmp(s, reserved[i]) == 0)
            return 0;
    return 1;
}

void cpr_yaml_str(cp_buf *b, const char *s)
{
    if (plain_ok(s)) {
        cp_buf_puts(b, s);
        return;
    }
    cp_buf_putc(b, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') {
            cp_buf_putc(b, '\\');
            cp_buf_putc(b, (char)*p);
        } else if (*p < 0x20 || *p == 0x7f) {
            cp_buf_printf(b, "\\x%02x", *p);
        } else {
            cp_buf_putc(b, (char)*p);
        }
    }
    cp_buf_putc(b, '"');
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
