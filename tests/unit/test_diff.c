/* The diff model: matching rules (tables, the shape rule, added/removed,
 * count kinds), thresholds and marks, the per-family summary. */
#include <math.h>

#include "helpers.h"
#include "data/dataset.h"
#include "diff/diff.h"

/* A dataset made of results only (no schema, no header checks). */
static void load(cp_dataset *ds, const char *results)
{
    char *text = cp_xasprintf("results:\n%s", results);
    cp_diag diag = { .out = stderr };
    int rc = cp_dataset_load_ex(ds, "mem.yaml", text, strlen(text), NULL, CP_DS_NO_FOLDER_CHECK, &diag);
    free(text);
    assert_int_equal(rc, 0);
}

typedef struct {
    cp_dataset old_ds, new_ds;
    cp_diff d;
} pair;

static void diff_with(pair *p, const char *old_rows, const char *new_rows, const char *thresholds)
{
    load(&p->old_ds, old_rows);
    load(&p->new_ds, new_rows);
    cp_diff_thresholds t;
    cp_diff_thresholds_default(&t);
    char err[256];
    if (thresholds && cp_diff_thresholds_parse(&t, thresholds, err, sizeof err))
        fail_msg("%s", err);
    cp_diff_compute(&p->d, p->old_ds.results, p->old_ds.nresults, p->new_ds.results, p->new_ds.nresults, &t);
}

static void diff_of(pair *p, const char *old_rows, const char *new_rows)
{
    diff_with(p, old_rows, new_rows, NULL);
}

/* A dataset header of executed instructions with the cycle model `model`
 * ("name version"), none when NULL, then "results:" (for load_text). */
static char *estimated_header(const char *model)
{
    if (!model)
        return cp_xstrdup("counter: {kind: instructions, method: m}\nresults:\n");
    char name[32], version[8];
    assert_int_equal(sscanf(model, "%31s %7s", name, version), 2);
    return cp_xasprintf("counter: {kind: instructions, method: m}\ncycle_model: {status: modelled, name: %s, version: "
                        "\"%s\", core: Cortex-M4, memory: m, sources: s}\nresults:\n",
                        name, version);
}

/* The diff of one AES row counted on both sides, each side with the model
 * named (or none). */
static void diff_estimated(pair *p, const char *old_model, const char *new_model)
{
#define ROW "  - {family: AES, kind: performance, key_bits: 128, operation: encryption, instructions: %s%s}\n"
    char *oh = estimated_header(old_model), *nh = estimated_header(new_model);
    char *o = cp_xasprintf(ROW, "1000", old_model ? ", cycles_estimated: 1200" : "");
    char *n = cp_xasprintf(ROW, "1500", new_model ? ", cycles_estimated: 1500" : "");
#undef ROW
    char *ot = cp_xasprintf("%s%s", oh, o), *nt = cp_xasprintf("%s%s", nh, n);
    cp_diag diag = { .out = stderr };
    assert_int_equal(cp_dataset_load_ex(&p->old_ds, "old.yaml", ot, strlen(ot), NULL, CP_DS_NO_FOLDER_CHECK, &diag), 0);
    assert_int_equal(cp_dataset_load_ex(&p->new_ds, "new.yaml", nt, strlen(nt), NULL, CP_DS_NO_FOLDER_CHECK, &diag), 0);
    cp_diff_thresholds t;
    cp_diff_thresholds_default(&t);
    cp_diff_compute(&p->d, p->old_ds.results, 1, p->new_ds.results, 1, &t);
    free(oh);
    free(nh);
    free(o);
    free(n);
    free(ot);
    free(nt);
}

/* 1 when row 0 has a metric of field f */
static int has_metric(const cp_diff *d, cp_field f)
{
    for (size_t i = 0; i < d->rows[0].nmetrics; i++)
        if (d->rows[0].metrics[i].old_metric == f || d->rows[0].metrics[i].new_metric == f)
            return 1;
    return 0;
}

static void pair_free(pair *p)
{
    cp_diff_free(&p->d);
    cp_dataset_free(&p->old_ds);
    cp_dataset_free(&p->new_ds);
}

