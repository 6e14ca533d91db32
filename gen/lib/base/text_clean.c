#include "base/text_clean.h"

#include <string.h>

#include "base/util.h"

size_t cp_text_bidi_len(const unsigned char *s, size_t n)
{
    if (n >= 2 && s[0] == 0xd8 && s[1] == 0x9c)                                   /* U+061C */
        return 2;
    if (n >= 3 && s[0] == 0xe2 && s[1] == 0x80 && (s[2] == 0x8e || s[2] == 0x8f))  /* U+200E, U+200F */
        return 3;
    if (n >= 3 && s[0] == 0xe2 && s[1] == 0x80 && s[2] >= 0xaa && s[2] <= 0xae)   /* U+202A..U+202E */
        return 3;
    if (n >= 3 && s[0] == 0xe2 && s[1] == 0x81 && s[2] >= 0xa6 && s[2] <= 0xa9)   /* U+2066..U+2069 */
        return 3;
    return 0;
}

/* the code point of the well-formed character of len bytes at s */
static unsigned code_point(const unsigned char *s, size_t len)
{
    switch (len) {
    case 1:
        return s[0];
    case 2:
        return (s[0] & 0x1fu) << 6 | (s[1] & 0x3fu);
    case 3:
        return (s[0] & 0x0fu) << 12 | (s[1] & 0x3fu) << 6 | (s[2] & 0x3fu);
    default:
        return (s[0] & 0x07u) << 18 | (s[1] & 0x3fu) << 12 | (s[2] & 0x3fu) << 6 | (s[3] & 0x3fu);
    }
}

size_t cp_text_invisible_len(const unsigned char *s, size_t n, unsigned *cp)
{
    /* every such character starts with one of these bytes: the common
     * case (ASCII, Latin, most scripts) costs one comparison */
    if (!n || (s[0] != 0xc2 && s[0] != 0xcd && s[0] != 0xe1 && s[0] != 0xe2 && s[0] != 0xe3 && s[0] != 0xef &&
               s[0] != 0xf3))
        return 0;
    size_t len = cp_utf8_len(s, n);
    if (len < 2)
        return 0;
    unsigned c = code_point(s, len);
    static const unsigned ranges[][2] = {
        { 0x00ad, 0x00ad }, { 0x034f, 0x034f }, { 0x115f, 0x1160 }, { 0x17b4, 0x17b5 },
        { 0x180b, 0x180f }, { 0x200b, 0x200d }, { 0x2060, 0x2064 }, { 0x206a, 0x206f },
        { 0x3164, 0x3164 }, { 0xfeff, 0xfeff }, { 0xffa0, 0xffa0 }, { 0xfff9, 0xfffb },
        { 0xe0000, 0xe007f },
    };
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++)
        if (c >= ranges[i][0] && c <= ranges[i][1]) {
            if (cp)
                *cp = c;
            return len;
        }
    return 0;
}

void cp_text_put_escaped(cp_buf *out, const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    for (size_t i = 0; i < n;) {
        if (s[i] >= 0x20 && s[i] < 0x7f) {
            cp_buf_putc(out, (char)s[i++]);
            continue;
        }
        size_t len = cp_utf8_len(s + i, n - i);
        if (len <= 1) {
            cp_buf_printf(out, "\\x%02x", s[i]);
            i++;
            continue;
        }
        if (cp_text_char_len(s + i, n - i) == len) {
            cp_buf_put(out, str + i, len);
        } else {
            unsigned c = code_point(s + i, len);
            cp_buf_printf(out, c > 0xffff ? "\\U%08x" : "\\u%04x", c);
        }
        i += len;
    }
}

size_t cp_text_char_len(const unsigned char *s, size_t n)
{
    size_t len = n ? cp_utf8_len(s, n) : 0;
    if (len == 1)
        return s[0] >= 0x20 && s[0] != 0x7f;
    if (len == 2 && s[0] == 0xc2 && s[1] <= 0x9f)   /* C1 controls: legal XML, but invisible and treacherous */
        return 0;
    if (len == 3 && s[0] == 0xef && s[1] == 0xbf && s[2] >= 0xbe)   /* U+FFFE, U+FFFF: not XML */
        return 0;
    if (cp_text_bidi_len(s, n))   /* legal XML too, and reorders what the reader sees */
        return 0;
    if (len == 3 && s[0] == 0xe2 && s[1] == 0x80 && (s[2] == 0xa8 || s[2] == 0xa9))   /* U+2028, U+2029 */
        return 0;
    if (cp_text_invisible_len(s, n, NULL))
        return 0;
    return len;
}

size_t cp_text_put_special(cp_buf *out, const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    if (!n || (s[0] >= 0x20 && s[0] < 0x7f) || s[0] == '\n' || s[0] == '\r')
        return 0; /* the common case first: printable ASCII */
    if (s[0] == '\t') {
        cp_buf_putc(out, ' ');
        return 1;
    }
    size_t len = cp_utf8_len(s, n);
    if (len == 3 && s[0] == 0xe2 && s[1] == 0x80 && (s[2] == 0xa8 || s[2] == 0xa9)) { /* U+2028, U+2029 */
        cp_buf_putc(out, ' ');
        return 3;
    }
    if (len && cp_text_char_len(s, n)) {
        cp_buf_put(out, str, len);
        return len;
    }
    cp_buf_puts(out, "\xef\xbf\xbd"); /* U+FFFD */
    return len ? len : 1;
}

void cp_text_put_safe(cp_buf *out, const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        size_t k = cp_text_put_special(out, s + i, n - i);
        if (k) {
            i += k;
        } else {
            cp_buf_putc(out, s[i]);
            i++;
        }
    }
}

void cp_text_clean(const char *s, void (*put)(void *ctx, const char *s, size_t len), void *ctx)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    while (n) {
        size_t len = cp_text_char_len(p, n);
        if (len) {
            put(ctx, (const char *)p, len);
        } else {
            put(ctx, " ", 1);
            len = 1;
        }
        p += len;
        n -= len;
    }
}

char *cp_text_valid_utf8(const char *s, size_t len, size_t *out_len)
{
    cp_buf v = { 0 };
    cp_buf_puts(&v, "");
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < len;) {
        size_t n = cp_utf8_len(u + i, len - i);
        cp_buf_put(&v, n ? s + i : "\xef\xbf\xbd", n ? n : 3);
        i += n ? n : 1;
    }
    *out_len = v.len;
    return v.data;
}

void cp_buf_put_quoted(cp_buf *b, const char *s)
{
    cp_buf_putc(b, '\'');
    /* 80 characters (a bad byte counts as one), cut on a character */
    size_t end = 0, n = 0, len = strlen(s);
    for (; end < len && n < 80; n++) {
        size_t c = cp_utf8_len((const unsigned char *)s + end, len - end);
        end += c ? c : 1;
    }
    cp_text_put_escaped(b, s, end);
    if (end < len)
        cp_buf_puts(b, "...");
    cp_buf_putc(b, '\'');
}
