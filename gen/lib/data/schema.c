/* Loading and compiling a JSON Schema (draft 2020-12). Only these keywords
 * are understood, and a schema using any other is refused at load time, so
 * a schema can never rely on a check that silently does not happen:
 *   $ref (local "#/..." pointers), $defs, type, properties, required,
 *   additionalProperties, minProperties, enum, const, minimum, maximum,
 *   exclusiveMinimum, minLength, maxLength, pattern (POSIX ERE), format
 *   ("date" only, and asserted: a real day, not just its shape), items,
 *   minItems, allOf, anyOf, oneOf, not, if, then, else.
 * Annotations, ignored: $schema, $id, title, description, default,
 * examples, $comment. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "data/schema.h"
#include "data/schema_internal.h"

typedef struct {
    cp_schema *schema;
    FILE *err;
    unsigned errors;
} compiler;

static void vcompile_error(compiler *c, const cp_mark *at, const char *fmt, va_list ap)
{
    c->errors++;
    if (!c->err)
        return;
    fprintf(c->err, "%s:%u:%u: schema: ", at->file, at->line, at->column);
    vfprintf(c->err, fmt, ap);
    fputc('\n', c->err);
}

static void compile_error(compiler *c, const cp_node *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void compile_error(compiler *c, const cp_node *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vcompile_error(c, &at->mark, fmt, ap);
    va_end(ap);
}

static void compile_error_at(compiler *c, cp_mark at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void compile_error_at(compiler *c, cp_mark at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vcompile_error(c, &at, fmt, ap);
    va_end(ap);
}

unsigned cp_json_type(const cp_node *n)
{
    if (n->kind == CP_MAP)
        return CP_JT_OBJ;
    if (n->kind == CP_SEQ)
        return CP_JT_ARR;
    switch (cp_scalar_type_of(n)) {
    case CP_T_NULL:
        return CP_JT_NULL;
    case CP_T_BOOL:
        return CP_JT_BOOL;
    case CP_T_INT:
        return CP_JT_INT;
    case CP_T_FLOAT:
        return CP_JT_NUM;
    case CP_T_STRING:
        break;
    }
    return CP_JT_STR;
}

int cp_json_number(const cp_node *n, cp_jnum *out)
{
    if (cp_scalar_int(n, &out->i) == 0) {
        out->is_int = 1;
        out->d = (double)out->i;
        return 0;
    }
    out->is_int = 0;
    return cp_scalar_double(n, &out->d);
}

int cp_jnum_cmp(const cp_jnum *a, const cp_jnum *b)
{
    if (a->is_int && b->is_int)
        return (a->i > b->i) - (a->i < b->i);
    return (a->d > b->d) - (a->d < b->d);
}

static cp_sch *compile(compiler *c, const cp_node *n);

static const cp_node *resolve_pointer(const cp_node *root, const char *ref)
{
    if (ref[0] != '#')
        return NULL;
    const cp_node *n = root;
    const char *s = ref + 1;
    cp_buf tok = { 0 };
    while (n && *s == '/') {
        s++;
        tok.len = 0;
        cp_buf_put(&tok, "", 0);
        for (; *s && *s != '/'; s++) {
            if (s[0] == '~' && (s[1] == '0' || s[1] == '1'))
                cp_buf_putc(&tok, *++s == '0' ? '~' : '/');
            else
                cp_buf_putc(&tok, *s);
        }
        if (n->kind == CP_MAP) {
            n = cp_map_get(n, tok.data);
        } else if (n->kind == CP_SEQ) {
            char *end;
            unsigned long i = strtoul(tok.data, &end, 10);
            n = *tok.data && !*end && i < n->count ? n->items[i] : NULL;
        } else {
            n = NULL;
        }
    }
    cp_buf_free(&tok);
    return *s ? NULL : n;
}

static int get_count(compiler *c, const cp_node *v, const char *kw, long long *out)
{
    if (cp_scalar_int(v, out) || *out < 0) {
        compile_error(c, v, "'%s' expects a non-negative integer, found '%s'", kw, v->text ? v->text : "");
        return -1;
    }
    return 0;
}

static void get_bound(compiler *c, const cp_node *v, const char *kw, cp_bound *b, const cp_bound **slot)
{
    if (cp_json_number(v, &b->num)) {
        compile_error(c, v, "'%s' expects a number, found '%s'", kw, v->text ? v->text : "");
        return;
    }
    b->node = v;
    *slot = b;
}

static cp_sch **compile_list(compiler *c, const cp_node *v, const char *kw, size_t *n)
{
    if (v->kind != CP_SEQ || v->count == 0) {
        compile_error(c, v, "'%s' expects a non-empty list of schemas", kw);
        return NULL;
    }
    cp_sch **list = cp_xcalloc(v->count, sizeof *list);
    for (size_t i = 0; i < v->count; i++)
        list[i] = compile(c, v->items[i]);
    *n = v->count;
    return list;
}

static cp_jval jval(const cp_node *v)
{
    cp_jval j = { .node = v, .type = cp_json_type(v) };
    if ((j.type == CP_JT_INT || j.type == CP_JT_NUM) && cp_json_number(v, &j.num))
        j.type = CP_JT_STR; /* out of range: keep it comparable as text */
    return j;
}

