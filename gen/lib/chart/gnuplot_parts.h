/* The parts every chart script shares, whatever its kind (gnuplot_bars.c,
 * gnuplot_ratio.c): the start of the script, the title, the axis steps. */
#ifndef CP_GNUPLOT_PARTS_H
#define CP_GNUPLOT_PARTS_H

#include <stddef.h>

#include "base/util.h"
#include "model/chart.h"

/* The start of every chart script (terminal, encoding, the quote
 * variable, the output file when given); returns the offset of the `set
 * output` command. */
size_t cp_gnuplot_script_head(cp_buf *out, int width, int height, const char *output);
/* The title line (and subtitle) of a chart, cut to fit width pixels. */
void cp_gnuplot_script_title(cp_buf *out, const cp_chart *c, int width);
/* The distance between axis tics over range: 1, 2 or 5 times a power of
 * ten, about six tics. */
double cp_gnuplot_tic_step(double range);

#endif
