/* The gnuplot script of one chart. Layout numbers are in SVG pixels; the
 * value labels, the y range and the picture width are chosen so that every
 * value is readable without zooming. Data values reach gnuplot as numbers in
 * a datablock; every text reaches it as a single-quoted string. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gnuplot.h"
#include "numfmt.h"
#include "text_clean.h"

#define HEIGHT 480
#define MIN_WIDTH 640
#define MAX_WIDTH 1600
#define SLOT_PX 26            /* preferred width of one bar */
#define SIDE_PX 170           /* y axis, its label and tics, right margin */
#define PLOT_HEIGHT_PX 330    /* roughly: HEIGHT minus title, key, x tics and labels */
#define LABEL_CHAR_PX 5.8     /* average advance of a 9-point DejaVu Sans character */
#define FONT "DejaVu Sans,Verdana,Arial,Helvetica,sans-serif"
#define QUOTE_VAR "cp_q"

/* Okabe & Ito's colour-blind-safe palette, most distinct first; yellow,
 * hard to see on white, last. */
static const char *const palette[] = {
    "#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#000000", "#F0E442",
};
#define NPALETTE (sizeof palette / sizeof palette[0])

/* A quote in the text closes the string, concatenates QUOTE_VAR (which
 * every chart script defines first as sprintf('%c', 39)) and reopens it:
 * 'it' . cp_q . 's'. Not 'it''s': gnuplot 5.4 ends a string at the second
 * of two doubled quotes. Not a double-quoted "'": gnuplot's scan for
 * @macros and `commands` tracks quotes and gets lost in that, expanding
 * what follows. Every place a chart script puts text takes a string
 * expression. */
static void put_quoted(void *ctx, const char *s, size_t n)
{
    cp_buf *out = ctx;
    if (n == 1 && *s == '\'')
        cp_buf_puts(out, "' . " QUOTE_VAR " . '");
    else
        cp_buf_put(out, s, n);
}

void cp_gnuplot_quote(cp_buf *out, const char *s)
{
    cp_buf_putc(out, '\'');
    cp_text_clean(s, put_quoted, out);
    cp_buf_putc(out, '\'');
}

void cp_gnuplot_quote_lines(cp_buf *out, const char *s)
{
    for (;;) {
        const char *nl = strchr(s, '\n');
        char *line = cp_xstrndup(s, nl ? (size_t)(nl - s) : strlen(s));
        cp_gnuplot_quote(out, line);
        free(line);
        if (!nl)
            return;
        cp_buf_puts(out, " . \"\\n\" . ");
        s = nl + 1;
    }
}

/* The number as the chart's page writes counts: digits grouped by threes
 * with a space from c->group_min digits on ("11 667"), fractions only
 * below 100. */
static void put_number(cp_buf *out, const cp_chart *c, double v)
{
    char digits[400];   /* DBL_MAX has 309 digits */
    if (fabs(v) < 100 && v != floor(v)) {
        snprintf(digits, sizeof digits, "%.3g", v);
        cp_buf_puts(out, digits);
        return;
    }
    snprintf(digits, sizeof digits, "%.0f", v);
    cp_fmt_digits(out, digits, c->group_min);
}

static int usable(const cp_chart_point *p)
{
    return p && isfinite(p->value);
}

/* Where bar (cat, ser) stands on the x axis: clusters of nser bars with
 * one bar's width between clusters; a stack is one bar per category. */
static double bar_x(const cp_chart *c, size_t cat, size_t ser)
{
    if (c->kind == CP_CHART_STACKED)
        return (double)cat;
    return (double)(cat * (c->nser + 1) + ser);
}

static double cluster_mid(const cp_chart *c, size_t cat)
{
    if (c->kind == CP_CHART_STACKED)
        return (double)cat;
    return (double)(cat * (c->nser + 1)) + (double)(c->nser - 1) / 2;
}

/* Height of the bar top of (cat, ser): the value, or in a stack the sum of
 * the series up to ser. */