static int prop_cmp(const void *a, const void *b)
{
    return strcmp(((const cp_sch_prop *)a)->name, ((const cp_sch_prop *)b)->name);
}

static void compile_properties(compiler *c, cp_sch *s, const cp_node *v)
{
    if (v->kind != CP_MAP) {
        compile_error(c, v, "'properties' expects an object");
        return;
    }
    s->nprops = v->count;
    s->props = cp_xcalloc(v->count, sizeof *s->props);
    s->prop_order = cp_xcalloc(v->count, sizeof *s->prop_order);
    for (size_t i = 0; i < v->count; i++) {
        s->props[i].name = v->keys[i]->text;
        s->props[i].len = v->keys[i]->len;
        s->props[i].schema = compile(c, v->items[i]);
        s->prop_order[i] = v->keys[i]->text;
    }
    qsort(s->props, s->nprops, sizeof *s->props, prop_cmp);
}

static void compile_required(compiler *c, cp_sch *s, const cp_node *v)
{
    if (v->kind != CP_SEQ) {
        compile_error(c, v, "'required' expects a list of field names");
        return;
    }
    s->required = cp_xcalloc(v->count, sizeof *s->required);
    s->required_len = cp_xcalloc(v->count, sizeof *s->required_len);
    for (size_t i = 0; i < v->count; i++) {
        if (cp_json_type(v->items[i]) != CP_JT_STR)
            compile_error(c, v->items[i], "'required' expects field names (strings)");
        else {
            s->required[s->nrequired] = v->items[i]->text;
            s->required_len[s->nrequired++] = v->items[i]->len;
        }
    }
}

static void compile_type(compiler *c, cp_sch *s, const cp_node *v)
{
    static const struct {
        const char *name;
        unsigned bit;
    } names[] = { { "null", CP_JT_NULL },   { "boolean", CP_JT_BOOL }, { "integer", CP_JT_INT }, { "number", CP_JT_NUM },
                  { "string", CP_JT_STR }, { "object", CP_JT_OBJ },   { "array", CP_JT_ARR } };
    const cp_node *const *list = v->kind == CP_SEQ ? (const cp_node *const *)v->items : &v;
    size_t n = v->kind == CP_SEQ ? v->count : 1;
    for (size_t i = 0; i < n; i++) {
        const char *t = cp_scalar(list[i]);
        size_t k = 0;
        while (t && k < sizeof names / sizeof names[0] && strcmp(t, names[k].name) != 0)
            k++;
        if (!t || k == sizeof names / sizeof names[0])
            compile_error(c, list[i], "unknown type '%s'", t ? t : "(not a string)");
        else
            s->types |= names[k].bit;
    }
}

static void compile_pattern(compiler *c, cp_sch *s, const cp_node *v)
{
    if (cp_json_type(v) != CP_JT_STR) {
        compile_error(c, v, "'pattern' expects a string");
        return;
    }
    int rc = regcomp(&s->regex, v->text, REG_EXTENDED | REG_NOSUB);
    if (rc) {
        char msg[200];
        regerror(rc, &s->regex, msg, sizeof msg);
        compile_error(c, v, "pattern '%s' is not a POSIX extended regular expression: %s", v->text, msg);
        return;
    }
    s->has_regex = 1;
    s->pattern = v->text;
}

