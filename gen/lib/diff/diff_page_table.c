/* The tables of the diff page (diff_page.h) as the table model
 * (model/table.h): plain cell texts, numbers grouped as the layout groups
 * them, values shown with the layout's label maps. The writers escape. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/numfmt.h"
#include "diff/diff_page.h"
#include "model/table.h"
#include "page/cellfmt.h"

/* ---- building a table row by row ---- */

static void table_init(cp_table *t, const char *name, size_t ncols, const char *const *head)
{
    memset(t, 0, sizeof *t);
    t->name = cp_xstrdup(name);
    t->ncols = ncols;
    t->head = cp_xcalloc(ncols, sizeof *t->head);
    for (size_t i = 0; i < ncols; i++)
        t->head[i] = cp_xstrdup(head[i]);
}

static void table_row(cp_table *t)
{
    t->cells = cp_xrealloc(t->cells, (t->nrows + 1) * t->ncols * sizeof *t->cells);
    memset(&t->cells[t->nrows * t->ncols], 0, t->ncols * sizeof *t->cells);
    t->tones = cp_xrealloc(t->tones, (t->nrows + 1) * t->ncols);
    memset(&t->tones[t->nrows * t->ncols], CP_TONE_NONE, t->ncols);
    t->nrows++;
}

/* Shades a cell of the last row by its mark: better and worse only. */
static void table_tone(cp_table *t, size_t col, cp_diff_mark m)
{
    t->tones[(t->nrows - 1) * t->ncols + col] = m == CP_MARK_BETTER  ? CP_TONE_BETTER
                                                : m == CP_MARK_WORSE ? CP_TONE_WORSE
                                                                     : CP_TONE_NONE;
}

/* Sets a cell of the last row; takes text (NULL: the layout's "missing"). */
static void table_set(cp_table *t, const cp_layout *l, size_t col, char *text)
{
    t->cells[(t->nrows - 1) * t->ncols + col].text = cp_table_own(t, text ? text : cp_xstrdup(l->missing));
}

/* ---- cell texts ---- */

static char *count_text(const cp_layout *l, long long v, int sign)
{
    char digits[32];
    snprintf(digits, sizeof digits, sign && v ? "%+lld" : "%lld", v);
    cp_buf b = { 0 };
    cp_buf_puts(&b, "");
    cp_fmt_digits(&b, digits, l->group_min);
    return b.data;
}

static char *value_text(const cp_layout *l, cp_field f, double v, int sign)
{
    if (cp_fields[f].type == CP_FT_INT)
        return count_text(l, (long long)v, sign);
    return cp_xasprintf(sign && v ? "%+.15g" : "%.15g", v);
}

static int compared(const cp_diff_metric *m)
{
    return m->mark == CP_MARK_BETTER || m->mark == CP_MARK_WORSE || m->mark == CP_MARK_UNCHANGED;
}

/* One decimal, rounded (-29.38 % reads -29.4 %); never "-0.0 %". */
void cp_diff_put_percent(cp_buf *b, double rel)
{
    double pct = 100.0 * rel;
    if (fabs(pct) < 0.05)
        cp_buf_puts(b, "0.0 %");
    else
        cp_buf_printf(b, "%+.1f %%", pct);
}

/* "-1557 (-29.4 %) better", "added", "not comparable" */
static char *change_text(const cp_layout *l, const cp_diff_metric *m)
{
    if (!compared(m))
        return cp_xstrdup(m->mark == CP_MARK_NOT_COMPARABLE ? "not comparable" : cp_diff_mark_name(m->mark));
    cp_buf b = { 0 };
    char *abs = value_text(l, m->old_metric, m->abs_change, 1);
    cp_buf_puts(&b, abs);
    free(abs);
    if (m->rel_defined) {
        cp_buf_puts(&b, " (");
        cp_diff_put_percent(&b, m->rel_change);
        cp_buf_putc(&b, ')');
    }
    cp_buf_printf(&b, " %s", cp_diff_mark_name(m->mark));
    return b.data;
}

