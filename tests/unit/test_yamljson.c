/* The YAML/JSON writer: one call sequence, two exact texts; empty
 * collections; strings that could break either format. */
#include "helpers.h"
#include "yamljson.h"

/* {name: "a\"b", list: [1, {x: 2.50, y: []}, -0.000], empty: {}, none: null} */
static char *write_sample(cp_yj_format format)
{
    cp_buf b = { 0 };
    cp_yj w;
    cp_yj_init(&w, &b, format);
    cp_yj_map_begin(&w);
    cp_yj_key(&w, "name");
    cp_yj_str(&w, "a\"b");
    cp_yj_key(&w, "list");
    cp_yj_seq_begin(&w);
    cp_yj_int(&w, 1);
    cp_yj_map_begin(&w);
    cp_yj_key(&w, "x");
    cp_yj_real(&w, 2.5, 2);
    cp_yj_key(&w, "y");
    cp_yj_seq_begin(&w);
    cp_yj_seq_end(&w);
    cp_yj_map_end(&w);
    cp_yj_real(&w, -0.0001, 3);
    cp_yj_seq_end(&w);
    cp_yj_key(&w, "empty");
    cp_yj_map_begin(&w);
    cp_yj_map_end(&w);
    cp_yj_key(&w, "none");
    cp_yj_str(&w, NULL);
    cp_yj_map_end(&w);
    cp_yj_finish(&w);
    return b.data;
}

static void test_yaml_block_style(void **state)
{
    (void)state;
    char *s = write_sample(CP_YJ_YAML);
    assert_string_equal(s, "name: \"a\\\"b\"\n"
                           "list:\n"
                           "  - 1\n"
                           "  - x: 2.50\n"
                           "    y: []\n"
                           "  - 0.000\n"
                           "empty: {}\n"
                           "none: null\n");
    free(s);
}

static void test_json_indented(void **state)
{
    (void)state;
    char *s = write_sample(CP_YJ_JSON);
    assert_string_equal(s, "{\n"
                           "  \"name\": \"a\\\"b\",\n"
                           "  \"list\": [\n"
                           "    1,\n"
                           "    {\n"
                           "      \"x\": 2.50,\n"
                           "      \"y\": []\n"
                           "    },\n"
                           "    0.000\n"
                           "  ],\n"
                           "  \"empty\": {},\n"
                           "  \"none\": null\n"
                           "}\n");
    free(s);
}

static void test_nested_sequences_and_maps(void **state)
{
    (void)state;
    cp_buf b = { 0 };
    cp_yj w;
    cp_yj_init(&w, &b, CP_YJ_YAML);
    cp_yj_map_begin(&w);
    cp_yj_key(&w, "rows");
    cp_yj_seq_begin(&w);
    cp_yj_map_begin(&w);
    cp_yj_key(&w, "id");
    cp_yj_map_begin(&w);
    cp_yj_key(&w, "k");
    cp_yj_int(&w, 128);
    cp_yj_map_end(&w);
    cp_yj_key(&w, "metrics");
    cp_yj_seq_begin(&w);
    cp_yj_map_begin(&w);
    cp_yj_key(&w, "m");
    cp_yj_str(&w, "cycles");
    cp_yj_map_end(&w);
    cp_yj_seq_end(&w);
    cp_yj_map_end(&w);
    cp_yj_map_begin(&w);
    cp_yj_map_end(&w);
    cp_yj_seq_end(&w);
    cp_yj_map_end(&w);
    cp_yj_finish(&w);
    assert_string_equal(b.data, "rows:\n"
                                "  - id:\n"
                                "      k: 128\n"
                                "    metrics:\n"
                                "      - m: cycles\n"
                                "  - {}\n");
    cp_buf_free(&b);
}

/* Data text never escapes its quotes, in either format. */
static void test_escaping(void **state)
{
    (void)state;
    cp_buf b = { 0 };
    cp_json_quote(&b, "q\" b\\ n\n t\t c\x01 d\x7f: - # 'x' é");
    assert_string_equal(b.data, "\"q\\\" b\\\\ n\\n t\\t c\\u0001 d\\u007f: - # 'x' é\"");
    cp_buf_free(&b);
}

static void test_real_formats(void **state)
{
    (void)state;
    cp_buf b = { 0 };
    cp_yj w;
    cp_yj_init(&w, &b, CP_YJ_JSON);
    cp_yj_seq_begin(&w);
    cp_yj_real(&w, 12.5, -1);
    cp_yj_real(&w, 0.1 + 0.2, -1);
    cp_yj_real(&w, -29.3829, 2);
    cp_yj_real(&w, -0.0, -1);
    cp_yj_seq_end(&w);
    cp_yj_finish(&w);
    assert_string_equal(b.data, "[\n  12.5,\n  0.3,\n  -29.38,\n  0\n]\n");
    cp_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_yaml_block_style),
        cmocka_unit_test(test_json_indented),
        cmocka_unit_test(test_nested_sequences_and_maps),
        cmocka_unit_test(test_escaping),
        cmocka_unit_test(test_real_formats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
