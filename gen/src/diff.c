/* Matching the rows of two versions and comparing their metrics (the rules
 * are in diff.h). Tables hold at most a few hundred rows, so matching by
 * pairwise comparison is fast enough and keeps the order obvious. */
#include "diff.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* The fields that place a row in a table. */
static const cp_field table_key[] = { CP_F_FAMILY, CP_F_KIND, CP_F_MEASURE, CP_F_IMPLEMENTATION };
#define NKEY (sizeof table_key / sizeof table_key[0])

int cp_diff_is_table_field(cp_field f)
{
    for (size_t i = 0; i < NKEY; i++)
        if (table_key[i] == f)
            return 1;
    return 0;
}

static int text_eq(const char *a, const char *b)
{
    return (!a && !b) || (a && b && !strcmp(a, b));
}

static int value_eq(cp_field f, const cp_node *a, const cp_node *b)
{
    if (!a || !b)
        return !a && !b;
    long long x, y;
    /* 0128 and 128 are the same key size */
    if (cp_fields[f].type == CP_FT_INT && !cp_scalar_int(a, &x) && !cp_scalar_int(b, &y))
        return x == y;
    return !strcmp(a->text, b->text);
}

static size_t find_table(cp_diff *d, const cp_result *r)
{
    const char *k[NKEY];
    for (size_t i = 0; i < NKEY; i++)
        k[i] = cp_result_text(r, table_key[i]);
    for (size_t t = 0; t < d->ntables; t++) {
        const cp_diff_table *tb = &d->tables[t];
        if (text_eq(tb->family, k[0]) && text_eq(tb->kind, k[1]) && text_eq(tb->measure, k[2]) &&
            text_eq(tb->implementation, k[3]))
            return t;
    }
    d->tables = cp_xrealloc(d->tables, (d->ntables + 1) * sizeof *d->tables);
    cp_diff_table *tb = &d->tables[d->ntables];
    memset(tb, 0, sizeof *tb);
    tb->family = k[0];
    tb->kind = k[1];
    tb->measure = k[2];
    tb->implementation = k[3];
    return d->ntables++;
}

/* Equal identity inside a table, leaving out the ignored fields. */
static int same_identity(const cp_diff_table *tb, const cp_result *a, const cp_result *b)
{
    for (int f = 0; f < CP_F_COUNT; f++)
        if (cp_fields[f].role == CP_ROLE_ID && !cp_diff_is_table_field((cp_field)f) && !tb->ignored[f] &&
            !value_eq((cp_field)f, cp_result_value(a, f), cp_result_value(b, f)))
            return 0;
    return 1;
}

/* One version's rows, with the table each belongs to and its match. */
typedef struct {
    const cp_result *rows;
    size_t n;
    size_t *table;
    size_t *match;      /* index in the other version, or SIZE_MAX */
} side;

static int unique_in_table(const cp_diff_table *tb, size_t t, const side *s)
{
    for (size_t i = 0; i < s->n; i++)
        for (size_t j = i + 1; s->table[i] == t && j < s->n; j++)
            if (s->table[j] == t && same_identity(tb, &s->rows[i], &s->rows[j]))
                return 0;
    return 1;
}

static void add_note(cp_diff *d, char *text)
{
    for (size_t i = 0; i < d->nnotes; i++)
        if (!strcmp(d->notes[i], text)) {
            free(text);
            return;
        }
    d->notes = cp_xrealloc(d->notes, (d->nnotes + 1) * sizeof *d->notes);
    d->notes[d->nnotes++] = text;
}

/* f == CP_F_COUNT: any row of table t at all */
static int field_present(const side *s, size_t t, cp_field f)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->table[i] == t && (f == CP_F_COUNT || cp_result_value(&s->rows[i], f)))
            return 1;
    return 0;
}

/* The shape rule: a field only one version's table has is left out of the
 * identity when that keeps identities unique on both sides. */
static void settle_shape(cp_diff *d, size_t t, const side *old, const side *new)
{
    cp_diff_table *tb = &d->tables[t];
    /* a table only one version has is all added or all removed */
    if (!field_present(old, t, CP_F_COUNT) || !field_present(new, t, CP_F_COUNT))
        return;
    for (int f = 0; f < CP_F_COUNT; f++) {
        if (cp_fields[f].role != CP_ROLE_ID || cp_diff_is_table_field((cp_field)f))
            continue;
        int in_old = field_present(old, t, (cp_field)f), in_new = field_present(new, t, (cp_field)f);
        if (in_old == in_new)
            continue;
        tb->ignored[f] = 1;
        if (!unique_in_table(tb, t, old) || !unique_in_table(tb, t, new))
            tb->ignored[f] = 0;
        add_note(d, cp_xasprintf("field %s present only in %s for %s; %s", cp_fields[f].name, in_old ? "OLD" : "NEW",
                                 tb->family ? tb->family : "?",
                                 tb->ignored[f] ? "ignored for matching"
                                                : "kept for matching (ignoring it would make rows ambiguous)"));
    }
}

