/* The YAML loader: positions, refusals (duplicate keys, anchors, aliases,
 * tags, NUL characters, several documents, deep nesting, bytes that are not
 * text), each at the place of the offending byte with the path, and YAML
 * 1.2 core typing. */
#include "helpers.h"
#include "data/node.h"

static int load(cp_doc *doc, const char *text, capture *c)
{
    return cp_doc_load_mem(doc, "t.yaml", text, strlen(text), c->f);
}

static void test_marks(void **state)
{
    (void)state;
    capture c;
    capture_open(&c);
    cp_doc doc;
    assert_int_equal(load(&doc, "a: 1\nb:\n  c: [x, 'y']\n", &c), 0);
    const cp_node *b = cp_map_get(doc.root, "b");
    const cp_node *list = cp_map_get(b, "c");
    assert_int_equal(list->kind, CP_SEQ);
    assert_int_equal(list->items[1]->mark.line, 3);
    assert_int_equal(list->items[1]->mark.column, 10);
    assert_string_equal(list->items[1]->mark.file, "t.yaml");
    assert_int_equal(cp_map_key_mark(b, 0).column, 3);
    assert_int_equal(cp_map_key_mark(b, 0).line, 3);
    assert_string_equal(cp_scalar(list->items[1]), "y");
    assert_null(cp_scalar(list));
    assert_null(cp_map_get(list, "x"));
    cp_doc_free(&doc);
    capture_close(&c);
}

/* A million results are ten million nodes: their size is the memory of a
 * large dataset (node_store.h). */
static void test_sizes(void **state)
{
    (void)state;
    assert_int_equal(CP_SCALAR_NODE_SIZE, 32);
    assert_int_equal(sizeof(cp_node), 48);
    /* every key of a mapping is one shared node, its position kept apart */
    capture c;
    capture_open(&c);
    cp_doc doc;
    assert_int_equal(load(&doc, "- {a: Small, b: 2}\n- {b: 3,\n   a: Small}\n", &c), 0);
    const cp_node *one = doc.root->items[0], *two = doc.root->items[1];
    assert_ptr_equal(one->keys[0], two->keys[1]);
    assert_int_equal(cp_map_key_mark(two, 1).line, 3);
    assert_int_equal(cp_map_key_mark(two, 1).column, 4);
    assert_int_equal(cp_map_key_mark(one, 1).column, 14);
    /* a word is stored once */
    assert_ptr_equal(cp_map_get(one, "a")->text, cp_map_get(two, "a")->text);
    assert_ptr_not_equal(cp_map_get(one, "a"), cp_map_get(two, "a"));
    /* each scalar typed once, by the loader */
    assert_int_equal(cp_map_get(one, "b")->type, CP_T_INT + 1);
    assert_int_equal(cp_map_get(one, "a")->type, CP_T_STRING + 1);
    cp_doc_free(&doc);
    capture_close(&c);
}

/* Refused with exactly one message containing `message`. A fatal problem
 * (syntax, encoding) leaves no document; the others leave the rest of it. */
static void refused_as(const char *text, const char *message, int fatal)
{
    capture c;
    capture_open(&c);
    cp_doc doc;
    assert_int_equal(load(&doc, text, &c), -1);
    if (fatal)
        assert_null(doc.root);
    assert_int_equal(doc.problems, 1);
    assert_contains(capture_text(&c), message);
    assert_int_equal(count_lines(capture_text(&c)), 1);
    cp_doc_free(&doc);
    capture_close(&c);
}

static void refused(const char *text, const char *message)
{
    refused_as(text, message, 0);
}

static void refused_fatal(const char *text, const char *message)
{
    refused_as(text, message, 1);
}

static void test_duplicate_key(void **state)
{
    (void)state;
    refused("a: 1\nb: 2\na: 3\n", "t.yaml:3:1: a: expected each key once, found 'a' a second time (first at line 1)");
}

static void test_duplicate_key_in_large_mapping(void **state)
{
    (void)state;
    /* past 16 keys the loader hashes them: check that path too */
    cp_buf b = { 0 };
    for (int i = 0; i < 5000; i++)
        cp_buf_printf(&b, "k%d: %d\n", i, i);
    capture c;
    capture_open(&c);
    cp_doc doc;
    assert_int_equal(load(&doc, b.data, &c), 0);
    assert_int_equal(doc.root->count, 5000);
    assert_string_equal(cp_scalar(cp_map_get(doc.root, "k4999")), "4999");
    cp_doc_free(&doc);
    capture_close(&c);
    cp_buf_puts(&b, "k1234: again\n");
    refused(b.data, "t.yaml:5001:1: k1234: expected each key once, found 'k1234' a second time (first at line 1235)");
    cp_buf_free(&b);
}

