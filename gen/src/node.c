#include "node.h"

#include <errno.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "node_store.h"
#include "util.h"

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

typedef struct {
    yaml_parser_t parser;
    cp_doc *doc;
    FILE *err;
    int failed;
    level levels[MAX_DEPTH + 2];
} loader;

static cp_mark mark_of(const loader *ld, yaml_mark_t m)
{
    cp_mark k = { ld->doc->file, (unsigned)m.line + 1, (unsigned)m.column + 1 };
    return k;
}

static void fail_at(loader *ld, yaml_mark_t m, const char *msg, const char *what)
{
    if (!ld->failed && ld->err)
        fprintf(ld->err, "%s:%u:%u: %s%s%s\n", ld->doc->file, (unsigned)m.line + 1,
                (unsigned)m.column + 1, msg, what ? " " : "", what ? what : "");
    ld->failed = 1;
}

static int next_event(loader *ld, yaml_event_t *ev)
{
    if (yaml_parser_parse(&ld->parser, ev))
        return 0;
    const char *problem = ld->parser.problem ? ld->parser.problem : "malformed YAML";
    yaml_mark_t m = ld->parser.problem_mark;
    if (ld->parser.context) {
        char buf[512];
        snprintf(buf, sizeof buf, "%s %s", problem, ld->parser.context);
        fail_at(ld, m, "YAML syntax error:", buf);
    } else {
        fail_at(ld, m, "YAML syntax error:", problem);
    }
    return -1;
}

/* A node holds at most 2^30 children and a text of 2^31 - 1 bytes. */
#define MAX_COUNT ((size_t)1 << 30)
#define MAX_LEN (((size_t)1 << 31) - 1)

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

static cp_node *parse_node(loader *ld, yaml_event_t *ev, unsigned depth);

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

/* A key: a scalar, stored as the document's shared node of its text. */
static cp_node *parse_key(loader *ld, yaml_event_t *ev)
{
    yaml_mark_t m = ev->start_mark;
    cp_node *key = NULL;
    if (ev->type != YAML_SCALAR_EVENT) {
        int map = ev->type == YAML_MAPPING_START_EVENT;
        fail_at(ld, m, "expected a plain key, found a", map ? "mapping" : "sequence");
    } else if (ev->data.scalar.anchor) {
        fail_at(ld, m, "anchors are not supported in datasets", NULL);
    } else if (memchr(ev->data.scalar.value, '\0', ev->data.scalar.length)) {
        fail_at(ld, m, "NUL character in scalar", NULL);
    } else if (ev->data.scalar.length > MAX_LEN) {
        fail_at(ld, m, "a key longer than 2 GiB", NULL);
    } else {
        int plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE && !ev->data.scalar.tag;
        key = cp_node_store_key(ld->doc->store, (const char *)ev->data.scalar.value, ev->data.scalar.length,
                                mark_of(ld, m), plain);
    }
    yaml_event_delete(ev);
    return key;
}

/* Copies the children gathered at l into n: items, and for a mapping its
 * keys and their positions, in one block of the store. */
static void close_children(loader *ld, cp_node *n, level *l)
{
    int map = n->kind == CP_MAP;
    size_t per = map ? 2 * sizeof(cp_node *) + 2 * sizeof(uint32_t) : sizeof(cp_node *);
    n->count = l->n;
    if (l->n) {
        char *block = cp_node_store_alloc(ld->doc->store, l->n * per);
        n->items = (cp_node **)block;
        memcpy(n->items, l->items, l->n * sizeof *n->items);
        if (map) {
            n->keys = n->items + l->n;
            memcpy(n->keys, l->keys, l->n * sizeof *n->keys);
            memcpy(n->keys + l->n, l->pos, 2 * l->n * sizeof *l->pos);
        }
    }
    l->n = 0;
    if (l->index_cap)
        memset(l->index, 0, l->index_cap * sizeof *l->index);
}

