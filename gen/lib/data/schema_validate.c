/* Checking a YAML tree against a compiled schema (schema.h,
 * cp_schema_validate; the compiled form: schema_internal.h). Every problem is
 * reported, one message each. Alternatives (if, anyOf, oneOf, not) are first
 * probed quietly (a count, no text, no allocation); only when they fail are
 * they run again to explain why in words: the happy path over thousands of
 * results stays a cheap walk. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "data/schema.h"
#include "data/schema_internal.h"
#include "base/text_clean.h"

/* Schemas may refer to themselves; this bounds the walk whatever the schema */
#define MAX_DEPTH 512

/* The path inside the record, built on the C stack and only turned into
 * text ("results[3].key_bits") when a problem is reported. */
typedef struct seg {
    const struct seg *up;
    const char *key; /* NULL: list index */
    size_t index;
} seg;

typedef struct {
    cp_mark mark;
    char *path;
    char *msg;
    const char *missing;  /* set when the problem is a missing required field */
    const cp_node *at;
} problem;

/* What was found out about texts, remembered by their address for one
 * document: its key nodes are shared (one a text), so the 40 000 "family"
 * keys of a large dataset are one node, looked up once; and the loader
 * shares the texts of values met again and again ("AES", "performance"),
 * so an enum or a pattern is tried once a word. A slot only holds the
 * latest of the pairs that fall on it, checked by both pointers. */
#define MEMO_SLOTS 256
typedef struct {
    const cp_sch *s;
    const cp_node *key;
    const cp_sch_prop *prop;  /* NULL: not a property of s */
} prop_seen;

typedef struct {
    const cp_sch *s;
    const char *text;
    int ok;                   /* value_ok of a string of that text */
} word_seen;

typedef struct {
    prop_seen prop[MEMO_SLOTS];
    word_seen word[MEMO_SLOTS];
} memo;

static size_t memo_slot(const void *s, const void *p)
{
    return (((uintptr_t)p >> 3) ^ ((uintptr_t)s >> 4)) % MEMO_SLOTS;
}

typedef struct {
    memo *memo;           /* shared with quiet probes */
    int quiet;            /* count only */
    unsigned count;
    problem *list;
    size_t n, cap;
    unsigned depth;
} vctx;

static void put_path(cp_buf *b, const seg *p)
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

static void add(vctx *c, problem p)
{
    if (c->n == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 8;
        c->list = cp_xrealloc(c->list, c->cap * sizeof *c->list);
    }
    c->list[c->n++] = p;
}

static void report(vctx *c, const cp_node *at, const cp_mark *mark, const seg *path, const char *missing,
                   const char *fmt, ...) __attribute__((format(printf, 6, 7)));
static void report(vctx *c, const cp_node *at, const cp_mark *mark, const seg *path, const char *missing,
                   const char *fmt, ...)
{
    c->count++;
    if (c->quiet)
        return;
    cp_buf pb = { 0 }, mb = { 0 };
    put_path(&pb, path);
    if (!pb.len) /* the document itself */
        cp_buf_puts(&pb, "(top level)");
    va_list ap;
    va_start(ap, fmt);
    cp_buf_vprintf(&mb, fmt, ap);
    va_end(ap);
    problem p = { *mark, pb.data, mb.data, missing, at };
    add(c, p);
}

static void free_problems(vctx *c)
{
    for (size_t i = 0; i < c->n; i++) {
        free(c->list[i].path);
        free(c->list[i].msg);
    }
    free(c->list);
    c->list = NULL;
    c->n = c->cap = 0;
}

/* Moves sub's problems to c, each message extended by suffix. */
static void adopt(vctx *c, vctx *sub, const char *suffix)
{
    for (size_t i = 0; i < sub->n; i++) {
        problem p = sub->list[i];
        if (suffix && *suffix) {
            char *m = cp_xasprintf("%s%s", p.msg, suffix);
            free(p.msg);
            p.msg = m;
        }
        c->count++;
        add(c, p);
    }
    free(sub->list);
    sub->list = NULL;
    sub->n = sub->cap = 0;
}

