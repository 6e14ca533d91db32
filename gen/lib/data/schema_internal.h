/* The compiled form of a JSON Schema, shared by schema.c (compiling),
 * schema_validate.c (checking an instance) and schema_text.c (the words of
 * error messages). Compiling once resolves every $ref to a pointer, sorts
 * property names and compiles regexes, so validation does no look-ups by
 * text and no allocation unless it reports a problem. */
#ifndef CP_SCHEMA_INTERNAL_H
#define CP_SCHEMA_INTERNAL_H

#include <regex.h>
#include <stddef.h>

#include "base/util.h"
#include "data/node.h"

/* JSON types as a bit set; an integer instance also satisfies "number" */
enum { CP_JT_NULL = 1, CP_JT_BOOL = 2, CP_JT_INT = 4, CP_JT_NUM = 8, CP_JT_STR = 16, CP_JT_OBJ = 32, CP_JT_ARR = 64 };

/* A number from the schema or the instance */
typedef struct {
    int is_int;       /* i holds it exactly */
    long long i;
    double d;
} cp_jnum;

/* A const or enum value, typed once when the schema is compiled */
typedef struct {
    const cp_node *node;
    unsigned type;    /* one CP_JT_* bit */
    cp_jnum num;      /* for CP_JT_INT / CP_JT_NUM */
} cp_jval;

typedef struct cp_sch cp_sch;

typedef struct {
    const char *name; /* borrowed from the schema document */
    size_t len;       /* of name: instance keys are compared by length first */
    cp_sch *schema;
} cp_sch_prop;

typedef struct {
    const cp_node *node; /* the bound as written, for messages */
    cp_jnum num;
} cp_bound;

struct cp_sch {
    const cp_node *src;      /* the schema object (or true/false) */
    int is_false;            /* the false schema: nothing is valid */
    unsigned types;          /* 0 = any type */
    cp_sch *ref;
    int ref_only;            /* nothing but $ref (and annotations): checking
                              * it is checking ref */
    /* Shapes found once the whole schema is compiled, for shortcuts: */
    int leaf;                /* only keywords about a value itself (type,
                              * const/enum, bounds, lengths, format, pattern) */
    int fields_only;         /* only properties (each a leaf, maybe through
                              * refs) and required: "if kind is footprint" */

    cp_sch_prop *props;      /* sorted by name, for bsearch */
    const char **prop_order; /* names as written, for "allowed: ..." */
    size_t nprops;
    const char **required;
    size_t *required_len;
    size_t nrequired;
    int closed;              /* additionalProperties: false */
    cp_sch *additional;      /* additionalProperties: {schema} */
    long long min_props;     /* -1 = none */

    cp_jval *values;         /* const (nvalues 1, is_const) or enum */
    size_t nvalues;
    int is_const;
    const cp_bound *minimum, *maximum, *exclusive_minimum;
    cp_bound bounds[3];
    long long min_length;    /* in characters; -1 = none */
    long long max_length;    /* in characters; -1 = none */
    int format_date;         /* format: date, checked (RFC 3339 full-date, a real day) */
    const char *pattern;
    regex_t regex;
    int has_regex;

    cp_sch *items;
    long long min_items;     /* -1 = none */

    cp_sch **all_of, **any_of, **one_of;
    size_t nall_of, nany_of, none_of;
    cp_sch *not_schema, *if_schema, *then_schema, *else_schema;
};

struct cp_schema {
    cp_doc doc;
    cp_sch *root;
    cp_sch **all;            /* every compiled schema, for freeing and $ref memo */
    size_t nall;
};

/* s, or what it only refers to */
static inline const cp_sch *cp_sch_target(const cp_sch *s)
{
    for (unsigned hops = 0; s->ref_only && hops < 16; hops++) /* a cycle of refs meets the depth limit */
        s = s->ref;
    return s;
}

unsigned cp_json_type(const cp_node *n);
/* 0 when n is a number (integer or not) that fits; fills *out */
int cp_json_number(const cp_node *n, cp_jnum *out);
int cp_jnum_cmp(const cp_jnum *a, const cp_jnum *b);

/* Message words: "an integer >= 1", "one of AES, 3DES", "a non-empty string" */
void cp_sch_describe(cp_buf *b, const cp_sch *s);
/* "-5", "'AESX'", "a mapping"; quoting_helps adds the hint to quote an
 * unquoted 1.0 that would be valid as the string "1.0" */
void cp_sch_found(cp_buf *b, const cp_node *inst, int quoting_helps);
/* " (as kind is 'footprint')" for an if schema of that shape, else a
 * generic phrase; negated for else */
void cp_sch_condition(cp_buf *b, const cp_sch *if_schema, int negated);

/* The property name closest to a misspelt one, or NULL */
const char *cp_sch_nearest(const cp_sch *s, const char *name);

#endif
