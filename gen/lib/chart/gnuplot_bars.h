/* The scripts of the bar charts (gnuplot_bars.c): clustered and stacked
 * (chart.h), as cp_gnuplot_script writes them (gnuplot_script.h). */
#ifndef CP_GNUPLOT_BARS_H
#define CP_GNUPLOT_BARS_H

#include <stddef.h>

#include "base/util.h"
#include "model/chart.h"

size_t cp_gnuplot_clustered_script(cp_buf *out, const cp_chart *c, const char *output);
size_t cp_gnuplot_stacked_script(cp_buf *out, const cp_chart *c, const char *output);

#endif
