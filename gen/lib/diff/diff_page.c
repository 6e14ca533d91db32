/* The diff page (diff_page.h) as one page model for the writers: prose is
 * built as a cmark-gfm tree (text nodes hold data literally, so nothing
 * needs Markdown escaping on the way in), tables are the table model,
 * spliced in where a page's table marks stand (page/page.h), each with
 * its chart; render/page_write.h then writes every format. */
#include "diff/diff_page.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "page/page.h"

typedef struct {
    cmark_node *doc;
    cp_table *tables;
    cp_chart_list *charts;   /* charts[i]: drawn after tables[i] */
    size_t ntables;
} builder;

static cmark_node *append(cmark_node *parent, cmark_node_type type)
{
    cmark_node *n = cmark_node_new(type);
    cmark_node_append_child(parent, n);
    return n;
}

static void append_text(cmark_node *parent, const char *text)
{
    cmark_node *t = append(parent, CMARK_NODE_TEXT);
    cmark_node_set_literal(t, text);
}

static void heading(builder *b, int level, const char *text)
{
    cmark_node *h = append(b->doc, CMARK_NODE_HEADING);
    cmark_node_set_heading_level(h, level);
    append_text(h, text);
}

/* A paragraph of plain text. */
static void paragraph(builder *b, const char *text)
{
    append_text(append(b->doc, CMARK_NODE_PARAGRAPH), text);
}

static cmark_node *bullet_list(builder *b)
{
    cmark_node *list = append(b->doc, CMARK_NODE_LIST);
    cmark_node_set_list_type(list, CMARK_BULLET_LIST);
    cmark_node_set_list_tight(list, 1);
    return list;
}

static void item(cmark_node *list, const char *text)
{
    append_text(append(append(list, CMARK_NODE_ITEM), CMARK_NODE_PARAGRAPH), text);
}

/* Takes t and chart (moved into the page); chart NULL: none. */
static void table(builder *b, cp_table *t, cp_chart *chart)
{
    b->tables = cp_xrealloc(b->tables, (b->ntables + 1) * sizeof *b->tables);
    b->charts = cp_xrealloc(b->charts, (b->ntables + 1) * sizeof *b->charts);
    b->tables[b->ntables] = *t;
    memset(&b->charts[b->ntables], 0, sizeof *b->charts);
    if (chart)
        cp_chart_list_add(&b->charts[b->ntables], chart);
    char mark[64];
    snprintf(mark, sizeof mark, CP_TABLE_MARK "%zu-->\n", b->ntables++);
    cmark_node *h = append(b->doc, CMARK_NODE_HTML_BLOCK);
    cmark_node_set_literal(h, mark);
}

static const char *text_or(const cp_dataset *ds, const char *path, const char *fallback)
{
    const char *s = cp_dataset_text(ds, path);
    return s ? s : fallback;
}

/* One side of a page across series: "CMOX 040000B1 on STM32L552ZET6Q
 * (stm32l5, 110 MHz)" — the version alone would read "040000B1 to
 * 040000B1". */
static char *side_name(const cp_dataset *ds)
{
    char *clock = cp_diff_clock_text(ds);
    char *s = cp_xasprintf("%s %s on %s (%s%s%s)", text_or(ds, "library.name", "?"), text_or(ds, "library.version", "?"),
                           text_or(ds, "hardware.mcu", "?"), text_or(ds, "series", "?"), clock ? ", " : "",
                           clock ? clock : "");
    free(clock);
    return s;
}

static char *title_of(const cp_dataset *old_ds, const cp_dataset *new_ds)
{
    const char *lib = text_or(new_ds, "library.name", "?"), *old_lib = text_or(old_ds, "library.name", "?");
    const char *mcu = text_or(new_ds, "hardware.mcu", "?"), *old_mcu = text_or(old_ds, "hardware.mcu", "?");
    if (strcmp(text_or(old_ds, "series", "?"), text_or(new_ds, "series", "?")) != 0) {
        char *o = side_name(old_ds), *n = side_name(new_ds);
        char *title = cp_xasprintf("%s to %s: what changed", o, n);
        free(o);
        free(n);
        return title;
    }
    /* the library and the part are named once when both versions share them */
    int same_lib = !strcmp(lib, old_lib), same_mcu = !strcmp(mcu, old_mcu);
    return cp_xasprintf("%s %s to %s%s%s on %s%s%s: what changed", old_lib, text_or(old_ds, "library.version", "?"),
                        same_lib ? "" : lib, same_lib ? "" : " ", text_or(new_ds, "library.version", "?"),
                        same_mcu ? "" : old_mcu, same_mcu ? "" : " and ", mcu);
}