static double bar_top(const cp_chart *c, size_t cat, size_t ser)
{
    if (c->kind != CP_CHART_STACKED) {
        const cp_chart_point *p = cp_chart_get(c, cat, ser);
        return usable(p) ? p->value : NAN;
    }
    double sum = 0;
    int any = 0;
    for (size_t s = 0; s <= ser; s++) {
        const cp_chart_point *p = cp_chart_get(c, cat, s);
        if (usable(p)) {
            sum += p->value;
            any = 1;
        }
    }
    return any ? sum : NAN;
}

/* The label above a bar: the caller's text; in a stack, the total. */
static void bar_label(cp_buf *out, const cp_chart *c, size_t cat, size_t ser)
{
    if (c->kind == CP_CHART_STACKED) {
        put_number(out, c, bar_top(c, cat, c->nser - 1));
        return;
    }
    const cp_chart_point *p = cp_chart_get(c, cat, ser);
    if (p->label)
        cp_buf_puts(out, p->label);
    else
        put_number(out, c, p->value);
}

typedef struct {
    int width;
    double bar_px;
    int rotate;          /* value labels turned upright: they are wider than a bar */
    double ymin, ymax;
} geometry;

static size_t nslots(const cp_chart *c)
{
    if (c->kind == CP_CHART_STACKED)
        return c->ncat;
    return c->ncat * (c->nser + 1) - 1;
}

/* Bars of each value label, in order: (cat, ser) pairs with a value. */
#define FOR_BARS(c, cat, ser)                                                                                      \
    for (size_t cat = 0; cat < (c)->ncat; cat++)                                                                   \
        for (size_t ser = (c)->kind == CP_CHART_STACKED ? (c)->nser - 1 : 0; ser < (c)->nser; ser++)               \
            if (!isnan(bar_top((c), cat, ser)))

static size_t text_chars(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += (*s & 0xc0) != 0x80;
    return n;
}

/* A key entry of at most KEY_CHARS characters: longer series names are cut
 * with an ellipsis, or gnuplot cannot fit the key into the picture. */
#define KEY_CHARS 40

static char *key_text(const char *s)
{
    size_t n = 0;
    const char *p = s;
    for (; *p && n < KEY_CHARS; p++)
        n += (*p & 0xc0) != 0x80;
    while ((*p & 0xc0) == 0x80)
        p++;
    if (!*p)
        return cp_xstrdup(s);
    return cp_xasprintf("%.*s\u2026", (int)(p - s), s);
}

static geometry layout(const cp_chart *c)
{
    geometry g = { 0 };
    size_t slots = nslots(c);
    double w = SIDE_PX + (double)(slots + 1) * SLOT_PX;
    g.width = w < MIN_WIDTH ? MIN_WIDTH : w > MAX_WIDTH ? MAX_WIDTH : (int)w;
    g.bar_px = (g.width - SIDE_PX) / (double)(slots + 1);
    size_t widest = 0;
    double top = 0, bottom = 0;
    FOR_BARS(c, cat, ser) {
        cp_buf label = { 0 };
        bar_label(&label, c, cat, ser);
        size_t chars = label.data ? text_chars(label.data) : 0;
        cp_buf_free(&label);
        if (chars > widest)
            widest = chars;
        double v = bar_top(c, cat, ser);
        if (v > top)
            top = v;
        if (v < bottom)
            bottom = v;
    }
    double label_px = widest * LABEL_CHAR_PX;
    g.rotate = label_px > g.bar_px * 1.6;
    double room = g.rotate ? label_px + 8 : 18;
    if (room > PLOT_HEIGHT_PX / 2)
        room = PLOT_HEIGHT_PX / 2;
    if (top <= 0)
        top = 1;
    g.ymin = bottom;
    g.ymax = top * PLOT_HEIGHT_PX / (PLOT_HEIGHT_PX - room);
    return g;
}

/* y tics at 1, 2 or 5 times a power of ten, about six of them, labelled
 * like the tables. */
