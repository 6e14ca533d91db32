/* gen/lib/data/fields.def and the schema's $defs/result properties name exactly
 * the same fields, with matching kinds of value: the generator's index of
 * results and the data contract cannot drift apart. */
#include "helpers.h"
#include "data/dataset.h"
#include "data/node.h"

static cp_doc schema_doc;
static const cp_node *defs, *props;

static int setup(void **state)
{
    (void)state;
    if (cp_doc_load(&schema_doc, SCHEMA_PATH, stderr))
        return -1;
    defs = cp_map_get(schema_doc.root, "$defs");
    props = cp_map_get(cp_map_get(defs, "result"), "properties");
    return props ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    cp_doc_free(&schema_doc);
    return 0;
}

/* A property's schema with one local $ref followed. */
static const cp_node *resolved(const cp_node *prop)
{
    const char *ref = cp_scalar(cp_map_get(prop, "$ref"));
    if (!ref)
        return prop;
    assert_true(strncmp(ref, "#/$defs/", 8) == 0);
    const cp_node *target = cp_map_get(defs, ref + 8);
    assert_non_null(target);
    return target;
}

static void test_every_field_is_in_the_schema(void **state)
{
    (void)state;
    for (int f = 0; f < CP_F_COUNT; f++)
        if (!cp_map_get(props, cp_fields[f].name))
            fail_msg("fields.def has '%s', the schema's $defs/result does not", cp_fields[f].name);
}

static void test_every_schema_field_is_in_fields_def(void **state)
{
    (void)state;
    for (size_t i = 0; i < props->count; i++)
        if (cp_field_by_name(props->keys[i]->text) == CP_F_COUNT)
            fail_msg("the schema's $defs/result has '%s', fields.def does not", props->keys[i]->text);
    assert_int_equal(props->count, CP_F_COUNT);
}

static void test_value_kinds_agree(void **state)
{
    (void)state;
    for (int f = 0; f < CP_F_COUNT; f++) {
        const cp_node *s = resolved(cp_map_get(props, cp_fields[f].name));
        const char *type = cp_scalar(cp_map_get(s, "type"));
        int is_enum = cp_map_get(s, "enum") != NULL;
        int ok = 0;
        switch (cp_fields[f].type) {
        case CP_FT_ENUM:
            ok = is_enum;
            break;
        case CP_FT_TEXT:
            ok = !is_enum && type && !strcmp(type, "string");
            break;
        case CP_FT_INT:
            ok = type && !strcmp(type, "integer");
            break;
        case CP_FT_DEC:
            ok = type && !strcmp(type, "number");
            break;
        }
        if (!ok)
            fail_msg("field '%s': fields.def type %d does not match the schema", cp_fields[f].name, cp_fields[f].type);
    }
}

static void test_required_fields_identify(void **state)
{
    (void)state;
    /* family and kind are required; metrics can never be */
    const cp_node *req = cp_map_get(cp_map_get(defs, "result"), "required");
    assert_non_null(req);
    for (size_t i = 0; i < req->count; i++) {
        cp_field f = cp_field_by_name(req->items[i]->text);
        assert_int_not_equal(f, CP_F_COUNT);
        assert_int_equal(cp_fields[f].role, CP_ROLE_ID);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_field_is_in_the_schema),
        cmocka_unit_test(test_every_schema_field_is_in_fields_def),
        cmocka_unit_test(test_value_kinds_agree),
        cmocka_unit_test(test_required_fields_identify),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
