/* Footprint figures from two attributions (firmware/runner/fpattr.c): the
 * library's growth plus the C runtime's, the runtime's and the adapter's
 * parts, and ld's merging of string tails across input files, which can
 * make one part shrink while the whole grows (seen on the micro:bit: the
 * runtime's constant data 4 bytes below its baseline's). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <cmocka.h>

#include "fpattr.h"

static cpr_fp_figures figures(const cpr_attribution *img, const cpr_attribution *base)
{
    cpr_fp_figures f;
    char *err = NULL;
    if (cpr_fp_figures_of(img, base, &f, &err) != 0)
        fail_msg("refused: %s", err);
    return f;
}

static void sums_library_and_runtime(void **state)
{
    (void)state;
    cpr_attribution base = { 0 }, img = { 0 };
    base.b[CPR_FROM_HARNESS][CPR_COL_CODE] = 1000;
    img.b[CPR_FROM_HARNESS][CPR_COL_CODE] = 1048;
    img.b[CPR_FROM_LIBRARY][CPR_COL_CODE] = 3000;
    img.b[CPR_FROM_RUNTIME][CPR_COL_CODE] = 200;
    img.b[CPR_FROM_ADAPTER][CPR_COL_CODE] = 144;
    cpr_fp_figures f = figures(&img, &base);
    assert_int_equal(f.bytes[CPR_COL_CODE], 3200);
    assert_int_equal(f.runtime[CPR_COL_CODE], 200);
    assert_int_equal(f.adapter[CPR_COL_CODE], 144);
    assert_int_equal(f.harness[CPR_COL_CODE], 48);
}

/* A runtime string folded into a library one: the runtime's part is 0 and
 * the figure is the sum, never above what the two hold together. */
static void merged_strings_move_bytes_between_parts(void **state)
{
    (void)state;
    cpr_attribution base = { 0 }, img = { 0 };
    base.b[CPR_FROM_RUNTIME][CPR_COL_CONST] = 1713;
    img.b[CPR_FROM_RUNTIME][CPR_COL_CONST] = 1709;
    img.b[CPR_FROM_LIBRARY][CPR_COL_CONST] = 520;
    cpr_fp_figures f = figures(&img, &base);
    assert_int_equal(f.bytes[CPR_COL_CONST], 516);
    assert_int_equal(f.runtime[CPR_COL_CONST], 0);
}

/* The runtime's part never exceeds the figure it is part of. */
static void runtime_part_within_figure(void **state)
{
    (void)state;
    cpr_attribution base = { 0 }, img = { 0 };
    base.b[CPR_FROM_LIBRARY][CPR_COL_CONST] = 10;
    img.b[CPR_FROM_LIBRARY][CPR_COL_CONST] = 6;
    img.b[CPR_FROM_RUNTIME][CPR_COL_CONST] = 8;
    cpr_fp_figures f = figures(&img, &base);
    assert_int_equal(f.bytes[CPR_COL_CONST], 4);
    assert_int_equal(f.runtime[CPR_COL_CONST], 4);
}

/* Library and runtime together below the baseline: not its baseline. */
static void refuses_a_shrinking_whole(void **state)
{
    (void)state;
    cpr_attribution base = { 0 }, img = { 0 };
    base.b[CPR_FROM_LIBRARY][CPR_COL_DATA] = 64;
    img.b[CPR_FROM_LIBRARY][CPR_COL_DATA] = 60;
    cpr_fp_figures f;
    char *err = NULL;
    assert_int_equal(cpr_fp_figures_of(&img, &base, &f, &err), -1);
    assert_non_null(err);
    free(err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sums_library_and_runtime),
        cmocka_unit_test(merged_strings_move_bytes_between_parts),
        cmocka_unit_test(runtime_part_within_figure),
        cmocka_unit_test(refuses_a_shrinking_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
