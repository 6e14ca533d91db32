#include "data/node_fast.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "data/node_store.h"

/* The header is looked for in the first MAX_HEADER bytes; a result line
 * is at most READ_SIZE bytes (longer ones take the usual way). */
#define MAX_HEADER (1u << 20)
#define READ_SIZE (1u << 20)
/* a line's keys are checked for duplicates pairwise: few allowed */
#define MAX_KEYS 64
/* libyaml refuses a simple key of more than 1024 characters */
#define MAX_KEY_LEN 128

typedef struct {
    int fd;
    off_t start;            /* where fd was */
    size_t taken;           /* bytes read from start */
    char *buf;              /* [0, have): read, not yet used up */
    size_t have;
    int eof;
} reader;

/* Reads more after buf[0, have); -1 on a read error or past the size
 * limit (the usual loader reports both). */
static int read_more(reader *r)
{
    while (r->have < 2 * READ_SIZE) {
        ssize_t n = pread(r->fd, r->buf + r->have, 2 * READ_SIZE - r->have, r->start + (off_t)r->taken);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        if (n == 0) {
            r->eof = 1;
            break;
        }
        r->have += (size_t)n;
        r->taken += (size_t)n;
        if (r->taken > CP_MAX_INPUT_BYTES)
            return -1;
    }
    return 0;
}

typedef struct {
    cp_node_store *store;
    const char *file;
    cp_node **items;
    size_t n, cap;
    /* keys and shared words met lately, by a cheap hash of their first
     * and last bytes and length: most are met again and again (no
     * look-up in the store then) */
    cp_node *keys_met[256];
    const char *words_met[1024];
} tail;

/* What each byte may be, a table: these run for every byte of a large
 * file. KEY_START: a key's first character; KEY: the others; WORD: a
 * plain value's (nothing that ends a plain scalar in a flow mapping,
 * ",[]{}", ": ", " #", nor what needs care, "'\"!&*|>%@`?:#="); QUOTED:
 * inside double quotes (printable ASCII but '"' and '\\'). */
enum { KEY_START = 1, KEY = 2, WORD = 4, QUOTED = 8 };
#define ALPHA(c) (((c) >= 'a' && (c) <= 'z') || ((c) >= 'A' && (c) <= 'Z') || (c) == '_')
#define DIGIT(c) ((c) >= '0' && (c) <= '9')
#define CLASS(c)                                                                                                   \
    ((ALPHA(c) ? KEY_START | KEY | WORD : 0) | (DIGIT(c) ? KEY | WORD : 0) |                                       \
     ((c) == '.' || (c) == '+' || (c) == '-' || (c) == '/' || (c) == '(' || (c) == ')' ? WORD : 0) |                \
     ((c) >= 0x20 && (c) <= 0x7e && (c) != '"' && (c) != '\\' ? QUOTED : 0))
#define ROW(b)                                                                                                     \
    CLASS(b), CLASS(b + 1), CLASS(b + 2), CLASS(b + 3), CLASS(b + 4), CLASS(b + 5), CLASS(b + 6), CLASS(b + 7),    \
        CLASS(b + 8), CLASS(b + 9), CLASS(b + 10), CLASS(b + 11), CLASS(b + 12), CLASS(b + 13), CLASS(b + 14),     \
        CLASS(b + 15)
static const unsigned char byte_class[256] = { ROW(0),   ROW(16),  ROW(32),  ROW(48),  ROW(64),  ROW(80),
                                               ROW(96),  ROW(112), ROW(128), ROW(144), ROW(160), ROW(176),
                                               ROW(192), ROW(208), ROW(224), ROW(240) };

static int is(char c, unsigned what)
{
    return (byte_class[(unsigned char)c] & what) != 0;
}

/* A plain value may not start with an indicator; "-" only before a word
 * character that is a letter, digit, "_" or "." ("-5", never "- "). */
static int is_plain_start(const char *q)
{
    if (is(*q, KEY) || *q == '.' || *q == '+')
        return 1;
    return *q == '-' && (is(q[1], KEY) || q[1] == '.');
}

static size_t met_hash(const char *text, size_t len)
{
    return len ? (unsigned char)text[0] * 31u + (unsigned char)text[len - 1] * 7u + len : 0;
}

static cp_node *scalar(tail *t, const char *text, size_t len, int plain, unsigned line, unsigned column)
{
    cp_node *n = cp_node_store_alloc(t->store, CP_SCALAR_NODE_SIZE);
    n->mark = (cp_mark){ t->file, line, column };
    n->kind = CP_SCALAR;
    n->len = len;
    const char **met = &t->words_met[met_hash(text, len) % (sizeof t->words_met / sizeof t->words_met[0])];
    n->text = cp_node_store_text_like(t->store, text, len, *met);
    *met = n->text;
    n->plain = plain != 0;
    n->type = cp_scalar_type_of(n) + 1;
    return n;
}

/* One result line p[0, len) (its line break not included), the
 * document's line `line`: appended to t, or -1 when it is not of the
 * subset. The line ends in '}', which no word contains: scanning a word
 * stops before the end. */
