/* Matching the rows of two versions and comparing their metrics (the rules
 * are in diff.h). Tables and rows are found through hash indexes, so the
 * work grows with the number of rows, not with its square. */
#include "diff/diff.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/util.h"

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

/* Open addressing over indexes + 1 (0 = empty), twice the entries. */
typedef struct {
    size_t *slot;
    size_t mask;
} index_table;

static void index_init(index_table *ix, size_t n)
{
    size_t cap = 16;
    while (cap < 2 * n)
        cap *= 2;
    ix->slot = cp_xcalloc(cap, sizeof *ix->slot);
    ix->mask = cap - 1;
}

/* Hashing keeps matching linear in the rows (a million rows a side take
 * seconds, comparing all pairs took minutes), keyed so that no chosen
 * data can make the rows share a slot (base/hash.h). */
static size_t table_key_hash(const char *const k[NKEY])
{
    cp_hash h;
    cp_hash_init(&h);
    for (size_t i = 0; i < NKEY; i++) {
        cp_hash_word(&h, k[i] != NULL);
        if (k[i])
            cp_hash_bytes(&h, k[i], strlen(k[i]));
    }
    return (size_t)cp_hash_final(&h);
}

/* The table of key k, made when new; tix indexes d->tables by key. */
static size_t find_table(cp_diff *d, index_table *tix, size_t *cap, const char *const k[NKEY])
{
    size_t at = table_key_hash(k) & tix->mask;
    for (; tix->slot[at]; at = (at + 1) & tix->mask) {
        const cp_diff_table *tb = &d->tables[tix->slot[at] - 1];
        if (text_eq(tb->family, k[0]) && text_eq(tb->kind, k[1]) && text_eq(tb->measure, k[2]) &&
            text_eq(tb->implementation, k[3]))
            return tix->slot[at] - 1;
    }
    if (d->ntables == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        d->tables = cp_xrealloc(d->tables, *cap * sizeof *d->tables);
    }
    cp_diff_table *tb = &d->tables[d->ntables];
    memset(tb, 0, sizeof *tb);
    tb->family = k[0];
    tb->kind = k[1];
    tb->measure = k[2];
    tb->implementation = k[3];
    tix->slot[at] = d->ntables + 1;
    return d->ntables++;
}

/* Rows below which a second thread costs more than it saves. */
#define THREAD_ROWS 1000

/* fn(a) and fn(b) at the same time, b on a second thread, when there are
 * rows enough (one after the other when no thread is to be had): the
 * two versions' rows are worked on apart wherever they can be. */
static void on_two_threads(void *(*fn)(void *), void *a, void *b, size_t rows)
{
    pthread_t second;
    int threaded = rows >= THREAD_ROWS && pthread_create(&second, NULL, fn, b) == 0;
    fn(a);
    if (threaded)
        pthread_join(second, NULL);
    else
        fn(b);
}

/* One version's tables in the order they first appear, and each row's
 * place among them: a cp_diff of its own. */
typedef struct {
    const cp_result *rows;
    size_t n;
    size_t *table;      /* out: the row's table in local */
    cp_diff local;      /* only tables and ntables */
} table_job;

static void *find_tables(void *arg)
{
    table_job *j = arg;
    index_table tix;
    index_init(&tix, 64);
    size_t cap = 0;
    for (size_t i = 0; i < j->n; i++) {
        const char *k[NKEY];
        for (size_t f = 0; f < NKEY; f++)
            k[f] = cp_result_text(&j->rows[i], table_key[f]);
        /* few tables: the index stays at most half full */
        if (2 * (j->local.ntables + 1) > tix.mask + 1) {
            free(tix.slot);
            index_init(&tix, 2 * (j->local.ntables + 1));
            for (size_t t = 0; t < j->local.ntables; t++) {
                const cp_diff_table *tb = &j->local.tables[t];
                const char *tk[NKEY] = { tb->family, tb->kind, tb->measure, tb->implementation };
                size_t at = table_key_hash(tk) & tix.mask;
                while (tix.slot[at])
                    at = (at + 1) & tix.mask;
                tix.slot[at] = t + 1;
            }
        }
        j->table[i] = find_table(&j->local, &tix, &cap, k);
    }
    free(tix.slot);
    return NULL;
}

/* Tables in NEW's order, then those only OLD has: each version's own
 * (found on two threads), then put together in that order. */
