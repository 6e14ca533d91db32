#include "text_clean.h"

#include <string.h>

#include "csv_read.h"
#include "util.h"

size_t cp_text_char_len(const unsigned char *s, size_t n)
{
    size_t len = n ? cp_utf8_len(s, n) : 0;
    if (len == 1)
        return s[0] >= 0x20 && s[0] != 0x7f;
    if (len == 2 && s[0] == 0xc2 && s[1] <= 0x9f)   /* C1 controls: legal XML, but invisible and treacherous */
        return 0;
    if (len == 3 && s[0] == 0xef && s[1] == 0xbf && s[2] >= 0xbe)   /* U+FFFE, U+FFFF: not XML */
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
