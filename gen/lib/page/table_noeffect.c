/* `axis_notes: true` on a `columns:` table: a configuration label that
 * changes nothing on a row gets a footnote saying so. Two rows that differ
 * only in one axis field (configuration, math_config, curve_definition,
 * modexp_impl, variant) and whose counts are within 0.1 % of each other
 * show a knob without effect there (Mbed TLS 3.6 signing with the
 * fixed-point comb of curve definition High: the window size of
 * math_config is never used, Small 5 121 341 vs Fast 5 121 229
 * instructions). The note sits on the row's cell that shows that label. */
#include "page/table_noeffect.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/numfmt.h"
#include "base/util.h"

static const cp_field axis_fields[] = {
    CP_F_CONFIGURATION, CP_F_MATH_CONFIG, CP_F_CURVE_DEFINITION, CP_F_MODEXP_IMPL, CP_F_VARIANT,
};
#define NAXES (sizeof axis_fields / sizeof axis_fields[0])

/* The count a performance row shows (count: its field), or 0. */
static unsigned long long count_of(const cp_result *r, cp_field count)
{
    const cp_node *n = count == CP_F_COUNT ? NULL : cp_result_value(r, count);
    long long v;
    return n && cp_scalar_int(n, &v) == 0 && v > 0 ? (unsigned long long)v : 0;
}

/* what the note calls the counts */
static const char *count_words(cp_field count)
{
    return count == CP_F_CYCLES ? "cycles" : count == CP_F_CYCLES_ESTIMATED ? "estimated cycles" : "instructions";
}

static const char *text_of(const cp_result *r, cp_field f)
{
    return cp_scalar(cp_result_value(r, f));
}

/* Whether a and b have the same identifying fields but `skip`. */
static int same_but(const cp_result *a, const cp_result *b, cp_field skip)
{
    for (int f = 0; f < CP_F_COUNT; f++) {
        if (cp_fields[f].role != CP_ROLE_ID || f == (int)skip)
            continue;
        const char *x = text_of(a, (cp_field)f), *y = text_of(b, (cp_field)f);
        if ((x == NULL) != (y == NULL) || (x && strcmp(x, y) != 0))
            return 0;
    }
    return 1;
}

/* Whether a and b have the same identifying fields but `skip`, and both
 * have `skip` with different labels. */
static int siblings(const cp_result *a, const cp_result *b, cp_field skip)
{
    const char *x = text_of(a, skip), *y = text_of(b, skip);
    return x && y && strcmp(x, y) != 0 && same_but(a, b, skip);
}

/* The identifying fields of r but skip, hashed (agrees with siblings). */
/* Keyed (base/hash.h): rows chosen to hash alike would make one group of
 * them all, and each row's note a walk over it. Groups are only ever
 * worked on one at a time, so their order, which the key changes, shows
 * nowhere. */
static uint64_t identity_but(const cp_result *r, cp_field skip)
{
    cp_hash h;
    cp_hash_init(&h);
    for (int f = 0; f < CP_F_COUNT; f++) {
        if (cp_fields[f].role != CP_ROLE_ID || f == (int)skip)
            continue;
        const char *x = text_of(r, (cp_field)f);
        cp_hash_word(&h, (uint64_t)f << 1 | (x != NULL));
        if (x)
            cp_hash_bytes(&h, x, strlen(x));
    }
    return cp_hash_final(&h);
}

typedef struct {
    uint64_t hash;
    size_t row;
} keyed;

static int keyed_cmp(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    if (x->hash != y->hash)
        return x->hash < y->hash ? -1 : 1;
    return x->row < y->row ? -1 : x->row > y->row;
}

/* The footnote of row r for axis f, or NULL when the label matters (or r
 * has no sibling). rows: the results of the table's rows; group: the rows
 * whose identifying fields but f hash alike (every sibling of r is among
 * them), in row order. */