static int parse_line(tail *t, const char *p, size_t len, unsigned line)
{
    if (len < 8 || memcmp(p, "  - {", 5) || p[len - 1] != '}')
        return -1;
    const char *q = p + 5, *end = p + len;
    cp_node *keys[MAX_KEYS], *items[MAX_KEYS];
    uint32_t pos[2 * MAX_KEYS];
    size_t n = 0;
    for (;;) {
        const char *k = q;
        if (!is(*q, KEY_START))
            return -1;
        while (is(*q, KEY))
            q++;
        size_t klen = (size_t)(q - k);
        if (klen > MAX_KEY_LEN || q[0] != ':' || q[1] != ' ' || n == MAX_KEYS)
            return -1;
        q += 2;
        /* the key first, as libyaml's events come: a text is stored once */
        cp_mark km = { t->file, line, (unsigned)(k - p + 1) };
        cp_node **met = &t->keys_met[met_hash(k, klen) % (sizeof t->keys_met / sizeof t->keys_met[0])];
        cp_node *key = *met;
        if (!key || key->len != klen || memcmp(key->text, k, klen)) {
            key = *met = cp_node_store_key(t->store, k, klen, km, 1);
            if (!key->type)
                key->type = cp_scalar_type_of(key) + 1;
        }
        const char *v = q;
        cp_node *item;
        if (*q == '"') {
            for (q++; q < end && is(*q, QUOTED); q++)
                ;
            if (q == end || *q != '"')
                return -1;
            q++;
            item = scalar(t, v + 1, (size_t)(q - v - 2), 0, line, (unsigned)(v - p + 1));
        } else {
            if (!is_plain_start(q))
                return -1;
            for (q++;; q++) {
                while (is(*q, WORD))
                    q++;
                if (!(*q == ' ' && is(q[1], WORD)))
                    break;
            }
            item = scalar(t, v, (size_t)(q - v), 1, line, (unsigned)(v - p + 1));
        }
        for (size_t i = 0; i < n; i++)
            if (keys[i] == key)
                return -1;
        keys[n] = key;
        items[n] = item;
        pos[2 * n] = line;
        pos[2 * n + 1] = km.column;
        n++;
        if (q[0] == ',' && q[1] == ' ') {
            q += 2;
            continue;
        }
        if (q[0] == '}' && q + 1 == end)
            break;
        return -1;
    }
    cp_node *map = cp_node_store_alloc(t->store, sizeof *map);
    map->mark = (cp_mark){ t->file, line, 5 };
    map->kind = CP_MAP;
    cp_node_store_set_children(t->store, map, items, keys, pos, n);
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 1024;
        t->items = cp_xrealloc(t->items, t->cap * sizeof *t->items);
    }
    t->items[t->n++] = map;
    return 0;
}

/* Where the header ends: after a line "results:" within the first
 * MAX_HEADER bytes; 0 when there is none. */
static size_t header_end(const reader *r)
{
    static const char line[] = "results:\n";
    size_t n = r->have < MAX_HEADER ? r->have : MAX_HEADER;
    for (size_t at = 0; n - at >= sizeof line - 1;) {
        if (!memcmp(r->buf + at, line, sizeof line - 1))
            return at + sizeof line - 1;
        const char *nl = memchr(r->buf + at, '\n', n - at);
        if (!nl)
            break;
        at = (size_t)(nl - r->buf) + 1;
    }
    return 0;
}

/* The header as libyaml reads it ends with the key results and no value:
 * its line, or 0 when the document is not of that shape. */
static unsigned results_key_line(const cp_doc *doc)
{
    const cp_node *root = doc->root;
    if (!root || root->kind != CP_MAP || !root->count)
        return 0;
    size_t last = root->count - 1;
    const cp_node *v = root->items[last];
    cp_mark km = cp_map_key_mark(root, last);
    if (strcmp(root->keys[last]->text, "results") || km.column != 1 || v->kind != CP_SCALAR || v->len || !v->plain)
        return 0;
    return km.line;
}

/* The result lines from buf[at] to the end of the file into t; -1 when
 * one is not of the subset or reading failed. */
static int read_results(reader *r, size_t at, tail *t, unsigned line)
{
    for (;; line++) {
        char *nl = memchr(r->buf + at, '\n', r->have - at);
        if (nl) {
            if (parse_line(t, r->buf + at, (size_t)(nl - r->buf) - at, line))
                return -1;
            at = (size_t)(nl - r->buf) + 1;
            continue;
        }
        if (r->eof) /* a last line without a line break */
            return at < r->have ? parse_line(t, r->buf + at, r->have - at, line) : 0;
        if (r->have - at > READ_SIZE)
            return -1; /* too long a line */
        memmove(r->buf, r->buf + at, r->have - at);
        r->have -= at;
        at = 0;
        if (read_more(r))
            return -1;
        line--; /* the same line, read further */
    }
}

int cp_doc_load_fast(cp_doc *doc, const char *name, int fd)
{
    memset(doc, 0, sizeof *doc);
    reader r = { .fd = fd, .start = lseek(fd, 0, SEEK_CUR) };
    if (r.start < 0)
        return 0;
    r.buf = cp_xmalloc(2 * READ_SIZE);
    tail t = { 0 };
    int ok = 0;
    size_t at = 0;
    unsigned key_line = 0;
    if (!read_more(&r) && (at = header_end(&r)) && !cp_doc_load_mem(doc, name, r.buf, at, NULL) &&
        (key_line = results_key_line(doc))) {
        t.store = doc->store;
        t.file = doc->file;
        ok = !read_results(&r, at, &t, key_line + 1) && t.n;
    }
    if (ok) {
        cp_node *seq = cp_node_store_alloc(doc->store, sizeof *seq);
        seq->mark = (cp_mark){ doc->file, key_line + 1, 3 };
        seq->kind = CP_SEQ;
        cp_node_store_set_children(doc->store, seq, t.items, NULL, NULL, t.n);
        doc->root->items[doc->root->count - 1] = seq;
    } else if (doc->file) {
        cp_doc_free(doc);
        memset(doc, 0, sizeof *doc);
    }
    free(t.items);
    free(r.buf);
    return ok;
}
