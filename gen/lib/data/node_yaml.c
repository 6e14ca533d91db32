/* The YAML loader (node.h): libyaml's events into a tree of nodes in the
 * document's store (node_store.h), every byte of the input checked on its
 * way in (node_input.h), every node with its mark, every problem reported
 * at its place and with its path. */
#include "data/node.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <yaml.h>

#include "base/text_clean.h"
#include "base/util.h"
#include "data/node_input.h"
#include "data/node_store.h"

/* Where the node being parsed sits in the document, built on the C stack:
 * messages name it ("results[3].key_bits"). */
typedef struct path_seg {
    const struct path_seg *up;
    const char *key;    /* NULL: a list index */
    size_t index;
} path_seg;

/* The children of a mapping or sequence being read: kept per depth and
 * reused, then copied into the store at its end, so a node's arrays are
 * exactly as long as it has children. */
typedef struct {
    cp_node **items, **keys;
    uint32_t *pos;           /* line, column of each key */
    size_t n, cap, key_cap;
    size_t *index;           /* keys hashed once a mapping is large: position + 1 */
    size_t index_cap;
} level;

#define MAX_DEPTH 64

/* What the bit-fields of a node hold (node.h): more than any file may
 * have, but a document in memory has no size limit. */
#define MAX_COUNT (((size_t)1 << 29) - 1)
#define MAX_LEN (((size_t)1 << 29) - 1)

typedef struct {
    yaml_parser_t parser;
    cp_doc *doc;
    cp_input in;
    int failed;         /* the tree cannot be trusted: no document */
    int stopped;        /* reading ended early (a syntax error, too deep, ...) */
    level levels[MAX_DEPTH + 2];
} loader;

static void put_path(cp_buf *b, const path_seg *p)
{
    if (!p)
        return;
    put_path(b, p->up);
    if (!p->key)
        cp_buf_printf(b, "[%zu]", p->index);
    else if (b->len)
        cp_buf_printf(b, ".%s", p->key);
    else
        cp_buf_puts(b, p->key);
}

static cp_mark mark_of(const loader *ld, yaml_mark_t m)
{
    cp_mark k = { ld->doc->file, (unsigned)m.line + 1, (unsigned)m.column + 1 };
    return k;
}

/* "file:line:column: path: expected ..., found ..." (path "(top level)"
 * for the document itself). fatal: the tree is no longer usable. */
static void report(loader *ld, cp_mark m, const path_seg *path, int fatal, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void report(loader *ld, cp_mark m, const path_seg *path, int fatal, const char *fmt, ...)
{
    if (fatal)
        ld->failed = 1;
    cp_buf p = { 0 };
    put_path(&p, path);
    va_list ap;
    va_start(ap, fmt);
    cp_input_vreport(&ld->in, &m, p.len ? p.data : "(top level)", fmt, ap);
    va_end(ap);
    cp_buf_free(&p);
}

/* Reading ends here: the tree is not usable. */
static void stop(loader *ld)
{
    ld->stopped = 1;
    ld->failed = 1;
}

static int before(cp_mark a, cp_mark b)
{
    return a.line < b.line || (a.line == b.line && a.column < b.column);
}

static int next_event(loader *ld, yaml_event_t *ev, const path_seg *path)
{
    if (yaml_parser_parse(&ld->parser, ev))
        return 0;
    stop(ld);
    const cp_input *in = &ld->in;
    if (in->read_errno || in->too_large)
        return -1; /* reported by the input */
    if (ld->parser.error == YAML_READER_ERROR) {
        /* our own check names such bytes first; this is what it did not
         * foresee, at the offset libyaml gives */
        if (!in->bad)
            report(ld, cp_input_mark_of_byte(&ld->in, ld->parser.problem_offset), path, 1,
                   "expected text libyaml can read, found: %s",
                   ld->parser.problem ? ld->parser.problem : "an unreadable character");
        return -1;
    }
    cp_mark m = mark_of(ld, ld->parser.problem_mark);
    if (in->bad && !before(m, in->cut_mark))
        return -1; /* libyaml's input ends at the first byte that is not text (reported): no syntax error */
    const char *problem = ld->parser.problem ? ld->parser.problem : "malformed YAML";
    if (ld->parser.context)
        report(ld, m, path, 1, "expected well-formed YAML, found a YAML syntax error: %s %s (from line %u, column %u)",
               problem, ld->parser.context, (unsigned)ld->parser.context_mark.line + 1,
               (unsigned)ld->parser.context_mark.column + 1);
    else
        report(ld, m, path, 1, "expected well-formed YAML, found a YAML syntax error: %s", problem);
    return -1;
}

/* key NULL: an item of a sequence */
static void push(level *l, cp_node *key, yaml_mark_t km, cp_node *item)
{
    /* growth by doubling keeps loading linear in the document size */
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->items = cp_xrealloc(l->items, l->cap * sizeof *l->items);
    }
    if (key && l->n >= l->key_cap) {
        l->key_cap = l->cap;
        l->keys = cp_xrealloc(l->keys, l->key_cap * sizeof *l->keys);
        l->pos = cp_xrealloc(l->pos, 2 * l->key_cap * sizeof *l->pos);
    }
    l->items[l->n] = item;
    if (key) {
        l->keys[l->n] = key;
        l->pos[2 * l->n] = (uint32_t)km.line + 1;
        l->pos[2 * l->n + 1] = (uint32_t)km.column + 1;
    }
    l->n++;
}