static char *note_for(const cp_result *const *rows, const keyed *group, size_t ng, size_t r, cp_field f,
                      const char *what, const cp_layout *l, cp_field count)
{
    unsigned long long lo = count_of(rows[r], count), hi = lo;
    if (!lo || !text_of(rows[r], f))
        return NULL;
    cp_buf list = { 0 };
    size_t found = 0;
    for (size_t k = 0; k < ng; k++) {
        size_t i = group[k].row;
        if (i != r && !siblings(rows[r], rows[i], f))
            continue;
        unsigned long long c = count_of(rows[i], count);
        if (!c) {
            cp_buf_free(&list);
            return NULL;
        }
        lo = c < lo ? c : lo;
        hi = c > hi ? c : hi;
        found += i != r;
        char num[32];
        snprintf(num, sizeof num, "%llu", c);
        if (list.len)
            cp_buf_puts(&list, ", ");
        cp_buf_puts(&list, text_of(rows[i], f));
        cp_buf_puts(&list, " ");
        cp_fmt_digits(&list, num, l->group_min);
    }
    /* within 0.1 %: (hi - lo) / lo <= 1/1000 */
    if (!found || (hi - lo) * 1000 > lo) {
        cp_buf_free(&list);
        return NULL;
    }
    char *note = cp_xasprintf("%s has no effect here: %s %s (within 0.1 %%)", what, list.data, count_words(count));
    cp_buf_free(&list);
    return note;
}

static int label_cmp(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Whether each row of the group is a sibling of every other: all have a
 * label for f, all labels differ, the other identifying fields are the
 * same (not just their hash). Then the note of each row is the note of
 * the first. */
static int all_siblings(const cp_result *const *rows, const keyed *group, size_t ng, cp_field f)
{
    const char **labels = cp_xmalloc(ng * sizeof *labels);
    int clean = 1;
    for (size_t k = 0; k < ng && clean; k++) {
        labels[k] = text_of(rows[group[k].row], f);
        clean = labels[k] && (k == 0 || same_but(rows[group[0].row], rows[group[k].row], f));
    }
    if (clean) {
        qsort(labels, ng, sizeof *labels, label_cmp);
        for (size_t k = 1; k < ng && clean; k++)
            clean = strcmp(labels[k - 1], labels[k]) != 0;
    }
    free(labels);
    return clean;
}

/* note added to the cell's (taken). */
static void add_note(cp_cell *c, char *note)
{
    if (c->note) {
        char *both = cp_xasprintf("%s; %s", c->note, note);
        free(c->note);
        free(note);
        note = both;
    }
    c->note = note;
}

void cp_table_axis_notes(cp_table *t, const cp_result *const *rows, const char *const *col_src,
                         const int *col_shown, size_t nsrc_cols, const cp_layout *l, cp_field count)
{
    for (size_t a = 0; a < NAXES; a++) {
        cp_field f = axis_fields[a];
        char want[40];
        snprintf(want, sizeof want, "{%s", cp_fields[f].name);
        /* the table column that shows this field's label */
        size_t col = 0, k = 0;
        int have = 0;
        for (size_t i = 0; i < nsrc_cols && !have; i++) {
            if (!col_shown[i])
                continue;
            if (col_src[i] && strstr(col_src[i], want)) {
                col = k;
                have = 1;
            }
            k++;
        }
        if (!have)
            continue;
        /* a row's siblings differ from it in f only: grouped by the rest
         * (sorted by its hash, row order within), a table of 10^5 rows
         * compares each row with its group, not with every row */
        keyed *by = cp_xmalloc((t->nrows + 1) * sizeof *by);
        for (size_t r = 0; r < t->nrows; r++)
            by[r] = (keyed){ identity_but(rows[r], f), r };
        qsort(by, t->nrows, sizeof *by, keyed_cmp);
        const char *what = t->head && t->head[col][0] ? t->head[col] : cp_fields[f].name;
        for (size_t g = 0, end; g < t->nrows; g = end) {
            for (end = g + 1; end < t->nrows && by[end].hash == by[g].hash; end++)
                ;
            if (end - g < 2)
                continue;
            /* a group whose rows are all siblings of each other (what
             * distinct results give) has one note for all or none: made
             * once, not once a row (a group of 20 000 variants) */
            char *shared = NULL;
            int clean = all_siblings(rows, by + g, end - g, f);
            if (clean)
                shared = note_for(rows, by + g, end - g, by[g].row, f, what, l, count);
            for (size_t m = g; m < end; m++) {
                size_t r = by[m].row;
                char *note = clean ? (shared ? cp_xstrdup(shared) : NULL)
                                   : note_for(rows, by + g, end - g, r, f, what, l, count);
                if (note)
                    add_note(&t->cells[r * t->ncols + col], note);
            }
            free(shared);
        }
        free(by);
    }
}
