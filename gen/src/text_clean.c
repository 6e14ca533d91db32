#include "text_clean.h"

#include <string.h>

size_t cp_text_char_len(const unsigned char *s, size_t n)
{
    if (n == 0)
        return 0;
    unsigned c = s[0];
    if (c < 0x80)
        return c >= 0x20 && c != 0x7f;
    size_t len;
    unsigned long cp, min;
    if ((c & 0xe0) == 0xc0) {
        len = 2, cp = c & 0x1f, min = 0x80;
    } else if ((c & 0xf0) == 0xe0) {
        len = 3, cp = c & 0x0f, min = 0x800;
    } else if ((c & 0xf8) == 0xf0) {
        len = 4, cp = c & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || cp == 0xfffe || cp == 0xffff)
        return 0;
    if (cp >= 0x80 && cp <= 0x9f)   /* C1 controls: legal XML, but invisible and treacherous */
        return 0;
    return len;
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
