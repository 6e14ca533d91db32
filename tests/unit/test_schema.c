/* The JSON Schema validator: each supported keyword, message texts and
 * positions, refusal of unsupported keywords, and the real schema. */
#include "helpers.h"
#include "data/node.h"
#include "data/schema.h"

static cp_schema *schema_from(const char *json, capture *errors)
{
    char *path = temp_file(json);
    cp_schema *s = cp_schema_load(path, errors ? errors->f : NULL);
    unlink(path);
    free(path);
    return s;
}

/* Validates yaml against json; returns the messages (caller frees) and
 * the number of problems in *count. */
static char *check(const char *json, const char *yaml, unsigned *count)
{
    capture c;
    capture_open(&c);
    cp_schema *s = schema_from(json, &c);
    if (!s)
        fail_msg("schema did not load:\n%s", capture_text(&c));
    cp_doc doc;
    assert_int_equal(cp_doc_load_mem(&doc, "t.yaml", yaml, strlen(yaml), c.f), 0);
    *count = cp_schema_validate(s, doc.root, &c.diag);
    assert_int_equal(*count, c.diag.errors);
    char *text = cp_xstrdup(capture_text(&c));
    assert_int_equal(count_lines(text), *count);
    cp_doc_free(&doc);
    cp_schema_free(s);
    capture_close(&c);
    return text;
}

static void valid(const char *json, const char *yaml)
{
    unsigned n;
    char *text = check(json, yaml, &n);
    if (n)
        fail_msg("expected %s to be valid against %s, got:\n%s", yaml, json, text);
    free(text);
}

static void invalid(const char *json, const char *yaml, const char *message)
{
    unsigned n;
    char *text = check(json, yaml, &n);
    if (!n)
        fail_msg("expected %s to be invalid against %s", yaml, json);
    assert_contains(text, message);
    free(text);
}

#define V "{\"type\": \"object\", \"properties\": {\"v\": "
#define END "}}"

static void test_type(void **state)
{
    (void)state;
    valid(V "{\"type\": \"integer\"}" END, "v: 12\n");
    invalid(V "{\"type\": \"integer\"}" END, "v: '12'\n", "t.yaml:1:4: v: expected an integer, found '12'");
    invalid(V "{\"type\": \"integer\"}" END, "v: 1.5\n", "v: expected an integer, found 1.5");
    valid(V "{\"type\": \"number\"}" END, "v: 12\n");
    valid(V "{\"type\": \"number\"}" END, "v: 1.5\n");
    invalid(V "{\"type\": \"number\"}" END, "v: abc\n", "expected a number, found 'abc'");
    valid(V "{\"type\": \"string\"}" END, "v: '1.0'\n");
    invalid(V "{\"type\": \"string\"}" END, "v: 1.0\n", "expected a string, found 1.0 (unquoted, so not a string");
    invalid(V "{\"enum\": [\"v1.5\", \"2.0\"]}" END, "v: 2.0\n", "found 2.0 (unquoted, so not a string");
    invalid(V "{\"enum\": [\"v1.5\", \"2.0\"]}" END, "v: 1.5\n", "expected one of v1.5, 2.0, found 1.5\n");
    valid(V "{\"type\": \"boolean\"}" END, "v: true\n");
    invalid(V "{\"type\": \"boolean\"}" END, "v: yes\n", "expected true or false, found 'yes'");
    valid(V "{\"type\": \"null\"}" END, "v:\n");
    invalid(V "{\"type\": \"object\"}" END, "v: [1]\n", "expected a mapping, found a list");
    invalid(V "{\"type\": \"array\"}" END, "v: {a: 1}\n", "expected a list, found a mapping");
    valid(V "{\"type\": [\"string\", \"integer\"]}" END, "v: 3\n");
    invalid(V "{\"type\": [\"string\", \"integer\"]}" END, "v: [3]\n", "expected an integer or a string, found a list");
    invalid("{\"type\": \"object\"}", "- 1\n", "t.yaml:1:1: (top level): expected a mapping, found a list");
}

