/* Page sets as `cryptoperf publish` reads them: names, edit summaries,
 * loading a fixture set, refusing a folder without index.wiki, and sets
 * that clash (one name twice, one chart name with two contents); a whole
 * site (site_sets.h): every page, titled by prefix and heading, its links
 * turned to those titles. */
#include "helpers.h"
#include "publish/pageset.h"
#include "publish/site_sets.h"

#define CMOX_SET "tests/fixtures/wiki/stm32l5/cmox-5.0.0"

static void name_is(const char *dir, const char *want)
{
    char *got = cp_page_set_name(dir);
    assert_string_equal(got, want);
    free(got);
}

static void names(void **state)
{
    (void)state;
    name_is("site/stm32l5/mbedtls-3.6.6", "stm32l5/mbedtls-3.6.6");
    name_is("site/stm32l5/mbedtls-3.6.6//", "stm32l5/mbedtls-3.6.6");
    name_is("/abs/site/stm32l5/mbedtls-3.6.6/", "stm32l5/mbedtls-3.6.6");
    name_is("stm32l5/mbedtls-3.6.6", "stm32l5/mbedtls-3.6.6");
    name_is("/stm32l5", "stm32l5");
    name_is("site", "site");
}

static void summary_is(const char *name, const char *want)
{
    char *got = cp_page_set_summary(name);
    assert_string_equal(got, want);
    free(got);
}

static void summaries(void **state)
{
    (void)state;
    summary_is("stm32l5/mbedtls-3.6.6", "cryptoperf publish: dataset stm32l5/mbedtls-3.6.6, version 3.6.6");
    summary_is("stm32l5/cmox-050000b2", "cryptoperf publish: dataset stm32l5/cmox-050000b2, version 050000b2");
    summary_is("stm32l5/diff-mbedtls-2.28.3-to-3.6.6",
               "cryptoperf publish: diff page stm32l5/diff-mbedtls-2.28.3-to-3.6.6");
    summary_is("site", "cryptoperf publish: site");
}

static void loads_fixture(void **state)
{
    (void)state;
    cp_page_set set;
    assert_int_equal(cp_page_set_load(CMOX_SET, &set, stderr), 0);
    assert_string_equal(set.name, "stm32l5/cmox-5.0.0");
    assert_non_null(strstr(set.text, "== 1. Measurement configuration =="));
    assert_int_equal(set.ncharts, 2);
    /* sorted by name, whatever readdir said */
    assert_string_equal(set.charts[0].name, "Cryptolib STM32L552 AES CBC SB Enc FP.svg");
    assert_string_equal(set.charts[1].name, "Cryptolib STM32L552 AES CBC SB Enc.svg");
    assert_int_equal(strlen(set.charts[1].sha1), 40);
    assert_string_not_equal(set.charts[0].sha1, set.charts[1].sha1);
    cp_page_set_free(&set);
}

static void sha1_of_known_text(void **state)
{
    (void)state;
    char dir[] = "/tmp/cp-pageset.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char *index = cp_xasprintf("%s/index.wiki", dir), *svg = cp_xasprintf("%s/a.svg", dir);
    assert_int_equal(cp_write_file_atomic(index, "x\n", 2), 0);
    assert_int_equal(cp_write_file_atomic(svg, "abc", 3), 0);
    cp_page_set set;
    assert_int_equal(cp_page_set_load(dir, &set, stderr), 0);
    assert_int_equal(set.ncharts, 1);
    /* SHA-1("abc"), FIPS 180-2 appendix A */
    assert_string_equal(set.charts[0].sha1, "a9993e364706816aba3e25717850c26c9cd0d89d");
    cp_page_set_free(&set);
    unlink(index);
    unlink(svg);
    rmdir(dir);
    free(index);
    free(svg);
}

static void refuses_folder_without_index(void **state)
{
    (void)state;
    capture c;
    capture_open(&c);
    cp_page_set set;
    assert_int_equal(cp_page_set_load("tests/fixtures/wiki/stm32l5", &set, c.f), -1);
    assert_non_null(strstr(capture_text(&c), "tests/fixtures/wiki/stm32l5/index.wiki: "));
    assert_non_null(strstr(capture_text(&c), "a page set is a folder with index.wiki"));
    cp_page_set_free(&set);
    capture_close(&c);
}