static void assign_tables(cp_diff *d, table_job *old, table_job *new)
{
    on_two_threads(find_tables, old, new, old->n + new->n);
    index_table tix;
    index_init(&tix, new->local.ntables + old->local.ntables);
    size_t cap = 0;
    table_job *in_order[2] = { new, old };
    for (int k = 0; k < 2; k++) {
        table_job *j = in_order[k];
        size_t *global = cp_xmalloc((j->local.ntables + 1) * sizeof *global);
        for (size_t t = 0; t < j->local.ntables; t++) {
            const cp_diff_table *tb = &j->local.tables[t];
            const char *tk[NKEY] = { tb->family, tb->kind, tb->measure, tb->implementation };
            global[t] = find_table(d, &tix, &cap, tk);
        }
        for (size_t i = 0; i < j->n; i++)
            j->table[i] = global[j->table[i]];
        free(global);
        free(j->local.tables);
    }
    free(tix.slot);
}

static int matching_field(const cp_diff_table *tb, int f)
{
    return cp_fields[f].role == CP_ROLE_ID && !cp_diff_is_table_field((cp_field)f) && !tb->ignored[f];
}

/* Equal identity inside a table, leaving out the ignored fields. */
static int same_identity(const cp_diff_table *tb, const cp_result *a, const cp_result *b)
{
    for (int f = 0; f < CP_F_COUNT; f++)
        if (matching_field(tb, f) && !value_eq((cp_field)f, cp_result_value(a, f), cp_result_value(b, f)))
            return 0;
    return 1;
}

/* Agrees with same_identity: the table's own fields are equal within it,
 * and hashed too so that like rows of different tables (one index holds
 * them all) land apart. */
static uint64_t identity_hash(const cp_diff_table *tb, const cp_result *r)
{
    return cp_result_identity_hash(r, tb->ignored);
}

/* One version's rows, with the table each belongs to and its match. */
typedef struct {
    const cp_result *rows;
    size_t n;
    size_t *table;
    size_t *match;      /* index in the other version, or SIZE_MAX */
    size_t *by_table;   /* row indexes grouped by table, each group in row order */
    size_t *first;      /* ntables + 1 starts into by_table */
    size_t *pos;        /* a row's place in by_table */
} side;

/* Groups the rows by table (a counting sort: linear, stable). */
static void group_by_table(side *s, size_t ntables)
{
    s->first = cp_xcalloc(ntables + 2, sizeof *s->first);
    s->by_table = cp_xcalloc(s->n + 1, sizeof *s->by_table);
    s->pos = cp_xcalloc(s->n + 1, sizeof *s->pos);
    for (size_t i = 0; i < s->n; i++)
        s->first[s->table[i] + 2]++;
    for (size_t t = 2; t < ntables + 2; t++)
        s->first[t] += s->first[t - 1];
    for (size_t i = 0; i < s->n; i++) {
        size_t at = s->first[s->table[i] + 1]++;
        s->by_table[at] = i;
        s->pos[i] = at;
    }
}

static void side_free(side *s)
{
    free(s->table);
    free(s->match);
    free(s->by_table);
    free(s->first);
    free(s->pos);
}

/* No two rows of table t on side s have the same identity. */
static int unique_in_table(const cp_diff_table *tb, size_t t, const side *s)
{
    size_t from = s->first[t], to = s->first[t + 1];
    index_table ix;
    index_init(&ix, to - from);
    int unique = 1;
    for (size_t k = from; k < to && unique; k++) {
        const cp_result *r = &s->rows[s->by_table[k]];
        size_t at = (size_t)identity_hash(tb, r) & ix.mask;
        for (; ix.slot[at]; at = (at + 1) & ix.mask)
            if (same_identity(tb, &s->rows[s->by_table[ix.slot[at] - 1]], r)) {
                unique = 0;
                break;
            }
        ix.slot[at] = k + 1;
    }
    free(ix.slot);
    return unique;
}

typedef struct {
    const cp_diff_table *tb;
    size_t t;
    const side *s;
    int unique;
} unique_job;