static void test_anchors_and_aliases_refused(void **state)
{
    (void)state;
    refused("a: &x 1\n", "t.yaml:1:4: a: expected a value without an anchor, found the anchor '&x'");
    refused("a: &x {b: 1}\n", "anchors are not supported");
    refused("a: 1\nb: *x\n", "t.yaml:2:4: b: expected a value, found the alias '*x'");
}

static void test_several_documents_refused(void **state)
{
    (void)state;
    refused_fatal("a: 1\n---\nb: 2\n", "t.yaml:2:1: (top level): expected one YAML document, found a second");
    refused("\"a\\e\": 1\n\"a\\e\": 2\n", "t.yaml:2:1: a\x1b: expected each key once, found 'a\\x1b' a second time");
}

static void test_syntax_error_position(void **state)
{
    (void)state;
    refused_fatal("a: 1\n  b: 2\n", "t.yaml:2:4: (top level): expected well-formed YAML, found a YAML syntax error:");
    refused_fatal("a: [1, 2\n", "YAML syntax error:");
}

/* A tag changes what a value means: none is silently ignored. */
static void test_tags_refused(void **state)
{
    (void)state;
    refused("a: !!binary aGVsbG8=\n", "t.yaml:1:4: a: expected a value without a YAML tag, found the tag '!!binary'");
    refused("x:\n  b: !!python/name:os.system ''\n",
            "t.yaml:2:6: x.b: expected a value without a YAML tag, found the tag '!!python/name:os.system'");
    refused("a: !!str 5\n", "found the tag '!!str'");
    refused("a: [1, !local x]\n", "t.yaml:1:8: a[1]: expected a value without a YAML tag, found the tag '!local'");
    refused("a: !!map {b: 1}\n", "found the tag '!!map'");
}

/* The byte itself, wherever it is, not 1:1; every one of them. */
static void test_bad_bytes_at_their_place(void **state)
{
    (void)state;
    cp_buf b = { 0 };
    for (int i = 1; i < 100; i++)
        cp_buf_printf(&b, "k%d: v%d\n", i, i);
    cp_buf_puts(&b, "k100: ab\x01" "c\n");
    refused_fatal(b.data, "t.yaml:100:9: (text): expected text (no control character but tab and line breaks), found "
                          "the control character U+0001");
    b.len -= 6;
    cp_buf_puts(&b, " \xc3\xa9\xff\n");
    refused_fatal(b.data, "t.yaml:100:8: (text): expected UTF-8 text, found the byte 0xff, which is not UTF-8");
    b.len -= 4;
    cp_buf_puts(&b, "\x7f\nk101: \xc2\x9b\n");
    capture c;
    capture_open(&c);
    cp_doc doc;
    assert_int_equal(load(&doc, b.data, &c), -1);
    assert_contains(capture_text(&c), "t.yaml:100:7: (text): expected text (no control character but tab and line "
                                      "breaks), found the control character U+007F");
    assert_contains(capture_text(&c), "t.yaml:101:7: (text): expected text (no control character but tab and line "
                                      "breaks), found the control character U+009B");
    assert_int_equal(doc.problems, 2);
    cp_doc_free(&doc);
    capture_close(&c);
    cp_buf_free(&b);
}

/* A NUL from an escape: at the escape, with the path. */
static void test_nul_character(void **state)
{
    (void)state;
    refused("a: 1\nlist:\n  - \"ok\"\n  - \"ab\\x00c\"\n",
            "t.yaml:4:8: list[1]: expected text without NUL characters, found a NUL character");
    refused("a: \"\\\\0 \\u0000\"\n", "t.yaml:1:9: a: expected text without NUL");
}

/* One run reports every problem that leaves the rest readable. */
static void test_every_problem_reported(void **state)
{
    (void)state;
    capture c;
    capture_open(&c);
    cp_doc doc;
    assert_int_equal(load(&doc, "a: !!binary x\nb: &y 2\nc: 3\nc: 4\nd: \"\\0\"\ne: 5\n", &c), -1);
    assert_int_equal(doc.problems, 4);
    assert_int_equal(count_lines(capture_text(&c)), 4);
    assert_non_null(doc.root);
    /* the rest is there, the refused values are not */
    assert_string_equal(cp_scalar(cp_map_get(doc.root, "e")), "5");
    assert_string_equal(cp_scalar(cp_map_get(doc.root, "c")), "3");
    assert_null(cp_map_get(doc.root, "a"));
    cp_doc_free(&doc);
    capture_close(&c);
}