static cp_node *parse_node(loader *ld, yaml_event_t *ev, unsigned depth, const path_seg *path);

/* Duplicate-key detection must stay linear for huge flat mappings, so past
 * a few keys the keys of the mapping being built are hashed. Keys are
 * shared nodes: the same text is the same pointer. */
static size_t key_hash(const cp_node *key)
{
    return (size_t)(uintptr_t)key / sizeof *key * 2654435761u;
}

static void key_index_put(level *l, size_t i)
{
    size_t at = key_hash(l->keys[i]) & (l->index_cap - 1);
    while (l->index[at])
        at = (at + 1) & (l->index_cap - 1);
    l->index[at] = i + 1;
}

/* The position among the keys pushed so far of key, or -1. */
static long key_index_find(level *l, const cp_node *key)
{
    if (l->n < 16) {
        for (size_t i = 0; i < l->n; i++)
            if (l->keys[i] == key)
                return (long)i;
        return -1;
    }
    if (l->n * 2 >= l->index_cap) {
        l->index_cap = l->index_cap ? l->index_cap * 2 : 64;
        free(l->index);
        l->index = cp_xcalloc(l->index_cap, sizeof *l->index);
        for (size_t i = 0; i < l->n; i++)
            key_index_put(l, i);
    }
    for (size_t at = key_hash(key) & (l->index_cap - 1); l->index[at]; at = (at + 1) & (l->index_cap - 1))
        if (l->keys[l->index[at] - 1] == key)
            return (long)(l->index[at] - 1);
    return -1;
}

/* Data text for a message: quoted, control characters escaped, cut. */
static char *quoted(const char *s)
{
    cp_buf b = { 0 };
    cp_buf_put_quoted(&b, s);
    return b.data;
}

/* "&name" or "*name", quoted for a message */
static char *sigil_quoted(char sigil, const yaml_char_t *name)
{
    char *s = cp_xasprintf("%c%s", sigil, (const char *)name);
    char *q = quoted(s);
    free(s);
    return q;
}

/* The tag as written: libyaml resolves "!!x" to "tag:yaml.org,2002:x". */
static char *tag_text(const yaml_char_t *tag)
{
    static const char core[] = "tag:yaml.org,2002:";
    const char *t = (const char *)tag;
    char *s = !strncmp(t, core, sizeof core - 1) ? cp_xasprintf("!!%s", t + sizeof core - 1) : cp_xstrdup(t);
    char *q = quoted(s);
    free(s);
    return q;
}

