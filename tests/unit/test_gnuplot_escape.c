/* Strings from data on their way into gnuplot and into the SVG: gnuplot
 * single-quoted strings, the chart script as a whole, and the clean-up of
 * what gnuplot's svg terminal writes. */
#include "helpers.h"

#include <math.h>

#include "base/text_clean.h"
#include "chart/gnuplot_quote.h"
#include "chart/gnuplot_script.h"
#include "chart/svg_clean.h"
#include "model/chart.h"

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

static void test_quote_tic_and_label(void **state)
{
    (void)state;
    /* a tic label is a printf format to gnuplot */
    assert_quoted("100%Small\n%n", "'100%%Small' . \"\\n\" . '%%n'", cp_gnuplot_quote_tic);
    /* a `with labels` text has its backslash escapes read */
    assert_quoted("a\\nb\\101\nc", "'a\\\\nb\\\\101' . \"\\n\" . 'c'", cp_gnuplot_quote_label);
    assert_quoted("100%", "'100%'", cp_gnuplot_quote_label);
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
    /* the category keeps its line breaks, as gnuplot "\n" */
    assert_contains(b.data, "C[1] = 'x' . cp_q . '' . \"\\n\" . 'set output ' . cp_q . '/tmp/pwned.svg' . cp_q");
    cp_buf_free(&b);
    cp_chart_free(c);
}

/* The number of times needle occurs in hay. */
static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
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
    /* one datablock of bars (x, top, colour, fill), one of labels (x, y, text) */
    assert_contains(b.data, "$b << EOD\n0 11667 29362 0\n1 9801 15113984 0\nEOD\n");
    assert_contains(b.data, "L[1] = '11 667'\nL[2] = '9801'\nL[3] = 'n/a'\n");   /* grouped like the tables */
    assert_contains(b.data, "$l << EOD\n0 11667 1\n1 9801 2\n4 0 3\nEOD\n");      /* missing: said, no bar */
    assert_contains(b.data, "plot $b using 1:2:3 with boxes lc rgb variable notitle");
    assert_contains(b.data, "$l using 1:2:(L[int($3)]) with labels font ',9' center offset 0,0.7 noenhanced notitle");
    assert_contains(b.data, "reset session\nset datafile nofpe_trap\ncp_q = sprintf('%c', 39)\n");
    assert_contains(b.data, "set yrange [0:");
    assert_contains(b.data, "'10 000' 10000");                        /* y tics grouped too */
    assert_contains(b.data, "keyentry with boxes lc rgb '#0072B2' title 'Small' noenhanced");
    assert_not_contains(b.data, "set label");
    assert_not_contains(b.data, "mouse");
    assert_not_contains(b.data, "standalone");
    cp_buf_free(&b);
    cp_chart_free(c);
}

/* The script of a chart costs its bars, whatever their series: no command
 * per bar (a `set label` each made gnuplot quadratic), no datablock per
 * series; only the key has an entry per series. */
static void test_script_linear(void **state)
{
    (void)state;
    enum { N = 3000 };
    cp_chart *c = cp_chart_new("a.svg", CP_CHART_CLUSTERED, "T", NULL, NULL, "y");
    size_t k = cp_chart_category(c, "one");
    char name[32];
    for (size_t i = 0; i < N; i++) {
        snprintf(name, sizeof name, "C%zu", i);
        cp_chart_set(c, k, cp_chart_series(c, name), (double)(i + 1), NULL);
    }
    cp_buf b = { 0 };
    cp_gnuplot_script(&b, c, "o.svg");
    assert_int_equal(count(b.data, " << EOD\n"), 3);   /* bars, value labels, category labels */
    assert_int_equal(count(b.data, "set label"), 0);
    assert_int_equal(count(b.data, "set xtics ("), 0);   /* gnuplot keeps tics in a sorted list */
    assert_int_equal(count(b.data, " with boxes lc rgb variable "), 7);   /* one clause per fill style */
    assert_int_equal(count(b.data, "keyentry "), N);
    assert_int_equal(count(b.data, "\nL["), N);
    cp_buf_free(&b);
    cp_chart_free(c);
}

/* Texts from data are never read as gnuplot markup: every text command is
 * noenhanced, and tic labels (printf formats to gnuplot) double '%'. */
