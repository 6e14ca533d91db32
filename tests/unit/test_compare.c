/* The comparison dataset and the pivot options the summary and comparison
 * pages use: results of several datasets keep their own header (clock,
 * counter kind, library), `$counter.kind` selects per result, `prefer`
 * picks the largest chunk then the fewest counts, `min_filled` drops rows
 * that one version alone has, `row_detail`, @footprint_bytes, @config and
 * the paren filter. Expected numbers are worked out by hand below. */
#include <sys/stat.h>

#include "helpers.h"
#include "data/dataset.h"
#include "model/compare.h"
#include "model/table.h"
#include "page/table_build.h"
#include "page/layout.h"

#define HEAD(kind, hz, ver)                                                                                   \
    "format: cryptoperf-dataset/1\nseries: unit\nlayout: t\nlibrary: {slug: lib, name: L, version: \"" ver \
    "\"}\nhardware: {mcu: M, core: C}\nsystem: {core_clock_hz: " hz "}\ntoolchain: {compiler: cc}\n"          \
    "counter: {kind: " kind ", method: m}\nprovenance: {kind: measured, firmware_revision: abc}\nresults:\n"

/* v1: instructions at 25 MHz; chunk 512 faster than 2048 on purpose (prefer takes the largest chunk) */
static const char v1[] = HEAD("instructions", "25000000", "1.0")
    "  - {family: AES, kind: performance, measure: data-flow, key_bits: 128, message_bytes: 8000, chunk_bytes: 512,"
    " operation: encryption, configuration: Small, instructions: 300000}\n"
    "  - {family: AES, kind: performance, measure: data-flow, key_bits: 128, message_bytes: 8000, chunk_bytes: 2048,"
    " operation: encryption, configuration: Small, instructions: 400001}\n"
    "  - {family: AES, kind: performance, measure: data-flow, key_bits: 128, message_bytes: 8000, chunk_bytes: 2048,"
    " operation: encryption, configuration: Fast, instructions: 390000}\n"
    "  - {family: AES, kind: footprint, measure: sole-buffer, operation: encryption, configuration: Fast,"
    " code_bytes: 100, const_bytes: 20, data_bytes: 3, stack_bytes: 40, heap_bytes: 5}\n"
    "  - {family: HASH, kind: performance, measure: data-flow, hash: sha3-256, message_bytes: 8000, chunk_bytes: 2048,"
    " operation: digest, instructions: 1000000}\n";
/* v2: instructions at 25 MHz */
static const char v2[] = HEAD("instructions", "25000000", "2.0")
    "  - {family: AES, kind: performance, measure: data-flow, key_bits: 128, message_bytes: 8000, chunk_bytes: 2048,"
    " operation: encryption, configuration: Small, instructions: 333333}\n";
/* v3: cycles at 100 MHz: never in the instructions table */
static const char v3[] = HEAD("cycles", "100000000", "3.0")
    "  - {family: AES, kind: performance, measure: data-flow, key_bits: 128, message_bytes: 8000, chunk_bytes: 2048,"
    " operation: encryption, configuration: Small, cycles: 333333}\n";

static const char tables_text[] =
    "style: {group_digits: 0, missing: \"-\"}\n"
    "row_labels:\n"
    "  algo: {AES: \"AES-{key_bits}\", HASH: \"{hash}\"}\n"
    "  fam: {default: \"{family}\"}\n"
    "tables:\n"
    "  cmp:\n"
    "    select: {kind: performance, $counter.kind: instructions}\n"
    "    pivot:\n"
    "      corner: X\n"
    "      row: algo\n"
    "      row_detail: \"{operation}\"\n"
    "      column: \"{library.version}\"\n"
    "      cell: \"{@kbyte_s} {@config|paren?}\"\n"
    "      prefer: [{max: chunk_bytes}, {min: \"@count\"}]\n"
    "      min_filled: 2\n"
    "  fp:\n"
    "    select: {kind: footprint}\n"
    "    pivot: {corner: X, row: fam, column: \"{library.version}\", cell: \"{@footprint_bytes} / {stack_bytes}\"}\n";

