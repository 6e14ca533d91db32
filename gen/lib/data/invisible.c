/* Text that shows nothing, refused wherever a dataset has it. */
#include "data/invisible.h"

#include <stdlib.h>

#include "base/text_clean.h"
#include "base/util.h"

static const char *invisible_name(unsigned c)
{
    switch (c) {
    case 0x00ad: return "SOFT HYPHEN";
    case 0x200b: return "ZERO WIDTH SPACE";
    case 0x200c: return "ZERO WIDTH NON-JOINER";
    case 0x200d: return "ZERO WIDTH JOINER";
    case 0x2060: return "WORD JOINER";
    case 0xfeff: return "ZERO WIDTH NO-BREAK SPACE (a byte order mark)";
    default: return c >= 0xe0000 ? "a tag character" : "an invisible format character";
    }
}

/* one message a text: the first such character is enough to fix it */
static void scalar_invisible(const cp_node *n, const cp_mark *at, cp_diag *diag)
{
    const unsigned char *t = (const unsigned char *)n->text;
    for (size_t i = 0, chars = 0; t && i < n->len; chars++) {
        unsigned c;
        if (cp_text_invisible_len(t + i, n->len - i, &c)) {
            cp_buf q = { 0 };
            cp_buf_put_quoted(&q, n->text);
            char *text = q.data;
            cp_diag_at(diag, at, NULL,
                       "expected text without invisible characters, found U+%04X (%s) as character %zu of %s", c,
                       invisible_name(c), chars + 1, text);
            free(text);
            return;
        }
        size_t step = cp_utf8_len(t + i, n->len - i);
        i += step ? step : 1;
    }
}

void cp_check_invisible(const cp_node *n, cp_diag *diag)
{
    if (!n)
        return;
    if (n->kind == CP_SCALAR) {
        scalar_invisible(n, &n->mark, diag);
        return;
    }
    for (size_t i = 0; i < n->count; i++) {
        if (n->kind == CP_MAP) {
            cp_mark at = cp_map_key_mark(n, i);
            scalar_invisible(n->keys[i], &at, diag);
        }
        cp_check_invisible(n->items[i], diag);
    }
}

