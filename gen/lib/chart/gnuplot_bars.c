/* The gnuplot script of a bar chart (gnuplot_bars.h), clustered or
 * stacked (chart.h; the two styles below). Layout numbers are in SVG pixels; the
 * value labels, the y range and the picture width are chosen so that every
 * value is readable without zooming, and texts are wrapped or cut to the
 * room they have (chart_text.h). The cost of the script, for us and for
 * gnuplot, grows linearly with the bars: the bars are one datablock ($b:
 * x, top, colour, fill) drawn by one `plot` clause per fill style, the
 * value labels another ($l: x, y, index into the string array L) and the
 * category labels a third ($c: x, index into C), each drawn by one `with
 * labels` clause; only the key has one entry per series. Data values
 * reach gnuplot as numbers; every text reaches it as a single-quoted
 * string expression, never interpreted: noenhanced on every text, '%'
 * doubled where gnuplot reads a format (tic labels). */
#include "chart/gnuplot_bars.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/numfmt.h"
#include "chart/chart_text.h"
#include "chart/gnuplot_parts.h"
#include "chart/gnuplot_quote.h"

#define HEIGHT 480
#define MIN_WIDTH 640
#define MAX_WIDTH 1600
#define SLOT_PX 26            /* preferred width of one bar */
#define SIDE_PX 170           /* y axis, its label and tics, right margin */
#define PLOT_HEIGHT_PX 330    /* roughly: HEIGHT minus title, key, x tics and labels */
#define LABEL_CHAR_PX 5.8     /* average advance of a 9-point DejaVu Sans character */
#define LABEL_PT 9.0          /* value labels, as the page shows a chart of SHOWN_PX or less */
/* The widest a page shows a chart at full size (templates/html.css: the
 * text column, 70em at 15 px less its padding): a wider picture is scaled
 * down to it, and its value labels with it (9 points of a 1600-px chart
 * read as 5.5, about 7 px). Their size grows with the width beyond this,
 * so that they read as 9 points where the page shows them. */
#define SHOWN_PX 990.0
#define TIC_CHAR_PX 7.0       /* the same at 11 points (tic labels, axis titles) */

/* Longest texts, in characters: a key entry (or gnuplot cannot fit the key
 * into the picture), a value label, the y axis title (the plot's height),
 * and lines of a category label. */
#define KEY_CHARS 40
#define VALUE_CHARS 24
#define YLABEL_CHARS 45
#define CATEGORY_LINES 4
/* A category label with less room than this is set upright, its lines
 * joined into one and cut to UPRIGHT_CHARS, instead of wrapped (a dense
 * chart: one or two bars a category). */
#define MIN_WRAP_CHARS 8
#define UPRIGHT_CHARS 24
#define LINE_PX 13.0          /* one line of 11-point text */

#define NPALETTE CP_CHART_NPALETTE

/* gnuplot's fill patterns that hatch (0 is empty, 3 solid) */
static const unsigned hatching[] = { 1, 2, 4, 5, 6, 7 };
#define NHATCHING (sizeof hatching / sizeof hatching[0])

/* A series' fill: 0 solid; each further round of colours a hatching
 * pattern (CP_CHART_MAX_SERIES: as many series as there are styles). */
static size_t fill_of(size_t ser)
{
    return ser < NPALETTE ? 0 : hatching[(ser / NPALETTE - 1) % NHATCHING];
}