static void test_script_literal_texts(void **state)
{
    (void)state;
    cp_chart *c = cp_chart_new("a.svg", CP_CHART_CLUSTERED, "x}T %n", "{s}^_@&", "%x", "y%n");
    size_t k = cp_chart_category(c, "100%Small");
    cp_chart_set(c, k, cp_chart_series(c, "x}Small"), 5, "%n");
    cp_chart_set(c, cp_chart_category(c, "a\n%x"), 0, 6, NULL);
    cp_buf b = { 0 };
    cp_gnuplot_script(&b, c, "o.svg");
    assert_contains(b.data, "C[1] = '100%Small'\nC[2] = 'a' . \"\\n\" . '%x'\n$c << EOD\n0 1\n2 2\nEOD\n");
    assert_contains(b.data, "$c using 1:(0):(C[int($2)]) with labels center offset 0,-1 noenhanced notitle");
    assert_not_contains(b.data, "set xtics (");   /* tic labels are printf formats to gnuplot */
    assert_contains(b.data, "set title 'x}T %n' . \"\\n\" . '{s}^_@&' font ',13' noenhanced\n");
    assert_contains(b.data, "set ylabel 'y%n' noenhanced\n");
    assert_contains(b.data, "set xlabel '%x' offset 0,-2.6 noenhanced\n");
    assert_contains(b.data, "L[1] = '%n'\n");
    assert_contains(b.data, "title 'x}Small' noenhanced");
    assert_contains(b.data, ") nomirror noenhanced\n");   /* y tics */
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
    assert_contains(b.data, "L[1] = '2500'\n");          /* the total above the stack */
    assert_contains(b.data, "$l << EOD\n0 2500 1\nEOD\n");
    /* the taller (upper) part is drawn first so that the lower one covers it */
    assert_contains(b.data, "$b << EOD\n0 2500 15113984 0\n0 2000 29362 0\nEOD\n");
    /* the key lists the parts top to bottom */
    const char *upper = strstr(b.data, "title 'Data'"), *lower = strstr(b.data, "title 'Code'");
    assert_non_null(upper);
    assert_non_null(lower);
    assert_true(upper < lower);
    cp_buf_free(&b);
    cp_chart_free(c);
}

/* A long text is wrapped (categories) or cut (the rest) to its room, so
 * gnuplot never has to give up making room; the table keeps the text. */
static void test_script_long_texts(void **state)
{
    (void)state;
    char longer[400];
    memset(longer, 'w', sizeof longer - 1);
    longer[sizeof longer - 1] = '\0';
    for (size_t i = 9; i < sizeof longer - 1; i += 10)
        longer[i] = ' ';
    cp_chart *c = cp_chart_new("a.svg", CP_CHART_CLUSTERED, longer, NULL, longer, longer);
    cp_chart_set(c, cp_chart_category(c, longer), cp_chart_series(c, longer), 1, NULL);
    cp_chart_set(c, cp_chart_category(c, "b"), 0, 2, longer);
    cp_buf b = { 0 };
    cp_gnuplot_script(&b, c, "o.svg");
    assert_contains(b.data, "www\u2026'");                 /* cut with an ellipsis */
    assert_not_contains(b.data, longer);
    /* four lines at most per category label */
    const char *x = strstr(b.data, "C[1] = ");
    assert_non_null(x);
    const char *x_end = strchr(x, '\n');
    size_t breaks = 0;
    for (const char *p = x; p < x_end; p++)
        breaks += !strncmp(p, "\"\\n\"", 4);
    assert_int_equal(breaks, 3);
    cp_buf_free(&b);
    cp_chart_free(c);
}

/* A chart without one drawable value is drawn all the same: its texts
 * where the bars would be, and a note. */
static void test_script_nothing_drawable(void **state)
{
    (void)state;
    cp_chart *c = cp_chart_new("a.svg", CP_CHART_CLUSTERED, "T", NULL, NULL, "y");
    cp_chart_set(c, cp_chart_category(c, "a"), cp_chart_series(c, "Small"), NAN, "n/a");
    cp_buf b = { 0 };
    cp_gnuplot_script(&b, c, "o.svg");
    assert_contains(b.data, "set label 'No value to draw");
    assert_contains(b.data, "L[1] = 'n/a'\n");
    assert_contains(b.data, "unset ytics\n");
    assert_not_contains(b.data, "$b using");
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
    int rc = cp_svg_clean(&out, svg, strlen(svg), title, why);
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
    /* any case, any XML white space before the attribute (the scan's byte table) */
    assert_rejected("<FOREIGNOBJECT></FOREIGNOBJECT>", "foreignObject");
    assert_rejected("<g\nonload=\"alert(1)\"></g>", "event handler");
    assert_rejected("<g\r\nOnLoad=\"alert(1)\"></g>", "event handler");
    assert_rejected("<image XLINK:HREF = 'http://example.invalid/x.png'/>", "outside");
    assert_rejected("<image\txlink:Href='data:x'/>", "outside");
    /* the same words as text are harmless */
    const char *why = NULL;
    char *s = clean("<text>onload=x href=http://x</text>", "t", &why);
    assert_non_null(s);
    free(s);
    cp_buf out = { 0 };
    const char *no_viewbox = "<svg width=\"1\"><title>x</title></svg>";
    assert_int_equal(cp_svg_clean(&out, no_viewbox, strlen(no_viewbox), "t", &why), -1);
    assert_contains(why, "viewBox");
    assert_int_equal(cp_svg_clean(&out, "not svg", 7, "t", &why), -1);
    cp_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quote),
        cmocka_unit_test(test_quote_lines),
        cmocka_unit_test(test_quote_tic_and_label),
        cmocka_unit_test(test_text_char_len),
        cmocka_unit_test(test_script_keeps_data_in_strings),
        cmocka_unit_test(test_script_layout),
        cmocka_unit_test(test_script_linear),
        cmocka_unit_test(test_script_literal_texts),
        cmocka_unit_test(test_script_long_texts),
        cmocka_unit_test(test_script_nothing_drawable),
        cmocka_unit_test(test_stacked),
        cmocka_unit_test(test_svg_clean),
        cmocka_unit_test(test_svg_rejects_active_content),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
