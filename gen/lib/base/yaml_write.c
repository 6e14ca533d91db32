#include "base/yaml_write.h"

#include <string.h>

/* Words that a YAML 1.1 or 1.2 reader may take for null or a boolean. */
static int is_reserved_word(const char *s, size_t len)
{
    /* most strings are none: no longer than "FALSE", and not starting
     * like one */
    if (len > 5 || !strchr("nNtTfFyYoO~", s[0]))
        return 0;
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
int cp_yaml_plain_ok(const char *s, size_t len)
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

/* The escape libyaml's emitter writes for a code point it does not keep as
 * it is (a short form where YAML has one, else \xXX, \uXXXX, \UXXXXXXXX
 * in upper-case hex), so that datasets and reports read as before. */
static void put_escape(cp_buf *b, unsigned cp)
{
    static const struct {
        unsigned cp;
        char c;
    } shorts[] = { { 0x00, '0' },  { 0x07, 'a' }, { 0x08, 'b' },   { 0x09, 't' },   { 0x0a, 'n' },
                   { 0x0b, 'v' },  { 0x0c, 'f' }, { 0x0d, 'r' },   { 0x1b, 'e' },   { 0x22, '"' },
                   { 0x5c, '\\' }, { 0x85, 'N' }, { 0xa0, '_' },   { 0x2028, 'L' }, { 0x2029, 'P' } };
    cp_buf_putc(b, '\\');
    for (size_t i = 0; i < sizeof shorts / sizeof shorts[0]; i++)
        if (shorts[i].cp == cp) {
            cp_buf_putc(b, shorts[i].c);
            return;
        }
    int digits = cp <= 0xff ? 2 : cp <= 0xffff ? 4 : 8;
    cp_buf_putc(b, digits == 2 ? 'x' : digits == 4 ? 'u' : 'U');
    for (int k = (digits - 1) * 4; k >= 0; k -= 4)
        cp_buf_putc(b, "0123456789ABCDEF"[(cp >> k) & 0xf]);
}

/* Whether libyaml's emitter (unicode output) writes this code point as it
 * is inside double quotes: printable (YAML 1.1's set, in which libyaml
 * leaves out everything beyond U+FFFF), not a line break, not a BOM, not
 * a quote or a backslash. */
static int kept_as_is(unsigned cp)
{
    if (cp == '"' || cp == '\\')
        return 0;
    if (cp < 0x80)
        return cp >= 0x20 && cp <= 0x7e;
    return (cp >= 0xa0 && cp <= 0xd7ff && cp != 0x2028 && cp != 0x2029) ||
           (cp >= 0xe000 && cp <= 0xfffd && cp != 0xfeff);
}

/* Double-quoted, as cp_yaml_put_string says. */
static void put_double_quoted(cp_buf *b, const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    cp_buf_putc(b, '"');
    size_t run = 0; /* start of the bytes kept as they are, not yet copied */
    for (size_t i = 0; i < len;) {
        size_t n = cp_utf8_len(u + i, len - i);
        unsigned cp = 0xfffd;
        if (n == 1)
            cp = u[i];
        else if (n) {
            cp = u[i] & (0x7f >> n);
            for (size_t k = 1; k < n; k++)
                cp = (cp << 6) | (u[i + k] & 0x3f);
        }
        if (n && kept_as_is(cp)) {
            i += n;
            continue;
        }
        cp_buf_put(b, s + run, i - run);
        if (n)
            put_escape(b, cp);
        else
            cp_buf_put(b, "\xef\xbf\xbd", 3);
        i += n ? n : 1;
        run = i;
    }
    cp_buf_put(b, s + run, len - run);
    cp_buf_putc(b, '"');
}

void cp_yaml_put_string(cp_buf *b, const char *s, size_t len)
{
    if (cp_yaml_plain_ok(s, len))
        cp_buf_put(b, s, len);
    else
        put_double_quoted(b, s, len);
}