/* The metric of row r named f (old side), or fails. */
static const cp_diff_metric *metric_of(const cp_diff *d, size_t r, cp_field f)
{
    assert_true(r < d->nrows);
    for (size_t i = 0; i < d->rows[r].nmetrics; i++)
        if (d->rows[r].metrics[i].old_metric == f || d->rows[r].metrics[i].new_metric == f)
            return &d->rows[r].metrics[i];
    fail_msg("row %zu has no metric %s", r, cp_fields[f].name);
    return NULL;
}

static const char *row_text(const cp_diff *d, size_t r, cp_field f)
{
    const cp_node *v = cp_diff_row_id(&d->rows[r], f);
    return v ? v->text : "(none)";
}

#define AES(bytes, conf, cycles)                                                                                   \
    "  - {family: AES, kind: performance, measure: sole-buffer, cipher_mode: CBC, key_bits: 128, buffer_bytes: " \
    #bytes ", operation: encryption, configuration: " conf ", cycles: " #cycles "}\n"
#define FOOT(code, data)                                                                                           \
    "  - {family: AES, kind: footprint, measure: sole-buffer, cipher_mode: CBC, operation: encryption, "          \
    "configuration: Small, code_bytes: " #code ", data_bytes: " #data "}\n"

static void test_self_diff_is_all_unchanged(void **state)
{
    (void)state;
    const char *rows = AES(32, "Small", 5299) AES(32, "Fast", 4870) FOOT(2960, 1);
    pair p;
    diff_of(&p, rows, rows);
    assert_int_equal(p.d.matched, 3);
    assert_int_equal(p.d.added + p.d.removed, 0);
    for (size_t r = 0; r < p.d.nrows; r++) {
        assert_int_equal(p.d.rows[r].mark, CP_MARK_UNCHANGED);
        for (size_t m = 0; m < p.d.rows[r].nmetrics; m++)
            assert_true(p.d.rows[r].metrics[m].abs_change == 0);
    }
    assert_int_equal(p.d.metrics_by_mark[CP_MARK_UNCHANGED], 4);
    assert_int_equal(p.d.nfamilies, 1);
    assert_true(fabs(p.d.families[0].geomean - 1.0) < 1e-12);
    assert_int_equal(p.d.families[0].ntop, 0);
    assert_false(cp_diff_has_mark(&p.d, CP_MARK_WORSE));
    pair_free(&p);
}

/* The hand-checked row of the CMOX pair: 5299 -> 3742 cycles, -29.4 %. */
static void test_changes_and_marks(void **state)
{
    (void)state;
    pair p;
    diff_of(&p, AES(32, "Small", 5299) FOOT(2960, 1), AES(32, "Small", 3742) FOOT(2386, 0));
    const cp_diff_metric *m = metric_of(&p.d, 0, CP_F_CYCLES);
    assert_true(m->old_value == 5299 && m->new_value == 3742);
    assert_true(m->abs_change == -1557);
    assert_true(m->rel_defined);
    assert_true(fabs(100 * m->rel_change - -29.38) < 0.01);
    assert_int_equal(m->mark, CP_MARK_BETTER);
    m = metric_of(&p.d, 1, CP_F_DATA_BYTES);   /* Global data 1 in V4, 0 in V5 */
    assert_true(m->abs_change == -1);
    assert_int_equal(m->mark, CP_MARK_UNCHANGED);   /* within the default 32 bytes */
    assert_true(metric_of(&p.d, 1, CP_F_CODE_BYTES)->abs_change == -574);
    pair_free(&p);
}

