/* The chart model: categories and series in order of first appearance,
 * one value per (category, series), missing values stay missing. */
#include "helpers.h"

#include <math.h>

#include "chart/chart_text.h"
#include "chart/gnuplot_script.h"
#include "model/chart.h"

static void test_model(void **state)
{
    (void)state;
    cp_chart *c = cp_chart_new("a.svg", CP_CHART_CLUSTERED, "T", NULL, "x", "y");
    assert_null(c->subtitle);
    assert_int_equal(cp_chart_category(c, "128 bits"), 0);
    assert_int_equal(cp_chart_category(c, "192 bits"), 1);
    assert_int_equal(cp_chart_category(c, "128 bits"), 0);
    assert_int_equal(cp_chart_series(c, "Fast"), 0);
    assert_int_equal(cp_chart_series(c, "Small"), 1);
    assert_int_equal(c->ncat, 2);
    assert_int_equal(c->nser, 2);
    assert_null(cp_chart_get(c, 0, 0));
    cp_chart_set(c, 0, 1, 5, "five");
    cp_chart_set(c, 0, 1, 6, NULL);   /* replaces */
    assert_int_equal(c->npoints, 1);
    const cp_chart_point *p = cp_chart_get(c, 0, 1);
    assert_non_null(p);
    assert_true(p->value == 6);
    assert_null(p->label);
    cp_chart_set(c, 1, 0, NAN, "n/a");
    assert_true(isnan(cp_chart_get(c, 1, 0)->value));
    assert_null(cp_chart_get(c, 1, 1));
    cp_chart_free(c);
    cp_chart_free(NULL);
}

/* Thousands of categories and series (the indexes grow and rehash):
 * every text keeps its index, every point its value, order is kept. */
static void test_many(void **state)
{
    (void)state;
    cp_chart *c = cp_chart_new("b.svg", CP_CHART_CLUSTERED, "T", NULL, NULL, "y");
    enum { NCAT = 3000, NSER = 200 };
    char text[32];
    for (size_t i = 0; i < NCAT; i++) {
        snprintf(text, sizeof text, "cat %zu", i);
        assert_int_equal(cp_chart_category(c, text), i);
        snprintf(text, sizeof text, "ser %zu", i % NSER);
        size_t ser = cp_chart_series(c, text);
        assert_int_equal(ser, i % NSER);
        cp_chart_set(c, i, ser, (double)i, NULL);
    }
    assert_int_equal(c->ncat, NCAT);
    assert_int_equal(c->nser, NSER);
    assert_int_equal(c->npoints, NCAT);
    for (size_t i = 0; i < NCAT; i++) {
        snprintf(text, sizeof text, "cat %zu", i);
        assert_int_equal(cp_chart_category(c, text), i);
        assert_string_equal(c->categories[i], text);
        const cp_chart_point *p = cp_chart_get(c, i, i % NSER);
        assert_non_null(p);
        assert_true(p->value == (double)i);
        assert_null(cp_chart_get(c, i, (i + 1) % NSER));
    }
    cp_chart_set(c, 7, 7, -1, "x");   /* replaces, adds nothing */
    assert_int_equal(c->npoints, NCAT);
    assert_true(cp_chart_get(c, 7, 7)->value == -1);
    cp_chart_free(c);
}

/* A name set (a table's series across its charts): first seen first,
 * looked up without being added, through rehashing. */
static void test_names(void **state)
{
    (void)state;
    cp_chart_names names = { 0 };
    assert_int_equal(cp_chart_names_find(&names, "Fast"), 0);   /* empty: not there */
    char text[32];
    for (size_t i = 0; i < 1000; i++) {
        snprintf(text, sizeof text, "ser %zu", i);
        assert_int_equal(cp_chart_names_add(&names, text), i);
    }
    assert_int_equal(cp_chart_names_add(&names, "ser 7"), 7);
    assert_int_equal(names.n, 1000);
    assert_int_equal(cp_chart_names_find(&names, "ser 999"), 999);
    assert_int_equal(cp_chart_names_find(&names, "ser 0"), 0);
    assert_int_equal(cp_chart_names_find(&names, "ser 1000"), 1000);   /* absent: n */
    assert_int_equal(names.n, 1000);   /* finding adds nothing */
    assert_string_equal(names.v[500], "ser 500");
    cp_chart_names_free(&names);
    assert_int_equal(names.n, 0);
}

/* A chart too large to read comes in parts of whole categories, no part
 * beyond the limits, every point in exactly one part, parts of even size. */