static void match_rows(cp_diff *d, side *old, side *new)
{
    for (size_t j = 0; j < new->n; j++)
        for (size_t i = 0; i < old->n; i++)
            if (old->match[i] == SIZE_MAX && old->table[i] == new->table[j] &&
                same_identity(&d->tables[new->table[j]], &old->rows[i], &new->rows[j])) {
                old->match[i] = j;
                new->match[j] = i;
                break;
            }
}

static int metric_value(const cp_result *r, cp_field f, double *v)
{
    return r && cp_result_value(r, f) && !cp_scalar_double(cp_result_value(r, f), v);
}

static int is_count(cp_field f)
{
    return f == CP_F_CYCLES || f == CP_F_INSTRUCTIONS;
}

static cp_field count_of(const cp_result *r)
{
    double v;
    if (metric_value(r, CP_F_CYCLES, &v))
        return CP_F_CYCLES;
    if (metric_value(r, CP_F_INSTRUCTIONS, &v))
        return CP_F_INSTRUCTIONS;
    return CP_F_COUNT;
}

static cp_diff_mark judge(cp_field f, double o, double n, double threshold)
{
    double delta = n - o;
    int within = cp_diff_metric_is_bytes(f) ? fabs(delta) <= threshold
                 : o == 0                   ? n == 0
                                            : fabs(delta) * 100.0 <= threshold * fabs(o);
    if (within)
        return CP_MARK_UNCHANGED;
    int lower_is_better = f != CP_F_THROUGHPUT;
    return (delta < 0) == lower_is_better ? CP_MARK_BETTER : CP_MARK_WORSE;
}

static void push_metric(cp_diff_row *row, cp_diff_metric m)
{
    row->metrics = cp_xrealloc(row->metrics, (row->nmetrics + 1) * sizeof *row->metrics);
    row->metrics[row->nmetrics++] = m;
}

static void compare_metrics(cp_diff_row *row, const cp_diff_thresholds *t)
{
    cp_field oc = count_of(row->old_row), nc = count_of(row->new_row);
    int counts_differ = oc != CP_F_COUNT && nc != CP_F_COUNT && oc != nc;
    for (int fi = 0; fi < CP_F_COUNT; fi++) {
        cp_field f = (cp_field)fi;
        if (cp_fields[f].role != CP_ROLE_METRIC)
            continue;
        cp_diff_metric m = { CP_F_COUNT, CP_F_COUNT, 0, 0, 0, 0, 0, CP_MARK_NOT_COMPARABLE };
        if (is_count(f) && counts_differ) {
            if (f != oc)
                continue;   /* the pair is reported once, under the old kind */
            m.old_metric = oc;
            m.new_metric = nc;
            metric_value(row->old_row, oc, &m.old_value);
            metric_value(row->new_row, nc, &m.new_value);
            push_metric(row, m);
            continue;
        }
        int has_old = metric_value(row->old_row, f, &m.old_value);
        int has_new = metric_value(row->new_row, f, &m.new_value);
        if (!has_old && !has_new)
            continue;
        m.old_metric = has_old ? f : CP_F_COUNT;
        m.new_metric = has_new ? f : CP_F_COUNT;
        if (has_old && has_new) {
            m.abs_change = m.new_value - m.old_value;
            m.rel_defined = m.old_value != 0;
            m.rel_change = m.rel_defined ? m.abs_change / m.old_value : 0;
            m.mark = judge(f, m.old_value, m.new_value, t->value[f]);
        } else {
            m.mark = has_new ? CP_MARK_ADDED : CP_MARK_REMOVED;
        }
        push_metric(row, m);
    }
}

/* A matched row is worse when any metric is, else better when any is, else
 * unchanged when any metric was compared at all. */
