#include "node.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "diag.h"
#include "util.h"

/* Where the node being parsed sits in the document, built on the C stack:
 * messages name it ("results[3].key_bits"). */
typedef struct path_seg {
    const struct path_seg *up;
    const char *key;    /* NULL: a list index */
    size_t index;
} path_seg;

typedef struct {
    yaml_parser_t parser;
    cp_doc *doc;
    const unsigned char *buf;
    size_t len;
    FILE *err;
    int failed;         /* the tree cannot be trusted: no document */
    unsigned problems;  /* every problem reported, failed or not */
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

/* The mark of byte `to` of the text, counting from a known mark at byte
 * `from`: lines and columns as libyaml counts them (a column is a
 * character; CR LF, CR, LF, NEL, LS and PS end a line). */
static cp_mark advance(const loader *ld, cp_mark m, size_t from, size_t to)
{
    for (size_t i = from; i < to && i < ld->len;) {
        unsigned char c = ld->buf[i];
        size_t n = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
        int brk = c == '\n' || (c == '\r' && !(i + 1 < ld->len && ld->buf[i + 1] == '\n')) ||
                  (c == 0xc2 && i + 1 < ld->len && ld->buf[i + 1] == 0x85) ||
                  (c == 0xe2 && i + 2 < ld->len && ld->buf[i + 1] == 0x80 && (ld->buf[i + 2] & 0xfe) == 0xa8);
        if (brk) {
            m.line++;
            m.column = 1;
        } else if (c != '\r') {
            m.column++;
        }
        i += n;
    }
    return m;
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
    ld->problems++;
    if (fatal)
        ld->failed = 1;
    if (!ld->err || ld->problems > CP_MAX_REPORTS)
        return;
    cp_buf p = { 0 };
    put_path(&p, path);
    fprintf(ld->err, "%s:%u:%u: %s: ", ld->doc->file, m.line, m.column, p.len ? p.data : "(top level)");
    cp_buf_free(&p);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(ld->err, fmt, ap);
    va_end(ap);
    fputc('\n', ld->err);
}

/* The characters YAML 1.1 (libyaml) allows in a stream. */
static int yaml_printable(unsigned cp)
{
    return cp == 0x09 || cp == 0x0a || cp == 0x0d || (cp >= 0x20 && cp <= 0x7e) || cp == 0x85 ||
           (cp >= 0xa0 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

static unsigned code_point(const unsigned char *s, size_t n)
{
    unsigned cp = n == 1 ? s[0] : n == 2 ? s[0] & 0x1fu : n == 3 ? s[0] & 0x0fu : s[0] & 0x07u;
    for (size_t i = 1; i < n; i++)
        cp = (cp << 6) | (s[i] & 0x3fu);
    return cp;
}

/* Every byte libyaml's reader would stop at (invalid UTF-8, a control
 * character), each at its own line and column: libyaml names only the first
 * one, by byte offset, and reads ahead of the parser, so neither the place
 * nor a path would be right. A problem of the text itself has no path in
 * the record: "(text)". Returns the number found. */
static unsigned check_text(loader *ld)
{
    static const path_seg text = { NULL, "(text)", 0 };
    cp_mark m = { ld->doc->file, 1, 1 };
    size_t from = 0;
    unsigned found = 0;
    for (size_t i = 0; i < ld->len;) {
        size_t n = cp_utf8_len(ld->buf + i, ld->len - i);
        unsigned cp = n ? code_point(ld->buf + i, n) : 0;
        if (n && yaml_printable(cp)) {
            i += n;
            continue;
        }
        m = advance(ld, m, from, i);
        from = i;
        if (!n)
            report(ld, m, &text, 1, "expected UTF-8 text, found the byte 0x%02x, which is not UTF-8", ld->buf[i]);
        else
            report(ld, m, &text, 1, "expected text (no control character but tab and line breaks), found the %s U+%04X",
                   cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) ? "control character" : "non-character", cp);
        found++;
        i += n ? n : 1;
    }
    return found;
}

/* libyaml's reader still has the last word: a problem check_text did not
 * foresee is reported at the offset libyaml gives. */
static void reader_error(loader *ld, const path_seg *path)
{
    const yaml_parser_t *p = &ld->parser;
    cp_mark start = { ld->doc->file, 1, 1 };
    report(ld, advance(ld, start, 0, p->problem_offset), path, 1, "expected text libyaml can read, found: %s",
           p->problem ? p->problem : "an unreadable character");
}

static int next_event(loader *ld, yaml_event_t *ev, const path_seg *path)
{
    if (yaml_parser_parse(&ld->parser, ev))
        return 0;
    if (ld->parser.error == YAML_READER_ERROR) {
        reader_error(ld, path);
        return -1;
    }
    const char *problem = ld->parser.problem ? ld->parser.problem : "malformed YAML";
    cp_mark m = mark_of(ld, ld->parser.problem_mark);
    if (ld->parser.context)
        report(ld, m, path, 1, "expected well-formed YAML, found a YAML syntax error: %s %s (from line %u, column %u)",
               problem, ld->parser.context, (unsigned)ld->parser.context_mark.line + 1,
               (unsigned)ld->parser.context_mark.column + 1);
    else
        report(ld, m, path, 1, "expected well-formed YAML, found a YAML syntax error: %s", problem);
    return -1;
}

/* The nodes of a document live in its arena: big blocks, freed together
 * with the document. A million results are tens of millions of nodes and
 * strings: one malloc and one free each was a third of the loading time. */
static cp_scalar_type scalar_type(const cp_node *n);

typedef struct cp_arena {
    struct cp_arena *next;
    size_t used, cap;
    void *data[]; /* aligned for the pointers of nodes */
} cp_arena;

/* Under AddressSanitizer every allocation gets a block of its own, so an
 * overflow of one node or text is still caught. */
#if defined(__SANITIZE_ADDRESS__)
#define ARENA_BLOCK 0u
#else
#define ARENA_BLOCK (1u << 20)
#endif

static void *arena_alloc(cp_doc *doc, size_t size)
{
    size = (size + sizeof(void *) - 1) / sizeof(void *) * sizeof(void *); /* nodes hold pointers, texts chars */
    cp_arena *a = doc->arena;
    if (!a || a->cap - a->used < size) {
        size_t cap = size > ARENA_BLOCK ? size : ARENA_BLOCK;
        cp_arena *b = cp_xmalloc(sizeof *b + cap);
        b->used = 0;
        b->cap = cap;
        b->next = a;
        doc->arena = a = b;
    }
    void *p = (char *)a->data + a->used;
    a->used += size;
    return p;
}

/* While a collection is read its arrays grow by doubling (malloc'd, so
 * reading stays linear); settle() then moves them into the arena at their
 * exact size. */
static void push(cp_node *parent, cp_node *key, cp_node *item)
{
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

static cp_node **settled(cp_doc *doc, cp_node **grown, size_t n)
{
    cp_node **exact = NULL;
    if (n) {
        exact = arena_alloc(doc, n * sizeof *exact);
        memcpy(exact, grown, n * sizeof *exact);
    }
    free(grown);
    return exact;
}

static void settle(cp_doc *doc, cp_node *n)
{
    n->items = settled(doc, n->items, n->count);
    if (n->kind == CP_MAP)
        n->keys = settled(doc, n->keys, n->count);
}

static cp_node *parse_node(loader *ld, yaml_event_t *ev, unsigned depth, const path_seg *path);

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

/* The earlier key equal to key, or NULL; indexes the keys pushed so far. */
static const cp_node *key_index_find(key_index *ix, const cp_node *map, const cp_node *key)
{
    const char *text = key->text;
    if (map->count < 16) {
        for (size_t i = 0; i < map->count; i++)
            if (map->keys[i]->len == key->len && memcmp(map->keys[i]->text, text, key->len) == 0)
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

/* Data text for a message: quoted, control characters escaped, cut. */
static char *quoted(const char *s)
{
    cp_buf b = { 0 };
    cp_buf_put_quoted(&b, s);
    return b.data;
}

/* A problem with one key or item (a duplicate key, a tag, an anchor) is
 * reported and that entry left out; the rest of the document is still read,
 * so one run reports every such problem. A syntax or encoding error ends
 * the reading (ld->failed). */
static cp_node *parse_children(loader *ld, cp_node *n, yaml_event_type_t end, unsigned depth, const path_seg *path)
{
    key_index ix = { 0 };
    for (size_t index = 0;; index++) {
        yaml_event_t ev;
        if (next_event(ld, &ev, path))
            break;
        if (ev.type == end) {
            yaml_event_delete(&ev);
            break;
        }
        cp_node *key = NULL;
        path_seg here = { path, NULL, index };
        int keep = 1;
        if (n->kind == CP_MAP) {
            yaml_mark_t km = ev.start_mark;
            key = parse_node(ld, &ev, depth + 1, path);
            if (ld->failed) {
                break;
            }
            here.key = key && key->kind == CP_SCALAR ? key->text : "?";
            if (!key) {
                keep = 0; /* refused, reported: its value is read and left out too */
            } else if (key->kind != CP_SCALAR) {
                report(ld, mark_of(ld, km), &here, 0, "expected a plain key, found a %s",
                       key->kind == CP_MAP ? "mapping" : "list");
                keep = 0;
            } else {
                const cp_node *first = key_index_find(&ix, n, key);
                if (first) {
                    char *q = quoted(key->text);
                    report(ld, mark_of(ld, km), &here, 0, "expected each key once, found %s a second time (first at line %u)",
                           q, first->mark.line);
                    free(q);
                    keep = 0;
                }
            }
            if (next_event(ld, &ev, &here)) {
                break;
            }
        }
        cp_node *item = parse_node(ld, &ev, depth + 1, &here);
        if (ld->failed)
            break;
        if (!keep || !item)
            continue; /* left out (reported); the arena keeps it until the end */
        push(n, key, item);
        if (ix.cap)
            key_index_put(&ix, n, n->count - 1);
    }
    free(ix.slot);
    settle(ld->doc, n);
    return n;
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

/* The first escape of a double-quoted scalar that gives a NUL character
 * (\0, \x00, \u0000, \U00000000): its byte offset, or the scalar's start. */
static size_t nul_escape(const loader *ld, const yaml_event_t *ev)
{
    static const char *const forms[] = { "\\0", "\\x00", "\\u0000", "\\U00000000" };
    for (size_t i = ev->start_mark.index; i < ev->end_mark.index && i < ld->len; i++) {
        if (ld->buf[i] != '\\')
            continue;
        for (size_t k = 0; k < sizeof forms / sizeof forms[0]; k++) {
            size_t n = strlen(forms[k]);
            if (i + n <= ld->len && !memcmp(ld->buf + i, forms[k], n))
                return i;
        }
        i++; /* skip the escaped character: "\\0" is a backslash and a 0 */
    }
    return ev->start_mark.index;
}

/* Takes ownership of ev. NULL (after a report) for a value left out. */
static cp_node *parse_node(loader *ld, yaml_event_t *ev, unsigned depth, const path_seg *path)
{
    cp_mark at = mark_of(ld, ev->start_mark);
    if (depth > 64) {
        report(ld, at, path, 1, "expected at most 64 levels of nesting, found more");
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
        yaml_event_delete(ev);
        return NULL;
    }
    int refused = 0;
    if (anchor) {
        char *q = sigil_quoted('&', anchor);
        report(ld, at, path, 0, "expected a value without an anchor, found the anchor %s (anchors are not supported "
               "in datasets)", q);
        free(q);
        refused = 1;
    }
    if (tag) {
        /* a tag changes what a value means (!!binary, !!python/...): the
         * data contract has no use for one, so none is silently ignored */
        char *t = tag_text(tag);
        report(ld, at, path, 0, "expected a value without a YAML tag, found the tag %s", t);
        free(t);
        refused = 1;
    }
    cp_node *n = arena_alloc(ld->doc, sizeof *n);
    memset(n, 0, sizeof *n);
    n->mark = at;
    if (ev->type == YAML_SCALAR_EVENT) {
        n->kind = CP_SCALAR;
        n->len = ev->data.scalar.length;
        n->text = arena_alloc(ld->doc, n->len + 1);
        memcpy(n->text, ev->data.scalar.value, n->len);
        n->text[n->len] = '\0';
        n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
        /* typed once here: schema, index and diff ask again and again */
        n->type = (unsigned char)(scalar_type(n) + 1);
        if (memchr(n->text, '\0', n->len)) {
            report(ld, advance(ld, at, ev->start_mark.index, nul_escape(ld, ev)), path, 0,
                   "expected text without NUL characters, found a NUL character");
            refused = 1;
        }
        yaml_event_delete(ev);
    } else {
        int map = ev->type == YAML_MAPPING_START_EVENT;
        yaml_event_delete(ev);
        n->kind = map ? CP_MAP : CP_SEQ;
        parse_children(ld, n, map ? YAML_MAPPING_END_EVENT : YAML_SEQUENCE_END_EVENT, depth, path);
    }
    if (refused)
        return NULL;
    return n;
}

static int load(cp_doc *doc, const char *name, const unsigned char *buf, size_t len, FILE *err)
{
    memset(doc, 0, sizeof *doc);
    doc->file = cp_xstrdup(name);
    loader ld = { .doc = doc, .buf = buf, .len = len, .err = err };
    if (!yaml_parser_initialize(&ld.parser)) {
        if (err)
            fprintf(err, "%s: cannot initialise the YAML parser\n", name);
        return -1;
    }
    yaml_parser_set_input_string(&ld.parser, buf, len);
    yaml_event_t ev;
    int docs = 0;
    check_text(&ld);
    while (!ld.failed && !next_event(&ld, &ev, NULL)) {
        yaml_event_type_t t = ev.type;
        if (t == YAML_STREAM_END_EVENT) {
            yaml_event_delete(&ev);
            break;
        }
        if (t == YAML_DOCUMENT_START_EVENT && ++docs > 1) {
            report(&ld, mark_of(&ld, ev.start_mark), NULL, 1, "expected one YAML document, found a second");
            yaml_event_delete(&ev);
            break;
        }
        if (t == YAML_SCALAR_EVENT || t == YAML_MAPPING_START_EVENT || t == YAML_SEQUENCE_START_EVENT ||
            t == YAML_ALIAS_EVENT) {
            doc->root = parse_node(&ld, &ev, 0, NULL);
            continue;
        }
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&ld.parser);
    if (ld.problems > CP_MAX_REPORTS && err)
        fprintf(err, "(%u more problems in %s are counted, not shown: the first %d are)\n",
                ld.problems - CP_MAX_REPORTS, name, CP_MAX_REPORTS);
    if (ld.failed)
        doc->root = NULL;
    doc->problems = ld.problems;
    return ld.problems ? -1 : 0;
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
            fprintf(err, "%s: cannot read: %s\n", path, cp_read_file_error());
        return -1;
    }
    int rc = load(doc, path, (const unsigned char *)buf, len, err);
    free(buf);
    return rc;
}

void cp_doc_free(cp_doc *doc)
{
    for (cp_arena *a = doc->arena, *next; a; a = next) {
        next = a->next;
        free(a);
    }
    doc->arena = NULL;
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

static cp_scalar_type scalar_type(const cp_node *n);

cp_scalar_type cp_scalar_type_of(const cp_node *n)
{
    if (n && n->type)
        return (cp_scalar_type)(n->type - 1);
    return scalar_type(n);
}

static cp_scalar_type scalar_type(const cp_node *n)
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
