#include "chart_name.h"

#include <string.h>

#include "text_clean.h"

/* Long enough for any real name, short of MediaWiki's 240-byte limit on
 * file names and of NAME_MAX. */
#define NAME_MAX_BYTES 200

typedef struct {
    const char *slug, *abbrev;
} abbrev;

static const abbrev measures[] = {
    { "sole-buffer", "SB" },
    { "data-flow", "DF" },
    { "tag-generation", "Tag" },
};

static const abbrev operations[] = {
    { "encryption", "Enc" },
    { "decryption", "Dec" },
    { "digest", "Dig" },
    { "signature", "Sig" },
    { "verification", "Ver" },
    { "tag-generation", "Tag" },
    { "key-generation", "KeyGen" },
    { "public-key-generation", "PubKey" },
    { "shared-secret", "Secret" },
    { "encapsulation", "Encaps" },
    { "decapsulation", "Decaps" },
};

static const char *lookup(const abbrev *t, size_t n, const char *slug)
{
    if (!slug)
        return NULL;
    for (size_t i = 0; i < n; i++)
        if (!strcmp(t[i].slug, slug))
            return t[i].abbrev;
    return slug;
}

const char *cp_chart_measure_abbrev(const char *measure)
{
    return lookup(measures, sizeof measures / sizeof measures[0], measure);
}

const char *cp_chart_op_abbrev(const char *operation)
{
    return lookup(operations, sizeof operations / sizeof operations[0], operation);
}

static int kept(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr("+,.()-", c);
}

static int trimmed(char c)
{
    return c == ' ' || c == '-' || c == '.';
}

void cp_chart_name_safe(cp_buf *out, const char *s)
{
    size_t start = out->len;
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    while (n) {
        /* one replacement per character, not per byte: "µs" -> "-s" */
        size_t len = cp_text_char_len(p, n);
        if (!len)
            len = 1;
        char c = len == 1 && kept(*p) ? (char)*p : len == 1 && (*p == ' ' || *p == '_') ? ' ' : '-';
        p += len;
        n -= len;
        char prev = out->len > start ? out->data[out->len - 1] : ' ';
        if (trimmed(c) && prev == c)
            continue;
        if (out->len == start && trimmed(c))
            continue;
        cp_buf_putc(out, c);
    }
    while (out->len > start && trimmed(out->data[out->len - 1]))
        out->data[--out->len] = '\0';
}

static void word(cp_buf *b, const char *w)
{
    if (!w)
        return;
    size_t before = b->len;
    cp_buf_putc(b, ' ');
    cp_chart_name_safe(b, w);
    if (b->len == before + 1) {   /* nothing left of it */
        b->len = before;
        b->data[before] = '\0';
    }
}

char *cp_chart_name(const cp_chart_name_parts *p)
{
    cp_buf b = { 0 };
    cp_buf_puts(&b, "Cryptolib");
    word(&b, p->mcu);
    word(&b, p->library);
    word(&b, p->family);
    word(&b, p->mode);
    word(&b, cp_chart_measure_abbrev(p->measure));
    word(&b, cp_chart_op_abbrev(p->operation));
    if (p->footprint)
        cp_buf_puts(&b, " FP");
    if (b.len > NAME_MAX_BYTES) {
        b.len = NAME_MAX_BYTES;
        while (trimmed(b.data[b.len - 1]))
            b.len--;
        b.data[b.len] = '\0';
    }
    cp_buf_puts(&b, ".svg");
    return b.data;
}

void cp_chart_name_url(cp_buf *out, const char *name)
{
    cp_buf_put_url(out, name, NULL);   /* a name is one path segment */
}