static void ytics(cp_buf *out, const cp_chart *c, const geometry *g)
{
    double raw = (g->ymax - g->ymin) / 6;
    double mag = pow(10, floor(log10(raw)));
    double step = raw / mag < 1.5 ? mag : raw / mag < 3.5 ? 2 * mag : raw / mag < 7.5 ? 5 * mag : 10 * mag;
    if (!isfinite(step) || step <= 0)
        return;   /* beyond doubles: gnuplot's own tics */
    cp_buf_puts(out, "set ytics (");
    double first = ceil(g->ymin / step), last = floor(g->ymax / step);
    for (double k = first; k <= last; k++) {
        cp_buf label = { 0 };
        put_number(&label, c, k * step);
        if (k > first)
            cp_buf_puts(out, ", ");
        cp_gnuplot_quote(out, label.data);
        cp_buf_printf(out, " %.17g", k * step);
        cp_buf_free(&label);
    }
    cp_buf_puts(out, ") nomirror\n");
}

static void xtics(cp_buf *out, const cp_chart *c)
{
    cp_buf_puts(out, "set xtics (");
    for (size_t i = 0; i < c->ncat; i++) {
        if (i)
            cp_buf_puts(out, ", ");
        cp_gnuplot_quote_lines(out, c->categories[i]);
        cp_buf_printf(out, " %g", cluster_mid(c, i));
    }
    cp_buf_puts(out, ") nomirror scale 0\n");
}

static int series_has_data(const cp_chart *c, size_t ser)
{
    for (size_t cat = 0; cat < c->ncat; cat++)
        if (usable(cp_chart_get(c, cat, ser)))
            return 1;
    return 0;
}

static void put_label(cp_buf *out, const char *text, double x, double y, int rotate)
{
    cp_buf_puts(out, "set label ");
    cp_gnuplot_quote(out, text);
    cp_buf_printf(out, " at %g,%.17g font ',9' front ", x, y);
    cp_buf_puts(out, rotate ? "left rotate by 90 offset 0,0.4\n" : "center offset 0,0.7\n");
}

static void value_labels(cp_buf *out, const cp_chart *c, const geometry *g)
{
    FOR_BARS(c, cat, ser) {
        cp_buf label = { 0 };
        bar_label(&label, c, cat, ser);
        put_label(out, label.data, bar_x(c, cat, ser), bar_top(c, cat, ser), g->rotate);
        cp_buf_free(&label);
    }
    /* a missing value with a text ("n/a") says so where its bar would be,
     * unless its series has no value at all (a column the table leaves out) */
    for (size_t i = 0; c->kind == CP_CHART_CLUSTERED && i < c->npoints; i++) {
        const cp_chart_point *p = &c->points[i];
        if (!usable(p) && p->label && series_has_data(c, p->ser))
            put_label(out, p->label, bar_x(c, p->cat, p->ser), g->ymin < 0 ? g->ymin : 0.0, g->rotate);
    }
}

/* One datablock per series with a value, "x top" rows ($s0, $s1, ...: an
 * `index` into one block would miscount the blocks of empty series). */
static void data(cp_buf *out, const cp_chart *c)
{
    for (size_t ser = 0; ser < c->nser; ser++) {
        if (!series_has_data(c, ser))
            continue;
        cp_buf_printf(out, "$s%zu << EOD\n", ser);
        for (size_t cat = 0; cat < c->ncat; cat++)
            if (usable(cp_chart_get(c, cat, ser)))
                cp_buf_printf(out, "%g %.17g\n", bar_x(c, cat, ser), bar_top(c, cat, ser));
        cp_buf_puts(out, "EOD\n");
    }
}

/* Stacks are drawn tallest (last series) first so that each lower part
 * covers the one below; the key, upright at the right, then lists them
 * top to bottom as the stack shows them. */
