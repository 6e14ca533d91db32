/* The gnuplot script of a chart (gnuplot_script.c): the script of its
 * kind, from the table of scripts there (one a kind of chart.h), each
 * drawing one SVG file. A new kind of chart: its script (a file of its
 * own, or a style of gnuplot_bars.c) and a row in that table. */
#ifndef CP_GNUPLOT_SCRIPT_H
#define CP_GNUPLOT_SCRIPT_H

#include <stddef.h>

#include "base/util.h"
#include "model/chart.h"

/* The script that draws c into the SVG file `output`. Returns the offset
 * in out where the `set output` command starts; with output NULL there is
 * no such command and the rest of the script is the same (the cache keys
 * charts by that script). */
size_t cp_gnuplot_script(cp_buf *out, const cp_chart *c, const char *output);

/* What a script of one kind is: cp_gnuplot_script for the charts of that
 * kind. */
typedef size_t (*cp_gnuplot_script_fn)(cp_buf *out, const cp_chart *c, const char *output);

#endif
