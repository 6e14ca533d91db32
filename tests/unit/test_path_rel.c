/* The `$schema=` and "generated from" paths of an imported dataset must be
 * relative to the dataset's folder, whatever folder import ran in. */
#include "helpers.h"

#include "base/path_rel.h"

static void assert_relative(const char *from, const char *to, const char *want)
{
    char *got = cp_path_relative(from, to);
    assert_string_equal(got, want);
    free(got);
}

static void test_relative(void **state)
{
    (void)state;
    assert_relative("data/stm32l5/cmox-050000b2", "schema/dataset.schema.json", "../../../schema/dataset.schema.json");
    assert_relative("data/x/y", "data/x/y/import/results.csv", "import/results.csv");
    assert_relative("./data/x/../x/y/", "data/x/y/import/r.csv", "import/r.csv");
    assert_relative("/a/b", "/a/c/d", "../c/d");
    assert_relative("/a/b", "/a/b", ".");
    assert_relative("/", "/s.json", "s.json");
}

static void test_dir(void **state)
{
    (void)state;
    char *d = cp_path_dir("data/x/dataset.yaml");
    assert_string_equal(d, "data/x");
    free(d);
    d = cp_path_dir("dataset.yaml");
    assert_string_equal(d, ".");
    free(d);
    d = cp_path_dir("/dataset.yaml");
    assert_string_equal(d, "/");
    free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_relative),
        cmocka_unit_test(test_dir),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
