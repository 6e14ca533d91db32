/* The charts of a diff page: per rows table, old and new bars in the
 * table's order with the site's two colours and the change on the new bar;
 * the summary's ratio chart per family. */
#include <math.h>

#include "helpers.h"
#include "chart/gnuplot_script.h"
#include "data/dataset.h"
#include "diff/diff.h"
#include "diff/diff_page.h"
#include "model/chart.h"

#define HEADER(version)                                                                                            \
    "library: {name: Lib, slug: lib, version: \"" version "\"}\n"                                                  \
    "hardware: {mcu: \"Part X\", mcu_short: PX}\n"                                                                 \
    "results:\n"
#define AES(bytes, conf, count)                                                                                    \
    "  - {family: AES, kind: performance, measure: sole-buffer, cipher_mode: CBC, key_bits: 128, buffer_bytes: " \
    #bytes ", operation: encryption, configuration: " conf ", " count "}\n"
#define FOOT(code)                                                                                                 \
    "  - {family: AES, kind: footprint, measure: sole-buffer, cipher_mode: CBC, operation: encryption, "          \
    "configuration: Small, code_bytes: " #code ", data_bytes: 4}\n"
#define HASH(count)                                                                                                \
    "  - {family: HASH, kind: performance, measure: data-flow, hash: sha256, operation: digest, chunk_bytes: 64, " \
    "cycles: " #count "}\n"

typedef struct {
    cp_dataset old_ds, new_ds;
    cp_diff d;
    cp_layout l;
} pair;

static void load(cp_dataset *ds, const char *text)
{
    cp_diag diag = { .out = stderr };
    assert_int_equal(cp_dataset_load_ex(ds, "mem.yaml", text, strlen(text), NULL, CP_DS_NO_FOLDER_CHECK, &diag), 0);
}

static void diff_of(pair *p, const char *old_text, const char *new_text)
{
    memset(p, 0, sizeof *p);   /* a layout without maps: plain values, digits grouped from 0 (never) */
    load(&p->old_ds, old_text);
    load(&p->new_ds, new_text);
    cp_diff_thresholds t;
    cp_diff_thresholds_default(&t);
    cp_diff_compute(&p->d, p->old_ds.results, p->old_ds.nresults, p->new_ds.results, p->new_ds.nresults, &t);
}

static void pair_free(pair *p)
{
    cp_diff_free(&p->d);
    cp_dataset_free(&p->old_ds);
    cp_dataset_free(&p->new_ds);
}

static size_t table_of(const cp_diff *d, const char *family, const char *kind)
{
    for (size_t i = 0; i < d->ntables; i++)
        if (!strcmp(d->tables[i].family, family) && !strcmp(d->tables[i].kind, kind))
            return i;
    fail_msg("no table %s %s", family, kind);
    return 0;
}

static void test_table_chart(void **state)
{
    (void)state;
    pair p;
    diff_of(&p,
            HEADER("1.0") AES(32, "Small", "cycles: 1000") AES(64, "Small", "cycles: 3000") AES(16, "Small", "cycles: 5")
                AES(32, "Fast", "cycles: 800") FOOT(100),
            HEADER("2.0") AES(32, "Small", "cycles: 500") AES(64, "Small", "cycles: 3000") AES(32, "Fast", "instructions: 700")
                AES(128, "Small", "cycles: 9000") FOOT(120));
    cp_chart *c = cp_diff_table_chart(&p.d, table_of(&p.d, "AES", "performance"), &p.old_ds, &p.new_ds, &p.l);
    assert_non_null(c);
    assert_string_equal(c->file, "Cryptolib PX lib 1.0-to-2.0 AES SB.svg");   /* the naming rule */
    assert_int_equal(c->kind, CP_CHART_CLUSTERED);
    assert_int_equal(c->nser, 2);
    assert_string_equal(c->series[0], "Lib 1.0 (old)");
    assert_string_equal(c->series[1], "Lib 2.0 (new)");
    assert_int_equal(cp_chart_colour(c, 0), 0x0072B2);   /* the same two colours on every diff page */
    assert_int_equal(cp_chart_colour(c, 1), 0xE69F00);
    /* rows as in the table: NEW's order, the removed row after its OLD neighbour */
    const cp_diff_table *tb = &p.d.tables[table_of(&p.d, "AES", "performance")];
    assert_int_equal(c->ncat, tb->nrows);
    size_t cat_32 = 0, cat_fast = 0, cat_added = 0, cat_removed = 0;
    for (size_t r = 0; r < tb->nrows; r++) {
        const cp_diff_row *row = &p.d.rows[tb->first_row + r];
        char *label = cp_diff_row_label(&p.l, &p.d, row);
        assert_string_equal(c->categories[r], label + strlen("AES "));   /* the title names the family */
        free(label);
        const char *bytes = cp_diff_row_id(row, CP_F_BUFFER_BYTES)->text, *conf = cp_diff_row_id(row, CP_F_CONFIGURATION)->text;
        if (!strcmp(conf, "Fast"))
            cat_fast = r;
        else if (!strcmp(bytes, "32"))
            cat_32 = r;
        else if (!strcmp(bytes, "128"))
            cat_added = r;
        else if (!strcmp(bytes, "16"))
            cat_removed = r;
    }
    const cp_chart_point *o = cp_chart_get(c, cat_32, 0), *n = cp_chart_get(c, cat_32, 1);
    assert_true(o->value == 1000);
    assert_null(o->label);   /* the old bar shows its number */
    assert_true(n->value == 500);
    assert_string_equal(n->label, "-50.0 %");   /* the new bar shows the change */
    assert_null(cp_chart_get(c, cat_added, 0));
    assert_true(cp_chart_get(c, cat_added, 1)->value == 9000);
    assert_string_equal(cp_chart_get(c, cat_added, 1)->label, "added");
    assert_true(cp_chart_get(c, cat_removed, 0)->value == 5);
    assert_true(isnan(cp_chart_get(c, cat_removed, 1)->value));
    assert_string_equal(cp_chart_get(c, cat_removed, 1)->label, "removed");
    /* cycles against instructions: no bars to compare, said on the new one */
    assert_null(cp_chart_get(c, cat_fast, 0));
    assert_true(isnan(cp_chart_get(c, cat_fast, 1)->value));
    assert_string_equal(cp_chart_get(c, cat_fast, 1)->label, "not comparable");
    cp_chart_free(c);

    /* a footprint table charts its code size */
    c = cp_diff_table_chart(&p.d, table_of(&p.d, "AES", "footprint"), &p.old_ds, &p.new_ds, &p.l);
    assert_string_equal(c->file, "Cryptolib PX lib 1.0-to-2.0 AES SB FP.svg");
    assert_string_equal(c->ylabel, "Code (bytes)");
    assert_int_equal(c->ncat, 1);
    assert_true(cp_chart_get(c, 0, 0)->value == 100);
    assert_true(cp_chart_get(c, 0, 1)->value == 120);
    assert_string_equal(cp_chart_get(c, 0, 1)->label, "+20.0 %");
    cp_chart_free(c);
    pair_free(&p);
}

