/* Strings written by cp_yaml_put_string must read back, through libyaml, as
 * the same string, also inside a flow mapping; ordinary labels stay plain;
 * quoted strings are byte for byte what libyaml's emitter writes (the
 * writer used to be that emitter: reports and datasets must not change). */
#include <yaml.h>

#include "helpers.h"

#include "base/yaml_write.h"
#include "data/node.h"

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
        "c1\xc2\x9bx", "del\x7fx", "  both  ", "a:", ":a", "a#", "1.0", "True", "-1e-5", ".nan", "\t", "\x01",
        "\xf0\x9f\x98\x80 4 bytes", "\xef\xbb\xbf" "bom first", "nonchar\xef\xbf\xbe", "nbsp\xc2\xa0x",
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

static int append(void *data, unsigned char *text, size_t size)
{
    cp_buf_put(data, (const char *)text, size);
    return 1;
}

/* What libyaml's emitter writes for s (valid UTF-8) as a double-quoted
 * scalar, with the settings the writer promises (unicode, no width):
 * the independent reference. */
static void libyaml_double_quoted(cp_buf *out, const char *s, size_t len)
{
    yaml_emitter_t e;
    yaml_event_t ev;
    assert_true(yaml_emitter_initialize(&e));
    yaml_emitter_set_output(&e, append, out);
    yaml_emitter_set_unicode(&e, 1);
    yaml_emitter_set_width(&e, -1);
    assert_true(yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING) && yaml_emitter_emit(&e, &ev));
    assert_true(yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1) && yaml_emitter_emit(&e, &ev));
    assert_true(yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s, (int)len, 0, 1,
                                             YAML_DOUBLE_QUOTED_SCALAR_STYLE) &&
                yaml_emitter_emit(&e, &ev));
    assert_true(yaml_document_end_event_initialize(&ev, 1) && yaml_emitter_emit(&e, &ev));
    assert_true(yaml_stream_end_event_initialize(&ev) && yaml_emitter_emit(&e, &ev));
    yaml_emitter_delete(&e);
    assert_true(out->len > 0 && out->data[out->len - 1] == '\n');
    out->data[--out->len] = '\0';
}

static void assert_like_libyaml(const char *s, size_t len)
{
    cp_buf ours = { 0 }, theirs = { 0 };
    cp_yaml_put_string(&ours, s, len);
    cp_buf_puts(&ours, "");
    if (cp_yaml_plain_ok(s, len))
        cp_buf_put(&theirs, s, len);
    else
        libyaml_double_quoted(&theirs, s, len);
    size_t at = 0;
    while (at < ours.len && at < theirs.len && ours.data[at] == theirs.data[at])
        at++;
    if (ours.len != theirs.len || at < ours.len)
        fail_msg("from byte %zu: wrote %.24s, libyaml writes %.24s", at, ours.data + at, theirs.data + at);
    cp_buf_free(&ours);
    cp_buf_free(&theirs);
}

static void put_utf8(cp_buf *b, unsigned cp)
{
    char u[4];
    size_t n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    static const unsigned char lead[] = { 0, 0, 0xc0, 0xe0, 0xf0 };
    for (size_t i = n - 1; i > 0; i--, cp >>= 6)
        u[i] = (char)(0x80 | (cp & 0x3f));
    u[0] = (char)(lead[n] | cp);
    cp_buf_put(b, u, n);
}

/* Every Unicode scalar value, between letters (so leading and trailing
 * spaces are tested on their own), in strings of 512 code points, and the
 * edge cases of the round trip, byte for byte as libyaml quotes them. */
static void test_quoting_matches_libyaml(void **state)
{
    (void)state;
    for (unsigned first = 0; first <= 0x10ffff; first += 512) {
        cp_buf b = { 0 };
        for (unsigned cp = first; cp < first + 512 && cp <= 0x10ffff; cp++) {
            if (cp >= 0xd800 && cp <= 0xdfff)
                continue;
            cp_buf_putc(&b, 'x');
            put_utf8(&b, cp);
        }
        if (b.len)
            assert_like_libyaml(b.data, b.len);
        cp_buf_free(&b);
    }
    static const char *const edges[] = {
        " leading", "trailing ", "  both  ", "a: b", "a:", "x #y", "#z", "say \"hi\"", "line\nbreak", "\n",
        "\xc2\xb5s", "\xe2\x82\xac", "null", "true", "Yes", "~", "12", "-3", "1.5", "1e5", "0x1F", "2024-01-01",
        "", "\\", "\xef\xbb\xbf" "bom", "\xf0\x9f\x98\x80", "\xc2\x85", "\xe2\x80\xa8", "\xe2\x80\xa9", "\x7f",
    };
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
        assert_like_libyaml(edges[i], strlen(edges[i]));
    /* a NUL inside the text (cp_yaml_put_string takes a length) */
    assert_like_libyaml("a\0b", 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nasty_strings_round_trip),
        cmocka_unit_test(test_labels_stay_plain),
        cmocka_unit_test(test_quoting_by_libyaml),
        cmocka_unit_test(test_quoting_matches_libyaml),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