static cp_node *parse_children(loader *ld, cp_node *n, yaml_event_type_t end, unsigned depth)
{
    level *l = &ld->levels[depth];
    for (;;) {
        yaml_event_t ev;
        if (next_event(ld, &ev))
            break;
        if (ev.type == end) {
            yaml_event_delete(&ev);
            break;
        }
        if (l->n == MAX_COUNT) {
            fail_at(ld, ev.start_mark, "more than 2^30 items in one mapping or sequence", NULL);
            yaml_event_delete(&ev);
            break;
        }
        cp_node *key = NULL;
        yaml_mark_t km = ev.start_mark;
        if (n->kind == CP_MAP) {
            key = parse_key(ld, &ev);
            if (ld->failed)
                break;
            long first = key_index_find(l, key);
            if (first >= 0) {
                cp_buf what = { 0 };
                cp_buf_put_quoted(&what, key->text);
                cp_buf_printf(&what, " (first at line %u)", (unsigned)l->pos[2 * first]);
                fail_at(ld, km, "duplicate key", what.data);
                cp_buf_free(&what);
                break;
            }
            if (next_event(ld, &ev))
                break;
        }
        cp_node *item = parse_node(ld, &ev, depth + 1);
        if (ld->failed)
            break;
        push(l, key, km, item);
        if (l->index_cap)
            key_index_put(l, l->n - 1);
    }
    close_children(ld, n, l);
    return n;
}

/* Takes ownership of ev. */
static cp_node *parse_node(loader *ld, yaml_event_t *ev, unsigned depth)
{
    int container = ev->type == YAML_MAPPING_START_EVENT || ev->type == YAML_SEQUENCE_START_EVENT;
    cp_node *n = cp_node_store_alloc(ld->doc->store, container ? sizeof *n : CP_SCALAR_NODE_SIZE);
    n->mark = mark_of(ld, ev->start_mark);
    if (depth > MAX_DEPTH) {
        fail_at(ld, ev->start_mark, "nesting deeper than 64 levels", NULL);
        yaml_event_delete(ev);
        return n;
    }
    switch (ev->type) {
    case YAML_SCALAR_EVENT: {
        size_t len = ev->data.scalar.length;
        const char *value = (const char *)ev->data.scalar.value;
        n->kind = CP_SCALAR;
        n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE && !ev->data.scalar.tag;
        if (ev->data.scalar.anchor)
            fail_at(ld, ev->start_mark, "anchors are not supported in datasets", NULL);
        else if (memchr(value, '\0', len))
            fail_at(ld, ev->start_mark, "NUL character in scalar", NULL);
        else if (len > MAX_LEN)
            fail_at(ld, ev->start_mark, "a scalar longer than 2 GiB", NULL);
        n->len = ld->failed ? 0 : len;
        n->text = cp_node_store_text(ld->doc->store, value, n->len);
        yaml_event_delete(ev);
        return n;
    }
    case YAML_MAPPING_START_EVENT:
    case YAML_SEQUENCE_START_EVENT: {
        int map = ev->type == YAML_MAPPING_START_EVENT;
        int anchored = map ? ev->data.mapping_start.anchor != NULL : ev->data.sequence_start.anchor != NULL;
        yaml_mark_t m = ev->start_mark;
        yaml_event_delete(ev);
        n->kind = map ? CP_MAP : CP_SEQ;
        if (anchored) {
            fail_at(ld, m, "anchors are not supported in datasets", NULL);
            return n;
        }
        return parse_children(ld, n, map ? YAML_MAPPING_END_EVENT : YAML_SEQUENCE_END_EVENT, depth);
    }
    case YAML_ALIAS_EVENT:
        fail_at(ld, ev->start_mark, "aliases are not supported in datasets", NULL);
        break;
    default:
        fail_at(ld, ev->start_mark, "unexpected YAML event", NULL);
        break;
    }
    n->kind = CP_SCALAR;
    n->text = cp_node_store_text(ld->doc->store, "", 0);
    yaml_event_delete(ev);
    return n;
}

static void loader_free(loader *ld)
{
    for (size_t i = 0; i < sizeof ld->levels / sizeof ld->levels[0]; i++) {
        free(ld->levels[i].items);
        free(ld->levels[i].keys);
        free(ld->levels[i].pos);
        free(ld->levels[i].index);
    }
}

