/* The YAML loader: positions, refusals (duplicate keys, anchors, aliases,
 * several documents, deep nesting) and YAML 1.2 core typing. */
#include "helpers.h"
#include "node.h"

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
    cp_doc_free(&doc);
    capture_close(&c);
}

static void refused(const char *text, const char *message)
{
    capture c;
    capture_open(&c);
    cp_doc doc;
    assert_int_equal(load(&doc, text, &c), -1);
    assert_null(doc.root);
    assert_contains(capture_text(&c), message);
    assert_int_equal(count_lines(capture_text(&c)), 1);
    cp_doc_free(&doc);
    capture_close(&c);
}

static void test_duplicate_key(void **state)
{
    (void)state;
    refused("a: 1\nb: 2\na: 3\n", "t.yaml:3:1: duplicate key 'a' (first at line 1)");
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
    refused(b.data, "t.yaml:5001:1: duplicate key 'k1234' (first at line 1235)");
    cp_buf_free(&b);
}

static void test_anchors_and_aliases_refused(void **state)
{
    (void)state;
    refused("a: &x 1\n", "t.yaml:1:4: anchors are not supported");
    refused("a: &x {b: 1}\n", "anchors are not supported");
    refused("a: 1\nb: *x\n", "t.yaml:2:4: ");
}

static void test_several_documents_refused(void **state)
{
    (void)state;
    refused("a: 1\n---\nb: 2\n", "t.yaml:2:1: expected one YAML document, found a second");
    refused("\"a\\e\": 1\n\"a\\e\": 2\n", "t.yaml:2:1: duplicate key 'a\\x1b' (first at line 1)");
}

static void test_syntax_error_position(void **state)
{
    (void)state;
    refused("a: 1\n  b: 2\n", "t.yaml:2:4: YAML syntax error:");
    refused("a: [1, 2\n", "YAML syntax error:");
}

static void test_deep_nesting_refused(void **state)
{
    (void)state;
    cp_buf b = { 0 };
    for (int i = 0; i < 10000; i++)
        cp_buf_putc(&b, '[');
    for (int i = 0; i < 10000; i++)
        cp_buf_putc(&b, ']');
    refused(b.data, "nesting deeper than 64 levels");
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
        { "''", CP_T_STRING },   { "!!str 5", CP_T_STRING }, { "v1.5", CP_T_STRING },  { "1e", CP_T_STRING },
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
        cmocka_unit_test(test_deep_nesting_refused),
        cmocka_unit_test(test_empty_document),
        cmocka_unit_test(test_unreadable_file),
        cmocka_unit_test(test_typing),
        cmocka_unit_test(test_numbers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
