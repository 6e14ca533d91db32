/* Chart file names: the ST convention (README "Chart file names"), and the safe-name
 * rule that keeps any data string from becoming a path, wiki syntax or a
 * broken URL (README.md, "Chart file names"). */
#include "helpers.h"

#include "model/chart_name.h"

static void assert_name(cp_chart_name_parts p, const char *want)
{
    char *got = cp_chart_name(&p);
    assert_string_equal(got, want);
    free(got);
}

static void test_st_examples(void **state)
{
    (void)state;
    assert_name((cp_chart_name_parts){ "STM32L552", "AES", "CBC", "sole-buffer", "encryption", 0, NULL },
                "Cryptolib STM32L552 AES CBC SB Enc.svg");
    assert_name((cp_chart_name_parts){ "STM32L552", "HASH", NULL, "data-flow", "digest", 1, NULL },
                "Cryptolib STM32L552 HASH DF Dig FP.svg");
    assert_name((cp_chart_name_parts){ "STM32L552", "RSA", "3K CRT", NULL, "signature", 1, NULL },
                "Cryptolib STM32L552 RSA 3K CRT Sig FP.svg");
    assert_name((cp_chart_name_parts){ "STM32L552", "ECDSA", "", NULL, "verification", 0, NULL },
                "Cryptolib STM32L552 ECDSA Ver.svg");
    assert_name((cp_chart_name_parts){ "STM32L552", "AES", "GCM", "sole-buffer", "decryption", 0, NULL },
                "Cryptolib STM32L552 AES GCM SB Dec.svg");
}

/* two versions of a library on one MCU: one wiki, two names */
static void test_library_word(void **state)
{
    (void)state;
    assert_name((cp_chart_name_parts){ "STM32L552", "AES", "CBC", "sole-buffer", "encryption", 0, "cmox-050000B2" },
                "Cryptolib STM32L552 cmox-050000B2 AES CBC SB Enc.svg");
    assert_name((cp_chart_name_parts){ "AN505", "HASH", NULL, "data-flow", "digest", 1, "mbedtls-3.6.6" },
                "Cryptolib AN505 mbedtls-3.6.6 HASH DF Dig FP.svg");
}

static void test_unknown_slugs_pass_through(void **state)
{
    (void)state;
    assert_string_equal(cp_chart_op_abbrev("frobnication"), "frobnication");
    assert_string_equal(cp_chart_measure_abbrev("sole-buffer"), "SB");
    assert_null(cp_chart_op_abbrev(NULL));
    assert_name((cp_chart_name_parts){ "X", "ML-KEM", "512", NULL, "encapsulation", 0, NULL }, "Cryptolib X ML-KEM 512 Encaps.svg");
}

static void assert_safe(const char *in, const char *want)
{
    cp_buf b = { 0 };
    cp_chart_name_safe(&b, in);
    assert_string_equal(b.data ? b.data : "", want);
    cp_buf_free(&b);
}

static void test_safe_rule(void **state)
{
    (void)state;
    assert_safe("SHA512/224", "SHA512-224");
    assert_safe("../../etc/passwd", "etc-passwd");
    assert_safe("a|b<c>\"d\"&e", "a-b-c-d-e");
    assert_safe("x\\y:z#w[1]{2}", "x-y-z-w-1-2");
    assert_safe("  many   spaces\t\nhere  ", "many spaces-here");
    assert_safe("sha512_256", "sha512 256");
    assert_safe(".hidden", "hidden");
    assert_safe("a..b...c", "a.b.c");
    assert_safe("50%", "50");
    assert_safe("%2e%2e", "2e-2e");
    assert_safe("~~~~", "");
    assert_safe("µs", "s");
    assert_safe("\xff\xfe bad utf8", "bad utf8");
    assert_safe("Keep (this), +that.", "Keep (this), +that");
    assert_safe("", "");
}

/* Whatever the words, the name is one plain file name: no '/', no "..",
 * no leading dot, only the allowed characters, ".svg" at the end. */
static void test_hostile_names_stay_plain(void **state)
{
    (void)state;
    static const char *const hostile[] = {
        "../../etc/passwd", "/abs/path", "..", ".", "a/../../b", "a|b<c>\"d\"&e", "[[File:x]]", "{{tpl}}",
        "%2F%2e%2e", "\x01\x02\x1f\x7f", "line\nbreak", "C:\\Windows", "\xc0\xaf\xc0\xae", "\xe2\x80\xae rtl",
    };
    for (size_t i = 0; i < sizeof hostile / sizeof hostile[0]; i++) {
        cp_chart_name_parts p = { hostile[i], hostile[i], hostile[i], hostile[i], hostile[i], 1, hostile[i] };
        char *n = cp_chart_name(&p);
        assert_null(strchr(n, '/'));
        assert_null(strstr(n, ".."));
        assert_true(n[0] != '.');
        assert_true(strlen(n) <= 204);
        size_t len = strlen(n);
        assert_string_equal(n + len - 4, ".svg");
        for (const char *s = n; *s; s++)
            if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
                  strchr(" +,.()-", *s)))
                fail_msg("'%c' in %s", *s, n);
        free(n);
    }
}

static void test_long_names_are_cut(void **state)
{
    (void)state;
    char word[600];
    memset(word, 'A', sizeof word - 1);
    word[sizeof word - 1] = '\0';
    cp_chart_name_parts p = { "STM32L552", word, NULL, NULL, "digest", 0, NULL };
    char *n = cp_chart_name(&p);
    assert_int_equal(strlen(n), 204);
    assert_string_equal(n + 200, ".svg");
    free(n);
}

/* A long MCU (or library) name is what gets shorter: the words that tell
 * the charts of a page apart stay, so they do not all end up alike. */
static void test_long_words_shortened_first(void **state)
{
    (void)state;
    char mcu[191];
    memset(mcu, 'A', sizeof mcu - 1);
    mcu[sizeof mcu - 1] = '\0';
    cp_chart_name_parts p = { mcu, "AES", "CBC", "sole-buffer", "encryption", 1, "cmox-050000B2" };
    char *n = cp_chart_name(&p);
    assert_true(strlen(n) <= 204);
    assert_contains(n, " cmox-050000B2 AES CBC SB Enc FP.svg");
    assert_contains(n, "Cryptolib AAAAAAAA");
    free(n);
    char lib[300];
    memset(lib, 'l', sizeof lib - 1);
    lib[sizeof lib - 1] = '\0';
    cp_chart_name_parts q = { mcu, "HASH", "SHA256", "data-flow", "digest", 0, lib };
    n = cp_chart_name(&q);
    assert_true(strlen(n) <= 204);
    assert_contains(n, " HASH SHA256 DF Dig.svg");
    free(n);
}

static void test_url(void **state)
{
    (void)state;
    cp_buf b = { 0 };
    cp_chart_name_url(&b, "Cryptolib STM32L552 AES CBC SB Enc (x),+.svg");
    assert_string_equal(b.data, "Cryptolib%20STM32L552%20AES%20CBC%20SB%20Enc%20%28x%29%2C%2B.svg");
    cp_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_st_examples),
        cmocka_unit_test(test_library_word),
        cmocka_unit_test(test_unknown_slugs_pass_through),
        cmocka_unit_test(test_safe_rule),
        cmocka_unit_test(test_hostile_names_stay_plain),
        cmocka_unit_test(test_long_names_are_cut),
        cmocka_unit_test(test_long_words_shortened_first),
        cmocka_unit_test(test_url),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