static void *check_unique(void *arg)
{
    unique_job *j = arg;
    j->unique = unique_in_table(j->tb, j->t, j->s);
    return NULL;
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

/* Which identifying fields some row of table t on side s carries. */
static void fields_present(const side *s, size_t t, unsigned char present[CP_F_COUNT])
{
    /* a field's place is not 0 when cp_result_value is not NULL: the
     * places of all rows or'ed together, a byte at a time */
    unsigned char any[CP_F_COUNT] = { 0 };
    for (size_t k = s->first[t]; k < s->first[t + 1]; k++) {
        const unsigned char *at = s->rows[s->by_table[k]].at;
        for (int f = 0; f < CP_F_COUNT; f++)
            any[f] |= at[f];
    }
    for (int f = 0; f < CP_F_COUNT; f++)
        present[f] = any[f] != 0;
}

/* The shape rule: a field only one version's table has is left out of the
 * identity when that keeps identities unique on both sides. */
static void settle_shape(cp_diff *d, size_t t, const side *old, const side *new)
{
    cp_diff_table *tb = &d->tables[t];
    /* a table only one version has is all added or all removed */
    if (old->first[t] == old->first[t + 1] || new->first[t] == new->first[t + 1])
        return;
    unsigned char in_old[CP_F_COUNT], in_new[CP_F_COUNT];
    fields_present(old, t, in_old);
    fields_present(new, t, in_new);
    for (int f = 0; f < CP_F_COUNT; f++) {
        if (cp_fields[f].role != CP_ROLE_ID || cp_diff_is_table_field((cp_field)f) || in_old[f] == in_new[f])
            continue;
        tb->ignored[f] = 1;
        unique_job u[2] = { { tb, t, old, 0 }, { tb, t, new, 0 } };
        on_two_threads(check_unique, &u[0], &u[1],
                       old->first[t + 1] - old->first[t] + new->first[t + 1] - new->first[t]);
        if (!u[0].unique || !u[1].unique)
            tb->ignored[f] = 0;
        add_note(d, cp_xasprintf("field %s present only in %s for %s; %s", cp_fields[f].name, in_old[f] ? "OLD" : "NEW",
                                 tb->family ? tb->family : "?",
                                 tb->ignored[f] ? "ignored for matching"
                                                : "kept for matching (ignoring it would make rows ambiguous)"));
    }
}

/* Every row's identity hash, one version's rows on each thread. */
typedef struct {
    const cp_diff *d;
    const side *s;
    uint64_t *hash;
} hash_job;

static void *hash_rows(void *arg)
{
    hash_job *j = arg;
    for (size_t i = 0; i < j->s->n; i++) {
        size_t t = j->s->table[i];
        j->hash[i] = identity_hash(&j->d->tables[t], &j->s->rows[i]);
    }
    return NULL;
}

/* Each NEW row, in order, takes the first OLD row of its table with the
 * same identity that is not taken yet. */
static void match_rows(cp_diff *d, side *old, side *new)
{
    hash_job hj[2] = { { d, old, cp_xmalloc((old->n + 1) * sizeof(uint64_t)) },
                       { d, new, cp_xmalloc((new->n + 1) * sizeof(uint64_t)) } };
    on_two_threads(hash_rows, &hj[0], &hj[1], old->n + new->n);
    const uint64_t *oh = hj[0].hash, *nh = hj[1].hash;
    index_table ix;
    index_init(&ix, old->n);
    size_t *next = cp_xcalloc(old->n + 1, sizeof *next); /* the next OLD row of the same identity + 1 */
    size_t *last = cp_xcalloc(old->n + 1, sizeof *last);  /* per chain head: its last row */
    for (size_t i = 0; i < old->n; i++) {
        size_t t = old->table[i];
        size_t at = (size_t)oh[i] & ix.mask;
        for (; ix.slot[at]; at = (at + 1) & ix.mask) {
            size_t h = ix.slot[at] - 1;
            if (oh[h] == oh[i] && old->table[h] == t && same_identity(&d->tables[t], &old->rows[h], &old->rows[i]))
                break;
        }
        if (!ix.slot[at]) {
            ix.slot[at] = i + 1;
            last[i] = i;
        } else {
            size_t h = ix.slot[at] - 1;
            next[last[h]] = i + 1;
            last[h] = i;
        }
    }
    for (size_t j = 0; j < new->n; j++) {
        size_t t = new->table[j];
        size_t at = (size_t)nh[j] & ix.mask;
        for (; ix.slot[at]; at = (at + 1) & ix.mask) {
            size_t h = ix.slot[at] - 1;
            /* equal identities hash alike (identity_hash) */
            if (oh[h] != nh[j] || old->table[h] != t ||
                !same_identity(&d->tables[t], &old->rows[h], &new->rows[j]))
                continue;
            for (size_t i = h + 1; i; i = next[i - 1])
                if (old->match[i - 1] == SIZE_MAX) {
                    old->match[i - 1] = j;
                    new->match[j] = i - 1;
                    break;
                }
            break;
        }
    }
    free(next);
    free(last);
    free(ix.slot);
    free(hj[0].hash);
    free(hj[1].hash);
}

static int metric_value(const cp_result *r, cp_field f, double *v)
{
    return r && cp_result_value(r, f) && !cp_scalar_double(cp_result_value(r, f), v);
}

int cp_diff_is_count(cp_field f)
{
    return f == CP_F_CYCLES || f == CP_F_INSTRUCTIONS || f == CP_F_CYCLES_ESTIMATED;
}

static int same_text(const cp_node *a, const cp_node *b, const char *path)
{
    const char *x = cp_scalar(cp_header_node(a, path)), *y = cp_scalar(cp_header_node(b, path));
    return x && y && !strcmp(x, y);
}

cp_field cp_diff_count(const cp_node *old_root, const cp_node *new_root)
{
    cp_field o = old_root ? cp_lead_count(old_root) : CP_F_COUNT, n = new_root ? cp_lead_count(new_root) : CP_F_COUNT;
    if (o == CP_F_CYCLES_ESTIMATED && n == CP_F_CYCLES_ESTIMATED && same_text(old_root, new_root, "cycle_model.name") &&
        same_text(old_root, new_root, "cycle_model.version"))
        return CP_F_CYCLES_ESTIMATED;
    o = o == CP_F_CYCLES_ESTIMATED ? CP_F_INSTRUCTIONS : o;
    n = n == CP_F_CYCLES_ESTIMATED ? CP_F_INSTRUCTIONS : n;
    return o == n ? o : CP_F_COUNT;
}

/* The count of another kind than the diff compares: estimated cycles, or
 * the instructions they stand for */
static cp_field count_left_out(const cp_diff *d)
{
    return d->count == CP_F_CYCLES_ESTIMATED ? CP_F_INSTRUCTIONS : CP_F_CYCLES_ESTIMATED;
}

static cp_field count_of(const cp_result *r, cp_field skip)
{
    static const cp_field counts[] = { CP_F_CYCLES, CP_F_CYCLES_ESTIMATED, CP_F_INSTRUCTIONS };
    double v;
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        if (counts[i] != skip && metric_value(r, counts[i], &v))
            return counts[i];
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

/* The metrics of a matched, added or removed row: gathered here, then
 * stored in one allocation (a million rows have millions of metrics). */
static void compare_metrics(cp_diff_row *row, const cp_diff_thresholds *t, cp_field skip)
{
    cp_diff_metric found[CP_F_COUNT];
    size_t nfound = 0;
    cp_field oc = count_of(row->old_row, skip), nc = count_of(row->new_row, skip);
    int counts_differ = oc != CP_F_COUNT && nc != CP_F_COUNT && oc != nc;
    for (int fi = 0; fi < CP_F_COUNT; fi++) {
        cp_field f = (cp_field)fi;
        if (cp_fields[f].role != CP_ROLE_METRIC || f == skip)
            continue;
        cp_diff_metric m = { CP_F_COUNT, CP_F_COUNT, 0, 0, 0, 0, 0, CP_MARK_NOT_COMPARABLE };
        if (cp_diff_is_count(f) && counts_differ) {
            if (f != oc)
                continue;   /* the pair is reported once, under the old kind */
            m.old_metric = oc;
            m.new_metric = nc;
            metric_value(row->old_row, oc, &m.old_value);
            metric_value(row->new_row, nc, &m.new_value);
            found[nfound++] = m;
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
        found[nfound++] = m;
    }
    if (nfound) {
        row->metrics = cp_xmalloc(nfound * sizeof *row->metrics);
        memcpy(row->metrics, found, nfound * sizeof *row->metrics);
    }
    row->nmetrics = nfound;
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

/* A row in its place; its metrics are compared later (compare_rows). */
static void emit_row(cp_diff *d, size_t t, const cp_result *o, const cp_result *n)
{
    cp_diff_row *row = &d->rows[d->nrows++];
    memset(row, 0, sizeof *row);
    row->table = t;
    row->old_row = o;
    row->new_row = n;
    d->tables[t].nrows++;
    d->matched += o && n;
    d->added += !o;
    d->removed += !n;
}

/* Rows [from, to) of d: their metrics and marks, counted in by_mark. */
typedef struct {
    cp_diff *d;
    const cp_diff_thresholds *th;
    size_t from, to;
    size_t by_mark[CP_MARK_COUNT];
} compare_part;

static void *compare_rows(void *arg)
{
    compare_part *p = arg;
    for (size_t r = p->from; r < p->to; r++) {
        cp_diff_row *row = &p->d->rows[r];
        compare_metrics(row, p->th, count_left_out(p->d));
        row->mark = row_mark(row);
        for (size_t i = 0; i < row->nmetrics; i++)
            p->by_mark[row->metrics[i].mark]++;
    }
    return NULL;
}

/* Every row's metrics, the two halves of the rows on two threads (rows
 * are independent: a million take seconds on one). */
static void compare_all(cp_diff *d, const cp_diff_thresholds *th)
{
    compare_part part[2] = { { d, th, 0, d->nrows / 2, { 0 } }, { d, th, d->nrows / 2, d->nrows, { 0 } } };
    on_two_threads(compare_rows, &part[0], &part[1], d->nrows);
    for (int k = 0; k < 2; k++)
        for (int m = 0; m < CP_MARK_COUNT; m++)
            d->metrics_by_mark[m] += part[k].by_mark[m];
}

/* OLD rows of table t from place k of its group on, up to the next
 * matched one: the removed rows that follow a matched row (or start the
 * table). */
static void emit_removed_run(cp_diff *d, size_t t, const side *old, size_t k)
{
    for (; k < old->first[t + 1]; k++) {
        size_t i = old->by_table[k];
        if (old->match[i] != SIZE_MAX)
            return;
        emit_row(d, t, &old->rows[i], NULL);
    }
}

static void order_rows(cp_diff *d, const side *old, const side *new)
{
    d->rows = cp_xcalloc(old->n + new->n + 1, sizeof *d->rows);
    for (size_t t = 0; t < d->ntables; t++) {
        d->tables[t].first_row = d->nrows;
        emit_removed_run(d, t, old, old->first[t]);
        for (size_t k = new->first[t]; k < new->first[t + 1]; k++) {
            size_t j = new->by_table[k];
            size_t i = new->match[j];
            emit_row(d, t, i == SIZE_MAX ? NULL : &old->rows[i], &new->rows[j]);
            if (i != SIZE_MAX)
                emit_removed_run(d, t, old, old->pos[i] + 1);
        }
    }
}

void cp_diff_compute(cp_diff *d, const cp_result *old_rows, size_t nold, const cp_result *new_rows,
                     size_t nnew, const cp_diff_thresholds *t)
{
    memset(d, 0, sizeof *d);
    d->old_rows = nold;
    d->new_rows = nnew;
    /* every result of a side has its dataset's header */
    d->count = cp_diff_count(nold ? old_rows[0].header : NULL, nnew ? new_rows[0].header : NULL);
    side old = { old_rows, nold, cp_xcalloc(nold + 1, sizeof(size_t)), cp_xcalloc(nold + 1, sizeof(size_t)), 0, 0, 0 };
    side new = { new_rows, nnew, cp_xcalloc(nnew + 1, sizeof(size_t)), cp_xcalloc(nnew + 1, sizeof(size_t)), 0, 0, 0 };
    table_job tj_old = { old_rows, nold, old.table, { 0 } }, tj_new = { new_rows, nnew, new.table, { 0 } };
    assign_tables(d, &tj_old, &tj_new);
    for (size_t j = 0; j < nnew; j++)
        new.match[j] = SIZE_MAX;
    for (size_t i = 0; i < nold; i++)
        old.match[i] = SIZE_MAX;
    group_by_table(&old, d->ntables);
    group_by_table(&new, d->ntables);
    for (size_t tb = 0; tb < d->ntables; tb++)
        settle_shape(d, tb, &old, &new);
    match_rows(d, &old, &new);
    order_rows(d, &old, &new);
    compare_all(d, t);
    side_free(&old);
    side_free(&new);
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
