/* Test driver of the chart backend (not part of the product CLI): draws a
 * fixed set of charts through ONE gnuplot process into OUTDIR.
 *   chart_render OUTDIR              the sample charts (figures of the
 *                                    CMOX V5 seed page, STM32L552)
 *   chart_render OUTDIR hostile      one chart whose texts are hostile
 *   chart_render OUTDIR repeat N     the sample set N times over (timing)
 *   chart_render OUTDIR clash        one sample chart three times (one name)
 *   chart_render OUTDIR bars N K     one chart of N bars in K series
 *   chart_render OUTDIR ratio        a ratio chart (a diff summary) whose
 *                                    texts are hostile, and one without a value
 * GNUPLOT names the program (default "gnuplot"). Exit 0 when all charts
 * were written, 1 otherwise; prints "N charts" on success. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart/gnuplot.h"
#include "model/chart.h"
#include "model/chart_name.h"

static const char *const ST_CONFIGS[] = { "Small", "Fast" };

static char *name(const char *mode, const char *measure, const char *op, int fp, unsigned round)
{
    cp_chart_name_parts p = { "STM32L552", "AES", mode, measure, op, fp, NULL };
    char *n = cp_chart_name(&p);
    if (round == 0)
        return n;
    char *r = cp_xasprintf("%u %s", round, n);
    free(n);
    return r;
}

/* AES CBC sole buffer encryption, cycles: key size x buffer size, Small / Fast */
static cp_chart *aes_sb(unsigned round)
{
    static const double cycles[][2] = {
        { 3742, 3534 }, { 6382, 5568 }, { 11667, 9801 }, { 4118, 3769 }, { 7181, 6118 },
        { 13318, 10955 }, { 4683, 4145 }, { 8172, 6864 }, { 15155, 12272 },
    };
    char *file = name("CBC", "sole-buffer", "encryption", 0, round);
    cp_chart *c = cp_chart_new(file, CP_CHART_CLUSTERED, "AES CBC encryption, sole buffer",
                               "CMOX 050000B2 on STM32L552 at 110 MHz", "Key size / buffer size", "Cycles");
    free(file);
    for (size_t i = 0; i < 9; i++) {
        char *cat = cp_xasprintf("%u bits\n%u bytes", 128 + 64 * (unsigned)(i / 3), 32u << (i % 3));
        size_t k = cp_chart_category(c, cat);
        free(cat);
        for (size_t s = 0; s < 2; s++) {
            char label[32];
            double v = cycles[i][s];
            if (v >= 10000)
                snprintf(label, sizeof label, "%d %03d", (int)v / 1000, (int)v % 1000);
            else
                snprintf(label, sizeof label, "%d", (int)v);
            cp_chart_set(c, k, cp_chart_series(c, ST_CONFIGS[s]), v, label);
        }
    }
    return c;
}

static const char *const FP_PARTS[] = { "Code", "Constant data", "Global data", "Stack usage", "Working buffer" };

/* AES CBC sole buffer footprint in bytes: operation x configuration */
static cp_chart *aes_fp(unsigned round, cp_chart_kind kind)
{
    static const double bytes[][5] = {
        { 2386, 324, 0, 552, NAN }, { 2330, 1092, 0, 552, NAN }, { 2746, 580, 0, 568, NAN }, { 2696, 2372, 0, 568, NAN },
    };
    static const char *const rows[] = { "Encryption\nSmall", "Encryption\nFast", "Decryption\nSmall", "Decryption\nFast" };
    char *file = name(kind == CP_CHART_STACKED ? "CBC stacked" : "CBC", "sole-buffer", "encryption", 1, round);
    cp_chart *c = cp_chart_new(file, kind, "AES CBC flash and RAM footprint, sole buffer", "CMOX 050000B2 on STM32L552",
                               NULL, "Size (bytes)");
    free(file);
    for (size_t s = 0; s < 5; s++)
        cp_chart_series(c, FP_PARTS[s]);
    for (size_t i = 0; i < 4; i++) {
        size_t k = cp_chart_category(c, rows[i]);
        for (size_t s = 0; s < 5; s++)
            if (!isnan(bytes[i][s]))
                cp_chart_set(c, k, s, bytes[i][s], NULL);
    }
    return c;
}