/* "cryptoperf-cycles 1", the cycle model of a dataset that has one */
static char *model_of(const cp_dataset *ds)
{
    return cp_xasprintf("%s %s", text_or(ds, "cycle_model.name", "?"), text_or(ds, "cycle_model.version", "?"));
}

/* What the diff compares (d->count, cp_diff_count): one kind of count,
 * said in words; estimated cycles only when both sides have them from one
 * model, otherwise the instructions they come from. */
static char *counts_text(const cp_diff *d, const cp_dataset *old_ds, const cp_dataset *new_ds)
{
    int old_est = cp_lead_count(old_ds->doc.root) == CP_F_CYCLES_ESTIMATED;
    int new_est = cp_lead_count(new_ds->doc.root) == CP_F_CYCLES_ESTIMATED;
    char *om = model_of(old_ds), *nm = model_of(new_ds), *s;
    if (d->count == CP_F_CYCLES_ESTIMATED)
        s = cp_xasprintf("Both versions' counts are clock cycles the cycle model %s estimated from the instructions "
                         "QEMU executed, not measured on silicon: the estimates are compared, and the executed "
                         "instructions they come from are on each version's page.",
                         nm);
    else if (d->count == CP_F_INSTRUCTIONS && old_est && new_est)
        s = cp_xasprintf("The versions' cycles are estimated by different cycle models (old %s, new %s): their "
                         "executed instructions (QEMU icount) are compared, not the estimates.",
                         om, nm);
    else if (d->count == CP_F_INSTRUCTIONS && (old_est || new_est))
        s = cp_xasprintf("Only the %s version has estimated clock cycles (the cycle model %s): the two are compared by "
                         "their executed instructions (QEMU icount), not clock cycles.",
                         new_est ? "new" : "old", new_est ? nm : om);
    else if (d->count == CP_F_INSTRUCTIONS)
        s = cp_xstrdup("Both versions count executed instructions (QEMU icount), not clock cycles.");
    else if (d->count == CP_F_CYCLES)
        s = cp_xstrdup("Both versions count clock cycles.");
    else if (strcmp(text_or(old_ds, "counter.kind", "none"), text_or(new_ds, "counter.kind", "none")))
        s = cp_xasprintf("The old version counts %s, the new one %s: their counts are not comparable and are not "
                         "compared.",
                         text_or(old_ds, "counter.kind", "none"), text_or(new_ds, "counter.kind", "none"));
    else
        s = cp_xstrdup("Neither version has counts; times and throughput are compared.");
    free(om);
    free(nm);
    return s;
}

static void intro(builder *b, const cp_diff *d, const cp_dataset *old_ds, const cp_dataset *new_ds)
{
    char *title = title_of(old_ds, new_ds);
    heading(b, 1, title);
    free(title);
    /* across series, each side by series, part and clock too */
    int cross = strcmp(text_or(old_ds, "series", "?"), text_or(new_ds, "series", "?")) != 0;
    char *old_name = cross ? side_name(old_ds)
                           : cp_xasprintf("%s %s", text_or(old_ds, "library.name", "?"),
                                          text_or(old_ds, "library.version", "?"));
    char *new_name = cross ? side_name(new_ds)
                           : cp_xasprintf("%s %s", text_or(new_ds, "library.name", "?"),
                                          text_or(new_ds, "library.version", "?"));
    char *s = cp_xasprintf(
        "This page compares the results of %s (old) with those of %s (new)%s. Every row of both versions is "
        "either matched with its counterpart, added (new only) or removed (old only): %zu matched, %zu added, %zu "
        "removed, of %zu old and %zu new rows.",
        old_name, new_name, cross ? ", two series: parts, cores and clocks may differ as well as the library" : "",
        d->matched, d->added, d->removed, d->old_rows, d->new_rows);
    free(old_name);
    free(new_name);
    paragraph(b, s);
    free(s);
    s = counts_text(d, old_ds, new_ds);
    paragraph(b, s);
    free(s);
}