static int is_annotation(const char *k)
{
    static const char *const names[] = { "$schema", "$id", "title", "description", "default", "examples", "$comment" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(k, names[i]) == 0)
            return 1;
    return 0;
}

/* keyword `at` of the schema object n */
static void compile_keyword(compiler *c, cp_sch *s, const cp_node *n, size_t at)
{
    const char *k = n->keys[at]->text;
    const cp_node *v = n->items[at];
    if (is_annotation(k)) {
        return;
    } else if (!strcmp(k, "$defs")) {
        if (v->kind != CP_MAP)
            compile_error(c, v, "'$defs' expects an object");
        else /* compiled even when unused, so they are checked too */
            for (size_t i = 0; i < v->count; i++)
                compile(c, v->items[i]);
    } else if (!strcmp(k, "$ref")) {
        const cp_node *target = cp_scalar(v) ? resolve_pointer(c->schema->doc.root, v->text) : NULL;
        if (!target)
            compile_error(c, v, "cannot resolve $ref '%s' (only local references \"#/...\" are supported)",
                          v->text ? v->text : "");
        else
            s->ref = compile(c, target);
    } else if (!strcmp(k, "type")) {
        compile_type(c, s, v);
    } else if (!strcmp(k, "properties")) {
        compile_properties(c, s, v);
    } else if (!strcmp(k, "required")) {
        compile_required(c, s, v);
    } else if (!strcmp(k, "additionalProperties")) {
        cp_sch *a = compile(c, v);
        if (a->is_false)
            s->closed = 1;
        else
            s->additional = a;
    } else if (!strcmp(k, "minProperties")) {
        get_count(c, v, k, &s->min_props);
    } else if (!strcmp(k, "const") || !strcmp(k, "enum")) {
        if (s->values) {
            compile_error(c, v, "'const' and 'enum' together are not supported");
            return;
        }
        s->is_const = !strcmp(k, "const");
        if (!s->is_const && (v->kind != CP_SEQ || v->count == 0)) {
            compile_error(c, v, "'enum' expects a non-empty list");
            return;
        }
        s->nvalues = s->is_const ? 1 : v->count;
        s->values = cp_xcalloc(s->nvalues, sizeof *s->values);
        for (size_t i = 0; i < s->nvalues; i++)
            s->values[i] = jval(s->is_const ? v : v->items[i]);
    } else if (!strcmp(k, "minimum")) {
        get_bound(c, v, k, &s->bounds[0], &s->minimum);
    } else if (!strcmp(k, "maximum")) {
        get_bound(c, v, k, &s->bounds[1], &s->maximum);
    } else if (!strcmp(k, "exclusiveMinimum")) {
        get_bound(c, v, k, &s->bounds[2], &s->exclusive_minimum);
    } else if (!strcmp(k, "minLength")) {
        get_count(c, v, k, &s->min_length);
    } else if (!strcmp(k, "maxLength")) {
        get_count(c, v, k, &s->max_length);
    } else if (!strcmp(k, "format")) {
        /* checked, not only an annotation: a format we cannot check would
         * be a check that silently does not happen */
        if (cp_json_type(v) != CP_JT_STR || strcmp(v->text, "date"))
            compile_error(c, v, "unsupported format '%s' (cryptoperf checks only \"date\")", v->text ? v->text : "");
        else
            s->format_date = 1;
    } else if (!strcmp(k, "pattern")) {
        compile_pattern(c, s, v);
    } else if (!strcmp(k, "items")) {
        s->items = compile(c, v);
    } else if (!strcmp(k, "minItems")) {
        get_count(c, v, k, &s->min_items);
    } else if (!strcmp(k, "allOf")) {
        s->all_of = compile_list(c, v, k, &s->nall_of);
    } else if (!strcmp(k, "anyOf")) {
        s->any_of = compile_list(c, v, k, &s->nany_of);
    } else if (!strcmp(k, "oneOf")) {
        s->one_of = compile_list(c, v, k, &s->none_of);
    } else if (!strcmp(k, "not")) {
        s->not_schema = compile(c, v);
    } else if (!strcmp(k, "if")) {
        s->if_schema = compile(c, v);
    } else if (!strcmp(k, "then")) {
        s->then_schema = compile(c, v);
    } else if (!strcmp(k, "else")) {
        s->else_schema = compile(c, v);
    } else {
        compile_error_at(c, cp_map_key_mark(n, at),
                      "unsupported JSON Schema keyword '%s' (cryptoperf checks only the keywords listed in "
                      "gen/lib/data/schema.c)",
                      k);
    }
}

