/* The dataset row order: ST table order whatever order the rows arrive in,
 * schema enum order for vocabularies, numbers by value, labels by first
 * appearance, absent fields last; duplicates found. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cryptoperf.h"
#include "order.h"

static cp_doc schema;

static int setup(void **state)
{
    (void)state;
    return cp_doc_load(&schema, "schema/dataset.schema.json", stderr);
}

static int teardown(void **state)
{
    (void)state;
    cp_doc_free(&schema);
    return 0;
}

/* "key=value,..." -> a row */
static void add(cpr_rows *rows, const char *spec)
{
    cpr_row *r = cpr_rows_add(rows);
    r->origin = cp_xstrdup(spec);
    char *copy = cp_xstrdup(spec), *save = NULL;
    for (char *kv = strtok_r(copy, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(kv, '=');
        *eq = '\0';
        cp_field f = cp_field_by_name(kv);
        assert_true(f != CP_F_COUNT);
        if (cp_fields[f].type == CP_FT_INT)
            cpr_row_set_int(r, f, atoll(eq + 1));
        else
            cpr_row_set_text(r, f, eq + 1);
    }
    free(copy);
}

static void sort_and_check(const char *const *in, size_t n, const size_t *want)
{
    cpr_rows rows = { 0 };
    for (size_t i = 0; i < n; i++)
        add(&rows, in[i]);
    cpr_order *o = cpr_order_new(schema.root);
    cpr_order_sort(o, &rows);
    for (size_t i = 0; i < n; i++)
        assert_string_equal(rows.v[i].origin, in[want[i]]);
    assert_int_equal(cpr_order_duplicates(&rows, NULL), 0);
    cpr_order_free(o);
    cpr_rows_free(&rows);
}

static void aes_table_order(void **state)
{
    (void)state;
    static const char *const in[] = {
        "family=AES,kind=performance,operation=decryption,key_bits=128,buffer_bytes=32,configuration=Small",
        "family=AES,kind=performance,operation=encryption,key_bits=256,buffer_bytes=32,configuration=Small",
        "family=AES,kind=performance,operation=encryption,key_bits=128,buffer_bytes=128,configuration=Fast",
        "family=AES,kind=performance,operation=encryption,key_bits=128,buffer_bytes=64,configuration=Fast",
        "family=AES,kind=performance,operation=encryption,key_bits=128,buffer_bytes=64,configuration=Small",
    };
    /* Small appears first, so Small before Fast; 64 before 128 by value */
    static const size_t want[] = { 4, 3, 2, 1, 0 };
    sort_and_check(in, 5, want);
}

static void families_modes_kinds(void **state)
{
    (void)state;
    static const char *const in[] = {
        "family=HASH,kind=performance,measure=data-flow,hash=sha256,message_bytes=8000,chunk_bytes=128",
        "family=ECDSA,kind=performance,curve=secp256r1,operation=signature",
        "family=AES,kind=footprint,measure=sole-buffer,operation=encryption",
        "family=HASH,kind=performance,measure=sole-buffer,hash=sha256,buffer_bytes=32",
        "family=AES,kind=performance,measure=sole-buffer,operation=encryption,key_bits=128,buffer_bytes=32",
        "family=HASH,kind=performance,measure=sole-buffer,hash=sha1,buffer_bytes=32",
        "family=ECDSA,kind=performance,curve=secp256r1,operation=verification",
        "family=ECDSA,kind=performance,curve=secp192r1,operation=verification",
    };
    /* AES < HASH < ECDSA (schema enum); sole-buffer < data-flow;
     * performance < footprint; sha1 < sha256; curve before operation */
    static const size_t want[] = { 4, 2, 5, 3, 0, 7, 1, 6 };
    sort_and_check(in, 8, want);
}

static void absent_fields_last(void **state)
{
    (void)state;
    static const char *const in[] = {
        "family=RSA,kind=performance,pkcs1=v1.5,hash=sha256,modulus_bits=2048,operation=verification",
        "family=RSA,kind=performance,pkcs1=v1.5,modexp_method=no-crt,hash=sha256,modulus_bits=2048,operation=signature",
        "family=RSA,kind=performance,pkcs1=v1.5,modexp_method=crt,hash=sha256,modulus_bits=2048,operation=signature",
    };
    static const size_t want[] = { 2, 1, 0 };
    sort_and_check(in, 3, want);
}

static void duplicates_found(void **state)
{
    (void)state;
    cpr_rows rows = { 0 };
    add(&rows, "family=AES,kind=performance,key_bits=128,instructions=5");
    add(&rows, "family=AES,kind=performance,key_bits=192,instructions=5");
    add(&rows, "family=AES,kind=performance,key_bits=128,instructions=7");
    add(&rows, "family=AES,kind=footprint,key_bits=128,code_bytes=7");
    cpr_order *o = cpr_order_new(schema.root);
    cpr_order_sort(o, &rows);
    assert_int_equal(cpr_order_duplicates(&rows, NULL), 1);
    assert_true(cpr_row_same_identity(&rows.v[0], &rows.v[1]));
    assert_false(cpr_row_same_identity(&rows.v[1], &rows.v[2]));
    cpr_order_free(o);
    cpr_rows_free(&rows);
}

/* An empty result list: nothing to sort, and no memcpy from NULL
 * (issue 30: UBSan stopped the runner at order.c). */
static void empty_list(void **state)
{
    (void)state;
    cpr_rows rows = { 0 };
    cpr_order *o = cpr_order_new(schema.root);
    cpr_order_sort(o, &rows);
    assert_int_equal(rows.n, 0);
    assert_int_equal(cpr_order_duplicates(&rows, NULL), 0);
    cpr_order_free(o);
    cpr_rows_free(&rows);
}

/* Many distinct labels in n log n: 10^5 took 29 s when each was looked up
 * in a list (issue 30); labels keep their order of first appearance, and
 * rows of one label stay together in it. */
static void many_labels(void **state)
{
    (void)state;
    enum { N = 60000 };
    cpr_rows rows = { 0 };
    for (size_t i = 0; i < N; i++) {
        cpr_row *r = cpr_rows_add(&rows);
        r->origin = cp_xasprintf("%zu", i);
        cpr_row_set_text(r, CP_F_FAMILY, "AES");
        cpr_row_set_text(r, CP_F_KIND, "performance");
        /* label of rows i and i + N/2: the first half names them all */
        char label[32];
        snprintf(label, sizeof label, "c%zu", (i * 7919) % (N / 2));
        cpr_row_set_text(r, CP_F_CONFIGURATION, label);
        cpr_row_set_int(r, CP_F_BUFFER_BYTES, (long long)(i < N / 2));
    }
    cpr_order *o = cpr_order_new(schema.root);
    time_t t0 = time(NULL);
    cpr_order_sort(o, &rows);
    assert_true(time(NULL) - t0 < 10);
    /* buffer_bytes sorts before configuration: 0 (the second half) first,
     * each half in the order its labels first appeared: the first half's */
    for (size_t k = 0; k < N; k++) {
        size_t want = k < N / 2 ? k + N / 2 : k - N / 2;
        assert_int_equal(strtoull(rows.v[k].origin, NULL, 10), want);
    }
    cpr_order_free(o);
    cpr_rows_free(&rows);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(aes_table_order),
        cmocka_unit_test(families_modes_kinds),
        cmocka_unit_test(absent_fields_last),
        cmocka_unit_test(duplicates_found),
        cmocka_unit_test(empty_list),
        cmocka_unit_test(many_labels),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