/* ECDSA signature, time in ms, four configurations, one value missing */
static cp_chart *ecdsa(unsigned round)
{
    static const char *const configs[] = { "Small / Low", "Small / High", "SuperFast / Low", "SuperFast / High" };
    static const double ms[][4] = { { 26, 25, 17, 16 }, { 74, 71, NAN, 60 } };
    cp_chart_name_parts p = { "STM32L552", "ECDSA", NULL, NULL, "signature", 0, NULL };
    char *n = cp_chart_name(&p);
    char *file = round ? cp_xasprintf("%u %s", round, n) : cp_xstrdup(n);
    free(n);
    cp_chart *c = cp_chart_new(file, CP_CHART_CLUSTERED, "ECDSA signature", "CMOX 050000B2 on STM32L552 at 110 MHz",
                               "Curve", "Time (ms)");
    free(file);
    for (size_t s = 0; s < 4; s++)
        cp_chart_series(c, configs[s]);
    for (size_t i = 0; i < 2; i++) {
        size_t k = cp_chart_category(c, i ? "SECP384R1" : "SECP256R1");
        for (size_t s = 0; s < 4; s++)
            cp_chart_set(c, k, s, ms[i][s], isnan(ms[i][s]) ? "n/a" : NULL);
    }
    return c;
}

/* Texts a dataset could carry on purpose or by accident */
static cp_chart *hostile(void)
{
    static const char *const evil = "it's \"q\" <b>&amp; a|b [[x]] {{t}} `id` @m $x\\n\nnew\tline ../../etc/passwd \x01\x7f\xff\xc3"
                                    "'\nset output 'PWNED.svg'\nplot 1\n ''''q'' '";
    cp_chart_name_parts p = { "../../etc/passwd", "a|b<c>\"d\"&e", "..", "sole-buffer/../../x", "encryption", 0, NULL };
    char *file = cp_chart_name(&p);
    cp_chart *c = cp_chart_new(file, CP_CHART_CLUSTERED, evil, evil, evil, evil);
    free(file);
    size_t k = cp_chart_category(c, evil);
    cp_chart_set(c, k, cp_chart_series(c, evil), 1234, evil);
    cp_chart_set(c, cp_chart_category(c, "<svg onload='alert(1)'>"),
                 cp_chart_series(c, "</text><script>alert(1)</script>"), 99, "]]><!--");
    /* texts short enough to stay whole on the chart (the long one above is
     * cut or wrapped): gnuplot markup and formats in each place a text goes */
    cp_chart_set(c, cp_chart_category(c, "100%Small %x %n x}Small"), cp_chart_series(c, "plot 1  ''''q'' '"), 7, "%n");
    cp_chart_set(c, cp_chart_category(c, "a{b}^c_d@e&f~g\\h"), cp_chart_series(c, "x}Small %n"), 8, "{/Symbol a}");
    return c;
}

/* Ratio charts: hostile texts where the names and labels go, a family
 * without a value; and a chart with no value at all (labels only). */
static cp_chart *ratio(int empty)
{
    cp_chart *c = cp_chart_new(empty ? "Cryptolib ratio empty.svg" : "Cryptolib ratio.svg", CP_CHART_RATIO,
                               "Geometric mean `id` @m", "it's \"q\" <b>", "new/old %n", "new/old");
    size_t s = cp_chart_series(c, "");
    if (empty) {
        cp_chart_set(c, cp_chart_category(c, "AES"), s, NAN, "no counts compared");
        return c;
    }
    cp_chart_set(c, cp_chart_category(c, "100%Small %x %n"), s, 0.5, "%n");
    cp_chart_set(c, cp_chart_category(c, "a{b}^c_d@e&f~g\\h"), s, 1.5, "{/Symbol a}");
    cp_chart_set(c, cp_chart_category(c, "</text><script>alert(1)</script>"), s, 1, "plot 1  ''''q'' '");
    cp_chart_set(c, cp_chart_category(c, "RSA"), s, NAN, "no counts compared");
    return c;
}

