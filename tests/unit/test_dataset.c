/* Loading a dataset: the results index, header look-ups, the count its
 * pages lead with and the checks beyond the schema (folder names, counter
 * kind, duplicates). */
#include "helpers.h"
#include "data/dataset.h"
#include "data/schema.h"

static cp_schema *schema;
static char *fixture; /* the valid demo dataset */

static int setup(void **state)
{
    (void)state;
    schema = cp_schema_load(SCHEMA_PATH, stderr);
    fixture = cp_read_file(FIXTURE_PATH, NULL);
    return schema && fixture ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    cp_schema_free(schema);
    free(fixture);
    return 0;
}

/* Loads text under path name; returns the messages (caller frees). */
static char *load_text(const char *path, const char *text, const cp_schema *s, unsigned flags, int want_rc)
{
    capture c;
    capture_open(&c);
    cp_dataset ds;
    int rc = cp_dataset_load_ex(&ds, path, text, strlen(text), s, flags, &c.diag);
    char *out = cp_xstrdup(capture_text(&c));
    if (rc != want_rc)
        fail_msg("load returned %d, expected %d; messages:\n%s", rc, want_rc, out);
    assert_int_equal(count_lines(out), c.diag.errors);
    cp_dataset_free(&ds);
    capture_close(&c);
    return out;
}

static void expect_valid(const char *path, const char *text)
{
    free(load_text(path, text, schema, 0, 0));
}

static void expect_invalid(const char *path, const char *text, const char *message)
{
    char *out = load_text(path, text, schema, 0, -1);
    assert_contains(out, message);
    free(out);
}

#define GOOD_PATH "data/demo/examplelib-1.0/dataset.yaml"

static void test_fields_table(void **state)
{
    (void)state;
    assert_int_equal(cp_field_by_name("family"), CP_F_FAMILY);
    assert_int_equal(cp_field_by_name("throughput_mbyte_s"), CP_F_THROUGHPUT);
    assert_int_equal(cp_field_by_name("heap_bytes"), CP_F_HEAP_BYTES);
    assert_int_equal(cp_field_by_name("nope"), CP_F_COUNT);
    assert_int_equal(cp_field_by_name(""), CP_F_COUNT);
    assert_int_equal(cp_fields[CP_F_KEY_BITS].type, CP_FT_INT);
    assert_int_equal(cp_fields[CP_F_CYCLES].role, CP_ROLE_METRIC);
    assert_int_equal(cp_fields[CP_F_CONFIGURATION].role, CP_ROLE_ID);
}

static void test_loads_fixture(void **state)
{
    (void)state;
    capture c;
    capture_open(&c);
    cp_dataset ds;
    assert_int_equal(cp_dataset_load(&ds, FIXTURE_PATH, schema, &c.diag), 0);
    assert_string_equal(capture_text(&c), "");
    assert_string_equal(ds.series, "demo");
    assert_string_equal(ds.name, "examplelib-1.0");
    assert_int_equal(ds.nresults, 5);
    assert_string_equal(cp_result_text(&ds.results[0], CP_F_FAMILY), "AES");
    assert_string_equal(cp_result_text(&ds.results[0], CP_F_INSTRUCTIONS), "11667");
    assert_null(cp_result_text(&ds.results[0], CP_F_CYCLES));
    assert_string_equal(cp_result_text(&ds.results[4], CP_F_CURVE), "secp256r1");
    /* two pointers and a byte a field (56 bytes: a million results, 56 MB) */
    assert_int_equal(sizeof(cp_result), (2 * sizeof(void *) + CP_F_COUNT + 7) / 8 * 8);
    assert_int_equal(ds.results[4].node->mark.line, cp_result_value(&ds.results[4], CP_F_FAMILY)->mark.line);
    assert_string_equal(cp_dataset_text(&ds, "hardware.core"), "Cortex-M33");
    assert_string_equal(cp_dataset_text(&ds, "system.core_clock_hz"), "25000000");
    assert_string_equal(cp_dataset_text(&ds, "series"), "demo");
    assert_null(cp_dataset_text(&ds, "hardware"));          /* a mapping, not text */
    assert_non_null(cp_dataset_node(&ds, "hardware"));
    assert_null(cp_dataset_node(&ds, "hardware.nope"));
    assert_null(cp_dataset_node(&ds, "series.deeper"));
    assert_null(cp_dataset_node(&ds, "hardwar"));
    cp_dataset_free(&ds);
    capture_close(&c);
}