static void test_properties_required_additional(void **state)
{
    (void)state;
    const char *s = "{\"type\": \"object\", \"required\": [\"a\", \"b\"], \"additionalProperties\": false,"
                    " \"properties\": {\"a\": {\"type\": \"integer\"}, \"b\": {}, \"c\": true}}";
    valid(s, "a: 1\nb: x\n");
    valid(s, "a: 1\nb: [x]\nc: {d: 1}\n");
    invalid(s, "a: 1\n", "t.yaml:1:1: (top level): expected the required field 'b', found none");
    invalid(s, "a: 1\nb: 2\nzz: 3\n", "t.yaml:3:1: (top level): expected a known field (a, b, c), found the unknown field 'zz'");
    const char *typo = "{\"additionalProperties\": false, \"properties\": {\"key_bits\": {}, \"modulus_bits\": {}}}";
    invalid(typo, "key_bit: 1\n", "expected a known field (key_bits, modulus_bits), found the unknown field 'key_bit' (did you mean 'key_bits'?)");
    invalid(typo, "modulo_bits: 1\n", "(did you mean 'modulus_bits'?)");
    invalid(typo, "colour: 1\n", "expected a known field (key_bits, modulus_bits), found the unknown field 'colour'");
    unsigned n;
    free(check(s, "x: 1\ny: 2\n", &n));
    assert_int_equal(n, 4); /* two unknown, two missing: every problem */
    const char *open = "{\"properties\": {\"a\": {\"type\": \"integer\"}}, \"additionalProperties\": {\"type\": \"string\"}}";
    valid(open, "a: 1\nz: s\n");
    invalid(open, "a: 1\nz: 5\n", "t.yaml:2:4: z: expected a string, found 5");
    const char *nested = "{\"properties\": {\"a\": {\"items\": {\"properties\": {\"k\": {\"minimum\": 1}}}}}}";
    invalid(nested, "a:\n  - k: 3\n  - k: -5\n", "t.yaml:3:8: a[1].k: expected a value >= 1, found -5");
}

static void test_enum_const(void **state)
{
    (void)state;
    const char *e = V "{\"enum\": [\"AES\", \"3DES\", 0, 1]}" END;
    valid(e, "v: AES\n");
    valid(e, "v: \"3DES\"\n");
    valid(e, "v: 1\n");
    invalid(e, "v: AESX\n", "v: expected one of AES, 3DES, 0, 1, found 'AESX'");
    invalid(e, "v: '1'\n", "expected one of AES, 3DES, 0, 1, found '1'");
    const char *c = V "{\"const\": \"cryptoperf-dataset/1\"}" END;
    valid(c, "v: cryptoperf-dataset/1\n");
    invalid(c, "v: cryptoperf-dataset/2\n", "v: expected 'cryptoperf-dataset/1', found 'cryptoperf-dataset/2'");
    valid(V "{\"const\": 2}" END, "v: 2.0\n"); /* JSON equality is numeric */
    valid(V "{\"const\": {\"a\": [1, \"x\"]}}" END, "v: {a: [1, x]}\n");
    invalid(V "{\"const\": {\"a\": [1, \"x\"]}}" END, "v: {a: [1, y]}\n", "expected an object, found a mapping");
}

static void test_numeric_bounds(void **state)
{
    (void)state;
    const char *pos = V "{\"type\": \"integer\", \"minimum\": 1}" END;
    valid(pos, "v: 1\n");
    invalid(pos, "v: -5\n", "t.yaml:1:4: v: expected an integer >= 1, found -5");
    invalid(pos, "v: 0\n", "expected an integer >= 1, found 0");
    invalid(pos, "v: 99999999999999999999\n", "found 99999999999999999999 (out of range)");
    const char *range = V "{\"type\": \"integer\", \"minimum\": 0, \"maximum\": 10}" END;
    valid(range, "v: 10\n");
    invalid(range, "v: 11\n", "expected an integer from 0 to 10, found 11");
    const char *max = V "{\"maximum\": 2.5}" END;
    valid(max, "v: 2.5\n");
    invalid(max, "v: 2.51\n", "expected a value <= 2.5, found 2.51");
    valid(max, "v: text\n"); /* bounds apply to numbers only */
    const char *dec = V "{\"type\": \"number\", \"exclusiveMinimum\": 0}" END;
    valid(dec, "v: 0.001\n");
    invalid(dec, "v: 0\n", "expected a number > 0, found 0");
    invalid(dec, "v: -0.5\n", "expected a number > 0, found -0.5");
}