/* A side of a metric: its value, with the count kind when the two sides
 * count different things. */
static char *side_text(const cp_layout *l, const cp_diff_metric *m, int new_side)
{
    cp_field f = new_side ? m->new_metric : m->old_metric;
    if (f == CP_F_COUNT)
        return NULL;
    char *v = value_text(l, f, new_side ? m->new_value : m->old_value, 0);
    if (m->mark != CP_MARK_NOT_COMPARABLE)
        return v;
    char *s = cp_xasprintf("%s %s", v, cp_fields[f].name);
    free(v);
    return s;
}

/* ---- identifying columns: header, label map, unit; in the order the
 * pages show them (curve before hash, as in the ECDSA and RSA tables) ---- */

typedef struct {
    cp_field f;
    const char *head;
    const char *labels;   /* label map of the layout, or NULL */
    const char *unit;     /* appended after a space, or NULL */
} id_column;

static const id_column id_columns[] = {
    { CP_F_CIPHER_MODE, "Mode", NULL, NULL },
    { CP_F_KEY_BITS, "Key size", NULL, "bits" },
    { CP_F_CURVE, "Curve", "curve", NULL },
    { CP_F_PKCS1, "PKCS#1", NULL, NULL },
    { CP_F_MODEXP_METHOD, "Priv. key mod. exp. method", "crt", NULL },
    { CP_F_HASH, "Hash", "hash_mode", NULL },
    { CP_F_MODULUS_BITS, "Modulus size", NULL, "bits" },
    { CP_F_PARAMETER_SET, "Suite", NULL, NULL },
    { CP_F_BUFFER_BYTES, "Buffer size", NULL, "bytes" },
    { CP_F_MESSAGE_BYTES, "Message size", NULL, "bytes" },
    { CP_F_CHUNK_BYTES, "Chunk size", NULL, "bytes" },
    { CP_F_AAD_BYTES, "AAD size", NULL, "bytes" },
    { CP_F_NONCE_BYTES, "Nonce size", NULL, "bytes" },
    { CP_F_TAG_BYTES, "Tag size", NULL, "bytes" },
    { CP_F_OPERATION, "Operation", "op", NULL },
    { CP_F_CONFIGURATION, "Configuration", NULL, NULL },
    { CP_F_MATH_CONFIG, "Mathematics configuration", NULL, NULL },
    { CP_F_CURVE_DEFINITION, "Curve definition", NULL, NULL },
    { CP_F_MODEXP_IMPL, "Priv. key mod. exp. implementation", NULL, NULL },
    { CP_F_VARIANT, "Variant", NULL, NULL },
};
#define NID (sizeof id_columns / sizeof id_columns[0])

static char *id_text(const cp_layout *l, const cp_diff_table *tb, const cp_diff_row *row, const id_column *c)
{
    const cp_node *v = cp_diff_row_id(row, c->f);
    if (!v)
        return NULL;
    const char *label = c->labels ? cp_layout_label(l, c->labels, v->text) : NULL;
    long long n;
    char *text = label ? cp_xstrdup(label)
                 : cp_fields[c->f].type == CP_FT_INT && !cp_scalar_int(v, &n) ? count_text(l, n, 0)
                                                                              : cp_xstrdup(v->text);
    /* the pages name a cipher mode with its family: "AES CBC" */
    char *s = c->f == CP_F_CIPHER_MODE ? cp_xasprintf("%s %s", tb->family, text)
              : c->unit               ? cp_xasprintf("%s %s", text, c->unit)
                                      : NULL;
    if (s) {
        free(text);
        return s;
    }
    return text;
}

char *cp_diff_row_label(const cp_layout *l, const cp_diff *d, const cp_diff_row *row)
{
    cp_buf b = { 0 };
    cp_buf_puts(&b, "");
    for (size_t c = 0; c < NID; c++) {
        char *s = id_text(l, &d->tables[row->table], row, &id_columns[c]);
        if (s)
            cp_buf_printf(&b, "%s%s", b.len ? " " : "", s);
        free(s);
    }
    return b.data;
}

