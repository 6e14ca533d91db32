#include "yaml_write.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "text_clean.h"

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

static int append(void *data, unsigned char *text, size_t size)
{
    cp_buf_put(data, (const char *)text, size);
    return 1;
}

/* One document holding one double-quoted scalar, emitted by libyaml with
 * no line width (no folding) and UTF-8 kept as it is: `"text"` and a line
 * break, which is dropped. */
static void put_double_quoted(cp_buf *b, const char *s, size_t len)
{
    size_t vlen;
    char *v = cp_text_valid_utf8(s, len, &vlen);
    cp_buf out = { 0 };
    yaml_emitter_t e;
    yaml_event_t ev[5];
    int ok = yaml_emitter_initialize(&e);
    if (ok) {
        yaml_emitter_set_output(&e, append, &out);
        yaml_emitter_set_unicode(&e, 1);
        yaml_emitter_set_width(&e, -1);
        ok = yaml_stream_start_event_initialize(&ev[0], YAML_UTF8_ENCODING) &&
             yaml_document_start_event_initialize(&ev[1], NULL, NULL, NULL, 1) &&
             yaml_scalar_event_initialize(&ev[2], NULL, NULL, (yaml_char_t *)v, (int)vlen, 0, 1,
                                          YAML_DOUBLE_QUOTED_SCALAR_STYLE) &&
             yaml_document_end_event_initialize(&ev[3], 1) && yaml_stream_end_event_initialize(&ev[4]);
        for (int i = 0; ok && i < 5; i++)
            ok = yaml_emitter_emit(&e, &ev[i]); /* takes the event, also on failure */
        yaml_emitter_delete(&e);
    }
    if (!ok || out.len < 3 || out.data[0] != '"' || out.data[out.len - 1] != '\n') {
        /* only memory can fail here: the text is valid UTF-8 */
        fputs("cryptoperf: cannot write a YAML string (out of memory?)\n", stderr);
        exit(2);
    }
    cp_buf_put(b, out.data, out.len - 1);
    cp_buf_free(&out);
    free(v);
}

void cp_yaml_put_string(cp_buf *b, const char *s, size_t len)
{
    if (cp_yaml_plain_ok(s, len))
        cp_buf_put(b, s, len);
    else
        put_double_quoted(b, s, len);
}
