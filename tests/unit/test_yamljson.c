/* The YAML/JSON writer: one call sequence, two exact texts (libyaml's
 * emitter's layout, jansson); empty collections; strings that could break
 * either format read back unchanged; random documents byte for byte as
 * libyaml's emitter writes them. */
#include <jansson.h>
#include <limits.h>
#include <yaml.h>

#include "helpers.h"
#include "base/yaml_write.h"
#include "base/yamljson.h"
#include "data/node.h"

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
                           "- 1\n"
                           "- x: 2.50\n"
                           "  y: []\n"
                           "- 0.000\n"
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
                           "      \"x\": 2.5,\n"
                           "      \"y\": []\n"
                           "    },\n"
                           "    0.0\n"
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
                                "- id:\n"
                                "    k: 128\n"
                                "  metrics:\n"
                                "  - m: cycles\n"
                                "- {}\n");
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

static const char *const nasty[] = {
    "plain", "", " lead", "a: b", "x #y", "- item", "{", "[x]", "'q'", "\"dq\"", "back\\slash", "line\nbreak",
    "tab\there", "bell\a esc\x1b", "yes", "null", "0x472", "1e5", "12", "&a", "*b", "!t", "|", "%p",
    "\xc2\xb5s", "nel\xc2\x85x", "ls\xe2\x80\xa8x", "bom\xef\xbb\xbfx", "c1\xc2\x9bx", "del\x7fx",
    "</script>", "a/b",
};

/* {"k": [every nasty string]} in format f */
static char *write_nasty(cp_yj_format f)
{
    cp_buf b = { 0 };
    cp_yj w;
    cp_yj_init(&w, &b, f);
    cp_yj_map_begin(&w);
    cp_yj_key(&w, "k");
    cp_yj_seq_begin(&w);
    for (size_t i = 0; i < sizeof nasty / sizeof nasty[0]; i++)
        cp_yj_str(&w, nasty[i]);
    cp_yj_seq_end(&w);
    cp_yj_map_end(&w);
    cp_yj_finish(&w);
    return b.data;
}

static void test_strings_read_back_in_yaml(void **state)
{
    (void)state;
    char *s = write_nasty(CP_YJ_YAML);
    cp_doc doc;
    if (cp_doc_load_mem(&doc, "t.yaml", s, strlen(s), stderr) != 0)
        fail_msg("does not parse:\n%s", s);
    const cp_node *k = cp_map_get(doc.root, "k");
    assert_non_null(k);
    assert_int_equal(k->count, sizeof nasty / sizeof nasty[0]);
    for (size_t i = 0; i < k->count; i++) {
        if (strcmp(k->items[i]->text, nasty[i]) != 0)
            fail_msg("item %zu: wrote '%s', read back '%s'", i, nasty[i], k->items[i]->text);
        if (k->items[i]->plain)
            assert_int_equal(cp_scalar_type_of(k->items[i]), CP_T_STRING);
    }
    cp_doc_free(&doc);
    free(s);
}

static void test_strings_read_back_in_json(void **state)
{
    (void)state;
    char *s = write_nasty(CP_YJ_JSON);
    json_error_t err;
    json_t *root = json_loads(s, JSON_REJECT_DUPLICATES, &err);
    if (!root)
        fail_msg("does not parse (%s at %d:%d):\n%s", err.text, err.line, err.column, s);
    json_t *k = json_object_get(root, "k");
    assert_int_equal(json_array_size(k), sizeof nasty / sizeof nasty[0]);
    for (size_t i = 0; i < json_array_size(k); i++) {
        const char *got = json_string_value(json_array_get(k, i));
        assert_non_null(got);
        if (strcmp(got, nasty[i]) != 0)
            fail_msg("item %zu: wrote '%s', read back '%s'", i, nasty[i], got);
    }
    json_decref(root);
    free(s);
}

/* A path that is not UTF-8 still gives valid output: the bad byte reads
 * back as U+FFFD in both formats. */