/* Parses what the parser's input gives. */
static int load(cp_doc *doc, loader *ld)
{
    yaml_event_t ev;
    int docs = 0;
    while (!ld->failed && !next_event(ld, &ev)) {
        yaml_event_type_t t = ev.type;
        if (t == YAML_STREAM_END_EVENT) {
            yaml_event_delete(&ev);
            break;
        }
        if (t == YAML_DOCUMENT_START_EVENT && ++docs > 1) {
            fail_at(ld, ev.start_mark, "expected one YAML document, found a second", NULL);
            yaml_event_delete(&ev);
            break;
        }
        if (t == YAML_SCALAR_EVENT || t == YAML_MAPPING_START_EVENT || t == YAML_SEQUENCE_START_EVENT ||
            t == YAML_ALIAS_EVENT) {
            doc->root = parse_node(ld, &ev, 0);
            continue;
        }
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&ld->parser);
    loader_free(ld);
    if (ld->failed) {
        cp_node_store_free(doc->store);
        doc->store = cp_node_store_new();
        doc->root = NULL;
        return -1;
    }
    return 0;
}

/* A loader for doc, named name; -1 when libyaml cannot start. */
static int start(loader *ld, cp_doc *doc, const char *name, FILE *err)
{
    memset(doc, 0, sizeof *doc);
    doc->file = cp_xstrdup(name);
    doc->store = cp_node_store_new();
    memset(ld, 0, sizeof *ld);
    ld->doc = doc;
    ld->err = err;
    if (yaml_parser_initialize(&ld->parser))
        return 0;
    if (err)
        fprintf(err, "%s: cannot initialise the YAML parser\n", name);
    return -1;
}

int cp_doc_load_mem(cp_doc *doc, const char *name, const char *buf, size_t len, FILE *err)
{
    loader ld;
    if (start(&ld, doc, name, err))
        return -1;
    yaml_parser_set_input_string(&ld.parser, (const unsigned char *)buf, len);
    return load(doc, &ld);
}

int cp_doc_load_stream(cp_doc *doc, const char *name, FILE *f, FILE *err)
{
    loader ld;
    if (start(&ld, doc, name, err))
        return -1;
    yaml_parser_set_input_file(&ld.parser, f);
    int rc = load(doc, &ld);
    if (ferror(f)) {
        /* libyaml said "input error"; say what it was */
        if (err)
            fprintf(err, "%s: cannot read: %s\n", name, strerror(EIO));
        cp_node_store_free(doc->store);
        doc->store = cp_node_store_new();
        doc->root = NULL;
        errno = EIO;
        return -2;
    }
    return rc;
}

int cp_doc_load(cp_doc *doc, const char *path, FILE *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        int saved = errno;
        memset(doc, 0, sizeof *doc);
        doc->file = cp_xstrdup(path);
        doc->store = cp_node_store_new();
        if (err)
            fprintf(err, "%s: cannot read: %s\n", path, strerror(saved));
        errno = saved;
        return -1;
    }
    int rc = cp_doc_load_stream(doc, path, f, err);
    fclose(f);
    return rc ? -1 : 0;
}

void cp_doc_free(cp_doc *doc)
{
    cp_node_store_free(doc->store);
    free(doc->file);
    doc->root = NULL;
    doc->file = NULL;
    doc->store = NULL;
}

cp_mark cp_map_key_mark(const cp_node *map, size_t i)
{
    const uint32_t *pos = (const uint32_t *)(map->keys + map->count);
    cp_mark m = { map->mark.file, pos[2 * i], pos[2 * i + 1] };
    return m;
}

const cp_node *cp_map_get(const cp_node *map, const char *key)
{
    if (!map || map->kind != CP_MAP)
        return NULL;
    for (size_t i = 0; i < map->count; i++)
        if (map->keys[i]->text[0] == key[0] && strcmp(map->keys[i]->text, key) == 0)
            return map->items[i];
    return NULL;
}