/* Reports what a value may not have (an anchor, a tag); 1 when it had. */
static int refuse_decorations(loader *ld, cp_mark at, const path_seg *path, const yaml_char_t *anchor,
                              const yaml_char_t *tag)
{
    if (anchor) {
        char *q = sigil_quoted('&', anchor);
        report(ld, at, path, 0, "expected a value without an anchor, found the anchor %s (anchors are not supported "
               "in datasets)", q);
        free(q);
    }
    if (tag) {
        /* a tag changes what a value means (!!binary, !!python/...): the
         * data contract has no use for one, so none is silently ignored */
        char *t = tag_text(tag);
        report(ld, at, path, 0, "expected a value without a YAML tag, found the tag %s", t);
        free(t);
    }
    return anchor || tag;
}

/* A scalar's text that cannot be stored: a NUL character (reported at its
 * escape, the value left out: 1) or more than the node holds (reported,
 * reading ends: 1). */
static int refuse_text(loader *ld, const yaml_event_t *ev, const path_seg *path)
{
    if (ev->data.scalar.length > MAX_LEN) {
        report(ld, mark_of(ld, ev->start_mark), path, 1, "expected a text of at most %zu bytes, found %zu bytes",
               MAX_LEN, ev->data.scalar.length);
        stop(ld);
        return 1;
    }
    if (memchr(ev->data.scalar.value, '\0', ev->data.scalar.length)) {
        report(ld, cp_input_nul_escape(&ld->in, ev->start_mark.index, ev->end_mark.index), path, 0,
               "expected text without NUL characters, found a NUL character");
        return 1;
    }
    return 0;
}

/* A key: a scalar, stored as the document's shared node of its text; NULL
 * when refused (reported; its value is read and left out too). here gets
 * the key's name for the value's messages. Takes ownership of ev. */
static cp_node *parse_key(loader *ld, yaml_event_t *ev, unsigned depth, const path_seg *path, path_seg *here)
{
    here->key = "?";
    yaml_mark_t km = ev->start_mark;
    if (ev->type != YAML_SCALAR_EVENT) {
        int map = ev->type == YAML_MAPPING_START_EVENT, seq = ev->type == YAML_SEQUENCE_START_EVENT;
        parse_node(ld, ev, depth + 1, path); /* read, to go on after it */
        if (!ld->stopped && (map || seq))
            report(ld, mark_of(ld, km), here, 0, "expected a plain key, found a %s", map ? "mapping" : "list");
        return NULL;
    }
    cp_node *key = NULL;
    int refused = refuse_decorations(ld, mark_of(ld, km), path, ev->data.scalar.anchor, ev->data.scalar.tag);
    if (!refuse_text(ld, ev, path) && !refused) {
        int plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
        key = cp_node_store_key(ld->doc->store, (const char *)ev->data.scalar.value, ev->data.scalar.length,
                                mark_of(ld, km), plain);
        if (!key->type)
            key->type = cp_scalar_type_of(key) + 1;
        here->key = key->text;
    }
    yaml_event_delete(ev);
    return key;
}

/* Copies the children gathered at l into n: items, and for a mapping its
 * keys and their positions, in one block of the store. */
static void close_children(loader *ld, cp_node *n, level *l)
{
    cp_node_store_set_children(ld->doc->store, n, l->items, n->kind == CP_MAP ? l->keys : NULL, l->pos, l->n);
    l->n = 0;
    if (l->index_cap)
        memset(l->index, 0, l->index_cap * sizeof *l->index);
}

static void refuse_key(cp_doc *doc, const cp_node *map, const char *key)
{
    if ((doc->nrefused & (doc->nrefused - 1)) == 0) /* doubling */
        doc->refused = cp_xrealloc(doc->refused, (doc->nrefused ? 2 * doc->nrefused : 4) * sizeof *doc->refused);
    doc->refused[doc->nrefused++] = (cp_refused_key){ map, key };
}

/* A problem with one key or item (a duplicate key, a tag, an anchor) is
 * reported and that entry left out; the rest of the document is still read,
 * so one run reports every such problem. A syntax or encoding error ends
 * the reading (ld->stopped). */