static void test_split(void **state)
{
    (void)state;
    cp_chart *c = cp_chart_new("Cryptolib X AES.svg", CP_CHART_CLUSTERED, "T", "S", NULL, "y");
    c->group_min = 4;
    enum { NCAT = 100 };
    char text[32];
    for (size_t i = 0; i < NCAT; i++) {
        snprintf(text, sizeof text, "cat %zu", i);
        size_t k = cp_chart_category(c, text);
        cp_chart_set(c, k, cp_chart_series(c, "Small"), (double)i, NULL);
        cp_chart_set(c, k, cp_chart_series(c, "Fast"), (double)i + 0.5, "lbl");
    }
    assert_int_equal(cp_chart_slots(c), NCAT * 3 - 1);
    size_t n;
    cp_chart **parts = cp_chart_split(c, &n);
    assert_non_null(parts);
    assert_int_equal(n, 3);   /* 299 slots, 110 a part: 34 + 33 + 33 categories */
    assert_string_equal(parts[0]->file, "Cryptolib X AES part 1.svg");
    assert_string_equal(parts[2]->file, "Cryptolib X AES part 3.svg");
    assert_string_equal(parts[1]->title, "T (part 2 of 3)");
    assert_string_equal(parts[1]->subtitle, "S");
    size_t cats = 0;
    for (size_t k = 0; k < n; k++) {
        assert_true(cp_chart_slots(parts[k]) <= CP_CHART_MAX_SLOTS);
        assert_true(parts[k]->ncat >= 33 && parts[k]->ncat <= 34);
        assert_int_equal(parts[k]->group_min, 4);
        assert_string_equal(parts[k]->series[0], "Small");   /* the same colour in every part */
        for (size_t i = 0; i < parts[k]->ncat; i++, cats++) {
            snprintf(text, sizeof text, "cat %zu", cats);
            assert_string_equal(parts[k]->categories[i], text);
            assert_true(cp_chart_get(parts[k], i, 0)->value == (double)cats);
            assert_string_equal(cp_chart_get(parts[k], i, 1)->label, "lbl");
        }
        cp_chart_free(parts[k]);
    }
    assert_int_equal(cats, NCAT);
    free(parts);
    cp_chart_free(c);
}

/* One category, thousands of series: parts of at most CP_CHART_MAX_SERIES
 * series, each listing only its own. A chart within the limits stays. */
static void test_split_series(void **state)
{
    (void)state;
    cp_chart *c = cp_chart_new("a.svg", CP_CHART_CLUSTERED, "T", NULL, NULL, "y");
    char text[32];
    for (size_t i = 0; i < 1000; i++) {
        snprintf(text, sizeof text, "M%zu", i);
        cp_chart_set(c, cp_chart_category(c, "SECP256R1"), cp_chart_series(c, text), 1, NULL);
    }
    size_t n;
    cp_chart **parts = cp_chart_split(c, &n);
    assert_int_equal(n, (1000 + CP_CHART_MAX_SERIES - 1) / CP_CHART_MAX_SERIES);
    size_t points = 0;
    for (size_t k = 0; k < n; k++) {
        assert_true(parts[k]->nser <= CP_CHART_MAX_SERIES);
        snprintf(text, sizeof text, "M%zu", k * CP_CHART_MAX_SERIES);
        assert_string_equal(parts[k]->series[0], text);
        points += parts[k]->npoints;
        cp_chart_free(parts[k]);
    }
    free(parts);
    assert_int_equal(points, 1000);
    cp_chart_free(c);

    cp_chart *small = cp_chart_new("b.svg", CP_CHART_STACKED, "T", NULL, NULL, "y");
    for (size_t i = 0; i < CP_CHART_MAX_SLOTS; i++) {
        snprintf(text, sizeof text, "c%zu", i);
        cp_chart_set(small, cp_chart_category(small, text), cp_chart_series(small, "s"), 1, NULL);
    }
    assert_null(cp_chart_split(small, &n));
    assert_int_equal(n, 0);
    cp_chart_free(small);
}

static void assert_text(char *got, const char *want)
{
    assert_string_equal(got, want);
    free(got);
}

static void test_text_fit(void **state)
{
    (void)state;
    assert_int_equal(cp_chart_text_chars("µs café"), 7);
    assert_text(cp_chart_text_cut("Small", 5), "Small");
    assert_text(cp_chart_text_cut("Smaller", 5), "Smal\u2026");
    assert_text(cp_chart_text_cut("ab cdef", 4), "ab\u2026");         /* no space before the ellipsis */
    assert_text(cp_chart_text_cut("µµµµµµ", 3), "µµ\u2026");          /* characters, not bytes */
    assert_text(cp_chart_text_wrap("128 bits\n32 bytes", 10, 4), "128 bits\n32 bytes");
    assert_text(cp_chart_text_wrap("Small / High", 8, 4), "Small /\nHigh");
    assert_text(cp_chart_text_wrap("abcdefghijkl", 5, 4), "abcde\nfghij\nkl");
    assert_text(cp_chart_text_wrap("aa bb cc dd ee", 2, 3), "aa\nbb\nc\u2026");
    assert_text(cp_chart_text_wrap("a\nb\nc\nd\ne", 5, 4), "a\nb\nc\nd\u2026");
    assert_text(cp_chart_text_wrap("", 5, 4), "");
}

