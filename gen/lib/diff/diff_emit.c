/* Walks a diff once and writes it through the YAML/JSON writer. */
#include "diff/diff_emit.h"

#include <pthread.h>

static void number(cp_yj *w, cp_field f, double v)
{
    if (cp_fields[f].type == CP_FT_INT) {
        cp_yj_int(w, (long long)v);
    } else {
        /* 15 significant digits give back what the dataset said (12.5, not
         * 12.500000000000002 after a subtraction) */
        cp_yj_real(w, v, -1);
    }
}

static void side(cp_yj *w, const char *key, const cp_dataset *ds)
{
    cp_yj_key(w, key);
    cp_yj_map_begin(w);
    cp_yj_key(w, "path");
    cp_yj_str(w, ds->path);
    static const char *const header[][2] = {
        { "series", "series" },           { "library", "library.name" }, { "version", "library.version" },
        { "mcu", "hardware.mcu" },         { "counter", "counter.kind" },
    };
    for (size_t i = 0; i < sizeof header / sizeof header[0]; i++) {
        cp_yj_key(w, header[i][0]);
        cp_yj_str(w, cp_dataset_text(ds, header[i][1]));
    }
    cp_yj_map_end(w);
}

static void thresholds(cp_yj *w, const cp_diff_thresholds *t)
{
    cp_yj_key(w, "thresholds");
    cp_yj_map_begin(w);
    for (int f = 0; f < CP_F_COUNT; f++) {
        if (cp_fields[f].role != CP_ROLE_METRIC)
            continue;
        cp_yj_key(w, cp_fields[f].name);
        cp_yj_map_begin(w);
        cp_yj_key(w, cp_diff_metric_is_bytes((cp_field)f) ? "bytes" : "percent");
        cp_yj_real(w, t->value[f], -1);
        cp_yj_key(w, "lower_is_better");
        cp_yj_bool(w, f != CP_F_THROUGHPUT);
        cp_yj_map_end(w);
    }
    cp_yj_map_end(w);
}

static void row_id(cp_yj *w, const cp_diff_row *row)
{
    cp_yj_key(w, "id");
    cp_yj_map_begin(w);
    for (int f = 0; f < CP_F_COUNT; f++) {
        const cp_node *v = cp_diff_row_id(row, (cp_field)f);
        if (cp_fields[f].role != CP_ROLE_ID || cp_diff_is_table_field((cp_field)f) || !v)
            continue;
        cp_yj_key(w, cp_fields[f].name);
        long long iv;
        if (cp_fields[f].type == CP_FT_INT && !cp_scalar_int(v, &iv))
            cp_yj_int(w, iv);
        else
            cp_yj_str(w, v->text);
    }
    cp_yj_map_end(w);
}

static void metric_fields(cp_yj *w, const cp_diff_metric *m)
{
    cp_field f = m->new_metric != CP_F_COUNT ? m->new_metric : m->old_metric;
    cp_yj_key(w, "metric");
    cp_yj_str(w, cp_fields[m->old_metric != CP_F_COUNT ? m->old_metric : f].name);
    if (m->old_metric != CP_F_COUNT && m->new_metric != CP_F_COUNT && m->old_metric != m->new_metric) {
        cp_yj_key(w, "new_metric");
        cp_yj_str(w, cp_fields[m->new_metric].name);
    }
    cp_yj_key(w, "old");
    if (m->old_metric != CP_F_COUNT)
        number(w, m->old_metric, m->old_value);
    else
        cp_yj_null(w);
    cp_yj_key(w, "new");
    if (m->new_metric != CP_F_COUNT)
        number(w, m->new_metric, m->new_value);
    else
        cp_yj_null(w);
    int compared = m->mark == CP_MARK_BETTER || m->mark == CP_MARK_WORSE || m->mark == CP_MARK_UNCHANGED;
    cp_yj_key(w, "change");
    if (compared)
        number(w, f, m->abs_change);
    else
        cp_yj_null(w);
    cp_yj_key(w, "relative_percent");
    if (compared && m->rel_defined)
        cp_yj_real(w, 100.0 * m->rel_change, 2);
    else
        cp_yj_null(w);
    cp_yj_key(w, "mark");
    cp_yj_str(w, cp_diff_mark_name(m->mark));
}

static void metric(cp_yj *w, const cp_diff_metric *m)
{
    cp_yj_map_begin(w);
    metric_fields(w, m);
    cp_yj_map_end(w);
}