static void test_unreadable(void **state)
{
    (void)state;
    capture c;
    capture_open(&c);
    cp_dataset ds;
    assert_int_equal(cp_dataset_load(&ds, "/nonexistent/dataset.yaml", schema, &c.diag), -2);
    assert_contains(capture_text(&c), "/nonexistent/dataset.yaml: cannot read:");
    cp_dataset_free(&ds);
    cp_dataset_free(&ds); /* freeing twice is harmless */
    capture_close(&c);
}

static void test_empty_and_malformed(void **state)
{
    (void)state;
    free(load_text(GOOD_PATH, "", schema, 0, -1));
    expect_invalid(GOOD_PATH, "# nothing\n", GOOD_PATH ":1:1: (top level): expected a dataset (a YAML mapping), found an empty document");
    expect_invalid(GOOD_PATH, "a: [\n", GOOD_PATH ":2:1: a: expected well-formed YAML, found a YAML syntax error");
    char *out = load_text(GOOD_PATH, "- 1\n", NULL, 0, -1);
    assert_contains(out, GOOD_PATH ":1:1: (top level): expected a dataset (a YAML mapping), found a list");
    free(out);
}

static void test_folder_names(void **state)
{
    (void)state;
    expect_valid(GOOD_PATH, fixture);
    expect_valid("/abs/data/demo/examplelib-1.0/dataset.yaml", fixture);
    expect_invalid("data/stm32l5/examplelib-1.0/dataset.yaml", fixture,
                   "data/stm32l5/examplelib-1.0/dataset.yaml:5:9: series: expected 'stm32l5' (the series folder name), "
                   "found 'demo'");
    expect_invalid("data/demo/examplelib-1.1/dataset.yaml", fixture,
                   "library.version: expected <library.slug>-<lower-case library.version> to be the folder name "
                   "'examplelib-1.1', found 'examplelib-1.0'");
    expect_invalid("data/demo/otherlib-1.0/dataset.yaml", fixture, ":8:9: library.slug: expected");
    /* the version is lower-cased; the folder must be too */
    char *rc = replaced(fixture, "version: \"1.0\"", "version: \"1.0RC1\"");
    expect_valid("data/demo/examplelib-1.0rc1/dataset.yaml", rc);
    expect_invalid("data/demo/examplelib-1.0RC1/dataset.yaml", rc, "found 'examplelib-1.0rc1'");
    free(rc);
}

static void test_folder_check_skipped(void **state)
{
    (void)state;
    /* paths without the data/<series>/<name>/dataset.yaml shape */
    expect_valid("/tmp/import-123.yaml", fixture);
    expect_valid("dataset.yaml", fixture);
    expect_valid("examplelib-1.1/dataset.yaml", fixture);
    expect_valid("data/./examplelib-1.1/dataset.yaml", fixture);
    expect_valid("data/stm32l5/../dataset.yaml", fixture);
    expect_valid("data/stm32l5/examplelib-1.1/other.yaml", fixture);
    /* and on request */
    free(load_text("data/stm32l5/examplelib-1.1/dataset.yaml", fixture, schema, CP_DS_NO_FOLDER_CHECK, 0));
    capture c;
    capture_open(&c);
    cp_dataset ds;
    const char *path = "data/stm32l5/examplelib-1.1/dataset.yaml";
    assert_int_equal(cp_dataset_load_ex(&ds, path, fixture, strlen(fixture), schema, CP_DS_NO_FOLDER_CHECK, &c.diag), 0);
    assert_string_equal(ds.series, "stm32l5");
    assert_string_equal(ds.name, "examplelib-1.1");
    cp_dataset_free(&ds);
    assert_int_equal(cp_dataset_load_ex(&ds, "x.yaml", fixture, strlen(fixture), schema, 0, &c.diag), 0);
    assert_null(ds.series);
    assert_null(ds.name);
    cp_dataset_free(&ds);
    capture_close(&c);
}