static void test_strings(void **state)
{
    (void)state;
    const char *len = V "{\"type\": \"string\", \"minLength\": 3}" END;
    valid(len, "v: \"\xc3\xa9t\xc3\xa9\"\n"); /* 3 characters, 5 bytes */
    invalid(len, "v: \"\xc3\xa9\xc3\xa9\"\n", "expected a string of at least 3 characters, found");
    invalid(V "{\"type\": \"string\", \"minLength\": 1}" END, "v: ''\n", "expected a non-empty string, found ''");
    const char *unanchored = V "{\"type\": \"string\", \"pattern\": \"b+\"}" END;
    valid(unanchored, "v: abbc\n");
    invalid(unanchored, "v: ac\n", "expected a string matching b+, found 'ac'");
    const char *slug = V "{\"pattern\": \"^[a-z0-9][a-z0-9.-]*$\"}" END;
    valid(slug, "v: mbedtls-3.6.6\n");
    invalid(slug, "v: Mbedtls\n", "found 'Mbedtls'");
    valid(slug, "v: 5\n"); /* pattern applies to strings only */
    invalid(V "{\"type\": \"integer\"}" END, "v: \"a\\tb\"\n", "found 'a\\x09b'");
}

/* A header string that a page repeats everywhere has a cap. */
static void test_max_length(void **state)
{
    (void)state;
    const char *cap = V "{\"type\": \"string\", \"minLength\": 1, \"maxLength\": 4}" END;
    valid(cap, "v: \"\xc3\xa9t\xc3\xa9s\"\n"); /* 4 characters, 6 bytes */
    invalid(cap, "v: abcde\n", "v: expected a non-empty string of at most 4 characters, found 'abcde'");
    cp_buf b = { 0 };
    cp_buf_puts(&b, "v: ");
    for (int i = 0; i < 1000; i++)
        cp_buf_putc(&b, 'x');
    cp_buf_putc(&b, '\n');
    invalid(cap, b.data, "...' (1000 bytes)");
    cp_buf_free(&b);
    invalid(V "{\"type\": \"string\", \"minLength\": 2, \"maxLength\": 3}" END, "v: a\n",
            "expected a string of 2 to 3 characters, found 'a'");
}

/* format: date is checked, not only an annotation: a day that exists. */
static void test_format_date(void **state)
{
    (void)state;
    const char *d = V "{\"type\": \"string\", \"format\": \"date\"}" END;
    valid(d, "v: '2024-02-29'\n");
    valid(d, "v: '2000-02-29'\n");
    valid(d, "v: '2023-12-31'\n");
    invalid(d, "v: '2024-13-45'\n", "v: expected a date YYYY-MM-DD that exists, found '2024-13-45'");
    invalid(d, "v: '2023-02-29'\n", "found '2023-02-29'");
    invalid(d, "v: '1900-02-29'\n", "found '1900-02-29'");
    invalid(d, "v: '2024-04-31'\n", "found '2024-04-31'");
    invalid(d, "v: '2024-00-10'\n", "found '2024-00-10'");
    invalid(d, "v: '2024-01-00'\n", "found '2024-01-00'");
    invalid(d, "v: '2024-1-10'\n", "found '2024-1-10'");
    invalid(d, "v: '2024-01-10x'\n", "found '2024-01-10x'");
}

