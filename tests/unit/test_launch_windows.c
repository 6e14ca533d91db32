/* The cycle model's window lines as the runner and the tests read them
 * back from a stream that carries other text too: every line in order,
 * other lines passed over, a malformed, lost, doubled or overflowing one
 * refused. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "windows.h"

static int parse(const char *text, cpc_windows *w, const char **why)
{
    return cpc_windows_parse(text, strlen(text), w, why);
}

static void lines_among_other_text(void **state)
{
    (void)state;
    cpc_windows w;
    const char *why = NULL;
    assert_int_equal(parse("error: nothing\nwindow 0: instructions 17 cycles 25\nsome guest text\n"
                           "window 1: instructions 1017 cycles 1530\n", &w, &why), 0);
    assert_int_equal(w.n, 2);
    assert_int_equal(w.v[0].instructions, 17);
    assert_int_equal(w.v[0].cycles, 25);
    assert_int_equal(w.v[1].instructions, 1017);
    assert_int_equal(w.v[1].cycles, 1530);
    cpc_windows_free(&w);
}

static void last_line_without_newline(void **state)
{
    (void)state;
    cpc_windows w;
    const char *why = NULL;
    assert_int_equal(parse("window 0: instructions 3 cycles 4", &w, &why), 0);
    assert_int_equal(w.n, 1);
    assert_int_equal(w.v[0].cycles, 4);
    cpc_windows_free(&w);
}

static void only_as_many_bytes_as_given(void **state)
{
    (void)state;
    cpc_windows w;
    const char *why = NULL;
    const char *text = "window 0: instructions 3 cycles 4\nwindow 1: instructions 5 cycles 6\n";
    /* the first line cut inside its cycle count's word */
    assert_int_equal(cpc_windows_parse(text, strlen("window 0: instructions 3 cyc"), &w, &why), -1);
    assert_null(w.v);
    /* the first line whole, the second not begun */
    assert_int_equal(cpc_windows_parse(text, strlen("window 0: instructions 3 cycles 4\n"), &w, &why), 0);
    assert_int_equal(w.n, 1);
    cpc_windows_free(&w);
}

static void no_lines(void **state)
{
    (void)state;
    cpc_windows w;
    const char *why = NULL;
    assert_int_equal(parse("hello\n", &w, &why), 0);
    assert_int_equal(w.n, 0);
    cpc_windows_free(&w);
}

static void refused(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "window 1: instructions 3 cycles 4\n",                                        /* window 0 lost */
        "window 0: instructions 3 cycles 4\nwindow 0: instructions 3 cycles 4\n",     /* doubled */
        "window 0: instructions 3 cycles\n",                                          /* cut */
        "window 0: instructions 3 cycles 4 more\n",                                   /* trailing text */
        "window 0: instructions -3 cycles 4\n",                                       /* not a count */
        "window 0: instructions 99999999999999999999 cycles 4\n",                     /* over 64 bits */
        "window x: instructions 3 cycles 4\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cpc_windows w;
        const char *why = NULL;
        assert_int_equal(parse(bad[i], &w, &why), -1);
        assert_non_null(why);
        assert_null(w.v);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lines_among_other_text),
        cmocka_unit_test(last_line_without_newline),
        cmocka_unit_test(only_as_many_bytes_as_given),
        cmocka_unit_test(no_lines),
        cmocka_unit_test(refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
