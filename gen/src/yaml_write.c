#include "yaml_write.h"

#include <string.h>

/* Words that a YAML 1.1 or 1.2 reader may take for null or a boolean. */
static int is_reserved_word(const char *s, size_t len)
{
    static const char *const words[] = { "null", "Null", "NULL", "~", "true", "True", "TRUE", "false", "False",
                                         "FALSE", "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off",
                                         "Off", "OFF", "y", "Y", "n", "N" };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i]) == len && memcmp(words[i], s, len) == 0)
            return 1;
    return 0;
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static int is_alnum(char c)
{
    return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Letters that can occur in a number some YAML reader accepts (hex digits,
 * 0x / 0o / 0b prefixes, exponents). */
static int is_number_letter(char c)
{
    return strchr("abcdefABCDEFxXoO", c) != NULL;
}

/* Plain only for a conservative alphabet: letters, digits and . _ / + -
 * with single inner spaces, so nothing can be read as an indicator, a
 * comment or a flow separator. A string that starts with a digit stays
 * plain only when it has a letter no number, date or time could contain
 * ("3DES", "128Bits"); "0x472", "1e5", "2024-01-01" are quoted. */
static int can_be_plain(const char *s, size_t len)
{
    if (len == 0 || is_reserved_word(s, len))
        return 0;
    if (!is_alnum(s[0]) || s[len - 1] == ' ')
        return 0;
    int odd_letter = 0;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (c == ' ') {
            if (s[i + 1] == ' ')
                return 0;
            continue;
        }
        if (!is_alnum(c) && c != '.' && c != '_' && c != '/' && c != '+' && c != '-')
            return 0;
        if (!is_digit(c) && is_alnum(c) && !is_number_letter(c))
            odd_letter = 1;
    }
    return !is_digit(s[0]) || odd_letter;
}

void cp_yaml_put_string(cp_buf *b, const char *s, size_t len)
{
    if (can_be_plain(s, len)) {
        cp_buf_put(b, s, len);
        return;
    }
    cp_buf_putc(b, '"');
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = u[i];
        switch (c) {
        case '"': cp_buf_puts(b, "\\\""); continue;
        case '\\': cp_buf_puts(b, "\\\\"); continue;
        case '\n': cp_buf_puts(b, "\\n"); continue;
        case '\t': cp_buf_puts(b, "\\t"); continue;
        case '\r': cp_buf_puts(b, "\\r"); continue;
        default: break;
        }
        if (c < 0x20 || c == 0x7f) {
            cp_buf_printf(b, "\\x%02x", c);
            continue;
        }
        /* C1 controls (U+0080..U+009F, incl. NEL, a YAML line break), the
         * line and paragraph separators and the BOM/non-characters would be
         * folded or refused by a reader inside quotes: escape them. */
        if (c == 0xc2 && i + 1 < len && u[i + 1] >= 0x80 && u[i + 1] <= 0x9f) {
            cp_buf_printf(b, "\\u%04x", u[i + 1]);
            i++;
            continue;
        }
        if (c == 0xe2 && i + 2 < len && u[i + 1] == 0x80 && (u[i + 2] == 0xa8 || u[i + 2] == 0xa9)) {
            cp_buf_puts(b, u[i + 2] == 0xa8 ? "\\L" : "\\P");
            i += 2;
            continue;
        }
        if (c == 0xef && i + 2 < len && ((u[i + 1] == 0xbb && u[i + 2] == 0xbf) ||
                                         (u[i + 1] == 0xbf && (u[i + 2] == 0xbe || u[i + 2] == 0xbf)))) {
            cp_buf_printf(b, "\\u%04x", ((c & 0x0f) << 12) | ((u[i + 1] & 0x3f) << 6) | (u[i + 2] & 0x3f));
            i += 2;
            continue;
        }
        cp_buf_putc(b, (char)c);
    }
    cp_buf_putc(b, '"');
}