static void validate(vctx *c, const cp_sch *s, const cp_node *inst, const seg *path);
static int value_ok_seen(const vctx *c, const cp_sch *s, const cp_node *inst, unsigned t);
static const cp_node *field(const cp_node *map, const char *name, size_t len);

/* matches() of a schema of only required and leaf properties, without
 * the walk: the probe of every "if" and "anyOf" of a result */
static int fields_match(const vctx *c, const cp_sch *s, const cp_node *inst)
{
    if (inst->kind != CP_MAP)
        return 1;
    for (size_t i = 0; i < s->nrequired; i++)
        if (!field(inst, s->required[i], s->required_len[i]))
            return 0;
    for (size_t i = 0; i < s->nprops; i++) {
        const cp_node *v = field(inst, s->props[i].name, s->props[i].len);
        if (v && !value_ok_seen(c, cp_sch_target(s->props[i].schema), v, cp_json_type(v)))
            return 0;
    }
    return 1;
}

static int matches(const vctx *c, const cp_sch *s, const cp_node *inst)
{
    s = cp_sch_target(s);
    if (s->fields_only)
        return fields_match(c, s, inst);
    vctx q = { .memo = c->memo, .quiet = 1, .depth = c->depth };
    validate(&q, s, inst, NULL);
    return q.count == 0;
}

static int deep_equal(const cp_node *a, const cp_node *b);

static int equal_value(const cp_jval *v, const cp_node *inst, unsigned t)
{
    const unsigned numeric = CP_JT_INT | CP_JT_NUM;
    if ((v->type & numeric) && (t & numeric)) {
        cp_jnum n;
        return cp_json_number(inst, &n) == 0 && cp_jnum_cmp(&v->num, &n) == 0;
    }
    if (v->type != t)
        return 0;
    switch (t) {
    case CP_JT_STR:
        return v->node->len == inst->len && memcmp(v->node->text, inst->text, inst->len) == 0;
    case CP_JT_BOOL:
        return (v->node->text[0] | 0x20) == (inst->text[0] | 0x20);
    case CP_JT_NULL:
        return 1;
    default:
        return deep_equal(v->node, inst);
    }
}

static int deep_equal(const cp_node *a, const cp_node *b)
{
    if (a->kind == CP_SCALAR || b->kind == CP_SCALAR) {
        cp_jval v = { .node = a, .type = cp_json_type(a) };
        if ((v.type == CP_JT_INT || v.type == CP_JT_NUM) && cp_json_number(a, &v.num))
            v.type = CP_JT_STR;
        return b->kind == CP_SCALAR && a->kind == CP_SCALAR && equal_value(&v, b, cp_json_type(b));
    }
    if (a->kind != b->kind || a->count != b->count)
        return 0;
    for (size_t i = 0; i < a->count; i++) {
        const cp_node *other = a->kind == CP_MAP ? cp_map_get(b, a->keys[i]->text) : b->items[i];
        if (!other || !deep_equal(a->items[i], other))
            return 0;
    }
    return 1;
}

static size_t utf8_length(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xc0) != 0x80;
    return n;
}

/* YYYY-MM-DD naming a day that exists (RFC 3339 full-date): 2024-02-29
 * yes, 2023-02-29 and 2024-13-45 no. */