static void test_invalid_utf8_becomes_replacement(void **state)
{
    (void)state;
    for (int f = 0; f < 2; f++) {
        cp_buf b = { 0 };
        cp_yj w;
        cp_yj_init(&w, &b, f ? CP_YJ_JSON : CP_YJ_YAML);
        cp_yj_seq_begin(&w);
        cp_yj_str(&w, "data/\xff/x");
        cp_yj_seq_end(&w);
        cp_yj_finish(&w);
        assert_non_null(strstr(b.data, "data/\xef\xbf\xbd/x"));
        cp_buf_free(&b);
    }
}

/* ---- random documents: our YAML against libyaml's emitter ---- */

static int append(void *data, unsigned char *text, size_t size)
{
    cp_buf_put(data, (const char *)text, size);
    return 1;
}

/* Both writers, fed the same calls: ours, and libyaml's emitter with the
 * events the writer used to send it (block styles, unicode, no width). */
typedef struct {
    cp_yj w;
    cp_buf ours, theirs;
    yaml_emitter_t e;
    unsigned seed;
} twin;

static void emit(twin *t, yaml_event_t *ev, int made)
{
    assert_true(made);
    assert_true(yaml_emitter_emit(&t->e, ev));
}

static void theirs_scalar(twin *t, const char *text, int plain)
{
    yaml_event_t ev;
    emit(t, &ev, yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)text, (int)strlen(text), plain, !plain,
                                              plain ? YAML_PLAIN_SCALAR_STYLE : YAML_DOUBLE_QUOTED_SCALAR_STYLE));
}

static unsigned next(twin *t, unsigned n)
{
    t->seed = t->seed * 1103515245u + 12345u;
    return (t->seed >> 16) % n;
}

static const char *const keys[] = { "format", "a", "mark", "relative_percent", "x_1" };

static void random_value(twin *t, int depth);

static void random_collection(twin *t, int depth, int seq)
{
    yaml_event_t ev;
    unsigned n = next(t, 4);   /* 0..3 entries: empty ones too */
    if (seq) {
        cp_yj_seq_begin(&t->w);
        emit(t, &ev, yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_SEQUENCE_STYLE));
    } else {
        cp_yj_map_begin(&t->w);
        emit(t, &ev, yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE));
    }
    for (unsigned i = 0; i < n; i++) {
        if (!seq) {
            const char *k = keys[next(t, sizeof keys / sizeof keys[0])];
            cp_yj_key(&t->w, k);
            theirs_scalar(t, k, 1);
        }
        random_value(t, depth + 1);
    }
    if (seq) {
        cp_yj_seq_end(&t->w);
        emit(t, &ev, yaml_sequence_end_event_initialize(&ev));
    } else {
        cp_yj_map_end(&t->w);
        emit(t, &ev, yaml_mapping_end_event_initialize(&ev));
    }
}

static void random_value(twin *t, int depth)
{
    unsigned kind = next(t, depth < 5 ? 6 : 4);
    if (kind == 0) {
        const char *s = nasty[next(t, sizeof nasty / sizeof nasty[0])];
        cp_yj_str(&t->w, s);
        theirs_scalar(t, s, cp_yaml_plain_ok(s, strlen(s)));
    } else if (kind == 1) {
        static const long long extremes[] = { LLONG_MIN, LLONG_MAX, 0, -1, 10, -10 };
        long long v = next(t, 4) ? (long long)next(t, 100000) - 50000 : extremes[next(t, 6)];
        char text[32];
        snprintf(text, sizeof text, "%lld", v);
        cp_yj_int(&t->w, v);
        theirs_scalar(t, text, 1);
    } else if (kind == 2) {
        cp_yj_null(&t->w);
        theirs_scalar(t, "null", 1);
    } else if (kind == 3) {
        cp_yj_bool(&t->w, 1);
        theirs_scalar(t, "true", 1);
    } else {
        random_collection(t, depth, kind == 4);
    }
}