static void test_counter_kind(void **state)
{
    (void)state;
    /* instructions dataset with a cycles result */
    char *cyc = replaced(fixture, "instructions: 98012", "cycles: 98012");
    expect_invalid(GOOD_PATH, cyc,
                   GOOD_PATH ":86:13: results[3].cycles: expected no cycles in a dataset with counter.kind "
                   "'instructions', found cycles: 98012");
    /* cycles dataset: every instructions result is wrong, the cycles one fine */
    char *hw = replaced(cyc, "kind: instructions", "kind: cycles");
    char *out = load_text(GOOD_PATH, hw, schema, 0, -1);
    assert_contains(out, "results[0].instructions: expected no instructions in a dataset with counter.kind 'cycles'");
    assert_contains(out, "results[4].instructions");
    assert_not_contains(out, "results[3]");
    assert_int_equal(count_lines(out), 3);
    free(out);
    /* without a schema the check still runs */
    out = load_text(GOOD_PATH, cyc, NULL, 0, -1);
    assert_contains(out, "results[3].cycles: expected no cycles");
    free(out);
    char *none = replaced(fixture, "kind: instructions", "kind: none");
    out = load_text(GOOD_PATH, none, schema, 0, -1);
    assert_int_equal(count_lines(out), 4);
    free(out);
    free(none);
    free(hw);
    free(cyc);
}

static const char extra_result[] = "  - family: AES\n"
                                   "    kind: performance\n"
                                   "    measure: sole-buffer\n"
                                   "    cipher_mode: CBC\n"
                                   "    key_bits: %s\n"
                                   "    buffer_bytes: 64\n"
                                   "    operation: encryption\n"
                                   "    configuration: %s\n"
                                   "    instructions: 1\n";

static char *with_extra(const char *key_bits, const char *configuration)
{
    char *extra = cp_xasprintf(extra_result, key_bits, configuration);
    char *text = cp_xasprintf("%s%s", fixture, extra);
    free(extra);
    return text;
}

/* The count a dataset's pages lead with: the estimate only where a cycle
 * model made one, each result knowing it. */
static void test_lead_count(void **state)
{
    (void)state;
    static const struct {
        const char *header;
        cp_field lead;
    } cases[] = {
        { "counter: {kind: cycles}\n", CP_F_CYCLES },
        { "counter: {kind: instructions}\n", CP_F_INSTRUCTIONS },
        { "counter: {kind: instructions}\ncycle_model: {status: not-modelled}\n", CP_F_INSTRUCTIONS },
        { "counter: {kind: instructions}\ncycle_model: {status: modelled}\n", CP_F_CYCLES_ESTIMATED },
        { "counter: {kind: cycles}\ncycle_model: {status: modelled}\n", CP_F_CYCLES },
        { "counter: {kind: none}\n", CP_F_COUNT },
        { "series: x\n", CP_F_COUNT },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *text = cp_xasprintf("%sresults:\n  - {family: AES, kind: performance}\n", cases[i].header);
        cp_dataset ds;
        cp_diag diag = { .out = NULL };
        cp_dataset_load_ex(&ds, "mem.yaml", text, strlen(text), NULL, CP_DS_NO_FOLDER_CHECK, &diag);
        if (cp_lead_count(ds.doc.root) != cases[i].lead)
            fail_msg("case %zu: lead %d, expected %d", i, cp_lead_count(ds.doc.root), cases[i].lead);
        assert_int_equal(ds.nresults, 1);
        assert_int_equal(ds.results[0].lead, cases[i].lead);
        cp_dataset_free(&ds);
        free(text);
    }
    assert_string_equal(cp_count_name(CP_F_CYCLES_ESTIMATED), "cycles_estimated");
    assert_string_equal(cp_count_name(CP_F_COUNT), "none");
}

static void test_duplicates(void **state)
{
    (void)state;
    size_t fixture_lines = count_lines(fixture);
    char *dup = with_extra("128", "Small");
    char *want = cp_xasprintf(GOOD_PATH ":%zu:5: results[5]: expected a result with its own identifying fields, found "
                              "a duplicate of results[0] at " GOOD_PATH ":50:5",
                              fixture_lines + 1);
    expect_invalid(GOOD_PATH, dup, want);
    free(want);
    free(dup);
    /* same value, other spelling: still the same identity */
    dup = with_extra("0128", "Small");
    expect_invalid(GOOD_PATH, dup, "duplicate of results[0] at " GOOD_PATH ":50:5");
    free(dup);
    dup = with_extra("0x80", "Small");
    expect_invalid(GOOD_PATH, dup, "duplicate of results[0] at " GOOD_PATH ":50:5");
    free(dup);
    /* one identifying field differs: not a duplicate */
    char *other = with_extra("128", "Fast");
    expect_valid(GOOD_PATH, other);
    free(other);
    other = with_extra("256", "Small");
    expect_valid(GOOD_PATH, other);
    free(other);
    /* a field present in one and absent in the other: not a duplicate */
    char *fewer = replaced(fixture, "    configuration: Small\n    instructions: 11667", "    instructions: 11667");
    dup = cp_xasprintf("%s  - family: AES\n    kind: performance\n    measure: sole-buffer\n    cipher_mode: CBC\n"
                       "    key_bits: 128\n    buffer_bytes: 64\n    operation: encryption\n    instructions: 5\n",
                       fewer);
    expect_invalid(GOOD_PATH, dup, "results[5]: expected a result with its own identifying fields");
    free(dup);
    free(fewer);
}