static void test_rows_only_in_one_version(void **state)
{
    (void)state;
    pair p;
    /* OLD: 32 Small, 64 Small, 32 Fast; NEW: 32 Fast, 32 Small, 128 Small */
    diff_of(&p, AES(32, "Small", 100) AES(64, "Small", 200) AES(32, "Fast", 300),
            AES(32, "Fast", 300) AES(32, "Small", 100) AES(128, "Small", 400));
    assert_int_equal(p.d.old_rows, 3);
    assert_int_equal(p.d.new_rows, 3);
    assert_int_equal(p.d.matched, 2);
    assert_int_equal(p.d.added, 1);
    assert_int_equal(p.d.removed, 1);
    assert_int_equal(p.d.matched + p.d.removed, p.d.old_rows);
    assert_int_equal(p.d.matched + p.d.added, p.d.new_rows);
    assert_int_equal(p.d.nrows, 4);
    /* NEW's order, the removed row after the OLD row it followed */
    assert_string_equal(row_text(&p.d, 0, CP_F_CONFIGURATION), "Fast");
    assert_string_equal(row_text(&p.d, 1, CP_F_BUFFER_BYTES), "32");
    assert_int_equal(p.d.rows[2].mark, CP_MARK_REMOVED);
    assert_string_equal(row_text(&p.d, 2, CP_F_BUFFER_BYTES), "64");
    assert_null(p.d.rows[2].new_row);
    assert_int_equal(p.d.rows[3].mark, CP_MARK_ADDED);
    assert_string_equal(row_text(&p.d, 3, CP_F_BUFFER_BYTES), "128");
    assert_int_equal(metric_of(&p.d, 3, CP_F_CYCLES)->mark, CP_MARK_ADDED);
    assert_int_equal(metric_of(&p.d, 2, CP_F_CYCLES)->mark, CP_MARK_REMOVED);
    assert_true(cp_diff_has_mark(&p.d, CP_MARK_ADDED));
    assert_int_equal(p.d.families[0].rows[CP_MARK_ADDED], 1);
    assert_int_equal(p.d.families[0].rows[CP_MARK_REMOVED], 1);
    assert_int_equal(p.d.families[0].rows[CP_MARK_UNCHANGED], 2);
    pair_free(&p);
}

/* Rows of different tables never match, even with equal other fields. */
static void test_tables_scope_matching(void **state)
{
    (void)state;
    pair p;
    diff_of(&p, AES(32, "Small", 100),
            "  - {family: AES, kind: performance, measure: data-flow, cipher_mode: CBC, key_bits: 128, "
            "buffer_bytes: 32, operation: encryption, configuration: Small, cycles: 100}\n");
    assert_int_equal(p.d.matched, 0);
    assert_int_equal(p.d.ntables, 2);
    assert_int_equal(p.d.added + p.d.removed, 2);
    pair_free(&p);
}

/* Integer fields match by value, whatever the spelling (the hash index
 * must agree with the comparison). */
static void test_integer_spellings_match(void **state)
{
    (void)state;
    pair p;
    diff_of(&p,
            "  - {family: AES, kind: performance, measure: sole-buffer, key_bits: 0128, buffer_bytes: 0x20, "
            "operation: encryption, cycles: 10}\n",
            "  - {family: AES, kind: performance, measure: sole-buffer, key_bits: 128, buffer_bytes: 32, "
            "operation: encryption, cycles: 11}\n");
    assert_int_equal(p.d.matched, 1);
    assert_int_equal(p.d.added + p.d.removed, 0);
    pair_free(&p);
}

/* Tables interleaved in the files: each table's rows in NEW's order, every
 * removed row after the OLD row of its table it followed. */
static void test_interleaved_tables(void **state)
{
    (void)state;
    pair p;
    diff_of(&p, AES(32, "Small", 1) FOOT(10, 1) AES(64, "Small", 2) AES(96, "Small", 3) AES(128, "Small", 4),
            AES(128, "Small", 4) FOOT(10, 1) AES(32, "Small", 1));
    assert_int_equal(p.d.ntables, 2);
    assert_int_equal(p.d.matched, 3);
    assert_int_equal(p.d.removed, 2);
    assert_int_equal(p.d.nrows, 5);
    static const char *const want[] = { "128", "32", "64", "96" };
    for (size_t r = 0; r < 4; r++)
        assert_string_equal(row_text(&p.d, r, CP_F_BUFFER_BYTES), want[r]);
    assert_int_equal(p.d.rows[2].mark, CP_MARK_REMOVED);
    assert_int_equal(p.d.rows[3].mark, CP_MARK_REMOVED);
    assert_int_equal(p.d.rows[4].table, 1);
    pair_free(&p);
}

/* Tables in NEW's order of first rows, then those only OLD has in OLD's
 * order, whatever order OLD has them in (the two versions' tables are
 * found apart, on two threads, then put together). */
