/* The script of a ratio chart (gnuplot_ratio.c; chart.h, CP_CHART_RATIO),
 * as cp_gnuplot_script writes it (gnuplot_script.h). */
#ifndef CP_GNUPLOT_RATIO_H
#define CP_GNUPLOT_RATIO_H

#include <stddef.h>

#include "base/util.h"
#include "model/chart.h"

size_t cp_gnuplot_ratio_script(cp_buf *out, const cp_chart *c, const char *output);

#endif
