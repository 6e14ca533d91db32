/* Number formatting and derived values: digit grouping, truncation (never
 * rounding), exact 128-bit arithmetic for the largest counts, zero. */
#include "helpers.h"
#include "base/numfmt.h"

static char *digits(const char *s, int group_min)
{
    cp_buf b = { 0 };
    cp_buf_puts(&b, "");
    cp_fmt_digits(&b, s, group_min);
    return b.data;
}

static char *u128(cp_u128 n, int group_min)
{
    cp_buf b = { 0 };
    cp_fmt_u128(&b, n, group_min);
    return b.data;
}

#define EXPECT_DIGITS(in, g, want)                                                                                 \
    do {                                                                                                           \
        char *s_ = digits(in, g);                                                                                  \
        assert_string_equal(s_, want);                                                                             \
        free(s_);                                                                                                  \
    } while (0)

static void test_grouping(void **state)
{
    (void)state;
    EXPECT_DIGITS("0", 5, "0");
    EXPECT_DIGITS("9801", 5, "9801");               /* four digits: not grouped */
    EXPECT_DIGITS("11667", 5, "11 667");
    EXPECT_DIGITS("100000", 5, "100 000");
    EXPECT_DIGITS("1023684504", 5, "1 023 684 504");
    EXPECT_DIGITS("1023684504", 0, "1023684504");   /* grouping off */
    EXPECT_DIGITS("1234", 4, "1 234");              /* threshold is the layout's */
    EXPECT_DIGITS("-12345", 5, "-12 345");
}

static void test_u128(void **state)
{
    (void)state;
    char *s = u128(0, 5);
    assert_string_equal(s, "0");
    free(s);
    cp_u128 big = ((cp_u128)1 << 64) * 1000;   /* beyond 64 bits */
    s = u128(big, 5);
    assert_string_equal(s, "18 446 744 073 709 551 616 000");
    free(s);
    s = u128(~(cp_u128)0, 0);
    assert_string_equal(s, "340282366920938463463374607431768211455");
    free(s);
}

static void test_time_truncates(void **state)
{
    (void)state;
    cp_u128 t;
    assert_int_equal(cp_derive_time(11667, 110000000, 1000000, &t), 0);
    assert_true(t == 106);                        /* 106.06 µs -> 106 */
    assert_int_equal(cp_derive_time(9801, 110000000, 1000000, &t), 0);
    assert_true(t == 89);                         /* 89.1 */
    assert_int_equal(cp_derive_time(2898200, 110000000, 1000, &t), 0);
    assert_true(t == 26);                         /* 26.35 ms -> 26, not 27 */
    assert_int_equal(cp_derive_time(109999, 110000000, 1000000, &t), 0);
    assert_true(t == 999);                        /* 999.99 -> 999 */
    assert_int_equal(cp_derive_time(0, 110000000, 1000000, &t), 0);
    assert_true(t == 0);
    assert_int_equal(cp_derive_time(5, 0, 1000, &t), -1);
    /* the largest count a dataset holds, at 1 Hz, in µs: no overflow */
    assert_int_equal(cp_derive_time(9223372036854775807ULL, 1, 1000000, &t), 0);
    char *s = u128(t, 0);
    assert_string_equal(s, "9223372036854775807000000");
    free(s);
}

static void test_rate_truncates(void **state)
{
    (void)state;
    cp_u128 r;
    assert_int_equal(cp_derive_rate(8000, 110000000, 671120, 1000, &r), 0);
    assert_true(r == 1311);                       /* 1311.24 */
    assert_int_equal(cp_derive_rate(8000, 110000000, 1329784, 1000, &r), 0);
    assert_true(r == 661);                        /* 661.76 -> 661, not 662 */
    assert_int_equal(cp_derive_rate(8000, 110000000, 0, 1000, &r), -1);   /* zero count */
    assert_int_equal(cp_derive_rate(9223372036854775807ULL, 18446744073709551615ULL, 1, 1000, &r), 0);
    char *s = u128(r, 0);
    assert_string_equal(s, "170141183460469231704017187605319778");
    free(s);
}

static void test_ratio(void **state)
{
    (void)state;
    cp_buf b = { 0 };
    cp_fmt_ratio(&b, 110000000, 1000000, 6);
    assert_string_equal(b.data, "110");
    b.len = 0;
    cp_fmt_ratio(&b, 110500000, 1000000, 6);
    assert_string_equal(b.data, "110.5");
    b.len = 0;
    cp_fmt_ratio(&b, 32768, 1000000, 6);
    assert_string_equal(b.data, "0.032768");
    b.len = 0;
    cp_fmt_ratio(&b, 1, 3, 2);
    assert_string_equal(b.data, "0.33");           /* truncated */
    cp_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_grouping),
        cmocka_unit_test(test_u128),
        cmocka_unit_test(test_time_truncates),
        cmocka_unit_test(test_rate_truncates),
        cmocka_unit_test(test_ratio),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
