/* cp_version_cmp orders versions as people read them; the diff pages pair
 * consecutive versions by it, so a wrong order pairs the wrong releases. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "base/util.h"

static void numbers_compare_by_value(void **state)
{
    (void)state;
    assert_true(cp_version_cmp("2.28.3", "3.6.6") < 0);
    assert_true(cp_version_cmp("3.6.6", "10.0") < 0);
    assert_true(cp_version_cmp("5.5.4", "5.7.2") < 0);
    assert_true(cp_version_cmp("2.9", "2.10") < 0);
    assert_true(cp_version_cmp("10.0", "3.6.6") > 0);
}

static void letters_and_zeros(void **state)
{
    (void)state;
    assert_true(cp_version_cmp("040000B1", "050000B2") < 0);
    assert_true(cp_version_cmp("050000B1", "050000B2") < 0);
    assert_int_equal(cp_version_cmp("1.01", "1.1"), 0);
    assert_int_equal(cp_version_cmp("2.1.6", "2.1.6"), 0);
    assert_true(cp_version_cmp("2.1", "2.1.6") < 0);
    assert_true(cp_version_cmp("", "1") < 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(numbers_compare_by_value),
        cmocka_unit_test(letters_and_zeros),
    };
    return cmocka_run_group_tests_name("version_cmp", tests, NULL, NULL);
}