static void test_deep_nesting_refused(void **state)
{
    (void)state;
    cp_buf b = { 0 };
    for (int i = 0; i < 10000; i++)
        cp_buf_putc(&b, '[');
    for (int i = 0; i < 10000; i++)
        cp_buf_putc(&b, ']');
    refused_fatal(b.data, "expected at most 64 levels of nesting, found more");
    cp_buf_free(&b);
}

static void test_empty_document(void **state)
{
    (void)state;
    capture c;
    capture_open(&c);
    cp_doc doc;
    assert_int_equal(load(&doc, "# only a comment\n", &c), 0);
    assert_null(doc.root);
    cp_doc_free(&doc);
    assert_int_equal(cp_doc_load_mem(&doc, "t.yaml", "", 0, NULL), 0);
    cp_doc_free(&doc);
    capture_close(&c);
}

static void test_unreadable_file(void **state)
{
    (void)state;
    capture c;
    capture_open(&c);
    cp_doc doc;
    assert_int_equal(cp_doc_load(&doc, "/nonexistent/x.yaml", c.f), -1);
    assert_contains(capture_text(&c), "/nonexistent/x.yaml: cannot read: No such file");
    cp_doc_free(&doc);
    capture_close(&c);
}

/* The input is read and checked in chunks of 64 KiB (node_input.h): a
 * character cut by a chunk's end is still one character, and places
 * further on are still exact, from memory and from a file alike. */
static void test_chunks(void **state)
{
    (void)state;
    cp_buf b = { 0 };
    /* an 'é' (2 bytes) on each side of byte 65536: the first starts at 65535 */
    cp_buf_puts(&b, "a: '");
    while (b.len < 65535)
        cp_buf_putc(&b, 'x');
    cp_buf_puts(&b, "\xc3\xa9\xc3\xa9'\n");
    for (int i = 0; i < 3000; i++)
        cp_buf_printf(&b, "k%d: v%d\n", i, i);
    capture c;
    capture_open(&c);
    cp_doc doc;
    assert_int_equal(load(&doc, b.data, &c), 0);
    assert_int_equal(cp_map_get(doc.root, "a")->len, 65531 + 4);
    assert_string_equal(cp_scalar(cp_map_get(doc.root, "k2999")), "v2999");
    cp_doc_free(&doc);
    /* the same text with a bad byte far past the first chunk, and a NUL
     * escape after non-ASCII text (libyaml counts characters, not bytes) */
    cp_buf_puts(&b, "k3000: \"\xc3\xa9\xc3\xa9\\0\"\nk3001: a\x01" "b\n");
    char *path = temp_file(b.data);
    for (int from_file = 0; from_file < 2; from_file++) {
        capture_close(&c);
        capture_open(&c);
        int rc = from_file ? cp_doc_load(&doc, path, c.f) : load(&doc, b.data, &c);
        assert_int_equal(rc, -1);
        const char *file = from_file ? path : "t.yaml";
        char *nul = cp_xasprintf("%s:3002:11: k3000: expected text without NUL characters", file);
        char *ctl = cp_xasprintf("%s:3003:9: (text): expected text (no control character but tab and line breaks), "
                                 "found the control character U+0001", file);
        assert_contains(capture_text(&c), nul);
        assert_contains(capture_text(&c), ctl);
        assert_int_equal(doc.problems, 2);
        assert_null(doc.root);
        free(nul);
        free(ctl);
        cp_doc_free(&doc);
    }
    unlink(path);
    free(path);
    capture_close(&c);
    cp_buf_free(&b);
}

/* A byte that is not text ends what libyaml reads, not what is reported:
 * the problems before it and every such byte after it are named, and the
 * end it makes is not called a syntax error. */