static void summary(builder *b, const cp_diff *d, const cp_dataset *old_ds, const cp_dataset *new_ds,
                    const cp_layout *l)
{
    cp_table t;
    heading(b, 2, "Summary");
    paragraph(b, "Rows per family by their mark: a row is worse when any of its metrics got worse by more than "
                 "its threshold, better when any got better and none worse, unchanged otherwise. The geometric "
                 "mean is that of the new/old ratios of the counts of the matched rows: below 1 is faster.");
    cp_diff_summary_table(&t, d, l);
    table(b, &t, cp_diff_summary_chart(d, old_ds, new_ds));
    cp_diff_top_table(&t, d, l, new_ds);
    if (t.nrows) {
        heading(b, 3, "Largest changes");
        paragraph(b, "Per family, the largest relative changes beyond their threshold, counts and times first.");
        table(b, &t, NULL);
    } else {
        cp_table_free(&t);
    }
    if (d->nnotes) {
        heading(b, 3, "Matching notes");
        cmark_node *list = bullet_list(b);
        for (size_t i = 0; i < d->nnotes; i++)
            item(list, d->notes[i]);
    }
}

static void versions(builder *b, const cp_diff *d, const cp_dataset *old_ds, const cp_dataset *new_ds,
                     const cp_diff_thresholds *th, const cp_layout *l)
{
    cp_table t;
    heading(b, 2, "Versions compared");
    cp_diff_versions_table(&t, old_ds, new_ds, l);
    table(b, &t, NULL);
    paragraph(b, "A change up to the threshold of its metric is unchanged; lower is better for every metric but "
                 "throughput.");
    cp_diff_threshold_table(&t, d, th, l, new_ds);
    table(b, &t, NULL);
}

static void family_tables(builder *b, const cp_diff *d, const cp_dataset *old_ds, const cp_dataset *new_ds,
                          const cp_layout *l, int only_changed)
{
    for (size_t f = 0; f < d->nfamilies; f++) {
        heading(b, 2, d->families[f].family);
        for (size_t i = 0; i < d->ntables; i++) {
            if (strcmp(d->tables[i].family, d->families[f].family))
                continue;
            char *title = cp_diff_table_title(&d->tables[i]);
            heading(b, 3, title);
            free(title);
            cp_table t;
            size_t hidden = cp_diff_rows_table(&t, d, i, l, new_ds, only_changed);
            if (hidden) {
                /* a reader must not take a short table for a short dataset */
                size_t n = d->tables[i].nrows;
                char *s = t.nrows ? cp_xasprintf("%zu unchanged row%s of %zu not shown (--only-changed); the chart "
                                                 "shows every row.",
                                                 hidden, hidden == 1 ? "" : "s", n)
                                  : cp_xasprintf("All %zu row%s unchanged, not shown (--only-changed).", n,
                                                 n == 1 ? "" : "s");
                paragraph(b, s);
                free(s);
            }
            if (t.nrows)
                table(b, &t, cp_diff_table_chart(d, i, old_ds, new_ds, l));
            else
                cp_table_free(&t);
        }
    }
}

void cp_diff_page_build(cp_page *page, const cp_diff *d, const cp_dataset *old_ds, const cp_dataset *new_ds,
                        const cp_diff_thresholds *th, const cp_layout *l, int only_changed)
{
    builder b = { cmark_node_new(CMARK_NODE_DOCUMENT), NULL, NULL, 0 };
    intro(&b, d, old_ds, new_ds);
    summary(&b, d, old_ds, new_ds, l);
    versions(&b, d, old_ds, new_ds, th, l);
    family_tables(&b, d, old_ds, new_ds, l, only_changed);
    *page = (cp_page){ l, NULL, b.doc, b.tables, b.ntables, b.charts, NULL, 0, NULL };
}
