#include "data/node_store.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/util.h"

/* Chunks grow from 64 KB to 8 MB: a small document costs little, a large
 * one few allocations. */
#define FIRST_CHUNK (64u * 1024)
#define LARGEST_CHUNK (8u * 1024 * 1024)

typedef struct chunk chunk;
struct chunk {
    chunk *prev;
    size_t size, used;
    max_align_t data[];
};

/* open addressing sets of texts and of key nodes: entry + 1, 0 free */
typedef struct {
    void **v;
    size_t n, cap;
} set;

struct cp_node_store {
    chunk *last;
    size_t next_size;
    set texts;   /* char * */
    set keys;    /* cp_node * */
};

cp_node_store *cp_node_store_new(void)
{
    cp_node_store *s = cp_xcalloc(1, sizeof *s);
    s->next_size = FIRST_CHUNK;
    return s;
}

void cp_node_store_free(cp_node_store *s)
{
    if (!s)
        return;
    for (chunk *c = s->last, *prev; c; c = prev) {
        prev = c->prev;
        free(c);
    }
    free(s->texts.v);
    free(s->keys.v);
    free(s);
}

static void *take(cp_node_store *s, size_t n, size_t align)
{
    chunk *c = s->last;
    size_t at = c ? (c->used + align - 1) & ~(align - 1) : 0;
    if (!c || at + n > c->size) {
        size_t size = s->next_size;
        while (size < n)
            size *= 2;
        if (s->next_size < LARGEST_CHUNK)
            s->next_size *= 2;
        c = cp_xmalloc(sizeof *c + size);
        c->prev = s->last;
        c->size = size;
        s->last = c;
        at = 0;
    }
    c->used = at + n;
    return (char *)c->data + at;
}

void *cp_node_store_alloc(cp_node_store *s, size_t n)
{
    void *p = take(s, n, 8);
    memset(p, 0, n);
    return p;
}

void cp_node_store_set_children(cp_node_store *s, cp_node *n, cp_node *const *items, cp_node *const *keys,
                                const uint32_t *pos, size_t count)
{
    n->count = count;
    if (!count)
        return;
    size_t per = keys ? 2 * sizeof(cp_node *) + 2 * sizeof(uint32_t) : sizeof(cp_node *);
    char *block = cp_node_store_alloc(s, count * per);
    n->items = (cp_node **)block;
    memcpy(n->items, items, count * sizeof *n->items);
    if (keys) {
        n->keys = n->items + count;
        memcpy(n->keys, keys, count * sizeof *n->keys);
        memcpy(n->keys + count, pos, 2 * count * sizeof *pos);
    }
}

/* keyed: texts chosen to share a slot would make loading quadratic */
static size_t hash(const char *text, size_t len)
{
    return (size_t)cp_hash_text(text, len);
}

/* the slot of text in a set whose entries name their text with name() */
static void **slot(const set *t, const char *text, size_t len, const char *(*name)(const void *))
{
    size_t mask = t->cap - 1;
    for (size_t i = hash(text, len) & mask;; i = (i + 1) & mask) {
        if (!t->v[i])
            return &t->v[i];
        const char *e = name(t->v[i]);
        if (!strncmp(e, text, len) && e[len] == '\0')
            return &t->v[i];
    }
}

static void grow(set *t, const char *(*name)(const void *))
{
    if (2 * (t->n + 1) <= t->cap)
        return;
    void **old = t->v;
    size_t old_cap = t->cap;
    t->cap = old_cap ? 2 * old_cap : 256;
    t->v = cp_xcalloc(t->cap, sizeof *t->v);
    for (size_t i = 0; i < old_cap; i++)
        if (old[i]) {
            const char *e = name(old[i]);
            *slot(t, e, strlen(e), name) = old[i];
        }
    free(old);
}

static const char *text_name(const void *e)
{
    return e;
}

static const char *key_name(const void *e)
{
    return ((const cp_node *)e)->text;
}

static char *copy(cp_node_store *s, const char *text, size_t len)
{
    char *t = take(s, len + 1, 1);
    memcpy(t, text, len);
    t[len] = '\0';
    return t;
}

/* A number is rarely repeated: its copy costs less than its entry in the
 * set. */
static int worth_sharing(const char *text, size_t len)
{
    return len && len <= 64 && !(text[0] >= '0' && text[0] <= '9') && text[0] != '-' && text[0] != '+';
}

char *cp_node_store_text(cp_node_store *s, const char *text, size_t len)
{
    if (!worth_sharing(text, len))
        return copy(s, text, len);
    grow(&s->texts, text_name);
    void **e = slot(&s->texts, text, len, text_name);
    if (!*e) {
        *e = copy(s, text, len);
        s->texts.n++;
    }
    return *e;
}

char *cp_node_store_text_like(cp_node_store *s, const char *text, size_t len, const char *like)
{
    if (like && worth_sharing(text, len) && !strncmp(like, text, len) && like[len] == '\0')
        return (char *)like;
    return cp_node_store_text(s, text, len);
}

cp_node *cp_node_store_key(cp_node_store *s, const char *text, size_t len, cp_mark mark, int plain)
{
    grow(&s->keys, key_name);
    void **e = slot(&s->keys, text, len, key_name);
    if (!*e) {
        cp_node *k = cp_node_store_alloc(s, CP_SCALAR_NODE_SIZE);
        k->kind = CP_SCALAR;
        k->mark = mark;
        k->text = cp_node_store_text(s, text, len);
        k->len = len;
        k->plain = plain != 0;
        *e = k;
        s->keys.n++;
    }
    return *e;
}
