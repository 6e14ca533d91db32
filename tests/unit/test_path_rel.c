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

/* The check at the point of writing (issue 30 item 2): a version
 * "1/../../../../elsewhere" pasted into a path leaves the folder. */
static void test_inside(void **state)
{
    (void)state;
    assert_true(cp_path_inside("out", "out/demo/examplelib-1.0/index.md"));
    assert_true(cp_path_inside("/", "//demo/index.md"));
    assert_true(cp_path_inside("out", "out/demo/a..b/index.md"));
    assert_false(cp_path_inside("out", "out/demo/examplelib-1/../../../../elsewhere/index.md"));
    assert_false(cp_path_inside("out", "out/../index.md"));
    assert_false(cp_path_inside("out", "out/./index.md"));
    assert_false(cp_path_inside("out", "out/demo//index.md"));
    assert_false(cp_path_inside("out", "out/demo/"));
    assert_false(cp_path_inside("out", "outside/index.md"));
    assert_false(cp_path_inside("out", "out"));
    assert_false(cp_path_inside("out", "out/demo/.."));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_relative),
        cmocka_unit_test(test_dir),
        cmocka_unit_test(test_inside),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
