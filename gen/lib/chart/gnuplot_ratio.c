/* The gnuplot script of a ratio chart (chart.h, CP_CHART_RATIO): one
 * horizontal bar per category from the line at 1 to its value, better
 * (below 1) left in one colour, worse right in another, the category
 * names as y tics, the bars' labels in a column right of the plot (at a
 * bar's end they would run into the tics or off the picture). As in
 * gnuplot_bars.c, bars and labels are datablocks (linear in the bars)
 * and every text is a single-quoted string, noenhanced. */
#include "chart/gnuplot_ratio.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart/chart_text.h"
#include "chart/gnuplot_parts.h"
#include "chart/gnuplot_quote.h"

#define WIDTH 900
#define ROW_PX 30            /* one bar and the gap below it */
#define FRAME_PX 150         /* title, x tics, x label */
#define MIN_HEIGHT 240
#define CATEGORY_CHARS 28    /* y tic labels */
#define LABEL_CHARS 28       /* bar labels */
#define LABEL_MARGIN 32      /* characters right of the plot, for the labels */
#define SPAN_ROOM 1.1        /* the x range beyond the longest bar, as a share of it */
#define MIN_SPAN 0.05        /* the x range reaches at least this far from 1 */
#define BETTER_RGB 0x009E73u /* Okabe & Ito bluish green */
#define WORSE_RGB 0xD55E00u  /* Okabe & Ito vermillion */
#define SAME_RGB 0x999999u

static int usable(const cp_chart_point *p)
{
    return isfinite(p->value);
}

/* x tics at the steps of cp_gnuplot_tic_step (1 among them) */
static void xtics(cp_buf *out, double lo, double hi)
{
    double step = cp_gnuplot_tic_step(hi - lo);
    cp_buf_puts(out, "set xtics (");
    for (double k = ceil(lo / step); k <= floor(hi / step); k++) {
        char label[32];
        snprintf(label, sizeof label, "%.3g", k * step);
        cp_buf_printf(out, "%s'%s' %.17g", k > ceil(lo / step) ? ", " : "", label, k * step);
    }
    cp_buf_puts(out, ") nomirror out\n");
}

size_t cp_gnuplot_ratio_script(cp_buf *out, const cp_chart *c, const char *output)
{
    size_t n = c->ncat ? c->ncat : 1;
    int height = FRAME_PX + (int)n * ROW_PX;
    height = height < MIN_HEIGHT ? MIN_HEIGHT : height;
    size_t output_at = cp_gnuplot_script_head(out, WIDTH, height, output);
    cp_gnuplot_script_title(out, c, WIDTH);
    if (c->xlabel) {
        char *x = cp_chart_text_cut(c->xlabel, (size_t)((WIDTH - 200) / 7.0));
        cp_buf_puts(out, "set xlabel ");
        cp_gnuplot_quote(out, x);
        cp_buf_puts(out, " noenhanced\n");
        free(x);
    }
    double span = MIN_SPAN;
    for (size_t i = 0; i < c->npoints; i++)
        if (usable(&c->points[i]) && fabs(c->points[i].value - 1) > span)
            span = fabs(c->points[i].value - 1);
    double lo = 1 - span * SPAN_ROOM, hi = 1 + span * SPAN_ROOM;
    lo = lo < 0 ? 0 : lo;
    cp_buf_printf(out, "unset key\nset border 3 lc rgb '#404040'\nset grid xtics lc rgb '#d8d8d8' lt 1\n"
                       "set style fill solid 1.0 noborder\nset rmargin %d\nset xrange [%.17g:%.17g]\n"
                       "set yrange [%.17g:-0.6]\n",
                  LABEL_MARGIN, lo, hi, (double)n - 0.4);
    xtics(out, lo, hi);
    cp_buf_puts(out, "set ytics (");
    for (size_t i = 0; i < c->ncat; i++) {
        char *t = cp_chart_text_cut(c->categories[i], CATEGORY_CHARS);
        for (char *nl = t; (nl = strchr(nl, '\n'));)
            *nl = ' ';
        cp_buf_puts(out, i ? ", " : "");
        cp_gnuplot_quote_tic(out, t);
        cp_buf_printf(out, " %zu", i);
        free(t);
    }
    cp_buf_puts(out, ") nomirror scale 0 noenhanced\n");
    cp_buf_puts(out, "set arrow from 1, graph 0 to 1, graph 1 nohead front lc rgb '#404040' lw 1.5\n");
    /* labels: the chart's text, or the number; L[k] */
    size_t nlabels = 0;
    for (size_t i = 0; i < c->npoints; i++)
        nlabels += c->points[i].label || usable(&c->points[i]);
    if (nlabels)
        cp_buf_printf(out, "array L[%zu]\n", nlabels);
    cp_buf b = { 0 }, labels = { 0 };
    cp_buf_puts(&b, "$b << EOD\n");
    cp_buf_puts(&labels, "$l << EOD\n");
    /* the labels stand at the right end of the range, a hair inside it
     * (gnuplot drops a label at a point out of range), and are moved out */
    double at = hi - (hi - lo) * 1e-6;
    size_t nbars = 0;   /* gnuplot warns about an empty datablock */
    for (size_t i = 0, k = 0; i < c->npoints; i++) {
        const cp_chart_point *p = &c->points[i];
        if (!p->label && !usable(p))
            continue;
        char num[32];
        snprintf(num, sizeof num, "%.4f", p->value);
        char *text = cp_chart_text_cut(p->label ? p->label : num, LABEL_CHARS);
        for (char *nl = text; (nl = strchr(nl, '\n'));)
            *nl = ' ';
        cp_buf_printf(out, "L[%zu] = ", ++k);
        cp_gnuplot_quote_label(out, text);
        cp_buf_putc(out, '\n');
        free(text);
        if (usable(p)) {
            double v = p->value;
            unsigned rgb = v < 1 ? BETTER_RGB : v > 1 ? WORSE_RGB : SAME_RGB;
            cp_buf_printf(&b, "%zu %.17g %.17g %u\n", p->cat, v < 1 ? v : 1.0, v < 1 ? 1.0 : v, rgb);
            nbars++;
        }
        cp_buf_printf(&labels, "%.17g %zu %zu\n", at, p->cat, k);
    }
    cp_buf_puts(&b, "EOD\n");
    cp_buf_puts(&labels, "EOD\n");
    cp_buf_put(out, b.data, b.len);
    cp_buf_put(out, labels.data, labels.len);
    cp_buf_free(&b);
    cp_buf_free(&labels);
    const char *sep = "plot ";
    if (nbars) {
        cp_buf_printf(out, "%s$b using (($2 + $3) / 2):1:2:3:($1 - 0.3):($1 + 0.3):4 with boxxyerror lc rgb variable notitle",
                      sep);
        sep = ", \\\n     ";
    }
    if (nlabels)
        cp_buf_printf(out, "%s$l using 1:2:(L[int($3)]) with labels left offset 1,0 noenhanced notitle", sep);
    if (!nbars && !nlabels)
        cp_buf_puts(out, "plot NaN notitle");
    cp_buf_puts(out, "\nset output\n");
    return output_at;
}