const char *cp_scalar(const cp_node *n)
{
    return n && n->kind == CP_SCALAR ? n->text : NULL;
}

/* The base of a YAML 1.2 core-schema integer (10, 16 for 0x.., 8 for
 * 0o..), 0 when s is not one; *digits is where the digits start. */
static int int_base(const char *s, const char **digits)
{
    int base = 10;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'o')) {
        base = s[1] == 'x' ? 16 : 8;
        s += 2;
    } else if (*s == '-' || *s == '+') {
        s++;
    }
    *digits = s;
    if (!*s)
        return 0;
    for (; *s; s++) {
        int ok = base == 16 ? ((*s >= '0' && *s <= '9') || ((*s | 0x20) >= 'a' && (*s | 0x20) <= 'f'))
                            : (*s >= '0' && *s <= (base == 8 ? '7' : '9'));
        if (!ok)
            return 0;
    }
    return base;
}

static int is_int_text(const char *s)
{
    const char *digits;
    return int_base(s, &digits) != 0;
}

/* [-+]? .inf (three spellings), or .nan (three spellings, no sign) */
static int is_special_float(const char *s)
{
    if (!strcmp(s, ".nan") || !strcmp(s, ".NaN") || !strcmp(s, ".NAN"))
        return 1;
    if (*s == '-' || *s == '+')
        s++;
    return !strcmp(s, ".inf") || !strcmp(s, ".Inf") || !strcmp(s, ".INF");
}

static int is_float_text(const char *s)
{
    /* YAML 1.2 core schema: [-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )? */
    if (*s == '-' || *s == '+')
        s++;
    int digits = 0;
    while (*s >= '0' && *s <= '9')
        s++, digits++;
    if (*s == '.') {
        s++;
        while (*s >= '0' && *s <= '9')
            s++, digits++;
    }
    if (!digits)
        return 0;
    if (*s == 'e' || *s == 'E') {
        s++;
        if (*s == '-' || *s == '+')
            s++;
        if (!(*s >= '0' && *s <= '9'))
            return 0;
        while (*s >= '0' && *s <= '9')
            s++;
    }
    return *s == '\0';
}

cp_scalar_type cp_scalar_type_of(const cp_node *n)
{
    if (!n || n->kind != CP_SCALAR || !n->plain)
        return CP_T_STRING;
    const char *s = n->text;
    /* the first character rules out most types: this runs for every value
     * of every result */
    switch (*s) {
    case '\0':
    case '~':
    case 'n':
    case 'N':
        if (!*s || !strcmp(s, "~") || !strcmp(s, "null") || !strcmp(s, "Null") || !strcmp(s, "NULL"))
            return CP_T_NULL;
        return CP_T_STRING;
    case 't':
    case 'T':
    case 'f':
    case 'F':
        if (!strcmp(s, "true") || !strcmp(s, "false") || !strcmp(s, "True") || !strcmp(s, "False") ||
            !strcmp(s, "TRUE") || !strcmp(s, "FALSE"))
            return CP_T_BOOL;
        return CP_T_STRING;
    case '+':
    case '-':
    case '.':
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
        if (is_int_text(s))
            return CP_T_INT;
        if (is_float_text(s) || is_special_float(s))
            return CP_T_FLOAT;
        return CP_T_STRING;
    default:
        return CP_T_STRING;
    }
}

int cp_scalar_int(const cp_node *n, long long *out)
{
    if (cp_scalar_type_of(n) != CP_T_INT)
        return -1;
    const char *digits;
    int base = int_base(n->text, &digits);
    errno = 0;
    char *end;
    long long v = strtoll(base == 10 ? n->text : digits, &end, base);
    if (errno || *end)
        return -1;
    *out = v;
    return 0;
}

int cp_scalar_double(const cp_node *n, double *out)
{
    cp_scalar_type t = cp_scalar_type_of(n);
    if (t != CP_T_INT && t != CP_T_FLOAT)
        return -1;
    char *end;
    double v = strtod(n->text, &end);
    if (*end || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}