static const struct {
    cp_field f;
    const char *head;
} metric_heads[] = {
    { CP_F_TIME_MS, "Time (ms)" },
    { CP_F_THROUGHPUT, "Throughput (MB/s)" },
    { CP_F_CODE_BYTES, "Code" },
    { CP_F_CONST_BYTES, "Constant data" },
    { CP_F_DATA_BYTES, "Global data" },
    { CP_F_STACK_BYTES, "Stack usage" },
    { CP_F_HEAP_BYTES, "Working buffer" },
};

char *cp_diff_metric_head(const cp_layout *l, const cp_dataset *ds, cp_field f)
{
    if (cp_diff_is_count(f)) {
        char *h = cp_counter_text(l, ds, f, "header");
        return h ? h : cp_xstrdup(f == CP_F_CYCLES ? "Cycles" : f == CP_F_INSTRUCTIONS ? "Instructions" : "Cycles (estimated)");
    }
    for (size_t i = 0; i < sizeof metric_heads / sizeof metric_heads[0]; i++)
        if (metric_heads[i].f == f)
            return cp_xstrdup(metric_heads[i].head);
    return cp_xstrdup(cp_fields[f].name);
}

cp_field cp_diff_metric_slot(const cp_diff_metric *m)
{
    return m->old_metric != CP_F_COUNT ? m->old_metric : m->new_metric;
}

const cp_diff_metric *cp_diff_metric_in_slot(const cp_diff_row *row, cp_field slot)
{
    for (size_t i = 0; i < row->nmetrics; i++)
        if (cp_diff_metric_slot(&row->metrics[i]) == slot)
            return &row->metrics[i];
    return NULL;
}

/* ---- the tables ---- */

size_t cp_diff_rows_table(cp_table *t, const cp_diff *d, size_t table, const cp_layout *l, const cp_dataset *ds,
                          int only_changed)
{
    const cp_diff_table *tb = &d->tables[table];
    const cp_diff_row *rows = &d->rows[tb->first_row];
    unsigned char id_used[NID] = { 0 }, slot_used[CP_F_COUNT] = { 0 };
    for (size_t r = 0; r < tb->nrows; r++) {
        for (size_t c = 0; c < NID; c++)
            id_used[c] |= cp_diff_row_id(&rows[r], id_columns[c].f) != NULL;
        for (size_t m = 0; m < rows[r].nmetrics; m++)
            slot_used[cp_diff_metric_slot(&rows[r].metrics[m])] = 1;
    }
    const char *head[NID + 3 * CP_F_COUNT + 1];
    char *owned[3 * CP_F_COUNT];
    size_t ncols = 0, nowned = 0;
    for (size_t c = 0; c < NID; c++)
        if (id_used[c])
            head[ncols++] = id_columns[c].head;
    for (int f = 0; f < CP_F_COUNT; f++)
        if (slot_used[f]) {
            char *h = cp_diff_metric_head(l, ds, (cp_field)f);
            head[ncols++] = owned[nowned++] = cp_xasprintf("%s (old)", h);
            head[ncols++] = owned[nowned++] = cp_xasprintf("%s (new)", h);
            head[ncols++] = owned[nowned++] = cp_xasprintf("%s change", h);
            free(h);
        }
    head[ncols++] = "Row";
    char *name = cp_xasprintf("diff-%zu", table);
    table_init(t, name, ncols, head);
    free(name);
    for (size_t i = 0; i < nowned; i++)
        free(owned[i]);
    size_t hidden = 0;
    for (size_t r = 0; r < tb->nrows; r++) {
        if (only_changed && rows[r].mark == CP_MARK_UNCHANGED) {
            hidden++;
            continue;
        }
        table_row(t);
        size_t col = 0;
        for (size_t c = 0; c < NID; c++)
            if (id_used[c])
                table_set(t, l, col++, id_text(l, tb, &rows[r], &id_columns[c]));
        for (int f = 0; f < CP_F_COUNT; f++) {
            if (!slot_used[f])
                continue;
            const cp_diff_metric *m = cp_diff_metric_in_slot(&rows[r], (cp_field)f);
            table_set(t, l, col++, m ? side_text(l, m, 0) : NULL);
            table_set(t, l, col++, m ? side_text(l, m, 1) : NULL);
            if (m)
                table_tone(t, col, m->mark);
            table_set(t, l, col++, m ? change_text(l, m) : NULL);
        }
        table_tone(t, col, rows[r].mark);
        table_set(t, l, col, cp_xstrdup(cp_diff_mark_name(rows[r].mark)));
    }
    return hidden;
}

