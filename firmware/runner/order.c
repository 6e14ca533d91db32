#include "order.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cryptoperf.h"

/* Sort keys, most significant first. Curve, hash and PKCS#1 version come
 * before the operation (ST's ECDSA, hash and RSA tables), key size after it
 * (ST's AES tables: all encryptions, then all decryptions). */
static const cp_field sort_keys[] = {
    CP_F_FAMILY, CP_F_MEASURE, CP_F_KIND, CP_F_IMPLEMENTATION, CP_F_CIPHER_MODE,
    CP_F_PKCS1, CP_F_MODEXP_METHOD, CP_F_HASH, CP_F_CURVE, CP_F_PARAMETER_SET,
    CP_F_MODULUS_BITS, CP_F_MESSAGE_BYTES, CP_F_OPERATION, CP_F_KEY_BITS,
    CP_F_BUFFER_BYTES, CP_F_CHUNK_BYTES, CP_F_AAD_BYTES, CP_F_NONCE_BYTES, CP_F_TAG_BYTES,
    CP_F_CONFIGURATION, CP_F_MATH_CONFIG,
    CP_F_CURVE_DEFINITION, CP_F_MODEXP_IMPL, CP_F_VARIANT,
};
#define NKEYS (sizeof sort_keys / sizeof sort_keys[0])

struct cpr_order {
    const cp_node *vocab[CP_F_COUNT];   /* enum sequence from the schema */
};

static const cp_node *resolve(const cp_node *root, const cp_node *prop)
{
    const char *ref = cp_scalar(cp_map_get(prop, "$ref"));
    static const char defs[] = "#/$defs/";
    if (ref && strncmp(ref, defs, sizeof defs - 1) == 0)
        return cp_map_get(cp_map_get(root, "$defs"), ref + sizeof defs - 1);
    return prop;
}

cpr_order *cpr_order_new(const cp_node *schema_root)
{
    cpr_order *o = cp_xcalloc(1, sizeof *o);
    const cp_node *props =
        cp_map_get(cp_map_get(cp_map_get(schema_root, "$defs"), "result"), "properties");
    for (int f = 0; f < CP_F_COUNT; f++) {
        if (cp_fields[f].type != CP_FT_ENUM)
            continue;
        const cp_node *e = cp_map_get(resolve(schema_root, cp_map_get(props, cp_fields[f].name)), "enum");
        if (e && e->kind == CP_SEQ)
            o->vocab[f] = e;
    }
    return o;
}

void cpr_order_free(cpr_order *o)
{
    free(o);
}

typedef struct {
    long long rank[NKEYS];
    size_t index;
} keyed;

static long long vocab_rank(const cp_node *vocab, const char *text)
{
    for (size_t i = 0; vocab && i < vocab->count; i++) {
        const char *v = cp_scalar(vocab->items[i]);
        if (v && strcmp(v, text) == 0)
            return (long long)i;
    }
    return -1;
}

/* Each row's rank among the distinct values of one field, in order of
 * first appearance (-1: the row has none). Sorted, not searched: a
 * hundred thousand distinct labels took quadratic time (issue 30). */
typedef struct {
    const char *text;
    size_t row;
} labelled;

static int cmp_labelled(const void *pa, const void *pb)
{
    const labelled *a = pa, *b = pb;
    int c = strcmp(a->text, b->text);
    return c ? c : (a->row > b->row) - (a->row < b->row);
}

static int cmp_first_row(const void *pa, const void *pb)
{
    const labelled *a = pa, *b = pb;
    return (a->row > b->row) - (a->row < b->row);
}