static void test_table_order(void **state)
{
    (void)state;
    pair p;
    diff_of(&p,
            "  - {family: HASH, kind: performance, hash: sha1, cycles: 5}\n"
            "  - {family: RSA, kind: performance, modulus_bits: 2048, cycles: 9}\n"
            "  - {family: AES, kind: performance, key_bits: 128, cycles: 7}\n"
            "  - {family: DH, kind: performance, modulus_bits: 2048, cycles: 9}\n",
            "  - {family: AES, kind: performance, key_bits: 128, cycles: 7}\n"
            "  - {family: ECDH, kind: performance, curve: x25519, cycles: 3}\n"
            "  - {family: HASH, kind: performance, hash: sha1, cycles: 5}\n");
    static const char *const want[] = { "AES", "ECDH", "HASH", "RSA", "DH" };
    assert_int_equal(p.d.ntables, 5);
    for (size_t t = 0; t < 5; t++)
        assert_string_equal(p.d.tables[t].family, want[t]);
    pair_free(&p);
    /* more tables than a version's first index holds (64): OLD has F0..F149
     * backwards, twice (each table met again after the index grew), NEW
     * F0..F99 */
    cp_buf o = { 0 }, n = { 0 };
    for (int k = 1; k <= 2; k++)
        for (int i = 149; i >= 0; i--)
            cp_buf_printf(&o, "  - {family: F%d, kind: performance, key_bits: %d, cycles: 1}\n", i, k);
    for (int i = 0; i < 100; i++)
        cp_buf_printf(&n, "  - {family: F%d, kind: performance, key_bits: 1, cycles: 1}\n", i);
    diff_of(&p, o.data, n.data);
    assert_int_equal(p.d.ntables, 150);
    assert_int_equal(p.d.matched, 100);
    assert_int_equal(p.d.removed, 200);
    for (int t = 0; t < 150; t++) {
        char name[16];
        snprintf(name, sizeof name, "F%d", t < 100 ? t : 249 - t);
        assert_string_equal(p.d.tables[t].family, name);
    }
    pair_free(&p);
    cp_buf_free(&o);
    cp_buf_free(&n);
}

#define ECDSA(hash, curve, op, cycles)                                                                             \
    "  - {family: ECDSA, kind: performance, " hash "curve: " curve ", operation: " op                              \
    ", math_config: Small, curve_definition: Low, cycles: " #cycles "}\n"

/* V4's ECDSA "Hash method": only OLD has it, ignoring it keeps rows unique. */
static void test_field_only_in_old_is_ignored(void **state)
{
    (void)state;
    pair p;
    diff_of(&p,
            ECDSA("hash: sha256, ", "secp256r1", "signature", 2924624)
                ECDSA("hash: sha384, ", "secp384r1", "signature", 8249576),
            ECDSA("", "secp256r1", "signature", 2898200) ECDSA("", "secp384r1", "signature", 8187736));
    assert_int_equal(p.d.matched, 2);
    assert_int_equal(p.d.added + p.d.removed, 0);
    assert_true(p.d.tables[0].ignored[CP_F_HASH]);
    assert_int_equal(p.d.nnotes, 1);
    assert_string_equal(p.d.notes[0], "field hash present only in OLD for ECDSA; ignored for matching");
    /* the row still shows OLD's hash */
    assert_string_equal(row_text(&p.d, 0, CP_F_HASH), "sha256");
    assert_true(metric_of(&p.d, 0, CP_F_CYCLES)->abs_change == 2898200.0 - 2924624.0);
    pair_free(&p);
}

/* When leaving the field out would make two OLD rows one, it is kept. */
static void test_field_kept_when_ignoring_is_ambiguous(void **state)
{
    (void)state;
    pair p;
    diff_of(&p,
            ECDSA("hash: sha256, ", "secp256r1", "signature", 100)
                ECDSA("hash: sha384, ", "secp256r1", "signature", 200),
            ECDSA("", "secp256r1", "signature", 100));
    assert_false(p.d.tables[0].ignored[CP_F_HASH]);
    assert_int_equal(p.d.matched, 0);
    assert_int_equal(p.d.removed, 2);
    assert_int_equal(p.d.added, 1);
    assert_int_equal(p.d.nnotes, 1);
    assert_contains(p.d.notes[0], "field hash present only in OLD for ECDSA; kept for matching");
    pair_free(&p);
}

static void test_field_only_in_new(void **state)
{
    (void)state;
    pair p;
    diff_of(&p, ECDSA("", "secp256r1", "signature", 100), ECDSA("hash: sha256, ", "secp256r1", "signature", 100));
    assert_int_equal(p.d.matched, 1);
    assert_string_equal(p.d.notes[0], "field hash present only in NEW for ECDSA; ignored for matching");
    pair_free(&p);
}

