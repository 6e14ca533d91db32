/* A table's cell texts live in chunks it owns: every text must keep its
 * bytes and its address while more are added (a chunk never moves), a
 * text larger than any chunk must fit, and dropping the rows must free
 * them all (LeakSanitizer runs with these tests). */
#include "helpers.h"

#include "model/table.h"
#include "page/table_build.h"

#define MANY 50000

static void test_texts_keep_bytes_and_address(void **state)
{
    (void)state;
    cp_table t = { 0 };
    char **at = cp_xcalloc(MANY, sizeof *at);
    for (size_t i = 0; i < MANY; i++) {
        char want[32];
        /* lengths 1..17 so texts end at every offset of a chunk */
        snprintf(want, sizeof want, "%.*s%zu", (int)(i % 12), "abcdefghijkl", i);
        at[i] = cp_table_text(&t, want);
    }
    for (size_t i = 0; i < MANY; i++) {
        char want[32];
        snprintf(want, sizeof want, "%.*s%zu", (int)(i % 12), "abcdefghijkl", i);
        assert_string_equal(at[i], want);
    }
    free(at);
    cp_table_drop_rows(&t);
    assert_null(t.texts);
}

/* empty texts (one byte each) fill every chunk to its last byte */
static void test_chunks_filled_to_the_last_byte(void **state)
{
    (void)state;
    cp_table t = { 0 };
    const char *first = cp_table_text(&t, "");
    for (size_t i = 0; i < 3u * 1024 * 1024; i++)
        assert_string_equal(cp_table_text(&t, ""), "");
    assert_string_equal(first, "");
    cp_table_free(&t);
}

static void test_text_larger_than_a_chunk(void **state)
{
    (void)state;
    cp_table t = { 0 };
    const char *before = cp_table_text(&t, "before");
    size_t n = 3u * 1024 * 1024;
    char *big = cp_xmalloc(n + 1);
    memset(big, 'x', n);
    big[n] = '\0';
    const char *copy = cp_table_text(&t, big);
    const char *after = cp_table_text(&t, "after");
    assert_int_equal(strlen(copy), n);
    assert_memory_equal(copy, big, n);
    assert_string_equal(before, "before");
    assert_string_equal(after, "after");
    free(big);
    cp_table_free(&t);
}

static void test_own_and_empty(void **state)
{
    (void)state;
    cp_table t = { 0 };
    /* the text handed over is freed: LeakSanitizer reports it otherwise */
    const char *owned = cp_table_own(&t, cp_xstrdup("made elsewhere"));
    assert_string_equal(owned, "made elsewhere");
    assert_null(cp_table_text(&t, NULL));
    const char *empty = cp_table_text(&t, "");
    assert_string_equal(empty, "");
    cp_table_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_texts_keep_bytes_and_address),
        cmocka_unit_test(test_chunks_filled_to_the_last_byte),
        cmocka_unit_test(test_text_larger_than_a_chunk),
        cmocka_unit_test(test_own_and_empty),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