static void test_problems_around_bad_bytes(void **state)
{
    (void)state;
    capture c;
    capture_open(&c);
    cp_doc doc;
    assert_int_equal(load(&doc, "a: !!binary x\nb: [1,\n  2\x02, 3]\nc: \xff\nd: [\n", &c), -1);
    assert_contains(capture_text(&c), "t.yaml:1:4: a: expected a value without a YAML tag");
    assert_contains(capture_text(&c), "t.yaml:3:4: (text): expected text (no control character");
    assert_contains(capture_text(&c), "t.yaml:4:4: (text): expected UTF-8 text, found the byte 0xff");
    assert_not_contains(capture_text(&c), "syntax error");
    assert_int_equal(doc.problems, 3);
    assert_null(doc.root);
    cp_doc_free(&doc);
    /* CR LF is one line break, a lone CR one too */
    capture_close(&c);
    capture_open(&c);
    assert_int_equal(load(&doc, "a: 1\r\nb: 2\rc: 3\r\nd: \x01\n", &c), -1);
    assert_contains(capture_text(&c), "t.yaml:4:4: (text)");
    cp_doc_free(&doc);
    /* a syntax error does not hide a bad byte in a later chunk */
    cp_buf b = { 0 };
    cp_buf_puts(&b, "a: 1\n  b: 2\n");
    for (int i = 0; i < 10000; i++)
        cp_buf_printf(&b, "k%d: v%d\n", i, i);
    cp_buf_puts(&b, "z: \x7f\n");
    capture_close(&c);
    capture_open(&c);
    assert_int_equal(load(&doc, b.data, &c), -1);
    assert_contains(capture_text(&c), "t.yaml:2:4: (top level): expected well-formed YAML");
    assert_contains(capture_text(&c), "t.yaml:10003:4: (text): expected text (no control character");
    assert_int_equal(doc.problems, 2);
    cp_doc_free(&doc);
    cp_buf_free(&b);
    capture_close(&c);
}

/* Files are read through cp_open_input: no FIFO wait, a folder named. */
static void test_not_a_regular_file(void **state)
{
    (void)state;
    capture c;
    capture_open(&c);
    cp_doc doc;
    assert_int_equal(cp_doc_load(&doc, "/tmp", c.f), -1);
    assert_contains(capture_text(&c), "/tmp: cannot read: expected a regular file, found a folder");
    cp_doc_free(&doc);
    capture_close(&c);
}

static void test_typing(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        cp_scalar_type type;
    } cases[] = {
        { "123", CP_T_INT },     { "-5", CP_T_INT },        { "0128", CP_T_INT },     { "'123'", CP_T_STRING },
        { "\"7\"", CP_T_STRING }, { "1.5", CP_T_FLOAT },     { "1e3", CP_T_FLOAT },    { ".5", CP_T_FLOAT },
        { "1.0", CP_T_FLOAT },   { "3.6.6", CP_T_STRING },  { "3DES", CP_T_STRING },  { "true", CP_T_BOOL },
        { "False", CP_T_BOOL },  { "yes", CP_T_STRING },    { "~", CP_T_NULL },       { "null", CP_T_NULL },
        { "''", CP_T_STRING },   { "'5'", CP_T_STRING },    { "v1.5", CP_T_STRING },  { "1e", CP_T_STRING },
        { "0x1F", CP_T_INT },    { "0o17", CP_T_INT },      { "0o8", CP_T_STRING },   { "-0x1", CP_T_STRING },
        { "0x", CP_T_STRING },   { ".inf", CP_T_FLOAT },    { "-.Inf", CP_T_FLOAT },  { ".NaN", CP_T_FLOAT },
        { "-.nan", CP_T_STRING }, { "+", CP_T_STRING },     { "nope", CP_T_STRING },  { "Trueish", CP_T_STRING },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *text = cp_xasprintf("v: %s\n", cases[i].text);
        cp_doc doc;
        assert_int_equal(cp_doc_load_mem(&doc, "t.yaml", text, strlen(text), NULL), 0);
        cp_scalar_type t = cp_scalar_type_of(cp_map_get(doc.root, "v"));
        if (t != cases[i].type)
            fail_msg("%s: type %d, expected %d", cases[i].text, t, cases[i].type);
        cp_doc_free(&doc);
        free(text);
    }
}

/* A list after a mapping of 16 keys or more at the same depth (a firmware
 * document: the run header, then its results): the list's items have no
 * key to index, and 100 of them once looped for ever on the 65th. */
static void test_list_after_indexed_mapping(void **state)
{
    (void)state;
    cp_buf b = { 0 };
    cp_buf_puts(&b, "run:\n");
    for (int i = 0; i < 20; i++)
        cp_buf_printf(&b, "  k%d: %d\n", i, i);
    cp_buf_puts(&b, "results:\n");
    for (int i = 0; i < 100; i++)
        cp_buf_printf(&b, "  - {n: %d}\n", i);
    cp_doc doc;
    assert_int_equal(cp_doc_load_mem(&doc, "t.yaml", b.data, b.len, NULL), 0);
    assert_int_equal(cp_map_get(doc.root, "results")->count, 100);
    assert_int_equal(cp_map_get(doc.root, "run")->count, 20);
    cp_doc_free(&doc);
    cp_buf_free(&b);
}