static void parse_children(loader *ld, cp_node *n, yaml_event_type_t end, unsigned depth, const path_seg *path)
{
    level *l = &ld->levels[depth];
    for (size_t index = 0;; index++) {
        yaml_event_t ev;
        if (next_event(ld, &ev, path))
            break;
        if (ev.type == end) {
            yaml_event_delete(&ev);
            break;
        }
        if (l->n == MAX_COUNT) {
            report(ld, mark_of(ld, ev.start_mark), path, 1, "expected at most %zu items in one mapping or list, "
                   "found more", MAX_COUNT);
            stop(ld);
            yaml_event_delete(&ev);
            break;
        }
        path_seg here = { path, NULL, index };
        cp_node *key = NULL;
        yaml_mark_t km = ev.start_mark;
        int keep = 1;
        if (n->kind == CP_MAP) {
            key = parse_key(ld, &ev, depth, path, &here);
            if (ld->stopped)
                break;
            long first = key ? key_index_find(l, key) : -1;
            if (!key) {
                keep = 0;
            } else if (first >= 0) {
                char *q = quoted(key->text);
                report(ld, mark_of(ld, km), &here, 0, "expected each key once, found %s a second time (first at line "
                       "%u)", q, (unsigned)l->pos[2 * first]);
                free(q);
                keep = 0;
            }
            if (next_event(ld, &ev, &here))
                break;
        }
        cp_node *item = parse_node(ld, &ev, depth + 1, &here);
        if (ld->stopped)
            break;
        if (keep && !item && key)
            refuse_key(ld->doc, n, key->text);
        if (!keep || !item)
            continue; /* left out (reported); the store keeps it until the end */
        push(l, key, km, item);
        /* a list's items have no key; the level may still hold the index of
         * a mapping read at this depth before (the run header's 17 keys
         * before the results list: the 65th result looped for ever) */
        if (key && l->index_cap)
            key_index_put(l, l->n - 1);
    }
    close_children(ld, n, l);
}

/* Takes ownership of ev. NULL (after a report) for a value left out. */
static cp_node *parse_node(loader *ld, yaml_event_t *ev, unsigned depth, const path_seg *path)
{
    cp_mark at = mark_of(ld, ev->start_mark);
    if (depth > MAX_DEPTH) {
        report(ld, at, path, 1, "expected at most %d levels of nesting, found more", MAX_DEPTH);
        stop(ld);
        yaml_event_delete(ev);
        return NULL;
    }
    const yaml_char_t *anchor = NULL, *tag = NULL;
    switch (ev->type) {
    case YAML_SCALAR_EVENT:
        anchor = ev->data.scalar.anchor;
        tag = ev->data.scalar.tag;
        break;
    case YAML_MAPPING_START_EVENT:
        anchor = ev->data.mapping_start.anchor;
        tag = ev->data.mapping_start.tag;
        break;
    case YAML_SEQUENCE_START_EVENT:
        anchor = ev->data.sequence_start.anchor;
        tag = ev->data.sequence_start.tag;
        break;
    case YAML_ALIAS_EVENT: {
        char *q = sigil_quoted('*', ev->data.alias.anchor);
        report(ld, at, path, 0, "expected a value, found the alias %s (aliases are not supported in datasets)", q);
        free(q);
        yaml_event_delete(ev);
        return NULL;
    }
    default:
        report(ld, at, path, 1, "expected a value, found an unexpected YAML event");
        stop(ld);
        yaml_event_delete(ev);
        return NULL;
    }
    int refused = refuse_decorations(ld, at, path, anchor, tag);
    cp_node *n;
    if (ev->type == YAML_SCALAR_EVENT) {
        if (refuse_text(ld, ev, path)) {
            yaml_event_delete(ev);
            return NULL;
        }
        n = cp_node_store_alloc(ld->doc->store, CP_SCALAR_NODE_SIZE);
        n->mark = at;
        n->kind = CP_SCALAR;
        n->len = ev->data.scalar.length;
        n->text = cp_node_store_text(ld->doc->store, (const char *)ev->data.scalar.value, ev->data.scalar.length);
        n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
        /* typed once here: schema, index and diff ask again and again */
        n->type = cp_scalar_type_of(n) + 1;
        yaml_event_delete(ev);
    } else {
        int map = ev->type == YAML_MAPPING_START_EVENT;
        yaml_event_delete(ev);
        n = cp_node_store_alloc(ld->doc->store, sizeof *n);
        n->mark = at;
        n->kind = map ? CP_MAP : CP_SEQ;
        parse_children(ld, n, map ? YAML_MAPPING_END_EVENT : YAML_SEQUENCE_END_EVENT, depth, path);
    }
    return refused ? NULL : n;
}