static void put_fill(cp_buf *out, size_t fill, unsigned rgb, int variable)
{
    if (!fill)
        return;
    if (variable)
        cp_buf_printf(out, "fs pattern %zu border lc rgb variable ", fill);
    else
        cp_buf_printf(out, "fs pattern %zu border lc rgb '#%06X' ", fill, rgb);
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

/* Numbers of the datablocks, written without printf where it is quick:
 * a chart's rows are most of its script, and printf, measuring then
 * writing each "%.17g", was a sixth of what a render of 10^5 results
 * spent on its own side. The text is printf's to the byte. */
static void put_u(cp_buf *out, unsigned long long v)
{
    char digits[24];
    size_t n = 0;
    do
        digits[sizeof digits - ++n] = (char)('0' + v % 10);
    while ((v /= 10));
    cp_buf_put(out, digits + sizeof digits - n, n);
}

/* v as "%g" (precision 6) or "%.17g" (precision 17) writes it */
static void put_g(cp_buf *out, double v, int precision)
{
    /* an integer of fewer digits than the precision: printf writes its
     * digits alone (-0 keeps its sign: printf's way) */
    double limit = precision == 17 ? 1e15 : 1e6;
    if (v == floor(v) && fabs(v) < limit && !(v == 0 && signbit(v))) {
        if (v < 0)
            cp_buf_putc(out, '-');
        put_u(out, (unsigned long long)fabs(v));
        return;
    }
    char text[64];
    snprintf(text, sizeof text, precision == 17 ? "%.17g" : "%g", v);
    cp_buf_puts(out, text);
}

static int usable(const cp_chart_point *p)
{
    return isfinite(p->value);
}

/* The two kinds of bar chart (chart.h): the series of a category side by
 * side (clustered: a bar each, the key in rows under the plot) or on top
 * of each other (stacked: one bar a category with its total above it, the
 * key beside the plot, listed top to bottom as the stack shows them). */
typedef struct {
    int stacked;
    const char *boxwidth;   /* of a bar, in slots */
    const char *key;        /* where the key stands */
} style;

static const style clustered = { 0, "0.85", "at screen 0.5, screen 0.015 center bottom horizontal" };
static const style stacked = { 1, "0.6", "outside right top vertical" };

/* One bar, or a text where a bar cannot be drawn. */
typedef struct {
    double x, top;       /* top: NAN for a text alone */
    size_t ser;
    char *label;         /* NULL: none (the lower parts of a stack) */
} bar;

typedef struct {
    const style *style;
    bar *bars;
    size_t n;
    int drawable;        /* some bar has a value */
    int width;
    double bar_px;
    int rotate;          /* value labels turned upright: they are wider than a bar */
    double label_pt;     /* their size: LABEL_PT, more on a chart wider than SHOWN_PX */
    int upright;         /* category labels turned upright: wider than their cluster */
    int log;             /* a log y scale (cp_chart_log_y) */
    double ymin, ymax;
} geometry;

/* On a log scale a value of 0 or below has no bar: its text stands at the
 * foot of the axis. */
/* The bottom of the y range: ymin, a hair below it on a log scale, where
 * gnuplot, rounding logarithms, would otherwise find ymin itself out of
 * range and drop the tic and the texts that stand there. */
static double range_bottom(const geometry *g)
{
    return g->log ? g->ymin * 0.999999 : g->ymin;
}

static int on_scale(const geometry *g, const cp_chart_point *p)
{
    return usable(p) && (!g->log || p->value > 0);
}

/* Bar widths across the plot (at least one). */
static size_t nslots(const cp_chart *c)
{
    size_t n = cp_chart_slots(c);
    return n ? n : 1;
}

/* Where bar (cat, ser) stands on the x axis: clusters of nser bars with
 * one bar's width between clusters; a stack is one bar per category. */
static double bar_x(const geometry *g, const cp_chart *c, size_t cat, size_t ser)
{
    if (g->style->stacked)
        return (double)cat;
    return (double)(cat * (c->nser + 1) + ser);
}

static double cluster_mid(const geometry *g, const cp_chart *c, size_t cat)
{
    if (g->style->stacked)
        return (double)cat;
    return (double)(cat * (c->nser + 1)) + (double)(c->nser - 1) / 2;
}

static char *number_text(const cp_chart *c, double v)
{
    cp_buf b = { 0 };
    put_number(&b, c, v);
    return b.data;
}

/* The text above a bar: one line */
static char *label_text(const cp_chart *c, const cp_chart_point *p)
{
    if (!p->label)
        return number_text(c, p->value);
    char *t = cp_chart_text_cut(p->label, VALUE_CHARS);
    for (char *nl = t; (nl = strchr(nl, '\n'));)
        *nl = ' ';
    return t;
}

static int by_position(const void *pa, const void *pb)
{
    const cp_chart_point *a = *(const cp_chart_point *const *)pa, *b = *(const cp_chart_point *const *)pb;
    if (a->cat != b->cat)
        return a->cat < b->cat ? -1 : 1;
    return a->ser < b->ser ? -1 : a->ser > b->ser;
}

/* The bars in drawing order, from the points (whatever their number of
 * categories and series: a sparse chart costs its points, not its grid).
 * A stack is drawn tallest (last series) first so that each lower part
 * covers the one below; its total is the label of its top. A missing or
 * undrawable value with a text ("n/a") says so where its bar would be,
 * unless its series has no value at all (a column the table leaves out). */
static void collect_bars(geometry *g, const cp_chart *c, const unsigned char *has_data)
{
    const cp_chart_point **p = cp_xcalloc(c->npoints ? c->npoints : 1, sizeof *p);
    for (size_t i = 0; i < c->npoints; i++)
        p[i] = &c->points[i];
    qsort(p, c->npoints, sizeof *p, by_position);
    g->bars = cp_xcalloc(c->npoints ? c->npoints : 1, sizeof *g->bars);
    for (size_t i = 0, end; i < c->npoints; i = end) {
        for (end = i; end < c->npoints && p[end]->cat == p[i]->cat; end++)
            ;
        if (g->style->stacked) {
            double total = 0;
            for (size_t k = i; k < end; k++)
                total += on_scale(g, p[k]) ? p[k]->value : 0;
            double top = total;
            int labelled = 0;
            for (size_t k = end; k-- > i;) {
                if (!on_scale(g, p[k]))
                    continue;
                g->bars[g->n++] = (bar){ (double)p[k]->cat, top, p[k]->ser, labelled ? NULL : number_text(c, total) };
                labelled = 1;
                top -= p[k]->value;
            }
            continue;
        }
        for (size_t k = i; k < end; k++) {
            if (on_scale(g, p[k]))
                g->bars[g->n++] = (bar){ bar_x(g, c, p[k]->cat, p[k]->ser), p[k]->value, p[k]->ser, label_text(c, p[k]) };
            else if (p[k]->label && has_data[p[k]->ser])
                g->bars[g->n++] = (bar){ bar_x(g, c, p[k]->cat, p[k]->ser), NAN, p[k]->ser, label_text(c, p[k]) };
        }
    }
    free(p);
}

static geometry layout(const cp_chart *c, const unsigned char *has_data, const style *st)
{
    geometry g = { 0 };
    g.style = st;
    g.log = cp_chart_log_y(c);
    collect_bars(&g, c, has_data);
    size_t slots = nslots(c);
    double w = SIDE_PX + (double)(slots + 1) * SLOT_PX;
    g.width = w < MIN_WIDTH ? MIN_WIDTH : w > MAX_WIDTH ? MAX_WIDTH : (int)w;
    g.bar_px = (g.width - SIDE_PX) / (double)(slots + 1);
    size_t widest = 0;
    double top = 0, bottom = 0, lowest = INFINITY;
    for (size_t i = 0; i < g.n; i++) {
        size_t chars = g.bars[i].label ? cp_chart_text_chars(g.bars[i].label) : 0;
        if (chars > widest)
            widest = chars;
        double v = g.bars[i].top;
        if (isnan(v))
            continue;
        g.drawable = 1;
        if (v < lowest)
            lowest = v;
        if (v > top)
            top = v;
        if (v < bottom)
            bottom = v;
    }
    double grow = g.width > SHOWN_PX ? g.width / SHOWN_PX : 1.0;
    g.label_pt = round(LABEL_PT * grow * 2) / 2;   /* in half points: a stable script */
    double label_px = widest * LABEL_CHAR_PX * g.label_pt / LABEL_PT;
    g.rotate = label_px > g.bar_px;   /* wider than a bar: it would run into its neighbour's */
    double room = g.rotate ? label_px + 8 : 18;
    if (room > PLOT_HEIGHT_PX / 2)
        room = PLOT_HEIGHT_PX / 2;
    if (top <= 0)
        top = 1;
    if (g.log) {   /* from the decade below the smallest bar; room for the labels in decades */
        g.ymin = pow(10, floor(log10(lowest)));
        g.ymax = top * pow(top / g.ymin, room / (PLOT_HEIGHT_PX - room));
        return g;
    }
    g.ymin = bottom;
    g.ymax = top * PLOT_HEIGHT_PX / (PLOT_HEIGHT_PX - room);
    return g;
}

static void geometry_free(geometry *g)
{
    for (size_t i = 0; i < g->n; i++)
        free(g->bars[i].label);
    free(g->bars);
}

/* y tics at the steps of cp_gnuplot_tic_step, labelled like the tables. */
static void ytics(cp_buf *out, const cp_chart *c, const geometry *g)
{
    double step = cp_gnuplot_tic_step(g->ymax - g->ymin);
    if (!g->drawable) {
        cp_buf_puts(out, "unset ytics\n");   /* no value: no scale either */
        return;
    }
    if (!isfinite(step) || step <= 0)
        return;   /* beyond doubles: gnuplot's own tics */
    cp_buf_puts(out, "set ytics (");
    if (g->log) {   /* each power of ten */
        for (double v = g->ymin; v <= g->ymax; v *= 10) {
            char *label = number_text(c, v);
            if (v > g->ymin)
                cp_buf_puts(out, ", ");
            cp_gnuplot_quote_tic(out, label);
            cp_buf_printf(out, " %.17g", v);
            free(label);
        }
        cp_buf_puts(out, ") nomirror noenhanced\nset logscale y\n");
        return;
    }
    double first = ceil(g->ymin / step), last = floor(g->ymax / step);
    for (double k = first; k <= last; k++) {
        char *label = number_text(c, k * step);
        if (k > first)
            cp_buf_puts(out, ", ");
        cp_gnuplot_quote_tic(out, label);
        cp_buf_printf(out, " %.17g", k * step);
        free(label);
    }
    cp_buf_puts(out, ") nomirror noenhanced\n");
}

/* The category labels, wrapped to the width of their cluster. */
/* The longest line of a text, in characters. */
static size_t longest_line(const char *s)
{
    size_t longest = 0, n = 0;
    for (;; s++) {
        if (!*s || *s == '\n') {
            longest = n > longest ? n : longest;
            n = 0;
            if (!*s)
                return longest;
        } else {
            n += (*s & 0xc0) != 0x80;
        }
    }
}

/* The category labels, wrapped to the width of their cluster, or set
 * upright (lines side by side, each cut) when the cluster is too narrow to
 * wrap in. */
static char **category_labels(const cp_chart *c, geometry *g)
{
    double cluster_px = g->bar_px * (g->style->stacked ? 1.0 : (double)c->nser + 1);
    size_t width = (size_t)(cluster_px / TIC_CHAR_PX);
    char **labels = cp_xcalloc(c->ncat ? c->ncat : 1, sizeof *labels);
    for (size_t i = 0; i < c->ncat && width < MIN_WRAP_CHARS; i++)
        g->upright |= longest_line(c->categories[i]) > width;
    for (size_t i = 0; i < c->ncat; i++) {
        if (!g->upright) {
            labels[i] = cp_chart_text_wrap(c->categories[i], width, CATEGORY_LINES);
            continue;
        }
        char *one = cp_xstrdup(c->categories[i]);
        for (char *nl = one; (nl = strchr(nl, '\n'));)
            *nl = ' ';
        labels[i] = cp_chart_text_cut(one, UPRIGHT_CHARS);
        free(one);
    }
    return labels;
}

/* The category labels: text array C and datablock $c (x, index). Drawn
 * as labels under the axis, not as x tics: gnuplot keeps tics in a sorted
 * list (quadratic in their number), reads tic labels as printf formats and
 * sizes multi-line ones through its enhanced-text parser. */
static void categories(cp_buf *out, const cp_chart *c, const geometry *g, char **labels)
{
    if (!c->ncat)
        return;
    cp_buf_printf(out, "array C[%zu]\n", c->ncat);
    for (size_t i = 0; i < c->ncat; i++) {
        cp_buf_puts(out, "C[");
        put_u(out, i + 1);
        cp_buf_puts(out, "] = ");
        cp_gnuplot_quote_label(out, labels[i]);
        cp_buf_putc(out, '\n');
    }
    cp_buf_puts(out, "$c << EOD\n");
    for (size_t i = 0; i < c->ncat; i++) {
        put_g(out, cluster_mid(g, c, i), 6);
        cp_buf_putc(out, ' ');
        put_u(out, i + 1);
        cp_buf_putc(out, '\n');
    }
    cp_buf_puts(out, "EOD\n");
}

/* The key's text of a series: named ones only, cut to KEY_CHARS. */
static char *key_text(const char *s)
{
    return cp_chart_text_cut(s, KEY_CHARS);
}

/* gnuplot's automatic bottom margin counts one line of tic labels whatever
 * they hold, so the margin is ours: the category lines, the x label below
 * them and, for clustered bars, the key in rows at the foot of the picture
 * (as many entries a row as fit the width). In character heights. */
static void bottom(cp_buf *out, const cp_chart *c, const geometry *g, char **labels, const unsigned char *has_data)
{
    size_t lines = 1;
    for (size_t i = 0; i < c->ncat; i++) {
        size_t n = 1;
        if (g->upright)   /* the longest line, standing: in lines of text */
            n = (size_t)(longest_line(labels[i]) * TIC_CHAR_PX / LINE_PX) + 1;
        else
            for (const char *s = labels[i]; *s; s++)
                n += *s == '\n';
        if (n > lines)
            lines = n;
    }
    double margin = (double)lines + 1;
    if (c->xlabel) {
        char *x = cp_chart_text_cut(c->xlabel, (size_t)((g->width - SIDE_PX) / TIC_CHAR_PX));
        cp_buf_puts(out, "set xlabel ");
        cp_gnuplot_quote(out, x);
        cp_buf_printf(out, " offset 0,%.1f noenhanced\n", -(double)lines - 0.6);   /* under the category labels: no x tics */
        free(x);
        margin += 1.5;
    }
    size_t named = 0, widest = 1;
    for (size_t i = 0; i < c->nser; i++) {
        if (!has_data[i] || !*c->series[i])
            continue;
        char *k = key_text(c->series[i]);
        named++;
        if (cp_chart_text_chars(k) > widest)
            widest = cp_chart_text_chars(k);
        free(k);
    }
    if (!g->style->stacked && named) {
        size_t per_row = (size_t)((g->width - 40) / (widest * 7.0 + 50));
        per_row = per_row ? per_row : 1;
        size_t rows = (named + per_row - 1) / per_row;
        cp_buf_printf(out, "set key maxcols %zu\n", per_row);
        margin += 1.3 * (double)(rows + (c->key_title != NULL)) + 0.5;
    }
    cp_buf_printf(out, "set bmargin %.1f\n", margin);
}

/* The texts of the value labels (array L) and the two datablocks. */
static void data(cp_buf *out, const cp_chart *c, const geometry *g)
{
    size_t nlabels = 0;
    for (size_t i = 0; i < g->n; i++)
        nlabels += g->bars[i].label != NULL;
    if (nlabels) {
        cp_buf_printf(out, "array L[%zu]\n", nlabels);
        size_t k = 0;
        for (size_t i = 0; i < g->n; i++) {
            if (!g->bars[i].label)
                continue;
            cp_buf_puts(out, "L[");
            put_u(out, ++k);
            cp_buf_puts(out, "] = ");
            cp_gnuplot_quote_label(out, g->bars[i].label);
            cp_buf_putc(out, '\n');
        }
    }
    cp_buf_puts(out, "$b << EOD\n");
    for (size_t i = 0; i < g->n; i++)
        if (!isnan(g->bars[i].top)) {
            put_g(out, g->bars[i].x, 6);
            cp_buf_putc(out, ' ');
            put_g(out, g->bars[i].top, 17);
            cp_buf_putc(out, ' ');
            put_u(out, cp_chart_colour(c, g->bars[i].ser));
            cp_buf_putc(out, ' ');
            put_u(out, fill_of(g->bars[i].ser));
            cp_buf_putc(out, '\n');
        }
    cp_buf_puts(out, "EOD\n$l << EOD\n");
    double base = g->ymin < 0 || g->log ? g->ymin : 0.0;
    for (size_t i = 0, k = 0; i < g->n; i++)
        if (g->bars[i].label) {
            put_g(out, g->bars[i].x, 6);
            cp_buf_putc(out, ' ');
            put_g(out, isnan(g->bars[i].top) ? base : g->bars[i].top, 17);
            cp_buf_putc(out, ' ');
            put_u(out, ++k);
            cp_buf_putc(out, '\n');
        }
    cp_buf_puts(out, "EOD\n");
}

static void clause(cp_buf *out, const char **sep)
{
    cp_buf_puts(out, *sep);
    *sep = ", \\\n     ";
}

/* One clause per fill style of the bars, one for the value labels, one key
 * entry per named series with a value (a stack lists them top to bottom,
 * as it shows them). */
static void plot(cp_buf *out, const cp_chart *c, const geometry *g, const unsigned char *has_data)
{
    const char *sep = "plot ";
    unsigned char used[8] = { 0 };
    size_t nlabels = 0, nfills = 0;
    for (size_t i = 0; i < g->n; i++) {
        if (!isnan(g->bars[i].top) && !used[fill_of(g->bars[i].ser)]) {
            used[fill_of(g->bars[i].ser)] = 1;
            nfills++;
        }
        nlabels += g->bars[i].label != NULL;
    }
    for (size_t f = 0; f < 8; f++) {
        if (!used[f])
            continue;
        clause(out, &sep);
        if (nfills == 1)
            cp_buf_puts(out, "$b using 1:2:3 with boxes lc rgb variable ");
        else
            cp_buf_printf(out, "$b using 1:($4 == %zu ? $2 : NaN):3 with boxes lc rgb variable ", f);
        put_fill(out, f, 0, 1);
        cp_buf_puts(out, "notitle");
    }
    if (!nfills && !nlabels && !c->ncat) {   /* nothing to draw: the frame, the note and the key */
        clause(out, &sep);
        cp_buf_puts(out, "NaN notitle");
    }
    if (c->ncat) {
        clause(out, &sep);
        cp_buf_printf(out, "$c using 1:(%.17g):(C[int($2)]) with labels %s noenhanced notitle", g->ymin,
                      g->upright ? "right rotate by 90 offset 0,-0.6" : "center offset 0,-1");
    }
    if (nlabels) {
        clause(out, &sep);
        cp_buf_printf(out, "$l using 1:2:(L[int($3)]) with labels font ',%g' %s noenhanced notitle", g->label_pt,
                      g->rotate ? "left rotate by 90 offset 0,0.4" : "center offset 0,0.7");
    }
    for (size_t i = 0; i < c->nser; i++) {
        size_t ser = g->style->stacked ? c->nser - 1 - i : i;
        if (!has_data[ser] || !*c->series[ser])
            continue;
        clause(out, &sep);
        cp_buf_printf(out, "keyentry with boxes lc rgb '#%06X' ", cp_chart_colour(c, ser));
        put_fill(out, fill_of(ser), cp_chart_colour(c, ser), 0);
        cp_buf_puts(out, "title ");
        char *k = key_text(c->series[ser]);
        cp_gnuplot_quote(out, k);
        free(k);
        cp_buf_puts(out, " noenhanced");
    }
    cp_buf_putc(out, '\n');
}

static void title(cp_buf *out, const cp_chart *c, const geometry *g)
{
    cp_gnuplot_script_title(out, c, g->width);
    char *y = cp_chart_text_cut(c->ylabel, YLABEL_CHARS);
    cp_buf_puts(out, "set ylabel ");
    cp_gnuplot_quote(out, y);
    if (g->log)   /* said on the axis: bars on a log scale do not compare by length */
        cp_buf_puts(out, " . ' (log scale)'");
    cp_buf_puts(out, " noenhanced\n");
    free(y);
}

static size_t script(cp_buf *out, const cp_chart *c, const char *output, const style *st)
{
    unsigned char *has_data = cp_xcalloc(c->nser ? c->nser : 1, 1);
    int any = 0;
    for (size_t i = 0; i < c->npoints; i++)
        any |= has_data[c->points[i].ser] |= usable(&c->points[i]);
    if (!any)   /* nothing drawable: every text where its bar would be, and the key */
        memset(has_data, 1, c->nser);
    geometry g = layout(c, has_data, st);
    size_t output_at = cp_gnuplot_script_head(out, g.width, HEIGHT, output);
    title(out, c, &g);
    char **labels = category_labels(c, &g);
    bottom(out, c, &g, labels, has_data);
    cp_buf_puts(out, "unset xtics\n");
    ytics(out, c, &g);
    cp_buf_printf(out, "set xrange [-0.8:%g]\nset yrange [%.17g:%.17g]\n", (double)nslots(c) - 0.2, range_bottom(&g),
                  g.ymax);
    cp_buf_printf(out, "set border 3 lc rgb '#404040'\nset grid ytics lc rgb '#d8d8d8' lt 1\n"
                       "set style fill solid 1.0 noborder\nset boxwidth %s absolute\n"
                       "set key %s samplen 1.5 spacing 1.2\n",
                  st->boxwidth, st->key);
    if (c->key_title) {   /* the key says what its entries are: "Configuration" over "Small", "Fast" */
        char *k = cp_chart_text_cut(c->key_title, (size_t)((g.width - SIDE_PX) / TIC_CHAR_PX));
        cp_buf_puts(out, "set key title ");
        cp_gnuplot_quote(out, k);
        cp_buf_puts(out, " noenhanced\n");
        free(k);
    }
    if (!g.drawable)
        cp_buf_puts(out, "set label 'No value to draw: the table says why.' at graph 0.5, graph 0.5 center noenhanced\n");
    data(out, c, &g);
    categories(out, c, &g, labels);
    for (size_t i = 0; i < c->ncat; i++)
        free(labels[i]);
    free(labels);
    plot(out, c, &g, has_data);
    cp_buf_puts(out, "set output\n");
    geometry_free(&g);
    free(has_data);
    return output_at;
}

size_t cp_gnuplot_clustered_script(cp_buf *out, const cp_chart *c, const char *output)
{
    return script(out, c, output, &clustered);
}

size_t cp_gnuplot_stacked_script(cp_buf *out, const cp_chart *c, const char *output)
{
    return script(out, c, output, &stacked);
}
