/* The site index's order: versions compare by their numbers, not as text. */
#include "helpers.h"
#include "site_index.h"

static void test_version_cmp(void **state)
{
    (void)state;
    assert_true(cp_version_cmp("2.28.3", "3.6.6") < 0);
    assert_true(cp_version_cmp("3.6.6", "10.0") < 0);
    assert_true(cp_version_cmp("10.0", "2.28.3") > 0);
    assert_true(cp_version_cmp("040000b1", "050000b2") < 0);
    assert_true(cp_version_cmp("5.7.2", "5.7.2") == 0);
    assert_true(cp_version_cmp("1.0", "1.0.1") < 0);
    assert_true(cp_version_cmp("007", "7") == 0);   /* leading zeros do not count */
    assert_true(cp_version_cmp("0.6", "0.10") < 0);
    assert_true(cp_version_cmp("diff-mbedtls-2.28.3-to-3.6.6", "diff-mbedtls-3.6.6-to-10.0") < 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_version_cmp),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