static void chart_name_clash(void **state)
{
    (void)state;
    cp_chart_file a = { .path = "x/a/c.svg", .name = "c.svg", .sha1 = "1111" };
    cp_chart_file same = { .path = "x/b/c.svg", .name = "c.svg", .sha1 = "1111" };
    cp_chart_file other = { .path = "x/c/c.svg", .name = "c.svg", .sha1 = "2222" };
    cp_chart_file d = { .path = "x/c/d.svg", .name = "d.svg", .sha1 = "3333" };
    cp_page_set sets[3] = { { .name = "s/a", .charts = &a, .ncharts = 1 },
                            { .name = "s/b", .charts = &same, .ncharts = 1 },
                            { .name = "s/c", .charts = (cp_chart_file[]){ other, d }, .ncharts = 2 } };
    capture c;
    capture_open(&c);
    /* the same chart in two sets is fine; a different one under its name is not */
    assert_int_equal(cp_page_sets_check(sets, 2, c.f), 0);
    assert_int_equal(cp_page_sets_check(sets, 3, c.f), 2);
    assert_non_null(strstr(capture_text(&c), "x/a/c.svg and x/c/c.svg: one file name on the wiki"));
    assert_non_null(strstr(capture_text(&c), "x/b/c.svg and x/c/c.svg"));
    capture_close(&c);
}

static void set_name_clash(void **state)
{
    (void)state;
    cp_page_set sets[3] = { { .dir = "a/s/x", .name = "s/x" }, { .dir = "b/s/y", .name = "s/y" },
                            { .dir = "c/s/x/", .name = "s/x" } };
    capture c;
    capture_open(&c);
    assert_int_equal(cp_page_sets_check(sets, 2, c.f), 0);
    assert_int_equal(cp_page_sets_check(sets, 3, c.f), 1);
    assert_string_equal(capture_text(&c), "a/s/x and c/s/x/: both are page set s/x, one page on the wiki\n");
    capture_close(&c);
}

#define SITE "tests/fixtures/wiki-site"

static const cp_page_set *set_named(const cp_page_set *sets, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(sets[i].name, name))
            return &sets[i];
    fail_msg("no page %s", name);
    return NULL;
}

static void whole_site(void **state)
{
    (void)state;
    assert_true(cp_site_is(SITE));
    assert_false(cp_site_is(SITE "/s1/lib-1.0"));   /* a page set, no pages below it */
    cp_page_set *sets = NULL;
    size_t n = 0;
    assert_int_equal(cp_site_sets_load(SITE, "Bench/", &sets, &n, stderr), 0);
    assert_int_equal(n, 4);   /* every .wiki page, not only index.wiki */
    const cp_page_set *index = set_named(sets, n, ""), *page = set_named(sets, n, "s1/lib-1.0");
    const cp_page_set *summary = set_named(sets, n, "s1/lib-1.0/summary"), *cmp = set_named(sets, n, "s1/compare");
    assert_string_equal(index->title, "Bench");
    assert_string_equal(page->title, "Bench/Lib 1.0 on S1 -beta-");   /* [ ] cannot be in a title */
    assert_string_equal(summary->title, "Bench/Lib 1.0 on S1: summary");
    assert_string_equal(cmp->title, "Bench/Libraries compared on S1");
    /* the heading shown, the links to the titles given */
    assert_string_equal(page->text, "{{DISPLAYTITLE:Lib 1.0 on S1 &#91;beta&#93;}}\n"
                                    "* [[Bench|index]] [[Bench/Lib 1.0 on S1: summary|summary]] "
                                    "[[Cryptoperf/elsewhere|not a page of the site]]\n");
    assert_string_equal(index->text, "{{DISPLAYTITLE:Site pages}}\n"
                                     "* [[Bench/Lib 1.0 on S1 -beta-|Lib 1.0]] [[Bench/Libraries compared on S1|compared]]\n");
    /* the folder's charts go with its first page, once */
    assert_int_equal(page->ncharts, 1);
    assert_int_equal(summary->ncharts, 0);
    assert_int_equal(cp_page_sets_check(sets, n, stderr), 0);
    for (size_t i = 0; i < n; i++)
        cp_page_set_free(&sets[i]);
    free(sets);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(whole_site),
        cmocka_unit_test(names),
        cmocka_unit_test(summaries),
        cmocka_unit_test(loads_fixture),
        cmocka_unit_test(sha1_of_known_text),
        cmocka_unit_test(refuses_folder_without_index),
        cmocka_unit_test(chart_name_clash),
        cmocka_unit_test(set_name_clash),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