/* One chart of n bars in k series (n / k categories), as large as the
 * backend is asked to draw: render splits such a chart, the backend
 * draws what it gets. */
static cp_chart *bars(size_t n, size_t k)
{
    cp_chart *c = cp_chart_new("Cryptolib bars.svg", CP_CHART_CLUSTERED, "Many bars", NULL, "Category", "Cycles");
    char text[32];
    for (size_t s = 0; s < k; s++) {
        snprintf(text, sizeof text, "Series %zu", s);
        cp_chart_series(c, text);
    }
    for (size_t i = 0; i < n; i++) {
        snprintf(text, sizeof text, "C%zu", i / k);
        cp_chart_set(c, cp_chart_category(c, text), i % k, (double)(1000 + i), NULL);
    }
    return c;
}

static int draw(cp_gnuplot *g, cp_chart *c, const char *dir)
{
    int rc = cp_gnuplot_render(g, c, dir);
    cp_chart_free(c);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs("usage: chart_render OUTDIR [hostile | ratio | repeat N | clash | bars N K | shrinking N]\n", stderr);
        return 2;
    }
    const char *dir = argv[1], *what = argc > 2 ? argv[2] : "sample";
    const char *program = getenv("GNUPLOT"), *jobs = getenv("CHART_JOBS");
    cp_stage *stage = cp_stage_new();
    cp_gnuplot *g = cp_gnuplot_start(program && *program ? program : "gnuplot", stage, stderr);
    if (!g) {
        cp_stage_free(stage);
        return 1;
    }
    if (jobs && *jobs)   /* gnuplot processes; default: one per core */
        cp_gnuplot_workers(g, (unsigned)atoi(jobs));
    int bad = 0;
    if (!strcmp(what, "hostile")) {
        bad |= draw(g, hostile(), dir);
    } else if (!strcmp(what, "ratio")) {
        bad |= draw(g, ratio(0), dir);
        bad |= draw(g, ratio(1), dir);
    } else if (!strcmp(what, "clash")) {
        for (int i = 0; i < 3; i++)
            bad |= draw(g, aes_sb(0), dir);
    } else if (!strcmp(what, "shrinking") && argc > 3) {   /* N charts, each a bar fewer */
        for (size_t n = (size_t)atol(argv[3]); n > 0; n--)
            bad |= draw(g, bars(n, 1), dir);
    } else if (!strcmp(what, "bars") && argc > 4) {
        bad |= draw(g, bars((size_t)atol(argv[3]), (size_t)atol(argv[4])), dir);
    } else {
        unsigned rounds = !strcmp(what, "repeat") && argc > 3 ? (unsigned)atoi(argv[3]) : 1;
        for (unsigned r = 0; r < rounds; r++) {
            unsigned tag = rounds > 1 ? r + 1 : 0;
            bad |= draw(g, aes_sb(tag), dir);
            bad |= draw(g, aes_fp(tag, CP_CHART_CLUSTERED), dir);
            bad |= draw(g, aes_fp(tag, CP_CHART_STACKED), dir);
            bad |= draw(g, ecdsa(tag), dir);
        }
    }
    long n = cp_gnuplot_finish(g, NULL);
    if (n >= 0 && !bad && cp_stage_commit(stage, stderr))
        n = -1;
    cp_stage_free(stage);
    cp_gnuplot_free(g, n >= 0 && !bad);
    if (n < 0 || bad)
        return 1;
    printf("%ld charts\n", n);
    return 0;
}