char *cp_diff_geomean_text(const cp_diff_family *f)
{
    if (!f->ngeomean)
        return NULL;
    cp_buf b = { 0 };
    cp_buf_printf(&b, "%.4f (", f->geomean);
    cp_diff_put_percent(&b, f->geomean - 1.0);
    cp_buf_printf(&b, ", %zu row%s)", f->ngeomean, f->ngeomean == 1 ? "" : "s");
    return b.data;
}

void cp_diff_summary_table(cp_table *t, const cp_diff *d, const cp_layout *l)
{
    static const char *const head[] = { "Family",  "Better",  "Worse",   "Unchanged",
                                        "Not comparable", "Added", "Removed", "Geometric mean new/old" };
    static const cp_diff_mark order[] = { CP_MARK_BETTER, CP_MARK_WORSE, CP_MARK_UNCHANGED,
                                          CP_MARK_NOT_COMPARABLE, CP_MARK_ADDED, CP_MARK_REMOVED };
    table_init(t, "diff-summary", sizeof head / sizeof head[0], head);
    for (size_t i = 0; i < d->nfamilies; i++) {
        const cp_diff_family *f = &d->families[i];
        table_row(t);
        table_set(t, l, 0, cp_xstrdup(f->family));
        for (size_t k = 0; k < sizeof order / sizeof order[0]; k++)
            table_set(t, l, 1 + k, count_text(l, (long long)f->rows[order[k]], 0));
        table_set(t, l, 7, cp_diff_geomean_text(f));
    }
}

char *cp_diff_table_title(const cp_diff_table *tb)
{
    static const char *const measures[][2] = {
        { "sole-buffer", "Sole buffer mode" },
        { "data-flow", "Data flow mode" },
        { "tag-generation", "Tag generation" },
    };
    const char *what = NULL;
    for (size_t i = 0; tb->measure && i < sizeof measures / sizeof measures[0]; i++)
        if (!strcmp(tb->measure, measures[i][0]))
            what = measures[i][1];
    int footprint = tb->kind && !strcmp(tb->kind, "footprint");
    cp_buf b = { 0 };
    cp_buf_puts(&b, what ? what : footprint ? "Flash and RAM usage" : "Performance");
    if (what && footprint)
        cp_buf_puts(&b, ": flash and RAM usage");
    if (tb->implementation)
        cp_buf_printf(&b, " (%s)", tb->implementation);
    return b.data;
}

void cp_diff_top_table(cp_table *t, const cp_diff *d, const cp_layout *l, const cp_dataset *ds)
{
    static const char *const head[] = { "Family", "Table", "Row", "Metric", "Old", "New", "Change" };
    table_init(t, "diff-top", sizeof head / sizeof head[0], head);
    for (size_t i = 0; i < d->nfamilies; i++) {
        const cp_diff_family *f = &d->families[i];
        for (size_t k = 0; k < f->ntop; k++) {
            const cp_diff_row *row = &d->rows[f->top[k].row];
            const cp_diff_metric *m = &row->metrics[f->top[k].metric];
            table_row(t);
            table_set(t, l, 0, cp_xstrdup(f->family));
            table_set(t, l, 1, cp_diff_table_title(&d->tables[row->table]));
            table_set(t, l, 2, cp_diff_row_label(l, d, row));
            table_set(t, l, 3, cp_diff_metric_head(l, ds, m->old_metric));
            table_set(t, l, 4, side_text(l, m, 0));
            table_set(t, l, 5, side_text(l, m, 1));
            table_tone(t, 6, m->mark);
            table_set(t, l, 6, change_text(l, m));
        }
    }
}