/* One hue per library, one shade per version: the last version of a
 * library has the palette's colour, earlier ones are lighter (every
 * channel nearer 255), another library takes the next palette colour. */
static void test_shades(void **state)
{
    (void)state;
    cp_chart *c = cp_chart_new("c.svg", CP_CHART_CLUSTERED, "T", NULL, NULL, "y");
    const char *libs[] = { "Mbed TLS 2.28.3", "Mbed TLS 3.6.6", "wolfSSL 5.5.4", "wolfSSL 5.7.2", "BearSSL 0.6" };
    for (size_t i = 0; i < 5; i++)
        cp_chart_series(c, libs[i]);
    assert_int_equal(cp_chart_colour(c, 1), cp_chart_palette(1));   /* no colour set yet: the palette's */
    assert_int_equal(cp_chart_colour(c, 3), cp_chart_palette(3));
    cp_chart_shade_groups(c);
    assert_int_equal(cp_chart_colour(c, 1), cp_chart_palette(0));
    assert_int_equal(cp_chart_colour(c, 3), cp_chart_palette(1));
    assert_int_equal(cp_chart_colour(c, 4), cp_chart_palette(2));
    for (size_t i = 0; i < 2; i++) {   /* 2.28.3 lighter than 3.6.6, 5.5.4 than 5.7.2 */
        unsigned light = cp_chart_colour(c, 2 * i), full = cp_chart_colour(c, 2 * i + 1);
        assert_int_not_equal(light, full);
        for (int shift = 0; shift <= 16; shift += 8)
            assert_true(((light >> shift) & 0xff) >= ((full >> shift) & 0xff));
    }
    /* colours are part of what a drawing depends on (the chart cache) */
    cp_buf a = { 0 }, b = { 0 };
    cp_chart_serialize(c, &a);
    cp_chart_series_colour(c, 0, 0x123456);
    assert_int_equal(cp_chart_colour(c, 0), 0x123456);
    cp_chart_serialize(c, &b);
    assert_true(a.len != b.len || memcmp(a.data, b.data, a.len));
    cp_buf_free(&a);
    cp_buf_free(&b);
    cp_chart_free(c);
}

/* A part of a split chart keeps the colour its series has in the whole. */
static void test_split_keeps_colours(void **state)
{
    (void)state;
    cp_chart *c = cp_chart_new("Cryptolib X.svg", CP_CHART_CLUSTERED, "T", NULL, NULL, "y");
    cp_chart_series_colour(c, cp_chart_series(c, "old"), 0x111111);
    cp_chart_series_colour(c, cp_chart_series(c, "new"), 0x222222);
    char text[32];
    for (size_t i = 0; i < 100; i++) {
        snprintf(text, sizeof text, "row %zu", i);
        size_t cat = cp_chart_category(c, text);
        cp_chart_set(c, cat, 0, 1, NULL);
        cp_chart_set(c, cat, 1, 2, NULL);
    }
    size_t n;
    cp_chart **parts = cp_chart_split(c, &n);
    assert_true(n >= 2);
    for (size_t k = 0; k < n; k++) {
        assert_int_equal(cp_chart_colour(parts[k], 0), 0x111111);
        assert_int_equal(cp_chart_colour(parts[k], 1), 0x222222);
        cp_chart_free(parts[k]);
    }
    free(parts);
    cp_chart_free(c);
}

static cp_chart *two_values(double lo, double hi, int auto_log)
{
    cp_chart *c = cp_chart_new("l.svg", CP_CHART_CLUSTERED, "T", NULL, NULL, "Time (ms)");
    c->auto_log = auto_log;
    size_t s = cp_chart_series(c, "v");
    cp_chart_set(c, cp_chart_category(c, "a"), s, lo, NULL);
    cp_chart_set(c, cp_chart_category(c, "b"), s, hi, NULL);
    cp_chart_set(c, cp_chart_category(c, "zero"), s, 0, "0");   /* no place on a log scale: not counted */
    return c;
}

static int script_has(const cp_chart *c, const char *text)
{
    cp_buf b = { 0 };
    cp_gnuplot_script(&b, c, NULL);
    int has = strstr(b.data, text) != NULL;
    cp_buf_free(&b);
    return has;
}