static void test_random_documents_as_libyaml(void **state)
{
    (void)state;
    for (unsigned doc = 0; doc < 2000; doc++) {
        twin t;
        memset(&t, 0, sizeof t);
        t.seed = doc;
        cp_yj_init(&t.w, &t.ours, CP_YJ_YAML);
        assert_true(yaml_emitter_initialize(&t.e));
        yaml_emitter_set_output(&t.e, append, &t.theirs);
        yaml_emitter_set_unicode(&t.e, 1);
        yaml_emitter_set_width(&t.e, -1);
        yaml_event_t ev;
        emit(&t, &ev, yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING));
        emit(&t, &ev, yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1));
        /* the root: a mapping or a sequence (diff and compare write a mapping) */
        random_collection(&t, 0, doc % 3 == 0);
        emit(&t, &ev, yaml_document_end_event_initialize(&ev, 1));
        emit(&t, &ev, yaml_stream_end_event_initialize(&ev));
        yaml_emitter_delete(&t.e);
        cp_yj_finish(&t.w);
        cp_buf_puts(&t.ours, "");
        cp_buf_puts(&t.theirs, "");
        if (strcmp(t.ours.data, t.theirs.data) != 0)
            fail_msg("document %u: wrote\n%s\nlibyaml writes\n%s", doc, t.ours.data, t.theirs.data);
        cp_buf_free(&t.ours);
        cp_buf_free(&t.theirs);
    }
}

/* ---- one document, two writers (as diff_emit writes a large report) ----
 *
 * A document: the root mapping, a key, a list of entries (random values);
 * the first writer writes the start and the entries before the split, the
 * second opens the same collections, writes a throwaway entry, drops its
 * text and writes the rest. Together: what one writer writes. */

static void list_document(twin *t, cp_yj *w, unsigned n, unsigned from, unsigned to, int open, int close)
{
    if (open) {
        cp_yj_map_begin(w);
        cp_yj_key(w, "list");
        cp_yj_seq_begin(w);
    }
    for (unsigned i = 0; i < n; i++) {
        /* every entry's random choices, the same in every pass */
        t->seed = 1000u + i;
        if (i >= from && i < to) {
            cp_yj_map_begin(w);
            cp_yj_key(w, "i");
            cp_yj_int(w, (long long)i);
            cp_yj_key(w, "s");
            const char *str = nasty[next(t, sizeof nasty / sizeof nasty[0])];
            cp_yj_str(w, str);
            cp_yj_key(w, "l");
            cp_yj_seq_begin(w);
            for (unsigned k = next(t, 3); k > 0; k--)
                cp_yj_int(w, (long long)k);
            cp_yj_seq_end(w);
            cp_yj_map_end(w);
        }
    }
    if (close) {
        cp_yj_seq_end(w);
        cp_yj_map_end(w);
        cp_yj_finish(w);
    }
}

static void test_two_writers_as_one(void **state)
{
    (void)state;
    const unsigned n = 40;
    twin t;
    memset(&t, 0, sizeof t);
    cp_buf whole = { 0 };
    cp_yj one;
    cp_yj_init(&one, &whole, CP_YJ_YAML);
    list_document(&t, &one, n, 0, n, 1, 1);
    for (unsigned split = 1; split < n; split++) {
        cp_buf a = { 0 }, b = { 0 };
        cp_yj first, second;
        cp_yj_init(&first, &a, CP_YJ_YAML);
        list_document(&t, &first, n, 0, split, 1, 0);
        cp_yj_init(&second, &b, CP_YJ_YAML);
        cp_yj_map_begin(&second);
        cp_yj_key(&second, "list");
        cp_yj_seq_begin(&second);
        cp_yj_null(&second); /* the throwaway entry */
        cp_yj_drop_text(&second);
        list_document(&t, &second, n, split, n, 0, 1);
        cp_buf_put(&a, b.data, b.len);
        if (strcmp(a.data, whole.data) != 0)
            fail_msg("split before entry %u: wrote\n%s\none writer writes\n%s", split, a.data, whole.data);
        cp_buf_free(&a);
        cp_buf_free(&b);
    }
    cp_buf_free(&whole);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_yaml_block_style),
        cmocka_unit_test(test_json_indented),
        cmocka_unit_test(test_nested_sequences_and_maps),
        cmocka_unit_test(test_real_formats),
        cmocka_unit_test(test_strings_read_back_in_yaml),
        cmocka_unit_test(test_strings_read_back_in_json),
        cmocka_unit_test(test_invalid_utf8_becomes_replacement),
        cmocka_unit_test(test_random_documents_as_libyaml),
        cmocka_unit_test(test_two_writers_as_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