/* Parses what the input gives. 0, -1 after problems, -2 when the input
 * could not be read. */
static int load(loader *ld)
{
    cp_doc *doc = ld->doc;
    yaml_event_t ev;
    int docs = 0;
    while (!ld->stopped && !next_event(ld, &ev, NULL)) {
        yaml_event_type_t t = ev.type;
        if (t == YAML_STREAM_END_EVENT) {
            yaml_event_delete(&ev);
            break;
        }
        if (t == YAML_DOCUMENT_START_EVENT && ++docs > 1) {
            report(ld, mark_of(ld, ev.start_mark), NULL, 1, "expected one YAML document, found a second");
            stop(ld);
            yaml_event_delete(&ev);
            break;
        }
        if (t == YAML_SCALAR_EVENT || t == YAML_MAPPING_START_EVENT || t == YAML_SEQUENCE_START_EVENT ||
            t == YAML_ALIAS_EVENT) {
            doc->root = parse_node(ld, &ev, 0, NULL);
            continue;
        }
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&ld->parser);
    /* every byte that is not text, after a syntax error too */
    cp_input_check_rest(&ld->in);
    int unread = ld->in.read_errno || ld->in.too_large;
    if (ld->in.bad || unread)
        ld->failed = 1;
    for (size_t i = 0; i < sizeof ld->levels / sizeof ld->levels[0]; i++) {
        free(ld->levels[i].items);
        free(ld->levels[i].keys);
        free(ld->levels[i].pos);
        free(ld->levels[i].index);
    }
    cp_input_free(&ld->in);
    if (doc->problems > CP_MAX_REPORTS && ld->in.err)
        fprintf(ld->in.err, "(%u more problems in %s are counted, not shown: the first %d are)\n",
                doc->problems - CP_MAX_REPORTS, doc->file, CP_MAX_REPORTS);
    if (ld->failed) {
        cp_node_store_free(doc->store);
        doc->store = cp_node_store_new();
        doc->root = NULL;
        doc->nrefused = 0;
    }
    cp_doc_sort_refused(doc);
    return unread ? -2 : doc->problems ? -1 : 0;
}

/* A loader for doc, named name, reading fd or (fd -1) mem; -1 when libyaml
 * cannot start. */
static int start(loader *ld, cp_doc *doc, const char *name, int fd, const char *mem, size_t len, FILE *err)
{
    memset(doc, 0, sizeof *doc);
    doc->file = cp_xstrdup(name);
    doc->store = cp_node_store_new();
    memset(ld, 0, sizeof *ld);
    ld->doc = doc;
    if (!yaml_parser_initialize(&ld->parser)) {
        if (err)
            fprintf(err, "%s: cannot initialise the YAML parser\n", name);
        doc->problems = 1;
        return -1;
    }
    cp_input_init(&ld->in, doc->file, fd, mem, len, err, &doc->problems);
    yaml_parser_set_input(&ld->parser, cp_input_read, &ld->in);
    return 0;
}

int cp_doc_load_mem(cp_doc *doc, const char *name, const char *buf, size_t len, FILE *err)
{
    loader ld;
    if (start(&ld, doc, name, -1, buf, len, err))
        return -1;
    return load(&ld) ? -1 : 0;
}

int cp_doc_parse_fd(cp_doc *doc, const char *name, int fd, FILE *err)
{
    loader ld;
    if (start(&ld, doc, name, fd, NULL, 0, err))
        return -1;
    return load(&ld);
}

void cp_doc_free(cp_doc *doc)
{
    free(doc->refused);
    doc->refused = NULL;
    doc->nrefused = 0;
    cp_node_store_free(doc->store);
    free(doc->file);
    doc->root = NULL;
    doc->file = NULL;
    doc->store = NULL;
}
