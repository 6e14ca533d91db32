/* The runner's use of the cycle model's windows (collect.c): a performance
 * result gets its window's cycles minus the calibration window's once the
 * window's instructions minus the calibration's equal its instruction count
 * exactly; a mismatch, a lost window, two calibration windows that differ
 * or a missing window number are refused; an image run without the model
 * gets no estimate. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect.h"

static const char doc[] =
    "run:\n"
    "  board: mps2-an505\n"
    "  qemu_machine: mps2-an505\n"
    "  library: {slug: mbedtls, version: \"3.6.6\", package: \"mbedtls 3.6.6-1\",\n"
    "    fingerprint: \"mbedtls-3.6.6-small 0123456789abcdef\"}\n"
    "  configuration: small\n"
    "  counter: {kind: instructions, icount_shift: 7, overhead: 17, overhead_window: 0}\n"
    "results:\n"
    "  - {family: HASH, kind: performance, measure: sole-buffer, hash: SHA-256, buffer_bytes: 64,"
    " operation: digest, instructions: 1000, window: 17, stack_bytes: 8, heap_bytes: 0}\n";

static cpr_image image(void)
{
    cpr_image im = { 0 };
    im.image = "img.elf";
    im.kind = "bench";
    im.board = "mps2-an505";
    im.machine = "mps2-an505";
    im.icount_shift = 7;
    im.library = "mbedtls";
    im.version = "3.6.6";
    im.package = "mbedtls 3.6.6-1";
    im.configuration = "small";
    return im;
}

/* windows 0..17: calibration windows 0..16 of 17 instructions and cal
 * cycles, window 17 of ins instructions and cyc cycles */
static char *windows(unsigned long long cal, unsigned long long cal1, unsigned long long ins,
                     unsigned long long cyc, int count)
{
    size_t size = 64 * 20;
    char *t = malloc(size), *p = t;
    for (int w = 0; w < count; w++)
        p += snprintf(p, size - (size_t)(p - t), "window %d: instructions %llu cycles %llu\n", w,
                      w == 17 ? ins : 17ull, w == 17 ? cyc : w == 1 ? cal1 : cal);
    return t;
}

/* Collects doc with err as stderr; returns the number of problems and the
 * estimate (-1: none) in *est. */
static unsigned collect(const char *err, cpr_model_state model, long long *est)
{
    cpr_image im = image();
    char *errbuf = NULL;
    size_t errlen = 0;
    FILE *errf = open_memstream(&errbuf, &errlen);
    cpr_collection c;
    cpr_collection_init(&c, errf);
    cpr_run_output out = { doc, err, strlen(doc), err ? strlen(err) : 0, model };
    cpr_collect_output(&c, &im, "img.elf", &out, 1);
    unsigned errors = c.errors;
    *est = -1;
    if (c.n == 1 && c.v[0].rows.n == 1 && c.v[0].rows.v[0].text[CP_F_CYCLES_ESTIMATED])
        *est = c.v[0].rows.v[0].num[CP_F_CYCLES_ESTIMATED];
    cpr_collection_free(&c);
    fclose(errf);
    if (errors)
        fprintf(stderr, "# %s", errbuf);
    free(errbuf);
    return errors;
}

static void estimate_from_the_window(void **state)
{
    (void)state;
    long long est;
    char *err = windows(30, 30, 1017, 1530, 18);
    assert_int_equal(collect(err, CPR_MODEL_RAN, &est), 0);
    assert_int_equal(est, 1500);
    free(err);
}

static void instructions_must_match_exactly(void **state)
{
    (void)state;
    long long est;
    char *err = windows(30, 30, 1018, 1530, 18);
    assert_int_equal(collect(err, CPR_MODEL_RAN, &est), 1);
    assert_int_equal(est, -1);
    free(err);
}

static void lost_window_refused(void **state)
{
    (void)state;
    long long est;
    char *err = windows(30, 30, 1017, 1530, 17);
    assert_int_equal(collect(err, CPR_MODEL_RAN, &est), 1);
    free(err);
}

static void calibration_windows_must_agree(void **state)
{
    (void)state;
    long long est;
    char *err = windows(30, 31, 1017, 1530, 18);
    assert_int_equal(collect(err, CPR_MODEL_RAN, &est), 1);
    free(err);
}

static void without_the_model_no_estimate(void **state)
{
    (void)state;
    long long est;
    assert_int_equal(collect("", CPR_MODEL_NONE, &est), 0);
    assert_int_equal(est, -1);
    assert_int_equal(collect("", CPR_MODEL_NOT_MODELLED, &est), 0);
    assert_int_equal(est, -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(estimate_from_the_window),
        cmocka_unit_test(instructions_must_match_exactly),
        cmocka_unit_test(lost_window_refused),
        cmocka_unit_test(calibration_windows_must_agree),
        cmocka_unit_test(without_the_model_no_estimate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
