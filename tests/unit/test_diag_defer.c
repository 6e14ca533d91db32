/* Deferred reports (diag.h): told later as if reported then, so the
 * limit of CP_MAX_REPORTS messages and its one "(more problems ...)" line
 * fall where they would have, whoever reported first. */
#include "helpers.h"

static void report(cp_diag *d, unsigned n, const char *what)
{
    for (unsigned i = 1; i <= n; i++) {
        cp_mark m = { "t.csv", i, 1 };
        cp_diag_at(d, &m, NULL, "%s %u", what, i);
    }
}

/* before messages straight to d, then deferred ones: the output equals
 * that of reporting them all to d in that order */
static void same_as_direct(unsigned before, unsigned deferred)
{
    capture direct, late;
    capture_open(&direct);
    report(&direct.diag, before, "first");
    report(&direct.diag, deferred, "later");
    capture_open(&late);
    cp_diag_deferred q;
    cp_diag_defer(&q, &late.diag);
    report(&q.diag, deferred, "later");   /* made first ... */
    report(&late.diag, before, "first");  /* ... told after these */
    cp_diag_replay(&late.diag, &q);
    assert_int_equal(late.diag.errors, direct.diag.errors);
    assert_string_equal(capture_text(&late), capture_text(&direct));
    capture_close(&late);
    capture_close(&direct);
}

static void test_few(void **state)
{
    (void)state;
    same_as_direct(3, 4);
    same_as_direct(0, 0);
}

static void test_limit_in_the_deferred(void **state)
{
    (void)state;
    same_as_direct(10, CP_MAX_REPORTS + 20);
    same_as_direct(0, CP_MAX_REPORTS + 1);
    same_as_direct(0, CP_MAX_REPORTS);
    same_as_direct(1, CP_MAX_REPORTS - 1);
    same_as_direct(1, CP_MAX_REPORTS);
}

static void test_limit_before_the_deferred(void **state)
{
    (void)state;
    same_as_direct(CP_MAX_REPORTS, 5);
    same_as_direct(CP_MAX_REPORTS + 3, 5);
}

static void test_no_output(void **state)
{
    (void)state;
    cp_diag d = { .out = NULL };
    cp_diag_deferred q;
    cp_diag_defer(&q, &d);
    report(&q.diag, 5, "x");
    cp_diag_replay(&d, &q);
    assert_int_equal(d.errors, 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_few),
        cmocka_unit_test(test_limit_in_the_deferred),
        cmocka_unit_test(test_limit_before_the_deferred),
        cmocka_unit_test(test_no_output),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
