/* Strings from data on their way into gnuplot and into the SVG: gnuplot
 * single-quoted strings, the chart script as a whole, and the clean-up of
 * what gnuplot's svg terminal writes. */
#include "helpers.h"

#include <math.h>

#include "chart.h"
#include "gnuplot.h"
#include "svg_clean.h"
#include "text_clean.h"

static void assert_quoted(const char *in, const char *want, void (*quote)(cp_buf *, const char *))
{
    cp_buf b = { 0 };
    quote(&b, in);
    assert_string_equal(b.data, want);
    cp_buf_free(&b);
}

static void test_quote(void **state)
{
    (void)state;
    assert_quoted("Small", "'Small'", cp_gnuplot_quote);
    assert_quoted("it's", "'it' . cp_q . 's'", cp_gnuplot_quote);
    /* never a doubled quote: gnuplot 5.4 misreads 'a''''b' */
    assert_quoted("''", "'' . cp_q . '' . cp_q . ''", cp_gnuplot_quote);
    /* nothing is special inside single quotes but the quote itself */
    assert_quoted("`rm -rf /` @macro $data \\n \"dq\"", "'`rm -rf /` @macro $data \\n \"dq\"'", cp_gnuplot_quote);
    /* a line break would end the command: it becomes a space */
    assert_quoted("a\nb\r\tc", "'a b  c'", cp_gnuplot_quote);
    assert_quoted("\x01\x7f\xc2\x85", "'    '", cp_gnuplot_quote); /* C0, DEL, C1 NEL: a space a byte */
    assert_quoted("\xff\xc3(", "'  ('", cp_gnuplot_quote);           /* invalid UTF-8 */
    assert_quoted("\xef\xbf\xbe", "'   '", cp_gnuplot_quote);         /* U+FFFE: not XML */
    assert_quoted("µs café €", "'µs café €'", cp_gnuplot_quote);
    assert_quoted("", "''", cp_gnuplot_quote);
}

static void test_quote_lines(void **state)
{
    (void)state;
    assert_quoted("128 bits\n32 bytes", "'128 bits' . \"\\n\" . '32 bytes'", cp_gnuplot_quote_lines);
    assert_quoted("it's\n", "'it' . cp_q . 's' . \"\\n\" . ''", cp_gnuplot_quote_lines);
    assert_quoted("one", "'one'", cp_gnuplot_quote_lines);
}

static void test_text_char_len(void **state)
{
    (void)state;
    assert_int_equal(cp_text_char_len((const unsigned char *)"a", 1), 1);
    assert_int_equal(cp_text_char_len((const unsigned char *)"\xc2\xb5", 2), 2);
    assert_int_equal(cp_text_char_len((const unsigned char *)"\xc2\xb5", 1), 0);       /* cut short */
    assert_int_equal(cp_text_char_len((const unsigned char *)"\xc0\xaf", 2), 0);       /* overlong '/' */
    assert_int_equal(cp_text_char_len((const unsigned char *)"\xed\xa0\x80", 3), 0);   /* surrogate */
    assert_int_equal(cp_text_char_len((const unsigned char *)"\xf4\x90\x80\x80", 4), 0); /* > U+10FFFF */
    assert_int_equal(cp_text_char_len((const unsigned char *)"\xf0\x9f\x98\x80", 4), 4);
}

/* Every line of the script is a whole command: data cannot start one. */
static void test_script_keeps_data_in_strings(void **state)
{
    (void)state;
    const char *evil = "x'\nset output '/tmp/pwned.svg'\n`touch /tmp/pwned` ]]> <&>";
    cp_chart *c = cp_chart_new("a.svg", CP_CHART_CLUSTERED, evil, evil, evil, evil);
    cp_chart_set(c, cp_chart_category(c, evil), cp_chart_series(c, evil), 1, evil);
    cp_buf b = { 0 };
    cp_gnuplot_script(&b, c, "/tmp/out dir/it's.svg");
    assert_contains(b.data, "set output '/tmp/out dir/it' . cp_q . 's.svg'\n");
    assert_not_contains(b.data, "\nset output '/tmp/pwned.svg'");
    assert_not_contains(b.data, "\n`touch");
    assert_contains(b.data, "'x' . cp_q . ' set output ' . cp_q . '/tmp/pwned.svg' . cp_q . ' `touch /tmp/pwned` ]]> <&>'");
    /* the category keeps its line break, as a gnuplot "\n" */
    assert_contains(b.data, "'x' . cp_q . '' . \"\\n\" . 'set output ' . cp_q . '/tmp/pwned.svg' . cp_q . '' . \"\\n\" . '`touch");
    cp_buf_free(&b);
    cp_chart_free(c);
}

static void test_script_layout(void **state)
{
    (void)state;
    cp_chart *c = cp_chart_new("a.svg", CP_CHART_CLUSTERED, "T", NULL, NULL, "Cycles");
    size_t small = cp_chart_series(c, "Small"), fast = cp_chart_series(c, "Fast");
    size_t k = cp_chart_category(c, "128 bits");
    cp_chart_set(c, k, small, 11667, NULL);
    cp_chart_set(c, k, fast, 9801, "9801");
    cp_chart_set(c, cp_chart_category(c, "192 bits"), fast, NAN, "n/a");
    cp_buf b = { 0 };
    cp_gnuplot_script(&b, c, "o.svg");
    assert_contains(b.data, "set label '11 667' at 0,11667 ");       /* grouped like the tables */
    assert_contains(b.data, "set label '9801' at 1,9801 ");
    assert_contains(b.data, "set label 'n/a' at 4,0 ");               /* missing: said, no bar */
    assert_contains(b.data, "$s0 << EOD\n0 11667\nEOD\n$s1 << EOD\n1 9801\nEOD\n");
    assert_contains(b.data, "reset session\ncp_q = sprintf('%c', 39)\n");
    assert_contains(b.data, "set yrange [0:");
    assert_contains(b.data, "'10 000' 10000");                        /* y tics grouped too */
    assert_contains(b.data, "title 'Small'");
    assert_contains(b.data, "lc rgb '#0072B2'");
    assert_not_contains(b.data, "mouse");
    assert_not_contains(b.data, "standalone");
    cp_buf_free(&b);
    cp_chart_free(c);
}