/* "clock cycles" / "executed instructions (QEMU icount)" / "estimated
 * clock cycles (cryptoperf-cycles 1)" from the layout: what the dataset's
 * pages lead with */
static char *counter_words(const cp_dataset *ds, const cp_layout *l)
{
    const char *kind = cp_dataset_text(ds, "counter.kind");
    char *w = kind ? cp_counter_text(l, ds, cp_lead_count(ds->doc.root), "words") : NULL;
    return w ? w : kind ? cp_xstrdup(kind) : NULL;
}

char *cp_diff_clock_text(const cp_dataset *ds)
{
    long long hz;
    if (cp_scalar_int(cp_dataset_node(ds, "system.core_clock_hz"), &hz) || hz <= 0)
        return NULL;
    cp_buf b = { 0 };
    cp_fmt_ratio(&b, (unsigned long long)hz, 1000000, 6);
    cp_buf_puts(&b, " MHz");
    return b.data;
}

/* The two sides by what tells them apart on a page across series too:
 * series, part, core and clock besides library and version. */
void cp_diff_versions_table(cp_table *t, const cp_dataset *old_ds, const cp_dataset *new_ds, const cp_layout *l)
{
    static const char *const head[] = { "", "Old", "New" };
    static const char *const rows[][2] = {
        { "Library", "library.name" },        { "Version", "library.version" },
        { "Package", "library.package" },      { "Series", "series" },
        { "MCU", "hardware.mcu" },             { "Core", "hardware.core" },
        { "Core clock", "" },
        { "Board", "hardware.board" },         { "Emulator", "hardware.emulator" },
        { "Compiler", "toolchain.compiler" },  { "Compiler options", "toolchain.flags" },
        { "Counts", NULL },                    { "Counting method", "counter.method" },
        { "Source", "provenance.source" },     { "Firmware revision", "provenance.firmware_revision" },
    };
    table_init(t, "diff-versions", 3, head);
    const cp_dataset *ds[2] = { old_ds, new_ds };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char *v[2];
        for (int k = 0; k < 2; k++) {
            const char *s = rows[i][1] && *rows[i][1] ? cp_dataset_text(ds[k], rows[i][1]) : NULL;
            v[k] = !rows[i][1] ? counter_words(ds[k], l) : !*rows[i][1] ? cp_diff_clock_text(ds[k])
                 : s ? cp_xstrdup(s) : NULL;
        }
        if (!v[0] && !v[1])
            continue;
        table_row(t);
        table_set(t, l, 0, cp_xstrdup(rows[i][0]));
        table_set(t, l, 1, v[0]);
        table_set(t, l, 2, v[1]);
    }
}

void cp_diff_threshold_table(cp_table *t, const cp_diff *d, const cp_diff_thresholds *th, const cp_layout *l,
                             const cp_dataset *ds)
{
    static const char *const head[] = { "Metric", "Unchanged up to", "Better when" };
    unsigned char used[CP_F_COUNT] = { 0 };
    for (size_t r = 0; r < d->nrows; r++)
        for (size_t m = 0; m < d->rows[r].nmetrics; m++) {
            const cp_diff_metric *dm = &d->rows[r].metrics[m];
            if (dm->old_metric != CP_F_COUNT)
                used[dm->old_metric] = 1;
            if (dm->new_metric != CP_F_COUNT)
                used[dm->new_metric] = 1;
        }
    table_init(t, "diff-thresholds", 3, head);
    for (int f = 0; f < CP_F_COUNT; f++) {
        if (!used[f])
            continue;
        table_row(t);
        table_set(t, l, 0, cp_diff_metric_head(l, ds, (cp_field)f));
        table_set(t, l, 1, cp_xasprintf(cp_diff_metric_is_bytes((cp_field)f) ? "%g bytes" : "%g %%", th->value[f]));
        table_set(t, l, 2, cp_xstrdup(f == CP_F_THROUGHPUT ? "higher" : "lower"));
    }
}