static void test_numbers(void **state)
{
    (void)state;
    cp_doc doc;
    const char *text = "a: 0128\nb: 9223372036854775808\nc: '5'\nd: 2.5\ne: 0x1f\nf: 0o17\ng: .inf\n";
    assert_int_equal(cp_doc_load_mem(&doc, "t.yaml", text, strlen(text), NULL), 0);
    long long v = 0;
    double d = 0;
    assert_int_equal(cp_scalar_int(cp_map_get(doc.root, "a"), &v), 0);
    assert_int_equal(v, 128);
    assert_int_equal(cp_scalar_int(cp_map_get(doc.root, "b"), &v), -1);
    assert_int_equal(cp_scalar_int(cp_map_get(doc.root, "c"), &v), -1);
    assert_int_equal(cp_scalar_double(cp_map_get(doc.root, "d"), &d), 0);
    assert_true(d == 2.5);
    assert_int_equal(cp_scalar_double(cp_map_get(doc.root, "c"), &d), -1);
    assert_int_equal(cp_scalar_int(cp_map_get(doc.root, "e"), &v), 0);
    assert_int_equal(v, 31);
    assert_int_equal(cp_scalar_int(cp_map_get(doc.root, "f"), &v), 0);
    assert_int_equal(v, 15);
    assert_int_equal(cp_scalar_double(cp_map_get(doc.root, "g"), &d), -1); /* not finite */
    cp_doc_free(&doc);
    /* up to 18 digits read without strtoll, more with it */
    text = "a: 999999999999999999\nb: -999999999999999999\nc: 9223372036854775807\nd: -9223372036854775808\n"
           "e: +7\nf: -0\ng: 1000000000000000000\n";
    assert_int_equal(cp_doc_load_mem(&doc, "t.yaml", text, strlen(text), NULL), 0);
    static const long long want[] = { 999999999999999999LL, -999999999999999999LL, 9223372036854775807LL,
                                      -9223372036854775807LL - 1, 7, 0, 1000000000000000000LL };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        char key[2] = { (char)('a' + i), 0 };
        assert_int_equal(cp_scalar_int(cp_map_get(doc.root, key), &v), 0);
        assert_true(v == want[i]);
    }
    /* as doubles, what strtod gives: the fast path up to 15 digits, -0 too */
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        char key[2] = { (char)('a' + i), 0 };
        const cp_node *n = cp_map_get(doc.root, key);
        assert_int_equal(cp_scalar_double(n, &d), 0);
        double expect = strtod(n->text, NULL);
        assert_memory_equal(&d, &expect, sizeof d);
    }
    cp_doc_free(&doc);
    text = "a: 123456789012345\nb: -123456789012345\nc: 9007199254740993\nd: -0\ne: 0\n";
    assert_int_equal(cp_doc_load_mem(&doc, "t.yaml", text, strlen(text), NULL), 0);
    for (char key[2] = "a"; key[0] <= 'e'; key[0]++) {
        const cp_node *n = cp_map_get(doc.root, key);
        assert_int_equal(cp_scalar_double(n, &d), 0);
        double expect = strtod(n->text, NULL);
        assert_memory_equal(&d, &expect, sizeof d);
    }
    cp_doc_free(&doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_marks),
        cmocka_unit_test(test_sizes),
        cmocka_unit_test(test_duplicate_key),
        cmocka_unit_test(test_duplicate_key_in_large_mapping),
        cmocka_unit_test(test_anchors_and_aliases_refused),
        cmocka_unit_test(test_several_documents_refused),
        cmocka_unit_test(test_syntax_error_position),
        cmocka_unit_test(test_tags_refused),
        cmocka_unit_test(test_bad_bytes_at_their_place),
        cmocka_unit_test(test_nul_character),
        cmocka_unit_test(test_every_problem_reported),
        cmocka_unit_test(test_deep_nesting_refused),
        cmocka_unit_test(test_empty_document),
        cmocka_unit_test(test_unreadable_file),
        cmocka_unit_test(test_chunks),
        cmocka_unit_test(test_problems_around_bad_bytes),
        cmocka_unit_test(test_not_a_regular_file),
        cmocka_unit_test(test_typing),
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_list_after_indexed_mapping),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