static void test_stacked(void **state)
{
    (void)state;
    cp_chart *c = cp_chart_new("a.svg", CP_CHART_STACKED, "T", NULL, NULL, "bytes");
    size_t code = cp_chart_series(c, "Code"), data = cp_chart_series(c, "Data");
    size_t k = cp_chart_category(c, "Enc");
    cp_chart_set(c, k, code, 2000, NULL);
    cp_chart_set(c, k, data, 500, NULL);
    cp_buf b = { 0 };
    cp_gnuplot_script(&b, c, "o.svg");
    assert_contains(b.data, "set label '2500' at 0,2500 ");   /* the total above the stack */
    assert_contains(b.data, "$s0 << EOD\n0 2000\nEOD\n$s1 << EOD\n0 2500\nEOD\n");
    /* the taller (upper) part is drawn first so that the lower one covers it */
    const char *upper = strstr(b.data, "$s1 using"), *lower = strstr(b.data, "$s0 using");
    assert_non_null(upper);
    assert_non_null(lower);
    assert_true(upper < lower);
    cp_buf_free(&b);
    cp_chart_free(c);
}

static const char SVG_HEAD[] = "<?xml version=\"1.0\" encoding=\"utf-8\"  standalone=\"no\"?>\n"
                               "<svg \n width=\"640\" height=\"480\"\n viewBox=\"0 0 640 480\"\n"
                               " xmlns=\"http://www.w3.org/2000/svg\"\n xmlns:xlink=\"http://www.w3.org/1999/xlink\"\n>\n\n"
                               "<title>Gnuplot</title>\n<desc>Produced by GNUPLOT 5.4 patchlevel 4 </desc>\n\n";

static char *clean(const char *body, const char *title, const char **why)
{
    char *svg = cp_xasprintf("%s%s</svg>\n", SVG_HEAD, body);
    cp_buf out = { 0 };
    int rc = cp_svg_clean(&out, svg, title, why);
    free(svg);
    if (rc) {
        cp_buf_free(&out);
        return NULL;
    }
    return out.data;
}

static void test_svg_clean(void **state)
{
    (void)state;
    const char *why = NULL;
    char *s = clean("<g id=\"gnuplot_plot_1\" ><title>Sm&all</title>\n<use xlink:href='#gpPt5'/>"
                    "<text>a ]]> b & c &amp; &#160; &lt;</text></g>\n",
                    "AES <CBC> & \"it's\"\n(x)", &why);
    assert_non_null(s);
    assert_contains(s, "<title>AES &lt;CBC&gt; &amp; &quot;it&apos;s&quot; (x)</title>\n");
    assert_not_contains(s, "Gnuplot</title>");
    assert_not_contains(s, "<desc>");
    assert_not_contains(s, "Sm&all");                 /* the plot groups' titles go */
    assert_contains(s, "<g id=\"gnuplot_plot_1\" >\n");
    assert_contains(s, "<text>a ]]&gt; b &amp; c &amp; &#160; &lt;</text>");
    assert_contains(s, "viewBox=\"0 0 640 480\"");
    assert_contains(s, "xlink:href='#gpPt5'");
    free(s);
}

static void assert_rejected(const char *body, const char *reason)
{
    const char *why = NULL;
    char *s = clean(body, "t", &why);
    if (s)
        fail_msg("accepted: %s", body);
    assert_non_null(why);
    assert_contains(why, reason);
}

static void test_svg_rejects_active_content(void **state)
{
    (void)state;
    assert_rejected("<script>alert(1)</script>", "<script>");
    assert_rejected("<SCRIPT>alert(1)</SCRIPT>", "<script>");
    assert_rejected("<g onload=\"alert(1)\"></g>", "event handler");
    assert_rejected("<g\tONclick = 'x'></g>", "event handler");
    assert_rejected("<image xlink:href=\"http://example.invalid/x.png\"/>", "outside");
    assert_rejected("<a href='javascript:alert(1)'>x</a>", "outside");
    assert_rejected("<foreignObject></foreignObject>", "foreignObject");
    /* the same words as text are harmless */
    const char *why = NULL;
    char *s = clean("<text>onload=x href=http://x</text>", "t", &why);
    assert_non_null(s);
    free(s);
    cp_buf out = { 0 };
    assert_int_equal(cp_svg_clean(&out, "<svg width=\"1\"><title>x</title></svg>", "t", &why), -1);
    assert_contains(why, "viewBox");
    assert_int_equal(cp_svg_clean(&out, "not svg", "t", &why), -1);
    cp_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quote),
        cmocka_unit_test(test_quote_lines),
        cmocka_unit_test(test_text_char_len),
        cmocka_unit_test(test_script_keeps_data_in_strings),
        cmocka_unit_test(test_script_layout),
        cmocka_unit_test(test_stacked),
        cmocka_unit_test(test_svg_clean),
        cmocka_unit_test(test_svg_rejects_active_content),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