/* Cycles and instructions are never compared. */
static void test_count_kinds_not_comparable(void **state)
{
    (void)state;
    pair p;
    diff_of(&p, AES(32, "Small", 5299),
            "  - {family: AES, kind: performance, measure: sole-buffer, cipher_mode: CBC, key_bits: 128, "
            "buffer_bytes: 32, operation: encryption, configuration: Small, instructions: 6400}\n");
    assert_int_equal(p.d.matched, 1);
    assert_int_equal(p.d.rows[0].nmetrics, 1);
    const cp_diff_metric *m = &p.d.rows[0].metrics[0];
    assert_int_equal(m->old_metric, CP_F_CYCLES);
    assert_int_equal(m->new_metric, CP_F_INSTRUCTIONS);
    assert_int_equal(m->mark, CP_MARK_NOT_COMPARABLE);
    assert_int_equal(p.d.rows[0].mark, CP_MARK_NOT_COMPARABLE);
    assert_int_equal(p.d.families[0].ngeomean, 0);
    assert_int_equal(p.d.families[0].rows[CP_MARK_NOT_COMPARABLE], 1);
    assert_false(cp_diff_has_mark(&p.d, CP_MARK_WORSE));
    pair_free(&p);
}

/* A metric only one version has is added/removed; the row is judged on the
 * metrics both have. */
/* Both versions estimated by one model: the estimates are compared, and
 * the instructions they come from are not (a table shows one kind). */
static void test_estimates_of_one_model(void **state)
{
    (void)state;
    pair p;
    diff_estimated(&p, "cryptoperf-cycles 1", "cryptoperf-cycles 1");
    assert_int_equal(p.d.count, CP_F_CYCLES_ESTIMATED);
    assert_true(metric_of(&p.d, 0, CP_F_CYCLES_ESTIMATED)->abs_change == 300.0);
    assert_false(has_metric(&p.d, CP_F_INSTRUCTIONS));
    assert_int_equal(p.d.families[0].ngeomean, 1);
    pair_free(&p);
}

/* Estimates on one side only: the instructions are compared, the estimate
 * is neither compared nor "added". */
static void test_estimates_on_one_side(void **state)
{
    (void)state;
    pair p;
    diff_estimated(&p, NULL, "cryptoperf-cycles 1");
    assert_int_equal(p.d.count, CP_F_INSTRUCTIONS);
    assert_true(metric_of(&p.d, 0, CP_F_INSTRUCTIONS)->abs_change == 500.0);
    assert_false(has_metric(&p.d, CP_F_CYCLES_ESTIMATED));
    pair_free(&p);
    diff_estimated(&p, "cryptoperf-cycles 1", NULL);
    assert_int_equal(p.d.count, CP_F_INSTRUCTIONS);
    assert_false(has_metric(&p.d, CP_F_CYCLES_ESTIMATED));
    pair_free(&p);
}

/* Two versions of the model (or two models) estimate differently: their
 * estimates are not compared, the instructions are. */
static void test_estimates_of_two_models(void **state)
{
    (void)state;
    pair p;
    diff_estimated(&p, "cryptoperf-cycles 1", "cryptoperf-cycles 2");
    assert_int_equal(p.d.count, CP_F_INSTRUCTIONS);
    assert_false(has_metric(&p.d, CP_F_CYCLES_ESTIMATED));
    assert_true(has_metric(&p.d, CP_F_INSTRUCTIONS));
    pair_free(&p);
    diff_estimated(&p, "cryptoperf-cycles 1", "other-model 1");
    assert_int_equal(p.d.count, CP_F_INSTRUCTIONS);
    pair_free(&p);
}

static void test_metric_only_in_one_version(void **state)
{
    (void)state;
    pair p;
    diff_of(&p, FOOT(2960, 1),
            "  - {family: AES, kind: footprint, measure: sole-buffer, cipher_mode: CBC, operation: encryption, "
            "configuration: Small, code_bytes: 2960, data_bytes: 1, heap_bytes: 64}\n");
    assert_int_equal(metric_of(&p.d, 0, CP_F_HEAP_BYTES)->mark, CP_MARK_ADDED);
    assert_int_equal(p.d.rows[0].mark, CP_MARK_UNCHANGED);
    pair_free(&p);
}

