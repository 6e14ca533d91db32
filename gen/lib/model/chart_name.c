#include "model/chart_name.h"

#include <string.h>

#include "base/text_clean.h"
#include "model/chart.h"

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

/* The words of a name, made safe; an empty one is left out. */
enum { MCU, LIBRARY, FAMILY, MODE, MEASURE, OPERATION, NWORDS };

/* A name too long for NAME_MAX_BYTES loses characters from its longest
 * words first (never below SHORT_WORD): the MCU or a library name is what
 * a data file can make long, and the words after them (family, mode,
 * operation) are what tell the charts of a page apart. */
#define SHORT_WORD 8

static void shorten(cp_buf *w, size_t total)
{
    if (total <= NAME_MAX_BYTES)
        return;
    size_t over = total - NAME_MAX_BYTES, cap = 0;
    for (size_t i = 0; i < NWORDS; i++)
        cap = w[i].len > cap ? w[i].len : cap;
    /* the longest words down to one length, cap, that saves enough */
    while (cap > SHORT_WORD) {
        size_t saved = 0;
        cap--;
        for (size_t i = 0; i < NWORDS; i++)
            saved += w[i].len > cap ? w[i].len - cap : 0;
        if (saved >= over)
            break;
    }
    for (size_t i = 0; i < NWORDS; i++) {
        if (w[i].len <= cap)
            continue;
        size_t len = cap;
        while (len > 1 && trimmed(w[i].data[len - 1]))
            len--;
        w[i].len = len;
        w[i].data[len] = '\0';
    }
}

char *cp_chart_name(const cp_chart_name_parts *p)
{
    const char *text[NWORDS] = { p->mcu, p->library, p->family, p->mode, cp_chart_measure_abbrev(p->measure),
                                 cp_chart_op_abbrev(p->operation) };
    cp_buf w[NWORDS] = { { 0 } };
    size_t total = strlen("Cryptolib") + (p->footprint ? 3 : 0);
    for (size_t i = 0; i < NWORDS; i++) {
        cp_buf_puts(&w[i], "");
        if (text[i])
            cp_chart_name_safe(&w[i], text[i]);
        total += w[i].len ? w[i].len + 1 : 0;
    }
    shorten(w, total);
    cp_buf b = { 0 };
    cp_buf_puts(&b, "Cryptolib");
    for (size_t i = 0; i < NWORDS; i++) {
        if (w[i].len)
            cp_buf_printf(&b, " %s", w[i].data);
        cp_buf_free(&w[i]);
    }
    if (p->footprint)
        cp_buf_puts(&b, " FP");
    if (b.len > NAME_MAX_BYTES) {
        b.len = NAME_MAX_BYTES;
        while (trimmed(b.data[b.len - 1]))
            b.len--;
        b.data[b.len] = '\0';
    }
    cp_buf_puts(&b, CP_CHART_EXT);
    return b.data;
}

void cp_chart_name_url(cp_buf *out, const char *name)
{
    cp_buf_put_url(out, name, NULL);   /* a name is one path segment */
}
