/* The script of a chart (gnuplot_script.h): the script of its kind. */
#include "chart/gnuplot_script.h"

#include "chart/gnuplot_bars.h"
#include "chart/gnuplot_ratio.h"

/* One script a kind of chart (chart.h), in the order of cp_chart_kind. */
static const cp_gnuplot_script_fn scripts[CP_CHART_NKINDS] = {
    [CP_CHART_CLUSTERED] = cp_gnuplot_clustered_script,
    [CP_CHART_STACKED] = cp_gnuplot_stacked_script,
    [CP_CHART_RATIO] = cp_gnuplot_ratio_script,
};

size_t cp_gnuplot_script(cp_buf *out, const cp_chart *c, const char *output)
{
    return scripts[c->kind](out, c, output);
}