static int is_date(const char *s)
{
    for (int i = 0; i < 10; i++)
        if (i == 4 || i == 7 ? s[i] != '-' : !(s[i] >= '0' && s[i] <= '9'))
            return 0;
    if (s[10])
        return 0;
    int y = atoi(s), m = atoi(s + 5), d = atoi(s + 8);
    static const int days[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    if (m < 1 || m > 12 || d < 1)
        return 0;
    int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return d <= days[m - 1] + (m == 2 && leap);
}

/* type, const/enum and the scalar bounds: one verdict, so a value gets one
 * message that says everything it should have been */
static int value_ok(const cp_sch *s, const cp_node *inst, unsigned t)
{
    if (s->types && !(s->types & t) && !(t == CP_JT_INT && (s->types & CP_JT_NUM)))
        return 0;
    /* an integer the tools cannot hold is not a usable count; read once,
     * for the bounds too */
    int bounded = s->minimum || s->maximum || s->exclusive_minimum;
    cp_jnum n;
    int have_n = 0;
    if (t == CP_JT_INT && (s->types || bounded)) {
        if (cp_scalar_int(inst, &n.i))
            return 0;
        n.is_int = 1;
        n.d = (double)n.i;
        have_n = 1;
    }
    if (s->values) {
        size_t i = 0;
        while (i < s->nvalues && !equal_value(&s->values[i], inst, t))
            i++;
        if (i == s->nvalues)
            return 0;
    }
    if (bounded && (t == CP_JT_INT || t == CP_JT_NUM)) {
        if (!have_n && cp_json_number(inst, &n))
            return 0;
        if ((s->minimum && cp_jnum_cmp(&n, &s->minimum->num) < 0) ||
            (s->maximum && cp_jnum_cmp(&n, &s->maximum->num) > 0) ||
            (s->exclusive_minimum && cp_jnum_cmp(&n, &s->exclusive_minimum->num) <= 0))
            return 0;
    }
    if (t == CP_JT_STR) {
        if (s->min_length >= 0 && utf8_length(inst->text) < (size_t)s->min_length)
            return 0;
        if (s->max_length >= 0 && utf8_length(inst->text) > (size_t)s->max_length)
            return 0;
        if (s->format_date && !is_date(inst->text))
            return 0;
        if (s->has_regex && regexec(&s->regex, inst->text, 0, NULL, 0) != 0)
            return 0;
    }
    return 1;
}

/* value_ok, a string's verdict on an enum or a pattern remembered by the
 * address of its text */
static int value_ok_seen(const vctx *c, const cp_sch *s, const cp_node *inst, unsigned t)
{
    if (t != CP_JT_STR || !(s->values || s->has_regex))
        return value_ok(s, inst, t);
    word_seen *m = &c->memo->word[memo_slot(s, inst->text)];
    if (m->s != s || m->text != inst->text) {
        m->s = s;
        m->text = inst->text;
        m->ok = value_ok(s, inst, t);
    }
    return m->ok;
}

static void report_value(vctx *c, const cp_sch *s, const cp_node *inst, const seg *path)
{
    if (c->quiet) {
        c->count++;
        return;
    }
    cp_buf want = { 0 }, found = { 0 };
    cp_sch_describe(&want, s);
    /* inst as if it were quoted (a scalar has no fields past its text) */
    cp_node as_string = { .mark = inst->mark, .text = inst->text, .len = inst->len, .kind = inst->kind };
    int quoting_helps = inst->kind == CP_SCALAR && inst->plain && cp_json_type(inst) != CP_JT_STR &&
                        value_ok(s, &as_string, CP_JT_STR);
    cp_sch_found(&found, inst, quoting_helps);
    report(c, inst, &inst->mark, path, NULL, "expected %s, found %s", want.data, found.data);
    cp_buf_free(&want);
    cp_buf_free(&found);
}

/* validate, without its walk for a leaf (a field's value) */
static void check_value(vctx *c, const cp_sch *s, const cp_node *inst, const seg *path)
{
    s = cp_sch_target(s);
    if (!s->leaf)
        validate(c, s, inst, path);
    else if (!value_ok_seen(c, s, inst, cp_json_type(inst)))
        report_value(c, s, inst, path);
}

static int prop_cmp(const void *key, const void *elem)
{
    return strcmp((const char *)key, ((const cp_sch_prop *)elem)->name);
}

static const cp_sch_prop *find_prop(const vctx *c, const cp_sch *s, const cp_node *key)
{
    if (!s->nprops)
        return NULL;
    prop_seen *m = &c->memo->prop[memo_slot(s, key)];
    if (m->s != s || m->key != key) {
        m->s = s;
        m->key = key;
        m->prop = bsearch(key->text, s->props, s->nprops, sizeof *s->props, prop_cmp);
    }
    return m->prop;
}

/* map's value of the field name (of len bytes), or NULL */
static const cp_node *field(const cp_node *map, const char *name, size_t len)
{
    for (size_t i = 0; i < map->count; i++) {
        const cp_node *k = map->keys[i];
        if (k->len == len && k->text[0] == name[0] && memcmp(k->text, name, len) == 0)
            return map->items[i];
    }
    return NULL;
}

/* key k of the mapping inst is not allowed */
static void report_unknown(vctx *c, const cp_sch *s, const cp_node *inst, size_t k, const seg *path)
{
    const cp_node *key = inst->keys[k];
    cp_mark at = cp_map_key_mark(inst, k);
    if (c->quiet) {
        c->count++;
        return;
    }
    cp_buf allowed = { 0 };
    for (size_t i = 0; i < s->nprops; i++)
        cp_buf_printf(&allowed, "%s%s", i ? ", " : "", s->prop_order[i]);
    cp_buf_put(&allowed, "", 0);
    cp_buf name = { 0 };
    cp_buf_put_quoted(&name, key->text);
    const char *near = cp_sch_nearest(s, key->text);
    if (near)
        report(c, key, &at, path, NULL, "expected a known field (%s), found the unknown field %s (did you mean "
               "'%s'?)", allowed.data, name.data, near);
    else
        report(c, key, &at, path, NULL, "expected a known field (%s), found the unknown field %s", allowed.data,
               name.data);
    cp_buf_free(&name);
    cp_buf_free(&allowed);
}

/* Every field of the instance, in its order: known ones checked against
 * their schema, unknown ones reported or checked against
 * additionalProperties */
static void check_fields(vctx *c, const cp_sch *s, const cp_node *inst, const seg *path)
{
    for (size_t i = 0; i < inst->count && !(c->quiet && c->count); i++) {
        const cp_sch_prop *p = find_prop(c, s, inst->keys[i]);
        seg child = { path, inst->keys[i]->text, 0 };
        if (p)
            check_value(c, p->schema, inst->items[i], &child);
        else if (s->closed)
            report_unknown(c, s, inst, i, path);
        else if (s->additional)
            check_value(c, s->additional, inst->items[i], &child);
    }
}

/* A quiet probe of a schema that only names a few fields ("if kind is
 * footprint") looks those fields up instead of walking every field of the
 * instance: the same checks, only the order of their (uncounted) words
 * differs. */
static void check_named_fields(vctx *c, const cp_sch *s, const cp_node *inst, const seg *path)
{
    for (size_t i = 0; i < s->nprops && !c->count; i++) {
        const cp_node *v = field(inst, s->props[i].name, s->props[i].len);
        seg child = { path, s->props[i].name, 0 };
        if (v)
            check_value(c, s->props[i].schema, v, &child);
    }
}

static void check_object(vctx *c, const cp_sch *s, const cp_node *inst, const seg *path)
{
    if (s->closed || s->additional || (s->nprops && !(c->quiet && s->nprops < inst->count)))
        check_fields(c, s, inst, path);
    else if (s->nprops)
        check_named_fields(c, s, inst, path);
    for (size_t i = 0; i < s->nrequired; i++)
        if (!field(inst, s->required[i], s->required_len[i]))
            report(c, inst, &inst->mark, path, s->required[i], "expected the required field '%s', found none",
                   s->required[i]);
    if (s->min_props >= 0 && inst->count < (size_t)s->min_props)
        report(c, inst, &inst->mark, path, NULL, "expected at least %lld fields, found %zu", s->min_props,
               (size_t)inst->count);
}

static void check_array(vctx *c, const cp_sch *s, const cp_node *inst, const seg *path)
{
    if (s->min_items >= 0 && inst->count < (size_t)s->min_items)
        report(c, inst, &inst->mark, path, NULL, "expected a list of at least %lld item%s, found %zu", s->min_items,
               s->min_items == 1 ? "" : "s", (size_t)inst->count);
    if (!s->items)
        return;
    for (size_t i = 0; i < inst->count && !(c->quiet && c->count); i++) {
        seg child = { path, NULL, i };
        check_value(c, s->items, inst->items[i], &child);
    }
}

/* anyOf / oneOf with no matching alternative. When every alternative only
 * misses one field, that is the message ("expected at least one of the
 * fields code_bytes, stack_bytes, found none"); otherwise the problems of
 * the alternative that came closest. */
static void explain_alternatives(vctx *c, cp_sch *const *alts, size_t n, const char *words, const cp_node *inst,
                                 const seg *path)
{
    if (c->quiet) {
        c->count++;
        return;
    }
    vctx *subs = cp_xcalloc(n, sizeof *subs);
    for (size_t i = 0; i < n; i++)
        subs[i].memo = c->memo;
    int only_missing = 1;
    size_t best = 0;
    for (size_t i = 0; i < n; i++) {
        subs[i].depth = c->depth;
        validate(&subs[i], alts[i], inst, path);
        if (subs[i].n != 1 || !subs[i].list[0].missing || subs[i].list[0].at != inst)
            only_missing = 0;
        if (subs[i].n < subs[best].n)
            best = i;
    }
    if (only_missing) {
        cp_buf names = { 0 };
        for (size_t i = 0; i < n; i++)
            cp_buf_printf(&names, "%s%s", i ? ", " : "", subs[i].list[0].missing);
        report(c, inst, &inst->mark, path, NULL, "expected %s the fields %s, found none", words, names.data);
        cp_buf_free(&names);
    } else if (subs[best].n) {
        char *suffix = cp_xasprintf(" (the closest of %zu alternatives)", n);
        adopt(c, &subs[best], suffix);
        free(suffix);
    } else { /* cannot happen: a failing alternative explains itself */
        report(c, inst, &inst->mark, path, NULL, "expected %s the %zu alternatives at schema line %u to match", words,
               n, alts[0]->src->mark.line);
    }
    for (size_t i = 0; i < n; i++)
        free_problems(&subs[i]);
    free(subs);
}

static void check_one_of(vctx *c, const cp_sch *s, const cp_node *inst, const seg *path)
{
    size_t first = 0, matched = 0;
    for (size_t i = 0; i < s->none_of; i++)
        if (matches(c, s->one_of[i], inst) && matched++ == 0)
            first = i;
    if (matched == 0)
        explain_alternatives(c, s->one_of, s->none_of, "exactly one of", inst, path);
    else if (matched > 1)
        report(c, inst, &inst->mark, path, NULL,
               "expected exactly one alternative of the oneOf at schema line %u to match, found %zu (the first is "
               "alternative %zu)",
               s->src->mark.line, matched, first + 1);
}

static void report_not(vctx *c, const cp_sch *not_s, const cp_node *inst, const seg *path)
{
    if (c->quiet) {
        c->count++;
        return;
    }
    if (not_s->nrequired >= 2 && not_s->src->kind == CP_MAP && not_s->src->count == 1) {
        /* the usual "these fields exclude each other" shape */
        cp_buf names = { 0 };
        cp_mark last = inst->mark;
        for (size_t i = 0; i < not_s->nrequired; i++) {
            cp_buf_printf(&names, "%s%s", i ? (i + 1 == not_s->nrequired ? " or " : ", ") : "", not_s->required[i]);
            for (size_t k = 0; inst->kind == CP_MAP && k < inst->count; k++) /* a list has no keys */
                if (!strcmp(inst->keys[k]->text, not_s->required[i]) && cp_map_key_mark(inst, k).line >= last.line)
                    last = cp_map_key_mark(inst, k);
        }
        if (not_s->nrequired == 2)
            report(c, inst, &last, path, NULL, "expected %s, not both, found both", names.data);
        else
            report(c, inst, &last, path, NULL, "expected not all of %s together, found all of them",
                   names.data);
        cp_buf_free(&names);
        return;
    }
    report(c, inst, &inst->mark, path, NULL, "expected a value that does not match the schema at line %u, found one that does",
           not_s->src->mark.line);
}

static void check_conditional(vctx *c, const cp_sch *s, const cp_node *inst, const seg *path)
{
    int holds = matches(c, s->if_schema, inst);
    const cp_sch *branch = holds ? s->then_schema : s->else_schema;
    if (!branch)
        return;
    if (c->quiet) {
        validate(c, branch, inst, path);
        return;
    }
    vctx sub = { .memo = c->memo, .depth = c->depth };
    validate(&sub, branch, inst, path);
    if (sub.n) {
        cp_buf why = { 0 };
        cp_sch_condition(&why, s->if_schema, !holds);
        adopt(c, &sub, why.data);
        cp_buf_free(&why);
    }
}

static void validate(vctx *c, const cp_sch *s, const cp_node *inst, const seg *path)
{
    if (c->quiet && c->count)
        return;
    s = cp_sch_target(s);
    if (s->is_false) {
        report(c, inst, &inst->mark, path, NULL, "expected nothing here (the schema allows no value)");
        return;
    }
    if (c->depth >= MAX_DEPTH) {
        report(c, inst, &inst->mark, path, NULL, "expected a schema that does not refer to itself endlessly");
        return;
    }
    c->depth++;
    if (s->ref)
        validate(c, s->ref, inst, path);
    unsigned t = cp_json_type(inst);
    if (!value_ok_seen(c, s, inst, t))
        report_value(c, s, inst, path);
    else if (t == CP_JT_OBJ)
        check_object(c, s, inst, path);
    else if (t == CP_JT_ARR)
        check_array(c, s, inst, path);
    for (size_t i = 0; i < s->nall_of; i++)
        validate(c, s->all_of[i], inst, path);
    if (s->nany_of) {
        size_t i = 0;
        while (i < s->nany_of && !matches(c, s->any_of[i], inst))
            i++;
        if (i == s->nany_of)
            explain_alternatives(c, s->any_of, s->nany_of, "at least one of", inst, path);
    }
    if (s->none_of)
        check_one_of(c, s, inst, path);
    if (s->not_schema && matches(c, s->not_schema, inst))
        report_not(c, s->not_schema, inst, path);
    if (s->if_schema)
        check_conditional(c, s, inst, path);
    c->depth--;
}

static unsigned validate_root(const cp_schema *s, const cp_node *instance, const cp_doc *doc, cp_diag *diag)
{
    if (!instance) {
        cp_diag_at(diag, NULL, NULL, "expected a value, found an empty document");
        return 1;
    }
    memo m = { 0 };
    vctx c = { .memo = &m };
    validate(&c, s->root, instance, NULL);
    unsigned count = c.count;
    for (size_t i = 0; i < c.n; i++) {
        if (doc && c.list[i].missing && cp_doc_key_refused(doc, c.list[i].at, c.list[i].missing)) {
            count--;
            continue;
        }
        cp_diag_at(diag, &c.list[i].mark, c.list[i].path, "%s", c.list[i].msg);
    }
    free_problems(&c);
    return count;
}

unsigned cp_schema_validate(const cp_schema *s, const cp_node *instance, cp_diag *diag)
{
    return validate_root(s, instance, NULL, diag);
}

unsigned cp_schema_validate_doc(const cp_schema *s, const cp_doc *doc, cp_diag *diag)
{
    return validate_root(s, doc->root, doc, diag);
}