static void plot(cp_buf *out, const cp_chart *c)
{
    const char *sep = "plot ";
    for (size_t i = 0; i < c->nser; i++) {
        size_t ser = c->kind == CP_CHART_STACKED ? c->nser - 1 - i : i;
        if (!series_has_data(c, ser))
            continue;
        cp_buf_printf(out, "%s$s%zu using 1:2 with boxes lc rgb '%s' ", sep, ser, palette[ser % NPALETTE]);
        if (ser >= NPALETTE)   /* a second round of colours gets hatching */
            cp_buf_printf(out, "fs pattern %zu border lc rgb '%s' ", 1 + (ser / NPALETTE - 1) % 7,
                          palette[ser % NPALETTE]);
        if (*c->series[ser]) {
            cp_buf_puts(out, "title ");
            char *k = key_text(c->series[ser]);
            cp_gnuplot_quote(out, k);
            free(k);
        } else {
            cp_buf_puts(out, "notitle");
        }
        sep = ", \\\n     ";
    }
    cp_buf_putc(out, '\n');
}

/* gnuplot's automatic bottom margin counts one line of tic labels whatever
 * they hold, so the margin is ours: the category lines, the x label below
 * them and, for clustered bars, the key in rows at the foot of the picture
 * (as many entries a row as fit the width). In character heights. */
static void bottom(cp_buf *out, const cp_chart *c, int width)
{
    size_t lines = 1;
    for (size_t i = 0; i < c->ncat; i++) {
        size_t n = 1;
        for (const char *s = c->categories[i]; *s; s++)
            n += *s == '\n';
        if (n > lines)
            lines = n;
    }
    double margin = (double)lines + 1;
    if (c->xlabel) {
        cp_buf_puts(out, "set xlabel ");
        cp_gnuplot_quote(out, c->xlabel);
        cp_buf_printf(out, " offset 0,%d\n", -(int)(lines - 1));
        margin += 1.5;
    }
    size_t named = 0, widest = 1;
    for (size_t i = 0; i < c->nser; i++) {
        char *k = key_text(c->series[i]);
        named += *k != '\0';
        if (text_chars(k) > widest)
            widest = text_chars(k);
        free(k);
    }
    if (c->kind != CP_CHART_STACKED && named) {
        size_t per_row = (size_t)((width - 40) / (widest * 7.0 + 50));
        per_row = per_row ? per_row : 1;
        size_t rows = (named + per_row - 1) / per_row;
        cp_buf_printf(out, "set key maxcols %zu\n", per_row);
        margin += 1.3 * (double)rows + 0.5;
    }
    cp_buf_printf(out, "set bmargin %.1f\n", margin);
}

void cp_gnuplot_script(cp_buf *out, const cp_chart *c, const char *output)
{
    geometry g = layout(c);
    cp_buf_printf(out, "reset session\n" QUOTE_VAR " = sprintf('%%c', 39)\nset encoding utf8\n"
                       "set terminal svg size %d,%d fixed noenhanced font '" FONT ",11' background '#ffffff'\n",
                  g.width, HEIGHT);
    cp_buf_puts(out, "set output ");
    cp_gnuplot_quote(out, output);
    cp_buf_puts(out, "\nset title ");
    cp_gnuplot_quote(out, c->title);
    if (c->subtitle) {
        cp_buf_puts(out, " . \"\\n\" . ");
        cp_gnuplot_quote(out, c->subtitle);
    }
    cp_buf_puts(out, " font ',13'\nset ylabel ");
    cp_gnuplot_quote(out, c->ylabel);
    cp_buf_putc(out, '\n');
    bottom(out, c, g.width);
    xtics(out, c);
    ytics(out, c, &g);
    cp_buf_printf(out, "set xrange [-0.8:%g]\nset yrange [%.17g:%.17g]\n", (double)nslots(c) - 0.2, g.ymin, g.ymax);
    cp_buf_printf(out, "set border 3 lc rgb '#404040'\nset grid ytics lc rgb '#d8d8d8' lt 1\n"
                       "set style fill solid 1.0 noborder\nset boxwidth %s absolute\n"
                       "set key %s samplen 1.5 spacing 1.2\n",
                  c->kind == CP_CHART_STACKED ? "0.6" : "0.85",
                  c->kind == CP_CHART_STACKED ? "outside right top vertical" : "at screen 0.5, screen 0.015 center bottom horizontal");
    value_labels(out, c, &g);
    data(out, c);
    plot(out, c);
    cp_buf_puts(out, "set output\n");
}
