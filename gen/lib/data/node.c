/* Reading a document's tree (node.h): look-ups, the positions of keys,
 * and the YAML 1.2 core-schema types of plain scalars. Loading is
 * node_load.c and node_yaml.c. */
#include "data/node.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static cp_scalar_type scalar_type(const cp_node *n);

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

/* The usual count, a decimal integer text of at most max_digits digits
 * (at most 18: it cannot overflow), read without strtoll or strtod (the
 * schema check and the diff ask this of every count): 1 and its
 * magnitude in *out, *negative set; 0 for any other text. */
static int small_decimal(const char *text, size_t max_digits, long long *out, int *negative)
{
    const char *d = text + (text[0] == '-' || text[0] == '+');
    size_t nd = 0;
    while (nd <= max_digits && d[nd] >= '0' && d[nd] <= '9')
        nd++;
    if (!nd || nd > max_digits || d[nd])
        return 0;
    long long acc = 0;
    for (size_t i = 0; i < nd; i++)
        acc = acc * 10 + (d[i] - '0');
    *out = acc;
    *negative = text[0] == '-';
    return 1;
}

int cp_scalar_int(const cp_node *n, long long *out)
{
    if (cp_scalar_type_of(n) != CP_T_INT)
        return -1;
    long long magnitude;
    int negative;
    if (small_decimal(n->text, 18, &magnitude, &negative)) {
        *out = negative ? -magnitude : magnitude;
        return 0;
    }
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
    /* up to 15 digits an integer is a double exactly, as strtod would
     * give it (-0 too) */
    long long magnitude;
    int negative;
    if (t == CP_T_INT && small_decimal(n->text, 15, &magnitude, &negative)) {
        *out = negative ? -(double)magnitude : (double)magnitude;
        return 0;
    }
    char *end;
    double v = strtod(n->text, &end);
    if (*end || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}

static int by_map_and_key(const void *pa, const void *pb)
{
    const cp_refused_key *a = pa, *b = pb;
    uintptr_t x = (uintptr_t)a->map, y = (uintptr_t)b->map;
    return x != y ? (x < y ? -1 : 1) : strcmp(a->key, b->key);
}

void cp_doc_sort_refused(cp_doc *doc)
{
    if (doc->nrefused > 1)
        qsort(doc->refused, doc->nrefused, sizeof *doc->refused, by_map_and_key);
}

/* a search, not a scan: a document may refuse a key in each of a million
 * results, and each be asked about */
int cp_doc_key_refused(const cp_doc *doc, const cp_node *map, const char *key)
{
    cp_refused_key want = { map, key };
    return doc->nrefused && bsearch(&want, doc->refused, doc->nrefused, sizeof want, by_map_and_key) != NULL;
}