static void test_arrays(void **state)
{
    (void)state;
    const char *s = V "{\"type\": \"array\", \"minItems\": 2, \"items\": {\"type\": \"integer\"}}" END;
    valid(s, "v: [1, 2]\n");
    invalid(s, "v: [1]\n", "v: expected a list of at least 2 items, found 1");
    invalid(s, "v:\n  - 1\n  - x\n", "t.yaml:3:5: v[1]: expected an integer, found 'x'");
    invalid(V "{\"minItems\": 1}" END, "v: []\n", "expected a list of at least 1 item, found 0");
    invalid(V "{\"minProperties\": 2}" END, "v: {a: 1}\n", "v: expected at least 2 fields, found 1");
}

static void test_any_of_summary(void **state)
{
    (void)state;
    const char *s = "{\"anyOf\": [{\"required\": [\"code_bytes\"]}, {\"required\": [\"stack_bytes\"]}]}";
    valid(s, "stack_bytes: 1\n");
    invalid(s, "x: 1\n", "t.yaml:1:1: (top level): expected at least one of the fields code_bytes, stack_bytes, found none");
    const char *types = V "{\"anyOf\": [{\"type\": \"integer\"}, {\"type\": \"string\", \"minLength\": 2}]}" END;
    valid(types, "v: 5\n");
    valid(types, "v: ab\n");
    invalid(types, "v: a\n", "v: expected ");
    invalid(types, "v: a\n", "(the closest of 2 alternatives)");
}

static void test_one_of(void **state)
{
    (void)state;
    const char *s = V "{\"oneOf\": [{\"type\": \"integer\"}, {\"minimum\": 5}]}" END;
    valid(s, "v: 3\n");
    valid(s, "v: 7.5\n");
    invalid(s, "v: 7\n", "v: expected exactly one alternative of the oneOf at schema line 1 to match, found 2");
    invalid(s, "v: 4.5\n", "(the closest of 2 alternatives)");
}

static void test_all_of_not(void **state)
{
    (void)state;
    const char *s = "{\"allOf\": [{\"required\": [\"a\"]}, {\"not\": {\"required\": [\"cycles\", \"instructions\"]}}]}";
    valid(s, "a: 1\ncycles: 2\n");
    invalid(s, "b: 1\n", "expected the required field 'a', found none");
    invalid(s, "a: 1\ncycles: 2\ninstructions: 3\n", "t.yaml:3:1: (top level): expected cycles or instructions, not both, found both");
    invalid("{\"not\": {\"type\": \"string\"}}", "x\n", "expected a value that does not match the schema at line 1");
    /* required means nothing to a list, so the not fails there too: said
     * without looking for keys a list does not have */
    invalid("{\"not\": {\"required\": [\"cycles\", \"instructions\"]}}", "[1, 2]\n",
            "t.yaml:1:1: (top level): expected cycles or instructions, not both, found both");
}

static void test_if_then_else(void **state)
{
    (void)state;
    const char *s = "{\"if\": {\"properties\": {\"kind\": {\"const\": \"measured\"}}},"
                    " \"then\": {\"required\": [\"firmware_revision\"]}, \"else\": {\"required\": [\"source\"]}}";
    valid(s, "kind: measured\nfirmware_revision: abc\n");
    valid(s, "kind: imported\nsource: page\n");
    invalid(s, "kind: measured\n", "expected the required field 'firmware_revision', found none (as kind is 'measured')");
    invalid(s, "kind: imported\n", "expected the required field 'source', found none (as kind is not 'measured')");
    const char *nested = "{\"if\": {\"properties\": {\"kind\": {\"const\": \"footprint\"}}}, \"then\": {\"anyOf\": "
                         "[{\"required\": [\"code_bytes\"]}, {\"required\": [\"heap_bytes\"]}]}}";
    invalid(nested, "kind: footprint\n",
            "expected at least one of the fields code_bytes, heap_bytes, found none (as kind is 'footprint')");
    valid(nested, "kind: other\n");
}

