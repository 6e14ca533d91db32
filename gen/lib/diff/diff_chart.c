/* The charts of a diff page (diff_page.h): per table of rows, old vs new
 * as two bars per row in the table's order, the new bar labelled with the
 * change; the two sides keep their colours on every diff page. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "diff/diff_page.h"
#include "model/chart_name.h"
#include "page/cellfmt.h"

/* Old and new, the same on every diff page (Okabe & Ito blue and orange). */
#define OLD_RGB 0x0072B2u
#define NEW_RGB 0xE69F00u

/* The metric a table's chart shows: the first of these the table has
 * (counts say speed; a footprint table charts its code size, the rest is
 * in the table). */
static const cp_field charted[] = {
    CP_F_CYCLES,     CP_F_CYCLES_ESTIMATED, CP_F_INSTRUCTIONS, CP_F_TIME_MS,     CP_F_THROUGHPUT,
    CP_F_CODE_BYTES, CP_F_CONST_BYTES,      CP_F_DATA_BYTES,   CP_F_STACK_BYTES, CP_F_HEAP_BYTES,
};

static cp_field table_metric(const cp_diff *d, const cp_diff_table *tb)
{
    for (size_t k = 0; k < sizeof charted / sizeof charted[0]; k++)
        for (size_t r = tb->first_row; r < tb->first_row + tb->nrows; r++)
            if (cp_diff_metric_in_slot(&d->rows[r], charted[k]))
                return charted[k];
    return CP_F_COUNT;
}

static const char *text_or(const cp_dataset *ds, const char *path, const char *fallback)
{
    const char *s = cp_dataset_text(ds, path);
    return s ? s : fallback;
}

/* The y axis title: what the counts are, as the layout words them
 * ("executed instructions (QEMU icount)"), else the column head. */
static char *axis_title(const cp_layout *l, const cp_dataset *ds, cp_field f)
{
    char *w = cp_diff_is_count(f) ? cp_counter_text(l, ds, f, "words") : NULL;
    if (w && *w) {
        if (w[0] >= 'a' && w[0] <= 'z')
            w[0] = (char)(w[0] - 'a' + 'A');
        return w;
    }
    free(w);
    char *head = cp_diff_metric_head(l, ds, f);
    if (!cp_diff_metric_is_bytes(f))
        return head;
    char *t = cp_xasprintf("%s (bytes)", head);
    free(head);
    return t;
}

/* "Cryptolib AN505 mbedtls 2.28.3-to-3.6.6 AES software SB.svg" */
static char *file_name(const cp_dataset *old_ds, const cp_dataset *new_ds, const char *family, const char *mode,
                       const char *measure, int footprint)
{
    char *library = cp_xasprintf("%s %s-to-%s", text_or(new_ds, "library.slug", "library"),
                                 text_or(old_ds, "library.version", "?"), text_or(new_ds, "library.version", "?"));
    const char *mcu = cp_dataset_text(new_ds, "hardware.mcu_short");
    cp_chart_name_parts parts = { mcu ? mcu : text_or(new_ds, "hardware.mcu", "MCU"), family, mode, measure, NULL,
                                  footprint, library };
    char *file = cp_chart_name(&parts);
    free(library);
    return file;
}

/* "Mbed TLS 3.6.6 (new)" */
static char *side_name(const cp_dataset *ds, const char *side)
{
    return cp_xasprintf("%s %s (%s)", text_or(ds, "library.name", "?"), text_or(ds, "library.version", "?"), side);
}

/* The new bar's label: the change, or what became of the row. */
static char *change_label(const cp_diff_metric *m)
{
    if (m->mark == CP_MARK_NOT_COMPARABLE)
        return cp_xstrdup("not comparable");
    if (m->old_metric == CP_F_COUNT || m->new_metric == CP_F_COUNT || !m->rel_defined)
        return cp_xstrdup(cp_diff_mark_name(m->mark));
    cp_buf b = { 0 };
    cp_diff_put_percent(&b, m->rel_change);
    return b.data;
}

