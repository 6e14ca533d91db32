/* The chart model: categories and series in order of first appearance,
 * one value per (category, series), missing values stay missing. */
#include "helpers.h"

#include <math.h>

#include "chart.h"

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_model),
        cmocka_unit_test(test_many),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