static cp_diff_mark cycles_mark(const char *thresholds, int old_cycles, int new_cycles)
{
    char *o = cp_xasprintf(AES(32, "Small", %d), old_cycles);
    char *n = cp_xasprintf(AES(32, "Small", %d), new_cycles);
    pair p;
    diff_with(&p, o, n, thresholds);
    cp_diff_mark m = metric_of(&p.d, 0, CP_F_CYCLES)->mark;
    cp_diff_mark row = p.d.rows[0].mark;
    pair_free(&p);
    free(o);
    free(n);
    assert_int_equal(m, row);
    return m;
}

static void test_relative_thresholds(void **state)
{
    (void)state;
    assert_int_equal(cycles_mark(NULL, 10000, 10100), CP_MARK_UNCHANGED);   /* +1 % is within 1 % */
    assert_int_equal(cycles_mark(NULL, 10000, 10101), CP_MARK_WORSE);
    assert_int_equal(cycles_mark(NULL, 10000, 9900), CP_MARK_UNCHANGED);
    assert_int_equal(cycles_mark(NULL, 10000, 9899), CP_MARK_BETTER);
    assert_int_equal(cycles_mark(NULL, 10000, 11000), CP_MARK_WORSE);      /* 10 % slower */
    assert_int_equal(cycles_mark("cycles=10%", 10000, 11000), CP_MARK_UNCHANGED);
    assert_int_equal(cycles_mark("cycles=9.99", 10000, 11000), CP_MARK_WORSE);
    assert_int_equal(cycles_mark("cycles=0%", 10000, 10001), CP_MARK_WORSE);
    assert_int_equal(cycles_mark("cycles=0%", 10000, 10000), CP_MARK_UNCHANGED);
    /* a threshold on another metric leaves cycles alone */
    assert_int_equal(cycles_mark("instructions=50%", 10000, 11000), CP_MARK_WORSE);
}

static cp_diff_mark foot_mark(const char *thresholds, cp_field f, const char *old_rows, const char *new_rows)
{
    pair p;
    diff_with(&p, old_rows, new_rows, thresholds);
    cp_diff_mark m = metric_of(&p.d, 0, f)->mark;
    pair_free(&p);
    return m;
}

static void test_byte_thresholds(void **state)
{
    (void)state;
    /* the default: 32 bytes (a release manager's, CP_DIFF_BYTES_DEFAULT) */
    assert_int_equal(foot_mark(NULL, CP_F_CODE_BYTES, FOOT(2960, 1), FOOT(2992, 1)), CP_MARK_UNCHANGED);
    assert_int_equal(foot_mark(NULL, CP_F_CODE_BYTES, FOOT(2960, 1), FOOT(2993, 1)), CP_MARK_WORSE);
    assert_int_equal(foot_mark("code_bytes=0", CP_F_CODE_BYTES, FOOT(2960, 1), FOOT(2961, 1)), CP_MARK_WORSE);
    assert_int_equal(foot_mark(NULL, CP_F_CODE_BYTES, FOOT(2960, 1), FOOT(2960, 1)), CP_MARK_UNCHANGED);
    assert_int_equal(foot_mark("code_bytes=32", CP_F_CODE_BYTES, FOOT(2960, 1), FOOT(2992, 1)), CP_MARK_UNCHANGED);
    assert_int_equal(foot_mark("code_bytes=32B", CP_F_CODE_BYTES, FOOT(2960, 1), FOOT(2993, 1)), CP_MARK_WORSE);
    assert_int_equal(foot_mark("code_bytes=32", CP_F_CODE_BYTES, FOOT(2960, 1), FOOT(2900, 1)), CP_MARK_BETTER);
    /* bytes are absolute: 0 -> 1 is a change of one byte, not of infinity */
    assert_int_equal(foot_mark("data_bytes=1", CP_F_DATA_BYTES, FOOT(2960, 0), FOOT(2960, 1)), CP_MARK_UNCHANGED);
    assert_int_equal(foot_mark("data_bytes=0", CP_F_DATA_BYTES, FOOT(2960, 0), FOOT(2960, 1)), CP_MARK_WORSE);
}