cp_chart *cp_diff_table_chart(const cp_diff *d, size_t table, const cp_dataset *old_ds, const cp_dataset *new_ds,
                              const cp_layout *l)
{
    const cp_diff_table *tb = &d->tables[table];
    cp_field f = table_metric(d, tb);
    if (f == CP_F_COUNT)
        return NULL;
    int footprint = tb->kind && !strcmp(tb->kind, "footprint");
    char *file = file_name(old_ds, new_ds, tb->family, tb->implementation, tb->measure, footprint);
    char *what = cp_diff_table_title(tb);
    char *title = cp_xasprintf("%s: %s", tb->family, what);
    char *head = cp_diff_metric_head(l, new_ds, f);
    char *subtitle = cp_xasprintf("%s, %s %s to %s on %s", head, text_or(new_ds, "library.name", "?"),
                                  text_or(old_ds, "library.version", "?"), text_or(new_ds, "library.version", "?"),
                                  text_or(new_ds, "hardware.mcu", "?"));
    free(head);
    char *ylabel = axis_title(l, new_ds, f);
    cp_chart *c = cp_chart_new(file, CP_CHART_CLUSTERED, title, subtitle, NULL, ylabel);
    char *sides[2] = { side_name(old_ds, "old"), side_name(new_ds, "new") };
    cp_chart_series_colour(c, cp_chart_series(c, sides[0]), OLD_RGB);
    cp_chart_series_colour(c, cp_chart_series(c, sides[1]), NEW_RGB);
    for (size_t r = tb->first_row; r < tb->first_row + tb->nrows; r++) {
        const cp_diff_row *row = &d->rows[r];
        const cp_diff_metric *m = cp_diff_metric_in_slot(row, f);
        char *label = cp_diff_row_label(l, d, row);
        size_t skip = strlen(tb->family);   /* the title names the family */
        if (strncmp(label, tb->family, skip) || label[skip] != ' ')
            skip = 0;
        else
            memmove(label, label + skip + 1, strlen(label + skip));
        size_t cat = cp_chart_category(c, label);
        if (cp_chart_get(c, cat, 0) || cp_chart_get(c, cat, 1)) {
            /* two rows of one label (one added, one removed): one bar each */
            char *own = cp_xasprintf("%s (%s)", label, cp_diff_mark_name(row->mark));
            cat = cp_chart_category(c, own);
            free(own);
        }
        free(label);
        if (!m) {   /* the row has no such metric: said where its bars would be */
            cp_chart_set(c, cat, 1, NAN, cp_diff_mark_name(row->mark));
            continue;
        }
        int comparable = m->mark != CP_MARK_NOT_COMPARABLE;
        if (m->old_metric != CP_F_COUNT && comparable)
            cp_chart_set(c, cat, 0, m->old_value, NULL);
        char *change = change_label(m);
        cp_chart_set(c, cat, 1, m->new_metric != CP_F_COUNT && comparable ? m->new_value : NAN, change);
        free(change);
    }
    free(sides[0]);
    free(sides[1]);
    free(file);
    free(what);
    free(title);
    free(subtitle);
    free(ylabel);
    return c;
}

cp_chart *cp_diff_summary_chart(const cp_diff *d, const cp_dataset *old_ds, const cp_dataset *new_ds)
{
    if (!d->nfamilies)
        return NULL;
    char *file = file_name(old_ds, new_ds, "Summary", NULL, NULL, 0);
    char *subtitle = cp_xasprintf("%s %s to %s on %s", text_or(new_ds, "library.name", "?"),
                                  text_or(old_ds, "library.version", "?"), text_or(new_ds, "library.version", "?"),
                                  text_or(new_ds, "hardware.mcu", "?"));
    cp_chart *c = cp_chart_new(file, CP_CHART_RATIO, "Geometric mean of new/old counts per family", subtitle,
                               "new/old: below 1 the new version is faster, above 1 slower", "new/old");
    size_t ser = cp_chart_series(c, "");
    for (size_t i = 0; i < d->nfamilies; i++) {
        const cp_diff_family *f = &d->families[i];
        size_t cat = cp_chart_category(c, f->family);
        char *label = cp_diff_geomean_text(f);
        cp_chart_set(c, cat, ser, label ? f->geomean : NAN, label ? label : "no counts compared");
        free(label);
    }
    free(file);
    free(subtitle);
    return c;
}