static void test_many_duplicates_reported(void **state)
{
    (void)state;
    cp_buf b = { 0 };
    cp_buf_puts(&b, fixture);
    for (int i = 0; i < 3; i++) {
        char *extra = cp_xasprintf(extra_result, "128", "Small");
        cp_buf_puts(&b, extra);
        free(extra);
    }
    char *out = load_text(GOOD_PATH, b.data, schema, 0, -1);
    assert_int_equal(count_lines(out), 3);
    assert_contains(out, "results[7]: expected a result with its own identifying fields, found a duplicate of results[0]");
    free(out);
    cp_buf_free(&b);
}

static void test_schema_and_beyond_together(void **state)
{
    (void)state;
    char *bad = replaced(fixture, "key_bits: 128", "key_bits: -5");
    char *worse = replaced(bad, "series: demo", "series: Demo");
    char *out = load_text(GOOD_PATH, worse, schema, 0, -1);
    assert_contains(out, "results[0].key_bits: expected an integer >= 1, found -5");
    assert_contains(out, "series: expected a string of at most 64 characters matching");
    assert_contains(out, "series: expected 'demo' (the series folder name), found 'Demo'");
    assert_int_equal(count_lines(out), 3);
    /* in file order, although the folder check runs after the schema */
    assert_true(strstr(out, "(the series folder name)") < strstr(out, "results[0].key_bits"));
    free(out);
    free(worse);
    free(bad);
}

/* Slots that n results take in a table of 2n (the size validate's and
 * diff's indexes use) when buffer_bytes is i * step: identities apart only
 * in high bits, or by multiples of the table size, must still spread
 * (issue 30: FNV-1a masked to the low bits put them all in one slot, and
 * validate went quadratic). */
static size_t slots_taken(unsigned long long step, size_t n)
{
    cp_buf b = { 0 };
    cp_buf_put(&b, fixture, (size_t)(strstr(fixture, "results:") - fixture));
    cp_buf_puts(&b, "results:\n");
    for (size_t i = 1; i <= n; i++)
        cp_buf_printf(&b,
                      "  - {family: AES, kind: performance, measure: sole-buffer, cipher_mode: CBC, key_bits: 128, "
                      "buffer_bytes: %llu, operation: encryption, configuration: Small, instructions: 1}\n",
                      i * step);
    capture c;
    capture_open(&c);
    cp_dataset ds;
    assert_int_equal(cp_dataset_load_ex(&ds, GOOD_PATH, b.data, b.len, schema, 0, &c.diag), 0);
    assert_int_equal(ds.nresults, n);
    size_t mask = 2 * n - 1, taken = 0;
    unsigned char *used = cp_xcalloc(2 * n, 1);
    for (size_t i = 0; i < n; i++) {
        size_t at = (size_t)cp_result_identity_hash(&ds.results[i], NULL) & mask;
        taken += !used[at];
        used[at] = 1;
    }
    free(used);
    cp_dataset_free(&ds);
    capture_close(&c);
    cp_buf_free(&b);
    return taken;
}

static void test_identity_hash_spreads(void **state)
{
    (void)state;
    /* a random hash fills about 1 - e^-0.5 = 39% of 2n slots; n/4 leaves
     * no room for chance and none for a hash blind to some bits */
    size_t n = 4096;
    assert_in_range(slots_taken(1ull << 40, n), n / 4, n);
    assert_in_range(slots_taken(2 * n, n), n / 4, n);
    assert_in_range(slots_taken(1ull << 20, n), n / 4, n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fields_table),
        cmocka_unit_test(test_loads_fixture),
        cmocka_unit_test(test_unreadable),
        cmocka_unit_test(test_empty_and_malformed),
        cmocka_unit_test(test_folder_names),
        cmocka_unit_test(test_folder_check_skipped),
        cmocka_unit_test(test_counter_kind),
        cmocka_unit_test(test_lead_count),
        cmocka_unit_test(test_duplicates),
        cmocka_unit_test(test_many_duplicates_reported),
        cmocka_unit_test(test_schema_and_beyond_together),
        cmocka_unit_test(test_identity_hash_spreads),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