static void test_refs(void **state)
{
    (void)state;
    const char *s = "{\"$defs\": {\"pos\": {\"type\": \"integer\", \"minimum\": 1},"
                    " \"tree\": {\"properties\": {\"n\": {\"$ref\": \"#/$defs/pos\"}, \"kids\": {\"items\": {\"$ref\": \"#/$defs/tree\"}}}}},"
                    " \"$ref\": \"#/$defs/tree\"}";
    valid(s, "n: 1\nkids:\n  - n: 2\n    kids: [{n: 3}]\n");
    invalid(s, "n: 1\nkids:\n  - n: 2\n    kids: [{n: 0}]\n", "t.yaml:4:16: kids[0].kids[0].n: expected an integer >= 1, found 0");
    const char *escaped = "{\"$defs\": {\"a/b\": {\"type\": \"string\"}}, \"properties\": {\"v\": {\"$ref\": \"#/$defs/a~1b\"}}}";
    invalid(escaped, "v: 1\n", "expected a string, found 1");
    /* a schema that refers to itself without going deeper must not loop */
    invalid("{\"$defs\": {\"x\": {\"$ref\": \"#/$defs/x\"}}, \"$ref\": \"#/$defs/x\"}", "a: 1\n", "refer to itself");
}

static void test_false_schema_and_annotations(void **state)
{
    (void)state;
    const char *s = "{\"$schema\": \"https://json-schema.org/draft/2020-12/schema\", \"$id\": \"x\", \"title\": \"t\","
                    " \"description\": \"d\", \"$comment\": \"c\", \"default\": 1, \"examples\": [1],"
                    " \"properties\": {\"no\": false}}";
    valid(s, "a: 1\n");
    invalid(s, "no: 1\n", "no: expected nothing here");
}

static void load_fails(const char *json, const char *message)
{
    capture c;
    capture_open(&c);
    cp_schema *s = schema_from(json, &c);
    assert_null(s);
    assert_contains(capture_text(&c), message);
    capture_close(&c);
}

/* What is remembered for one document (a property by its shared key node,
 * an enum's or a pattern's verdict by the text of a word) is remembered per
 * schema, and every failing value is reported, however often it recurs;
 * the shortcut for "if"s of required fields and leaf properties decides
 * as the walk does. */
static void test_remembered_and_shortcuts(void **state)
{
    (void)state;
    const char *words = "{\"items\": {\"type\": \"object\", \"additionalProperties\": false, \"properties\": {"
                        "\"a\": {\"enum\": [\"x\"]}, \"b\": {\"enum\": [\"y\"]}, \"p\": {\"pattern\": \"^x$\"}}}}";
    unsigned n;
    char *text = check(words, "- {a: x, b: x, p: x}\n- {a: y, b: y, p: y}\n- {a: y, p: x}\n", &n);
    assert_int_equal(n, 4);
    assert_contains(text, "t.yaml:1:13: [0].b: expected one of y, found 'x'");
    assert_contains(text, "t.yaml:2:7: [1].a: expected one of x, found 'y'");
    assert_contains(text, "t.yaml:2:19: [1].p: expected a value matching ^x$, found 'y'");
    assert_contains(text, "t.yaml:3:7: [2].a: expected one of x, found 'y'");
    free(text);
    /* one key node "v", two schemas that give it different types */
    const char *keys = "{\"properties\": {\"i\": {\"properties\": {\"v\": {\"type\": \"integer\"}}},"
                       " \"s\": {\"properties\": {\"v\": {\"type\": \"string\"}}}}}";
    valid(keys, "i: {v: 1}\ns: {v: a}\n");
    invalid(keys, "i: {v: 1}\ns: {v: 2}\n", "t.yaml:2:8: s.v: expected a string, found 2");
    invalid(keys, "i: {v: a}\ns: {v: a}\n", "t.yaml:1:8: i.v: expected an integer, found 'a'");
    const char *cond = "{\"items\": {\"if\": {\"required\": [\"kind\"], \"properties\": {\"kind\": {\"$ref\": \"#/$defs/f\"}}},"
                       " \"then\": {\"required\": [\"code\"]}, \"else\": {\"required\": [\"cycles\"]}},"
                       " \"$defs\": {\"f\": {\"const\": \"footprint\"}}}";
    text = check(cond, "- {kind: footprint, code: 1}\n- {kind: footprint, cycles: 1}\n- {kind: other, cycles: 1}\n"
                       "- {kind: other, code: 1}\n- {code: 1}\n- 5\n", &n);
    assert_int_equal(n, 3);
    assert_contains(text, "t.yaml:2:3: [1]: expected the required field 'code', found none (as the condition at schema line 1 holds)");
    assert_contains(text, "t.yaml:4:3: [3]: expected the required field 'cycles', found none (as the condition at schema line 1 does not hold)");
    assert_contains(text, "t.yaml:5:3: [4]: expected the required field 'cycles', found none");
    free(text);
    /* required means nothing to a value that is not a mapping: the if holds */
    const char *vacuous = "{\"if\": {\"required\": [\"k\"]}, \"then\": {\"type\": \"integer\"}, \"else\": {\"type\": \"string\"}}";
    valid(vacuous, "5\n");
    invalid(vacuous, "{j: 1}\n", "expected a string, found a mapping (as k is absent)");
}