static char *dir;
static cp_layout layout;
static cp_dataset sets[3], cmp;

static int setup(void **state)
{
    (void)state;
    dir = cp_xstrdup("/tmp/cp-unit-compare-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    char *sub = cp_xasprintf("%s/t", dir), *p1 = cp_xasprintf("%s/t/page.md", dir),
         *p2 = cp_xasprintf("%s/t/tables.yaml", dir);
    mkdir(sub, 0700);
    FILE *f = fopen(p1, "w");
    fputs("# x\n", f);
    fclose(f);
    f = fopen(p2, "w");
    fputs(tables_text, f);
    fclose(f);
    char *css = cp_xasprintf("%s/html.css", dir);   /* every layout load reads the stylesheet */
    f = fopen(css, "w");
    fputs("p { margin: 0; }\n", f);
    fclose(f);
    cp_diag d = { .out = stderr };
    int rc = cp_layout_load(&layout, dir, "t", &d);
    const char *texts[] = { v1, v2, v3 };
    for (int i = 0; i < 3; i++)
        rc |= cp_dataset_load_ex(&sets[i], "unit.yaml", texts[i], strlen(texts[i]), NULL, 0, &d);
    const cp_dataset *group[] = { &sets[0], &sets[1], &sets[2] };
    rc |= cp_compare_build(&cmp, group, 3, &d);
    unlink(p1);
    unlink(p2);
    unlink(css);
    free(css);
    rmdir(sub);
    rmdir(dir);
    free(sub);
    free(p1);
    free(p2);
    return rc;
}

static int teardown(void **state)
{
    (void)state;
    cp_dataset_free(&cmp);
    for (int i = 0; i < 3; i++)
        cp_dataset_free(&sets[i]);
    cp_layout_free(&layout);
    free(dir);
    return 0;
}

static void test_compare_pivot(void **state)
{
    (void)state;
    cp_table t;
    cp_diag d = { .out = stderr };
    assert_int_equal(cp_table_build(&t, &layout, &cmp, "cmp", NULL, &d), 0);
    /* only the instructions datasets are columns; sha3-256 (v1 alone) is left out */
    assert_int_equal(t.ncols, 3);
    assert_string_equal(t.head[1], "1.0");
    assert_string_equal(t.head[2], "2.0");
    assert_int_equal(t.nrows, 1);
    assert_string_equal(cp_table_cell(&t, 0, 0)->text, "AES-128 encryption");
    /* chunk 2048 beats the faster 512; then Fast (390000) beats Small:
     * floor(8000 * 25e6 / (390000 * 1000)) = floor(512.8) = 512 */
    assert_string_equal(cp_table_cell(&t, 0, 1)->text, "512 (Fast)");
    /* floor(8000 * 25e6 / (333333 * 1000)) = floor(600.0006) = 600 */
    assert_string_equal(cp_table_cell(&t, 0, 2)->text, "600 (Small)");
    cp_table_free(&t);
}

static void test_footprint_sum(void **state)
{
    (void)state;
    cp_table t;
    cp_diag d = { .out = stderr };
    assert_int_equal(cp_table_build(&t, &layout, &cmp, "fp", NULL, &d), 0);
    assert_int_equal(t.nrows, 1);
    assert_string_equal(cp_table_cell(&t, 0, 1)->text, "123 / 40");   /* 100 + 20 + 3 */
    cp_table_free(&t);
}

static void test_header_per_result(void **state)
{
    (void)state;
    /* the header of the comparison lists the versions; results keep theirs */
    assert_int_equal(cmp.nresults, sets[0].nresults + sets[1].nresults + sets[2].nresults);
    assert_string_equal(cp_scalar(cp_header_node(cmp.results[cmp.nresults - 1].header, "counter.kind")), "cycles");
    const cp_node *libs = cp_dataset_node(&cmp, "libraries");
    assert_non_null(libs);
    assert_int_equal(libs->count, 3);
    assert_string_equal(cp_scalar(cp_map_get(libs->items[2], "version")), "3.0");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_compare_pivot),
        cmocka_unit_test(test_footprint_sum),
        cmocka_unit_test(test_header_per_result),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
