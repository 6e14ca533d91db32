/* What every chart script has (gnuplot_parts.h), whatever its kind. */
#include "chart/gnuplot_parts.h"

#include <math.h>
#include <stdlib.h>

#include "chart/chart_text.h"
#include "chart/gnuplot_quote.h"

#define TITLE_CHAR_PX 8.5     /* average advance of a 13-point DejaVu Sans character (the title) */
#define FONT "DejaVu Sans,Verdana,Arial,Helvetica,sans-serif"

double cp_gnuplot_tic_step(double range)
{
    double raw = range / 6, mag = pow(10, floor(log10(raw)));
    return raw / mag < 1.5 ? mag : raw / mag < 3.5 ? 2 * mag : raw / mag < 7.5 ? 5 * mag : 10 * mag;
}

void cp_gnuplot_script_title(cp_buf *out, const cp_chart *c, int width)
{
    size_t max = (size_t)((width - 20) / TITLE_CHAR_PX);
    char *t = cp_chart_text_cut(c->title, max);
    cp_buf_puts(out, "set title ");
    cp_gnuplot_quote(out, t);
    free(t);
    if (c->subtitle) {
        char *s = cp_chart_text_cut(c->subtitle, max);
        cp_buf_puts(out, " . \"\\n\" . ");
        cp_gnuplot_quote(out, s);
        free(s);
    }
    cp_buf_puts(out, " font ',13' noenhanced\n");
}

size_t cp_gnuplot_script_head(cp_buf *out, int width, int height, const char *output)
{
    /* nofpe_trap: no signal handler set and reset around each expression of a
     * `using` (three system calls a bar otherwise) */
    cp_buf_printf(out, "reset session\nset datafile nofpe_trap\n" CP_GNUPLOT_QUOTE_VAR " = sprintf('%%c', 39)\nset encoding utf8\n"
                       "set terminal svg size %d,%d fixed noenhanced font '" FONT ",11' background '#ffffff'\n",
                  width, height);
    size_t output_at = out->len;
    if (output) {
        cp_buf_puts(out, "set output ");
        cp_gnuplot_quote(out, output);
        cp_buf_putc(out, '\n');
    }
    return output_at;
}