/* A log scale when the values span more than two decades, and only where
 * the chart asks for it; said on the axis, tics at the powers of ten. */
static void test_log_scale(void **state)
{
    (void)state;
    struct { double lo, hi; int auto_log, log; } cases[] = {
        { 10, 1000, 1, 0 },     /* exactly two decades: linear */
        { 10, 1001, 1, 1 },
        { 13, 20818, 1, 1 },
        { 13, 20818, 0, 0 },    /* a chart that does not ask */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cp_chart *c = two_values(cases[i].lo, cases[i].hi, cases[i].auto_log);
        assert_int_equal(cp_chart_log_y(c), cases[i].log);
        assert_int_equal(script_has(c, "set logscale y"), cases[i].log);
        assert_int_equal(script_has(c, "' (log scale)'"), cases[i].log);
        cp_chart_free(c);
    }
    cp_chart *c = two_values(13, 20818, 1);
    assert_true(script_has(c, "'10' 10, '100' 100, '1000' 1000, '10 000' 10000"));
    assert_true(script_has(c, "set yrange [9.99999"));   /* a hair below 10: gnuplot keeps that tic */
    cp_chart_free(c);
}

/* A ratio chart: one horizontal bar per category from 1, the better side
 * (below 1) in its colour, labels from the chart, none drawn for a
 * category without a value but its text; texts quoted as data. */
/* The bar rows of a script are written without printf, as printf writes
 * them: "%g" of the x position, "%.17g" of the top, whatever the value
 * (integers near and past the digits printf writes plain, fractions,
 * huge, negative). */
static void test_script_numbers(void **state)
{
    (void)state;
    static const double values[] = { 0, -0.0, 3, 2.5, -7, 999999, 1000000, 123456789012345, 999999999999999, 1e15,
                                     1e20, 0.1, 1234567.25 };
    enum { N = sizeof values / sizeof values[0] };
    cp_chart *c = cp_chart_new("n.svg", CP_CHART_CLUSTERED, "T", NULL, NULL, "y");
    size_t s = cp_chart_series(c, "");
    char name[16];
    for (size_t i = 0; i < N; i++) {
        snprintf(name, sizeof name, "c%zu", i);
        cp_chart_set(c, cp_chart_category(c, name), s, values[i], "v");
    }
    cp_buf b = { 0 };
    cp_gnuplot_script(&b, c, NULL);
    for (size_t i = 0; i < N; i++) {
        char row[96];
        snprintf(row, sizeof row, "\n%g %.17g %u 0\n", (double)(2 * i), values[i], cp_chart_colour(c, s));
        assert_contains(b.data, row);
        snprintf(row, sizeof row, "\n%g %.17g %zu\n", (double)(2 * i), values[i], i + 1);   /* its value label */
        assert_contains(b.data, row);
    }
    cp_buf_free(&b);
    cp_chart_free(c);
}

static void test_ratio_script(void **state)
{
    (void)state;
    cp_chart *c = cp_chart_new("r.svg", CP_CHART_RATIO, "Geo", "sub", "x", "new/old");
    size_t s = cp_chart_series(c, "");
    cp_chart_set(c, cp_chart_category(c, "AES"), s, 0.5, "0.5000 (-50.0 %)");
    cp_chart_set(c, cp_chart_category(c, "it's"), s, 1.25, NULL);
    cp_chart_set(c, cp_chart_category(c, "RSA"), s, NAN, "no counts compared");
    cp_buf b = { 0 };
    cp_gnuplot_script(&b, c, NULL);
    assert_contains(b.data, "with boxxyerror");
    assert_contains(b.data, "0 0.5 1 40563\n");   /* AES: from 0.5 to 1, Okabe & Ito green 0x009E73 */
    assert_contains(b.data, "1 1 1.25 13983232\n");   /* worse: vermillion 0xD55E00 */
    assert_not_contains(b.data, "\n2 ");            /* RSA: no bar */
    assert_contains(b.data, "L[1] = '0.5000 (-50.0 %)'");
    assert_contains(b.data, "L[2] = '1.2500'");
    assert_contains(b.data, "L[3] = 'no counts compared'");
    assert_contains(b.data, "'it' . cp_q . 's' 1");   /* the tic of category 1 */
    assert_contains(b.data, "set yrange [2.6");       /* first category on top */
    cp_buf_free(&b);
    cp_chart_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_model),
        cmocka_unit_test(test_many),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_split),
        cmocka_unit_test(test_split_series),
        cmocka_unit_test(test_text_fit),
        cmocka_unit_test(test_shades),
        cmocka_unit_test(test_split_keeps_colours),
        cmocka_unit_test(test_log_scale),
        cmocka_unit_test(test_script_numbers),
        cmocka_unit_test(test_ratio_script),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