/* Each schema node is compiled once; a $ref to it (even a recursive one)
 * gets the same compiled schema. */
static cp_sch *compile(compiler *c, const cp_node *n)
{
    cp_schema *sc = c->schema;
    for (size_t i = 0; i < sc->nall; i++)
        if (sc->all[i]->src == n)
            return sc->all[i];
    cp_sch *s = cp_xcalloc(1, sizeof *s);
    s->src = n;
    s->min_props = s->min_length = s->max_length = s->min_items = -1;
    if ((sc->nall & (sc->nall - 1)) == 0)
        sc->all = cp_xrealloc(sc->all, (sc->nall ? sc->nall * 2 : 16) * sizeof *sc->all);
    sc->all[sc->nall++] = s;

    if (n->kind == CP_MAP) {
        size_t keywords = 0;
        for (size_t i = 0; i < n->count; i++) {
            compile_keyword(c, s, n, i);
            keywords += !is_annotation(n->keys[i]->text);
        }
        s->ref_only = s->ref && keywords == 1;
    } else if (cp_json_type(n) == CP_JT_BOOL) {
        s->is_false = n->text[0] == 'f' || n->text[0] == 'F';
    } else {
        compile_error(c, n, "expected a schema (an object, true or false)");
    }
    return s;
}

static int is_leaf(const cp_sch *s)
{
    return !s->is_false && !s->ref && !s->props && !s->required && !s->closed && !s->additional &&
           s->min_props < 0 && !s->items && s->min_items < 0 && !s->all_of && !s->any_of && !s->one_of &&
           !s->not_schema && !s->if_schema && !s->then_schema && !s->else_schema;
}

/* properties of leaves and required, nothing else */
static int is_fields_only(const cp_sch *s)
{
    if (s->is_false || s->ref || s->types || s->closed || s->additional || s->min_props >= 0 || s->values ||
        s->minimum || s->maximum || s->exclusive_minimum || s->min_length >= 0 || s->max_length >= 0 ||
        s->format_date || s->has_regex || s->items || s->min_items >= 0 || s->all_of || s->any_of || s->one_of ||
        s->not_schema || s->if_schema || s->then_schema || s->else_schema)
        return 0;
    for (size_t i = 0; i < s->nprops; i++)
        if (!cp_sch_target(s->props[i].schema)->leaf)
            return 0;
    return 1;
}

static void sch_free(cp_sch *s)
{
    free(s->props);
    free(s->prop_order);
    free(s->required);
    free(s->required_len);
    free(s->values);
    if (s->has_regex)
        regfree(&s->regex);
    free(s->all_of);
    free(s->any_of);
    free(s->one_of);
    free(s);
}

void cp_schema_free(cp_schema *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->nall; i++)
        sch_free(s->all[i]);
    free(s->all);
    cp_doc_free(&s->doc);
    free(s);
}

cp_schema *cp_schema_load(const char *path, FILE *err)
{
    cp_schema *s = cp_xcalloc(1, sizeof *s);
    if (cp_doc_load(&s->doc, path, err)) {
        cp_schema_free(s);
        return NULL;
    }
    if (!s->doc.root) {
        if (err)
            fprintf(err, "%s:1:1: schema: expected a JSON Schema, found an empty document\n", path);
        cp_schema_free(s);
        return NULL;
    }
    compiler c = { .schema = s, .err = err };
    s->root = compile(&c, s->doc.root);
    if (c.errors) {
        cp_schema_free(s);
        return NULL;
    }
    for (size_t i = 0; i < s->nall; i++)
        s->all[i]->leaf = is_leaf(s->all[i]);
    for (size_t i = 0; i < s->nall; i++)
        s->all[i]->fields_only = is_fields_only(s->all[i]);
    return s;
}

const cp_node *cp_schema_root(const cp_schema *s)
{
    return s->doc.root;
}