#define THRU(v)                                                                                                    \
    "  - {family: AES, kind: performance, measure: data-flow, cipher_mode: CBC, key_bits: 128, message_bytes: "  \
    "8000, operation: encryption, throughput_mbyte_s: " #v "}\n"
#define TIME(v)                                                                                                    \
    "  - {family: AES, kind: performance, measure: data-flow, cipher_mode: CBC, key_bits: 128, message_bytes: "  \
    "8000, operation: encryption, time_ms: " #v "}\n"

/* Higher throughput is better; lower time is better. */
static void test_direction(void **state)
{
    (void)state;
    assert_int_equal(foot_mark(NULL, CP_F_THROUGHPUT, THRU(10.5), THRU(12.25)), CP_MARK_BETTER);
    assert_int_equal(foot_mark(NULL, CP_F_THROUGHPUT, THRU(10.5), THRU(9.5)), CP_MARK_WORSE);
    assert_int_equal(foot_mark(NULL, CP_F_THROUGHPUT, THRU(10.5), THRU(10.55)), CP_MARK_UNCHANGED);
    assert_int_equal(foot_mark(NULL, CP_F_TIME_MS, TIME(10.5), TIME(12.25)), CP_MARK_WORSE);
    assert_int_equal(foot_mark("time_ms=20%", CP_F_TIME_MS, TIME(10.5), TIME(12.25)), CP_MARK_UNCHANGED);
}