static void row(cp_yj *w, const cp_diff_row *r)
{
    cp_yj_map_begin(w);
    cp_yj_key(w, "mark");
    cp_yj_str(w, cp_diff_mark_name(r->mark));
    row_id(w, r);
    cp_yj_key(w, "metrics");
    cp_yj_seq_begin(w);
    for (size_t i = 0; i < r->nmetrics; i++)
        metric(w, &r->metrics[i]);
    cp_yj_seq_end(w);
    cp_yj_map_end(w);
}

static void table_key(cp_yj *w, const cp_diff_table *tb)
{
    const char *key[][2] = {
        { "family", tb->family },
        { "kind", tb->kind },
        { "measure", tb->measure },
        { "implementation", tb->implementation },
    };
    for (size_t i = 0; i < sizeof key / sizeof key[0]; i++)
        if (key[i][1]) {
            cp_yj_key(w, key[i][0]);
            cp_yj_str(w, key[i][1]);
        }
}

static void table_open(cp_yj *w, const cp_diff_table *tb)
{
    cp_yj_map_begin(w);
    table_key(w, tb);
    cp_yj_key(w, "ignored_for_matching");
    cp_yj_seq_begin(w);
    for (int f = 0; f < CP_F_COUNT; f++)
        if (tb->ignored[f])
            cp_yj_str(w, cp_fields[f].name);
    cp_yj_seq_end(w);
    cp_yj_key(w, "rows");
    cp_yj_seq_begin(w);
}

static void table_close(cp_yj *w)
{
    cp_yj_seq_end(w);
    cp_yj_map_end(w);
}

/* Tables t_from.. t_to - 1 whole (t_to may be ntables). */
static void whole_tables(cp_yj *w, const cp_diff *d, size_t t_from, size_t t_to)
{
    for (size_t t = t_from; t < t_to; t++) {
        const cp_diff_table *tb = &d->tables[t];
        table_open(w, tb);
        for (size_t i = 0; i < tb->nrows; i++)
            row(w, &d->rows[tb->first_row + i]);
        table_close(w);
    }
}

static void family(cp_yj *w, const cp_diff *d, const cp_diff_family *f)
{
    cp_yj_map_begin(w);
    cp_yj_key(w, "family");
    cp_yj_str(w, f->family);
    cp_yj_key(w, "rows");
    cp_yj_map_begin(w);
    for (int m = 0; m < CP_MARK_COUNT; m++) {
        cp_yj_key(w, cp_diff_mark_name((cp_diff_mark)m));
        cp_yj_int(w, (long long)f->rows[m]);
    }
    cp_yj_map_end(w);
    cp_yj_key(w, "geomean_ratio");
    if (f->ngeomean)
        cp_yj_real(w, f->geomean, 4);
    else
        cp_yj_null(w);
    cp_yj_key(w, "geomean_rows");
    cp_yj_int(w, (long long)f->ngeomean);
    cp_yj_key(w, "largest_changes");
    cp_yj_seq_begin(w);
    for (size_t i = 0; i < f->ntop; i++) {
        const cp_diff_row *r = &d->rows[f->top[i].row];
        const cp_diff_metric *m = &r->metrics[f->top[i].metric];
        cp_yj_map_begin(w);
        table_key(w, &d->tables[r->table]);
        row_id(w, r);
        metric_fields(w, m);
        cp_yj_map_end(w);
    }
    cp_yj_seq_end(w);
    cp_yj_map_end(w);
}

/* The document up to its tables, and "tables:" opened. */
static void head(cp_yj *w, const cp_diff *d, const cp_dataset *old_ds, const cp_dataset *new_ds,
                 const cp_diff_thresholds *t)
{
    cp_yj_map_begin(w);
    cp_yj_key(w, "format");
    cp_yj_str(w, "cryptoperf-diff/1");
    side(w, "old", old_ds);
    side(w, "new", new_ds);
    thresholds(w, t);
    cp_yj_key(w, "totals");
    cp_yj_map_begin(w);
    const struct {
        const char *k;
        size_t v;
    } totals[] = { { "old_rows", d->old_rows }, { "new_rows", d->new_rows }, { "matched", d->matched },
                   { "added", d->added },       { "removed", d->removed } };
    for (size_t i = 0; i < sizeof totals / sizeof totals[0]; i++) {
        cp_yj_key(w, totals[i].k);
        cp_yj_int(w, (long long)totals[i].v);
    }
    cp_yj_key(w, "metrics");
    cp_yj_map_begin(w);
    for (int m = 0; m < CP_MARK_COUNT; m++) {
        cp_yj_key(w, cp_diff_mark_name((cp_diff_mark)m));
        cp_yj_int(w, (long long)d->metrics_by_mark[m]);
    }
    cp_yj_map_end(w);
    cp_yj_map_end(w);
    cp_yj_key(w, "notes");
    cp_yj_seq_begin(w);
    for (size_t i = 0; i < d->nnotes; i++)
        cp_yj_str(w, d->notes[i]);
    cp_yj_seq_end(w);
    cp_yj_key(w, "families");
    cp_yj_seq_begin(w);
    for (size_t i = 0; i < d->nfamilies; i++)
        family(w, d, &d->families[i]);
    cp_yj_seq_end(w);
    cp_yj_key(w, "tables");
    cp_yj_seq_begin(w);
}

