/* The words of schema error messages (schema_internal.h): what a schema
 * expects ("an integer >= 1", "one of AES, 3DES, ...") and what the data
 * holds instead. Data text goes through cp_buf_put_quoted, so a message
 * stays one readable line whatever the input. */
#include <string.h>

#include "data/schema.h"
#include "data/schema_internal.h"
#include "base/text_clean.h"

static void put_value(cp_buf *b, const cp_node *v, int quote_strings)
{
    if (v->kind != CP_SCALAR)
        cp_buf_puts(b, v->kind == CP_MAP ? "an object" : "a list");
    else if (quote_strings && cp_json_type(v) == CP_JT_STR)
        cp_buf_put_quoted(b, v->text);
    else
        cp_buf_puts(b, v->text);
}

static const char *type_words(unsigned bit)
{
    switch (bit) {
    case CP_JT_NULL:
        return "null";
    case CP_JT_BOOL:
        return "true or false";
    case CP_JT_INT:
        return "an integer";
    case CP_JT_NUM:
        return "a number";
    case CP_JT_STR:
        return "a string";
    case CP_JT_OBJ:
        return "a mapping";
    default:
        return "a list";
    }
}

void cp_sch_describe(cp_buf *b, const cp_sch *s)
{
    if (s->values && s->is_const) {
        put_value(b, s->values[0].node, 1);
        return;
    }
    if (s->values) {
        cp_buf_puts(b, "one of ");
        for (size_t i = 0; i < s->nvalues; i++) {
            if (i)
                cp_buf_puts(b, ", ");
            put_value(b, s->values[i].node, 0);
        }
        return;
    }
    if (s->format_date && (!s->types || s->types == CP_JT_STR)) {
        cp_buf_puts(b, "a date YYYY-MM-DD that exists");
        return;
    }
    unsigned types = s->types;
    if (types == CP_JT_STR && s->min_length == 1) {
        cp_buf_puts(b, "a non-empty string");
        types = 0;
    } else if (!types) {
        cp_buf_puts(b, "a value");
    }
    const char *sep = "";
    for (unsigned bit = 1; bit <= CP_JT_ARR; bit <<= 1)
        if (types & bit) {
            cp_buf_printf(b, "%s%s", sep, type_words(bit));
            sep = " or ";
        }
    if (s->minimum && s->maximum)
        cp_buf_printf(b, " from %s to %s", s->minimum->node->text, s->maximum->node->text);
    else if (s->minimum)
        cp_buf_printf(b, " >= %s", s->minimum->node->text);
    else if (s->maximum)
        cp_buf_printf(b, " <= %s", s->maximum->node->text);
    if (s->exclusive_minimum)
        cp_buf_printf(b, " > %s", s->exclusive_minimum->node->text);
    if (s->min_length > 1 && s->max_length >= 0)
        cp_buf_printf(b, " of %lld to %lld characters", s->min_length, s->max_length);
    else if (s->min_length > 1)
        cp_buf_printf(b, " of at least %lld characters", s->min_length);
    else if (s->max_length >= 0)
        cp_buf_printf(b, " of at most %lld characters", s->max_length);
    if (s->has_regex)
        cp_buf_printf(b, " matching %s", s->pattern);
}

void cp_sch_found(cp_buf *b, const cp_node *inst, int quoting_helps)
{
    unsigned t = cp_json_type(inst);
    if (t == CP_JT_OBJ || t == CP_JT_ARR) {
        cp_buf_puts(b, t == CP_JT_OBJ ? "a mapping" : "a list");
        return;
    }
    if (t == CP_JT_NULL) {
        if (inst->len == 0)
            cp_buf_puts(b, "an empty value");
        else
            cp_buf_printf(b, "%s (null)", inst->text);
        return;
    }
    put_value(b, inst, 1);
    if (t == CP_JT_STR && inst->len > 80) /* the quote is cut: say how long it is */
        cp_buf_printf(b, " (%u bytes)", inst->len);
    if (quoting_helps)
        cp_buf_puts(b, " (unquoted, so not a string: put it in quotes)");
    long long i;
    double d;
    if ((t == CP_JT_INT && cp_scalar_int(inst, &i)) || (t == CP_JT_NUM && cp_scalar_double(inst, &d)))
        cp_buf_puts(b, " (out of range)");
}

void cp_sch_condition(cp_buf *b, const cp_sch *if_schema, int negated)
{
    const cp_sch *s = if_schema;
    /* {properties: {a: {properties: {b: {const: x}}}}} reads "as a.b is x" */
    cp_buf path = { 0 };
    while (s->nprops == 1 && !s->props[0].schema->values && s->props[0].schema->nprops == 1) {
        cp_buf_printf(&path, "%s.", s->props[0].name);
        s = s->props[0].schema;
    }
    if (s->nprops == 1 && s->props[0].schema->values && s->props[0].schema->nvalues == 1) {
        cp_buf_printf(b, " (as %s%s is %s", path.data ? path.data : "", s->props[0].name, negated ? "not " : "");
        put_value(b, s->props[0].schema->values[0].node, 1);
        cp_buf_putc(b, ')');
        cp_buf_free(&path);
        return;
    }
    cp_buf_free(&path);
    s = if_schema;
    /* {required: [a]} reads "as a is present" */
    if (s->nprops == 0 && s->nrequired == 1 && s->src->kind == CP_MAP && s->src->count == 1) {
        cp_buf_printf(b, " (as %s is %s)", s->required[0], negated ? "absent" : "present");
        return;
    }
    cp_buf_printf(b, " (as the condition at schema line %u %s)", s->src->mark.line,
                  negated ? "does not hold" : "holds");
}

/* Levenshtein distance, for names of fields (short); longer texts are
 * never "near" anything. */
static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 63 || lb > 63)
        return (size_t)-1;
    size_t row[64];
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

const char *cp_sch_nearest(const cp_sch *s, const char *name)
{
    const char *best = NULL;
    size_t best_d = strlen(name) < 5 ? 1 : 2; /* a typo, not another word */
    for (size_t i = 0; i < s->nprops; i++) {
        size_t d = edit_distance(name, s->prop_order[i]);
        if (d <= best_d && (!best || d < best_d)) {
            best = s->prop_order[i];
            best_d = d;
        }
    }
    return best;
}
