#include "node.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "util.h"

typedef struct {
    yaml_parser_t parser;
    cp_doc *doc;
    FILE *err;
    int failed;
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

static void push(cp_node *parent, cp_node *key, cp_node *item)
{
    /* growth by doubling keeps loading linear in the document size */
    size_t n = parent->count;
    if ((n & (n - 1)) == 0) {
        size_t cap = n ? n * 2 : 4;
        parent->items = cp_xrealloc(parent->items, cap * sizeof *parent->items);
        if (parent->kind == CP_MAP)
            parent->keys = cp_xrealloc(parent->keys, cap * sizeof *parent->keys);
    }
    parent->items[n] = item;
    if (parent->kind == CP_MAP)
        parent->keys[n] = key;
    parent->count = n + 1;
}

static void node_free(cp_node *n)
{
    if (!n)
        return;
    for (size_t i = 0; i < n->count; i++) {
        node_free(n->items[i]);
        if (n->kind == CP_MAP)
            node_free(n->keys[i]);
    }
    free(n->items);
    free(n->keys);
    free(n->text);
    free(n);
}

static cp_node *parse_node(loader *ld, yaml_event_t *ev, unsigned depth);

/* Duplicate-key detection must stay linear for huge flat mappings, so past
 * a few keys the keys of the mapping being built are hashed. */
typedef struct {
    size_t *slot; /* key position + 1, 0 = empty */
    size_t cap;
} key_index;

static size_t key_hash(const char *s)
{
    size_t h = 5381;
    for (; *s; s++)
        h = h * 33 + (unsigned char)*s;
    return h;
}

static void key_index_put(key_index *ix, const cp_node *map, size_t i)
{
    size_t at = key_hash(map->keys[i]->text) & (ix->cap - 1);
    while (ix->slot[at])
        at = (at + 1) & (ix->cap - 1);
    ix->slot[at] = i + 1;
}

/* The earlier key equal to text, or NULL; indexes the keys pushed so far. */
static const cp_node *key_index_find(key_index *ix, const cp_node *map, const char *text)
{
    if (map->count < 16) {
        for (size_t i = 0; i < map->count; i++)
            if (strcmp(map->keys[i]->text, text) == 0)
                return map->keys[i];
        return NULL;
    }
    if (map->count * 2 >= ix->cap) {
        ix->cap = ix->cap ? ix->cap * 2 : 64;
        free(ix->slot);
        ix->slot = cp_xcalloc(ix->cap, sizeof *ix->slot);
        for (size_t i = 0; i < map->count; i++)
            key_index_put(ix, map, i);
    }
    for (size_t at = key_hash(text) & (ix->cap - 1); ix->slot[at]; at = (at + 1) & (ix->cap - 1))
        if (strcmp(map->keys[ix->slot[at] - 1]->text, text) == 0)
            return map->keys[ix->slot[at] - 1];
    return NULL;
}

static cp_node *parse_children(loader *ld, cp_node *n, yaml_event_type_t end, unsigned depth)
{
    key_index ix = { 0 };
    for (;;) {
        yaml_event_t ev;
        if (next_event(ld, &ev))
            break;
        if (ev.type == end) {
            yaml_event_delete(&ev);
            break;
        }
        cp_node *key = NULL;
        if (n->kind == CP_MAP) {
            yaml_mark_t km = ev.start_mark;
            key = parse_node(ld, &ev, depth + 1);
            if (ld->failed) {
                node_free(key);
                break;
            }
            if (key->kind != CP_SCALAR) {
                fail_at(ld, km, "expected a plain key, found a", key->kind == CP_MAP ? "mapping" : "sequence");
                node_free(key);
                break;
            }
            const cp_node *first = key_index_find(&ix, n, key->text);
            if (first) {
                cp_buf what = { 0 };
                cp_buf_put_quoted(&what, key->text);
                cp_buf_printf(&what, " (first at line %u)", first->mark.line);
                fail_at(ld, km, "duplicate key", what.data);
                cp_buf_free(&what);
                node_free(key);
                break;
            }
            if (next_event(ld, &ev)) {
                node_free(key);
                break;
            }
        }
        cp_node *item = parse_node(ld, &ev, depth + 1);
        if (ld->failed) {
            node_free(key);
            node_free(item);
            break;
        }
        push(n, key, item);
        if (ix.cap)
            key_index_put(&ix, n, n->count - 1);
    }
    free(ix.slot);
    return n;
}

/* Takes ownership of ev. */
static cp_node *parse_node(loader *ld, yaml_event_t *ev, unsigned depth)
{
    cp_node *n = cp_xcalloc(1, sizeof *n);
    n->mark = mark_of(ld, ev->start_mark);
    if (depth > 64) {
        fail_at(ld, ev->start_mark, "nesting deeper than 64 levels", NULL);
        yaml_event_delete(ev);
        return n;
    }
    switch (ev->type) {
    case YAML_SCALAR_EVENT:
        n->kind = CP_SCALAR;
        n->len = ev->data.scalar.length;
        n->text = cp_xmalloc(n->len + 1);
        memcpy(n->text, ev->data.scalar.value, n->len);
        n->text[n->len] = '\0';
        n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE && !ev->data.scalar.tag;
        if (ev->data.scalar.anchor)
            fail_at(ld, ev->start_mark, "anchors are not supported in datasets", NULL);
        else if (strlen(n->text) != n->len)
            fail_at(ld, ev->start_mark, "NUL character in scalar", NULL);
        yaml_event_delete(ev);
        return n;
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
    n->text = cp_xstrdup("");
    yaml_event_delete(ev);
    return n;
}

static int load(cp_doc *doc, const char *name, const unsigned char *buf, size_t len, FILE *err)
{
    memset(doc, 0, sizeof *doc);
    doc->file = cp_xstrdup(name);
    loader ld = { .doc = doc, .err = err };
    if (!yaml_parser_initialize(&ld.parser)) {
        if (err)
            fprintf(err, "%s: cannot initialise the YAML parser\n", name);
        return -1;
    }
    yaml_parser_set_input_string(&ld.parser, buf, len);
    yaml_event_t ev;
    int docs = 0;
    while (!ld.failed && !next_event(&ld, &ev)) {
        yaml_event_type_t t = ev.type;
        if (t == YAML_STREAM_END_EVENT) {
            yaml_event_delete(&ev);
            break;
        }
        if (t == YAML_DOCUMENT_START_EVENT && ++docs > 1) {
            fail_at(&ld, ev.start_mark, "expected one YAML document, found a second", NULL);
            yaml_event_delete(&ev);
            break;
        }
        if (t == YAML_SCALAR_EVENT || t == YAML_MAPPING_START_EVENT || t == YAML_SEQUENCE_START_EVENT ||
            t == YAML_ALIAS_EVENT) {
            doc->root = parse_node(&ld, &ev, 0);
            continue;
        }
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&ld.parser);
    if (ld.failed) {
        node_free(doc->root);
        doc->root = NULL;
        return -1;
    }
    return 0;
}

int cp_doc_load_mem(cp_doc *doc, const char *name, const char *buf, size_t len, FILE *err)
{
    return load(doc, name, (const unsigned char *)buf, len, err);
}

int cp_doc_load(cp_doc *doc, const char *path, FILE *err)
{
    size_t len;
    char *buf = cp_read_file(path, &len);
    if (!buf) {
        memset(doc, 0, sizeof *doc);
        doc->file = cp_xstrdup(path);
        if (err)
            fprintf(err, "%s: cannot read: %s\n", path, strerror(errno));
        return -1;
    }
    int rc = load(doc, path, (const unsigned char *)buf, len, err);
    free(buf);
    return rc;
}

void cp_doc_free(cp_doc *doc)
{
    node_free(doc->root);
    free(doc->file);
    doc->root = NULL;
    doc->file = NULL;
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