/* ---- a large YAML report, written by two threads ----
 *
 * Rows are most of a report. The first half of them (from the start of
 * the document) is written here, the second half (to its end) by a second
 * thread into its own buffer, written out after the first (never copied
 * into one: that took half a report more memory). YAML's layout at the start
 * of a row depends only on where the row stands (in a list of rows, in a
 * table, in the list of tables), not on the text before it, so the second
 * writer opens the same collections, writes a throwaway row, drops that
 * text (cp_yj_drop_text) and goes on as the first would have. */

/* Below this many rows one thread is quicker than starting a second. */
#define SPLIT_MIN_ROWS 2000

typedef struct {
    const cp_diff *d;
    size_t split;   /* the first row the second writer writes */
    cp_buf *out;
} second_half;

static void *write_second_half(void *arg)
{
    second_half *h = arg;
    const cp_diff *d = h->d;
    const cp_diff_row *first = &d->rows[h->split];
    const cp_diff_table *tb = &d->tables[first->table];
    cp_yj w;
    cp_yj_init(&w, h->out, CP_YJ_YAML);
    /* where the first writer stops: after a row of the rows of a table of
     * the tables of the document */
    cp_yj_map_begin(&w);
    cp_yj_key(&w, "tables");
    cp_yj_seq_begin(&w);
    cp_yj_map_begin(&w);
    cp_yj_key(&w, "rows");
    cp_yj_seq_begin(&w);
    cp_yj_null(&w);
    cp_yj_drop_text(&w);
    for (size_t i = h->split; i < tb->first_row + tb->nrows; i++)
        row(&w, &d->rows[i]);
    table_close(&w);
    whole_tables(&w, d, first->table + 1, d->ntables);
    cp_yj_seq_end(&w);
    cp_yj_map_end(&w);
    cp_yj_finish(&w);
    return NULL;
}

/* A row near the middle that is not the first of its table (the second
 * writer starts inside a table's rows), or 0 when there is none or the
 * report is small. */
static size_t split_row(const cp_diff *d)
{
    if (d->nrows < SPLIT_MIN_ROWS)
        return 0;
    for (size_t t = 0; t < d->ntables; t++)
        if (!d->tables[t].nrows)
            return 0; /* (never made: a table has the row that made it) */
    for (size_t i = d->nrows / 2; i < d->nrows; i++)
        if (i > d->tables[d->rows[i].table].first_row)
            return i;
    return 0;
}

/* The rows before split, in their tables, and nothing after: w stops
 * there, the second half has the rest (the document's end included). */
static void first_half(cp_yj *w, const cp_diff *d, size_t split)
{
    const cp_diff_table *tb = &d->tables[d->rows[split].table];
    whole_tables(w, d, 0, d->rows[split].table);
    table_open(w, tb);
    for (size_t i = tb->first_row; i < split; i++)
        row(w, &d->rows[i]);
}

void cp_diff_emit(cp_buf *out, cp_buf *rest, cp_yj_format format, const cp_diff *d, const cp_dataset *old_ds,
                  const cp_dataset *new_ds, const cp_diff_thresholds *t)
{
    second_half h = { d, format == CP_YJ_YAML ? split_row(d) : 0, rest };
    pthread_t second;
    int split = h.split && pthread_create(&second, NULL, write_second_half, &h) == 0;
    cp_yj w;
    cp_yj_init(&w, out, format);
    head(&w, d, old_ds, new_ds, t);
    if (split) {
        first_half(&w, d, h.split);
        pthread_join(second, NULL);
        return;
    }
    whole_tables(&w, d, 0, d->ntables);
    cp_yj_seq_end(&w);
    cp_yj_map_end(&w);
    cp_yj_finish(&w);
}