static void test_threshold_syntax(void **state)
{
    (void)state;
    cp_diff_thresholds t;
    cp_diff_thresholds_default(&t);
    assert_true(t.value[CP_F_CYCLES] == 1.0 && t.value[CP_F_INSTRUCTIONS] == 1.0);
    assert_true(t.value[CP_F_CODE_BYTES] == 32.0 && t.value[CP_F_HEAP_BYTES] == 32.0);
    char err[512];
    assert_int_equal(cp_diff_thresholds_parse(&t, "cycles=2%,code_bytes=32", err, sizeof err), 0);
    assert_true(t.value[CP_F_CYCLES] == 2.0 && t.value[CP_F_CODE_BYTES] == 32.0);
    assert_int_equal(cp_diff_thresholds_parse(&t, "throughput_mbyte_s=0.5", err, sizeof err), 0);
    assert_true(t.value[CP_F_THROUGHPUT] == 0.5);

    static const struct {
        const char *spec, *message;
    } bad[] = {
        { "speed=2%", "unknown metric 'speed'" },
        { "cycles=2%,bogus=1", "unknown metric 'bogus'" },
        { "key_bits=2", "unknown metric 'key_bits'" },   /* an identifying field is no metric */
        { "cycles", "expected METRIC=VALUE" },
        { "=3", "expected METRIC=VALUE" },
        { "cycles=fast", "expected a non-negative number of percent" },
        { "cycles=-1%", "expected a non-negative number of percent" },
        { "code_bytes=3%", "expected a non-negative number of bytes" },
        { "cycles=3B", "expected a non-negative number of percent" },
        { "cycles=", "expected a non-negative number of percent" },
        /* plain decimals only (issue 30, item 11): strtod took these */
        { "instructions=0x10%", "expected a non-negative number of percent" },
        { "cycles= 3%", "expected a non-negative number of percent" },
        { "cycles=+3%", "expected a non-negative number of percent" },
        { "cycles=03%", "expected a non-negative number of percent" },
        { "cycles=1e2%", "expected a non-negative number of percent" },
        { "cycles=inf%", "expected a non-negative number of percent" },
        { "cycles=.5%", "expected a non-negative number of percent" },
        { "cycles=5.%", "expected a non-negative number of percent" },
        { "code_bytes=0x20", "expected a non-negative number of bytes" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cp_diff_thresholds u = t;
        err[0] = '\0';
        if (cp_diff_thresholds_parse(&u, bad[i].spec, err, sizeof err) != -1)
            fail_msg("'%s' was accepted", bad[i].spec);
        assert_contains(err, bad[i].message);
    }
    /* the message lists the metrics there are */
    assert_int_equal(cp_diff_thresholds_parse(&t, "speed=2", err, sizeof err), -1);
    assert_contains(err, "(expected one of cycles, cycles_min, cycles_max, instructions, cycles_estimated, time_ms, throughput_mbyte_s, code_bytes");
}

static void test_mark_names(void **state)
{
    (void)state;
    for (int m = 0; m < CP_MARK_COUNT; m++)
        assert_int_equal(cp_diff_mark_by_name(cp_diff_mark_name((cp_diff_mark)m)), m);
    assert_int_equal(cp_diff_mark_by_name("not-comparable"), CP_MARK_NOT_COMPARABLE);
    assert_int_equal(cp_diff_mark_by_name("slower"), CP_MARK_COUNT);
}

/* Geometric mean of new/old counts: x0.5 and x2 cancel; footprint rows and
 * other families do not count. */
static void test_geometric_mean(void **state)
{
    (void)state;
    pair p;
    diff_of(&p, AES(32, "Small", 1000) AES(32, "Fast", 1000) FOOT(100, 1) ECDSA("", "secp256r1", "signature", 800),
            AES(32, "Small", 500) AES(32, "Fast", 2000) FOOT(400, 1) ECDSA("", "secp256r1", "signature", 200));
    assert_int_equal(p.d.nfamilies, 2);
    assert_string_equal(p.d.families[0].family, "AES");
    assert_int_equal(p.d.families[0].ngeomean, 2);
    assert_true(fabs(p.d.families[0].geomean - 1.0) < 1e-12);
    assert_int_equal(p.d.families[0].rows[CP_MARK_BETTER], 1);
    assert_int_equal(p.d.families[0].rows[CP_MARK_WORSE], 2);
    assert_string_equal(p.d.families[1].family, "ECDSA");
    assert_true(fabs(p.d.families[1].geomean - 0.25) < 1e-12);
    pair_free(&p);

    diff_of(&p, AES(32, "Small", 1000) AES(32, "Fast", 3000), AES(32, "Small", 500) AES(32, "Fast", 600));
    assert_true(fabs(p.d.families[0].geomean - sqrt(0.5 * 0.2)) < 1e-12);
    pair_free(&p);
}

/* Largest changes: speed before size, then by size of the change. */
static void test_largest_changes(void **state)
{
    (void)state;
    pair p;
    diff_of(&p, AES(32, "Small", 1000) AES(64, "Small", 1000) AES(32, "Fast", 1000) FOOT(100, 1),
            AES(32, "Small", 900) AES(64, "Small", 1500) AES(32, "Fast", 1003) FOOT(400, 0));
    const cp_diff_family *f = &p.d.families[0];
    assert_int_equal(f->ntop, 3);
    assert_string_equal(row_text(&p.d, f->top[0].row, CP_F_BUFFER_BYTES), "64");   /* +50 % */
    assert_string_equal(row_text(&p.d, f->top[1].row, CP_F_BUFFER_BYTES), "32");   /* -10 % */
    /* +0.3 % cycles is unchanged, so the footprint fills the last place:
     * code +300 % (data -100 % ranks lower) */
    assert_int_equal(p.d.rows[f->top[2].row].metrics[f->top[2].metric].old_metric, CP_F_CODE_BYTES);
    pair_free(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_self_diff_is_all_unchanged),
        cmocka_unit_test(test_changes_and_marks),
        cmocka_unit_test(test_rows_only_in_one_version),
        cmocka_unit_test(test_integer_spellings_match),
        cmocka_unit_test(test_interleaved_tables),
        cmocka_unit_test(test_table_order),
        cmocka_unit_test(test_tables_scope_matching),
        cmocka_unit_test(test_field_only_in_old_is_ignored),
        cmocka_unit_test(test_field_kept_when_ignoring_is_ambiguous),
        cmocka_unit_test(test_field_only_in_new),
        cmocka_unit_test(test_count_kinds_not_comparable),
        cmocka_unit_test(test_estimates_of_one_model),
        cmocka_unit_test(test_estimates_on_one_side),
        cmocka_unit_test(test_estimates_of_two_models),
        cmocka_unit_test(test_metric_only_in_one_version),
        cmocka_unit_test(test_relative_thresholds),
        cmocka_unit_test(test_byte_thresholds),
        cmocka_unit_test(test_direction),
        cmocka_unit_test(test_threshold_syntax),
        cmocka_unit_test(test_mark_names),
        cmocka_unit_test(test_geometric_mean),
        cmocka_unit_test(test_largest_changes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
