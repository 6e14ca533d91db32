/* Strings written by cp_yaml_put_string must read back, through libyaml, as
 * the same string, also inside a flow mapping; ordinary labels stay plain. */
#include "helpers.h"

#include "node.h"
#include "yaml_write.h"

static void round_trip(const char *s)
{
    cp_buf b = { 0 };
    cp_buf_puts(&b, "- {a: ");
    cp_yaml_put_string(&b, s, strlen(s));
    cp_buf_puts(&b, ", b: 1}\n");
    cp_doc doc;
    int rc = cp_doc_load_mem(&doc, "t.yaml", b.data, b.len, stderr);
    if (rc != 0)
        fail_msg("does not parse: %s", b.data);
    const cp_node *v = cp_map_get(doc.root->items[0], "a");
    assert_non_null(v);
    if (strcmp(v->text, s) != 0)
        fail_msg("wrote %s read back '%s'", b.data, v->text);
    if (v->plain)
        assert_int_equal(cp_scalar_type_of(v), CP_T_STRING);
    assert_non_null(cp_map_get(doc.root->items[0], "b"));
    cp_doc_free(&doc);
    cp_buf_free(&b);
}

static void test_nasty_strings_round_trip(void **state)
{
    (void)state;
    static const char *const nasty[] = {
        "plain", "Low RAM", "ML-DSA-44", "v2.2", "3DES", "128Bits", "", " leading", "trailing ", "two  spaces",
        "a: b", "a:b", "x #y", "#z", "- item", "-", "?", "{", "a,b", "[x]", "'single'", "\"double\"", "back\\slash",
        "line\nbreak", "tab\there", "cr\rhere", "bell\a", "yes", "No", "ON", "null", "~", "true", "0x472", "0o17",
        "1e5", "12", "-3", "1.5", ".5", ".inf", "2024-01-01", "12:30", "&anchor", "*alias", "!tag", "|", ">",
        "%percent", "@at", "`tick`", "\xc2\xb5s", "\xe2\x82\xac 5", "nel\xc2\x85x", "ls\xe2\x80\xa8x", "bom\xef\xbb\xbfx",
        "c1\xc2\x9bx", "del\x7fx",
    };
    for (size_t i = 0; i < sizeof nasty / sizeof nasty[0]; i++)
        round_trip(nasty[i]);
}

static void assert_written(const char *s, const char *want)
{
    cp_buf b = { 0 };
    cp_yaml_put_string(&b, s, strlen(s));
    assert_string_equal(b.data, want);
    cp_buf_free(&b);
}

static void test_labels_stay_plain(void **state)
{
    (void)state;
    assert_written("SuperFast", "SuperFast");
    assert_written("Low RAM", "Low RAM");
    assert_written("sha3-224", "sha3-224");
    assert_written("3DES", "3DES");
    assert_written("0x472", "\"0x472\"");
    assert_written("yes", "\"yes\"");
    assert_written("a \"b\"", "\"a \\\"b\\\"\"");
}

/* libyaml's emitter spells the escapes; an invalid byte becomes U+FFFD */
static void test_quoting_by_libyaml(void **state)
{
    (void)state;
    assert_written("bell\a esc\x1b", "\"bell\\a esc\\e\"");
    assert_written("nel\xc2\x85", "\"nel\\N\"");
    assert_written("\xc2\xb5s per op", "\"\xc2\xb5s per op\"");
    assert_written("bad\xff", "\"bad\xef\xbf\xbd\"");
    char long_text[300];
    memset(long_text, 'x', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = '\0';
    long_text[100] = long_text[200] = ' ';
    long_text[0] = '#';
    cp_buf b = { 0 };
    cp_yaml_put_string(&b, long_text, strlen(long_text));
    assert_null(strchr(b.data, '\n'));  /* never folded onto a second line */
    cp_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nasty_strings_round_trip),
        cmocka_unit_test(test_labels_stay_plain),
        cmocka_unit_test(test_quoting_by_libyaml),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