/* Many rows: the chart comes in parts, as the dataset charts do. */
static void test_table_chart_parts(void **state)
{
    (void)state;
    cp_buf o = { 0 }, n = { 0 };
    cp_buf_puts(&o, HEADER("1.0"));
    cp_buf_puts(&n, HEADER("2.0"));
    for (int i = 1; i <= 60; i++) {
        cp_buf_printf(&o, AES(%d, "Small", "cycles: %d"), i, 1000 + i);
        cp_buf_printf(&n, AES(%d, "Small", "cycles: %d"), i, 900 + i);
    }
    pair p;
    diff_of(&p, o.data, n.data);
    cp_chart_list list = { 0 };
    cp_chart_list_add(&list, cp_diff_table_chart(&p.d, 0, &p.old_ds, &p.new_ds, &p.l));
    assert_true(list.n >= 2);
    assert_string_equal(list.items[0]->file, "Cryptolib PX lib 1.0-to-2.0 AES SB part 1.svg");
    size_t cats = 0;
    for (size_t k = 0; k < list.n; k++) {
        assert_true(cp_chart_slots(list.items[k]) <= CP_CHART_MAX_SLOTS);
        assert_int_equal(cp_chart_colour(list.items[k], 1), 0xE69F00);
        cats += list.items[k]->ncat;
    }
    assert_int_equal(cats, 60);
    cp_chart_list_free(&list);
    pair_free(&p);
    cp_buf_free(&o);
    cp_buf_free(&n);
}

static void test_summary_chart(void **state)
{
    (void)state;
    pair p;
    diff_of(&p, HEADER("1.0") AES(32, "Small", "cycles: 1000") HASH(400) FOOT(100),
            HEADER("2.0") AES(32, "Small", "cycles: 500") HASH(500) FOOT(120));
    cp_chart *c = cp_diff_summary_chart(&p.d, &p.old_ds, &p.new_ds);
    assert_non_null(c);
    assert_int_equal(c->kind, CP_CHART_RATIO);
    assert_string_equal(c->file, "Cryptolib PX lib 1.0-to-2.0 Summary.svg");
    assert_int_equal(c->ncat, p.d.nfamilies);
    for (size_t i = 0; i < p.d.nfamilies; i++) {
        const cp_diff_family *f = &p.d.families[i];
        assert_string_equal(c->categories[i], f->family);
        const cp_chart_point *pt = cp_chart_get(c, i, 0);
        char *text = cp_diff_geomean_text(f);   /* as the summary table writes it */
        assert_string_equal(pt->label, text);
        assert_true(pt->value == f->geomean);
        free(text);
    }
    assert_true(fabs(cp_chart_get(c, 0, 0)->value - 0.5) < 1e-12);
    assert_true(fabs(cp_chart_get(c, 1, 0)->value - 1.25) < 1e-12);
    cp_chart_free(c);
    pair_free(&p);

    /* footprint only: no family has a mean, the chart says so */
    diff_of(&p, HEADER("1.0") FOOT(100), HEADER("2.0") FOOT(120));
    c = cp_diff_summary_chart(&p.d, &p.old_ds, &p.new_ds);
    assert_int_equal(c->ncat, 1);
    assert_true(isnan(cp_chart_get(c, 0, 0)->value));
    assert_string_equal(cp_chart_get(c, 0, 0)->label, "no counts compared");
    cp_buf b = { 0 };
    cp_gnuplot_script(&b, c, NULL);   /* no bars: only the labels are plotted */
    assert_not_contains(b.data, "$b using");
    assert_contains(b.data, "$l using");
    cp_buf_free(&b);
    cp_chart_free(c);
    pair_free(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_chart),
        cmocka_unit_test(test_table_chart_parts),
        cmocka_unit_test(test_summary_chart),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