static void test_refused_schemas(void **state)
{
    (void)state;
    load_fails("{\"type\": \"object\",\n \"patternProperties\": {}}", ":2:2: schema: unsupported JSON Schema keyword 'patternProperties'");
    load_fails("{\"uniqueItems\": true}", "unsupported JSON Schema keyword 'uniqueItems'");
    load_fails("{\"properties\": {\"a\": {\"format\": \"email\"}}}", "unsupported format 'email' (cryptoperf checks only \"date\")");
    load_fails("{\"$defs\": {\"unused\": {\"maxLength\": -3}}}", "'maxLength' expects a non-negative integer");
    load_fails("{\"$ref\": \"#/$defs/missing\"}", "cannot resolve $ref '#/$defs/missing'");
    load_fails("{\"$ref\": \"other.json#/a\"}", "cannot resolve $ref 'other.json#/a'");
    load_fails("{\"type\": \"float\"}", "unknown type 'float'");
    load_fails("{\"pattern\": \"(\"}", "is not a POSIX extended regular expression");
    load_fails("{\"minLength\": -1}", "'minLength' expects a non-negative integer");
    load_fails("{\"anyOf\": []}", "'anyOf' expects a non-empty list of schemas");
    load_fails("{\"required\": [1]}", "'required' expects field names");
    load_fails("[1]", "expected a schema");
    load_fails("", "found an empty document");
    load_fails("{\"a\": ", "YAML syntax error");
}

static void test_real_schema(void **state)
{
    (void)state;
    capture c;
    capture_open(&c);
    cp_schema *s = cp_schema_load(SCHEMA_PATH, c.f);
    if (!s)
        fail_msg("%s", capture_text(&c));
    assert_int_equal(cp_schema_root(s)->kind, CP_MAP);
    cp_doc doc;
    assert_int_equal(cp_doc_load(&doc, FIXTURE_PATH, c.f), 0);
    assert_int_equal(cp_schema_validate(s, doc.root, &c.diag), 0);
    assert_string_equal(capture_text(&c), "");
    assert_int_equal(cp_schema_validate(s, NULL, &c.diag), 1);
    assert_contains(capture_text(&c), "expected a value, found an empty document");
    cp_doc_free(&doc);
    cp_schema_free(s);
    capture_close(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_type),
        cmocka_unit_test(test_properties_required_additional),
        cmocka_unit_test(test_enum_const),
        cmocka_unit_test(test_numeric_bounds),
        cmocka_unit_test(test_strings),
        cmocka_unit_test(test_max_length),
        cmocka_unit_test(test_format_date),
        cmocka_unit_test(test_arrays),
        cmocka_unit_test(test_any_of_summary),
        cmocka_unit_test(test_one_of),
        cmocka_unit_test(test_all_of_not),
        cmocka_unit_test(test_if_then_else),
        cmocka_unit_test(test_refs),
        cmocka_unit_test(test_false_schema_and_annotations),
        cmocka_unit_test(test_remembered_and_shortcuts),
        cmocka_unit_test(test_refused_schemas),
        cmocka_unit_test(test_real_schema),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