static long long *label_ranks(const cpr_rows *rows, cp_field f)
{
    long long *rank = cp_xmalloc(rows->n * sizeof *rank);
    labelled *by_text = cp_xmalloc(rows->n * sizeof *by_text);
    size_t n = 0;
    for (size_t i = 0; i < rows->n; i++) {
        rank[i] = -1;
        if (rows->v[i].text[f])
            by_text[n++] = (labelled){ rows->v[i].text[f], i };
    }
    qsort(by_text, n, sizeof *by_text, cmp_labelled);
    /* the first row of each distinct text, then those in row order */
    labelled *firsts = cp_xmalloc((n ? n : 1) * sizeof *firsts);
    size_t nfirst = 0;
    for (size_t k = 0; k < n; k++)
        if (k == 0 || strcmp(by_text[k - 1].text, by_text[k].text) != 0)
            firsts[nfirst++] = by_text[k];
    qsort(firsts, nfirst, sizeof *firsts, cmp_first_row);
    for (size_t g = 0; g < nfirst; g++)
        rank[firsts[g].row] = (long long)g;
    /* every other row of a text takes its first row's rank */
    for (size_t k = 1; k < n; k++)
        if (strcmp(by_text[k - 1].text, by_text[k].text) == 0)
            rank[by_text[k].row] = rank[by_text[k - 1].row];
    free(firsts);
    free(by_text);
    return rank;
}

static long long rank_of(const cpr_order *o, const long long *seen, const cpr_row *r, size_t i, cp_field f)
{
    const char *t = r->text[f];
    if (!t)
        return LLONG_MAX;
    switch (cp_fields[f].type) {
    case CP_FT_INT:
        return r->num[f];
    case CP_FT_ENUM: {
        long long v = vocab_rank(o->vocab[f], t);
        /* unknown words (the schema check reports them) after known ones */
        return v >= 0 ? v : (long long)INT_MAX + seen[i];
    }
    default:
        return seen[i];
    }
}

static int cmp_keyed(const void *pa, const void *pb)
{
    const keyed *a = pa, *b = pb;
    for (size_t k = 0; k < NKEYS; k++)
        if (a->rank[k] != b->rank[k])
            return a->rank[k] < b->rank[k] ? -1 : 1;
    return a->index < b->index ? -1 : a->index > b->index;
}

void cpr_order_sort(cpr_order *o, cpr_rows *rows)
{
    if (rows->n < 2)
        return;   /* nothing to order (and no rows to copy from) */
    long long *seen[NKEYS];
    for (size_t j = 0; j < NKEYS; j++)
        seen[j] = label_ranks(rows, sort_keys[j]);
    keyed *k = cp_xcalloc(rows->n, sizeof *k);
    for (size_t i = 0; i < rows->n; i++) {
        k[i].index = i;
        for (size_t j = 0; j < NKEYS; j++)
            k[i].rank[j] = rank_of(o, seen[j], &rows->v[i], i, sort_keys[j]);
    }
    for (size_t j = 0; j < NKEYS; j++)
        free(seen[j]);
    qsort(k, rows->n, sizeof *k, cmp_keyed);
    cpr_row *sorted = cp_xcalloc(rows->n, sizeof *sorted);
    for (size_t i = 0; i < rows->n; i++)
        sorted[i] = rows->v[k[i].index];
    memcpy(rows->v, sorted, rows->n * sizeof *sorted);
    free(sorted);
    free(k);
}

int cpr_row_same_identity(const cpr_row *a, const cpr_row *b)
{
    for (int f = 0; f < CP_F_COUNT; f++) {
        if (cp_fields[f].role != CP_ROLE_ID)
            continue;
        const char *x = a->text[f], *y = b->text[f];
        if (!x != !y)
            return 0;
        if (!x)
            continue;
        if (cp_fields[f].type == CP_FT_INT ? a->num[f] != b->num[f] : strcmp(x, y) != 0)
            return 0;
    }
    return 1;
}

unsigned cpr_order_duplicates(const cpr_rows *rows, FILE *err)
{
    unsigned dups = 0;
    for (size_t i = 1; i < rows->n; i++) {
        if (!cpr_row_same_identity(&rows->v[i - 1], &rows->v[i]))
            continue;
        dups++;
        if (err)
            fprintf(err, "%s: duplicate result, same identifying fields as %s\n", rows->v[i].origin,
                    rows->v[i - 1].origin);
    }
    return dups;
}