static cp_diff_mark row_mark(const cp_diff_row *row)
{
    if (!row->old_row)
        return CP_MARK_ADDED;
    if (!row->new_row)
        return CP_MARK_REMOVED;
    static const cp_diff_mark order[] = { CP_MARK_WORSE, CP_MARK_BETTER, CP_MARK_UNCHANGED };
    for (size_t k = 0; k < sizeof order / sizeof order[0]; k++)
        for (size_t i = 0; i < row->nmetrics; i++)
            if (row->metrics[i].mark == order[k])
                return order[k];
    return CP_MARK_NOT_COMPARABLE;
}

static void emit_row(cp_diff *d, size_t t, const cp_result *o, const cp_result *n, const cp_diff_thresholds *th)
{
    cp_diff_row *row = &d->rows[d->nrows++];
    memset(row, 0, sizeof *row);
    row->table = t;
    row->old_row = o;
    row->new_row = n;
    compare_metrics(row, th);
    row->mark = row_mark(row);
    d->tables[t].nrows++;
    for (size_t i = 0; i < row->nmetrics; i++)
        d->metrics_by_mark[row->metrics[i].mark]++;
    d->matched += o && n;
    d->added += !o;
    d->removed += !n;
}

/* OLD rows of table t that follow old row `after` (or start the table when
 * after is SIZE_MAX) up to the next matched one, and are removed. */
static void emit_removed_run(cp_diff *d, size_t t, const side *old, size_t after, const cp_diff_thresholds *th)
{
    for (size_t i = after == SIZE_MAX ? 0 : after + 1; i < old->n; i++) {
        if (old->table[i] != t)
            continue;
        if (old->match[i] != SIZE_MAX)
            return;
        emit_row(d, t, &old->rows[i], NULL, th);
    }
}

static void order_rows(cp_diff *d, const side *old, const side *new, const cp_diff_thresholds *th)
{
    d->rows = cp_xcalloc(old->n + new->n + 1, sizeof *d->rows);
    for (size_t t = 0; t < d->ntables; t++) {
        d->tables[t].first_row = d->nrows;
        emit_removed_run(d, t, old, SIZE_MAX, th);
        for (size_t j = 0; j < new->n; j++) {
            if (new->table[j] != t)
                continue;
            size_t i = new->match[j];
            emit_row(d, t, i == SIZE_MAX ? NULL : &old->rows[i], &new->rows[j], th);
            if (i != SIZE_MAX)
                emit_removed_run(d, t, old, i, th);
        }
    }
}

void cp_diff_compute(cp_diff *d, const cp_result *old_rows, size_t nold, const cp_result *new_rows,
                     size_t nnew, const cp_diff_thresholds *t)
{
    memset(d, 0, sizeof *d);
    d->old_rows = nold;
    d->new_rows = nnew;
    side old = { old_rows, nold, cp_xcalloc(nold + 1, sizeof(size_t)), cp_xcalloc(nold + 1, sizeof(size_t)) };
    side new = { new_rows, nnew, cp_xcalloc(nnew + 1, sizeof(size_t)), cp_xcalloc(nnew + 1, sizeof(size_t)) };
    /* tables in NEW's order, then those only OLD has */
    for (size_t j = 0; j < nnew; j++) {
        new.table[j] = find_table(d, &new_rows[j]);
        new.match[j] = SIZE_MAX;
    }
    for (size_t i = 0; i < nold; i++) {
        old.table[i] = find_table(d, &old_rows[i]);
        old.match[i] = SIZE_MAX;
    }
    for (size_t tb = 0; tb < d->ntables; tb++)
        settle_shape(d, tb, &old, &new);
    match_rows(d, &old, &new);
    order_rows(d, &old, &new, t);
    free(old.table);
    free(old.match);
    free(new.table);
    free(new.match);
    cp_diff_summarize(d);
}

void cp_diff_free(cp_diff *d)
{
    for (size_t i = 0; i < d->nrows; i++)
        free(d->rows[i].metrics);
    free(d->rows);
    free(d->tables);
    free(d->families);
    for (size_t i = 0; i < d->nnotes; i++)
        free(d->notes[i]);
    free(d->notes);
    memset(d, 0, sizeof *d);
}

const cp_node *cp_diff_row_id(const cp_diff_row *row, cp_field f)
{
    const cp_node *v = row->new_row ? cp_result_value(row->new_row, f) : NULL;
    return v ? v : row->old_row ? cp_result_value(row->old_row, f) : NULL;
}

int cp_diff_has_mark(const cp_diff *d, cp_diff_mark m)
{
    if (m >= CP_MARK_COUNT)
        return 0;
    if (d->metrics_by_mark[m])
        return 1;
    for (size_t i = 0; i < d->nrows; i++)
        if (d->rows[i].mark == m)
            return 1;
    return 0;
}
